"""The email parser's attachments: which are read (each parsed on its own), which are only listed and why, and
the guards that refuse a whole message before the stdlib parser recurses into it."""

from __future__ import annotations

import pytest

from domains.knowledge.errors import DocumentTooComplex, DocumentTooLarge
from domains.knowledge.ingestion.parsing import ParseLimits, parse_document
from domains.knowledge.ingestion.parsing.email import AttachmentListing
from tests.helpers.formats import image_bytes, make_email, make_mbox, text_image
from tests.helpers.pdfs import text_pdf


def _message(*attachments: tuple[str, str, bytes]):  # type: ignore[no-untyped-def]
    message = make_email("Files", "The files are attached.")
    for name, mime, content in attachments:
        maintype, subtype = mime.split("/")
        message.add_attachment(content, maintype=maintype, subtype=subtype, filename=name)
    return message


def test_readable_attachments_are_parsed_and_the_rest_listed_with_a_reason() -> None:
    message = _message(
        ("notes.md", "text/markdown", b"# Notes\n\nThe gate code changed on Monday."),
        ("scan.png", "image/png", image_bytes(text_image(["GATE CODE"]))),
        ("report.pdf", "application/pdf", text_pdf("The pump was serviced in May.")),
        ("archive.zip", "application/zip", b"PK\x05\x06" + b"\x00" * 18),
        ("blank.txt", "text/plain", b"   \n"),
        ("forward.eml", "message/rfc822", make_email("Inner", "Forwarded text.").as_bytes()),
    )
    parsed = parse_document(message.as_bytes(), "files.eml")
    assert "gate code" not in parsed.text.lower()  # the message text is its own body only
    read = {a.file_name: a for a in parsed.attachments}
    assert set(read) == {"notes.md", "scan.png", "report.pdf", "forward.eml"}
    assert read["notes.md"].parsed.document_type == "markdown" and read["notes.md"].number == 1
    assert read["scan.png"].parsed.ocr_pending == [1]  # OCR is deferred to the worker, never run in the parse
    assert read["report.pdf"].data.startswith(b"%PDF")
    listing = AttachmentListing.model_validate(parsed.metadata).attachments
    assert [(a.file_name, a.reason) for a in listing] == [
        ("notes.md", None),
        ("scan.png", None),
        ("report.pdf", None),
        ("archive.zip", "unsupported_type"),
        ("blank.txt", "empty"),
        ("forward.eml", None),
    ]
    assert read["forward.eml"].parsed.document_type == "email"


def test_a_forwarded_message_is_read_one_level_deep() -> None:
    inner = make_email("Quote for the roof", "The roofer quotes 4,200 euros, valid until 30 June.")
    inner.add_attachment(b"item,price\nroof,4200\n", maintype="text", subtype="csv", filename="quote.csv")
    outer = make_email("Fwd: roof", "See the forwarded quote below.")
    outer.add_attachment(inner.as_bytes(), maintype="message", subtype="rfc822")  # no file name: named by subject
    parsed = parse_document(outer.as_bytes(), "fwd.eml")
    assert "4,200" not in parsed.text  # the outer message's text is its own body
    [forwarded] = parsed.attachments
    assert forwarded.file_name == "Quote for the roof.eml"
    assert forwarded.parsed.document_type == "email"
    assert "The roofer quotes 4,200 euros" in forwarded.parsed.text
    assert forwarded.parsed.metadata["subject"] == "Quote for the roof"
    assert forwarded.parsed.attachments == []  # one level: the forwarded message's own file is listed, not read
    inner_listing = AttachmentListing.model_validate(forwarded.parsed.metadata).attachments
    assert [(a.file_name, a.reason) for a in inner_listing] == [("quote.csv", "not_read")]
    assert parse_document(forwarded.data, forwarded.file_name).text == forwarded.parsed.text  # GET .../file re-reads


def test_an_archive_numbers_attachments_across_its_messages() -> None:
    messages = [make_email(f"Note {n}", "Body.", attachment=("a.csv", "text/csv", b"x,y\n1,2\n")) for n in range(3)]
    parsed = parse_document(make_mbox(messages), "notes.mbox")
    assert [a.number for a in parsed.attachments] == [1, 2, 3]
    assert [a.message for a in AttachmentListing.model_validate(parsed.metadata).attachments] == [1, 2, 3]


