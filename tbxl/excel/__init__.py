"""Chess tie-breaks as Excel functions, through xlwings: one module for the classic Windows add-in,
xlwings Server and xlwings Lite.

Every function takes the crosstable as a range (``crosstable``: a compact, Swiss-Manager 3-column
or round-robin matrix grid, see :mod:`tbxl.io.grid`) and a ``player``'s start number::

    =BUCHHOLZ_CUT($A$1:$I$17, A2, 1, "fide-2024")     Buchholz Cut-1
    =SONNEBORN_BERGER($A$1:$I$17, A2)                 Sonneborn-Berger, current FIDE rules
    =TIEBREAK($A$1:$I$17, A2, "ARO/C1")               any code of the core
    =STANDINGS($A$1:$I$17, "BH/C1,BH,SB")             the whole ranking, spilled
    =AUDIT($A$1:$I$17, Bulletin!$A$1:$F$17)           a published table checked, differences spilled

``player`` may also be a range of start numbers: the values then come back in the range's shape
(``=BUCHHOLZ_CUT($A$1:$O$1001, $A$2:$A$1001)`` spills a whole column in one call, which matters
under Office.js, where xlwings converts the whole crosstable argument on every call).

Arguments as Excel sends them: numbers arrive as ``5.0`` (classic) or ``5`` (Office.js), empty
cells as ``None`` (classic) or ``0`` (Excel desktop to Office.js functions), so ``rules``, ``layout``
and ``tiebreaks`` read ``""``, ``0`` and ``None`` as "not given": the default rules are those in
force at the tournament's start date, and a grid has no date, so the current FIDE rules
(``fide-2026``). An empty ``player`` (``""``/``0``/``None``) gives an empty result, so formulas can
stand beside empty rows of a template.

Results: numbers as ``int`` or ``float`` (every value is exact in binary except AOB's and ARO's
averages, converted with ``float`` only at the end); ``""`` where the tie-break has no value
(ARO without a game over the board, DE for a player not tied on points). Errors:

* a start number that is not in the crosstable: the text ``"#N/A"`` (a real ``#N/A`` error under
  Office.js, i.e. xlwings Lite and Server; plain text in the classic add-in);
* a crosstable cell that is not in the grammar, an unknown tie-break code, unknown rules or layout:
  a :class:`ValueError` whose message names the cell, the row and round and the bad text, e.g.
  ``C7: row 7, round 3: '12x1' is not a result (...)``. Excel shows ``#VALUE!``; the classic add-in
  writes the message into the cell, Office.js shows it with the error. Cell references and row
  numbers count from the range's top-left cell as if it were A1: they are the worksheet's own
  when the crosstable starts at A1, as in the workbooks ``tbxl workbook`` writes.

Speed: a module-level LRU cache keyed by the crosstable's content (and the layout) keeps the read
tournament, one tie-break context per rule set (whose columns are computed once for all players)
and the standings; 4,000 formulas over one 1,000-player crosstable read it once. See
:func:`cache_info` and :func:`cache_clear`.

This module imports only the standard library, xlwings and tbxl's core (no openpyxl, Jinja2 or
WeasyPrint), so it runs in xlwings Lite (Pyodide): ``tbxl lite`` writes a ``main.py`` that carries
it with the core (:mod:`tbxl.lite`).
Without xlwings installed it still imports (the decorators become no-ops), for ``tbxl workbook``.
"""

from __future__ import annotations

import os
import threading
import warnings
from collections import OrderedDict
from decimal import Decimal, InvalidOperation
from typing import Any, Callable, Optional

try:
    import xlwings as xw
except ImportError:  # pragma: no cover - exercised only where xlwings is missing
    class _NoXlwings:
        """Pass-through stand-ins for ``xw.func``/``xw.arg``/``xw.ret`` when xlwings is not installed."""

        on_server = False

        @staticmethod
        def func(f=None, **kwargs):
            return f if f is not None else (lambda g: g)

        @staticmethod
        def arg(*args, **kwargs):
            return lambda g: g

        @staticmethod
        def ret(*args, **kwargs):
            return lambda g: g

    xw = _NoXlwings()  # type: ignore[assignment]

