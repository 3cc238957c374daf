"""Type-B tie-breaks on the participant's own record (C.07 7.1-7.8) and points.

They use the points as awarded; Art. 16 does not apply. In pre-determined pairings forfeits are
games (15.2), except that under the 2026 text forfeit losses stay unplayed (15.2, C07 §9 D22).
"""

from __future__ import annotations

from fractions import Fraction

from ..derivation import Derivation, Reason, Term
from ..model import Kind
from .base import Column, result_code
from .codes import Descriptor

_GAME = (Kind.PLAYED, Kind.SHORT)
_LOSS_FORFEITS = (Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT)


def is_game(ctx, i: int, r: int) -> bool:
    """Does round ``r`` count as a game for type-B tie-breaks?"""
    raw = ctx.raw_kind[i][r]
    if ctx.round_robin and raw.is_forfeit:
        return not (ctx.conv.exceptions_15_2 and raw in _LOSS_FORFEITS)
    return ctx.kind[i][r] in _GAME


def _flag_rows(ctx) -> dict[str, list[list]]:
    """Per player and round, whether the round counts for WIN, WON, BPG, BWG and REP (computed
    once per context, whole rows at a time; REP rows hold None for a round-robin bye round)."""
    def build():
        win, rr = ctx.win, ctx.round_robin
        rows: dict[str, list] = {"WIN": [], "WON": [], "BPG": [], "BWG": [], "REP": []}
        colours = ctx.colours
        for i in range(len(ctx.players)):
            raw, out = ctx.raw_kind[i], ctx.out[i]
            game = [is_game(ctx, i, r) for r in range(len(raw))] if rr else [k.is_game for k in ctx.kind[i]]
            black = [c == "b" for c in colours[i]]
            won = [g and o == 2 for g, o in zip(game, out)]
            # 7.1: the points of a win, with or without playing (forfeit win, FPB, a PAB worth a win).
            rows["WIN"].append([o == 2 and pt >= win for o, pt in zip(out, ctx.pts[i])])
            rows["WON"].append(won)
            rows["BPG"].append([g and b for g, b in zip(game, black)])
            rows["BWG"].append([w and b for w, b in zip(won, black)])
            # 7.6: HPB, ZPB and forfeit losses are not elected (an FPB counts as elected, C07 §9 D9);
            # the bye round of an odd round robin is no round to elect.
            if rr:
                rows["REP"].append([None if k.is_bye else not (k in _LOSS_FORFEITS and not g)
                                    for k, g in zip(raw, game)])
            else:
                rows["REP"].append([not k.is_vur for k in raw])
        return rows
    return ctx.cached("count-rows", build)


_WHY = {"WIN": "win", "WON": "won", "BPG": "bpg", "BWG": "bwg"}


def compute_count(ctx, d: Descriptor) -> Column:
    # The flags are True, False or None (REP's bye round of an odd round robin): count the True.
    return Column(d.code, 1, [row.count(True) for row in _flag_rows(ctx)[d.name]])


def explain_count(ctx, d: Descriptor, i: int) -> Derivation:
    terms = []
    for r, flag in enumerate(_flag_rows(ctx)[d.name][i]):
        code = result_code(ctx.raw_kind[i][r], ctx.out[i][r])
        j = ctx.opp[i][r]
        opp = ctx.players[j].start_number if j >= 0 else None
        if d.name == "REP":
            if flag is not None:
                terms.append(Term(r + 1, opp, code, None, None, Reason.of("elected" if flag else "not_elected"),
                                  "7.6", 1 if flag else 0))
        elif flag:
            terms.append(Term(r + 1, opp, code, None, None, Reason.of(_WHY[d.name]), d.article, 1))
    return Derivation(d.code, ctx.players[i].start_number, tuple(terms), sum(t.contribution for t in terms))


def compute_std(ctx, d: Descriptor) -> Column:
    return Column(d.code, 2, [sum(_std(ctx, i, r) for r in range(len(ctx.kind[i])))
                              for i in range(len(ctx.players))])


def _std(ctx, i: int, r: int) -> int:
    """7.7 in half-points: 2 if more than the opponent (or, unplayed, more than a draw)."""
    if is_game(ctx, i, r):
        return ctx.out[i][r]
    p = ctx.pts[i][r]
    return 2 if p > ctx.draw else 1 if p == ctx.draw else 0


def explain_std(ctx, d: Descriptor, i: int) -> Derivation:
    terms = tuple(Term(r + 1, None, result_code(ctx.raw_kind[i][r], ctx.out[i][r]), None, None,
                       Reason.of("std"), "7.7", Fraction(_std(ctx, i, r), 2))
                  for r in range(len(ctx.kind[i])))
    return Derivation(d.code, ctx.players[i].start_number, terms, sum((t.contribution for t in terms), Fraction(0)))


def compute_pts(ctx, d: Descriptor) -> Column:
    return Column(d.code, ctx.unit, list(ctx.score))


def explain_pts(ctx, d: Descriptor, i: int) -> Derivation:
    terms = tuple(Term(r + 1, ctx.players[ctx.opp[i][r]].start_number if ctx.opp[i][r] >= 0 else None,
                       result_code(ctx.raw_kind[i][r], ctx.out[i][r]), None, None, Reason.of("points"), "",
                       ctx.frac(ctx.pts[i][r])) for r in range(len(ctx.kind[i])))
    return Derivation(d.code, ctx.players[i].start_number, terms, ctx.frac(ctx.score[i]))


def compute_tpn(ctx, d: Descriptor) -> Column:
    return Column(d.code, 1, [p.start_number for p in ctx.players], ascending=not d.reverse)


def explain_tpn(ctx, d: Descriptor, i: int) -> Derivation:
    n = ctx.players[i].start_number
    return Derivation(d.code, n, (), n, notes=(Reason.of("note.tpn_reverse" if d.reverse else "note.tpn"),))
