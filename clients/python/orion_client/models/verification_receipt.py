from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast
import datetime

if TYPE_CHECKING:
  from ..models.receipt_quote import ReceiptQuote





T = TypeVar("T", bound="VerificationReceipt")



@_attrs_define
class VerificationReceipt:
    """ The receipt of an answered run (`GET /runs/{id}/receipt`).

        Attributes:
            completed_at (datetime.datetime | None):
            issued_at (datetime.datetime):
            organization_id (str):
            query (str):
            quotes (list[ReceiptQuote]):
            run_id (str):
            stages (list[str]):
            workflow_type (str):
            format_ (Literal['orion.verification-receipt/1'] | Unset):  Default: 'orion.verification-receipt/1'.
            outcome (Literal['answered'] | Unset):  Default: 'answered'.
     """

    completed_at: datetime.datetime | None
    issued_at: datetime.datetime
    organization_id: str
    query: str
    quotes: list[ReceiptQuote]
    run_id: str
    stages: list[str]
    workflow_type: str
    format_: Literal['orion.verification-receipt/1'] | Unset = 'orion.verification-receipt/1'
    outcome: Literal['answered'] | Unset = 'answered'





    def to_dict(self) -> dict[str, Any]:
        from ..models.receipt_quote import ReceiptQuote # noqa: PLC0415
        completed_at: None | str
        if isinstance(self.completed_at, datetime.datetime):
            completed_at = self.completed_at.isoformat()
        else:
            completed_at = self.completed_at

        issued_at = self.issued_at.isoformat()

        organization_id = self.organization_id

        query = self.query

        quotes = []
        for quotes_item_data in self.quotes:
            quotes_item = quotes_item_data.to_dict()
            quotes.append(quotes_item)



        run_id = self.run_id

        stages = self.stages



        workflow_type = self.workflow_type

        format_ = self.format_

        outcome = self.outcome


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "completed_at": completed_at,
            "issued_at": issued_at,
            "organization_id": organization_id,
            "query": query,
            "quotes": quotes,
            "run_id": run_id,
            "stages": stages,
            "workflow_type": workflow_type,
        })
        if format_ is not UNSET:
            field_dict["format"] = format_
        if outcome is not UNSET:
            field_dict["outcome"] = outcome

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.receipt_quote import ReceiptQuote # noqa: PLC0415
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


        issued_at = datetime.datetime.fromisoformat(d.pop("issued_at"))




        organization_id = d.pop("organization_id")

        query = d.pop("query")

        quotes = []
        _quotes = d.pop("quotes")
        for quotes_item_data in (_quotes):
            quotes_item = ReceiptQuote.from_dict(quotes_item_data)



            quotes.append(quotes_item)


        run_id = d.pop("run_id")

        stages = cast(list[str], d.pop("stages"))


        workflow_type = d.pop("workflow_type")

        format_ = cast(Literal['orion.verification-receipt/1'] | Unset , d.pop("format", UNSET))
        if format_ != 'orion.verification-receipt/1'and not isinstance(format_, Unset):
            raise ValueError(f"format must match const 'orion.verification-receipt/1', got '{format_}'")

        outcome = cast(Literal['answered'] | Unset , d.pop("outcome", UNSET))
        if outcome != 'answered'and not isinstance(outcome, Unset):
            raise ValueError(f"outcome must match const 'answered', got '{outcome}'")

        verification_receipt = cls(
            completed_at=completed_at,
            issued_at=issued_at,
            organization_id=organization_id,
            query=query,
            quotes=quotes,
            run_id=run_id,
            stages=stages,
            workflow_type=workflow_type,
            format_=format_,
            outcome=outcome,
        )

        return verification_receipt

