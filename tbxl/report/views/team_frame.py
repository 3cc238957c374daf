"""The frame of a team report: its heading (the teams and boards of the event), its rules and
footer, and the team words of its tie-breaks (:func:`team_definition`: the meaning of a team
tie-break with its article, the score it counts and its modifiers).

The team report (:mod:`~tbxl.report.views.team`) starts from :func:`team_frame`; the compare and
audit reports of a team event are the individual ones with the team words of
:func:`team_compare_frame`."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from tbxl import __version__
from tbxl.model import TeamTournament
from tbxl.report.labels import Labels, paper_size, team_labels
from tbxl.report.views.frame import (
    Event,
    Footer,
    InputFile,
    ReportView,
    RulesText,
    TiebreakText,
    event_dates,
    modifier_texts,
    rules_text,
)
from tbxl.standings import Standings
from tbxl.tiebreaks.codes import parse

if TYPE_CHECKING:  # types only
    from tbxl.io.files import PathLike


def team_tournament(st: Standings) -> TeamTournament:
    """The event of a team report's standings."""
    t = st.tournament
    assert isinstance(t, TeamTournament)
    return t


@dataclass(frozen=True)
class TeamEvent(Event):
    """The heading of a team event: ``players`` counts its teams; ``boards``, the boards of a match."""

    boards: int = 0

    @property
    def teams(self) -> int:
        return self.players


def team_definition(code: str, L: Labels) -> str:
    """One line: a team tie-break's meaning with its article, the score it counts, its modifiers.
    The meaning comes from the labels: an individual family's from ``tiebreak_meanings`` of
    ``labels/<lang>/report.json``, a team family's from those of ``labels/<lang>/team.json`` (English
    only today: a language without it falls back to the code table's English)."""
    d = parse(code, team=True)
    meanings = L["tiebreak_meanings"] if d.is_individual else L["team"]["tiebreak_meanings"]
    if d.name == "POINTS":  # the primary score (or a points tie-break): what its points are
        meaning: str = L["team"]["points_meanings"].get(d.score or "MP", meanings.get(d.name, d.meaning))
        return meaning + (f" ({L['article']} {d.article})" if d.article else "")
    parts = [meanings.get(d.name, d.meaning) + (f" ({L['article']} {d.article})" if d.article else "")]
    if d.score:
        parts.append(d.score)
    return "; ".join(parts + modifier_texts(d, d.base.low, d.base.high, L))


def team_rules_text(st: Standings, L: Labels) -> RulesText:
    """The rules as a team report names them: the convention's title and source, its name with the
    team settings changed on the defaults (:attr:`Standings.rules`)."""
    return replace(rules_text(st.convention, L, st.tournament.start_date), name=st.rules)


def team_frame(st: Standings, L: Labels, lang: str, paper: str, input_path: PathLike | None) -> ReportView:
    """The head and foot of a team report: the footer names the event, the tie-break order starts
    with the primary score, defined as the tie-breaks are."""
    size = paper_size(paper)
    t = team_tournament(st)
    source = InputFile.of(input_path, t.source)
    rules = team_rules_text(st, L)
    return ReportView(
        L,
        lang,
        size,
        TeamEvent(
            t.name or source.name,
            t.city,
            event_dates(t, L),
            t.chief_arbiter,
            t.rounds,
            len(t.teams),
            "",
            federation=t.federation,
            deputy_arbiters=", ".join(t.deputy_arbiters),
            time_control=t.time_control,
            links=tuple(t.links),
            boards=t.boards,
        ),
        rules,
        source,
        Footer(t.name or source.name, L["rules"], rules.name, source.name, source.sha256),
        tuple(TiebreakText(c, team_definition(c, L)) for c in [st.primary or "MP"] + list(st.codes)),
        tuple(st.codes),
        __version__,
    )


def team_compare_frame(st: Standings, *, lang: str, paper: str, input_path: PathLike | None) -> ReportView:
    """The header, labels and footer of a team compare or audit report: the team report's with the
    individual labels the shared templates use turned to teams (no., team, teams)."""
    L = team_labels(lang)
    T = L["team"]
    L = dict(
        L,
        players_count=T["teams"],
        col_name=T["team"],
        col_sno=T["col_no"],
        audit=dict(L["audit"], compare_intro=T["compare_intro"]),
    )
    head = team_frame(st, L, lang, paper, input_path)
    return replace(head, foot=replace(head.foot, event=head.event.name))
