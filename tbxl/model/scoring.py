"""What results are worth: game points per result (:class:`Scoring`); a team event's match points
per match result are :class:`~tbxl.model.team.TeamScoring` (C.07 11.1), loaded with the team kind.

Points are :class:`fractions.Fraction` at the API; the tie-break engine works on integer *units*
of ``1 / Scoring.unit`` internally (see :attr:`Scoring.unit`), so no float ever touches a score.

>>> s = Scoring()
>>> s.points(Kind.PLAYED, Outcome.DRAW), s.unit
(Fraction(1, 2), 2)
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction

from tbxl.model.kinds import Kind, Outcome

__all__ = ["Scoring", "MP", "GP", "SCORES"]

#: The primary and secondary scores of a team event (C.07 11.1).
MP = "MP"
GP = "GP"
SCORES = (MP, GP)


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
    def table(self) -> dict[tuple[Kind, Outcome], Fraction]:
        """Points for every (kind, outcome), computed once per scoring system."""
        return {(k, o): self.points(k, o) for k in Kind for o in Outcome}

    def outcome_points(self, outcome: Outcome) -> Fraction:
        """Points of an over-the-board result (used for draws in C.07 16.3 and dummies)."""
        return (self.loss, self.draw, self.win)[outcome]

    @property
    def unit(self) -> int:
        """Common denominator of every value: the engine counts in integer units of 1/unit."""
        d = 1
        for f in (
            self.win,
            self.draw,
            self.loss,
            self.forfeit_win,
            self.forfeit_loss,
            self.pab,
            self.fpb,
            self.hpb,
            self.zpb,
        ):
            d = d * f.denominator // math.gcd(d, f.denominator)
        return d

    @property
    def is_standard(self) -> bool:
        return self == Scoring()
