"""Team tie-breaks as Excel functions (xlwings), on a team crosstable grid (:mod:`tbxl.team.grid`)::

    =TEAM_TIEBREAK($A$1:$P$51, A2, "EMGSB/C1")          one team's value (or a range of teams)
    =TEAM_STANDINGS($A$1:$P$51, "MPTS,EDE,BH:MP")        the team ranking, spilled

Arguments, results and errors as in :mod:`tbxl.excel` (whose helpers this module uses): empty
arguments read as "not given", a team number not in the grid gives ``#N/A``, a bad cell or code a
``#VALUE!`` whose message names the cell. The grid's match scoring is 2/1/0. Exported by
``tbxl.excel`` (``from tbxl.excel import *``). Cached by the grid's content.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, Optional

from .. import conventions
from ..errors import InputError, TbxlError
from ..excel import CATEGORY, NOT_FOUND, _codes, _given, _lock, _player, _player_range, _raise, _scalar, _text, xw
from ..grid.cells import cell_number
from ..grid.sheet import rows_of
from .grid import read_team_grid
from .model import TeamTournament
from .standings import TeamStandings, compute_team_standings

__all__ = ["TEAM_TIEBREAK", "TEAM_STANDINGS"]

DOC_GRID = ("The team crosstable: No, Team, then one cell per round: opponent, colour of board 1, game "
            "points and optionally board results (7w2½, 7w:1=10), 7+ / 7- forfeits, PAB, H, F, - byes.")
DOC_TEAM = "The team number (the No column), or a range of team numbers: the values then spill in its shape."
DOC_CODE = ("A team tie-break code: MP, GP, MPvGP, BC, TBR, BBE, EMGSB/C1, ESB, EDE, EDEBT, SSSC, or any "
            "individual code on MP or GP such as BH:MP/C1, SB:GP, PS:MP, WIN:GP.")
DOC_TIEBREAKS = ("Comma-separated team tie-break codes in order, the first MPTS or GPTS choosing the primary "
                 "score, e.g. MPTS,EDE,EMGSB/C1,BH:MP/C1,MPvGP; empty = that list.")
DOC_RULES = ("Rules for unplayed rounds, e.g. fide-2026, fide-2024; empty = the FIDE rules in force "
             "(fide-2026).")

MAX_GRIDS = 8
_grids: "OrderedDict[Any, tuple]" = OrderedDict()


def _event(crosstable: Any) -> tuple[Optional[TeamTournament], Optional[BaseException], dict]:
    """(event, error, standings cache) of a grid content, built once."""
    rows = rows_of(crosstable)
    try:
        key = tuple(map(tuple, rows))
        hash(key)
    except TypeError:
        key = repr(rows)
    with _lock:
        hit = _grids.get(key)
        if hit is not None:
            _grids.move_to_end(key)
            return hit
        try:
            hit = (read_team_grid(rows), None, {})
        except InputError as err:
            hit = (None, err, {})
        _grids[key] = hit
        while len(_grids) > MAX_GRIDS:
            _grids.popitem(last=False)
        return hit


def _standings(crosstable: Any, tiebreaks: Any, rules: Any) -> TeamStandings:
    t, err, cache = _event(crosstable)
    if err is not None:
        _raise(err)
    rules_name = _text(rules, "rules") if _given(_scalar(rules, "rules")) else ""
    codes = _codes(tiebreaks)
    key = (rules_name, tuple(codes or ()))
    with _lock:
        if key not in cache:
            try:
                conv = conventions.resolve(rules_name, t.start_date)
                cache[key] = compute_team_standings(t, codes, conv)
            except TbxlError as e:
                _raise(e)
        return cache[key]


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, doc=DOC_GRID)
@xw.arg("team", ndim=2, doc=DOC_TEAM)
@xw.arg("code", doc=DOC_CODE)
@xw.arg("rules", doc=DOC_RULES)
def TEAM_TIEBREAK(crosstable, team, code, rules=""):
    """A team tie-break of FIDE C.07 Arts 11-13 by its code (EDE and other orders: the tier among teams tied before it)."""
    text = _text(code, "code") if _given(_scalar(code, "code")) else ""
    if not text:
        raise ValueError("no tie-break code given (e.g. EMGSB/C1, BH:MP, EDE)")
    many = _player_range(team)
    numbers = [[_player(x) for x in r] for r in many] if many is not None else None
    single = _player(team) if many is None else None
    if numbers is None and single is None:
        return ""
    st = _standings(crosstable, text, rules)
    code_given = st.codes[-1] if st.codes else st.primary
    rows = {r.team.number: r for r in st.rows}

    def one(n: Optional[int]) -> Any:
        if n is None:
            return ""
        row = rows.get(n)
        if row is None:
            return NOT_FOUND
        return cell_number(row.points if not st.codes else row.values[code_given])

    if numbers is None:
        return one(single)
    return [[one(n) for n in r] for r in numbers]


@xw.func(category=CATEGORY)
@xw.arg("crosstable", ndim=2, doc=DOC_GRID)
@xw.arg("tiebreaks", doc=DOC_TIEBREAKS)
@xw.arg("rules", doc=DOC_RULES)
def TEAM_STANDINGS(crosstable, tiebreaks="", rules=""):
    """The team standings to spill: Rank, No, Team, MP (or GP) and one column per tie-break (FIDE C.07)."""
    st = _standings(crosstable, tiebreaks, rules)
    out: list[list[Any]] = [["Rank", "No", "Team", st.primary] + st.codes]
    for row in st.rows:
        rank = row.rank if row.rank_label == str(row.rank) else row.rank_label
        out.append([rank, row.team.number, row.team.name, cell_number(row.points)]
                   + [cell_number(row.values[c]) for c in st.codes])
    return out
