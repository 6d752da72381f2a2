from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ingest_response_status import IngestResponseStatus
from ..types import UNSET, Unset






T = TypeVar("T", bound="IngestResponse")



@_attrs_define
class IngestResponse:
    """ 
        Attributes:
            chunk_count (int):
            document_id (str):
            document_version_id (str):
            status (IngestResponseStatus):
            version_number (int):
            duplicate (bool | Unset):  Default: False.
     """

    chunk_count: int
    document_id: str
    document_version_id: str
    status: IngestResponseStatus
    version_number: int
    duplicate: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        chunk_count = self.chunk_count

        document_id = self.document_id

        document_version_id = self.document_version_id

        status = self.status.value

        version_number = self.version_number

        duplicate = self.duplicate


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "chunk_count": chunk_count,
            "document_id": document_id,
            "document_version_id": document_version_id,
            "status": status,
            "version_number": version_number,
        })
        if duplicate is not UNSET:
            field_dict["duplicate"] = duplicate

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        chunk_count = d.pop("chunk_count")

        document_id = d.pop("document_id")

        document_version_id = d.pop("document_version_id")

        status = IngestResponseStatus(d.pop("status"))




        version_number = d.pop("version_number")

        duplicate = d.pop("duplicate", UNSET)

        ingest_response = cls(
            chunk_count=chunk_count,
            document_id=document_id,
            document_version_id=document_version_id,
            status=status,
            version_number=version_number,
            duplicate=duplicate,
        )


        ingest_response.additional_properties = d
        return ingest_response

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
