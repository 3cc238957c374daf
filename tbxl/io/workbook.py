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
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tbxl.errors import InputError, TbxlError, UsageError
from tbxl.io.decision_rows import EVENT, EVENT_DECISIONS, read_decision_rows
from tbxl.io.files import PathLike
from tbxl.io.grid import read_grid
from tbxl.io.grid.cells import cell_text, column_letters
from tbxl.io.grid.team import read_team_grid
from tbxl.io.xlsx import is_empty, load_workbook, sheet_rows
from tbxl.limits import MAX_HEADER_TEXT
from tbxl.model import Pairing, TeamTournament, Tournament
from tbxl.standings import resolve_tiebreaks

if TYPE_CHECKING:  # openpyxl is the xlsx extra's (tbxl.io.xlsx imports it where it is used)
    from openpyxl.workbook.workbook import Workbook
    from openpyxl.worksheet.worksheet import Worksheet

__all__ = [
    "read_workbook",
    "read_team_workbook",
    "block_of",
    "event_details",
    "CROSSTABLE",
    "STANDINGS",
    "HELP",
    "CONF",
    "EVENT",
    "EVENT_FIELDS",
    "EVENT_DECISIONS",
    "EVENT_ROOM",
    "SETTINGS",
    "RULES_CELL",
    "TIEBREAKS_CELL",
    "PAIRING_CELL",
    "STANDINGS_ANCHOR",
    "DECISIONS",
    "PLAYOFF_CELL",
    "LOTS_CELL",
]

CROSSTABLE = "Crosstable"
STANDINGS = "Standings"
HELP = "Help"
CONF = "xlwings.conf"

#: The rows of the Event sheet: label -> the :class:`~tbxl.model.Event` field it holds (the TRF
#: header record it comes from). A label may stand on several rows where the field is a list (one
#: deputy arbiter a row, as TRF 112 has one a record); rows are found by their label, in any order.
EVENT_FIELDS = {
    "Start date": "start_date",  # 042: a team workbook's (an individual one's is Standings!B2)
    "Place": "city",  # 022
    "Federation": "federation",  # 032
    "End date": "end_date",  # 052
    "Chief arbiter": "chief_arbiter",  # 102
    "Deputy arbiter": "deputy_arbiters",  # 112, one a row
    "Time control": "time_control",
}  # 122

#: The rows of the Event sheet the functions' ``decisions`` argument covers (``Event!$A$1:$B$100``,
#: more when the event's details fill them): rows the organizer adds below are in it.
EVENT_ROOM = 100

#: Settings on the Standings sheet: label (column A) and row.
SETTINGS = {"Tournament": 1, "Start date": 2, "Rules": 3, "Tie-breaks": 4, "Pairing": 5}
RULES_CELL = f"{STANDINGS}!$B$3"
TIEBREAKS_CELL = "$B$4"
#: The pairing system, passed as the functions' ``layout`` argument where the grid alone would not
#: say it: a round robin written in a Swiss layout, a Swiss in which everyone met everyone (C.07
#: 15.2: unplayed rounds count otherwise).
PAIRING_CELL = f"{STANDINGS}!$B$5"
STANDINGS_ANCHOR = (6, 1)  # row, column of the STANDINGS formula
#: How the places still shared after the whole tie-break list are decided (C.07 Art. 4.2), beside
#: the settings: label (column D) and row; the value stands in column E and STANDINGS takes it as
#: its ``playoff`` and ``lots`` arguments. ``Play-off``: orders such as ``12>7>3``, several separated
#: by ``;``; ``Lots seed``: the seed of the lots (:mod:`tbxl.playoffs`).
DECISIONS = {"Play-off": 1, "Lots seed": 2}
PLAYOFF_CELL = "$E$1"
LOTS_CELL = "$E$2"

#: Sheets that hold no crosstable (read only when named).
SKIP_SHEETS = {CONF.lower(), "_xlwings.conf", HELP.lower(), STANDINGS.lower(), EVENT.lower()}


def read_workbook(
    path: PathLike, *, sheet: str | None = None, layout: str | None = None, notes: list[str] | None = None
) -> Tournament:
    """Read the crosstable of a workbook (``sheet``, else ``Crosstable``, else the first sheet whose
    content reads) in any layout; :class:`InputError` names the file and ``sheet!cell``. ``notes``,
    when given, receives what the pairings showed (:func:`~tbxl.io.grid.read.read_grid`) when the
    event is ranked as they show."""
    fname = os.fspath(path)
    wb = load_workbook(fname)  # checked first: size, XML, cell count (tbxl.io.xlsx)
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
    first_error: InputError | None = None
    for name in candidates:
        grid, origin = _block(wb[name], fname)
        if grid is None:
            if first_error is None and len(candidates) == 1:
                first_error = InputError("the sheet is empty", file=fname, cell=f"{name}!A1")
            continue
        found: list[str] | None = None if notes is None else []
        try:
            t = read_grid(grid, layout=layout, origin=f"{name}!{origin}", name="", notes=found)
        except InputError as err:
            if first_error is None:
                first_error = InputError(err.message, file=fname, cell=err.cell, player=err.player, round=err.round)
            continue
        except ValueError as err:  # an unknown layout name
            raise InputError(str(err), file=fname) from None
        read = _with_settings(t, wb, fname, name)
        if notes is not None and found and read.pairing is t.pairing:  # not if the Standings sheet names another
            notes.extend(found)
        return read
    raise first_error or InputError("no sheet holds a crosstable", file=fname)


