"""Content safety: which spans of ingested text carry instructions aimed at a model, and the label of each chunk.

rules.py holds the hand-written patterns, model.py the small trained model, classifier.py combines both.
"""

from domains.knowledge.safety.classifier import classify_content, classify_many, injection_model
from domains.knowledge.safety.rules import ContentClassification, TrustLabel, pattern_hits

__all__ = [
    "ContentClassification",
    "TrustLabel",
    "classify_content",
    "classify_many",
    "injection_model",
    "pattern_hits",
]
