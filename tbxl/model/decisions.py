"""What the organizer and the arbiter decided beside the results (FIDE's 2026 software checklist,
questions 197-216): players expelled, the ratings given to unrated players, the ratings of
players rated again during a long event, a change of the tie-break list after the start, and
tie-break values decided outside the results (a play-off's, a federation's).

One item grammar, the same on the command line, in a workbook's Event sheet, in ``tbxl.toml``'s
strings and in tbxl's TRF comments, read by :func:`parse_item`:

* expelled players: ``12`` (start numbers);
* an estimated rating: ``12:1650`` (start number, rating);
* a rating from a round on: ``12:5:2150`` (start number, first round, rating);
* a list change: ``4:BH,SB`` (the list changed after round 4; the previous list);
* a given value: ``BH:12=15.5`` (code, start number, value; exact: ``31/2`` too).

>>> d = Decisions.of(expelled=["12, 3"], estimated=["7:1650"], ratings=["7:5:1700"],
...                  list_change="4:BH,SB", given=["BH:2=15.5"])
>>> d.expelled, d.estimated, d.ratings, d.given
((3, 12), ((7, 1650),), ((7, 5, 1700),), (('BH', 2, Fraction(31, 2)),))
>>> d.list_change
ListChange(after_round=4, previous=('BH', 'SB'))
>>> d.rating_at(7, 4, 1500), d.rating_at(7, 5, 1500), d.rating_at(8, 9, None)
(1500, 1700, None)
>>> Decisions.of(estimated=["7:16x0"])
Traceback (most recent call last):
...
tbxl.errors.InputError: estimated rating '7:16x0': expected START:RATING, e.g. 12:1650
"""

from __future__ import annotations

import re
from collections.abc import Container, Iterable
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from tbxl.errors import InputError, excerpt

__all__ = [
    "ListChange",
    "Decisions",
    "KINDS",
    "parse_item",
    "expelled_item",
    "estimated_item",
    "rating_item",
    "list_change_item",
    "given_item",
    "LONG_EVENT_DAYS",
    "event_days",
]

#: C.07 2026 Art. 10 and the checklist (210): an event longer than this may see a player rated
#: more than once, so its rating tie-breaks are warned about.
LONG_EVENT_DAYS = 30


def event_days(start: date | None, end: date | None) -> int | None:
    """The days an event's dates span, end minus start (1-31 January is 30), as the long-event note
    and the adviser count them; None without both dates or with an end before the start.

    >>> event_days(date(2026, 1, 1), date(2026, 1, 31)), event_days(date(2026, 1, 1), None)
    (30, None)
    """
    return (end - start).days if start is not None and end is not None and end >= start else None


#: The largest start number, round and rating an item takes (a typo's 10^9 stays a typo).
_MAX_NUMBER = 999_999
_MAX_RATING = 4000


@dataclass(frozen=True)
class ListChange:
    """The tie-break list was changed after round ``after_round``; ``previous`` is the list in
    force before (checklist 201-202: the standings use the list in force at the end)."""

    after_round: int
    previous: tuple[str, ...]

    @property
    def item(self) -> str:
        """The item as files write it: ``4:BH,SB``."""
        return f"{self.after_round}:{','.join(self.previous)}"


#: Each kind of decision: its item's grammar in words, for messages.
KINDS = {
    "expelled": "START[,START...], e.g. 12",
    "estimated rating": "START:RATING, e.g. 12:1650",
    "rating by round": "START:ROUND:RATING, e.g. 12:5:2150",
    "list change": "ROUND:CODES, e.g. 4:BH,SB",
    "given value": "CODE:START=VALUE, e.g. BH:12=15.5",
}

_NUMBER = r"\s*(\d{1,7})\s*"
_PATTERNS = {
    "estimated rating": re.compile(rf"{_NUMBER}:{_NUMBER}"),
    "rating by round": re.compile(rf"{_NUMBER}:{_NUMBER}:{_NUMBER}"),
    "list change": re.compile(rf"{_NUMBER}:\s*(\S.*?)\s*"),
    "given value": re.compile(rf"\s*([A-Za-z][\w/:+\-]*)\s*:{_NUMBER}=\s*(-?\d{{1,9}}(?:\.\d{{1,6}}|/\d{{1,6}})?)\s*"),
}