def _block(ws: Worksheet, fname: str) -> tuple[list[list[Any]] | None, str]:
    """The crosstable block of a sheet: the longest run of consecutive rows with values, from its
    first used column up to the first empty column. Returns (grid, A1 reference of its top-left cell)."""
    return block_of(sheet_rows(ws, fname))


def block_of(rows: list[tuple[int, list[Any]]]) -> tuple[list[list[Any]] | None, str]:
    """:func:`_block` of a sheet's rows with values, as :func:`tbxl.io.xlsx.sheet_rows` gives them
    (row number, values from column A)."""
    best: tuple[int, int] | None = None
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
    block = [values for _, values in rows[best[0] : best[1] + 1]]
    width = max(len(x) for x in block)
    block = [x + [None] * (width - len(x)) for x in block]
    cols = [any(not is_empty(x[c]) for x in block) for c in range(width)]
    c0 = cols.index(True)
    c1 = c0
    while c1 < width and cols[c1]:
        c1 += 1
    grid = [x[c0:c1] for x in block]
    return grid, f"{column_letters(c0)}{rows[best[0]][0]}"


def _date(value: Any, bad: Callable[[str], InputError]) -> dt.date | None:
    """A date cell (a date, or text YYYY-MM-DD or YYYY/MM/DD), None when empty; ``bad(text)`` is the
    error for anything else."""
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str) and value.strip():
        try:
            return dt.date.fromisoformat(value.strip().replace("/", "-"))
        except ValueError:
            raise bad(f"{value[:40]!r} is not a date (YYYY-MM-DD)") from None
    if value is not None and not (isinstance(value, str) and not value.strip()):
        raise bad(f"{value!r} is not a date (YYYY-MM-DD)")
    return None


def event_details(wb: Workbook, fname: str) -> dict[str, Any]:
    """The :class:`~tbxl.model.Event` fields of the workbook's Event sheet (:data:`EVENT_FIELDS`;
    nothing without the sheet, as in a workbook written before it): keywords for
    :func:`dataclasses.replace`. Errors name ``Event!B<row>``: a date that is not one, a text over
    :data:`~tbxl.limits.MAX_HEADER_TEXT` characters."""
    if EVENT not in wb.sheetnames:
        return {}
    out: dict[str, Any] = {}
    deputies: list[str] = []
    rows = sheet_rows(wb[EVENT], fname)
    for r, values in rows:
        label = str(values[0] or "").strip() if values else ""
        field = EVENT_FIELDS.get(label)
        value = values[1] if len(values) > 1 else None

        def bad(text: str, r: int = r) -> InputError:
            return InputError(text, file=fname, cell=f"{EVENT}!B{r}")

        if field is None or is_empty(value):
            continue

        if field in ("start_date", "end_date"):
            out[field] = _date(value, bad)
            continue
        text = value.isoformat() if isinstance(value, (dt.date, dt.datetime)) else str(value).strip()
        if isinstance(value, float) and value.is_integer():
            text = str(int(value))
        if len(text) > MAX_HEADER_TEXT:
            raise bad(f"{label}: {len(text):,} characters; a header field holds at most {MAX_HEADER_TEXT}")
        if field == "deputy_arbiters":
            deputies.append(text)
        else:
            out[field] = text
    if deputies:
        out["deputy_arbiters"] = tuple(deputies)
    decisions = read_decision_rows(rows, file=fname).decisions  # the rows of EVENT_DECISIONS
    if decisions:
        out["decisions"] = decisions
    return out


