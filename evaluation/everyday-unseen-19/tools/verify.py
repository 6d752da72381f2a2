#!/usr/bin/env python3
"""Consistency checker for the Batch 19 document QA evaluation set.

Standard library only. Run from the batch directory:

    python3 tools/verify.py

Checks that every answer and fact occurs verbatim in the visible text of its
document (whole cells for CSV; both tag-removal variants for HTML), that ids
and document names agree and are numbered without gaps, that unanswerable
questions carry a valid near_miss and no facts, and that each document has
17 questions (10 answerable, 7 unanswerable, exactly one facts question) and
500-1,200 words. Warns when a question shares a run of six or more words with
its document. Prints counts and ends with PASS or FAIL.
"""
import csv
import email
import email.policy
import io
import json
import os
import re
import sys
from html.parser import HTMLParser

BASE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC_DIR = os.path.join(BASE, "documents", "dev")
QUESTIONS = os.path.join(BASE, "questions.jsonl")

NEAR_MISS = ("attribute", "neighbouring-entity", "related")
ALLOWED_KEYS = {"id", "document", "question", "answers", "facts", "near_miss"}
PER_DOC = {"questions": 17, "answerable": 10, "unanswerable": 7, "facts": 1}
MIN_WORDS, MAX_WORDS = 500, 1200
NGRAM = 6

errors = []
warnings = []


def err(msg):
    errors.append(msg)


def warn(msg):
    warnings.append(msg)


class _HTMLText(HTMLParser):
    """Collects visible text; drops <head>, <script>, <style> and comments."""

    SKIP = {"head", "script", "style"}

    def __init__(self, sep):
        super().__init__(convert_charrefs=True)
        self.sep = sep
        self.parts = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.SKIP:
            self.skip += 1
        self.parts.append(self.sep)

    def handle_endtag(self, tag):
        if tag in self.SKIP and self.skip:
            self.skip -= 1
        self.parts.append(self.sep)

    def handle_startendtag(self, tag, attrs):
        self.parts.append(self.sep)

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)

    def handle_comment(self, data):
        pass


def html_text(raw, sep):
    p = _HTMLText(sep)
    p.feed(raw)
    p.close()
    return re.sub(r"\s+", " ", "".join(p.parts)).strip()


def eml_text(raw_bytes):
    msg = email.message_from_bytes(raw_bytes, policy=email.policy.default)
    bodies = []
    for part in msg.walk():
        if part.get_content_type() == "text/plain" and not part.is_multipart():
            bodies.append(part.get_content())
    # CRLF line endings are a transport detail; compare against LF text.
    return "\n".join(bodies).replace("\r\n", "\n")


def load_document(path):
    """Return (kind, views, count_text).

    views is a list of strings every answer must occur in (for CSV, a list
    of cells that an answer must equal)."""
    ext = os.path.splitext(path)[1].lower()
    with open(path, "rb") as fh:
        raw = fh.read()
    if ext in (".md", ".txt"):
        text = raw.decode("utf-8").replace("**", "")
        return "text", [text], text
    if ext == ".eml":
        text = eml_text(raw)
        return "text", [text], text
    if ext in (".html", ".htm"):
        src = raw.decode("utf-8")
        removed = html_text(src, "")
        spaced = html_text(src, " ")
        return "text", [removed, spaced], spaced
    if ext == ".csv":
        rows = list(csv.reader(io.StringIO(raw.decode("utf-8"), newline="")))
        widths = {len(r) for r in rows if r}
        if len(widths) != 1:
            err(f"{os.path.basename(path)}: rows have differing column counts {sorted(widths)}")
        cells = [c for r in rows for c in r]
        return "csv", cells, " ".join(cells)
    raise ValueError(f"unsupported document type: {path}")


def word_count(text):
    return sum(1 for tok in text.split() if any(ch.isalnum() for ch in tok))


def tokens(text):
    return re.findall(r"[a-z0-9]+(?:['\u2019][a-z0-9]+)*", text.lower())


def ngrams(toks, n):
    return {tuple(toks[i:i + n]) for i in range(len(toks) - n + 1)}


def occurs(kind, views, s):
    if kind == "csv":
        return s in views
    return all(s in v for v in views)


def position(kind, views, s):
    if kind == "csv":
        return views.index(s) if s in views else -1
    return views[0].find(s)


