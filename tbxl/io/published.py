"""Read published standings (a pairing program's export: CSV or .xlsx) into an
:class:`Published` table, or take the rank column of a TRF; the table's types are here, where
they are read (:mod:`tbxl.audit` checks them).

Headers are recognised by name: a start-number column (``SNo``, ``Start No``, ``Nr.`` ...), the rank
(``Rk.``, ``Rank``, ``Place`` ...), the points, and one column per tie-break: an MTB code (``BH/C1``,
``BH-C1``), a long name (``Buchholz Cut 1``, ``Sonneborn-Berger``) or a numbered column (``TB1``,
``TB2`` ... mapped in order onto the tie-break list). ``--map COLUMN=CODE`` settles what is not
obvious. Other columns (name, federation, rating ...) are ignored and noted. A team event's
headers (a team-number column, ``MP``, ``GP``, team codes) are read by :func:`team_column_meaning`.
What a header means is :mod:`tbxl.io.columns`' (its names are this module's too); the rows of a
file, before their header is read, are :mod:`tbxl.io.published_rows`' (its names too).

>>> column_meaning("Buchholz Cut 1")
'BH/C1'
>>> column_meaning("TB2", ["BH/C1", "BH", "SB"])
'BH'
>>> column_meaning("Rk."), column_meaning("SNo"), column_meaning("Pts.")
('RANK', 'START', 'PTS')
>>> number_text("41,5"), number_text("4½"), number_text("13.38")
((Fraction(83, 2), 1), (Fraction(9, 2), 1), (Fraction(669, 50), 2))
>>> team_column_meaning("Team No."), team_column_meaning("MP"), team_column_meaning("GP")
('START', 'MP', 'GP')
>>> team_column_meaning("TB2", ["EDET/P", "EMGSB/C1/P"]), team_column_meaning("BH/C1:MP")
('EMGSB/C1/P', 'BH/C1:MP')
>>> team_column_meaning("Team"), team_column_meaning("Rk."), team_column_meaning("Buchholz Cut 1")
('IGNORE', 'RANK', 'BH/C1')
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, TypedDict

from tbxl.errors import InputError
from tbxl.io.columns import (
    IGNORE,
    POINTS,
    RANK,
    SCORE_WORDS,
    START,
    TEAM_NAME_WORDS,
    TEAM_NUMBER_WORDS,
    Meaning,
    NumberedColumn,
    column_meaning,
    numbered_column,
    parse_mapping,
    team_column_meaning,
)
from tbxl.io.files import PathLike
from tbxl.io.grid.cells import a1, cell_text, parse_number
from tbxl.io.published_rows import Place, Row, check_csv_table, file_rows, find_header
from tbxl.limits import MAX_BULLETIN_COLUMNS
from tbxl.model import Event, EventKind, Tournament, for_kind

# What the columns hold lives in tbxl.io.columns, a file's rows in tbxl.io.published_rows; their names
# are this module's too (the readers' callers import them from here).
__all__ = [
    "START",
    "IGNORE",
    "POINTS",
    "RANK",
    "NumberedColumn",
    "Meaning",
    "column_meaning",
    "numbered_column",
    "team_column_meaning",
    "parse_mapping",
    "TEAM_NUMBER_WORDS",
    "TEAM_NAME_WORDS",
    "SCORE_WORDS",
    "PublishedValue",
    "Published",
    "number_text",
    "Place",
    "Location",
    "Row",
    "meaning_for",
    "who_for",
    "read_published",
    "Locate",
    "range_cell",
    "published_from_rows",
    "published_ranks",
    "NAMED_COLUMNS",
]


@dataclass(frozen=True)
class PublishedValue:
    """One published number: a tie-break value, the points (``PTS``) or the rank (``RANK``).

    ``value`` is the exact number as printed (None: printed as "no value", e.g. ``-``);
    ``decimals`` how many decimals it was printed with (published values are rounded: AOB 13.38);
    ``where`` says where it was read (``standings.csv:12``, ``bulletin.xlsx!Sheet1!C7``) and
    ``column`` under which header (``TB1``). On a team event ``start_number`` is the team's number.
    """

    start_number: int
    code: str
    text: str
    value: Fraction | None
    decimals: int
    where: str = ""
    column: str = ""

    @property
    def place(self) -> str:
        """Where it was read, in English: ``standings.csv:12, column 'TB1'``."""
        return f"{self.where}, column {self.column!r}" if self.column else self.where

    def matches(self, exact: Fraction | int | None) -> bool:
        """Does the exact value print as this one? Rounded either way to the printed decimals.

        >>> PublishedValue(1, "AOB", "13.38", Fraction(1338, 100), 2).matches(Fraction(107, 8))
        True
        >>> PublishedValue(1, "BH", "41.5", Fraction(83, 2), 1).matches(41)
        False
        """
        if self.value is None or exact is None:
            return self.value is None and exact is None
        return abs(Fraction(exact) - self.value) * Fraction(10) ** self.decimals <= Fraction(1, 2)


@dataclass
class Published:
    """A published standings table: where it came from and its numbers."""

    source: str
    values: list[PublishedValue]
    tiebreaks: list[str] = field(default_factory=list)  # the tie-break columns, in order
    notes: list[str] = field(default_factory=list)  # reader's remarks (columns ignored ...)


def number_text(text: str) -> tuple[Fraction | None, int]:
    """A published number as an exact fraction and its printed decimals; ``-`` means no value.
    Decimal comma, a trailing ``½`` and a rank's trailing dot (``12.``) are accepted."""
    s = text.strip().replace("\u00a0", "").replace(" ", "")
    if s.lower() in ("-", "–", "—", "n/a", "#n/a", "none"):  # Excel shows #N/A
        return None, 0
    parsed = parse_number(s, signed=True, half=True)
    if parsed is None:
        raise ValueError(text)
    return parsed


