"""Crosstable workbooks (openpyxl): write one with tie-break formulas and their computed values, read
one (ours or hand-made) back into a :class:`~tbxl.model.Tournament`.

A workbook written by :func:`write_workbook` has

* ``Crosstable``: the grid of :func:`tbxl.io.grid.to_grid` at A1 (start numbers, names, ratings,
  rounds, points), an empty column, then one formula column per tie-break, e.g.
  ``=BUCHHOLZ_CUT($A$1:$I$17,$A2,1,Standings!$B$3)``;
* ``Standings``: the settings (tournament, start date, rules, tie-breaks, pairing system in B1:B5) and a
  ``STANDINGS`` array formula at A6, stored as a dynamic array (it spills in Excel 365 and is a
  classic array formula in older Excel);
* ``Help``: the functions, the three layouts and their grammar, the errors and the rule sets;
* ``xlwings.conf`` (``.xlsm`` only): ``UDF Modules`` = ``tbxl.excel`` for the classic add-in. The
  ``.xlsm`` is built on xlwings' own quickstart workbook, whose VBA project references the xlwings
  add-in, so *Import Functions* works in it; its sample macro is removed (:mod:`tbxl.io.workbook.vba`).

Every formula cell is stored with the value tbxl computed for it (openpyxl writes formulas without
values, so the sheet XML is patched afterwards), and the workbook does not ask Excel to recompute
on opening: the numbers show before the functions are registered; Excel recomputes a cell when one
of its inputs changes (Ctrl+Alt+F9 recomputes all).

:func:`read_workbook` reads the crosstable sheet (``Crosstable``, else the first sheet whose
content reads): the longest run of non-empty rows, from its first used column to the first empty
column, so the formula columns after the gap are left out. Errors name the file and
``sheet!cell``. The settings of a ``Standings`` sheet (tournament name, start date, tie-breaks,
pairing system) are restored, so ``tbxl compute book.xlsx`` gives what the TRF it was made from
gives.

:func:`write_workbook` never changes results: it reads its own crosstable back first, as the
functions and :func:`read_workbook` will, and refuses (:class:`InputError` naming the player and
round) what would not come back the same. A round robin whose pairings are not the Berger tables'
is written in the compact layout with ``round-robin`` in Standings!B5, passed by every formula as
its ``layout`` argument.
"""

from __future__ import annotations

import datetime as dt
import importlib.util
import io
import os
import re
import warnings
import zipfile
from pathlib import Path
from typing import Any, Iterable, Optional, Sequence
from xml.sax.saxutils import escape

from tbxl import __version__
from tbxl.rules import conventions
from tbxl.rules.conventions import Convention
from tbxl.io.grid import read_grid, round_headers, to_grid
from tbxl.io.grid.cells import cell_number, column_letters, layout_name
from tbxl.errors import InputError, InputWarning, TbxlError
from tbxl.io.files import PathLike, check_not_input, write_atomic
from tbxl.formatting import decimal_text
from tbxl.model import Kind, Pairing, Scoring, Tournament
from tbxl.standings import compute_standings, resolve_tiebreaks
from tbxl.tiebreaks.codes import Descriptor
from tbxl.catalogue import (ARGUMENTS, BY_NAME, FUNCTIONS, Argument, Function, call_for, in_cells, standings_table,
                        value_of)
from tbxl.io.workbook.vba import without_sample_macros
from tbxl.io.xlsx import is_empty, load_workbook, sheet_rows

__all__ = ["write_workbook", "write_template", "read_workbook", "CROSSTABLE", "STANDINGS", "HELP", "CONF"]

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

_SKIP_SHEETS = {CONF.lower(), "_xlwings.conf", HELP.lower(), STANDINGS.lower()}


# ---------------------------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------------------------

