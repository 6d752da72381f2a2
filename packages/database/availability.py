"""Telling "the database is not there right now" apart from every other database error.

A restart, a failover, a terminated backend or an exhausted pool is not the request's fault nor the document's:
requests answer 503 with Retry-After, and background work that such an error interrupted is resumed once the
database answers again instead of being marked failed (ADR-0017).
"""

from __future__ import annotations

import psycopg
from sqlalchemy import exc as sa_exc

# SQLSTATE classes of a lost or refused connection: 08 (connection exception) and 57P (operator intervention:
# admin_shutdown, crash_shutdown, cannot_connect_now, database_dropped), plus too_many_connections.
_UNAVAILABLE_SQLSTATES = ("08", "57P", "53300")


def database_unavailable(error: BaseException) -> bool:
    """Return True when `error` means the database could not be reached or dropped the connection."""
    if isinstance(error, sa_exc.TimeoutError):  # the pool had no connection to give within its timeout
        return True
    if isinstance(error, sa_exc.DBAPIError):
        if error.connection_invalidated:
            return True
        error = error.orig if error.orig is not None else error
    if isinstance(error, psycopg.InterfaceError):
        return True
    if isinstance(error, psycopg.OperationalError):
        sqlstate = getattr(error, "sqlstate", None)
        return sqlstate is None or sqlstate.startswith(_UNAVAILABLE_SQLSTATES)
    return False
