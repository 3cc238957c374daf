"""Team tie-breaks as Excel functions (xlwings), on a team crosstable grid (:mod:`tbxl.io.grid.team`)::

    =TEAM_TIEBREAK($A$1:$P$51, A2, "EMGSB/C1")          one team's value (or a range of teams)
    =TEAM_STANDINGS($A$1:$P$51, "MPTS,EDE,BH:MP")        the team ranking, spilled

Names, arguments, help and how the values are computed come from the catalogue
(:mod:`tbxl.catalogue`). Arguments, results and errors as in :mod:`tbxl.excel` (whose helpers this
module uses): empty arguments read as "not given", a team number not in the grid gives ``#N/A``, a
bad cell or code a ``#VALUE!`` whose message names the cell. The grid's match scoring is 2/1/0.
Exported by ``tbxl.excel`` (``from tbxl.excel import *``). Cached by the grid's content.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, Optional

from tbxl.rules import conventions
from tbxl.errors import InputError, TbxlError
from tbxl.excel import _cached, _codes, _each, _given, _lock, _player, _player_range, _raise, _registered, _scalar, _text
from tbxl.catalogue import in_cells, team_standings_table, team_value_of
from tbxl.io.grid.sheet import rows_of
from tbxl.io.grid.team import read_team_grid
from tbxl.model.team import TeamTournament
from tbxl.standings import Standings, compute_standings

__all__ = ["TEAM_TIEBREAK", "TEAM_STANDINGS"]

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

    def read() -> tuple:
        try:
            return read_team_grid(rows), None, {}
        except InputError as err:
            return None, err, {}
    with _lock:
        return _cached(_grids, key, read, MAX_GRIDS)


def _standings(crosstable: Any, tiebreaks: Any, rules: Any) -> tuple[TeamTournament, Standings]:
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
                cache[key] = compute_standings(t, codes, conv)
            except TbxlError as e:
                _raise(e)
        return t, cache[key]


@_registered("TEAM_TIEBREAK")
def TEAM_TIEBREAK(crosstable, team, code, rules=""):
    text = _text(code, "code") if _given(_scalar(code, "code")) else ""
    if not text:
        raise ValueError("no tie-break code given (e.g. EMGSB/C1, BH:MP, EDE)")
    many = _player_range(team)
    numbers = [[_player(x) for x in r] for r in many] if many is not None else None
    single = _player(team) if many is None else None
    if numbers is None and single is None:
        return ""
    t, st = _standings(crosstable, text, rules)
    return _each(numbers, single, team_value_of(t, st.convention, text, st))


@_registered("TEAM_STANDINGS")
def TEAM_STANDINGS(crosstable, tiebreaks="", rules=""):
    _, st = _standings(crosstable, tiebreaks, rules)
    return in_cells(team_standings_table(st))
