"""The per-event precomputation every tie-break reads: records as integer arrays, the
16.2 categories, scores and opponent values under one :class:`~tbxl.rules.Convention`,
counting one :class:`Score`: a player's points (PTS), or a team's match or game points (MP, GP).

Built once per (event, convention, score); cost is linear in participants x rounds.

A team event is seen by the individual families as an event whose participants are the teams and
whose points are their MP or GP (C.07 Art. 13: "any individual tie-break computed on MP or GP").
Art. 16 then applies with "points" meaning MP or GP (C07 §10.5): per match a draw is TD match
points or K/2 game points (16.3), the dummy is the own MP or GP (16.4, with the 2026 caps), and
16.5 governs the cuts.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from enum import Enum
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeVar, cast

from tbxl import rules as conventions
from tbxl.model import (
    RESULT_KIND,
    RESULT_OUTCOME,
    RESULTS,
    Event,
    Kind,
    Outcome,
    Player,
    RoundEntry,
    Scoring,
    Tournament,
    team_event,
)
from tbxl.rules import CapRounds, Convention, RrForfeitWin, ShortGames, TeamSettings
from tbxl.tiebreaks import unplayed

if TYPE_CHECKING:
    from tbxl.model import TeamTournament
    from tbxl.tiebreaks.codes import Descriptor

T = TypeVar("T")
#: Per result class (padded to 256): the kind as read, the kind as the BH family sees it, the
#: outcome and the points in units.
Classes = tuple[list[Kind | None], list[Kind | None], list[int | None], list[int | None]]


def getter(seq: Sequence[T]) -> Callable[[int], T]:
    """``seq.__getitem__`` for one index, what ``map`` looks a column's classes up with."""
    return seq.__getitem__


class Score(str, Enum):
    """What a context counts as points: a player's points (PTS), a team's match points (MP) or
    game points (GP). A ``str`` enum: ``Score.MP == "MP"``, the team model's spelling."""

    PTS = "PTS"
    MP = "MP"
    GP = "GP"

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


def convention_of(rules: Convention | None, event: Event) -> Convention:
    """``rules``, or the edition in force at the start of ``event`` (an individual or a team
    event) for None; a ``TypeError`` for anything else, a name above all: names are resolved at the
    edge (:func:`tbxl.rules.resolve`), never in the core."""
    if rules is None:
        return conventions.default_for(event.start_date)
    if not isinstance(rules, Convention):
        raise TypeError(
            f"rules must be a Convention, not {rules!r}: resolve a name with "
            "tbxl.rules.resolve(rules, start_date, settings) where it is given"
        )
    return rules


def participants(t: TeamTournament, score: Score) -> Tournament:
    """The teams as the participants of an individual tournament, with ``score`` (MP or GP) as
    their points; the colour of a match is board 1's."""
    players = []
    for team in t.teams:
        rounds = tuple(
            RoundEntry(r.round, r.kind, r.outcome, r.mp if score == Score.MP else r.gp, r.opponent, r.colour)
            for r in team.rounds
        )
        players.append(Player(team.number, team.name, rounds, federation=team.federation))
    # Points in MP or GP (the entries' own), and no tie-break list: the file's is the teams'.
    return Tournament(tuple(players), t.rounds, **{**t.event_details(), "scoring": Scoring(), "tiebreaks": ()})


def match_values(t: TeamTournament, score: Score) -> tuple[Fraction, Fraction, Fraction]:
    """(loss, draw, win) of one match in ``score``: TL/TD/TW, or 0, K x draw, K x win game points."""
    if score == Score.MP:
        ts = t.team_scoring
        return ts.loss, ts.draw, ts.win
    s = t.scoring
    return s.loss * t.boards, s.draw * t.boards, s.win * t.boards


