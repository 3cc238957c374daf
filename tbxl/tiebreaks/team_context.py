"""A team event seen by the individual tie-break engine: each team a participant whose points are
its MP or its GP (C.07 Art. 13: "any individual tie-break computed on MP or GP").

The individual :class:`~tbxl.tiebreaks.context.Context` then applies Art. 16 with "points" meaning
MP or GP (C07 §10.5): per match a draw is TD match points or K/2 game points (16.3), the dummy is
the own MP or GP (16.4, with the 2026 caps), and 16.5 governs the cuts.
"""

from __future__ import annotations

import math
from fractions import Fraction

from tbxl.rules import Convention
from tbxl.model import Kind, Player, RoundEntry, Scoring, Tournament
from tbxl.tiebreaks import unplayed
from tbxl.tiebreaks.context import Context
from tbxl.model import GP, MP, TeamTournament


def participants(t: TeamTournament, score: str) -> Tournament:
    """The teams as the participants of an individual tournament, with ``score`` (MP or GP) as
    their points; the colour of a match is board 1's."""
    players = []
    for team in t.teams:
        rounds = tuple(RoundEntry(r.round, r.kind, r.outcome, r.mp if score == MP else r.gp, r.opponent, r.colour)
                       for r in team.rounds)
        players.append(Player(team.number, team.name, rounds, federation=team.federation))
    # Points in MP or GP (the entries' own), and no tie-break list: the file's is the teams'.
    return Tournament(tuple(players), t.rounds, **{**t.event_details(), "scoring": Scoring(), "tiebreaks": ()})


def draw_and_win(t: TeamTournament, score: str) -> tuple[Fraction, Fraction, Fraction]:
    """(loss, draw, win) of one match in ``score``: TL/TD/TW, or 0, K x draw, K x win game points."""
    if score == MP:
        ts = t.team_scoring
        return ts.loss, ts.draw, ts.win
    s = t.scoring
    return s.loss * t.boards, s.draw * t.boards, s.win * t.boards


class TeamContext(Context):
    """The individual context over the teams, with ``score`` (MP or GP) as points.

    ``forfeits_as_games`` (the ``/P`` option): a forfeited match counts as a match against the
    scheduled opponent (C07 §3.4), as 15.2 does in pre-determined pairings.
    """

    def __init__(self, t: TeamTournament, conv: Convention, score: str, forfeits_as_games: bool = False) -> None:
        if score not in (MP, GP):
            raise ValueError(f"score must be MP or GP, not {score!r}")
        self.team_event = t
        self.score_name = score
        super().__init__(participants(t, score), conv)
        # The individual context took its units from a 1/0.5/0 scoring; the team values set them.
        loss, draw, win = draw_and_win(t, score)
        values = [loss, draw, win] + [e.points for p in self.players for e in p.rounds]
        q = math.lcm(*(Fraction(v).denominator for v in values))
        self.unit = q
        self.outcome_units = [int(loss * q), int(draw * q), int(win * q)]
        self.draw, self.win = self.outcome_units[1], self.outcome_units[2]
        self.pts = [[int(e.points * q) for e in p.rounds] for p in self.players]
        if forfeits_as_games:
            self.kind = [[Kind.PLAYED if k.is_forfeit else k for k in row] for row in self.kind]
        self._classes = None  # the points (and /P kinds) are the teams', not the table's classes
        self._cache = {}
        self._fore = None
        self._finish()
        if forfeits_as_games and not self.round_robin:
            # /P changes how a team's own forfeited matches count, not what it is worth to its
            # opponents: the adjusted score (16.3) keeps the categories of the matches as played.
            for i, kinds in enumerate(self.raw_kind):
                cats = unplayed.categories(kinds, conv.fpb_returns_to_play)
                self.value[i] = unplayed.opponent_value(kinds, self.pts[i], cats, self.draw, conv.opponent_score)
