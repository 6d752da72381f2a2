from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="CitedDocumentPublic")



@_attrs_define
class CitedDocumentPublic:
    """ 
        Attributes:
            document_id (str):
            document_title (str):
            historical (bool):
            times_cited (int):
     """

    document_id: str
    document_title: str
    historical: bool
    times_cited: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        document_id = self.document_id

        document_title = self.document_title

        historical = self.historical

        times_cited = self.times_cited


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "document_id": document_id,
            "document_title": document_title,
            "historical": historical,
            "times_cited": times_cited,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        document_id = d.pop("document_id")

        document_title = d.pop("document_title")

        historical = d.pop("historical")

        times_cited = d.pop("times_cited")

        cited_document_public = cls(
            document_id=document_id,
            document_title=document_title,
            historical=historical,
            times_cited=times_cited,
        )


        cited_document_public.additional_properties = d
        return cited_document_public

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
