"""Prize money by place, shared among players tied on points by the Hort system.

The Hort system (introduced by GM Vlastimil Hort for Swiss opens; German Wikipedia "Hort-System"):
each player in a prize place keeps **half** of the prize of the place the tie-breaks gave him;
the other halves of the tied players' places go into a pot that the players **equal on points**
share equally. A player tied with nobody keeps the whole prize of his place. So the tie-breaks
still count, but only for half of the money.

Worked example (1000, 500, 350, 200, 150, 100; A and B on 8 points, C alone on 7.5, D, E, F on 7):
A keeps 500 + (500 + 250) / 2 = 875, B keeps 250 + 375 = 625, C 350, D 100 + (100 + 75 + 50) / 3
= 175, E 75 + 75 = 150, F 50 + 75 = 125; the total is still 2300.

Decisions, stated because regulations rarely do:

* the pot is shared by *every* player on the same points as a prize place, also those whose own
  place carries no prize (a group on places 5-7 with prizes for places 1-6 shares the halves of
  the 5th and 6th prizes three ways);
* players equal on every tie-break (a shared place such as "3-4") also share their kept halves
  equally: nothing told them apart;
* ``sharing="equal"`` pools the whole prizes of the tied places (the "split the money" custom),
  ``sharing="tiebreak"`` pools nothing (the tie-breaks decide all; shared places still share).

One prize per player (``policy="one-per-player"``, :func:`allot`, the default): most regulations
give each player one prize only, the higher one, and the next player of the other list moves up.
With several lists (overall, women, under-12 ...) every list is shared as above; a player holding
money in two lists keeps the larger amount (equal amounts: the list named first) and is taken out
of the others, which are shared again without him, so the next player moves up; until nobody holds
two. ``policy="cumulative"`` lets a player take a prize from every list.

Amounts are exact fractions; they are rounded to cents only when printed
(:func:`tbxl.formatting.decimal_text` with ``places=2``), so printed cents may add up to a cent
more or less than the prize fund when a pot is split three ways.

>>> from fractions import Fraction as F
>>> prizes = parse_prizes("1:1000,2:500,3:350,4:200,5:150,6:100")
>>> rows = [("A", 1, F(8)), ("B", 2, F(8)), ("C", 3, F(15, 2)), ("D", 4, F(7)), ("E", 5, F(7)),
...         ("F", 6, F(7))]
>>> [(a.player, str(a.amount)) for a in share(rows, prizes)]
[('A', '875'), ('B', '625'), ('C', '350'), ('D', '175'), ('E', '150'), ('F', '125')]
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Generic, TypeVar

from tbxl.errors import UsageError, excerpt
from tbxl.limits import MAX_PRIZE_PLACE

#: Whether a player may take prizes from several lists (:func:`allot`); the first is the default.
POLICIES = ("one-per-player", "cumulative")

#: How tied players share (the part of a tied place's prize that goes into the common pot).
SHARING = {"hort": Fraction(1, 2), "equal": Fraction(1), "tiebreak": Fraction(0)}

# ASCII digits only (int() would take "²" or Arabic-Indic digits); lengths are checked after the
# match so that the message can say which number is too long.
_ITEM = re.compile(r"\s*(\d+)\s*(?:-\s*(\d+))?\s*:\s*([0-9]+(?:[.,][0-9]+)?)\s*", re.ASCII)
#: The longest amount a prize list takes: 12 digits before the decimal point, 6 after.
AMOUNT_DIGITS, AMOUNT_DECIMALS = 12, 6


def parse_prizes(text: str) -> dict[int, Fraction]:
    """Prizes by place from ``"1:500,2:300,3:200"``; ``"4-6:100"`` gives each of places 4-6 100.

    Amounts are exact decimals (``"1:250.50"``). :class:`UsageError` naming the list if it is bad.

    >>> parse_prizes("1:500, 2:300, 3-4:50.5")
    {1: Fraction(500, 1), 2: Fraction(300, 1), 3: Fraction(101, 2), 4: Fraction(101, 2)}
    """
    prizes: dict[int, Fraction] = {}
    for item in text.split(","):
        m = _ITEM.fullmatch(item)
        if not m:
            raise UsageError(
                f"prizes {excerpt(text)}: {excerpt(item.strip(), 20)} is not PLACE:AMOUNT (e.g. 1:500,2:300,4-6:100)"
            )
        places = [m.group(1)] + ([m.group(2)] if m.group(2) else [])
        for place_text in places:
            if len(place_text) > len(str(MAX_PRIZE_PLACE)) or int(place_text) > MAX_PRIZE_PLACE:
                raise UsageError(
                    f"prizes {excerpt(text)}: place {excerpt(place_text, 12)} is beyond the last "
                    f"place a prize list takes ({MAX_PRIZE_PLACE:,})"
                )
        first, last = int(places[0]), int(places[-1])
        whole, _, decimals = m.group(3).replace(",", ".").partition(".")
        if len(whole.lstrip("0")) > AMOUNT_DIGITS or len(decimals) > AMOUNT_DECIMALS:
            raise UsageError(
                f"prizes {excerpt(text)}: amount {excerpt(m.group(3), 16)} has more than "
                f"{AMOUNT_DIGITS} digits or {AMOUNT_DECIMALS} decimals"
            )
        amount = Fraction(Decimal(f"{whole}.{decimals or 0}"))
        if first < 1 or last < first:
            raise UsageError(f"prizes {excerpt(text)}: places {first}-{last} are not a range from 1 up")
        for place in range(first, last + 1):
            if place in prizes:
                raise UsageError(f"prizes {excerpt(text)}: place {place} is given twice")
            prizes[place] = amount
    return dict(sorted(prizes.items()))


#: Who a prize goes to: a start number, a name ... (anything that can be a key).
P = TypeVar("P", bound=Hashable)


@dataclass(frozen=True)
class Award(Generic[P]):
    """One player's prize: the place in the list, the prize listed for it, what he receives."""

    player: P
    place: int
    listed: Fraction
    amount: Fraction


