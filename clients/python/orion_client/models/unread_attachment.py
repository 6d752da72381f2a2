from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="UnreadAttachment")



@_attrs_define
class UnreadAttachment:
    """ An attachment listed on its message but not ingested, and why: `unsupported_type`, `not_read` (a file
    attached to a forwarded message: one level is read), `inline_image`, `empty`, or a parser's rejection reason
    such as `corrupt_pdf`.

        Attributes:
            byte_size (int):
            file_name (str):
            media_type (str):
            reason (str):
     """

    byte_size: int
    file_name: str
    media_type: str
    reason: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        byte_size = self.byte_size

        file_name = self.file_name

        media_type = self.media_type

        reason = self.reason


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "byte_size": byte_size,
            "file_name": file_name,
            "media_type": media_type,
            "reason": reason,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        byte_size = d.pop("byte_size")

        file_name = d.pop("file_name")

        media_type = d.pop("media_type")

        reason = d.pop("reason")

        unread_attachment = cls(
            byte_size=byte_size,
            file_name=file_name,
            media_type=media_type,
            reason=reason,
        )


        unread_attachment.additional_properties = d
        return unread_attachment

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
