"""Ingestion's slow, pure part: parse, normalize, chunk, classify and embed an upload (no database here).

`prepare_document` and `embed_chunks` run in a worker thread; indexing.py then writes everything with a few
set-based statements in one short transaction, so a failure anywhere leaves no document, version, chunk or embedding.
"""

from __future__ import annotations

import functools
import hashlib
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any, ClassVar

import numpy as np

from domains.knowledge.embeddings import EmbeddingProvider, validate_dimension
from domains.knowledge.ingestion.chunking import ChunkDraft, chunk_document
from domains.knowledge.ingestion.chunking.lines import PageIndex
from domains.knowledge.ingestion.parsing import OcrMode, ParsedDocument, ParseLimits, TextSource, parse_document
from domains.knowledge.safety import ContentClassification, label_chunks
from packages.config.settings import Settings

EMBED_PROGRESS_BATCH = 64


@dataclass(frozen=True)
class PreparedDocument:
    """A parsed, chunked and classified upload, ready to embed and write."""

    parsed: ParsedDocument
    chunks: list[ChunkDraft]
    safety: list[ContentClassification]
    content_hash: str
    byte_size: int
    title: str = ""

    @property
    def awaits_ocr(self) -> bool:
        """True when pages need OCR that this (request-time) parse deferred: the worker finishes the version."""
        return bool(self.parsed.ocr_pending)

    @functools.cached_property
    def text_sources(self) -> list[TextSource | None]:
        """Each chunk's text source: `ocr` when any page it spans was read by OCR, `text_layer` for pages of a
        PDF's text layer, None for formats without pages."""
        return chunk_text_sources(self.parsed, self.chunks)

    @property
    def texts(self) -> list[str]:
        return [chunk.text for chunk in self.chunks]

    @functools.cached_property
    def distinct_index_texts(self) -> int:
        """How many texts the embedding model has to embed: identical chunks are embedded once (embed_distinct)."""
        return len(set(self.index_texts))

    @functools.cached_property
    def contexts(self) -> list[str]:
        """Each chunk's indexing context: the document title and the chunk's section label."""
        return [index_context(self.title, chunk.section) for chunk in self.chunks]

    @functools.cached_property
    def index_texts(self) -> list[str]:
        """What both retrieval channels index for each chunk (the stored, quotable text stays `texts`)."""
        return [index_text(context, chunk.text) for context, chunk in zip(self.contexts, self.chunks, strict=True)]


def index_context(title: str, section: str | None) -> str:
    """Return the context a chunk is indexed with: its document title and section label, one per line."""
    return "\n".join(part for part in (title.strip(), (section or "").strip()) if part)[:1001]


def index_text(context: str, text: str) -> str:
    """Return the indexed text of a chunk; SQL builds the same as `index_context || E'\\n' || text` (lexical.py)."""
    return f"{context}\n{text}" if context else text


def content_hash(data: bytes) -> str:
    """Return the sha256 of the raw bytes (what makes identical re-uploads idempotent)."""
    return hashlib.sha256(data).hexdigest()


def parse_limits(
    settings: Settings,
    ocr: OcrMode = "defer",
    progress: Callable[[int, int], None] | None = None,
    *,
    parse_attachments: bool = True,
) -> ParseLimits:
    """Return the parser caps from the settings; `ocr` says whether scanned pages are read now or deferred."""
    return ParseLimits(
        max_unpacked_bytes=settings.max_unpacked_bytes,
        max_table_rows=settings.max_table_rows,
        max_ocr_pages=settings.ocr_max_pages,
        max_table_pages=settings.pdf_table_max_pages,
        max_attachment_bytes=settings.max_upload_bytes,
        max_email_attachments=settings.max_email_attachments,
        ocr=ocr if settings.ocr_enabled else "off",
        ocr_progress=progress,
        parse_attachments=parse_attachments,
    )


def version_metadata(parsed: ParsedDocument) -> dict[str, Any] | None:
    """Return what a version stores as its source metadata: the parser's, plus each page's text source."""
    metadata = dict(parsed.metadata)
    if parsed.page_sources:
        metadata["pages"] = [asdict(source) for source in parsed.page_sources]
    return metadata or None


def chunk_text_sources(parsed: ParsedDocument, chunks: list[ChunkDraft]) -> list[TextSource | None]:
    """Return the text source of each chunk from the page sources of the pages it spans."""
    if not parsed.page_sources:
        return [None] * len(chunks)
    by_page = {source.page: source.text_source for source in parsed.page_sources}
    pages = PageIndex(parsed.page_spans)
    out: list[TextSource | None] = []
    for chunk in chunks:
        first, last = pages.page_at(chunk.char_start), pages.page_at(max(chunk.char_start, chunk.char_end - 1))
        spanned = {by_page.get(page) for page in range(first or 0, (last or 0) + 1)} - {None}
        out.append("ocr" if "ocr" in spanned else ("text_layer" if spanned else None))
    return out


def prepare_document(
    data: bytes, filename: str | None, settings: Settings, title: str = "", limits: ParseLimits | None = None
) -> PreparedDocument:
    """Parse, normalize, chunk and classify an upload (CPU only; raises the knowledge errors for bad input).

    `title` (the document's) becomes part of each chunk's indexing context. Without `limits`, pages that need
    OCR are deferred (`PreparedDocument.awaits_ocr`): the request never runs OCR."""
    return prepare_parsed(parse_document(data, filename, limits or parse_limits(settings)), data, settings, title)


