"""What the rules leave open, as data: one frozen :class:`Convention` per rule set (how unplayed
rounds count, for any event) and :class:`TeamSettings` (what only team events choose), with the
one registry of their settings (:data:`REGISTRY`), each saying which kinds of event it applies to.

Every difference between FIDE editions and the programs of the seed articles is a field here, so a
tie-break never asks "which edition?" - it asks the field. A convention knows the preset it starts
from and the settings changed on it, so its name (``fide-2026+vur_cut=always``) is derived, never
parsed back.

>>> s = TeamSettings().with_options(ede_bc="higher-first")
>>> s.ede_bc is EdeBoardCount.HIGHER_FIRST, s.describe()
(True, "EDEBT/EDEBB's board-count step ranks the higher count first (the reference engine)")
>>> from tbxl.rules import get
>>> s.named(get("fide-2024")), TeamSettings().named(get("fide-2024"))
('fide-2024+ede_bc=higher-first', 'fide-2024')
>>> split_team_settings(["ede_bc=higher-first", "vur_cut=always"])
(TeamSettings(ede_bc=<EdeBoardCount.HIGHER_FIRST: 'higher-first'>), ['vur_cut=always'])
>>> sorted(k.value for k in REGISTRY["ede_bc"].events), len(REGISTRY["vur_cut"].events)
(['team'], 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from tbxl.model import EventKind
from tbxl.rules.modes import (
    BhForfeitWin,
    CapRounds,
    CutPriority,
    EdeBoardCount,
    OpponentScore,
    OwnUnplayed,
    RatingBy,
    RrForfeitWin,
    SbPab,
    SbVurPick,
    ShortGames,
    UnratedMethod,
    VurCut,
)
from tbxl.rules.settings import (
    Setting,
    known_item,
    mode_field,
    number_field,
    parse_settings,
    settings_of,
    spelled_changes,
    switch_field,
)

__all__ = [
    "Convention",
    "TeamSettings",
    "SETTINGS",
    "TEAM_SETTINGS",
    "REGISTRY",
    "settings_for",
    "team_settings",
    "split_team_settings",
]


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
    ``unrated_method`` - the rating of an unrated participant in rating tie-breaks
    (:class:`UnratedMethod`): with ``estimated`` the player's estimate first; then a code's
    ``/Unnnn``, ``unrated_rating``, 0 with ``zero``; else none (no value, D18).
    ``rating_by`` - a player rated more than once during the event: the first rating or the rating
    of each round (:class:`RatingBy`).
    ``cut_priority`` - which own rounds the 16.5 exception cuts first: VURs (the text) or every
    own unplayed round, PAB/FPB and forfeit wins too (Swiss-Manager's observed behaviour, C07 §8.4).
    ``bh_forfeit_win`` - what a forfeit win adds to Buchholz (BH, FB and their cuts) in a Swiss:
    what any own unplayed round adds (16.4) or an opponent worth 0 that the first low cut removes
    (a Swiss-Manager habit seen on a published BH-C1, :class:`BhForfeitWin`).
    ``forfeit_loss_returns_to_play`` - a paired round lost by forfeit counts as a return to play for
    the opponents' adjusted scores, so an earlier requested bye keeps its face value (a Vega habit;
    16.1 makes the forfeit loss a VUR, so the bye is 16.2.5 and counts as a draw, 16.3).
    ``sb_pab`` - what a pairing-allocated bye adds to SB in a Swiss: the 16.4 dummy or nothing (a Vega
    habit seen in 2026 events, :class:`SbPab`).
    """

    preset: str
    title: str
    source: str
    opponent_score: OpponentScore = mode_field(OpponentScore.ADJUSTED)
    own_unplayed: OwnUnplayed = mode_field(OwnUnplayed.DUMMY)
    paired_forfeit_uses_opponent: bool = switch_field(
        False, "a forfeit counts the scheduled opponent's score", "a forfeit counts like any unplayed round"
    )
    dummy_cap: bool = switch_field(False, "the dummy is capped (2026 16.4.1, 16.4.2)", "the dummy is not capped")
    dummy_cap_rounds: CapRounds = mode_field(CapRounds.EVALUATED)
    vur_cut: VurCut = mode_field(VurCut.HIGHER_OF)
    sb_vur_pick: SbVurPick = mode_field(SbVurPick.LEAST_SIGNIFICANT)
    rr_forfeit_win: RrForfeitWin = mode_field(RrForfeitWin.OPPONENT)
    fpb_returns_to_play: bool = switch_field(
        True, "a full-point bye is a return to play (16.1)", "a full-point bye is not a return to play"
    )
    short_games: ShortGames = mode_field(ShortGames.PLAYED)
    exceptions_15_2: bool = switch_field(False, "the 2026 15.2 exceptions apply", "without the 2026 15.2 exceptions")
    unrated_rating: int | None = number_field(None)
    unrated_method: UnratedMethod = mode_field(UnratedMethod.NO_VALUE)
    rating_by: RatingBy = mode_field(RatingBy.FIRST)
    cut_priority: CutPriority = mode_field(CutPriority.VUR)
    bh_forfeit_win: BhForfeitWin = mode_field(BhForfeitWin.UNPLAYED)
    forfeit_loss_returns_to_play: bool = switch_field(
        False,
        "a forfeit loss is a return to play for the opponents' adjusted scores (Vega)",
        "a forfeit loss is not a return to play (16.1)",
    )
    sb_pab: SbPab = mode_field(SbPab.DUMMY)
    changes: tuple[tuple[str, Any], ...] = ()

    def __post_init__(self) -> None:
        for key, setting in SETTINGS.items():  # "always" given for VurCut.ALWAYS: one type inside
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

    def with_options(self, **changes: Any) -> Convention:
        """A copy with some settings changed (their values or spellings); :attr:`changes` records
        them, so the name says so (``fide-2026+vur_cut=always``)."""
        if not changes:
            return self
        typed = parse_settings(SETTINGS, changes)
        recorded = dict(self.changes)
        recorded.update(typed)
        return replace(self, changes=tuple(recorded.items()), **typed)

    def with_settings(self, settings: Iterable[str]) -> Convention:
        """Apply ``NAME=VALUE`` strings (the CLI's ``--set``), checking names and values."""
        changes: dict[str, Any] = {}
        for item in settings:
            key, value = known_item(item, SETTINGS)
            changes[key] = SETTINGS[key].parse(value)
        return self.with_options(**changes)

    def describe(self) -> str:
        """The rule set in words: the preset's title (kept by every copy) and what each changed
        setting does.

        >>> from tbxl.rules import get
        >>> get("fide-2026").with_options(cut_priority="unplayed").describe()
        'FIDE C.07 (2026), but every own unplayed round is cut first, byes and forfeits too (Swiss-Manager)'
        """
        parts = [SETTINGS[k].text(v) for k, v in self.changes]
        return self.title + (", but " + "; ".join(parts) if parts else "")


