"""Direct Encounter (C.07 Art. 6): an order of the tied participants, not a number.

Algorithm of C07 §7: mini-table of the games among the group (averaged when two met more than
once, 6.1.2); complete group -> order by it and re-apply to sub-ties (6.2); Swiss with missing
games -> place a participant only when alone on top whatever the missing games (6.3), then
re-apply to the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple, Protocol

from tbxl.derivation import Reason
from tbxl.model import Kind, team_event
from tbxl.model.codes import result_code

if TYPE_CHECKING:
    from tbxl.derivation.encounter import EncounterStep, Meeting
    from tbxl.tiebreaks.codes import Descriptor
    from tbxl.tiebreaks.context import Context


@dataclass(frozen=True)
class MiniRow:
    """One line of a DE mini-table (indices are player indices)."""

    player: int
    score: Fraction  # units / unit: points among the group
    missing: int  # members of the group not met in a counted game
    maximum: Fraction  # score if every missing game were won (6.3)


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


class Step(NamedTuple):
    """One mini-table built by :func:`order` (player indices): the group, its rows, the rule that
    decided, the tiers that follow, and under 6.3 who was placed, or the pair that stopped it (the
    leader and one who could still catch up)."""

    group: list[int]
    rows: list[MiniRow]
    outcome: Reason
    tiers: list[list[int]]
    placed: list[int]
    blocker: tuple[int, int] | None = None


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


def order(
    ctx: Games, group: Sequence[int], played_forfeits: bool = False, trace: list[Step] | None = None
) -> list[list[int]]:
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
            trace.append(Step(group, rows, Reason.of("de.complete" if complete else "de.predetermined"), tiers, []))
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
    blocker: tuple[int, int] | None = None
    if len(unplaced) > 1:  # the leader, and one whose maximum reaches its score
        top = unplaced[0]
        blocker = (top, next(q for q in unplaced[1:] if by[top].score <= by[q].maximum))
    if len(unplaced) == 1 and placed:
        placed.append(unplaced.pop())
    if trace is not None:
        trace.append(
            Step(
                group,
                rows,
                Reason.of("de.missing", placed=len(placed)),
                [[p] for p in placed] + ([[p for p in group if p in unplaced]] if unplaced else []),
                placed,
                blocker,
            )
        )
    if not placed:
        return [group]
    return [[p] for p in placed] + (order(ctx, unplaced, played_forfeits, trace) if unplaced else [])


def order_de(ctx: Context, d: Descriptor, group: Sequence[int], trace: list[object] | None = None) -> list[list[int]]:
    """DE (Art. 6) as an order of the tie-break list: the tiers of a tied group, best first;
    ``trace`` collects its mini-tables with their games (:func:`encounter_steps`)."""
    steps: list[Step] | None = [] if trace is not None else None
    tiers = order(ctx, group, d.played_forfeits, steps)
    if trace is not None and steps is not None:
        trace.extend(
            encounter_steps(ctx, ctx, steps, Reason.of("de.step", score=str(ctx.score_name)), d.played_forfeits)
        )
    return tiers


def meetings(ctx: Context, games: Games, group: Sequence[int], played_forfeits: bool) -> list[Meeting]:
    """The games (a team event: the matches) among ``group``, round by round, each with what it
    counted in the mini-table of ``games`` (None: left out, 6.1.1) and, unplayed, why (15.2, /P)."""
    from tbxl.derivation.encounter import Meeting  # an explanation's: a ranking never loads it (issue 26 item 7)

    number = [p.start_number for p in ctx.players]
    members = set(group)
    team = ctx.team
    if team:
        rounds = [t.rounds for t in team_event(ctx.event, "a team encounter").teams]
    position = {g: k for k, g in enumerate(group)}
    colours = ctx.colours
    out = []
    for i in group:
        for r, j in enumerate(games.opp[i]):
            if j not in members or position[j] <= position[i]:  # each meeting once, from the first's side
                continue
            raw = ctx.raw_kind[i][r]
            counted = _counted(games, i, r, played_forfeits)
            reason = None
            if raw is not Kind.PLAYED and raw is not Kind.SHORT:
                what = raw.value
                if not counted:
                    reason = Reason.of("de.left_out", what=what)
                elif games.round_robin:
                    reason = Reason.of("de.counted_rr", what=what)
                else:
                    reason = Reason.of("de.counted_p", what=what)
            code = result_code(raw, ctx.out[i][r])
            points = (Fraction(games.pts[i][r], games.unit), Fraction(games.pts[j][r], games.unit)) if counted else None
            if team:
                a, b = rounds[i][r], rounds[j][r]
                out.append(
                    Meeting(
                        r + 1,
                        number[i],
                        number[j],
                        "" if raw is Kind.PLAYED else code,
                        points,
                        reason,
                        (a.mp, b.mp),
                        (a.gp, b.gp),
                    )
                )
            elif colours[i][r] == "b" and colours[j][r] != "b":
                # A game is written White first (issue 35: "6 Farid - 7 Giang 0-1" read as
                # Farid having White): the result and the points from White's side.
                back = None if points is None else (points[1], points[0])
                code = result_code(ctx.raw_kind[j][r], ctx.out[j][r])
                out.append(Meeting(r + 1, number[j], number[i], code, back, reason, colour="w"))
            else:
                colour = "w" if colours[i][r] == "w" and colours[j][r] != "w" else None
                out.append(Meeting(r + 1, number[i], number[j], code, points, reason, colour=colour))
    return sorted(out, key=lambda m: (m.round, min(m.first, m.second)))


def encounter_steps(
    ctx: Context, games: Games, steps: Sequence[Step], compares: Reason, played_forfeits: bool
) -> list[EncounterStep]:
    """The mini-tables of DE steps as data (:class:`~tbxl.derivation.EncounterStep`), by start
    numbers: the games among each group with what they counted, the rows, the rule that decided,
    who was alone on top (or who could still catch up) and the order that follows."""
    from tbxl.derivation.encounter import EncounterStep, MiniTableRow  # as in meetings()

    number = [p.start_number for p in ctx.players]
    out = []
    for st in steps:
        by = {r.player: r for r in st.rows}
        games_of = meetings(ctx, games, st.group, played_forfeits)
        because: list[Reason] = []
        pairs = [(m.first, m.second) for m in games_of if m.counted]
        if len({frozenset(p) for p in pairs}) < len(pairs):
            because.append(Reason.of("de.average"))
        # 6.3: each placed one was alone on top (the last of a group placed whole: the one left).
        alone = st.placed[:-1] if st.placed and st.blocker is None else st.placed
        for p in alone:
            because.append(Reason.of("de.alone_on_top", who=str(number[p]), score=by[p].score))
        if st.blocker is not None:
            top, other = st.blocker
            because.append(
                Reason.of(
                    "de.nobody_alone",
                    who=str(number[top]),
                    score=by[top].score,
                    other=str(number[other]),
                    maximum=by[other].maximum,
                )
            )
        elif len(st.tiers) == 1:
            because.append(Reason.of("de.tied"))
        out.append(
            EncounterStep(
                compares,
                tuple(number[g] for g in st.group),
                tuple(games_of),
                tuple(MiniTableRow(number[r.player], r.score, r.missing, r.maximum) for r in st.rows),
                st.outcome,
                tuple(tuple(number[g] for g in tier) for tier in st.tiers),
                tuple(because),
            )
        )
    return out
