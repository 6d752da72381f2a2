"""Serve the exported web UI at `/`, while every unmatched `/api/` path keeps the JSON error shape."""

from __future__ import annotations

import mimetypes
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, Response
from starlette.routing import Match

from apps.api.errors import error_response

UI_MISSING = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ORION</title></head>
<body><main><h1>ORION</h1><p>The web UI has not been built. Run <code>make run</code> (it builds the UI),
or use the API under <a href="/docs">/docs</a>.</p></main></body></html>"""

_API_PREFIXES = ("/api/", "/health/")
_ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
_UI_METHODS = ("GET", "HEAD")
_NOT_FOUND_PAGES = ("404.html", "_not-found.html")


def _allowed_methods(app: FastAPI, request: Request) -> list[str]:
    """Return the methods another route answers on this path (none: the path itself is unknown)."""
    routes = [route for route in app.router.routes if getattr(route, "name", "") != "ui_fallback"]
    allowed = []
    for method in _ALL_METHODS:
        scope = {**request.scope, "method": method}
        if any(route.matches(scope)[0] == Match.FULL for route in routes):
            allowed.append(method)
    return allowed


def _resolve_ui_file(root: Path, path: str) -> Path | None:
    relative = path.strip("/")
    candidates = [root / relative] if relative else []
    candidates += [root / f"{relative}.html", root / relative / "index.html"] if relative else [root / "index.html"]
    for candidate in candidates:
        try:
            resolved = candidate.resolve()
        except OSError:
            continue
        if resolved.is_file() and resolved.is_relative_to(root):
            return resolved
    return None


def mount_ui(app: FastAPI, ui_dir: Path | None) -> None:
    """Add the catch-all route: API-looking paths answer 404/405 JSON, anything else is the UI: its file, else the
    app's index page (the contract's fallback; the app itself shows "Page not found" for an address it has no page
    for). A missing asset-like file (a name with an extension) gets the export's 404 page instead, when it has one."""
    root = ui_dir.resolve() if ui_dir else None

    @app.api_route("/{path:path}", methods=_ALL_METHODS, include_in_schema=False, name="ui_fallback")
    async def ui_fallback(request: Request, path: str) -> Response:
        full_path = "/" + path
        if full_path.startswith(_API_PREFIXES) or full_path in ("/api", "/health"):
            allowed = _allowed_methods(app, request)
            if allowed:  # RFC 9110: a 405 says which methods the resource has
                return error_response(
                    405,
                    "method_not_allowed",
                    "This method is not allowed on this resource.",
                    headers={"Allow": ", ".join(allowed)},
                )
            return error_response(404, "not_found", "The requested resource does not exist.")
        if request.method not in _UI_METHODS:
            return error_response(
                405,
                "method_not_allowed",
                "This method is not allowed on this resource.",
                headers={"Allow": ", ".join(_UI_METHODS)},
            )
        if root is None or not (root / "index.html").is_file():
            return HTMLResponse(UI_MISSING)
        found = _resolve_ui_file(root, path)
        if found is None:
            if "." in path.rsplit("/", 1)[-1] and (root / "404.html").is_file():  # a missing file, not a page
                return FileResponse(root / "404.html", status_code=404, media_type="text/html")
            return FileResponse(root / "index.html", media_type="text/html")
        if found.name in _NOT_FOUND_PAGES and found.parent == root:
            return FileResponse(found, status_code=404, media_type="text/html")
        media_type = mimetypes.guess_type(found.name)[0] or "application/octet-stream"
        headers = {"Cache-Control": "public, max-age=31536000, immutable"} if "/_next/static/" in full_path else {}
        return FileResponse(found, media_type=media_type, headers=headers)
