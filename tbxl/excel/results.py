"""What an Excel function gives back: an Excel number, ``""`` for an empty cell or no value,
the text ``"#N/A"`` for a number not in the event (a real ``#N/A`` under Office.js), and a
:class:`ValueError` (``#VALUE!``) whose message names the cell for bad input."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn

from tbxl.errors import InputError
from tbxl.io.grid.cells import a1, cell_number

__all__ = ["NOT_FOUND", "EXCEL_ERRORS", "value_error", "each", "error_cell"]

NOT_FOUND = "#N/A"

#: Excel's error values, as xlwings gives them with ``err_to_str`` (Office.js's ``basicValue``, the
#: classic add-in's text of the COM error code) and as a workbook file stores them; newer Excels add
#: the ones after ``#NULL!``.
EXCEL_ERRORS = frozenset(
    {
        "#N/A",
        "#VALUE!",
        "#REF!",
        "#NAME?",
        "#DIV/0!",
        "#NUM!",
        "#NULL!",
        "#DATA!",
        "#SPILL!",
        "#CALC!",
        "#FIELD!",
        "#BLOCKED!",
        "#CONNECT!",
        "#BUSY!",
        "#UNKNOWN!",
        "#PYTHON!",
        "#GETTING_DATA",
    }
)


def value_error(err: BaseException) -> NoReturn:
    """Raise ``err`` as Excel shows it: a :class:`ValueError` (``#VALUE!``) whose message starts
    with the cell of an :class:`InputError` (``C7: row 7, round 3: ...``)."""
    if isinstance(err, InputError):
        where = f"{err.cell}: " if err.cell else ""
        raise ValueError(f"{where}{err.message}") from None
    raise ValueError(str(err)) from None


def each(numbers: list[list[Any]] | None, single: int | None, of: Callable[[int], Any]) -> Any:
    """The Excel number ``of`` gives the one number ``single``, or each of ``numbers`` in their
    shape: empty for an empty cell, #N/A for a number ``of`` does not know (``KeyError``)."""

    def one(n: int | None) -> Any:
        if n is None:
            return ""
        try:
            return cell_number(of(n))
        except KeyError:
            return NOT_FOUND

    if numbers is None:
        return one(single)
    return [[one(n) for n in r] for r in numbers]


def error_cell(rows: list[list[Any]], what: str = "crosstable") -> InputError | None:
    """The first cell of ``rows`` (row by row) holding an Excel error value, as an
    :class:`InputError` naming the cell (counted from the range's top-left cell as A1, as the
    functions name every cell) and the error: a result, a rating or the Pts column alike, since an
    error is no entry of any column and read as empty it would be blamed on someone else.

    >>> str(error_cell([["No", "R1", "Pts"], [1, "2w1", 1], [2, "#N/A", 0]]))
    'B3: #N/A: the crosstable holds an Excel error here; correct the cell or the formula that gives it'
    >>> error_cell([["No", "R1"], [1, "2w1"]]) is None
    True
    """
    for r, row in enumerate(rows):
        for c, v in enumerate(row):
            if type(v) is str and v[:1] == "#" and v.strip() in EXCEL_ERRORS:
                return InputError(
                    f"{v.strip()}: the {what} holds an Excel error here; correct the cell or the formula that gives it",
                    cell=a1(c, r),
                )
    return None
