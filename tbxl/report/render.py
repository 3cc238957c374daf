"""Writing a report: one entry point per document kind, each taking any event's standings (or an
audit or a comparison of any event), building its view and writing the document atomically:
:func:`render_pdf` (the standings report, or a team event's team report),
:func:`render_appeal_pdf`, :func:`render_audit_pdf`, :func:`render_compare_pdf`. The PDF, or with
``html`` the standalone web page (the stylesheets inlined).

The HTML is :mod:`~tbxl.report.templating`'s (the Jinja2 templates of ``templates/``,
autoescaped, control and bidi characters of names made inert); the PDF :mod:`~tbxl.report.pdf`'s
(WeasyPrint fetching nothing but files of the templates folder, a long report rendered in the
bounded parts of :mod:`~tbxl.report.parts` and joined with pypdf). A ``progress`` callable (what,
done, total, extra text) hears of the work; drawing it is the caller's business (the CLI draws a
bar on stderr)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tbxl.io.files import PathLike, check_output, output_format, write_atomic
from tbxl.report.pdf import to_pdf
from tbxl.report.templating import render_html
from tbxl.report.views import build_view
from tbxl.report.views.audit import build_audit_view
from tbxl.report.views.blocks import Progress
from tbxl.report.views.compare import build_compare_view
from tbxl.report.views.frame import ReportView
from tbxl.report.views.team import TeamReport
from tbxl.report.views.team_appeal import TeamAppeal

if TYPE_CHECKING:  # the rooms below the report, as types only
    from tbxl.audit import Audit, Comparison
    from tbxl.categories import Classification
    from tbxl.projection import ReportOptions
    from tbxl.rating_change import RatingChange
    from tbxl.standings import Standings


def _is_html(output: PathLike) -> bool:
    return output_format(output, ("pdf", "html")) == "html"


def _write_report(
    view: ReportView,
    template: str,
    output: PathLike,
    inputs: Sequence[PathLike | None],
    *,
    html: bool = False,
    progress: Progress | None = None,
) -> int | None:
    """Render a view and write it atomically: the PDF, or with ``html`` the standalone web page
    (stylesheets inlined). Returns the number of PDF pages (None for HTML)."""
    if html:
        text = render_html(view, template, web=True)
        write_atomic(output, text.encode("utf-8"), inputs=inputs)
        return None
    data, pages = to_pdf(view, template, progress)
    write_atomic(output, data, inputs=inputs)
    return pages


def render_pdf(
    standings: Standings,
    output: PathLike,
    *,
    lang: str = "en",
    derivations: str = "none",
    players: Sequence[int] | None = None,
    paper: str = "a4",
    input_path: PathLike | None = None,
    html: bool | None = None,
    progress: Progress | None = None,
    by_round: bool = False,
    classification: Classification | None = None,
    min_games: int = 0,
    rating_changes: dict[int, RatingChange | None] | None = None,
    pages: Sequence[str] = (),
    url: str = "",
    options: ReportOptions | None = None,
) -> int | None:
    """Write the standings report of any event (PDF, or the web page with ``html=True``; by
    default as ``output``'s extension says) to ``output``: the final standings, the ranking
    crosstable, how each tie was broken, the categories' standings and the prizes of
    ``classification`` (:func:`tbxl.categories.classify`), the derivations asked for (see
    :func:`~tbxl.report.views.build_view`); of a team event the team report (``team.html.j2``:
    the match crosstable, the board-by-board results and the board prizes of players with
    ``min_games`` games, ``players`` naming teams). ``rating_changes``
    (:func:`tbxl.rating_change.rating_changes`) adds the K and rtg+/- columns; ``pages``
    (:data:`tbxl.report.views.pages.PAGES`) prints the pages an event posts, ``url`` a link and
    its QR code; ``options`` (:class:`~tbxl.projection.ReportOptions`) stands for all the report's
    options at once. Returns the number of pages of the PDF (None for the web page)."""
    check_output(output, [input_path])
    if html is None:
        html = _is_html(output)
    view = build_view(
        standings,
        lang=lang,
        derivations=derivations,
        players=players,
        paper=paper,
        input_path=input_path,
        progress=progress,
        by_round=by_round,
        classification=classification,
        min_games=min_games,
        rating_changes=rating_changes,
        pages=pages,
        url=url,
        options=options,
    )
    template = "team.html.j2" if isinstance(view, TeamReport) else "report.html.j2"
    return _write_report(view, template, output, [input_path], html=html, progress=progress)


def render_appeal_pdf(
    standings: Standings,
    start_number: int | Sequence[int],
    output: PathLike,
    *,
    lang: str = "en",
    paper: str = "a4",
    input_path: PathLike | None = None,
    codes: Sequence[str] | None = None,
    html: bool | None = None,
    options: ReportOptions | None = None,
) -> int | None:
    """Write the appeal report of one player or of several (a list of start numbers: the first is
    the appellant): the standings lines, the groups on the same points and how each tie was
    broken, what separates the first from the others, and the derivation of every tie-break in
    ``codes`` (default PTS + the standings' tie-breaks) of each; PDF, or the web page (by default
    when ``output`` ends in .html); of a team event the team appeal of those teams
    (:class:`~tbxl.report.views.team_appeal.TeamAppeal`: a few pages). ``options``
    (:class:`~tbxl.projection.ReportOptions`): the language and paper at once. Returns
    the number of pages (None for the web page)."""
    check_output(output, [input_path])
    if html is None:
        html = _is_html(output)
    view = build_view(
        standings, lang=lang, paper=paper, input_path=input_path, appeal=start_number, codes=codes, options=options
    )
    template = "team_appeal.html.j2" if isinstance(view, TeamAppeal) else "appeal.html.j2"
    return _write_report(view, template, output, [input_path], html=html)


def render_audit_pdf(
    result: Audit,
    output: PathLike,
    *,
    lang: str = "en",
    paper: str = "a4",
    inputs: Sequence[PathLike] = (),
    html: bool | None = None,
    options: ReportOptions | None = None,
) -> None:
    """Write the audit report of any event (PDF, or HTML with ``html=True``; by default when
    ``output`` ends in .html). ``options`` (:class:`~tbxl.projection.ReportOptions`): the language
    and paper at once."""
    if options is not None:
        lang, paper = options.lang, options.paper
    check_output(output, list(inputs))
    view = build_audit_view(result, lang=lang, paper=paper, inputs=inputs)
    _write_report(view, "audit.html.j2", output, list(inputs), html=_is_html(output) if html is None else html)


def render_compare_pdf(
    result: Comparison | Sequence[Standings],
    output: PathLike,
    *,
    lang: str = "en",
    paper: str = "a4",
    input_path: PathLike | None = None,
    changed_only: bool = False,
    html: bool | None = None,
    options: ReportOptions | None = None,
) -> None:
    """Write the comparison report of any event (PDF, or HTML with ``html=True``; by default when
    ``output`` ends in .html): ``result`` as :func:`~tbxl.report.views.compare.build_compare_view`
    takes it. ``options`` (:class:`~tbxl.projection.ReportOptions`): the language and paper at once."""
    if options is not None:
        lang, paper = options.lang, options.paper
    check_output(output, [input_path])
    view = build_compare_view(result, lang=lang, paper=paper, input_path=input_path, changed_only=changed_only)
    _write_report(view, "compare.html.j2", output, [input_path], html=_is_html(output) if html is None else html)
