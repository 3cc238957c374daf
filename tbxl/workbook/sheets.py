"""The cells every workbook tbxl writes shares: values written as data, the crosstable grid at A1, the
shade of formula cells, the ``xlwings.conf`` sheet and the ``.xlsm`` base; and what a workbook
cannot store (:func:`check_storable`)."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterable, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from tbxl.errors import InputError, docs_url, pip_install
from tbxl.formatting import decimal_text, exact_text
from tbxl.io.grid.cells import column_letters
from tbxl.io.workbook import CONF, DECISIONS, EVENT, EVENT_DECISIONS, EVENT_FIELDS, EVENT_ROOM
from tbxl.io.xlsx import control_character_text
from tbxl.model import Scoring, Tournament
from tbxl.model.event import Event
from tbxl.playoffs import ORDER_SEPARATOR

if TYPE_CHECKING:  # openpyxl is the xlsx extra's: imported where it is used
    from openpyxl.cell.cell import Cell
    from openpyxl.styles import PatternFill
    from openpyxl.workbook.workbook import Workbook
    from openpyxl.worksheet.worksheet import Worksheet

__all__ = [
    "put",
    "put_grid",
    "formula_fill",
    "fill_conf",
    "fill_event",
    "event_rows",
    "event_sheet_rows",
    "decisions_range",
    "xlsm_base",
    "check_scoring",
    "check_storable",
]


def event_rows(t: Event, skip: Iterable[str] = ()) -> list[tuple[str, Any]]:
    """The (label, value) rows of the Event sheet for ``t``: each :data:`EVENT_FIELDS` field the
    event has (a deputy arbiter a row), without the fields of ``skip`` (kept elsewhere)."""
    out: list[tuple[str, Any]] = []
    for label, name in EVENT_FIELDS.items():
        if name in skip:
            continue
        value = getattr(t, name)
        for v in value if isinstance(value, tuple) else (value,):
            if v not in (None, ""):
                out.append((label, v))
    return out + [row for rows in _decision_rows(t).values() for row in rows]


def _decision_rows(t: Event) -> dict[str, list[tuple[str, Any]]]:
    """The rows of the organizer's decisions, in the command line's grammar, by label in the order
    of :data:`EVENT_DECISIONS` (a value given as its exact decimal, ``BH:4=5.5``)."""
    d = t.decisions
    items = {  # by the Decisions field each label holds
        "expelled": [", ".join(map(str, d.expelled))] if d.expelled else [],
        "estimated": [f"{sn}:{r}" for sn, r in d.estimated],
        "ratings": [f"{sn}:{rd}:{r}" for sn, rd, r in d.ratings],
        "list_change": [d.list_change.item] if d.list_change is not None else [],
        "given": [f"{code}:{sn}={exact_text(v)}" for code, sn, v in d.given],
    }
    return {label: [(label, item) for item in items[field]] for label, field in EVENT_DECISIONS.items()}


def event_sheet_rows(t: Event, skip: Iterable[str] = ()) -> list[tuple[str, Any]]:
    """:func:`event_rows`, then each decision's label the event has no item for, its value empty:
    the rows where the organizer types the decisions (:data:`EVENT_DECISIONS`)."""
    details = [row for row in event_rows(t, skip) if row[0] not in EVENT_DECISIONS]
    decided = _decision_rows(t)
    return details + [row for label in EVENT_DECISIONS for row in decided[label] or [(label, None)]]


def decisions_range(t: Event, skip: Iterable[str] = ()) -> str:
    """The Event sheet's rows as the functions' ``decisions`` argument: ``Event!$A$1:$B$100``
    (:data:`EVENT_ROOM`, or 20 rows below the last one written where they are more)."""
    return f"{EVENT}!$A$1:$B${max(EVENT_ROOM, len(event_sheet_rows(t, skip)) + 20)}"


def fill_event(wb: Workbook, t: Event, skip: Iterable[str] = (), who: str = "players") -> None:
    """The Event sheet (after Standings) with :func:`event_sheet_rows`: the place, dates,
    federation and arbiters of its TRF header (022, 032, 042, 052, 102, 112, 122) and the
    organizer's decisions, read back by :func:`tbxl.io.workbook.event_details` and passed to the
    STANDINGS (TEAM_STANDINGS) and TIEBREAK formulas as their ``decisions`` argument
    (:func:`decisions_range`); the note beside them says each decision's grammar (``who``: the
    players or the teams)."""
    import datetime as dt

    from openpyxl.styles import Font

    rows = event_sheet_rows(t, skip)
    ws = wb.create_sheet(EVENT)
    bold = Font(bold=True)
    for r, (label, value) in enumerate(rows, 1):
        ws.cell(r, 1, label).font = bold
        cell = put(ws, r, 2, value)
        if isinstance(value, dt.date):
            cell.number_format = "yyyy-mm-dd"
    notes = [
        "The organizer's decisions (label in A, value in B; a label may stand on several rows, "
        "several items in a cell separated by ;), which the Standings take:",
        f"Expelled: start numbers of the {who} expelled, e.g. 12 (no rank, listed apart; their games count).",
        "Estimated rating: START:RATING, e.g. 12:1650 (with the rules' +unrated_method=estimated).",
        "Rating from round: START:ROUND:RATING, e.g. 12:5:2150 (with +rating_by=round).",
        "List change: ROUND:CODES, the list in force before a change after that round, e.g. 4:BH,SB.",
        "Given value: CODE:START=VALUE, a tie-break value decided, not computed, e.g. BH:12=15.5.",
        "Type an item that Excel would read as a time (12:16) with a leading apostrophe ('12:16).",
    ]
    for i, text in enumerate(notes, 1):
        ws.cell(i, 4, text)
    ws.column_dimensions["A"].width = 18
    ws.column_dimensions["B"].width = 40


def check_event_storable(t: Event) -> list[tuple[str, str | None, int | None]]:
    """The Event sheet's texts for :func:`check_storable`."""
    return [(f"the event's {label.lower()}", v, None) for label, v in event_rows(t) if isinstance(v, str)]