def write_workbook(tournament: Tournament, output: PathLike, *, layout: Optional[str] = None,
                   tiebreaks=None, rules: Optional[str] = None, inputs: Iterable[PathLike] = ()) -> None:
    """Write ``tournament`` as a crosstable workbook (``.xlsx``, or ``.xlsm`` for the classic add-in)
    with tie-break formulas and their computed values; atomically, never over one of ``inputs``.

    ``layout``: ``"compact"`` (default for a Swiss), ``"sm3"`` or ``"matrix"`` (default for a round
    robin, and the only layout for one: the functions read a compact or sm3 grid as a Swiss, whose
    unplayed rounds count differently, C.07 15.2 vs 16). ``rules``: written into the workbook's
    Rules cell; default: the rules in force at the tournament's start date.
    """
    _write(tournament, output, layout=layout, tiebreaks=tiebreaks, rules=rules, inputs=inputs)


def write_template(output: PathLike, *, players: int = 20, rounds: int = 9, layout: str = "compact",
                   tiebreaks=None, rules: Optional[str] = None, name: str = "",
                   inputs: Iterable[PathLike] = ()) -> None:
    """Write an empty crosstable frame for ``players`` x ``rounds`` with the formulas wired (they
    stay empty until results are entered) and the Help sheet."""
    if players < 1 or rounds < 1:
        raise InputError("a template needs at least one player and one round")
    layout = layout_name(layout or "compact", InputError)
    pairing = Pairing.ROUND_ROBIN if layout == "matrix" else Pairing.SWISS
    t = Tournament(players=(), rounds=rounds, name=name, pairing=pairing)
    _write(t, output, layout=layout, tiebreaks=tiebreaks, rules=rules, inputs=inputs, frame=players)


def _write(t: Tournament, output: PathLike, *, layout: str, tiebreaks, rules: Optional[str],
           inputs: Iterable[PathLike], frame: Optional[int] = None) -> None:
    inputs = list(inputs)
    check_not_input(output, inputs)
    suffix = Path(output).suffix.lower()
    if suffix not in (".xlsx", ".xlsm"):
        raise InputError(f"a workbook must end in .xlsx or .xlsm, not {Path(output).name!r}")
    chosen = layout
    layout = layout_name(layout or ("matrix" if t.is_round_robin else "compact"), InputError)
    if not t.is_round_robin and layout == "matrix" and frame is None:
        raise InputError("the matrix layout is for round robins (pre-determined pairings); "
                         "read the tournament with --pairing round-robin, or choose compact or sm3")
    conv = conventions.resolve(rules, t.start_date)
    descs = resolve_tiebreaks(t, tiebreaks)
    _check_storable(t)
    try:
        grid = to_grid(t, layout)
    except ValueError as err:
        if chosen or layout != "matrix":
            raise InputError(f"cannot write a {layout} crosstable: {err}") from None
        layout, grid = "compact", to_grid(t, "compact")   # e.g. a double round robin
    if frame is not None:
        grid = _frame_grid(grid, layout, frame, t.rounds)
    said = False   # the pairing system passed to the functions (Standings!B5)
    if frame is None:
        try:
            said = _check_round_trip(t, grid, layout)
        except InputError:
            if chosen or layout != "matrix":
                raise
            # A round robin not paired by the Berger tables: the compact layout keeps its rounds
            # and colours, and the formulas say "round-robin" (Standings!B5).
            layout, grid = "compact", to_grid(t, "compact")
            said = _check_round_trip(t, grid, layout)

    import openpyxl  # the heavy room: only here

    if suffix == ".xlsm":
        wb, conf = _xlsm_base(openpyxl)
    else:
        wb, conf = openpyxl.Workbook(), None
    cached: dict[tuple[str, str], Any] = {}
    dynamic: set[tuple[str, str]] = set()
    ws = wb.worksheets[0]
    ws.title = CROSSTABLE
    pairing = t.pairing.value if said else None
    seen = _as_functions_read(grid, pairing)
    rng = _fill_crosstable(ws, grid, descs, conv, seen, cached, pairing)
    st = wb.create_sheet(STANDINGS)
    _fill_standings(st, t, seen, rng, conv, [d.code for d in descs], cached, dynamic, pairing)
    hp = wb.create_sheet(HELP)
    _fill_help(hp, _help_lines(rng, layout, [d.code for d in descs], conv.name, Path(output).name, t, pairing))
    if conf is not None:
        _fill_conf(conf)
        wb.move_sheet(conf, offset=len(wb.sheetnames) - 1 - wb.sheetnames.index(conf.title))
    wb.active = 0
    wb.calculation.fullCalcOnLoad = False   # keep the stored values until Excel has the functions
    buf = io.BytesIO()
    wb.save(buf)
    archive = getattr(wb, "vba_archive", None)
    if archive is not None:   # openpyxl's copy of the VBA parts: close it now, quietly
        try:
            archive.close()
        except (ValueError, OSError):
            pass
    data = _patch(buf.getvalue(), cached, dynamic)
    write_atomic(output, data, inputs=inputs)


