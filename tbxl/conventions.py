"""How unplayed rounds count: one frozen :class:`Convention` per rule set, and the named presets.

Every difference between FIDE editions and the programs of the seed articles is
a field here, so a tie-break never asks "which edition?" - it asks the field.

>>> get("fide-2026").dummy_cap
True
>>> default_for(None).name
'fide-2026'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from typing import Optional

from .errors import UnknownRules

# How a participant's score is seen by the opponents (the "indirect" side).
ADJUSTED = "adjusted-16.3"          # C.07 16.3: category 16.2.5 rounds count as draws
ADJUSTED_2022 = "adjusted-2022"     # 2022 text 14.4: trailing forfeit losses become draws too
REAL = "real"                       # points awarded, nothing changed
UNPLAYED_AS_DRAW = "unplayed-as-draw"  # 2009-2017 / SM "BHc": every unplayed round is a draw

# How the participant's own unplayed rounds contribute (the "direct" side).
DUMMY = "dummy"                     # C.07 16.4: a dummy with the own final score (capped in 2026)
VIRTUAL_OPPONENT = "virtual-opponent"  # 2009-2017: Svon = SPR + (1 - SfPR) + 1/2 (n - R)
HALF_ROUNDS = "half-rounds"         # SM real/half-point: unpaired rounds count rounds/2
OWN_VALUE = "own-value"             # SM "draw against himself": own value to opponents (BHc)
OWN_WITH_DRAW = "own-with-draw"     # seed 001 "FIDE": own score with that round made a draw
ZERO = "zero"                       # seed 001 "Standard": a bye adds 0
SKIP = "skip"                       # plain: unplayed rounds are not counted at all

# Which contribution a Cut/Median removes first when the participant has VURs (16.5).
VUR_HIGHER_OF = "higher-of"  # 16.5.1: the lowest VUR contribution unless below the least significant value
VUR_ALWAYS = "always"        # 2022 text 14.6: unplayed rounds are cut first, unconditionally
VUR_NONE = "none"            # no exception: cut the least significant value

# What a forfeit win in pre-determined pairings adds to BH/SB (C.07 15.2; C07 §8.4).
RR_FORFEIT_OPPONENT = "opponent"    # C.07 15.2: a game against the scheduled opponent, his score
RR_FORFEIT_OWN_SCORE = "own-score"  # Swiss-Manager "SB (2023)": the Art. 16 dummy, the own score

# Which VUR is "the lowest contribution coming from a VUR" of SB when the dummies differ (2026, D23).
PICK_LEAST_SIGNIFICANT = "least-significant"  # the reference engine: 14.1.1's order (dummy, then product)
PICK_SMALLEST_PRODUCT = "smallest-product"    # the smallest SB product among the VURs


@dataclass(frozen=True)
class Convention:
    """A complete, explicit statement of how unplayed rounds enter BH, SB, FB and their cuts.

    ``opponent_score`` - what a participant is worth to its opponents.
    ``own_unplayed`` - what an own unplayed round adds (see the module constants).
    ``paired_forfeit_uses_opponent`` - own forfeits (paired rounds) add the scheduled
    opponent's value instead of ``own_unplayed`` (Swiss-Manager real/half-point, seed 001 Standard).
    ``dummy_cap`` - C.07 2026 16.4.1/16.4.2 caps on the dummy.
    ``dummy_cap_rounds`` - "evaluated" or "scheduled": the n of 16.4.2 before the last round (D3).
    ``vur_cut`` - 16.5 exception: "higher-of", "always" or "none" (D1).
    ``sb_vur_pick`` - which VUR the 16.5 exception offers for SB's cuts: the one 14.1.1 orders
    first ("least-significant", the reference engine) or the smallest product (D23).
    ``rr_forfeit_win`` - in pre-determined pairings a forfeit win adds the scheduled opponent's
    score (15.2, "opponent") or the own score like an Art. 16 dummy ("own-score", Swiss-Manager).
    ``fpb_returns_to_play`` - an FPB is a non-VUR round, so earlier requested byes are 16.2.3 (16.1).
    ``short_games`` - TRF W/D/L games: "played" (D10) or "unplayed" (W/L as forfeits).
    ``exceptions_15_2`` - 2026: in pre-determined pairings forfeits stay unplayed for rating
    tie-breaks and forfeit losses for type-B tie-breaks (D22).
    ``unrated_rating`` - rating given to unrated players in rating tie-breaks (D18); None drops them.
    ``cut_priority`` - which own rounds the 16.5 exception cuts first: "vur" (the text) or
    "unplayed" (every own unplayed round, PAB/FPB and forfeit wins too: Swiss-Manager's
    observed behaviour, C07 §8.4).
    """

    name: str
    title: str
    source: str
    opponent_score: str = ADJUSTED
    own_unplayed: str = DUMMY
    paired_forfeit_uses_opponent: bool = False
    dummy_cap: bool = False
    dummy_cap_rounds: str = "evaluated"
    vur_cut: str = VUR_HIGHER_OF
    sb_vur_pick: str = PICK_LEAST_SIGNIFICANT
    rr_forfeit_win: str = RR_FORFEIT_OPPONENT
    fpb_returns_to_play: bool = True
    short_games: str = "played"
    exceptions_15_2: bool = False
    unrated_rating: Optional[int] = None
    cut_priority: str = "vur"

    def with_options(self, **changes) -> "Convention":
        """A copy with some fields changed; the name records the change (``fide-2026+vur_cut=always``)."""
        if not changes:
            return self
        suffix = "+".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in changes.items())
        return replace(self, name=f"{self.name}+{suffix}", **changes)

    def with_settings(self, settings: list[str]) -> "Convention":
        """Apply ``NAME=VALUE`` strings (the CLI's ``--set``), checking names and values."""
        changes: dict = {}
        for item in settings:
            key, sep, value = item.partition("=")
            key = key.strip().replace("-", "_")
            if not sep or key not in OPTIONS:
                raise UnknownRules(f"unknown setting {item!r}; settings: "
                                   + ", ".join(f"{k}={'|'.join(v) if v else 'N'}" for k, v in OPTIONS.items()))
            allowed = OPTIONS[key]
            value = value.strip()
            if allowed == ("true", "false"):
                if value.lower() not in allowed:
                    raise UnknownRules(f"{key} must be true or false, not {value!r}")
                changes[key] = value.lower() == "true"
            elif allowed:
                if value not in allowed:
                    raise UnknownRules(f"{key} must be one of {', '.join(allowed)}, not {value!r}")
                changes[key] = value
            else:
                if not value.isdigit():
                    raise UnknownRules(f"{key} must be a whole number, not {value!r}")
                changes[key] = int(value)
        return self.with_options(**changes)


#: The settings a user may change on a preset (``--set NAME=VALUE``), with their allowed values.
OPTIONS: dict[str, tuple[str, ...]] = {
    "opponent_score": (ADJUSTED, ADJUSTED_2022, REAL, UNPLAYED_AS_DRAW),
    "own_unplayed": (DUMMY, VIRTUAL_OPPONENT, HALF_ROUNDS, OWN_VALUE, OWN_WITH_DRAW, ZERO, SKIP),
    "paired_forfeit_uses_opponent": ("true", "false"),
    "dummy_cap": ("true", "false"),
    "dummy_cap_rounds": ("evaluated", "scheduled"),
    "vur_cut": (VUR_HIGHER_OF, VUR_ALWAYS, VUR_NONE),
    "sb_vur_pick": (PICK_LEAST_SIGNIFICANT, PICK_SMALLEST_PRODUCT),
    "rr_forfeit_win": (RR_FORFEIT_OPPONENT, RR_FORFEIT_OWN_SCORE),
    "fpb_returns_to_play": ("true", "false"),
    "short_games": ("played", "unplayed"),
    "exceptions_15_2": ("true", "false"),
    "unrated_rating": (),
    "cut_priority": ("vur", "unplayed"),
}

#: What each setting value means, in a few words (``tbxl audit`` says which rule set a number follows).
SETTING_TEXT: dict[tuple[str, str], str] = {
    ("opponent_score", ADJUSTED): "opponents' scores are adjusted as in 16.3",
    ("opponent_score", ADJUSTED_2022): "opponents' trailing unplayed rounds count as draws (2022 text)",
    ("opponent_score", REAL): "opponents count with their real scores",
    ("opponent_score", UNPLAYED_AS_DRAW): "opponents' unplayed games count as draws",
    ("own_unplayed", DUMMY): "own unplayed rounds count a dummy with the own score (16.4)",
    ("own_unplayed", VIRTUAL_OPPONENT): "own unplayed rounds count a virtual opponent (2009)",
    ("own_unplayed", HALF_ROUNDS): "own unpaired rounds count half the rounds",
    ("own_unplayed", OWN_VALUE): "own unplayed rounds count as a draw against himself",
    ("own_unplayed", OWN_WITH_DRAW): "own unplayed rounds count the own score with that round drawn",
    ("own_unplayed", ZERO): "a bye adds nothing",
    ("own_unplayed", SKIP): "unplayed rounds are skipped",
    ("paired_forfeit_uses_opponent", "true"): "a forfeit counts the scheduled opponent's score",
    ("paired_forfeit_uses_opponent", "false"): "a forfeit counts like any unplayed round",
    ("dummy_cap", "true"): "the dummy is capped (2026 16.4.1, 16.4.2)",
    ("dummy_cap", "false"): "the dummy is not capped",
    ("dummy_cap_rounds", "scheduled"): "the cap counts the scheduled rounds",
    ("dummy_cap_rounds", "evaluated"): "the cap counts the rounds played so far",
    ("vur_cut", VUR_ALWAYS): "unplayed rounds are cut first, always (2022 text)",
    ("vur_cut", VUR_NONE): "no VUR-first cut: the least significant value is cut",
    ("vur_cut", VUR_HIGHER_OF): "a VUR is cut first unless below the least significant value (16.5)",
    ("sb_vur_pick", PICK_LEAST_SIGNIFICANT): "SB's cuts offer the VUR that 14.1.1 makes least significant (16.5)",
    ("sb_vur_pick", PICK_SMALLEST_PRODUCT): "SB's cuts offer the VUR with the smallest product",
    ("rr_forfeit_win", RR_FORFEIT_OPPONENT): "a round-robin forfeit win counts the scheduled opponent (15.2)",
    ("rr_forfeit_win", RR_FORFEIT_OWN_SCORE): "a round-robin forfeit win counts the own score, like a "
                                              "dummy (Swiss-Manager 'SB (2023)')",
    ("fpb_returns_to_play", "false"): "a full-point bye is not a return to play",
    ("fpb_returns_to_play", "true"): "a full-point bye is a return to play (16.1)",
    ("short_games", "unplayed"): "games under one move count as unplayed",
    ("short_games", "played"): "games under one move count as played",
    ("exceptions_15_2", "true"): "the 2026 15.2 exceptions apply",
    ("exceptions_15_2", "false"): "without the 2026 15.2 exceptions",
    ("cut_priority", "unplayed"): "every own unplayed round is cut first, byes and forfeits too (Swiss-Manager)",
    ("cut_priority", "vur"): "only VURs are cut first (16.5)",
}


def describe(name: str) -> str:
    """A rule set's name in words: ``fide-2026+cut_priority=unplayed`` -> the preset's title and
    what the setting does.

    >>> describe("fide-2026+cut_priority=unplayed")
    'FIDE C.07 (2026), but every own unplayed round is cut first, byes and forfeits too (Swiss-Manager)'
    """
    name, _, order = name.partition(" with tie-breaks ")
    if order:  # a rank explained by the announced rules with the tie-breaks in another order
        return describe(name) + f", with the tie-breaks in the order {order.replace(',', ', ')}"
    base, *settings = name.split("+")
    text = get(base).title
    parts = []
    for item in settings:
        key, _, value = item.partition("=")
        parts.append(SETTING_TEXT.get((key, value), item))
    return text + (", but " + "; ".join(parts) if parts else "")


PRESETS: dict[str, Convention] = {c.name: c for c in (
    Convention(
        "fide-2026", "FIDE C.07 (2026)",
        "FIDE Handbook C.07, TieBreakRegulations032026, in force from 1 March 2026: Art. 16 with the "
        "capped dummy (16.4.1, 16.4.2) and the 15.2 exceptions.",
        dummy_cap=True, exceptions_15_2=True),
    Convention(
        "fide-2024", "FIDE C.07 (2023/2024)",
        "FIDE Handbook C.07, texts of Sep 2023, Apr 2024 and Aug 2024 (in force 1 Sep 2023 - 28 Feb 2026): "
        "Art. 16 with an uncapped dummy."),
    Convention(
        "fide-2022", "FIDE C.07 (2022, game against oneself)",
        "TieBreakRegulations2022 Arts 14.3-14.7 (EVE/GSC, mid 2023): trailing forfeit losses become "
        "draws for the opponents, unplayed rounds are cut first unconditionally.",
        opponent_score=ADJUSTED_2022, vur_cut=VUR_ALWAYS),
    Convention(
        "fide-2017", "FIDE 2009-2017 (virtual opponent)",
        "FIDE Congress 2009 / Handbook C.02 13.15 (1 July 2012 - Aug 2023): opponents' unplayed games "
        "count as draws; own unplayed rounds against a virtual opponent Svon = SPR + (1 - SfPR) + "
        "0.5 (n - R), as taught in the MASISWA arbiters' course (Malaysia, 27-28 Nov 2015).",
        opponent_score=UNPLAYED_AS_DRAW, own_unplayed=VIRTUAL_OPPONENT, vur_cut=VUR_NONE),
    Convention(
        "sm-real-points", "Swiss-Manager: computed with real points",
        "Swiss-Manager, as described in the Vietnamese article \"Cách tính hệ số Buchholz có điều chỉnh\" "
        "(how to compute the adjusted Buchholz): opponents' real scores; an own unpaired round counts rounds/2; a paired "
        "round decided by forfeit counts the opponent's score.",
        opponent_score=REAL, own_unplayed=HALF_ROUNDS, paired_forfeit_uses_opponent=True,
        vur_cut=VUR_NONE),
    Convention(
        "sm-half-point", "Swiss-Manager: computed with 1/2 point (modified points)",
        "Swiss-Manager, as described in the Vietnamese article \"Cách tính hệ số Buchholz có điều chỉnh\" "
        "(how to compute the adjusted Buchholz): as real points, but every opponent is worth BHc = P + (L - W) x 0.5.",
        opponent_score=UNPLAYED_AS_DRAW, own_unplayed=HALF_ROUNDS, paired_forfeit_uses_opponent=True,
        vur_cut=VUR_NONE),
    Convention(
        "sm-self-draw", "Swiss-Manager: counted as a draw against the player himself",
        "Swiss-Manager, as described in the Vietnamese article \"Cách tính hệ số Buchholz có điều chỉnh\" "
        "(how to compute the adjusted Buchholz): every own unplayed round (byes and forfeits, paired or not) counts the "
        "player's own BHc; opponents are worth their BHc.",
        opponent_score=UNPLAYED_AS_DRAW, own_unplayed=OWN_VALUE, vur_cut=VUR_NONE),
    Convention(
        "sm-virtual-opponent", "Swiss-Manager: counted as a game against a virtual opponent",
        "Swiss-Manager, as described in the Vietnamese article \"Cách tính hệ số Buchholz có điều chỉnh\" "
        "(how to compute the adjusted Buchholz): opponents are worth their BHc; each own unplayed round R counts "
        "points before R + reverse result + (rounds - R) x 0.5 (the FIDE 2009 formula).",
        opponent_score=UNPLAYED_AS_DRAW, own_unplayed=VIRTUAL_OPPONENT, vur_cut=VUR_NONE),
    Convention(
        "standard", "Buchholz 'Standard' (Mario Zilli)",
        "IA Mario Zilli, \"Sistemas de desempate\" (Columna Técnica): the opponents' real scores, forfeited games included; a "
        "bye (requested or allocated) adds 0.",
        opponent_score=REAL, own_unplayed=ZERO, paired_forfeit_uses_opponent=True, vur_cut=VUR_NONE),
    Convention(
        "fide-draws", "Buchholz 'FIDE' (Mario Zilli)",
        "IA Mario Zilli, \"Sistemas de desempate\" (Columna Técnica): every unplayed game counts as a draw - for opponents, and "
        "an own unplayed round adds the own score with that round turned into a draw.",
        opponent_score=UNPLAYED_AS_DRAW, own_unplayed=OWN_WITH_DRAW, vur_cut=VUR_NONE),
    Convention(
        "plain", "Plain (no adjustment)",
        "No adjustment at all: only games played over the board count, with the opponents' real "
        "scores; every unplayed round is skipped (the 'skip unplayed rounds' habit of older programs).",
        opponent_score=REAL, own_unplayed=SKIP, vur_cut=VUR_NONE),
)}

#: Accepted alternative spellings.
ALIASES = {
    "fide": "fide-2026", "current": "fide-2026", "fide-2023": "fide-2024", "2026": "fide-2026",
    "2024": "fide-2024", "2023": "fide-2024", "2017": "fide-2017", "fide-2009": "fide-2017",
    "virtual-opponent": "fide-2017", "sm-half-point-modified": "sm-half-point",
    "sm-draw-against-self": "sm-self-draw", "zilli-standard": "standard", "zilli-fide": "fide-draws",
    "none": "plain",
}

FIDE_2026_START = date(2026, 3, 1)
FIDE_2023_START = date(2023, 9, 1)
FIDE_2012_START = date(2012, 7, 1)


def get(name: str) -> Convention:
    """The preset called ``name`` (case-insensitive, aliases accepted)."""
    key = name.strip().lower().replace("_", "-")
    key = ALIASES.get(key, key)
    try:
        return PRESETS[key]
    except KeyError:
        raise UnknownRules(f"unknown rules {name!r}; choose one of {', '.join(PRESETS)}") from None


def default_for(start_date: Optional[date]) -> Convention:
    """The edition in force on the start date (C07 §9 D16); no date means the current rules."""
    if start_date is None or start_date >= FIDE_2026_START:
        return PRESETS["fide-2026"]
    if start_date >= FIDE_2023_START:
        return PRESETS["fide-2024"]
    if start_date >= FIDE_2012_START:
        return PRESETS["fide-2017"]
    return PRESETS["fide-2017"]


def resolve(name: Optional[str], start_date: Optional[date]) -> Convention:
    """``get(name)`` when a name is given, else the default for the start date."""
    return get(name) if name else default_for(start_date)
