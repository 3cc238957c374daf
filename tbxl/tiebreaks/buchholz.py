"""Buchholz (C.07 8.1), Fore Buchholz (8.3) and Average of Opponents' Buchholz (8.2).

BH and FB use Art. 16 through the :class:`~tbxl.tiebreaks.context.Context` and the convention;
their Cut/Median modifiers go through :mod:`.cuts`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import cast

from tbxl.derivation import Derivation, Reason, Term
from tbxl.model import Kind
from tbxl.model.codes import result_code
from tbxl.rules import BhForfeitWin, OpponentScore, RrForfeitWin, VurCut
from tbxl.tiebreaks import cuts, unplayed
from tbxl.tiebreaks.base import Column
from tbxl.tiebreaks.codes import Descriptor
from tbxl.tiebreaks.context import Context, getter

# Run per record: an enum member looked up on its class costs five times a global.
_OWN_SCORE, _NO_VUR_CUT, _ZERO_FORFEIT_WIN = RrForfeitWin.OWN_SCORE, VurCut.NONE, BhForfeitWin.ZERO


def items(ctx: Context, i: int, sb: bool = False) -> list[cuts.Contribution]:
    """Contributions of player index ``i``: ``(contribution, key, vur, round index)``, the fields of
    a :class:`~tbxl.tiebreaks.cuts.Item`.

    For BH the contribution is the opponent's value (or the own-unplayed value); for SB
    (``sb=True``) it is that value times the round's outcome in half-games, and the key stays
    the opponent's value (14.1.1 d). Under ``bh_forfeit_win=zero`` a forfeit win adds to BH an
    opponent worth 0, the first item cut (:func:`zero_forfeit_wins`); SB keeps the rules.
    """
    its = _items(ctx, i, sb)
    return unplayed.zero_pabs(ctx, i, its) if sb else zero_forfeit_wins(ctx, i, its)


def _items(ctx: Context, i: int, sb: bool = False) -> list[cuts.Contribution]:
    """:func:`items` by the convention's Art. 16 settings, before the Buchholz habit of
    :func:`zero_forfeit_wins`: what SB multiplies by the results."""
    opp, kind, res, value = ctx.opp[i], ctx.kind[i], ctx.out[i], ctx.value
    if i not in ctx.unplayed_rows:  # the common case: every round a game
        if sb:
            return [(value[j] * o, value[j], False, r) for r, (j, o) in enumerate(zip(opp, res))]
        return [(value[j], value[j], False, r) for r, j in enumerate(opp)]
    out = []
    own_score_forfeits = ctx.round_robin and ctx.conv.rr_forfeit_win == _OWN_SCORE
    for r, k in enumerate(kind):
        if k is Kind.PLAYED or k is Kind.SHORT:
            if own_score_forfeits and ctx.raw_kind[i][r] is Kind.FORFEIT_WIN:
                v = ctx.score[i]
            else:
                v = value[opp[r]]
            vur = False
        else:
            own = unplayed.own_item(ctx, i, r)
            if own is None:
                continue
            v, vur = own
        out.append((v * res[r] if sb else v, v, vur, r))
    return out


def unplayed_items(ctx: Context) -> dict[int, list[cuts.Contribution]]:
    """The Art. 16 items (:func:`_items`) of every player with an unplayed round, by player index
    (computed once per context): SB multiplies them by the results, BH reads them through
    :func:`bh_unplayed_items`."""
    return ctx.cached("unplayed-items", lambda: {i: _items(ctx, i) for i in ctx.unplayed_rows})


def is_zero_forfeit_win(ctx: Context, i: int, r: int) -> bool:
    """Does round ``r`` of player index ``i`` add BH's opponent worth 0 of ``bh_forfeit_win=zero``:
    a forfeit win that is an own unplayed round (in pre-determined pairings a forfeit is a game,
    15.2; under ``/P`` a team's forfeited match is one, C07 §3.4)?"""
    return ctx.conv.bh_forfeit_win is _ZERO_FORFEIT_WIN and ctx.kind[i][r] is Kind.FORFEIT_WIN


def zero_forfeit_wins(ctx: Context, i: int, its: list[cuts.Contribution]) -> list[cuts.Contribution]:
    """BH's items of player index ``i`` under ``bh_forfeit_win``: the Art. 16 items ``its`` as they
    are, or (``zero``) with each forfeit win an opponent worth 0 cut before any other value.

    The Swiss-Manager habit (issue 20, seen on a published BH-C1): the forfeit-won round stays in the
    list as an opponent with 0 points, and Cut-1 removes that 0 rather than the 16.4 dummy or the
    lowest VUR (16.5). The item carries :data:`~tbxl.tiebreaks.cuts.CUT_FIRST_KEY` and the cut-first
    mark, so every low-cut rule (``vur_cut``) takes it first; later cuts (Cut-2, Median) follow the
    convention on what remains (16.5.2, 14.3). A forfeit win the convention skips is kept as the 0.
    """
    if ctx.conv.bh_forfeit_win is not _ZERO_FORFEIT_WIN or i not in ctx.unplayed_rows:
        return its
    kind = ctx.kind[i]
    rounds = [r for r, k in enumerate(kind) if k is Kind.FORFEIT_WIN]
    if not rounds:
        return its
    out = [it for it in its if kind[it[3]] is not Kind.FORFEIT_WIN]
    out += [(0, cuts.CUT_FIRST_KEY, True, r) for r in rounds]
    out.sort(key=lambda it: it[3])  # round order, as the derivations list the terms
    return out


def bh_unplayed_items(ctx: Context) -> dict[int, list[cuts.Contribution]]:
    """BH's :func:`items` of every player with an unplayed round, by player index: the Art. 16
    items with ``bh_forfeit_win`` applied (the same dict when it keeps the rules)."""
    if ctx.conv.bh_forfeit_win is not _ZERO_FORFEIT_WIN:
        return unplayed_items(ctx)
    return ctx.cached(
        "bh-unplayed-items", lambda: {i: zero_forfeit_wins(ctx, i, its) for i, its in unplayed_items(ctx).items()}
    )


def vur_may_be_cut(ctx: Context, its: Sequence[cuts.Contribution]) -> bool:
    """Can 16.5's VUR exception change which of these items a cut removes? Otherwise the cuts are
    plain order statistics of (key, contribution) (14.1-14.4)."""
    return ctx.conv.vur_cut != _NO_VUR_CUT and any([vur for _, _, vur, _ in its])


#: Per player what BH's cuts read: the sorted values, or the items in order of significance.
BhRow = list[int] | cuts.InOrder


def _bh_rows(ctx: Context) -> list[BhRow]:
    """Per player, what BH and its cuts need: the sorted values (opponents' values, own unplayed
    rounds' values) when the cuts are plain order statistics (14.1-14.4), else the items in order of
    significance (a VUR that 16.5 may cut first)."""
    value, unplayed = getter(ctx.value), bh_unplayed_items(ctx)
    rows: list[BhRow] = []
    for i, opp in enumerate(ctx.opp):
        its = unplayed.get(i)
        if its is None:
            rows.append(sorted(map(value, opp)))
        elif vur_may_be_cut(ctx, its):
            rows.append(cuts.InOrder(cuts.significance(its)))
        else:
            rows.append(sorted([it[0] for it in its]))
    return rows


def compute_bh(ctx: Context, d: Descriptor) -> Column:
    rows = ctx.cached("bh-rows", lambda: _bh_rows(ctx))
    low, high, rule = d.low, d.high, ctx.conv.vur_cut
    raw = []
    for row in rows:
        if isinstance(row, cuts.InOrder):
            raw.append(cuts.kept_sum_sorted(row, low, high, rule))
        else:
            raw.append(sum(cuts.kept(row, low, high)))
    return Column(d.code, ctx.unit, raw)


def compute_fb(ctx: Context, d: Descriptor) -> Column:
    col = compute_bh(ctx.fore, d)
    col.code = d.code
    return col


def explain_terms(ctx: Context, i: int, d: Descriptor, sb: bool = False) -> tuple[list[Term], Fraction]:
    """Terms of BH (or SB) for player index ``i``, with cuts marked; returns terms and total."""
    its = items(ctx, i, sb)
    scale = 2 if sb else 1
    chosen = dict(cuts.select(its, d.low, d.high, ctx.conv.vur_cut, ctx.conv.sb_vur_pick))
    terms = []
    reason: Reason
    for idx, (contrib, v, vur, r) in enumerate(its):
        k = ctx.kind[i][r]
        raw_k = ctx.raw_kind[i][r]
        j = ctx.opp[i][r]
        opp_no = ctx.players[j].start_number if j >= 0 else None
        real = ctx.frac(ctx.score[j]) if j >= 0 else None
        cut = Reason.of(chosen[idx]) if idx in chosen else None
        if not sb and is_zero_forfeit_win(ctx, i, r):
            # bh_forfeit_win=zero (issue 20): an opponent worth 0, not a VUR, the first value cut.
            terms.append(
                Term(
                    r + 1,
                    opp_no,
                    result_code(raw_k, ctx.out[i][r]),
                    real,
                    Fraction(0),
                    Reason.of("forfeit_win_zero"),
                    ctx.conv.name,
                    Fraction(0),
                    False,
                    Reason.of("cut.forfeit_win_zero") if cut is not None else None,
                )
            )
            continue
        if sb and unplayed.is_zero_pab(ctx, i, r):
            # sb_pab=zero (issue 29): Vega's habit, the pairing-allocated bye adds nothing to SB.
            terms.append(
                Term(
                    r + 1,
                    None,
                    result_code(raw_k, ctx.out[i][r]),
                    None,
                    Fraction(0),
                    Reason.of("pab_sb_zero"),
                    ctx.conv.name,
                    Fraction(0),
                    vur,
                    cut,
                )
            )
            continue
        if k is Kind.PLAYED or k is Kind.SHORT:
            if raw_k is Kind.FORFEIT_WIN and ctx.round_robin and ctx.conv.rr_forfeit_win == RrForfeitWin.OWN_SCORE:
                reason, art = Reason.of("rr_forfeit_own_score"), "15.2"
            elif raw_k.is_forfeit:
                reason, art = Reason.of("forfeit_game"), "15.2"
            elif unplayed.forfeit_loss_returned(ctx, j):
                reason, art = Reason.of("forfeit_loss_return"), ctx.conv.name
            elif ctx.value[j] != ctx.score[j]:
                reason, art = _adjusted_reason(ctx, j)
            else:
                reason, art = Reason.of("game"), d.article
        else:
            _, reason, art = unplayed.explain_own(ctx, i, r)
            if k.is_vur:
                reason += Reason.of("vur")
            elif vur:
                reason += Reason.of("cut_first")
        if sb:
            reason += Reason.of("times_result", factor=Fraction(ctx.out[i][r], 2))
        terms.append(
            Term(
                r + 1,
                opp_no,
                result_code(raw_k, ctx.out[i][r]),
                real,
                ctx.frac(v),
                reason,
                art,
                ctx.frac(contrib, scale),
                vur,
                cut,
            )
        )
    total = sum((Fraction(t.contribution) for t in terms if not t.is_cut), Fraction(0))
    return terms, total


def _adjusted_reason(ctx: Context, j: int) -> tuple[Reason, str]:
    """Why opponent index ``j`` is worth its adjusted score, with the rounds of its record that
    the rules count as draws ("the opponent's rounds 6 (Z), 7 (Z) counted as draws"): the reader
    checks real + (draw - points) over them against the value used (issue 35 item 3)."""
    mode = ctx.conv.opponent_score
    converted = unplayed.converted_reason(ctx, j)
    if mode is OpponentScore.ADJUSTED:
        return Reason.of("adjusted") + converted, "16.3"
    if mode is OpponentScore.ADJUSTED_2022:
        return Reason.of("adjusted_2022") + converted, "2022 14.4"
    return Reason.of("unplayed_as_draw") + converted, ctx.conv.name


def explain_bh(ctx: Context, d: Descriptor, i: int) -> Derivation:
    terms, total = explain_terms(ctx, i, d)
    return Derivation(d.code, ctx.players[i].start_number, tuple(terms), total)


def explain_fb(ctx: Context, d: Descriptor, i: int) -> Derivation:
    f = ctx.fore
    terms, total = explain_terms(f, i, d)
    return Derivation(d.code, ctx.players[i].start_number, tuple(terms), total, notes=(Reason.of("note.fore"),))


def _opponents_otb(ctx: Context, i: int) -> list[int]:
    return [ctx.opp[i][r] for r, k in enumerate(ctx.kind[i]) if k is Kind.PLAYED or k is Kind.SHORT]


def _opponents_bh(ctx: Context, d: Descriptor) -> Column:
    """The BH (or, with /F, FB) column that AOB averages, computed once per context (the same
    cache key as the registry's, so a BH column already computed is reused)."""
    base = Descriptor("FB" if d.fore else "BH", d.low, d.high)
    return ctx.cached(("col", base), lambda: (compute_fb if d.fore else compute_bh)(ctx, base))


def compute_aob(ctx: Context, d: Descriptor) -> Column:
    """The average over a common denominator: with ``m`` the least common multiple of the numbers
    of games, each average is the integer ``sum * (m / games)`` in units of ``1 / (unit * m)``, so
    the column ranks and prints as integers do (exact, no Fraction per player)."""
    col = _opponents_bh(ctx, d)
    bh = cast("Callable[[int], int]", getter(col.raw))  # a BH column: integers, one per player
    unplayed = ctx.unplayed_rows
    opponents = [_opponents_otb(ctx, i) if i in unplayed else opp for i, opp in enumerate(ctx.opp)]
    m = math.lcm(*{len(opps) for opps in opponents if opps})
    raw: list[int | None] = [sum(map(bh, opps)) * (m // len(opps)) if opps else None for opps in opponents]
    return Column(d.code, col.den * m, raw)


def explain_aob(ctx: Context, d: Descriptor, i: int) -> Derivation:
    col = _opponents_bh(ctx, d)
    bh = cast("Sequence[int]", col.raw)  # a BH column: integers, one per player
    terms = []
    for r, k in enumerate(ctx.kind[i]):
        if k is Kind.PLAYED or k is Kind.SHORT:
            j = ctx.opp[i][r]
            terms.append(
                Term(
                    r + 1,
                    ctx.players[j].start_number,
                    result_code(ctx.raw_kind[i][r], ctx.out[i][r]),
                    None,
                    None,
                    Reason.of("opp_tiebreak", code=col.code),
                    "8.2",
                    ctx.frac(bh[j]),
                )
            )
    value = (sum((Fraction(t.contribution) for t in terms), Fraction(0)) / len(terms)) if terms else None
    return Derivation(
        d.code,
        ctx.players[i].start_number,
        tuple(terms),
        value,
        divisor=len(terms) or None,
        notes=(Reason.of("note.otb_only"),),
    )
