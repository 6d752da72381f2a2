from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.stage_check_stage import StageCheckStage






T = TypeVar("T", bound="StageCheck")



@_attrs_define
class StageCheck:
    """ What one verification stage established for one quote.

        Attributes:
            detail (str):
            passed (bool):
            stage (StageCheckStage):
     """

    detail: str
    passed: bool
    stage: StageCheckStage
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        detail = self.detail

        passed = self.passed

        stage = self.stage.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "detail": detail,
            "passed": passed,
            "stage": stage,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        detail = d.pop("detail")

        passed = d.pop("passed")

        stage = StageCheckStage(d.pop("stage"))




        stage_check = cls(
            detail=detail,
            passed=passed,
            stage=stage,
        )


        stage_check.additional_properties = d
        return stage_check

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