def test_more_attachments_than_the_cap_refuse_the_message() -> None:
    message = _message(*[(f"f{n}.txt", "text/plain", b"text") for n in range(4)])
    with pytest.raises(DocumentTooLarge) as caught:
        parse_document(message.as_bytes(), "a.eml", ParseLimits(max_email_attachments=3))
    assert caught.value.details["max_attachments"] == 3


def test_an_attachment_past_the_upload_cap_refuses_the_message() -> None:
    message = _message(("big.txt", "text/plain", b"word " * 400))
    with pytest.raises(DocumentTooLarge) as caught:
        parse_document(message.as_bytes(), "a.eml", ParseLimits(max_attachment_bytes=1000))
    assert caught.value.details["max_upload_bytes"] == 1000


def _nested_multipart(depth: int) -> bytes:
    inner = "Content-Type: text/plain\n\nThe innermost note.\n"
    for level in range(depth):
        inner = f"Content-Type: multipart/mixed; boundary=b{level}\n\n--b{level}\n{inner}\n--b{level}--\n"
    return ("Subject: deep\nMIME-Version: 1.0\n" + inner).encode()


def test_deeply_nested_parts_are_refused_before_parsing() -> None:
    assert parse_document(_nested_multipart(5), "a.eml").text.endswith("The innermost note.")
    with pytest.raises(DocumentTooComplex):
        parse_document(_nested_multipart(3000), "a.eml")  # the stdlib parser would recurse past Python's limit


def test_the_worker_parse_lists_attachments_without_reading_them() -> None:
    message = _message(("notes.md", "text/markdown", b"# Notes\n\nThe gate code changed on Monday."))
    parsed = parse_document(message.as_bytes(), "files.eml", ParseLimits(ocr="run", parse_attachments=False))
    assert parsed.attachments == []
    assert [a.reason for a in AttachmentListing.model_validate(parsed.metadata).attachments] == ["not_read"]


def test_an_inline_image_is_listed_not_read() -> None:
    message = make_email("Logo", "See our logo below.")
    logo = image_bytes(text_image(["ACME"]))
    message.add_attachment(logo, maintype="image", subtype="png", disposition="inline", filename="logo.png")
    message.add_attachment(logo, maintype="image", subtype="png", filename="photo.png")  # sent as a file: read
    parsed = parse_document(message.as_bytes(), "logo.eml")
    listing = AttachmentListing.model_validate(parsed.metadata).attachments
    assert [a.file_name for a in parsed.attachments] == ["photo.png"]
    assert [(a.file_name, a.reason) for a in listing] == [("logo.png", "inline_image"), ("photo.png", None)]


def test_a_base64_forwarded_message_is_decoded_and_its_nesting_still_bounded() -> None:
    inner = make_email("Gate code", "The new gate code is 4471.")
    outer = make_email("Fwd: gate", "Forwarded below.")
    outer.add_attachment(inner.as_bytes(), maintype="message", subtype="rfc822", filename="gate.eml")
    assert outer.get_payload()[1]["Content-Transfer-Encoding"] == "base64"  # what some senders do
    [forwarded] = parse_document(outer.as_bytes(), "fwd.eml").attachments
    assert "The new gate code is 4471." in forwarded.parsed.text

    deep = _nested_multipart(40)  # hidden from the outer count by the encoding, counted once decoded
    outer = make_email("Fwd: deep", "Forwarded below.")
    outer.add_attachment(deep, maintype="message", subtype="rfc822", filename="deep.eml")
    with pytest.raises(DocumentTooComplex):
        parse_document(outer.as_bytes(), "fwd.eml", ParseLimits(max_mime_parts=20))


def test_a_message_that_names_no_charset_keeps_its_characters() -> None:
    # Saved without MIME headers: the stdlib would read US-ASCII and turn "£" into two U+FFFD.
    utf8 = parse_document("Subject: Course\n\nThe course costs £95 per person.\n".encode(), "course.eml")
    legacy = parse_document(b"Subject: Caf\xe9\n\nThe caf\xe9 opens at 8.\n", "cafe.eml")
    assert "£95" in utf8.text and "\ufffd" not in utf8.text
    assert "café opens" in legacy.text
