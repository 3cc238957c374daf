"""The sums of an archive's events per candidate list, and the rates made of them.

A :class:`Tally` adds up :class:`~tbxl.advise.event.EventResult` s; its rates are exact fractions
(:class:`~fractions.Fraction`), rounded only where a form prints them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

from tbxl.advise.event import EventResult

__all__ = ["ListSum", "PairSum", "Tally", "rate"]


def rate(part: int, whole: int) -> Fraction | None:
    """``part / whole``, or None when there is nothing to measure (``whole`` 0).

    >>> rate(1, 4), rate(0, 0)
    (Fraction(1, 4), None)
    """
    return Fraction(part, whole) if whole else None


@dataclass
class ListSum:
    """One list over the archive: the events it ranked, their participants and the places still
    shared after the whole list, the same at the prize places (places and events), the rated pairs
    equal on points it separated and how many of them went to the higher-rated player, and how many
    events break each check (:mod:`tbxl.advise.check`)."""

    events: int = 0
    participants: int = 0
    shared: int = 0
    groups: int = 0
    prize_places: int = 0
    prize_shared: int = 0
    prize_events: int = 0  # events with a prize place shared
    rated_pairs: int = 0
    higher_first: int = 0
    findings: Counter[int] = field(default_factory=Counter)
    unusable: int = 0  # events of a kind the list does not fit
    unusable_why: str = ""

    @property
    def shared_rate(self) -> Fraction | None:
        """Places shared (or to be drawn by lots) after the whole list, of all places."""
        return rate(self.shared, self.participants)

    @property
    def prize_rate(self) -> Fraction | None:
        """Prize places shared after the whole list, of all prize places."""
        return rate(self.prize_shared, self.prize_places)

    @property
    def prize_event_rate(self) -> Fraction | None:
        """Events with at least one prize place shared, of the events."""
        return rate(self.prize_events, self.events)

    @property
    def higher_rate(self) -> Fraction | None:
        """Ties on points separated in favour of the higher-rated player, of those separated."""
        return rate(self.higher_first, self.rated_pairs)


@dataclass
class PairSum:
    """Two lists over the archive: the places compared and those filled differently, at every
    place and at the prize places, and the events where some prize place differs."""

    events: int = 0
    places: int = 0
    differ: int = 0
    prize_places: int = 0
    prize_differ: int = 0
    prize_events: int = 0

    @property
    def differ_rate(self) -> Fraction | None:
        return rate(self.differ, self.places)

    @property
    def prize_rate(self) -> Fraction | None:
        return rate(self.prize_differ, self.prize_places)

    @property
    def prize_event_rate(self) -> Fraction | None:
        return rate(self.prize_events, self.events)


@dataclass
class Tally:
    """An archive's sums: per list (in the order given), per pair of lists, the events read (by
    kind) and the files skipped with their errors."""

    lists: list[str]
    prize_places: int = 3
    events: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    sums: list[ListSum] = field(default_factory=list)
    pairs: dict[tuple[int, int], PairSum] = field(default_factory=dict)
    skipped: list[tuple[str, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.sums:
            self.sums = [ListSum() for _ in self.lists]
        for a in range(len(self.lists)):
            for b in range(a + 1, len(self.lists)):
                self.pairs.setdefault((a, b), PairSum())

    def add(self, result: EventResult) -> None:
        """Add one event's counts (or its error, to the files skipped)."""
        if result.error is not None:
            self.skipped.append((result.path, result.error))
            return
        self.events += 1
        self.kinds[result.kind] += 1
        for k, counts in enumerate(result.lists):
            s = self.sums[k]
            if counts is None:
                s.unusable += 1
                s.unusable_why = s.unusable_why or result.unusable.get(k, "")
                continue
            s.events += 1
            s.participants += counts.participants
            s.shared += counts.shared
            s.groups += counts.groups
            s.prize_places += counts.prize_places
            s.prize_shared += counts.prize_shared
            s.prize_events += counts.prize_shared > 0
            s.rated_pairs += counts.rated_pairs
            s.higher_first += counts.higher_first
            s.findings.update(counts.findings)
        for key, pair in result.pairs.items():
            t = self.pairs[key]
            t.events += 1
            t.places += pair.places
            t.differ += pair.differ
            t.prize_places += pair.prize_places
            t.prize_differ += pair.prize_differ
            t.prize_events += pair.prize_differ > 0
