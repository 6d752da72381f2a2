"""Real files of every upload format, built by the tests with the formats' own libraries (python-docx, openpyxl,
the stdlib `email` and `mailbox` packages, pypdfium2 + Pillow for images and scanned pages)."""

from __future__ import annotations

import io
import zipfile
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime

import docx
import openpyxl
from PIL import Image, ImageDraw, ImageFont
from pypdf import PdfReader, PdfWriter

PUMPS = [("Pump", "District", "Hours"), ("7", "North", "1200"), ("9", "East", "300")]


def make_docx() -> bytes:
    document = docx.Document()
    document.add_heading("Pump maintenance report", 0)
    document.add_paragraph("The maintenance team inspected every pump in the northern district this quarter.")
    document.add_heading("Findings", 1)
    document.add_paragraph("Pump seven needs a new seal before winter.", style="List Bullet")
    document.add_paragraph("Pump nine was replaced in August.", style="List Bullet")
    table = document.add_table(rows=len(PUMPS), cols=3)
    for r, row in enumerate(PUMPS):
        for c, value in enumerate(row):
            table.cell(r, c).text = value
    document.add_heading("Budget", 1)
    document.add_paragraph("The repairs cost eleven thousand dollars in total.")
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def make_empty_xlsx() -> bytes:
    """Return a workbook with one named sheet and no cells at all."""
    workbook = openpyxl.Workbook()
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def make_xlsx(rows: int = 0, *, sheet_rows: list[tuple[object, ...]] | None = None) -> bytes:
    workbook = openpyxl.Workbook(write_only=rows > 0)
    sheet = workbook.create_sheet("Staff") if rows > 0 else workbook.active
    assert sheet is not None
    if rows == 0:
        sheet.title = "Staff"
    for row in sheet_rows or [
        ("State", "Company", "Employees"),
        ("CA", "Acme Rockets", 120),
        ("NV", "Basin Mining", 45),
    ]:
        sheet.append(row)
    for index in range(rows):
        sheet.append(("CA", f"Company {index}", index))
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


HTML_PAGE = """<!DOCTYPE html>
<html><head><title>Pump report</title>
<style>body { color: #333 } .secret { display: none }</style>
<script>var trackingToken = "zebra-tracking-token"; document.write("script text");</script></head>
<body>
<nav><ul><li><a href="/">Home</a></li><li><a href="/about">About the water board</a></li></ul></nav>
<main><article>
<h1>Quarterly pump report</h1>
<p>The maintenance team inspected every pump in the northern district during the third quarter and recorded
the findings below for the board.</p>
<h2>Findings</h2>
<ul><li>Pump 7 needs a new seal before the winter season starts.</li>
<li>Pump 9 was replaced in August after a failure.</li></ul>
<table><tr><th>Pump</th><th>District</th><th>Hours</th></tr><tr><td>7</td><td>North</td><td>1200</td></tr>
<tr><td>9</td><td>East</td><td>300</td></tr></table>
<p>All other pumps passed inspection without remarks from the inspectors on duty that week.</p>
</article></main>
<footer>Copyright 2024 Water Board. Privacy policy. Cookie settings.</footer>
</body></html>
"""


def make_email(
    subject: str = "Pump budget for next year",
    body: str = "Hello team,\n\nThe pump budget for next year is forty thousand dollars.\n\nRegards,\nAlice",
    *,
    html: str | None = None,
    cte: str = "base64",
    attachment: tuple[str, str, bytes] | None = None,
) -> EmailMessage:
    message = EmailMessage()
    message["From"] = "Alice Example <alice@example.org>"
    message["To"] = "Board <board@example.org>"
    message["Subject"] = subject
    message["Date"] = format_datetime(datetime(2024, 3, 5, 9, 30, tzinfo=UTC))
    message["Message-ID"] = f"<{abs(hash(subject))}@example.org>"
    if body:
        message.set_content(body, cte=cte)
    if html is not None:
        if body:
            message.add_alternative(html, subtype="html", cte="quoted-printable")
        else:
            message.set_content(html, subtype="html", cte="quoted-printable")
    if attachment is not None:
        name, mime, content = attachment
        maintype, subtype = mime.split("/")
        message.add_attachment(content, maintype=maintype, subtype=subtype, filename=name)
    return message


def make_mbox(messages: list[EmailMessage]) -> bytes:
    parts = []
    for message in messages:
        parts.append(b"From alice@example.org Tue Mar  5 09:30:00 2024\n" + message.as_bytes().replace(b"\r\n", b"\n"))
    return b"\n".join(parts) + b"\n"


def make_zip_bomb_docx(inflated_bytes: int) -> bytes:
    """A .docx whose document part is `inflated_bytes` of zeros (a few KB packed)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        block = b"\0" * (1024 * 1024)
        with archive.open("word/document.xml", "w") as part:
            for _ in range(inflated_bytes // len(block)):
                part.write(block)
    return out.getvalue()


def nested_html(depth: int) -> str:
    return "<html><body>" + "<div>" * depth + "deep text" + "</div>" * depth + "</body></html>"


def text_image(lines: list[str], *, width: int = 1400, size: int = 40) -> Image.Image:
    """A white page with black printed lines (Pillow's bundled TrueType font): what a scanner would produce."""
    font = ImageFont.load_default(size=size)
    image = Image.new("L", (width, 120 + int(size * 1.8) * len(lines)), 255)
    draw = ImageDraw.Draw(image)
    for number, line in enumerate(lines):
        draw.text((60, 60 + int(size * 1.8) * number), line, fill=0, font=font)
    return image


def image_bytes(image: Image.Image, kind: str = "PNG") -> bytes:
    out = io.BytesIO()
    image.save(out, kind)
    return out.getvalue()


def scanned_pdf(*pages: Image.Image, text_pages: bytes | None = None) -> bytes:
    """An image-only PDF of `pages`, after the pages of `text_pages` (a PDF with a text layer) when given."""
    scans = io.BytesIO()
    pages[0].convert("RGB").save(scans, "PDF", save_all=True, append_images=[p.convert("RGB") for p in pages[1:]])
    writer = PdfWriter()
    if text_pages is not None:
        writer.append(PdfReader(io.BytesIO(text_pages)))
    writer.append(PdfReader(io.BytesIO(scans.getvalue())))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
