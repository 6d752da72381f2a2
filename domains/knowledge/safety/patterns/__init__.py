"""Directive patterns: the clause test (clause.py), the rule tables (override.py, output.py), the engine (engine.py)."""

from domains.knowledge.safety.patterns.clause import Severity
from domains.knowledge.safety.patterns.engine import pattern_hits

__all__ = ["Severity", "pattern_hits"]
