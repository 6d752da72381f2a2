"""Decide a document's type from its bytes, never from a declared content type (api-contract §Knowledge):

1. `%PDF-` at offset 0, or within the first 1 KiB behind bytes that are not readable text -> PDF.
1a. A PNG, JPEG or TIFF signature -> image (read by OCR). A ZIP signature -> the parts inside decide: `word/` ->
   .docx, `xl/` -> .xlsx, anything else 415 (containers.py).
1b. An mbox ("From " line then headers) or an RFC 5322 header block with a From: -> mbox / email, before any
   UTF-8 check: mail carries its charsets per part.
2. Any other known binary signature (GIF, archives, legacy Office, executables, media) -> 415.
3. A UTF-16/UTF-32 byte-order mark, or the NUL pattern of BOM-less UTF-16 -> 422 `not_utf8`: it is text,
   just not in the encoding we accept.
4. More than 5% control bytes in the first 64 KiB (NUL, C0 except tab/newline/CR/FF/VT/ESC, DEL) -> 415.
   Random or compressed data has about 10.5% of them, text in any legacy encoding almost none, so a few
   stray control bytes in a text file do not turn it into "binary" (normalization removes them). Bytes past the
   ratio that are still valid UTF-8 without a NUL (a short note with an ESC, \x01 or DEL among its words) are
   text: 422 `control_character`, naming the first one and where it is.
5. Otherwise valid UTF-8 (a BOM is stripped) is text; invalid UTF-8 is 422 `not_utf8` naming the byte offset, and
   text holding a NUL character is 422 `nul_character` (the contract refuses NUL anywhere in a request; inside a
   PDF, an image or an Office file NUL bytes are the format's, not characters, and stay allowed).

Markdown is recognised by its extension, or by its structure when the name has no known text extension. HTML by
its extension or a leading `<!DOCTYPE html>` / `<html`, and decoded as a browser does when it is not UTF-8: in the
encoding its `<meta>` declares (decode_html); CSV by its extension (it is text either way; the
extension only picks the table view).
"""

from __future__ import annotations

import codecs
import re

from domains.knowledge.errors import (
    ControlCharacterInText,
    EmptyDocument,
    NotUtf8Text,
    NulInText,
    UnsupportedDocumentType,
)
from domains.knowledge.ingestion.parsing.containers import office_kind
from domains.knowledge.ingestion.parsing.document import DocumentType

_PDF_MAGIC = b"%PDF-"
_PDF_MAGIC_WINDOW = 1024
_PDF_END = b"%%EOF"
_PDF_END_WINDOW = 1024
_PDF_OBJECT = re.compile(rb"\d+ \d+ obj\b")
IMAGE_SIGNATURES: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"II*\x00", "image/tiff"),
    (b"MM\x00*", "image/tiff"),
)
_ZIP_MAGIC = b"PK\x03\x04"
_BINARY_SIGNATURES: tuple[tuple[bytes, str], ...] = (
    (b"GIF87a", "GIF image"),
    (b"GIF89a", "GIF image"),
    (b"PK\x05\x06", "ZIP archive"),
    (b"\x1f\x8b", "gzip archive"),
    (b"BZh", "bzip2 archive"),
    (b"\xfd7zXZ\x00", "xz archive"),
    (b"7z\xbc\xaf\x27\x1c", "7-Zip archive"),
    (b"Rar!\x1a\x07", "RAR archive"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "legacy Office document"),
    (b"\x7fELF", "executable"),
    (b"\x00asm", "WebAssembly module"),
    (b"\xca\xfe\xba\xbe", "executable"),
    (b"OggS", "audio/video"),
    (b"fLaC", "audio"),
    (b"ID3", "audio"),
    (b"SQLite format 3\x00", "SQLite database"),
)
_UNICODE_BOMS: tuple[tuple[bytes, str], ...] = (
    (b"\x00\x00\xfe\xff", "UTF-32"),
    (b"\xff\xfe\x00\x00", "UTF-32"),
    (b"\xfe\xff", "UTF-16"),
    (b"\xff\xfe", "UTF-16"),
)
_UTF8_BOM = b"\xef\xbb\xbf"
_SAMPLE_BYTES = 64 * 1024
_BINARY_CONTROL_RATIO = 0.05
# Control bytes that never occur in text; tab, LF, VT, FF, CR and ESC (ANSI colour codes in logs) can.
_CONTROL_BYTES = bytes([*range(0x00, 0x09), 0x0E, 0x0F, *range(0x10, 0x1B), *range(0x1C, 0x20), 0x7F])
_CONTROL_CHARACTER = re.compile("[" + "".join(re.escape(chr(byte)) for byte in _CONTROL_BYTES) + "]")
_MARKDOWN_EXTENSIONS = (".md", ".markdown", ".mdown", ".mkd", ".mkdn")
_TEXT_EXTENSIONS = (".txt", ".text", ".log", ".csv", ".tsv", ".rst", ".json", ".xml", ".yaml", ".yml")


