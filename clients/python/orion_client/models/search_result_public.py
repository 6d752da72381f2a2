from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.search_result_public_retrieval_method import SearchResultPublicRetrievalMethod
from ..models.search_result_public_source_type import SearchResultPublicSourceType
from ..models.search_result_public_text_source_type_0 import SearchResultPublicTextSourceType0
from ..models.search_result_public_trust_label import SearchResultPublicTrustLabel
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.labelled_span import LabelledSpan





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
            labelled_spans (list[LabelledSpan] | Unset):
            page_end (int | None | Unset):
            page_start (int | None | Unset):
            text_source (None | SearchResultPublicTextSourceType0 | Unset):
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
    labelled_spans: list[LabelledSpan] | Unset = UNSET
    page_end: int | None | Unset = UNSET
    page_start: int | None | Unset = UNSET
    text_source: None | SearchResultPublicTextSourceType0 | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.labelled_span import LabelledSpan # noqa: PLC0415
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

        labelled_spans: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.labelled_spans, Unset):
            labelled_spans = []
            for labelled_spans_item_data in self.labelled_spans:
                labelled_spans_item = labelled_spans_item_data.to_dict()
                labelled_spans.append(labelled_spans_item)



        page_end: int | None | Unset
        if isinstance(self.page_end, Unset):
            page_end = UNSET
        else:
            page_end = self.page_end

        page_start: int | None | Unset
        if isinstance(self.page_start, Unset):
            page_start = UNSET
        else:
            page_start = self.page_start

        text_source: None | str | Unset
        if isinstance(self.text_source, Unset):
            text_source = UNSET
        elif isinstance(self.text_source, SearchResultPublicTextSourceType0):
            text_source = self.text_source.value
        else:
            text_source = self.text_source


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
        if labelled_spans is not UNSET:
            field_dict["labelled_spans"] = labelled_spans
        if page_end is not UNSET:
            field_dict["page_end"] = page_end
        if page_start is not UNSET:
            field_dict["page_start"] = page_start
        if text_source is not UNSET:
            field_dict["text_source"] = text_source

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.labelled_span import LabelledSpan # noqa: PLC0415
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




        _labelled_spans = d.pop("labelled_spans", UNSET)
        labelled_spans: list[LabelledSpan] | Unset = UNSET
        if _labelled_spans is not UNSET:
            labelled_spans = []
            for labelled_spans_item_data in _labelled_spans:
                labelled_spans_item = LabelledSpan.from_dict(labelled_spans_item_data)



                labelled_spans.append(labelled_spans_item)


        def _parse_page_end(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        page_end = _parse_page_end(d.pop("page_end", UNSET))


        def _parse_page_start(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        page_start = _parse_page_start(d.pop("page_start", UNSET))


        def _parse_text_source(data: object) -> None | SearchResultPublicTextSourceType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                text_source_type_0 = SearchResultPublicTextSourceType0(data)



                return text_source_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SearchResultPublicTextSourceType0 | Unset, data)

        text_source = _parse_text_source(d.pop("text_source", UNSET))


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
            labelled_spans=labelled_spans,
            page_end=page_end,
            page_start=page_start,
            text_source=text_source,
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
