"""An event as it stood after an earlier round: one rule for individual and team events.

A file's declared totals and ranks (TRF points, rank, a team's MP and GP) describe the event at its
end, so an earlier state drops them; the scheduled number of rounds stays the event's (C.07 16.4.2
counts the rounds of the event, not those played so far).

>>> from tbxl.model import Kind, Player, Scoring, Tournament, make_entry
>>> s = Scoring()
>>> t = Tournament((Player(1, "A", (make_entry(s, 1, Kind.PAB), make_entry(s, 2, Kind.HPB)), declared_points=1),), 2)
>>> early = after_round(t, 1)
>>> early.rounds, early.scheduled_rounds, len(early.players[0].rounds), early.players[0].declared_points
(1, 2, 1, None)
>>> after_round(t, 2) is t
True
"""

from __future__ import annotations

from dataclasses import fields, replace
from functools import lru_cache
from typing import Any, TypeVar

__all__ = ["after_round", "record_after_round"]

Event = TypeVar("Event")


def after_round(event: Event, k: int, parts: tuple[str, ...] = ("players",)) -> Event:
    """``event`` (a frozen dataclass with ``rounds``, ``scheduled_rounds`` and the tuples of records
    ``parts``: players, teams) as it stood after round ``k``: ``event`` itself for its last round."""
    rounds: int = event.rounds  # type: ignore[attr-defined]
    if not 0 <= k <= rounds:
        raise ValueError(f"round {k} is outside 0..{rounds}")
    if k == rounds:
        return event
    cut = {part: tuple(record_after_round(x, k) for x in getattr(event, part)) for part in parts}
    return replace(event, rounds=k, scheduled_rounds=event.scheduled_rounds or rounds, **cut)  # type: ignore


def record_after_round(record: Any, k: int) -> Any:
    """A participant's record (a player, a team) with its first ``k`` rounds, without what the file
    declares of its end (the ``declared_*`` fields)."""
    return replace(record, rounds=record.rounds[:k], **_declared(type(record)))


@lru_cache(maxsize=None)
def _declared(cls: type) -> dict:
    return {f.name: None for f in fields(cls) if f.name.startswith("declared_")}