def _check_storable(t: Tournament) -> None:
    """Refuse what a workbook cannot hold: another scoring system than 1-½-0 (the functions have
    no argument for one) and control characters, which XML 1.0 cannot store, in a name."""
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
    if t.scoring != Scoring():
        s = t.scoring
        raise InputError(f"this tournament scores win {decimal_text(s.win)}, draw {decimal_text(s.draw)}, "
                         f"loss {decimal_text(s.loss)} "
                         f"(TRF record 162 or XXS), but the workbook's functions score 1-½-0: its "
                         "standings would change; not written", file=t.source or None)
    texts = [("the tournament name", t.name, None)] + [
        (f"the {what}", text, p.start_number)
        for p in t.players for what, text in (("name", p.name), ("federation", p.federation), ("title", p.title))]
    for what, text, player in texts:
        m = ILLEGAL_CHARACTERS_RE.search(text or "")
        if m:
            raise InputError(f"{what} holds the control character U+{ord(m.group()):04X}, which a workbook "
                             "cannot store; not written", file=t.source or None, player=player)


def _entry_key(e) -> Optional[tuple]:
    """What a workbook keeps of a round: games under one move are played games (the same under
    every rule set: only --set short_games=unplayed tells them apart, and a workbook takes no
    --set)."""
    if e is None:
        return None
    kind = Kind.PLAYED if e.kind is Kind.SHORT else e.kind
    return kind, e.outcome if kind.is_game else None, e.opponent, e.colour


def _check_round_trip(t: Tournament, grid: list[list], layout: str) -> bool:
    """Read ``grid`` back as the workbook's functions and ``tbxl compute book.xlsx`` will, and
    refuse (InputError naming the player and round) unless every player, round and result comes
    back as in ``t``: the workbook never changes results. True when the functions must be told
    the pairing system (Standings!B5): a round robin in a Swiss layout, or a Swiss whose grid
    alone reads as a round robin (everyone met everyone)."""
    why = {"matrix": " (a round-robin matrix takes rounds and colours from the Berger tables, C.05 "
                     "Annex 1: to keep other pairings, write it as --layout compact or sm3, or leave "
                     "--layout out)"}.get(layout, "")
    pairing = t.pairing if t.is_round_robin and layout != "matrix" else None
    back = _read_back(t, grid, layout, pairing)              # as the functions see it
    if back.pairing is not t.pairing and layout != "matrix":
        pairing = t.pairing
        back = _read_back(t, grid, layout, pairing)
    _compare(t, back, layout, why)
    stored = [[None if v == "" else v for v in row] for row in grid]   # "" is stored as no cell
    block, _ = _block_of([(r, row) for r, row in enumerate(stored, 1) if not all(map(is_empty, row))])
    if block != stored:                                       # as `tbxl compute book.xlsx` reads it
        _compare(t, _read_back(t, block, layout, pairing), layout, why)
    return pairing is not None


def _read_back(t: Tournament, grid: list[list], layout: str, pairing) -> Tournament:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", InputWarning)
            return read_grid(grid, pairing=pairing)
    except InputError as err:
        raise InputError(f"the {layout} crosstable of this tournament would not read back ({err.message}); "
                         "not written", file=t.source or None, player=err.player, round=err.round) from None


