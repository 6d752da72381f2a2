"""The UI catch-all against a small static export, as the contract has it: its pages, the app's index page as the
fallback for any other address (the app shows "Page not found" there itself), 405 with `Allow` for other methods,
and the contract's JSON errors for API paths whatever the UI holds."""

from __future__ import annotations

from pathlib import Path

import pytest

# Fixed, not generated: pytest-xdist workers must collect the same test ids.
SOME_ID = "7d0f3b52-5d7c-4a51-9c39-3f4c1b8f0a11"
PAGES = {
    "index.html": "<h1>Sign in to ORION</h1>",
    "documents.html": "<h1>Documents</h1>",
    "documents/view.html": "<h1>Document</h1>",
    "404.html": "<h1>Page not found</h1><a href='/'>Go to ORION's start page</a>",
    "_next/static/chunks/app.js": "console.log('app')",
}


@pytest.fixture(scope="module")
def ui_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A stand-in for `frontend/out`: a page per route (Next's static export), and its 404 page."""
    root = tmp_path_factory.mktemp("ui-out")
    for relative, content in PAGES.items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(content, encoding="utf-8")
    return root


@pytest.mark.parametrize(
    ("path", "heading"),
    [
        ("/", "Sign in to ORION"),
        ("/documents", "Documents"),
        ("/documents/", "Documents"),
        ("/documents/view?id=1", "Document"),
    ],
)
async def test_a_page_of_the_export_is_served(client, path: str, heading: str) -> None:
    response = await client.get(path)
    assert response.status_code == 200 and "text/html" in response.headers["content-type"]
    assert f"<h1>{heading}</h1>" in response.text


@pytest.mark.parametrize("path", ["/no-such-page", f"/documents/{SOME_ID}", "/documents/view/extra", "/a/b/c/"])
async def test_an_unknown_ui_address_gets_the_apps_index_page(client, path: str) -> None:
    response = await client.get(path)  # the contract: "static files, with the app's index page as fallback"
    assert response.status_code == 200 and "text/html" in response.headers["content-type"]
    assert response.text == PAGES["index.html"]
    head = await client.head(path)
    assert head.status_code == 200 and "text/html" in head.headers["content-type"]


@pytest.mark.parametrize("path", ["/x.png", "/_next/static/chunks/missing.js", "/documents/report.pdf"])
async def test_a_missing_file_is_the_exports_404_page(client, path: str) -> None:
    response = await client.get(path)
    assert response.status_code == 404 and "text/html" in response.headers["content-type"]
    assert "Page not found" in response.text


async def test_the_not_found_page_itself_is_404(client) -> None:
    response = await client.get("/404")
    assert response.status_code == 404 and "Page not found" in response.text


async def test_a_build_without_a_404_page_falls_back_to_the_index_page(database_url, test_settings, tmp_path) -> None:  # type: ignore[no-untyped-def]
    import httpx

    from apps.api.main import create_app

    (tmp_path / "index.html").write_text("<h1>Sign in to ORION</h1>", encoding="utf-8")
    application = create_app(test_settings, database_url=database_url, ui_dir=tmp_path, run_worker=False)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=application), base_url="http://testserver") as http:
        for path in ("/no-such-page", "/x.png"):
            response = await http.get(path)
            assert response.status_code == 200 and response.text == "<h1>Sign in to ORION</h1>"


async def test_static_assets_keep_their_type_and_cache(client) -> None:
    response = await client.get("/_next/static/chunks/app.js")
    assert response.status_code == 200 and "javascript" in response.headers["content-type"]
    assert "immutable" in response.headers["cache-control"]


@pytest.mark.parametrize("method", ["POST", "PUT", "PATCH", "DELETE"])
@pytest.mark.parametrize("path", ["/documents", "/no-such-page", "/"])
async def test_another_method_on_a_ui_address_is_405_naming_get_and_head(client, method: str, path: str) -> None:
    response = await client.request(method, path)
    assert response.status_code == 405
    assert response.json()["error"]["code"] == "method_not_allowed"
    assert response.headers["allow"] == "GET, HEAD"


@pytest.mark.parametrize("path", ["/api/v1/no-such-route", f"/api/v1/knowledge/documents/{SOME_ID}/nope", "/api"])
async def test_api_addresses_keep_the_json_error_shape(client, path: str) -> None:
    response = await client.get(path)
    assert response.status_code == 404 and response.headers["content-type"] == "application/json"
    body = response.json()
    assert body["error"]["code"] == "not_found" and body["request_id"] == response.headers["x-request-id"]
