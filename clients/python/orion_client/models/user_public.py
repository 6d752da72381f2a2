from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="UserPublic")



@_attrs_define
class UserPublic:
    """ 
        Attributes:
            created_at (datetime.datetime):
            email (str):
            id (str):
            is_active (bool):
            organization_id (str):
            organization_name (str):
            roles (list[str]):
     """

    created_at: datetime.datetime
    email: str
    id: str
    is_active: bool
    organization_id: str
    organization_name: str
    roles: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        email = self.email

        id = self.id

        is_active = self.is_active

        organization_id = self.organization_id

        organization_name = self.organization_name

        roles = self.roles




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "created_at": created_at,
            "email": email,
            "id": id,
            "is_active": is_active,
            "organization_id": organization_id,
            "organization_name": organization_name,
            "roles": roles,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        email = d.pop("email")

        id = d.pop("id")

        is_active = d.pop("is_active")

        organization_id = d.pop("organization_id")

        organization_name = d.pop("organization_name")

        roles = cast(list[str], d.pop("roles"))


        user_public = cls(
            created_at=created_at,
            email=email,
            id=id,
            is_active=is_active,
            organization_id=organization_id,
            organization_name=organization_name,
            roles=roles,
        )


        user_public.additional_properties = d
        return user_public

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