from tbxl import rules as conventions
from tbxl.audit import Audit, Finding, audit
from tbxl.rules import Convention
from tbxl.io.grid import read_grid
from tbxl.derivation import Reason
from tbxl.errors import InputError, InputWarning, TbxlError
from tbxl.formatting import decimal_text
from tbxl import catalogue
from tbxl.catalogue import BY_NAME, in_cells, standings_table, value_of
from tbxl.model import Tournament
from tbxl.io.grid.cells import LAYOUTS, cell_number, cell_text, empty, layout_name
from tbxl.io.grid.sheet import rows_of
from tbxl.io.published import POINTS, RANK, NumberedColumn, published_from_rows, range_cell
from tbxl.standings import Standings, compute_standings, resolve_tiebreaks
from tbxl.tiebreaks import Context
from tbxl.tiebreaks.codes import Descriptor, parse

__all__ = ["BUCHHOLZ", "BUCHHOLZ_CUT", "SB", "SONNEBORN_BERGER", "PROGRESSIVE", "TIEBREAK", "STANDINGS",
           "AUDIT"]

#: The Function Wizard category of the classic add-in.
CATEGORY = "Chess tie-breaks"

#: True under Office.js (xlwings Server, xlwings Lite): ``SB`` is then not registered.
ON_SERVER = bool(getattr(xw, "on_server", os.environ.get("XLWINGS_ON_SERVER") == "true"))

NOT_FOUND = "#N/A"

# ---------------------------------------------------------------------------------------------
# The cache
# ---------------------------------------------------------------------------------------------

class _Book:
    """Everything derived from one crosstable content: the tournament (or the error reading it),
    a :class:`Context` per rule set, the standings per (rules, tie-break list) and the AUDIT
    spills per (rules, published table)."""

    __slots__ = ("tournament", "error", "empty", "contexts", "standings", "audits")

    def __init__(self) -> None:
        self.tournament: Optional[Tournament] = None
        self.error: Optional[BaseException] = None
        self.empty = False
        self.contexts: dict[str, Context] = {}
        self.standings: OrderedDict = OrderedDict()
        self.audits: OrderedDict = OrderedDict()


MAX_BOOKS = 8          # crosstables kept (by content)
MAX_STANDINGS = 16     # standings kept per crosstable (by rules and tie-break list)
MAX_AUDITS = 8         # AUDIT spills kept per crosstable (by rules and published table)
_RECENT_SIZE = 4       # crosstables compared by equality before hashing

_lock = threading.RLock()
_books: "OrderedDict[Any, _Book]" = OrderedDict()
_recent: list = []     # [(rows copy, layout, book, cells equal to 0 or 1)], most recent first
_stats = {"builds": 0, "hits": 0, "contexts": 0, "standings": 0, "audits": 0}


def cache_info() -> dict:
    """Counters: ``builds`` (crosstables read), ``hits``, ``contexts``, ``standings`` and ``audits``
    built, and ``size`` (crosstables kept)."""
    with _lock:
        return dict(_stats, size=len(_books))


def cache_clear() -> None:
    """Forget every cached crosstable and reset the counters."""
    with _lock:
        _books.clear()
        _recent.clear()
        for k in _stats:
            _stats[k] = 0


def _bools_as_text(rows: list) -> list:
    """Excel's TRUE and FALSE as the text the crosstable reader sees in them: in Python True == 1
    and hashes alike, and a cached crosstable with start number 1 must never answer for one that
    has TRUE there."""
    if not any(bool in map(type, r) for r in rows):
        return rows
    return [[("TRUE" if v else "FALSE") if type(v) is bool else v for v in r] for r in rows]


def _zeros_and_ones(rows: list) -> list[tuple[int, int]]:
    """Where a grid holds the numbers 0 or 1, the only cells a TRUE or FALSE would equal."""
    return [(i, j) for i, r in enumerate(rows) for j, v in enumerate(r)
            if type(v) in (int, float) and (v == 0 or v == 1)]


def _key(rows: list, layout: Optional[str]):
    try:
        content = tuple(map(tuple, rows))
        hash(content)
    except TypeError:  # an unhashable cell value (never from Excel): fall back to its text
        content = repr(rows)
    return layout, content


