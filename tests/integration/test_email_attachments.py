"""Email attachments become documents of their own, linked to their message, through the real upload route:
a question is answered from an attachment and cites the attachment's document; unread types are listed on the
message; deleting the message takes its attachments; links never cross organizations; and the abuse cases (an
attachment bomb, nested forwarded messages, an attachment past its format's caps) are refused whole."""

from __future__ import annotations

from email.message import EmailMessage

import psycopg
import pytest

from domains.execution.briefing.extractive import ExtractiveBriefingProvider
from domains.knowledge.ingestion.bulk import BulkIngestor
from domains.knowledge.service import Upload
from packages.database.engine import sync_url
from tests.conftest import make_test_settings
from tests.helpers.formats import make_docx, make_email, make_mbox, make_zip_bomb_docx
from tests.helpers.identity import register
from tests.helpers.knowledge import UPLOAD_URL, count_rows, upload
from tests.helpers.pdfs import text_pdf
from tests.helpers.runs import run_result, scripted_model, start_run

DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
INSPECTION = "Inspection of the Lakeside pumping station\nThe Lakeside station flow meter was calibrated on 14 June."


@pytest.fixture(scope="module")
def test_settings(tmp_path_factory):  # type: ignore[no-untyped-def]
    return make_test_settings(tmp_path_factory.mktemp("attachments"), max_table_rows=500, max_email_attachments=20)


def _message_with_attachments() -> EmailMessage:
    message = make_email("Quarterly station reports", "Hello board,\n\nThe station reports are attached.\n\nAlice")
    message.add_attachment(text_pdf(INSPECTION), maintype="application", subtype="pdf", filename="lakeside.pdf")
    staff = b"Station,Operator,Shift\nLakeside,Dana Whitfield,Night\nHillcrest,Omar Reyes,Day\n"
    message.add_attachment(staff, maintype="text", subtype="csv", filename="operators.csv")
    maintype, subtype = DOCX.split("/")
    message.add_attachment(make_docx(), maintype=maintype, subtype=subtype, filename="pumps.docx")
    message.add_attachment(
        b"MZ\x90\x00\x03binary", maintype="application", subtype="octet-stream", filename="setup.exe"
    )
    return message


async def _detail(client, account, document_id: str) -> dict:  # type: ignore[no-untyped-def]
    response = await client.get(f"{UPLOAD_URL}/{document_id}", headers=account.headers)
    assert response.status_code == 200, response.text
    return dict(response.json())


