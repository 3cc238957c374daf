"""Rating change of an event's rated players by the FIDE Rating Regulations (B.02, effective from
1 March 2024, with the 400-point rule as amended from 1 October 2025).

Per game against a rated opponent (B.02 8.3.1) the rating difference ``D`` is taken, over 400
points counted as 400 for a player rated below 2650 ("for players rated 2650 and above, the
difference between ratings shall be used in all cases"); the expected score ``PD`` comes from the
table of 8.1.2 (exact hundredths, :func:`tbxl.tiebreaks.ratings.expected_hundredths`); the game's
change is ``K x (score - PD)`` (8.3.2) and the event's change is their sum: ``K x (W - We)``.

Only games played over the board against a rated opponent count: forfeits, byes and TRF ``W D L``
games (under one move, "not rated" in the TRF) count nothing, and an unrated player has no change
(his first rating is computed otherwise, B.02 8.2). Values stay exact (``Fraction``); the edges
round, as the rating list does.

>>> from tbxl.model import Kind, Outcome, Player, Scoring, Tournament, make_entry
>>> s = Scoring()
>>> def game(r, opp, o): return make_entry(s, r, Kind.PLAYED, o, opp, "w")
>>> W, L = Outcome.WIN, Outcome.LOSS
>>> t = Tournament((Player(1, "A", (game(1, 2, W), game(2, 3, W), game(3, 4, L)), rating=2000),
...                 *(Player(n, str(n), (), rating=2100) for n in (2, 3, 4))), 3)
>>> ch = rating_changes(t, k=20)[1]
>>> ch.k, ch.games, ch.score, ch.expected, ch.change
(20, 3, Fraction(2, 1), Fraction(27, 25), Fraction(92, 5))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from tbxl.errors import InputError
from tbxl.model import Kind, Player, Tournament
from tbxl.tiebreaks.ratings import expected_hundredths

__all__ = [
    "RatedGame",
    "RatingChange",
    "rating_changes",
    "change_of",
    "game_change",
    "counted_difference",
    "k_factor",
    "check_k",
    "K_VALUES",
]

#: The development coefficients of B.02 8.3.3.
K_VALUES = (10, 20, 40)

#: B.02 8.3.1 (from 1 October 2025): the 400-point rule applies to players rated below 2650.
NO_CAP_FROM = 2650
#: B.02 8.3.1: "a difference in rating of more than 400 points shall be counted ... as 400".
CAP = 400
#: B.02 8.3.3, last paragraph (text of 1 March 2024): K x n (games in the rating period) does not exceed 700.
K_TIMES_GAMES = 700


@dataclass(frozen=True)
class RatedGame:
    """One rated game of a player: the opponent and his rating, the difference ``D`` as counted
    (own minus opponent's, after the 400-point rule: ``capped``), the score (1, 1/2, 0), the
    expected score ``PD`` (8.1.2) and ``K x (score - PD)``."""

    round: int
    opponent: int
    opponent_rating: int
    difference: int
    capped: bool
    score: Fraction
    expected: Fraction
    change: Fraction


@dataclass(frozen=True)
class RatingChange:
    """A rated player's change over the event: ``K``, where it came from (``k_source``: ``input``,
    ``option`` or the article that set it) and the rated games."""

    start_number: int
    rating: int
    k: int
    k_source: str
    rated: tuple[RatedGame, ...]

    @property
    def games(self) -> int:
        return len(self.rated)

    @property
    def score(self) -> Fraction:
        """``W``: the points scored in the rated games (a win 1, a draw 1/2, whatever the event's scoring)."""
        return sum((g.score for g in self.rated), Fraction(0))

    @property
    def expected(self) -> Fraction:
        """``We``: the sum of the expected scores."""
        return sum((g.expected for g in self.rated), Fraction(0))

    @property
    def change(self) -> Fraction:
        """The sum of the games' changes (8.3.2), exactly ``K x (W - We)``."""
        return sum((g.change for g in self.rated), Fraction(0))


def counted_difference(rating: int, opponent_rating: int) -> tuple[int, bool]:
    """``D`` as B.02 8.3.1 counts it, own rating minus the opponent's, and whether the 400-point
    rule cut it: for a player rated below 2650 a difference over 400 counts as 400; from 2650 the
    difference is used in all cases.

    >>> counted_difference(2000, 2500), counted_difference(2500, 2000), counted_difference(2700, 2200)
    ((-400, True), (400, True), (500, False))
    """
    d = rating - opponent_rating
    if rating < NO_CAP_FROM and abs(d) > CAP:
        return (CAP if d > 0 else -CAP), True
    return d, False


def game_change(rating: int, opponent_rating: int, score: Fraction, k: int) -> tuple[Fraction, Fraction, int, bool]:
    """``(PD, K x (score - PD), D, capped)`` of one game (B.02 8.3.1-8.3.2).

    >>> game_change(2000, 2100, Fraction(1), 20)[:2]
    (Fraction(9, 25), Fraction(64, 5))
    >>> game_change(2000, 2500, Fraction(1, 2), 20)[:2]   # D counted as 400: PD 0.08
    (Fraction(2, 25), Fraction(42, 5))
    """
    d, capped = counted_difference(rating, opponent_rating)
    expected = Fraction(expected_hundredths(d), 100)
    return expected, k * (score - expected), d, capped


def check_k(k: object, where: str) -> int:
    """A K factor as given (an option, a cell): a whole number from 1 to 700, else an
    :class:`~tbxl.errors.InputError` naming ``where``."""
    from tbxl.errors import excerpt
    from tbxl.limits import decimal_number  # bounded before exact arithmetic: no 1e999999999, no 2_0

    value: Fraction | None = None
    if isinstance(k, str):
        value = decimal_number(k)
    elif isinstance(k, (int, Fraction)) and not isinstance(k, bool):
        if abs(Fraction(k)) < 10**9:
            value = Fraction(k)
    elif isinstance(k, float) and abs(k) < 1e9:  # (inf and nan too: no Fraction for them)
        value = Fraction(k)
    if value is None:
        raise InputError(f"{where}: K must be a whole number such as 10, 20 or 40, not {excerpt(k)}")
    if value.denominator != 1 or not 1 <= value <= K_TIMES_GAMES:
        raise InputError(
            f"{where}: K must be a whole number from 1 to {K_TIMES_GAMES} (B.02 8.3.3: 10, 20 or 40), not {excerpt(k)}"
        )
    return int(value)


def _birth_year(player: Player) -> int | None:
    text = player.birth_date.strip()
    head = text[:4]
    return int(head) if head.isdigit() and len(head) == 4 else None


def k_factor(player: Player, games: int, start: date | None) -> tuple[int, str]:
    """K by B.02 8.3.3 from what an input tells of the player, and the rule that set it: 10 once
    the rating is 2400 or more; 40 up to the year of the 18th birthday while under 2300 (needs the
    birth date and the start date); else 20. The input cannot tell two conditions, a player new to
    the list (40 for his first 30 games) and one whose published rating once reached 2400 (10 for
    good): give K for them (a workbook column ``K`` or ``--k``). Then the last paragraph of 8.3.3: K x n
    stays within 700 (``n`` the rated games of this event).

    >>> k_factor(Player(1, "A", rating=2450), 9, None), k_factor(Player(1, "A", rating=1800), 9, None)
    ((10, 'B.02 8.3.3'), (20, 'B.02 8.3.3'))
    >>> k_factor(Player(1, "A", rating=1800, birth_date="2010/05/01"), 9, date(2026, 7, 1))
    (40, 'B.02 8.3.3')
    >>> k_factor(Player(1, "A", rating=1800, birth_date="2010/05/01"), 20, date(2026, 7, 1))
    (35, 'B.02 8.3.3, K x n <= 700')
    """
    rating = player.rating or 0
    year = _birth_year(player)
    if rating >= 2400:
        k = 10
    elif rating < 2300 and year is not None and start is not None and start.year - year <= 18:
        k = 40  # 8.3.3: 40 for juniors "until the end of the year of their 18th birthday" under 2300
    else:
        k = 20
    if games and k * games > K_TIMES_GAMES:
        return K_TIMES_GAMES // games, "B.02 8.3.3, K x n <= 700"
    return k, "B.02 8.3.3"


def rating_changes(
    tournament: Tournament, k: int | None = None, given: Mapping[int, int] | None = None
) -> dict[int, RatingChange | None]:
    """Every player's :class:`RatingChange` by start number (``None`` for an unrated player).

    K is, in this order: the player's own from ``given`` or the input (``Player.k_factor``: a
    workbook column ``K``), else ``k`` (``--k N``) for everyone, else :func:`k_factor`."""
    ratings = {p.start_number: p.rating for p in tournament.players}
    out: dict[int, RatingChange | None] = {}
    for p in tournament.players:
        if not p.rating:
            out[p.start_number] = None
            continue
        opponents = [
            (e.round, e.opponent, e.outcome.fraction)
            for e in p.rounds
            if e.kind is Kind.PLAYED and e.opponent is not None and ratings.get(e.opponent)
        ]
        own = (given or {}).get(p.start_number) or p.k_factor
        if own:
            kk, source = own, "input"
        elif k:
            kk, source = k, "option"
        else:
            kk, source = k_factor(p, len(opponents), tournament.start_date)
        games = []
        for rnd, opp, score in opponents:
            opp_rating = ratings[opp]
            assert opp_rating is not None and opp is not None
            expected, change, d, capped = game_change(p.rating, opp_rating, score, kk)
            games.append(RatedGame(rnd, opp, opp_rating, d, capped, score, expected, change))
        out[p.start_number] = RatingChange(p.start_number, p.rating, kk, source, tuple(games))
    return out


def change_of(rating: int, opponents: Sequence[int], scores: Sequence[Fraction], k: int) -> RatingChange:
    """The change of a player rated ``rating`` over games against ``opponents`` (their ratings)
    with ``scores`` (1, 1/2, 0): the Excel function's core.

    >>> change_of(2000, [2100, 2100, 2100], [Fraction(1), Fraction(1), Fraction(0)], 20).change
    Fraction(92, 5)
    """
    games = []
    for n, (opp, score) in enumerate(zip(opponents, scores), start=1):
        expected, change, d, capped = game_change(rating, opp, score, k)
        games.append(RatedGame(n, 0, opp, d, capped, score, expected, change))
    return RatingChange(0, rating, k, "option", tuple(games))
