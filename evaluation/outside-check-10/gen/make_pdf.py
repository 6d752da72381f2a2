# Generates docs/home_insurance_summary.pdf by hand-crafting PDF syntax (CC0, invented content)
import textwrap

TEXT = """\
# Ashgrove Mutual Home Insurance
# Policy Summary - Buildings and Contents
Policy number: AGM-HC-4471902
Policyholder: Mr Nathaniel and Mrs Rosalind Quarrie
Insured address: 27 Linnet Crescent, Westerby, WB4 7QT
Period of cover: 1 October 2024 to 30 September 2025
Annual premium: £612.48 (including Insurance Premium Tax), paid monthly by direct debit at £51.04

This summary gives the key features of your policy. It does not contain the full terms and conditions, which are set out in your policy booklet (reference AGM/HB/09-24). Please read both documents and keep them in a safe place.

## Section 1 - Buildings cover
Buildings sum insured: £385,000
We cover the structure of your home, permanent fixtures and fittings, outbuildings, garages, boundary walls, gates, fences, drives and paths against fire, smoke, storm, flood, escape of water or oil, theft or attempted theft, subsidence, heave and landslip, and impact by vehicles or falling trees.
Alternative accommodation while your home cannot be lived in: up to 20% of the buildings sum insured.
Accidental damage to the buildings is included as standard.

## Section 2 - Contents cover
Contents sum insured: £60,000
Single article limit: £2,000 unless the item is listed on your schedule.
Valuables limit (jewellery, watches, furs, art and collections) in total: £10,000.
Money and cash in the home: up to £500.
Contents in the garden: up to £750.
Contents temporarily away from home: up to 15% of the contents sum insured.
Frozen food spoilage: up to £350.
Personal possessions cover (items you carry outside the home) is NOT included unless you have added it as an optional extra. Your schedule shows that you have not added it.

## Excesses
The excess is the amount you must pay towards each claim.
Standard excess for all claims: £250.
Escape of water claims: £450.
Subsidence, heave or landslip claims: £1,000.
Accidental damage to contents: £250.
If you make a claim under buildings and contents for the same incident, you will only pay one excess.

## Main exclusions
We will not pay for:
- damage caused by wear and tear, rot, rust, damp or gradual deterioration;
- loss or damage while your home is unoccupied for more than 60 consecutive days;
- damage caused by pets chewing, scratching or fouling;
- theft from outbuildings or garages unless there has been forced and violent entry;
- storm damage to fences and gates;
- frost damage to pipes in any room that has not been heated, unless your home is occupied;
- any business equipment or stock kept at the home;
- damage to swimming pools and hot tubs caused by frost.

## How to make a claim
1. Make sure everyone is safe and take reasonable steps to prevent further damage, for example turning off the water at the stopcock.
2. Report theft, attempted theft or malicious damage to the police and ask for a crime reference number.
3. Call our claims line on 0800 046 7319 as soon as possible and in any case within 30 days of discovering the loss or damage.
4. Keep damaged items until we have told you that you may dispose of them, and take photographs.
5. Send us receipts, valuations or other evidence of ownership if we ask for them.
Our claims line is open 24 hours a day, 365 days a year.

## Home emergency helpline
For urgent help with a burst pipe, a failed boiler or a broken lock call 0800 046 7355. This helpline is provided by our partner Brightwater Assist Ltd and covers call-out and up to two hours' labour, with parts up to £150 per claim.

## Other useful numbers
Customer services (changes to your policy): 0345 602 1184, Monday to Friday 8am to 8pm, Saturday 9am to 1pm.
Legal advice helpline: 0345 602 1190.

## Cancelling your policy
You can cancel within 14 days of receiving your documents and receive a full refund, provided you have not made a claim. After that you may cancel at any time and we will refund the premium for the remaining period, less an administration fee of £25.

## Complaints
If you are unhappy with our service, please contact our Customer Relations Team at complaints@ashgrovemutual.example or write to Customer Relations, Ashgrove Mutual, 5 Chandler Yard, Bristol BS1 6XR. If you remain unhappy you may be able to refer your complaint to the Financial Ombudsman Service.
"""


def esc(s: str) -> bytes:
    b = s.encode("cp1252")
    return b.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")


lines = []  # (font, size, text)
for raw in TEXT.splitlines():
    if raw.startswith("# "):
        lines.append(("F2", 15, raw[2:]))
    elif raw.startswith("## "):
        lines.append(("F1", 11, ""))
        lines.append(("F2", 12, raw[3:]))
    elif raw.strip() == "":
        lines.append(("F1", 11, ""))
    else:
        for w in textwrap.wrap(raw, 95, subsequent_indent="   " if raw.startswith(("- ", "1.", "2.", "3.", "4.", "5.")) else ""):
            lines.append(("F1", 10, w))

pages = []
cur = []
y = 800
for f, s, t in lines:
    lead = s + 4
    if y - lead < 50:
        pages.append(cur)
        cur = []
        y = 800
    y -= lead
    cur.append((f, s, t, y))
pages.append(cur)

objs = []


def add(b: bytes) -> int:
    objs.append(b)
    return len(objs)


cat = add(b"")  # placeholder 1
pgs = add(b"")  # placeholder 2
f1 = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
f2 = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>")
kids = []
for p in pages:
    content = b""
    for f, s, t, yy in p:
        if not t:
            continue
        content += b"BT /%s %d Tf 50 %d Td (" % (f.encode(), s, yy) + esc(t) + b") Tj ET\n"
    c = add(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
    pg = add(
        b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 %d 0 R /F2 %d 0 R >> >> /Contents %d 0 R >>"
        % (pgs, f1, f2, c)
    )
    kids.append(pg)
objs[cat - 1] = b"<< /Type /Catalog /Pages %d 0 R >>" % pgs
objs[pgs - 1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (
    b" ".join(b"%d 0 R" % k for k in kids),
    len(kids),
)
info = add(b"<< /Title (Ashgrove Mutual Home Insurance Policy Summary) /Producer (hand-made) >>")

out = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"
offs = []
for i, o in enumerate(objs, 1):
    offs.append(len(out))
    out += b"%d 0 obj\n" % i + o + b"\nendobj\n"
xref = len(out)
out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
for o in offs:
    out += b"%010d 00000 n \n" % o
out += b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
    len(objs) + 1,
    cat,
    info,
    xref,
)
open("/tmp/oc10/docs/home_insurance_summary.pdf", "wb").write(out)
print(len(pages), "pages")
