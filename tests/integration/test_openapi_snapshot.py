"""The UI's API types are generated from frontend/openapi.json; it must be the app's current OpenAPI document."""

from __future__ import annotations

import json
from pathlib import Path

SNAPSHOT = Path(__file__).resolve().parents[2] / "frontend" / "openapi.json"


async def test_frontend_openapi_snapshot_is_current(app) -> None:
    assert SNAPSHOT.is_file(), "frontend/openapi.json is missing: run `make ui-types`"
    committed = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    assert committed == json.loads(json.dumps(app.openapi())), (
        "the API changed but the UI's generated types did not: run `make ui-types` and commit the result"
    )
