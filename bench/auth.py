"""Login latency at the configured bcrypt cost and at cost 10 (p50/p95), through the real app."""

from __future__ import annotations

import asyncio
import json
import time

from _harness import bench_settings, percentiles, running_app, scratch_database

SAMPLES = 30
PASSWORD = "correct horse battery staple"


async def measure(url: str, rounds: int) -> dict[str, float]:
    settings = bench_settings(password_hash_rounds=rounds, login_max_failures=10_000)
    async with running_app(settings, url) as client:
        email = f"bench-{rounds}-{time.time_ns()}@example.org"
        assert (
            await client.post("/api/v1/auth/register", json={"email": email, "password": PASSWORD})
        ).status_code == 201
        samples = []
        for _ in range(SAMPLES):
            started = time.perf_counter()
            response = await client.post("/api/v1/auth/login", json={"email": email, "password": PASSWORD})
            samples.append((time.perf_counter() - started) * 1000)
            assert response.status_code == 200
    return percentiles(samples)


async def main() -> None:
    configured = bench_settings().password_hash_rounds
    with scratch_database("bench-auth") as url:
        for rounds in dict.fromkeys([configured, 10]):
            figures = await measure(url, rounds)
            print(json.dumps({"bench": "login", "bcrypt_cost": rounds, "samples": SAMPLES, **figures}))


if __name__ == "__main__":
    asyncio.run(main())
