"""The workbook of an individual event: the crosstable grid (:func:`tbxl.io.grid.to_grid`) at A1 with
one formula column per tie-break after an empty column, e.g. ``=BUCHHOLZ_CUT($A$1:$I$17,$A2,1,
Standings!$B$3)``; the Standings sheet with the settings (B1:B5) and a ``STANDINGS`` array formula at
A6, stored as a dynamic array; the Help sheet; and ``xlwings.conf`` in an ``.xlsm``.

A round robin whose pairings are not the Berger tables' is written in the compact layout with
``round-robin`` in Standings!B5, passed by every formula as its ``layout`` argument.
"""

from __future__ import annotations

import datetime as dt
import warnings
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tbxl import rules as conventions
from tbxl.catalogue import BY_NAME, Function, call_for, in_cells, standings_table, value_of
from tbxl.errors import InputError, InputWarning
from tbxl.io.files import PathLike, check_not_input
from tbxl.io.grid import read_grid, round_headers, to_grid
from tbxl.io.grid.cells import cell_number, column_letters, layout_name
from tbxl.io.workbook import (
    CROSSTABLE,
    HELP,
    LOTS_CELL,
    PAIRING_CELL,
    PLAYOFF_CELL,
    RULES_CELL,
    SETTINGS,
    STANDINGS,
    STANDINGS_ANCHOR,
    TIEBREAKS_CELL,
)
from tbxl.model import Tournament
from tbxl.playoffs import Decision, decide
from tbxl.rules import Convention
from tbxl.standings import Tiebreaks, compute_standings, resolve_tiebreaks
from tbxl.tiebreaks.codes import Descriptor
from tbxl.workbook.cached import Cached, Dynamic, save
from tbxl.workbook.check import check_round_trip
from tbxl.workbook.help import fill_help, help_lines
from tbxl.workbook.sheets import (
    check_event_storable,
    check_scoring,
    check_storable,
    decisions_range,
    fill_conf,
    fill_decisions,
    fill_event,
    formula_fill,
    put,
    put_grid,
    xlsm_base,
)

if TYPE_CHECKING:  # openpyxl is the xlsx extra's: imported where it is used
    from openpyxl.worksheet.worksheet import Worksheet

__all__ = ["write_individual"]


