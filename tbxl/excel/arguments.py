"""The Excel functions' arguments as Excel sends them, made into what the core takes.

Numbers arrive as ``5.0`` (classic add-in) or ``5`` (Office.js), empty cells as ``None`` (classic)
or ``0`` (Excel desktop to Office.js functions), so ``rules``, ``layout`` and ``tiebreaks`` read
``""``, ``0`` and ``None`` as "not given". A bad argument is a :class:`ValueError` (``#VALUE!``)
whose message says what was expected.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any

from tbxl import rules as conventions
from tbxl.errors import InputError, TbxlError
from tbxl.excel.results import value_error
from tbxl.io.decision_rows import DecisionRows, read_decision_rows
from tbxl.io.grid.cells import LAYOUTS, empty, layout_name
from tbxl.io.grid.sheet import rows_of
from tbxl.model import Decisions
from tbxl.playoffs import split_orders
from tbxl.rules import Convention
from tbxl.tiebreaks.codes import Descriptor, parse

__all__ = [
    "BEYOND",
    "given",
    "scalar",
    "text",
    "layout",
    "whole",
    "player",
    "player_range",
    "convention",
    "descriptor",
    "codes",
    "playoffs",
    "lots",
    "decisions",
    "cut_descriptor",
    "progressive_cut",
]


def given(v: Any) -> bool:
    """False for what Excel sends for an empty or omitted argument: None, '', 0."""
    return not empty(v)


def scalar(v: Any, what: str) -> Any:
    """The one cell of an argument (a 1x1 range arrives as a nested list)."""
    while isinstance(v, (list, tuple)):
        if len(v) != 1:
            raise ValueError(f"{what} must be a single cell, not a range of {len(v)}")
        v = v[0]
    return v


def text(v: Any, what: str) -> str:
    """A one-cell argument as text (``5.0`` as ``"5"``), stripped."""
    v = scalar(v, what)
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    return str(v).strip()


#: The pairing words of the ``layout`` argument.
PAIRINGS = {"round-robin": "round-robin", "roundrobin": "round-robin", "rr": "round-robin", "swiss": "swiss"}


def layout(value: Any) -> tuple[str | None, str | None] | None:
    """(layout, pairing system) of the ``layout`` argument, each None when not given: a compact
    or sm3 crosstable is read as a Swiss unless it says "round-robin" (C.07 15.2: its unplayed
    rounds count otherwise); ``tbxl workbook`` writes a round robin whose pairings are not the
    Berger tables' that way.

    >>> layout(""), layout("SM3"), layout("compact, round-robin")
    (None, ('sm3', None), ('compact', 'round-robin'))
    """
    if not given(scalar(value, "layout")):
        return None
    words = text(value, "layout").lower().replace(",", " ").split()
    pairing = [PAIRINGS[w] for w in words if w in PAIRINGS]
    lay = [w for w in words if w not in PAIRINGS]

    def unknown(_: str) -> ValueError:
        return ValueError(
            f"unknown layout {text(value, 'layout')!r}: expected one of {', '.join(LAYOUTS)}, "
            "round-robin or swiss, or empty"
        )

    if len(lay) > 1 or len(pairing) > 1:
        raise unknown("")
    return (layout_name(lay[0], unknown) if lay else None, pairing[0] if pairing else None)


#: Whole-number arguments at least this large (10^18) stand for "beyond any event" (a start
#: number no player has, a cut of everything), without building a number of 10^9 digits from
#: the text "1e999999999".
BEYOND = 10**18


def whole(v: Any, what: str) -> int:
    """A whole-number argument as Excel sends it -- ``5.0``, ``5``, the text ``" -1 "`` alike;
    ``ValueError`` (``#VALUE!``) for TRUE/FALSE, text that is no number, inf, NaN or ``1.5``.

    >>> whole(5.0, "cut"), whole(" -1 ", "cut"), whole("1e400", "player") == BEYOND
    (5, -1, True)
    >>> whole(True, "player")
    Traceback (most recent call last):
    ...
    ValueError: player must be a whole number, not TRUE
    """
    if isinstance(v, bool):
        raise ValueError(f"{what} must be a whole number, not {'TRUE' if v else 'FALSE'}")
    if isinstance(v, int):
        return max(-BEYOND, min(BEYOND, v))
    try:
        d = Decimal(v) if isinstance(v, float) else Decimal(str(v).strip())
    except (InvalidOperation, ValueError):
        d = Decimal("NaN")
    if not d.is_finite():
        raise ValueError(f"{what} must be a whole number, not {_shown(v)}")
    if d.adjusted() >= 18:
        return BEYOND if d > 0 else -BEYOND
    if d != d.to_integral_value():
        raise ValueError(f"{what} must be a whole number, not {_shown(v)}")
    return int(d)


def _shown(v: Any) -> str:
    return repr(v[:40] + "..." if isinstance(v, str) and len(v) > 40 else v)


def player(value: Any) -> int | None:
    """The start number (or team number), or None for an empty cell."""
    v = scalar(value, "player")
    if not given(v) and not isinstance(v, bool):  # FALSE is no empty cell (though FALSE == 0)
        return None
    return whole(v, "player")


def player_range(value: Any) -> list[list[Any]] | None:
    """The rows of a multi-cell ``player`` argument (a flat list is a column); None for one cell."""
    if not isinstance(value, (list, tuple)):
        return None
    rows = [list(r) if isinstance(r, (list, tuple)) else [r] for r in value]
    if len(rows) == 1 and len(rows[0]) == 1:
        return None
    return rows


def convention(rules: Any, start_date: date | None) -> Convention:
    """The rule set of ``rules``, else the one in force at ``start_date`` (a grid has none: the
    current FIDE rules)."""
    try:
        return conventions.resolve(text(rules, "rules") if given(scalar(rules, "rules")) else None, start_date)
    except TbxlError as err:
        raise ValueError(str(err)) from None


def descriptor(code: Any) -> Descriptor:
    """The tie-break of a ``code`` argument (``BH/C1``, ``ARO``...)."""
    s = text(code, "code") if given(scalar(code, "code")) else ""
    if not s:
        raise ValueError("no tie-break code given (e.g. BH/C1, SB, KS, ARO)")
    try:
        return parse(s)
    except TbxlError as err:
        raise ValueError(str(err)) from None


def codes(tiebreaks: Any) -> list[str] | None:
    """The tie-break list from text (comma-separated) or a range of codes; None = the defaults."""
    items: list[str] = []
    stack = [tiebreaks]
    while stack:
        v = stack.pop(0)
        if isinstance(v, (list, tuple)):
            stack[0:0] = list(v)
        elif given(v):
            items.extend(c.strip() for c in str(v).split(",") if c.strip())
    return items or None


def playoffs(value: Any) -> list[str]:
    """The play-off orders of a ``playoff`` argument: text (several separated by ``;``) or a range
    of cells, one order a cell; empty cells are none. ``12>7>3`` stays text whatever Excel makes of
    it; a lone number (an order of one player) is passed on to be refused as such."""
    out: list[str] = []
    stack = [value]
    while stack:
        v = stack.pop(0)
        if isinstance(v, (list, tuple)):
            stack[0:0] = list(v)
        elif given(v):
            out.extend(split_orders(text(v, "playoff")))
    return out


def lots(value: Any) -> str | None:
    """The seed of a ``lots`` argument (``5.0`` as ``"5"``), None when not given."""
    v = scalar(value, "lots")
    return text(v, "lots") if given(v) else None


def decisions(value: Any) -> DecisionRows:
    """The organizer's decisions of a ``decisions`` argument: the Event sheet's rows as a range,
    a label in its first column (Expelled, Estimated rating, Rating from round, List change, Given
    value) and the items in its second, read as ``tbxl compute`` reads the workbook
    (:func:`tbxl.io.decision_rows.read_decision_rows`); other rows and empty cells (0 under
    Office.js) are skipped. Rows count from the range's first row as row 1, the sheet's own for
    ``Event!$A$1:$B$100`` as tbxl writes it: a bad item is ``#VALUE!`` naming ``Event!B7``.

    >>> decisions([["Place", "Hanoi"], ["Expelled", 12.0], ["Given value", 0]]).decisions.expelled
    (12,)
    >>> decisions([["Expelled", "twelve"]])
    Traceback (most recent call last):
    ...
    ValueError: Event!B1: expelled 'twelve': expected START[,START...], e.g. 12
    """
    if not isinstance(value, (list, tuple)):
        return DecisionRows(Decisions())  # not given: none
    try:
        return read_decision_rows(enumerate(rows_of(value), 1), empty=empty)
    except InputError as err:
        value_error(err)


def cut_descriptor(name: str, cut: Any) -> Descriptor:
    """``BH`` with a Cut (n > 0), a Median (n < 0, "M1"), or nothing (0). Text follows the rule of
    numbers ("-1" is the Median-1 as -1 is, "1.5" is refused as 1.5 is), with "C2" and "M1" too.

    >>> [cut_descriptor("BH", c).code for c in (2, "2", "C2", -1.0, "-1", "M1", 0, None)]
    ['BH/C2', 'BH/C2', 'BH/C2', 'BH/M1', 'BH/M1', 'BH/M1', 'BH', 'BH/C1']
    """
    v = scalar(cut, "cut")
    if v is None or (isinstance(v, str) and not v.strip()):
        return Descriptor(name, low=1)
    median = False
    if isinstance(v, str):
        s = v.strip().upper().lstrip("/")
        if s[:1] in ("C", "M"):
            median, v = s[0] == "M", s[1:]
            if v.strip().startswith(("-", "+")):
                raise ValueError(f"cut must be C1, C2 ... or M1, M2 ..., not {cut!r}")
    n = whole(v, "cut")
    median = median or n < 0
    n = abs(n)
    if n == 0:
        return Descriptor(name)
    return Descriptor(name, low=n, high=n if median else 0)


def progressive_cut(cut: Any) -> Descriptor:
    """PS with the running scores of the first ``cut`` rounds dropped (PS/Cn);
    empty = 0."""
    v = scalar(cut, "cut")
    if not given(v):
        n = 0
    else:
        n = whole(v.strip().upper().lstrip("/").removeprefix("C") if isinstance(v, str) else v, "cut")
        if n < 0:
            raise ValueError(f"cut must be a whole number of rounds (0 or more), not {v!r}")
    return Descriptor("PS", low=n)
