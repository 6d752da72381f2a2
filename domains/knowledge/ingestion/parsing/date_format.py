"""Render a spreadsheet date or time as its cell shows it, from the cell's Excel number format (`d mmmm yyyy` ->
5 March 2024).

A reader quotes what the sheet shows, and a person reads "Due: 5 March 2024" where ISO text ("2024-03-05") reads like
a code. The date codes Excel writes in every locale are understood: `yyyy`/`yy`, `m` to `mmmm` (month number or
name; `m`/`mm` next to an hour or a second are minutes), `d` to `dddd`, `h`/`hh`, `s`/`ss`, `AM/PM` and `A/P`,
literal text in quotes or after a backslash, and a `[$-409]` locale block. Excel's built-in short date (format 14)
and short date-time (22) follow the reader's regional settings, which a file does not carry: they are written with
the month's name ("5 March 2024"), which no reader can take for another day. Month and day names are English, as
Excel's own in an English locale. Anything else (elapsed `[h]`, fractions of a second, a condition, `General`)
returns None and the caller writes ISO text, so an unknown code never invents a date.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time
from functools import lru_cache
from typing import Final

_MONTHS: Final = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip
_DAYS: Final = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_TOKEN = re.compile(r"(?i)y+|m+|d+|h+|s+|am/pm|a/p|e+")
_LITERAL_CHARS = " -/.,:()'"
_LOCALE_BLOCK = re.compile(r"\[\$[^\]]*\]")
# Excel's regional short date and date-time, written unambiguously (see the module)
_REGIONAL: Final = {14: "d mmmm yyyy", 22: "d mmmm yyyy hh:mm"}

Part = tuple[str, str]  # (kind, text): kind "lit" for literal text, else the lower-cased code


def format_date(value: datetime | date | time, number_format: str, format_id: int = 0) -> str | None:
    """Return the value as a cell with this format shows it, or None when the format is not a date format read here."""
    parts = _parse(_REGIONAL.get(format_id, number_format))
    if parts is None:
        return None
    has_date = any(kind[0] in "ymd" for kind, _ in parts if kind != "lit" and not kind.startswith("min"))
    if isinstance(value, time):
        if has_date:
            return None  # a time of day has no date to show
        moment = datetime.combine(date(1900, 1, 1), value)
    elif isinstance(value, datetime):
        moment = value
    else:
        moment = datetime.combine(value, time(0))
    twelve_hour = any(kind in ("am/pm", "a/p") for kind, _ in parts)
    return "".join(_render(kind, text, moment, twelve_hour) for kind, text in parts)


@lru_cache(maxsize=256)
def _parse(number_format: str) -> tuple[Part, ...] | None:
    code = _LOCALE_BLOCK.sub("", number_format.split(";", 1)[0])
    parts: list[Part] = []
    index = 0
    while index < len(code):
        char = code[index]
        if char == '"':
            end = code.find('"', index + 1)
            if end < 0:
                return None
            parts.append(("lit", code[index + 1 : end]))
            index = end + 1
        elif char == "\\" and index + 1 < len(code):
            parts.append(("lit", code[index + 1]))
            index += 2
        elif char in "_*" and index + 1 < len(code):
            index += 2  # padding or fill: no text
        elif char in _LITERAL_CHARS:
            parts.append(("lit", char))
            index += 1
        elif match := _TOKEN.match(code, index):
            parts.append((match.group(0).lower(), match.group(0)))
            index = match.end()
        else:
            return None  # `[h]`, `0` (fractions of a second), `@`, `General`, `#`: not a date read here
    tokens = [i for i, (kind, _) in enumerate(parts) if kind != "lit"]
    if not tokens or not any(parts[i][0][0] in "ymdhs" for i in tokens):
        return None
    for position, i in enumerate(tokens):
        kind = parts[i][0]
        if kind in ("m", "mm") and _is_minutes(parts, tokens, position):
            parts[i] = ("min" + kind, parts[i][1])
        elif kind.startswith("e"):
            parts[i] = ("yyyy", parts[i][1])  # `e`: the year, in the Gregorian calendar
    return tuple(parts)


def _is_minutes(parts: list[Part], tokens: list[int], position: int) -> bool:
    before = parts[tokens[position - 1]][0] if position > 0 else ""
    after = parts[tokens[position + 1]][0] if position + 1 < len(tokens) else ""
    return before.startswith("h") or after.startswith("s")


def _render(kind: str, text: str, moment: datetime, twelve_hour: bool) -> str:
    if kind == "lit":
        return text
    if kind.startswith("y"):
        return f"{moment.year % 100:02d}" if len(kind) <= 2 else f"{moment.year:04d}"
    if kind.startswith("min"):
        return f"{moment.minute:02d}" if kind == "minmm" else str(moment.minute)
    if kind.startswith("m"):
        return _month(kind, moment.month)
    if kind.startswith("d"):
        if len(kind) >= 3:
            name = _DAYS[moment.weekday()]
            return name if len(kind) >= 4 else name[:3]
        return f"{moment.day:02d}" if len(kind) == 2 else str(moment.day)
    if kind.startswith("h"):
        hour = (moment.hour % 12 or 12) if twelve_hour else moment.hour
        return f"{hour:02d}" if len(kind) >= 2 else str(hour)
    if kind.startswith("s"):
        return f"{moment.second:02d}" if len(kind) >= 2 else str(moment.second)
    morning = moment.hour < 12
    if kind == "am/pm":
        return ("AM" if morning else "PM") if text[:1].isupper() else ("am" if morning else "pm")
    return ("A" if morning else "P") if text[:1].isupper() else ("a" if morning else "p")


def _month(kind: str, month: int) -> str:
    name = _MONTHS[month - 1]
    if len(kind) >= 5:
        return name[0]
    if len(kind) == 4:
        return name
    if len(kind) == 3:
        return name[:3]
    return f"{month:02d}" if len(kind) == 2 else str(month)
