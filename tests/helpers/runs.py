"""Helpers to drive investigations through POST /runs with a scripted model."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import httpx

from domains.execution.briefing import FakeLLMProvider
from tests.helpers.identity import Account

RUNS = "/api/v1/runs"


@contextlib.contextmanager
def scripted_model(app: Any, provider: Any) -> Iterator[Any]:
    """Make every run of `app` use `provider` as its model while the block runs."""
    services = app.state.workflow_services
    original = services.briefing
    services.briefing = lambda: provider
    try:
        yield provider
    finally:
        services.briefing = original


def fake(*script: Any) -> FakeLLMProvider:
    return FakeLLMProvider(list(script)) if script else FakeLLMProvider()


async def start_run(
    client: httpx.AsyncClient, account: Account, query: str, *, expect: int = 201, **extra: Any
) -> dict[str, Any]:
    inputs = {"query": query, **{k: v for k, v in extra.items() if k in ("document_ids", "top_k")}}
    body: dict[str, Any] = {"workflow_type": "evidence_briefing", "input": inputs}
    if "idempotency_key" in extra:
        body["idempotency_key"] = extra["idempotency_key"]
    response = await client.post(RUNS, json=body, headers=account.headers)
    assert response.status_code == expect, response.text
    return dict(response.json())


async def run_result(client: httpx.AsyncClient, account: Account, run_id: str) -> dict[str, Any]:
    response = await client.get(f"{RUNS}/{run_id}/result", headers=account.headers)
    assert response.status_code == 200, response.text
    return dict(response.json())
