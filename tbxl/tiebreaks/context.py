"""The per-tournament precomputation every tie-break reads: records as integer arrays, the
16.2 categories, scores and opponent values under one :class:`~tbxl.conventions.Convention`.

Built once per (tournament, convention); cost is linear in players x rounds.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Optional

from ..conventions import Convention
from ..model import Kind, Outcome, Player, Tournament, make_entry
from . import unplayed

_GAME_KINDS = (Kind.PLAYED, Kind.SHORT)


class Context:
    """Arrays indexed ``[player index][round index]`` (both 0-based); units of ``1/unit`` points.

    ``kind`` are the kinds as the BH/SB/DE family sees them: in pre-determined pairings forfeits
    are games (C.07 15.2); with ``short_games="unplayed"`` TRF W/L are forfeits. ``raw_kind`` keeps
    the kinds as read, for type-B and rating tie-breaks.
    """

    def __init__(self, tournament: Tournament, conv: Convention) -> None:
        t = tournament
        self.t = t
        self.conv = conv
        self.players: tuple[Player, ...] = t.players
        self.n = t.rounds
        self.unit = q = t.scoring.unit
        self.round_robin = t.is_round_robin
        self.cap_rounds = (t.scheduled_rounds or t.rounds) if conv.dummy_cap_rounds == "scheduled" else t.rounds
        self.index = {p.start_number: i for i, p in enumerate(t.players)}
        s = t.scoring
        self.outcome_units = [int(s.outcome_points(o) * q) for o in (Outcome.LOSS, Outcome.DRAW, Outcome.WIN)]
        self.draw = self.outcome_units[1]
        self.win = self.outcome_units[2]
        units = {(k, o): int(s.points(k, o) * q) for k in Kind for o in Outcome}
        index = self.index
        short_unplayed = conv.short_games == "unplayed"
        rr = self.round_robin
        self.opp: list[list[int]] = []
        self.kind: list[list[Kind]] = []
        self.raw_kind: list[list[Kind]] = []
        self.out: list[list[int]] = []
        self.pts: list[list[int]] = []
        self.score: list[int] = []
        for p in t.players:
            opp, kind, raw, out, pts = [], [], [], [], []
            for e in p.rounds:
                k = e.kind
                raw.append(k)
                if short_unplayed and k is Kind.SHORT and e.outcome != Outcome.DRAW:
                    k = Kind.FORFEIT_WIN if e.outcome == Outcome.WIN else Kind.FORFEIT_LOSS
                if rr and k.is_forfeit:
                    k = Kind.PLAYED  # C.07 15.2: a regular game against the scheduled opponent
                kind.append(k)
                opp.append(index[e.opponent] if e.opponent is not None and e.opponent in index else -1)
                out.append(int(e.outcome))
                pts.append(units[e.kind, e.outcome])
            self.opp.append(opp)
            self.kind.append(kind)
            self.raw_kind.append(raw)
            self.out.append(out)
            self.pts.append(pts)
            self.score.append(sum(pts))
        fpb = conv.fpb_returns_to_play
        if rr:
            # C.07 4.9: no dummy and no adjusted score in pre-determined pairings.
            self.cat = [[0] * len(k) for k in self.kind]
            self.value = list(self.score)
        else:
            self.cat = [unplayed.categories(k, fpb) for k in self.kind]
            mode, draw = conv.opponent_score, self.draw
            self.value = [unplayed.opponent_value(k, p, c, draw, mode)
                          for k, p, c in zip(self.kind, self.pts, self.cat)]
        self._fore: Optional[Context] = None
        self._cache: dict = {}

    # -- conversions at the edge -------------------------------------------------------------
    def frac(self, units: int, scale: int = 1) -> Fraction:
        return Fraction(units, self.unit * scale)

    def fmt(self, units: int) -> str:
        f = Fraction(units, self.unit)
        return str(f.numerator) if f.denominator == 1 else format(float(f), "g")

    def is_game(self, i: int, r: int) -> bool:
        return self.kind[i][r] in _GAME_KINDS

    @property
    def fore(self) -> "Context":
        """The context of the Fore Buchholz tournament (C.07 8.3): every paired game of the final
        round, forfeits included, is a draw played over the board; unpaired players keep their
        result (C07 §9 D20)."""
        if self._fore is None:
            self._fore = Context(fore_tournament(self.t), self.conv)
        return self._fore

    def cached(self, key, compute):
        if key not in self._cache:
            self._cache[key] = compute()
        return self._cache[key]


def fore_tournament(t: Tournament) -> Tournament:
    """The tournament with every paired final-round game turned into a played draw (C.07 8.3)."""
    if t.rounds == 0:
        return t
    last = t.rounds - 1
    players = []
    for p in t.players:
        if len(p.rounds) > last and p.rounds[last].kind.is_paired:
            e = p.rounds[last]
            e = make_entry(t.scoring, e.round, Kind.PLAYED, Outcome.DRAW, e.opponent, e.colour)
            p = replace(p, rounds=p.rounds[:last] + (e,))
        players.append(p)
    return replace(t, players=tuple(players))