def share(
    rows: Sequence[tuple[P, int, Fraction]], prizes: dict[int, Fraction], sharing: str = "hort"
) -> list[Award[P]]:
    """The awards of ranked ``rows`` = ``(player, rank, points)`` in standings order (``rank`` as
    in the standings: equal for players equal on every tie-break). Every row of a points group
    that touches a prize place gets an :class:`Award`; groups below the last prize get none.
    """
    if sharing not in SHARING:
        raise UsageError(f"prize sharing must be one of {', '.join(SHARING)}, not {sharing!r}")
    pooled = SHARING[sharing]
    last = max(prizes, default=0)
    awards: list[Award[P]] = []
    k = 0
    while k < len(rows) and k < last:
        group = [k]
        while group[-1] + 1 < len(rows) and rows[group[-1] + 1][2] == rows[k][2]:
            group.append(group[-1] + 1)
        listed = [prizes.get(i + 1, Fraction(0)) for i in group]
        pot = pooled * sum(listed, Fraction(0)) / len(group)
        kept = [(1 - pooled) * v for v in listed]
        # Players equal on every tie-break (the same rank) share their kept parts too.
        for rank in {rows[i][1] for i in group}:
            same = [j for j, i in enumerate(group) if rows[i][1] == rank]
            mean = sum((kept[j] for j in same), Fraction(0)) / len(same)
            for j in same:
                kept[j] = mean
        awards.extend(Award(rows[i][0], i + 1, listed[j], kept[j] + pot) for j, i in enumerate(group))
        k = group[-1] + 1
    return awards


def allot(
    lists: Mapping[str | None, tuple[Sequence[tuple[P, int, Fraction]], dict[int, Fraction]]],
    sharing: str = "hort",
    policy: str = "one-per-player",
) -> dict[str | None, list[Award[P]]]:
    """The awards of several prize lists, ``{name: (rows, prizes)}`` in the order the lists were
    named (``None`` = the overall list), each shared by :func:`share`. ``policy`` (:data:`POLICIES`):
    ``"one-per-player"`` gives a player who holds money in several lists the largest amount (equal:
    the list named first) and shares the other lists again without him - the next player moves up -
    until nobody holds two; ``"cumulative"`` keeps every award.

    >>> rows = [("A", 1, Fraction(3)), ("B", 2, Fraction(2)), ("C", 3, Fraction(1))]
    >>> women = [("B", 2, Fraction(2)), ("C", 3, Fraction(1))]
    >>> got = allot({None: (rows, {1: Fraction(500), 2: Fraction(300)}), "W": (women, {1: Fraction(100)})},
    ...             "tiebreak")
    >>> [(a.player, int(a.amount)) for a in got[None]], [(a.player, int(a.amount)) for a in got["W"]]
    ([('A', 500), ('B', 300)], [('C', 100)])
    """
    if policy not in POLICIES:
        raise UsageError(f"prize policy must be one of {', '.join(POLICIES)}, not {policy!r}")
    names = list(lists)
    excluded: dict[str | None, set[P]] = {name: set() for name in names}
    while True:
        awards = {
            name: share([r for r in lists[name][0] if r[0] not in excluded[name]], lists[name][1], sharing)
            for name in names
        }
        if policy == "cumulative":
            return awards
        held: dict[P, list[tuple[Fraction, int, str | None]]] = {}
        for k, name in enumerate(names):
            for a in awards[name]:
                if a.amount > 0:
                    held.setdefault(a.player, []).append((a.amount, -k, name))
        twice = {player: lists_ for player, lists_ in held.items() if len(lists_) > 1}
        if not twice:
            return awards
        for player, lists_ in twice.items():
            kept = max(lists_)[2]  # the largest amount; equal amounts: the list named first
            for _, _, name in lists_:
                if name != kept:
                    excluded[name].add(player)
