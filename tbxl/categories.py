"""Categories of players (women, under-12s, a rating band, a federation) and their standings.

A category is a name and a condition on the fields of the player record (TRF-16 ``001``,
rules/C07.md §10.1): sex (column 10), title (11-13), rating (49-52, blank = unrated),
federation (54-56) and birth date (70-79). Its standings are the overall standings with the
other players left out: the order never changes, only the places are counted again.

The condition language is small and parsed here, never evaluated as Python:

* ``FIELD OP VALUE`` with ``FIELD`` one of ``sex``, ``title``, ``fed``, ``rating``, ``born``,
  ``age``; ``OP`` one of ``= != < <= > >=`` (``sex``, ``title``, ``fed`` take only ``=`` and
  ``!=``, case-insensitive; ``sex=f`` is ``sex=w``; JaVaFo's titles ``g``, ``wg`` ... are ``GM``,
  ``WGM`` ...);
* ``unrated`` and ``rated`` (a rating in the file, or none);
* ``A|B``: either condition; ``A,B``: both (``,`` binds looser than ``|``).

``age`` is the FIDE age of youth categories: the age a player had *before 1 January of the
event's year* ("players who shall not have reached the age of 12 before January 1st of the year"
- FIDE Handbook D.04.07 art. 6, the World Cadets U8/U10/U12 regulations; the World Youth and World
School regulations list the same thing as "born on or after 1 January" of event year - 12). It
depends on the birth year only: ``age = event year - birth year - 1``, so ``age<12`` is the FIDE
"under 12" and is ``born>=2014`` for a 2026 event. The event's year is that of the start date
(TRF record 042, else the end date 052).

A player whose field is missing (no birth date, no rating) meets no condition on it: ``rating<1800``
leaves the unrated out; write ``rating<1800|unrated`` to take them in.

>>> u12 = parse_category("U12=age<12")
>>> p = Player(1, "Nguyễn, An", birth_date="2014/12/31")
>>> u12.includes(p, 2026), u12.includes(p, 2027)
(True, False)
>>> parse_category("W1800 = sex=w, rating<1800|unrated").includes(Player(2, "B", sex="w"), 2026)
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any, Protocol

from tbxl.errors import UsageError, excerpt
from tbxl.limits import MAX_NUMBER_DIGITS, whole_number
from tbxl.model import Player
from tbxl.prizes import Award, allot

if TYPE_CHECKING:  # the ranking is imported by whoever ranks
    from tbxl.model import Event
    from tbxl.standings import Row, Standings

#: Field names and their accepted spellings.
FIELDS = {
    "sex": "sex",
    "gender": "sex",
    "title": "title",
    "fed": "fed",
    "federation": "fed",
    "rating": "rating",
    "elo": "rating",
    "rtg": "rating",
    "born": "born",
    "age": "age",
}
TEXT_FIELDS = ("sex", "title", "fed")
FLAGS = ("unrated", "rated")
# the operands: the player's field and the condition's value, both texts or both numbers
_OPS: dict[str, Callable[[Any, Any], bool]] = {
    "=": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}
_CONDITION = re.compile(r"\s*([A-Za-z]+)\s*(?:(<=|>=|!=|=|<|>)\s*(.*?))?\s*")
_SEX = {"m": "m", "w": "w", "f": "w"}
# Titles as JaVaFo writes them (rules/C07.md §10.1: "g, m, f, c, wg, wm ...").
_TITLES = {"G": "GM", "M": "IM", "F": "FM", "C": "CM", "WG": "WGM", "WM": "WIM", "WF": "WFM", "WC": "WCM"}
SYNTAX = (
    "conditions sex=w, title=GM, fed=VIE, rating<1800, born>=2014, age<12, unrated, rated; A|B = either, A,B = both"
)


def birth_year(player: Player) -> int | None:
    """The year of the TRF birth date (``YYYY/MM/DD``, ``YYYY`` or ``YYYY/00/00``), if any."""
    m = re.match(r"\s*(\d{4})", player.birth_date or "")
    return int(m.group(1)) if m and int(m.group(1)) > 0 else None


def fide_age(born: int, event_year: int) -> int:
    """The FIDE age of youth categories: the age reached before 1 January of the event's year.

    >>> fide_age(2014, 2026)  # a U12 in 2026: under 12 before 1 January 2026
    11
    """
    return event_year - born - 1


@dataclass(frozen=True)
class Condition:
    """One ``FIELD OP VALUE`` test or a flag (``unrated``)."""

    field: str
    op: str = ""
    value: object = None

    def holds(self, player: Player, event_year: int | None) -> bool:
        if self.field == "unrated":
            return player.rating is None
        if self.field == "rated":
            return player.rating is not None
        if self.field == "sex":
            mine: object = _SEX.get(player.sex.strip().lower(), "")
        elif self.field == "title":
            mine = player.title.strip().upper()
            mine = _TITLES.get(mine, mine)
        elif self.field == "fed":
            mine = player.federation.strip().upper()
        elif self.field == "rating":
            mine = player.rating
        else:
            born = birth_year(player)
            if born is None:
                return False
            mine = born if self.field == "born" else fide_age(born, event_year or 0)
        if mine is None or mine == "":
            return False
        return _OPS[self.op](mine, self.value)


@dataclass(frozen=True)
class Category:
    """A named condition: a tuple of alternatives (``|``) per clause, all clauses (``,``) needed."""

    name: str
    expression: str
    clauses: tuple[tuple[Condition, ...], ...]

    @property
    def needs_year(self) -> bool:
        return any(c.field == "age" for clause in self.clauses for c in clause)

    def includes(self, player: Player, event_year: int | None = None) -> bool:
        return all(any(c.holds(player, event_year) for c in clause) for clause in self.clauses)


def _condition(text: str, where: str) -> Condition:
    m = _CONDITION.fullmatch(text)
    if not m or not text.strip():
        raise UsageError(f"{where}: {text.strip()!r} is not a condition ({SYNTAX})")
    word, op, value = m.group(1).lower(), m.group(2), m.group(3)
    if op is None:
        if word in FLAGS:
            return Condition(word)
        if word in FIELDS:
            raise UsageError(f"{where}: {word!r} needs a comparison, e.g. {word}{_example(FIELDS[word])}")
        raise UsageError(f"{where}: unknown condition {word!r} ({SYNTAX})")
    if word not in FIELDS:
        raise UsageError(f"{where}: unknown field {word!r}; fields: sex, title, fed, rating, born, age")
    field = FIELDS[word]
    if not value:
        raise UsageError(f"{where}: {word}{op} needs a value, e.g. {word}{_example(field)}")
    if field in TEXT_FIELDS:
        if op not in ("=", "!="):
            raise UsageError(f"{where}: {word} takes = or !=, not {op}")
        if field == "sex":
            if value.lower() not in _SEX:
                raise UsageError(f"{where}: sex is m or w (TRF column 10), not {value!r}")
            return Condition(field, op, _SEX[value.lower()])
        if not value.isalnum():
            raise UsageError(f"{where}: {value!r} is not a {'title' if field == 'title' else 'federation code'}")
        return Condition(field, op, value.upper())
    number = whole_number(value)
    if number is None:
        raise UsageError(
            f"{where}: {word} compares with a whole number of at most {MAX_NUMBER_DIGITS} "
            f"digits, not {excerpt(value, 20)}"
        )
    return Condition(field, op, number)


def _example(field: str) -> str:
    return {"sex": "=w", "title": "=GM", "fed": "=VIE", "rating": "<1800", "born": ">=2014", "age": "<12"}[field]


def parse_expression(name: str, expression: str) -> Category:
    """The category ``name`` of a condition text; :class:`UsageError` naming both if it is bad."""
    where = f"category {name}={expression}"
    if len(where) > 60:  # a message names the category, it does not echo a pasted page back
        where = where[:57] + "..."
    if not expression.strip():
        raise UsageError(f"{where}: no condition ({SYNTAX})")
    clauses = []
    for clause in expression.split(","):
        if not clause.strip():
            raise UsageError(f"{where}: an empty condition between commas")
        clauses.append(tuple(_condition(alt, where) for alt in clause.split("|")))
    return Category(name, expression.strip(), tuple(clauses))


def parse_category(text: str) -> Category:
    """``NAME=EXPRESSION`` (the ``--category`` option): the name is everything before the first ``=``."""
    name, sep, expression = text.partition("=")
    if not sep or not name.strip():
        raise UsageError(f"category {text!r}: write NAME=CONDITIONS, e.g. U12=age<12 or Women=sex=w")
    return parse_expression(name.strip(), expression)


def event_year(tournament: Event) -> int | None:
    """The year that ``age`` is counted on: the start date's, else the end date's."""
    d = tournament.start_date or tournament.end_date
    return d.year if d else None


def category_rows(standings: Standings, category: Category) -> list[Row]:
    """The rows of the overall standings that belong to ``category``, in the same order; an expelled
    player belongs to none (no rank, no prize: checklist 197-198)."""
    year = event_year(standings.tournament)
    if category.needs_year and year is None:
        raise UsageError(
            f"category {category.name}={category.expression}: 'age' is counted on the "
            "event's year and the input has no start date (TRF record 042); "
            "write born>=YEAR instead"
        )
    return [r for r in standings.rows if not r.expelled and category.includes(_player(r), year)]


def _player(row: Row) -> Player:
    """The player of a row: categories are an individual event's."""
    assert isinstance(row.player, Player)
    return row.player


