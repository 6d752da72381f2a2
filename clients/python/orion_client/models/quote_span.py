from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="QuoteSpan")



@_attrs_define
class QuoteSpan:
    """ Where a verified quote is: offsets in the chunk's text and in the version's normalized text, the page(s) it
    covers (None for a source without pages), and how it matched: `exact`, or the canonical foldings it needed.

        Attributes:
            chunk_end (int):
            chunk_start (int):
            version_end (int):
            version_start (int):
            match (list[str] | Literal['exact'] | Unset):  Default: 'exact'.
            page_end (int | None | Unset):
            page_start (int | None | Unset):
     """

    chunk_end: int
    chunk_start: int
    version_end: int
    version_start: int
    match: list[str] | Literal['exact'] | Unset = 'exact'
    page_end: int | None | Unset = UNSET
    page_start: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        chunk_end = self.chunk_end

        chunk_start = self.chunk_start

        version_end = self.version_end

        version_start = self.version_start

        match: list[str] | Literal['exact'] | Unset
        if isinstance(self.match, Unset):
            match = UNSET
        elif isinstance(self.match, list):
            match = self.match


        else:
            match = self.match

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


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "chunk_end": chunk_end,
            "chunk_start": chunk_start,
            "version_end": version_end,
            "version_start": version_start,
        })
        if match is not UNSET:
            field_dict["match"] = match
        if page_end is not UNSET:
            field_dict["page_end"] = page_end
        if page_start is not UNSET:
            field_dict["page_start"] = page_start

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        chunk_end = d.pop("chunk_end")

        chunk_start = d.pop("chunk_start")

        version_end = d.pop("version_end")

        version_start = d.pop("version_start")

        def _parse_match(data: object) -> list[str] | Literal['exact'] | Unset:
            if isinstance(data, Unset):
                return data
            match_type_0 = cast(Literal['exact'] , data)
            if match_type_0 != 'exact':
                raise ValueError(f"match_type_0 must match const 'exact', got '{match_type_0}'")
            return match_type_0
            if not isinstance(data, list):
                raise TypeError()
            match_type_1 = cast(list[str], data)

            return match_type_1

        match = _parse_match(d.pop("match", UNSET))


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


        quote_span = cls(
            chunk_end=chunk_end,
            chunk_start=chunk_start,
            version_end=version_end,
            version_start=version_start,
            match=match,
            page_end=page_end,
            page_start=page_start,
        )


        quote_span.additional_properties = d
        return quote_span

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
