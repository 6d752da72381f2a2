from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.chunk_public_text_source_type_0 import ChunkPublicTextSourceType0
from ..models.chunk_public_trust_label import ChunkPublicTrustLabel
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.labelled_span import LabelledSpan





T = TypeVar("T", bound="ChunkPublic")



@_attrs_define
class ChunkPublic:
    """ 
        Attributes:
            char_end (int):
            char_start (int):
            chunk_id (str):
            chunk_index (int):
            labelled_spans (list[LabelledSpan]):
            matched_patterns (list[str]):
            page (int | None):
            section (None | str):
            text (str):
            trust_label (ChunkPublicTrustLabel):
            page_end (int | None | Unset):
            page_start (int | None | Unset):
            text_source (ChunkPublicTextSourceType0 | None | Unset):
     """

    char_end: int
    char_start: int
    chunk_id: str
    chunk_index: int
    labelled_spans: list[LabelledSpan]
    matched_patterns: list[str]
    page: int | None
    section: None | str
    text: str
    trust_label: ChunkPublicTrustLabel
    page_end: int | None | Unset = UNSET
    page_start: int | None | Unset = UNSET
    text_source: ChunkPublicTextSourceType0 | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.labelled_span import LabelledSpan # noqa: PLC0415
        char_end = self.char_end

        char_start = self.char_start

        chunk_id = self.chunk_id

        chunk_index = self.chunk_index

        labelled_spans = []
        for labelled_spans_item_data in self.labelled_spans:
            labelled_spans_item = labelled_spans_item_data.to_dict()
            labelled_spans.append(labelled_spans_item)



        matched_patterns = self.matched_patterns



        page: int | None
        page = self.page

        section: None | str
        section = self.section

        text = self.text

        trust_label = self.trust_label.value

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
        elif isinstance(self.text_source, ChunkPublicTextSourceType0):
            text_source = self.text_source.value
        else:
            text_source = self.text_source


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "char_end": char_end,
            "char_start": char_start,
            "chunk_id": chunk_id,
            "chunk_index": chunk_index,
            "labelled_spans": labelled_spans,
            "matched_patterns": matched_patterns,
            "page": page,
            "section": section,
            "text": text,
            "trust_label": trust_label,
        })
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
        char_end = d.pop("char_end")

        char_start = d.pop("char_start")

        chunk_id = d.pop("chunk_id")

        chunk_index = d.pop("chunk_index")

        labelled_spans = []
        _labelled_spans = d.pop("labelled_spans")
        for labelled_spans_item_data in (_labelled_spans):
            labelled_spans_item = LabelledSpan.from_dict(labelled_spans_item_data)



            labelled_spans.append(labelled_spans_item)


        matched_patterns = cast(list[str], d.pop("matched_patterns"))


        def _parse_page(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        page = _parse_page(d.pop("page"))


        def _parse_section(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        section = _parse_section(d.pop("section"))


        text = d.pop("text")

        trust_label = ChunkPublicTrustLabel(d.pop("trust_label"))




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


        def _parse_text_source(data: object) -> ChunkPublicTextSourceType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                text_source_type_0 = ChunkPublicTextSourceType0(data)



                return text_source_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ChunkPublicTextSourceType0 | None | Unset, data)

        text_source = _parse_text_source(d.pop("text_source", UNSET))


        chunk_public = cls(
            char_end=char_end,
            char_start=char_start,
            chunk_id=chunk_id,
            chunk_index=chunk_index,
            labelled_spans=labelled_spans,
            matched_patterns=matched_patterns,
            page=page,
            section=section,
            text=text,
            trust_label=trust_label,
            page_end=page_end,
            page_start=page_start,
            text_source=text_source,
        )


        chunk_public.additional_properties = d
        return chunk_public

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
