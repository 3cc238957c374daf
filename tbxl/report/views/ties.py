"""How ties were broken, as the reports print it: the groups equal on points, one line per group
(standings report), every step of each group (appeal and team reports), and why two players stand
in their order (Art. 4.2: the first item of the list that differs)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from itertools import groupby
from typing import TYPE_CHECKING

from tbxl.playoffs import LOTS, PLAYOFF
from tbxl.report.labels import Labels
from tbxl.report.text import Fmt
from tbxl.report.views.blocks import MiniTable, decided_word, mini_tables
from tbxl.tiebreaks.codes import parse

if TYPE_CHECKING:  # the rooms below the report, as types only
    from tbxl.derivation import EncounterStep
    from tbxl.standings import Row, Standings


@dataclass(frozen=True)
class Decided:
    """A tie-break that separated players of a group: how many pairs of neighbours, or both values."""

    code: str | None
    text: str


@dataclass(frozen=True)
class SharedPlace:
    """Players equal on every item, sharing ``place``."""

    place: str
    players: str


@dataclass(frozen=True)
class TiedGroup:
    """Players equal on points: their points, their places ("3-5") and the places shared by
    players equal on every item."""

    points: str
    places: str
    shared: tuple[SharedPlace, ...]


@dataclass(frozen=True)
class TieLine(TiedGroup):
    """How one group equal on points was broken, in one line of the standings report."""

    count: int
    decided: tuple[Decided, ...]


@dataclass(frozen=True)
class Tier:
    players: str
    value: str


@dataclass(frozen=True)
class TieStep:
    """A step of the appeal report's tie detail: the tie-break, the players still tied before it,
    whether it split them (its tiers, best first) and a direct encounter's mini-tables with the
    games among them."""

    code: str
    group: str
    split: bool
    tiers: tuple[Tier, ...]
    table: tuple[MiniTable, ...] = ()


@dataclass(frozen=True)
class TieGroup(TiedGroup):
    """A group equal on points in the appeal report, with every step that broke it."""

    players: str
    steps: tuple[TieStep, ...]


@dataclass(frozen=True)
class Separation:
    """Why two players stand in their order: the separating item and its sentence."""

    a: int
    b: int
    code: str
    text: str


def tied_groups(rows: Iterable[Row]) -> Iterator[tuple[Fraction, list[Row], str]]:
    """The groups of standings rows equal on points with two players or more, in order, each as
    ``(points, rows, places)`` with the places they hold ("3-5")."""
    for points, grouped in groupby(rows, key=lambda r: r.points):
        group = list(grouped)
        if len(group) > 1:
            yield points, group, f"{group[0].rank}-{group[0].rank + len(group) - 1}"


def shared_places(rows: Iterable[Row], label: Callable[[int], str]) -> tuple[SharedPlace, ...]:
    """The places shared by players equal on every item of a group, in order."""
    out = []
    for place, grouped in groupby(rows, key=lambda r: r.rank_label):
        grp = list(grouped)
        if len(grp) > 1:
            out.append(SharedPlace(place, ", ".join(label(r.number) for r in grp)))
    return tuple(out)


def tie_groups(
    st: Standings, fmt: Fmt, names: Mapping[int, str], L: Labels, only: set[int] | None = None
) -> list[TieGroup]:
    """For every group equal on points (>= 2 players): which tie-break separated whom."""
    de_codes = [c for c in st.codes if parse(c).name == "DE"]
    order = {c: k for k, c in enumerate(st.codes)}
    label: Callable[[int], str] = lambda sn: f"{names[sn]} ({sn})"
    out = []
    for points, rows, places in tied_groups(st.rows):
        members = {r.number for r in rows}
        if only is not None and not members & only:
            continue
        values = {r.number: r.values for r in rows}
        # (code, group) -> (split, tiers, DE table)
        steps: dict[tuple[str, frozenset[int]], tuple[bool, tuple[Tier, ...], tuple[MiniTable, ...]]] = {
            (s.code, frozenset(s.group)): (
                True,
                tuple(
                    Tier(", ".join(label(n) for n in sorted(tier)), fmt(values[tier[0]][s.code], none="–"))
                    for tier in s.tiers
                ),
                (),
            )
            for s in st.steps
            if s.group[0] in members
        }
        for code in de_codes:  # the DE mini-tables, also where DE separated nobody
            tables: dict[frozenset[int], tuple[EncounterStep, ...]] = {}
            for sn in sorted(members):
                d = st.explain(sn, code)
                if d.steps:
                    tables.setdefault(frozenset(d.steps[0].group), d.steps)
            for group, found in tables.items():
                alone = (Tier(", ".join(label(n) for n in sorted(group)), ""),)  # DE separated nobody
                split, tiers, _ = steps.get((code, group), (False, alone, ()))
                steps[code, group] = (split, tiers, mini_tables(found, fmt, names, L))
        ordered = sorted(steps.items(), key=lambda kv: order.get(kv[0][0], len(order)))
        out.append(
            TieGroup(
                points=fmt(points),
                places=places,
                shared=shared_places(rows, label),
                players=", ".join(label(r.number) for r in rows),
                steps=tuple(
                    TieStep(code, ", ".join(map(str, sorted(group))), split, tiers, table)
                    for (code, group), (split, tiers, table) in ordered
                ),
            )
        )
    return out


def tie_lines(st: Standings, fmt: Fmt, names: Mapping[int, str], L: Labels) -> list[TieLine]:
    """How each tie was broken, one line per group equal on points: for every two neighbours in
    the final order the item that separated them (:meth:`Standings.separating`), counted per
    tie-break; a group of two shows both values; players equal on everything are named."""
    out = []
    for points, rows, places in tied_groups(st.rows):
        count: dict[str | None, int] = {}
        for a, b in zip(rows, rows[1:]):
            code = st.separating(a.number, b.number)
            if code is None and a.rank != b.rank:  # equal on everything, placed by a play-off or lots
                code = decided_word(b, L) or decided_word(a, L)
            count[code] = count.get(code, 0) + 1
        words = [w for w in count if w is not None and w not in st.codes]
        if len(rows) == 2 and count.get(None) is None and not words:
            code = next(iter(count))
            assert code is not None  # no None in count (checked above): the code that separated the two
            va, vb = (fmt(r.values[code], none="–") for r in rows)
            decided: tuple[Decided, ...] = (Decided(code, f"{va} › {vb}"),)
        else:
            decided = tuple(Decided(c, str(count[c])) for c in [*st.codes, *words] if c in count)
        out.append(
            TieLine(
                points=fmt(points),
                places=places,
                count=len(rows),
                decided=decided,
                shared=shared_places(rows, lambda sn: f"{names[sn]} ({sn})"),
            )
        )
    return out


def separation(st: Standings, a: int, b: int, fmt: Fmt, names: Mapping[int, str], L: Labels) -> Separation:
    """Why ``a`` and ``b`` stand in their order: the separating item and both values, best first."""
    ra, rb = st.row(a), st.row(b)
    if (rb.rank, b) < (ra.rank, a):
        ra, rb = rb, ra
    code = st.separating(a, b)
    who: Callable[[Row], str] = lambda r: f"{names[r.number]} ({r.number})"
    if ra.expelled or rb.expelled:  # no rank to compare (checklist 197-198)
        text = L["sep_expelled"].format(a=who(rb if rb.expelled else ra))
        return Separation(ra.number, rb.number, "", text)
    if code is None:
        text = L["sep_equal"].format(a=who(ra), b=who(rb), place=ra.rank_label)
    else:
        value: Callable[[Row], str] = (
            (lambda r: fmt(r.points)) if code == "PTS" else (lambda r: fmt(r.values[code], none="–"))
        )
        text = L["sep_points" if code == "PTS" else "sep_ahead"].format(
            a=who(ra), b=who(rb), code=code, va=value(ra), vb=value(rb), ra=ra.rank_label, rb=rb.rank_label
        )
    return Separation(ra.number, rb.number, code or "", text)


def decided_notes(st: Standings, L: Labels) -> tuple[str, ...]:
    """What the standings' *Decided* column means, said under the table: a play-off among
    participants equal on every tie-break (C.07 Art. 3), and lots with their seed and procedure
    (C.07 4.2, :func:`tbxl.playoffs.lot`) so that anyone can draw them again, or, with a seed
    but no place still shared, that no lots were needed."""
    how = set(st.decided_by.values())
    lots = "lots_note" if LOTS in how else "lots_none_note"  # a seed given is not a draw made
    return tuple(
        ([L["playoff_note"]] if PLAYOFF in how else [])
        + ([L[lots].format(seed=st.lots_seed)] if st.lots_seed is not None else [])
    )
