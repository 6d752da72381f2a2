from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.event_public_payload_type_0 import EventPublicPayloadType0





T = TypeVar("T", bound="EventPublic")



@_attrs_define
class EventPublic:
    """ 
        Attributes:
            created_at (datetime.datetime):
            event_type (str):
            id (str):
            payload (EventPublicPayloadType0 | None):
            step_id (None | str):
     """

    created_at: datetime.datetime
    event_type: str
    id: str
    payload: EventPublicPayloadType0 | None
    step_id: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.event_public_payload_type_0 import EventPublicPayloadType0 # noqa: PLC0415
        created_at = self.created_at.isoformat()

        event_type = self.event_type

        id = self.id

        payload: dict[str, Any] | None
        if isinstance(self.payload, EventPublicPayloadType0):
            payload = self.payload.to_dict()
        else:
            payload = self.payload

        step_id: None | str
        step_id = self.step_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "created_at": created_at,
            "event_type": event_type,
            "id": id,
            "payload": payload,
            "step_id": step_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_public_payload_type_0 import EventPublicPayloadType0 # noqa: PLC0415
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        event_type = d.pop("event_type")

        id = d.pop("id")

        def _parse_payload(data: object) -> EventPublicPayloadType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                payload_type_0 = EventPublicPayloadType0.from_dict(data)



                return payload_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EventPublicPayloadType0 | None, data)

        payload = _parse_payload(d.pop("payload"))


        def _parse_step_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        step_id = _parse_step_id(d.pop("step_id"))


        event_public = cls(
            created_at=created_at,
            event_type=event_type,
            id=id,
            payload=payload,
            step_id=step_id,
        )


        event_public.additional_properties = d
        return event_public

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
