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


def _black(ctx, i: int, r: int) -> bool:
    return ctx.players[i].rounds[r].colour == "b"


def _win(ctx, i, r):
    # 7.1: the points of a win, with or without playing (forfeit win, FPB, a PAB worth a win).
    return ctx.out[i][r] == 2 and ctx.pts[i][r] >= ctx.win


def _won(ctx, i, r):
    return ctx.out[i][r] == 2 and is_game(ctx, i, r)


def _bpg(ctx, i, r):
    return _black(ctx, i, r) and is_game(ctx, i, r)


def _bwg(ctx, i, r):
    return _won(ctx, i, r) and _black(ctx, i, r)


def _not_elected(ctx, i, r):
    # 7.6: HPB, ZPB and forfeit losses are subtracted (an FPB counts as elected, C07 §9 D9).
    raw = ctx.raw_kind[i][r]
    if ctx.round_robin:
        if raw.is_bye:
            return False  # the bye round of an odd round robin is no round to elect
        return raw in _LOSS_FORFEITS and not is_game(ctx, i, r)
    return raw.is_vur


_COUNTERS = {
    "WIN": (_win, "win"),
    "WON": (_won, "won"),
    "BPG": (_bpg, "bpg"),
    "BWG": (_bwg, "bwg"),
}


def compute_count(ctx, d: Descriptor) -> Column:
    if d.name == "REP":
        raw = [sum(1 for r in range(len(ctx.kind[i])) if not _not_elected(ctx, i, r)
                   and not (ctx.round_robin and ctx.raw_kind[i][r].is_bye))
               for i in range(len(ctx.players))]
        return Column(d.code, 1, raw)
    test = _COUNTERS[d.name][0]
    return Column(d.code, 1, [sum(1 for r in range(len(ctx.kind[i])) if test(ctx, i, r))
                              for i in range(len(ctx.players))])


def explain_count(ctx, d: Descriptor, i: int) -> Derivation:
    terms = []
    for r in range(len(ctx.kind[i])):
        raw = ctx.raw_kind[i][r]
        code = result_code(raw, ctx.out[i][r])
        j = ctx.opp[i][r]
        opp = ctx.players[j].start_number if j >= 0 else None
        if d.name == "REP":
            if ctx.round_robin and raw.is_bye:
                continue
            out = _not_elected(ctx, i, r)
            terms.append(Term(r + 1, opp, code, None, None,
                              Reason.of("not_elected" if out else "elected"),
                              "7.6", 0 if out else 1))
        else:
            test, why = _COUNTERS[d.name]
            if test(ctx, i, r):
                terms.append(Term(r + 1, opp, code, None, None, Reason.of(why), d.article, 1))
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
