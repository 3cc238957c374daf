"""The extended tie-breaks of team events (C.07 Art. 13), which read both of a team's scores.

* ESB, extended Sonneborn-Berger (13.2): EMMSB, EMGSB, EGMSB, EGGSB; the opponent's final score X
  times the score Y made against them, cut as 14.1.2 with Art. 16 for the unplayed matches. ``SB:MP``
  is EMMSB and ``SB:GP`` EGGSB: the points scored against an opponent are MP or GP, as in the
  reference engine.
* SSSC, score strength combination: the secondary score + BH on the primary score / a divisor.
* EDE, extended direct encounter, and its 2026 chains EDET, EDEB, EDEBT, EDEBB: orders inside a
  tied group.

The contexts are a team event's (:meth:`~tbxl.tiebreaks.context.Context.on` gives the sibling on
the other score).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import NamedTuple

from tbxl.derivation import Derivation, Reason, Term
from tbxl.model import Kind, team_event
from tbxl.model.codes import result_code
from tbxl.rules import EdeBoardCount
from tbxl.tiebreaks import buchholz, cuts, encounter, unplayed
from tbxl.tiebreaks.base import Column
from tbxl.tiebreaks.boards import BoardGames, needs_boards
from tbxl.tiebreaks.codes import CHAINS, Descriptor
from tbxl.tiebreaks.context import Context, Score, match_values

# -- ESB ------------------------------------------------------------------------------------------


def esb_scores(ctx: Context, d: Descriptor) -> tuple[Score, Score]:
    """ESB's (X, Y); SB on MP or GP is the opponent's score x the same score made against them."""
    if d.name == "SB":
        return ctx.score_name, ctx.score_name
    x, y = d.scores or (Score.MP, Score.GP)
    return Score(x), Score(y)


def _esb_contexts(ctx: Context, d: Descriptor) -> tuple[Context, Context]:
    x, y = esb_scores(ctx, d)
    return ctx.on(x, d.played_forfeits), ctx.on(y, d.played_forfeits)


def esb_items(cx: Context, cy: Context, i: int) -> list[cuts.Item]:
    """Team index ``i``'s rounds that count for ESB (13.2, 16.4): the opponent's X (or the dummy's,
    16.4) times the team's Y of the round, in units of ``1 / (unit_x x unit_y)``, keyed by the X."""
    out = []
    for r, k in enumerate(cx.kind[i]):
        if k is Kind.PLAYED or k is Kind.SHORT:
            v, vur = cx.value[cx.opp[i][r]], False
        else:
            own = unplayed.own_item(cx, i, r)
            if own is None:
                continue
            v, vur = own
        out.append(cuts.Item(v * cy.pts[i][r], v, vur, r))
    return out


def compute_esb(ctx: Context, d: Descriptor) -> Column:
    cx, cy = _esb_contexts(ctx, d)
    base = d.base
    raw = [cuts.kept_sum(esb_items(cx, cy, i), base.low, base.high, ctx.conv.vur_cut) for i in range(len(ctx.players))]
    return Column(d.code, cx.unit * cy.unit, raw)


def explain_esb(ctx: Context, d: Descriptor, i: int) -> Derivation:
    cx, cy = _esb_contexts(ctx, d)
    base = d.base
    items = esb_items(cx, cy, i)
    chosen = dict(cuts.select(items, base.low, base.high, ctx.conv.vur_cut))
    terms = []
    for idx, (contribution, v, vur, r) in enumerate(items):
        k = cx.kind[i][r]
        j = cx.opp[i][r]
        if k is Kind.PLAYED or k is Kind.SHORT:
            if cx.raw_kind[i][r].is_forfeit:
                reason, art = Reason.of("forfeit_game"), "/P"
            elif cx.value[j] != cx.score[j]:
                # which of the opponent's rounds the adjusted score counts as draws (issue 35 item 3)
                reason, art = Reason.of("adjusted") + unplayed.converted_reason(cx, j), "16.3"
            else:
                reason, art = Reason.of("game"), "13.2"
        else:
            _, reason, art = unplayed.explain_own(cx, i, r)
            if k.is_vur:
                reason += Reason.of("vur")
        reason += Reason.of("times_result", factor=cy.frac(cy.pts[i][r]))
        terms.append(
            Term(
                r + 1,
                cx.players[j].start_number if j >= 0 else None,
                result_code(cx.raw_kind[i][r], cx.out[i][r]),
                cx.frac(cx.score[j]) if j >= 0 else None,
                cx.frac(v),
                reason,
                art,
                Fraction(contribution, cx.unit * cy.unit),
                vur,
                Reason.of(chosen[idx]) if idx in chosen else None,
            )
        )
    kept = cuts.kept_sum(items, base.low, base.high, ctx.conv.vur_cut)
    return Derivation(d.code, cx.players[i].start_number, tuple(terms), Fraction(kept, cx.unit * cy.unit))


# -- SSSC -----------------------------------------------------------------------------------------


def sssc_divisor(ctx: Context, d: Descriptor) -> Fraction:
    """SSSC (Art. 13): ``/K``, else floor(the most primary points of the event / the most secondary
    points of a match)."""
    if d.divisor is not None:
        return d.divisor
    t = team_event(ctx.event, "team tie-breaks")
    _, _, win_p = match_values(t, ctx.primary)
    _, _, win_s = match_values(t, ctx.secondary)
    return Fraction(max(1, math.floor(win_p * t.rounds / win_s)))


