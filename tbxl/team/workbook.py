"""A team event as an Excel workbook: the team crosstable grid (:mod:`tbxl.team.grid`) with a
TEAM_TIEBREAK column per tie-break, a Standings sheet spilling TEAM_STANDINGS, and a Help sheet.
The values computed by tbxl are stored in the formula cells, so they show before the functions are
available (as :mod:`tbxl.workbook` does for individual events, whose writing helpers this uses).
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Iterable, Optional

from .. import __version__, conventions
from ..errors import InputError
from ..files import PathLike, check_not_input, write_atomic
from ..grid.cells import column_letters
from ..workbook import CROSSTABLE, HELP, STANDINGS, _patch, _put
from .grid import to_team_grid
from .model import TeamTournament
from .standings import resolve_team_tiebreaks

RULES_CELL = f"{STANDINGS}!$B$3"


def write_team_workbook(t: TeamTournament, output: PathLike, *, tiebreaks=None, rules: Optional[str] = None,
                        inputs: Iterable[PathLike] = ()) -> None:
    """Write ``t`` as a team crosstable workbook (``.xlsx``) with formulas and their values."""
    from . import excel

    inputs = list(inputs)
    check_not_input(output, inputs)
    if Path(output).suffix.lower() != ".xlsx":
        raise InputError(f"a team workbook must end in .xlsx, not {Path(output).name!r}")
    conv = conventions.resolve(rules, t.start_date)
    primary, descs = resolve_team_tiebreaks(t, tiebreaks)
    codes = [d.code for d in descs]
    listed = ",".join([("GPTS" if primary == "GP" else "MPTS")] + codes)
    grid = to_team_grid(t)

    import openpyxl
    from openpyxl.styles import Alignment, Font, PatternFill
    from openpyxl.worksheet.formula import ArrayFormula

    wb = openpyxl.Workbook()
    cached: dict = {}
    dynamic: set = set()
    bold = Font(bold=True)
    ws = wb.worksheets[0]
    ws.title = CROSSTABLE
    height, width = len(grid), len(grid[0])
    for r, row in enumerate(grid, 1):
        for c, v in enumerate(row, 1):
            if v not in (None, ""):
                _put(ws, r, c, v)
    for c in range(1, width + 1):
        ws.cell(1, c).font = bold
        ws.cell(1, c).alignment = Alignment(horizontal="center")
    ws.column_dimensions["A"].width = 5
    ws.column_dimensions["B"].width = 24
    for c in range(3, width + 1):
        ws.column_dimensions[column_letters(c - 1)].width = 4 + t.boards + 6
    rng = f"$A$1:${column_letters(width - 1)}${height}"
    fill = PatternFill("solid", fgColor="EEF3FA")
    for k, code in enumerate([primary] + codes):
        col = width + 2 + k
        letter = column_letters(col - 1)
        head = ws.cell(1, col, code)
        head.font = bold
        ws.column_dimensions[letter].width = max(8, len(code) + 2)
        for r in range(2, height + 1):
            cell = ws.cell(r, col, f"=TEAM_TIEBREAK({rng},$A{r},{letter}$1,{RULES_CELL})")
            cell.fill = fill
            cached[(CROSSTABLE, f"{letter}{r}")] = excel.TEAM_TIEBREAK(grid, grid[r - 1][0], code, conv.name)
    ws.freeze_panes = "C2"

    st = wb.create_sheet(STANDINGS)
    for label, row, value in (("Tournament", 1, t.name or None), ("Boards", 2, t.boards), ("Rules", 3, conv.name),
                              ("Tie-breaks", 4, listed)):
        st.cell(row, 1, label).font = bold
        _put(st, row, 2, value)
    st.cell(5, 1, "Rules: fide-2026, fide-2024 ... (empty = fide-2026). Tie-breaks: team codes in order, "
                  "the first MPTS/GPTS the primary score.")
    table = excel.TEAM_STANDINGS(grid, listed, conv.name)
    h, w = len(table), max(len(row) for row in table)
    ref = f"A6:{column_letters(w - 1)}{5 + h}"
    st["A6"] = ArrayFormula(ref, f"=TEAM_STANDINGS({CROSSTABLE}!{rng},$B$4,$B$3)")
    cached[(STANDINGS, "A6")] = table[0][0]
    dynamic.add((STANDINGS, "A6"))
    for i, row in enumerate(table):
        for j, v in enumerate(row):
            if i or j:
                cell = _put(st, 6 + i, 1 + j, None if v == "" else v)
                if i == 0:
                    cell.font = bold
    st.cell(6, 1).font = bold
    st.column_dimensions["B"].width = 12
    st.column_dimensions["C"].width = 26

    hp = wb.create_sheet(HELP)
    for r, (style, text) in enumerate(help_lines(rng, listed, conv.name, Path(output).name, t), 1):
        if text:
            cell = _put(hp, r, 1, text)
            if style:
                cell.font = Font(bold=True, size=14 if style == "title" else 12) if style != "mono" \
                    else Font(name="Consolas")
    hp.column_dimensions["A"].width = 120
    wb.active = 0
    wb.calculation.fullCalcOnLoad = False
    buf = io.BytesIO()
    wb.save(buf)
    write_atomic(output, _patch(buf.getvalue(), cached, dynamic), inputs=inputs)


def help_lines(rng: str, listed: str, rules: str, filename: str, t: TeamTournament) -> list[tuple[str, str]]:
    """(style, text) lines of the Help sheet."""
    import inspect

    from . import excel
    out: list[tuple[str, str]] = []
    add = lambda text="", style="": out.append((style, text))  # noqa: E731
    add("tbxl: FIDE C.07 team tie-breaks as Excel functions", "title")
    add(f"{filename}, written by tbxl {__version__}" + (f" from {t.source}" if t.source else "")
        + f"; {len(t.teams)} teams x {t.boards} boards; rules {rules}; tie-breaks {listed}.")
    add()
    add("How this workbook works", "head")
    add(f"Crosstable: the team results in {rng.replace('$', '')}: No, Team, then one cell per round. The shaded "
        "columns compute each team's values with TEAM_TIEBREAK (header = the code);")
    add("Standings: the settings in B1:B4 and the TEAM_STANDINGS formula at A6, which spills the ranking. The "
        "stored numbers were computed by tbxl; Excel recomputes once the functions are available.")
    add()
    add("Cells of the crosstable", "head")
    for line in ("7w2½:1=10  team 7, white on board 1, 2½ game points, board results 1 = 1 0 (from this team's side)",
                 "7w2½  game points only (then BC, TBR, BBE, board counts and the EDE chains' board steps have no data)",
                 "7w:1=10  board results only; + and - are individual forfeits",
                 "7+  7-  7--  a match won / lost by forfeit, a double forfeit",
                 "PAB (PAB2 with its game points)  H half-point bye  F full-point bye  - or empty  absent",
                 "Match points 2/1/0 by comparing game points; a PAB is a drawn match."):
        add(line, "mono")
    add()
    add("Functions (category 'Chess tie-breaks')", "head")
    for f in (excel.TEAM_TIEBREAK, excel.TEAM_STANDINGS):
        sig = inspect.signature(f)
        params = ", ".join(p if sig.parameters[p].default is inspect.Parameter.empty else f"[{p}]"
                           for p in sig.parameters)
        add(f"{f.__name__}({params})", "mono")
        add("    " + (f.__doc__ or "").strip().splitlines()[0])
    add()
    add("Team tie-break codes", "head")
    from .codes import CATALOGUE
    for code, (art, meaning) in CATALOGUE.items():
        name = {"POINTS": "MP, GP (MPTS, GPTS)", "MPVGP": "MPvGP", "ESB": "EMMSB EMGSB EGMSB EGGSB (ESB)"}.get(code, code)
        add(f"{name:<34} C.07 {art:<12} {meaning}", "mono")
    add(f"{'BH:MP, SB:GP, PS:MP, WIN:GP ...':<34} C.07 13           any individual tie-break on MP or GP", "mono")
    add()
    add("Getting the functions", "head")
    add("xlwings Lite: paste the main.py and requirements.txt that `tbxl lite` writes (they carry TEAM_TIEBREAK and "
        "TEAM_STANDINGS with the individual functions). Classic add-in: UDF Modules = tbxl.excel;tbxl.team.excel, "
        "then Import Functions.")
    return out


def read_team_workbook(path) -> TeamTournament:
    """The team grid of a workbook's Crosstable sheet (the block at A1 up to the first empty column),
    with the rules and tie-breaks of its Standings sheet as the event's list."""
    import openpyxl
    from dataclasses import replace
    from .grid import read_team_grid
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
            t = replace(t, name=str(title))
    return t
