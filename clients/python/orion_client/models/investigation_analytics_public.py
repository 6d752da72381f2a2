from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.cited_document_public import CitedDocumentPublic





T = TypeVar("T", bound="InvestigationAnalyticsPublic")



@_attrs_define
class InvestigationAnalyticsPublic:
    """ 
        Attributes:
            answered (int):
            cancelled (int):
            completed (int):
            evidence_max (float | None):
            evidence_mean (float | None):
            evidence_median (float | None):
            evidence_min (float | None):
            failed (int):
            insufficient_evidence (int):
            most_cited_documents (list[CitedDocumentPublic]):
            refusal_rate (float | None):
            total (int):
            drifted (int | Unset):  Default: 0.
     """

    answered: int
    cancelled: int
    completed: int
    evidence_max: float | None
    evidence_mean: float | None
    evidence_median: float | None
    evidence_min: float | None
    failed: int
    insufficient_evidence: int
    most_cited_documents: list[CitedDocumentPublic]
    refusal_rate: float | None
    total: int
    drifted: int | Unset = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.cited_document_public import CitedDocumentPublic # noqa: PLC0415
        answered = self.answered

        cancelled = self.cancelled

        completed = self.completed

        evidence_max: float | None
        evidence_max = self.evidence_max

        evidence_mean: float | None
        evidence_mean = self.evidence_mean

        evidence_median: float | None
        evidence_median = self.evidence_median

        evidence_min: float | None
        evidence_min = self.evidence_min

        failed = self.failed

        insufficient_evidence = self.insufficient_evidence

        most_cited_documents = []
        for most_cited_documents_item_data in self.most_cited_documents:
            most_cited_documents_item = most_cited_documents_item_data.to_dict()
            most_cited_documents.append(most_cited_documents_item)



        refusal_rate: float | None
        refusal_rate = self.refusal_rate

        total = self.total

        drifted = self.drifted


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "answered": answered,
            "cancelled": cancelled,
            "completed": completed,
            "evidence_max": evidence_max,
            "evidence_mean": evidence_mean,
            "evidence_median": evidence_median,
            "evidence_min": evidence_min,
            "failed": failed,
            "insufficient_evidence": insufficient_evidence,
            "most_cited_documents": most_cited_documents,
            "refusal_rate": refusal_rate,
            "total": total,
        })
        if drifted is not UNSET:
            field_dict["drifted"] = drifted

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cited_document_public import CitedDocumentPublic # noqa: PLC0415
        d = dict(src_dict)
        answered = d.pop("answered")

        cancelled = d.pop("cancelled")

        completed = d.pop("completed")

        def _parse_evidence_max(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        evidence_max = _parse_evidence_max(d.pop("evidence_max"))


        def _parse_evidence_mean(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        evidence_mean = _parse_evidence_mean(d.pop("evidence_mean"))


        def _parse_evidence_median(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        evidence_median = _parse_evidence_median(d.pop("evidence_median"))


        def _parse_evidence_min(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        evidence_min = _parse_evidence_min(d.pop("evidence_min"))


        failed = d.pop("failed")

        insufficient_evidence = d.pop("insufficient_evidence")

        most_cited_documents = []
        _most_cited_documents = d.pop("most_cited_documents")
        for most_cited_documents_item_data in (_most_cited_documents):
            most_cited_documents_item = CitedDocumentPublic.from_dict(most_cited_documents_item_data)



            most_cited_documents.append(most_cited_documents_item)


        def _parse_refusal_rate(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        refusal_rate = _parse_refusal_rate(d.pop("refusal_rate"))


        total = d.pop("total")

        drifted = d.pop("drifted", UNSET)

        investigation_analytics_public = cls(
            answered=answered,
            cancelled=cancelled,
            completed=completed,
            evidence_max=evidence_max,
            evidence_mean=evidence_mean,
            evidence_median=evidence_median,
            evidence_min=evidence_min,
            failed=failed,
            insufficient_evidence=insufficient_evidence,
            most_cited_documents=most_cited_documents,
            refusal_rate=refusal_rate,
            total=total,
            drifted=drifted,
        )


        investigation_analytics_public.additional_properties = d
        return investigation_analytics_public

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