def _book(crosstable: Any, layout: Optional[tuple]) -> _Book:
    """The cached book of this crosstable content, built on first use."""
    with _lock:
        # Fast path: the same content as a recent call. List equality is cheaper than hashing
        # (no tuples to build, no string hashes to compute for Excel's fresh strings) and safe
        # against a grid changed in place, since we compare with our own copy.
        if type(crosstable) is list:
            for i, (seen, lay, book, ones) in enumerate(_recent):
                if lay == layout and seen == crosstable and \
                        not any(type(crosstable[r][c]) is bool for r, c in ones):
                    if i:
                        _recent.insert(0, _recent.pop(i))
                    _stats["hits"] += 1
                    return book
        rows = _bools_as_text(rows_of(crosstable))
        book = _cached(_books, _key(rows, layout), lambda: _build(rows, layout), MAX_BOOKS, hit="hits")
        _recent.insert(0, ([list(r) for r in rows], layout, book, _zeros_and_ones(rows)))
        del _recent[_RECENT_SIZE:]
        return book


def _cached(cache: OrderedDict, key, make: Callable[[], Any], limit: int, *, made: Optional[str] = None,
            hit: Optional[str] = None) -> Any:
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


def _build(rows: list, layout: Optional[tuple]) -> _Book:
    _stats["builds"] += 1
    book = _Book()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", InputWarning)   # a points column that disagrees
            lay, pairing = layout or (None, None)
            book.tournament = read_grid(rows, layout=lay, pairing=pairing)
    except InputError as err:
        if _no_results(rows):
            book.empty = True
        else:
            book.error = err
    return book


def _no_results(rows: list) -> bool:
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


# ---------------------------------------------------------------------------------------------
# Arguments and results
# ---------------------------------------------------------------------------------------------

def _given(v: Any) -> bool:
    """False for what Excel sends for an empty or omitted argument: None, '', 0."""
    return not empty(v)


def _scalar(v: Any, what: str) -> Any:
    while isinstance(v, (list, tuple)):
        if len(v) != 1:
            raise ValueError(f"{what} must be a single cell, not a range of {len(v)}")
        v = v[0]
    return v


def _text(v: Any, what: str) -> str:
    v = _scalar(v, what)
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    return str(v).strip()


#: The pairing words of the ``layout`` argument.
_PAIRINGS = {"round-robin": "round-robin", "roundrobin": "round-robin", "rr": "round-robin",
             "swiss": "swiss"}


def _layout(layout: Any) -> Optional[tuple[Optional[str], Optional[str]]]:
    """(layout, pairing system) of the ``layout`` argument, each None when not given: a compact
    or sm3 crosstable is read as a Swiss unless it says "round-robin" (C.07 15.2: its unplayed
    rounds count otherwise); ``tbxl workbook`` writes a round robin whose pairings are not the
    Berger tables' that way.

    >>> _layout(""), _layout("SM3"), _layout("compact, round-robin")
    (None, ('sm3', None), ('compact', 'round-robin'))
    """
    if not _given(_scalar(layout, "layout")):
        return None
    words = _text(layout, "layout").lower().replace(",", " ").split()
    pairing = [_PAIRINGS[w] for w in words if w in _PAIRINGS]
    lay = [w for w in words if w not in _PAIRINGS]

    def unknown(_: str) -> ValueError:
        return ValueError(f"unknown layout {_text(layout, 'layout')!r}: expected one of {', '.join(LAYOUTS)}, "
                          "round-robin or swiss, or empty")
    if len(lay) > 1 or len(pairing) > 1:
        raise unknown("")
    return (layout_name(lay[0], unknown) if lay else None, pairing[0] if pairing else None)


#: Whole-number arguments at least this large (10^18) stand for "beyond any event" (a start
#: number no player has, a cut of everything), without building a number of 10^9 digits from
#: the text "1e999999999".
BEYOND = 10 ** 18


