"""A tie-break list checked against the regulations for the event's kind (C.07 2026): each
recommendation the list breaks is a numbered :class:`Finding` with its article.

The checks read what the event is (:class:`Profile`: individual or team, Swiss or round robin, the
rounds, the dates' span, an acceleration record) and the parsed list; they never rank. Each check
says how firm its source is (:class:`Level`): what the regulations require, what they recommend,
or tbxl's own advice drawn from an article's definition.

>>> from tbxl.model import EventKind
>>> profile = Profile(EventKind.INDIVIDUAL, round_robin=True, rounds=5, participants=6)
>>> findings = check(profile, "BH,SB")
>>> findings[0].line()
'#1 BH (C.07 8, note of 2026; required): the Buchholz family must not be used in a round robin'
>>> [(f.number, f.codes) for f in findings]  # and DE is not first (C.07 6.2)
[(1, ('BH',)), (5, ('BH',))]
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from tbxl.derivation import Reason
from tbxl.model import EventKind
from tbxl.model.decisions import LONG_EVENT_DAYS, event_days  # one home: the long event of FIDE's checklist (210)
from tbxl.rules import FIDE_2026_START, Convention
from tbxl.tiebreaks.codes import TEAM, Descriptor, parse_list
from tbxl.tiebreaks.ratings import RATING_TIEBREAKS

if TYPE_CHECKING:
    from tbxl.model import AnyEvent  # the team model, for the type only
    from tbxl.standings import Standings

__all__ = ["Level", "Finding", "Profile", "CHECKS", "check", "list_notes", "LONG_EVENT_DAYS"]

#: The Buchholz family of Art. 8 (BH 8.1, AOB 8.2, FB 8.3), and SSSC whose schedule strength is a
#: Buchholz on the primary score (13.4).
BUCHHOLZ_FAMILY = frozenset({"BH", "AOB", "FB", "SSSC"})
#: Tie-breaks the 2026 text added (Arts 7.7, 7.8, 10.6); the EDE chains' names are new too, but
#: what they name (EDE then Art. 12 for two teams) the earlier 13.3.2 left to the rules already.
NEW_IN_2026 = frozenset({"STD", "TPN", "RTNG"})
#: The direct encounter of each kind of event (C.07 6, 13.3).
ENCOUNTER = {EventKind.INDIVIDUAL: "DE", EventKind.TEAM: "EDE"}
#: Team orders that carry the knock-out steps of Art. 12 for two teams still tied (13.3.2).
EDE_CHAINS = frozenset({"EDET", "EDEB", "EDEBT", "EDEBB"})


class Level(enum.Enum):
    """How firm a finding's source is."""

    REQUIRED = "required"  # the regulations say must / must not
    RECOMMENDED = "recommended"  # the regulations recommend or advise
    ADVICE = "tbxl advice"  # tbxl's reading of an article's definition


@dataclass(frozen=True)
class Profile:
    """What the checks need to know about an event. ``days``: the span of its dates, end minus start
    (None: not known); ``accelerated``: the file records an acceleration (TRF XXA / 250), None when
    it cannot tell; ``unrated``: how many players have no rating; ``unrated_rule``: the rules give
    unrated players a rating (``unrated_rating`` or a code's ``/U``); ``start``: the start date."""

    kind: EventKind
    round_robin: bool
    rounds: int
    participants: int
    days: int | None = None
    accelerated: bool | None = None
    unrated: int = 0
    unrated_rule: bool = False
    start: date | None = None

    @property
    def long(self) -> bool:
        """Does the event last more than :data:`LONG_EVENT_DAYS` days?"""
        return self.days is not None and self.days > LONG_EVENT_DAYS

    @classmethod
    def of(cls, event: AnyEvent, rules: Convention | None = None, notes: Iterable[str] = ()) -> Profile:
        """The profile of a read event (individual or team); ``notes``: the reader's notes, where
        an ignored acceleration record shows that the event was accelerated."""
        days = event_days(event.start_date, event.end_date)  # as the standings' long-event note counts it
        players = getattr(event, "players", ())
        # a team event's participants are its teams (C.07 11), an individual event's its players
        participants = len(getattr(event, "teams", players))
        unrated = sum(1 for p in players if not getattr(p, "rating", None))
        return cls(
            event.kind,
            event.is_round_robin,
            event.rounds,
            participants,
            days,
            True if any("accelerations" in n for n in notes) else None,
            unrated,
            bool(rules is not None and rules.unrated_rating is not None),
            event.start_date,
        )


@dataclass(frozen=True)
class Finding:
    """One recommendation the list breaks: its stable ``number`` (the check's), the ``article`` it
    rests on, how firm it is, the codes concerned and what to do."""

    number: int
    article: str
    level: Level
    codes: tuple[str, ...]
    text: str

    def line(self) -> str:
        """The finding in one line, as the command line and the report's notes say it."""
        return f"#{self.number} {', '.join(self.codes)} ({self.article}; {self.level.value}): {self.text}"

    def as_dict(self) -> dict[str, object]:
        return {
            "number": self.number,
            "article": self.article,
            "level": self.level.value,
            "codes": list(self.codes),
            "text": self.text,
        }


