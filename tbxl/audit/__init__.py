"""Audit published tie-break values and ranks against the announced rules, and say which rule
each differing number does follow.

A pairing program's standings (or a TRF's rank column) are a :class:`Published` table. For every
published value, :func:`audit` computes the value under the announced convention; where they
differ, it tries every named convention and every documented setting (C07 §9, §8.4) and keeps
those that reproduce the published number, with the term-level change that makes the difference
(:mod:`tbxl.audit.changes`). Files are read elsewhere (:mod:`tbxl.io.published`); this module only
compares.

>>> from importlib.resources import files
>>> from tbxl.io.trf import read_trf
>>> t = read_trf(files("tbxl.examples").joinpath("held_swiss_5.trf").read_text())
>>> bulletin = Published("bulletin", [PublishedValue(4, "BH", "15.0", Fraction(15), 1)])
>>> found = audit(t, bulletin, rules=conventions.get("fide-2026"))
>>> found.summary
{'checked': 1, 'agree': 0, 'explained': 1, 'unexplained': 0, 'skipped': 0}
>>> f = found.findings[0]
>>> f.status, f.computed, f.matches[0]
('explained', Fraction(14, 1), 'fide-2024')
>>> print(f.changes[0])
round 2, half-point bye: 3.5 instead of 2.5, without “capped at a draw x 5 rounds”
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import permutations
from fractions import Fraction
from typing import Any, Iterable, Optional

from tbxl.rules import conventions
from tbxl.audit.changes import changes
from tbxl.rules.conventions import PRESETS, SETTINGS, Convention
from tbxl.derivation import Reason
from tbxl.errors import InputError
from tbxl.model import Tournament
from tbxl.standings import Standings, compute_standings, resolve_tiebreaks
from tbxl.tiebreaks.context import convention_of
from tbxl.tiebreaks import Context, compute, explain
from tbxl.tiebreaks.codes import Descriptor, parse

RANK = "RANK"

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


def describe_match(a: "Audit", name: str) -> str:
    """What a match of :attr:`Finding.matches` does, in words: a display habit or a rule set."""
    return HABITS.get(name) or (a.rules.describe() if name == a.rules.name else a.engine.tried[name].describe())


@dataclass(frozen=True)
class PublishedValue:
    """One published number: a tie-break value, the points (``PTS``) or the rank (``RANK``).

    ``value`` is the exact number as printed (None: printed as "no value", e.g. ``-``);
    ``decimals`` how many decimals it was printed with (published values are rounded: AOB 13.38);
    ``where`` says where it was read (``standings.csv:12``, ``bulletin.xlsx!Sheet1!C7``) and
    ``column`` under which header (``TB1``).
    """

    start_number: int
    code: str
    text: str
    value: Optional[Fraction]
    decimals: int
    where: str = ""
    column: str = ""

    @property
    def place(self) -> str:
        """Where it was read, in English: ``standings.csv:12, column 'TB1'``."""
        return f"{self.where}, column {self.column!r}" if self.column else self.where

    def matches(self, exact) -> bool:
        """Does the exact value print as this one? Rounded either way to the printed decimals.

        >>> PublishedValue(1, "AOB", "13.38", Fraction(1338, 100), 2).matches(Fraction(107, 8))
        True
        >>> PublishedValue(1, "BH", "41.5", Fraction(83, 2), 1).matches(41)
        False
        """
        if self.value is None or exact is None:
            return self.value is None and exact is None
        return abs(Fraction(exact) - self.value) * 10 ** self.decimals <= Fraction(1, 2)


@dataclass
class Published:
    """A published standings table: where it came from and its numbers."""

    source: str
    values: list[PublishedValue]
    tiebreaks: list[str] = field(default_factory=list)  # the tie-break columns, in order
    notes: list[str] = field(default_factory=list)      # reader's remarks (columns ignored ...)


@dataclass
class Candidate:
    """A rule set tried to explain a difference: a preset, possibly with settings changed, or (for
    ranks) the announced rules with the tie-breaks applied in another order."""

    convention: Convention
    tiebreaks: Optional[tuple[str, ...]] = None   # the list in the order tried (ranks only)
    #: The event's own settings ranked under (a team event's :class:`~tbxl.rules.team.TeamSettings`;
    #: None: the audit's), how the name spells what they change ("+ede_bc=higher-first") and in words.
    settings: Any = None
    spelled: str = ""
    said: str = ""

    @property
    def name(self) -> str:
        if self.tiebreaks is not None:
            return f"{self.convention.name} with tie-breaks {','.join(self.tiebreaks)}"
        return self.convention.name + self.spelled

    def describe(self) -> str:
        """The rule set in words (:meth:`Convention.describe`), the event's settings changed, and
        the tie-break order tried."""
        text = self.convention.describe() + (f"; {self.said}" if self.said else "")
        return text + (f", with the tie-breaks in the order {', '.join(self.tiebreaks)}"
                       if self.tiebreaks is not None else "")


@dataclass
class Finding:
    """One published number and what the audit says of it."""

    published: PublishedValue
    name: str
    computed: object                 # the value (or rank label) under the announced rules
    status: str
    matches: list[str] = field(default_factory=list)   # candidates reproducing the published number
    changes: list[Reason] = field(default_factory=list)  # what the first match changes
    why_skipped: str = ""
    why_unexplained: str = ""        # e.g. RANK_AGAINST_POINTS

    @property
    def habit(self) -> Optional[str]:
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
    tournament: Tournament
    published: Published
    rules: Convention
    tiebreaks: list[str]
    findings: list[Finding]
    columns: list[ColumnVerdict]
    standings: Standings
    engine: "_Engine" = field(repr=False, default=None)

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
        count = lambda s: sum(f.status == s for f in self.findings)
        checked = sum(f.status != SKIPPED for f in self.findings)
        return {"checked": checked, "agree": count(AGREE), "explained": count(EXPLAINED),
                "unexplained": count(UNEXPLAINED), "skipped": count(SKIPPED)}

    @property
    def ok(self) -> bool:
        """True when every difference is explained (exit status 0 of ``tbxl audit``)."""
        return not any(f.status == UNEXPLAINED for f in self.findings)


#: The switches programs and editions differ on (C07 §9 options, §8.4 behaviours): tried on the
#: announced rules and on every preset.
SWITCHES = ("cut_priority", "vur_cut", "sb_vur_pick", "rr_forfeit_win", "fpb_returns_to_play", "dummy_cap_rounds", "short_games",
            "exceptions_15_2")
#: The remaining settings, tried on the announced rules only, as a last resort. ``unrated_rating`` is
#: a number with no finite list of values: it is not guessed.
STRUCTURAL = tuple(k for k in SETTINGS if k not in SWITCHES and k != "unrated_rating")


def _matters(option: str, base: Convention, round_robin: Optional[bool]) -> bool:
    """Can changing ``option`` change a number of ``base``? Settings that cannot are not tried, so
    an audit costs no ranking for them (``round_robin`` None: unknown, try everything)."""
    if option == "rr_forfeit_win":
        return round_robin is not False
    if option == "sb_vur_pick":  # only when VURs are cut first and their dummies can differ (D23)
        return base.vur_cut != conventions.VUR_NONE and (base.dummy_cap or base.own_unplayed != conventions.DUMMY)
    return True


def _variants(base: Convention, options: Iterable[str], round_robin: Optional[bool] = None) -> list[Convention]:
    out = []
    for option in options:
        if not _matters(option, base, round_robin):
            continue
        for value in SETTINGS[option].values:
            if getattr(base, option) != value:
                out.append(base.with_options(**{option: value}))
    return out


def candidates(rules: Convention, round_robin: Optional[bool] = None) -> list[Candidate]:
    """Rule sets tried to explain a difference, the most telling first: the other presets (an
    edition or a program's option as a whole); the announced rules with one switch changed; the
    other presets with one switch changed; the announced rules with one structural setting
    changed. The first one that reproduces a number is the one its changes are shown for.
    ``round_robin`` (the tournament's pairing, when known) leaves out what cannot matter."""
    seen: set = {_fields(rules)}
    out: list[Candidate] = []

    def add(conv: Convention) -> None:
        key = _fields(conv)
        if key not in seen:
            seen.add(key)
            out.append(Candidate(conv))

    others = [p for p in PRESETS.values() if p.preset != rules.preset]
    for p in others:  # every preset by its own name, even where two name the same rules
        if _fields(p) != _fields(rules):
            seen.add(_fields(p))
            out.append(Candidate(p))
    for conv in _variants(rules, SWITCHES, round_robin):
        add(conv)
    for p in others:
        for conv in _variants(p, SWITCHES, round_robin):
            add(conv)
    for conv in _variants(rules, STRUCTURAL, round_robin):
        add(conv)
    return out


def _fields(conv: Convention) -> tuple:
    """What a convention computes with (its name aside): two names for one rule set count once."""
    return tuple(conv.settings.values())


class _Engine:
    """Values and derivations under several conventions, each context built once, on demand.
    The checks reach the event only through it (``parse``, ``is_order``, ``name``, ``value``,
    ``explain``, ``standings``, ``ranking``): :mod:`tbxl.audit.team` gives a team event its own."""

    parse = staticmethod(parse)

    def __init__(self, tournament: Tournament, tiebreaks: list[str]) -> None:
        self.t = tournament
        self.tiebreaks = tiebreaks
        self._standings: dict[tuple, Standings] = {}
        self.tried: dict[str, Candidate] = {}   # every candidate tried, by name

    @staticmethod
    def is_order(d: Descriptor) -> bool:
        """An order within a tied group (DE), not a number: the rank check covers it."""
        return d.name == "DE"

    def name(self, sn: int) -> str:
        return self.t.player(sn).name

    def context(self, conv: Convention) -> Context:
        """The context of ``conv``: the one its standings were ranked with, so that each rule set
        builds its context once (the most costly step) and computes each column once."""
        return self.standings(conv).context

    def value(self, conv: Convention, d: Descriptor, sn: int):
        ctx = self.context(conv)
        return compute(ctx, d).value(ctx.index[sn])

    def explain(self, conv: Convention, d: Descriptor, sn: int):
        return explain(self.context(conv), d, sn)

    def standings(self, conv: Convention, tiebreaks: Optional[tuple[str, ...]] = None) -> Standings:
        key = (conv.name, tiebreaks)
        if key not in self._standings:
            self._standings[key] = compute_standings(self.t, list(tiebreaks or self.tiebreaks), conv)
        return self._standings[key]

    def ranking(self, c: Candidate) -> Standings:
        """The standings of a candidate (its own tie-break order, if it has one)."""
        return self.standings(c.convention, c.tiebreaks)

    def rank_candidates(self, conv: Convention, tried: list[Candidate]) -> list[Candidate]:
        """More rule sets (on the announced ``conv`` and those ``tried``), tried on published ranks
        only: settings that change an order within a tied group and no value (a team event's
        ``ede_bc``). An individual event has none."""
        return []


def rank_range(st: Standings, sn: int) -> tuple[int, int]:
    """First and last place a player may hold: a shared place "3-5" allows 3, 4 or 5 (lots or a
    further rule may have ordered them in the published list)."""
    row = st.row(sn)
    first, _, last = row.rank_label.partition("-")
    return int(first), int(last or first)


def audit(tournament: Tournament, published: Published, *, rules: Optional[Convention] = None,
          tiebreaks=None) -> Audit:
    """Check every published number against ``rules`` (a :class:`Convention`, resolved at the edge
    by :func:`tbxl.rules.conventions.resolve`; default: the edition in force at the start date) and try
    the candidates on each difference.

    ``tiebreaks`` is the ranking's tie-break list (default: the file's 212/202 record, else the
    published tie-break columns in their order, else tbxl's default list).
    """
    conv = convention_of(rules, tournament)
    if tiebreaks is None and not tournament.tiebreaks and published.tiebreaks:
        tiebreaks = published.tiebreaks
    codes = [d.code for d in resolve_tiebreaks(tournament, tiebreaks)]
    return check(_Engine(tournament, codes), published, conv, "player with start number")


def check(engine: "_Engine", published: Published, conv: Convention, who: str) -> Audit:
    """Check every published number with ``engine`` (the event's values and rankings: individual,
    or a team event's :class:`tbxl.audit.team.TeamAuditEngine`); ``who`` names a row's number in
    errors ("player with start number")."""
    tournament = engine.t
    st = engine.standings(conv)
    tried = candidates(conv, tournament.is_round_robin)
    engine.tried.update((c.name, c) for c in tried)
    findings: list[Finding] = []
    ranks: list[PublishedValue] = []
    for pv in published.values:
        if pv.start_number not in tournament:  # the readers check this; a caller's own table may not
            raise InputError(f"{pv.place}: no {who} {pv.start_number} in the tournament")
        if pv.code == RANK:
            ranks.append(pv)
        else:
            findings.append(_check_value(engine, conv, tried, pv, engine.name(pv.start_number)))
    findings += _check_ranks(engine, st, tried, ranks)
    columns = _columns(engine, conv, tried, findings)
    _name_first_matches(engine, conv, findings, columns)
    return Audit(tournament, published, conv, engine.tiebreaks, findings, columns, st, engine)


def _check_value(engine: _Engine, conv: Convention, tried: list[Candidate], pv: PublishedValue,
                 name: str) -> Finding:
    d = engine.parse(pv.code)
    if engine.is_order(d):
        return Finding(pv, name, None, SKIPPED, why_skipped=f"{d.name} is an order within a tied group, not a "
                       "number: the rank check covers it")
    computed = engine.value(conv, d, pv.start_number)
    if pv.matches(computed):
        return Finding(pv, name, computed, AGREE)
    if computed is None and pv.value == 0:
        return Finding(pv, name, computed, EXPLAINED, [ZERO_FOR_NO_VALUE],
                       [Reason.of("change.zero_for_no_value", code=pv.code)])
    matches = [c for c in tried if pv.matches(engine.value(c.convention, d, pv.start_number))]
    if not matches:
        return Finding(pv, name, computed, UNEXPLAINED)
    return Finding(pv, name, computed, EXPLAINED, [c.name for c in matches])


def _name_first_matches(engine: _Engine, conv: Convention, findings: list[Finding],
                        columns: list["ColumnVerdict"]) -> None:
    """Order each explained difference's matches, then say what the first one changes. First come
    the rule sets that reproduce its whole column, then those explaining the most differences of
    the column (stable, so the candidate order breaks ties): the rule set a program used gives the
    whole column, a coincidence only a value or two."""
    whole = {c.code: set(c.reproduced_by) for c in columns}
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
        f.matches = sorted(f.matches, key=lambda n: (n not in whole[f.code], -score[n]))
        best = engine.tried[f.matches[0]]
        if f.code == RANK:
            f.changes = _rank_changes(engine.standings(conv), engine.ranking(best), f.start_number)
        else:
            d = engine.parse(f.code)
            f.changes = changes(engine.explain(conv, d, f.start_number),
                                engine.explain(best.convention, d, f.start_number))


def _inside(st: Standings, pv: PublishedValue) -> bool:
    """Is the published rank one of the places the player holds under ``st``?"""
    first, last = rank_range(st, pv.start_number)
    return first <= int(pv.value) <= last


def _check_ranks(engine: _Engine, st: Standings, tried: list[Candidate],
                 ranks: list[PublishedValue]) -> list[Finding]:
    """Published ranks. Rules change ranks only within a group equal on points, so a rule set
    explains a group's differences when it puts every published member of the group in place.
    Besides the rule sets, the engine's :meth:`~_Engine.rank_candidates` and the announced rules
    with the tie-break list in another order are tried (a program set up with the list in the wrong
    order is a common cause)."""
    groups: dict = {}
    for pv in ranks:
        groups.setdefault(st.row(pv.start_number).points, []).append(pv)
    group_matches: dict = {}
    orders: Optional[list[Candidate]] = None
    out: list[Finding] = []
    against = _ranked_against_points(st, ranks)
    for pv in ranks:
        row = st.row(pv.start_number)
        name, label = engine.name(pv.start_number), row.rank_label
        if _inside(st, pv):
            out.append(Finding(pv, name, label, AGREE))
            continue
        if orders is None:
            orders = engine.rank_candidates(st.convention, tried) + _orders(st)
            engine.tried.update((c.name, c) for c in orders)
        if row.points not in group_matches:  # once per group: the groups of a big Swiss are large
            group = groups[row.points]
            group_matches[row.points] = [c.name for c in tried + orders
                                         if all(_inside(engine.ranking(c), g) for g in group)]
        matches = group_matches[row.points]
        out.append(Finding(pv, name, label, EXPLAINED, list(matches)) if matches
                   else Finding(pv, name, label, UNEXPLAINED,
                                why_unexplained=RANK_AGAINST_POINTS if pv.start_number in against else ""))
    return out


def _ranked_against_points(st: Standings, ranks: list[PublishedValue]) -> set[int]:
    """Start numbers published behind a player with fewer points or ahead of one with more: no
    tie-break can do that (points always rank first, C.07 4.2), so it is said as it is."""
    by_points: dict = {}
    for pv in ranks:
        if pv.value is not None:
            by_points.setdefault(st.row(pv.start_number).points, []).append(pv)
    levels = sorted(by_points, reverse=True)
    out: set[int] = set()
    worst_above = None   # the worst published rank among players with more points
    for pts in levels:
        for pv in by_points[pts]:
            if worst_above is not None and pv.value < worst_above:
                out.add(pv.start_number)
        worst = max(pv.value for pv in by_points[pts])
        worst_above = worst if worst_above is None else max(worst_above, worst)
    best_below = None    # the best published rank among players with fewer points
    for pts in reversed(levels):
        for pv in by_points[pts]:
            if best_below is not None and pv.value > best_below:
                out.add(pv.start_number)
        best = min(pv.value for pv in by_points[pts])
        best_below = best if best_below is None else min(best_below, best)
    return out


#: Tie-break lists up to this length have every other order tried on differing ranks (4! - 1 = 23
#: more rankings); longer lists would cost too many.
MAX_ORDER = 4


def _orders(st: Standings) -> list[Candidate]:
    """The announced rules with the tie-breaks in every other order: tried on published ranks that
    no rule set explains (a program set up with the list in another order)."""
    codes = tuple(st.codes)
    if not 2 <= len(codes) <= MAX_ORDER:
        return []
    return [Candidate(st.convention, perm) for perm in permutations(codes) if perm != codes]


def _rank_changes(st: Standings, other: Standings, sn: int) -> list[Reason]:
    """Which of the player's tie-break values differ under the other rules, in list order."""
    a, b = st.row(sn).values, other.row(sn).values
    found = [Reason.of("change.tiebreak", code=code, old=_shown(a[code]), new=_shown(b[code]))
             for code in st.codes if a[code] != b[code]]
    if other.codes != st.codes:
        found.insert(0, Reason.of("change.order", order=", ".join(other.codes), announced=", ".join(st.codes)))
    return found


def _shown(v) -> object:
    return "-" if v is None else v


def _columns(engine: _Engine, conv: Convention, tried: list[Candidate],
             findings: list[Finding]) -> list[ColumnVerdict]:
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
            reproduced = [c.name for c in engine.tried.values() if c.name in common
                          and all(_reproduces(engine, c, f) for f in found if f.status == AGREE)]
        out.append(ColumnVerdict(code, len(by_code[code]), agree, reproduced))
    return out


def _reproduces(engine: _Engine, c: Candidate, f: Finding) -> bool:
    pv = f.published
    if pv.code == RANK:
        return _inside(engine.ranking(c), pv)
    return pv.matches(engine.value(c.convention, engine.parse(pv.code), pv.start_number))
