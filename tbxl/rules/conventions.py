"""How unplayed rounds count: one frozen :class:`Convention` per rule set, and the named presets.

Every difference between FIDE editions and the programs of the seed articles is
a field here, so a tie-break never asks "which edition?" - it asks the field. A
setting's values are enums that carry their own words (:class:`Mode`), and a
convention knows the preset it starts from and the settings changed on it, so its
name (``fide-2026+vur_cut=always``) is derived, never parsed back.

>>> get("fide-2026").dummy_cap
True
>>> default_for(None).name
'fide-2026'
>>> c = resolve("fide-2024", None, ["vur_cut=always"])
>>> c.name, c.preset, c.vur_cut is VurCut.ALWAYS
('fide-2024+vur_cut=always', 'fide-2024', True)
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from datetime import date
from enum import Enum
from typing import Any, Iterable, Optional, Union

from tbxl.errors import UnknownRules


class Mode(str, Enum):
    """A setting's value: the word files and ``--set`` use (the enum's value, so it compares equal
    to that string) and ``text``, what it does in a few words (``tbxl audit`` says which rule set a
    number follows)."""

    text: str

    def __new__(cls, value: str, text: str) -> "Mode":
        obj = str.__new__(cls, value)
        obj._value_ = value
        obj.text = text
        return obj

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


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
    OWN_SCORE = "own-score", ("a round-robin forfeit win counts the own score, like a dummy "
                              "(Swiss-Manager 'SB (2023)')")


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


# The values by their old names (the tie-break families test ``conv.vur_cut == VUR_ALWAYS``).
ADJUSTED, ADJUSTED_2022 = OpponentScore.ADJUSTED, OpponentScore.ADJUSTED_2022
REAL, UNPLAYED_AS_DRAW = OpponentScore.REAL, OpponentScore.UNPLAYED_AS_DRAW
DUMMY, VIRTUAL_OPPONENT, HALF_ROUNDS = OwnUnplayed.DUMMY, OwnUnplayed.VIRTUAL_OPPONENT, OwnUnplayed.HALF_ROUNDS
OWN_VALUE, OWN_WITH_DRAW, ZERO, SKIP = OwnUnplayed.OWN_VALUE, OwnUnplayed.OWN_WITH_DRAW, OwnUnplayed.ZERO, OwnUnplayed.SKIP
VUR_HIGHER_OF, VUR_ALWAYS, VUR_NONE = VurCut.HIGHER_OF, VurCut.ALWAYS, VurCut.NONE
RR_FORFEIT_OPPONENT, RR_FORFEIT_OWN_SCORE = RrForfeitWin.OPPONENT, RrForfeitWin.OWN_SCORE
PICK_LEAST_SIGNIFICANT, PICK_SMALLEST_PRODUCT = SbVurPick.LEAST_SIGNIFICANT, SbVurPick.SMALLEST_PRODUCT


def mode_field(default: Mode) -> Any:
    """A dataclass field holding a setting of :class:`Mode` ``type(default)`` (:func:`settings_of`)."""
    return field(default=default, metadata={"kind": type(default)})


def _switch(default: bool, yes: str, no: str) -> Any:
    return field(default=default, metadata={"kind": bool, True: yes, False: no})


def _number(default: Optional[int]) -> Any:
    return field(default=default, metadata={"kind": int})


@dataclass(frozen=True)
class Setting:
    """One setting a user may change on a preset (``--set NAME=VALUE``): its field and its kind
    (a :class:`Mode`, ``bool`` or ``int``)."""

    name: str
    kind: type
    words: tuple[str, str] = ("", "")   # a switch's text when true, when false

    @property
    def values(self) -> tuple:
        """Every value, or () for a whole number (no finite list)."""
        if self.kind is bool:
            return (True, False)
        return tuple(self.kind) if self.kind is not int else ()

    def spelled(self, value) -> str:
        """The value as files and ``--set`` spell it: ``true``, ``always``, ``1500``."""
        return str(value).lower() if isinstance(value, bool) else str(value)

    def text(self, value) -> str:
        """What the value does, in a few words."""
        if self.kind is bool:
            return self.words[0] if value else self.words[1]
        return value.text if isinstance(value, Mode) else f"{self.name}={value}"

    def parse(self, value: Any) -> Any:
        """The typed value of ``value`` (its spelling or itself), or :class:`UnknownRules`."""
        if self.kind is bool:
            if isinstance(value, bool):
                return value
            if str(value).lower() not in ("true", "false"):
                raise UnknownRules(f"{self.name} must be true or false, not {value!r}")
            return str(value).lower() == "true"
        if self.kind is int:
            if value is None or isinstance(value, int) and not isinstance(value, bool):
                return value
            if not str(value).isdigit():
                raise UnknownRules(f"{self.name} must be a whole number, not {value!r}")
            return int(str(value))
        try:
            return self.kind(str(value))
        except ValueError:
            raise UnknownRules(f"{self.name} must be one of {', '.join(self.kind)}, not {value!r}") from None

    @property
    def usage(self) -> str:
        """``vur_cut=higher-of|always|none``, ``unrated_rating=N``."""
        return f"{self.name}={'|'.join(self.spelled(v) for v in self.values) if self.values else 'N'}"


@dataclass(frozen=True)
class Convention:
    """A complete, explicit statement of how unplayed rounds enter BH, SB, FB and their cuts.

    ``preset`` - the named rule set it starts from; ``changes`` - the settings changed on it, in
    the order given (``--set``), as (name, value) pairs: together they make :attr:`name`.
    ``opponent_score`` - what a participant is worth to its opponents (:class:`OpponentScore`).
    ``own_unplayed`` - what an own unplayed round adds (:class:`OwnUnplayed`).
    ``paired_forfeit_uses_opponent`` - own forfeits (paired rounds) add the scheduled
    opponent's value instead of ``own_unplayed`` (Swiss-Manager real/half-point, seed 001 Standard).
    ``dummy_cap`` - C.07 2026 16.4.1/16.4.2 caps on the dummy.
    ``dummy_cap_rounds`` - the n of 16.4.2 before the last round (D3, :class:`CapRounds`).
    ``vur_cut`` - the 16.5 exception (D1, :class:`VurCut`).
    ``sb_vur_pick`` - which VUR the 16.5 exception offers for SB's cuts: the one 14.1.1 orders
    first (the reference engine) or the smallest product (D23, :class:`SbVurPick`).
    ``rr_forfeit_win`` - in pre-determined pairings a forfeit win adds the scheduled opponent's
    score (15.2) or the own score like an Art. 16 dummy (Swiss-Manager, :class:`RrForfeitWin`).
    ``fpb_returns_to_play`` - an FPB is a non-VUR round, so earlier requested byes are 16.2.3 (16.1).
    ``short_games`` - TRF W/D/L games: played (D10) or unplayed (W/L as forfeits).
    ``exceptions_15_2`` - 2026: in pre-determined pairings forfeits stay unplayed for rating
    tie-breaks and forfeit losses for type-B tie-breaks (D22).
    ``unrated_rating`` - rating given to unrated players in rating tie-breaks (D18); None drops them.
    ``cut_priority`` - which own rounds the 16.5 exception cuts first: VURs (the text) or every
    own unplayed round, PAB/FPB and forfeit wins too (Swiss-Manager's observed behaviour, C07 §8.4).
    """

    preset: str
    title: str
    source: str
    opponent_score: OpponentScore = mode_field(OpponentScore.ADJUSTED)
    own_unplayed: OwnUnplayed = mode_field(OwnUnplayed.DUMMY)
    paired_forfeit_uses_opponent: bool = _switch(False, "a forfeit counts the scheduled opponent's score",
                                                 "a forfeit counts like any unplayed round")
    dummy_cap: bool = _switch(False, "the dummy is capped (2026 16.4.1, 16.4.2)", "the dummy is not capped")
    dummy_cap_rounds: CapRounds = mode_field(CapRounds.EVALUATED)
    vur_cut: VurCut = mode_field(VurCut.HIGHER_OF)
    sb_vur_pick: SbVurPick = mode_field(SbVurPick.LEAST_SIGNIFICANT)
    rr_forfeit_win: RrForfeitWin = mode_field(RrForfeitWin.OPPONENT)
    fpb_returns_to_play: bool = _switch(True, "a full-point bye is a return to play (16.1)",
                                        "a full-point bye is not a return to play")
    short_games: ShortGames = mode_field(ShortGames.PLAYED)
    exceptions_15_2: bool = _switch(False, "the 2026 15.2 exceptions apply", "without the 2026 15.2 exceptions")
    unrated_rating: Optional[int] = _number(None)
    cut_priority: CutPriority = mode_field(CutPriority.VUR)
    changes: tuple[tuple[str, Any], ...] = ()

    def __post_init__(self) -> None:
        for key, setting in SETTINGS.items():   # "always" given for VurCut.ALWAYS: one type inside
            value = getattr(self, key)
            if setting.kind not in (bool, int) and not isinstance(value, setting.kind):
                object.__setattr__(self, key, setting.parse(value))

    @property
    def name(self) -> str:
        """The preset's name and the changed settings: ``fide-2026+vur_cut=always``."""
        return self.preset + spelled_changes(SETTINGS, self.changes)

    @property
    def settings(self) -> dict[str, Any]:
        """Every setting's value (what the convention computes with, its name aside)."""
        return {k: getattr(self, k) for k in SETTINGS}

    def with_options(self, **changes) -> "Convention":
        """A copy with some settings changed (their values or spellings); :attr:`changes` records
        them, so the name says so (``fide-2026+vur_cut=always``)."""
        if not changes:
            return self
        typed = parse_settings(SETTINGS, changes)
        recorded = dict(self.changes)
        recorded.update(typed)
        return replace(self, changes=tuple(recorded.items()), **typed)

    def with_settings(self, settings: Iterable[str]) -> "Convention":
        """Apply ``NAME=VALUE`` strings (the CLI's ``--set``), checking names and values."""
        changes: dict = {}
        for item in settings:
            key, value = known_item(item, SETTINGS)
            changes[key] = SETTINGS[key].parse(value)
        return self.with_options(**changes)

    def describe(self) -> str:
        """The rule set in words: the preset's title and what each changed setting does.

        >>> get("fide-2026").with_options(cut_priority="unplayed").describe()
        'FIDE C.07 (2026), but every own unplayed round is cut first, byes and forfeits too (Swiss-Manager)'
        """
        parts = [SETTINGS[k].text(v) for k, v in self.changes]
        return PRESETS[self.preset].title + (", but " + "; ".join(parts) if parts else "")


def settings_of(cls: type) -> dict[str, Setting]:
    """The settings of a dataclass whose fields say their kind (:func:`mode_field`), by name, in
    field order: :data:`SETTINGS`, and the team settings (:mod:`tbxl.rules.team`)."""
    return {f.name: Setting(f.name, f.metadata["kind"], (f.metadata.get(True, ""), f.metadata.get(False, "")))
            for f in fields(cls) if "kind" in f.metadata}


def setting_item(item: str) -> tuple[str, Optional[str]]:
    """``(name, value)`` of a ``NAME=VALUE`` item (``--set``); the name as a field's (``vur-cut``
    is ``vur_cut``), the value None without ``=``.

    >>> setting_item(" vur-cut = always "), setting_item("vur_cut")
    (('vur_cut', 'always'), ('vur_cut', None))
    """
    key, sep, value = item.partition("=")
    return key.strip().replace("-", "_"), value.strip() if sep else None


def known_item(item: str, settings: dict[str, Setting]) -> tuple[str, str]:
    """``(name, value)`` of a ``NAME=VALUE`` item (:func:`setting_item`) naming one of ``settings``;
    :class:`UnknownRules` listing them all for any other item.

    >>> known_item("vur-cut=always", SETTINGS)
    ('vur_cut', 'always')
    """
    key, value = setting_item(item)
    if value is None or key not in settings:
        raise UnknownRules(f"unknown setting {item!r}; settings: " + _usage(settings))
    return key, value


def spelled_changes(settings: dict[str, Setting], changes: Iterable[tuple[str, Any]]) -> str:
    """The changed settings as a rule set's name carries them, each as ``+NAME=VALUE``.

    >>> spelled_changes(SETTINGS, [("vur_cut", VurCut.ALWAYS), ("dummy_cap", False)])
    '+vur_cut=always+dummy_cap=false'
    """
    return "".join(f"+{k}={settings[k].spelled(v)}" for k, v in changes)


#: The settings a user may change on a preset (``--set NAME=VALUE``), by name, in field order.
SETTINGS: dict[str, Setting] = settings_of(Convention)


def _usage(settings: Optional[dict[str, Setting]] = None) -> str:
    return ", ".join(s.usage for s in (settings or SETTINGS).values())


def parse_settings(settings: dict[str, Setting], changes: dict[str, Any], what: str = "setting") -> dict[str, Any]:
    """The typed values of ``changes`` (names to values or spellings) among ``settings``;
    :class:`UnknownRules` naming the ``what`` and the choices for a name not among them."""
    typed = {}
    for key, value in changes.items():
        if key not in settings:
            raise UnknownRules(f"unknown {what} {key!r}; {what}s: " + _usage(settings))
        typed[key] = settings[key].parse(value)
    return typed


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


def resolve(rules: Union[str, Convention, None], start_date: Optional[date],
            settings: Iterable[str] = ()) -> Convention:
    """The convention the user asked for: the preset ``rules`` names (or ``rules`` itself), else
    the edition in force on ``start_date``, with the ``NAME=VALUE`` ``settings`` applied. The edges
    (command line, configuration, Excel, workbook, report) call this; the core gets the result.

    >>> resolve(None, date(2024, 5, 1), ["cut_priority=unplayed"]).name
    'fide-2024+cut_priority=unplayed'
    """
    if not isinstance(rules, Convention):
        rules = get(rules) if rules and rules.strip() else default_for(start_date)
    return rules.with_settings(settings)


def resolve_each(rules: str, start_date: Optional[date], settings: Iterable[str] = ()) -> list[Convention]:
    """The rule sets of a comma-separated list (``--rules fide-2024,fide-2026``), each resolved
    by :func:`resolve` with the same ``settings``; empty names are skipped.

    >>> [c.name for c in resolve_each("fide-2024, fide-2026", None, ["vur_cut=always"])]
    ['fide-2024+vur_cut=always', 'fide-2026+vur_cut=always']
    """
    return [resolve(name.strip(), start_date, settings) for name in rules.split(",") if name.strip()]
