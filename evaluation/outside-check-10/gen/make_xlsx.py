# Generates docs/room_hire_prices.xlsx (CC0, invented content)
from openpyxl import Workbook
from openpyxl.styles import Font

wb = Workbook()
ws = wb.active
ws.title = "Rooms"
ws.append(["Room", "Floor", "Seated capacity (theatre)", "Seated capacity (cabaret)", "Standing capacity",
           "Weekday rate per hour (Mon-Thu)", "Weekend rate per hour (Fri-Sun)", "Minimum booking", "Notes"])
rooms = [
    ("Millstone Hall", "Ground", 180, 120, 220, 65, 95, "3 hours", "Sprung wooden floor, stage, built-in PA system"),
    ("Threshing Room", "Ground", 60, 40, 80, 32, 48, "2 hours", "Folding partition; opens onto the courtyard"),
    ("Hayloft Studio", "First", 30, 20, 35, 22, 30, "2 hours", "Mirrored wall, suitable for yoga and dance; no shoes on the floor"),
    ("Granary Boardroom", "First", 14, None, None, 28, 36, "1 hour", "Boardroom table for 14, 65-inch screen, video conferencing"),
    ("Cart Shed Kitchen", "Ground", None, 12, 16, 26, 34, "2 hours", "Cookery classes; two induction hobs, commercial dishwasher"),
    ("Courtyard Garden", "Outside", None, None, 100, 40, 60, "3 hours", "April to September only; gazebo can be added"),
]
for r in rooms:
    ws.append(list(r))
for row in ws.iter_rows(min_row=2, min_col=6, max_col=7):
    for c in row:
        c.number_format = "£#,##0.00"
for c in ws[1]:
    c.font = Font(bold=True)
ws.append([])
ws.append(["Rates are per hour and include VAT. Community groups registered in Wendlebury parish receive 20% off weekday rates."])
ws.append(["Bank holidays are charged at the weekend rate."])

ws2 = wb.create_sheet("Extras and conditions")
ws2.append(["Item", "Price", "Unit", "Details"])
extras = [
    ("Tea and coffee station", 2.75, "per person", "Fairtrade tea, filter coffee and biscuits, refilled twice"),
    ("Projector and screen", 35, "per booking", "HDMI connection; not needed in the Granary Boardroom"),
    ("Wireless microphone", 15, "per booking", "Up to two handheld microphones, Millstone Hall only"),
    ("Flipchart with pens", 8, "per booking", "Extra pads £4 each"),
    ("Staging extension", 60, "per booking", "Adds 4 metres of depth to the Millstone Hall stage"),
    ("Gazebo (6m x 3m)", 85, "per day", "Courtyard Garden only, put up by our staff"),
    ("Late finish after 11pm", 120, "per half hour", "Licensed until midnight; music must stop at 11.30pm"),
    ("Cleaning charge", 90, "per booking", "Applies when the room is not left as found"),
    ("Damage deposit", 250, "per booking", "Refunded within 10 working days after the event if no damage"),
    ("Caretaker on site", 18, "per hour", "Compulsory for bookings of the Millstone Hall on Saturday evenings"),
]
for e in extras:
    ws2.append(list(e))
for row in ws2.iter_rows(min_row=2, min_col=2, max_col=2):
    for c in row:
        c.number_format = "£#,##0.00"
for c in ws2[1]:
    c.font = Font(bold=True)
ws2.append([])
conditions = [
    "Conditions of hire",
    "1. Bookings are confirmed only when the signed hire agreement and a 25% deposit have been received.",
    "2. The balance is due 14 days before the event. Bookings made less than 14 days ahead must be paid in full when booked.",
    "3. Cancellation more than 28 days before the event: deposit refunded less a £30 administration fee. Cancellation 28 days or less before: the deposit is kept. Cancellation 7 days or less before: the full hire charge is payable.",
    "4. Access is included 30 minutes before and after the booked time for setting up and clearing away. Extra time is charged at the hourly rate.",
    "5. No confetti, glitter, candles with naked flames or helium balloons anywhere in the building.",
    "6. Alcohol may only be sold under a temporary event notice, which the hirer must obtain from the council at least 10 working days before the event.",
    "7. Children's parties must have at least one adult for every 10 children at all times.",
    "8. Parking: 22 spaces in the rear car park, including 3 blue badge bays. There is no overnight parking.",
    "Bookings and enquiries: Imogen Tulliver, Bookings Manager, 01869 552 704, bookings@oldgranary-wendlebury.example",
    "The Old Granary, Station Lane, Wendlebury, OX26 9LP. Office hours Monday to Friday 9am to 4pm.",
]
for line in conditions:
    ws2.append([line])
wb.save("/tmp/oc10/docs/room_hire_prices.xlsx")
