"""Render a spreadsheet number as its cell shows it, from the cell's Excel number format (`"£"#,##0.00` -> £12.50).

A reader asks "how much" and quotes what the sheet shows, so the currency sign, the percent and the decimals the
format prints are part of the value. Only the common shapes are understood: fixed decimals, thousands separators,
percentages, literal or `[$€-407]` currency text before or after the number, colours, and a `pos;neg;zero` format's
first section (its negative section when that one shows a sign). Anything else (dates, which openpyxl already
reads as dates, fractions, scientific notation, conditions, `General`) returns None: the caller renders the plain
value, so an unknown format never invents a currency. Format codes are locale-invariant (`,` groups, `.` is the
decimal point), and so is the text written here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from functools import lru_cache

_DIGITS = "0#?"
_PLACEHOLDERS = _DIGITS + ",."
_LITERALS = " $-+()/:!^&'~{}<>="  # shown as themselves without quotes
_COLOUR = re.compile(r"(?i)(black|blue|cyan|green|magenta|red|white|yellow|color\d{1,2})")


@dataclass(frozen=True)
class _Section:
    """One `;`-separated section: the text around the number and how the number is written."""

    prefix: str
    suffix: str
    min_integer_digits: int  # the `0`s before the decimal point (`#,##0` -> 1; `#.00` -> 0: ".50")
    grouped: bool  # `#,##0`: thousands separators
    point: bool
    min_decimals: int  # `0.0#` -> 1
    max_decimals: int  # `0.0#` -> 2
    scale: int  # power of ten the value is multiplied by: +2 per `%`, -3 per trailing `,`

    def render(self, value: Decimal) -> str:
        scaled = value.scaleb(self.scale).quantize(Decimal(1).scaleb(-self.max_decimals), rounding=ROUND_HALF_UP)
        integer, _, decimals = f"{scaled:f}".partition(".")
        while len(decimals) > self.min_decimals and decimals.endswith("0"):
            decimals = decimals[:-1]
        integer = integer.lstrip("0").rjust(self.min_integer_digits, "0")
        if self.grouped:
            integer = _group(integer)
        return f"{self.prefix}{integer}{'.' if self.point else ''}{decimals}{self.suffix}"


def format_number(value: int | float, number_format: str | None) -> str | None:
    """Return `value` as `number_format` shows it, or None when the format is not one understood here."""
    if not number_format:
        return None
    sections = _sections(number_format)
    if not sections or sections[0] is None:
        return None
    try:
        number = Decimal(repr(value))
        if not number.is_finite():
            return None
        if number >= 0:
            return sections[0].render(number.copy_abs())  # -0.0 is shown as 0
        negative = sections[1] if len(sections) > 1 else None
        if negative is not None:
            shown = negative.render(-number)
            if "-" in shown or "(" in shown:  # a negative section showing no sign (`[Red]0.00`) would lose it
                return shown
        return "-" + sections[0].render(-number)
    except InvalidOperation:  # more digits than the decimal context holds (a 1e300 value)
        return None


@lru_cache(maxsize=512)
def _sections(number_format: str) -> tuple[_Section | None, ...]:
    """Parse a format's positive and negative sections (a sheet uses a handful of formats for many cells)."""
    parts = _split_sections(number_format)
    return tuple(_section(part) for part in parts[:2]) if parts is not None else ()


def _split_sections(number_format: str) -> list[str] | None:
    parts: list[str] = []
    current: list[str] = []
    quoted = escaped = False
    for char in number_format:
        if escaped:
            escaped = False
        elif char == "\\" and not quoted:
            escaped = True
        elif char == '"':
            quoted = not quoted
        elif char == ";" and not quoted:
            parts.append("".join(current))
            current = []
            continue
        current.append(char)
    parts.append("".join(current))
    return None if quoted else parts


def _section(code: str) -> _Section | None:
    """Read one section: literal text, one run of digit placeholders, more literal text."""
    before: list[str] = []
    after: list[str] = []
    number = ""
    percent = 0
    index = 0
    while index < len(code):
        char = code[index]
        literal = ""
        if char in _PLACEHOLDERS:
            if after:
                return None  # a second number run (`# ?/?`, `0 "m" 00`): not understood
            number += char
            index += 1
            continue
        if char == '"':
            end = code.find('"', index + 1)
            if end < 0:
                return None
            literal, index = code[index + 1 : end], end + 1
        elif char == "\\" and index + 1 < len(code):
            literal, index = code[index + 1], index + 2
        elif char in "_*" and index + 1 < len(code):
            index += 2  # padding to a character's width, or a fill: no text
        elif char == "[":
            end = code.find("]", index)
            if end < 0:
                return None
            bracket, index = code[index + 1 : end], end + 1
            if bracket.startswith("$"):
                literal = bracket[1:].split("-", 1)[0]  # `[$€-407]` -> "€"; `[$-409]` (a locale only) -> ""
            elif not _COLOUR.fullmatch(bracket):
                return None  # a condition (`[>100]`), elapsed time (`[h]`), other digits (`[DBNum1]`)
        elif char == "%":
            literal, index, percent = "%", index + 1, percent + 1
        elif char in _LITERALS or not char.isascii():
            literal, index = char, index + 1
        else:
            return None  # letters: a date or time, `General`, `@`, scientific notation
        (after if number else before).append(literal)
    return _number_section("".join(before), "".join(after), number, percent)


def _number_section(prefix: str, suffix: str, number: str, percent: int) -> _Section | None:
    thousands = len(number) - len(number.rstrip(","))
    integer, point, decimals = number.rstrip(",").partition(".")
    if not any(char in _DIGITS for char in integer + decimals) or "." in decimals or "," in decimals:
        return None
    if any(char not in _DIGITS for char in decimals):
        return None
    return _Section(
        prefix=prefix,
        suffix=suffix,
        min_integer_digits=integer.count("0"),
        grouped="," in integer.strip(","),
        point=bool(point),
        min_decimals=decimals.count("0"),
        max_decimals=len(decimals),
        scale=2 * percent - 3 * thousands,
    )


def _group(digits: str) -> str:
    head = len(digits) % 3 or 3
    return ",".join([digits[:head], *(digits[i : i + 3] for i in range(head, len(digits), 3))]) if digits else ""
