from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.version_public_status import VersionPublicStatus
from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="VersionPublic")



@_attrs_define
class VersionPublic:
    """ 
        Attributes:
            chunk_count (int):
            content_hash (str):
            created_at (datetime.datetime):
            id (str):
            page_count (int | None):
            progress (float):
            status (VersionPublicStatus):
            status_reason (None | str):
            version_number (int):
            labels_pending (int | Unset):  Default: 0.
     """

    chunk_count: int
    content_hash: str
    created_at: datetime.datetime
    id: str
    page_count: int | None
    progress: float
    status: VersionPublicStatus
    status_reason: None | str
    version_number: int
    labels_pending: int | Unset = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        chunk_count = self.chunk_count

        content_hash = self.content_hash

        created_at = self.created_at.isoformat()

        id = self.id

        page_count: int | None
        page_count = self.page_count

        progress = self.progress

        status = self.status.value

        status_reason: None | str
        status_reason = self.status_reason

        version_number = self.version_number

        labels_pending = self.labels_pending


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "chunk_count": chunk_count,
            "content_hash": content_hash,
            "created_at": created_at,
            "id": id,
            "page_count": page_count,
            "progress": progress,
            "status": status,
            "status_reason": status_reason,
            "version_number": version_number,
        })
        if labels_pending is not UNSET:
            field_dict["labels_pending"] = labels_pending

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        chunk_count = d.pop("chunk_count")

        content_hash = d.pop("content_hash")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        id = d.pop("id")

        def _parse_page_count(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        page_count = _parse_page_count(d.pop("page_count"))


        progress = d.pop("progress")

        status = VersionPublicStatus(d.pop("status"))




        def _parse_status_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        status_reason = _parse_status_reason(d.pop("status_reason"))


        version_number = d.pop("version_number")

        labels_pending = d.pop("labels_pending", UNSET)

        version_public = cls(
            chunk_count=chunk_count,
            content_hash=content_hash,
            created_at=created_at,
            id=id,
            page_count=page_count,
            progress=progress,
            status=status,
            status_reason=status_reason,
            version_number=version_number,
            labels_pending=labels_pending,
        )


        version_public.additional_properties = d
        return version_public

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