def _bad(kind: str, text: str, why: str = "") -> InputError:
    return InputError(f"{kind} {excerpt(text, 40)}: {why or 'expected ' + KINDS[kind]}")


def _match(kind: str, text: str) -> re.Match[str]:
    m = _PATTERNS[kind].fullmatch(str(text))
    if m is None:
        raise _bad(kind, text)
    return m


def _numbers(kind: str, text: str) -> tuple[int, ...]:
    """The numbers of an estimated rating or a rating by round, the rating last, checked."""
    numbers = tuple(int(g) for g in _match(kind, text).groups())
    if any(n > _MAX_NUMBER for n in numbers) or numbers[-1] > _MAX_RATING:
        raise _bad(kind, text, f"a rating is at most {_MAX_RATING}")
    if kind == "rating by round" and numbers[1] < 1:
        raise _bad(kind, text, "rounds count from 1")
    return numbers


def expelled_item(text: str) -> tuple[int, ...]:
    """The start numbers of an expelled item: ``12`` or ``12, 15``."""
    parts = [p.strip() for p in str(text).split(",") if p.strip()]
    if not parts or not all(p.isascii() and p.isdigit() and len(p) <= 6 for p in parts):
        raise _bad("expelled", text)
    return tuple(int(p) for p in parts)


def estimated_item(text: str) -> tuple[int, int]:
    """``(start, rating)`` of ``12:1650``."""
    sn, rating = _numbers("estimated rating", text)
    return sn, rating


def rating_item(text: str) -> tuple[int, int, int]:
    """``(start, first round, rating)`` of ``12:5:2150``."""
    sn, rd, rating = _numbers("rating by round", text)
    return sn, rd, rating


def list_change_item(text: str) -> ListChange:
    """The :class:`ListChange` of ``4:BH,SB``."""
    m = _match("list change", text)
    codes = tuple(c.strip() for c in re.split(r"[,;]", m[2]) if c.strip())
    if not codes:
        raise _bad("list change", text)
    return ListChange(int(m[1]), codes)


def given_item(text: str) -> tuple[str, int, Fraction]:
    """``(code, start, value)`` of ``BH:12=15.5`` (the code upper case; the value exact)."""
    m = _match("given value", text)
    return m[1].upper(), int(m[2]), Fraction(m[3])


#: The reader of each kind of item.
_PARSERS = {
    "expelled": expelled_item,
    "estimated rating": estimated_item,
    "rating by round": rating_item,
    "list change": list_change_item,
    "given value": given_item,
}


def parse_item(kind: str, text: str) -> object:
    """One item of ``kind`` (a key of :data:`KINDS`) read; an :class:`InputError` saying what was
    expected, with the item, otherwise (the caller adds where it stood)."""
    return _PARSERS[kind](text)