def _whole(v: Any, what: str) -> int:
    """A whole-number argument as Excel sends it -- ``5.0``, ``5``, the text ``" -1 "`` alike;
    ``ValueError`` (``#VALUE!``) for TRUE/FALSE, text that is no number, inf, NaN or ``1.5``.

    >>> _whole(5.0, "cut"), _whole(" -1 ", "cut"), _whole("1e400", "player") == BEYOND
    (5, -1, True)
    >>> _whole(True, "player")
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
        raise ValueError(f"{what} must be a whole number, not {_shown_arg(v)}")
    if d.adjusted() >= 18:
        return BEYOND if d > 0 else -BEYOND
    if d != d.to_integral_value():
        raise ValueError(f"{what} must be a whole number, not {_shown_arg(v)}")
    return int(d)


def _shown_arg(v: Any) -> str:
    return repr(v[:40] + "..." if isinstance(v, str) and len(v) > 40 else v)


def _player(player: Any) -> Optional[int]:
    """The start number, or None for an empty cell."""
    v = _scalar(player, "player")
    if not _given(v) and not isinstance(v, bool):   # FALSE is no empty cell (though FALSE == 0)
        return None
    return _whole(v, "player")


def _convention(book: _Book, rules: Any) -> Convention:
    t = book.tournament
    try:
        return conventions.resolve(_text(rules, "rules") if _given(_scalar(rules, "rules")) else None, t.start_date)
    except TbxlError as err:
        raise ValueError(str(err)) from None


def _descriptor(code: Any) -> Descriptor:
    text = _text(code, "code") if _given(_scalar(code, "code")) else ""
    if not text:
        raise ValueError("no tie-break code given (e.g. BH/C1, SB, KS, ARO)")
    try:
        return parse(text)
    except TbxlError as err:
        raise ValueError(str(err)) from None


def _codes(tiebreaks: Any) -> Optional[list[str]]:
    """The tie-break list from text (comma-separated) or a range of codes; None = the defaults."""
    items: list[str] = []
    stack = [tiebreaks]
    while stack:
        v = stack.pop(0)
        if isinstance(v, (list, tuple)):
            stack[0:0] = list(v)
        elif _given(v):
            items.extend(c.strip() for c in str(v).split(",") if c.strip())
    return items or None


def _raise(err: BaseException):
    if isinstance(err, InputError):
        where = f"{err.cell}: " if err.cell else ""
        raise ValueError(f"{where}{err.message}") from None
    raise ValueError(str(err)) from None


def _context(book: _Book, conv: Convention) -> Context:
    ctx = book.contexts.get(conv.name)
    if ctx is None:
        ctx = book.contexts[conv.name] = Context(book.tournament, conv)
        _stats["contexts"] += 1
    return ctx


def _standings(book: _Book, conv: Convention, codes: Optional[list[str]]) -> Standings:
    descs = resolve_tiebreaks(book.tournament, codes)
    listed = [d.code for d in descs]
    return _cached(book.standings, (conv.name, tuple(listed)),
                   lambda: compute_standings(book.tournament, listed, conv), MAX_STANDINGS, made="standings")


def _player_range(player: Any) -> Optional[list]:
    """The rows of a multi-cell ``player`` argument (a flat list is a column); None for one cell."""
    if not isinstance(player, (list, tuple)):
        return None
    rows = [list(r) if isinstance(r, (list, tuple)) else [r] for r in player]
    if len(rows) == 1 and len(rows[0]) == 1:
        return None
    return rows


def _readable(crosstable: Any, layout: Any) -> _Book:
    """The cached book of a crosstable; the error of one that does not read, as Excel shows it."""
    book = _book(crosstable, _layout(layout))
    if book.error is not None:
        _raise(book.error)
    return book


def _opened(crosstable: Any, rules: Any, layout: Any) -> Optional[tuple[_Book, Convention]]:
    """:func:`_readable`'s book with the convention of ``rules``; None for an empty crosstable."""
    book = _readable(crosstable, layout)
    return None if book.empty else (book, _convention(book, rules))


def _value(crosstable: Any, player: Any, d: Descriptor, rules: Any, layout: Any) -> Any:
    """The tie-break value of one player, or of a range of players in the range's shape (one call
    for a whole column: much cheaper under Office.js than one formula per player)."""
    many = _player_range(player)
    numbers = [[_player(x) for x in r] for r in many] if many is not None else None
    sn = _player(player) if many is None else None
    book = _readable(crosstable, layout)
    if book.empty:
        return "" if numbers is None else [["" for _ in r] for r in numbers]
    if numbers is None and sn is None:
        return ""
    conv = _convention(book, rules)
    with _lock:
        of = value_of(book.tournament, conv, d, context=None if d.name == "DE" else _context(book, conv),
                      de=_standings(book, conv, [d.code]) if d.name == "DE" else None)
        return _each(numbers, sn, of)


def _each(numbers: Optional[list[list]], single: Optional[int], of: Callable[[int], Any]) -> Any:
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


