"""Sonneborn-Berger (C.07 9.1) and Koya (9.2).

SB multiplies each Buchholz contribution (opponent's value, or the dummy of an own unplayed
round, 16.4) by the result in that round: 1, 1/2 or 0.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from operator import mul

from tbxl.derivation import Derivation, Reason, Term
from tbxl.model import Kind
from tbxl.model.codes import result_code
from tbxl.rules import SbPab
from tbxl.tiebreaks import cuts
from tbxl.tiebreaks.base import Column
from tbxl.tiebreaks.buchholz import explain_terms, unplayed_items, vur_may_be_cut
from tbxl.tiebreaks.codes import Descriptor
from tbxl.tiebreaks.context import Context, getter
from tbxl.tiebreaks.unplayed import zero_pabs


def compute_sb(ctx: Context, d: Descriptor) -> Column:
    if d.low == 0 and d.high == 0:
        return Column(d.code, 2 * ctx.unit, list(ctx.cached("sb-totals", lambda: _totals(ctx))))
    low, high, rule, pick = d.low, d.high, ctx.conv.vur_cut, ctx.conv.sb_vur_pick
    raw = []
    for row in ctx.cached("sb-rows", lambda: _sb_rows(ctx)):
        if isinstance(row, cuts.InOrder):  # an unplayed round (VUR, dummy) may change the cut (16.5)
            raw.append(cuts.kept_sum_sorted(row, low, high, rule, pick))
        else:
            raw.append(sum([c for _, c in cuts.kept(row, low, high)]))
    return Column(d.code, 2 * ctx.unit, raw)


#: Per player what SB's cuts read: (opponent's value, product) pairs, or items, in order of significance.
SbRow = list[tuple[int, int]] | cuts.InOrder


def _sb_rows(ctx: Context) -> list[SbRow]:
    """Per player, what SB's cuts need: the pairs (opponent's value, product) in order of
    significance (14.1.1 d: the opponent's value, then the product) when the cuts are plain order
    statistics; else BH's items with the products (the terms of ``items(ctx, i, sb=True)``) in order
    of significance, for a VUR that 16.5 may cut first."""
    value, unplayed = getter(ctx.value), sb_unplayed_items(ctx)
    rows: list[SbRow] = []
    for i, (opp, out) in enumerate(zip(ctx.opp, ctx.out)):
        its = unplayed.get(i)
        if its is None:
            keys = list(map(value, opp))
            rows.append(sorted(zip(keys, map(mul, keys, out))))
        elif vur_may_be_cut(ctx, its):
            rows.append(cuts.InOrder(cuts.significance([(v * out[r], v, vur, r) for v, _, vur, r in its])))
        else:
            rows.append(sorted([(v, v * out[r]) for v, _, _, r in its]))
    return rows


def sb_unplayed_items(ctx: Context) -> dict[int, list[cuts.Contribution]]:
    """SB's Art. 16 items of every player with an unplayed round: BH's, with ``sb_pab`` applied
    (the same dict when it keeps the rules; :func:`~tbxl.tiebreaks.unplayed.zero_pabs`)."""
    if ctx.conv.sb_pab is not SbPab.ZERO or ctx.round_robin:
        return unplayed_items(ctx)
    return ctx.cached(
        "sb-unplayed-items", lambda: {i: zero_pabs(ctx, i, its) for i, its in unplayed_items(ctx).items()}
    )


def _totals(ctx: Context) -> list[int]:
    """SB without cuts: each BH contribution times the round's result (the same terms as
    ``items(ctx, i, sb=True)``); a player who played every round sums value x result over the rows
    directly, the others reuse BH's items (value, key, vur, round)."""
    value, unplayed = getter(ctx.value), sb_unplayed_items(ctx)
    return [
        sum([v * out[r] for v, _, _, r in unplayed[i]]) if i in unplayed else sum(map(mul, map(value, opp), out))
        for i, (opp, out) in enumerate(zip(ctx.opp, ctx.out))
    ]


def explain_sb(ctx: Context, d: Descriptor, i: int) -> Derivation:
    terms, total = explain_terms(ctx, i, d, sb=True)
    return Derivation(d.code, ctx.players[i].start_number, tuple(terms), total)


def koya_threshold(ctx: Context, d: Descriptor) -> Fraction:
    """Units a participant needs to qualify: 50 % of the maximum possible score, moved by
    ``/L±n`` half-points (14.5). Maximum = win points x games each one is scheduled to play
    (n - 1 per cycle of a round robin; C07 §9 D5)."""
    n_players = len(ctx.players)
    if ctx.round_robin and n_players > 1:
        per_cycle = n_players - 1 if n_players % 2 == 0 else n_players
        games = (ctx.n // per_cycle) * (n_players - 1) + min(ctx.n % per_cycle, n_players - 1)
    else:
        games = ctx.n
    maximum = ctx.win * games
    return Fraction(maximum, 2) + d.limit * ctx.draw


def _koya_rounds(ctx: Context, d: Descriptor, i: int, threshold: Fraction) -> Iterator[tuple[int, int]]:
    for r, k in enumerate(ctx.kind[i]):
        j = ctx.opp[i][r]
        if j < 0 or ctx.score[j] < threshold:
            continue
        if k is Kind.PLAYED or k is Kind.SHORT or (d.played_forfeits and k.is_forfeit):
            yield r, j


def compute_ks(ctx: Context, d: Descriptor) -> Column:
    th = koya_threshold(ctx, d)
    return Column(
        d.code, ctx.unit, [sum(ctx.pts[i][r] for r, _ in _koya_rounds(ctx, d, i, th)) for i in range(len(ctx.players))]
    )


def explain_ks(ctx: Context, d: Descriptor, i: int) -> Derivation:
    th = koya_threshold(ctx, d)
    terms = tuple(
        Term(
            r + 1,
            ctx.players[j].start_number,
            result_code(ctx.raw_kind[i][r], ctx.out[i][r]),
            ctx.frac(ctx.score[j]),
            None,
            Reason.of("koya"),
            "9.2",
            ctx.frac(ctx.pts[i][r]),
        )
        for r, j in _koya_rounds(ctx, d, i, th)
    )
    return Derivation(
        d.code,
        ctx.players[i].start_number,
        terms,
        sum((t.contribution for t in terms), Fraction(0)),
        notes=(Reason.of("note.koya", threshold=Fraction(th) / ctx.unit, limit=f"{d.limit:+d}"),),
    )
