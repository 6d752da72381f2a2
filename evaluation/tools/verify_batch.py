#!/usr/bin/env python3
"""Consistency checker for the blind everyday batches 21 to 27 (Python standard library only); written by the
helper who wrote batch 21, shared by the later batches of the same format.

Run:  python3 evaluation/tools/verify_batch.py evaluation/everyday-unseen-NN   (or from a batch directory, with no
argument: python3 ../tools/verify_batch.py)

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
import html
import io
import json
import os
import re
import sys
from collections import OrderedDict
from html.parser import HTMLParser

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.getcwd())
DOC_DIR = os.path.join(ROOT, "documents", "dev")
QUESTIONS = os.path.join(ROOT, "questions.jsonl")

NEAR_MISS = ("attribute", "neighbouring-entity", "related")
PER_DOC = 17
ANSWERABLE = 10
UNANSWERABLE = 7
MIN_WORDS, MAX_WORDS = 500, 1200
RUN = 6


class _Text(HTMLParser):
    """Collects text outside <head>, <script> and <style>; drops comments."""

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

    def handle_startendtag(self, tag, attrs):
        self.parts.append(self.sep)

    def handle_endtag(self, tag):
        if tag in self.SKIP and self.skip:
            self.skip -= 1
        self.parts.append(self.sep)

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def collapse(text):
    return re.sub(r"\s+", " ", text).strip()


def html_variants(raw):
    out = []
    for sep in ("", " "):
        p = _Text(sep)
        p.feed(raw)
        p.close()
        out.append(collapse(html.unescape("".join(p.parts))))
    return out


def load(path):
    """Return (list of visible-text variants, list of CSV cells or None)."""
    ext = os.path.splitext(path)[1].lower()
    if ext == ".eml":
        with open(path, "rb") as f:
            msg = email.message_from_bytes(f.read(), policy=email.policy.default)
        body = msg.get_body(preferencelist=("plain",))
        return [body.get_content()], None
    with open(path, encoding="utf-8") as f:
        raw = f.read()
    if ext in (".md", ".txt"):
        return [raw.replace("**", "")], None
    if ext in (".html", ".htm"):
        return html_variants(raw), None
    if ext == ".csv":
        cells = [c for row in csv.reader(io.StringIO(raw)) for c in row]
        return ["\n".join(cells)], cells
    raise ValueError("unsupported document type: " + path)


def word_count(text):
    return sum(1 for t in text.split() if re.search(r"[A-Za-z0-9]", t))


def words(text):
    return re.findall(r"[a-z0-9]+(?:['’][a-z0-9]+)*", text.lower())


def runs(tokens, n=RUN):
    return {tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1)}


def main():
    errors, warnings = [], []

    docs = OrderedDict()
    for name in sorted(os.listdir(DOC_DIR)):
        path = os.path.join(DOC_DIR, name)
        if not os.path.isfile(path):
            continue
        variants, cells = load(path)
        stem = os.path.splitext(name)[0]
        if stem in docs:
            errors.append("duplicate document name: " + stem)
        docs[stem] = {
            "file": name,
            "variants": variants,
            "cells": set(cells) if cells is not None else None,
            "words": word_count(variants[0]),
            "runs": runs(words(variants[0])),
        }

    questions = []
    with open(QUESTIONS, encoding="utf-8") as f:
        for ln, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                questions.append((ln, json.loads(line)))
            except json.JSONDecodeError as e:
                errors.append("line %d: invalid JSON (%s)" % (ln, e))

    allowed = {"id", "document", "question", "answers", "facts", "near_miss"}
    per_doc = OrderedDict((d, []) for d in docs)
    seen_ids = set()

    def present(doc, s):
        if doc["cells"] is not None:
            return s in doc["cells"]
        return all(s in v for v in doc["variants"])

    for ln, q in questions:
        where = "line %d (%s)" % (ln, q.get("id", "?"))
        extra = set(q) - allowed
        if extra:
            errors.append("%s: unknown fields %s" % (where, sorted(extra)))
        for field in ("id", "document", "question", "answers"):
            if field not in q:
                errors.append("%s: missing field %s" % (where, field))
        if any(f not in q for f in ("id", "document", "question", "answers")):
            continue
        d = q["document"]
        if d not in docs:
            errors.append("%s: unknown document %r" % (where, d))
            continue
        if q["id"] in seen_ids:
            errors.append("%s: duplicate id" % where)
        seen_ids.add(q["id"])
        m = re.fullmatch(re.escape(d) + r"-(\d\d)", q["id"])
        if not m:
            errors.append("%s: id does not match document name" % where)
        if not isinstance(q["question"], str) or not q["question"].strip():
            errors.append("%s: empty question" % where)
        if not isinstance(q["answers"], list) or not all(
                isinstance(a, str) and a for a in q["answers"]):
            errors.append("%s: answers must be a list of non-empty strings" % where)
            continue
        doc = docs[d]
        per_doc[d].append(q)
        for a in q["answers"]:
            if not present(doc, a):
                errors.append("%s: answer not found verbatim: %r" % (where, a))
        if q["answers"]:
            if "near_miss" in q:
                errors.append("%s: answerable question has near_miss" % where)
            if "facts" in q:
                facts = q["facts"]
                if (not isinstance(facts, list) or not 2 <= len(facts) <= 4
                        or not all(isinstance(x, str) and x for x in facts)):
                    errors.append("%s: facts must be 2-4 non-empty strings" % where)
                else:
                    if len(set(facts)) != len(facts):
                        errors.append("%s: duplicate facts" % where)
                    for x in facts:
                        if not present(doc, x):
                            errors.append("%s: fact not found verbatim: %r" % (where, x))
        else:
            if "facts" in q:
                errors.append("%s: unanswerable question has facts" % where)
            if q.get("near_miss") not in NEAR_MISS:
                errors.append("%s: unanswerable question needs near_miss in %s"
                              % (where, "/".join(NEAR_MISS)))
        shared = runs(words(q["question"])) & doc["runs"]
        if shared:
            warnings.append("%s: question shares a %d-word run with the document: %r"
                            % (where, RUN, " ".join(sorted(shared)[0])))

    # Per-document checks and counts
    rows = []
    totals = [0] * 7
    for d, qs in per_doc.items():
        doc = docs[d]
        if not MIN_WORDS <= doc["words"] <= MAX_WORDS:
            errors.append("%s: %d words, outside %d-%d"
                          % (d, doc["words"], MIN_WORDS, MAX_WORDS))
        nums = sorted(int(q["id"].rsplit("-", 1)[1]) for q in qs
                      if re.fullmatch(re.escape(d) + r"-\d\d", q["id"]))
        if nums != list(range(1, PER_DOC + 1)):
            errors.append("%s: ids not numbered 01-%02d without gaps" % (d, PER_DOC))
        ans = [q for q in qs if q["answers"]]
        una = [q for q in qs if not q["answers"]]
        fac = [q for q in qs if "facts" in q]
        nm = [sum(1 for q in una if q.get("near_miss") == k) for k in NEAR_MISS]
        if len(qs) != PER_DOC:
            errors.append("%s: %d questions, expected %d" % (d, len(qs), PER_DOC))
        if len(ans) != ANSWERABLE:
            errors.append("%s: %d answerable, expected %d" % (d, len(ans), ANSWERABLE))
        if len(una) != UNANSWERABLE:
            errors.append("%s: %d unanswerable, expected %d" % (d, len(una), UNANSWERABLE))
        if len(fac) != 1:
            errors.append("%s: %d facts questions, expected 1" % (d, len(fac)))
        row = [len(qs), len(ans), len(fac), len(una)] + nm
        totals = [a + b for a, b in zip(totals, row)]
        rows.append((d, doc["file"], doc["words"], row))

    print("%-28s %-34s %6s" % ("document", "file", "words"))
    for d, fname, w, _ in rows:
        print("%-28s %-34s %6d" % (d, fname, w))
    print()
    head = ("questions", "answerable", "facts", "unanswerable",
            "attribute", "neighbouring", "related")
    print("%-28s " % "document" + " ".join("%12s" % h for h in head))
    for d, _, _, row in rows:
        print("%-28s " % d + " ".join("%12d" % x for x in row))
    print("%-28s " % "TOTAL" + " ".join("%12d" % x for x in totals))
    print()

    for w in warnings:
        print("WARNING: " + w)
    for e in errors:
        print("ERROR: " + e)
    if errors:
        print("FAIL (%d errors, %d warnings)" % (len(errors), len(warnings)))
        return 1
    print("PASS (%d documents, %d questions, %d warnings)"
          % (len(docs), len(questions), len(warnings)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
