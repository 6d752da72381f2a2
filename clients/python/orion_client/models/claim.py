from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.claim_evidence_status import ClaimEvidenceStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.claim_citation import ClaimCitation





T = TypeVar("T", bound="Claim")



@_attrs_define
class Claim:
    """ 
        Attributes:
            citations (list[ClaimCitation]):
            statement (str):
            evidence_status (ClaimEvidenceStatus | Unset):  Default: ClaimEvidenceStatus.CURRENT.
     """

    citations: list[ClaimCitation]
    statement: str
    evidence_status: ClaimEvidenceStatus | Unset = ClaimEvidenceStatus.CURRENT
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.claim_citation import ClaimCitation # noqa: PLC0415
        citations = []
        for citations_item_data in self.citations:
            citations_item = citations_item_data.to_dict()
            citations.append(citations_item)



        statement = self.statement

        evidence_status: str | Unset = UNSET
        if not isinstance(self.evidence_status, Unset):
            evidence_status = self.evidence_status.value



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "citations": citations,
            "statement": statement,
        })
        if evidence_status is not UNSET:
            field_dict["evidence_status"] = evidence_status

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.claim_citation import ClaimCitation # noqa: PLC0415
        d = dict(src_dict)
        citations = []
        _citations = d.pop("citations")
        for citations_item_data in (_citations):
            citations_item = ClaimCitation.from_dict(citations_item_data)



            citations.append(citations_item)


        statement = d.pop("statement")

        _evidence_status = d.pop("evidence_status", UNSET)
        evidence_status: ClaimEvidenceStatus | Unset
        if isinstance(_evidence_status,  Unset):
            evidence_status = UNSET
        else:
            evidence_status = ClaimEvidenceStatus(_evidence_status)




        claim = cls(
            citations=citations,
            statement=statement,
            evidence_status=evidence_status,
        )


        claim.additional_properties = d
        return claim

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
