"""An event and its participants: :class:`Event` says what an event is and which kind
(:class:`EventKind`) it is; :class:`Tournament` is the individual kind, players with their rounds
(:class:`~tbxl.model.team.TeamTournament` is the team kind, as python-chess has one board with
variants). The pairing system (:class:`Pairing`) is read from the file or found from the pairings.
"""

from __future__ import annotations

import enum
import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from datetime import date
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeGuard, TypeVar, cast

from tbxl.model.decisions import Decisions
from tbxl.model.entry import RoundEntry, make_entry  # noqa: F401 (make_entry, Kind, Outcome: the doctests')
from tbxl.model.kinds import Kind, Outcome  # noqa: F401
from tbxl.model.rounds import after_round
from tbxl.model.scoring import Scoring
from tbxl.model.table import RoundTable

if TYPE_CHECKING:
    from tbxl.model.team import TeamTournament

__all__ = [
    "EventKind",
    "Pairing",
    "Player",
    "Event",
    "Tournament",
    "of_team_kind",
    "for_kind",
    "team_event",
    "round_robin_cycles",
    "detect_pairing",
]


class EventKind(enum.Enum):
    """Which kind of event: players ranked on their own points, or teams of players ranked on
    match and game points (C.07 Arts 11-13). The edges branch on ``event.kind``."""

    INDIVIDUAL = "individual"
    TEAM = "team"


class RoundRecord(Protocol):
    """A participant's round as every kind keeps it (a player's :class:`RoundEntry`, a team's
    :class:`~tbxl.model.team.TeamRound`): what happened, and against whom."""

    @property
    def kind(self) -> Kind: ...

    @property
    def opponent(self) -> int | None: ...


class Pairing(enum.Enum):
    """How pairings were made: C.07 15.2 (pre-determined) vs 15.3 (Swiss)."""

    SWISS = "swiss"
    ROUND_ROBIN = "round-robin"


