from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.chunk_span import ChunkSpan





T = TypeVar("T", bound="WithheldSpan")



@_attrs_define
class WithheldSpan:
    """ Text of a retrieved chunk kept out of every model's prompt and never quoted, and why (ADR-0020).

        Attributes:
            chunk_id (str):
            reason (str):
            span (ChunkSpan): Offsets in a chunk's text.
     """

    chunk_id: str
    reason: str
    span: ChunkSpan
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.chunk_span import ChunkSpan # noqa: PLC0415
        chunk_id = self.chunk_id

        reason = self.reason

        span = self.span.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "chunk_id": chunk_id,
            "reason": reason,
            "span": span,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.chunk_span import ChunkSpan # noqa: PLC0415
        d = dict(src_dict)
        chunk_id = d.pop("chunk_id")

        reason = d.pop("reason")

        span = ChunkSpan.from_dict(d.pop("span"))




        withheld_span = cls(
            chunk_id=chunk_id,
            reason=reason,
            span=span,
        )


        withheld_span.additional_properties = d
        return withheld_span

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
