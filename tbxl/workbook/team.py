"""The workbook of a team event: the team crosstable grid (:mod:`tbxl.io.grid.team`) with a
TEAM_TIEBREAK column per tie-break, a Standings sheet spilling TEAM_STANDINGS, and a Help sheet
(templates/team-workbook-help.txt). The formulas, the values stored in them (so they show before
the functions are available) and the Help sheet's functions come from the formula catalogue
(:mod:`tbxl.catalogue`), as for an individual event (:mod:`tbxl.workbook.individual`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path

from tbxl import rules as conventions
from tbxl.catalogue import BY_NAME, in_cells, team_standings_table, team_value_of
from tbxl.errors import InputError
from tbxl.function_names import TEAM_STANDINGS, TEAM_TIEBREAK
from tbxl.io.files import PathLike, check_not_input
from tbxl.io.grid.cells import cell_number, column_letters
from tbxl.io.grid.team import read_team_grid, to_team_grid
from tbxl.io.workbook import CROSSTABLE, HELP, LOTS_CELL, PLAYOFF_CELL, RULES_CELL, STANDINGS
from tbxl.model import TeamTournament
from tbxl.playoffs import Decision, decide
from tbxl.standings import Tiebreaks, compute_standings, primary_score, resolve_tiebreaks
from tbxl.workbook.cached import Cached, Dynamic, save
from tbxl.workbook.help import fill_help, team_help_lines
from tbxl.workbook.sheets import (
    check_event_storable,
    check_storable,
    decisions_range,
    fill_decisions,
    fill_event,
    formula_fill,
    put,
    put_grid,
)

__all__ = ["write_team"]


def write_team(
    t: TeamTournament,
    output: PathLike,
    *,
    tiebreaks: Tiebreaks = None,
    rules: str | None = None,
    inputs: Iterable[PathLike] = (),
    playoffs: Sequence[str] = (),
    lots: str | None = None,
) -> None:
    """Write ``t`` as a team crosstable workbook (``.xlsx``) with formulas and their values (see
    :func:`tbxl.workbook.write_workbook`); ``playoffs`` and ``lots`` fill the Play-off and Lots seed
    settings (Standings!E1:E2, as an individual workbook's) that TEAM_STANDINGS takes."""
    inputs = list(inputs)
    check_not_input(output, inputs)
    if Path(output).suffix.lower() != ".xlsx":
        raise InputError(f"a team workbook must end in .xlsx, not {Path(output).name!r}")
    # The texts it writes (the event's and the teams' names) are checked as an individual event's
    # are: one clean error rather than openpyxl's traceback for a control character.
    check_storable(
        [("the tournament name", t.name, None)]
        + check_event_storable(t)
        + [(f"the name of team {team.number}", team.name, None) for team in t.teams],
        t.source,
    )
    conv = conventions.resolve(rules or t.rules or None, t.start_date)  # else the input's (a workbook's Rules cell)
    primary, descs = (primary_score(t, tiebreaks), resolve_tiebreaks(t, tiebreaks))
    codes = [d.code for d in descs]
    listed = ",".join([("GPTS" if primary == "GP" else "MPTS")] + codes)
    grid = to_team_grid(t)
    seen = read_team_grid(grid)  # the event as the functions read the grid: the stored values are theirs
    # TEAM_STANDINGS takes the decisions from the Event sheet; TEAM_TIEBREAK does not
    decided = replace(seen, decisions=t.decisions) if t.decisions else seen
    decisions = decisions_range(t)

    import openpyxl
    from openpyxl.styles import Font
    from openpyxl.worksheet.formula import ArrayFormula

    wb = openpyxl.Workbook()
    cached: Cached = {}
    dynamic: Dynamic = set()
    bold = Font(bold=True)
    ws = wb.worksheets[0]
    ws.title = CROSSTABLE
    rng = put_grid(ws, grid, name_width=24)
    height, width = len(grid), len(grid[0])
    for c in range(3, width + 1):
        ws.column_dimensions[column_letters(c - 1)].width = 4 + t.boards + 6
    fill = formula_fill()
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
            number = grid[r - 1][0]
            assert isinstance(number, int)  # below the header: the team numbers
            cached[(CROSSTABLE, f"{letter}{r}")] = cell_number(of(number))
    ws.freeze_panes = "C2"

    st = wb.create_sheet(STANDINGS)
    for label, at, value in (
        ("Tournament", 1, t.name or None),
        ("Boards", 2, t.boards),
        ("Rules", 3, conv.name),
        ("Tie-breaks", 4, listed),
    ):
        st.cell(at, 1, label).font = bold
        put(st, at, 2, value)
    st.cell(
        5,
        1,
        "Rules: fide-2026, fide-2024 ... (empty = fide-2026; settings after +, e.g. "
        "fide-2026+vur_cut=always). Tie-breaks: team codes in order, "
        "the first MPTS/GPTS the primary score.",
    )
    fill_decisions(st, playoffs, lots, "teams", ", by team number")
    st_decided = decide(compute_standings(decided, listed, conv), Decision.of(playoffs, lots))
    table = in_cells(team_standings_table(st_decided))
    h, w = len(table), max(len(row) for row in table)
    ref = f"A6:{column_letters(w - 1)}{5 + h}"
    st["A6"] = ArrayFormula(
        ref,
        "=" + BY_NAME[TEAM_STANDINGS].call(f"{CROSSTABLE}!{rng}", "$B$4", "$B$3", PLAYOFF_CELL, LOTS_CELL, decisions),
    )
    cached[(STANDINGS, "A6")] = table[0][0]
    dynamic.add((STANDINGS, "A6"))
    for i, row in enumerate(table):
        for j, v in enumerate(row):
            if i or j:
                cell = put(st, 6 + i, 1 + j, None if v == "" else v)
                if i == 0:
                    cell.font = bold
    st.cell(6, 1).font = bold
    st.column_dimensions["B"].width = 12
    st.column_dimensions["C"].width = 26

    fill_event(wb, t, who="teams")
    fill_help(wb.create_sheet(HELP), team_help_lines(rng, listed, conv.name, Path(output).name, t))
    save(wb, output, cached, dynamic, inputs)