def main():
    docs = {}
    for name in sorted(os.listdir(DOC_DIR)):
        path = os.path.join(DOC_DIR, name)
        if not os.path.isfile(path):
            continue
        stem = os.path.splitext(name)[0]
        if stem in docs:
            err(f"two documents share the name {stem}")
        kind, views, count_text = load_document(path)
        docs[stem] = {
            "file": name,
            "kind": kind,
            "views": views,
            "words": word_count(count_text),
            "grams": ngrams(tokens(count_text), NGRAM),
            "questions": [],
        }

    seen_ids = set()
    seen_questions = set()
    with open(QUESTIONS, encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            if not line.strip():
                err(f"questions.jsonl:{lineno}: blank line")
                continue
            try:
                q = json.loads(line)
            except json.JSONDecodeError as exc:
                err(f"questions.jsonl:{lineno}: bad JSON ({exc})")
                continue
            where = f"questions.jsonl:{lineno} ({q.get('id')})"
            extra = set(q) - ALLOWED_KEYS
            if extra:
                err(f"{where}: unknown fields {sorted(extra)}")
            for key in ("id", "document", "question", "answers"):
                if key not in q:
                    err(f"{where}: missing {key}")
            if any(key not in q for key in ("id", "document", "question", "answers")):
                continue
            doc = docs.get(q["document"])
            if doc is None:
                err(f"{where}: unknown document {q['document']!r}")
                continue
            if q["id"] in seen_ids:
                err(f"{where}: duplicate id")
            seen_ids.add(q["id"])
            m = re.fullmatch(re.escape(q["document"]) + r"-(\d{2})", q["id"])
            if not m:
                err(f"{where}: id does not match document name")
            if not isinstance(q["question"], str) or not q["question"].strip():
                err(f"{where}: empty question")
                continue
            norm = " ".join(tokens(q["question"]))
            if norm in seen_questions:
                err(f"{where}: duplicate question text")
            seen_questions.add(norm)
            if not isinstance(q["answers"], list) or not all(
                    isinstance(a, str) and a for a in q["answers"]):
                err(f"{where}: answers must be a list of non-empty strings")
                continue
            for a in q["answers"]:
                if not occurs(doc["kind"], doc["views"], a):
                    err(f"{where}: answer not found in visible text: {a!r}")
            answerable = bool(q["answers"])
            if "facts" in q:
                facts = q["facts"]
                if not answerable:
                    err(f"{where}: facts on an unanswerable question")
                if not isinstance(facts, list) or not 2 <= len(facts) <= 4:
                    err(f"{where}: facts must be a list of 2 to 4 strings")
                else:
                    if len(set(facts)) != len(facts):
                        err(f"{where}: repeated fact")
                    for f in facts:
                        if not isinstance(f, str) or not f:
                            err(f"{where}: empty fact")
                        elif not occurs(doc["kind"], doc["views"], f):
                            err(f"{where}: fact not found in visible text: {f!r}")
                    pos = [position(doc["kind"], doc["views"], f) for f in facts
                           if isinstance(f, str) and f]
                    spread = 1 if doc["kind"] == "csv" else 150
                    if pos and all(p >= 0 for p in pos) and max(pos) - min(pos) < spread:
                        warn(f"{where}: facts are not spread across passages")
            if answerable:
                if "near_miss" in q:
                    err(f"{where}: near_miss on an answerable question")
            else:
                if q.get("near_miss") not in NEAR_MISS:
                    err(f"{where}: unanswerable question needs near_miss in {NEAR_MISS}")
            qgrams = ngrams(tokens(q["question"]), NGRAM)
            shared = qgrams & doc["grams"]
            if shared:
                warn(f"{where}: shares a run of {NGRAM}+ words with the document: "
                     f"{' '.join(sorted(shared)[0])!r}")
            doc["questions"].append((int(m.group(1)) if m else 0, q))

    header = ("Document", "Qs", "Ans", "Facts", "Unans", "attr", "neigh", "rel", "Words")
    rows = []
    totals = [0] * 8
    for stem, doc in docs.items():
        qs = doc["questions"]
        nums = sorted(n for n, _ in qs)
        if nums != list(range(1, len(qs) + 1)):
            err(f"{stem}: question ids not numbered 01..{len(qs):02d} without gaps")
        n_ans = sum(1 for _, q in qs if q["answers"])
        n_facts = sum(1 for _, q in qs if "facts" in q)
        nm = [q.get("near_miss") for _, q in qs if not q["answers"]]
        counts = [len(qs), n_ans, n_facts, len(nm),
                  nm.count("attribute"), nm.count("neighbouring-entity"),
                  nm.count("related"), doc["words"]]
        if counts[0] != PER_DOC["questions"]:
            err(f"{stem}: {counts[0]} questions, expected {PER_DOC['questions']}")
        if counts[1] != PER_DOC["answerable"]:
            err(f"{stem}: {counts[1]} answerable, expected {PER_DOC['answerable']}")
        if counts[2] != PER_DOC["facts"]:
            err(f"{stem}: {counts[2]} facts questions, expected {PER_DOC['facts']}")
        if counts[3] != PER_DOC["unanswerable"]:
            err(f"{stem}: {counts[3]} unanswerable, expected {PER_DOC['unanswerable']}")
        if not MIN_WORDS <= doc["words"] <= MAX_WORDS:
            err(f"{stem}: {doc['words']} words, expected {MIN_WORDS}-{MAX_WORDS}")
        rows.append((doc["file"],) + tuple(counts))
        totals = [t + c for t, c in zip(totals, counts)]
    if len(docs) != 10:
        err(f"{len(docs)} documents, expected 10")
    rows.append(("TOTAL",) + tuple(totals))

    widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(len(header))]
    fmt = "  ".join("{:<%d}" % widths[0:1][0] if i == 0 else "{:>%d}" % w
                    for i, w in enumerate(widths))
    print(fmt.format(*header))
    for r in rows:
        print(fmt.format(*r))
    print()
    for w in warnings:
        print("WARNING:", w)
    for e in errors:
        print("ERROR:", e)
    if errors:
        print("FAIL")
        return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
