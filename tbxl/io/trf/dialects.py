"""The forms other programs give TRF records (C07 §10.1 "Files in the wild deviate"), read as
their writers meant them rather than refused or misread. Each form is named after the program that
writes it and the source it was learnt from; ``docs/reference/io.md`` ("Files of other programs")
says what tbxl does with each.

* **lichess** Swiss exports (``lila`` ``SwissTrf``) write 042/052 as a textual date
  (``042 Dec 10, 2020``) and put links where TRF-16 has the city (022: the tournament's page) and
  the chief arbiter (102): a link is kept as a link of the event, never shown as a city or an
  arbiter (``Event.links``; tbxl writes them back as ``### link`` comments).
* **Swiss-Manager** (its "FIDE-Daten-Export TRF16", as observed of version 15 by the rochade
  project's ``docs/m0-swiss-manager.md``) writes a column ruler between the header and the players:
  a blank line, the tens and the units of the column numbers, and a row of field letters
  (``DDD SSSS sTTT NNN…``). The ruler is no record: it is skipped with one note
  (:func:`is_ruler`). Its ANSI builds write CP1252 (:func:`tbxl.io.text.decode_trf`).
* **Vega** counts bytes, not characters: the name of a UTF-8 file is padded to 33 *bytes* (the
  rochade project's ``docs/m0-vega.md``, Vega 12), so every column after a name with an accent
  stands one place to the left per extra byte. Such a record is read by bytes
  (:func:`byte_columns`), with a note.
* **JaVaFo TRF(x)** (the JaVaFo user manual; Vega and lichess write it for their pairing
  engines): ``XXC white1``/``black1`` give the first round's colour of player 1 and ``XXC rank``
  tells the engine to pair by rank; TRF-2026 says the same colour in ``152 W``/``152 B``
  (:func:`initial_colour`). A pairing setting: the standings do not depend on it, so it is noted.
"""

from __future__ import annotations

import re
from datetime import date

__all__ = ["textual_date", "is_link", "is_ruler", "is_damaged_ruler", "byte_columns", "initial_colour", "LINK_COMMENT"]

_MONTHS = {
    m: k for k, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1)
}
# "Dec 10, 2020" / "December 10 2020" (lichess, en-US) and "10 Dec 2020" / "10 December, 2020".
_MONTH_FIRST = re.compile(r"([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})")
_DAY_FIRST = re.compile(r"(\d{1,2})\.?\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})")
_LINK = re.compile(r"https?://\S+$", re.IGNORECASE)


def textual_date(value: str) -> date | None:
    """A date written with the month's English name, None for any other text.

    >>> textual_date("Dec 10, 2020"), textual_date("10 December 2020"), textual_date("Dec 32, 2020")
    (datetime.date(2020, 12, 10), datetime.date(2020, 12, 10), None)
    """
    m = _MONTH_FIRST.fullmatch(value.strip())
    if m:
        month, day, year = m.group(1), m.group(2), m.group(3)
    else:
        m = _DAY_FIRST.fullmatch(value.strip())
        if not m:
            return None
        day, month, year = m.group(1), m.group(2), m.group(3)
    number = _MONTHS.get(month[:3].lower())
    if number is None or (
        len(month) > 3 and not any(month.lower() == full for full in _FULL_MONTHS if full.startswith(month[:3].lower()))
    ):
        return None
    try:
        return date(int(year), number, int(day))
    except ValueError:
        return None


_FULL_MONTHS = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
    "sept",
)


def is_link(value: str) -> bool:
    """A web address where a name belongs (lichess: 022 and 102).

    >>> is_link("https://lichess.org/swiss/j8rtJ5GL"), is_link("Hanoi")
    (True, False)
    """
    return bool(_LINK.match(value.strip()))


#: The comment line tbxl writes for a link of the event (:mod:`tbxl.io.trf.writer`), read back as
#: one: TRF-2026 lets a file hold ``###`` comments, which other programs skip.
LINK_COMMENT = "### link "

