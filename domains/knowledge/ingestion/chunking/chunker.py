"""chunk_document: sections from the gate's ruleset, then size-bounded chunks inside each section."""

from __future__ import annotations

from bisect import bisect_left

from domains.knowledge.ingestion.chunking.cuts import section_cuts
from domains.knowledge.ingestion.chunking.drafts import ChunkDraft, ChunkLimits
from domains.knowledge.ingestion.chunking.lines import PageIndex
from domains.knowledge.ingestion.chunking.packing import pack_section
from domains.knowledge.ingestion.chunking.sections import MAX_LABEL_CHARS, plan_sections
from domains.knowledge.ingestion.chunking.sentences import has_sentence_punctuation
from domains.knowledge.ingestion.chunking.tables import PipeTables, TableRows, pack_rows
from domains.knowledge.ingestion.parsing import ParsedDocument
from packages.core.text import has_visible_text


def chunk_document(
    parsed: ParsedDocument, *, target_chars: int = 1000, max_chars: int = 2000, overlap_chars: int = 150
) -> list[ChunkDraft]:
    """Split a parsed document into chunks that follow its structure and index into its normalized text.

    A span with no visible character (zero-width spaces, bidi marks, variation selectors) is no chunk: nothing in it
    can be read, quoted or cited, and the normalized text keeps it, so the offsets of the other chunks stay true."""
    limits = ChunkLimits(target_chars, max_chars, overlap_chars)
    text = parsed.text
    plan = plan_sections(parsed)
    pages = PageIndex(parsed.page_spans)
    line_starts = [line.start for line in plan.lines]
    sentences = has_sentence_punctuation(text)
    tables = TableRows(parsed.blocks)
    pipe_tables = PipeTables(text)
    drafts: list[ChunkDraft] = []

    def pack(low: int, high: int) -> list[tuple[int, int]]:
        section_lines = plan.lines[bisect_left(line_starts, low) : bisect_left(line_starts, high)]
        cuts = section_cuts(text, low, high, section_lines)
        return pack_section(text, low, high, cuts, limits, sentences=sentences)

    for section in plan.sections:
        for low, high, rows in tables.segments(section.start, section.end):
            spans = [
                span for row, oversized in pack_rows(rows, limits) for span in (pack(*row) if oversized else [row])
            ]
            for start, end in spans if rows else pack(low, high):
                if not has_visible_text(text[start:end]):
                    continue
                first, last = pages.page_at(start), pages.page_at(max(start, end - 1))
                label = section.label
                columns = pipe_tables.continued_columns(start)
                if columns is not None:
                    hinted = f"{label} ({columns})" if label else f"({columns})"
                    label = hinted if len(hinted) <= MAX_LABEL_CHARS else label
                drafts.append(ChunkDraft.of(text, len(drafts), start, end, label, first, last))
    return drafts
