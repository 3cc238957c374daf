"""The organizer's decisions as a workbook's Event sheet holds them (FIDE's 2026 checklist,
197-216): a label in column A (:data:`EVENT_DECISIONS`), its value in column B in the command
line's grammar (:mod:`tbxl.model.decisions`); a label may stand on several rows and a cell may hold
several items separated by ``;``.

One reader for both ends: :func:`tbxl.io.workbook.read_workbook` (``tbxl compute book.xlsx``) and
the Excel functions' ``decisions`` argument (:mod:`tbxl.excel`), which is the Event sheet's rows as
a range. Errors name the cell (``Event!B7``). Standard library and the core only: it travels into
xlwings Lite with :mod:`tbxl.excel`.

>>> rows = [(1, ["Place", "Hanoi"]), (2, ["Expelled", "12; 3"]), (3, ["Given value", "BH:3=15.5"])]
>>> found = read_decision_rows(rows)
>>> found.decisions.expelled, found.decisions.given
((3, 12), (('BH', 3, Fraction(31, 2)),))
>>> read_decision_rows([(7, ["Estimated rating", "7:16x0"])])
Traceback (most recent call last):
...
tbxl.errors.InputError: Event!B7: estimated rating '7:16x0': expected START:RATING, e.g. 12:1650
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from tbxl.errors import InputError
from tbxl.model.decisions import Decisions, parse_item

__all__ = ["EVENT", "EVENT_DECISIONS", "DecisionRows", "read_decision_rows", "blank"]

#: The sheet of the event's details and the organizer's decisions: a label in column A, its value in B.
EVENT = "Event"

#: The organizer's decisions on the Event sheet: label -> the :class:`~tbxl.model.Decisions` field
#: its value holds (column B, the command line's grammar).
EVENT_DECISIONS = {
    "Expelled": "expelled",  # 12, 15
    "Estimated rating": "estimated",  # 12:1650
    "Rating from round": "ratings",  # 12:5:2150
    "List change": "list_change",  # 4:BH,SB
    "Given value": "given",  # BH:12=15.5
}

#: Each field's kind of item (:data:`tbxl.model.decisions.KINDS`), for the item reader and its messages.
_KINDS = {
    "expelled": "expelled",
    "estimated": "estimated rating",
    "ratings": "rating by round",
    "list_change": "list change",
    "given": "given value",
}


def blank(value: Any) -> bool:
    """A cell with nothing to read in a file: no value, or only blanks."""
    return value is None or (isinstance(value, str) and not value.strip())


@dataclass(frozen=True)
class DecisionRows:
    """The decisions of an Event sheet, and where each item stood: ``(cell, field, item)``, e.g.
    ``("Event!B7", "expelled", "12")``, so that a check against the event names the cell."""

    decisions: Decisions
    items: tuple[tuple[str, str, str], ...] = ()

    def check(self, known: Container[int], rounds: int, file: str | None = None) -> None:
        """:meth:`Decisions.check` item by item: an :class:`InputError` naming the cell (and
        ``file``) of a start number not ``known`` or a round beyond ``rounds``."""
        for cell, field, item in self.items:
            if field == "list_change":
                one = Decisions.of(list_change=item)
            else:
                one = Decisions.of(**{field: [item]})  # type: ignore[arg-type]  # one of the item lists
            try:
                one.check(known, rounds)
            except InputError as err:
                raise InputError(err.message, file=file, cell=cell, player=err.player, round=err.round) from None


def _text(value: Any) -> str:
    """A cell's value as the item's text (``12.0`` as ``12``)."""
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


def read_decision_rows(
    rows: Iterable[tuple[int, Sequence[Any]]],
    *,
    file: str | None = None,
    sheet: str = EVENT,
    empty: Callable[[Any], bool] = blank,
) -> DecisionRows:
    """The decisions of an Event sheet's ``rows`` (row number, the values from column A): the rows
    labelled as in :data:`EVENT_DECISIONS` whose value is not ``empty`` (the other rows are the
    event's details, read elsewhere); each item checked, an :class:`InputError` naming ``file`` and
    ``sheet!B<row>`` for one that is not an item. The last List change counts (the list in force
    before the last change)."""
    fields: dict[str, list[str]] = {}
    where: list[tuple[str, str, str]] = []
    for r, values in rows:
        label = str(values[0]).strip() if values and isinstance(values[0], str) else ""
        field = EVENT_DECISIONS.get(label)
        value = values[1] if len(values) > 1 else None
        if field is None or empty(value):
            continue
        cell = f"{sheet}!B{r}"
        text = _text(value)
        parts = [text.strip()] if field == "list_change" else [p.strip() for p in text.split(";") if p.strip()]
        for part in parts:
            try:
                parse_item(_KINDS[field], part)
            except InputError as err:
                raise InputError(err.message, file=file, cell=cell) from None
            fields.setdefault(field, []).append(part)
            where.append((cell, field, part))
    changes = fields.pop("list_change", [])
    decisions = Decisions.of(list_change=changes[-1] if changes else None, **fields)
    return DecisionRows(decisions, tuple(where))
