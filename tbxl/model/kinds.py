"""The vocabulary of a round: what happened (:class:`Kind`) and the result in tie-break terms
(:class:`Outcome`), with the result each unplayed kind stands for (C.07 16.4).

>>> Kind.HPB.is_vur, Kind.PAB.is_vur, UNPLAYED_OUTCOME[Kind.HPB]
(True, False, <Outcome.DRAW: 1>)
"""

from __future__ import annotations

import enum
from fractions import Fraction

__all__ = ["Kind", "Outcome", "UNPLAYED_OUTCOME"]


class Kind(enum.Enum):
    """What happened to a participant in one round (C.07 15.1, 16.1; TRF-16 result codes)."""

    PLAYED = "played"  # over the board: TRF 1 = 0
    SHORT = "short"  # over the board, under one move: TRF W D L (C07 §9 D10)
    FORFEIT_WIN = "forfeit-win"  # TRF +
    FORFEIT_LOSS = "forfeit-loss"  # TRF -
    DOUBLE_FORFEIT = "double-forfeit"  # both lose by forfeit (C07 §9 D8)
    PAB = "pab"  # pairing-allocated bye, TRF U
    FPB = "fpb"  # full-point bye, TRF F
    HPB = "hpb"  # half-point bye, TRF H
    ZPB = "zpb"  # zero-point bye / absent / withdrawn, TRF Z or blank

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
    def reverse(self) -> Outcome:
        return Outcome(2 - self.value)

    @property
    def fraction(self) -> Fraction:
        """Share of a win: 0, 1/2 or 1 (the factor Sonneborn-Berger multiplies by)."""
        return Fraction(self.value, 2)


#: The outcome that each unplayed kind stands for (C.07 16.4: "the result matching the points").
UNPLAYED_OUTCOME: dict[Kind, Outcome] = {
    Kind.FORFEIT_WIN: Outcome.WIN,
    Kind.FORFEIT_LOSS: Outcome.LOSS,
    Kind.DOUBLE_FORFEIT: Outcome.LOSS,
    Kind.PAB: Outcome.WIN,
    Kind.FPB: Outcome.WIN,
    Kind.HPB: Outcome.DRAW,
    Kind.ZPB: Outcome.LOSS,
}