@dataclass(frozen=True)
class TeamSettings:
    """How a team event ranks where the rules leave a choice; the defaults follow C.07's text.

    ``ede_bc`` - the BC step of EDEBT/EDEBB (:class:`EdeBoardCount`).
    """

    ede_bc: EdeBoardCount = mode_field(EdeBoardCount.LOWER_FIRST)

    def with_options(self, **changes: Any) -> TeamSettings:
        """A copy with some settings changed (their values or spellings)."""
        return replace(self, **parse_settings(TEAM_SETTINGS, changes, "team setting"))

    @property
    def changes(self) -> tuple[tuple[str, Any], ...]:
        """The settings that differ from the defaults, as (name, value) pairs in field order."""
        default = TeamSettings()
        return tuple((k, getattr(self, k)) for k in TEAM_SETTINGS if getattr(self, k) != getattr(default, k))

    def named(self, conv: Convention) -> str:
        """The name of the rules a team event ranks by: the convention's name and the team settings
        changed on the defaults, as the convention names its own (``fide-2024+ede_bc=higher-first``)."""
        return conv.name + spelled_changes(TEAM_SETTINGS, self.changes)

    def describe(self) -> str:
        """The settings that differ from the defaults, in words ("" for none)."""
        return "; ".join(TEAM_SETTINGS[k].text(v) for k, v in self.changes)


#: The settings of a convention, for events of any kind (``--set NAME=VALUE``), by name, in field order.
SETTINGS: dict[str, Setting] = settings_of(Convention)
#: The settings only team events have, by name.
TEAM_SETTINGS: dict[str, Setting] = settings_of(TeamSettings, [EventKind.TEAM])
#: Every setting, by name: the one registry (a name belongs to one setting, whatever the kind).
REGISTRY: dict[str, Setting] = {**SETTINGS, **TEAM_SETTINGS}
assert len(REGISTRY) == len(SETTINGS) + len(TEAM_SETTINGS), "a setting name is used twice"


def settings_for(kind: EventKind) -> dict[str, Setting]:
    """The settings an event of ``kind`` takes, by name."""
    return {k: s for k, s in REGISTRY.items() if kind in s.events}


def team_settings(given: TeamSettings | Mapping[str, Any] | None) -> TeamSettings:
    """``given`` as :class:`TeamSettings`: itself, the defaults for None, or a mapping of names to
    values or spellings (``{"ede_bc": "higher-first"}``)."""
    if isinstance(given, TeamSettings):
        return given
    return TeamSettings().with_options(**dict(given or {}))


def split_team_settings(items: Iterable[str] | None) -> tuple[TeamSettings, list[str]]:
    """The team settings among ``NAME=VALUE`` items (``--set``), and the other items, left for the
    convention (:func:`tbxl.rules.resolve`); :class:`~tbxl.errors.UnknownRules` listing every
    setting a team event takes for an item naming none.

    >>> split_team_settings(["ede-bc=lower"])
    Traceback (most recent call last):
    ...
    tbxl.errors.UnknownRules: ede_bc must be one of lower-first, higher-first, not 'lower'
    """
    rest, changes = [], {}
    for item in items or ():
        key, value = known_item(item, settings_for(EventKind.TEAM))
        if key in TEAM_SETTINGS:
            changes[key] = value
        else:
            rest.append(item)
    return TeamSettings().with_options(**changes), rest
