"""The settings of team events (``--set NAME=VALUE`` on a team event), typed as the convention's
are (:mod:`tbxl.rules.conventions`): each value an enum carrying its words, one spelling each.

>>> s = TeamSettings().with_options(ede_bc="higher-first")
>>> s.ede_bc is EdeBoardCount.HIGHER_FIRST, s.describe()
(True, "EDEBT/EDEBB's board-count step ranks the higher count first (the reference engine)")
>>> from tbxl.rules.conventions import get
>>> s.named(get("fide-2024")), TeamSettings().named(get("fide-2024"))
('fide-2024+ede_bc=higher-first', 'fide-2024')
>>> split(["ede_bc=higher-first", "vur_cut=always"])
(TeamSettings(ede_bc=<EdeBoardCount.HIGHER_FIRST: 'higher-first'>), ['vur_cut=always'])
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Iterable, Mapping, Optional, Union

from tbxl.rules.conventions import (SETTINGS, Convention, Mode, Setting, known_item, mode_field, parse_settings,
                           settings_of, spelled_changes)

__all__ = ["EdeBoardCount", "TeamSettings", "TEAM_SETTINGS", "split", "settings"]


class EdeBoardCount(Mode):
    """The board-count step inside EDEBT/EDEBB (C.07 Art. 13, 2026): the lower board count first,
    as BC itself ranks (Art. 12), or the higher first, as the reference engine ranks there (which
    favours points on the bottom boards)."""

    LOWER_FIRST = "lower-first", "EDEBT/EDEBB's board-count step ranks the lower count first, as BC (Art. 12)"
    HIGHER_FIRST = "higher-first", "EDEBT/EDEBB's board-count step ranks the higher count first (the reference engine)"


@dataclass(frozen=True)
class TeamSettings:
    """How a team event ranks where the rules leave a choice; the defaults follow C.07's text.

    ``ede_bc`` - the BC step of EDEBT/EDEBB (:class:`EdeBoardCount`).
    """

    ede_bc: EdeBoardCount = mode_field(EdeBoardCount.LOWER_FIRST)

    def with_options(self, **changes) -> "TeamSettings":
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


#: The team settings (``--set NAME=VALUE`` on a team event), by name.
TEAM_SETTINGS: dict[str, Setting] = settings_of(TeamSettings)


def settings(given: Union[TeamSettings, Mapping, None]) -> TeamSettings:
    """``given`` as :class:`TeamSettings`: itself, the defaults for None, or a mapping of names to
    values or spellings (``{"ede_bc": "higher-first"}``)."""
    if isinstance(given, TeamSettings):
        return given
    return TeamSettings().with_options(**dict(given or {}))


def split(items: Optional[Iterable[str]]) -> tuple[TeamSettings, list[str]]:
    """The team settings among ``NAME=VALUE`` items (``--set``), and the other items, left for the
    convention (:func:`tbxl.rules.conventions.resolve`); :class:`~tbxl.errors.UnknownRules` listing the
    convention's settings and the team settings for an item naming neither.

    >>> split(["ede-bc=lower"])
    Traceback (most recent call last):
    ...
    tbxl.errors.UnknownRules: ede_bc must be one of lower-first, higher-first, not 'lower'
    """
    rest, changes = [], {}
    for item in items or ():
        key, value = known_item(item, {**SETTINGS, **TEAM_SETTINGS})
        if key in TEAM_SETTINGS:
            changes[key] = value
        else:
            rest.append(item)
    return TeamSettings().with_options(**changes), rest
