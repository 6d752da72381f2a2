from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.run_outcome import RunOutcome
from ..models.run_public_evidence_status import RunPublicEvidenceStatus
from ..models.run_status import RunStatus
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.run_public_input import RunPublicInput
  from ..models.step_public import StepPublic





T = TypeVar("T", bound="RunPublic")



@_attrs_define
class RunPublic:
    """ 
        Attributes:
            completed_at (datetime.datetime | None):
            created_at (datetime.datetime):
            failure_reason (None | str):
            id (str):
            input_ (RunPublicInput):
            insufficient_evidence (bool):
            max_steps (int):
            outcome (None | RunOutcome):
            started_at (datetime.datetime | None):
            status (RunStatus):
            steps (list[StepPublic]):
            steps_executed (int):
            workflow_type (str):
            evidence_status (RunPublicEvidenceStatus | Unset):  Default: RunPublicEvidenceStatus.CURRENT.
     """

    completed_at: datetime.datetime | None
    created_at: datetime.datetime
    failure_reason: None | str
    id: str
    input_: RunPublicInput
    insufficient_evidence: bool
    max_steps: int
    outcome: None | RunOutcome
    started_at: datetime.datetime | None
    status: RunStatus
    steps: list[StepPublic]
    steps_executed: int
    workflow_type: str
    evidence_status: RunPublicEvidenceStatus | Unset = RunPublicEvidenceStatus.CURRENT
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.run_public_input import RunPublicInput # noqa: PLC0415
        from ..models.step_public import StepPublic # noqa: PLC0415
        completed_at: None | str
        if isinstance(self.completed_at, datetime.datetime):
            completed_at = self.completed_at.isoformat()
        else:
            completed_at = self.completed_at

        created_at = self.created_at.isoformat()

        failure_reason: None | str
        failure_reason = self.failure_reason

        id = self.id

        input_ = self.input_.to_dict()

        insufficient_evidence = self.insufficient_evidence

        max_steps = self.max_steps

        outcome: None | str
        if isinstance(self.outcome, RunOutcome):
            outcome = self.outcome.value
        else:
            outcome = self.outcome

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        status = self.status.value

        steps = []
        for steps_item_data in self.steps:
            steps_item = steps_item_data.to_dict()
            steps.append(steps_item)



        steps_executed = self.steps_executed

        workflow_type = self.workflow_type

        evidence_status: str | Unset = UNSET
        if not isinstance(self.evidence_status, Unset):
            evidence_status = self.evidence_status.value



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "completed_at": completed_at,
            "created_at": created_at,
            "failure_reason": failure_reason,
            "id": id,
            "input": input_,
            "insufficient_evidence": insufficient_evidence,
            "max_steps": max_steps,
            "outcome": outcome,
            "started_at": started_at,
            "status": status,
            "steps": steps,
            "steps_executed": steps_executed,
            "workflow_type": workflow_type,
        })
        if evidence_status is not UNSET:
            field_dict["evidence_status"] = evidence_status

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.run_public_input import RunPublicInput # noqa: PLC0415
        from ..models.step_public import StepPublic # noqa: PLC0415
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


        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        def _parse_failure_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        failure_reason = _parse_failure_reason(d.pop("failure_reason"))


        id = d.pop("id")

        input_ = RunPublicInput.from_dict(d.pop("input"))




        insufficient_evidence = d.pop("insufficient_evidence")

        max_steps = d.pop("max_steps")

        def _parse_outcome(data: object) -> None | RunOutcome:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                outcome_type_0 = RunOutcome(data)



                return outcome_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RunOutcome, data)

        outcome = _parse_outcome(d.pop("outcome"))


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


        status = RunStatus(d.pop("status"))




        steps = []
        _steps = d.pop("steps")
        for steps_item_data in (_steps):
            steps_item = StepPublic.from_dict(steps_item_data)



            steps.append(steps_item)


        steps_executed = d.pop("steps_executed")

        workflow_type = d.pop("workflow_type")

        _evidence_status = d.pop("evidence_status", UNSET)
        evidence_status: RunPublicEvidenceStatus | Unset
        if isinstance(_evidence_status,  Unset):
            evidence_status = UNSET
        else:
            evidence_status = RunPublicEvidenceStatus(_evidence_status)




        run_public = cls(
            completed_at=completed_at,
            created_at=created_at,
            failure_reason=failure_reason,
            id=id,
            input_=input_,
            insufficient_evidence=insufficient_evidence,
            max_steps=max_steps,
            outcome=outcome,
            started_at=started_at,
            status=status,
            steps=steps,
            steps_executed=steps_executed,
            workflow_type=workflow_type,
            evidence_status=evidence_status,
        )


        run_public.additional_properties = d
        return run_public

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
