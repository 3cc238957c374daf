"""A grid as a sheet: its cells' texts with A1 references, the frame (header rows, player rows, used
columns) and the player columns before and after the rounds (start number, name, rating ...)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tbxl.errors import InputError
from tbxl.io.grid.cells import a1, blank, header_key, header_role, is_int, parse_origin, points_value, text_of, whole
from tbxl.limits import MAX_WORKBOOK_CELLS


class Sheet:
    """A grid's cells, as values (:meth:`v`) and as the texts a crosstable reads (:meth:`t`), 0-based;
    out of range is an empty cell. ``origin`` is the A1 reference of the top-left cell, for errors
    (:meth:`ref`, :meth:`row`)."""

    def __init__(self, grid: Any, origin: str) -> None:
        rows = trim_blank_edges(rows_of(grid))
        width = max((len(r) for r in rows), default=0)
        self.values = [list(r) + [None] * (width - len(r)) for r in rows]
        self.texts = [[text_of(v) for v in r] for r in self.values]
        self.nrows, self.ncols = len(rows), width
        self.prefix, self.col0, self.row0 = parse_origin(origin)

    def t(self, r: int, c: int) -> str:
        return self.texts[r][c] if 0 <= r < self.nrows and 0 <= c < self.ncols else ""

    def v(self, r: int, c: int) -> Any:
        return self.values[r][c] if 0 <= r < self.nrows and 0 <= c < self.ncols else None

    def ref(self, r: int, c: int) -> str:
        return a1(self.col0 + c, self.row0 + r, self.prefix)

    def row(self, r: int) -> int:
        """The worksheet row number of grid row ``r``."""
        return self.row0 + r + 1


def rows_of(grid: Any) -> list[list[Any]]:
    """A range as a list of rows: a scalar is a 1x1 range, a flat list a single row; a list of
    lists is returned as it is."""
    if isinstance(grid, list) and grid and all(type(r) is list for r in grid):
        return grid
    if grid is None or isinstance(grid, (str, bytes, int, float)):
        return [[grid]]
    rows = list(grid)
    if rows and not any(isinstance(r, (list, tuple)) for r in rows):
        return [rows]  # a single row given as a flat list
    return [list(r) if isinstance(r, (list, tuple)) else [r] for r in rows]


def _blank_row(row: list[Any]) -> bool:
    """Nothing in the row: every cell None, "", 0 (Excel's empty cell under Office.js) or FALSE
    (no crosstable cell). ``any`` runs in C: a million rows are looked at in a fraction of a
    second."""
    return not any(row)


def trim_blank_edges(rows: list[list[Any]]) -> list[list[Any]]:
    """``rows`` without the empty rows at the bottom: what Excel sends for a range taller than its
    table (a template's ``$A$1:$M$1000``, a whole-column reference ``$A:$M`` of 1,048,576 rows), as
    None (classic add-in) or 0 (Office.js) cells. As many empty rows as the range has columns are
    kept after the last value: a round-robin matrix's last rows may be all zeros (a player who lost
    every game, his diagonal cell empty) and the readers tell those from empty rows themselves. The
    top-left corner stays where it is, so cell references do not move. What is left may hold at
    most :data:`~tbxl.limits.MAX_WORKBOOK_CELLS` cells (:class:`InputError` otherwise), the bound
    of a workbook read from a file.

    >>> len(trim_blank_edges([["No", "R1"], [1, "2w1"], [2, "1b0"]] + [[0, None]] * 1000))
    5
    """
    end = len(rows)
    while end and _blank_row(rows[end - 1]):
        end -= 1
    width = max((len(r) for r in rows[:end]), default=0)
    keep = min(len(rows), end + width)
    if keep < len(rows):
        rows = rows[:keep]
    if keep * width > MAX_WORKBOOK_CELLS:
        raise InputError(
            f"the crosstable range holds {end:,} rows x {width:,} columns up to its last value; "
            f"tbxl reads at most {MAX_WORKBOOK_CELLS:,} cells, as from a workbook file"
        )
    return rows


@dataclass
class Frame:
    """Where the crosstable is in its sheet."""

    header: list[int]  # header rows
    data: list[int]  # player rows
    left: int  # first used column
    right: int  # last used column


def column_role(sheet: Sheet, fr: Frame, c: int) -> str | None:
    """The role the header names for column ``c``: sno, rank, name, rating, fed, title, points,
    ``"other"`` for any other header text, ``None`` without header text."""
    texts = [sheet.t(r, c) for r in fr.header if not blank(sheet.t(r, c))]
    for t in texts:
        role = header_role(t)
        if role not in (None, "other"):
            return role
    return "other" if texts else None


#: Header keys of a K column (the word "K" is one of the "other" words: a column a crosstable
#: skips, read only beside the player data, never over a matrix where it may be a player's name).
K_HEADERS = frozenset({"k", "kfactor", "kfaktor", "hệsốk"})


def is_k_column(sheet: Sheet, fr: Frame, c: int) -> bool:
    """Does the header of column ``c`` name the K factor (``K``, ``K-factor``)?"""
    return any(header_key(sheet.t(r, c)) in K_HEADERS for r in fr.header if not blank(sheet.t(r, c)))


def share(texts: list[str], pred: Callable[[str], object]) -> float:
    """The share of the non-blank ``texts`` that satisfy ``pred`` (1 when all are blank)."""
    vals = [t for t in texts if not blank(t)]
    return sum(1 for t in vals if pred(t)) / len(vals) if vals else 1.0


#: The roles of the player columns before the rounds that header words name.
PLAYER_ROLES = ("sno", "rank", "name", "rating", "fed", "title", "club", "fideid", "sex", "birth")


@dataclass
class Info:
    """The columns of the player data, by role (0-based grid columns)."""

    sno: int | None = None  # column of start numbers (identity)
    name: int | None = None
    rank: int | None = None
    rating: int | None = None
    fed: int | None = None
    title: int | None = None
    club: int | None = None
    k: int | None = None  # the K factor of the rating regulations (B.02 8.3.3)
    fideid: int | None = None
    sex: int | None = None
    birth: int | None = None
    points: int | None = None
    perms: list[int] = field(default_factory=list)  # permutation columns (other numberings)


def int_column(sheet: Sheet, rows: list[int], c: int) -> list[int] | None:
    """The whole numbers of column ``c`` in ``rows``; ``None`` unless every cell holds one."""
    texts = [sheet.t(r, c) for r in rows]
    if not all(is_int(t) for t in texts):
        return None
    return [whole(t) for t in texts]


def player_columns(sheet: Sheet, fr: Frame, rows: list[int], lead: range, trail: range) -> Info:
    """Find the player columns before (``lead``) and after (``trail``) the rounds."""
    info = Info()
    n = len(rows)
    unassigned = []
    for c in lead:
        role = column_role(sheet, fr, c)
        if role in PLAYER_ROLES and getattr(info, role) is None:
            setattr(info, role, c)
        elif role == "other" and info.k is None and is_k_column(sheet, fr, c):
            info.k = c
        elif role in (None, "other"):
            unassigned.append(c)
    for c in unassigned:
        ints = int_column(sheet, rows, c)
        if ints is not None and sorted(ints) == list(range(1, n + 1)):
            if info.sno is None and ints == list(range(1, n + 1)):
                info.sno = c
            else:
                info.perms.append(c)
        elif info.name is None and any(
            not blank(t) and not is_int(t) and points_value(None, t) is None for t in (sheet.t(r, c) for r in rows)
        ):
            info.name = c
    if info.rank is not None:
        ints = int_column(sheet, rows, info.rank)
        if ints is not None and sorted(ints) == list(range(1, n + 1)):
            info.perms.append(info.rank)
    first_data = None
    for c in trail:
        role = column_role(sheet, fr, c)
        if role == "points" and info.points is None:
            info.points = c
        elif role == "rank" and info.rank is None:
            info.rank = c
        elif role == "other" and info.k is None and is_k_column(sheet, fr, c):
            info.k = c
            continue
        if first_data is None and any(not blank(sheet.t(r, c)) for r in rows):
            first_data = (c, role)
    if info.points is None and first_data is not None and first_data[1] is None:
        c = first_data[0]
        if all(points_value(sheet.v(r, c), sheet.t(r, c)) is not None or sheet.t(r, c) == "" for r in rows):
            info.points = c
    return info


def start_numbers(sheet: Sheet, rows: list[int], info: Info) -> list[int] | None:
    """The start numbers of the start-number column, checked; ``None`` without such a column."""
    if info.sno is None:
        return None
    seen: dict[int, int] = {}
    out = []
    for r in rows:
        t = sheet.t(r, info.sno)
        if not is_int(t) or whole(t) < 1:
            raise InputError(f"row {sheet.row(r)}: {t!r} is not a start number", cell=sheet.ref(r, info.sno))
        k = whole(t)
        if k in seen:
            raise InputError(
                f"row {sheet.row(r)}: start number {k} is also in row {sheet.row(seen[k])}",
                cell=sheet.ref(r, info.sno),
                player=k,
            )
        seen[k] = r
        out.append(k)
    return out


#: The highest rating a crosstable's rating column takes (no rating list comes near it).
MAX_RATING = 4000


def base_players(sheet: Sheet, rows: list[int], info: Info, ident: list[int]) -> list[dict[str, Any]]:
    """The player fields read beside the rounds (name, rating, ...), one dict per row."""
    out = []
    for r, sn in zip(rows, ident):
        d: dict[str, Any] = {"start_number": sn, "name": ""}
        if info.name is not None:
            d["name"] = "" if blank(sheet.t(r, info.name)) else sheet.t(r, info.name)
        if info.rating is not None and not blank(sheet.t(r, info.rating)):
            text = sheet.t(r, info.rating)
            # As the TRF reader refuses it: a rating that is not a whole number in range would make
            # the player unrated, which blanks the rating tie-breaks of everybody (C07 §9 D18).
            if not is_int(text) or not 0 <= whole(text) <= MAX_RATING:
                raise InputError(
                    f"row {sheet.row(r)}: rating {text[:20]!r} is not a whole number from 0 to {MAX_RATING}",
                    cell=sheet.ref(r, info.rating),
                )
            d["rating"] = whole(text)
        if info.fed is not None and not blank(sheet.t(r, info.fed)):
            d["federation"] = sheet.t(r, info.fed)
        if info.title is not None and not blank(sheet.t(r, info.title)):
            d["title"] = sheet.t(r, info.title)
        if info.club is not None and not blank(sheet.t(r, info.club)):
            d["club"] = sheet.t(r, info.club)
        # What a TRF's 001 record has besides (columns 10, 58-68, 70-79): a workbook written from a
        # TRF carries them, and they come back (age and sex categories, the TRF out).
        if info.fideid is not None and not blank(sheet.t(r, info.fideid)):
            d["fide_id"] = sheet.t(r, info.fideid)
        if info.sex is not None and not blank(sheet.t(r, info.sex)):
            d["sex"] = sheet.t(r, info.sex)
        if info.birth is not None and not blank(sheet.t(r, info.birth)):
            d["birth_date"] = sheet.t(r, info.birth)
        if info.k is not None and not blank(sheet.t(r, info.k)):
            t = sheet.t(r, info.k)
            if not is_int(t) or not 1 <= whole(t) <= 700:
                raise InputError(
                    f"row {sheet.row(r)}: K {t!r} is not a K factor (a whole number such as 10, 20 or 40, B.02 8.3.3)",
                    cell=sheet.ref(r, info.k),
                    player=sn,
                )
            d["k_factor"] = whole(t)
        if info.rank is not None and is_int(sheet.t(r, info.rank)) and not blank(sheet.t(r, info.rank)):
            d["declared_rank"] = whole(sheet.t(r, info.rank))
        if info.points is not None and sheet.t(r, info.points) != "":
            d["declared_points"] = points_value(sheet.v(r, info.points), sheet.t(r, info.points))
        out.append(d)
    return out
