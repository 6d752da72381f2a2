"""Content safety: which spans of ingested text carry a directive aimed at a model, and the label of each chunk.

normalize.py undoes disguises (invisible characters, look-alike letters, leetspeak, spaced letters, encodings),
patterns/ holds the directive patterns, scorer.py the learned sentence-level directive scorer (weights in
directive_scorer.npz, built by tools/safety/build_scorer.py), spans.py finds the labelled spans, classifier.py labels
chunks.
"""

from domains.knowledge.safety.classifier import (
    DETECTOR_VERSION,
    ContentClassification,
    TrustLabel,
    classify_content,
    classify_many,
    label_chunks,
    load_spans,
    spans_json,
)
from domains.knowledge.safety.patterns import pattern_hits
from domains.knowledge.safety.spans import LabelledSpan, detect_spans

__all__ = [
    "DETECTOR_VERSION",
    "ContentClassification",
    "LabelledSpan",
    "TrustLabel",
    "classify_content",
    "classify_many",
    "detect_spans",
    "label_chunks",
    "load_spans",
    "pattern_hits",
    "spans_json",
]
