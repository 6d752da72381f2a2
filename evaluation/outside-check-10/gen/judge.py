# Judges /tmp/oc10/raw/run_*.json against questions.jsonl; writes judgements.jsonl and a summary (CC0)
import json, re, collections

norm = lambda s: re.sub(r"\s+", " ", s or "").strip().lower()

# Manual overrides after reading every answered quote (auto rule: a quote contains an expected alternative)
MANUAL = {
    # quote mentions step 6 but does not say what step 6 is
    "c03": ("wrong", "quote only says 'You will need this number in step 6.'; step 6 (Settings > Water hardness) not given"),
    # quote is about the grind setting but not the factory setting (5)
    "c06": ("wrong", "quote says when to change the grind setting, not the factory setting (5)"),
}

qs = [json.loads(l) for l in open("/tmp/oc10/questions.jsonl")]
rows = []
for q in qs:
    d = json.load(open(f"/tmp/oc10/raw/run_{q['id']}.json"))
    res = d.get("result") if isinstance(d.get("result"), dict) else {}
    outcome = res.get("outcome") or (d.get("run") or {}).get("outcome") or f"http_{d.get('http_status')}"
    claims = (res.get("result") or {}).get("claims") or []
    quotes = [ci["quote"] for c in claims for ci in c["citations"]]
    statements = [c["statement"] for c in claims]
    cits = res.get("citations") or []
    alts = [a.strip() for a in q["answer"].split("||")] if q["answer"] else []
    # rank of first retrieved citation whose content holds an expected answer
    ans_rank = None
    for c in sorted(cits, key=lambda c: c.get("retrieval_rank") or 99):
        if any(norm(a) in norm(c["content"]) for a in alts):
            ans_rank = c.get("retrieval_rank")
            break
    note = ""
    if q["answer"]:
        if outcome == "answered":
            hit = any(norm(a) in norm(x) for a in alts for x in quotes)
            verdict = "right" if hit else "wrong"
        elif outcome == "insufficient_evidence":
            verdict = "refused"
        else:
            verdict = "error"
    else:
        verdict = "refused" if outcome == "insufficient_evidence" else ("answered" if outcome == "answered" else "error")
    if q["id"] in MANUAL:
        verdict, note = MANUAL[q["id"]]
    rows.append({
        "id": q["id"], "document": q["document"], "question": q["question"], "expected": q["answer"],
        "answerable": q["answer"] is not None, "outcome": outcome, "verdict": verdict, "quotes": quotes,
        "statements": statements, "briefing": (res.get("result") or {}).get("briefing"),
        "refusal": res.get("refusal"), "unanswered_parts": (res.get("result") or {}).get("unanswered_parts"),
        "retrieved_count": len(cits), "answer_in_citation_rank": ans_rank,
        "run_id": res.get("run_id"), "run_status": res.get("status"), "http_status": d.get("http_status"),
        "secs": d.get("secs"), "note": note,
    })
with open("/tmp/oc10/judgements.jsonl", "w") as f:
    for r in rows:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")

fmt = lambda doc: doc.rsplit(".", 1)[1]
t = collections.defaultdict(collections.Counter)
for r in rows:
    t[fmt(r["document"])][("A" if r["answerable"] else "U") + ":" + r["verdict"]] += 1
    t["TOTAL"][("A" if r["answerable"] else "U") + ":" + r["verdict"]] += 1
print(f"{'format':8} {'A right':>8} {'A wrong':>8} {'A refused':>10} {'U refused':>10} {'U answered':>11}")
for k in ["docx", "pdf", "xlsx", "eml", "html", "md", "txt", "csv", "TOTAL"]:
    c = t[k]
    na = c["A:right"] + c["A:wrong"] + c["A:refused"] + c["A:error"]
    nu = c["U:refused"] + c["U:answered"] + c["U:error"]
    print(f"{k:8} {c['A:right']:>5}/{na:<2} {c['A:wrong']:>5}/{na:<2} {c['A:refused']:>7}/{na:<2} {c['U:refused']:>7}/{nu:<2} {c['U:answered']:>8}/{nu:<2}")
print()
for r in rows:
    if r["answerable"] and r["verdict"] == "refused":
        print("REFUSED", r["id"], r["question"], "| expected:", r["expected"], "| answer in citation rank:", r["answer_in_citation_rank"], "of", r["retrieved_count"])
