"""Check a published table, number by number, against the announced rules and the candidates.

Every published value is computed under the announced convention; where they differ, every
candidate (:mod:`tbxl.audit.candidates`) is tried and those reproducing the published number are
kept, the one that reproduces its whole column first, with the term-level change that makes the
difference (:mod:`tbxl.audit.changes`). Published ranks are checked group by group (rules change
ranks only among those equal on points, C.07 4.2). The event is reached through an engine
(:mod:`tbxl.audit.engine`): an individual or a team event, the same checks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from tbxl.audit.candidates import Candidate, candidates, cuts_buchholz, forfeit_winners, orders
from tbxl.audit.changes import changes
from tbxl.audit.engine import Engine
from tbxl.derivation import Reason
from tbxl.errors import InputError
from tbxl.io.published import RANK, Published, PublishedValue
from tbxl.model import Event
from tbxl.rules import Convention
from tbxl.standings import Standings, Value

# Status of one published number.
AGREE = "agree"
EXPLAINED = "explained"
UNEXPLAINED = "unexplained"
SKIPPED = "skipped"


#: How pairing programs print what tbxl computes the same way: a published number that differs only
#: by such a habit is explained by it (C07 §8.4), with no rule set behind it.
ZERO_FOR_NO_VALUE = "0 for no value (Swiss-Manager)"
HABITS: dict[str, str] = {
    ZERO_FOR_NO_VALUE: "prints 0 where a tie-break has no value (ARO, APRO, TPR of a player without a "
    "rated game over the board): a display habit, not another rule",
}

#: Why a published rank is unexplained, when more can be said than "no rule set gives it".
RANK_AGAINST_POINTS = "rank_against_points"

#: Why a rank column is not checked: it repeats the start numbers (a TRF written before the ranking,
#: or by a program that leaves the column as the pairing numbers), so it publishes no ranks.
UNRANKED = (
    "the rank column repeats the start numbers (an unranked file): it publishes no ranks, so there is nothing to check"
)
#: ... it holds one rank for everybody (a program that writes 1, or the same place, on every line).
UNRANKED_EQUAL = (
    "the rank column holds the same rank for everybody (an unranked file): it publishes no ranking, "
    "so there is nothing to check"
)
#: ... a rank of 0 is no place (a file written before the ranking): those lines publish no rank.
UNRANKED_ZERO = "the rank column holds 0 (an unranked file): 0 is no place, so it publishes no rank to check"


def describe_match(a: Audit, name: str) -> str:
    """What a match of :attr:`Finding.matches` does, in words: a display habit or a rule set."""
    return HABITS.get(name) or (a.rules.describe() if name == a.rules.name else a.engine.tried[name].describe())


@dataclass
class Finding:
    """One published number and what the audit says of it."""

    published: PublishedValue
    name: str
    computed: str | Value  # the value (or rank label) under the announced rules
    status: str
    matches: list[str] = field(default_factory=list)  # candidates reproducing the published number
    changes: list[Reason] = field(default_factory=list)  # what the first match changes
    why_skipped: str = ""
    why_unexplained: str = ""  # e.g. RANK_AGAINST_POINTS

    @property
    def habit(self) -> str | None:
        """The display habit that explains this number (a key of :data:`HABITS`), if any."""
        return self.matches[0] if self.status == EXPLAINED and self.matches and self.matches[0] in HABITS else None

    @property
    def code(self) -> str:
        return self.published.code

    @property
    def start_number(self) -> int:
        return self.published.start_number


@dataclass
class ColumnVerdict:
    """A whole published column: how many values agree, and the rule sets reproducing all of it."""

    code: str
    checked: int
    agree: int
    reproduced_by: list[str]


@dataclass
class Audit:
    tournament: Event
    published: Published
    rules: Convention
    tiebreaks: list[str]
    findings: list[Finding]
    columns: list[ColumnVerdict]
    standings: Standings
    engine: Engine = field(repr=False)

    def standings_under(self, name: str) -> Standings:
        """The standings under the announced rules or any rule set tried (by its name, as in
        :attr:`Finding.matches`)."""
        if name == self.rules.name or name in HABITS:  # a habit prints the announced rules' numbers
            return self.standings
        return self.engine.ranking(self.engine.tried[name])

    @property
    def rules_name(self) -> str:
        """The announced rules as the outputs name them (:attr:`tbxl.standings.Standings.rules`:
        on a team event with the team settings changed, ``fide-2024+ede_bc=higher-first``)."""
        return self.standings.rules

    @property
    def differences(self) -> list[Finding]:
        return [f for f in self.findings if f.status in (EXPLAINED, UNEXPLAINED)]

    @property
    def summary(self) -> dict[str, int]:
        def count(s: str) -> int:
            return sum(f.status == s for f in self.findings)

        checked = sum(f.status != SKIPPED for f in self.findings)
        return {
            "checked": checked,
            "agree": count(AGREE),
            "explained": count(EXPLAINED),
            "unexplained": count(UNEXPLAINED),
            "skipped": count(SKIPPED),
        }

    @property
    def ok(self) -> bool:
        """True when every difference is explained (exit status 0 of ``tbxl audit``)."""
        return not any(f.status == UNEXPLAINED for f in self.findings)


def rank_range(st: Standings, sn: int) -> tuple[int, int]:
    """First and last place a player may hold: a shared place "3-5" allows 3, 4 or 5 (lots or a
    further rule may have ordered them in the published list)."""
    row = st.row(sn)
    if row.expelled:  # no rank: after every ranked player
        return row.rank, row.rank
    first, _, last = row.rank_label.partition("-")
    return int(first), int(last or first)


def check(engine: Engine, published: Published, conv: Convention) -> Audit:
    """Check every published number with ``engine`` (the event's values and rankings under each
    rule set, :func:`tbxl.audit.engine.engine_for`) against ``conv`` and the candidates."""
    tournament = engine.t
    st = engine.standings(conv)
    tried = candidates(conv, tournament.is_round_robin, _forfeit_win_cut(engine, st, published), tournament)
    engine.tried.update((c.name, c) for c in tried)
    findings: list[Finding] = []
    ranks: list[PublishedValue] = []
    for pv in published.values:
        if pv.start_number not in tournament:  # the readers check this; a caller's own table may not
            raise InputError(f"{pv.place}: no {engine.who} {pv.start_number} in the tournament")
        if pv.code == RANK:
            ranks.append(pv)
        else:
            findings.append(_check_value(engine, conv, tried, pv, engine.name(pv.start_number)))
    ranks, unranked = _published_ranks(st, ranks)
    findings += [
        Finding(pv, engine.name(pv.start_number), st.row(pv.start_number).rank_label, SKIPPED, why_skipped=why)
        for pv, why in unranked
    ]
    findings += _check_ranks(engine, st, tried, ranks)
    columns = _columns(engine, conv, tried, findings)
    _name_first_matches(engine, conv, findings, columns, published)
    return Audit(tournament, published, conv, engine.tiebreaks, findings, columns, st, engine)


def _published_ranks(
    st: Standings, ranks: list[PublishedValue]
) -> tuple[list[PublishedValue], list[tuple[PublishedValue, str]]]:
    """The ranks a rank column publishes, and those it does not, each with why (said once by the
    audit's texts, issue 35 item 7): a 0 is no place; a column of the start numbers again, or of
    one rank for everybody, is an unranked file's (unless the standings agree with every line of
    it: then it is a ranking, checked as one)."""
    zero = [(pv, UNRANKED_ZERO) for pv in ranks if pv.value == 0]
    ranks = [pv for pv in ranks if pv.value != 0]
    if len(ranks) > 1 and not all(_inside(st, pv) for pv in ranks):
        if all(pv.value == pv.start_number for pv in ranks):
            return [], zero + [(pv, UNRANKED) for pv in ranks]
        if len({pv.value for pv in ranks}) == 1:
            return [], zero + [(pv, UNRANKED_EQUAL) for pv in ranks]
    return ranks, zero


def _forfeit_win_cut(engine: Engine, st: Standings, published: Published) -> bool:
    """Can ``bh_forfeit_win`` change a published number? It is tried where Swiss-Manager's habit is
    seen, a Buchholz with a low cut among the codes checked (issue 20), and only on the numbers it
    reaches: the values of a participant who won a round by forfeit, the AOB of its opponents (an
    average of their Buchholz, 8.2), the ranks of those equal on points with either (ranks change
    only within a points group, 4.2)."""
    winners = forfeit_winners(engine.t)
    if not winners:
        return False
    codes = {pv.code for pv in published.values if pv.code != RANK}
    ranks = [pv.start_number for pv in published.values if pv.code == RANK]
    if not cuts_buchholz(engine.parse(code) for code in sorted(codes | (set(engine.tiebreaks) if ranks else set()))):
        return False
    met = set().union(*winners.values())
    # A ranking by AOB also moves the opponents of a participant who won by forfeit.
    moved = winners.keys() | (met if any(engine.parse(code).name == "AOB" for code in engine.tiebreaks) else set())
    points = {st.row(n).points for n in moved}
    for pv in published.values:
        if pv.code == RANK:
            if st.row(pv.start_number).points in points:
                return True
        elif pv.start_number in winners or (engine.parse(pv.code).name == "AOB" and pv.start_number in met):
            return True
    return False


def _check_value(engine: Engine, conv: Convention, tried: list[Candidate], pv: PublishedValue, name: str) -> Finding:
    d = engine.parse(pv.code)
    if engine.is_order(d):
        return Finding(
            pv,
            name,
            None,
            SKIPPED,
            why_skipped=f"{d.name} is an order within a tied group, not a number: the rank check covers it",
        )
    computed = engine.value(conv, d, pv.start_number)
    if pv.matches(computed):
        return Finding(pv, name, computed, AGREE)
    if computed is None and pv.value == 0:
        return Finding(
            pv, name, computed, EXPLAINED, [ZERO_FOR_NO_VALUE], [Reason.of("change.zero_for_no_value", code=pv.code)]
        )
    matches = [c for c in tried if pv.matches(engine.value(c.convention, d, pv.start_number))]
    if not matches:
        return Finding(pv, name, computed, UNEXPLAINED)
    return Finding(pv, name, computed, EXPLAINED, [c.name for c in matches])


def _name_first_matches(
    engine: Engine, conv: Convention, findings: list[Finding], columns: list[ColumnVerdict], published: Published
) -> None:
    """Order each explained difference's matches, then say what the first one changes. First come
    the rule sets that reproduce its whole column, then those explaining the most differences of
    the column (stable, so the candidate order breaks ties): the rule set a program used gives the
    whole column, a coincidence only a value or two. A rank's matches put first the rule sets that
    reproduce the most published value columns (the ranks of a bulletin follow its values), and
    the rank column's verdict names them first too."""
    whole = {c.code: set(c.reproduced_by) for c in columns}
    values_whole: dict[str, int] = {}
    for c in columns:
        if c.code != RANK:
            for name in c.reproduced_by:
                values_whole[name] = values_whole.get(name, 0) + 1
    for c in columns:
        if c.code == RANK:
            c.reproduced_by = sorted(c.reproduced_by, key=lambda n: -values_whole.get(n, 0))
    shown = {(pv.start_number, pv.code): pv.value for pv in published.values if pv.code != RANK}
    per_code: dict[str, dict[str, int]] = {}
    for f in findings:
        if f.status == EXPLAINED:
            score = per_code.setdefault(f.code, {})
            for name in f.matches:
                score[name] = score.get(name, 0) + 1
    for f in findings:
        if f.status != EXPLAINED or f.habit:
            continue
        score = per_code[f.code]
        if f.code == RANK:
            f.matches = sorted(f.matches, key=lambda n: (n not in whole[f.code], -values_whole.get(n, 0), -score[n]))
        else:
            f.matches = sorted(f.matches, key=lambda n: (n not in whole[f.code], -score[n]))
        best = engine.tried[f.matches[0]]
        if f.code == RANK:
            f.changes = _rank_changes(engine.standings(conv), engine.ranking(best), f.start_number, shown)
        else:
            d = engine.parse(f.code)
            f.changes = changes(
                engine.explain(conv, d, f.start_number), engine.explain(best.convention, d, f.start_number)
            )


