"""The board tie-breaks of team events (C.07 Art. 12) and the counts of C.07 7 over boards.

* BC, board count: the sum of board number x game points on that board, lower first.
* TBR, top-board results, and BBE, bottom-board elimination: orders inside a tied group, on the
  game points per board (board 1, then board 2 ...; without the last board, then without the last
  two ...).
* ``WIN:GP``, ``WON:GP``, ``BPG:GP``, ``BWG:GP``, ``REP:GP``: the counts of C.07 7.1-7.4 and 7.6
  over the boards of every match (Art. 13 on GP); on MP they count matches (:mod:`.counts`).

Every board value is an integer in units of ``1 / board_unit`` game points.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import NamedTuple

from tbxl.derivation import Derivation, Reason, Term
from tbxl.errors import InputError
from tbxl.formatting import decimal_text
from tbxl.model import Kind, TeamTournament
from tbxl.model import board_points as round_board_points
from tbxl.model import team_event as model_team_event
from tbxl.model.codes import result_code
from tbxl.tiebreaks.base import Column
from tbxl.tiebreaks.codes import Descriptor
from tbxl.tiebreaks.context import Context

#: The counts of C.07 7 that a team event counts over boards on GP.
BOARD_COUNTS = frozenset({"WIN", "WON", "BPG", "BWG", "REP"})
_WHY = {"WIN": "win", "WON": "won", "BPG": "bpg", "BWG": "bwg", "REP": "elected"}


def team_event(ctx: Context) -> TeamTournament:
    """The team event of a context (board tie-breaks have no meaning for players)."""
    return model_team_event(ctx.event, "board tie-breaks")


def board_unit(ctx: Context) -> int:
    """Board points are integers in units of ``1 / board_unit`` game points."""
    return team_event(ctx).scoring.unit


def board_points(ctx: Context) -> list[list[list[int]]]:
    """Per team, per round, per board the game points on that board (C.07 Art. 12), in units of
    ``1 / board_unit``; once per event, whatever sibling context asks."""

    def build() -> list[list[list[int]]]:
        t, q = team_event(ctx), board_unit(ctx)
        return [
            [[int(p * q) for p in round_board_points(r, t.boards, t.scoring)] for r in team.rounds] for team in t.teams
        ]

    return ctx.on(ctx.primary).cached("board-points", build)


def needs_boards(ctx: Context, d: Descriptor) -> None:
    """Board tie-breaks need the board results of every match (a grid may give game points only)."""
    t = team_event(ctx)
    if not all(r.boards for team in t.teams for r in team.rounds if r.kind is Kind.PLAYED):
        raise InputError(
            f"{d.code} needs the board results of every match (e.g. 7w:1=10 in a grid)", file=t.source or None
        )


def per_board(ctx: Context, i: int) -> list[int]:
    """Team index ``i``'s game points on each board 1..K over all rounds."""
    rounds = board_points(ctx)[i]
    return [sum(rd[b] for rd in rounds) for b in range(team_event(ctx).boards)]


def board_count(ctx: Context, i: int) -> int:
    """BC (Art. 12): the sum of board number x game points on that board."""
    return sum((b + 1) * p for b, p in enumerate(per_board(ctx, i)))


# -- BC -------------------------------------------------------------------------------------------


def compute_bc(ctx: Context, d: Descriptor) -> Column:
    needs_boards(ctx, d)
    return Column(d.code, board_unit(ctx), [board_count(ctx, i) for i in range(len(ctx.players))], ascending=True)


def explain_bc(ctx: Context, d: Descriptor, i: int) -> Derivation:
    q = board_unit(ctx)
    terms = tuple(
        Term(None, None, f"B{b + 1}", Fraction(p, q), b + 1, Reason.of("points"), "12", Fraction((b + 1) * p, q))
        for b, p in enumerate(per_board(ctx, i))
    )
    return Derivation(d.code, ctx.players[i].start_number, terms, Fraction(board_count(ctx, i), q))


# -- TBR, BBE -------------------------------------------------------------------------------------


def board_vector(ctx: Context, name: str, i: int) -> list[int]:
    """TBR: GP on board 1, 2 ... K; BBE: GP on boards 1..K-1, then 1..K-2 ... 1 (C.07 Art. 12)."""
    boards = per_board(ctx, i)
    if name == "TBR":
        return boards
    return [sum(boards[:m]) for m in range(len(boards) - 1, 0, -1)]


