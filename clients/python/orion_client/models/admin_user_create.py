from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.admin_user_create_roles_item import AdminUserCreateRolesItem
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="AdminUserCreate")



@_attrs_define
class AdminUserCreate:
    """ 
        Attributes:
            email (str):
            password (str):
            roles (list[AdminUserCreateRolesItem] | Unset):
     """

    email: str
    password: str
    roles: list[AdminUserCreateRolesItem] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        email = self.email

        password = self.password

        roles: list[str] | Unset = UNSET
        if not isinstance(self.roles, Unset):
            roles = []
            for roles_item_data in self.roles:
                roles_item = roles_item_data.value
                roles.append(roles_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "email": email,
            "password": password,
        })
        if roles is not UNSET:
            field_dict["roles"] = roles

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        email = d.pop("email")

        password = d.pop("password")

        _roles = d.pop("roles", UNSET)
        roles: list[AdminUserCreateRolesItem] | Unset = UNSET
        if _roles is not UNSET:
            roles = []
            for roles_item_data in _roles:
                roles_item = AdminUserCreateRolesItem(roles_item_data)



                roles.append(roles_item)


        admin_user_create = cls(
            email=email,
            password=password,
            roles=roles,
        )

        return admin_user_create