@dataclass(frozen=True)
class Decisions:
    """The decisions of one event, each sorted by start number (see the module's doc).

    ``expelled``: start numbers; ``estimated``: ``(start, rating)`` ratings given to unrated
    players (used with ``unrated_method=estimated``); ``ratings``: ``(start, first round, rating)``
    a player's rating from that round on (used by ``rating_by=round``; the first rating, the
    rating of round 1, by default); ``list_change``: the list changed after a round; ``given``:
    ``(code, start, value)`` tie-break values decided outside the results."""

    expelled: tuple[int, ...] = ()
    estimated: tuple[tuple[int, int], ...] = ()
    ratings: tuple[tuple[int, int, int], ...] = ()
    list_change: ListChange | None = None
    given: tuple[tuple[str, int, Fraction], ...] = ()

    @classmethod
    def of(
        cls,
        *,
        expelled: Iterable[str] = (),
        estimated: Iterable[str] = (),
        ratings: Iterable[str] = (),
        list_change: str | None = None,
        given: Iterable[str] = (),
    ) -> Decisions:
        """The decisions of items (each kind's grammar, :func:`parse_item`); a later item for the
        same player (and round, or code) replaces an earlier one."""
        out: set[int] = set()
        for text in expelled:
            out.update(expelled_item(text))
        est = dict(map(estimated_item, estimated))
        rr = {(sn, rd): r for sn, rd, r in map(rating_item, ratings)}
        values = {(code, sn): v for code, sn, v in map(given_item, given)}
        return cls(
            tuple(sorted(out)),
            tuple(sorted(est.items())),
            tuple(sorted((sn, rd, r) for (sn, rd), r in rr.items())),
            list_change_item(list_change) if list_change else None,
            tuple(sorted((code, sn, v) for (code, sn), v in values.items())),
        )

    def __bool__(self) -> bool:
        return bool(self.expelled or self.estimated or self.ratings or self.list_change or self.given)

    def merged(self, other: Decisions) -> Decisions:
        """These decisions with ``other``'s added (``other`` wins on the same player, round, code)."""
        est = dict(self.estimated) | dict(other.estimated)
        rr = {(sn, rd): r for sn, rd, r in self.ratings} | {(sn, rd): r for sn, rd, r in other.ratings}
        values = {(c, sn): v for c, sn, v in self.given} | {(c, sn): v for c, sn, v in other.given}
        return Decisions(
            tuple(sorted(set(self.expelled) | set(other.expelled))),
            tuple(sorted(est.items())),
            tuple(sorted((sn, rd, r) for (sn, rd), r in rr.items())),
            other.list_change or self.list_change,
            tuple(sorted((c, sn, v) for (c, sn), v in values.items())),
        )

    def check(self, known: Container[int], rounds: int, where: str = "", rated: Container[int] = ()) -> None:
        """An :class:`InputError` naming the decision (and ``where``) for a start number not
        ``known`` (an event: its participants' numbers) or a round beyond its ``rounds``; a warning
        for an estimated rating of a player who is ``rated`` (an estimate stands for a missing
        rating, FIDE checklist 208: unused, it would change nothing in silence, and a mistyped start
        number would go unnoticed)."""
        file = where or None

        def unknown(what: str, sn: int) -> InputError:
            return InputError(f"{what}: the event has no start number {sn}", file=file, player=sn)

        for sn in self.expelled:
            if sn not in known:
                raise unknown("expelled", sn)
        for sn, _ in self.estimated:
            if sn not in known:
                raise unknown("estimated rating", sn)
            if sn in rated:  # said, not refused: an estimate typed before the player's rating came
                InputError(
                    "estimated rating: the player is rated; the estimate (for a missing rating) is not used",
                    file=file,
                    player=sn,
                ).raise_or_warn(strict=False, stacklevel=2)
        for sn, rd, _ in self.ratings:
            if sn not in known:
                raise unknown("rating by round", sn)
            if rd > rounds:
                beyond = f"round {rd} is beyond the {rounds} rounds"
                raise InputError(f"rating by round: {beyond}", file=file, player=sn, round=rd)
        for code, sn, _ in self.given:
            if sn not in known:
                raise unknown(f"given value of {code}", sn)
        if self.list_change and not 1 <= self.list_change.after_round <= max(rounds, 1):
            raise InputError(
                f"list change after round {self.list_change.after_round}: the event's rounds are 1..{rounds}",
                file=file,
            )

    def rating_at(self, start_number: int, round: int, rating: int | None) -> int | None:
        """The rating of ``start_number`` in ``round`` (1-based): the last given rating from a
        round not after it, else ``rating`` (the file's)."""
        found = rating
        for sn, rd, r in self.ratings:
            if sn == start_number and rd <= round:
                found = r
        return found

    def given_value(self, code: str, start_number: int) -> Fraction | None:
        """The value given for ``code`` (as the list writes it) and ``start_number``, or None."""
        for c, sn, v in self.given:
            if sn == start_number and c == code.upper():
                return v
        return None
