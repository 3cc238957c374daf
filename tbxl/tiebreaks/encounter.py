"""Direct Encounter (C.07 Art. 6): an order of the tied participants, not a number.

Algorithm of C07 §7: mini-table of the games among the group (averaged when two met more than
once, 6.1.2); complete group -> order by it and re-apply to sub-ties (6.2); Swiss with missing
games -> place a participant only when alone on top whatever the missing games (6.3), then
re-apply to the rest.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Optional, Protocol, Sequence

from tbxl.derivation import Reason
from tbxl.model import Kind

if TYPE_CHECKING:
    from tbxl.tiebreaks.codes import Descriptor
    from tbxl.tiebreaks.context import Context


@dataclass(frozen=True)
class MiniRow:
    """One line of a DE mini-table (indices are player indices)."""

    player: int
    score: Fraction       # units / unit: points among the group
    missing: int          # members of the group not met in a counted game
    maximum: Fraction     # score if every missing game were won (6.3)


class Games(Protocol):
    """What DE reads of the games: a :class:`~tbxl.tiebreaks.context.Context`, or a team event's
    matches worth board points (:class:`~tbxl.tiebreaks.boards.BoardGames`)."""

    @property
    def kind(self) -> list[list[Kind]]: ...
    @property
    def raw_kind(self) -> list[list[Kind]]: ...
    @property
    def opp(self) -> list[list[int]]: ...
    @property
    def pts(self) -> list[list[int]]: ...
    @property
    def unit(self) -> int: ...
    @property
    def win(self) -> int: ...
    @property
    def round_robin(self) -> bool: ...


#: One mini-table built by :func:`order`: the group, its rows and what the step concluded.
Step = tuple[list[int], list["MiniRow"], Reason]


def _counted(ctx: Games, i: int, r: int, played_forfeits: bool) -> bool:
    k = ctx.kind[i][r]
    return k is Kind.PLAYED or k is Kind.SHORT or (played_forfeits and ctx.raw_kind[i][r].is_forfeit)


def mini_table(ctx: Games, group: Sequence[int], played_forfeits: bool = False) -> list[MiniRow]:
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


def order(ctx: Games, group: Sequence[int], played_forfeits: bool = False,
          trace: Optional[list[Step]] = None) -> list[list[int]]:
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


def order_de(ctx: "Context", d: "Descriptor", group: Sequence[int],
             trace: Optional[list[dict[str, object]]] = None) -> list[list[int]]:
    """DE (Art. 6) as an order of the tie-break list: the tiers of a tied group, best first;
    ``trace`` collects the rows of its mini-tables (:func:`trace_rows`)."""
    steps: Optional[list[Step]] = [] if trace is not None else None
    tiers = order(ctx, group, d.played_forfeits, steps)
    if trace is not None and steps is not None:
        trace.extend(trace_rows(ctx, steps, f"direct encounter ({ctx.score_name})"))
    return tiers


def trace_rows(ctx: "Context", steps: Sequence[Step], label: str) -> list[dict[str, object]]:
    """The mini-tables of DE steps as rows of a derivation table: a player's rows name the step's
    outcome; a team's name the ``label`` of the step (EDE's chains have several) and its outcome."""
    number = [p.start_number for p in ctx.players]
    rows: list[dict[str, object]] = []
    for grp, mini, outcome in steps:
        members = ", ".join(str(number[g]) for g in grp)
        for r in mini:
            if ctx.event.is_team:
                rows.append({"step": label, "group": members, "team": number[r.player], "score": r.score,
                             "missing": r.missing, "maximum": r.maximum, "outcome": outcome})
            else:
                rows.append({"group": members, "player": number[r.player], "score": r.score,
                             "missing": r.missing, "maximum": r.maximum, "step": outcome})
    return rows