# Swiss-Manager's column ruler (the rochade project's docs/m0-swiss-manager.md): the tens of the
# column numbers ("         1         2 ..."), their units ("1234567890123..."), and a row of letters
# naming the fields ("DDD SSSS sTTT NNNN... RRRR FFF IIII... BBBB/BB/BB PPPP RRRR  1111 1 1 ...").
# One pattern, tried only on a line that starts as one of them does (this runs on every line of
# a file: a record starts with its digits, never with a blank, "1234" or "DDD"). The units are
# "1234567890" then any digits: "(?:1234567890)+\d*" says the same, but tries every split of a long
# line between its two parts: quadratic, minutes on one 12 MB line.
_RULER = re.compile(
    r" {9}1 {9}2(?: +\d+)*|1234567890\d*"
    r"|DDD SSSS sTTT N+ RRRR FFF I+ BBBB/BB/BB PPPP RRRR(?: +\d+ \d \d)*"
)
_RULER_STARTS = frozenset(("    ", "1234", "DDD "))


def is_ruler(line: str) -> bool:
    """A line of Swiss-Manager's column ruler (not a record).

    >>> is_ruler("1234567890123456789012345678901234567890"), is_ruler("001    1 m    Baumann,Lukas")
    (True, False)
    """
    return line[:4] in _RULER_STARTS and _RULER.fullmatch(line.rstrip()) is not None


#: How each line of the ruler starts (tens, units, field letters): a line that starts so and is no
#: ruler is a damaged one (cut, or run into other text), not a record of its own.
_RULER_HEADS = (" " * 9 + "1" + " " * 9 + "2", "1234567890", "DDD SSSS sTTT")


def is_damaged_ruler(line: str) -> bool:
    """A line that starts as a line of Swiss-Manager's column ruler and is not one (issue 39: a
    600 KB ruler ending in a letter was noted only with ``-v`` as "record 123 ignored").

    >>> is_damaged_ruler("1234567890123x"), is_damaged_ruler("1234567890123"), is_damaged_ruler("001    1")
    (True, False, False)
    """
    return line.startswith(_RULER_HEADS) and not is_ruler(line)


# The fixed columns of a 001 record that must be blank (C07 §10.1), 1-based.
_SEPARATORS = (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91)


def _separated(line: str) -> bool:
    return all(c > len(line) or line[c - 1] == " " for c in _SEPARATORS)


def byte_columns(line: str) -> str | None:
    """A 001 record of a UTF-8 file whose name was padded to 33 bytes (Vega), laid out again in
    characters; None when the record is not one (its columns are right as characters, or wrong
    as bytes too, or the bytes split a character, or a character beyond ASCII is not a letter).

    >>> line = "001    3 w    Dvořáková, Tereza" + " " * 14 + "2098 CZE"
    >>> byte_columns(line)[44:56]
    '    2098 CZE'
    >>> byte_columns("001    3 w    Novak, Jan" + " " * 24 + "2098 CZE") is None
    True
    """
    if line.isascii() or _separated(line):
        return None
    if not all(c.isalpha() for c in line if not c.isascii()):
        return None  # only the letters of a name are more than one byte: a stray symbol is an error
    data = line.encode("utf-8")
    try:
        head, name, rest = data[:14].decode("utf-8"), data[14:47].decode("utf-8"), data[47:].decode("utf-8")
    except UnicodeDecodeError:
        return None
    relaid = head + name.ljust(33) + rest
    return relaid if _separated(relaid) and len(name) < 33 else None


_COLOURS = {"white1": "w", "black1": "b", "w": "w", "b": "b"}


def initial_colour(word: str) -> str | None:
    """The colour ``w`` or ``b`` of an ``XXC`` word (``white1``, ``black1``) or a ``152`` value
    (``W``, ``B``), None for another word.

    >>> initial_colour("white1"), initial_colour("B"), initial_colour("rank")
    ('w', 'b', None)
    """
    return _COLOURS.get(word.lower())
