"""Audit published tie-break values and ranks against the announced rules, and say which rule
each differing number does follow; compare the standings of one event under several rule sets.
Any event: individual or team.

A pairing program's standings (or a TRF's rank column) are a :class:`~tbxl.io.published.Published`
table. For every published value, :func:`audit` computes the value under the announced convention;
where they differ, it tries every named convention and every documented setting (C07 §9, §8.4:
:mod:`tbxl.audit.candidates`) and keeps those that reproduce the published number, with the
term-level change that makes the difference (:mod:`tbxl.audit.changes`). Files are read elsewhere
(:mod:`tbxl.io.published`); the checks are :mod:`tbxl.audit.check`'s, the event's values and
rankings come from :mod:`tbxl.audit.engine`, the side-by-side standings from
:mod:`tbxl.audit.compare`, the text and JSON from :mod:`tbxl.audit.text`.

>>> from fractions import Fraction
>>> from importlib.resources import files
>>> from tbxl.io.published import Published, PublishedValue
>>> from tbxl.io.trf import read_trf
>>> from tbxl import rules as conventions
>>> t = read_trf(files("tbxl.examples").joinpath("held_swiss_5.trf").read_text())
>>> bulletin = Published("bulletin", [PublishedValue(4, "BH", "15.0", Fraction(15), 1)])
>>> found = audit(t, bulletin, rules=conventions.get("fide-2026"))
>>> found.summary
{'checked': 1, 'agree': 0, 'explained': 1, 'unexplained': 0, 'skipped': 0}
>>> f = found.findings[0]
>>> f.status, f.computed, f.matches[0]
('explained', Fraction(14, 1), 'fide-2024')
>>> print(f.changes[0])
round 2, half-point bye: 3.5 instead of 2.5, without “capped at a draw x 5 rounds = 2.5”
"""

from __future__ import annotations

from collections.abc import Sequence

from tbxl.audit.candidates import Candidate, candidates
from tbxl.audit.check import (
    AGREE,
    EXPLAINED,
    HABITS,
    RANK_AGAINST_POINTS,
    SKIPPED,
    UNEXPLAINED,
    ZERO_FOR_NO_VALUE,
    Audit,
    ColumnVerdict,
    Finding,
    check,
    describe_match,
    rank_range,
)
from tbxl.audit.compare import ComparedRow, Comparison, compare
from tbxl.audit.engine import GivenSettings, engine_for
from tbxl.errors import InputError
from tbxl.io.published import Published
from tbxl.model import AnyEvent, Event, Tournament
from tbxl.rules import Convention
from tbxl.standings import Tiebreaks
from tbxl.tiebreaks.context import convention_of

__all__ = [
    "audit",
    "bulletin",
    "compare",
    "Audit",
    "Finding",
    "ColumnVerdict",
    "Candidate",
    "candidates",
    "Comparison",
    "ComparedRow",
    "describe_match",
    "rank_range",
    "AGREE",
    "EXPLAINED",
    "UNEXPLAINED",
    "SKIPPED",
    "HABITS",
    "ZERO_FOR_NO_VALUE",
    "RANK_AGAINST_POINTS",
]


def audit(
    event: Event,
    published: Published,
    *,
    rules: Convention | None = None,
    tiebreaks: Tiebreaks = None,
    settings: GivenSettings = None,
) -> Audit:
    """Check every published number of ``event`` (individual or team) against ``rules`` (a
    :class:`Convention`, resolved at the edge by :func:`tbxl.rules.resolve`; default:
    the edition in force at the start date) and try the candidates on each difference.

    ``tiebreaks`` is the ranking's tie-break list (default: the file's 212/202 record, else the
    published tie-break columns in their order, else tbxl's default list for the event's kind);
    ``settings`` a team event's team settings (:class:`~tbxl.rules.TeamSettings`), each rule
    set ranked under them. On a team event a finding's ``start_number`` is the team's number.
    """
    conv = convention_of(rules, event)
    if tiebreaks is None and not event.tiebreaks and published.tiebreaks:
        tiebreaks = published.tiebreaks
    return check(engine_for(event, tiebreaks, settings), published, conv)


def bulletin(
    event: AnyEvent,
    path: str | None = None,
    *,
    tiebreaks: str | None = None,
    mapping: Sequence[str] = (),
    sheet: str | None = None,
    where: str | None = None,
) -> Published:
    """The published standings to audit: the table at ``path`` (CSV or .xlsx, its numbered columns
    ``TB1`` ... read as the tie-break list ``tiebreaks``, else the file's 212/202 record; ``mapping``:
    ``--map`` items), else the input's own rank column (TRF columns 86-89); an
    :class:`~tbxl.errors.InputError` when the input (at ``where``) has none."""
    from tbxl.io.published import published_ranks, read_published
    from tbxl.standings import resolve_tiebreaks

    if path:
        listed = [d.code for d in resolve_tiebreaks(event, tiebreaks)] if (tiebreaks or event.tiebreaks) else []
        return read_published(path, event, tiebreaks=listed, mapping=mapping, sheet=sheet)
    if not isinstance(event, Tournament):  # a team event's own ranks are the rank check's (310 records)
        raise TypeError("a team event's published ranks are checked by tbxl.projection.rank_check")
    published = published_ranks(event)
    if not published.values:
        raise InputError(
            "the input has no rank column (TRF columns 86-89) to check; "
            "give the published standings with --published FILE",
            file=where or event.source,
        )
    return published
