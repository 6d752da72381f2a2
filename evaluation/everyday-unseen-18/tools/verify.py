#!/usr/bin/env python3
"""Consistency checker for the Batch 18 document QA evaluation set.

Standard library only. Run from the batch directory:

    python3 tools/verify.py

Checks that every answer and fact is an exact substring of its document's
visible text (whole cells for CSV; both tag-removal variants for HTML), that
ids and document names agree and are numbered 01-17 without gaps, that every
unanswerable question has a valid near_miss and no facts, that facts are
spread over more than one passage, and that each document has 17 questions
(10 answerable, 7 unanswerable, exactly one with facts) and 500-1,200 words.
Warns when a question shares a run of six or more words with its document.
Prints counts and ends with PASS or FAIL (exit status 1 on FAIL).
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
QFILE = os.path.join(BASE, "questions.jsonl")

NEAR_MISS = ("attribute", "neighbouring-entity", "related")
ALLOWED_FIELDS = {"id", "document", "question", "answers", "facts", "near_miss"}
PER_DOC = 17
ANSWERABLE = 10
UNANSWERABLE = 7
MIN_WORDS, MAX_WORDS = 500, 1200
NGRAM = 6

BLOCK_TAGS = {
    "p", "li", "tr", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "div",
    "table", "ul", "ol", "header", "footer", "main", "section", "nav",
    "article", "br", "dt", "dd", "dl", "blockquote", "caption",
}
SKIP_TAGS = {"head", "script", "style", "title", "template"}


def collapse(s):
    return re.sub(r"\s+", " ", s).strip()


class _Visible(HTMLParser):
    """Collects visible text twice: tags removed, and tags replaced by spaces."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.removed = []
        self.spaced = []
        self.passages = [[]]
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in SKIP_TAGS:
            self.skip += 1
            return
        self._tag(tag)

    def handle_startendtag(self, tag, attrs):
        if tag not in SKIP_TAGS:
            self._tag(tag)

    def handle_endtag(self, tag):
        if tag in SKIP_TAGS:
            self.skip = max(0, self.skip - 1)
            return
        self._tag(tag)

    def _tag(self, tag):
        if self.skip:
            return
        self.spaced.append(" ")
        self.passages[-1].append(" ")
        if tag in BLOCK_TAGS and tag not in ("td", "th"):
            self.passages.append([])

    def handle_data(self, data):
        if self.skip:
            return
        self.removed.append(data)
        self.spaced.append(data)
        self.passages[-1].append(data)

    def handle_comment(self, data):
        pass


def load_document(path):
    """Return dict with variants (texts an answer must occur in), passages,
    word-count text, and cells (CSV only)."""
    ext = os.path.splitext(path)[1].lower()
    with open(path, "rb") as fh:
        raw = fh.read()
    if ext != ".eml":
        raw = raw.replace(b"\r\n", b"\n")
    if ext in (".md", ".markdown"):
        text = raw.decode("utf-8").replace("**", "")
        return {"kind": "text", "variants": [text], "count_text": text,
                "passages": re.split(r"\n\s*\n", text)}
    if ext == ".txt":
        text = raw.decode("utf-8")
        return {"kind": "text", "variants": [text], "count_text": text,
                "passages": re.split(r"\n\s*\n", text)}
    if ext == ".eml":
        msg = email.message_from_bytes(raw, policy=email.policy.default)
        part = msg.get_body(preferencelist=("plain",))
        if part is None:
            raise ValueError("no text/plain body")
        text = part.get_content().replace("\r\n", "\n")
        # a passage is a paragraph; quote markers on blank lines count as blank
        paras = re.split(r"\n[ >]*\n", text)
        return {"kind": "text", "variants": [text], "count_text": text,
                "passages": paras}
    if ext in (".html", ".htm"):
        p = _Visible()
        p.feed(raw.decode("utf-8"))
        p.close()
        removed = collapse("".join(p.removed))
        spaced = collapse("".join(p.spaced))
        passages = [collapse("".join(x)) for x in p.passages]
        passages = [x for x in passages if x]
        return {"kind": "html", "variants": [removed, spaced],
                "count_text": spaced, "passages": passages}
    if ext == ".csv":
        rows = list(csv.reader(io.StringIO(raw.decode("utf-8"))))
        cells = [c for row in rows for c in row]
        return {"kind": "csv", "variants": [], "cells": set(cells),
                "count_text": " ".join(cells),
                "rows": rows}
    raise ValueError("unsupported format: " + ext)