class Location(TypedDict, total=False):
    """Where a cell is, as :class:`InputError` keywords: ``file`` and ``line``, ``file`` and ``cell``, or
    ``cell`` alone."""

    file: str
    line: int
    cell: str


#: How many columns of a published table a message names before it counts the rest.
NAMED_COLUMNS = 8


def _listed(names: list[str]) -> str:
    """Names for a message: the first few, then how many more (a header of 200,000 columns made a
    line of 1.2 million characters)."""
    more = len(names) - NAMED_COLUMNS
    return ", ".join(names[:NAMED_COLUMNS]) + (f" and {more:,} more" if more > 0 else "")


def meaning_for(event: Event) -> Meaning:
    """What reads the headers of an event's published standings: :func:`team_column_meaning` on a
    team event, else :func:`column_meaning`."""
    meaning: Meaning = for_kind(_MEANINGS, event, "an audit of published standings")
    return meaning


def who_for(event: Event) -> str:
    """How errors name a row's number: "team with number" on a team event, else "player with
    start number"."""
    return for_kind(_WHO, event, "an audit of published standings")


#: What reads the headers of each kind of event's published standings (:func:`meaning_for`).
_MEANINGS = {EventKind.INDIVIDUAL: column_meaning, EventKind.TEAM: team_column_meaning}
#: How errors name a row's number, by the kind of event (:func:`who_for`).
_WHO = {EventKind.INDIVIDUAL: "player with start number", EventKind.TEAM: "team with number"}


