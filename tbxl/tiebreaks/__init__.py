"""The registry: tie-break code -> computation and derivation, for either kind of event.

A value family computes a :class:`Column` for every participant and explains one participant's
value; an order (DE, a team event's EDE and its chains, TBR, BBE) ranks inside a tied group. Each
family is computed on the context its code counts (:meth:`Context.counting`: a team code's
``:MP``/``:GP`` and ``/P``).

>>> from tbxl.tiebreaks import FAMILIES, ORDERS
>>> sorted(FAMILIES)[:5], sorted(ORDERS)[:3]
(['AOB', 'APPO', 'APRO', 'ARO', 'BC'], ['BBE', 'DE', 'EDE'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from types import ModuleType
from typing import TYPE_CHECKING, Any, NamedTuple

from tbxl.derivation import Derivation, Reason, Term
from tbxl.tiebreaks import buchholz, counts, progressive, ratings, sonneborn
from tbxl.tiebreaks.base import Column
from tbxl.tiebreaks.codes import CHAINS, CODES, Descriptor, parse, parse_list
from tbxl.tiebreaks.context import Context, Score

if TYPE_CHECKING:
    from tbxl.derivation.encounter import EncounterStep

Compute = Callable[[Context, Descriptor], Column]
Explain = Callable[[Context, Descriptor, int], Derivation]
#: An order: the tiers of a tied group (participant indices), best first; the trace collects the
#: rows of its derivation table.
Order = Callable[[Context, Descriptor, Sequence[int], list[object] | None], list[list[int]]]


# The families an individual event's list rarely or never names are imported at their first call
# (issue 26 item 7): the team families (boards, extended) for a team event only, the direct
# encounter for a list with DE or EDE. Each loader is a plain import, seen by import-linter and mypy.
def _boards() -> ModuleType:
    from tbxl.tiebreaks import boards

    return boards


def _encounter() -> ModuleType:
    from tbxl.tiebreaks import encounter

    return encounter


def _extended() -> ModuleType:
    from tbxl.tiebreaks import extended

    return extended


def _on_call(load: Callable[[], ModuleType], name: str) -> Callable[..., Any]:
    """The function ``name`` of the module ``load`` imports, imported at the first call."""

    def call(*args: Any) -> Any:
        return getattr(load(), name)(*args)

    return call


class Family(NamedTuple):
    """A value tie-break: its computation and its derivation. ``team_code``: it reads a team
    code whole (its score, ESB's two scores, SSSC's divisor); the others, the individual families,
    read the individual code that carries its modifiers (:attr:`Descriptor.base`)."""

    compute: Compute
    explain: Explain
    team_code: bool = False


#: name -> value family.
FAMILIES: dict[str, Family] = {
    "PTS": Family(counts.compute_pts, counts.explain_pts),
    "WIN": Family(counts.compute_count, counts.explain_count),
    "WON": Family(counts.compute_count, counts.explain_count),
    "BPG": Family(counts.compute_count, counts.explain_count),
    "BWG": Family(counts.compute_count, counts.explain_count),
    "REP": Family(counts.compute_count, counts.explain_count),
    "STD": Family(counts.compute_std, counts.explain_std),
    "TPN": Family(counts.compute_tpn, counts.explain_tpn),
    "PS": Family(progressive.compute_ps, progressive.explain_ps),
    "BH": Family(buchholz.compute_bh, buchholz.explain_bh),
    "FB": Family(buchholz.compute_fb, buchholz.explain_fb),
    "AOB": Family(buchholz.compute_aob, buchholz.explain_aob),
    "SB": Family(sonneborn.compute_sb, sonneborn.explain_sb),
    "KS": Family(sonneborn.compute_ks, sonneborn.explain_ks),
    "ARO": Family(ratings.compute_rating, ratings.explain_rating),
    "TPR": Family(ratings.compute_rating, ratings.explain_rating),
    "PTP": Family(ratings.compute_rating, ratings.explain_rating),
    "APRO": Family(ratings.compute_rating, ratings.explain_rating),
    "APPO": Family(ratings.compute_rating, ratings.explain_rating),
    "RTNG": Family(ratings.compute_rating, ratings.explain_rating),
    # A team event's own (C.07 Arts 11-13).
    "POINTS": Family(counts.compute_pts, counts.explain_pts, team_code=True),
    "MPVGP": Family(counts.compute_mpvgp, counts.explain_mpvgp, team_code=True),
    "BC": Family(_on_call(_boards, "compute_bc"), _on_call(_boards, "explain_bc"), team_code=True),
    "ESB": Family(_on_call(_extended, "compute_esb"), _on_call(_extended, "explain_esb"), team_code=True),
    "SSSC": Family(_on_call(_extended, "compute_sssc"), _on_call(_extended, "explain_sssc"), team_code=True),
}

#: Counted over the boards of every match on GP (C.07 13 on GP; on MP they count matches).
BOARD_COUNT = Family(_on_call(_boards, "compute_count"), _on_call(_boards, "explain_count"), team_code=True)

#: name -> order.
ORDERS: dict[str, Order] = {
    "DE": _on_call(_encounter, "order_de"),
    "TBR": _on_call(_boards, "order_boards"),
    "BBE": _on_call(_boards, "order_boards"),
    **{code: _on_call(_extended, "order_ede") for code in CHAINS},
}


def family_of(ctx: Context, d: Descriptor) -> Family:
    """The family that computes ``d`` on ``ctx`` (the context it counts): on a team event SB is
    ESB on one score (EMMSB, EGGSB: C.07 13.2) and the counts of Art. 7 on GP count boards."""
    if d.is_order:
        raise ValueError(f"{d.code} is an order, not a value")
    if ctx.team:
        if d.name == "SB":
            return FAMILIES["ESB"]
        if d.name in _boards().BOARD_COUNTS and ctx.score_name is Score.GP:
            return BOARD_COUNT
    return FAMILIES[d.name]


def compute(ctx: Context, d: Descriptor) -> Column:
    """The column of ``d`` for every participant (cached per context)."""
    c = ctx.counting(d)
    return c.cached(("col", d), lambda: _column(c, d))


def _column(ctx: Context, d: Descriptor) -> Column:
    family = family_of(ctx, d)
    if family.team_code or d.text is None:
        return family.compute(ctx, d)
    col = family.compute(ctx, d.base)
    return Column(d.code, col.den, col.raw, col.ascending)


def explain(ctx: Context, d: Descriptor, number: int) -> Derivation:
    """The derivation of ``d`` for the participant ``number`` (a start number, a team's number);
    its total equals the computed value."""
    c = ctx.counting(d)
    family = family_of(c, d)
    i = c.index[number]
    if family.team_code or d.text is None:
        return _coloured(c, i, family.explain(c, d, i))
    return _coloured(c, i, replace(family.explain(c, d.base, i), code=d.code))


def _coloured(ctx: Context, i: int, der: Derivation) -> Derivation:
    """``der`` with each round's term carrying the participant's colour in that round as the file
    records it (a forfeit's scheduled colour; a match: board 1's): the game lines of an explanation
    say who had White; and, with a dummy under rules without the 2026 caps, a note that says so
    (issue 35)."""
    colours = ctx.colours[i]

    def colour(t: Term) -> str | None:
        if t.round is None or t.opponent is None or not 0 < t.round <= len(colours):
            return None
        c = colours[t.round - 1]
        return c if c in ("w", "b") else None

    der = replace(der, terms=tuple(replace(t, colour=colour(t)) for t in der.terms))
    # A dummy under rules without the 2026 caps says so: the reader sees no cap was forgotten.
    if not ctx.conv.dummy_cap and any(key == "dummy" for t in der.terms for key, _ in t.reason.parts):
        der = replace(der, notes=(*der.notes, Reason.of("note.uncapped")))
    return der


def order(ctx: Context, d: Descriptor, group: Sequence[int], trace: list[object] | None = None) -> list[list[int]]:
    """The tiers of a tied ``group`` (participant indices) by the order ``d``, best first."""
    if len(group) < 2:
        return [list(group)]
    return ORDERS[d.name](ctx.counting(d), d, group, trace)


def explain_order(
    ctx: Context, d: Descriptor, number: int, group: Sequence[int] | None, tier: int | None
) -> Derivation:
    """How the order ``d`` placed ``number`` in its tied ``group`` (numbers; None or one: it was
    alone) at ``tier``: its mini-tables with the games among the group (DE, EDE and its chains),
    or the board vectors it compared (TBR, BBE), and the order that follows."""
    if not group or len(group) < 2:
        return Derivation(d.code, number, (), None, notes=(Reason.of("note.de_alone"),))
    from tbxl.derivation.encounter import EncounterStep  # an explanation's: a ranking never loads it (issue 26 item 7)

    trace: list[object] = []
    c = ctx.counting(d)
    tiers = order(ctx, d, [c.index[n] for n in group], trace)
    number_of = [p.start_number for p in c.players]
    return Derivation(
        d.code,
        number,
        (),
        tier,
        notes=(Reason.of("note.de_tier"),),
        table=tuple(x for x in trace if isinstance(x, dict)),
        steps=_once([x for x in trace if isinstance(x, EncounterStep)]),
        tiers=tuple(tuple(number_of[i] for i in t) for t in tiers),
    )


__all__ = [
    "CODES",
    "Column",
    "Context",
    "Descriptor",
    "FAMILIES",
    "Family",
    "ORDERS",
    "Order",
    "compute",
    "explain",
    "explain_order",
    "family_of",
    "order",
    "parse",
    "parse_list",
]


def _once(steps: list[EncounterStep]) -> tuple[EncounterStep, ...]:
    """The steps in order, each the first time it is taken: EDE's loop (Art. 13, as the reference
    engine runs it) applies a score again to a group its recursion has just compared on it, with
    the same mini-table and outcome, which an explanation need not show twice."""
    out: list[EncounterStep] = []
    for step in steps:
        if step not in out:
            out.append(step)
    return tuple(out)
