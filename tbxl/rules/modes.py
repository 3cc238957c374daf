"""The values of the settings: one :class:`~tbxl.rules.settings.Mode` enum per choice the rules
leave open, each value one word (what files and ``--set`` write) and what it does in a few words.

>>> VurCut("always") is VurCut.ALWAYS, VurCut.ALWAYS == "always", VurCut.ALWAYS.text
(True, True, 'unplayed rounds are cut first, always (2022 text)')
"""

from __future__ import annotations

from tbxl.rules.settings import Mode

__all__ = [
    "OpponentScore",
    "OwnUnplayed",
    "VurCut",
    "RrForfeitWin",
    "SbVurPick",
    "CapRounds",
    "ShortGames",
    "CutPriority",
    "BhForfeitWin",
    "SbPab",
    "UnratedMethod",
    "RatingBy",
    "EdeBoardCount",
]


class OpponentScore(Mode):
    """How a participant's score is seen by the opponents (the "indirect" side)."""

    ADJUSTED = "adjusted-16.3", "opponents' scores are adjusted as in 16.3"  # C.07 16.3: 16.2.5 rounds are draws
    ADJUSTED_2022 = "adjusted-2022", "opponents' trailing unplayed rounds count as draws (2022 text)"  # 14.4
    REAL = "real", "opponents count with their real scores"
    UNPLAYED_AS_DRAW = "unplayed-as-draw", "opponents' unplayed games count as draws"  # 2009-2017 / SM "BHc"


class OwnUnplayed(Mode):
    """How the participant's own unplayed rounds contribute (the "direct" side)."""

    DUMMY = "dummy", "own unplayed rounds count a dummy with the own score (16.4)"  # capped in 2026
    # 2009-2017: Svon = SPR + (1 - SfPR) + 1/2 (n - R)
    VIRTUAL_OPPONENT = "virtual-opponent", "own unplayed rounds count a virtual opponent (2009)"
    HALF_ROUNDS = "half-rounds", "own unpaired rounds count half the rounds"  # SM real/half-point
    OWN_VALUE = "own-value", "own unplayed rounds count as a draw against himself"  # SM (BHc)
    OWN_WITH_DRAW = "own-with-draw", "own unplayed rounds count the own score with that round drawn"  # seed 001 "FIDE"
    ZERO = "zero", "a bye adds nothing"  # seed 001 "Standard"
    SKIP = "skip", "unplayed rounds are skipped"  # plain


class VurCut(Mode):
    """Which contribution a Cut/Median removes first when the participant has VURs (16.5, D1)."""

    HIGHER_OF = "higher-of", "a VUR is cut first unless below the least significant value (16.5)"  # 16.5.1
    ALWAYS = "always", "unplayed rounds are cut first, always (2022 text)"  # 2022 text 14.6
    NONE = "none", "no VUR-first cut: the least significant value is cut"


class RrForfeitWin(Mode):
    """What a forfeit win in pre-determined pairings adds to BH/SB (C.07 15.2; C07 §8.4)."""

    OPPONENT = "opponent", "a round-robin forfeit win counts the scheduled opponent (15.2)"
    OWN_SCORE = (
        "own-score",
        ("a round-robin forfeit win counts the own score, like a dummy (Swiss-Manager 'SB (2023)')"),
    )


class SbVurPick(Mode):
    """Which VUR is "the lowest contribution coming from a VUR" of SB when the dummies differ (2026, D23)."""

    LEAST_SIGNIFICANT = "least-significant", "SB's cuts offer the VUR that 14.1.1 makes least significant (16.5)"
    SMALLEST_PRODUCT = "smallest-product", "SB's cuts offer the VUR with the smallest product"


class CapRounds(Mode):
    """The n of 16.4.2 before the last round (D3)."""

    EVALUATED = "evaluated", "the cap counts the rounds played so far"
    SCHEDULED = "scheduled", "the cap counts the scheduled rounds"


class ShortGames(Mode):
    """TRF W/D/L games (under one move): played (D10) or unplayed (W/L as forfeits)."""

    PLAYED = "played", "games under one move count as played"
    UNPLAYED = "unplayed", "games under one move count as unplayed"


class CutPriority(Mode):
    """Which own rounds the 16.5 exception cuts first (C07 §8.4)."""

    VUR = "vur", "only VURs are cut first (16.5)"
    UNPLAYED = "unplayed", "every own unplayed round is cut first, byes and forfeits too (Swiss-Manager)"


class BhForfeitWin(Mode):
    """What a forfeit win (an own unplayed round, 16.2.2) adds to Buchholz and its Cut/Median
    variants in a Swiss (C07 §8.4): what the convention gives any own unplayed round (16.4: the
    dummy), or an opponent worth 0 that the first low cut removes (a Swiss-Manager habit seen on a
    published BH-C1: issue 20). Sonneborn-Berger and ESB keep the rules; a round robin's forfeit is a
    game (15.2, see :class:`RrForfeitWin`)."""

    UNPLAYED = "unplayed", "a forfeit win counts in Buchholz as an own unplayed round (16.4)"
    ZERO = "zero", ("a forfeit win counts in Buchholz as an opponent worth 0, the first value cut (Swiss-Manager)")


class SbPab(Mode):
    """What a pairing-allocated bye (an own unplayed round, 16.2.1) adds to Sonneborn-Berger in a
    Swiss: the 16.4 dummy times the win, as any own unplayed round, or nothing (a Vega habit seen in
    2026 events: issue 29). Buchholz keeps the rules."""

    DUMMY = "dummy", "a pairing-allocated bye adds its dummy to SB (16.4)"
    ZERO = "zero", "a pairing-allocated bye adds nothing to SB (Vega)"


class UnratedMethod(Mode):
    """What rating an unrated participant has in the rating tie-breaks (C.07 Art. 10 preamble: the
    regulations say how unrated players are rated; checklist 208-209). A player's estimate comes
    first (``estimated``), then a code's ``/Unnnn`` and the ``unrated_rating`` setting, which give one
    rating to every unrated participant under any method, then 0 (``zero``)."""

    NO_VALUE = "no-value", "an unrated participant leaves rating tie-breaks without a value (C.07 Art. 10, D18)"
    ZERO = "zero", "unrated participants count with rating 0 in rating tie-breaks"
    ESTIMATED = "estimated", "unrated participants count with the rating estimated for them in rating tie-breaks"


class RatingBy(Mode):
    """Which rating a rating tie-break takes for a player rated more than once during the event
    (C.07 2026 Art. 10: the first; checklist 211-216): the first, or the rating of each round."""

    FIRST = "first", "rating tie-breaks take each player's first rating (C.07 2026 Art. 10)"
    ROUND = "round", "rating tie-breaks take each opponent's rating of the round played"


class EdeBoardCount(Mode):
    """The board-count step inside EDEBT/EDEBB (C.07 Art. 13, 2026; team events): the lower board
    count first, as BC itself ranks (Art. 12), or the higher first, as the reference engine ranks
    there (which favours points on the bottom boards)."""

    LOWER_FIRST = "lower-first", "EDEBT/EDEBB's board-count step ranks the lower count first, as BC (Art. 12)"
    HIGHER_FIRST = "higher-first", "EDEBT/EDEBB's board-count step ranks the higher count first (the reference engine)"
