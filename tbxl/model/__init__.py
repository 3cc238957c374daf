"""The tournament model: players, their round entries, the scoring system.

Everything here is immutable and exact. Points are :class:`fractions.Fraction`
at the API; the tie-break engine works on integer *units* of
``1 / Scoring.unit`` internally (see :attr:`Scoring.unit`), so no float ever
touches a score.

>>> from fractions import Fraction
>>> s = Scoring()
>>> s.points(Kind.PLAYED, Outcome.DRAW)
Fraction(1, 2)
>>> s.unit
2
"""

from __future__ import annotations

import enum
import functools
import math
from dataclasses import dataclass, field, fields
from datetime import date
from fractions import Fraction
from typing import NamedTuple, Optional, Sequence

from tbxl.model.rounds import after_round


class Kind(enum.Enum):
    """What happened to a participant in one round (C.07 15.1, 16.1; TRF-16 result codes)."""

    PLAYED = "played"                  # over the board: TRF 1 = 0
    SHORT = "short"                    # over the board, under one move: TRF W D L (C07 §9 D10)
    FORFEIT_WIN = "forfeit-win"        # TRF +
    FORFEIT_LOSS = "forfeit-loss"      # TRF -
    DOUBLE_FORFEIT = "double-forfeit"  # both lose by forfeit (C07 §9 D8)
    PAB = "pab"                        # pairing-allocated bye, TRF U
    FPB = "fpb"                        # full-point bye, TRF F
    HPB = "hpb"                        # half-point bye, TRF H
    ZPB = "zpb"                        # zero-point bye / absent / withdrawn, TRF Z or blank

    # Plain attributes, set below for every member (enum hashing is slow on hot paths):
    # is_game     a game played over the board (including games under one move)
    # is_paired   there is a scheduled opponent (games and forfeits)
    # is_forfeit  forfeit win, forfeit loss or double forfeit
    # is_bye      PAB, FPB, HPB or ZPB
    # is_requested_bye  HPB or ZPB: a requested bye in the sense of C.07 16.1
    # is_vur      voluntary unplayed round (C.07 16.1): requested byes and forfeit losses
    is_game: bool
    is_paired: bool
    is_forfeit: bool
    is_bye: bool
    is_requested_bye: bool
    is_vur: bool
    index: int


for _n, _k in enumerate(Kind):
    _k.index = _n  # a small int, for list lookups on hot paths (an enum hashes in Python code)
    _k.is_game = _k in (Kind.PLAYED, Kind.SHORT)
    _k.is_forfeit = _k in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT)
    _k.is_paired = _k.is_game or _k.is_forfeit
    _k.is_bye = _k in (Kind.PAB, Kind.FPB, Kind.HPB, Kind.ZPB)
    _k.is_requested_bye = _k in (Kind.HPB, Kind.ZPB)
    _k.is_vur = _k in (Kind.HPB, Kind.ZPB, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT)
del _k, _n


class Outcome(enum.IntEnum):
    """The result in tie-break terms; the value is in half-games (loss 0, draw 1, win 2)."""

    LOSS = 0
    DRAW = 1
    WIN = 2

    @property
    def reverse(self) -> "Outcome":
        return Outcome(2 - self.value)

    @property
    def fraction(self) -> Fraction:
        """Share of a win: 0, 1/2 or 1 (the factor Sonneborn-Berger multiplies by)."""
        return Fraction(self.value, 2)


#: The outcome that each unplayed kind stands for (C.07 16.4: "the result matching the points").
UNPLAYED_OUTCOME = {
    Kind.FORFEIT_WIN: Outcome.WIN,
    Kind.FORFEIT_LOSS: Outcome.LOSS,
    Kind.DOUBLE_FORFEIT: Outcome.LOSS,
    Kind.PAB: Outcome.WIN,
    Kind.FPB: Outcome.WIN,
    Kind.HPB: Outcome.DRAW,
    Kind.ZPB: Outcome.LOSS,
}


