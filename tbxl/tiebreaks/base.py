"""What every tie-break family returns: a :class:`Column` of exact values, higher is better
unless ``ascending``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

Raw = int | Fraction | None


@dataclass
class Column:
    """Values of one tie-break for all players, in player-index order.

    ``raw[i] / den`` is the exact value (``raw`` holds ints, or Fractions for averages);
    ``None`` = no value (e.g. ARO without rated games). Ranking compares ``raw`` directly.
    """

    code: str
    den: int
    raw: Sequence[Raw]
    ascending: bool = False  # TPN: lower is better

    def value(self, i: int) -> Fraction | None:
        v = self.raw[i]
        return None if v is None else Fraction(v) / self.den

    def sort_key(self, i: int) -> tuple[int, int | Fraction]:
        v = self.raw[i]
        if v is None:
            return (1, 0)
        return (0, v if self.ascending else -v)