def write_individual(
    t: Tournament,
    output: PathLike,
    *,
    layout: str | None,
    tiebreaks: Tiebreaks,
    rules: str | None,
    inputs: Iterable[PathLike],
    frame: int | None = None,
    room: int | None = None,
    playoffs: Sequence[str] = (),
    lots: str | None = None,
) -> None:
    """Write ``t`` (see :func:`tbxl.workbook.write_workbook`); ``frame``: the number of empty rows of
    a template (:func:`tbxl.workbook.write_template`), written without results; ``room``: the last
    worksheet row its formulas cover (a compact or sm3 template: rows typed below the frame are
    players the formulas already see, see :func:`_fill_crosstable`)."""
    inputs = list(inputs)
    check_not_input(output, inputs)
    suffix = Path(output).suffix.lower()
    if suffix not in (".xlsx", ".xlsm"):
        raise InputError(f"a workbook must end in .xlsx or .xlsm, not {Path(output).name!r}")
    chosen = layout
    layout = layout_name(layout or ("matrix" if t.is_round_robin else "compact"), InputError)
    if not t.is_round_robin and layout == "matrix" and frame is None:
        raise InputError(
            "the matrix layout is for round robins (pre-determined pairings); "
            "read the tournament with --pairing round-robin, or choose compact or sm3"
        )
    conv = conventions.resolve(rules or t.rules or None, t.start_date)  # else the input's (a workbook's Rules cell)
    descs = resolve_tiebreaks(t, tiebreaks)
    check_scoring(t)
    check_storable(
        [("the tournament name", t.name, None)]
        + check_event_storable(t)
        + [
            (f"the {what}", text, p.start_number)
            for p in t.players
            for what, text in (("name", p.name), ("federation", p.federation), ("title", p.title))
        ],
        t.source,
    )
    try:
        grid = to_grid(t, layout, every_field=True)
    except ValueError as err:
        if chosen or layout != "matrix":
            raise InputError(f"cannot write a {layout} crosstable: {err}") from None
        layout, grid = "compact", to_grid(t, "compact", every_field=True)  # e.g. a double round robin
    if frame is not None:
        grid = _frame_grid(grid, layout, frame, t.rounds)
    said = False  # the pairing system passed to the functions (Standings!B5)
    if frame is None:
        try:
            said = check_round_trip(t, grid, layout)
        except InputError:
            if chosen or layout != "matrix":
                raise
            # A round robin not paired by the Berger tables: the compact layout keeps its rounds
            # and colours, and the formulas say "round-robin" (Standings!B5).
            layout, grid = "compact", to_grid(t, "compact", every_field=True)
            said = check_round_trip(t, grid, layout)

    import openpyxl  # the heavy room: only here

    if suffix == ".xlsm":
        wb, conf = xlsm_base(openpyxl)
    else:
        wb, conf = openpyxl.Workbook(), None
    cached: Cached = {}
    dynamic: Dynamic = set()
    ws = wb.worksheets[0]
    ws.title = CROSSTABLE
    pairing = t.pairing.value if said else None
    seen = _as_functions_read(grid, pairing)
    if seen is not None and t.decisions:  # as the functions take them, from the Event sheet
        seen = replace(seen, decisions=t.decisions)
    room = room if frame is not None and layout != "matrix" else None  # a matrix grows in both directions
    skip = ("start_date",)  # the start date is a setting (Standings!B2)
    decisions = decisions_range(t, skip)
    rng = _fill_crosstable(
        ws, grid, descs, conv, seen, cached, pairing, room=room, dynamic=dynamic, decisions=decisions
    )
    st = wb.create_sheet(STANDINGS)
    _fill_standings(
        st, t, seen, rng, conv, [d.code for d in descs], cached, dynamic, pairing, playoffs, lots, decisions
    )
    fill_event(wb, t, skip=skip)
    hp = wb.create_sheet(HELP)
    fill_help(
        hp,
        help_lines(
            rng, layout, [d.code for d in descs], conv.name, Path(output).name, t, pairing, room=room is not None
        ),
    )
    if conf is not None:
        fill_conf(conf)
        wb.move_sheet(conf, offset=len(wb.sheetnames) - 1 - wb.sheetnames.index(conf.title))
    save(wb, output, cached, dynamic, inputs)


def _frame_grid(grid: list[list[Any]], layout: str, players: int, rounds: int) -> list[list[Any]]:
    """A header with a rating column and ``players`` empty rows (a matrix: one column per player)."""
    head: list[int | str]
    if layout == "matrix":
        head = ["No", "Name", "Rtg", *range(1, players + 1), "Pts"]
    else:
        head = ["No", "Name", "Rtg", *round_headers(layout, rounds), "Pts"]
    width = len(head)
    return [head] + [[None] * width for _ in range(players)]


def _cell_value(v: Any) -> Any:
    return None if v == "" else v


def _formula_for(
    fn: Function,
    extra: tuple[object, ...],
    rng: str,
    player: str,
    header: str,
    rules: str,
    pairing: str | None = None,
    decisions: str | None = None,
) -> str:
    """The formula text of one tie-break cell: ``fn`` with the arguments ``extra`` between the
    player and the rules (:func:`tbxl.catalogue.call_for`); ``header``: the cell holding the code
    (for TIEBREAK), ``pairing``: the cell passed as the ``layout`` argument, ``decisions``: the
    Event sheet's rows, passed to the functions that take them (TIEBREAK: the ratings given, the
    values given)."""
    args = [rng, player] + [
        header if fn.name == "TIEBREAK" else f'"{x}"' if isinstance(x, str) else str(x) for x in extra
    ]
    if fn.rules:
        args.append(rules)
    takes = decisions is not None and any(a.name == "decisions" for a in fn.arguments)
    if pairing or takes:
        args.append(pairing or '""')
    if takes:
        assert decisions is not None
        args.append(decisions)
    return fn.call(*args)


