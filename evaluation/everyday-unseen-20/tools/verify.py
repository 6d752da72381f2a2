#!/usr/bin/env python3
"""Consistency checker for Batch 20 (Python standard library only).

Run from the batch directory:

    python3 tools/verify.py

Checks that every answer and fact occurs verbatim in the visible text of its
document (whole cells for CSV; both tag-removal variants for HTML), that ids
and document names agree and are numbered without gaps, that unanswerable
questions carry a valid `near_miss` and no `facts`, that each document has 17
questions (10 answerable, 7 unanswerable, exactly one `facts` question) and
500-1,200 words, and that the word counts in README.md match. Warns when a
question shares a run of six or more words with its document. Prints counts
and ends with PASS or FAIL (exit status 1 on FAIL).
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

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DOC_DIR = os.path.join(ROOT, "documents", "dev")
QUESTIONS = os.path.join(ROOT, "questions.jsonl")
README = os.path.join(ROOT, "README.md")

QUESTIONS_PER_DOC = 17
ANSWERABLE_PER_DOC = 10
UNANSWERABLE_PER_DOC = 7
MIN_WORDS, MAX_WORDS = 500, 1200
RUN_LENGTH = 6
NEAR_MISS = ("attribute", "neighbouring-entity", "related")
FIELDS = {"id", "document", "question", "answers", "facts", "near_miss"}
REQUIRED = {"id", "document", "question", "answers"}

BLOCK_TAGS = {
    "address", "article", "aside", "blockquote", "br", "caption", "dd", "div",
    "dl", "dt", "figcaption", "figure", "footer", "form", "h1", "h2", "h3",
    "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre",
    "section", "table", "td", "th", "tr", "ul",
}
SKIP_TAGS = {"head", "script", "style", "template", "noscript"}


class _Text(HTMLParser):
    """Collects visible text; comments are ignored by not handling them."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.removed = []   # tags removed (joined with nothing)
        self.spaced = []    # tags replaced by a space
        self.blocks = []    # block tags replaced by a newline (passages)
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in SKIP_TAGS:
            self.skip += 1
        self._boundary(tag)

    def handle_endtag(self, tag):
        if tag in SKIP_TAGS and self.skip:
            self.skip -= 1
        self._boundary(tag)

    def handle_startendtag(self, tag, attrs):
        self._boundary(tag)

    def _boundary(self, tag):
        self.spaced.append(" ")
        self.blocks.append("\n" if tag in BLOCK_TAGS else " ")

    def handle_data(self, data):
        if self.skip:
            return
        self.removed.append(data)
        self.spaced.append(data)
        self.blocks.append(data)


def _collapse(text):
    return re.sub(r"\s+", " ", text).strip()


def load_document(path):
    """Return a dict describing the visible text of one document.

    keys: kind, variants (list of strings answers must occur in, all of them),
    cells (CSV only), passages (list of strings, for the facts spread check),
    count_text (text used for the word count).
    """
    ext = os.path.splitext(path)[1].lower()
    with open(path, "rb") as f:
        raw = f.read()
    if ext in (".md", ".txt"):
        text = raw.decode("utf-8")
        if ext == ".md":
            text = text.replace("**", "")
        return {"kind": ext[1:], "variants": [text], "cells": None,
                "passages": text.splitlines(), "count_text": text}
    if ext == ".eml":
        msg = email.message_from_bytes(raw, policy=email.policy.default)
        parts = [p for p in msg.walk() if p.get_content_type() == "text/plain"]
        if not parts:
            raise ValueError("no text/plain part")
        text = "\n".join(p.get_content() for p in parts)
        return {"kind": "eml", "variants": [text], "cells": None,
                "passages": text.splitlines(), "count_text": text}
    if ext in (".html", ".htm"):
        parser = _Text()
        parser.feed(raw.decode("utf-8"))
        parser.close()
        removed = _collapse("".join(parser.removed))
        spaced = _collapse("".join(parser.spaced))
        passages = [_collapse(b) for b in "".join(parser.blocks).split("\n")]
        passages = [p for p in passages if p]
        return {"kind": "html", "variants": [removed, spaced], "cells": None,
                "passages": passages, "count_text": spaced}
    if ext == ".csv":
        text = raw.decode("utf-8")
        rows = list(csv.reader(io.StringIO(text)))
        cells = [c for row in rows for c in row]
        passages = ["\t".join(row) for row in rows]
        count_text = "\n".join(" ".join(row) for row in rows)
        return {"kind": "csv", "variants": [], "cells": cells, "rows": rows,
                "passages": passages, "count_text": count_text}
    raise ValueError("unsupported format: " + ext)