def order_boards(
    ctx: Context, d: Descriptor, group: Sequence[int], trace: list[object] | None = None
) -> list[list[int]]:
    """TBR or BBE: the tiers of a tied group (team indices), best first."""
    needs_boards(ctx, d)
    keys = {i: board_vector(ctx, d.name, i) for i in group}
    if trace is not None:
        q = board_unit(ctx)
        for i in group:
            trace.append(
                {
                    "team": ctx.players[i].start_number,
                    "values": " / ".join(decimal_text(Fraction(v, q)) for v in keys[i]),
                }
            )
    tiers: list[list[int]] = []
    for i in sorted(group, key=lambda i: [-v for v in keys[i]]):
        if tiers and keys[tiers[-1][0]] == keys[i]:
            tiers[-1].append(i)
        else:
            tiers.append([i])
    return tiers


class BoardGames(NamedTuple):
    """The matches of a team event seen as games worth a weighted sum of board points: what a DE
    step of EDE's 2026 chains compares (BC, TBR or BBE in the match(es) of two tied teams, C.07 13).
    It has what :func:`tbxl.tiebreaks.encounter.order` reads of a context."""

    kind: list[list[Kind]]
    raw_kind: list[list[Kind]]
    opp: list[list[int]]
    pts: list[list[int]]
    unit: int
    round_robin: bool
    win: int = 0  # no maximum to reach: these steps compare complete mini-tables only

    @classmethod
    def weighted(cls, ctx: Context, weights: Sequence[int], tier: Sequence[int]) -> BoardGames:
        """The games of the teams of ``tier`` worth ``weights`` x board points, round by round."""
        bp, members = board_points(ctx), set(tier)
        pts = [
            [sum(w * p for w, p in zip(weights, rd)) for rd in bp[i]] if i in members else []
            for i in range(len(ctx.players))
        ]
        return cls(ctx.kind, ctx.raw_kind, ctx.opp, pts, board_unit(ctx), ctx.round_robin)


# -- the counts over boards -----------------------------------------------------------------------


def board_flags(ctx: Context, name: str, i: int) -> list[bool]:
    """One flag per board and round: WIN/WON/BPG/BWG/REP counted over boards (Art. 13 on GP)."""
    t = team_event(ctx)
    s, team, q = t.scoring, t.teams[i], board_unit(ctx)
    out: list[bool] = []
    for rnd, bps in zip(team.rounds, board_points(ctx)[i]):
        if not rnd.boards:
            if name == "WIN":
                out.extend(p == s.win * q for p in bps)
            elif name == "REP":
                out.extend([not rnd.kind.is_vur] * len(bps))
            continue
        for b in rnd.boards:
            e = b.entry
            game, won, black = e.kind.is_game, e.outcome == 2, e.colour == "b"
            out.append(
                {
                    "WIN": won and e.points >= s.win,
                    "WON": game and won,
                    "BPG": game and black,
                    "BWG": game and won and black,
                    "REP": not e.kind.is_vur,
                }[name]
            )
    return out


def compute_count(ctx: Context, d: Descriptor) -> Column:
    needs_boards(ctx, d)
    return Column(d.code, 1, [sum(board_flags(ctx, d.name, i)) for i in range(len(ctx.players))])


def explain_count(ctx: Context, d: Descriptor, i: int) -> Derivation:
    t = team_event(ctx)
    team = t.teams[i]
    terms = []
    flags = iter(board_flags(ctx, d.name, i))
    for rnd in team.rounds:
        for b in range(len(rnd.boards) or t.boards):
            if next(flags):
                board = rnd.boards[b] if rnd.boards else None
                code = (
                    result_code(board.entry.kind, board.entry.outcome) if board else result_code(rnd.kind, rnd.outcome)
                )
                terms.append(
                    Term(rnd.round, rnd.opponent, f"{code}@{b + 1}", None, None, Reason.of(_WHY[d.name]), d.article, 1)
                )
    return Derivation(d.code, team.number, tuple(terms), Fraction(sum(board_flags(ctx, d.name, i))))
