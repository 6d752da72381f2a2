"""The permissions routes require, one name each. Roles grant them through the `role_permissions` rows that
migration 0001 seeded; a test checks that this enum and those rows hold the same codes."""

from __future__ import annotations

from enum import StrEnum


class Permission(StrEnum):
    DOCUMENTS_READ = "documents:read"
    DOCUMENTS_WRITE = "documents:write"
    DOCUMENTS_DELETE = "documents:delete"
    SEARCH_RUN = "search:run"
    RUNS_READ = "runs:read"
    RUNS_CREATE = "runs:create"
    ANALYTICS_READ = "analytics:read"
    ADMIN_USERS = "admin:users"
    ADMIN_AUDIT = "admin:audit"