def read_published(
    path: PathLike,
    tournament: Event,
    *,
    tiebreaks: Sequence[str] = (),
    mapping: Sequence[str] = (),
    sheet: str | None = None,
    meaning: Meaning | None = None,
    who: str = "",
) -> Published:
    """Read a published standings table (CSV or .xlsx) for ``tournament``.

    ``tiebreaks`` maps numbered columns (``TB1`` ...); ``mapping`` holds ``--map`` items. Raises
    :class:`~tbxl.errors.InputError` naming the file, line or cell, column and player. ``meaning``
    reads the headers and parses the ``--map`` codes (default: :func:`column_meaning`, on a team
    event :func:`team_column_meaning`); ``who`` names a row's number in errors (default: "player
    with start number", on a team event "team with number").
    """
    meaning = meaning or meaning_for(tournament)
    who = who or who_for(tournament)
    fname = os.fspath(path)
    rows, delimiter = file_rows(fname, sheet)
    mapped = parse_mapping(mapping, None if meaning is column_meaning else meaning)
    header_at = find_header(rows, list(tiebreaks), mapped, fname, meaning)
    if delimiter is not None:  # a CSV file's records must line up with its header
        check_csv_table(rows, header_at, delimiter)
    wheres = [where for where, _ in rows[header_at:]]  # the header's, then each row's below it
    return published_from_rows(
        rows[header_at][1],
        [cells for _, cells in rows[header_at + 1 :]],
        tournament,
        tiebreaks=tiebreaks,
        mapping=mapped,
        source=fname,
        where=lambda r, k: _loc(wheres[r + 1], k),
        meaning=meaning,
        who=who,
    )


#: Where a cell of a published table is, as :class:`InputError` keywords (``file`` and ``line``,
#: ``file`` and ``cell``, or ``cell`` alone), given its row below the header (-1: the header
#: itself) and its column, both counted from 0.
Locate = Callable[[int, int], Location]


def range_cell(r: int, k: int) -> Location:
    """The cell of a range whose top-left cell counts as A1 and whose first row is the header:
    ``range_cell(0, 2)`` is C2 (as the Excel functions name cells)."""
    return {"cell": a1(k, r + 1)}