def _as_functions_read(grid: list[list[Any]], pairing: str | None) -> Tournament | None:
    """The tournament the functions read from the crosstable range (None: a frame without results,
    where they give empty cells), so that the stored values are theirs."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", InputWarning)
            return read_grid(grid, layout=None, pairing=pairing)
    except InputError:
        return None


def _stored(seen: Tournament, conv: Convention, d: Descriptor, fn: Function) -> Callable[[int], Any]:
    """The value a tie-break formula gives a start number, as stored: the core's value of ``d`` on
    the event as the functions read it with the Event sheet's decisions; a value given for ``d``
    (checklist 207) where the function takes the decisions (TIEBREAK), as it does."""
    of = value_of(seen, conv, d)
    if not any(a.name == "decisions" for a in fn.arguments) or not seen.decisions.given:
        return of
    decisions = seen.decisions

    def given_or_computed(sn: int) -> Any:
        given = decisions.given_value(d.code, sn)
        return of(sn) if given is None else given

    return given_or_computed


def _fill_crosstable(
    ws: Worksheet,
    grid: list[list[Any]],
    descs: Sequence[Descriptor],
    conv: Convention,
    seen: Tournament | None,
    cached: Cached,
    pairing: str | None = None,
    room: int | None = None,
    dynamic: Dynamic | None = None,
    decisions: str | None = None,
) -> str:
    """The grid at A1, then an empty column and the tie-break formula columns, their stored values
    computed as the functions compute them on ``seen`` (the grid as they read it). Returns the range.

    One formula per player row (``=BUCHHOLZ_CUT($A$1:$I$17,$A5,1,...)``), or with ``room`` (a
    template) one formula per column over the rows up to ``room``, a dynamic array
    (``=BUCHHOLZ_CUT($A$1:$M$1000,$A$2:$A$1000,1,...)`` spilling O2:O1000): a player typed in any
    row up to ``room`` is in every formula's range and gets his values, without a formula to edit
    or copy. The empty rows below the players are what the functions and the readers skip
    (:func:`tbxl.io.grid.sheet.trim_blank_edges`)."""
    from openpyxl.styles import Alignment, Font
    from openpyxl.worksheet.formula import ArrayFormula

    rng = put_grid(ws, grid, name_width=22)
    height, width = len(grid), max(len(r) for r in grid)
    if room is not None:
        rng = f"$A$1:${column_letters(width - 1)}${room}"
    bold = Font(bold=True)
    shade = formula_fill()
    first = width + 2
    rules = RULES_CELL
    for k, d in enumerate(descs):
        col = first + k
        letter = column_letters(col - 1)
        head = ws.cell(1, col, d.code)
        head.font = bold
        head.alignment = Alignment(horizontal="center")
        ws.column_dimensions[letter].width = max(8, len(d.code) + 2)
        fn, extra = call_for(d, layout=bool(pairing))
        # PROGRESSIVE takes no rules: the default for the read grid's date, as in Excel
        rules_of = conv if fn.rules or seen is None else conventions.resolve(None, seen.start_date)
        of = None if seen is None else _stored(seen, rules_of, d, fn)
        if room is not None:  # one dynamic array per column (a template has no results: empty values)
            text = _formula_for(
                fn, extra, rng, f"$A$2:$A${room}", f"{letter}$1", rules, PAIRING_CELL if pairing else None, decisions
            )
            ws.cell(2, col).fill = shade
            ws[f"{letter}2"] = ArrayFormula(f"{letter}2:{letter}{room}", "=" + text)
            ws[f"{letter}2"].fill = shade
            cached[(CROSSTABLE, f"{letter}2")] = ""
            if dynamic is not None:
                dynamic.add((CROSSTABLE, f"{letter}2"))
            continue
        for r in range(2, height + 1):
            text = _formula_for(
                fn, extra, rng, f"$A{r}", f"{letter}$1", rules, PAIRING_CELL if pairing else None, decisions
            )
            cell = ws.cell(r, col, "=" + text)
            cell.fill = shade
            sn = grid[r - 1][0]
            cached[(CROSSTABLE, f"{letter}{r}")] = "" if of is None or sn in (None, "") else cell_number(of(sn))
    ws.freeze_panes = "C2"
    return rng


def _fill_standings(
    ws: Worksheet,
    t: Tournament,
    seen: Tournament | None,
    rng: str,
    conv: Convention,
    codes: list[str],
    cached: Cached,
    dynamic: Dynamic,
    pairing: str | None = None,
    playoffs: Sequence[str] = (),
    lots: str | None = None,
    decisions: str = '""',
) -> None:
    """The settings (B1:B5), how shared places are decided (E1:E2, :data:`DECISIONS`), and the
    STANDINGS formula at A6 with its stored spill (the play-offs and lots applied, so a place they
    decide says so in its Decided column; ``decisions``: the Event sheet's rows it takes, whose
    decisions ``seen`` carries)."""
    from openpyxl.styles import Font
    from openpyxl.worksheet.formula import ArrayFormula

    rules = conv.name

    bold = Font(bold=True)
    values = {
        "Tournament": t.name or "",
        "Start date": t.start_date,
        "Rules": rules,
        "Tie-breaks": ",".join(codes),
        "Pairing": t.pairing.value,
    }
    for label, at in SETTINGS.items():
        ws.cell(at, 1, label).font = bold
        v = values[label]
        cell = put(ws, at, 2, v if v not in ("", None) else None)
        if isinstance(v, dt.date):
            cell.number_format = "yyyy-mm-dd"
    fill_decisions(ws, playoffs, lots, "players", "")
    ws.cell(
        3,
        3,
        "Rules: fide-2026 (current FIDE), fide-2024, fide-2017, sm-* ... (see Help), settings after +, "
        "e.g. fide-2026+unrated_method=estimated; empty = fide-2026. Tie-breaks: codes in order, empty = the "
        "defaults. Pairing: swiss or round-robin (how unplayed rounds count, C.07 15.2).",
    )
    if seen is None:
        table: list[list[Any]] = [[""]]
    else:
        st = decide(compute_standings(seen, codes, conv), Decision.of(playoffs, lots))
        table = in_cells(standings_table(st))
    r0, c0 = STANDINGS_ANCHOR
    h, w = len(table), max(len(row) for row in table)
    ref = f"{column_letters(c0 - 1)}{r0}:{column_letters(c0 + w - 2)}{r0 + h - 1}"
    anchor = f"{column_letters(c0 - 1)}{r0}"
    formula = BY_NAME["STANDINGS"].call(
        f"{CROSSTABLE}!{rng}", TIEBREAKS_CELL, "$B$3", "$B$5" if pairing else '""', PLAYOFF_CELL, LOTS_CELL, decisions
    )
    ws[anchor] = ArrayFormula(ref, "=" + formula)
    cached[(STANDINGS, anchor)] = table[0][0]
    dynamic.add((STANDINGS, anchor))
    for i, row in enumerate(table):
        for j, v in enumerate(row):
            if i == 0 and j == 0:
                continue
            cell = put(ws, r0 + i, c0 + j, _cell_value(v))
            if i == 0:
                cell.font = bold
    ws.cell(r0, c0).font = bold
    ws.column_dimensions["A"].width = 12
    ws.column_dimensions["B"].width = 24
    ws.column_dimensions["C"].width = 22
    ws.column_dimensions["D"].width = 12
    ws.column_dimensions["E"].width = 16
