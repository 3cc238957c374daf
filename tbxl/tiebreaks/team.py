"""Team tie-breaks (C.07 Arts 11-13) with their derivations.

One :class:`TeamEngine` per (team event, convention) holds the MP and GP contexts
(:class:`~tbxl.tiebreaks.context.Context` on MP or GP) and computes every team code of :mod:`tbxl.tiebreaks.codes`:

* values: MP, GP, MPvGP (11.1, 13.1); BC (Art. 12); ESB = EMMSB/EMGSB/EGMSB/EGGSB (13.2, cuts as
  14.1.2, Art. 16); SSSC (Art. 13); the individual tie-breaks on MP or GP (Art. 13) through the
  individual families (``SB:MP`` is EMMSB and ``SB:GP`` EGGSB: the points scored against an
  opponent are MP or GP, as in the reference engine); ``WIN:GP``, ``WON:GP``, ``BPG:GP``,
  ``BWG:GP`` and ``REP:GP`` count boards.
* orders (inside a tied group, like DE): TBR, BBE (Art. 12), EDE and its 2026 chains EDET,
  EDEB, EDEBT, EDEBB (Art. 13), DE on MP or GP.
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction
from types import SimpleNamespace
from typing import Mapping, Optional, Sequence, Union

from tbxl.rules import Convention
from tbxl.derivation import Derivation, Reason, Term
from tbxl.errors import InputError
from tbxl.model import Kind
from tbxl.tiebreaks import FAMILIES, cuts, encounter, unplayed
from tbxl.model.codes import result_code
from tbxl.tiebreaks.base import Column
from tbxl.tiebreaks.codes import CHAINS, Descriptor
from tbxl.tiebreaks.context import Context, Score, convention_of, match_values
from tbxl.model import GP, MP, TeamTournament, board_points
from tbxl.rules import EdeBoardCount, TeamSettings, team_settings

_BOARD_COUNTS = {"WIN", "WON", "BPG", "BWG", "REP"}
_STEP = {"P": "primary score", "S": "secondary score", "C": "board count", "T": "top-board results",
         "B": "bottom-board elimination"}


def primary_of(codes: Sequence[Descriptor]) -> str:
    """The primary score: the first PTS/MPTS/GPTS of the list (PTS = MP for teams, C07 §10.5)."""
    for d in codes:
        if d.name == "POINTS":
            return d.score or MP
    return MP


class TeamEngine:
    """Every team tie-break of one event under one convention (None: the edition in force at its
    start date; a name is resolved at the edge, :func:`tbxl.rules.resolve`) and the team
    settings (:class:`~tbxl.rules.TeamSettings`, or a mapping of them). Team indices follow
    ``t.teams``."""

    def __init__(self, t: TeamTournament, conv: Optional[Convention] = None, primary: str = MP,
                 settings: Union[TeamSettings, Mapping, None] = None) -> None:
        self.settings = team_settings(settings)
        self.t = t
        self.conv = convention_of(conv, t)
        self.primary = primary
        self.secondary = GP if primary == MP else MP
        self.teams = t.teams
        self.index = {team.number: i for i, team in enumerate(t.teams)}
        self._ctx: dict = {}
        self._cache: dict = {}
        q = t.scoring.unit
        self.board_unit = q
        # Board points per team, per round, per board, in units of 1/q (C.07 Art. 12).
        self.bp = [[[int(p * q) for p in board_points(r, t.boards, t.scoring)] for r in team.rounds]
                   for team in t.teams]
        #: Every match has its board results (a grid may give game points only).
        self.has_boards = all(r.boards for team in t.teams for r in team.rounds if r.kind is Kind.PLAYED)

    def needs_boards(self, d: Descriptor) -> None:
        """Board tie-breaks need the board results of every match (C.07 Art. 12)."""
        if not self.has_boards:
            raise InputError(f"{d.code} needs the board results of every match (e.g. 7w:1=10 in a grid)",
                             file=self.t.source or None)

    # -- contexts -----------------------------------------------------------------------------------

    def ctx(self, score: str, played_forfeits: bool = False) -> Context:
        key = (score, played_forfeits)
        if key not in self._ctx:
            self._ctx[key] = Context(self.t, self.conv, Score(score), played_forfeits)
        return self._ctx[key]

    def score_of(self, d: Descriptor) -> str:
        return d.score or self.primary

    # -- values -------------------------------------------------------------------------------------

    def compute(self, d: Descriptor) -> Column:
        """The column of a value tie-break (orders have none)."""
        key = ("col", d.text.upper())
        if key not in self._cache:
            self._cache[key] = self._compute(d)
        return self._cache[key]

    def _compute(self, d: Descriptor) -> Column:
        if d.is_order:
            raise ValueError(f"{d.code} is an order, not a value")
        if d.name == "POINTS":
            c = self.ctx(self.score_of(d))
            return Column(d.code, c.unit, list(c.score))
        if d.name == "MPVGP":
            c = self.ctx(self.secondary)
            return Column(d.code, c.unit, list(c.score))
        if d.name == "BC" or (d.name in _BOARD_COUNTS and self.score_of(d) == GP):
            self.needs_boards(d)
        if d.name == "BC":
            return Column(d.code, self.board_unit, [self._bc(i)[0] for i in range(len(self.teams))], ascending=True)
        if d.name == "ESB" or (d.name == "SB"):
            x, y = self._esb_scores(d)
            cx, cy = self.ctx(x, d.played_forfeits), self.ctx(y, d.played_forfeits)
            rows = [self._esb_items(cx, cy, i) for i in range(len(self.teams))]
            raw = [cuts.kept_sum(items, d.base.low, d.base.high, self.conv.vur_cut) for items in rows]
            return Column(d.code, cx.unit * cy.unit, raw)
        if d.name == "SSSC":
            return Column(d.code, 1, [self._sssc(d, i)[0] for i in range(len(self.teams))])
        if d.name in _BOARD_COUNTS and self.score_of(d) == GP:
            return Column(d.code, 1, [sum(self._board_flags(d.name, i)) for i in range(len(self.teams))])
        c = self.ctx(self.score_of(d), d.played_forfeits)
        col = FAMILIES[d.base.name][0](c, d.base)
        return Column(d.code, col.den, col.raw, col.ascending)

    def _esb_scores(self, d: Descriptor) -> tuple[str, str]:
        if d.name == "SB":  # SB on MP or GP: the opponent's score x the same score made against them
            s = self.score_of(d)
            return s, s
        return d.scores  # type: ignore[return-value]

    def _esb_items(self, cx: Context, cy: Context, i: int) -> list[tuple]:
        """``(opponent's X or dummy x own Y of the round, opponent's X, vur, round)`` (13.2, 16.4)."""
        out = []
        for r, k in enumerate(cx.kind[i]):
            if k is Kind.PLAYED or k is Kind.SHORT:
                v, vur = cx.value[cx.opp[i][r]], False
            else:
                own = unplayed.own_item(cx, i, r)
                if own is None:
                    continue
                v, vur = own
            out.append((v * cy.pts[i][r], v, vur, r))
        return out

    def _bc(self, i: int) -> tuple[int, list[int]]:
        per_board = [sum(rd[b] for rd in self.bp[i]) for b in range(self.t.boards)]
        return sum((b + 1) * p for b, p in enumerate(per_board)), per_board

    def _board_flags(self, name: str, i: int) -> list[bool]:
        """One flag per board and round: WIN/WON/BPG/BWG/REP counted over boards (Art. 13 on GP)."""
        s, team = self.t.scoring, self.teams[i]
        out = []
        for rnd, bps in zip(team.rounds, self.bp[i]):
            if not rnd.boards:
                if name == "WIN":
                    out.extend(p == s.win * self.board_unit for p in bps)
                elif name == "REP":
                    out.extend([not rnd.kind.is_vur] * len(bps))
                continue
            for b in rnd.boards:
                e = b.entry
                game, won, black = e.kind.is_game, e.outcome == 2, e.colour == "b"
                out.append({"WIN": won and e.points >= s.win, "WON": game and won, "BPG": game and black,
                            "BWG": game and won and black, "REP": not e.kind.is_vur}[name])
        return out

    def _sssc_divisor(self, d: Descriptor) -> Fraction:
        """SSSC (Art. 13): floor(the most primary points of the event / the most secondary points of a match)."""
        if d.divisor is not None:
            return d.divisor
        _, _, win_p = match_values(self.t, self.primary)
        _, _, win_s = match_values(self.t, self.secondary)
        return Fraction(max(1, math.floor(win_p * self.t.rounds / win_s)))

    def _sssc_bh(self, d: Descriptor) -> Descriptor:
        name = "FB" if d.base.fore else "BH"
        base = Descriptor(name, d.base.low, d.base.high, played_forfeits=d.base.played_forfeits)
        return replace(base, score=self.primary, text=f"{name}:{self.primary}" + base.code[len(name):])

    def _sssc(self, d: Descriptor, i: int) -> tuple[Fraction, Fraction, Fraction, Fraction]:
        bh = self.compute(self._sssc_bh(d)).value(i)
        sec = self.compute(Descriptor("MPVGP", text="MPvGP")).value(i)
        div = self._sssc_divisor(d)
        return sec + bh / div, sec, bh, div

    # -- orders -------------------------------------------------------------------------------------

    def order(self, d: Descriptor, group: Sequence[int], trace: Optional[list] = None) -> list[list[int]]:
        """Tiers of a tied ``group`` (team indices), best first."""
        group = list(group)
        if len(group) < 2:
            return [group]
        if d.name == "DE":
            c = self.ctx(self.score_of(d), d.played_forfeits)
            sub: Optional[list] = [] if trace is not None else None
            out = encounter.order(c, group, d.played_forfeits, sub)
            if trace is not None:
                self._trace(trace, f"direct encounter ({c.score_name})", sub)
            return out
        if d.name in ("TBR", "BBE") or len(CHAINS.get(d.name, "PS")) > 2:
            self.needs_boards(d)
        if d.name in ("TBR", "BBE"):
            keys = {i: self._board_vector(d.name, i) for i in group}
            if trace is not None:
                for i in group:
                    trace.append({"team": self.teams[i].number,
                                  "values": " / ".join(_fmt(Fraction(v, self.board_unit)) for v in keys[i])})
            return _tiers(sorted(group, key=lambda i: [-v for v in keys[i]]), keys)
        return self._ede(d, group, trace)

    def _board_vector(self, name: str, i: int) -> list[int]:
        """TBR: GP on board 1, 2 ... K; BBE: GP on boards 1..K-1, then 1..K-2 ... 1 (C.07 Art. 12)."""
        _, per_board = self._bc(i)
        if name == "TBR":
            return per_board
        k = len(per_board)
        return [sum(per_board[:m]) for m in range(k - 1, 0, -1)]

    def _ede(self, d: Descriptor, group: list[int], trace: Optional[list]) -> list[list[int]]:
        """EDE (Art. 13): DE on the primary score, then on the secondary score, applied again to every new
        tied subset until nothing changes; the 2026 chains add BC / TBR (board by board) / BBE (board
        by board) on the match(es) between two teams that stay tied. Same loop as the reference engine."""
        k = self.t.boards
        steps = ""
        for ch in CHAINS[d.name]:
            steps += ch * (k if ch == "T" else (k - 1) if ch == "B" else 1)
        tiers = [group]
        idx = unchanged = loops = 0
        while unchanged < len(steps) and loops < 10 * len(steps) + 50:
            loops += 1
            step = steps[idx]
            pos = steps[:idx].count(step)
            new: list[list[int]] = []
            for tier in tiers:
                if len(tier) < 2 or (step in "CTB" and len(tier) != 2):
                    new.append(tier)
                    continue
                new.extend(self._ede_step(d, step, pos, tier, trace))
            if len(new) != len(tiers):
                tiers, unchanged = new, 0
            else:
                unchanged += 1
                idx = (idx + 1) % len(steps)
        return tiers

    def _ede_step(self, d: Descriptor, step: str, pos: int, tier: list[int], trace) -> list[list[int]]:
        pf = d.played_forfeits
        if step in "PS":
            c = self.ctx(self.primary if step == "P" else self.secondary, pf)
            sub: Optional[list] = [] if trace is not None else None
            out = encounter.order(c, tier, pf, sub)
            label = f"{_STEP[step]} ({c.score_name})"
        else:
            c = self.ctx(self.primary, pf)
            k = self.t.boards
            if step == "C":   # lower board count first: negate (unless ede_bc=higher-first)
                sign = 1 if self.settings.ede_bc is EdeBoardCount.HIGHER_FIRST else -1
                weights = [sign * (b + 1) for b in range(k)]
            elif step == "T":
                weights = [1 if b == pos else 0 for b in range(k)]
            else:
                weights = [1 if b < k - 1 - pos else 0 for b in range(k)]
            pts = [[sum(w * p for w, p in zip(weights, self.bp[i][r])) for r in range(len(self.bp[i]))]
                   if i in tier else [] for i in range(len(self.teams))]
            view = SimpleNamespace(kind=c.kind, raw_kind=c.raw_kind, opp=c.opp, pts=pts, unit=self.board_unit,
                                   win=0, round_robin=c.round_robin)
            sub = [] if trace is not None else None
            out = encounter.order(view, tier, pf, sub)
            label = _STEP[step] + (f" (board {pos + 1})" if step == "T" else
                                   f" (boards 1-{k - 1 - pos})" if step == "B" else "")
        if trace is not None:
            self._trace(trace, label, sub)
        return out

    def _trace(self, trace: list, label: str, sub: list) -> None:
        """The mini-tables of DE steps (``encounter.order``'s trace) as rows of a derivation table."""
        for grp, rows, outcome in sub:
            for row in rows:
                trace.append({"step": label, "group": ", ".join(str(self.teams[g].number) for g in grp),
                              "team": self.teams[row.player].number, "score": row.score,
                              "missing": row.missing, "maximum": row.maximum, "outcome": outcome})

    # -- derivations --------------------------------------------------------------------------------

    def explain(self, d: Descriptor, number: int, group: Optional[Sequence[int]] = None,
                tier: Optional[int] = None) -> Derivation:
        """How team ``number``'s value was made; for orders ``group`` is the tied group it was
        applied to (team numbers) and ``tier`` the place it gave."""
        i = self.index[number]
        if d.is_order:
            if not group or len(group) < 2:
                return Derivation(d.code, number, (), None, notes=(Reason.of("note.de_alone"),))
            trace: list = []
            self.order(d, [self.index[n] for n in group], trace)
            return Derivation(d.code, number, (), tier, table=tuple(trace), notes=(Reason.of("note.de_tier"),))
        value = self.compute(d).value(i)
        if d.name in ("POINTS", "MPVGP"):
            score = self.secondary if d.name == "MPVGP" else self.score_of(d)
            c = self.ctx(score)
            terms = tuple(Term(r + 1, self._opp(c, i, r), result_code(c.raw_kind[i][r], c.out[i][r]), None, None,
                               Reason.of("points"), "11.1", c.frac(c.pts[i][r])) for r in range(len(c.kind[i])))
            return Derivation(d.code, number, terms, value)
        if d.name == "BC":
            _, per_board = self._bc(i)
            terms = tuple(Term(None, None, f"B{b + 1}", Fraction(p, self.board_unit), b + 1, Reason.of("points"),
                               "12", Fraction((b + 1) * p, self.board_unit)) for b, p in enumerate(per_board))
            return Derivation(d.code, number, terms, value)
        if d.name in ("ESB", "SB"):
            return self._explain_esb(d, i, value)
        if d.name == "SSSC":
            return self._explain_sssc(d, i)
        if d.name in _BOARD_COUNTS and self.score_of(d) == GP:
            return self._explain_boards(d, i, value)
        der = FAMILIES[d.base.name][1](self.ctx(self.score_of(d), d.played_forfeits), d.base, i)
        return replace(der, code=d.code)

    def _opp(self, c, i: int, r: int) -> Optional[int]:
        j = c.opp[i][r]
        return self.teams[j].number if j >= 0 else None

    def _explain_esb(self, d: Descriptor, i: int, value) -> Derivation:
        x, y = self._esb_scores(d)
        cx, cy = self.ctx(x, d.played_forfeits), self.ctx(y, d.played_forfeits)
        items = self._esb_items(cx, cy, i)
        chosen = dict(cuts.select(items, d.base.low, d.base.high, self.conv.vur_cut))
        terms = []
        for idx, (contrib, v, vur, r) in enumerate(items):
            k = cx.kind[i][r]
            j = cx.opp[i][r]
            if k is Kind.PLAYED or k is Kind.SHORT:
                if cx.raw_kind[i][r].is_forfeit:
                    reason, art = Reason.of("forfeit_game"), "/P"
                elif cx.value[j] != cx.score[j]:
                    reason, art = Reason.of("adjusted"), "16.3"
                else:
                    reason, art = Reason.of("game"), "13.2"
            else:
                _, reason, art = unplayed.own_unplayed(cx, i, r, explain=True)
                if k.is_vur:
                    reason += Reason.of("vur")
            reason += Reason.of("times_result", factor=cy.frac(cy.pts[i][r]))
            terms.append(Term(r + 1, self._opp(cx, i, r), result_code(cx.raw_kind[i][r], cx.out[i][r]),
                              cx.frac(cx.score[j]) if j >= 0 else None, cx.frac(v), reason, art,
                              Fraction(contrib, cx.unit * cy.unit), vur,
                              Reason.of(chosen[idx]) if idx in chosen else None))
        return Derivation(d.code, self.teams[i].number, tuple(terms), value)

    def _explain_sssc(self, d: Descriptor, i: int) -> Derivation:
        total, sec, bh, div = self._sssc(d, i)
        bh_d = self._sssc_bh(d)
        base = self.explain(bh_d, self.teams[i].number)
        terms = [Term(None, None, self.secondary, None, None, Reason.of("points"), "13", sec)]
        for t in base.terms:
            terms.append(replace(t, contribution=Fraction(t.contribution) / div))
        return Derivation(d.code, self.teams[i].number, tuple(terms), total,
                          notes=(Reason.of("note.sssc", code=bh_d.code, divisor=div),))

    def _explain_boards(self, d: Descriptor, i: int, value) -> Derivation:
        terms = []
        team = self.teams[i]
        flags = iter(self._board_flags(d.name, i))
        for rnd in team.rounds:
            n = len(rnd.boards) or self.t.boards
            for b in range(n):
                if next(flags):
                    board = rnd.boards[b] if rnd.boards else None
                    code = result_code(board.entry.kind, board.entry.outcome) if board else result_code(rnd.kind, rnd.outcome)
                    terms.append(Term(rnd.round, rnd.opponent, f"{code}@{b + 1}", None, None,
                                      Reason.of({"WIN": "win", "WON": "won", "BPG": "bpg", "BWG": "bwg",
                                                 "REP": "elected"}[d.name]), d.article, 1))
        return Derivation(d.code, team.number, tuple(terms), value)


def _tiers(ordered: list[int], keys: dict) -> list[list[int]]:
    tiers: list[list[int]] = []
    for i in ordered:
        if tiers and keys[tiers[-1][0]] == keys[i]:
            tiers[-1].append(i)
        else:
            tiers.append([i])
    return tiers


def _fmt(v) -> str:
    from tbxl.formatting import decimal_text
    return decimal_text(v)
