from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="Citation")



@_attrs_define
class Citation:
    """ A retrieved chunk as the run shows it: the contract's Citation.

        Attributes:
            chunk_id (str):
            content (str):
            document_id (str):
            document_title (str):
            document_version_id (str):
            page (int | None):
            retrieval_method (str):
            retrieval_rank (int):
            retrieval_score (float):
            section (None | str):
            source_type (str):
            trust_label (str):
     """

    chunk_id: str
    content: str
    document_id: str
    document_title: str
    document_version_id: str
    page: int | None
    retrieval_method: str
    retrieval_rank: int
    retrieval_score: float
    section: None | str
    source_type: str
    trust_label: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        chunk_id = self.chunk_id

        content = self.content

        document_id = self.document_id

        document_title = self.document_title

        document_version_id = self.document_version_id

        page: int | None
        page = self.page

        retrieval_method = self.retrieval_method

        retrieval_rank = self.retrieval_rank

        retrieval_score = self.retrieval_score

        section: None | str
        section = self.section

        source_type = self.source_type

        trust_label = self.trust_label


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "chunk_id": chunk_id,
            "content": content,
            "document_id": document_id,
            "document_title": document_title,
            "document_version_id": document_version_id,
            "page": page,
            "retrieval_method": retrieval_method,
            "retrieval_rank": retrieval_rank,
            "retrieval_score": retrieval_score,
            "section": section,
            "source_type": source_type,
            "trust_label": trust_label,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        chunk_id = d.pop("chunk_id")

        content = d.pop("content")

        document_id = d.pop("document_id")

        document_title = d.pop("document_title")

        document_version_id = d.pop("document_version_id")

        def _parse_page(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        page = _parse_page(d.pop("page"))


        retrieval_method = d.pop("retrieval_method")

        retrieval_rank = d.pop("retrieval_rank")

        retrieval_score = d.pop("retrieval_score")

        def _parse_section(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        section = _parse_section(d.pop("section"))


        source_type = d.pop("source_type")

        trust_label = d.pop("trust_label")

        citation = cls(
            chunk_id=chunk_id,
            content=content,
            document_id=document_id,
            document_title=document_title,
            document_version_id=document_version_id,
            page=page,
            retrieval_method=retrieval_method,
            retrieval_rank=retrieval_rank,
            retrieval_score=retrieval_score,
            section=section,
            source_type=source_type,
            trust_label=trust_label,
        )


        citation.additional_properties = d
        return citation

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
