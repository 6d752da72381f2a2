"""ZIP-based Office files: tell a .docx from an .xlsx by the parts inside, and refuse zip bombs before opening.

The central directory states each member's sizes; a bomb lies about nothing there, it is just enormous once
inflated, so the declared totals are checked first (members, unpacked bytes, expansion ratio). A member that
inflates past what it declared is caught while reading (`read_member`).
"""

from __future__ import annotations

import io
import zipfile
from typing import Literal

from domains.knowledge.errors import CorruptDocument, DocumentTooComplex, DocumentTooLarge, UnsupportedContainer
from domains.knowledge.ingestion.parsing.limits import DEFAULT_LIMITS, ParseLimits

OfficeKind = Literal["docx", "xlsx"]
_READ_BLOCK = 1024 * 1024


def open_zip(data: bytes) -> zipfile.ZipFile:
    """Open ZIP bytes, or raise `CorruptDocument`."""
    try:
        return zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError) as exc:
        raise CorruptDocument.unreadable(
            "The file starts like a ZIP archive, as Word and Excel files do, but it is damaged and cannot be opened.",
            exc,
        ) from None


def office_kind(data: bytes) -> OfficeKind:
    """Return whether ZIP bytes are a Word or an Excel document (by their parts), or raise 415."""
    with open_zip(data) as archive:
        names = set(archive.namelist())
    if "word/document.xml" in names:
        return "docx"
    if "xl/workbook.xml" in names:
        return "xlsx"
    raise UnsupportedContainer(details={"detected": "ZIP archive"})


def check_archive(data: bytes, limits: ParseLimits = DEFAULT_LIMITS) -> None:
    """Refuse a container whose declared contents are past the caps (413 for size, 422 for expansion ratio)."""
    with open_zip(data) as archive:
        members = archive.infolist()
    if len(members) > limits.max_archive_members:
        raise DocumentTooComplex(
            f"The document holds {len(members):,} parts (limit {limits.max_archive_members:,}).",
            details={"parts": len(members), "max_parts": limits.max_archive_members},
        )
    unpacked = sum(member.file_size for member in members)
    if unpacked > limits.max_unpacked_bytes:
        raise DocumentTooLarge(
            f"The document unpacks to {unpacked:,} bytes (limit {limits.max_unpacked_bytes:,}).",
            details={"unpacked_bytes": unpacked, "max_unpacked_bytes": limits.max_unpacked_bytes},
        )
    packed = max(sum(member.compress_size for member in members), 1)
    # Ordinary Office XML compresses 5-20x; only a crafted file reaches hundreds (small files are exempt).
    if unpacked > 10 * 1024 * 1024 and unpacked / packed > limits.max_compression_ratio:
        raise DocumentTooComplex(
            f"The document expands {unpacked / packed:,.0f} times when unpacked (limit "
            f"{limits.max_compression_ratio:,.0f}); it looks like a zip bomb.",
            details={"expansion_ratio": round(unpacked / packed, 1), "max_ratio": limits.max_compression_ratio},
        )


def read_member(archive: zipfile.ZipFile, name: str, limits: ParseLimits = DEFAULT_LIMITS) -> bytes:
    """Read one member, stopping at the unpacked-bytes cap whatever its header declared."""
    out = bytearray()
    with archive.open(name) as stream:
        while block := stream.read(_READ_BLOCK):
            out.extend(block)
            if len(out) > limits.max_unpacked_bytes:
                raise DocumentTooLarge(
                    f"A part of the document unpacks past {limits.max_unpacked_bytes:,} bytes.",
                    details={"max_unpacked_bytes": limits.max_unpacked_bytes},
                )
    return bytes(out)