def _compare(t: Tournament, back: Tournament, layout: str, why: str) -> None:
    if back.pairing is not t.pairing:
        raise InputError(f"the {layout} crosstable would read a {back.pairing.value} tournament, this is a "
                         f"{t.pairing.value}; not written", file=t.source or None)
    theirs = {p.start_number: p for p in back.players}
    for p in t.players:
        q = theirs.get(p.start_number)
        if q is None or q.name != p.name:
            raise InputError(f"the {layout} crosstable would not give back this player"
                             + (f" (it reads {q.name!r} for {p.name!r})" if q else "") + "; not written",
                             file=t.source or None, player=p.start_number)
        for r in range(1, max(t.rounds, back.rounds) + 1):
            mine = _entry_key(p.rounds[r - 1] if r <= len(p.rounds) else None)
            read = _entry_key(q.rounds[r - 1] if r <= len(q.rounds) else None)
            if mine != read:
                raise InputError(f"the {layout} crosstable would read {_said(read)} where the tournament "
                                 f"has {_said(mine)}{why}; not written",
                                 file=t.source or None, player=p.start_number, round=r)


def _said(key: Optional[tuple]) -> str:
    if key is None:
        return "no round"
    kind, outcome, opponent, colour = key
    what = {Kind.PLAYED: {0: "a loss", 1: "a draw", 2: "a win"}.get(outcome, "a game")}.get(kind, kind.value)
    return what + (f" against {opponent}" if opponent else "") + (f" with {'white' if colour == 'w' else 'black'}"
                                                                  if colour else "")


def _frame_grid(grid: list[list], layout: str, players: int, rounds: int) -> list[list]:
    """A header with a rating column and ``players`` empty rows (a matrix: one column per player)."""
    if layout == "matrix":
        head = ["No", "Name", "Rtg"] + list(range(1, players + 1)) + ["Pts"]
    else:
        head = ["No", "Name", "Rtg"] + round_headers(layout, rounds) + ["Pts"]
    width = len(head)
    return [head] + [[None] * width for _ in range(players)]


def _cell_value(v: Any) -> Any:
    return None if v == "" else v


def _put(ws, row: int, col: int, value: Any):
    """Write a value from the input as data: a name like ``=HYPERLINK(...)`` or ``=1+2`` stays text
    (openpyxl would store any string starting with "=" as a formula: formula injection)."""
    cell = ws.cell(row, col, value)
    if isinstance(value, str):
        cell.data_type = "s"
    return cell


def _formula_for(fn: Function, extra: tuple, rng: str, player: str, header: str, rules: str,
                 pairing: Optional[str] = None) -> str:
    """The formula text of one tie-break cell: ``fn`` with the arguments ``extra`` between the
    player and the rules (:func:`tbxl.catalogue.call_for`); ``header``: the cell holding the code
    (for TIEBREAK), ``pairing``: the cell passed as the last (``layout``) argument."""
    args = [rng, player] + [header if fn.name == "TIEBREAK" else
                            f'"{x}"' if isinstance(x, str) else str(x) for x in extra]
    if fn.rules:
        args.append(rules)
    if pairing:
        args.append(pairing)
    return fn.call(*args)


def _formula_fill():
    """The shade of the formula cells (openpyxl's fill, made where openpyxl is imported)."""
    from openpyxl.styles import PatternFill
    return PatternFill("solid", fgColor="EEF3FA")


def _put_grid(ws, grid: list[list], name_width: int) -> str:
    """The crosstable ``grid`` at A1 of ``ws``, its header row bold and centred, the number and
    name columns sized; returns its range (``$A$1:$I$17``)."""
    from openpyxl.styles import Alignment, Font

    height, width = len(grid), max(len(r) for r in grid)
    for r, row in enumerate(grid, 1):
        for c, v in enumerate(row, 1):
            if v is not None and v != "":
                _put(ws, r, c, v)
    bold = Font(bold=True)
    for c in range(1, width + 1):
        ws.cell(1, c).font = bold
        ws.cell(1, c).alignment = Alignment(horizontal="center")
    ws.column_dimensions["A"].width = 5
    ws.column_dimensions["B"].width = name_width
    return f"$A$1:${column_letters(width - 1)}${height}"