def check_scoring(t: Tournament) -> None:
    """Refuse another scoring system than 1-½-0: the functions have no argument for one."""
    if t.scoring != Scoring():
        s = t.scoring
        raise InputError(
            f"this tournament scores win {decimal_text(s.win)}, draw {decimal_text(s.draw)}, "
            f"loss {decimal_text(s.loss)} "
            f"(TRF record 162 or XXS), but the workbook's functions score 1-½-0: its "
            "standings would change; not written",
            file=t.source or None,
        )


def check_storable(texts: Iterable[tuple[str, str | None, int | None]], source: str | None) -> None:
    """Refuse a text that XML 1.0 cannot store (a control character) with one clean error rather
    than openpyxl's traceback: ``texts`` are (what, text, player number or None), e.g. ``("the
    name", "A\x01", 3)``."""
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

    for what, text, player in texts:
        m = ILLEGAL_CHARACTERS_RE.search(text or "")
        if m:
            raise InputError(
                f"{what} holds {control_character_text(m.group())}, which a workbook cannot store; not written",
                file=source or None,
                player=player,
            )


def fill_decisions(ws: Worksheet, playoffs: Sequence[str], lots: str | None, who: str, by: str) -> None:
    """The Play-off and Lots seed settings of a Standings sheet (D1:E2, :data:`DECISIONS`), which
    its STANDINGS or TEAM_STANDINGS formula takes, and the note beside them (``who``: players or
    teams, ``by``: how they are numbered)."""
    from openpyxl.styles import Font

    bold = Font(bold=True)
    decided = {"Play-off": ORDER_SEPARATOR.join(playoffs) or None, "Lots seed": lots}
    for label, row in DECISIONS.items():
        ws.cell(row, 4, label).font = bold
        put(ws, row, 5, decided[label])
    ws.cell(
        1,
        6,
        f"Play-off: the order a play-off gave {who} equal on every tie-break, best first{by}, e.g. "
        f"12>7>3 (several: separate with {ORDER_SEPARATOR}). Lots seed: lots for those still equal "
        "(see Help).",
    )


