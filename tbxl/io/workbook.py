"""Read a crosstable workbook (openpyxl), ours or hand-made, of an individual event
(:func:`read_workbook`) or a team event (:func:`read_team_workbook`); and the layout the writer
(:mod:`tbxl.workbook`) and the reader share: the sheets' names and the settings' cells.

:func:`read_workbook` reads the crosstable sheet (``Crosstable``, else the first sheet whose
content reads): the longest run of non-empty rows, from its first used column to the first empty
column, so the formula columns after the gap are left out. Errors name the file and
``sheet!cell``. The settings of a ``Standings`` sheet (tournament name, start date, tie-breaks,
pairing system) are restored, so ``tbxl compute book.xlsx`` gives what the TRF it was made from
gives.
"""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path
from typing import Any, Optional

from tbxl.errors import InputError, TbxlError
from tbxl.io.files import PathLike
from tbxl.io.grid import read_grid
from tbxl.io.grid.cells import column_letters
from tbxl.io.grid.team import read_team_grid
from tbxl.io.xlsx import is_empty, load_workbook, sheet_rows
from tbxl.model import Pairing, Tournament
from tbxl.model import TeamTournament
from tbxl.standings import resolve_tiebreaks
from tbxl.limits import MAX_HEADER_TEXT

__all__ = ["read_workbook", "read_team_workbook", "block_of", "CROSSTABLE", "STANDINGS", "HELP", "CONF",
           "SETTINGS", "RULES_CELL", "TIEBREAKS_CELL", "PAIRING_CELL", "STANDINGS_ANCHOR"]

CROSSTABLE = "Crosstable"
STANDINGS = "Standings"
HELP = "Help"
CONF = "xlwings.conf"

#: Settings on the Standings sheet: label (column A) and row.
SETTINGS = {"Tournament": 1, "Start date": 2, "Rules": 3, "Tie-breaks": 4, "Pairing": 5}
RULES_CELL = f"{STANDINGS}!$B$3"
TIEBREAKS_CELL = "$B$4"
#: The pairing system, passed as the functions' ``layout`` argument where the grid alone would not
#: say it: a round robin written in a Swiss layout, a Swiss in which everyone met everyone (C.07
#: 15.2: unplayed rounds count otherwise).
PAIRING_CELL = f"{STANDINGS}!$B$5"
STANDINGS_ANCHOR = (6, 1)   # row, column of the STANDINGS formula

#: Sheets that hold no crosstable (read only when named).
SKIP_SHEETS = {CONF.lower(), "_xlwings.conf", HELP.lower(), STANDINGS.lower()}


def read_workbook(path: PathLike, *, sheet: Optional[str] = None, layout: Optional[str] = None,
                  notes: Optional[list] = None) -> Tournament:
    """Read the crosstable of a workbook (``sheet``, else ``Crosstable``, else the first sheet whose
    content reads) in any layout; :class:`InputError` names the file and ``sheet!cell``. ``notes``,
    when given, receives what the pairings showed (:func:`~tbxl.io.grid.read.read_grid`) when the
    event is ranked as they show."""
    fname = os.fspath(path)
    wb = load_workbook(fname)   # checked first: size, XML, cell count (tbxl.io.xlsx)
    names = wb.sheetnames
    if sheet is not None:
        match = [n for n in names if n == sheet] or [n for n in names if n.lower() == str(sheet).lower()]
        if not match:
            raise InputError(f"no sheet named {sheet!r}; the sheets are {', '.join(names)}", file=fname)
        candidates = match[:1]
    elif CROSSTABLE in names:
        candidates = [CROSSTABLE]
    else:
        candidates = [n for n in names if n.lower() not in SKIP_SHEETS] or names
    first_error: Optional[InputError] = None
    for name in candidates:
        grid, origin = _block(wb[name], fname)
        if grid is None:
            if first_error is None and len(candidates) == 1:
                first_error = InputError("the sheet is empty", file=fname, cell=f"{name}!A1")
            continue
        found: Optional[list[str]] = None if notes is None else []
        try:
            t = read_grid(grid, layout=layout, origin=f"{name}!{origin}", name="", notes=found)
        except InputError as err:
            if first_error is None:
                first_error = InputError(err.message, file=fname, cell=err.cell, player=err.player,
                                         round=err.round)
            continue
        except ValueError as err:   # an unknown layout name
            raise InputError(str(err), file=fname) from None
        read = _with_settings(t, wb, fname, name)
        if notes is not None and found and read.pairing is t.pairing:  # not if the Standings sheet names another
            notes.extend(found)
        return read
    raise first_error or InputError("no sheet holds a crosstable", file=fname)