def prepare_parsed(parsed: ParsedDocument, data: bytes, settings: Settings, title: str = "") -> PreparedDocument:
    """Chunk and classify an already parsed document (an email attachment is parsed with its message)."""
    if parsed.ocr_pending:
        return PreparedDocument(parsed, [], [], content_hash(data), len(data), title)
    chunks = chunk_document(
        parsed,
        target_chars=settings.chunk_target_chars,
        max_chars=settings.chunk_max_chars,
        overlap_chars=settings.chunk_overlap_chars,
    )
    return PreparedDocument(
        parsed=parsed,
        chunks=chunks,
        safety=label_chunks(parsed.text, [(chunk.char_start, chunk.char_end) for chunk in chunks]),
        content_hash=content_hash(data),
        byte_size=len(data),
        title=title,
    )


class EmbeddingThroughput:
    """A running estimate of chunks per second per model, to decide whether an upload fits the request budget."""

    _DEFAULTS: ClassVar[dict[str, float]] = {"local": 8.0, "fake": 5000.0}

    def __init__(self) -> None:
        self._rates: dict[str, float] = {}
        self._lock = threading.Lock()

    def estimate_seconds(self, provider: EmbeddingProvider, chunks: int) -> float:
        with self._lock:
            rate = self._rates.get(provider.model_key) or self._DEFAULTS.get(provider.provider_name, 20.0)
        return chunks / rate

    def observe(self, provider: EmbeddingProvider, chunks: int, seconds: float) -> None:
        """Fold one measured batch into the estimate: slowly when it was faster than expected, quickly when slower.

        A chunk's cost depends on its word-pieces: a file of one repeated letter embeds hundreds of chunks a
        second (each chunk is one unknown word-piece), and trusting that rate kept a megabyte of prose inside the
        request for 80 s (outside check 22). Erring slow only sends a few more uploads to the worker (202)."""
        if chunks < 8 or seconds <= 0:
            return
        with self._lock:
            previous = self._rates.get(provider.model_key)
            rate = chunks / seconds
            if previous is None:
                self._rates[provider.model_key] = rate
            else:
                weight = 0.1 if rate > previous else 0.7
                self._rates[provider.model_key] = (1 - weight) * previous + weight * rate


THROUGHPUT = EmbeddingThroughput()


class _DeadlinePassed(Exception):
    """embed_distinct reached its deadline before its last batch, with `embedded` distinct texts done."""

    def __init__(self, embedded: int) -> None:
        super().__init__(embedded)
        self.embedded = embedded


def embed_before(provider: EmbeddingProvider, texts: list[str], deadline: float) -> np.ndarray | None:
    """Embed chunk texts unless `deadline` (time.perf_counter()) passes first: then return None, and the upload goes
    to the worker (202) instead of holding the request past its budget, whatever the estimate said."""
    try:
        return embed_chunks(provider, texts, deadline=deadline)
    except _DeadlinePassed:
        return None


def embed_chunks(provider: EmbeddingProvider, texts: list[str], *, deadline: float | None = None) -> np.ndarray:
    """Embed chunk texts as `embed_distinct` does, and record the model's throughput: the estimate is of what the model
    did, so it counts distinct texts (a file of one repeated line must not make it look fast; see observe)."""
    started = time.perf_counter()
    try:
        vectors = embed_distinct(provider, texts, deadline=deadline)
    except _DeadlinePassed as passed:
        THROUGHPUT.observe(provider, passed.embedded, time.perf_counter() - started)
        raise
    THROUGHPUT.observe(provider, len(set(texts)), time.perf_counter() - started)
    return vectors


def embed_distinct(provider: EmbeddingProvider, texts: list[str], *, deadline: float | None = None) -> np.ndarray:
    """Embed each distinct text once and return one validated row per text, in order; with a `deadline`, embed in
    batches and stop before a batch that would start after it (_DeadlinePassed).

    A chunk's vector depends on its text alone, so a document that repeats itself (a 7.5 MB line of one word, a
    footer on every page, a table of identical rows) costs the model one call per distinct chunk, not per chunk:
    the outside tester's single line of 7,500 identical chunks kept the worker busy for over ten minutes."""
    if not texts:
        return np.zeros((0, provider.dimension), dtype=np.float32)
    distinct = list(dict.fromkeys(texts))
    step = len(distinct) if deadline is None else EMBED_PROGRESS_BATCH
    parts = []
    for start in range(0, len(distinct), step):
        if deadline is not None and time.perf_counter() > deadline:
            raise _DeadlinePassed(start)
        parts.append(validate_dimension(provider.embed_texts(distinct[start : start + step]), provider.dimension))
    return _rows_in_order(np.vstack(parts), distinct, texts)


def _rows_in_order(vectors: np.ndarray, distinct: list[str], texts: list[str]) -> np.ndarray:
    if len(distinct) == len(texts):
        return vectors
    row = {text: index for index, text in enumerate(distinct)}
    return vectors[[row[text] for text in texts]]