def _inside(st: Standings, pv: PublishedValue) -> bool:
    """Is the published rank one of the places the player holds under ``st``?"""
    first, last = rank_range(st, pv.start_number)
    assert pv.value is not None  # a rank printed as no value is refused by the readers
    return first <= int(pv.value) <= last


def _check_ranks(engine: Engine, st: Standings, tried: list[Candidate], ranks: list[PublishedValue]) -> list[Finding]:
    """Published ranks. Rules change ranks only within a group equal on points, so a rule set
    explains a group's differences when it puts every published member of the group in place.
    Besides the rule sets, the engine's :meth:`~tbxl.audit.engine.Engine.rank_candidates` and the announced rules
    with the tie-break list in another order are tried (a program set up with the list in the wrong
    order is a common cause)."""
    groups: dict[Fraction, list[PublishedValue]] = {}
    for pv in ranks:
        groups.setdefault(st.row(pv.start_number).points, []).append(pv)
    group_matches: dict[Fraction, list[str]] = {}
    more: list[Candidate] | None = None
    out: list[Finding] = []
    against = _ranked_against_points(st, ranks)
    for pv in ranks:
        row = st.row(pv.start_number)
        name, label = engine.name(pv.start_number), row.rank_label
        if _inside(st, pv):
            out.append(Finding(pv, name, label, AGREE))
            continue
        if more is None:
            more = engine.rank_candidates(st.convention, tried) + orders(st.convention, st.codes)
            engine.tried.update((c.name, c) for c in more)
        if row.points not in group_matches:  # once per group: the groups of a big Swiss are large
            group = groups[row.points]
            group_matches[row.points] = [
                c.name for c in tried + more if all(_inside(engine.ranking(c), g) for g in group)
            ]
        matches = group_matches[row.points]
        out.append(
            Finding(pv, name, label, EXPLAINED, list(matches))
            if matches
            else Finding(
                pv, name, label, UNEXPLAINED, why_unexplained=RANK_AGAINST_POINTS if pv.start_number in against else ""
            )
        )
    return out


