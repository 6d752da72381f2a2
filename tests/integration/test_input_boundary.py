"""Nothing a client can send is a 500: NUL, lone surrogates, huge offsets, non-ASCII multipart names, bad JSON,
absurd token times, NaN thresholds (issue 16, items 5 and 6). Each refused request leaves the database as it was.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import jwt
import pytest

from tests.helpers.identity import PASSWORD, register, unique_email
from tests.helpers.knowledge import UPLOAD_URL, count_rows, multipart_body, upload_ok

NUL = "\u0000"
# json.dumps cannot write a lone surrogate as raw UTF-8, so the bodies carry the JSON escape itself.
SURROGATE_ESCAPE = "\\ud800"
DOC_ID = "00000000-0000-4000-8000-000000000000"
HUGE = str(2**63)


@pytest.fixture(scope="module")
async def account(client):  # type: ignore[no-untyped-def]
    return await register(client)


@pytest.fixture(scope="module")
async def document(client, account):  # type: ignore[no-untyped-def]
    return await upload_ok(client, account, "A short note about tides and the moon.", "tides.md")


def _assert_validation(response, field: str | None = None) -> dict:  # type: ignore[no-untyped-def]
    assert response.status_code == 422, response.text
    body = response.json()
    assert body["error"]["code"] == "validation_error"
    if field is not None:
        locations = [".".join(e["loc"]) for e in body["error"]["details"]["errors"]]
        assert any(field in loc for loc in locations), locations
    return dict(body)


JSON_NUL_CASES = [
    ("/api/v1/auth/register", {"email": unique_email(), "password": PASSWORD, "workspace": f"w{NUL}x"}, "workspace"),
    ("/api/v1/auth/register", {"email": f"a{NUL}b@example.org", "password": PASSWORD}, "email"),
    ("/api/v1/auth/login", {"email": f"a{NUL}@example.org", "password": "whatever1"}, "email"),
    ("/api/v1/auth/login", {"email": "a@example.org", "password": f"pass{NUL}word"}, "password"),
    ("/api/v1/knowledge/search", {"query_text": f"tides{NUL}"}, "query_text"),
    ("/api/v1/knowledge/search", {"query_text": "tides", "document_id": f"{NUL}"}, "document_id"),
    ("/api/v1/runs", {"workflow_type": "evidence_briefing", "input": {"query": f"q{NUL}"}}, "input.query"),
    (
        "/api/v1/runs",
        {"workflow_type": "evidence_briefing", "input": {"query": "q"}, "idempotency_key": f"k{NUL}"},
        "idempotency_key",
    ),
    (
        "/api/v1/runs",
        {"workflow_type": "evidence_briefing", "input": {"query": "q", "document_ids": [f"{NUL}"]}},
        "document_ids.0",
    ),
    ("/api/v1/runs", {"workflow_type": f"evidence{NUL}", "input": {"query": "q"}}, "workflow_type"),
    ("/api/v1/runs", {"workflow_type": "evidence_briefing", "input": {f"k{NUL}": "q"}}, "input.<key>"),
]


@pytest.mark.parametrize(("url", "body", "field"), JSON_NUL_CASES)
async def test_nul_in_any_json_string_is_422_naming_the_field(client, account, url, body, field) -> None:
    response = await client.post(url, json=body, headers=account.headers)
    _assert_validation(response, field)


SURROGATE_CASES = [
    ("/api/v1/auth/login", '{"email": "a%s@example.org", "password": "whatever1"}', "email"),
    ("/api/v1/knowledge/search", '{"query_text": "tides %s"}', "query_text"),
    ("/api/v1/runs", '{"workflow_type": "evidence_briefing", "input": {"query": "q%s"}}', "input.query"),
    ("/api/v1/auth/register", '{"email": "s@example.org", "password": "x%sy correct horse"}', "password"),
]


@pytest.mark.parametrize(("url", "template", "field"), SURROGATE_CASES)
async def test_lone_surrogate_is_422(client, account, url, template, field) -> None:
    body = template % SURROGATE_ESCAPE
    headers = {**account.headers, "content-type": "application/json"}
    _assert_validation(await client.post(url, content=body.encode(), headers=headers), field)


PATH_CASES = [
    "/api/v1/knowledge/documents/%00",
    "/api/v1/knowledge/documents/abc%00def/chunks",
    "/api/v1/knowledge/documents/%00/versions/%00/text",
    "/api/v1/runs/%00",
    "/api/v1/runs/%00/events",
    "/api/v1/runs/%00/summary",
]


@pytest.mark.parametrize("path", PATH_CASES)
async def test_nul_in_a_path_is_422(client, account, path) -> None:
    _assert_validation(await client.get(path, headers=account.headers), "path")


async def test_nul_in_a_query_id_is_422(client, account, document) -> None:
    response = await client.get(
        f"{UPLOAD_URL}/{document['document_id']}/chunks", params={"version_id": f"v{NUL}"}, headers=account.headers
    )
    _assert_validation(response, "query.version_id")


LIST_ROUTES = [
    "/api/v1/knowledge/documents",
    "/api/v1/runs",
    "/api/v1/admin/users",
    "/api/v1/admin/audit",
    "/api/v1/knowledge/documents/{document}/chunks",
    "/api/v1/runs/{run}/events",
]


@pytest.mark.parametrize("route", LIST_ROUTES)
@pytest.mark.parametrize("offset", [HUGE, str(2**64), "1e3", "-1", "99999999999999999999999999"])
async def test_offset_out_of_range_is_422_on_every_list(client, account, document, route, offset) -> None:
    path = route.format(document=document["document_id"], run=DOC_ID)
    response = await client.get(path, params={"offset": offset}, headers=account.headers)
    _assert_validation(response, "offset")


async def test_largest_offset_is_an_empty_page(client, account) -> None:
    response = await client.get("/api/v1/knowledge/documents", params={"offset": 10**9}, headers=account.headers)
    assert response.status_code == 200 and response.json() == []


@pytest.mark.parametrize(
    "filename",
    ["Отчет.md", "東京.md", "report – final.md", "notes 🦊.md", "résumé.md", "finance/report.md"],
)
async def test_multipart_filenames_are_utf8_and_kept_exactly(client, account, filename) -> None:
    content = f"Text of {uuid.uuid4().hex} about {filename}.".encode()
    response = await client.post(
        UPLOAD_URL, files={"file": (filename, content, "text/markdown")}, headers=account.headers
    )
    assert response.status_code == 201, response.text
    document = await _detail(client, account, response.json())
    assert document["title"] == filename
    assert document["source"] == filename


async def test_namesakes_in_two_folders_are_two_documents(client, account) -> None:
    first = await client.post(
        UPLOAD_URL,
        files={"file": ("finance/report.md", b"Budget: 40,000 euros.", "text/markdown")},
        headers=account.headers,
    )
    second = await client.post(
        UPLOAD_URL,
        files={"file": ("legal/report.md", b"Contract ends in May.", "text/markdown")},
        headers=account.headers,
    )
    assert first.status_code == second.status_code == 201, (first.text, second.text)
    assert first.json()["document_id"] != second.json()["document_id"]
    assert second.json()["version_number"] == 1


async def _detail(client, account, created: dict) -> dict:  # type: ignore[no-untyped-def]
    response = await client.get(f"{UPLOAD_URL}/{created['document_id']}", headers=account.headers)
    assert response.status_code == 200
    return dict(response.json())


async def test_rfc5987_filename_star_wins_and_is_decoded(client, account) -> None:
    body, content_type = multipart_body(
        (
            b'Content-Disposition: form-data; name="file"; filename="fallback.md"; '
            b"filename*=UTF-8''%E6%9D%B1%E4%BA%AC%20r%C3%A9sum%C3%A9.md",
            f"Filename star {uuid.uuid4().hex}.".encode(),
        )
    )
    response = await client.post(UPLOAD_URL, content=body, headers={**account.headers, "content-type": content_type})
    assert response.status_code == 201, response.text
    assert (await _detail(client, account, response.json()))["title"] == "東京 résumé.md"


async def test_utf8_field_names_and_values_are_decoded(client, account) -> None:
    title_part = (
        b'Content-Disposition: form-data; name="title"\r\n\r\n' + "Überblick – 概要".encode() + b"\r\n--b0und4ry\r\n"
    )
    body, content_type = multipart_body(
        (b'Content-Disposition: form-data; name="file"; filename="u.md"', f"Body {uuid.uuid4().hex}".encode())
    )
    body = b"--b0und4ry\r\n" + title_part + body.removeprefix(b"--b0und4ry\r\n")
    response = await client.post(UPLOAD_URL, content=body, headers={**account.headers, "content-type": content_type})
    assert response.status_code == 201, response.text
    assert (await _detail(client, account, response.json()))["title"] == "Überblick – 概要"


@pytest.mark.parametrize(
    ("disposition", "field"),
    [
        (b'Content-Disposition: form-data; name="file"; filename="a\x00b.md"', "filename"),
        (b"Content-Disposition: form-data; name=\"file\"; filename*=UTF-8''a%00b.md", "filename"),
        (b'Content-Disposition: form-data; name="file"; filename="\xff\xfe.md"', "file"),
        (b"Content-Disposition: form-data; name=\"file\"; filename*=UTF-8''%ED%A0%80.md", "filename"),
        (b"Content-Disposition: form-data; name=\"file\"; filename*=KOI8-R''x.md", "filename"),
    ],
)
async def test_bad_multipart_names_are_422(client, account, database_url, disposition, field) -> None:
    before = count_rows(database_url, account.organization_id)
    body, content_type = multipart_body((disposition, b"some text"))
    response = await client.post(UPLOAD_URL, content=body, headers={**account.headers, "content-type": content_type})
    _assert_validation(response, field)
    assert count_rows(database_url, account.organization_id) == before


@pytest.mark.parametrize(
    "disposition", [b'Content-Disposition: form-data; name="file"', b'Content-Disposition: form-data; name="file"; x=1']
)
async def test_a_file_field_without_a_filename_is_422_not_a_document(
    client, account, database_url, disposition
) -> None:
    # "curl -F file=hello" sends text typed into a form; a document needs a file part (outside check F9)
    before = count_rows(database_url, account.organization_id)
    body, content_type = multipart_body((disposition, b"hello this is not a file"))
    response = await client.post(UPLOAD_URL, content=body, headers={**account.headers, "content-type": content_type})
    _assert_validation(response, "file")
    assert "filename" in response.json()["error"]["message"]
    assert count_rows(database_url, account.organization_id) == before


@pytest.mark.parametrize("field", ["title", "source"])
async def test_nul_in_upload_text_fields_is_422(client, account, database_url, field) -> None:
    before = count_rows(database_url, account.organization_id)
    response = await client.post(
        UPLOAD_URL,
        files={"file": ("n.md", b"text", "text/markdown")},
        data={field: f"bad{NUL}value"},
        headers=account.headers,
    )
    _assert_validation(response, field)
    assert count_rows(database_url, account.organization_id) == before


@pytest.mark.parametrize(
    "body", [b"{", b'{"query_text": "x",}', b"\xff\xfe{}", b'{"query_text": NaN}', b"[1, 2", b'{"a": Infinity}']
)
async def test_malformed_json_is_422_validation_error(client, account, body) -> None:
    headers = {**account.headers, "content-type": "application/json"}
    _assert_validation(await client.post("/api/v1/knowledge/search", content=body, headers=headers), "body")


@pytest.mark.parametrize("threshold", ["NaN", "Infinity", "-Infinity", "1e999"])
async def test_non_finite_score_threshold_is_422(client, account, threshold) -> None:
    headers = {**account.headers, "content-type": "application/json"}
    body = f'{{"query_text": "tides", "score_threshold": {threshold}}}'.encode()
    _assert_validation(await client.post("/api/v1/knowledge/search", content=body, headers=headers))


@pytest.mark.parametrize("field", ["iat", "iat_us", "exp"])
@pytest.mark.parametrize("value", [10**18, -(10**18), 2**70])
async def test_absurd_token_times_are_401(app, client, account, field, value) -> None:
    now = datetime.now(UTC)
    claims = {
        "sub": account.user["id"],
        "org": account.organization_id,
        "iat": int(now.timestamp()),
        "iat_us": int(now.timestamp() * 1_000_000),
        "exp": int((now + timedelta(hours=1)).timestamp()),
        "jti": uuid.uuid4().hex,
    }
    claims[field] = value
    if field == "iat":
        claims.pop("iat_us")  # otherwise the microsecond claim is the one read
    token = jwt.encode(claims, app.state.jwt_secret, algorithm="HS256")
    response = await client.get("/api/v1/auth/me", headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 401, response.text
    assert response.json()["error"]["code"] == "unauthorized"


async def test_every_response_carries_security_headers(client, account) -> None:
    for response in (
        await client.get("/health"),
        await client.get("/api/v1/auth/me", headers=account.headers),
        await client.get("/api/v1/nowhere"),
        await client.get("/api/v1/runs/%00", headers=account.headers),
    ):
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["x-frame-options"] == "DENY"
        assert response.headers["referrer-policy"] == "no-referrer"


@pytest.mark.parametrize(
    "content_type", ["text/plain", "application/x-www-form-urlencoded", "application/xml", "multipart/form-data"]
)
async def test_a_json_route_refuses_another_body_type_with_415(client, account, content_type) -> None:
    body = b'{"query_text": "tides"}'
    response = await client.post(
        "/api/v1/knowledge/search", content=body, headers={**account.headers, "content-type": content_type}
    )
    assert response.status_code == 415, response.text
    assert response.json()["error"]["code"] == "unsupported_media_type"
    # The JSON it always was is answered; a body-less POST needs no type.
    ok = await client.post("/api/v1/knowledge/search", json={"query_text": "tides"}, headers=account.headers)
    assert ok.status_code == 200, ok.text
    cancel = await client.post("/api/v1/runs/00000000-0000-4000-8000-000000000000/cancel", headers=account.headers)
    assert cancel.status_code == 404, cancel.text
    # A body sent with no type at all is refused the same way.
    untyped = await client.post("/api/v1/knowledge/search", content=body, headers=account.headers)
    assert untyped.status_code == 415 and untyped.json()["error"]["code"] == "unsupported_media_type", untyped.text
    # The upload takes multipart and says so itself, not "send JSON".
    form = await client.post(UPLOAD_URL, content=b"a=b", headers={**account.headers, "content-type": content_type})
    assert "multipart/form-data" in form.json()["error"]["message"], form.text


async def test_a_refused_cors_preflight_answers_in_the_error_shape(client) -> None:
    """The default allows http://localhost:3000 only; another origin's preflight is refused in the one error shape."""
    preflight = {"Access-Control-Request-Method": "POST"}
    refused = await client.options("/api/v1/auth/login", headers={**preflight, "Origin": "https://elsewhere.example"})
    assert refused.status_code == 403 and refused.headers["content-type"] == "application/json"
    body = refused.json()
    assert body["error"]["code"] == "forbidden" and body["error"]["details"] == {"refused": ["origin"]}
    assert body["request_id"] == refused.headers["x-request-id"]
    allowed = await client.options("/api/v1/auth/login", headers={**preflight, "Origin": "http://localhost:3000"})
    assert allowed.status_code == 200
    assert allowed.headers["access-control-allow-origin"] == "http://localhost:3000"


