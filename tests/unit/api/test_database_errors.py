"""A database error a request meets is told apart by what it is: a lost connection says the database cannot be
reached; a deadlock (the database answered: two transactions collided) says so instead, and is logged as an error
with its SQLSTATE. Both are 503 with Retry-After in the contract's error shape, never a 500."""

from __future__ import annotations

import logging

import httpx
import psycopg
import pytest
from fastapi import FastAPI
from psycopg import errors as pg_errors
from sqlalchemy import exc as sa_exc

from apps.api.errors import register_exception_handlers


def _app(error: Exception) -> FastAPI:
    app = FastAPI()
    register_exception_handlers(app)

    @app.get("/boom")
    async def boom() -> None:
        raise sa_exc.DBAPIError.instance("UPDATE runs SET status = 'x'", None, error, psycopg.Error)

    return app


async def _get(app: FastAPI) -> httpx.Response:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://test") as client:
        return await client.get("/boom")


@pytest.mark.parametrize(
    ("error", "says"),
    [
        (psycopg.OperationalError("connection failed: No such file or directory"), "not reachable"),
        (pg_errors.DeadlockDetected("deadlock detected"), "collided"),
    ],
)
async def test_a_database_error_says_what_it_is(error: Exception, says: str, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="apps.api.errors"):
        response = await _get(_app(error))
    assert response.status_code == 503 and response.headers["retry-after"].isdigit()
    body = response.json()
    assert body["error"]["code"] == "service_unavailable" and says in body["error"]["message"], body
    if says == "collided":
        assert any(r.levelno == logging.ERROR and "40P01" in r.getMessage() for r in caplog.records), caplog.text
