"""Identity tables: organizations (the tenant boundary), users, RBAC, and the audit trail."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Computed,
    DateTime,
    ForeignKey,
    ForeignKeyConstraint,
    Identity,
    Index,
    Integer,
    String,
    Table,
)
from sqlalchemy.dialects.postgresql import ARRAY, JSONB
from sqlalchemy.orm import Mapped, mapped_column, relationship

from packages.database.base import ID_LENGTH, Base, created_at_column, id_column

user_roles = Table(
    "user_roles",
    Base.metadata,
    Column("user_id", String(ID_LENGTH), ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("role_id", String(ID_LENGTH), ForeignKey("roles.id", ondelete="CASCADE"), primary_key=True),
)

role_permissions = Table(
    "role_permissions",
    Base.metadata,
    Column("role_id", String(ID_LENGTH), ForeignKey("roles.id", ondelete="CASCADE"), primary_key=True),
    Column("permission_id", String(ID_LENGTH), ForeignKey("permissions.id", ondelete="CASCADE"), primary_key=True),
)


# The workspace name as uniqueness sees it: invisible characters removed, NFKC, lower-cased (migration 0005).
NAME_KEY_SQL = (
    "lower(normalize(regexp_replace(name, "
    "'[\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200F"
    "\\u202A-\\u202E\\u2060-\\u206F\\u3164\\uFE00-\\uFE0F\\uFEFF\\uFFA0]', '', 'g'), NFKC))"
)


class Organization(Base):
    __tablename__ = "organizations"
    __table_args__ = (Index("ix_organizations_name_key", "name_key", unique=True),)

    id: Mapped[str] = id_column()
    name: Mapped[str] = mapped_column(String(255), unique=True)
    name_key: Mapped[str | None] = mapped_column(String(300), Computed(NAME_KEY_SQL, persisted=True))
    created_at: Mapped[datetime] = created_at_column()


class LoginAttempt(Base):
    """One password check reserved under one throttle key (a digest of email+address, address or account)."""

    __tablename__ = "login_attempts"
    __table_args__ = (
        Index("ix_login_attempts_key_hash_created_at", "key_hash", "created_at"),
        Index("ix_login_attempts_attempt_id", "attempt_id"),
        Index("ix_login_attempts_created_at", "created_at"),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(always=False), primary_key=True)
    key_hash: Mapped[str] = mapped_column(String(64))
    attempt_id: Mapped[str] = mapped_column(String(ID_LENGTH))
    created_at: Mapped[datetime] = created_at_column()


class LoginGuard(Base):
    """A throttle key's back-off state, and (for an email+address pair) until when the address is trusted."""

    __tablename__ = "login_guards"

    key_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    strikes: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    blocked_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    trusted_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = created_at_column()


class PermissionRow(Base):
    __tablename__ = "permissions"

    id: Mapped[str] = id_column()
    code: Mapped[str] = mapped_column(String(150), unique=True)
    description: Mapped[str | None] = mapped_column(String(255))


class Role(Base):
    __tablename__ = "roles"

    id: Mapped[str] = id_column()
    name: Mapped[str] = mapped_column(String(100), unique=True)
    description: Mapped[str | None] = mapped_column(String(255))
    permissions: Mapped[list[PermissionRow]] = relationship(secondary=role_permissions, lazy="raise")


class User(Base):
    __tablename__ = "users"
    __table_args__ = (Index("ix_users_email", "email", unique=True),)

    id: Mapped[str] = id_column()
    organization_id: Mapped[str] = mapped_column(
        String(ID_LENGTH), ForeignKey("organizations.id", ondelete="RESTRICT"), index=True
    )
    email: Mapped[str] = mapped_column(String(320))
    hashed_password: Mapped[str] = mapped_column(String(255))
    is_active: Mapped[bool] = mapped_column(Boolean, default=True, server_default="true")
    created_at: Mapped[datetime] = created_at_column()
    tokens_valid_from: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))

    organization: Mapped[Organization] = relationship(lazy="raise")
    roles: Mapped[list[Role]] = relationship(secondary=user_roles, lazy="raise")


class AuditEvent(Base):
    __tablename__ = "audit_events"
    __table_args__ = (
        ForeignKeyConstraint(["organization_id"], ["organizations.id"], ondelete="CASCADE"),
        Index("ix_audit_events_organization_id_created_at", "organization_id", "created_at"),
    )

    id: Mapped[str] = id_column()
    organization_id: Mapped[str] = mapped_column(String(ID_LENGTH))
    actor_id: Mapped[str | None] = mapped_column(String(ID_LENGTH), ForeignKey("users.id", ondelete="SET NULL"))
    action: Mapped[str] = mapped_column(String(50))
    target: Mapped[str | None] = mapped_column(String(255))
    details: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    created_at: Mapped[datetime] = created_at_column()


class PersonalAccessToken(Base):
    """A named, scoped, expiring bearer secret of one user; only its SHA-256 is stored (ADR-0019)."""

    __tablename__ = "personal_access_tokens"
    __table_args__ = (
        ForeignKeyConstraint(["organization_id"], ["organizations.id"], ondelete="CASCADE"),
        Index("ix_personal_access_tokens_organization_id_created_at", "organization_id", "created_at"),
    )

    id: Mapped[str] = id_column()
    organization_id: Mapped[str] = mapped_column(String(ID_LENGTH))
    user_id: Mapped[str] = mapped_column(String(ID_LENGTH), ForeignKey("users.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(100))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    scopes: Mapped[list[str]] = mapped_column(ARRAY(String(20)))
    created_at: Mapped[datetime] = created_at_column()
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    last_used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    revoked_by: Mapped[str | None] = mapped_column(String(ID_LENGTH), ForeignKey("users.id", ondelete="SET NULL"))


__all__ = [
    "AuditEvent",
    "LoginAttempt",
    "LoginGuard",
    "Organization",
    "PermissionRow",
    "PersonalAccessToken",
    "Role",
    "User",
    "role_permissions",
    "user_roles",
]
