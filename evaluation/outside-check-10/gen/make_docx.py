# Generates docs/committee_minutes.docx (CC0, invented content)
from docx import Document

d = Document()
d.add_heading("Brackenfield Lawn Tennis & Squash Club", level=0)
d.add_heading("Minutes of the General Committee Meeting", level=1)
d.add_paragraph(
    "Held on Tuesday 11 March 2025 at 7.30pm in the upstairs lounge of the clubhouse, Orchard Road, Brackenfield."
)

d.add_heading("1. Attendance", level=2)
d.add_paragraph(
    "Present: Gillian Ashworth (Chair), Rajesh Nandakumar (Treasurer), Morven Lytton (Secretary), "
    "Colin Beardsley (Men's Captain), Harriet Oyelaran (Ladies' Captain), Declan Foyle (Junior Coordinator) "
    "and Priya Castellan (Membership Secretary)."
)
d.add_paragraph(
    "Apologies: Stuart Penhaligon (Grounds and Maintenance), who had sent a written report, and "
    "Teresa Vickery (Social Secretary)."
)
d.add_paragraph("In attendance: Owen Blackmore, head coach, for item 5 only.")

d.add_heading("2. Minutes of the previous meeting", level=2)
d.add_paragraph(
    "The minutes of the meeting held on 4 February 2025 were approved as a true record, proposed by "
    "Colin Beardsley and seconded by Harriet Oyelaran. There were no matters arising that are not covered "
    "elsewhere on the agenda."
)

d.add_heading("3. Treasurer's report", level=2)
d.add_paragraph(
    "Rajesh reported a current account balance of £18,412 and £9,750 held in the reserve account. "
    "Subscription income is slightly ahead of last year because 23 new adult members joined over the winter. "
    "The floodlight electricity bill for the quarter was £1,186, which is £240 higher than the same quarter "
    "last year. Rajesh proposed that the floodlight token be raised from £4 to £5 per hour from 1 April 2025. "
    "The committee agreed this by six votes to one."
)

d.add_heading("4. Court resurfacing", level=2)
d.add_paragraph(
    "Three quotations for resurfacing courts 3 and 4 had been received and are summarised below."
)
t = d.add_table(rows=1, cols=4)
t.style = "Table Grid"
hdr = t.rows[0].cells
hdr[0].text = "Contractor"
hdr[1].text = "Surface"
hdr[2].text = "Price (inc. VAT)"
hdr[3].text = "Earliest start"
rows = [
    ("Tarrant Sports Surfaces", "Porous macadam", "£23,600", "2 June 2025"),
    ("Greenline Court Care", "Acrylic on macadam", "£27,950", "14 July 2025"),
    ("Redbeck Leisure Build", "Artificial clay", "£34,200", "8 September 2025"),
]
for r in rows:
    cells = t.add_row().cells
    for i, v in enumerate(r):
        cells[i].text = v
d.add_paragraph(
    "After discussion the committee decided to accept the Tarrant Sports Surfaces quotation, subject to "
    "a satisfactory reference from another club. The work is to be paid for from the reserve account "
    "together with a grant application to the county sports partnership. Courts 3 and 4 will be closed "
    "for approximately three weeks while the work is carried out."
)

d.add_heading("5. Coaching programme", level=2)
d.add_paragraph(
    "Owen Blackmore presented the summer coaching timetable. Junior group sessions will run on Saturday "
    "mornings from 26 April, and a new cardio tennis session will be offered on Thursday evenings. "
    "Owen asked whether the club could buy a second ball machine; the committee asked him to obtain prices "
    "before a decision is made. Declan reported that the junior section now has 64 registered players."
)

d.add_heading("6. Membership", level=2)
d.add_paragraph(
    "Priya reported 312 members in total. The waiting list for squash-only membership has been closed "
    "because both squash courts are fully booked on weekday evenings. The committee agreed to offer a "
    "family membership at £395 per year for the coming season."
)

d.add_heading("7. Any other business", level=2)
d.add_paragraph(
    "Harriet raised the condition of the ladies' changing room showers. Stuart's written report noted that "
    "a plumber had inspected them. The club open day was confirmed for Sunday 18 May 2025."
)

d.add_heading("Action points", level=2)
for item in [
    "Rajesh Nandakumar to update the floodlight token machines to the new price by 31 March 2025.",
    "Morven Lytton to contact the reference club for Tarrant Sports Surfaces by 21 March 2025.",
    "Gillian Ashworth to submit the grant application to the county sports partnership by 25 April 2025.",
    "Owen Blackmore to obtain at least two prices for a second ball machine before the next meeting.",
    "Priya Castellan to publish the family membership offer on the website and noticeboard by 1 April 2025.",
    "Teresa Vickery to organise refreshments and volunteers for the open day.",
]:
    d.add_paragraph(item, style="List Bullet")

d.add_paragraph(
    "The next meeting will be held on Tuesday 8 April 2025 at 7.30pm. The meeting closed at 9.05pm."
)
d.add_paragraph("Signed as a correct record: ____________________ (Chair)")

d.save("/tmp/oc10/docs/committee_minutes.docx")
