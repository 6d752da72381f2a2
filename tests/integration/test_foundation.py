"""The foundation: health, readiness, the error shape, request ids, and the UI fallback."""

from __future__ import annotations

import uuid

import pytest


async def test_health_is_ok_without_database(client) -> None:
    response = await client.get("/health")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}
    assert response.headers["x-request-id"]


async def test_ready_reports_pgvector_and_head(client) -> None:
    response = await client.get("/health/ready")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ready"
    assert body["database"] == "ok"
    assert body["migrations"] == "head"
    major, minor, *_ = (int(x) for x in body["vector_extension"].split("."))
    assert (major, minor) >= (0, 7)


@pytest.mark.parametrize("method", ["GET", "POST", "DELETE", "PUT"])
async def test_unknown_api_route_is_json_404(client, method: str) -> None:
    response = await client.request(method, f"/api/v1/{uuid.uuid4().hex}")
    assert response.status_code == 404
    body = response.json()
    assert body["error"]["code"] == "not_found"
    assert body["request_id"] == response.headers["x-request-id"]


async def test_wrong_method_on_known_route_is_405(client) -> None:
    response = await client.delete("/health")
    assert response.status_code == 405
    assert response.json()["error"]["code"] == "method_not_allowed"
    assert response.headers["allow"] == "GET"


async def test_request_id_is_echoed(client) -> None:
    response = await client.get("/api/v1/missing", headers={"X-Request-ID": "abc-123"})
    assert response.headers["x-request-id"] == "abc-123"
    assert response.json()["request_id"] == "abc-123"


async def test_ui_paths_fall_back_to_html(client) -> None:
    response = await client.get("/documents/view?id=1")
    assert response.status_code == 200
    assert "text/html" in response.headers["content-type"]


async def test_openapi_has_stable_operation_ids(client) -> None:
    spec = (await client.get("/openapi.json")).json()
    operation_ids = [op["operationId"] for path in spec["paths"].values() for op in path.values()]
    assert "health_live" in operation_ids
    assert len(operation_ids) == len(set(operation_ids))


async def test_wrong_method_on_an_api_route_is_405_json(client) -> None:
    response = await client.delete("/api/v1/auth/login")
    assert response.status_code == 405
    assert response.json()["error"]["code"] == "method_not_allowed"
    assert response.headers["allow"] == "POST"


async def test_unexpected_exception_is_a_generic_500(app, client) -> None:
    async def explode() -> None:
        raise RuntimeError("secret internals")

    app.add_api_route("/api/v1/_test/explode", explode, methods=["GET"])
    app.router.routes.insert(0, app.router.routes.pop())  # ahead of the UI's catch-all route
    response = await client.get("/api/v1/_test/explode", headers={"X-Request-ID": "boom-1"})
    assert response.status_code == 500
    assert response.json() == {
        "error": {"code": "internal_error", "message": "An unexpected error occurred.", "details": None},
        "request_id": "boom-1",
    }
    assert "secret" not in response.text and response.headers["x-request-id"] == "boom-1"
