"""What the chunker produces, and the size limits it works to."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ChunkDraft:
    """A chunk before it is stored: `text == parsed.text[char_start:char_end]`."""

    index: int
    text: str
    section: str | None
    page: int | None
    char_start: int
    char_end: int
    content_hash: str
    page_end: int | None = None  # the last page the chunk covers (`page` is the first)

    @classmethod
    def of(
        cls,
        document_text: str,
        index: int,
        start: int,
        end: int,
        section: str | None,
        page: int | None,
        page_end: int | None = None,
    ) -> ChunkDraft:
        """Build the draft for `document_text[start:end]`."""
        text = document_text[start:end]
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        return cls(index, text, section, page, start, end, digest, page if page_end is None else page_end)


@dataclass(frozen=True, slots=True)
class ChunkLimits:
    """Chunk sizes in characters: aim for `target`, never exceed `maximum`, repeat up to `overlap` of context."""

    target: int = 1000
    maximum: int = 2000
    overlap: int = 150

    def __post_init__(self) -> None:
        if not 0 < self.target <= self.maximum:
            raise ValueError(f"need 0 < target_chars <= max_chars, got {self.target} and {self.maximum}")
        if not 0 <= self.overlap < self.target:
            raise ValueError(f"need 0 <= overlap_chars < target_chars, got {self.overlap} and {self.target}")
