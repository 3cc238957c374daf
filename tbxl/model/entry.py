"""One participant's record in one round (:class:`RoundEntry`), and how to build one.

>>> make_entry(Scoring(), 3, Kind.HPB)  # doctest: +NORMALIZE_WHITESPACE
RoundEntry(round=3, kind=<Kind.HPB: 'hpb'>, outcome=<Outcome.DRAW: 1>, points=Fraction(1, 2),
           opponent=None, colour=None)
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from tbxl.model.kinds import UNPLAYED_OUTCOME, Kind, Outcome
from tbxl.model.scoring import Scoring

__all__ = ["RoundEntry", "make_entry"]


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
    opponent: int | None = None
    colour: str | None = None

    @property
    def is_game(self) -> bool:
        return self.kind.is_game


def make_entry(
    scoring: Scoring,
    round: int,
    kind: Kind,
    outcome: Outcome | None = None,
    opponent: int | None = None,
    colour: str | None = None,
) -> RoundEntry:
    """Build a :class:`RoundEntry`, filling the outcome of unplayed kinds and the points."""
    if outcome is None:
        if kind.is_game:
            raise ValueError("a played game needs an outcome")
        outcome = UNPLAYED_OUTCOME[kind]
    return RoundEntry(round, kind, outcome, scoring.table[kind, outcome], opponent, colour)
