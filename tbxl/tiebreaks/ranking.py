"""What ranking differs between the kinds of event (C.07 Arts 4-10 for players, 11-13 for teams),
as one object per kind: :class:`Ranking`. The standings find it from the event's kind in their
table (:data:`tbxl.standings.RANKINGS`); a kind without an entry cannot be ranked
(:class:`~tbxl.errors.NotSupported`), and a third kind adds its own or ranks as one of these."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tbxl.model import team_event
from tbxl.rules import Convention, team_settings
from tbxl.tiebreaks.codes import Descriptor
from tbxl.tiebreaks.context import Context, Score

if TYPE_CHECKING:
    from tbxl.model import AnyEvent, Player, Team

__all__ = ["Ranking"]


@dataclass(frozen=True)
class Ranking:
    """How one kind of event is ranked: its default lists (Swiss, round robin) when neither the call
    nor the file gives one, whether its codes are a team event's (``parse_list``), how it finds the
    score it ranks by first (``primary_of``: None for players, who rank by PTS; a team event's first
    points code, MP or GP), the tie-breaks' context and who the rows are."""

    swiss: str
    round_robin: str
    team_codes: bool
    primary_of: Callable[[Sequence[Descriptor]], str] | None = None

    def primary(self, ds: list[Descriptor]) -> str | None:
        """The score the event ranks by first (a team event's MP or GP); None for players (PTS)."""
        return None if self.primary_of is None else self.primary_of(ds)

    def tiebreaks(self, ds: list[Descriptor], primary: str | None) -> list[Descriptor]:
        """The list without the points that rank first (:func:`tbxl.standings.resolve_tiebreaks`)."""
        if primary is None:
            return [d for d in ds if d.name != "PTS"]
        first = next((k for k, d in enumerate(ds) if d.name == "POINTS"), None)
        if first is not None and (ds[first].score or primary) == primary:
            ds = ds[:first] + ds[first + 1 :]
        return ds

    def context(self, event: AnyEvent, conv: Convention, primary: str | None, settings: Any) -> Context:
        """The tie-breaks' context: a team event's on its primary score with its team settings."""
        if primary is None:
            if settings is not None:
                raise TypeError("team settings are for a team event")
            return Context(event, conv)
        return Context(event, conv, Score(primary), settings=team_settings(settings))

    def participants(self, event: AnyEvent, ctx: Context) -> Sequence[Player | Team]:
        """Who the rows are: the players, or a team event's teams (the context's players stand for them)."""
        return team_event(event, "ranking").teams if self.team_codes else ctx.players
