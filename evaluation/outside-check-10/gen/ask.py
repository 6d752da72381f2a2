# Registers, uploads the 8 documents, asks the 80 questions; writes /tmp/oc10/raw/*.json (CC0)
import json, os, time, sys
import httpx

BASE = "http://127.0.0.1:8020"
OUT = "/tmp/oc10/raw"
os.makedirs(OUT, exist_ok=True)
c = httpx.Client(base_url=BASE, timeout=300)
errors = []


def log_err(what, r):
    e = {"what": what, "status": r.status_code, "body": r.text[:2000]}
    errors.append(e)
    print("ERROR", e, file=sys.stderr)


r = c.post("/api/v1/auth/register", json={"email": "tester@oc10.example", "password": "correct-horse-10", "workspace": "oc10-tests"})
print("register", r.status_code, r.text[:300])
r = c.post("/api/v1/auth/login", json={"email": "tester@oc10.example", "password": "correct-horse-10"})
r.raise_for_status()
tok = r.json()["access_token"]
c.headers["Authorization"] = f"Bearer {tok}"


def relogin():
    r = c.post("/api/v1/auth/login", json={"email": "tester@oc10.example", "password": "correct-horse-10"})
    r.raise_for_status()
    c.headers["Authorization"] = f"Bearer {r.json()['access_token']}"


docs = {}
if os.path.exists(f"{OUT}/docs.json"):
    docs = json.load(open(f"{OUT}/docs.json"))
for fn in sorted(os.listdir("/tmp/oc10/docs")):
    if fn in docs:
        continue
    with open(f"/tmp/oc10/docs/{fn}", "rb") as fh:
        t0 = time.time()
        r = c.post("/api/v1/knowledge/documents", files={"file": (fn, fh.read(), "application/octet-stream")})
    print("upload", fn, r.status_code, round(time.time() - t0, 1), r.text[:300])
    if r.status_code not in (200, 201, 202):
        log_err(f"upload {fn}", r)
        continue
    ing = r.json()
    did = ing["document_id"]
    for _ in range(120):
        d = c.get(f"/api/v1/knowledge/documents/{did}").json()
        st = d["versions"][0]["status"] if d.get("versions") else d.get("status")
        if st != "processing":
            break
        time.sleep(5)
    docs[fn] = {"ingest": ing, "detail": d}
    vid = ing["document_version_id"]
    tr = c.get(f"/api/v1/knowledge/documents/{did}/versions/{vid}/text")
    open(f"{OUT}/text_{fn}.txt", "w").write(tr.text)
    ch = c.get(f"/api/v1/knowledge/documents/{did}/chunks", params={"limit": 1000})
    json.dump(ch.json(), open(f"{OUT}/chunks_{fn}.json", "w"), indent=1, ensure_ascii=False)
    print("  status", st, "text", tr.status_code, len(tr.text), "chunks", len(ch.json()) if ch.status_code == 200 else ch.status_code)
json.dump(docs, open(f"{OUT}/docs.json", "w"), indent=1)

qs = [json.loads(l) for l in open("/tmp/oc10/questions.jsonl")]
for q in qs:
    p = f"{OUT}/run_{q['id']}.json"
    if os.path.exists(p):
        continue
    did = docs[q["document"]]["ingest"]["document_id"]
    body = {"workflow_type": "evidence_briefing", "input": {"query": q["question"], "document_ids": [did]}}
    t0 = time.time()
    r = c.post("/api/v1/runs", json=body)
    if r.status_code == 401:
        relogin()
        r = c.post("/api/v1/runs", json=body)
    dt = round(time.time() - t0, 1)
    if r.status_code not in (200, 201):
        log_err(f"run {q['id']}", r)
        json.dump({"q": q, "http_status": r.status_code, "error": r.text}, open(p, "w"), indent=1)
        continue
    run = r.json()
    res = c.get(f"/api/v1/runs/{run['id']}/result")
    if res.status_code != 200:
        log_err(f"result {q['id']}", res)
    out = {"q": q, "http_status": r.status_code, "secs": dt, "run": run,
           "result_status": res.status_code, "result": res.json() if res.headers.get("content-type", "").startswith("application/json") else res.text}
    json.dump(out, open(p, "w"), indent=1, ensure_ascii=False)
    rj = out["result"] if isinstance(out["result"], dict) else {}
    print(q["id"], run.get("outcome"), dt, "|", (rj.get("result") or {}).get("briefing", "")[:150].replace("\n", " "))
json.dump(errors, open(f"{OUT}/errors_{int(time.time())}.json", "w"), indent=1)
