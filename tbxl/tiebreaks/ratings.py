"""Rating tie-breaks (C.07 Art. 10): ARO, TPR, PTP, APRO, APPO, RTNG.

Only games played over the board count (in pre-determined pairings forfeits are games under the
2024 text, 15.2, but not under 2026). Unrated participants: without a configured rating for them
(``/Unnnn``, the convention's ``unrated_rating``, or its ``unrated_method``: 0 or the rating
estimated for each) the tie-break has no value (C07 §9 D18). A player rated again during the event
(the event's ratings by round) counts with the first rating (C.07 2026 Art. 10), or with the
rating of the round played (``rating_by=round``). Rounding: half up to integers; TPR rounds p to
hundredths first (C07 §9 D7).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from fractions import Fraction
from typing import cast

from tbxl.derivation import Derivation, Reason, Term
from tbxl.model.codes import result_code
from tbxl.rules import RatingBy, UnratedMethod
from tbxl.tiebreaks.base import Column
from tbxl.tiebreaks.codes import Descriptor
from tbxl.tiebreaks.context import Context, getter

# FIDE rating regulations 8.1(a): dp for p = 0.00 .. 1.00 (index = hundredths).
_DP_HIGH = [
    0,
    7,
    14,
    21,
    29,
    36,
    43,
    50,
    57,
    65,
    72,
    80,
    87,
    95,
    102,
    110,
    117,
    125,
    133,
    141,
    149,
    158,
    166,
    175,
    184,
    193,
    202,
    211,
    220,
    230,
    240,
    251,
    262,
    273,
    284,
    296,
    309,
    322,
    336,
    351,
    366,
    383,
    401,
    422,
    444,
    470,
    501,
    538,
    589,
    677,
    800,
]
DP = [-v for v in reversed(_DP_HIGH[1:])] + _DP_HIGH  # DP[0] = p 0.00 -> -800, DP[100] -> +800

# FIDE rating regulations 8.1(b): upper bound of the rating difference for each expected score
# 0.50, 0.51, ... 0.99 of the higher-rated player; above 735 the expectation is 1.00.
_PD_BOUNDS = [
    3,
    10,
    17,
    25,
    32,
    39,
    46,
    53,
    61,
    68,
    76,
    83,
    91,
    98,
    106,
    113,
    121,
    129,
    137,
    145,
    153,
    162,
    170,
    179,
    188,
    197,
    206,
    215,
    225,
    235,
    245,
    256,
    267,
    278,
    290,
    302,
    315,
    328,
    344,
    357,
    374,
    391,
    411,
    432,
    456,
    484,
    517,
    559,
    619,
    735,
]


def expected_hundredths(diff: int) -> int:
    """Expected score in hundredths of the player ``diff`` points above the opponent (8.1(b)).

    >>> expected_hundredths(0), expected_hundredths(99), expected_hundredths(-99), expected_hundredths(736)
    (50, 64, 36, 100)
    """
    h = 50 + bisect_left(_PD_BOUNDS, abs(diff))  # the first bound the difference does not exceed
    return h if diff >= 0 else 100 - h


def half_up(num: int, den: int) -> int:
    """``num / den`` rounded to the nearest integer, halves up (averages of ratings, percentages)."""
    return (2 * num + den) // (2 * den)


def _is_rated_game(ctx: Context, i: int, r: int) -> bool:
    raw = ctx.raw_kind[i][r]
    if ctx.round_robin and raw.is_forfeit:
        return not ctx.conv.exceptions_15_2  # 2026 15.2: forfeits stay unplayed for Art. 10
    return ctx.kind[i][r].is_game


class _Ratings:
    """Ratings and rated games, computed once per context and descriptor's unrated value.

    ``games[i]`` lists player index ``i``'s rated games as ``(round index, opponent index)``;
    ``opponents[i]`` their opponents alone and ``halves[i]`` the score in them (half-games). A
    Swiss player who played every round has every round as a rated game: the context's rows serve
    as they are (no pair per round is built for the two-thirds of a large field who never missed
    a round)."""

    def __init__(self, ctx: Context, unrated: int | None) -> None:
        self.ctx = ctx
        conv, decisions = ctx.conv, ctx.t.decisions
        method = conv.unrated_method
        # An unrated participant's rating, and the reason key that names it in the derivations:
        # the code's /Unnnn, the unrated_rating setting, then the method's (checklist 208-209).
        fallback, why = (unrated, "unrated.code") if unrated is not None else (conv.unrated_rating, "unrated.setting")
        if fallback is None and method is UnratedMethod.ZERO:
            fallback, why = 0, "unrated.zero"
        estimated = dict(decisions.estimated) if method is UnratedMethod.ESTIMATED else {}
        #: How each participant's rating was found: "" (the file's), or the reason key of a rating
        #: given to an unrated participant.
        self.source: list[str] = []
        self.rating: list[int | None] = []
        for p in ctx.players:
            own = decisions.rating_at(p.start_number, 1, p.rating or None)  # the first rating (C.07 2026 Art. 10)
            if own:
                self.rating.append(own)
                self.source.append("")
            elif p.start_number in estimated:
                self.rating.append(estimated[p.start_number])
                self.source.append("unrated.estimated")
            else:
                self.rating.append(fallback)
                self.source.append(why)
        self.available = all(r is not None for r in self.rating)
        #: The ratings as Art. 10 computes with them: read only when every participant has one (D18).
        self.rated = cast("list[int]", self.rating)
        #: Per participant index, the ratings from a round on (rating_by=round), else empty.
        self.by_round: dict[int, list[tuple[int, int]]] = {}
        if conv.rating_by is RatingBy.ROUND:
            for sn, rd, r in decisions.ratings:
                if sn in ctx.index:
                    self.by_round.setdefault(ctx.index[sn], []).append((rd, r))
        self._games: list[list[tuple[int, int]]] | None = None
        self.opponents: list[list[int]]
        self.halves: list[int]
        if ctx.round_robin:
            self.opponents = [[j for _, j in games] for games in self.games]
            self.halves = [sum([ctx.out[i][r] for r, _ in games]) for i, games in enumerate(self.games)]
        else:  # is_game, whole rows at a time; a row with no unplayed round is all games
            unplayed = ctx.unplayed_rows
            self.opponents = [
                [j for k, j in zip(kinds, opps) if k.is_game] if i in unplayed else opps
                for i, (kinds, opps) in enumerate(zip(ctx.kind, ctx.opp))
            ]
            self.halves = [
                sum([o for k, o in zip(kinds, out) if k.is_game]) if i in unplayed else sum(out)
                for i, (kinds, out) in enumerate(zip(ctx.kind, ctx.out))
            ]
        self._tpr: list[int | None] | None = None
        self._ptp: list[int | None] | None = None
        self._sorted: list[list[int]] | None = None
        self._opp: list[list[int]] | None = None

    def rating_in(self, j: int, r: int) -> int:
        """Participant index ``j``'s rating in round index ``r``: the first rating, or with
        ``rating_by=round`` the last rating given from a round not after ``r + 1``."""
        found = self.rated[j]
        for first, rating in self.by_round.get(j, ()):
            if first <= r + 1:
                found = rating
        return found

    def opponent_ratings(self, i: int) -> list[int]:
        """The ratings of player index ``i``'s rated opponents, in the order of :attr:`opponents`
        (each one's rating in the round played with ``rating_by=round``)."""
        if not self.by_round:
            rating = getter(self.rated)
            return list(map(rating, self.opponents[i]))
        if self._opp is None:
            self._opp = [[self.rating_in(j, r) for r, j in games] for games in self.games]
        return self._opp[i]

    @property
    def games(self) -> list[list[tuple[int, int]]]:
        if self._games is None:
            ctx = self.ctx
            if ctx.round_robin:
                self._games = [
                    [(r, ctx.opp[i][r]) for r in range(len(ctx.kind[i])) if _is_rated_game(ctx, i, r)]
                    for i in range(len(ctx.players))
                ]
            else:
                self._games = [
                    [(r, j) for r, (k, j) in enumerate(zip(kinds, opps)) if k.is_game]
                    for kinds, opps in zip(ctx.kind, ctx.opp)
                ]
        return self._games

    def sorted_ratings(self, i: int) -> list[int]:
        """The ratings of player index ``i``'s rated opponents, lowest first (computed once)."""
        if self._sorted is None:
            if self.by_round:
                self._sorted = [sorted(self.opponent_ratings(k)) for k in range(len(self.opponents))]
            else:
                rating = getter(self.rated)
                self._sorted = [sorted(map(rating, opps)) for opps in self.opponents]
        return self._sorted[i]

    def aro(self, i: int, low: int = 0, high: int = 0) -> int | None:
        rs = self.sorted_ratings(i)
        rs = rs[low : len(rs) - high] if high else rs[low:]
        return half_up(sum(rs), len(rs)) if rs else None

    def tpr(self, i: int) -> int | None:
        g = len(self.opponents[i])
        if not g:
            return None
        p = (100 * self.halves[i] + g) // (2 * g)  # p = halves / (2 g), to hundredths, half up
        aro = self.aro(i)
        assert aro is not None  # g rated games
        return aro + DP[p]

    def ptp(self, i: int) -> int | None:
        opps = self.opponent_ratings(i)
        if not opps:
            return None
        need = 50 * self.halves[i]  # score in hundredths
        if need == 0:
            return min(opps) - 800
        lo, hi = min(opps) - 800, max(opps) + 800
        while lo < hi:
            mid = (lo + hi) // 2
            if sum(expected_hundredths(mid - o) for o in opps) >= need:
                hi = mid
            else:
                lo = mid + 1
        return lo

    def all_tpr(self) -> list[int | None]:
        if self._tpr is None:
            self._tpr = [self.tpr(i) for i in range(len(self.opponents))]
        return self._tpr

    def all_ptp(self) -> list[int | None]:
        if self._ptp is None:
            self._ptp = [self.ptp(i) for i in range(len(self.opponents))]
        return self._ptp


def _ratings(ctx: Context, d: Descriptor) -> _Ratings:
    return ctx.cached(("ratings", d.unrated), lambda: _Ratings(ctx, d.unrated))


#: The tie-breaks of Art. 10, which need a rating for every participant (C07 §9 D18).
RATING_TIEBREAKS = frozenset({"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"})


def unrated_players(ctx: Context, d: Descriptor) -> list[int]:
    """Start numbers of the unrated participants that leave rating tie-break ``d`` without a value
    for everybody (D18: no rating is set for them, by ``/Unnnn`` or ``unrated_rating``); empty when
    ``d`` has its values."""
    R = _ratings(ctx, d)
    if R.available:
        return []
    return [p.start_number for p, rating in zip(ctx.players, R.rating) if rating is None]


def _average_of(values: Sequence[int | None], opponents: Sequence[int]) -> int | None:
    vs = [v for v in (values[j] for j in opponents) if v is not None]
    return half_up(sum(vs), len(vs)) if vs else None


def compute_rating(ctx: Context, d: Descriptor) -> Column:
    R = _ratings(ctx, d)
    n = len(ctx.players)
    if not R.available:
        return Column(d.code, 1, [None] * n, ascending=d.name == "RTNG" and d.reverse)
    raw: list[int | None]
    if d.name == "ARO":
        raw = [R.aro(i, d.low, d.high) for i in range(n)]
    elif d.name == "TPR":
        raw = R.all_tpr()
    elif d.name == "PTP":
        raw = R.all_ptp()
    elif d.name == "APRO":
        tpr = R.all_tpr()
        raw = [_average_of(tpr, R.opponents[i]) for i in range(n)]
    elif d.name == "APPO":
        ptp = R.all_ptp()
        raw = [_average_of(ptp, R.opponents[i]) for i in range(n)]
    else:  # RTNG
        return Column(d.code, 1, list(R.rating), ascending=d.reverse)
    return Column(d.code, 1, list(raw))


def _what(R: _Ratings, d: Descriptor, j: int, r: int) -> Reason:
    """What a term of a rating tie-break counts for opponent index ``j`` in round index ``r``: the
    opponent's rating, said how it was found when it was given (an unrated player's, a rating of
    the round with ``rating_by=round``, the first rating of a player rated again)."""
    if d.name == "APRO":
        return Reason.of("opp_tpr")
    if d.name == "APPO":
        return Reason.of("opp_ptp")
    if R.source[j]:
        return Reason.of(R.source[j])
    if j in R.by_round:
        return Reason.of("opp_rating_round", round=r + 1)
    if R.ctx.t.decisions.ratings and any(sn == R.ctx.players[j].start_number for sn, _, _ in R.ctx.t.decisions.ratings):
        return Reason.of("opp_first_rating")
    return Reason.of("opp_rating")


def explain_rating(ctx: Context, d: Descriptor, i: int) -> Derivation:
    R = _ratings(ctx, d)
    me = ctx.players[i].start_number
    if not R.available:
        return Derivation(d.code, me, (), None, notes=(Reason.of("note.unrated"),))
    value = ctx.cached(("col", d), lambda: compute_rating(ctx, d)).raw[i]  # once per context, not per player
    if d.name == "RTNG":
        own = Reason.of(R.source[i]) if R.source[i] else Reason.of("note.own_rating")
        return Derivation(d.code, me, (), value, notes=(own,))
    by_rating = d.name in ("ARO", "TPR", "PTP")
    per_opp = R.opponent_ratings(i) if by_rating else {"APRO": R.all_tpr(), "APPO": R.all_ptp()}[d.name]
    cut_of: dict[int, Reason] = {}
    if d.name == "ARO" and (d.low or d.high):
        order = sorted(range(len(R.games[i])), key=lambda k: R.opponent_ratings(i)[k])
        cut_of = {k: Reason.of("cut.lowest_rating") for k in order[: d.low]}
        rest = order[d.low :]
        cut_of.update({k: Reason.of("cut.highest_rating") for k in (rest[len(rest) - d.high :] if d.high else [])})
    terms = []
    for k, (r, j) in enumerate(R.games[i]):
        opponent_value = per_opp[k] if by_rating else per_opp[j]
        terms.append(
            Term(
                r + 1,
                ctx.players[j].start_number,
                result_code(ctx.raw_kind[i][r], ctx.out[i][r]),
                None,
                None,
                _what(R, d, j, r),
                d.article,
                opponent_value if opponent_value is not None else 0,
                cut=cut_of.get(k),
            )
        )
    kept = [t for t in terms if not t.is_cut]
    notes = []
    if d.name == "TPR" and kept:
        g = len(kept)
        h = R.halves[i]
        p = (100 * h + g) // (2 * g)
        notes.append(
            Reason.of("note.tpr", aro=R.aro(i), p=Fraction(p, 100), dp=f"{DP[p]:+d}", score=Fraction(h, 2), games=g)
        )
    elif d.name == "PTP":
        notes.append(Reason.of("note.ptp", score=Fraction(R.halves[i], 2)))
    else:
        notes.append(Reason.of("note.average"))
    return Derivation(d.code, me, tuple(terms), value, notes=tuple(notes), divisor=len(kept) or None)
