"""Chess tie-breaks as Excel functions, through xlwings: one module for the classic Windows add-in,
xlwings Server and xlwings Lite.

Every function takes the crosstable as a range (``crosstable``: a compact, Swiss-Manager 3-column
or round-robin matrix grid, see :mod:`tbxl.io.grid`) and a ``player``'s start number::

    =BUCHHOLZ_CUT($A$1:$I$17, A2, 1, "fide-2024")     Buchholz Cut-1
    =SONNEBORN_BERGER($A$1:$I$17, A2)                 Sonneborn-Berger, current FIDE rules
    =TIEBREAK($A$1:$I$17, A2, "ARO/C1")               any code of the core
    =STANDINGS($A$1:$I$17, "BH/C1,BH,SB")             the whole ranking, spilled
    =AUDIT($A$1:$I$17, Bulletin!$A$1:$F$17)           a published table checked, differences spilled
    =TEAM_TIEBREAK($A$1:$P$51, A2, "EMGSB/C1")        one team's value, on a team crosstable
    =TEAM_STANDINGS($A$1:$P$51, "MPTS,EDE,BH:MP")     the team ranking (C.07 Arts 11-13), spilled

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

The module is cut along its seams: :mod:`tbxl.excel.arguments` (what Excel sends, made into what
the core takes), :mod:`tbxl.excel.cache` (by content: 4,000 formulas over one 1,000-player
crosstable read it once; :func:`cache_info`, :func:`cache_clear`), :mod:`tbxl.excel.results`
(Excel numbers, ``#N/A``, ``#VALUE!``); the functions themselves are here, where xlwings finds
them (``UDF Modules`` = ``tbxl.excel``), with their names, arguments and help from the one
catalogue (:mod:`tbxl.catalogue`). The team core is imported when a team function is first
called.

This module imports only the standard library, xlwings and tbxl's core (no openpyxl, Jinja2 or
WeasyPrint), so it runs in xlwings Lite (Pyodide): ``tbxl lite`` writes a ``main.py`` whose
functions call it, and ``tbxl lite --standalone`` one that carries it with the core (:mod:`tbxl.lite`).
Without xlwings installed it still imports (the decorators become no-ops), for ``tbxl workbook``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

try:
    import xlwings as xw
except ImportError:  # pragma: no cover - exercised only where xlwings is missing

    class _NoXlwings:
        """Pass-through stand-ins for ``xw.func``/``xw.arg``/``xw.ret`` when xlwings is not installed."""

        on_server = False

        @staticmethod
        def func(f: Any = None, **kwargs: Any) -> Any:
            return f if f is not None else (lambda g: g)

        @staticmethod
        def arg(*args: Any, **kwargs: Any) -> Any:
            return lambda g: g

        @staticmethod
        def ret(*args: Any, **kwargs: Any) -> Any:
            return lambda g: g

    xw = _NoXlwings()  # type: ignore[assignment]

from tbxl import rules as conventions
from tbxl.audit import Audit, Finding, audit
from tbxl.catalogue import BY_NAME, in_cells, standings_table, team_standings_table, team_value_of, value_of
from tbxl.catalogue import TEAM_FUNCTIONS as CATALOGUE_TEAM_FUNCTIONS
from tbxl.derivation import Reason
from tbxl.errors import InputError, TbxlError
from tbxl.excel import arguments as arg
from tbxl.excel.cache import MAX_AUDITS, Book, book, cache_clear, cache_info, cached, content_key, lock, team_book  # noqa: F401  (the cache's controls)
from tbxl.excel.results import each, value_error
from tbxl.formatting import decimal_text
from tbxl.io.grid.cells import cell_number, cell_text, empty
from tbxl.io.grid.sheet import rows_of
from tbxl.io.published import POINTS, RANK, NumberedColumn, published_from_rows, range_cell
from tbxl.model import Decisions, Tournament
from tbxl.rating_change import check_k, rating_changes
from tbxl.rules import Convention
from tbxl.tiebreaks.codes import Descriptor

if TYPE_CHECKING:
    from tbxl.standings import Standings

__all__ = [
    "BUCHHOLZ",
    "BUCHHOLZ_CUT",
    "SB",
    "SONNEBORN_BERGER",
    "PROGRESSIVE",
    "TIEBREAK",
    "STANDINGS",
    "AUDIT",
    "TEAM_TIEBREAK",
    "TEAM_STANDINGS",
]

#: The Function Wizard category of the classic add-in.
CATEGORY = "Chess tie-breaks"

#: The oldest xlwings the Excel route works with, the one home of the number (pyproject.toml's
#: ``excel`` and ``all`` extras, ``tbxl lite``'s requirements.txt and the docs say it too; the tests
#: check that they agree and run the functions with this xlwings and the newest): 0.36.2 is the first
#: release whose ``@script`` takes arguments beyond Book and CurrentUser (0.35.3 refuses the
#: standings button's rules and tie-breaks: "Scripts currently only allow Book and CurrentUser as
#: params"); 0.35.3 brought the ``typing.Literal`` dropdowns.
XLWINGS_MINIMUM = "0.36.2"

#: The requirement line of that minimum (pip's and xlwings Lite's requirements.txt syntax).
XLWINGS_REQUIREMENT = f"xlwings>={XLWINGS_MINIMUM}"

#: The range arguments whose Excel errors (``#N/A``, ``#REF!`` ...) must arrive as their text
#: (xlwings' ``err_to_str``): without it xlwings turns an error cell into ``None``, an empty cell,
#: and a ``#N/A`` result is blamed on the other player (:func:`tbxl.excel.cache.book` names the cell).
ERRORS_AS_TEXT = frozenset({"crosstable", "published_range", "decisions"})

#: True under Office.js (xlwings Server, xlwings Lite): ``SB`` is then not registered.
ON_SERVER = bool(getattr(xw, "on_server", os.environ.get("XLWINGS_ON_SERVER") == "true"))


def _readable(crosstable: Any, layout: Any) -> Book:
    """The cached book of a crosstable; the error of one that does not read, as Excel shows it."""
    found = book(crosstable, arg.layout(layout))
    if found.error is not None:
        value_error(found.error)
    return found


def _opened(crosstable: Any, rules: Any, layout: Any) -> tuple[Book, Convention] | None:
    """:func:`_readable`'s book with the convention of ``rules``; None for an empty crosstable."""
    found = _readable(crosstable, layout)
    return None if found.empty else (found, arg.convention(rules, found.tournament.start_date))


