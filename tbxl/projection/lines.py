"""The projection of a standings: the lines users see, built once for every edge (the text table,
the CSV and the JSON, the Excel spill, the workbook, the audit and the report views), each with
its rank label, number, name, points, the values of the tie-breaks, how a place was decided, and
the event's kind (:mod:`tbxl.projection.kind`) that says what differs between an individual and a
team event."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tbxl.categories import Classification
    from tbxl.projection.kind import Kind
    from tbxl.rating_change import RatingChange
    from tbxl.standings import Row, Standings, Value

__all__ = ["Line", "Projection"]


@dataclass(frozen=True)
class Line:
    """One line of the standings as every output shows it: ``values`` are the exact values of the
    tie-breaks in the order of :attr:`Projection.codes` (an order's: the tier, None where it did
    not apply); ``row`` is the standings' row (the participant and its own fields)."""

    rank: int
    rank_label: str
    number: int
    name: str
    points: Fraction
    values: tuple[Value, ...]
    decided_by: str | None
    row: Row

    @property
    def spill_rank(self) -> object:
        """The rank as a spreadsheet cell: a number, a shared place as its label ("3-5")."""
        return self.rank if self.rank_label == str(self.rank) else self.rank_label


@dataclass(frozen=True, eq=False)
class Projection:
    """The standings as the outputs show them, built once: ``lines`` best first, the kind of event
    (``kind``), the categories and prizes (``classification``) and the rating changes
    (``changes``, by start number) where an individual event has them, and the standings after
    each round (``by_round``, computed once, on first use)."""

    standings: Standings
    kind: Kind
    classification: Classification | None = None
    changes: Mapping[int, RatingChange | None] | None = None

    @property
    def codes(self) -> list[str]:
        """The tie-breaks' codes, in the order of the list."""
        return self.standings.codes

    @property
    def decided(self) -> bool:
        """Did a play-off or lots place anyone (a ``Decided`` column)?"""
        return bool(self.standings.decided_by)

    @property
    def title(self) -> str:
        """The event's line above its table (its name, size, rounds and rules)."""
        return self.kind.title(self.standings)

    @cached_property
    def lines(self) -> tuple[Line, ...]:
        codes = self.codes
        out = []
        for r in self.standings.rows:
            values = r.values
            out.append(
                Line(
                    r.rank,
                    r.rank_label,
                    r.number,
                    r.player.name,
                    r.points,
                    tuple(values[c] for c in codes),
                    r.decided_by,
                    r,
                )
            )
        return tuple(out)

    @cached_property
    def by_round(self) -> tuple[Standings, ...]:
        """The standings after rounds 1 .. n (:meth:`tbxl.standings.Standings.by_round`), once."""
        return tuple(self.standings.by_round())

    def decided_cells(self, line: Line) -> list[str]:
        """The ``Decided`` cell of a line (none when no place was decided)."""
        return [line.decided_by or ""] if self.decided else []

    def form(self, name: str) -> str:
        """The standings in the form ``name``: ``text`` (the aligned table), ``csv`` or ``json``."""
        kind = self.kind
        writer = {"text": kind.table, "csv": kind.csv, "json": kind.json}[name]
        return writer(self)
