from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.quote_span import QuoteSpan





T = TypeVar("T", bound="ClaimCitation")



@_attrs_define
class ClaimCitation:
    """ 
        Attributes:
            chunk_id (str):
            quote (str):
            span (None | QuoteSpan):
     """

    chunk_id: str
    quote: str
    span: None | QuoteSpan
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.quote_span import QuoteSpan # noqa: PLC0415
        chunk_id = self.chunk_id

        quote = self.quote

        span: dict[str, Any] | None
        if isinstance(self.span, QuoteSpan):
            span = self.span.to_dict()
        else:
            span = self.span


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "chunk_id": chunk_id,
            "quote": quote,
            "span": span,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.quote_span import QuoteSpan # noqa: PLC0415
        d = dict(src_dict)
        chunk_id = d.pop("chunk_id")

        quote = d.pop("quote")

        def _parse_span(data: object) -> None | QuoteSpan:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                span_type_0 = QuoteSpan.from_dict(data)



                return span_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | QuoteSpan, data)

        span = _parse_span(d.pop("span"))


        claim_citation = cls(
            chunk_id=chunk_id,
            quote=quote,
            span=span,
        )


        claim_citation.additional_properties = d
        return claim_citation

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
