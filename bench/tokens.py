"""Authentication cost per request: a JWT against a personal access token (SHA-256 lookup under RLS), and one MCP
tool call (list_documents over streamable HTTP, JSON response), through the real app in-process (p50/p95/p99)."""

from __future__ import annotations

import asyncio
import json
import time

from _harness import bench_settings, percentiles, running_app, scratch_database

SAMPLES = 200
PASSWORD = "correct horse battery staple"
MCP_CALL = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "list_documents", "arguments": {}}}
MCP_HEADERS = {"Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18"}


async def timed(call, samples: int = SAMPLES) -> dict[str, float]:  # type: ignore[no-untyped-def]
    durations = []
    for _ in range(samples):
        started = time.perf_counter()
        await call()
        durations.append((time.perf_counter() - started) * 1000)
    return percentiles(durations)


async def main() -> None:
    settings = bench_settings(password_hash_rounds=4, embedding_provider="fake", llm_provider="fake")
    with scratch_database("bench-tokens") as url:
        async with running_app(settings, url) as client:
            email = f"bench-{time.time_ns()}@example.org"
            await client.post("/api/v1/auth/register", json={"email": email, "password": PASSWORD})
            jwt = (await client.post("/api/v1/auth/login", json={"email": email, "password": PASSWORD})).json()
            jwt_headers = {"Authorization": f"Bearer {jwt['access_token']}"}
            created = await client.post(
                "/api/v1/auth/tokens", json={"name": "bench", "scopes": ["read"]}, headers=jwt_headers
            )
            pat_headers = {"Authorization": f"Bearer {created.json()['token']}"}

            async def me(headers: dict[str, str]) -> None:
                assert (await client.get("/api/v1/auth/me", headers=headers)).status_code == 200

            async def mcp() -> None:
                response = await client.post("/mcp", json=MCP_CALL, headers={**pat_headers, **MCP_HEADERS})
                assert response.status_code == 200 and "error" not in response.json(), response.text

            await timed(lambda: me(jwt_headers), 20)  # warm-up
            for label, call in (
                ("GET /auth/me with a JWT", lambda: me(jwt_headers)),
                ("GET /auth/me with a personal access token", lambda: me(pat_headers)),
                ("MCP tools/call list_documents with a token", mcp),
            ):
                print(json.dumps({"bench": "tokens", "what": label, "samples": SAMPLES, **await timed(call)}))


if __name__ == "__main__":
    asyncio.run(main())
