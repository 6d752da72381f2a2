from docx import Document
from docx.shared import Pt
d = Document()
d.add_heading("Halden AF-52 Dual Basket Air Fryer – Quick-Start Guide", 0)
d.add_paragraph("Thank you for choosing Halden. This guide gets you from the box to your first meal. Please read the full safety booklet before use and keep both documents for future reference.")
d.add_heading("What's in the box", 1)
for t in ["Main unit with two 2.6-litre baskets (5.2 litres in total)", "Two non-stick crisper plates", "Recipe card", "Safety booklet and warranty card"]:
    d.add_paragraph(t, style="List Bullet")
d.add_heading("Before first use", 1)
steps = [
 "Remove all packaging, stickers and the cardboard insert from inside each basket.",
 "Wash both baskets and crisper plates in warm soapy water, rinse and dry them thoroughly.",
 "Place the air fryer on a flat, heat-resistant worktop, leaving at least 15 cm of clear space on every side and above. Never put it under a wall cupboard or on the hob.",
 "Plug the unit directly into a wall socket. Do not use an extension lead; the appliance draws 1700 W.",
 "Slide both empty baskets in and run the appliance at 200°C for 10 minutes. A slight smell or a little smoke is normal during this first run as protective coatings burn off. Open a window if you can.",
 "Let the unit cool for 30 minutes, then wipe the baskets with a damp cloth. Your air fryer is now ready to use.",
]
for s in steps: d.add_paragraph(s, style="List Number")
d.add_heading("Cooking your first meal", 1)
steps2 = [
 "Fit a crisper plate into each basket you intend to use.",
 "Add food, keeping below the MAX line marked on the inside of the basket. Overfilling stops hot air from circulating and leaves food soggy.",
 "Press Zone 1 or Zone 2, then choose a preset or press the thermometer and clock buttons to set your own temperature (40–200°C) and time (1–60 minutes).",
 "Press Start/Pause. For even results, pull out the basket halfway through and shake or turn the food; cooking pauses automatically while the basket is out.",
 "When the timer ends the unit beeps five times. Lift the basket out by its handle and place it on a heat-proof mat; the basket and plate will be very hot.",
]
for s in steps2: d.add_paragraph(s, style="List Number")
d.add_heading("Preset programmes", 1)
tbl = d.add_table(rows=1, cols=4)
tbl.style = "Table Grid"
for c, h in zip(tbl.rows[0].cells, ["Preset", "Temperature", "Time", "Shake?"]): c.text = h
for r in [("Fries","200°C","18 min","Yes, twice"),("Chicken wings","190°C","22 min","Yes, once"),("Fish fillets","180°C","12 min","No – turn gently"),("Vegetables","185°C","15 min","Yes, once"),("Reheat","160°C","8 min","No"),("Dehydrate","60°C","4 hours","No")]:
    cells = tbl.add_row().cells
    for c, v in zip(cells, r): c.text = v
d.add_paragraph("Presets are starting points. Thicker or frozen items may need a few extra minutes; check that meat is cooked through before serving.")
d.add_heading("Cooking two foods at once", 1)
d.add_paragraph("Use Sync to make both zones finish at the same moment even when their times differ: set each zone, then press Sync and Start. The zone with the shorter time waits and starts later. Use Match to copy Zone 1's settings to Zone 2, which is handy for a large batch of one food.")
d.add_heading("Cleaning", 1)
d.add_paragraph("Always unplug the appliance and let it cool before cleaning. The baskets are dishwasher safe on the top rack. The crisper plates are hand wash only, as dishwasher detergent damages the non-stick coating. Wipe the outside with a damp cloth; never immerse the main unit in water.")
d.add_heading("Error codes", 1)
for t in ["E1 – temperature sensor fault. Unplug for 10 minutes and try again; if it returns, contact the helpline.",
          "E2 – the unit has overheated and shut down. Check the air vents at the back are not blocked and let it cool fully."]:
    d.add_paragraph(t, style="List Bullet")
d.add_heading("Specifications", 1)
d.add_paragraph("Dimensions: 38 cm wide × 39 cm deep × 31 cm high. Power: 1700 W, 220–240 V. Cable length: 90 cm.")
d.add_heading("Warranty and help", 1)
d.add_paragraph("Your air fryer comes with a 2-year guarantee. Register it at halden-home.example/register within 28 days of purchase to extend cover to 3 years. Keep your receipt as proof of purchase.")
d.add_paragraph("Customer helpline: 01632 960418, Monday to Friday 9am to 5pm. Please have the model number (AF-52) and the serial number from the base of the unit ready when you call.")
d.save("/work/oc9/docs/halden-airfryer-quickstart.docx")
import docx
dd = docx.Document("/work/oc9/docs/halden-airfryer-quickstart.docx")
w = sum(len(p.text.split()) for p in dd.paragraphs) + sum(len(c.text.split()) for t in dd.tables for r in t.rows for c in r.cells)
print("words", w)
