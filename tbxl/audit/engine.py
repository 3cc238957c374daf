"""An event's values, derivations and rankings under the rule sets an audit tries, each ranked once.

The checks (:mod:`tbxl.audit.check`) reach the event only through an engine: :class:`Engine` for an
individual event, :class:`TeamAuditEngine` for a team event (team codes, team names, the team
ranking with the primary score first, under the event's team settings). :func:`engine_for` picks
the one for an event.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any

from tbxl.audit.candidates import Candidate, setting_candidates
from tbxl.derivation import Derivation
from tbxl.model import AnyEvent, Event, EventKind, TeamTournament, Tournament, for_kind, team_event
from tbxl.rules import Convention, TeamSettings, team_settings
from tbxl.standings import Standings, Tiebreaks, Value, compute_standings, primary_score, resolve_tiebreaks
from tbxl.tiebreaks import Context, compute, explain
from tbxl.tiebreaks.codes import Descriptor
from tbxl.tiebreaks.codes import parse as parse_code

#: A team event's settings as the audit takes them: the settings, a mapping of names to values or
#: spellings (``{"ede_bc": "higher-first"}``), or None (the defaults).
GivenSettings = TeamSettings | Mapping[str, Any] | None


class Engine:
    """Values and derivations of an individual event under several conventions, each context built
    once, on demand (``parse``, ``is_order``, ``name``, ``value``, ``explain``, ``standings``,
    ``ranking``, ``rank_candidates``: what the checks ask of an event)."""

    #: How errors name a row's number.
    who = "player with start number"

    def __init__(self, tournament: AnyEvent, tiebreaks: list[str]) -> None:
        self.t = tournament
        self.tiebreaks = tiebreaks
        self._standings: dict[tuple[Hashable, ...], Standings] = {}
        self.tried: dict[str, Candidate] = {}  # every candidate tried, by name

    @staticmethod
    def parse(code: str) -> Descriptor:
        """The tie-break a code names (an individual event's codes)."""
        return parse_code(code)

    @staticmethod
    def is_order(d: Descriptor) -> bool:
        """An order within a tied group (DE), not a number: the rank check covers it."""
        return d.name == "DE"

    def name(self, sn: int) -> str:
        return self.t.player(sn).name

    def context(self, conv: Convention) -> Context:
        """The context of ``conv``: the one its standings were ranked with, so that each rule set
        builds its context once (the most costly step) and computes each column once."""
        return self.standings(conv).context

    def value(self, conv: Convention, d: Descriptor, sn: int) -> Value:
        ctx = self.context(conv)
        return compute(ctx, d).value(ctx.index[sn])

    def explain(self, conv: Convention, d: Descriptor, sn: int) -> Derivation:
        return explain(self.context(conv), d, sn)

    def standings(self, conv: Convention, tiebreaks: tuple[str, ...] | None = None) -> Standings:
        key = (conv.name, tiebreaks)
        if key not in self._standings:
            self._standings[key] = compute_standings(self.t, list(tiebreaks or self.tiebreaks), conv)
        return self._standings[key]

    def ranking(self, c: Candidate) -> Standings:
        """The standings of a candidate (its own tie-break order, if it has one)."""
        return self.standings(c.convention, c.tiebreaks)

    def rank_candidates(self, conv: Convention, tried: list[Candidate]) -> list[Candidate]:
        """More rule sets (on the announced ``conv`` and those ``tried``), tried on published ranks
        only: the event's settings that change an order within a tied group and no value
        (:func:`~tbxl.audit.candidates.setting_candidates`). An individual event has none."""
        return []


class TeamAuditEngine(Engine):
    """:class:`Engine` on a team event: team codes, team names, team standings (each rule set
    ranked once, with the primary score first, under the same team settings)."""

    who = "team with number"

    def __init__(
        self, tournament: TeamTournament, primary: str, tiebreaks: list[str], settings: GivenSettings = None
    ) -> None:
        super().__init__(tournament, tiebreaks)
        self.teams = tournament
        self.points_code = "MPTS" if primary == "MP" else "GPTS"
        self.settings = team_settings(settings)

    @staticmethod
    def parse(code: str) -> Descriptor:
        """The tie-break a team code names."""
        return parse_code(code, team=True)

    @staticmethod
    def is_order(d: Descriptor) -> bool:
        return d.is_order

    def name(self, number: int) -> str:
        return self.teams.team(number).name

    def standings(
        self, conv: Convention, tiebreaks: tuple[str, ...] | None = None, settings: TeamSettings | None = None
    ) -> Standings:
        """The standings under ``conv`` and the team ``settings`` (None: the audit's)."""
        # The team ranking loads here, for a team event only: the Excel functions import the audit
        # and stay light (tests/test_excel_metadata.py).
        settings = self.settings if settings is None else settings
        key = (conv.name, tiebreaks, settings)
        if key not in self._standings:
            codes = [self.points_code] + list(tiebreaks or self.tiebreaks)
            self._standings[key] = compute_standings(self.t, codes, conv, settings=settings)
        return self._standings[key]

    def ranking(self, c: Candidate) -> Standings:
        return self.standings(c.convention, c.tiebreaks, c.settings)

    def rank_candidates(self, conv: Convention, tried: list[Candidate]) -> list[Candidate]:
        """Each rule set (the announced ``conv`` first, then those ``tried``) with a team setting
        changed that can change this ranking. Team settings change orders only (EDEBT/EDEBB rank
        inside a tied group), so only ranks are checked against them."""
        return setting_candidates(conv, tried, self.tiebreaks, self.settings)


def engine_for(event: Event, tiebreaks: Tiebreaks = None, settings: GivenSettings = None) -> Engine:
    """The engine of ``event`` ranking by ``tiebreaks`` (default: the file's 212/202 record, else
    tbxl's default list for the event's kind); ``settings``: a team event's team settings."""
    return for_kind(_ENGINES, event, "the audit")(event, tiebreaks, settings)


def _players_engine(event: Tournament, tiebreaks: Tiebreaks, settings: GivenSettings) -> Engine:
    if settings is not None and team_settings(settings).changes:
        raise TypeError("team settings are for team events; an individual event's settings are its convention's")
    return Engine(event, [d.code for d in resolve_tiebreaks(event, tiebreaks)])


def _teams_engine(event: Event, tiebreaks: Tiebreaks, settings: GivenSettings) -> Engine:
    t = team_event(event, "the team audit")
    primary, descs = (primary_score(t, tiebreaks), resolve_tiebreaks(t, tiebreaks))
    return TeamAuditEngine(t, primary, [d.code for d in descs], settings)


#: The audit engine of each kind of event.
_ENGINES: dict[EventKind, Callable[..., Engine]] = {
    EventKind.INDIVIDUAL: _players_engine,
    EventKind.TEAM: _teams_engine,
}
