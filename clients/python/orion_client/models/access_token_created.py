from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.access_token_created_scopes_item import AccessTokenCreatedScopesItem
from ..models.access_token_created_status import AccessTokenCreatedStatus
from typing import cast
import datetime






T = TypeVar("T", bound="AccessTokenCreated")



@_attrs_define
class AccessTokenCreated:
    """ The one response that carries the secret: store it now, it cannot be shown again.

        Attributes:
            created_at (datetime.datetime):
            expires_at (datetime.datetime):
            id (str):
            last_used_at (datetime.datetime | None):
            name (str):
            revoked_at (datetime.datetime | None):
            scopes (list[AccessTokenCreatedScopesItem]):
            status (AccessTokenCreatedStatus):
            token (str):
            user_email (str):
            user_id (str):
     """

    created_at: datetime.datetime
    expires_at: datetime.datetime
    id: str
    last_used_at: datetime.datetime | None
    name: str
    revoked_at: datetime.datetime | None
    scopes: list[AccessTokenCreatedScopesItem]
    status: AccessTokenCreatedStatus
    token: str
    user_email: str
    user_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        expires_at = self.expires_at.isoformat()

        id = self.id

        last_used_at: None | str
        if isinstance(self.last_used_at, datetime.datetime):
            last_used_at = self.last_used_at.isoformat()
        else:
            last_used_at = self.last_used_at

        name = self.name

        revoked_at: None | str
        if isinstance(self.revoked_at, datetime.datetime):
            revoked_at = self.revoked_at.isoformat()
        else:
            revoked_at = self.revoked_at

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item = scopes_item_data.value
            scopes.append(scopes_item)



        status = self.status.value

        token = self.token

        user_email = self.user_email

        user_id = self.user_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "created_at": created_at,
            "expires_at": expires_at,
            "id": id,
            "last_used_at": last_used_at,
            "name": name,
            "revoked_at": revoked_at,
            "scopes": scopes,
            "status": status,
            "token": token,
            "user_email": user_email,
            "user_id": user_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))




        id = d.pop("id")

        def _parse_last_used_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_used_at_type_0 = datetime.datetime.fromisoformat(data)



                return last_used_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_used_at = _parse_last_used_at(d.pop("last_used_at"))


        name = d.pop("name")

        def _parse_revoked_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                revoked_at_type_0 = datetime.datetime.fromisoformat(data)



                return revoked_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        revoked_at = _parse_revoked_at(d.pop("revoked_at"))


        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in (_scopes):
            scopes_item = AccessTokenCreatedScopesItem(scopes_item_data)



            scopes.append(scopes_item)


        status = AccessTokenCreatedStatus(d.pop("status"))




        token = d.pop("token")

        user_email = d.pop("user_email")

        user_id = d.pop("user_id")

        access_token_created = cls(
            created_at=created_at,
            expires_at=expires_at,
            id=id,
            last_used_at=last_used_at,
            name=name,
            revoked_at=revoked_at,
            scopes=scopes,
            status=status,
            token=token,
            user_email=user_email,
            user_id=user_id,
        )


        access_token_created.additional_properties = d
        return access_token_created

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
