from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="TrendPoint")



@_attrs_define
class TrendPoint:
    """ 
        Attributes:
            answered (int):
            bucket_start (datetime.datetime):
            failed (int):
            insufficient_evidence (int):
            refusal_rate (float | None):
            total (int):
     """

    answered: int
    bucket_start: datetime.datetime
    failed: int
    insufficient_evidence: int
    refusal_rate: float | None
    total: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        answered = self.answered

        bucket_start = self.bucket_start.isoformat()

        failed = self.failed

        insufficient_evidence = self.insufficient_evidence

        refusal_rate: float | None
        refusal_rate = self.refusal_rate

        total = self.total


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "answered": answered,
            "bucket_start": bucket_start,
            "failed": failed,
            "insufficient_evidence": insufficient_evidence,
            "refusal_rate": refusal_rate,
            "total": total,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        answered = d.pop("answered")

        bucket_start = datetime.datetime.fromisoformat(d.pop("bucket_start"))




        failed = d.pop("failed")

        insufficient_evidence = d.pop("insufficient_evidence")

        def _parse_refusal_rate(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        refusal_rate = _parse_refusal_rate(d.pop("refusal_rate"))


        total = d.pop("total")

        trend_point = cls(
            answered=answered,
            bucket_start=bucket_start,
            failed=failed,
            insufficient_evidence=insufficient_evidence,
            refusal_rate=refusal_rate,
            total=total,
        )


        trend_point.additional_properties = d
        return trend_point

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
