from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.run_create_input import RunCreateInput





T = TypeVar("T", bound="RunCreate")



@_attrs_define
class RunCreate:
    """ 
        Attributes:
            input_ (RunCreateInput):
            workflow_type (str):
            idempotency_key (None | str | Unset):
     """

    input_: RunCreateInput
    workflow_type: str
    idempotency_key: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.run_create_input import RunCreateInput # noqa: PLC0415
        input_ = self.input_.to_dict()

        workflow_type = self.workflow_type

        idempotency_key: None | str | Unset
        if isinstance(self.idempotency_key, Unset):
            idempotency_key = UNSET
        else:
            idempotency_key = self.idempotency_key


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "input": input_,
            "workflow_type": workflow_type,
        })
        if idempotency_key is not UNSET:
            field_dict["idempotency_key"] = idempotency_key

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.run_create_input import RunCreateInput # noqa: PLC0415
        d = dict(src_dict)
        input_ = RunCreateInput.from_dict(d.pop("input"))




        workflow_type = d.pop("workflow_type")

        def _parse_idempotency_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        idempotency_key = _parse_idempotency_key(d.pop("idempotency_key", UNSET))


        run_create = cls(
            input_=input_,
            workflow_type=workflow_type,
            idempotency_key=idempotency_key,
        )

        return run_create

