from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.step_status import StepStatus
from typing import cast
import datetime






T = TypeVar("T", bound="StepPublic")



@_attrs_define
class StepPublic:
    """ 
        Attributes:
            completed_at (datetime.datetime | None):
            failure_reason (None | str):
            id (str):
            max_retries (int):
            name (str):
            retry_count (int):
            started_at (datetime.datetime | None):
            status (StepStatus):
            step_index (int):
     """

    completed_at: datetime.datetime | None
    failure_reason: None | str
    id: str
    max_retries: int
    name: str
    retry_count: int
    started_at: datetime.datetime | None
    status: StepStatus
    step_index: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        completed_at: None | str
        if isinstance(self.completed_at, datetime.datetime):
            completed_at = self.completed_at.isoformat()
        else:
            completed_at = self.completed_at

        failure_reason: None | str
        failure_reason = self.failure_reason

        id = self.id

        max_retries = self.max_retries

        name = self.name

        retry_count = self.retry_count

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        status = self.status.value

        step_index = self.step_index


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "completed_at": completed_at,
            "failure_reason": failure_reason,
            "id": id,
            "max_retries": max_retries,
            "name": name,
            "retry_count": retry_count,
            "started_at": started_at,
            "status": status,
            "step_index": step_index,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_completed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                completed_at_type_0 = datetime.datetime.fromisoformat(data)



                return completed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        completed_at = _parse_completed_at(d.pop("completed_at"))


        def _parse_failure_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        failure_reason = _parse_failure_reason(d.pop("failure_reason"))


        id = d.pop("id")

        max_retries = d.pop("max_retries")

        name = d.pop("name")

        retry_count = d.pop("retry_count")

        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)



                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started_at = _parse_started_at(d.pop("started_at"))


        status = StepStatus(d.pop("status"))




        step_index = d.pop("step_index")

        step_public = cls(
            completed_at=completed_at,
            failure_reason=failure_reason,
            id=id,
            max_retries=max_retries,
            name=name,
            retry_count=retry_count,
            started_at=started_at,
            status=status,
            step_index=step_index,
        )


        step_public.additional_properties = d
        return step_public

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