def _decisions(found: Book, decisions: Any) -> Decisions:
    """The organizer's decisions of a ``decisions`` argument (the Event sheet's rows), checked
    against the event read: ``#VALUE!`` naming the cell of an item that is none, of a start number
    the crosstable does not have, of a round beyond its rounds."""
    rows = arg.decisions(decisions)
    t = found.tournament
    try:
        rows.check(t, t.rounds)
    except InputError as err:
        value_error(err)
    return rows.decisions


def _value(crosstable: Any, player: Any, d: Descriptor, rules: Any, layout: Any, decisions: Any = "") -> Any:
    """The tie-break value of one player, or of a range of players in the range's shape (one call
    for a whole column: much cheaper under Office.js than one formula per player); with the
    organizer's ``decisions`` (the Event sheet's rows): the ratings they give, and the value given
    for this tie-break in place of the computed one (as STANDINGS shows it)."""
    many = arg.player_range(player)
    numbers = [[arg.player(x) for x in r] for r in many] if many is not None else None
    sn = arg.player(player) if many is None else None
    found = _readable(crosstable, layout)
    if found.empty:
        return "" if numbers is None else [["" for _ in r] for r in numbers]
    if numbers is None and sn is None:
        return ""
    conv = arg.convention(rules, found.tournament.start_date)
    with lock:
        decided = _decisions(found, decisions)
        try:
            computed = value_of(
                found.event(decided),
                conv,
                d,
                context=None if d.name == "DE" else found.context(conv, decided),
                de=found.ranking(conv, [d.code], decided) if d.name == "DE" else None,
            )
        except TbxlError as err:
            value_error(err)

        def of(n: int) -> Any:
            given = decided.given_value(d.code, n)  # checklist 207: a value decided, not computed
            return computed(n) if given is None else given

        return each(numbers, sn, of)


