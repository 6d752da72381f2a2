"""Minimal PDFs made in code, for parser and page tests."""

from __future__ import annotations


def text_pdf(*page_texts: str) -> bytes:
    """Return a minimal valid PDF whose pages show the given lines of text in Helvetica."""
    streams = []
    for text in page_texts:
        lines = "".join(f"({line}) Tj 0 -14 Td " for line in text.split("\n"))
        streams.append(f"BT /F1 12 Tf 72 720 Td {lines}ET")
    return _pdf(streams)


def placed_pdf(*pages: list[tuple[float, float, str]], size: int = 9) -> bytes:
    """Return a PDF whose pages show each text at its (x, y) position (points from the bottom left), no ruling:
    a table laid out by alignment alone."""
    return _pdf(["".join(f"BT /F1 {size} Tf {x} {y} Td ({text}) Tj ET " for x, y, text in cells) for cells in pages])


def _pdf(streams: list[str]) -> bytes:
    objects = ["<< /Type /Catalog /Pages 2 0 R >>", ""]
    kids = []
    font_id = 3
    objects.append("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    for stream in streams:
        objects.append(f"<< /Length {len(stream)} >>\nstream\n{stream}\nendstream")
        content_id = len(objects)
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents {content_id} 0 R "
            f"/Resources << /Font << /F1 {font_id} 0 R >> >> >>"
        )
        kids.append(f"{len(objects)} 0 R")
    objects[1] = f"<< /Type /Pages /Kids [{' '.join(kids)}] /Count {len(kids)} >>"
    body = b"%PDF-1.4\n"
    offsets = []
    for number, content in enumerate(objects, start=1):
        offsets.append(len(body))
        body += f"{number} 0 obj\n{content}\nendobj\n".encode("latin-1")
    xref = len(body)
    body += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    body += "".join(f"{offset:010d} 00000 n \n" for offset in offsets).encode()
    body += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return body


def positioned_pdf(runs: list[tuple[float, float, str]]) -> bytes:
    """Return a one-page PDF that draws each (x, y, text) run at its position, in the order given (the order a
    producer stored them in, which need not be the reading order)."""
    shows = "".join(f"1 0 0 1 {x} {y} Tm ({text}) Tj " for x, y, text in runs)
    stream = f"BT /F1 10 Tf {shows}ET"
    objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [5 0 R] /Count 1 >>",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        f"<< /Length {len(stream)} >>\nstream\n{stream}\nendstream",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        "/Resources << /Font << /F1 3 0 R >> >> >>",
    ]
    body = b"%PDF-1.4\n"
    offsets = []
    for number, content in enumerate(objects, start=1):
        offsets.append(len(body))
        body += f"{number} 0 obj\n{content}\nendobj\n".encode("latin-1")
    xref = len(body)
    body += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    body += "".join(f"{offset:010d} 00000 n \n" for offset in offsets).encode()
    body += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return body
