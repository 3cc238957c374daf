"""A team crosstable as a grid of cells (teams x rounds), for spreadsheets.

One row per team: its number, its name, then one cell per round::

    No | Team      | R1        | R2     | R3
    1  | Dragons   | 2w2½:1=10 | 3b1½   | PAB
    2  | Knights   | 1b1½:0=01 | 4w+    | 3w2

A match cell is the opponent team's number, the colour of board 1 (``w``/``b``), the game points
(``2½``, ``2.5``, ``2,5``) and, after a colon, optionally the board results from the team's side
(``1 = ½ 0`` games, ``+ -`` individual forfeits): ``2w2½``, ``2w:1=10`` or both. Without board
results the board tie-breaks (BC, TBR, BBE, board counts on GP, the EDE chains' board steps) have no
data and say so. ``2+`` / ``2-`` is a match won / lost by forfeit, ``2--`` a double forfeit; byes
are ``PAB`` (or ``U``; ``PAB2`` gives its game points, as a TRF-2026 ``320`` record does), ``H``
(half-point bye), ``F`` (full-point bye), ``-``, ``Z`` or an empty cell (absent). The number of
boards is the length of the board results, else the most game points of a
match (both sides together), unless given. Matches must agree on both rows (opponent, colours,
board results); a bad cell raises :class:`~tbxl.errors.InputError` naming the cell (A1 from the
grid's top-left cell), the row and the round.

>>> t = read_team_grid([["No", "Team", "R1"], [1, "A", "2w2½:1=10"], [2, "B", "1b1½:0=01"]])
>>> [(tm.name, tm.mp, tm.gp) for tm in t.teams], t.boards
([('A', Fraction(2, 1), Fraction(5, 2)), ('B', Fraction(0, 1), Fraction(3, 2))], 4)
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any, NamedTuple

from tbxl.errors import InputError
from tbxl.formatting import exact_text
from tbxl.io.grid.cells import cell_text, column_letters, half_text, parse_number
from tbxl.model import (
    UNPLAYED_OUTCOME,
    Board,
    Kind,
    Outcome,
    Scoring,
    Team,
    TeamRound,
    TeamScoring,
    TeamTournament,
    make_entry,
)
from tbxl.model.codes import BYES, FORFEITS, GAMES, result_code

_MATCH = re.compile(
    r"^(?P<opp>\d+)\s*(?P<col>[wWbB])?\s*(?P<gp>\d{0,15}½|\d{1,15}(?:[.,]\d{1,15})?)?\s*"
    r"(?::\s*(?P<boards>[10=½+\-\s]+))?$"
)
_FORFEIT = re.compile(r"^(?P<opp>\d+)\s*(?P<col>[wWbB])?\s*(?P<ff>--|\+|-)$")
_PAB = re.compile(r"^(?:PAB|U)\s*(?P<gp>\d{0,15}½|\d{1,15}(?:[.,]\d{1,15})?)$")
# A team's bye: the TRF bye codes (tbxl.model.codes, blank = ZPB), also spelt PAB, or "-".
_BYES = {**{code.strip(): kind for code, kind in BYES.items()}, "PAB": Kind.PAB, "-": Kind.ZPB}
# A board of a match: the TRF game and forfeit codes of played boards (½ also a draw).
_BOARD = {
    **{code: game for code, game in GAMES.items() if game[0] is Kind.PLAYED},
    "½": (Kind.PLAYED, Outcome.DRAW),
    **{code: (kind, UNPLAYED_OUTCOME[kind]) for code, kind in FORFEITS.items()},
}
_MIRROR = {"1": "0", "0": "1", "=": "=", "½": "=", "+": "-", "-": "+"}


class _Cell(NamedTuple):
    """One parsed cell: a bye (``bye`` its kind, ``gp`` a PAB's game points if given), a forfeit
    (``ff``: ``+``, ``-`` or ``--``) or a match (``gp`` and/or ``boards``, the board results)."""

    what: str  # "bye", "forfeit" or "match"
    bye: Kind | None = None
    opp: int = 0
    colour: str | None = None  # of board 1, "w" or "b"
    gp: Fraction | None = None
    ff: str = ""
    boards: str = ""


#: A grid cell as read: the parsed cell, its row and column (0-based, after No and Team) and its text.
_Read = tuple[_Cell, int, int, str]


def read_team_grid(
    rows: list[list[Any]],
    *,
    boards: int | None = None,
    name: str = "",
    team_scoring: TeamScoring | None = None,
    source: str = "",
) -> TeamTournament:
    """Read a team crosstable grid (a list of rows of cell values) into a :class:`TeamTournament`."""
    ts = team_scoring or TeamScoring()
    s = Scoring()
    data: list[tuple[int, int, str, list[Any]]] = []
    for r, row in enumerate(rows):
        first = cell_text(row[0]) if row else ""
        if not first:
            continue
        if not first.isdigit():
            if data:
                raise InputError(f"row {r + 1}: '{first}' is not a team number", cell=f"A{r + 1}", file=source or None)
            continue  # a header row
        data.append((r, int(first), cell_text(row[1]) if len(row) > 1 else "", list(row[2:])))
    if not data:
        raise InputError("no team rows (a team number in the first column)", file=source or None)
    width = max(
        (max((k + 1 for k, v in enumerate(cells) if cell_text(v)), default=0) for _, _, _, cells in data), default=0
    )
    numbers: dict[int, int] = {}
    for r, n, _, _ in data:
        if n in numbers:
            raise InputError(
                f"row {r + 1}: team {n} is listed twice (also row {numbers[n] + 1})",
                cell=f"A{r + 1}",
                file=source or None,
            )
        numbers[n] = r
    cells: dict[tuple[int, int], _Read] = {}
    for r, n, _, row in data:
        for k in range(width):
            v = cell_text(row[k]) if k < len(row) else ""
            cells[n, k + 1] = (_parse(v, r, k, source), r, k, v)
    k_boards = boards or _boards(cells, numbers, source)
    out = []
    for _, n, team_name, _ in data:
        rounds = []
        for rd in range(1, width + 1):
            rounds.append(_round(n, rd, cells, numbers, k_boards, ts, s, source))
        out.append(Team(n, team_name or f"Team {n}", (), tuple(rounds)))
    return TeamTournament(
        tuple(sorted(out, key=lambda t: t.number)),
        width,
        k_boards,
        name=name,
        scoring=s,
        team_scoring=ts,
        source=source,
    )


def _where(r: int, k: int) -> str:
    return f"{column_letters(k + 2)}{r + 1}"


def _parse(v: str, r: int, k: int, source: str) -> _Cell:
    up = v.upper()
    if up in _BYES:
        return _Cell("bye", bye=_BYES[up])
    m = _PAB.match(up)
    if m:
        return _Cell("bye", bye=Kind.PAB, gp=_game_points(m["gp"]))
    m = _FORFEIT.match(v)
    if m:
        return _Cell("forfeit", opp=int(m["opp"]), colour=(m["col"] or "").lower() or None, ff=m["ff"])
    m = _MATCH.match(v)
    if m and (m["gp"] is not None or m["boards"]):
        b = (m["boards"] or "").replace(" ", "")
        gp = _game_points(m["gp"]) if m["gp"] is not None else None
        return _Cell("match", opp=int(m["opp"]), colour=(m["col"] or "").lower() or None, gp=gp, boards=b)
    raise InputError(
        f"row {r + 1}, round {k + 1}: '{v}' is not a team result (e.g. 7w2½, 7w:1=10, 7+, PAB, H, F, -)",
        cell=_where(r, k),
        file=source or None,
    )


def _game_points(text: str) -> Fraction:
    # the patterns above only let through what parse_number reads (4½, 2.5, 2,5)
    number = parse_number(text, half=True)
    assert number is not None, text
    return number[0]


def _boards(cells: dict[tuple[int, int], _Read], numbers: dict[int, int], source: str) -> int:
    lengths = {len(c[0].boards) for c in cells.values() if c[0].what == "match" and c[0].boards}
    if len(lengths) > 1:
        raise InputError(
            f"board results of different lengths {sorted(lengths)}: every match has the same number of boards",
            file=source or None,
        )
    if lengths:
        return lengths.pop()
    most = Fraction(0)
    for (_, rd), (c, *_rest) in cells.items():
        if c.what == "match" and c.gp is not None:
            other = cells.get((c.opp, rd))
            if other and other[0].what == "match" and other[0].gp is not None:
                most = max(most, c.gp + other[0].gp)
    if most == 0 or most.denominator != 1:
        raise InputError(
            "cannot tell the number of boards: give board results (7w:1=10) or the boards argument", file=source or None
        )
    return int(most)


def _round(
    n: int,
    rd: int,
    cells: dict[tuple[int, int], _Read],
    numbers: dict[int, int],
    k: int,
    ts: TeamScoring,
    s: Scoring,
    source: str,
) -> TeamRound:
    c, r, col, text = cells[n, rd]
    if c.what == "bye":
        assert c.bye is not None
        kind = c.bye
        pab_gp = c.gp if c.gp is not None else s.win * k if ts.pab_gp is None else ts.pab_gp
        mp, gp = {
            Kind.PAB: (ts.draw if ts.pab_mp is None else ts.pab_mp, pab_gp),
            Kind.HPB: (ts.draw, s.hpb * k),
            Kind.FPB: (ts.win, s.fpb * k),
        }.get(kind, (Fraction(0), Fraction(0)))
        return TeamRound(rd, kind, ts.outcome_of_points(mp), mp, gp)
    opp = c.opp

    def err(msg: str) -> InputError:
        return InputError(f"row {r + 1}, round {rd}: {msg}", cell=_where(r, col), file=source or None)

    if opp not in numbers:
        raise err(f"opponent {opp} is not a team of the grid")
    if opp == n:
        raise err("a team cannot meet itself")
    o, orow, ocol, otext = cells[opp, rd]
    if o.what == "bye" or o.opp != n:
        raise err(f"'{text}' names team {opp}, but team {opp}'s cell {_where(orow, ocol)} is '{otext}'")
    if c.colour and o.colour and c.colour == o.colour:
        raise err(f"both teams have colour '{c.colour}' on board 1 (cell {_where(orow, ocol)})")
    colour = c.colour or ({"w": "b", "b": "w"}.get(o.colour) if o.colour else None)
    if c.what == "forfeit" or o.what == "forfeit":
        if c.what != o.what or (c.ff, o.ff) not in (("+", "-"), ("-", "+"), ("--", "--")):
            raise err(f"'{text}' and team {opp}'s '{otext}' ({_where(orow, ocol)}) do not complement")
        if c.ff == "--":
            return TeamRound(
                rd,
                Kind.DOUBLE_FORFEIT,
                Outcome.LOSS,
                ts.loss,
                Fraction(0),
                opp,
                colour,
                tuple(Board(b, None, make_entry(s, rd, Kind.FORFEIT_LOSS)) for b in range(1, k + 1)),
            )
        kind = Kind.FORFEIT_WIN if c.ff == "+" else Kind.FORFEIT_LOSS
        forfeited = tuple(Board(b, None, make_entry(s, rd, kind)) for b in range(1, k + 1))
        outcome = Outcome.WIN if c.ff == "+" else Outcome.LOSS
        return TeamRound(
            rd,
            kind,
            outcome,
            ts.match_points(outcome),
            sum((b.entry.points for b in forfeited), Fraction(0)),
            opp,
            colour,
            forfeited,
        )
    boards: tuple[Board, ...] = ()
    if c.boards:
        if (
            o.boards
            and len(o.boards) == len(c.boards)
            and any(_MIRROR[x] != ({"½": "="}.get(y, y)) for x, y in zip(c.boards, o.boards))
        ):
            raise err(
                f"board results '{c.boards}' and team {opp}'s '{o.boards}' ({_where(orow, ocol)}) do not complement"
            )
        bl: list[Board] = []
        for b, ch in enumerate(c.boards, 1):
            kind, outcome = _BOARD[ch]
            bc = None
            if colour:
                bc = colour if b % 2 == 1 else {"w": "b", "b": "w"}[colour]
            bl.append(Board(b, None, make_entry(s, rd, kind, outcome if kind is Kind.PLAYED else None, None, bc)))
        boards = tuple(bl)
    elif o.boards:
        bl = []
        for b, ch in enumerate(o.boards, 1):
            kind, outcome = _BOARD[_MIRROR[ch]]
            bl.append(Board(b, None, make_entry(s, rd, kind, outcome if kind is Kind.PLAYED else None)))
        boards = tuple(bl)
    if boards:
        gp = sum((b.entry.points for b in boards), Fraction(0))
        if c.gp is not None and c.gp != gp:
            raise err(
                f"game points {exact_text(c.gp)} differ from the board results '{c.boards or o.boards}' "
                f"({exact_text(gp)})"
            )
        own = c.boards or "".join(_MIRROR[x] for x in o.boards)
        ogp = sum((make_entry(s, rd, *_pair(_MIRROR[ch])).points for ch in own), Fraction(0))
    else:
        given, ogiven = c.gp, o.gp
        if given is None or ogiven is None:
            raise err("game points are needed on both rows when no board results are given")
        gp, ogp = given, ogiven
    played = not boards or any(b.entry.kind.is_game for b in boards)
    outcome = ts.outcome(gp, ogp)
    if not played:
        kind = Kind.FORFEIT_WIN if outcome != Outcome.LOSS else Kind.FORFEIT_LOSS
        return TeamRound(rd, kind, outcome, ts.match_points(outcome), gp, opp, colour, boards)
    return TeamRound(rd, Kind.PLAYED, outcome, ts.match_points(outcome), gp, opp, colour, boards)


def _pair(ch: str) -> tuple[Kind, Outcome | None]:
    kind, outcome = _BOARD[ch]
    return (kind, outcome if kind is Kind.PLAYED else None)


def team_cell(t: TeamTournament, rnd: TeamRound) -> str:
    """The grid cell of one team round (the inverse of the reader)."""
    if rnd.opponent is None:
        if rnd.kind is Kind.PAB:
            default = t.scoring.win * t.boards
            return "PAB" if rnd.gp == default else f"PAB{half_text(rnd.gp)}"
        return {Kind.HPB: "H", Kind.FPB: "F"}.get(rnd.kind, "-")
    if rnd.kind is not Kind.PLAYED:
        return f"{rnd.opponent}" + result_code(rnd.kind, rnd.outcome)  # +, - or -- (both forfeited)
    codes = ["-"] * t.boards
    for b in rnd.boards:
        e = b.entry
        # A game under one move is written as a game (the grid has no W D L); a forfeit as + or -.
        codes[b.board - 1] = (
            result_code(Kind.PLAYED, e.outcome) if e.kind.is_game else "+" if e.kind is Kind.FORFEIT_WIN else "-"
        )
    return f"{rnd.opponent}{rnd.colour or ''}{half_text(rnd.gp)}:{''.join(codes)}"


def to_team_grid(t: TeamTournament) -> list[list[str | int]]:
    """The team crosstable as rows of cells: header, then No, Team and one cell per round."""
    out: list[list[str | int]] = [["No", "Team", *(f"R{r}" for r in range(1, t.rounds + 1))]]
    for team in t.teams:
        out.append([team.number, team.name, *(team_cell(t, r) for r in team.rounds)])
    return out
