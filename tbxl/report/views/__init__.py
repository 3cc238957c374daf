"""Report views: everything the templates show, built once from any event's standings (or an
audit or a comparison) in the reader's language, with no Jinja2 or WeasyPrint needed. One module
per view: :mod:`~tbxl.report.views.standings`, :mod:`~tbxl.report.views.appeal`,
:mod:`~tbxl.report.views.team`, :mod:`~tbxl.report.views.audit`,
:mod:`~tbxl.report.views.compare`; their parts: :mod:`~tbxl.report.views.frame` (head and foot),
:mod:`~tbxl.report.views.blocks` (lines and derivations), :mod:`~tbxl.report.views.ties`,
:mod:`~tbxl.report.views.categories`. :func:`build_view` picks the view of a standings."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Sequence, Union

from tbxl.io.files import PathLike
from tbxl.report.views.appeal import build_appeal_view
from tbxl.report.views.blocks import Progress
from tbxl.report.views.frame import ReportView
from tbxl.report.views.standings import build_standings_view
from tbxl.report.views.team import build_team_view, is_team

if TYPE_CHECKING:   # the rooms below the report, as types only
    from tbxl.categories import Classification
    from tbxl.rating_change import RatingChange
    from tbxl.standings import Standings


def build_view(standings: Standings, *, lang: str = "en", derivations: str = "none",
               players: Optional[Sequence[int]] = None, paper: str = "a4", input_path: Optional[PathLike] = None,
               appeal: Union[int, Sequence[int], None] = None, codes: Optional[Sequence[str]] = None,
               progress: Optional[Progress] = None, by_round: bool = False,
               classification: Optional[Classification] = None, min_games: int = 0,
               rating_changes: Optional[dict[int, Optional[RatingChange]]] = None, pages: Sequence[str] = (),
               url: str = "") -> ReportView:
    """Everything the templates show of ``standings`` (no WeasyPrint needed): the standings
    report (:class:`~tbxl.report.views.standings.StandingsReport`), with ``appeal`` the appeal
    report (:class:`~tbxl.report.views.appeal.AppealReport`), and of a team event the team report
    (:class:`~tbxl.report.views.team.TeamReport`: ``players`` are team numbers, ``min_games``
    the games a board prize needs).

    ``derivations`` (see :func:`~tbxl.report.selection.parse_derivations`, default none) picks
    the players (teams) with derivation blocks, and ``players`` restricts them. ``by_round`` adds
    the round-by-round tables; ``classification`` (:func:`tbxl.categories.classify`) the
    categories' standings and the prize lists. ``appeal`` = a start number or a list of them makes
    the appeal report of those players, with the derivations of ``codes`` (default PTS + the
    tie-breaks). ``progress`` (a callable: what, done, total, extra text) hears of the work done.
    """
    if is_team(standings):
        return build_team_view(standings, lang=lang, derivations=derivations, teams=players, paper=paper,
                               input_path=input_path, min_games=min_games, by_round=by_round, progress=progress)
    if appeal is not None:
        return build_appeal_view(standings, appeal, lang=lang, paper=paper, input_path=input_path, codes=codes,
                                 progress=progress)
    return build_standings_view(standings, lang=lang, derivations=derivations, players=players, paper=paper,
                                input_path=input_path, progress=progress, by_round=by_round,
                                classification=classification, rating_changes=rating_changes,
                                pages=tuple(pages), url=url)