Rule = Callable[[Profile, Sequence[Descriptor]], tuple[Sequence[Descriptor], str] | None]


@dataclass(frozen=True)
class Check:
    """A recommendation: where it applies (``kinds``), its source, and the test that finds the
    codes breaking it (None when the list keeps it). ``standings_say``: the standings' own notes
    say it already (:attr:`tbxl.standings.Standings.notes`), so compute and report leave it out."""

    number: int
    article: str
    level: Level
    kinds: frozenset[EventKind]
    rule: Rule
    standings_say: bool = False


def _buchholz_in_round_robin(p: Profile, ds: Sequence[Descriptor]) -> tuple[Sequence[Descriptor], str] | None:
    hit = [d for d in ds if d.name in BUCHHOLZ_FAMILY]
    if p.round_robin and hit:
        before = p.start is not None and p.start < FIDE_2026_START
        return hit, "the Buchholz family must not be used in a round robin" + (
            f" (said since 1 March 2026; the event started on {p.start})" if before else ""
        )
    return None


def _ratings_in_long_event(p: Profile, ds: Sequence[Descriptor]) -> tuple[Sequence[Descriptor], str] | None:
    hit = [d for d in ds if d.name in RATING_TIEBREAKS]
    if p.long and hit:
        return hit, (
            f"the event lasts {p.days} days (more than {LONG_EVENT_DAYS}): a player may hold several "
            "ratings during it, and rating tie-breaks are then not recommended; if kept, the first "
            "rating counts"
        )
    return None


def _ratings_with_unrated(p: Profile, ds: Sequence[Descriptor]) -> tuple[Sequence[Descriptor], str] | None:
    hit = [d for d in ds if d.name in RATING_TIEBREAKS and d.unrated is None]
    if p.unrated and hit and not p.unrated_rule:
        return hit, (
            f"{p.unrated} unrated player(s) and no rating set for them: these tie-breaks are dropped "
            "unless the rules say how unrated players are rated (e.g. ARO/U1400, or --set unrated_rating=1400)"
        )
    return None


def _koya_in_swiss(p: Profile, ds: Sequence[Descriptor]) -> tuple[Sequence[Descriptor], str] | None:
    hit = [d for d in ds if d.name == "KS"]
    if not p.round_robin and hit:
        return hit, "the Koya system is the round robin's: in a Swiss the players met different opponents"
    return None


def _encounter_not_first(p: Profile, ds: Sequence[Descriptor]) -> tuple[Sequence[Descriptor], str] | None:
    if not p.round_robin or not ds:
        return None
    orders = {"DE", "EDE", *EDE_CHAINS}
    if ds[0].name in orders:
        return None
    return [ds[0]], (
        "in a round robin every tied player has met the others: "
        f"{ENCOUNTER[p.kind]} decides first from their own games, the usual "
        "first tie-break there"
    )


def _encounter_in_swiss(p: Profile, ds: Sequence[Descriptor]) -> tuple[Sequence[Descriptor], str] | None:
    hit = [d for d in ds[:1] if d.name == "DE"]
    if p.round_robin or not hit:
        return None
    return hit, (
        "first in a Swiss, DE decides only where the tied players all met (6.2) or one leads whatever "
        "the missing games (6.3): most ties of three or more pass on to the next tie-break"
    )


def _repeated(p: Profile, ds: Sequence[Descriptor]) -> tuple[Sequence[Descriptor], str] | None:
    seen: set[str] = set()
    hit = []
    for d in ds:
        if d.is_order:  # type A (DE, EDE ...) may come back after other tie-breaks (4.3)
            continue
        if d.code in seen:
            hit.append(d)
        seen.add(d.code)
    if hit:
        return hit, "a tie-break listed twice never breaks a tie the first one left: only type A (DE) may repeat"
    return None


def _after_pairing_number(p: Profile, ds: Sequence[Descriptor]) -> tuple[Sequence[Descriptor], str] | None:
    k = next((k for k, d in enumerate(ds) if d.name == "TPN"), None)
    if k is None or k + 1 == len(ds):
        return None
    return ds[k + 1 :], "TPN leaves no tie (every pairing number differs): the tie-breaks after it are never used"


def _new_in_2026(p: Profile, ds: Sequence[Descriptor]) -> tuple[Sequence[Descriptor], str] | None:
    hit = [d for d in ds if d.name in NEW_IN_2026]
    if hit and p.start is not None and p.start < FIDE_2026_START:
        return hit, (
            f"the event started on {p.start}, before the 2026 text that defines these (1 March 2026): "
            "announce them as tie-breaks of the event's own regulations (4.1)"
        )
    return None


