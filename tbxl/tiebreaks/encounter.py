"""Direct Encounter (C.07 Art. 6): an order of the tied participants, not a number.

Algorithm of C07 §7: mini-table of the games among the group (averaged when two met more than
once, 6.1.2); complete group -> order by it and re-apply to sub-ties (6.2); Swiss with missing
games -> place a participant only when alone on top whatever the missing games (6.3), then
re-apply to the rest.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from tbxl.derivation import Reason
from tbxl.model import Kind


@dataclass(frozen=True)
class MiniRow:
    """One line of a DE mini-table (indices are player indices)."""

    player: int
    score: Fraction       # units / unit: points among the group
    missing: int          # members of the group not met in a counted game
    maximum: Fraction     # score if every missing game were won (6.3)


def _counted(ctx, i: int, r: int, played_forfeits: bool) -> bool:
    k = ctx.kind[i][r]
    return k is Kind.PLAYED or k is Kind.SHORT or (played_forfeits and ctx.raw_kind[i][r].is_forfeit)


def mini_table(ctx, group: Sequence[int], played_forfeits: bool = False) -> list[MiniRow]:
    members = set(group)
    rows = []
    for i in group:
        per_opp: dict[int, list[int]] = {}
        for r, j in enumerate(ctx.opp[i]):
            if j in members and j != i and _counted(ctx, i, r, played_forfeits):
                per_opp.setdefault(j, []).append(ctx.pts[i][r])
        score = sum((Fraction(sum(v), len(v)) for v in per_opp.values()), Fraction(0)) / ctx.unit
        missing = len(members) - 1 - len(per_opp)
        rows.append(MiniRow(i, score, missing, score + Fraction(missing * ctx.win, ctx.unit)))
    return rows


def order(ctx, group: Sequence[int], played_forfeits: bool = False,
          trace: list | None = None) -> list[list[int]]:
    """Tiers of ``group`` (best first); a tier of several participants is still tied.

    ``trace``, when given, collects ``(group, rows, outcome)`` for each mini-table built, so a
    derivation can show every step.
    """
    group = list(group)
    if len(group) < 2:
        return [group]
    rows = mini_table(ctx, group, played_forfeits)
    by = {row.player: row for row in rows}
    complete = all(row.missing == 0 for row in rows)
    if complete or ctx.round_robin:
        scores = sorted({row.score for row in rows}, reverse=True)
        tiers = [[row.player for row in rows if row.score == s] for s in scores]
        if trace is not None:
            trace.append((group, rows, Reason.of("de.complete" if complete else "de.predetermined")))
        if len(tiers) == 1:
            return tiers
        out: list[list[int]] = []
        for tier in tiers:
            out.extend(order(ctx, tier, played_forfeits, trace) if len(tier) > 1 else [tier])
        return out
    # 6.3: alone at the top whatever the results of the missing games.
    unplaced = sorted(group, key=lambda p: -by[p].score)
    placed: list[int] = []
    while len(unplaced) > 1:
        top = unplaced[0]
        if all(by[top].score > by[q].maximum for q in unplaced[1:]):
            placed.append(top)
            unplaced.pop(0)
        else:
            break
    if len(unplaced) == 1 and placed:
        placed.append(unplaced.pop())
    if trace is not None:
        trace.append((group, rows, Reason.of("de.missing", placed=len(placed))))
    if not placed:
        return [group]
    return [[p] for p in placed] + (order(ctx, unplaced, played_forfeits, trace) if unplaced else [])