def _team_standings(crosstable: Any, tiebreaks: Any, rules: Any, decisions: Any = "") -> tuple[Any, Standings]:
    """The team event of a team grid and its standings by ``tiebreaks`` under ``rules`` with the
    organizer's ``decisions`` (the Event sheet's rows: expelled teams, given values), cached."""
    from tbxl.standings import compute_standings  # the team core, for the team functions only

    found = team_book(crosstable)
    if found.error is not None:
        value_error(found.error)
    rules_name = arg.text(rules, "rules") if arg.given(arg.scalar(rules, "rules")) else ""
    codes = arg.codes(tiebreaks)
    with lock:
        decided = _decisions(found, decisions)
        t = found.event(decided)
        key = (rules_name, tuple(codes or ()), decided)
        if key not in found.standings:
            try:
                conv = conventions.resolve(rules_name, t.start_date)
                found.standings[key] = compute_standings(t, codes, conv)
            except TbxlError as e:
                value_error(e)
        return t, found.standings[key]


# ---------------------------------------------------------------------------------------------
# The functions (Excel names; their help and arguments come from the catalogue, tbxl.catalogue)
# ---------------------------------------------------------------------------------------------
# They carry no annotations: xlwings reads a parameter's annotation as its converter (the classic
# add-in puts it into the argument's options), so even ``Any`` would change what Excel sends.


