"""One projection of the standings for every edge: the lines users see (rank label, number, name,
points, each tie-break's value, how a place was decided, the prizes and rating changes where an
individual event has them), built once, and the forms written from them: the text table, the CSV,
the JSON document and the spreadsheet spill. Below the command line, the Excel layer, the workbook
writer, the audit and the report, which all read it; standard library and the core only (the web
app calls it from Pyodide).

>>> import tbxl
>>> st = tbxl.rank(tbxl.read(tbxl.example("held_swiss_5.trf")), "BH/C1,BH,SB", tbxl.preset("fide-2024"))
>>> print(table_text(st).splitlines()[2])
   1    2  Bruno        4     12    13   9.5
>>> json_document(st).splitlines()[1][:55]
'{"rank": 1, "rank_label": "1", "start_number": 2, "name'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Optional

from tbxl.formatting import visible, visible_json
from tbxl.projection.cells import aligned, csv_name, csv_row, csv_text
from tbxl.projection.explain import appellants, players_text, rank_check_text, separation_text, team_text
from tbxl.projection.kind import Kind
from tbxl.projection.lines import Line, Projection
from tbxl.projection.options import KINDS, Options, kind_of, rank_check

if TYPE_CHECKING:
    from tbxl.categories import Classification
    from tbxl.projection.report_options import ReportOptions
    from tbxl.rating_change import RatingChange
    from tbxl.standings import Standings

__all__ = [
    "KINDS",
    "Kind",
    "Line",
    "Projection",
    "Options",
    "ReportOptions",
    "kind_of",
    "rank_check",
    "project",
    "table_text",
    "csv_document",
    "json_document",
    "spill",
    "appellants",
    "aligned",
    "csv_name",
    "csv_row",
    "csv_text",
    "players_text",
    "separation_text",
    "team_text",
    "rank_check_text",
]

RatingChanges = Mapping[int, Optional["RatingChange"]]


def __getattr__(name: str) -> object:
    """:class:`ReportOptions`, imported on first use (PEP 562): a report's, never loaded by a
    ranking (issue 26 item 7). A plain import, seen by import-linter and mypy."""
    if name != "ReportOptions":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from tbxl.projection.report_options import ReportOptions

    globals()[name] = ReportOptions
    return ReportOptions


def project(
    standings: Standings, classification: Classification | None = None, rating_changes: RatingChanges | None = None
) -> Projection:
    """The projection of ``standings``: with ``classification`` (:func:`tbxl.categories.classify`)
    the categories and prizes, with ``rating_changes`` (:func:`tbxl.rating_change.rating_changes`)
    the rating changes, both of an individual event only."""
    kind = kind_of(standings.tournament)
    if not kind.classifies and (classification is not None or rating_changes is not None):
        raise TypeError("categories, prizes and rating changes are for individual events")
    return Projection(standings, kind, classification, rating_changes)


def table_text(
    standings: Standings, classification: Classification | None = None, rating_changes: RatingChanges | None = None
) -> str:
    """The aligned text table ``tbxl compute FILE`` prints (the categories, prizes and rating
    changes as with ``--category``, ``--prizes``, ``--rating-change``)."""
    p = project(standings, classification, rating_changes)
    return visible(p.kind.table(p), keep="\n")


def csv_document(
    standings: Standings, classification: Classification | None = None, rating_changes: RatingChanges | None = None
) -> str:
    """The CSV ``tbxl compute FILE --format csv`` prints: one row per player (team)."""
    p = project(standings, classification, rating_changes)
    return visible(p.kind.csv(p), keep="\n")


def json_document(
    standings: Standings, classification: Classification | None = None, rating_changes: RatingChanges | None = None
) -> str:
    """The JSON document ``tbxl compute FILE --format json`` prints, byte for byte: the event, the
    rules, the tie-breaks (an individual event's categories and prizes), then one standings entry
    per line; names keep every character (control and bidi ones as ``\\u`` escapes)."""
    p = project(standings, classification, rating_changes)
    return visible_json(p.kind.json(p))


def spill(standings: Standings) -> list[list[object]]:
    """The exact table a spreadsheet spills (STANDINGS, TEAM_STANDINGS; :meth:`Kind.spill`)."""
    p = project(standings)
    return p.kind.spill(p)