def _cut_descriptor(name: str, cut: Any) -> Descriptor:
    """``BH`` with a Cut (n > 0), a Median (n < 0, "M1"), or nothing (0). Text follows the rule of
    numbers ("-1" is the Median-1 as -1 is, "1.5" is refused as 1.5 is), with "C2" and "M1" too.

    >>> [_cut_descriptor("BH", c).code for c in (2, "2", "C2", -1.0, "-1", "M1", 0, None)]
    ['BH/C2', 'BH/C2', 'BH/C2', 'BH/M1', 'BH/M1', 'BH/M1', 'BH', 'BH/C1']
    """
    v = _scalar(cut, "cut")
    if v is None or (isinstance(v, str) and not v.strip()):
        return Descriptor(name, low=1)
    median = False
    if isinstance(v, str):
        s = v.strip().upper().lstrip("/")
        if s[:1] in ("C", "M"):
            median, v = s[0] == "M", s[1:]
            if v.strip().startswith(("-", "+")):
                raise ValueError(f"cut must be C1, C2 ... or M1, M2 ..., not {cut!r}")
    n = _whole(v, "cut")
    median = median or n < 0
    n = abs(n)
    if n == 0:
        return Descriptor(name)
    return Descriptor(name, low=n, high=n if median else 0)


# ---------------------------------------------------------------------------------------------
# The functions (Excel names; their help and arguments come from the catalogue, tbxl.catalogue)
# ---------------------------------------------------------------------------------------------

def _registered(name: str):
    """Register a function with xlwings as :data:`tbxl.catalogue.BY_NAME` describes it: its help
    as the docstring (the one-line description Excel shows), each argument's help and kind."""
    entry = BY_NAME[name]

    def register(f):
        f.__doc__ = entry.help
        for a in reversed(entry.arguments):
            f = xw.arg(a.name, ndim=2, doc=a.help)(f) if a.range else xw.arg(a.name, doc=a.help)(f)
        return xw.func(category=CATEGORY)(f)
    return register


@_registered("BUCHHOLZ")
def BUCHHOLZ(crosstable, player, rules="", layout=""):
    return _value(crosstable, player, Descriptor("BH"), rules, layout)


@_registered("BUCHHOLZ_CUT")
def BUCHHOLZ_CUT(crosstable, player, cut=1, rules="", layout=""):
    return _value(crosstable, player, _cut_descriptor("BH", cut), rules, layout)


@_registered("SONNEBORN_BERGER")
def SONNEBORN_BERGER(crosstable, player, rules="", layout=""):
    return _value(crosstable, player, Descriptor("SB"), rules, layout)


def SB(crosstable, player, rules="", layout=""):
    return _value(crosstable, player, Descriptor("SB"), rules, layout)


if not ON_SERVER:
    SB = _registered("SB")(SB)
else:
    SB.__doc__ = BY_NAME["SB"].help


@_registered("PROGRESSIVE")
def PROGRESSIVE(crosstable, player, cut=0, layout=""):
    v = _scalar(cut, "cut")
    if not _given(v):
        n = 0
    else:
        n = _whole(v.strip().upper().lstrip("/").removeprefix("C") if isinstance(v, str) else v, "cut")
        if n < 0:
            raise ValueError(f"cut must be a whole number of rounds (0 or more), not {v!r}")
    return _value(crosstable, player, Descriptor("PS", low=n), "", layout)


@_registered("TIEBREAK")
def TIEBREAK(crosstable, player, code, rules="", layout=""):
    return _value(crosstable, player, _descriptor(code), rules, layout)


@_registered("STANDINGS")
def STANDINGS(crosstable, tiebreaks="", rules="", layout=""):
    opened = _opened(crosstable, rules, layout)
    if opened is None:
        return ""
    book, conv = opened
    codes = _codes(tiebreaks)
    with _lock:
        try:
            st = _standings(book, conv, codes)
        except TbxlError as err:
            raise ValueError(str(err)) from None
    return in_cells(standings_table(st))


# -- AUDIT ------------------------------------------------------------------------------------

#: The header of AUDIT's spill; one row per published value that differs follows it.
AUDIT_HEADER = ["SNo", "Name", "Tie-break", "Published", "Computed", "Status", "Follows", "Change"]


def _published_cells(published_range: Any) -> tuple[list, list]:
    """The header row and the rows below it. Excel desktop sends 0 for an empty cell to Office.js
    functions: a header cell or a whole row of such cells is empty, not a column named "0" or a
    player numbered 0. (A single 0 among filled cells stays 0: it may be a tie-break value.)"""
    rows = rows_of(published_range)
    header = ["" if empty(v) else v for v in rows[0]]
    body = [["" for _ in r] if all(empty(v) for v in r) else list(r) for r in rows[1:]]
    return header, body