def _ranked_against_points(st: Standings, ranks: list[PublishedValue]) -> set[int]:
    """Start numbers published behind a player with fewer points or ahead of one with more: no
    tie-break can do that (points always rank first, C.07 4.2), so it is said as it is."""
    by_points: dict[Fraction, list[tuple[int, Fraction]]] = {}  # points -> (start number, published rank)
    for pv in ranks:
        if pv.value is not None:
            by_points.setdefault(st.row(pv.start_number).points, []).append((pv.start_number, pv.value))
    levels = sorted(by_points, reverse=True)
    out: set[int] = set()
    worst_above: Fraction | None = None  # the worst published rank among players with more points
    for pts in levels:
        for sn, rank in by_points[pts]:
            if worst_above is not None and rank < worst_above:
                out.add(sn)
        worst = max(rank for _, rank in by_points[pts])
        worst_above = worst if worst_above is None else max(worst_above, worst)
    best_below: Fraction | None = None  # the best published rank among players with fewer points
    for pts in reversed(levels):
        for sn, rank in by_points[pts]:
            if best_below is not None and rank > best_below:
                out.add(sn)
        best = min(rank for _, rank in by_points[pts])
        best_below = best if best_below is None else min(best_below, best)
    return out


def _rank_changes(
    st: Standings, other: Standings, sn: int, published: Mapping[tuple[int, str], object] | None = None
) -> list[Reason]:
    """Which of the player's tie-break values differ under the other rules, in list order; a value
    the bulletin printed is quoted as printed (the other rules' own where it printed none)."""
    a, b = st.row(sn).values, other.row(sn).values
    printed = published or {}
    found = [
        Reason.of("change.tiebreak", code=code, old=_shown(a[code]), new=_shown(printed.get((sn, code), b[code])))
        for code in st.codes
        if a[code] != printed.get((sn, code), b[code])
    ]
    if other.codes != st.codes:
        found.insert(0, Reason.of("change.order", order=", ".join(other.codes), announced=", ".join(st.codes)))
    return found


