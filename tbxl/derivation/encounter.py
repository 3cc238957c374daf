"""A direct encounter's derivation as data (C.07 Art. 6; a team event's EDE, Art. 13): the games
among a tied group (:class:`Meeting`), each member's line of the mini-table (:class:`MiniTableRow`)
and each mini-table with the rule that decided (:class:`EncounterStep`).

Only an explanation builds them (``tbxl explain``, a report), so they are a module of their own,
loaded on first use through :mod:`tbxl.derivation` (issue 26 item 7).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # for the fields' types only: tbxl.derivation imports this module
    from tbxl.derivation import Number, Reason

__all__ = ["Meeting", "MiniTableRow", "EncounterStep"]


@dataclass(frozen=True)
class Meeting:
    """A game (in a team event: a match) between two members of a tied group, as a direct
    encounter's mini-table counts it (C.07 6.1).

    ``first`` and ``second`` are start numbers (team numbers); ``result`` the first's result as a
    TRF code ("1", "=", "0", "+", "-" ...; a match: its kind's code, "" when played); ``points``
    what each scored in the mini-table (None: left out, ``reason`` says why); a team match also
    carries its match points and game points, first's then second's. ``colour`` is the first's
    colour as the file records it: a game is written White first (``w``) when the file gives its
    colours, else lower start number first (None).
    """

    round: int
    first: int
    second: int
    result: str
    points: tuple[Number, Number] | None
    reason: Reason | None = None
    match_points: tuple[Number, Number] | None = None
    game_points: tuple[Number, Number] | None = None
    colour: str | None = None

    @property
    def counted(self) -> bool:
        return self.points is not None


@dataclass(frozen=True)
class MiniTableRow:
    """A member's line of a mini-table: its score among the group, the members it has not met in a
    counted game and the score it would have if it won them all (6.3)."""

    member: int
    score: Number
    missing: int
    maximum: Number


@dataclass(frozen=True)
class EncounterStep:
    """One mini-table of a direct encounter (DE, Art. 6; a team event's EDE and its chains, Art.
    13): what it compares, the tied ``group`` (start numbers), the ``meetings`` among them, each
    one's ``rows``, the rule that decided (``outcome``: 6.2, 6.3), why (``because``: who was alone
    on top, or who could still catch up) and the ``tiers`` that follow (best first; a tier of
    several is still tied after this step)."""

    compares: Reason
    group: tuple[int, ...]
    meetings: tuple[Meeting, ...]
    rows: tuple[MiniTableRow, ...]
    outcome: Reason
    tiers: tuple[tuple[int, ...], ...]
    because: tuple[Reason, ...] = ()

    def cell(self, a: int, b: int) -> Fraction | None:
        """What ``a`` scored against ``b`` in the mini-table: the average of their counted meetings
        (6.1.2), None when they did not meet in a counted game."""
        got = []
        for m in self.meetings:
            if m.points is None:
                continue
            if (m.first, m.second) == (a, b):
                got.append(Fraction(m.points[0]))
            elif (m.first, m.second) == (b, a):
                got.append(Fraction(m.points[1]))
        return sum(got, Fraction(0)) / len(got) if got else None

    def row(self, member: int) -> MiniTableRow:
        return next(r for r in self.rows if r.member == member)