def _block(ws, fname: str) -> tuple[Optional[list[list]], str]:
    """The crosstable block of a sheet: the longest run of consecutive rows with values, from its
    first used column up to the first empty column. Returns (grid, A1 reference of its top-left cell)."""
    return block_of(sheet_rows(ws, fname))


def block_of(rows: list[tuple[int, list]]) -> tuple[Optional[list[list]], str]:
    """:func:`_block` of a sheet's rows with values, as :func:`tbxl.io.xlsx.sheet_rows` gives them
    (row number, values from column A)."""
    best: Optional[tuple[int, int]] = None
    i = 0
    while i < len(rows):
        j = i
        while j + 1 < len(rows) and rows[j + 1][0] == rows[j][0] + 1:
            j += 1
        if best is None or j - i > best[1] - best[0]:
            best = (i, j)
        i = j + 1
    if best is None:
        return None, "A1"
    block = [values for _, values in rows[best[0]:best[1] + 1]]
    width = max(len(x) for x in block)
    block = [x + [None] * (width - len(x)) for x in block]
    cols = [any(not is_empty(x[c]) for x in block) for c in range(width)]
    c0 = cols.index(True)
    c1 = c0
    while c1 < width and cols[c1]:
        c1 += 1
    grid = [x[c0:c1] for x in block]
    return grid, f"{column_letters(c0)}{rows[best[0]][0]}"


def _with_settings(t: Tournament, wb, fname: str, sheet: str) -> Tournament:
    """Name, start date and tie-breaks from the Standings sheet's settings, when present."""
    from dataclasses import replace

    def bad(setting: str, text: str) -> InputError:
        return InputError(text, file=fname, cell=f"{STANDINGS}!B{SETTINGS[setting]}")

    changes: dict[str, Any] = {"source": f"{fname}!{sheet}"}
    if STANDINGS in wb.sheetnames:
        ws = wb[STANDINGS]
        label = {str(ws.cell(row, 1).value or "").strip(): ws.cell(row, 2).value for row in SETTINGS.values()}
        if "Tournament" in label and label["Tournament"]:
            changes["name"] = str(label["Tournament"])
        date = label.get("Start date")
        if isinstance(date, dt.datetime):
            changes["start_date"] = date.date()
        elif isinstance(date, dt.date):
            changes["start_date"] = date
        elif isinstance(date, str) and date.strip():
            try:
                changes["start_date"] = dt.date.fromisoformat(date.strip().replace("/", "-"))
            except ValueError:
                raise bad("Start date", f"{date!r} is not a date (YYYY-MM-DD)") from None
        pairing = label.get("Pairing")
        if isinstance(pairing, str) and pairing.strip():
            try:
                changes["pairing"] = Pairing(pairing.strip().lower())
            except ValueError:
                raise bad("Pairing", f"{pairing!r} is not a pairing system (swiss or round-robin)") from None
        codes = label.get("Tie-breaks")
        if isinstance(codes, str) and codes.strip():
            try:
                resolve_tiebreaks(t, codes)
            except TbxlError as err:
                raise bad("Tie-breaks", str(err)) from None
            changes["tiebreaks"] = tuple(c.strip() for c in codes.split(",") if c.strip())
    return replace(t, **changes)


def read_team_workbook(path) -> TeamTournament:
    """The team grid of a workbook's Crosstable sheet (the block at A1 up to the first empty column),
    with the rules and tie-breaks of its Standings sheet as the event's list."""
    import openpyxl
    from dataclasses import replace
    name = Path(path).name
    wb = openpyxl.load_workbook(path, data_only=True)
    ws = wb[CROSSTABLE] if CROSSTABLE in wb.sheetnames else wb.worksheets[0]
    rows = [list(r) for r in ws.iter_rows(values_only=True)]
    width = next((k for k, v in enumerate(rows[0]) if v in (None, "")), len(rows[0])) if rows else 0
    grid = [r[:width] for r in rows if any(v not in (None, "") for v in r[:width])]
    try:
        t = read_team_grid(grid, source=f"{name}!{ws.title}")
    except InputError as err:
        raise InputError(err.message, file=name, cell=f"{ws.title}!{err.cell}" if err.cell else None) from None
    if STANDINGS in wb.sheetnames:
        st = wb[STANDINGS]
        listed = st["B4"].value
        title = st["B1"].value
        if listed:
            t = replace(t, tiebreaks=tuple(c.strip() for c in str(listed).split(",") if c.strip()))
        if title:
            if len(str(title)) > MAX_HEADER_TEXT:
                raise InputError(f"the event's title is {len(str(title)):,} characters; it holds at most "
                                 f"{MAX_HEADER_TEXT}", file=name, cell=f"{STANDINGS}!B1")
            t = replace(t, name=str(title))
    return t