def detect_document_type(data: bytes, filename: str | None = None) -> DocumentType:
    """Return the document type of `data`, or raise the 415/422 error that says why it is refused."""
    if not data.strip():
        raise EmptyDocument()
    if _is_pdf(data):
        return "pdf"
    if any(data.startswith(signature) for signature, _ in IMAGE_SIGNATURES):
        return "image"
    if data.startswith(_ZIP_MAGIC):
        return office_kind(data)
    _refuse_binary(data)
    name = (filename or "").lower()
    if _is_mbox(data, name):
        return "mbox"
    if _is_email(data, name):
        return "email"
    html = name.endswith(_HTML_EXTENSIONS) or bool(_HTML_START.match(data[:_SAMPLE_BYTES].decode("latin-1")))
    text = decode_html(data) if html else decode_text(data)
    if "\x00" in text:
        offset = text.index("\x00")
        raise NulInText(
            f"The text contains a NUL character (at character {offset}); a text file never does, so it is refused "
            "like NUL anywhere in a request. Remove the NUL characters and upload it again.",
            details={"char_offset": offset},
        )
    if not text.strip():
        raise EmptyDocument()
    if html:
        return "html"
    if name.endswith(_CSV_EXTENSIONS):
        return "csv"
    return "markdown" if _is_markdown(text, filename) else "text"


_HTML_EXTENSIONS = (".html", ".htm", ".xhtml")
_HTML_START = re.compile(r"\ufeff?\s*(?:<!--.*?-->\s*)*<(?:!doctype\s+html|html[\s>])", re.IGNORECASE | re.DOTALL)
_CSV_EXTENSIONS = (".csv", ".tsv")
_HEADER_LINE = re.compile(rb"[!-9;-~]+:")
_MAIL_FIELDS = (b"subject", b"date", b"message-id", b"received", b"mime-version", b"to")
_HEADER_SAMPLE = 64 * 1024


def _header_names(data: bytes) -> list[bytes] | None:
    """Return the field names of a leading RFC 5322 header block, or None if `data` does not start with one."""
    head = data[:_HEADER_SAMPLE].replace(b"\r\n", b"\n")
    block, separator, _ = head.partition(b"\n\n")
    if not separator:
        return None
    names: list[bytes] = []
    for line in block.split(b"\n"):
        if line[:1] in (b" ", b"\t") and names:
            continue  # a folded continuation line
        match = _HEADER_LINE.match(line)
        if match is None:
            return None
        names.append(match.group(0)[:-1].lower())
    return names


def _is_email(data: bytes, name: str) -> bool:
    names = _header_names(data)
    if names is None:
        return False
    if name.endswith(".eml"):
        return True
    return b"from" in names and any(field in names for field in _MAIL_FIELDS)


def _is_mbox(data: bytes, name: str) -> bool:
    if not data.startswith(b"From "):
        return False
    _, _, rest = data.partition(b"\n")
    return name.endswith(".mbox") or _header_names(rest) is not None


def _is_pdf(data: bytes) -> bool:
    offset = data.find(_PDF_MAGIC, 0, _PDF_MAGIC_WINDOW + len(_PDF_MAGIC))
    if offset <= 0:
        return offset == 0
    # Junk before the header (a BOM, whitespace, transport bytes) is tolerated; readable text is not, or a
    # note that merely mentions "%PDF-1.7" near its top would be taken for a broken PDF.
    prefix = data[:offset]
    if not prefix.strip() or (prefix.startswith(_UTF8_BOM) and not prefix[3:].strip()):
        return True
    tail = data[-_PDF_END_WINDOW:]
    if _PDF_END in tail and b"startxref" in tail and _PDF_OBJECT.search(data, offset):
        return True  # a whole PDF behind a line of text ("junk\n%PDF-1.4 ... %%EOF"): readers open it, so do we
    try:
        prefix.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return len(prefix.translate(None, _CONTROL_BYTES)) < len(prefix)


def _refuse_binary(data: bytes) -> None:
    for signature, kind in _BINARY_SIGNATURES:
        if data.startswith(signature):
            raise UnsupportedDocumentType(
                f"The file is a {kind}, which ORION does not read.", details={"detected": kind}
            )
    for bom, encoding in _UNICODE_BOMS:
        if data.startswith(bom):
            raise NotUtf8Text(
                f"The text is encoded as {encoding}; re-save it as UTF-8 and upload it again.",
                details={"encoding": encoding},
            )
    sample = data[:_SAMPLE_BYTES]
    if _looks_like_utf16(sample):
        raise NotUtf8Text(
            "The text looks like UTF-16 without a byte-order mark; re-save it as UTF-8 and upload it again.",
            details={"encoding": "UTF-16"},
        )
    controls = len(sample) - len(sample.translate(None, _CONTROL_BYTES))
    if controls > _BINARY_CONTROL_RATIO * len(sample):
        text = _text_or_none(data) if b"\x00" not in sample else None
        if text is not None:
            raise _control_characters(text)
        raise UnsupportedDocumentType(
            "The file is binary data of a type ORION does not read.", details={"detected": "binary"}
        )


