from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.attachment_public_document_type import AttachmentPublicDocumentType
from ..models.attachment_public_status import AttachmentPublicStatus






T = TypeVar("T", bound="AttachmentPublic")



@_attrs_define
class AttachmentPublic:
    """ An email attachment read as a document of its own (linked to its message).

        Attributes:
            document_id (str):
            document_type (AttachmentPublicDocumentType):
            status (AttachmentPublicStatus):
            title (str):
     """

    document_id: str
    document_type: AttachmentPublicDocumentType
    status: AttachmentPublicStatus
    title: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        document_id = self.document_id

        document_type = self.document_type.value

        status = self.status.value

        title = self.title


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "document_id": document_id,
            "document_type": document_type,
            "status": status,
            "title": title,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        document_id = d.pop("document_id")

        document_type = AttachmentPublicDocumentType(d.pop("document_type"))




        status = AttachmentPublicStatus(d.pop("status"))




        title = d.pop("title")

        attachment_public = cls(
            document_id=document_id,
            document_type=document_type,
            status=status,
            title=title,
        )


        attachment_public.additional_properties = d
        return attachment_public

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
