"""Exact values to text and JSON, at the edge only.

>>> from fractions import Fraction as F
>>> decimal_text(F(29, 2)), decimal_text(F(107, 8)), decimal_text(F(79, 6)), decimal_text(3)
('14.5', '13.375', '13.17', '3')
>>> decimal_text(F(1, 2), places=2, comma=True)
'0,50'
>>> json_number(F(107, 8)), json_number(F(79, 6)), json_number(4)
(13.375, 13.17, 4)
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Optional, Union

Number = Union[Fraction, int]


def is_finite_decimal(v: Fraction) -> bool:
    d = v.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    return d == 1


def to_decimal(v: Number, places: Optional[int] = None) -> Decimal:
    """Exact when the fraction is a finite decimal (and no ``places``), else rounded half up."""
    f = Fraction(v)
    exact = Decimal(f.numerator) / Decimal(f.denominator) if is_finite_decimal(f) else None
    if places is None and exact is not None:
        return exact
    q = Decimal(1).scaleb(-(2 if places is None else places))
    # Round the exact rational, not a float: half up on the true value.
    scaled = f * (10 ** (2 if places is None else places))
    n = (2 * scaled.numerator + scaled.denominator) // (2 * scaled.denominator)
    return (Decimal(n) * q).quantize(q, rounding=ROUND_HALF_UP)


def decimal_text(v: Optional[Number], places: Optional[int] = None, comma: bool = False,
                 none: str = "") -> str:
    """Text of a value: exact decimal when finite (``places`` pads/rounds), else 2 places."""
    if v is None:
        return none
    d = to_decimal(v, places)
    s = format(d, "f")
    if places is None and "." in s:
        s = s.rstrip("0").rstrip(".")
    return s.replace(".", ",") if comma else s


def json_number(v: Optional[Number]):
    """A JSON number: int when whole, else the exact decimal or 2 places (display only)."""
    if v is None:
        return None
    if type(v) is int:
        return v
    num, den = v.numerator, v.denominator
    if den == 1:
        return num
    d = den
    for p in (2, 5):
        while d % p == 0:
            d //= p
    if d == 1 and abs(num) < 2 ** 50:
        return num / den  # a finite decimal: the float's shortest repr is that decimal
    return ((200 * num + den) // (2 * den)) / 100  # half up to hundredths, computed exactly


def json_number_raw(raw, den: int):
    """:func:`json_number` of ``raw / den`` without building a Fraction when ``raw`` is an int."""
    if raw is None:
        return None
    if type(raw) is not int:
        return json_number(raw / den)
    if raw % den == 0:
        return raw // den
    return json_number(Fraction(raw, den))