def _text_or_none(data: bytes) -> str | None:
    try:
        return decode_text(data)
    except NotUtf8Text:
        return None


def _control_characters(text: str) -> ControlCharacterInText:
    """Return the 422 for text holding too many control characters to be stray, naming the first one and where."""
    found = _CONTROL_CHARACTER.search(text)
    assert found is not None  # the caller counted them
    offset, character = found.start(), f"U+{ord(found.group()):04X}"
    more = len(_CONTROL_CHARACTER.findall(text)) - 1
    after = f", and {more:,} more control character{'s' if more > 1 else ''} after it" if more else ""
    return ControlCharacterInText(
        f"The text contains the control character {character} at character {offset:,}{after}; apart from tabs, line "
        "breaks, form feeds and ESC a text file holds none. Remove them and upload it again.",
        details={"character": character, "char_offset": offset, "count": more + 1},
    )


def _looks_like_utf16(sample: bytes) -> bool:
    if len(sample) < 8:
        return False
    even, odd = sample[0::2], sample[1::2]
    even_nuls, odd_nuls = even.count(0), odd.count(0)
    # ASCII-range UTF-16 puts a NUL in every other byte and almost never two NULs side by side.
    return max(even_nuls / len(even), odd_nuls / len(odd)) > 0.8 and min(even_nuls, odd_nuls) < 0.05 * len(odd)


def decode_text(data: bytes) -> str:
    """Decode UTF-8 bytes (a leading BOM is dropped), or raise `NotUtf8Text` naming the first bad byte."""
    skip = len(_UTF8_BOM) if data.startswith(_UTF8_BOM) else 0
    try:
        return data[skip:].decode("utf-8")
    except UnicodeDecodeError as exc:
        offset = exc.start + skip
        raise NotUtf8Text(
            f"The text is not valid UTF-8 (byte 0x{data[offset]:02x} at offset {offset}); it may be in a legacy "
            "encoding such as Latin-1 or Windows-1252. Re-save it as UTF-8 and upload it again.",
            details={"byte_offset": offset},
        ) from None


# A page's own declaration of its encoding, as browsers read it from the first bytes: <meta charset="..."> or
# <meta http-equiv="Content-Type" content="text/html; charset=...">.
_META_CHARSET = re.compile(rb"<meta[^>]{0,200}?charset\s*=\s*[\"']?\s*([A-Za-z0-9_.:-]{1,40})", re.IGNORECASE)
_META_SAMPLE = 4096
# WHATWG Encoding: these labels mean windows-1252 in a browser (a superset, so nothing they decode changes).
_WINDOWS_1252_LABELS = frozenset(("iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1", "us-ascii", "ascii"))


def decode_html(data: bytes) -> str:
    """Decode an HTML page: UTF-8, else the encoding its <meta> declares (as a browser would), else `NotUtf8Text`."""
    try:
        return decode_text(data)
    except NotUtf8Text as refused:
        match = _META_CHARSET.search(data[:_META_SAMPLE])
        if match is None:
            raise
        label = match.group(1).decode("ascii").lower()
        label = "cp1252" if label in _WINDOWS_1252_LABELS else label
        try:
            codec = codecs.lookup(label).name
            if codec == "utf-8":
                raise refused
            return data.decode(codec)
        except (LookupError, UnicodeDecodeError):
            raise refused from None


_ATX_HEADING_LINE = re.compile(r"^ {0,3}#{1,6}[ \t]+\S", re.MULTILINE)
_SETEXT_UNDERLINE = re.compile(r"^[^\n]*\S[^\n]*\n {0,3}(?:=+|-{2,})[ \t]*$", re.MULTILINE)
_FENCE_LINE = re.compile(r"^ {0,3}(?:```|~~~)", re.MULTILINE)
_MARKDOWN_INLINE = re.compile(r"\[[^\]\n]+\]\([^)\s]+\)|\*\*[^*\n]+\*\*|^ {0,3}[-*+] \S|^ {0,3}>", re.MULTILINE)


def _is_markdown(text: str, filename: str | None) -> bool:
    name = (filename or "").lower()
    if name.endswith(_MARKDOWN_EXTENSIONS):
        return True
    if name.endswith(_TEXT_EXTENSIONS):
        return False
    sample = text[:_SAMPLE_BYTES]
    strong = (
        len(_ATX_HEADING_LINE.findall(sample))
        + len(_SETEXT_UNDERLINE.findall(sample))
        + len(_FENCE_LINE.findall(sample)) // 2
    )
    return strong >= 2 or (strong == 1 and _MARKDOWN_INLINE.search(sample) is not None)
