"""The event model: one :class:`Event` with a kind (:class:`EventKind`), individual
(:class:`Tournament`: players and their round entries) or team (:class:`TeamTournament`: teams,
matches of boards), the scoring systems and the compact round columns.

Everything here is immutable and exact. Points are :class:`fractions.Fraction` at the API; the
tie-break engine works on integer *units* of ``1 / Scoring.unit`` internally (see
:attr:`Scoring.unit`), so no float ever touches a score.

The modules, each one idea: :mod:`~tbxl.model.kinds` (what happened in a round),
:mod:`~tbxl.model.scoring` (what results are worth), :mod:`~tbxl.model.entry` (one round's
record), :mod:`~tbxl.model.event` (the event and its players), :mod:`~tbxl.model.team` (the team
kind), :mod:`~tbxl.model.table` (the round columns) and :mod:`~tbxl.model.rounds` (an event after
an earlier round). This package is their interface: import from ``tbxl.model``.

>>> from fractions import Fraction
>>> s = Scoring()
>>> s.points(Kind.PLAYED, Outcome.DRAW)
Fraction(1, 2)
>>> s.unit
2
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tbxl.model.decisions import Decisions, ListChange
from tbxl.model.entry import RoundEntry, make_entry
from tbxl.model.event import (
    Event,
    EventKind,
    Pairing,
    Player,
    Tournament,
    detect_pairing,
    for_kind,
    of_team_kind,
    round_robin_cycles,
    team_event,
)
from tbxl.model.kinds import UNPLAYED_OUTCOME, Kind, Outcome
from tbxl.model.rounds import after_round, record_after_round
from tbxl.model.scoring import GP, MP, SCORES, Scoring
from tbxl.model.table import NO_ROUND, RESULT_KIND, RESULT_OF, RESULT_OUTCOME, RESULTS, RoundTable

if TYPE_CHECKING:
    from tbxl.model.team import Board, Team, TeamRound, TeamScoring, TeamTournament, board_points

    #: An event of either kind, as the ranking and the tie-breaks take it (its ``kind`` tells which).
    AnyEvent = Tournament | TeamTournament

#: The names of the team kind, loaded with :mod:`tbxl.model.team` when first asked for.
_TEAM_NAMES = frozenset({"TeamScoring", "Board", "Team", "TeamRound", "TeamTournament", "board_points", "AnyEvent"})


def __getattr__(name: str) -> object:
    """The team kind's names, imported on first use (PEP 562): an individual event never loads
    the team model (its dataclasses cost ~4 ms at import; issue 26 item 7). A plain import, so
    import-linter and mypy see it."""
    if name not in _TEAM_NAMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from tbxl.model import team

    value: object = Tournament | team.TeamTournament if name == "AnyEvent" else getattr(team, name)
    globals()[name] = value
    return value


__all__ = [
    "Decisions",
    "ListChange",
    "Kind",
    "Outcome",
    "UNPLAYED_OUTCOME",
    "Scoring",
    "TeamScoring",
    "MP",
    "GP",
    "SCORES",
    "RoundEntry",
    "make_entry",
    "EventKind",
    "Event",
    "AnyEvent",
    "Pairing",
    "Player",
    "Tournament",
    "round_robin_cycles",
    "detect_pairing",
    "of_team_kind",
    "for_kind",
    "team_event",
    "Board",
    "TeamRound",
    "Team",
    "TeamTournament",
    "board_points",
    "RoundTable",
    "RESULTS",
    "RESULT_OF",
    "RESULT_KIND",
    "RESULT_OUTCOME",
    "NO_ROUND",
    "after_round",
    "record_after_round",
]
