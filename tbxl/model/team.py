"""The team kind of event: teams, matches of boards, match and game points.

A team event (C.07 Arts 11-13) is teams (players in board order), rounds of matches and, per
match, the individual games board against board, each a :class:`~tbxl.model.entry.RoundEntry` of
the individual model. Match points (MP) come from comparing the game points (GP) of the two sides
under :class:`TeamScoring` (TRF-2026 record 362, default 2/1/0); game points
are the sum of the board points under the individual scoring (record 162). C07 §10.5 says how TRF
files hold this.

>>> TeamTournament((), 0, 4).kind
<EventKind.TEAM: 'team'>
>>> ts = TeamScoring()
>>> ts.outcome(Fraction(5, 2), Fraction(3, 2)), ts.match_points(Outcome.DRAW)
(<Outcome.WIN: 2>, Fraction(1, 1))
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import ClassVar, NamedTuple

from tbxl.model.entry import RoundEntry
from tbxl.model.event import Event, EventKind, Player, RoundRecord
from tbxl.model.kinds import Kind, Outcome
from tbxl.model.rounds import after_round
from tbxl.model.scoring import Scoring

__all__ = ["TeamScoring", "Board", "TeamRound", "Team", "TeamTournament", "board_points"]


@dataclass(frozen=True)
class TeamScoring:
    """Match points per match result (TRF-2026 ``362`` TW TD TL) and the team PAB's value (``320``).

    ``pab_mp`` / ``pab_gp`` None: without a ``320`` record the PAB is a drawn match worth a won game
    on every board, as the reference engine counts it (C07 §10.5); both are settings.
    """

    win: Fraction = Fraction(2)
    draw: Fraction = Fraction(1)
    loss: Fraction = Fraction(0)
    pab_mp: Fraction | None = None
    pab_gp: Fraction | None = None

    def match_points(self, outcome: Outcome) -> Fraction:
        return (self.loss, self.draw, self.win)[outcome]

    @staticmethod
    def outcome(gp: Fraction, opponent_gp: Fraction) -> Outcome:
        """A match is won by the side with more game points (C.07 11.1)."""
        return Outcome.WIN if gp > opponent_gp else Outcome.DRAW if gp == opponent_gp else Outcome.LOSS

    def outcome_of_points(self, mp: Fraction) -> Outcome:
        """The match result that a number of match points stands for (a PAB of 1 MP is a draw, C.07 16.4)."""
        return Outcome.WIN if mp >= self.win else Outcome.DRAW if mp >= self.draw else Outcome.LOSS


class Board(NamedTuple):
    """One board of a match: the player fielded (None: nobody, the board is lost by forfeit) and
    the individual result as a :class:`~tbxl.model.entry.RoundEntry` (its ``points`` are board points)."""

    board: int
    player: int | None
    entry: RoundEntry


class TeamRound(NamedTuple):
    """A team's record in one round: a match (played over the board when any board was, C.07
    15.1), a forfeited match, or a team bye; ``mp`` and ``gp`` as awarded; ``colour`` is board 1's."""

    round: int
    kind: Kind
    outcome: Outcome
    mp: Fraction
    gp: Fraction
    opponent: int | None = None
    colour: str | None = None
    boards: tuple[Board, ...] = ()

    @property
    def is_match(self) -> bool:
        return self.opponent is not None


@dataclass(frozen=True)
class Team:
    """A team: number (the ``310`` number or the ``013`` position), name, players in board order
    (reserves last), and the record of every round (index 0 = round 1)."""

    number: int
    name: str
    players: tuple[int, ...] = ()
    rounds: tuple[TeamRound, ...] = ()
    federation: str = ""
    declared_mp: Fraction | None = None
    declared_gp: Fraction | None = None
    declared_rank: int | None = None
    line: int = 0

    @property
    def mp(self) -> Fraction:
        return sum((r.mp for r in self.rounds), Fraction(0))

    @property
    def gp(self) -> Fraction:
        return sum((r.gp for r in self.rounds), Fraction(0))


def board_points(rnd: TeamRound, boards: int, scoring: Scoring) -> list[Fraction]:
    """Points per board 1..``boards`` in one round, for BC, TBR and BBE (C.07 Art. 12): the board's
    individual result (forfeits count as results); a PAB or FPB a won game on every board, an HPB
    a draw on every board, an absence nothing."""
    if rnd.boards:
        out = [Fraction(0)] * boards
        for b in rnd.boards:
            if 1 <= b.board <= boards:
                out[b.board - 1] = b.entry.points
        return out
    each = {Kind.PAB: scoring.win, Kind.FPB: scoring.win, Kind.HPB: scoring.draw}.get(rnd.kind, Fraction(0))
    return [each] * boards


@dataclass(frozen=True)
class TeamTournament(Event):
    """A team event: teams sorted by number, the individual players (for names and board results),
    the number of boards and the match scoring, with the :class:`~tbxl.model.event.Event` details
    (the individual game scoring among them) as keywords."""

    kind: ClassVar[EventKind] = EventKind.TEAM

    teams: tuple[Team, ...]
    rounds: int
    boards: int
    players: tuple[Player, ...] = ()
    team_scoring: TeamScoring = field(default_factory=TeamScoring)
    board_colours: str = ""

    @functools.cached_property
    def _by_number(self) -> dict[int, Team]:
        return {t.number: t for t in self.teams}

    @functools.cached_property
    def _player(self) -> dict[int, Player]:
        return {p.start_number: p for p in self.players}

    def team(self, number: int) -> Team:
        """The team with this number; ``KeyError`` if there is none."""
        return self._by_number[number]

    def player(self, start_number: int) -> Player:
        return self._player[start_number]

    def __contains__(self, number: object) -> bool:
        return number in self._by_number

    def participant_rounds(self) -> dict[int, Sequence[RoundRecord]]:
        return {t.number: t.rounds for t in self.teams}

    def after_round(self, k: int) -> TeamTournament:
        """The event as it stood after round ``k``."""
        return after_round(self, k, ("teams", "players"))

    def board_points(self, team: Team) -> list[Fraction]:
        """Points per board over all rounds (C.07 Art. 12)."""
        total = [Fraction(0)] * self.boards
        for rnd in team.rounds:
            for b, p in enumerate(board_points(rnd, self.boards, self.scoring)):
                total[b] += p
        return total