@dataclass(frozen=True, slots=True)
class Player:
    """A participant: identity and the per-round record (index 0 = round 1)."""

    start_number: int
    name: str
    rounds: tuple[RoundEntry, ...] = ()
    title: str = ""
    sex: str = ""
    rating: int | None = None
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    club: str = ""
    declared_points: Fraction | None = None
    declared_rank: int | None = None
    # The development coefficient K of the FIDE rating regulations (B.02 8.3.3) where the input
    # gives one (a workbook column K); None: not given.
    k_factor: int | None = None
    # (RoundTable, player index) when the player is a view of a table's row (see __getattr__).
    _view: tuple[RoundTable, int] | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def points(self) -> Fraction:
        """Points awarded over all recorded rounds."""
        pts = [e.points for e in self.rounds]
        den = math.lcm(*(p.denominator for p in pts)) if pts else 1
        # Integer arithmetic over a common denominator: Fraction additions are slow at scale.
        return Fraction(sum(p.numerator * (den // p.denominator) for p in pts), den)

    def entry(self, round: int) -> RoundEntry:
        return self.rounds[round - 1]

    def __getattr__(self, name: str) -> tuple[RoundEntry, ...]:
        # A player read from a file is a view of a row of its tournament's RoundTable: the round
        # entries are built on first use (most runs never need them) and then kept.
        if name == "rounds":
            view = self._view
            if view is not None:
                rounds = view[0].entries(view[1])
                object.__setattr__(self, "rounds", rounds)
                return rounds
        raise AttributeError(f"'Player' object has no attribute '{name}'")

    @property
    def known_fide_id(self) -> str | None:
        """The FIDE id, or None when the file has none (blank, or ``0`` as many programs write)."""
        return self.fide_id.strip() if self.fide_id.strip("0 ") else None


@dataclass(frozen=True, kw_only=True)
class Event:
    """What an event is besides its participants' records, shared by individual and team events
    (keyword-only in their constructors): its name, place, dates and chief arbiter as the file gives
    them (with the deputy arbiters and the time control), the web addresses it gives for the event
    (``links``: a tournament's page, never shown as a city or an arbiter), the game scoring, the
    pairing system, the tie-break list the file declares (TRF 202/212), the play-offs and lots
    seed it records for the places still shared (``playoffs``, ``lots``), the number of rounds
    scheduled (TRF XXR / 142; None = the rounds read), and where it was read from (a file's base
    name, for messages). ``kind`` says which kind of event it is (each kind's class sets it)."""

    kind: ClassVar[EventKind]

    name: str = ""
    scoring: Scoring = field(default_factory=Scoring)
    pairing: Pairing = Pairing.SWISS
    start_date: date | None = None
    end_date: date | None = None
    city: str = ""
    federation: str = ""
    chief_arbiter: str = ""
    deputy_arbiters: tuple[str, ...] = ()  # TRF 112, one per record
    time_control: str = ""  # TRF 122
    # Web addresses the file gives for the event, in file order: lichess writes the tournament's
    # page in 022 and its site in 102 (tbxl.io.trf.dialects), where TRF-16 has the city and the
    # chief arbiter; tbxl writes them back as "### link" comments (tbxl.io.trf.writer).
    links: tuple[str, ...] = ()
    tiebreaks: tuple[str, ...] = ()
    # How the places still shared after the whole list were decided, as the input records them
    # (a workbook's Play-off and Lots seed settings; C.07 Art. 3, 4.2): play-off orders such as
    # "12>7>3", best first (tbxl.playoffs), and the seed of the lots.
    playoffs: tuple[str, ...] = ()
    lots: str | None = None
    scheduled_rounds: int | None = None
    source: str = ""
    #: What the organizer and the arbiter decided beside the results: players expelled, ratings
    #: given, a list change, given values (:class:`~tbxl.model.decisions.Decisions`).
    decisions: Decisions = field(default_factory=Decisions)
    #: The rule set the input names, as a rule set's name with its settings (a workbook's Rules
    #: cell: ``fide-2026+unrated_method=estimated``); empty: none, the edition in force at the start.
    #: The command line's ``--rules`` replaces it (:meth:`tbxl.projection.Options.convention`).
    rules: str = ""

    @property
    def is_team(self) -> bool:
        """Is this a team event (``kind`` is :attr:`EventKind.TEAM`)?"""
        return self.kind is EventKind.TEAM

    @property
    def is_round_robin(self) -> bool:
        return self.pairing is Pairing.ROUND_ROBIN

    def event_details(self) -> dict[str, Any]:
        """The :class:`Event` fields as keywords: another event with the same details (e.g. the
        teams of a team event as the participants of an individual one)."""
        return {f.name: getattr(self, f.name) for f in fields(Event)}

    def __contains__(self, number: object) -> bool:
        """Is ``number`` a participant's number (a player's start number, a team's number)? Each kind says."""
        raise NotImplementedError

    def participant_rounds(self) -> dict[int, Sequence[RoundRecord]]:
        """Each participant's rounds by its number (a player's start number, a team's number); each
        kind says (:class:`NotSupported` for a kind that keeps no such rounds)."""
        from tbxl.errors import NotSupported

        raise NotSupported("the participants' rounds", self.kind)


def of_team_kind(event: Event) -> TypeGuard[TeamTournament]:
    """Is ``event`` a team event? Its ``kind`` says, decided once where it was read; a type guard
    so that code narrows as with ``isinstance`` without loading the team model, which an
    individual event never needs (issue 26 item 7)."""
    return event.kind is EventKind.TEAM


_T = TypeVar("_T")


def for_kind(table: Mapping[EventKind, _T], event: Event, what: str) -> _T:
    """How ``what`` is done for the kind of ``event``: its entry in ``table`` (one entry per kind
    that has it). A kind without an entry (a third kind plugged in) gets :class:`NotSupported`
    naming ``what``, never another kind's way.

    >>> for_kind({EventKind.INDIVIDUAL: "players"}, Tournament((), 0), "the list")
    'players'
    """
    try:
        return table[event.kind]
    except KeyError:
        from tbxl.errors import NotSupported

        raise NotSupported(what, event.kind) from None


def team_event(event: Event, what: str = "this") -> TeamTournament:
    """``event`` as the team event that only the team kind's code reaches (chosen through a kind's
    table before): :class:`NotSupported` naming ``what`` for any other kind. The team model is not
    loaded for it (issue 26 item 7)."""
    if event.kind is not EventKind.TEAM:  # the one narrowing every team-only path shares
        from tbxl.errors import NotSupported

        raise NotSupported(what, event.kind)
    return cast("TeamTournament", event)


@dataclass(frozen=True)
class Tournament(Event):
    """An individual event's results: players sorted by start number, with the :class:`Event`
    details (the scoring and the pairing system among them) as keywords.

    >>> Tournament((), 0).kind
    <EventKind.INDIVIDUAL: 'individual'>
    """

    kind: ClassVar[EventKind] = EventKind.INDIVIDUAL

    players: tuple[Player, ...]
    rounds: int

    @functools.cached_property
    def _by_number(self) -> dict[int, Player]:
        return {p.start_number: p for p in self.players}

    def player(self, start_number: int) -> Player:
        """The player with this start number; ``KeyError`` if there is none."""
        return self._by_number[start_number]

    def __contains__(self, start_number: object) -> bool:
        return start_number in self._by_number

    def participant_rounds(self) -> dict[int, Sequence[RoundRecord]]:
        return {p.start_number: p.rounds for p in self.players}

    @property
    def table(self) -> RoundTable:
        """The rounds as compact columns: the reader's own table when the players are still its
        views, else one built (once) from the players' round entries."""
        table: RoundTable | None = self.__dict__.get("_table")
        if table is None and self.players and self.players[0]._view is not None:
            table = self.players[0]._view[0]  # e.g. a dataclasses.replace of the reader's tournament
        if table is None or not table.holds(self):
            table = RoundTable.from_players(self.players, self.rounds, self.scoring)
            object.__setattr__(self, "_table", table)
        return table

    def after_round(self, k: int) -> Tournament:
        """The tournament as it stood after round ``k`` (ChessLivo-style per-round tables)."""
        return after_round(self, k)


def round_robin_cycles(players: Sequence[Player], rounds: int) -> int:
    """How many cycles of a complete round robin the pairings form, or 0 when they form none.

    A file without a pairing-system record (TRF ``092``) is a round robin when every pair of
    players met the same number of times ``c`` >= 1 (forfeits included: a forfeit in
    pre-determined pairings still names the scheduled opponent) over exactly ``c`` cycles of rounds;
    an odd field's player left out of each round is the cycle's extra round. A Swiss where some
    pair never met is never one, whatever its size.

    >>> s = Scoring()
    >>> def game(r, opp, o): return make_entry(s, r, Kind.PLAYED, o, opp)
    >>> W, L = Outcome.WIN, Outcome.LOSS
    >>> rr = [Player(1, "A", (game(1, 2, W), game(2, 3, W), make_entry(s, 3, Kind.ZPB))),
    ...       Player(2, "B", (game(1, 1, L), make_entry(s, 2, Kind.ZPB), game(3, 3, W))),
    ...       Player(3, "C", (make_entry(s, 1, Kind.ZPB), game(2, 1, L), game(3, 2, L)))]
    >>> round_robin_cycles(rr, 3), round_robin_cycles(rr[:2], 3)
    (1, 0)
    """
    n = len(players)
    if n < 3 or rounds < n - 1:  # two players: a match; fewer rounds than one cycle: no round robin
        return 0
    numbers = {p.start_number for p in players}
    met: dict[tuple[int, int], int] = {}
    for p in players:
        if len(p.rounds) != rounds:
            return 0
        a = p.start_number
        for e in p.rounds:
            b = e.opponent
            if b is None:
                continue
            if b not in numbers or b == a:
                return 0
            key = (a, b) if a < b else (b, a)
            met[key] = met.get(key, 0) + 1
    if len(met) != n * (n - 1) // 2:
        return 0
    counts = set(met.values())
    if len(counts) != 1:
        return 0
    both_sides = counts.pop()  # each game is seen from both players' records
    if both_sides % 2:
        return 0
    cycles = both_sides // 2
    return cycles if rounds == cycles * (n - 1 + n % 2) else 0


def detect_pairing(players: Sequence[Player], rounds: int, notes: list[str] | None = None) -> Pairing:
    """The pairing system of a file that does not name one: a round robin when the pairings form
    one (:func:`round_robin_cycles`), else a Swiss; ``notes`` receives what was found."""
    cycles = round_robin_cycles(players, rounds)
    if notes is not None:
        if cycles:
            kind = "a single" if cycles == 1 else "a double" if cycles == 2 else f"a {cycles}-cycle"
            notes.append(
                f"no pairing system named: the pairings form {kind} round robin, ranked as one "
                "(C.07 15.2); --pairing swiss overrides"
            )
        else:
            notes.append(
                "no pairing system named: ranked as a Swiss (the pairings are no complete "
                "round robin); --pairing round-robin overrides"
            )
    return Pairing.ROUND_ROBIN if cycles else Pairing.SWISS
