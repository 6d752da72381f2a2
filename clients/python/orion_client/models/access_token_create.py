from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.access_token_create_scopes_item import AccessTokenCreateScopesItem
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="AccessTokenCreate")



@_attrs_define
class AccessTokenCreate:
    """ 
        Attributes:
            name (str):
            scopes (list[AccessTokenCreateScopesItem]):
            expires_in_days (int | Unset): Days until the token stops working Default: 30.
     """

    name: str
    scopes: list[AccessTokenCreateScopesItem]
    expires_in_days: int | Unset = 30





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item = scopes_item_data.value
            scopes.append(scopes_item)



        expires_in_days = self.expires_in_days


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "scopes": scopes,
        })
        if expires_in_days is not UNSET:
            field_dict["expires_in_days"] = expires_in_days

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in (_scopes):
            scopes_item = AccessTokenCreateScopesItem(scopes_item_data)



            scopes.append(scopes_item)


        expires_in_days = d.pop("expires_in_days", UNSET)

        access_token_create = cls(
            name=name,
            scopes=scopes,
            expires_in_days=expires_in_days,
        )

        return access_token_create