def _registered(name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register a function with xlwings as :data:`tbxl.catalogue.BY_NAME` describes it: its help
    as the docstring (the one-line description Excel shows), each argument's help and kind."""
    entry = BY_NAME[name]

    def register(f: Callable[..., Any]) -> Callable[..., Any]:
        f.__doc__ = entry.help
        for a in reversed(entry.arguments):
            if not a.range:
                f = xw.arg(a.name, doc=a.help)(f)
            elif a.name in ERRORS_AS_TEXT:
                f = xw.arg(a.name, ndim=2, err_to_str=True, doc=a.help)(f)
            else:
                f = xw.arg(a.name, ndim=2, doc=a.help)(f)
        registered: Callable[..., Any] = xw.func(category=CATEGORY)(f)
        return registered

    return register


@_registered("BUCHHOLZ")
def BUCHHOLZ(crosstable, player, rules="", layout=""):  # type: ignore[no-untyped-def]
    return _value(crosstable, player, Descriptor("BH"), rules, layout)


@_registered("BUCHHOLZ_CUT")
def BUCHHOLZ_CUT(crosstable, player, cut=1, rules="", layout=""):  # type: ignore[no-untyped-def]
    return _value(crosstable, player, arg.cut_descriptor("BH", cut), rules, layout)


@_registered("SONNEBORN_BERGER")
def SONNEBORN_BERGER(crosstable, player, rules="", layout=""):  # type: ignore[no-untyped-def]
    return _value(crosstable, player, Descriptor("SB"), rules, layout)


def SB(crosstable, player, rules="", layout=""):  # type: ignore[no-untyped-def]
    return _value(crosstable, player, Descriptor("SB"), rules, layout)


if not ON_SERVER:
    SB = _registered("SB")(SB)
else:
    SB.__doc__ = BY_NAME["SB"].help


@_registered("PROGRESSIVE")
def PROGRESSIVE(crosstable, player, cut=0, layout=""):  # type: ignore[no-untyped-def]
    return _value(crosstable, player, arg.progressive_cut(cut), "", layout)


@_registered("TIEBREAK")
def TIEBREAK(crosstable, player, code, rules="", layout="", decisions=""):  # type: ignore[no-untyped-def]
    return _value(crosstable, player, arg.descriptor(code), rules, layout, decisions)


@_registered("STANDINGS")
def STANDINGS(crosstable, tiebreaks="", rules="", layout="", playoff="", lots="", decisions=""):  # type: ignore[no-untyped-def]
    opened = _opened(crosstable, rules, layout)
    if opened is None:
        return ""
    found, conv = opened
    codes = arg.codes(tiebreaks)
    orders, seed = arg.playoffs(playoff), arg.lots(lots)
    with lock:
        decided = _decisions(found, decisions)
        try:
            st = found.ranking(conv, codes, decided)
            if orders or seed is not None:  # the places still shared after the whole list (C.07 Art. 4.2)
                from tbxl.playoffs import Decision, decide

                st = decide(st, Decision.of(orders, seed, option="playoff"))
        except TbxlError as err:
            raise ValueError(str(err)) from None
    return in_cells(standings_table(st))


@_registered("RATING_CHANGE")
def RATING_CHANGE(crosstable, player, k="", layout=""):  # type: ignore[no-untyped-def]
    many = arg.player_range(player)
    numbers = [[arg.player(x) for x in r] for r in many] if many is not None else None
    sn = arg.player(player) if many is None else None
    found = _readable(crosstable, layout)
    if found.empty or (numbers is None and sn is None):
        return "" if numbers is None else [["" for _ in r] for r in numbers]
    given = arg.scalar(k, "k")
    try:
        kk = check_k(given, "k") if arg.given(given) else None
    except InputError as err:
        value_error(err)
    with lock:
        changes = rating_changes(found.tournament, k=kk)

    def of(n: int) -> Any:
        ch = changes[n]  # KeyError: no such player (#N/A)
        return "" if ch is None else ch.change

    return each(numbers, sn, of)


# -- AUDIT ------------------------------------------------------------------------------------

#: The header of AUDIT's spill; one row per published value that differs follows it.
AUDIT_HEADER = ["SNo", "Name", "Tie-break", "Published", "Computed", "Status", "Follows", "Change"]


def _published_cells(published_range: Any) -> tuple[list[Any], list[list[Any]]]:
    """The header row and the rows below it. Excel desktop sends 0 for an empty cell to Office.js
    functions: a header cell or a whole row of such cells is empty, not a column named "0" or a
    player numbered 0. (A single 0 among filled cells stays 0: it may be a tie-break value.)"""
    rows = rows_of(published_range)
    header = ["" if empty(v) else v for v in rows[0]]
    body = [["" for _ in r] if all(empty(v) for v in r) else list(r) for r in rows[1:]]
    return header, body


def _numbered_column(err: NumberedColumn, header: list[Any], t: Tournament) -> ValueError:
    """A TBn header: the command line can be told the tie-break list, AUDIT cannot."""
    k = [cell_text(c) for c in header].index(err.header)
    has = f"only {len(t.tiebreaks)} tie-breaks ({', '.join(t.tiebreaks)})" if t.tiebreaks else "no tie-break list"
    return ValueError(
        f"{range_cell(-1, k)['cell']}: column {err.header!r} is tie-break {err.number}, but the "
        f"crosstable has {has}: head the column with the tie-break's code or name instead, "
        "e.g. BH/C1, SB or Buchholz Cut 1"
    )


def _shown(v: Any) -> Any:
    """A value of the spill: an Excel number, or "-" for "no value" (clearer than an empty cell
    beside a published number)."""
    return "-" if v is None else cell_number(v)


def _change_text(reason: Reason) -> str:
    return reason.render(None, lambda v: decimal_text(v, none="-"))


def _finding_row(f: Finding) -> list[Any]:
    pv = f.published
    if f.code == RANK:  # a rank label: "4", or "2-3" for a shared place
        computed: Any = int(str(f.computed)) if str(f.computed).isdigit() else f.computed
    else:
        computed = _shown(f.computed)
    label = {RANK: "Rank", POINTS: "Pts"}.get(f.code, f.code)
    return [
        f.start_number,
        f.name,
        label,
        pv.text if pv.value is None else cell_number(pv.value),
        computed,
        f.status,
        f.matches[0] if f.matches else "",
        _change_text(f.changes[0]) if f.changes else "",
    ]


def _audit_spill(a: Audit) -> Any:
    """The differences under a header row, or one cell saying that everything agrees."""
    if a.differences:
        return [list(AUDIT_HEADER)] + [_finding_row(f) for f in a.differences]
    s = a.summary
    parts = [f"all {s['checked']} values agree with {a.rules_name}" if s["checked"] else "no published value to check"]
    if s["skipped"]:
        why = sorted({f.why_skipped for f in a.findings if f.why_skipped})
        parts.append(f"{s['skipped']} not checked ({'; '.join(why)})")
    return "; ".join(parts + a.published.notes)


@_registered("AUDIT")
def AUDIT(crosstable, published_range, rules="", layout=""):  # type: ignore[no-untyped-def]
    opened = _opened(crosstable, rules, layout)
    if opened is None:
        return ""
    found, conv = opened
    header, body = _published_cells(published_range)
    key = (conv.name, content_key([header] + body, None))
    t = found.tournament

    def spill_of() -> Any:
        try:
            table = published_from_rows(header, body, t, tiebreaks=t.tiebreaks)
        except NumberedColumn as err:
            raise _numbered_column(err, header, t) from None
        except InputError as err:
            value_error(err)
        try:
            return _audit_spill(audit(t, table, rules=conv))
        except TbxlError as err:
            raise ValueError(str(err)) from None

    with lock:
        spill = cached(found.audits, key, spill_of, MAX_AUDITS, made="audits")
    # a copy: the cached spill must not change with what the caller does to the result
    return [list(r) for r in spill] if isinstance(spill, list) else spill


# -- team events (C.07 Arts 11-13), on a team crosstable grid (tbxl.io.grid.team) ---------------


@_registered("TEAM_TIEBREAK")
def TEAM_TIEBREAK(crosstable, team, code, rules=""):  # type: ignore[no-untyped-def]
    name = arg.text(code, "code") if arg.given(arg.scalar(code, "code")) else ""
    if not name:
        raise ValueError("no tie-break code given (e.g. EMGSB/C1, BH:MP, EDE)")
    many = arg.player_range(team)
    numbers = [[arg.player(x) for x in r] for r in many] if many is not None else None
    single = arg.player(team) if many is None else None
    if numbers is None and single is None:
        return ""
    t, st = _team_standings(crosstable, name, rules)
    return each(numbers, single, team_value_of(t, st.convention, name, st))


@_registered("TEAM_STANDINGS")
def TEAM_STANDINGS(crosstable, tiebreaks="", rules="", playoff="", lots="", decisions=""):  # type: ignore[no-untyped-def]
    _, st = _team_standings(crosstable, tiebreaks, rules, decisions)
    orders, seed = arg.playoffs(playoff), arg.lots(lots)
    if orders or seed is not None:  # the places still shared after the whole list (C.07 Art. 4.2)
        from tbxl.playoffs import Decision, decide

        with lock:
            try:
                st = decide(st, Decision.of(orders, seed, option="playoff"))
            except TbxlError as err:
                raise ValueError(str(err)) from None
    return in_cells(team_standings_table(st))


#: The functions with their Excel metadata, in the order of the Help sheet.
FUNCTIONS = (BUCHHOLZ, BUCHHOLZ_CUT, SONNEBORN_BERGER, SB, PROGRESSIVE, TIEBREAK, STANDINGS, AUDIT, RATING_CHANGE)

#: The names registered under Office.js (xlwings Lite and Server): all but SB, which is too short there.
OFFICE_JS_FUNCTIONS = tuple(f.__name__ for f in FUNCTIONS if not BY_NAME[f.__name__].classic_only)

#: The team functions' names, in the catalogue's order.
TEAM_FUNCTIONS = tuple(f.name for f in CATALOGUE_TEAM_FUNCTIONS)
