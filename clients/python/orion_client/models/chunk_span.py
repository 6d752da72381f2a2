from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ChunkSpan")



@_attrs_define
class ChunkSpan:
    """ Offsets in a chunk's text.

        Attributes:
            chunk_end (int):
            chunk_start (int):
     """

    chunk_end: int
    chunk_start: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        chunk_end = self.chunk_end

        chunk_start = self.chunk_start


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "chunk_end": chunk_end,
            "chunk_start": chunk_start,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        chunk_end = d.pop("chunk_end")

        chunk_start = d.pop("chunk_start")

        chunk_span = cls(
            chunk_end=chunk_end,
            chunk_start=chunk_start,
        )


        chunk_span.additional_properties = d
        return chunk_span

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
