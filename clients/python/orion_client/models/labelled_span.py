from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.labelled_span_label import LabelledSpanLabel






T = TypeVar("T", bound="LabelledSpan")



@_attrs_define
class LabelledSpan:
    """ A labelled span: offsets in the text it was found in, its label and the directive family (the reason).

        Attributes:
            end (int):
            label (LabelledSpanLabel):
            reason (str):
            start (int):
     """

    end: int
    label: LabelledSpanLabel
    reason: str
    start: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        end = self.end

        label = self.label.value

        reason = self.reason

        start = self.start


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "end": end,
            "label": label,
            "reason": reason,
            "start": start,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        end = d.pop("end")

        label = LabelledSpanLabel(d.pop("label"))




        reason = d.pop("reason")

        start = d.pop("start")

        labelled_span = cls(
            end=end,
            label=label,
            reason=reason,
            start=start,
        )


        labelled_span.additional_properties = d
        return labelled_span

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
