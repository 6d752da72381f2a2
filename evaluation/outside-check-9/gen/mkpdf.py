import textwrap, re
src = open("/work/oc9/gen/letter.txt", encoding="utf-8").read().split("\n")
lines = []  # (font, text) or None for blank
for l in src:
    if not l.strip():
        lines.append(None); continue
    bold = bool(re.match(r"^\d+\. ", l)) or l.startswith("Re:") or l == "Mortlake Residential Lettings"
    for w in textwrap.wrap(l, 92):
        lines.append(("F2" if bold else "F1", w))
def esc(s):
    return s.replace("\\","\\\\").replace("(","\\(").replace(")","\\)")
LEAD, TOP, BOTTOM = 13, 790, 60
pages, cur, y = [], [], TOP
for item in lines:
    if y < BOTTOM:
        pages.append(cur); cur=[]; y=TOP
    if item is None:
        y -= 7; continue
    cur.append((item[0], y, item[1])); y -= LEAD
pages.append(cur)
objs = {}
objs[1] = b"<< /Type /Catalog /Pages 2 0 R >>"
objs[3] = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
objs[4] = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>"
kids = []
n = 5
for pi, p in enumerate(pages):
    ops = ["BT"]
    for font, y, t in p:
        ops.append(f"/{font} 10 Tf 1 0 0 1 60 {y} Tm ({esc(t)}) Tj")
    ops.append(f"/F1 8 Tf 1 0 0 1 270 30 Tm (Page {pi+1} of {len(pages)}) Tj")
    ops.append("ET")
    stream = "\n".join(ops).encode("cp1252")
    cid, pid = n, n+1; n += 2
    objs[cid] = b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream"
    objs[pid] = (f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents {cid} 0 R >>").encode()
    kids.append(pid)
objs[2] = (f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] /Count {len(kids)} >>").encode()
objs[n] = b"<< /Title (Tenancy house rules - Flat 3, 22 Elderwood Terrace) /Producer (hand-made) >>"
info = n
out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
offs = {}
for i in range(1, n+1):
    offs[i] = len(out)
    out += f"{i} 0 obj\n".encode() + objs[i] + b"\nendobj\n"
xref = len(out)
out += f"xref\n0 {n+1}\n0000000000 65535 f \n".encode()
for i in range(1, n+1):
    out += f"{offs[i]:010d} 00000 n \n".encode()
out += f"trailer\n<< /Size {n+1} /Root 1 0 R /Info {info} 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
open("/work/oc9/docs/tenancy-house-rules-letter.pdf","wb").write(out)
print(len(pages), "pages", len(out), "bytes")
