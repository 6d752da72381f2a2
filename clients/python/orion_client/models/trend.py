from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.trend_bucket import TrendBucket
from typing import cast

if TYPE_CHECKING:
  from ..models.trend_point import TrendPoint





T = TypeVar("T", bound="Trend")



@_attrs_define
class Trend:
    """ 
        Attributes:
            bucket (TrendBucket):
            completed_investigations (int):
            enough_for_refusal_trend (bool):
            enough_for_volume_trend (bool):
            points (list[TrendPoint]):
            reason (None | str):
            total_investigations (int):
     """

    bucket: TrendBucket
    completed_investigations: int
    enough_for_refusal_trend: bool
    enough_for_volume_trend: bool
    points: list[TrendPoint]
    reason: None | str
    total_investigations: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.trend_point import TrendPoint # noqa: PLC0415
        bucket = self.bucket.value

        completed_investigations = self.completed_investigations

        enough_for_refusal_trend = self.enough_for_refusal_trend

        enough_for_volume_trend = self.enough_for_volume_trend

        points = []
        for points_item_data in self.points:
            points_item = points_item_data.to_dict()
            points.append(points_item)



        reason: None | str
        reason = self.reason

        total_investigations = self.total_investigations


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "bucket": bucket,
            "completed_investigations": completed_investigations,
            "enough_for_refusal_trend": enough_for_refusal_trend,
            "enough_for_volume_trend": enough_for_volume_trend,
            "points": points,
            "reason": reason,
            "total_investigations": total_investigations,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.trend_point import TrendPoint # noqa: PLC0415
        d = dict(src_dict)
        bucket = TrendBucket(d.pop("bucket"))




        completed_investigations = d.pop("completed_investigations")

        enough_for_refusal_trend = d.pop("enough_for_refusal_trend")

        enough_for_volume_trend = d.pop("enough_for_volume_trend")

        points = []
        _points = d.pop("points")
        for points_item_data in (_points):
            points_item = TrendPoint.from_dict(points_item_data)



            points.append(points_item)


        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))


        total_investigations = d.pop("total_investigations")

        trend = cls(
            bucket=bucket,
            completed_investigations=completed_investigations,
            enough_for_refusal_trend=enough_for_refusal_trend,
            enough_for_volume_trend=enough_for_volume_trend,
            points=points,
            reason=reason,
            total_investigations=total_investigations,
        )


        trend.additional_properties = d
        return trend

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
