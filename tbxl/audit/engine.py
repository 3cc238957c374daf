"""An event's values, derivations and rankings under the rule sets an audit tries, each ranked once.

The checks (:mod:`tbxl.audit.check`) reach the event only through an engine: :class:`Engine` for an
individual event, :class:`TeamAuditEngine` for a team event (team codes, team names, the team
ranking with the primary score first, under the event's team settings). :func:`engine_for` picks
the one for an event.
"""

from __future__ import annotations

from typing import Mapping, Optional, Union

from tbxl.audit.candidates import Candidate, setting_candidates
from tbxl.model import Event, TeamTournament
from tbxl.rules import Convention
from tbxl.rules import TeamSettings, team_settings
from tbxl.standings import Standings, compute_standings, primary_score, resolve_tiebreaks
from tbxl.tiebreaks import Context, compute, explain
from tbxl.tiebreaks.codes import Descriptor, parse


class Engine:
    """Values and derivations of an individual event under several conventions, each context built
    once, on demand (``parse``, ``is_order``, ``name``, ``value``, ``explain``, ``standings``,
    ``ranking``, ``rank_candidates``: what the checks ask of an event)."""

    parse = staticmethod(parse)
    #: How errors name a row's number.
    who = "player with start number"

    def __init__(self, tournament: Event, tiebreaks: list[str]) -> None:
        self.t = tournament
        self.tiebreaks = tiebreaks
        self._standings: dict[tuple, Standings] = {}
        self.tried: dict[str, Candidate] = {}   # every candidate tried, by name

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

    def value(self, conv: Convention, d: Descriptor, sn: int):
        ctx = self.context(conv)
        return compute(ctx, d).value(ctx.index[sn])

    def explain(self, conv: Convention, d: Descriptor, sn: int):
        return explain(self.context(conv), d, sn)

    def standings(self, conv: Convention, tiebreaks: Optional[tuple[str, ...]] = None) -> Standings:
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

    parse = staticmethod(lambda code: parse(code, team=True))
    who = "team with number"

    def __init__(self, tournament: Event, primary: str, tiebreaks: list[str],
                 settings: Union[TeamSettings, Mapping, None] = None) -> None:
        super().__init__(tournament, tiebreaks)
        self.points_code = "MPTS" if primary == "MP" else "GPTS"
        self.settings = team_settings(settings)

    @staticmethod
    def is_order(d) -> bool:
        return d.is_order

    def name(self, number: int) -> str:
        return self.t.team(number).name

    def standings(self, conv: Convention, tiebreaks: Optional[tuple[str, ...]] = None,
                  settings: Optional[TeamSettings] = None):
        """The standings under ``conv`` and the team ``settings`` (None: the audit's)."""
        # The team ranking loads here, for a team event only: the Excel functions import the audit
        # and stay light (tests/test_excel_metadata.py).
        settings = self.settings if settings is None else settings
        key = (conv.name, tiebreaks, settings)
        if key not in self._standings:
            codes = [self.points_code] + list(tiebreaks or self.tiebreaks)
            self._standings[key] = compute_standings(self.t, codes, conv, settings=settings)
        return self._standings[key]

    def ranking(self, c: Candidate):
        return self.standings(c.convention, c.tiebreaks, c.settings)

    def rank_candidates(self, conv: Convention, tried: list[Candidate]) -> list[Candidate]:
        """Each rule set (the announced ``conv`` first, then those ``tried``) with a team setting
        changed that can change this ranking. Team settings change orders only (EDEBT/EDEBB rank
        inside a tied group), so only ranks are checked against them."""
        return setting_candidates(conv, tried, self.tiebreaks, self.settings)


def engine_for(event: Event, tiebreaks=None, settings: Union[TeamSettings, Mapping, None] = None) -> Engine:
    """The engine of ``event`` ranking by ``tiebreaks`` (default: the file's 212/202 record, else
    tbxl's default list for the event's kind); ``settings``: a team event's team settings."""
    if isinstance(event, TeamTournament):
        primary, descs = (primary_score(event, tiebreaks), resolve_tiebreaks(event, tiebreaks))  # type: ignore[arg-type]
        return TeamAuditEngine(event, primary, [d.code for d in descs], settings)
    if settings is not None and team_settings(settings).changes:
        raise TypeError("team settings are for team events; an individual event's settings are its convention's")
    return Engine(event, [d.code for d in resolve_tiebreaks(event, tiebreaks)])  # type: ignore[arg-type]

