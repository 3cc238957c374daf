"""What a report shows (:class:`ReportOptions`), a module of its own: only a report, a workbook or
an explanation's PDF reads it, and a ranking never loads its frozen dataclass (issue 26 item 7)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from tbxl.errors import UsageError
from tbxl.projection.options import given_options

if TYPE_CHECKING:
    from tbxl.projection.kind import Kind

__all__ = ["ReportOptions"]


@dataclass(frozen=True)
class ReportOptions:
    """What a report shows: its language and paper, the derivations (None: the kind's default,
    :attr:`~tbxl.projection.kind.Kind.report_derivations`) and the participants they are
    restricted to, the round-by-round tables, a board prize's games (team events), the pages an
    event posts and its web address."""

    lang: str = "en"
    paper: str = "a4"
    derivations: str | None = None
    players: tuple[int, ...] | None = None
    by_round: bool = False
    min_games: int = 0
    pages: tuple[str, ...] = ()
    url: str = ""

    @classmethod
    def of(cls, given: Mapping[str, Any], players: list[int] | None = None) -> ReportOptions:
        """The report options among ``given`` (e.g. ``vars(args)``), with the ``players`` (start or
        team numbers) the derivations are restricted to."""
        o = given_options(cls, {k: v for k, v in given.items() if k != "players"})
        return o if players is None else replace(o, players=tuple(players))

    def for_kind(self, kind: Kind) -> ReportOptions:
        """These options with the derivations decided: those asked for, else the kind's default
        (with a list of participants: theirs); ``players`` asked without a list is a usage error."""
        derivations = self.derivations or kind.report_derivations[self.players is not None]
        if derivations.strip().lower() == "players" and not self.players:
            raise UsageError("--derivations players needs --players, e.g. --players 3,7,12")
        return replace(self, derivations=derivations)
