"""What an Excel function gives back: an Excel number, ``""`` for an empty cell or no value,
the text ``"#N/A"`` for a number not in the event (a real ``#N/A`` under Office.js), and a
:class:`ValueError` (``#VALUE!``) whose message names the cell for bad input."""

from __future__ import annotations

from typing import Any, Callable, NoReturn, Optional

from tbxl.errors import InputError
from tbxl.io.grid.cells import cell_number

__all__ = ["NOT_FOUND", "value_error", "each"]

NOT_FOUND = "#N/A"


def value_error(err: BaseException) -> NoReturn:
    """Raise ``err`` as Excel shows it: a :class:`ValueError` (``#VALUE!``) whose message starts
    with the cell of an :class:`InputError` (``C7: row 7, round 3: ...``)."""
    if isinstance(err, InputError):
        where = f"{err.cell}: " if err.cell else ""
        raise ValueError(f"{where}{err.message}") from None
    raise ValueError(str(err)) from None


def each(numbers: Optional[list[list]], single: Optional[int], of: Callable[[int], Any]) -> Any:
    """The Excel number ``of`` gives the one number ``single``, or each of ``numbers`` in their
    shape: empty for an empty cell, #N/A for a number ``of`` does not know (``KeyError``)."""
    def one(n: Optional[int]) -> Any:
        if n is None:
            return ""
        try:
            return cell_number(of(n))
        except KeyError:
            return NOT_FOUND
    if numbers is None:
        return one(single)
    return [[one(n) for n in r] for r in numbers]
