"""The Excel functions' cache, keyed by the crosstable's content.

4,000 formulas over one 1,000-player crosstable read it once: a module-level LRU cache keyed by
the grid's content (and the layout) keeps the read event, one tie-break context per rule set
(whose columns are computed once for all players), the standings per (rules, tie-break list)
and the AUDIT spills. Team grids have their own (smaller) store. Every access holds :data:`lock`
(xlwings may call functions from several threads).
"""

from __future__ import annotations

import threading
import warnings
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from tbxl.errors import InputError, InputWarning
from tbxl.excel.results import error_cell
from tbxl.io.grid import read_grid
from tbxl.io.grid.cells import empty
from tbxl.io.grid.sheet import rows_of, trim_blank_edges
from tbxl.model import Decisions
from tbxl.rules import Convention
from tbxl.standings import Standings, compute_standings, resolve_tiebreaks
from tbxl.tiebreaks import Context

__all__ = [
    "Book",
    "lock",
    "MAX_BOOKS",
    "MAX_STANDINGS",
    "MAX_AUDITS",
    "MAX_GRIDS",
    "cache_info",
    "cache_clear",
    "cached",
    "content_key",
    "book",
    "team_book",
]


#: No decisions: a crosstable's own.
_NONE = Decisions()


class Book:
    """Everything derived from one crosstable content: the event (or the error reading it), the
    event with each set of the organizer's decisions given (``decided``), a :class:`Context` per
    (rule set, decisions), the standings per (rules, tie-break list, decisions) and the AUDIT
    spills per (rules, published table). ``empty``: a template without results yet."""

    __slots__ = ("tournament", "error", "empty", "decided", "contexts", "standings", "audits")

    def __init__(self) -> None:
        self.tournament: Any = None
        self.error: BaseException | None = None
        self.empty = False
        self.decided: OrderedDict[Decisions, Any] = OrderedDict()
        self.contexts: dict[tuple[str, Decisions], Context] = {}
        self.standings: OrderedDict[Any, Standings] = OrderedDict()
        self.audits: OrderedDict[Any, Any] = OrderedDict()

    def event(self, decisions: Decisions = _NONE) -> Any:
        """The event read, with the organizer's ``decisions`` (the Event sheet's: expelled players,
        ratings, given values) in place of the none a grid records, made once per decisions."""
        if not decisions:
            return self.tournament
        return cached(self.decided, decisions, lambda: replace(self.tournament, decisions=decisions), MAX_STANDINGS)

    def context(self, conv: Convention, decisions: Decisions = _NONE) -> Context:
        """The tie-break context of this (individual) event under ``conv`` with ``decisions``
        (the estimated ratings and ratings by round count in the rating tie-breaks), built once."""
        key = (conv.name, decisions)
        ctx = self.contexts.get(key)
        if ctx is None:
            ctx = self.contexts[key] = Context(self.event(decisions), conv)
            _stats["contexts"] += 1
        return ctx

    def ranking(self, conv: Convention, codes: list[str] | None, decisions: Decisions = _NONE) -> Standings:
        """The standings of this (individual) event under ``conv`` by ``codes`` (None: the
        defaults) with ``decisions``, kept per (rules, resolved list, decisions)."""
        listed = [d.code for d in resolve_tiebreaks(self.tournament, codes)]
        return cached(
            self.standings,
            (conv.name, tuple(listed), decisions),
            lambda: compute_standings(self.event(decisions), listed, conv),
            MAX_STANDINGS,
            made="standings",
        )


MAX_BOOKS = 8  # crosstables kept (by content)
MAX_STANDINGS = 16  # standings kept per crosstable (by rules and tie-break list)
MAX_AUDITS = 8  # AUDIT spills kept per crosstable (by rules and published table)
MAX_GRIDS = 8  # team crosstables kept (by content)
_RECENT_SIZE = 4  # crosstables compared by equality before hashing

lock = threading.RLock()
_books: OrderedDict[Any, Book] = OrderedDict()
_grids: OrderedDict[Any, Book] = OrderedDict()
_recent: list[
    tuple[list[list[Any]], Any, Book, list[tuple[int, int]]]
] = []  # [(rows copy, layout, book, cells equal to 0 or 1)], most recent first
_stats = {"builds": 0, "hits": 0, "contexts": 0, "standings": 0, "audits": 0}


def cache_info() -> dict[str, int]:
    """Counters: ``builds`` (crosstables read), ``hits``, ``contexts``, ``standings`` and ``audits``
    built, and ``size`` (crosstables kept)."""
    with lock:
        return dict(_stats, size=len(_books))


def cache_clear() -> None:
    """Forget every cached crosstable (individual and team) and reset the counters."""
    with lock:
        _books.clear()
        _grids.clear()
        _recent.clear()
        for k in _stats:
            _stats[k] = 0