def word_count(text):
    return sum(1 for t in text.split() if re.search(r"[A-Za-z0-9]", t))


def found(doc, s):
    if doc["kind"] == "csv":
        return s in doc["cells"]
    return all(s in v for v in doc["variants"])


def passage_index(doc, s):
    """Index of the first passage (line, block or CSV row) containing s."""
    if doc["kind"] == "csv":
        for i, row in enumerate(doc["rows"]):
            if s in row:
                return i
        return None
    for i, p in enumerate(doc["passages"]):
        if s in p:
            return i
    return None


def tokens(text):
    return re.findall(r"[a-z0-9]+", text.lower().replace("\u2019", "'").replace("'", ""))


def ngrams(toks, n):
    return {tuple(toks[i:i + n]) for i in range(len(toks) - n + 1)}


def readme_word_counts():
    counts = {}
    if not os.path.exists(README):
        return None
    with open(README, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"\|\s*`([^`]+)`\s*\|.*\|\s*([\d,]+)\s*\|\s*$", line)
            if m:
                counts[m.group(1)] = int(m.group(2).replace(",", ""))
    return counts


def main():
    errors, warnings = [], []

    docs = {}
    files = {}
    for name in sorted(os.listdir(DOC_DIR)):
        path = os.path.join(DOC_DIR, name)
        if not os.path.isfile(path):
            continue
        stem = os.path.splitext(name)[0]
        if stem in docs:
            errors.append("two documents share the name " + stem)
            continue
        try:
            docs[stem] = load_document(path)
            files[stem] = name
        except Exception as exc:  # noqa: BLE001
            errors.append("%s: cannot read (%s)" % (name, exc))

    words = {}
    for stem, doc in docs.items():
        n = word_count(doc["count_text"])
        words[stem] = n
        if not MIN_WORDS <= n <= MAX_WORDS:
            errors.append("%s: %d words, outside %d-%d" % (files[stem], n, MIN_WORDS, MAX_WORDS))

    readme = readme_word_counts()
    if readme is None:
        errors.append("README.md missing")
    else:
        for stem in docs:
            if files[stem] not in readme:
                errors.append("README.md: no row for " + files[stem])
            elif readme[files[stem]] != words[stem]:
                errors.append("README.md: %s listed with %d words, counted %d"
                              % (files[stem], readme[files[stem]], words[stem]))
        for f in readme:
            if f not in files.values():
                errors.append("README.md lists unknown document " + f)

    questions = []
    with open(QUESTIONS, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            if not line.strip():
                errors.append("questions.jsonl line %d: blank line" % lineno)
                continue
            try:
                q = json.loads(line)
            except json.JSONDecodeError as exc:
                errors.append("questions.jsonl line %d: bad JSON (%s)" % (lineno, exc))
                continue
            if not isinstance(q, dict):
                errors.append("questions.jsonl line %d: not an object" % lineno)
                continue
            questions.append(q)

    doc_ngrams = {stem: ngrams(tokens(d["count_text"] if d["kind"] != "csv"
                                      else "\n".join(d["cells"])), RUN_LENGTH)
                  for stem, d in docs.items()}

    seen_ids = set()
    stats = {stem: {"questions": 0, "answerable": 0, "facts": 0, "unanswerable": 0,
                    "attribute": 0, "neighbouring-entity": 0, "related": 0, "numbers": []}
             for stem in docs}
    seen_questions = set()

    for q in questions:
        qid = q.get("id", "?")
        missing = REQUIRED - set(q)
        extra = set(q) - FIELDS
        if missing:
            errors.append("%s: missing fields %s" % (qid, sorted(missing)))
            continue
        if extra:
            errors.append("%s: unknown fields %s" % (qid, sorted(extra)))
        if qid in seen_ids:
            errors.append("%s: duplicate id" % qid)
        seen_ids.add(qid)
        stem = q["document"]
        if stem not in docs:
            errors.append("%s: unknown document %r" % (qid, stem))
            continue
        m = re.fullmatch(re.escape(stem) + r"-(\d{2})", qid)
        if not m:
            errors.append("%s: id does not match document %s" % (qid, stem))
        else:
            stats[stem]["numbers"].append(int(m.group(1)))
        doc = docs[stem]
        st = stats[stem]
        st["questions"] += 1

        text = q["question"]
        if not isinstance(text, str) or not text.strip():
            errors.append("%s: empty question" % qid)
            continue
        key = (stem, text.strip().lower())
        if key in seen_questions:
            errors.append("%s: duplicate question text" % qid)
        seen_questions.add(key)
        shared = ngrams(tokens(text), RUN_LENGTH) & doc_ngrams[stem]
        if shared:
            warnings.append("%s: shares a run of %d+ words with the document: %r"
                            % (qid, RUN_LENGTH, " ".join(sorted(shared)[0])))

        answers = q["answers"]
        if not isinstance(answers, list) or not all(isinstance(a, str) and a for a in answers):
            errors.append("%s: answers must be a list of non-empty strings" % qid)
            continue
        if answers:
            st["answerable"] += 1
            if "near_miss" in q:
                errors.append("%s: answerable question has near_miss" % qid)
            for a in answers:
                if not found(doc, a):
                    errors.append("%s: answer not in visible text: %r" % (qid, a))
            if len(set(answers)) != len(answers):
                errors.append("%s: repeated answer" % qid)
            if "facts" in q:
                st["facts"] += 1
                facts = q["facts"]
                if (not isinstance(facts, list) or not 2 <= len(facts) <= 4
                        or not all(isinstance(x, str) and x for x in facts)):
                    errors.append("%s: facts must be 2-4 non-empty strings" % qid)
                else:
                    places = []
                    for x in facts:
                        if not found(doc, x):
                            errors.append("%s: fact not in visible text: %r" % (qid, x))
                        places.append(passage_index(doc, x))
                    if len(set(facts)) != len(facts):
                        errors.append("%s: repeated fact" % qid)
                    if None not in places and len(set(places)) != len(places):
                        errors.append("%s: facts are not spread across different passages" % qid)
        else:
            st["unanswerable"] += 1
            if "facts" in q:
                errors.append("%s: unanswerable question has facts" % qid)
            nm = q.get("near_miss")
            if nm not in NEAR_MISS:
                errors.append("%s: unanswerable question needs near_miss in %s" % (qid, NEAR_MISS))
            else:
                st[nm] += 1

    for stem, st in stats.items():
        if st["questions"] != QUESTIONS_PER_DOC:
            errors.append("%s: %d questions, expected %d" % (stem, st["questions"], QUESTIONS_PER_DOC))
        if sorted(st["numbers"]) != list(range(1, st["questions"] + 1)):
            errors.append("%s: ids not numbered 01-%02d without gaps" % (stem, st["questions"]))
        if st["answerable"] != ANSWERABLE_PER_DOC:
            errors.append("%s: %d answerable, expected %d" % (stem, st["answerable"], ANSWERABLE_PER_DOC))
        if st["unanswerable"] != UNANSWERABLE_PER_DOC:
            errors.append("%s: %d unanswerable, expected %d" % (stem, st["unanswerable"], UNANSWERABLE_PER_DOC))
        if st["facts"] != 1:
            errors.append("%s: %d questions with facts, expected 1" % (stem, st["facts"]))

    # Report
    cols = ("questions", "answerable", "facts", "unanswerable",
            "attribute", "neighbouring-entity", "related")
    head = "%-26s %6s" % ("document", "words") + "".join(" %*s" % (len(c) if len(c) > 5 else 5, c[:19]) for c in cols)
    print(head)
    totals = dict.fromkeys(cols, 0)
    total_words = 0
    for stem in sorted(stats):
        st = stats[stem]
        total_words += words.get(stem, 0)
        row = "%-26s %6d" % (stem, words.get(stem, 0))
        for c in cols:
            totals[c] += st[c]
            row += " %*d" % (len(c) if len(c) > 5 else 5, st[c])
        print(row)
    row = "%-26s %6d" % ("TOTAL", total_words)
    for c in cols:
        row += " %*d" % (len(c) if len(c) > 5 else 5, totals[c])
    print(row)
    print()
    for w in warnings:
        print("WARNING " + w)
    for e in errors:
        print("ERROR " + e)
    if errors:
        print("FAIL (%d errors, %d warnings)" % (len(errors), len(warnings)))
        return 1
    print("PASS (%d documents, %d questions, %d warnings)" % (len(docs), len(questions), len(warnings)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