async def test_head_answers_as_get_without_a_body(client, account) -> None:
    """HEAD on a GET route was a 405; it answers as GET would, headers and all, with no body."""
    health = await client.head("/health")
    assert health.status_code == 200 and health.content == b""
    listing = await client.head("/api/v1/knowledge/documents", headers=account.headers)
    got = await client.get("/api/v1/knowledge/documents", headers=account.headers)
    assert listing.status_code == 200 and listing.content == b""
    assert listing.headers["x-total-count"] == got.headers["x-total-count"] and listing.headers["x-request-id"]
    refused = await client.head("/api/v1/knowledge/documents")
    assert refused.status_code == 401 and refused.content == b""
    assert (await client.head("/api/v1/knowledge/documents/not-a-document", headers=account.headers)).status_code == 404


async def test_a_refused_character_reads_like_any_other_invalid_field(client, account) -> None:  # type: ignore[no-untyped-def]
    """The boundary's 422 named the field with its source ("Invalid body.input.query"), repeated the whole message in
    `msg` and was serialised with spaces: clients matching on either saw two styles (outside check)."""
    response = await client.post(
        "/api/v1/runs",
        json={"workflow_type": "evidence_briefing", "input": {"query": f"deposit{NUL}?"}},
        headers=account.headers,
    )
    body = _assert_validation(response, "input.query")
    assert body["error"]["message"] == "Invalid input.query: must not contain NUL characters"
    assert body["error"]["details"]["errors"] == [
        {"loc": ["body", "input", "query"], "msg": "must not contain NUL characters", "type": "invalid_character"}
    ]
    blank = await client.post(
        "/api/v1/runs", json={"workflow_type": "evidence_briefing", "input": {"query": "   "}}, headers=account.headers
    )
    assert blank.json()["error"]["message"].startswith("Invalid input.query: ")  # pydantic's wording, the same form
    for refused in (response, blank):
        assert b'": ' not in refused.content and b'", "' not in refused.content  # compact, as every JSON response