def _bools_as_text(rows: list[list[Any]]) -> list[list[Any]]:
    """Excel's TRUE and FALSE as the text the crosstable reader sees in them: in Python True == 1
    and hashes alike, and a cached crosstable with start number 1 must never answer for one that
    has TRUE there."""
    if not any(bool in map(type, r) for r in rows):
        return rows
    return [[("TRUE" if v else "FALSE") if type(v) is bool else v for v in r] for r in rows]


def _zeros_and_ones(rows: list[list[Any]]) -> list[tuple[int, int]]:
    """Where a grid holds the numbers 0 or 1, the only cells a TRUE or FALSE would equal."""
    return [
        (i, j) for i, r in enumerate(rows) for j, v in enumerate(r) if type(v) in (int, float) and (v == 0 or v == 1)
    ]


def content_key(rows: list[list[Any]], layout: Any | None) -> tuple[Any, Any]:
    """A hashable key of a grid's content (and its layout)."""
    content: Any
    try:
        content = tuple(map(tuple, rows))
        hash(content)
    except TypeError:  # an unhashable cell value (never from Excel): fall back to its text
        content = repr(rows)
    return layout, content


def book(crosstable: Any, layout: tuple[str | None, str | None] | None) -> Book:
    """The cached book of this crosstable content, built on first use."""
    with lock:
        # Fast path: the same content as a recent call. List equality is cheaper than hashing
        # (no tuples to build, no string hashes to compute for Excel's fresh strings) and safe
        # against a grid changed in place, since we compare with our own copy.
        if type(crosstable) is list:
            for i, (seen, lay, found, ones) in enumerate(_recent):
                if lay == layout and seen == crosstable and not any(type(crosstable[r][c]) is bool for r, c in ones):
                    if i:
                        _recent.insert(0, _recent.pop(i))
                    _stats["hits"] += 1
                    return found
        try:  # the empty rows below a template's players (or a whole column's million) are not content
            rows = _bools_as_text(trim_blank_edges(rows_of(crosstable)))
        except InputError as err:
            made = Book()
            made.error = err
            return made
        made = cached(_books, content_key(rows, layout), lambda: _build(rows, layout), MAX_BOOKS, hit="hits")
        _recent.insert(0, ([list(r) for r in rows], layout, made, _zeros_and_ones(rows)))
        del _recent[_RECENT_SIZE:]
        return made


def team_book(crosstable: Any) -> Book:
    """The cached book of a team crosstable (:mod:`tbxl.io.grid.team`) content, built on first use;
    its ``standings`` are kept per (rules, tie-break list) as given."""
    from tbxl.io.grid.team import read_team_grid  # the team core, for the team functions only

    def read() -> Book:
        made = Book()
        made.error = error_cell(rows)
        if made.error is not None:
            return made
        try:
            made.tournament = read_team_grid(rows)
        except InputError as err:
            made.error = err
        return made

    try:
        rows = trim_blank_edges(rows_of(crosstable))
    except InputError as err:
        made = Book()
        made.error = err
        return made
    with lock:
        return cached(_grids, content_key(rows, None)[1], read, MAX_GRIDS)


T = TypeVar("T")


def cached(
    cache: OrderedDict[Any, T],
    key: Any,
    make: Callable[[], T],
    limit: int,
    *,
    made: str | None = None,
    hit: str | None = None,
) -> T:
    """``cache[key]``, made by ``make()`` on a miss; the least recently used entries beyond
    ``limit`` are dropped. ``made`` and ``hit`` name the counters of :func:`cache_info` to raise."""
    if key in cache:
        cache.move_to_end(key)
        if hit:
            _stats[hit] += 1
        return cache[key]
    value = cache[key] = make()
    if made:
        _stats[made] += 1
    while len(cache) > limit:
        cache.popitem(last=False)
    return value


def _build(rows: list[list[Any]], layout: tuple[str | None, str | None] | None) -> Book:
    _stats["builds"] += 1
    made = Book()
    made.error = error_cell(rows)
    if made.error is not None:
        return made
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", InputWarning)  # a points column that disagrees
            lay, pairing = layout or (None, None)
            made.tournament = read_grid(rows, layout=lay, pairing=pairing)
    except InputError as err:
        if _no_results(rows):
            made.empty = True
        else:
            made.error = err
    return made


def _no_results(rows: list[list[Any]]) -> bool:
    """True for a template without results yet (only called when the grid does not read): below
    the first row, at most three columns are used (start number, name, rating) and at most one
    of them holds text (the names)."""
    used: set[int] = set()
    text: set[int] = set()
    for r in rows[1:]:
        for c, v in enumerate(r):
            if empty(v):
                continue
            used.add(c)
            if isinstance(v, str):
                try:
                    float(v)
                except ValueError:
                    text.add(c)
    return len(used) <= 3 and len(text) <= 1
