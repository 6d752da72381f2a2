from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.run_outcome import RunOutcome
from ..models.run_status import RunStatus
from typing import cast

if TYPE_CHECKING:
  from ..models.document_ref import DocumentRef





T = TypeVar("T", bound="RunSummaryPublic")



@_attrs_define
class RunSummaryPublic:
    """ 
        Attributes:
            citation_count (int):
            claim_count (int):
            documents_cited (list[DocumentRef]):
            duration_ms (float | None):
            failure_reason (None | str):
            model (None | str):
            outcome (None | RunOutcome):
            provider (None | str):
            query (str):
            retries (int):
            retrieved_count (int):
            run_id (str):
            semantic_unavailable (bool):
            status (RunStatus):
     """

    citation_count: int
    claim_count: int
    documents_cited: list[DocumentRef]
    duration_ms: float | None
    failure_reason: None | str
    model: None | str
    outcome: None | RunOutcome
    provider: None | str
    query: str
    retries: int
    retrieved_count: int
    run_id: str
    semantic_unavailable: bool
    status: RunStatus
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.document_ref import DocumentRef # noqa: PLC0415
        citation_count = self.citation_count

        claim_count = self.claim_count

        documents_cited = []
        for documents_cited_item_data in self.documents_cited:
            documents_cited_item = documents_cited_item_data.to_dict()
            documents_cited.append(documents_cited_item)



        duration_ms: float | None
        duration_ms = self.duration_ms

        failure_reason: None | str
        failure_reason = self.failure_reason

        model: None | str
        model = self.model

        outcome: None | str
        if isinstance(self.outcome, RunOutcome):
            outcome = self.outcome.value
        else:
            outcome = self.outcome

        provider: None | str
        provider = self.provider

        query = self.query

        retries = self.retries

        retrieved_count = self.retrieved_count

        run_id = self.run_id

        semantic_unavailable = self.semantic_unavailable

        status = self.status.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "citation_count": citation_count,
            "claim_count": claim_count,
            "documents_cited": documents_cited,
            "duration_ms": duration_ms,
            "failure_reason": failure_reason,
            "model": model,
            "outcome": outcome,
            "provider": provider,
            "query": query,
            "retries": retries,
            "retrieved_count": retrieved_count,
            "run_id": run_id,
            "semantic_unavailable": semantic_unavailable,
            "status": status,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.document_ref import DocumentRef # noqa: PLC0415
        d = dict(src_dict)
        citation_count = d.pop("citation_count")

        claim_count = d.pop("claim_count")

        documents_cited = []
        _documents_cited = d.pop("documents_cited")
        for documents_cited_item_data in (_documents_cited):
            documents_cited_item = DocumentRef.from_dict(documents_cited_item_data)



            documents_cited.append(documents_cited_item)


        def _parse_duration_ms(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        duration_ms = _parse_duration_ms(d.pop("duration_ms"))


        def _parse_failure_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        failure_reason = _parse_failure_reason(d.pop("failure_reason"))


        def _parse_model(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        model = _parse_model(d.pop("model"))


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


        def _parse_provider(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        provider = _parse_provider(d.pop("provider"))


        query = d.pop("query")

        retries = d.pop("retries")

        retrieved_count = d.pop("retrieved_count")

        run_id = d.pop("run_id")

        semantic_unavailable = d.pop("semantic_unavailable")

        status = RunStatus(d.pop("status"))




        run_summary_public = cls(
            citation_count=citation_count,
            claim_count=claim_count,
            documents_cited=documents_cited,
            duration_ms=duration_ms,
            failure_reason=failure_reason,
            model=model,
            outcome=outcome,
            provider=provider,
            query=query,
            retries=retries,
            retrieved_count=retrieved_count,
            run_id=run_id,
            semantic_unavailable=semantic_unavailable,
            status=status,
        )


        run_summary_public.additional_properties = d
        return run_summary_public

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
