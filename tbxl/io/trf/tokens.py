"""The tokenizer of a TRF file (C07 §10.1-§10.5): its lines as records, and the fields of a record.

A file is read in two steps, as python-chess reads PGN: this module cuts the text into records
(:func:`tokenize`: numbered lines, with blank lines, TRF-2026 ``###`` comments and Swiss-Manager's
column ruler told apart) and knows the layout of a 001 record's round fields; the readers of one
idea each (:mod:`~tbxl.io.trf.header`, :mod:`~tbxl.io.trf.scoring`, :mod:`~tbxl.io.trf.pairings`,
:mod:`~tbxl.io.trf.teamrecords`) take the records of their codes and give immutable records to the
builders of the event (:mod:`~tbxl.io.trf.players`, :mod:`~tbxl.io.trf.team`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import NamedTuple

from tbxl.errors import InputError
from tbxl.io.grid.cells import parse_number
from tbxl.io.text import split_lines
from tbxl.io.trf.decisions import DECISION_COMMENT
from tbxl.io.trf.dialects import LINK_COMMENT, is_damaged_ruler, is_link, is_ruler
from tbxl.model import Player

__all__ = [
    "Line",
    "Tokens",
    "tokenize",
    "Source",
    "Slot",
    "Row",
    "ROUND_WIDTH",
    "FIRST_ROUND_COLUMN",
    "digits",
    "plausible_birth_date",
]

# §10.1 001 record: 1-based columns that separate the fixed fields (they must be blank).
SEPARATORS = (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91)
# A 001 line of at least 91 columns with every separator blank.
SEPARATED = re.compile(r".{3} .{4} .{4} .{33} .{4} .{3} .{11} .{10} .{4} .{4}  ")
FIRST_ROUND_COLUMN = 92  # round r starts at column 92 + 10 (r - 1)
ROUND_WIDTH = 10

# A round field (§10.1), ten columns: the opponent's start number (4 columns of digits and blanks),
# a blank, the colour, a blank, the result code, two blanks. A record's fields are read as one
# string padded to whole fields and checked for this shape in one C call; what the characters mean
# together (the digits a number, an opponent with a game and none with a bye, a pairing seen from
# both sides) is checked on whole round columns (tbxl.io.trf.players.build_players).
#: The code of a slot paired without a result yet (an opponent and a blank result column).
PENDING = "?"
#: The result codes of Vega's absences announced for the next round, with no opponent (0000 - -).
ANNOUNCED = "-="
#: The first round field (of round fields padded to whole fields) whose - or = has no opponent.
OPPONENTLESS = re.compile(r"(?:.{10})*?([0\s]{4} [wWbB\- ] [-=])", re.S)
#: An opponent field naming nobody, as :meth:`Row.slot` reads it: blanks (tabs too) and zeros.
NO_OPPONENT = re.compile(r"[0\s]{4}")
ROUND_FIELDS = re.compile(r"(?:[\s0-9]{4} [wWbB\- ] [10=WDLwdl+\-HFUZhfuz ]  )*")


class Line(NamedTuple):
    """One record of the file: its line number (1-based), its code (columns 1-3, ``###`` for a
    link comment) and its text (trailing blanks dropped; a link comment's link)."""

    number: int
    code: str
    text: str


class Tokens(NamedTuple):
    """The records of a file in file order, the lines of Swiss-Manager's column ruler, and the lines
    that start as the ruler and are not one (with their lengths and last character, for a warning)."""

    records: tuple[Line, ...]
    ruler: tuple[int, ...]
    damaged_ruler: tuple[tuple[int, int, str], ...] = ()


def tokenize(text: str) -> Tokens:
    """The records of a TRF text. Blank lines and TRF-2026 ``###`` comments are skipped (a ``### link``
    comment tbxl wrote is a link of the event, a record of code ``###``), and so is Swiss-Manager's
    column ruler (:func:`~tbxl.io.trf.dialects.is_ruler`)."""
    records = []
    ruler = []
    damaged: list[tuple[int, int, str]] = []
    for number, line in enumerate(split_lines(text), 1):
        if not line or line.isspace():
            continue
        if line.startswith("###"):
            if line.startswith(DECISION_COMMENT):  # an organizer's decision tbxl wrote (tbxl.io.trf.decisions)
                records.append(Line(number, "###", line.rstrip()))
            elif line.startswith(LINK_COMMENT) and is_link(line[len(LINK_COMMENT) :]):
                records.append(Line(number, "###", line[len(LINK_COMMENT) :].strip()))
            continue
        if is_ruler(line):
            ruler.append(number)
            continue
        if is_damaged_ruler(line):
            damaged.append((number, len(line.rstrip()), line.rstrip()[-1:]))
            continue
        text = line.rstrip()
        records.append(Line(number, text[:3], text))
    return Tokens(tuple(records), tuple(ruler), tuple(damaged))


@dataclass(frozen=True)
class Source:
    """The file being read: its name in messages, and whether a D21 mismatch is an error."""

    name: str
    strict: bool

    def error(
        self,
        message: str,
        line: int | None,
        column: int | None = None,
        player: int | None = None,
        round: int | None = None,
    ) -> InputError:
        return InputError(message, file=self.name, line=line, column=column, player=player, round=round)

    def number(self, text: str, line: int, column: int, what: str, player: int | None = None) -> Fraction:
        """A number field (points, a scoring value) exactly, or the error naming it."""
        parsed = parse_number(text, signed=True)
        if parsed is None:
            raise self.error(f"{what} '{text[:20]}' is not a number", line, column, player)
        return parsed[0]

    def numbers(self, line: str, number: int, what: str, start: int = 4) -> list[int]:
        """The blank-separated numbers of ``line`` from 0-based column ``start`` (team records)."""
        out = []
        for m in re.finditer(r"\S+", line[start:]):
            if not m.group().isdigit():
                raise self.error(f"{what}: '{m.group()}' is not a number", number, start + m.start() + 1)
            out.append(int(m.group()))
        return out


_BIRTH = re.compile(r"(\d{4})(?:[/.-](\d{2})[/.-](\d{2}))?", re.ASCII)


def plausible_birth_date(text: str) -> bool:
    """A TRF birth date (§10.1 columns 70-79) that can be one: ``YYYY/MM/DD`` (``.`` or ``-`` also
    separate, 00 for an unknown month or day) or ``YYYY``.

    >>> [plausible_birth_date(t) for t in ("2014/12/31", "1985/00/00", "1990", "2026/13/45", "2023/02/29")]
    [True, True, True, False, False]
    """
    m = _BIRTH.fullmatch(text)
    if not m:
        return False
    if m.group(2) is None:
        return True
    year, month, day = int(m.group(1)), int(m.group(2)), int(m.group(3))
    if month == 0 or day == 0:
        return month <= 12 and day <= 31
    try:
        date(year or 2000, month, day)
    except ValueError:
        return False
    return True


def digits(text: str, width: int = 4) -> bool:
    """ASCII digits only, at most ``width`` of them: ``str.isdigit`` also passes ``²`` (CP1252 byte
    0xB2), which ``int`` refuses.

    >>> digits("12"), digits("\u00b2"), digits(""), digits("12345")
    (True, False, False, False)
    """
    return 0 < len(text) <= width and text.isascii() and text.isdigit()


class Slot(NamedTuple):
    """One round field of a 001 record as written (§10.1), for the messages on a bad one."""

    round: int
    code: str  # upper-case result code, " " when blank
    opponent: int | None
    colour: str | None
    column: int  # 1-based column of the opponent field

    @property
    def result_column(self) -> int:
        return self.column + 7


class Row(NamedTuple):
    """A read 001 record: the player and its round fields, padded to whole fields (a named tuple:
    one is made for every record of a file of thousands)."""

    player: Player
    line: int
    fields: str = ""
    points: str | None = None  # the points column's text
    played: int = 0  # the last round with a result from a pairing (0: none)

    @property
    def rounds(self) -> int:
        return len(self.fields) // ROUND_WIDTH

    @property
    def slots(self) -> list[Slot]:
        return [self.slot(r) for r in range(1, self.rounds + 1)]

    def slot(self, r: int) -> Slot:
        """Round ``r``'s field (well formed, checked by the player records); a short record reads as ZPB."""
        column = FIRST_ROUND_COLUMN + ROUND_WIDTH * (r - 1)
        f = self.fields[ROUND_WIDTH * (r - 1) : ROUND_WIDTH * r]
        if not f:
            return Slot(r, " ", None, None, column)
        opponent = int(f[0:4]) if f[0:4].strip() else 0
        colour, code = f[5].lower(), f[7].upper()
        if opponent and code == " ":  # paired, no result yet
            return Slot(r, PENDING, opponent, colour if colour in "wb" else None, column)
        return Slot(r, code, opponent or None, colour if colour in "wb" and opponent else None, column)