def _shown(v: object) -> object:
    return "-" if v is None else v


def _columns(engine: Engine, conv: Convention, tried: list[Candidate], findings: list[Finding]) -> list[ColumnVerdict]:
    """Per published column: the rule sets (announced first) that reproduce every value of it."""
    by_code: dict[str, list[Finding]] = {}
    for f in findings:
        if f.status != SKIPPED:
            by_code.setdefault(f.code, []).append(f)
    out = []
    for code, found in by_code.items():
        agree = sum(f.status == AGREE for f in found)
        # A number printed by a display habit is the announced rules' number: it neither confirms
        # nor rules out a rule set.
        found = [f for f in found if not f.habit]
        if all(f.status == AGREE for f in found):
            reproduced = [conv.name]
        elif any(f.status == UNEXPLAINED for f in found):
            reproduced = []
        else:
            # Only candidates that explain every difference can reproduce the column; check them
            # on the agreeing values too.
            common = set.intersection(*(set(f.matches) for f in found if f.status == EXPLAINED))
            reproduced = [
                c.name
                for c in engine.tried.values()
                if c.name in common and all(_reproduces(engine, c, f) for f in found if f.status == AGREE)
            ]
        out.append(ColumnVerdict(code, len(by_code[code]), agree, reproduced))
    return out


def _reproduces(engine: Engine, c: Candidate, f: Finding) -> bool:
    pv = f.published
    if pv.code == RANK:
        return _inside(engine.ranking(c), pv)
    return pv.matches(engine.value(c.convention, engine.parse(pv.code), pv.start_number))
