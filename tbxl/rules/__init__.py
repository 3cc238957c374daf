"""The rules: what C.07 and the programs leave open, as typed settings, and the named rule sets.

The modules, each one idea: :mod:`~tbxl.rules.settings` (what a setting is, the ``NAME=VALUE``
grammar), :mod:`~tbxl.rules.modes` (the setting values, one spelling each),
:mod:`~tbxl.rules.convention` (:class:`Convention` for any event, :class:`TeamSettings` for team
events, the one :data:`REGISTRY` of settings) and :mod:`~tbxl.rules.presets` (the named rule sets
and :func:`resolve`). This package is their interface: import from ``tbxl.rules``.

>>> c = resolve("fide-2024", None, ["vur_cut=always"])
>>> c.name, c.vur_cut is VurCut.ALWAYS, c.describe()
('fide-2024+vur_cut=always', True, 'FIDE C.07 (2023/2024), but unplayed rounds are cut first, always (2022 text)')
"""

from __future__ import annotations

from tbxl.rules.convention import (
    REGISTRY,
    SETTINGS,
    TEAM_SETTINGS,
    Convention,
    TeamSettings,
    settings_for,
    split_team_settings,
    team_settings,
)
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
from tbxl.rules.presets import (
    ALIASES,
    FIDE_2012_START,
    FIDE_2023_START,
    FIDE_2026_START,
    PRESETS,
    articles_edition,
    default_for,
    get,
    in_force_warning,
    not_in_force,
    resolve,
    resolve_each,
)
from tbxl.rules.settings import (
    Mode,
    Setting,
    known_item,
    parse_settings,
    setting_item,
    settings_of,
    spelled_changes,
    usage,
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
    "Mode",
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
    "PRESETS",
    "ALIASES",
    "FIDE_2026_START",
    "FIDE_2023_START",
    "FIDE_2012_START",
    "get",
    "default_for",
    "not_in_force",
    "in_force_warning",
    "articles_edition",
    "resolve",
    "resolve_each",
    "Setting",
    "settings_of",
    "setting_item",
    "known_item",
    "spelled_changes",
    "parse_settings",
    "usage",
]