async def test_readable_attachments_become_linked_documents_and_answer_questions(client, app) -> None:
    account = await register(client)
    raw = _message_with_attachments().as_bytes()
    response = await upload(client, account, raw, "reports.eml")
    assert response.status_code == 201, response.text
    message_id = response.json()["document_id"]

    message = await _detail(client, account, message_id)
    assert message["document_type"] == "email" and message["parent_document_id"] is None
    children = {child["title"]: child for child in message["attachments"]}
    assert set(children) == {"lakeside.pdf", "operators.csv", "pumps.docx"}
    assert {children[name]["document_type"] for name in children} == {"pdf", "csv", "docx"}
    assert all(child["status"] == "indexed" for child in children.values())
    assert message["unread_attachments"] == [
        {
            "file_name": "setup.exe",
            "media_type": "application/octet-stream",
            "byte_size": 11,
            "reason": "unsupported_type",
        }
    ]
    # The message's own text holds its body, not the attachments' text (each is quoted from its own document).
    version = message["versions"][0]["id"]
    text = (await client.get(f"{UPLOAD_URL}/{message_id}/versions/{version}/text", headers=account.headers)).text
    assert "station reports are attached" in text and "Dana Whitfield" not in text

    csv_id = children["operators.csv"]["document_id"]
    csv_doc = await _detail(client, account, csv_id)
    assert csv_doc["parent_document_id"] == message_id and csv_doc["attachments"] == []
    csv_version = csv_doc["versions"][0]["id"]
    original = await client.get(f"{UPLOAD_URL}/{csv_id}/versions/{csv_version}/file", headers=account.headers)
    assert original.content.startswith(b"Station,Operator,Shift")  # the attachment's own bytes, decoded
    csv_text = (await client.get(f"{UPLOAD_URL}/{csv_id}/versions/{csv_version}/text", headers=account.headers)).text
    assert "Station: Lakeside | Operator: Dana Whitfield | Shift: Night" in csv_text.split("\n\n")

    with scripted_model(app, ExtractiveBriefingProvider(encoder=None)):
        run = await start_run(client, account, "When was the Lakeside station flow meter calibrated?")
    assert run["outcome"] == "answered", run
    result = await run_result(client, account, run["id"])
    cited = {citation["document_id"] for citation in result["citations"]}
    assert children["lakeside.pdf"]["document_id"] in cited
    quotes = [citation["quote"] for claim in result["result"]["claims"] for citation in claim["citations"]]
    assert any("calibrated on 14 June" in quote for quote in quotes), quotes

    # Asked of the message alone, the question still reaches its attachments (it was refused: only the body was
    # searched); the message's own id is what a user picks, not the PDF inside it.
    with scripted_model(app, ExtractiveBriefingProvider(encoder=None)):
        scoped = await start_run(
            client, account, "When was the Lakeside station flow meter calibrated?", document_ids=[message_id]
        )
    assert scoped["outcome"] == "answered", scoped
    scoped_result = await run_result(client, account, scoped["id"])
    assert {c["document_id"] for c in scoped_result["citations"]} <= {
        message_id,
        *(c["document_id"] for c in children.values()),
    }
    assert children["lakeside.pdf"]["document_id"] in {c["document_id"] for c in scoped_result["citations"]}
    assert scoped["input"]["document_ids"] == [message_id]  # the run records what was asked

    again = await upload(client, account, raw, "reports.eml")  # the same message: a duplicate, nothing new
    assert again.status_code == 200 and again.json()["duplicate"] is True
    assert len((await client.get(UPLOAD_URL, headers=account.headers)).json()) == 4


async def test_a_forwarded_message_becomes_a_linked_email_that_answers(client, app) -> None:
    account = await register(client)
    inner = make_email("Boiler service visit", "Hello,\n\nThe boiler service visit is booked for 9 October.\n\nBen")
    inner.add_attachment(b"part,cost\npump,120\n", maintype="text", subtype="csv", filename="parts.csv")
    outer = make_email("Fwd: boiler", "Forwarding Ben's note below.")
    outer.add_attachment(inner)  # message/rfc822, as mail clients forward "as attachment"
    response = await upload(client, account, outer.as_bytes(), "fwd.eml")
    assert response.status_code == 201, response.text
    message = await _detail(client, account, response.json()["document_id"])
    [child] = message["attachments"]
    assert child["document_type"] == "email" and child["title"] == "Boiler service visit.eml"
    forwarded = await _detail(client, account, child["document_id"])
    assert forwarded["parent_document_id"] == message["id"]
    assert [(a["file_name"], a["reason"]) for a in forwarded["unread_attachments"]] == [("parts.csv", "not_read")]

    with scripted_model(app, ExtractiveBriefingProvider(encoder=None)):
        run = await start_run(client, account, "When is the boiler service visit booked?")
    assert run["outcome"] == "answered", run
    result = await run_result(client, account, run["id"])
    documents = {evidence["chunk_id"]: evidence["document_id"] for evidence in result["citations"]}
    quoted = [citation["chunk_id"] for claim in result["result"]["claims"] for citation in claim["citations"]]
    assert quoted and {documents[chunk] for chunk in quoted} == {child["document_id"]}


async def test_deleting_the_message_deletes_its_attachments_only(client, database_url) -> None:
    account = await register(client)
    keep = await upload(client, account, "An unrelated note about the reservoir fence.", "fence.txt")
    response = await upload(client, account, _message_with_attachments().as_bytes(), "reports.eml")
    message_id = response.json()["document_id"]
    child_id = (await _detail(client, account, message_id))["attachments"][0]["document_id"]

    deleted = await client.delete(f"{UPLOAD_URL}/{message_id}", headers=account.headers)
    assert deleted.status_code == 204
    for gone in (message_id, child_id):
        assert (await client.get(f"{UPLOAD_URL}/{gone}", headers=account.headers)).status_code == 404
    remaining = [doc["id"] for doc in (await client.get(UPLOAD_URL, headers=account.headers)).json()]
    assert remaining == [keep.json()["document_id"]]
    assert count_rows(database_url, account.organization_id)["documents"] == 1