def put(ws: Worksheet, row: int, col: int, value: Any) -> Cell:
    """Write a value from the input as data: a name like ``=HYPERLINK(...)`` or ``=1+2`` stays text
    (openpyxl would store any string starting with "=" as a formula: formula injection)."""
    cell: Cell = ws.cell(row, col, value)
    if isinstance(value, str):
        cell.data_type = "s"
    return cell


def formula_fill() -> PatternFill:
    """The shade of the formula cells (openpyxl's fill, made where openpyxl is imported)."""
    from openpyxl.styles import PatternFill

    return PatternFill("solid", fgColor="EEF3FA")


def put_grid(ws: Worksheet, grid: list[list[Any]], name_width: int) -> str:
    """The crosstable ``grid`` at A1 of ``ws``, its header row bold and centred, the number and
    name columns sized; returns its range (``$A$1:$I$17``)."""
    from openpyxl.styles import Alignment, Font

    height, width = len(grid), max(len(r) for r in grid)
    for r, row in enumerate(grid, 1):
        for c, v in enumerate(row, 1):
            if v is not None and v != "":
                put(ws, r, c, v)
    bold = Font(bold=True)
    for c in range(1, width + 1):
        ws.cell(1, c).font = bold
        ws.cell(1, c).alignment = Alignment(horizontal="center")
    ws.column_dimensions["A"].width = 5
    ws.column_dimensions["B"].width = name_width
    return f"$A$1:${column_letters(width - 1)}${height}"


def fill_conf(ws: Worksheet) -> None:
    """``UDF Modules`` = ``tbxl.excel`` (key in A, value in B; the add-in reads column A from A1 down
    to the first empty cell, so the notes stand in column D)."""
    ws.title = CONF
    for row in ws.iter_rows():
        for cell in row:
            cell.value = None
    ws["A1"] = "UDF Modules"
    ws["B1"] = "tbxl.excel"
    notes = [
        "Settings of the classic xlwings add-in for this workbook (key in column A, value in column B).",
        f"Install once: {pip_install('excel')}; in Excel tick 'Trust access to the VBA project object model' "
        "(File > Options > Trust Center > Trust Center Settings > Macro Settings); then: xlwings addin install",
        f"Then in Excel: xlwings tab > Import Functions. Step by step: {docs_url('organizer/classic-addin/')}",
        "Add keys such as Interpreter_Win or Conda Env in A2, A3 ... (values in B) if the add-in's own "
        "settings do not find the Python where tbxl is installed; an empty cell in A ends the settings.",
    ]
    for i, text in enumerate(notes, 1):
        ws.cell(i, 4, text)


def xlsm_base(openpyxl: ModuleType) -> tuple[Workbook, Worksheet]:
    """xlwings' quickstart workbook (VBA project referencing the xlwings add-in), sheets renamed."""
    spec = importlib.util.find_spec("xlwings")
    base = None
    if spec is not None and spec.submodule_search_locations:
        for folder in spec.submodule_search_locations:
            p = Path(folder) / "quickstart.xlsm"
            if p.exists():
                base = p
                break
    if base is None:
        raise InputError(
            f"writing an .xlsm needs xlwings ({pip_install('excel')}) for its VBA project; "
            "write an .xlsx for xlwings Lite or Server"
        )
    wb = openpyxl.load_workbook(base, keep_vba=True)
    conf = None
    for ws in wb.worksheets[1:]:
        if ws.title.lower() in ("_xlwings.conf", "xlwings.conf"):
            conf = ws
    if conf is None:
        conf = wb.create_sheet(CONF)
    wb.worksheets[0].title = "Sheet1"
    return wb, conf