@dataclass(frozen=True)
class Scoring:
    """Points per result (TRF-2026 record 162, TRF(x) XXS). Default 1 - 1/2 - 0.

    ``pab`` is the pairing-allocated bye; ``zpb`` also covers absence and forfeit
    losses take ``forfeit_loss``.
    """

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    forfeit_win: Fraction = Fraction(1)
    forfeit_loss: Fraction = Fraction(0)
    pab: Fraction = Fraction(1)
    fpb: Fraction = Fraction(1)
    hpb: Fraction = Fraction(1, 2)
    zpb: Fraction = Fraction(0)

    def points(self, kind: Kind, outcome: Outcome) -> Fraction:
        """Points awarded for a round of this kind and outcome."""
        if kind.is_game:
            return (self.loss, self.draw, self.win)[outcome]
        return {
            Kind.FORFEIT_WIN: self.forfeit_win,
            Kind.FORFEIT_LOSS: self.forfeit_loss,
            Kind.DOUBLE_FORFEIT: self.forfeit_loss,
            Kind.PAB: self.pab,
            Kind.FPB: self.fpb,
            Kind.HPB: self.hpb,
            Kind.ZPB: self.zpb,
        }[kind]

    @functools.cached_property
    def table(self) -> dict:
        """Points for every (kind, outcome), computed once per scoring system."""
        return {(k, o): self.points(k, o) for k in Kind for o in Outcome}

    def outcome_points(self, outcome: Outcome) -> Fraction:
        """Points of an over-the-board result (used for draws in C.07 16.3 and dummies)."""
        return (self.loss, self.draw, self.win)[outcome]

    @property
    def unit(self) -> int:
        """Common denominator of every value: the engine counts in integer units of 1/unit."""
        d = 1
        for f in (self.win, self.draw, self.loss, self.forfeit_win, self.forfeit_loss,
                  self.pab, self.fpb, self.hpb, self.zpb):
            d = d * f.denominator // math.gcd(d, f.denominator)
        return d

    @property
    def is_standard(self) -> bool:
        return self == Scoring()


