"""The cells of the standings' forms: a value as the text table and the CSV print it, a prize, an
aligned terminal table, and CSV fields that no spreadsheet reads as a formula."""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tbxl.formatting import decimal_text, json_number_raw, visible

if TYPE_CHECKING:
    from tbxl.prizes import Award

__all__ = ["cell", "money", "aligned", "csv_text", "csv_row", "csv_name", "json_column"]

Number = Fraction | int | None


def cell(v: Number) -> str:
    """A value as the text table prints it: its exact decimal, ``-`` where there is none."""
    return decimal_text(v, none="-")


def money(award: Award[Any] | None) -> str:
    """A prize at the edge: two decimals (exact fractions inside)."""
    return "" if award is None else decimal_text(award.amount, places=2)


def aligned(head: list[str], body: list[list[str]], left: frozenset[int] = frozenset({2})) -> list[str]:
    """The rows of a terminal table, each column as wide as its widest cell: the ``left`` columns
    (the names) flush left, the numbers flush right."""
    widths = [max(len(row[k]) for row in [head] + body) for k in range(len(head))]
    return [
        "  ".join(c.ljust(widths[k]) if k in left else c.rjust(widths[k]) for k, c in enumerate(row)).rstrip()
        for row in [head] + body
    ]


#: After a list separator, the characters that start a formula in the cell a spreadsheet splitting
#: there would make (the separator of the reader's locale may not be the comma).
_FORMULA_AFTER_SEPARATOR = re.compile(r"([,;\t|])([=+\-@])")
#: A CSV field is quoted when it holds the list separator of any locale's spreadsheet (a comma, a
#: semicolon, a tab), a quote or a line break; the csv module quotes only its own delimiter.
_NEEDS_QUOTES = re.compile(r'[,;\t"\r\n]')


def csv_text(text: str) -> str:
    """Text as CSV data: a leading ``= + - @`` would make a spreadsheet run it as a formula
    (CSV injection), so such text gets a leading apostrophe, as spreadsheets do themselves; so does
    such a character right after a list separator (a spreadsheet of another locale may split there).

    >>> csv_text("=HYPERLINK(1)"), csv_text("Ann"), csv_text("Ann;@SUM(1)")
    ("'=HYPERLINK(1)", 'Ann', "Ann;'@SUM(1)")
    """
    text = _FORMULA_AFTER_SEPARATOR.sub(r"\1'\2", text)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def csv_row(fields: Iterable[object]) -> str:
    """One CSV line (RFC 4180, comma-separated): a field is quoted when it holds a comma, a
    semicolon, a tab, a quote or a line break (``_NEEDS_QUOTES``), so that a spreadsheet splitting
    on its locale's separator keeps it one cell; None is an empty field.

    >>> csv_row([1, "Ann; Bo", None, "3.5"])
    '1,"Ann; Bo",,3.5\\n'
    """
    out = []
    for field in fields:
        text = "" if field is None else str(field)
        out.append('"' + text.replace('"', '""') + '"' if _NEEDS_QUOTES.search(text) else text)
    return ",".join(out) + "\n"


def csv_name(name: str) -> str:
    """A player's or a team's name as CSV data: its control and bidi characters made inert
    (:func:`visible`), then kept from being read as a formula (:func:`csv_text`).

    >>> csv_name("=HYPERLINK(1)"), csv_name("\\x1b=1")
    ("'=HYPERLINK(1)", '\\\\x1b=1')
    """
    return csv_text(visible(name))


def json_column(raw: list[object], den: int) -> list[object]:
    """JSON numbers of a whole column at once (a comprehension per column, not a call per value)."""
    if all(type(v) is int for v in raw):
        if den == 1:
            return raw
        if den in (2, 4):  # halves and quarters: the float's repr is the exact decimal
            return [v // den if v % den == 0 else v / den for v in raw]  # type: ignore[operator]
    return [json_number_raw(v, den) for v in raw]  # type: ignore[arg-type]
