"""A long standings report cut into bounded parts.

WeasyPrint holds the layout of a whole document in memory (a 9,999-player report took 11 GB), so
:mod:`~tbxl.report.pdf` renders a long report in parts of at most :data:`PART_LINES` standings or
crosstable lines, each to its own PDF. This module only measures and cuts: how many lines a
section weighs (:func:`section_weight`), how many lines a part of a report rendered on several
cores holds (:func:`parallel_limit`) and which sections, or which slices of a section made of
lines, go into each part (:func:`report_parts`). A report under the limit is one part."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from tbxl.report.views.frame import Section
from tbxl.report.views.standings import StandingsReport

# The most lines a part holds (a derivation block counts DERIVATION_WEIGHT lines).
PART_LINES = 1500
DERIVATION_WEIGHT = 25


def section_weight(section: Section, view: StandingsReport) -> int:
    """Lines of a section piece, for cutting the report into bounded parts."""
    if section.name == "classes":
        cls = view.classes
        return 40 + sum(len(c.rows) for c in cls.categories) + sum(len(p.rows) for p in cls.prizes)
    if not section.lines:
        return 40
    per = {"players": DERIVATION_WEIGHT, "by_round": DERIVATION_WEIGHT}.get(section.name) or view.line_weight(
        section.name
    )
    a, b = span(section)
    return per * (b - a)


def span(section: Section) -> tuple[int, int]:
    """The slice ``a:b`` of a section made of lines."""
    assert section.a is not None and section.b is not None
    return section.a, section.b


def section_size(section: Section, view: StandingsReport) -> int:
    """The lines of the whole section a piece is cut from (for telling how far the work is)."""
    sized: dict[str, Sequence[object]] = {
        "standings": view.rows,
        "crosstable": view.xt.rows if view.xt else (),
        "by_round": view.by_round,
        "players": view.players,
        "compact": view.compact,
        "start": view.start_rows,
        "rounds": view.rounds_pages,
        "cards": view.cards,
        "after": view.after[section.block][1] if view.after else (),
    }
    return len(sized[section.name])


def parallel_limit(total: int, workers: int) -> int:
    """The ``limit`` that cuts a report of ``total`` lines into as many parts as ``workers`` (or a
    multiple of it, each within ``PART_LINES``), of even size."""
    count = workers * -(-total // (workers * PART_LINES))
    return -(-total // count) + 40  # a heading's weight of slack: no part of a few lines


def report_parts(view: StandingsReport, limit: int | None = None) -> list[list[Section]]:
    """The report's sections cut into parts of at most ``limit`` lines (default ``PART_LINES``; a
    section made of lines is split between parts; a heading always stays with the first lines
    under it)."""
    limit = PART_LINES if limit is None else limit
    parts: list[list[Section]] = [[]]
    used = 0
    for sec in view.sections:
        if not sec.lines:
            parts[-1].append(sec)
            used += section_weight(sec, view)
            continue
        per = section_weight(replace(sec, a=0, b=1), view)
        a, end = span(sec)
        while a < end:
            room = (limit - used) // per
            if room <= 0:
                parts.append([])
                used = 0
                room = max(limit // per, 1)
            b = min(a + room, end)
            parts[-1].append(replace(sec, a=a, b=b, first=a == sec.a, last=b == end))
            used += per * (b - a)
            a = b
    return [p for p in parts if p]
