"""Report views: everything the templates show, built once from any event's standings (or an
audit or a comparison) in the reader's language, with no Jinja2 or WeasyPrint needed. One module
per view: :mod:`~tbxl.report.views.standings`, :mod:`~tbxl.report.views.appeal`,
:mod:`~tbxl.report.views.team`, :mod:`~tbxl.report.views.audit`,
:mod:`~tbxl.report.views.compare`; their parts: :mod:`~tbxl.report.views.frame` (head and foot),
:mod:`~tbxl.report.views.blocks` (lines and derivations), :mod:`~tbxl.report.views.ties`,
:mod:`~tbxl.report.views.categories`, and a team report's :mod:`~tbxl.report.views.team_frame`,
:mod:`~tbxl.report.views.team_derivations`, :mod:`~tbxl.report.views.team_boards`.
:func:`build_view` picks the view of a standings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tbxl.categories import Classification
from tbxl.model import EventKind, for_kind
from tbxl.projection import ReportOptions
from tbxl.rating_change import RatingChange
from tbxl.report.views.appeal import build_appeal_view
from tbxl.report.views.blocks import Progress
from tbxl.report.views.frame import ReportView
from tbxl.report.views.standings import build_standings_view
from tbxl.report.views.team import build_team_view
from tbxl.report.views.team_appeal import build_team_appeal_view
from tbxl.standings import Standings

Appeal = int | Sequence[int] | None
Changes = dict[int, RatingChange | None] | None


def build_view(
    standings: Standings,
    *,
    lang: str = "en",
    derivations: str = "none",
    players: Sequence[int] | None = None,
    paper: str = "a4",
    input_path: Any = None,
    appeal: Appeal = None,
    codes: Sequence[str] | None = None,
    progress: Progress | None = None,
    by_round: bool = False,
    classification: Classification | None = None,
    min_games: int = 0,
    rating_changes: Changes = None,
    pages: Sequence[str] = (),
    url: str = "",
    options: ReportOptions | None = None,
) -> ReportView:
    """Everything the templates show of ``standings`` (no WeasyPrint needed): the standings
    report (:class:`~tbxl.report.views.standings.StandingsReport`), with ``appeal`` the appeal
    report (:class:`~tbxl.report.views.appeal.AppealReport`), and of a team event the team report
    (:class:`~tbxl.report.views.team.TeamReport`: ``players`` are team numbers, ``min_games``
    the games a board prize needs; an appeal: the team appeal of
    :class:`~tbxl.report.views.team_appeal.TeamAppeal`).

    ``derivations`` (see :func:`~tbxl.report.selection.parse_derivations`, default none) picks
    the players (teams) with derivation blocks, and ``players`` restricts them. ``by_round`` adds
    the round-by-round tables; ``classification`` (:func:`tbxl.categories.classify`) the
    categories' standings and the prize lists. ``appeal`` = a start number or a list of them makes
    the appeal report of those players, with the derivations of ``codes`` (default PTS + the
    tie-breaks). ``progress`` (a callable: what, done, total, extra text) hears of the work done.
    ``options`` (:class:`~tbxl.projection.ReportOptions`), when given, stands for the report's
    options (language, paper, derivations, players, by_round, min_games, pages, url) all at once.
    """
    o = options or ReportOptions(
        lang=lang,
        paper=paper,
        derivations=derivations,
        players=None if players is None else tuple(players),
        by_round=by_round,
        min_games=min_games,
        pages=tuple(pages),
        url=url,
    )
    return for_kind(_VIEWS, standings.tournament, "the report")(
        standings,
        o,
        appeal=appeal,
        codes=codes,
        progress=progress,
        classification=classification,
        rating_changes=rating_changes,
        input_path=input_path,
    )


def _individual_view(
    standings: Standings,
    o: ReportOptions,
    *,
    appeal: Appeal,
    codes: Sequence[str] | None,
    progress: Progress | None,
    classification: Classification | None,
    rating_changes: Changes,
    input_path: Any,
) -> ReportView:
    players = None if o.players is None else list(o.players)
    if appeal is not None:
        return build_appeal_view(
            standings, appeal, lang=o.lang, paper=o.paper, input_path=input_path, codes=codes, progress=progress
        )
    return build_standings_view(
        standings,
        lang=o.lang,
        derivations=o.derivations or "none",
        players=players,
        paper=o.paper,
        input_path=input_path,
        progress=progress,
        by_round=o.by_round,
        classification=classification,
        rating_changes=rating_changes,
        pages=o.pages,
        url=o.url,
    )


def _team_view(
    standings: Standings,
    o: ReportOptions,
    *,
    appeal: Appeal,
    codes: Sequence[str] | None,
    progress: Progress | None,
    classification: Classification | None,
    rating_changes: Changes,
    input_path: Any,
) -> ReportView:
    if appeal is not None:  # a team appeal: the teams concerned only, a few pages
        return build_team_appeal_view(standings, appeal, lang=o.lang, paper=o.paper, input_path=input_path)
    teams = None if o.players is None else list(o.players)
    derivations = o.derivations or "none"
    return build_team_view(
        standings,
        lang=o.lang,
        derivations=derivations,
        teams=teams,
        paper=o.paper,
        input_path=input_path,
        min_games=o.min_games,
        by_round=o.by_round,
        progress=progress,
    )


#: The view of a standings by the kind of event.
_VIEWS = {EventKind.INDIVIDUAL: _individual_view, EventKind.TEAM: _team_view}
