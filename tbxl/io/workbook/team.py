"""A team event as an Excel workbook: the team crosstable grid (:mod:`tbxl.io.grid.team`) with a
TEAM_TIEBREAK column per tie-break, a Standings sheet spilling TEAM_STANDINGS, and a Help sheet
(templates/team-workbook-help.txt). The formulas, the values stored in them (so they show before
the functions are available) and the Help sheet's functions come from the formula catalogue
(:mod:`tbxl.catalogue`), as :mod:`tbxl.io.workbook` does for individual events, whose writing helpers
this uses.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Iterable, Optional

from tbxl import __version__
from tbxl.rules import conventions
from tbxl.errors import InputError
from tbxl.io.files import PathLike, check_not_input, write_atomic
from tbxl.catalogue import BY_NAME, TEAM_ARGUMENTS, TEAM_FUNCTIONS, in_cells, team_standings_table, team_value_of
from tbxl.io.grid.cells import cell_number, column_letters
from tbxl.io.workbook import (CROSSTABLE, HELP, STANDINGS, _fill_help, _formula_fill, _patch, _put, _put_grid,
                        argument_rows, function_rows, help_rows)
from tbxl.io.grid.team import read_team_grid, to_team_grid
from tbxl.model.team import TeamTournament
from tbxl.function_names import TEAM_STANDINGS, TEAM_TIEBREAK
from tbxl.standings import compute_standings, primary_score, resolve_tiebreaks

RULES_CELL = f"{STANDINGS}!$B$3"
HELP_TEMPLATE = "team-workbook-help.txt"


def write_team_workbook(t: TeamTournament, output: PathLike, *, tiebreaks=None, rules: Optional[str] = None,
                        inputs: Iterable[PathLike] = ()) -> None:
    """Write ``t`` as a team crosstable workbook (``.xlsx``) with formulas and their values."""
    inputs = list(inputs)
    check_not_input(output, inputs)
    if Path(output).suffix.lower() != ".xlsx":
        raise InputError(f"a team workbook must end in .xlsx, not {Path(output).name!r}")
    conv = conventions.resolve(rules, t.start_date)
    primary, descs = primary_score(t, tiebreaks), resolve_tiebreaks(t, tiebreaks)
    codes = [d.code for d in descs]
    listed = ",".join([("GPTS" if primary == "GP" else "MPTS")] + codes)
    grid = to_team_grid(t)
    seen = read_team_grid(grid)   # the event as the functions read the grid: the stored values are theirs

    import openpyxl
    from openpyxl.styles import Font
    from openpyxl.worksheet.formula import ArrayFormula

    wb = openpyxl.Workbook()
    cached: dict = {}
    dynamic: set = set()
    bold = Font(bold=True)
    ws = wb.worksheets[0]
    ws.title = CROSSTABLE
    rng = _put_grid(ws, grid, name_width=24)
    height, width = len(grid), len(grid[0])
    for c in range(3, width + 1):
        ws.column_dimensions[column_letters(c - 1)].width = 4 + t.boards + 6
    fill = _formula_fill()
    tiebreak = BY_NAME[TEAM_TIEBREAK]
    for k, code in enumerate([primary] + codes):
        col = width + 2 + k
        letter = column_letters(col - 1)
        head = ws.cell(1, col, code)
        head.font = bold
        ws.column_dimensions[letter].width = max(8, len(code) + 2)
        of = team_value_of(seen, conv, code)
        for r in range(2, height + 1):
            cell = ws.cell(r, col, "=" + tiebreak.call(rng, f"$A{r}", f"{letter}$1", RULES_CELL))
            cell.fill = fill
            cached[(CROSSTABLE, f"{letter}{r}")] = cell_number(of(grid[r - 1][0]))
    ws.freeze_panes = "C2"

    st = wb.create_sheet(STANDINGS)
    for label, row, value in (("Tournament", 1, t.name or None), ("Boards", 2, t.boards), ("Rules", 3, conv.name),
                              ("Tie-breaks", 4, listed)):
        st.cell(row, 1, label).font = bold
        _put(st, row, 2, value)
    st.cell(5, 1, "Rules: fide-2026, fide-2024 ... (empty = fide-2026). Tie-breaks: team codes in order, "
                  "the first MPTS/GPTS the primary score.")
    table = in_cells(team_standings_table(compute_standings(seen, listed, conv)))
    h, w = len(table), max(len(row) for row in table)
    ref = f"A6:{column_letters(w - 1)}{5 + h}"
    st["A6"] = ArrayFormula(ref, "=" + BY_NAME[TEAM_STANDINGS].call(f"{CROSSTABLE}!{rng}", "$B$4", "$B$3"))
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

    _fill_help(wb.create_sheet(HELP), help_lines(rng, listed, conv.name, Path(output).name, t))
    wb.active = 0
    wb.calculation.fullCalcOnLoad = False
    buf = io.BytesIO()
    wb.save(buf)
    write_atomic(output, _patch(buf.getvalue(), cached, dynamic), inputs=inputs)


#: How the team Help sheet names a team code of :data:`tbxl.tiebreaks.codes.CODES` where its key is not
#: how one writes it.
_CODE_NAMES = {"POINTS": "MP, GP (MPTS, GPTS)", "MPVGP": "MPvGP", "ESB": "EMMSB EMGSB EGMSB EGGSB (ESB)"}


def help_lines(rng: str, listed: str, rules: str, filename: str, t: TeamTournament) -> list[tuple[str, str]]:
    """(style, text) lines of the Help sheet: the prose is the template's
    (templates/team-workbook-help.txt), the functions, arguments and codes their catalogues'."""
    from tbxl.tiebreaks.codes import TEAM, codes_of
    blocks = {
        "@functions": function_rows(TEAM_FUNCTIONS),
        "@arguments": argument_rows(TEAM_ARGUMENTS),
        "@codes": [("mono", f"{_CODE_NAMES.get(code, code):<34} C.07 {art:<12} {meaning}")
                   for code, (art, meaning, _) in codes_of(TEAM, only=True).items()],
    }
    values = {"filename": filename, "version": __version__, "from_source": f" from {t.source}" if t.source else "",
              "teams": len(t.teams), "boards": t.boards, "rules": rules, "codes": listed,
              "range": rng.replace("$", "")}
    return help_rows(HELP_TEMPLATE, blocks, values)


def read_team_workbook(path) -> TeamTournament:
    """The team grid of a workbook's Crosstable sheet (the block at A1 up to the first empty column),
    with the rules and tie-breaks of its Standings sheet as the event's list."""
    import openpyxl
    from dataclasses import replace
    from tbxl.io.grid.team import read_team_grid
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