def _numbered_column(err: NumberedColumn, header: list, t: Tournament) -> ValueError:
    """A TBn header: the command line can be told the tie-break list, AUDIT cannot."""
    k = [cell_text(c) for c in header].index(err.header)
    has = (f"only {len(t.tiebreaks)} tie-breaks ({', '.join(t.tiebreaks)})" if t.tiebreaks
           else "no tie-break list")
    return ValueError(f"{range_cell(-1, k)['cell']}: column {err.header!r} is tie-break {err.number}, but the "
                      f"crosstable has {has}: head the column with the tie-break's code or name instead, "
                      "e.g. BH/C1, SB or Buchholz Cut 1")


def _shown(v: Any) -> Any:
    """A value of the spill: an Excel number, or "-" for "no value" (clearer than an empty cell
    beside a published number)."""
    return "-" if v is None else cell_number(v)


def _change_text(reason: Reason) -> str:
    return reason.render(None, lambda v: decimal_text(v, none="-"))


def _finding_row(f: Finding) -> list:
    pv = f.published
    if f.code == RANK:   # a rank label: "4", or "2-3" for a shared place
        computed = int(f.computed) if str(f.computed).isdigit() else f.computed
    else:
        computed = _shown(f.computed)
    label = {RANK: "Rank", POINTS: "Pts"}.get(f.code, f.code)
    return [f.start_number, f.name, label, pv.text if pv.value is None else cell_number(pv.value), computed,
            f.status, f.matches[0] if f.matches else "", _change_text(f.changes[0]) if f.changes else ""]


def _audit_spill(a: Audit) -> Any:
    """The differences under a header row, or one cell saying that everything agrees."""
    if a.differences:
        return [list(AUDIT_HEADER)] + [_finding_row(f) for f in a.differences]
    s = a.summary
    parts = [f"all {s['checked']} values agree with {a.rules_name}" if s["checked"]
             else "no published value to check"]
    if s["skipped"]:
        why = sorted({f.why_skipped for f in a.findings if f.why_skipped})
        parts.append(f"{s['skipped']} not checked ({'; '.join(why)})")
    return "; ".join(parts + a.published.notes)


@_registered("AUDIT")
def AUDIT(crosstable, published_range, rules="", layout=""):
    opened = _opened(crosstable, rules, layout)
    if opened is None:
        return ""
    book, conv = opened
    header, body = _published_cells(published_range)
    key = (conv.name, _key([header] + body, None))
    t = book.tournament

    def spill_of() -> Any:
        try:
            table = published_from_rows(header, body, t, tiebreaks=t.tiebreaks)
        except NumberedColumn as err:
            raise _numbered_column(err, header, t) from None
        except InputError as err:
            _raise(err)
        try:
            return _audit_spill(audit(t, table, rules=conv))
        except TbxlError as err:
            raise ValueError(str(err)) from None

    with _lock:
        spill = _cached(book.audits, key, spill_of, MAX_AUDITS, made="audits")
    # a copy: the cached spill must not change with what the caller does to the result
    return [list(r) for r in spill] if isinstance(spill, list) else spill


#: The functions with their Excel metadata, in the order of the Help sheet.
FUNCTIONS = (BUCHHOLZ, BUCHHOLZ_CUT, SONNEBORN_BERGER, SB, PROGRESSIVE, TIEBREAK, STANDINGS, AUDIT)

#: The names registered under Office.js (xlwings Lite and Server): all but SB, which is too short there.
OFFICE_JS_FUNCTIONS = tuple(f.__name__ for f in FUNCTIONS if not BY_NAME[f.__name__].classic_only)

# Team events (C.07 Arts 11-13): TEAM_TIEBREAK and TEAM_STANDINGS on a team crosstable grid, defined
# in tbxl.excel.team (which uses the helpers above) and exported here for `from tbxl.excel import *`.
TEAM_FUNCTIONS = tuple(f.name for f in catalogue.TEAM_FUNCTIONS)
__all__ += list(TEAM_FUNCTIONS)


def __getattr__(name: str):
    if name in TEAM_FUNCTIONS:
        from tbxl.excel import team as team_excel
        return getattr(team_excel, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
