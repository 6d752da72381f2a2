"""Content-safety labels of chunks: the labelled spans of each chunk and the chunk's trust label derived from them.

A chunk's `trust_label` is the most severe label of its spans (`untrusted` > `flagged`); a chunk without a labelled
span is `trusted`. Documents are read whole (`label_chunks`), so a directive split by a chunk boundary is still one
sentence and both chunks carry their part of it. `DETECTOR_VERSION` changes whenever the detector's output can
change: stored chunks labelled by another version are re-labelled in the background (ingestion/relabel.py).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, Literal

from domains.knowledge.safety.spans import LabelledSpan, detect_spans

TrustLabel = Literal["trusted", "flagged", "untrusted"]
DETECTOR_VERSION: Final = "spans-21"
_SEVERITY: Final = {"trusted": 0, "flagged": 1, "untrusted": 2}


@dataclass(frozen=True)
class ContentClassification:
    """The labelled spans of one chunk (offsets in the chunk text), its trust label and the families that fired."""

    trust_label: TrustLabel
    labelled_spans: list[LabelledSpan] = field(default_factory=list)

    @property
    def matched_patterns(self) -> list[str]:
        return sorted({span.reason for span in self.labelled_spans})

    @classmethod
    def of(cls, spans: list[LabelledSpan]) -> ContentClassification:
        label: TrustLabel = "trusted"
        for span in spans:
            if _SEVERITY[span.label] > _SEVERITY[label]:
                label = span.label
        return cls(trust_label=label, labelled_spans=spans)


def spans_json(classification: ContentClassification) -> str:
    """Return a chunk's labelled spans as the JSON its `labelled_spans` column stores."""
    return json.dumps([dataclasses.asdict(span) for span in classification.labelled_spans])


def load_spans(stored: Sequence[Mapping[str, object]] | None) -> list[LabelledSpan]:
    """Return the labelled spans of a stored `labelled_spans` column."""
    return [LabelledSpan.load(item) for item in stored or ()]


def classify_content(text: str) -> ContentClassification:
    """Classify one piece of text on its own."""
    return ContentClassification.of(detect_spans(text))


def classify_many(texts: Sequence[str]) -> list[ContentClassification]:
    """Classify each text on its own (chunks whose document text is not at hand)."""
    return [classify_content(text) for text in texts]


def label_chunks(document_text: str, ranges: Sequence[tuple[int, int]]) -> list[ContentClassification]:
    """Classify the chunks `document_text[start:end]` of one document, reading the document whole."""
    spans = detect_spans(document_text)
    results = []
    for start, end in ranges:
        inside = [s for s in spans if s.start < end and s.end > start]
        clipped = [c for c in (s.shifted(start, end - start) for s in inside) if c is not None]
        results.append(ContentClassification.of(clipped))
    return results