async def test_an_attachment_deleted_alone_leaves_the_message(client) -> None:
    account = await register(client)
    response = await upload(client, account, _message_with_attachments().as_bytes(), "reports.eml")
    message_id = response.json()["document_id"]
    first = (await _detail(client, account, message_id))["attachments"][0]["document_id"]
    assert (await client.delete(f"{UPLOAD_URL}/{first}", headers=account.headers)).status_code == 204
    message = await _detail(client, account, message_id)
    assert len(message["attachments"]) == 2 and first not in {a["document_id"] for a in message["attachments"]}


async def test_links_stay_inside_the_organization(client) -> None:
    owner, stranger = await register(client), await register(client)
    response = await upload(client, owner, _message_with_attachments().as_bytes(), "reports.eml")
    message_id = response.json()["document_id"]
    child_id = (await _detail(client, owner, message_id))["attachments"][0]["document_id"]
    for foreign in (message_id, child_id):
        assert (await client.get(f"{UPLOAD_URL}/{foreign}", headers=stranger.headers)).status_code == 404
        assert (await client.delete(f"{UPLOAD_URL}/{foreign}", headers=stranger.headers)).status_code == 404
    # The same message uploaded by another organization makes that organization's own, separate documents.
    theirs = await upload(client, stranger, _message_with_attachments().as_bytes(), "reports.eml")
    assert theirs.status_code == 201
    their_children = (await _detail(client, stranger, theirs.json()["document_id"]))["attachments"]
    assert len(their_children) == 3 and child_id not in {c["document_id"] for c in their_children}
    assert len((await _detail(client, owner, message_id))["attachments"]) == 3


async def test_the_database_refuses_a_link_into_another_organization(client, database_url) -> None:
    owner, stranger = await register(client), await register(client)
    message_id = (await upload(client, owner, _message_with_attachments().as_bytes(), "reports.eml")).json()[
        "document_id"
    ]
    theirs = (await upload(client, stranger, "A note of the other organization.", "note.txt")).json()["document_id"]
    with psycopg.connect(sync_url(database_url)) as conn, pytest.raises(psycopg.errors.ForeignKeyViolation):
        conn.execute(
            "UPDATE documents SET parent_document_id = %s WHERE id = %s AND organization_id = %s",
            (message_id, theirs, stranger.organization_id),
        )


async def test_mbox_attachments_link_to_the_archive(client) -> None:
    account = await register(client)
    messages = [
        make_email(
            f"Note {n}", f"Weekly note {n}.", attachment=("level.csv", "text/csv", f"Week,Level\n{n},7{n}\n".encode())
        )
        for n in range(2)
    ]
    response = await upload(client, account, make_mbox(messages), "notes.mbox")
    assert response.status_code == 201, response.text
    detail = await _detail(client, account, response.json()["document_id"])
    assert [child["title"] for child in detail["attachments"]] == ["level.csv", "level.csv"]


async def test_bulk_ingestion_links_attachments_to_their_message(client, app, test_settings) -> None:
    account = await register(client)
    ingestor = BulkIngestor(
        lambda org: app.state.db.owner_session(), test_settings, app.state.embedder(), account.organization_id
    )
    raw = _message_with_attachments().as_bytes()
    report = await ingestor.ingest([Upload(data=raw, filename="reports.eml", title=None, source=None)])
    assert [result.status for result in report.results] == ["ingested"] * 4, report.results
    message_id = report.results[0].document_id
    message = await _detail(client, account, message_id)
    children = {child["document_id"] for child in message["attachments"]}
    assert children == {result.document_id for result in report.results[1:]}
    assert message["unread_attachments"][0]["file_name"] == "setup.exe"

    # A later version of the message, read in bulk too, takes the attachments it no longer carries with it.
    resent = make_email("Quarterly station reports", "Hello board,\n\nOnly the pumps note this time.\n\nAlice")
    maintype, subtype = DOCX.split("/")
    resent.add_attachment(make_docx(), maintype=maintype, subtype=subtype, filename="pumps.docx")
    second = BulkIngestor(
        lambda org: app.state.db.owner_session(), test_settings, app.state.embedder(), account.organization_id
    )
    again = await second.ingest([Upload(data=resent.as_bytes(), filename="reports.eml", title=None, source=None)])
    assert [result.status for result in again.results] == ["ingested", "ingested"], again.results
    assert again.results[0].document_id == message_id
    after = (await _detail(client, account, message_id))["attachments"]
    assert [child["document_id"] for child in after] == [again.results[1].document_id]


