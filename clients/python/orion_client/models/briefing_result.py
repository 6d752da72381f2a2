from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.claim import Claim





T = TypeVar("T", bound="BriefingResult")



@_attrs_define
class BriefingResult:
    """ The verified briefing: every claim's quotes passed all three checks.

        Attributes:
            briefing (str):
            claims (list[Claim]):
            insufficient_evidence (bool):
            unanswered_parts (list[str] | Unset):
     """

    briefing: str
    claims: list[Claim]
    insufficient_evidence: bool
    unanswered_parts: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.claim import Claim # noqa: PLC0415
        briefing = self.briefing

        claims = []
        for claims_item_data in self.claims:
            claims_item = claims_item_data.to_dict()
            claims.append(claims_item)



        insufficient_evidence = self.insufficient_evidence

        unanswered_parts: list[str] | Unset = UNSET
        if not isinstance(self.unanswered_parts, Unset):
            unanswered_parts = self.unanswered_parts




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "briefing": briefing,
            "claims": claims,
            "insufficient_evidence": insufficient_evidence,
        })
        if unanswered_parts is not UNSET:
            field_dict["unanswered_parts"] = unanswered_parts

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.claim import Claim # noqa: PLC0415
        d = dict(src_dict)
        briefing = d.pop("briefing")

        claims = []
        _claims = d.pop("claims")
        for claims_item_data in (_claims):
            claims_item = Claim.from_dict(claims_item_data)



            claims.append(claims_item)


        insufficient_evidence = d.pop("insufficient_evidence")

        unanswered_parts = cast(list[str], d.pop("unanswered_parts", UNSET))


        briefing_result = cls(
            briefing=briefing,
            claims=claims,
            insufficient_evidence=insufficient_evidence,
            unanswered_parts=unanswered_parts,
        )


        briefing_result.additional_properties = d
        return briefing_result

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
