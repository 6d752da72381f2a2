"""Which database errors mean "the database is not there right now" (503, resume later) and which do not."""

from __future__ import annotations

import psycopg
import pytest
from psycopg import errors as pg_errors
from sqlalchemy import exc as sa_exc

from packages.database.availability import database_unavailable


def _wrapped(error: Exception, *, invalidated: bool = False) -> sa_exc.DBAPIError:
    return sa_exc.DBAPIError.instance("SELECT 1", None, error, psycopg.Error, connection_invalidated=invalidated)


@pytest.mark.parametrize(
    "error",
    [
        psycopg.OperationalError("connection failed: No such file or directory"),  # socket gone (server stopped)
        pg_errors.AdminShutdown("terminating connection due to administrator command"),  # 57P01 (stop -m fast)
        pg_errors.CannotConnectNow("the database system is starting up"),  # 57P03
        pg_errors.TooManyConnections("too many clients already"),
        psycopg.InterfaceError("the connection is closed"),
    ],
)
def test_lost_or_refused_connections_are_unavailability(error: Exception) -> None:
    assert database_unavailable(error)
    assert database_unavailable(_wrapped(error))


def test_an_exhausted_pool_and_an_invalidated_connection_are_unavailability() -> None:
    assert database_unavailable(sa_exc.TimeoutError("QueuePool limit reached"))
    assert database_unavailable(_wrapped(pg_errors.QueryCanceled("canceling statement"), invalidated=True))


@pytest.mark.parametrize(
    "error",
    [
        pg_errors.DeadlockDetected("deadlock detected"),  # an OperationalError in DB-API terms, but not an outage
        pg_errors.QueryCanceled("canceling statement due to statement timeout"),
        pg_errors.UniqueViolation("duplicate key"),
        ValueError("not a database error"),
    ],
)
def test_other_errors_are_not(error: Exception) -> None:
    assert not database_unavailable(error)
    assert not database_unavailable(_wrapped(error))