def word_count(text):
    return sum(1 for t in text.split() if re.search(r"[A-Za-z0-9]", t))


def occurs(doc, s):
    if doc["kind"] == "csv":
        return s in doc["cells"]
    return all(s in v for v in doc["variants"])


def passages_of(doc, s):
    """Indices of passages (CSV: rows) containing s."""
    if doc["kind"] == "csv":
        return {i for i, row in enumerate(doc["rows"]) if s in row}
    norm = collapse(s) if doc["kind"] == "html" else s
    return {i for i, p in enumerate(doc["passages"]) if norm in p}


def tokens(s):
    return re.findall(r"[a-z0-9]+", s.lower().replace("\u2019", "'").replace("'", ""))


def ngrams(toks, n):
    return {tuple(toks[i:i + n]) for i in range(len(toks) - n + 1)}


def main():
    errors, warnings = [], []

    docs = {}
    for name in sorted(os.listdir(DOC_DIR)):
        path = os.path.join(DOC_DIR, name)
        if not os.path.isfile(path) or name.startswith("."):
            continue
        stem = os.path.splitext(name)[0]
        if stem in docs:
            errors.append("duplicate document stem: " + stem)
            continue
        try:
            docs[stem] = load_document(path)
            docs[stem]["file"] = name
        except Exception as exc:  # noqa: BLE001
            errors.append("%s: cannot read (%s)" % (name, exc))
    if len(docs) != 10:
        errors.append("expected 10 documents, found %d" % len(docs))

    doc_grams = {}
    for stem, d in docs.items():
        d["words"] = word_count(d["count_text"])
        if not MIN_WORDS <= d["words"] <= MAX_WORDS:
            errors.append("%s: %d words (need %d-%d)"
                          % (d["file"], d["words"], MIN_WORDS, MAX_WORDS))
        doc_grams[stem] = ngrams(tokens(d["count_text"]), NGRAM)

    questions = []
    with open(QFILE, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                errors.append("line %d: blank line" % n)
                continue
            try:
                q = json.loads(line)
            except json.JSONDecodeError as exc:
                errors.append("line %d: bad JSON (%s)" % (n, exc))
                continue
            if not isinstance(q, dict):
                errors.append("line %d: not an object" % n)
                continue
            q["_line"] = n
            questions.append(q)

    seen_ids, seen_q = set(), set()
    by_doc = {}
    for q in questions:
        n = q["_line"]
        extra = set(q) - ALLOWED_FIELDS - {"_line"}
        if extra:
            errors.append("line %d: unknown fields %s" % (n, sorted(extra)))
        for f in ("id", "document", "question", "answers"):
            if f not in q:
                errors.append("line %d: missing %s" % (n, f))
        if any(f not in q for f in ("id", "document", "question", "answers")):
            continue
        qid, stem = q["id"], q["document"]
        if qid in seen_ids:
            errors.append("line %d: duplicate id %s" % (n, qid))
        seen_ids.add(qid)
        m = re.fullmatch(r"(.+)-(\d\d)", str(qid))
        if not m or m.group(1) != stem:
            errors.append("line %d: id %s does not match document %s" % (n, qid, stem))
        if stem not in docs:
            errors.append("line %d: unknown document %s" % (n, stem))
            continue
        doc = docs[stem]
        by_doc.setdefault(stem, []).append(q)

        text = q["question"]
        if not isinstance(text, str) or not text.strip():
            errors.append("%s: empty question" % qid)
            continue
        key = text.strip().lower()
        if key in seen_q:
            errors.append("%s: duplicate question text" % qid)
        seen_q.add(key)
        shared = ngrams(tokens(text), NGRAM) & doc_grams[stem]
        if shared:
            warnings.append("%s: shares a run of %d+ words with the document: %s"
                            % (qid, NGRAM, " ".join(sorted(shared)[0])))

        answers = q["answers"]
        if not isinstance(answers, list) or not all(isinstance(a, str) and a.strip() for a in answers):
            errors.append("%s: answers must be a list of non-empty strings" % qid)
            continue
        for a in answers:
            if not occurs(doc, a):
                errors.append("%s: answer not in visible text: %r" % (qid, a))
        if len(set(answers)) != len(answers):
            errors.append("%s: repeated answer" % qid)

        if answers:
            if "near_miss" in q:
                errors.append("%s: answerable question has near_miss" % qid)
            if "facts" in q:
                facts = q["facts"]
                if (not isinstance(facts, list) or not 2 <= len(facts) <= 4
                        or not all(isinstance(f, str) and f.strip() for f in facts)):
                    errors.append("%s: facts must be 2-4 non-empty strings" % qid)
                else:
                    for f in facts:
                        if not occurs(doc, f):
                            errors.append("%s: fact not in visible text: %r" % (qid, f))
                    for i, f in enumerate(facts):
                        for g in facts[i + 1:]:
                            if f in g or g in f:
                                errors.append("%s: facts overlap: %r / %r" % (qid, f, g))
                    sets = [passages_of(doc, f) for f in facts]
                    if all(sets) and set.intersection(*sets):
                        errors.append("%s: all facts lie in one passage" % qid)
        else:
            if "facts" in q:
                errors.append("%s: unanswerable question has facts" % qid)
            if q.get("near_miss") not in NEAR_MISS:
                errors.append("%s: unanswerable question needs near_miss in %s"
                              % (qid, "/".join(NEAR_MISS)))

    rows = []
    for stem in sorted(docs):
        qs = by_doc.get(stem, [])
        ids = [q["id"] for q in qs]
        want = ["%s-%02d" % (stem, i) for i in range(1, PER_DOC + 1)]
        if ids != want:
            errors.append("%s: ids not numbered 01-%02d in order without gaps" % (stem, PER_DOC))
        ans = [q for q in qs if q.get("answers")]
        una = [q for q in qs if isinstance(q.get("answers"), list) and not q["answers"]]
        fac = [q for q in qs if "facts" in q]
        nm = {k: sum(1 for q in una if q.get("near_miss") == k) for k in NEAR_MISS}
        if len(qs) != PER_DOC:
            errors.append("%s: %d questions (need %d)" % (stem, len(qs), PER_DOC))
        if len(ans) != ANSWERABLE:
            errors.append("%s: %d answerable (need %d)" % (stem, len(ans), ANSWERABLE))
        if len(una) != UNANSWERABLE:
            errors.append("%s: %d unanswerable (need %d)" % (stem, len(una), UNANSWERABLE))
        if len(fac) != 1:
            errors.append("%s: %d questions with facts (need 1)" % (stem, len(fac)))
        rows.append((stem, docs[stem]["words"], len(qs), len(ans), len(fac), len(una),
                     nm["attribute"], nm["neighbouring-entity"], nm["related"]))

    head = ("document", "words", "qs", "ans", "facts", "unans", "attr", "neigh", "rel")
    fmt = "%-28s %6s %4s %4s %6s %6s %5s %6s %4s"
    print(fmt % head)
    for r in rows:
        print(fmt % r)
    tot = [sum(r[i] for r in rows) for i in range(1, len(head))]
    print(fmt % tuple(["TOTAL"] + tot))
    print()
    for w in warnings:
        print("WARNING: " + w)
    for e in errors:
        print("ERROR: " + e)
    if errors:
        print("FAIL")
        return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
