"""Exact values to text and JSON, at the edge only.

>>> from fractions import Fraction as F
>>> decimal_text(F(29, 2)), decimal_text(F(107, 8)), decimal_text(F(79, 6)), decimal_text(3)
('14.5', '13.375', '13.17', '3')
>>> decimal_text(F(1, 2), places=2, comma=True)
'0,50'
>>> json_number(F(107, 8)), json_number(F(79, 6)), json_number(4)
(13.375, 13.17, 4)

Names come from files and are untrusted: :func:`visible` is what every output shows of them.
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import cast

Number = Fraction | int


def is_finite_decimal(v: Fraction) -> bool:
    d = v.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    return d == 1


def to_decimal(v: Number, places: int | None = None) -> Decimal:
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


def decimal_text(v: Number | None, places: int | None = None, comma: bool = False, none: str = "") -> str:
    """Text of a value: exact decimal when finite (``places`` pads/rounds), else 2 places."""
    if v is None:
        return none
    d = to_decimal(v, places)
    s = format(d, "f")
    if places is None and "." in s:
        s = s.rstrip("0").rstrip(".")
    return s.replace(".", ",") if comma else s


def signed_text(v: Number | None, none: str = "", comma: bool = False) -> str:
    """A change with its sign (a rating change, ``rtg+/-``): ``+18.4``, ``-3.6``, ``0``.

    >>> signed_text(Fraction(92, 5)), signed_text(Fraction(-18, 5)), signed_text(0), signed_text(None, "-")
    ('+18.4', '-3.6', '0', '-')
    """
    if v is None:
        return none
    text = decimal_text(v, comma=comma)
    return "+" + text if v > 0 else text


def short_decimal(v: Number, min_places: int = 0) -> str:
    """The exact decimal of ``v`` with at least ``min_places`` places and at most six (a TRF field,
    a message); ``ValueError`` when it has no such form.

    >>> short_decimal(Fraction(7, 2)), short_decimal(2, 1), short_decimal(Fraction(-1, 4), 1)
    ('3.5', '2.0', '-0.25')
    """
    f = Fraction(v)
    for places in range(min_places, 7):
        scaled = f * 10**places
        if scaled.denominator == 1:
            digits = str(abs(scaled.numerator)).rjust(places + 1, "0")
            text = f"{digits[:-places]}.{digits[-places:]}" if places else digits
            return ("-" if f < 0 else "") + text
    raise ValueError(f"{f} has no short decimal form")


def exact_text(v: Number, min_places: int = 0) -> str:
    """A value in a message, exactly: its short decimal, else the fraction (a scoring with many
    decimals gives totals with no short decimal form).

    >>> exact_text(Fraction(7, 2)), exact_text(Fraction(10, 3)), exact_text(3), exact_text(3, 1)
    ('3.5', '10/3', '3', '3.0')
    """
    try:
        return short_decimal(v, min_places)
    except ValueError:
        return str(Fraction(v))


def json_number(v: Number | None) -> int | float | None:
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
    if d == 1 and abs(num) < 2**50:
        return num / den  # a finite decimal: the float's shortest repr is that decimal
    return ((200 * num + den) // (2 * den)) / 100  # half up to hundredths, computed exactly


def json_number_raw(raw: Number | None, den: int) -> int | float | None:
    """:func:`json_number` of ``raw / den`` without building a Fraction when ``raw`` is an int."""
    if raw is None:
        return None
    if type(raw) is not int:
        return json_number(cast(Fraction, raw) / den)  # type() is the hot path's test: int or Fraction
    if raw % den == 0:
        return raw // den
    return json_number(Fraction(raw, den))


#: Characters that change how text shows rather than what it says: the C0 and C1 controls (ESC
#: starts terminal commands, BEL rings, NUL ends C strings, CR rewrites a line), the line and
#: paragraph separators, and the bidi marks, embeddings, overrides and isolates (U+202E shows
#: "12" as "21").
_UNSAFE_CHARS = "\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069"
_UNSAFE = re.compile(f"[\x00-\x1f{_UNSAFE_CHARS}]")
#: The same without the tab and the line breaks, which JSON text keeps as its layout.
_UNSAFE_IN_LAYOUT = re.compile(f"[\x00-\x08\x0b\x0c\x0e-\x1f{_UNSAFE_CHARS}]")


def visible(text: str, keep: str = "") -> str:
    r"""``text`` safe to show in a terminal, a CSV cell or a page: every control or bidi character
    becomes its escape, visible and inert (``\x1b``, ``\u202e``); ``keep`` lists characters left as
    they are (the line breaks of a whole table). Idempotent.

    >>> print(visible("Ann\x1b[2J\a \u202e12\x00"))
    Ann\x1b[2J\x07 \u202e12\x00
    >>> visible("a\nb", keep="\n") == "a\nb", visible("Nguyễn Иванов") == "Nguyễn Иванов"
    (True, True)
    """
    if not _UNSAFE.search(text):
        return text
    return _UNSAFE.sub(lambda m: m.group() if m.group() in keep else _escape(m.group()), text)


def visible_json(text: str) -> str:
    r"""JSON text with the characters of :func:`visible` as ``\uXXXX`` escapes: the same strings
    once parsed, but inert on a terminal. The JSON encoder already escapes the C0 controls inside
    strings, so the tab and line breaks left are the layout's whitespace, kept.

    >>> import json
    >>> s = visible_json(json.dumps({"name": "a\u202e1\x9b"}, ensure_ascii=False, indent=0)); print(s)
    {
    "name": "a\u202e1\u009b"
    }
    >>> json.loads(s)["name"] == "a\u202e1\x9b"
    True
    """
    if not _UNSAFE_IN_LAYOUT.search(text):
        return text
    return _UNSAFE_IN_LAYOUT.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _escape(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
