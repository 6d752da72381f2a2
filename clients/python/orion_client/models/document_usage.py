from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="DocumentUsage")



@_attrs_define
class DocumentUsage:
    """ How often a document was retrieved, cited in a verified claim, and retrieved by a refused run.

        Attributes:
            times_cited (int | Unset):  Default: 0.
            times_in_refused (int | Unset):  Default: 0.
            times_retrieved (int | Unset):  Default: 0.
     """

    times_cited: int | Unset = 0
    times_in_refused: int | Unset = 0
    times_retrieved: int | Unset = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        times_cited = self.times_cited

        times_in_refused = self.times_in_refused

        times_retrieved = self.times_retrieved


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if times_cited is not UNSET:
            field_dict["times_cited"] = times_cited
        if times_in_refused is not UNSET:
            field_dict["times_in_refused"] = times_in_refused
        if times_retrieved is not UNSET:
            field_dict["times_retrieved"] = times_retrieved

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        times_cited = d.pop("times_cited", UNSET)

        times_in_refused = d.pop("times_in_refused", UNSET)

        times_retrieved = d.pop("times_retrieved", UNSET)

        document_usage = cls(
            times_cited=times_cited,
            times_in_refused=times_in_refused,
            times_retrieved=times_retrieved,
        )


        document_usage.additional_properties = d
        return document_usage

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