def _as_functions_read(grid: list[list], pairing: Optional[str]) -> Optional[Tournament]:
    """The tournament the functions read from the crosstable range (None: a frame without results,
    where they give empty cells), so that the stored values are theirs."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", InputWarning)
            return read_grid(grid, layout=None, pairing=pairing)
    except InputError:
        return None


def _fill_crosstable(ws, grid: list[list], descs: Sequence[Descriptor], conv: Convention, seen: Optional[Tournament],
                     cached: dict, pairing: Optional[str] = None) -> str:
    """The grid at A1, then an empty column and the tie-break formula columns, their stored values
    computed as the functions compute them on ``seen`` (the grid as they read it). Returns the range."""
    from openpyxl.styles import Alignment, Font

    rng = _put_grid(ws, grid, name_width=22)
    height, width = len(grid), max(len(r) for r in grid)
    bold = Font(bold=True)
    formula_fill = _formula_fill()
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
        of = None if seen is None else value_of(seen, rules_of, d)
        for r in range(2, height + 1):
            text = _formula_for(fn, extra, rng, f"$A{r}", f"{letter}$1", rules, PAIRING_CELL if pairing else None)
            cell = ws.cell(r, col, "=" + text)
            cell.fill = formula_fill
            sn = grid[r - 1][0]
            cached[(CROSSTABLE, f"{letter}{r}")] = "" if of is None or sn in (None, "") else cell_number(of(sn))
    ws.freeze_panes = "C2"
    return rng


def _fill_standings(ws, t: Tournament, seen: Optional[Tournament], rng: str, conv: Convention, codes: list[str],
                    cached: dict, dynamic: set, pairing: Optional[str] = None) -> None:
    from openpyxl.styles import Font
    from openpyxl.worksheet.formula import ArrayFormula

    rules = conv.name

    bold = Font(bold=True)
    values = {"Tournament": t.name or "", "Start date": t.start_date, "Rules": rules,
              "Tie-breaks": ",".join(codes), "Pairing": t.pairing.value}
    for label, row in SETTINGS.items():
        ws.cell(row, 1, label).font = bold
        v = values[label]
        cell = _put(ws, row, 2, v if v not in ("", None) else None)
        if isinstance(v, dt.date):
            cell.number_format = "yyyy-mm-dd"
    ws.cell(1, 3, "Rules: fide-2026 (current FIDE), fide-2024, fide-2017, sm-* ... (see Help); "
                  "empty = fide-2026. Tie-breaks: codes in order, empty = the defaults. Pairing: "
                  "swiss or round-robin (how unplayed rounds count, C.07 15.2).")
    table = [[""]] if seen is None else in_cells(standings_table(compute_standings(seen, codes, conv)))
    r0, c0 = STANDINGS_ANCHOR
    h, w = len(table), max(len(row) for row in table)
    ref = f"{column_letters(c0 - 1)}{r0}:{column_letters(c0 + w - 2)}{r0 + h - 1}"
    anchor = f"{column_letters(c0 - 1)}{r0}"
    last = ["$B$5"] if pairing else []
    formula = BY_NAME["STANDINGS"].call(f"{CROSSTABLE}!{rng}", TIEBREAKS_CELL, "$B$3", *last)
    ws[anchor] = ArrayFormula(ref, "=" + formula)
    cached[(STANDINGS, anchor)] = table[0][0]
    dynamic.add((STANDINGS, anchor))
    for i, row in enumerate(table):
        for j, v in enumerate(row):
            if i == 0 and j == 0:
                continue
            cell = _put(ws, r0 + i, c0 + j, _cell_value(v))
            if i == 0:
                cell.font = bold
    ws.cell(r0, c0).font = bold
    ws.column_dimensions["A"].width = 12
    ws.column_dimensions["B"].width = 24
    ws.column_dimensions["C"].width = 22


def _fill_conf(ws) -> None:
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
        'Install once: pip install "tbxl[excel]", then: xlwings addin install',
        "Then in Excel: xlwings tab > Import Functions (needs 'Trust access to the VBA project object model').",
        "Add keys such as Interpreter_Win or Conda Env in A2, A3 ... (values in B) if the add-in's own "
        "settings do not find the Python where tbxl is installed; an empty cell in A ends the settings.",
    ]
    for i, text in enumerate(notes, 1):
        ws.cell(i, 4, text)


VBA_PART = "xl/vbaProject.bin"


def _xlsm_base(openpyxl):
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
        raise InputError("writing an .xlsm needs xlwings (pip install \"tbxl[excel]\") for its VBA project; "
                         "write an .xlsx for xlwings Lite or Server")
    wb = openpyxl.load_workbook(base, keep_vba=True)
    conf = None
    for ws in wb.worksheets[1:]:
        if ws.title.lower() in ("_xlwings.conf", "xlwings.conf"):
            conf = ws
    if conf is None:
        conf = wb.create_sheet(CONF)
    wb.worksheets[0].title = "Sheet1"
    return wb, conf


# ---------------------------------------------------------------------------------------------
# Help
# ---------------------------------------------------------------------------------------------

def _rst(text: str) -> str:
    """Docstring markup to plain text."""
    text = re.sub(r":\w+:`~?(?:[\w.]+\.)?([^`]+)`", r"\1", text)
    return text.replace("``", "")


def _grammar_lines() -> list[str]:
    from tbxl.io import grid
    doc = grid.__doc__ or ""
    start = doc.find("Grammar\n")
    end = doc.find("Errors are ")
    part = doc[start:end if end > start else None]
    lines = [_rst(line.rstrip()) for line in part.splitlines()]
    return [line[:-1] if line.endswith("::") else line for line in lines]


#: The Help sheet's text, one line a row (see the file's own first lines for its markup).
HELP_TEMPLATE = "workbook-help.txt"
_STYLES = (("= ", "title"), ("== ", "head"), ("| ", "mono"))


def _help_lines(rng: str, layout: str, codes: list[str], rules: str, filename: str,
                t: Tournament, pairing: Optional[str] = None) -> list[tuple[str, str]]:
    """(style, text) lines: style is 'title', 'head', 'mono' or ''. The prose is the template's
    (templates/workbook-help.txt); the functions, arguments, crosstable grammar, rules and codes
    come from their catalogues."""
    from tbxl.tiebreaks.codes import INDIVIDUAL, codes_of
    aliases = ", ".join(f"{k} = {v}" for k, v in conventions.ALIASES.items())
    blocks: dict[str, list[tuple[str, str]]] = {
        "@functions": function_rows(FUNCTIONS),
        "@arguments": argument_rows(ARGUMENTS),
        "@grammar": [("mono", line) for line in _grammar_lines()],
        "@rules": [("", f"{c.name}: {c.title}. {c.source}") for c in conventions.PRESETS.values()]
                  + [("", f"Also accepted: {aliases}.")],
        "@codes": [("", f"{code}: {meaning}" + (f" (C.07 {article})" if article else ""))
                   for code, (article, meaning, _) in codes_of(INDIVIDUAL).items()],
    }
    shown = {"round-robin": pairing == Pairing.ROUND_ROBIN.value,
             "pairing": bool(pairing) and pairing != Pairing.ROUND_ROBIN.value}
    values = {"filename": filename, "version": __version__, "from_source": f" from {t.source}" if t.source else "",
              "layout": layout, "rules": rules, "codes": ",".join(codes), "range": rng.replace("$", ""),
              "pairing": pairing or ""}
    return help_rows(HELP_TEMPLATE, blocks, values, shown)


def function_rows(functions: Iterable[Function]) -> list[tuple[str, str]]:
    """A Help sheet's rows for ``functions``: each one's signature (and note), then its help."""
    return [x for f in functions for x in (
        ("mono", f.signature + (f"  ({f.note})" if f.note else "")), ("", f"    {f.help}"))]


def argument_rows(arguments: Iterable[Argument]) -> list[tuple[str, str]]:
    """A Help sheet's rows for ``arguments``: each one's name (or label) and help."""
    return [("", f"{a.label or a.name}: {a.help}") for a in arguments]


def help_rows(template: str, blocks: dict[str, list[tuple[str, str]]], values: dict[str, Any],
              shown: Optional[dict[str, bool]] = None) -> list[tuple[str, str]]:
    """The (style, text) rows of the Help template ``template`` of ``templates/`` (its markup:
    the first lines of templates/workbook-help.txt): an ``@name`` row is ``blocks[@name]``, a
    ``?name `` row stands only where ``shown[name]``, ``{name}`` is ``values[name]``."""
    from importlib.resources import files

    out: list[tuple[str, str]] = []
    for line in files("tbxl.templates").joinpath(template).read_text(encoding="utf-8").splitlines():
        if line.startswith("--"):
            continue
        if line in blocks:
            out.extend(blocks[line])
            continue
        if line.startswith("?"):
            condition, _, line = line[1:].partition(" ")
            if not (shown or {}).get(condition):
                continue
        style = next((st for prefix, st in _STYLES if line.startswith(prefix)), "")
        text = line[len(next(p for p, st in _STYLES if st == style)):] if style else line
        out.append((style, text.format_map(values)))
    return out


def _fill_help(ws, lines: Iterable[tuple[str, str]]) -> None:
    """The Help sheet: one (style, text) line a row in column A."""
    from openpyxl.styles import Font
    styles = {"title": Font(bold=True, size=14), "head": Font(bold=True, size=12),
              "mono": Font(name="Consolas")}
    for r, (style, text) in enumerate(lines, 1):
        if text:
            cell = _put(ws, r, 1, text)
            if style in styles:
                cell.font = styles[style]
    ws.column_dimensions["A"].width = 120


# ---------------------------------------------------------------------------------------------
# Cached values in the sheet XML (openpyxl writes a formula with an empty <v/>)
# ---------------------------------------------------------------------------------------------

_NS_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_METADATA_REL = _NS_REL + "/sheetMetadata"
_METADATA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheetMetadata+xml"
_METADATA_XML = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<metadata xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
    'xmlns:xda="http://schemas.microsoft.com/office/spreadsheetml/2017/dynamicarray">'
    '<metadataTypes count="1"><metadataType name="XLDAPR" minSupportedVersion="120000" copy="1" '
    'pasteAll="1" pasteValues="1" merge="1" splitFirst="1" rowColShift="1" clearFormats="1" '
    'clearComments="1" assign="1" coerce="1" cellMeta="1"/></metadataTypes>'
    '<futureMetadata name="XLDAPR" count="1"><bk><extLst>'
    '<ext uri="{bdbb8cdc-fa1e-496e-a857-3c3f30c029c3}">'
    '<xda:dynamicArrayProperties fDynamic="1" fCollapsed="0"/></ext></extLst></bk></futureMetadata>'
    '<cellMetadata count="1"><bk><rc t="1" v="0"/></bk></cellMetadata></metadata>')

_CELL_RE = re.compile(r'<c r="(?P<ref>[A-Z]+[0-9]+)"(?P<attrs>[^>]*?)>(?P<f><f[^>]*>.*?</f>|<f[^>]*/>)'
                      r'(?:<v\s*/>|<v>[^<]*</v>)?</c>', re.S)


def _v(value: Any) -> tuple[str, str]:
    """(type attribute, <v> text) of a cached value."""
    if isinstance(value, bool):
        return ' t="b"', "1" if value else "0"
    if isinstance(value, int):
        return "", str(value)
    if isinstance(value, float):
        return "", repr(value)
    text = "" if value is None else str(value)
    if text in ("#N/A", "#VALUE!", "#REF!", "#NAME?", "#DIV/0!", "#NUM!", "#NULL!"):
        return ' t="e"', text
    return ' t="str"', escape(text)


def _sheet_parts(files: dict[str, bytes]) -> dict[str, str]:
    """Sheet name -> part name (``xl/worksheets/sheet1.xml``)."""
    wbxml = files["xl/workbook.xml"].decode("utf-8")
    rels = files["xl/_rels/workbook.xml.rels"].decode("utf-8")
    targets = {}
    for m in re.finditer(r"<Relationship\b[^>]*>", rels):
        tag = m.group(0)
        rid = re.search(r'\bId="([^"]+)"', tag)
        target = re.search(r'\bTarget="([^"]+)"', tag)
        if rid and target:
            t = target.group(1)
            targets[rid.group(1)] = t.lstrip("/") if t.startswith("/") else "xl/" + t
    out = {}
    for m in re.finditer(r"<sheet\b[^>]*>", wbxml):
        tag = m.group(0)
        name = re.search(r'\bname="([^"]*)"', tag)
        rid = re.search(r'\br:id="([^"]+)"', tag)
        if name and rid and rid.group(1) in targets:
            out[_unescape(name.group(1))] = targets[rid.group(1)]
    return out


def _unescape(s: str) -> str:
    return s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"').replace("&apos;", "'") \
        .replace("&amp;", "&")


def _patch(data: bytes, cached: dict, dynamic: set) -> bytes:
    """Put the cached values into the formula cells; mark ``dynamic`` anchors as dynamic arrays."""
    src = zipfile.ZipFile(io.BytesIO(data))
    files = {i.filename: src.read(i.filename) for i in src.infolist()}
    infos = src.infolist()
    parts = _sheet_parts(files)
    by_part: dict[str, dict[str, Any]] = {}
    for (sheet, ref), value in cached.items():
        by_part.setdefault(parts[sheet], {})[ref] = value
    dyn_parts = {(parts[s], ref) for s, ref in dynamic}
    for part, values in by_part.items():
        xml = files[part].decode("utf-8")

        def repl(m: re.Match) -> str:
            ref = m.group("ref")
            if ref not in values:
                return m.group(0)
            t, v = _v(values[ref])
            attrs = re.sub(r'\s+(?:t|cm)="[^"]*"', "", m.group("attrs"))
            cm = ' cm="1"' if (part, ref) in dyn_parts else ""
            return f'<c r="{ref}"{attrs}{t}{cm}>{m.group("f")}<v>{v}</v></c>'

        files[part] = _CELL_RE.sub(repl, xml).encode("utf-8")
    if dynamic:
        files["xl/metadata.xml"] = _METADATA_XML.encode("utf-8")
        ct = files["[Content_Types].xml"].decode("utf-8")
        if "/xl/metadata.xml" not in ct:
            ct = ct.replace("</Types>", f'<Override PartName="/xl/metadata.xml" ContentType="{_METADATA_TYPE}"/>'
                                        "</Types>")
        files["[Content_Types].xml"] = ct.encode("utf-8")
        rels = files["xl/_rels/workbook.xml.rels"].decode("utf-8")
        if _METADATA_REL not in rels:
            ids = {int(x) for x in re.findall(r'Id="rId(\d+)"', rels)}
            rid = f"rId{max(ids, default=0) + 1}"
            rels = rels.replace("</Relationships>", f'<Relationship Id="{rid}" Type="{_METADATA_REL}" '
                                                    'Target="metadata.xml"/></Relationships>')
        files["xl/_rels/workbook.xml.rels"] = rels.encode("utf-8")
    if VBA_PART in files:   # xlwings' quickstart project: keep its reference to the add-in, not its macro
        files[VBA_PART] = without_sample_macros(files[VBA_PART])
    # Reproducible output: SOURCE_DATE_EPOCH (if set) for the document dates, fixed zip times.
    stamp = _source_date()
    if stamp is not None and "docProps/core.xml" in files:
        iso = stamp.strftime("%Y-%m-%dT%H:%M:%SZ")
        core = files["docProps/core.xml"].decode("utf-8")
        core = re.sub(r"(<dcterms:(?:created|modified)[^>]*>)[^<]*(<)", rf"\g<1>{iso}\g<2>", core)
        files["docProps/core.xml"] = core.encode("utf-8")
    when = (stamp.timetuple()[:6] if stamp is not None and stamp.year >= 1980 else (1980, 1, 1, 0, 0, 0))
    out = io.BytesIO()
    names = [i.filename for i in infos] + [n for n in files if n not in {i.filename for i in infos}]
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for n in names:
            info = zipfile.ZipInfo(n, date_time=when)
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, files[n])
    return out.getvalue()


def _source_date() -> Optional[dt.datetime]:
    value = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not value:
        return None
    try:
        return dt.datetime.fromtimestamp(int(value), tz=dt.timezone.utc)
    except (ValueError, OverflowError, OSError):
        return None


# ---------------------------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------------------------

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
        candidates = [n for n in names if n.lower() not in _SKIP_SHEETS] or names
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
    return _block_of(sheet_rows(ws, fname))


def _block_of(rows: list[tuple[int, list]]) -> tuple[Optional[list[list]], str]:
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
