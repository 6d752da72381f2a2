"""Read a multipart upload as a stream, never holding more than the byte cap (+1) of the file in memory.

Starlette's form parser spools a whole upload before the route sees it; this reader stops the moment the file
part passes the cap, so an oversized upload costs at most cap + 1 bytes (and a declared Content-Length over the
cap is refused before reading anything).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from python_multipart.exceptions import MultipartParseError
from python_multipart.multipart import MultipartParser, parse_options_header
from starlette.requests import Request

from domains.knowledge.errors import UploadTooLarge
from packages.core.errors import InvalidInput

FIELD_LIMIT = 8 * 1024
ENVELOPE_ALLOWANCE = 64 * 1024  # multipart headers and the small text fields around the file
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
    headers: dict[str, str] = {}

    def on_part_begin() -> None:
        nonlocal current
        current = _Part()
        headers.clear()

    def on_header_field(data: bytes, start: int, end: int) -> None:
        header_field.extend(data[start:end])

    def on_header_value(data: bytes, start: int, end: int) -> None:
        header_value.extend(data[start:end])

    def on_header_end() -> None:
        headers[header_field.decode("latin-1").lower()] = header_value.decode("utf-8", "replace")
        header_field.clear()
        header_value.clear()

    def on_headers_finished() -> None:
        _, params = parse_options_header(headers.get("content-disposition", ""))
        name = params.get(b"name")
        filename = params.get(b"filename*") or params.get(b"filename")
        current.name = name.decode("utf-8", "replace") if name is not None else None
        if filename is not None:
            raw = filename.decode("utf-8", "replace")
            current.filename = raw.split("''", 1)[-1] if b"filename*" in params else raw

    def on_part_data(data: bytes, start: int, end: int) -> None:
        current.size += end - start
        limit = cap if current.name == "file" else FIELD_LIMIT
        if current.size > limit:
            if current.name == "file":
                raise _too_large(cap)
            raise InvalidInput(f"The form field {current.name!r} is too long.", details={"field": current.name})
        current.chunks.append(data[start:end])

    def on_part_end() -> None:
        if current.name == "file" and form.data is None:
            form.data = b"".join(current.chunks)
            form.filename = (current.filename or "").replace("\\", "/").rsplit("/", 1)[-1] or None
        elif current.name in TEXT_FIELDS:
            form.fields[current.name] = b"".join(current.chunks).decode("utf-8", "replace")

    parser = MultipartParser(
        boundary,
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
        raise InvalidInput("The multipart body is malformed.", details={"field": "file"}) from exc
    if form.data is None:
        raise InvalidInput("The upload has no `file` part.", details={"field": "file"})
    return form
