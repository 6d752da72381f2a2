from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.search_result_public_retrieval_method import SearchResultPublicRetrievalMethod
from ..models.search_result_public_source_type import SearchResultPublicSourceType
from ..models.search_result_public_trust_label import SearchResultPublicTrustLabel
from typing import cast






T = TypeVar("T", bound="SearchResultPublic")



@_attrs_define
class SearchResultPublic:
    """ 
        Attributes:
            chunk_id (str):
            content (str):
            document_id (str):
            document_title (str):
            document_version_id (str):
            lexical_rank (int | None):
            lexical_score (float | None):
            page (int | None):
            rank (int):
            retrieval_method (SearchResultPublicRetrievalMethod):
            score (float):
            section (None | str):
            semantic_rank (int | None):
            semantic_score (float | None):
            source_type (SearchResultPublicSourceType):
            trust_label (SearchResultPublicTrustLabel):
     """

    chunk_id: str
    content: str
    document_id: str
    document_title: str
    document_version_id: str
    lexical_rank: int | None
    lexical_score: float | None
    page: int | None
    rank: int
    retrieval_method: SearchResultPublicRetrievalMethod
    score: float
    section: None | str
    semantic_rank: int | None
    semantic_score: float | None
    source_type: SearchResultPublicSourceType
    trust_label: SearchResultPublicTrustLabel
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        chunk_id = self.chunk_id

        content = self.content

        document_id = self.document_id

        document_title = self.document_title

        document_version_id = self.document_version_id

        lexical_rank: int | None
        lexical_rank = self.lexical_rank

        lexical_score: float | None
        lexical_score = self.lexical_score

        page: int | None
        page = self.page

        rank = self.rank

        retrieval_method = self.retrieval_method.value

        score = self.score

        section: None | str
        section = self.section

        semantic_rank: int | None
        semantic_rank = self.semantic_rank

        semantic_score: float | None
        semantic_score = self.semantic_score

        source_type = self.source_type.value

        trust_label = self.trust_label.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "chunk_id": chunk_id,
            "content": content,
            "document_id": document_id,
            "document_title": document_title,
            "document_version_id": document_version_id,
            "lexical_rank": lexical_rank,
            "lexical_score": lexical_score,
            "page": page,
            "rank": rank,
            "retrieval_method": retrieval_method,
            "score": score,
            "section": section,
            "semantic_rank": semantic_rank,
            "semantic_score": semantic_score,
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

        def _parse_lexical_rank(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        lexical_rank = _parse_lexical_rank(d.pop("lexical_rank"))


        def _parse_lexical_score(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        lexical_score = _parse_lexical_score(d.pop("lexical_score"))


        def _parse_page(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        page = _parse_page(d.pop("page"))


        rank = d.pop("rank")

        retrieval_method = SearchResultPublicRetrievalMethod(d.pop("retrieval_method"))




        score = d.pop("score")

        def _parse_section(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        section = _parse_section(d.pop("section"))


        def _parse_semantic_rank(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        semantic_rank = _parse_semantic_rank(d.pop("semantic_rank"))


        def _parse_semantic_score(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        semantic_score = _parse_semantic_score(d.pop("semantic_score"))


        source_type = SearchResultPublicSourceType(d.pop("source_type"))




        trust_label = SearchResultPublicTrustLabel(d.pop("trust_label"))




        search_result_public = cls(
            chunk_id=chunk_id,
            content=content,
            document_id=document_id,
            document_title=document_title,
            document_version_id=document_version_id,
            lexical_rank=lexical_rank,
            lexical_score=lexical_score,
            page=page,
            rank=rank,
            retrieval_method=retrieval_method,
            score=score,
            section=section,
            semantic_rank=semantic_rank,
            semantic_score=semantic_score,
            source_type=source_type,
            trust_label=trust_label,
        )


        search_result_public.additional_properties = d
        return search_result_public

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
