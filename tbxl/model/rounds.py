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
from typing import TYPE_CHECKING, Any, TypeVar, cast

if TYPE_CHECKING:
    from tbxl.model.event import Event

__all__ = ["after_round", "record_after_round"]

E = TypeVar("E", bound="Event")
R = TypeVar("R")


def after_round(event: E, k: int, parts: tuple[str, ...] = ("players",)) -> E:
    """``event`` (an event of any kind: its ``rounds`` and the tuples of records ``parts``:
    players, teams) as it stood after round ``k``: ``event`` itself for its last round."""
    # each kind's class declares it (its positional fields); Event does not, so mypy needs getattr
    rounds: int = getattr(event, "rounds")  # noqa: B009
    if not 0 <= k <= rounds:
        raise ValueError(f"round {k} is outside 0..{rounds}")
    if k == rounds:
        return event
    changes: dict[str, Any] = {part: tuple(record_after_round(x, k) for x in getattr(event, part)) for part in parts}
    changes.update(rounds=k, scheduled_rounds=event.scheduled_rounds or rounds)
    return replace(event, **changes)


def record_after_round(record: R, k: int) -> R:
    """A participant's record (a player, a team) with its first ``k`` rounds, without what the file
    declares of its end (the ``declared_*`` fields)."""
    cls: type[Any] = type(record)
    cut: R = replace(cast(Any, record), rounds=getattr(record, "rounds")[:k], **_declared(cls))  # noqa: B009 (R: any record)
    return cut


#: The ``declared_*`` fields of each record class, as changes that drop them (found once per class).
_DECLARED: dict[type[Any], dict[str, None]] = {}


def _declared(cls: type[Any]) -> dict[str, None]:
    found = _DECLARED.get(cls)
    if found is None:
        found = _DECLARED[cls] = {f.name: None for f in fields(cls) if f.name.startswith("declared_")}
    return found