class RoundEntry(NamedTuple):
    """One participant's record in one round.

    ``outcome`` is the result in tie-break terms (a PAB is a win, an HPB a draw);
    ``points`` are the points awarded under the tournament's scoring.
    ``colour`` is ``"w"``, ``"b"`` or ``None`` (for forfeits the scheduled colour).
    """

    round: int
    kind: Kind
    outcome: Outcome
    points: Fraction
    opponent: Optional[int] = None
    colour: Optional[str] = None

    @property
    def is_game(self) -> bool:
        return self.kind.is_game


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
    rating: Optional[int] = None
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    club: str = ""
    declared_points: Optional[Fraction] = None
    declared_rank: Optional[int] = None
    # (RoundTable, player index) when the player is a view of a table's row (see __getattr__).
    _view: Optional[tuple] = field(default=None, init=False, repr=False, compare=False)

    @property
    def points(self) -> Fraction:
        """Points awarded over all recorded rounds."""
        pts = [e.points for e in self.rounds]
        den = math.lcm(*(p.denominator for p in pts)) if pts else 1
        # Integer arithmetic over a common denominator: Fraction additions are slow at scale.
        return Fraction(sum(p.numerator * (den // p.denominator) for p in pts), den)

    def entry(self, round: int) -> RoundEntry:
        return self.rounds[round - 1]

    def __getattr__(self, name: str):
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
    def known_fide_id(self) -> Optional[str]:
        """The FIDE id, or None when the file has none (blank, or ``0`` as many programs write)."""
        return self.fide_id.strip() if self.fide_id.strip("0 ") else None


@dataclass(frozen=True, kw_only=True)
class Event:
    """What an event is besides its participants' records, shared by individual and team events
    (keyword-only in their constructors): its name, place, dates and chief arbiter as the file gives
    them, the game scoring, the pairing system, the tie-break list the file declares (TRF 202/212),
    the number of rounds scheduled (TRF XXR / 142; None = the rounds read), and where it was read
    from (a file's base name, for messages)."""

    name: str = ""
    scoring: Scoring = field(default_factory=Scoring)
    pairing: Pairing = Pairing.SWISS
    start_date: Optional[date] = None
    end_date: Optional[date] = None
    city: str = ""
    federation: str = ""
    chief_arbiter: str = ""
    tiebreaks: tuple[str, ...] = ()
    scheduled_rounds: Optional[int] = None
    source: str = ""

    @property
    def is_round_robin(self) -> bool:
        return self.pairing is Pairing.ROUND_ROBIN

    def event_details(self) -> dict:
        """The :class:`Event` fields as keywords: another event with the same details (e.g. the
        teams of a team event as the participants of an individual one)."""
        return {f.name: getattr(self, f.name) for f in fields(Event)}


@dataclass(frozen=True)
class Tournament(Event):
    """A tournament's results: players sorted by start number, with the :class:`Event` details
    (the scoring and the pairing system among them) as keywords."""

    players: tuple[Player, ...]
    rounds: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_number", {p.start_number: p for p in self.players})

    def player(self, start_number: int) -> Player:
        """The player with this start number; ``KeyError`` if there is none."""
        return self._by_number[start_number]  # type: ignore[attr-defined]

    def __contains__(self, start_number: object) -> bool:
        return start_number in self._by_number  # type: ignore[attr-defined]

    @property
    def table(self) -> "RoundTable":
        """The rounds as compact columns: the reader's own table when the players are still its
        views, else one built (once) from the players' round entries."""
        table = self.__dict__.get("_table")
        if table is None and self.players and self.players[0]._view is not None:
            table = self.players[0]._view[0]  # e.g. a dataclasses.replace of the reader's tournament
        if table is None or not table.holds(self):
            table = RoundTable.from_players(self.players, self.rounds, self.scoring)
            object.__setattr__(self, "_table", table)
        return table

    def after_round(self, k: int) -> "Tournament":
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


def detect_pairing(players: Sequence[Player], rounds: int, notes: Optional[list] = None) -> Pairing:
    """The pairing system of a file that does not name one: a round robin when the pairings form
    one (:func:`round_robin_cycles`), else a Swiss; ``notes`` receives what was found."""
    cycles = round_robin_cycles(players, rounds)
    if notes is not None:
        if cycles:
            kind = "a single" if cycles == 1 else "a double" if cycles == 2 else f"a {cycles}-cycle"
            notes.append(f"no pairing system named: the pairings form {kind} round robin, ranked as one "
                         "(C.07 15.2); --pairing swiss overrides")
        else:
            notes.append("no pairing system named: ranked as a Swiss (the pairings are no complete "
                         "round robin); --pairing round-robin overrides")
    return Pairing.ROUND_ROBIN if cycles else Pairing.SWISS


def make_entry(scoring: Scoring, round: int, kind: Kind, outcome: Optional[Outcome] = None,
               opponent: Optional[int] = None, colour: Optional[str] = None) -> RoundEntry:
    """Build a :class:`RoundEntry`, filling the outcome of unplayed kinds and the points."""
    if outcome is None:
        if kind.is_game:
            raise ValueError("a played game needs an outcome")
        outcome = UNPLAYED_OUTCOME[kind]
    return RoundEntry(round, kind, outcome, scoring.table[kind, outcome], opponent, colour)


#: The result classes of the :class:`RoundTable`: a small int per (kind, outcome), those of the
#: TRF codes first.
RESULTS: tuple[tuple[Kind, Outcome], ...] = (
    (Kind.PLAYED, Outcome.LOSS), (Kind.PLAYED, Outcome.DRAW), (Kind.PLAYED, Outcome.WIN),
    (Kind.SHORT, Outcome.LOSS), (Kind.SHORT, Outcome.DRAW), (Kind.SHORT, Outcome.WIN),
    (Kind.FORFEIT_WIN, Outcome.WIN), (Kind.FORFEIT_LOSS, Outcome.LOSS),
    (Kind.DOUBLE_FORFEIT, Outcome.LOSS), (Kind.PAB, Outcome.WIN), (Kind.FPB, Outcome.WIN),
    (Kind.HPB, Outcome.DRAW), (Kind.ZPB, Outcome.LOSS),
)
# ... then every other (kind, outcome), for tournaments built by hand (a team's PAB worth a draw).
RESULTS += tuple((k, o) for k in Kind for o in Outcome if (k, o) not in RESULTS)
RESULT_OF = {ko: c for c, ko in enumerate(RESULTS)}
#: The kind and the outcome (in half-games) of each result class, for lookups by class.
RESULT_KIND: tuple[Kind, ...] = tuple(k for k, _ in RESULTS)
RESULT_OUTCOME: tuple[int, ...] = tuple(int(o) for _, o in RESULTS)
#: The class of a round missing from a short record built by hand (never in a table read from a file).
NO_ROUND = 255


@dataclass(eq=False, slots=True)
class RoundTable:
    """A tournament's rounds as compact per-round columns; player index = start-number order.

    ``result[r]`` holds one result class (:data:`RESULTS`) per player as ``bytes``;
    ``opponent[r]`` the opponent's player index (-1 for none); ``colour[r]`` one character per
    player (``w``, ``b``, or a blank when there is no colour or no opponent). The reader fills it
    in one pass over the file; :class:`Player` objects are views of its rows and the tie-break
    context reads it directly, so a large event never needs its 10^5 :class:`RoundEntry` objects.

    >>> s = Scoring()
    >>> a = Player(1, "A", (make_entry(s, 1, Kind.PLAYED, Outcome.WIN, 2, "w"), make_entry(s, 2, Kind.HPB)))
    >>> b = Player(2, "B", (make_entry(s, 1, Kind.PLAYED, Outcome.LOSS, 1, "b"),))
    >>> t = RoundTable.from_players((a, b), 2, s)
    >>> list(t.result[0]), t.opponent[0], t.colour[0], t.lengths
    ([2, 0], [1, 0], 'wb', [2, 1])
    >>> t.entries(1) == b.rounds
    True
    """

    numbers: Sequence[int]
    rounds: int
    scoring: Scoring
    result: list[bytes]
    opponent: list[list[int]]
    colour: list[str]
    lengths: Optional[list[int]] = None   # None when every record has every round
    players: Sequence[Player] = ()        # the players whose rounds these are (see holds)

    def length(self, i: int) -> int:
        """How many rounds player index ``i``'s record has (``rounds`` unless built by hand)."""
        return self.rounds if self.lengths is None else self.lengths[i]

    def entries(self, i: int) -> tuple[RoundEntry, ...]:
        """Player index ``i``'s round entries."""
        table, numbers, new = self.scoring.table, self.numbers, tuple.__new__
        out = []
        for r in range(self.length(i)):
            kind, outcome = RESULTS[self.result[r][i]]
            j = self.opponent[r][i]
            colour = self.colour[r][i]
            out.append(new(RoundEntry, (r + 1, kind, outcome, table[kind, outcome],
                                        numbers[j] if j >= 0 else None, None if colour == " " else colour)))
        return tuple(out)

    def rows(self, columns: list) -> list[list]:
        """Per-round columns turned into per-player rows (cut to each record's length)."""
        rows = list(map(list, zip(*columns))) if columns else [[] for _ in self.numbers]
        if self.lengths is not None:
            rows = [row[:n] for row, n in zip(rows, self.lengths)]
        return rows

    def holds(self, tournament: "Tournament") -> bool:
        """Is this the table of ``tournament``: the same rounds, scoring and players (the reader's
        tuple of views, kept by ``dataclasses.replace``)?"""
        return (tournament.players is self.players and self.rounds == tournament.rounds
                and self.scoring == tournament.scoring)

    @classmethod
    def from_players(cls, players: Sequence[Player], rounds: int, scoring: Scoring) -> "RoundTable":
        """The table of players built by hand (a record may be shorter than ``rounds``)."""
        index = {p.start_number: i for i, p in enumerate(players)}
        width = max([rounds] + [len(p.rounds) for p in players])
        result = [bytearray([NO_ROUND]) * len(players) for _ in range(width)]
        opponent = [[-1] * len(players) for _ in range(width)]
        colour = [[" "] * len(players) for _ in range(width)]
        lengths = []
        for i, p in enumerate(players):
            lengths.append(len(p.rounds))
            for r, e in enumerate(p.rounds):
                result[r][i] = RESULT_OF[e.kind, e.outcome]
                if e.opponent is not None:
                    opponent[r][i] = index.get(e.opponent, -1)
                if e.colour:
                    colour[r][i] = e.colour
        full = all(n == rounds for n in lengths)
        table = cls([p.start_number for p in players], rounds, scoring, [bytes(c) for c in result], opponent,
                    ["".join(c) for c in colour], None if full else lengths)
        table.players = players
        return table
