from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.citation_source_type import CitationSourceType
from ..models.citation_text_source_type_0 import CitationTextSourceType0
from ..models.citation_trust_label import CitationTrustLabel
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.labelled_span import LabelledSpan





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
            source_type (CitationSourceType):
            trust_label (CitationTrustLabel):
            labelled_spans (list[LabelledSpan] | Unset):
            page_end (int | None | Unset):
            page_start (int | None | Unset):
            text_source (CitationTextSourceType0 | None | Unset):
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
    source_type: CitationSourceType
    trust_label: CitationTrustLabel
    labelled_spans: list[LabelledSpan] | Unset = UNSET
    page_end: int | None | Unset = UNSET
    page_start: int | None | Unset = UNSET
    text_source: CitationTextSourceType0 | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.labelled_span import LabelledSpan # noqa: PLC0415
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
        elif isinstance(self.text_source, CitationTextSourceType0):
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
            "page": page,
            "retrieval_method": retrieval_method,
            "retrieval_rank": retrieval_rank,
            "retrieval_score": retrieval_score,
            "section": section,
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


        source_type = CitationSourceType(d.pop("source_type"))




        trust_label = CitationTrustLabel(d.pop("trust_label"))




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


        def _parse_text_source(data: object) -> CitationTextSourceType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                text_source_type_0 = CitationTextSourceType0(data)



                return text_source_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CitationTextSourceType0 | None | Unset, data)

        text_source = _parse_text_source(d.pop("text_source", UNSET))


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
            labelled_spans=labelled_spans,
            page_end=page_end,
            page_start=page_start,
            text_source=text_source,
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