class Context:
    """Arrays indexed ``[player index][round index]`` (both 0-based); units of ``1/unit`` points.

    ``kind`` are the kinds as the BH/SB/DE family sees them: in pre-determined pairings forfeits
    are games (C.07 15.2); with ``short_games="unplayed"`` TRF W/L are forfeits. ``raw_kind`` keeps
    the kinds as read, for type-B and rating tie-breaks.

    ``event`` is an individual :class:`~tbxl.model.Tournament` (``score`` PTS) or a
    :class:`~tbxl.model.team.TeamTournament` (``score`` MP or GP): then the participants are the
    teams (:func:`participants`, ``t``) and ``forfeits_as_games`` (the ``/P`` option) counts a
    forfeited match as a match against the scheduled opponent (C07 §3.4), as 15.2 does in
    pre-determined pairings.

    A team event's tie-breaks read both scores (EDE, ESB, SSSC, MPvGP: C.07 13): the contexts of
    one event on MP and on GP, with and without ``/P``, are siblings (:meth:`on`) that share the
    ``primary`` score the event ranks by first and the team ``settings``.
    """

    def __init__(
        self,
        event: Tournament | TeamTournament,
        conv: Convention,
        score: Score = Score.PTS,
        forfeits_as_games: bool = False,
        *,
        primary: Score | None = None,
        settings: TeamSettings | None = None,
    ) -> None:
        conv = convention_of(conv, event)  # None: the edition in force; a name: a TypeError
        # The one place the tie-breaks learn the kind (every family reads ctx.team): C.07 Arts 11-13
        # count a team event's match and game points; the ranking's kind table chose this event.
        team = event.is_team
        if team and score not in (Score.MP, Score.GP):
            raise ValueError(f"the score of a team event is MP or GP, not {score!r}")
        if not team and (score != Score.PTS or forfeits_as_games or primary not in (None, Score.PTS)):
            raise ValueError(f"an individual event counts PTS, not {score!r}")
        if not team and settings is not None:
            raise TypeError("team settings are for a team event")
        self.event = event
        #: A team event's context (C.07 Arts 11-13): the kind decided once, where the context is made.
        self.team = team
        self.score_name = Score(score)
        #: The score the event ranks by first (C.07 11.1: MP unless the list says GPTS); PTS for players.
        self.primary = Score(primary or score)
        if self.primary not in ((Score.MP, Score.GP) if team else (Score.PTS,)):
            raise ValueError(f"the primary score of a team event is MP or GP, not {primary!r}")
        #: A team event's settings (:class:`~tbxl.rules.TeamSettings`); the defaults for players.
        self.settings = settings or TeamSettings()
        self._siblings: dict[tuple[Score, bool], Context] = {(self.score_name, forfeits_as_games): self}
        t = event if isinstance(event, Tournament) else participants(event, self.score_name)
        self.t = t
        self.conv = conv
        self.players: tuple[Player, ...] = t.players
        self.n = t.rounds
        if team:
            # The team values set the units: TL/TD/TW match points or K x 1/0.5/0 game points.
            played = (e.points for p in t.players for e in p.rounds)
            values = [*match_values(team_event(event), self.score_name), *played]
            q = math.lcm(*(Fraction(v).denominator for v in values))
            self.outcome_units = [int(v * q) for v in values[:3]]
        else:
            q = t.scoring.unit
        self.unit = q
        self.round_robin = t.is_round_robin
        self.cap_rounds = (t.scheduled_rounds or t.rounds) if conv.dummy_cap_rounds is CapRounds.SCHEDULED else t.rounds
        self.index = {p.start_number: i for i, p in enumerate(t.players)}
        s = t.scoring
        if not team:
            self.outcome_units = [int(s.outcome_points(o) * q) for o in (Outcome.LOSS, Outcome.DRAW, Outcome.WIN)]
        self.draw = self.outcome_units[1]
        self.win = self.outcome_units[2]
        # The arrays come straight from the tournament's columns, a lookup per result class
        # (RESULTS) and a transposition per array; no round entry is built.
        table = t.table
        short_unplayed = conv.short_games is ShortGames.UNPLAYED
        rr = self.round_robin
        # Looked up by result class; the pad (NO_ROUND, in a record built by hand) is cut off by
        # rows(), so no None reaches a row.
        pad: list[None] = [None] * (256 - len(RESULTS))
        kinds: list[Kind | None] = [*RESULT_KIND, *pad]
        outs: list[int | None] = [*RESULT_OUTCOME, *pad]
        units: list[int | None] = [*(int(s.points(k, o) * q) for k, o in RESULTS), *pad]
        self.table = table
        self.raw_kind: list[list[Kind]] = cast(
            "list[list[Kind]]", table.rows([list(map(getter(kinds), c)) for c in table.result])
        )
        if short_unplayed or rr:
            effective: list[Kind | None] = [*(self._effective(k, o, short_unplayed, rr) for k, o in RESULTS), *pad]
            self.kind: list[list[Kind]] = cast(
                "list[list[Kind]]", table.rows([list(map(getter(effective), c)) for c in table.result])
            )
        else:
            effective = kinds
            self.kind = self.raw_kind
        self.out: list[list[int]] = cast(
            "list[list[int]]", table.rows([list(map(getter(outs), c)) for c in table.result])
        )
        self.opp: list[list[int]] = table.rows(table.opponent)
        self._classes: Classes | None = (kinds, effective, outs, units)
        if team:
            # A team's points are its MP or GP, not the table's classes looked up.
            self._classes = None
            self.pts: list[list[int]] = [[int(e.points * q) for e in p.rounds] for p in t.players]
            if forfeits_as_games:
                self.kind = [[Kind.PLAYED if k.is_forfeit else k for k in row] for row in self.kind]
        else:
            self.pts = cast("list[list[int]]", table.rows([list(map(getter(units), c)) for c in table.result]))
        self._fore: Context | None = None
        self._cache: dict[Hashable, Any] = {}
        self._finish()
        if forfeits_as_games and not self.round_robin:
            # /P changes how a team's own forfeited matches count, not what it is worth to its
            # opponents: the adjusted score (16.3) keeps the categories of the matches as played.
            for i, row in enumerate(self.raw_kind):
                cats = unplayed.categories(row, conv.fpb_returns_to_play, conv.forfeit_loss_returns_to_play)
                self.value[i] = unplayed.opponent_value(row, self.pts[i], cats, self.draw, conv.opponent_score)

    @staticmethod
    def _effective(k: Kind, outcome: Outcome, short_unplayed: bool, rr: bool) -> Kind:
        if short_unplayed and k is Kind.SHORT and outcome != Outcome.DRAW:
            k = Kind.FORFEIT_WIN if outcome == Outcome.WIN else Kind.FORFEIT_LOSS
        if rr and k.is_forfeit:
            k = Kind.PLAYED  # C.07 15.2: a regular game against the scheduled opponent
        return k

    def _make_fore(self) -> None:
        """C.07 8.3: every paired game of the final round becomes a draw played over the board."""
        last = self.n - 1
        self._classes = None  # its final round's rows are no longer the table's classes
        if last < 0:
            return
        played, draw, draw_points = [Kind.PLAYED], [int(Outcome.DRAW)], [self.draw]
        raw_kind, kind, out, pts = self.raw_kind, self.kind, self.out, self.pts
        for i, kinds in enumerate(raw_kind):
            if len(kinds) > last and kinds[last].is_paired:
                shared = kind[i] is kinds
                raw_kind[i] = kinds[:last] + played
                kind[i] = raw_kind[i] if shared else kind[i][:last] + played
                out[i] = out[i][:last] + draw
                pts[i] = pts[i][:last] + draw_points

    def _finish(self) -> None:
        """Scores, 16.2 categories and the values seen by opponents."""
        conv = self.conv
        self.score = [sum(p) for p in self.pts]
        n = self.n
        played, short = Kind.PLAYED, Kind.SHORT  # games (is_game), counted in C rather than tested one by one
        self.unplayed_rows = {
            i for i, ks in enumerate(self.kind) if len(ks) != n or ks.count(played) + ks.count(short) != n
        }
        if self.round_robin:
            # C.07 4.9: no dummy and no adjusted score in pre-determined pairings.
            self.cat = self._games_only()
            self.value = list(self.score)
            if conv.rr_forfeit_win == RrForfeitWin.OWN_SCORE:  # these rows leave BH/SB's fast path
                self.unplayed_rows |= {i for i, ks in enumerate(self.raw_kind) if Kind.FORFEIT_WIN in ks}
        else:
            # A player who played every round has no categories to find and is worth the score.
            fpb, mode, draw = conv.fpb_returns_to_play, conv.opponent_score, self.draw
            self.cat = self._games_only()
            self.value = list(self.score)
            for i in self.unplayed_rows:
                kinds = self.kind[i]
                self.cat[i] = unplayed.categories(kinds, fpb, conv.forfeit_loss_returns_to_play)
                self.value[i] = unplayed.opponent_value(kinds, self.pts[i], self.cat[i], draw, mode)

    def _games_only(self) -> list[Sequence[int]]:
        """Category 0 (a game) for every round: one shared row for the full records (rows are
        replaced, never changed in place), a row of its own for a short one."""
        n = self.n
        zero = (0,) * n
        return [zero if len(k) == n else [0] * len(k) for k in self.kind]

    # -- a team event's scores ------------------------------------------------------------------
    @property
    def secondary(self) -> Score:
        """The score that is not the primary one (C.07 13.1: GP when MP ranks, MP when GP ranks);
        PTS for players."""
        if self.primary is Score.PTS:
            return Score.PTS
        return Score.GP if self.primary is Score.MP else Score.MP

    def on(self, score: Score | str, forfeits_as_games: bool = False) -> Context:
        """The sibling context of the same event counting ``score`` (``forfeits_as_games``: with
        the ``/P`` option), built once; an individual event has one context, itself."""
        if not self.team:
            return self
        key = (Score(score), forfeits_as_games)
        sibling = self._siblings.get(key)
        if sibling is None:
            sibling = Context(
                self.event, self.conv, key[0], forfeits_as_games, primary=self.primary, settings=self.settings
            )
            sibling._siblings = self._siblings
            self._siblings[key] = sibling
        return sibling

    def counting(self, d: Descriptor) -> Context:
        """The context a tie-break counts on: a team code's score (``:MP``/``:GP``, else the primary
        score) with its ``/P``; an individual event's one context."""
        if not self.team:
            return self
        return self.on(d.score or self.primary, d.played_forfeits)

    # -- conversions at the edge -------------------------------------------------------------
    def frac(self, units: int, scale: int = 1) -> Fraction:
        return Fraction(units, self.unit * scale)

    @property
    def fore(self) -> Context:
        """The context of the Fore Buchholz tournament (C.07 8.3): every paired game of the final
        round, forfeits included, is a draw played over the board; unpaired players keep their
        result (C07 §9 D20)."""
        if self._fore is None:
            f = Context.__new__(Context)
            f.__dict__.update(self.__dict__)
            f._fore, f._cache = None, {}
            # Shallow copies: _make_fore replaces the rows it changes, never mutates them.
            f.kind, f.raw_kind, f.out, f.pts = list(self.kind), list(self.raw_kind), list(self.out), list(self.pts)
            f._make_fore()
            f._finish()
            self._fore = f
        return self._fore

    def class_rounds(self) -> list[tuple[Kind | None, Kind | None, int | None, int | None]] | None:
        """Per result class of the table (:data:`~tbxl.model.RESULTS`, padded to 256 with None): the
        round as this context sees it, ``(raw_kind, kind, out, pts)``, for tie-breaks computed on the
        table's columns a class at a time. None when the rows are not the table's classes looked up
        (the fore tournament's final round; a team context's points and ``/P`` kinds): such a
        context is read row by row."""
        return None if self._classes is None else list(zip(*self._classes))

    @property
    def colours(self) -> list[list[str]]:
        """Per player and round the colour: ``w``, ``b`` or a blank (no colour, or no opponent)."""
        return self.cached("colours", lambda: self.table.rows(self.table.colour))

    def cached(self, key: Hashable, compute: Callable[[], T]) -> T:
        """The value of ``compute()``, computed once per context and ``key``."""
        if key not in self._cache:
            self._cache[key] = compute()
        value: T = self._cache[key]
        return value
