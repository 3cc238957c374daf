"""An event's rounds as compact per-round columns (:class:`RoundTable`): the only home of the
model's speed tricks. A reader fills one in one pass over a file, the players are views of its
rows and the tie-break context reads its columns, so a large event never builds its 10^5
:class:`~tbxl.model.entry.RoundEntry` objects unless someone asks for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from tbxl.model.entry import RoundEntry
from tbxl.model.kinds import Kind, Outcome
from tbxl.model.scoring import Scoring

if TYPE_CHECKING:
    from tbxl.model.event import Player, Tournament

__all__ = ["RESULTS", "RESULT_OF", "RESULT_KIND", "RESULT_OUTCOME", "NO_ROUND", "RoundTable"]

T = TypeVar("T")

#: The result classes of the :class:`RoundTable`: a small int per (kind, outcome), those of the
#: TRF codes first.
RESULTS: tuple[tuple[Kind, Outcome], ...] = (
    (Kind.PLAYED, Outcome.LOSS),
    (Kind.PLAYED, Outcome.DRAW),
    (Kind.PLAYED, Outcome.WIN),
    (Kind.SHORT, Outcome.LOSS),
    (Kind.SHORT, Outcome.DRAW),
    (Kind.SHORT, Outcome.WIN),
    (Kind.FORFEIT_WIN, Outcome.WIN),
    (Kind.FORFEIT_LOSS, Outcome.LOSS),
    (Kind.DOUBLE_FORFEIT, Outcome.LOSS),
    (Kind.PAB, Outcome.WIN),
    (Kind.FPB, Outcome.WIN),
    (Kind.HPB, Outcome.DRAW),
    (Kind.ZPB, Outcome.LOSS),
)
# ... then every other (kind, outcome), for tournaments built by hand (a team's PAB worth a draw).
RESULTS += tuple((k, o) for k in Kind for o in Outcome if (k, o) not in RESULTS)
RESULT_OF: dict[tuple[Kind, Outcome], int] = {ko: c for c, ko in enumerate(RESULTS)}
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
    in one pass over the file; :class:`~tbxl.model.event.Player` objects are views of its rows and
    the tie-break context reads it directly, so a large event never needs its 10^5
    :class:`~tbxl.model.entry.RoundEntry` objects.

    >>> from tbxl.model import Player, make_entry
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
    lengths: list[int] | None = None  # None when every record has every round
    players: Sequence[Player] = ()  # the players whose rounds these are (see holds)

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
            # tuple.__new__ skips the NamedTuple's Python-level __new__: this runs once per round
            # of every player whose entries are asked for.
            out.append(
                new(
                    RoundEntry,
                    (
                        r + 1,
                        kind,
                        outcome,
                        table[kind, outcome],
                        numbers[j] if j >= 0 else None,
                        None if colour == " " else colour,
                    ),
                )
            )
        return tuple(out)

    def rows(self, columns: Sequence[Sequence[T]]) -> list[list[T]]:
        """Per-round columns turned into per-player rows (cut to each record's length)."""
        rows = list(map(list, zip(*columns))) if columns else [[] for _ in self.numbers]
        if self.lengths is not None:
            rows = [row[:n] for row, n in zip(rows, self.lengths)]
        return rows

    def holds(self, tournament: Tournament) -> bool:
        """Is this the table of ``tournament``: the same rounds, scoring and players (the reader's
        tuple of views, kept by ``dataclasses.replace``)?"""
        return (
            tournament.players is self.players
            and self.rounds == tournament.rounds
            and self.scoring == tournament.scoring
        )

    @classmethod
    def from_players(cls, players: Sequence[Player], rounds: int, scoring: Scoring) -> RoundTable:
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
        table = cls(
            [p.start_number for p in players],
            rounds,
            scoring,
            [bytes(c) for c in result],
            opponent,
            ["".join(c) for c in colour],
            None if full else lengths,
        )
        table.players = players
        return table