def _with_settings(t: Tournament, wb: Workbook, fname: str, sheet: str) -> Tournament:
    """Name, start date and tie-breaks from the Standings sheet's settings, when present."""
    from dataclasses import replace

    def bad(setting: str, text: str) -> InputError:
        return InputError(text, file=fname, cell=f"{STANDINGS}!B{SETTINGS[setting]}")

    changes: dict[str, Any] = {"source": f"{fname}!{sheet}", **event_details(wb, fname)}  # Standings!B2 first
    if STANDINGS in wb.sheetnames:
        ws = wb[STANDINGS]
        label = {str(ws.cell(row, 1).value or "").strip(): ws.cell(row, 2).value for row in SETTINGS.values()}
        if "Tournament" in label and label["Tournament"]:
            changes["name"] = str(label["Tournament"])
        date = label.get("Start date")
        if isinstance(date, (dt.date, str)):
            start = _date(date, lambda text: bad("Start date", text))
            if start is not None:
                changes["start_date"] = start
        pairing = label.get("Pairing")
        if isinstance(pairing, str) and pairing.strip():
            try:
                changes["pairing"] = Pairing(pairing.strip().lower())
            except ValueError:
                raise bad("Pairing", f"{pairing!r} is not a pairing system (swiss or round-robin)") from None
        changes.update(_rules(label.get("Rules"), changes.get("start_date", t.start_date), fname))
        codes = label.get("Tie-breaks")
        if isinstance(codes, str) and codes.strip():
            try:
                resolve_tiebreaks(t, codes)
            except TbxlError as err:
                raise bad("Tie-breaks", str(err)) from None
            changes["tiebreaks"] = tuple(c.strip() for c in codes.split(",") if c.strip())
        changes.update(_decisions(ws, fname))
    return replace(t, **changes)


def _rules(value: Any, start: dt.date | None, fname: str) -> dict[str, Any]:
    """The rule set of the Standings sheet's Rules cell (B3) with its settings
    (``fide-2026+unrated_method=estimated``), as the workbook's functions take it: ``rules`` for
    the event (:attr:`~tbxl.model.Event.rules`), nothing when empty; an error naming the cell for
    a rule set or a setting that is none."""
    from tbxl.rules import resolve

    text = cell_text(value)
    if not text:
        return {}
    try:
        resolve(text, start)
    except TbxlError as err:
        raise InputError(str(err), file=fname, cell=RULES_CELL.replace("$", "")) from None
    return {"rules": text}


def _decisions(ws: Worksheet, fname: str) -> dict[str, Any]:
    """The Play-off orders (``;`` between several) and the Lots seed of the Standings sheet
    (:data:`DECISIONS`), checked as ``--playoff`` and ``--lots`` are, an error naming the cell;
    none when the labels are not there (a workbook made before them)."""
    from tbxl.playoffs import Decision, parse_playoff, split_orders

    out: dict[str, Any] = {}
    for label, row in DECISIONS.items():
        if cell_text(ws.cell(row, 4).value) != label:
            continue
        value = cell_text(ws.cell(row, 5).value)
        if not value:
            continue
        where = f"{STANDINGS}!E{row}"
        try:
            if label == "Play-off":
                orders = split_orders(value)
                for order in orders:
                    parse_playoff(order, "Play-off")
                out["playoffs"] = orders
            else:
                out["lots"] = Decision.of((), value, option="Play-off").lots
        except UsageError as err:
            raise InputError(str(err), file=fname, cell=where) from None
    return out


def read_team_workbook(path: PathLike) -> TeamTournament:
    """The team grid of a workbook's Crosstable sheet (the block at A1 up to the first empty column),
    with the rules and tie-breaks of its Standings sheet as the event's list and the details of its
    Event sheet (:func:`event_details`). The file is checked as an individual workbook is
    (:func:`tbxl.io.xlsx.load_workbook`: size, XML, cells) and read by the cells it holds."""
    from dataclasses import replace

    fname = os.fspath(path)
    name = Path(path).name
    wb = load_workbook(fname)
    ws = wb[CROSSTABLE] if CROSSTABLE in wb.sheetnames else wb.worksheets[0]
    found = sheet_rows(ws, fname)
    rows = [values for _, values in found]
    width = next((k for k, v in enumerate(rows[0]) if v in (None, "")), len(rows[0])) if rows else 0
    grid = [r[:width] + [None] * (width - len(r[:width])) for r in rows if any(v not in (None, "") for v in r[:width])]
    try:
        t = read_team_grid(grid, source=f"{name}!{ws.title}")
    except InputError as err:
        raise InputError(err.message, file=name, cell=f"{ws.title}!{err.cell}" if err.cell else None) from None
    t = replace(t, **event_details(wb, fname))
    if STANDINGS in wb.sheetnames:
        st = wb[STANDINGS]
        t = replace(t, **_decisions(st, fname), **_rules(st["B3"].value, t.start_date, fname))
        listed = st["B4"].value
        title = st["B1"].value
        if listed:
            t = replace(t, tiebreaks=tuple(c.strip() for c in str(listed).split(",") if c.strip()))
        if title:
            if len(str(title)) > MAX_HEADER_TEXT:
                raise InputError(
                    f"the event's title is {len(str(title)):,} characters; it holds at most {MAX_HEADER_TEXT}",
                    file=name,
                    cell=f"{STANDINGS}!B1",
                )
            t = replace(t, name=str(title))
    return t
