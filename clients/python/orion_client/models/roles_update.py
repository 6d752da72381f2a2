from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.roles_update_roles_item import RolesUpdateRolesItem
from typing import cast






T = TypeVar("T", bound="RolesUpdate")



@_attrs_define
class RolesUpdate:
    """ 
        Attributes:
            roles (list[RolesUpdateRolesItem]):
     """

    roles: list[RolesUpdateRolesItem]





    def to_dict(self) -> dict[str, Any]:
        roles = []
        for roles_item_data in self.roles:
            roles_item = roles_item_data.value
            roles.append(roles_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "roles": roles,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        roles = []
        _roles = d.pop("roles")
        for roles_item_data in (_roles):
            roles_item = RolesUpdateRolesItem(roles_item_data)



            roles.append(roles_item)


        roles_update = cls(
            roles=roles,
        )

        return roles_update