class _Ranked(Protocol):
    rank: int


def category_places(rows: Sequence[_Ranked]) -> list[str]:
    """The place labels within a category: counted again from 1, a place shared in the overall
    standings (equal on every tie-break) stays shared.

    >>> from types import SimpleNamespace as R
    >>> category_places([R(rank=2), R(rank=5), R(rank=5), R(rank=9)])
    ['1', '2-3', '2-3', '4']
    """
    labels: list[str] = []
    k = 0
    while k < len(rows):
        j = k
        while j + 1 < len(rows) and rows[j + 1].rank == rows[k].rank:
            j += 1
        label = str(k + 1) if j == k else f"{k + 1}-{j + 1}"
        labels.extend([label] * (j - k + 1))
        k = j + 1
    return labels


def members(standings: Standings, categories: Iterable[Category]) -> dict[str, list[int]]:
    """Each category's start numbers in the order of the overall standings."""
    return {c.name: [_player(r).start_number for r in category_rows(standings, c)] for c in categories}


@dataclass
class Classification:
    """The categories' standings and the prize lists of one standings, ready for any output.

    ``rows[name]`` are the category's rows of the overall standings and ``places[name]`` their
    places within the category; ``awards[None]`` is the overall prize list, ``awards[name]`` a
    category's (each shared by ``sharing``, see :mod:`tbxl.prizes`).
    """

    rows: dict[str, list[Row]]
    places: dict[str, list[str]]
    awards: dict[str | None, list[Award[int]]]
    sharing: str = "hort"
    policy: str = "one-per-player"

    @cached_property
    def members(self) -> dict[str, list[int]]:
        """Each category's start numbers in standings order (built once: outputs ask it per category)."""
        return {name: [_player(r).start_number for r in rows] for name, rows in self.rows.items()}

    def prize_of(self, name: str | None) -> dict[int, Award[int]]:
        """The awards of one list by start number."""
        return {a.player: a for a in self.awards.get(name, ())}


def classify(
    standings: Standings,
    categories: Iterable[Category] = (),
    prizes: dict[str | None, dict[int, Fraction]] | None = None,
    sharing: str = "hort",
    policy: str = "one-per-player",
) -> Classification:
    """Each category's rows and places, and the awards of every prize list (``None`` = overall;
    a category's prizes go by the category's places); ``policy``: one prize per player (the
    higher, the next player moving up) or ``cumulative`` (:func:`tbxl.prizes.allot`), the lists
    in the order given deciding equal amounts."""
    cats = list(categories)
    rows = {c.name: category_rows(standings, c) for c in cats}
    prizes = prizes or {}
    unknown = [name for name in prizes if name is not None and name not in rows]
    if unknown:
        raise UsageError(f"prizes for {unknown[0]!r}, which is not a category; categories: {', '.join(rows) or 'none'}")
    lists = {
        name: (
            [
                (_player(r).start_number, r.rank, r.points)
                for r in (standings.rows if name is None else rows[name])
                if not r.expelled  # no prize (checklist 197-198)
            ],
            table,
        )
        for name, table in prizes.items()
    }
    awards = allot(lists, sharing, policy)
    return Classification(rows, {n: category_places(r) for n, r in rows.items()}, awards, sharing, policy)