def published_from_rows(
    header: Sequence[Any],
    rows: Sequence[Sequence[Any]],
    tournament: Event,
    *,
    tiebreaks: Sequence[str] = (),
    mapping: dict[str, str] | None = None,
    source: str = "",
    where: Locate = range_cell,
    meaning: Meaning | None = None,
    who: str = "",
) -> Published:
    """The published table of a header row and the rows of cells below it, for ``tournament``.

    Cells are text (decimal comma, ``½``, ``-`` for "no value") or spreadsheet numbers (read as the
    decimal they show, :func:`cell_text`); an empty cell is a value not published, a row without a
    start number is skipped (and noted). ``tiebreaks`` maps numbered columns (``TB1`` ...);
    ``mapping`` is :func:`parse_mapping`'s result; ``source`` names the table; ``where`` locates a
    cell for errors and findings (default :func:`range_cell`).

    Raises :class:`~tbxl.errors.InputError` naming the cell or line, the column and the player, and
    :class:`NumberedColumn` for a ``TBn`` column the tie-break list does not cover.
    """
    file = source or None
    if len(header) > MAX_BULLETIN_COLUMNS:  # each header is matched against the vocabulary: bounded work
        raise InputError(
            f"the header row has {len(header):,} columns; a published table has at most {MAX_BULLETIN_COLUMNS:,}",
            file=file,
        )
    head = [cell_text(c) for c in header]
    meaning = meaning or meaning_for(tournament)
    who = who or who_for(tournament)
    meanings = [meaning(c, tiebreaks, mapping) if c else None for c in head]
    shown = _listed([repr(h) for h in head if h]) or "empty"
    if START not in meanings:
        raise InputError(f"the header row ({shown}) has no start-number column (SNo, Nr., Start No ...)", file=file)
    start_col = meanings.index(START)
    value_cols = [(k, m) for k, m in enumerate(meanings) if m not in (None, START, IGNORE)]
    if not value_cols:
        raise InputError(
            f"the header row ({shown}) has no tie-break, rank or points column "
            "(BH/C1, Buchholz Cut 1, SB, Rk., Pts ...)",
            file=file,
        )
    notes = [f"column {head[k]!r} ignored" for k, m in enumerate(meanings) if m is None and head[k]]
    codes = [m for _, m in value_cols]
    for m in set(codes):
        if codes.count(m) > 1:
            raise InputError(
                f"{codes.count(m)} columns hold {m}: " + _listed([repr(head[k]) for k, c in value_cols if c == m]),
                file=file,
            )
    values: list[PublishedValue] = []
    seen: dict[int, int] = {}  # start number -> its row
    for r, raw in enumerate(rows):
        cells = [cell_text(c) for c in raw]

        def cell(k: int, cells: list[str] = cells) -> str:
            return cells[k] if k < len(cells) else ""

        sno_text = cell(start_col)
        if not (sno_text.isascii() and sno_text.isdigit() and len(sno_text) <= 9):  # not "²"
            if any(cell(k) for k, _ in value_cols) and sno_text:
                raise InputError(
                    f"start number {sno_text[:20]!r} in column {head[start_col]!r} is not a number",
                    **where(r, start_col),
                )
            if any(cells):
                notes.append(f"{_loc_text(where(r, start_col))}: row without a start number skipped")
            continue
        sn = int(sno_text)
        if sn not in tournament:
            raise InputError(f"no {who} {sn} in the tournament", **where(r, start_col))
        if sn in seen:
            raise InputError(
                f"start number {sn} appears twice (first at {_loc_text(where(seen[sn], start_col))})",
                **where(r, start_col),
            )
        seen[sn] = r
        for k, code in value_cols:
            text = cell(k)
            if not text:
                continue  # not published
            try:
                value, decimals = number_text(text)
            except ValueError:
                shown = text if len(text) <= 20 else text[:20] + "..."
                raise InputError(
                    f"column {head[k]!r} ({code}): {shown!r} is not a number", player=sn, **where(r, k)
                ) from None
            if code == RANK and (value is None or value.denominator != 1):
                if value is None:
                    continue
                raise InputError(f"column {head[k]!r}: rank {text!r} is not a whole number", player=sn, **where(r, k))
            values.append(PublishedValue(sn, code, text, value, decimals, _loc_text(where(r, k)), head[k]))
    if not seen:
        raise InputError("no player rows under the header", file=file)
    # A program prints a column with one precision ("12" beside "11.5" means 12.0): a value is
    # rounded to the most decimals of its column, not to its own (else "12" would pass for 11.5).
    places: dict[str, int] = {}
    for v in values:
        places[v.code] = max(places.get(v.code, 0), v.decimals)
    values = [replace(v, decimals=places[v.code]) for v in values]
    order = [c for c in codes if c not in (RANK, POINTS)]
    return Published(source, values, order, notes)


def _loc(where: Place, column: int) -> Location:
    """:class:`InputError` location of a cell: ``file:line`` (CSV) or ``file`` + ``Sheet!B7`` (xlsx)."""
    if "sheet" in where:
        return {"file": where["file"], "cell": a1(column, where["row"] - 1, f"{where['sheet']}!")}
    return {"file": where["file"], "line": where["line"]}


def _loc_text(loc: Location) -> str:
    """An :class:`InputError` location as the findings show it: ``bulletin.csv:12``,
    ``bulletin.xlsx!Standings!C2`` or ``C2``."""
    name = os.path.basename(loc["file"]) if loc.get("file") else ""
    if "cell" in loc:
        return f"{name}!{loc['cell']}" if name else loc["cell"]
    return f"{name}:{loc['line']}"


def published_ranks(tournament: Tournament) -> Published:
    """The rank column of the input itself (TRF columns 86-89) as a published table."""
    values = [
        PublishedValue(
            p.start_number,
            RANK,
            str(p.declared_rank),
            Fraction(p.declared_rank),
            0,
            f"{os.path.basename(tournament.source or 'input')}: player {p.start_number}, columns 86-89",
        )
        for p in tournament.players
        if p.declared_rank is not None
    ]
    return Published(tournament.source or "input", values)
