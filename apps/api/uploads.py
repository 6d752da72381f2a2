"""Read a multipart upload as a stream, never holding more than the byte cap (+1) of the file in memory.

Starlette's form parser spools a whole upload before the route sees it; this reader stops the moment the file
part passes the cap, so an oversized upload costs at most cap + 1 bytes (and a declared Content-Length over the
cap is refused before reading anything).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import unquote_to_bytes

from python_multipart.exceptions import MultipartParseError
from python_multipart.multipart import MultipartParser, parse_options_header
from starlette.requests import Request

from apps.api.boundary import forbidden_character
from domains.knowledge.errors import UploadTooLarge
from domains.knowledge.service import MAX_FILE_NAME_CHARS, too_long
from packages.core.errors import InvalidInput

FIELD_LIMIT = 8 * 1024
ENVELOPE_ALLOWANCE = 64 * 1024  # multipart headers and the small text fields around the file
# One header line of a part. python-multipart's default (4,224 bytes) cut off a file name of ~4,000 characters as
# "malformed"; this holds the longest name ORION keeps written twice (`filename` in UTF-8 and `filename*`
# percent-encoded: 1,000 x 4 x (1 + 3) bytes), so a name is judged by its length in characters, not its encoding.
PART_HEADER_LIMIT = 32 * 1024
TEXT_FIELDS = ("title", "source")


@dataclass
class UploadForm:
    data: bytes | None = None
    filename: str | None = None
    fields: dict[str, str] = field(default_factory=dict)


@dataclass
class _Part:
    name: str | None = None
    filename: str | None = None
    chunks: list[bytes] = field(default_factory=list)
    size: int = 0


_PARAMETER = re.compile(r';\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)')
_EXTENDED_CHARSETS = {"utf-8": "utf-8", "iso-8859-1": "latin-1"}


def _invalid(field_name: str, problem: str, *, message: str | None = None) -> InvalidInput:
    errors = [{"loc": ["body", field_name], "msg": problem, "type": "value_error"}]
    return InvalidInput(message or f"Invalid {field_name}: {problem}", details={"field": field_name, "errors": errors})


def _checked(value: str, field_name: str) -> str:
    problem = forbidden_character(value)
    if problem is not None:
        raise _invalid(field_name, problem)
    return value


def _extended_value(value: str) -> str:
    """Decode an RFC 5987 `charset'language'percent-encoded` value."""
    charset, _, rest = value.partition("'")
    _, _, encoded = rest.partition("'")
    codec = _EXTENDED_CHARSETS.get(charset.strip().lower())
    if codec is None:
        raise _invalid("filename", f"unsupported charset {charset[:40]!r} in filename*")
    try:
        return unquote_to_bytes(encoded).decode(codec)
    except UnicodeDecodeError:
        raise _invalid("filename", "filename* is not valid in its declared charset") from None


def content_disposition(raw: bytes) -> dict[str, str]:
    """Return the parameters of a multipart Content-Disposition header, names and values as UTF-8 (RFC 7578).

    A quoted value keeps every character as sent (only an escaped quote is undone); `filename*` (RFC 5987) is decoded
    from its declared charset and takes precedence over `filename`.
    """
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _invalid("file", "the part's Content-Disposition header is not UTF-8") from None
    params: dict[str, str] = {}
    for match in _PARAMETER.finditer(text):
        name, value = match.group(1).lower(), match.group(2).strip()
        if len(value) >= 2 and value[0] == value[-1] == '"':
            value = value[1:-1].replace('\\"', '"')
        params[name] = value
    if "filename*" in params:
        params["filename"] = _extended_value(params.pop("filename*"))
    return params


def _header_too_long(name: str) -> InvalidInput:
    """Return the 422 for a part header past `PART_HEADER_LIMIT` (`name` is the header being read, if known)."""
    if name.strip().lower() == "content-disposition":
        # Only a name makes this header long: said in characters, the limit a client can act on.
        problem = (
            f"file name is too long: its Content-Disposition header is over {PART_HEADER_LIMIT:,} bytes, and a file "
            f"name may have at most {MAX_FILE_NAME_CHARS:,} characters"
        )
        return _invalid("filename", f"the {problem}", message=f"The {problem}.")
    problem = f"a part's {name.strip() or 'header'} line is longer than {PART_HEADER_LIMIT:,} bytes"
    return _invalid("file", problem, message=f"The upload is refused: {problem}.")


def _too_large(cap: int) -> UploadTooLarge:
    return UploadTooLarge(f"The file is larger than the {cap:,}-byte upload limit.", details={"max_upload_bytes": cap})


async def read_upload(request: Request, cap: int) -> UploadForm:
    """Parse `file` plus the optional `title` and `source` fields; raise 413 past `cap`, 422 when malformed."""
    content_type, options = parse_options_header(request.headers.get("content-type", ""))
    boundary = options.get(b"boundary")
    if content_type != b"multipart/form-data" or not boundary:
        raise InvalidInput("Upload the document as multipart/form-data with a `file` part.", details={"field": "file"})
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > cap + ENVELOPE_ALLOWANCE:
        raise _too_large(cap)

    form = UploadForm()
    current = _Part()
    header_field = bytearray()
    header_value = bytearray()
    headers: dict[str, bytes] = {}

    def on_part_begin() -> None:
        nonlocal current
        current = _Part()
        headers.clear()

    def on_header_field(data: bytes, start: int, end: int) -> None:
        header_field.extend(data[start:end])

    def on_header_value(data: bytes, start: int, end: int) -> None:
        header_value.extend(data[start:end])

    def on_header_end() -> None:
        headers[header_field.decode("latin-1").lower()] = bytes(header_value)
        header_field.clear()
        header_value.clear()

    def on_headers_finished() -> None:
        params = content_disposition(headers.get("content-disposition", b""))
        name = params.get("name")
        current.name = _checked(name, "name") if name is not None else None
        # A second `file` (or title, source) part was dropped silently: which one the client meant is not ours to
        # guess, so the upload is refused before the part is read.
        if current.name == "file" and form.data is not None:
            problem = "an upload holds exactly one `file` part, and this one has more"
            raise _invalid(
                "file", problem, message="The upload has more than one `file` part; send one file per upload."
            )
        if current.name in TEXT_FIELDS and current.name in form.fields:
            problem = f"the `{current.name}` field is given more than once"
            raise _invalid(current.name, problem, message=f"The form field `{current.name}` is given more than once.")
        filename = params.get("filename")
        if filename is not None:
            current.filename = _checked(filename, "filename")
            if len(filename.strip()) > MAX_FILE_NAME_CHARS:  # before reading the file it names
                raise too_long("file name", len(filename.strip()), MAX_FILE_NAME_CHARS, field="filename")

    def on_part_data(data: bytes, start: int, end: int) -> None:
        current.size += end - start
        limit = cap if current.name == "file" else FIELD_LIMIT
        if current.size > limit:
            if current.name == "file":
                raise _too_large(cap)
            raise InvalidInput(f"The form field {current.name!r} is too long.", details={"field": current.name})
        current.chunks.append(data[start:end])

    def on_part_end() -> None:
        if current.name == "file":
            form.data = b"".join(current.chunks)
            # Kept exactly (the contract): a client's relative path names a different document than its
            # namesake in another folder, as `orion ingest` names them; the name is never a path on this server.
            form.filename = current.filename
        elif current.name in TEXT_FIELDS:
            try:
                value = b"".join(current.chunks).decode("utf-8")
            except UnicodeDecodeError:
                raise _invalid(current.name, "must be UTF-8 text") from None
            form.fields[current.name] = _checked(value, current.name)

    parser = MultipartParser(
        boundary,
        max_header_size=PART_HEADER_LIMIT,
        callbacks={
            "on_part_begin": on_part_begin,
            "on_header_field": on_header_field,
            "on_header_value": on_header_value,
            "on_header_end": on_header_end,
            "on_headers_finished": on_headers_finished,
            "on_part_data": on_part_data,
            "on_part_end": on_part_end,
        },
    )
    try:
        async for chunk in request.stream():
            parser.write(chunk)
        parser.finalize()
    except MultipartParseError as exc:
        if str(exc).startswith("Maximum header size"):  # python-multipart has no subclass for it, only the words
            raise _header_too_long(header_field.decode("latin-1")) from exc
        raise InvalidInput("The multipart body is malformed.", details={"field": "file"}) from exc
    if form.data is None:
        raise InvalidInput("The upload has no `file` part.", details={"field": "file"})
    if form.filename is None:
        # A form field named `file` ("curl -F file=hello") is text typed into a form, not a file: a client that
        # meant to send a file learns it sent none (contract: `file` is a file part; outside check F9).
        raise _invalid(
            "file", "the part is a plain form field, not a file: send the document as a part with a filename"
        )
    return form