def _nested(depth: int) -> bytes:
    inner = "Subject: innermost\nContent-Type: text/plain\n\nThe innermost note.\n"
    for level in range(depth):
        inner = (
            f"Subject: forwarded {level}\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=b{level}\n\n"
            f"--b{level}\nContent-Type: text/plain\n\nSee the forwarded message.\n--b{level}\n"
            f"Content-Type: message/rfc822\n\n{inner}\n--b{level}--\n"
        )
    return inner.encode()


def _attachment_bomb(count: int) -> bytes:
    message = make_email("Many files", "Here they are.")
    for n in range(count):
        message.add_attachment(f"File {n}".encode(), maintype="text", subtype="plain", filename=f"f{n}.txt")
    return message.as_bytes()


def _with_attachment(name: str, mime: str, content: bytes) -> bytes:
    return make_email("One file", "Attached.", attachment=(name, mime, content)).as_bytes()


@pytest.mark.parametrize(
    ("content", "status", "detail"),
    [
        (_attachment_bomb(1000), 413, ("max_attachments", 20)),
        (_nested(600), 422, ("reason", "too_complex")),
        (_nested(20), 422, ("reason", "too_complex")),
        (_with_attachment("big.csv", "text/csv", ("a,b\n" + "1,2\n" * 600).encode()), 413, ("max_table_rows", 500)),
        (_with_attachment("bomb.docx", DOCX, make_zip_bomb_docx(40 * 1024 * 1024)), 422, ("reason", "too_complex")),
    ],
    ids=["attachment-bomb", "nested-600", "nested-20", "oversized-table", "zip-bomb"],
)
async def test_abusive_messages_are_refused_whole_and_leave_nothing(
    client, database_url, content, status, detail
) -> None:
    account = await register(client)
    response = await upload(client, account, content, "abuse.eml")
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error", "request_id"} and body["error"]["details"][detail[0]] == detail[1]
    assert all(n == 0 for n in count_rows(database_url, account.organization_id).values())


async def test_a_new_version_of_the_message_drops_the_attachments_it_no_longer_carries(client) -> None:
    account = await register(client)
    first = await upload(client, account, _message_with_attachments().as_bytes(), "reports.eml")
    message_id = first.json()["document_id"]
    before = {a["title"]: a["document_id"] for a in (await _detail(client, account, message_id))["attachments"]}
    assert set(before) == {"lakeside.pdf", "operators.csv", "pumps.docx"}

    resent = make_email("Quarterly station reports", "Hello board,\n\nOnly the operators list this time.\n\nAlice")
    staff = b"Station,Operator,Shift\nLakeside,Dana Whitfield,Night\nHillcrest,Omar Reyes,Day\n"
    resent.add_attachment(staff, maintype="text", subtype="csv", filename="operators.csv")
    second = await upload(client, account, resent.as_bytes(), "reports.eml")
    assert second.status_code == 201 and second.json()["document_id"] == message_id, second.text

    after = (await _detail(client, account, message_id))["attachments"]
    assert [a["title"] for a in after] == ["operators.csv"]
    for name in ("lakeside.pdf", "pumps.docx"):  # gone with the version that carried them
        gone = await client.get(f"{UPLOAD_URL}/{before[name]}", headers=account.headers)
        assert gone.status_code == 404, name
    listed = {doc["title"] for doc in (await client.get(UPLOAD_URL, headers=account.headers)).json()}
    assert "lakeside.pdf" not in listed and "pumps.docx" not in listed
