from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.chunk_public_trust_label import ChunkPublicTrustLabel
from typing import cast






T = TypeVar("T", bound="ChunkPublic")



@_attrs_define
class ChunkPublic:
    """ 
        Attributes:
            char_end (int):
            char_start (int):
            chunk_id (str):
            chunk_index (int):
            matched_patterns (list[str]):
            page (int | None):
            section (None | str):
            text (str):
            trust_label (ChunkPublicTrustLabel):
     """

    char_end: int
    char_start: int
    chunk_id: str
    chunk_index: int
    matched_patterns: list[str]
    page: int | None
    section: None | str
    text: str
    trust_label: ChunkPublicTrustLabel
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        char_end = self.char_end

        char_start = self.char_start

        chunk_id = self.chunk_id

        chunk_index = self.chunk_index

        matched_patterns = self.matched_patterns



        page: int | None
        page = self.page

        section: None | str
        section = self.section

        text = self.text

        trust_label = self.trust_label.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "char_end": char_end,
            "char_start": char_start,
            "chunk_id": chunk_id,
            "chunk_index": chunk_index,
            "matched_patterns": matched_patterns,
            "page": page,
            "section": section,
            "text": text,
            "trust_label": trust_label,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        char_end = d.pop("char_end")

        char_start = d.pop("char_start")

        chunk_id = d.pop("chunk_id")

        chunk_index = d.pop("chunk_index")

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




        chunk_public = cls(
            char_end=char_end,
            char_start=char_start,
            chunk_id=chunk_id,
            chunk_index=chunk_index,
            matched_patterns=matched_patterns,
            page=page,
            section=section,
            text=text,
            trust_label=trust_label,
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
