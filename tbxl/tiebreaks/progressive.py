"""Progressive score (C.07 7.5): the sum of the running scores after each round.

Cut-n drops the running scores after rounds 1..n (positional, 14.1; C07 §9 D4); Median-n also
drops the last n. PS is type B: points as awarded, Art. 16 does not apply.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import accumulate

from tbxl.derivation import Derivation, Reason, Term
from tbxl.model.codes import result_code
from tbxl.tiebreaks import cuts
from tbxl.tiebreaks.base import Column
from tbxl.tiebreaks.codes import Descriptor
from tbxl.tiebreaks.context import Context


def _running(ctx: Context, i: int) -> list[int]:
    return list(accumulate(ctx.pts[i]))


def _kept(n: int, d: Descriptor) -> Sequence[int]:
    """Rounds whose running score counts: PS cuts by position, the first rounds (and the last
    ones for Median), whatever their values."""
    return cuts.kept(range(n), d.low, d.high)


def compute_ps(ctx: Context, d: Descriptor) -> Column:
    if d.low == 0 and d.high == 0:
        return Column(d.code, ctx.unit, [sum(accumulate(pts)) for pts in ctx.pts])
    raw = []
    for i in range(len(ctx.players)):
        run = _running(ctx, i)
        raw.append(sum(run[r] for r in _kept(len(run), d)))
    return Column(d.code, ctx.unit, raw)


def explain_ps(ctx: Context, d: Descriptor, i: int) -> Derivation:
    run = _running(ctx, i)
    kept = set(_kept(len(run), d))
    terms = []
    for r, total in enumerate(run):
        j = ctx.opp[i][r]
        cut = None
        if r not in kept:
            cut = Reason.of("cut.first_rounds" if r < d.low else "cut.last_rounds")
        terms.append(
            Term(
                r + 1,
                ctx.players[j].start_number if j >= 0 else None,
                result_code(ctx.raw_kind[i][r], ctx.out[i][r]),
                None,
                ctx.frac(ctx.pts[i][r]),
                Reason.of("running"),
                "7.5",
                ctx.frac(total),
                cut=cut,
            )
        )
    value = sum((t.contribution for t in terms if not t.is_cut), Fraction(0))
    return Derivation(d.code, ctx.players[i].start_number, tuple(terms), value)
