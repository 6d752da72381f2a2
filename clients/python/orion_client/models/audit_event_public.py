from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.audit_event_public_details_type_0 import AuditEventPublicDetailsType0





T = TypeVar("T", bound="AuditEventPublic")



@_attrs_define
class AuditEventPublic:
    """ 
        Attributes:
            action (str):
            actor_id (None | str):
            created_at (datetime.datetime):
            details (AuditEventPublicDetailsType0 | None):
            id (str):
            target (None | str):
     """

    action: str
    actor_id: None | str
    created_at: datetime.datetime
    details: AuditEventPublicDetailsType0 | None
    id: str
    target: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.audit_event_public_details_type_0 import AuditEventPublicDetailsType0 # noqa: PLC0415
        action = self.action

        actor_id: None | str
        actor_id = self.actor_id

        created_at = self.created_at.isoformat()

        details: dict[str, Any] | None
        if isinstance(self.details, AuditEventPublicDetailsType0):
            details = self.details.to_dict()
        else:
            details = self.details

        id = self.id

        target: None | str
        target = self.target


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "action": action,
            "actor_id": actor_id,
            "created_at": created_at,
            "details": details,
            "id": id,
            "target": target,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.audit_event_public_details_type_0 import AuditEventPublicDetailsType0 # noqa: PLC0415
        d = dict(src_dict)
        action = d.pop("action")

        def _parse_actor_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        actor_id = _parse_actor_id(d.pop("actor_id"))


        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        def _parse_details(data: object) -> AuditEventPublicDetailsType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                details_type_0 = AuditEventPublicDetailsType0.from_dict(data)



                return details_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AuditEventPublicDetailsType0 | None, data)

        details = _parse_details(d.pop("details"))


        id = d.pop("id")

        def _parse_target(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        target = _parse_target(d.pop("target"))


        audit_event_public = cls(
            action=action,
            actor_id=actor_id,
            created_at=created_at,
            details=details,
            id=id,
            target=target,
        )


        audit_event_public.additional_properties = d
        return audit_event_public

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
