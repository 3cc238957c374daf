"""One event of an archive ranked under each candidate list: what the rates are made of.

:func:`measure` reads one file, ranks it under every list through :func:`tbxl.standings.compute_standings`
(the ranking ``tbxl compute`` prints, before play-offs and lots) and counts, per list, the places
still shared after the whole list, and per pair of lists the places they fill differently. It runs
in a worker process (:mod:`tbxl.advise.archive`), so it takes and returns plain, picklable data:
a few integers per list, never the event.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from tbxl.advise.check import Profile, check
from tbxl.errors import TbxlError, error_text

if TYPE_CHECKING:
    from tbxl.standings import Standings

__all__ = ["ListCounts", "PairCounts", "EventResult", "measure", "places_of", "ANNOUNCED"]

#: The name of the candidate "the event's own list" (its file's 212/202 record, else tbxl's default
#: for its kind), used when no list is given.
ANNOUNCED = "announced"


@dataclass
class ListCounts:
    """One event under one list. ``shared``: participants whose place is shared after the whole
    list (a place to be shared or drawn by lots, C.07 4.2); ``groups``: the groups so tied;
    ``prize_shared``: places 1..``prize_places`` so shared; ``rated_pairs``: pairs of players equal
    on points, both rated, with different ratings, that the list separated, ``higher_first``: those
    it ranked the higher-rated one first; ``findings``: the numbers of the checks the list breaks on
    this event (:mod:`tbxl.advise.check`)."""

    participants: int = 0
    shared: int = 0
    groups: int = 0
    prize_places: int = 0
    prize_shared: int = 0
    rated_pairs: int = 0
    higher_first: int = 0
    findings: tuple[int, ...] = ()


@dataclass
class PairCounts:
    """Two lists on one event: ``places`` compared, ``differ`` filled by different participants
    (a shared place is filled by its whole group), and the same at the prize places."""

    places: int = 0
    differ: int = 0
    prize_places: int = 0
    prize_differ: int = 0


@dataclass
class EventResult:
    """What one file gave: its counts per list (None where a list does not apply to the event's
    kind: ``unusable`` says why), per pair of lists (index pairs ``(a, b)``, a < b), or the
    ``error`` that kept it out of the rates (with its location, file:line)."""

    path: str
    kind: str = ""
    lists: list[ListCounts | None] = field(default_factory=list)
    unusable: dict[int, str] = field(default_factory=dict)
    pairs: dict[tuple[int, int], PairCounts] = field(default_factory=dict)
    error: str | None = None


def places_of(ranks: Sequence[tuple[int, int]]) -> list[frozenset[int]]:
    """Who fills each place, from ``(number, rank)`` pairs: place ``p`` (index ``p - 1``) is held by
    the group whose shared place covers it (``3-5`` covers places 3, 4 and 5).

    >>> [sorted(g) for g in places_of([(7, 1), (2, 2), (9, 2), (4, 4)])]
    [[7], [2, 9], [2, 9], [4]]
    """
    groups: dict[int, set[int]] = {}
    for number, rank in ranks:
        groups.setdefault(rank, set()).add(number)
    out: list[frozenset[int]] = []
    for rank in sorted(groups):
        group = frozenset(groups[rank])
        out.extend([group] * len(group))
    return out


def _counts(st: Standings, prize_places: int) -> tuple[ListCounts, list[frozenset[int]]]:
    # the ranked participants: a place's label is "3" or "3-5"; an expelled player's says no place
    # (checklist 197-198) and holds none, so it shares none
    rows = [row for row in st.rows if row.rank_label[:1].isdigit()]
    size: dict[int, int] = {}
    for row in rows:
        size[row.rank] = size.get(row.rank, 0) + 1
    n = len(rows)
    top = min(prize_places, n)
    c = ListCounts(participants=n, prize_places=top)
    c.shared = sum(k for k in size.values() if k > 1)
    c.groups = sum(1 for k in size.values() if k > 1)
    places = places_of([(row.number, row.rank) for row in rows])
    c.prize_shared = sum(1 for p in range(top) if len(places[p]) > 1)
    # Ties on points broken in favour of the higher-rated player (individual events: a team has no rating)
    by_points: dict[object, list[tuple[int, int]]] = {}
    for row in rows:
        rating = getattr(row.player, "rating", None)
        if rating:
            by_points.setdefault(row.points, []).append((rating, row.rank))
    for tied in by_points.values():
        for i, (ra, ka) in enumerate(tied):
            for rb, kb in tied[i + 1 :]:
                if ra != rb and ka != kb:
                    c.rated_pairs += 1
                    c.higher_first += (ra > rb) == (ka < kb)
    return c, places


def measure(
    path: str,
    lists: Sequence[str | None],
    rules: str | None = None,
    settings: Sequence[str] = (),
    prize_places: int = 3,
) -> EventResult:
    """Rank the event of ``path`` under each of ``lists`` (None: the event's own list, :data:`ANNOUNCED`)
    with ``rules`` (None: the edition in force at its start) and the ``NAME=VALUE`` ``settings``.
    A file that cannot be read is an :class:`EventResult` with its ``error`` (file:line: what),
    never an exception: one broken file does not stop an archive's run."""
    from tbxl.io.load import load
    from tbxl.rules import resolve
    from tbxl.standings import compute_standings, resolve_tiebreaks

    result = EventResult(path)
    notes: list[str] = []
    try:
        event = load(path, notes=notes)
        conv = resolve(rules, event.start_date, settings)
    except Exception as err:  # said as the file's error; an unexpected one too, so the run goes on
        text = error_text(err) or f"internal error: {type(err).__name__}: {err}"
        name = Path(path).name
        result.error = text if name in text else f"{path}: {text}"
        return result
    result.kind = event.kind.value
    profile = Profile.of(event, conv, notes)
    places: list[list[frozenset[int]] | None] = []
    for k, codes in enumerate(lists):
        try:
            st = compute_standings(event, codes, conv)
            listed = [d.code for d in resolve_tiebreaks(event, codes)]
        except TbxlError as err:  # a code of another kind of event (EDE in an individual one ...)
            result.lists.append(None)
            result.unusable[k] = str(err)
            places.append(None)
            continue
        counts, filled = _counts(st, prize_places)
        counts.findings = tuple(f.number for f in check(profile, listed)) if listed else ()
        result.lists.append(counts)
        places.append(filled)
    for a in range(len(lists)):
        for b in range(a + 1, len(lists)):
            pa, pb = places[a], places[b]
            if pa is None or pb is None:
                continue
            top = min(prize_places, len(pa))
            differ = [x != y for x, y in zip(pa, pb)]
            result.pairs[a, b] = PairCounts(len(pa), sum(differ), top, sum(differ[:top]))
    return result
