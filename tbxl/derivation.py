"""Derivations: how a tie-break value was made, as data.

A :class:`Derivation` lists its :class:`Term` s (one per round that contributes),
says which terms were cut and why, and carries the total. The total is the sum
of the contributions of the terms that were not cut; the tie-break code builds
both from the same list, so they cannot disagree.

>>> from fractions import Fraction as F
>>> d = Derivation("BH/C1", player=4, terms=(
...     Term(1, 12, "1", F(2), F(2), "game", "8.1", F(2)),
...     Term(2, None, "H", None, F(7, 2), "HPB, VUR, dummy = own score", "16.2.3, 16.4", F(7, 2),
...          vur=True, cut="Cut-1: lowest VUR contribution (16.5)")),
...     value=F(2))
>>> d.check()
>>> d.total
Fraction(2, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Optional, Sequence, Union

Number = Union[Fraction, int]


@dataclass(frozen=True)
class Term:
    """One contribution to a tie-break value.

    ``opponent`` is the start number (None for a bye or a dummy); ``result`` the
    participant's result in that round as a TRF code; ``real`` the opponent's
    real final score; ``adjusted`` the value actually used (adjusted score,
    dummy, virtual opponent ...); ``reason`` and ``article`` say why;
    ``contribution`` is what the term adds (for SB: adjusted x result).
    """

    round: Optional[int]
    opponent: Optional[int]
    result: str
    real: Optional[Number]
    adjusted: Optional[Number]
    reason: str
    article: str
    contribution: Number
    vur: bool = False
    cut: Optional[str] = None

    @property
    def is_cut(self) -> bool:
        return self.cut is not None


@dataclass(frozen=True)
class Derivation:
    """A tie-break value with its terms. For DE, ``table`` holds the mini-table rows."""

    code: str
    player: int
    terms: tuple[Term, ...]
    value: Optional[Number]
    notes: tuple[str, ...] = ()
    table: tuple[dict, ...] = field(default=())
    divisor: Optional[int] = None  # averages (ARO, AOB, APRO): total / divisor, then rounding

    @property
    def total(self) -> Fraction:
        """Sum of the contributions of the terms that were not cut."""
        return sum((Fraction(t.contribution) for t in self.terms if not t.is_cut), Fraction(0))

    def check(self) -> None:
        """Raise AssertionError if the kept terms do not add up to the value (sums only)."""
        if self.divisor is None and not self.table and self.value is not None and self.terms:
            if self.total != self.value:
                raise AssertionError(f"{self.code} of {self.player}: terms add to {self.total}, value {self.value}")

    def text(self, fmt=lambda x: str(x)) -> str:
        """A plain-text rendering for ``tbxl explain``."""
        lines = [f"{self.code} of player {self.player} = {'-' if self.value is None else fmt(self.value)}"]
        if self.terms:
            lines.append(f"  {'rd':>3} {'opp':>5} {'res':>3} {'real':>6} {'used':>6} {'adds':>6}  reason")
        for t in self.terms:
            mark = "x" if t.is_cut else " "
            lines.append(
                f"{mark} {'' if t.round is None else t.round:>3} {'' if t.opponent is None else t.opponent:>5} "
                f"{t.result:>3} {'' if t.real is None else fmt(t.real):>6} "
                f"{'' if t.adjusted is None else fmt(t.adjusted):>6} {fmt(t.contribution):>6}  "
                f"{t.reason}" + (f" [{t.article}]" if t.article else "") + (f" -- CUT: {t.cut}" if t.cut else ""))
        for row in self.table:
            lines.append("  " + ", ".join(f"{k}={fmt(v) if isinstance(v, (Fraction, int)) else v}" for k, v in row.items()))
        if self.divisor is not None:
            lines.append(f"  total {fmt(self.total)} / {self.divisor}")
        elif self.terms:
            lines.append(f"  total {fmt(self.total)}")
        lines.extend(f"  note: {n}" for n in self.notes)
        return "\n".join(lines)


def keep(terms: Sequence[Term]) -> list[Term]:
    return [t for t in terms if not t.is_cut]