def _board_count_before_gp(p: Profile, ds: Sequence[Descriptor]) -> tuple[Sequence[Descriptor], str] | None:
    for d in ds:
        if d.name in ("MPVGP", "POINTS", "SSSC") or d.score == "GP" or (d.scores and "GP" in d.scores):
            return None  # game points already ranked: the teams BC meets share their GP
        if d.name == "BC":
            return [
                d
            ], "board count is usable only when the tied teams have the same game points: rank GP (MPvGP) before BC"
    return None


def _ede_without_boards(p: Profile, ds: Sequence[Descriptor]) -> tuple[Sequence[Descriptor], str] | None:
    hit = [d for d in ds if d.name == "EDE"]
    if not hit or any(d.name in ("BC", "TBR", "BBE") or d.name in EDE_CHAINS for d in ds):
        return None
    return hit, (
        "the rules must say whether the knock-out tie-breaks of Art. 12 follow when exactly two teams "
        "stay tied on MP and GP: name a chain (EDET, EDEB, EDEBT, EDEBB) or list BC/TBR/BBE"
    )


def _ratings_in_round_robin(p: Profile, ds: Sequence[Descriptor]) -> tuple[Sequence[Descriptor], str] | None:
    hit = [d for d in ds if d.name == "ARO"]
    if p.round_robin and hit:
        return hit, (
            "in a round robin every player met all the others, so ARO only ranks the lower-rated "
            "player first (the others' average is higher): it says nothing about the games"
        )
    return None


def _accelerated(p: Profile, ds: Sequence[Descriptor]) -> tuple[Sequence[Descriptor], str] | None:
    hit = [d for d in ds if d.name in ("BH", "FB", "AOB", "SB", "ARO")]
    if p.accelerated and hit:
        return hit, (
            "an accelerated event: the accelerated group met stronger opponents in the first rounds, "
            "which these tie-breaks reward; the accelerations' virtual points count in none of them "
            "(tbxl ranks the results read)"
        )
    return None


_BOTH = frozenset(EventKind)
_IND = frozenset({EventKind.INDIVIDUAL})
_TEAM = frozenset({EventKind.TEAM})

#: Every check, numbered once and for good (a number is never reused).
CHECKS: tuple[Check, ...] = (
    Check(1, "C.07 8, note of 2026", Level.REQUIRED, _BOTH, _buchholz_in_round_robin),
    # compute and report say #2 as the standings' own long-event note (issue 37 item 5, checklist 210)
    Check(2, "C.07 10, 2026", Level.RECOMMENDED, _IND, _ratings_in_long_event, standings_say=True),
    Check(3, "C.07 10", Level.REQUIRED, _IND, _ratings_with_unrated, standings_say=True),
    Check(4, "C.07 9.2", Level.ADVICE, _BOTH, _koya_in_swiss),
    Check(5, "C.07 6.2", Level.ADVICE, _BOTH, _encounter_not_first),
    Check(6, "C.07 6.3", Level.ADVICE, _IND, _encounter_in_swiss),
    Check(7, "C.07 4.3", Level.ADVICE, _BOTH, _repeated),
    Check(8, "C.07 7.8", Level.ADVICE, _BOTH, _after_pairing_number),
    Check(9, "C.07 2026 7.7, 7.8, 10.6", Level.ADVICE, _BOTH, _new_in_2026),
    Check(10, "C.07 12.1", Level.REQUIRED, _TEAM, _board_count_before_gp),
    Check(11, "C.07 13.3.2", Level.REQUIRED, _TEAM, _ede_without_boards),
    Check(12, "C.07 10.1", Level.ADVICE, _IND, _ratings_in_round_robin),
    Check(13, "C.04.5 with C.07 8-10", Level.ADVICE, _IND, _accelerated),
)


def check(profile: Profile, tiebreaks: str | Sequence[str], for_standings: bool = False) -> list[Finding]:
    """The findings of the list ``tiebreaks`` on an event of ``profile``, in the checks' order;
    ``for_standings``: without those the standings' notes say already. The points that rank first
    (PTS, a team event's first MPTS/GPTS) are left out of the list checked."""
    ds = parse_list(tiebreaks, profile.kind.value == TEAM)
    if ds and ds[0].name in ("PTS", "POINTS"):
        ds = ds[1:]
    out = []
    for c in CHECKS:
        if profile.kind not in c.kinds or (for_standings and c.standings_say):
            continue
        found = c.rule(profile, ds)
        if found is not None:
            codes, text = found
            out.append(Finding(c.number, c.article, c.level, tuple(d.code for d in codes), text))
    return out


def list_notes(st: Standings) -> list[Reason]:
    """The findings of the list a standings was ranked by, as notes for ``compute`` (stderr) and
    the report's page (:attr:`tbxl.standings.Standings.notes`): one line each, those the standings
    say already left out."""
    codes = [d.code for d in st.tiebreaks]
    if not codes:
        return []
    found = check(Profile.of(st.tournament, st.convention), codes, for_standings=True)
    return [
        Reason.of(
            "note.list_check",
            number=f.number,
            article=f.article,
            level=f.level.value,
            codes=", ".join(f.codes),
            text=f.text,
        )
        for f in found
    ]
