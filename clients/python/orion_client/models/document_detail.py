from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.document_detail_document_type import DocumentDetailDocumentType
from ..models.document_detail_status import DocumentDetailStatus
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.attachment_public import AttachmentPublic
  from ..models.document_usage import DocumentUsage
  from ..models.unread_attachment import UnreadAttachment
  from ..models.version_public import VersionPublic





T = TypeVar("T", bound="DocumentDetail")



@_attrs_define
class DocumentDetail:
    """ 
        Attributes:
            created_at (datetime.datetime):
            document_type (DocumentDetailDocumentType):
            id (str):
            last_indexed_at (datetime.datetime | None):
            source (str):
            status (DocumentDetailStatus):
            title (str):
            usage (DocumentUsage): How often a document was retrieved, cited in a verified claim, and retrieved by a refused
                run.
            versions (list[VersionPublic]):
            attachments (list[AttachmentPublic] | Unset):
            parent_document_id (None | str | Unset):
            unread_attachments (list[UnreadAttachment] | Unset):
     """

    created_at: datetime.datetime
    document_type: DocumentDetailDocumentType
    id: str
    last_indexed_at: datetime.datetime | None
    source: str
    status: DocumentDetailStatus
    title: str
    usage: DocumentUsage
    versions: list[VersionPublic]
    attachments: list[AttachmentPublic] | Unset = UNSET
    parent_document_id: None | str | Unset = UNSET
    unread_attachments: list[UnreadAttachment] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.attachment_public import AttachmentPublic # noqa: PLC0415
        from ..models.document_usage import DocumentUsage # noqa: PLC0415
        from ..models.unread_attachment import UnreadAttachment # noqa: PLC0415
        from ..models.version_public import VersionPublic # noqa: PLC0415
        created_at = self.created_at.isoformat()

        document_type = self.document_type.value

        id = self.id

        last_indexed_at: None | str
        if isinstance(self.last_indexed_at, datetime.datetime):
            last_indexed_at = self.last_indexed_at.isoformat()
        else:
            last_indexed_at = self.last_indexed_at

        source = self.source

        status = self.status.value

        title = self.title

        usage = self.usage.to_dict()

        versions = []
        for versions_item_data in self.versions:
            versions_item = versions_item_data.to_dict()
            versions.append(versions_item)



        attachments: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.attachments, Unset):
            attachments = []
            for attachments_item_data in self.attachments:
                attachments_item = attachments_item_data.to_dict()
                attachments.append(attachments_item)



        parent_document_id: None | str | Unset
        if isinstance(self.parent_document_id, Unset):
            parent_document_id = UNSET
        else:
            parent_document_id = self.parent_document_id

        unread_attachments: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.unread_attachments, Unset):
            unread_attachments = []
            for unread_attachments_item_data in self.unread_attachments:
                unread_attachments_item = unread_attachments_item_data.to_dict()
                unread_attachments.append(unread_attachments_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "created_at": created_at,
            "document_type": document_type,
            "id": id,
            "last_indexed_at": last_indexed_at,
            "source": source,
            "status": status,
            "title": title,
            "usage": usage,
            "versions": versions,
        })
        if attachments is not UNSET:
            field_dict["attachments"] = attachments
        if parent_document_id is not UNSET:
            field_dict["parent_document_id"] = parent_document_id
        if unread_attachments is not UNSET:
            field_dict["unread_attachments"] = unread_attachments

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.attachment_public import AttachmentPublic # noqa: PLC0415
        from ..models.document_usage import DocumentUsage # noqa: PLC0415
        from ..models.unread_attachment import UnreadAttachment # noqa: PLC0415
        from ..models.version_public import VersionPublic # noqa: PLC0415
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        document_type = DocumentDetailDocumentType(d.pop("document_type"))




        id = d.pop("id")

        def _parse_last_indexed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_indexed_at_type_0 = datetime.datetime.fromisoformat(data)



                return last_indexed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_indexed_at = _parse_last_indexed_at(d.pop("last_indexed_at"))


        source = d.pop("source")

        status = DocumentDetailStatus(d.pop("status"))




        title = d.pop("title")

        usage = DocumentUsage.from_dict(d.pop("usage"))




        versions = []
        _versions = d.pop("versions")
        for versions_item_data in (_versions):
            versions_item = VersionPublic.from_dict(versions_item_data)



            versions.append(versions_item)


        _attachments = d.pop("attachments", UNSET)
        attachments: list[AttachmentPublic] | Unset = UNSET
        if _attachments is not UNSET:
            attachments = []
            for attachments_item_data in _attachments:
                attachments_item = AttachmentPublic.from_dict(attachments_item_data)



                attachments.append(attachments_item)


        def _parse_parent_document_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        parent_document_id = _parse_parent_document_id(d.pop("parent_document_id", UNSET))


        _unread_attachments = d.pop("unread_attachments", UNSET)
        unread_attachments: list[UnreadAttachment] | Unset = UNSET
        if _unread_attachments is not UNSET:
            unread_attachments = []
            for unread_attachments_item_data in _unread_attachments:
                unread_attachments_item = UnreadAttachment.from_dict(unread_attachments_item_data)



                unread_attachments.append(unread_attachments_item)


        document_detail = cls(
            created_at=created_at,
            document_type=document_type,
            id=id,
            last_indexed_at=last_indexed_at,
            source=source,
            status=status,
            title=title,
            usage=usage,
            versions=versions,
            attachments=attachments,
            parent_document_id=parent_document_id,
            unread_attachments=unread_attachments,
        )


        document_detail.additional_properties = d
        return document_detail

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
