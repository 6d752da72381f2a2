from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.run_outcome import RunOutcome
from ..models.run_status import RunStatus
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.briefing_result import BriefingResult
  from ..models.citation import Citation
  from ..models.refusal_public import RefusalPublic
  from ..models.withheld_span import WithheldSpan





T = TypeVar("T", bound="RunResultPublic")



@_attrs_define
class RunResultPublic:
    """ 
        Attributes:
            citations (list[Citation]):
            completed_at (datetime.datetime | None):
            outcome (None | RunOutcome):
            refusal (None | RefusalPublic):
            result (BriefingResult): The verified briefing: every claim's quotes passed all three checks.
            run_id (str):
            status (RunStatus):
            withheld (list[WithheldSpan]):
     """

    citations: list[Citation]
    completed_at: datetime.datetime | None
    outcome: None | RunOutcome
    refusal: None | RefusalPublic
    result: BriefingResult
    run_id: str
    status: RunStatus
    withheld: list[WithheldSpan]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.briefing_result import BriefingResult # noqa: PLC0415
        from ..models.citation import Citation # noqa: PLC0415
        from ..models.refusal_public import RefusalPublic # noqa: PLC0415
        from ..models.withheld_span import WithheldSpan # noqa: PLC0415
        citations = []
        for citations_item_data in self.citations:
            citations_item = citations_item_data.to_dict()
            citations.append(citations_item)



        completed_at: None | str
        if isinstance(self.completed_at, datetime.datetime):
            completed_at = self.completed_at.isoformat()
        else:
            completed_at = self.completed_at

        outcome: None | str
        if isinstance(self.outcome, RunOutcome):
            outcome = self.outcome.value
        else:
            outcome = self.outcome

        refusal: dict[str, Any] | None
        if isinstance(self.refusal, RefusalPublic):
            refusal = self.refusal.to_dict()
        else:
            refusal = self.refusal

        result = self.result.to_dict()

        run_id = self.run_id

        status = self.status.value

        withheld = []
        for withheld_item_data in self.withheld:
            withheld_item = withheld_item_data.to_dict()
            withheld.append(withheld_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "citations": citations,
            "completed_at": completed_at,
            "outcome": outcome,
            "refusal": refusal,
            "result": result,
            "run_id": run_id,
            "status": status,
            "withheld": withheld,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.briefing_result import BriefingResult # noqa: PLC0415
        from ..models.citation import Citation # noqa: PLC0415
        from ..models.refusal_public import RefusalPublic # noqa: PLC0415
        from ..models.withheld_span import WithheldSpan # noqa: PLC0415
        d = dict(src_dict)
        citations = []
        _citations = d.pop("citations")
        for citations_item_data in (_citations):
            citations_item = Citation.from_dict(citations_item_data)



            citations.append(citations_item)


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


        def _parse_refusal(data: object) -> None | RefusalPublic:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                refusal_type_0 = RefusalPublic.from_dict(data)



                return refusal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RefusalPublic, data)

        refusal = _parse_refusal(d.pop("refusal"))


        result = BriefingResult.from_dict(d.pop("result"))




        run_id = d.pop("run_id")

        status = RunStatus(d.pop("status"))




        withheld = []
        _withheld = d.pop("withheld")
        for withheld_item_data in (_withheld):
            withheld_item = WithheldSpan.from_dict(withheld_item_data)



            withheld.append(withheld_item)


        run_result_public = cls(
            citations=citations,
            completed_at=completed_at,
            outcome=outcome,
            refusal=refusal,
            result=result,
            run_id=run_id,
            status=status,
            withheld=withheld,
        )


        run_result_public.additional_properties = d
        return run_result_public

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
