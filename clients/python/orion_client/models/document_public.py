from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.document_public_document_type import DocumentPublicDocumentType
from ..models.document_public_status import DocumentPublicStatus
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.document_usage import DocumentUsage





T = TypeVar("T", bound="DocumentPublic")



@_attrs_define
class DocumentPublic:
    """ 
        Attributes:
            created_at (datetime.datetime):
            document_type (DocumentPublicDocumentType):
            id (str):
            last_indexed_at (datetime.datetime | None):
            source (str):
            status (DocumentPublicStatus):
            title (str):
            usage (DocumentUsage): How often a document was retrieved, cited in a verified claim, and retrieved by a refused
                run.
     """

    created_at: datetime.datetime
    document_type: DocumentPublicDocumentType
    id: str
    last_indexed_at: datetime.datetime | None
    source: str
    status: DocumentPublicStatus
    title: str
    usage: DocumentUsage
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.document_usage import DocumentUsage # noqa: PLC0415
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
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.document_usage import DocumentUsage # noqa: PLC0415
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        document_type = DocumentPublicDocumentType(d.pop("document_type"))




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

        status = DocumentPublicStatus(d.pop("status"))




        title = d.pop("title")

        usage = DocumentUsage.from_dict(d.pop("usage"))




        document_public = cls(
            created_at=created_at,
            document_type=document_type,
            id=id,
            last_indexed_at=last_indexed_at,
            source=source,
            status=status,
            title=title,
            usage=usage,
        )


        document_public.additional_properties = d
        return document_public

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