def sssc_buchholz(ctx: Context, d: Descriptor) -> Descriptor:
    """The Buchholz SSSC adds: BH (FB with ``/F``) on the primary score, with SSSC's modifiers."""
    name = "FB" if d.base.fore else "BH"
    base = Descriptor(name, d.base.low, d.base.high, played_forfeits=d.base.played_forfeits)
    return replace(base, score=ctx.primary.value, text=f"{name}:{ctx.primary}" + base.code[len(name) :])


class Sssc(NamedTuple):
    """SSSC = secondary + buchholz / divisor (Art. 13)."""

    total: Fraction
    secondary: Fraction
    buchholz: Fraction
    divisor: Fraction


def _buchholz_family(
    d: Descriptor,
) -> tuple[Callable[[Context, Descriptor], Column], Callable[[Context, Descriptor, int], Derivation]]:
    return (buchholz.compute_fb, buchholz.explain_fb) if d.name == "FB" else (buchholz.compute_bh, buchholz.explain_bh)


def sssc(ctx: Context, d: Descriptor, i: int) -> Sssc:
    bh = sssc_buchholz(ctx, d)
    on_primary = ctx.on(ctx.primary, bh.played_forfeits)
    column = on_primary.cached(("sssc-bh", bh.base), lambda: _buchholz_family(bh)[0](on_primary, bh.base))
    value = column.value(i)
    assert value is not None
    secondary = ctx.on(ctx.secondary).frac(ctx.on(ctx.secondary).score[i])
    div = sssc_divisor(ctx, d)
    return Sssc(secondary + value / div, secondary, value, div)


def compute_sssc(ctx: Context, d: Descriptor) -> Column:
    return Column(d.code, 1, [sssc(ctx, d, i).total for i in range(len(ctx.players))])


def explain_sssc(ctx: Context, d: Descriptor, i: int) -> Derivation:
    total, _, _, div = parts = sssc(ctx, d, i)
    bh = sssc_buchholz(ctx, d)
    on_primary = ctx.on(ctx.primary, bh.played_forfeits)
    base = _buchholz_family(bh)[1](on_primary, bh.base, i)
    terms = [Term(None, None, ctx.secondary.value, None, None, Reason.of("points"), "13", parts.secondary)]
    terms.extend(replace(t, contribution=Fraction(t.contribution) / div) for t in base.terms)
    return Derivation(
        d.code,
        ctx.players[i].start_number,
        tuple(terms),
        total,
        notes=(Reason.of("note.sssc", code=bh.code, divisor=div),),
    )


# -- EDE and its chains ---------------------------------------------------------------------------


def order_ede(ctx: Context, d: Descriptor, group: Sequence[int], trace: list[object] | None = None) -> list[list[int]]:
    """EDE (Art. 13): DE on the primary score, then on the secondary score, applied again to every new
    tied subset until nothing changes; the 2026 chains add BC / TBR (board by board) / BBE (board
    by board) on the match(es) between two teams that stay tied. Same loop as the reference engine."""
    if len(CHAINS[d.name]) > 2:
        needs_boards(ctx, d)
    t = team_event(ctx.event, "team tie-breaks")
    k = t.boards
    steps = ""
    for ch in CHAINS[d.name]:
        steps += ch * (k if ch == "T" else (k - 1) if ch == "B" else 1)
    tiers = [list(group)]
    idx = unchanged = loops = 0
    while unchanged < len(steps) and loops < 10 * len(steps) + 50:
        loops += 1
        step = steps[idx]
        pos = steps[:idx].count(step)
        new: list[list[int]] = []
        for tier in tiers:
            if len(tier) < 2 or (step in "CTB" and len(tier) != 2):
                new.append(tier)
                continue
            new.extend(_ede_step(ctx, d, step, pos, tier, trace))
        if len(new) != len(tiers):
            tiers, unchanged = new, 0
        else:
            unchanged += 1
            idx = (idx + 1) % len(steps)
    return tiers


def _ede_step(
    ctx: Context, d: Descriptor, step: str, pos: int, tier: list[int], trace: list[object] | None
) -> list[list[int]]:
    pf = d.played_forfeits
    sub: list[encounter.Step] | None = [] if trace is not None else None
    games: encounter.Games
    if step in "PS":
        c = ctx.on(ctx.primary if step == "P" else ctx.secondary, pf)
        games = c
        out = encounter.order(c, tier, pf, sub)
        label = Reason.of("de.primary" if step == "P" else "de.secondary", score=str(c.score_name))
    else:
        c = ctx.on(ctx.primary, pf)
        t = team_event(ctx.event, "team tie-breaks")
        k = t.boards
        if step == "C":  # lower board count first: negate (unless ede_bc=higher-first)
            sign = 1 if ctx.settings.ede_bc is EdeBoardCount.HIGHER_FIRST else -1
            weights = [sign * (b + 1) for b in range(k)]
        elif step == "T":
            weights = [1 if b == pos else 0 for b in range(k)]
        else:
            weights = [1 if b < k - 1 - pos else 0 for b in range(k)]
        games = BoardGames.weighted(c, weights, tier)
        out = encounter.order(games, tier, pf, sub)
        label = (
            Reason.of("de.board_count")
            if step == "C"
            else Reason.of("de.top_board", board=str(pos + 1))
            if step == "T"
            else Reason.of("de.bottom_board", last=str(k - 1 - pos))
        )
    if trace is not None and sub is not None:
        trace.extend(encounter.encounter_steps(c, games, sub, label, pf))
    return out
