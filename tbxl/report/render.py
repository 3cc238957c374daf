"""Rendering a report view: the Jinja2 templates of ``templates/`` (autoescaped, control and bidi
characters of names made inert), WeasyPrint fetching nothing but files of the templates folder, a
long report rendered in bounded parts joined with pypdf, the output written atomically.

One entry point per document kind, each taking any event's standings (or an audit or a
comparison of any event): :func:`render_pdf` (the standings report, or a team event's team
report), :func:`render_appeal_pdf`, :func:`render_audit_pdf`, :func:`render_compare_pdf`.
A ``progress`` callable (what, done, total, extra text) hears of the work; drawing it is the
caller's business (the CLI draws a bar on stderr)."""

from __future__ import annotations

import functools
import gc
import io
import mimetypes
import os
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict
from urllib.parse import unquote, urlparse
from urllib.request import url2pathname, urlopen

from tbxl.errors import MissingDependency, MissingSystemLibrary
from tbxl.formatting import visible
from tbxl.io.files import PathLike, check_output, output_format, write_atomic
from tbxl.limits import collector_paused
from tbxl.report.labels import templates_dir
from tbxl.report.text import plural
from tbxl.report.views import build_view
from tbxl.report.views.audit import build_audit_view
from tbxl.report.views.blocks import Progress
from tbxl.report.views.compare import build_compare_view
from tbxl.report.views.frame import ReportView, Section
from tbxl.report.views.standings import StandingsReport
from tbxl.report.views.team import TeamReport

if TYPE_CHECKING:  # the rooms below the report, and Jinja2 (the report extra's), as types only
    from concurrent.futures import ProcessPoolExecutor

    import jinja2

    from tbxl.audit import Audit, Comparison
    from tbxl.categories import Classification
    from tbxl.projection import ReportOptions
    from tbxl.rating_change import RatingChange
    from tbxl.standings import Standings

# Bounded rendering: WeasyPrint holds the layout of a whole document in memory (a 9,999-player
# report took 11 GB), so a long report is rendered in parts of at most this many standings or
# crosstable lines (a derivation block counts DERIVATION_WEIGHT lines), each to its own PDF, and
# the parts are joined with pypdf. A report under the limit is one document, as before.
PART_LINES = 1500
DERIVATION_WEIGHT = 25
# A report of at least this many lines is cut into one part per core and rendered in parallel.
PARALLEL_FROM = 600


@functools.lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    """The Jinja2 environment of the templates folder (autoescaped, strict, names made inert)."""
    import jinja2
    from markupsafe import Markup

    def finalize(value: object) -> object:
        # Every {{ value }} of a page: control and bidi characters of names made inert (a U+202E
        # in a name must not reverse the digits after it); tabs and line breaks are HTML's white
        # space (and the line breaks of the term blocks); our own Markup (the stylesheet) as is.
        return visible(value, keep="\t\n") if isinstance(value, str) and not isinstance(value, Markup) else value

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir())),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
        finalize=finalize,
    )
    env.globals["plural"] = plural
    return env


class Fetched(TypedDict):
    """A file served to WeasyPrint: its bytes, its type and its address."""

    string: bytes
    mime_type: str | None
    redirected_url: str


def url_fetcher(url: str) -> Fetched:
    """Serve only files inside the templates folder and ``data:`` URIs; raise for anything else.

    Returns WeasyPrint's classic dict (string, mime_type, redirected_url)."""
    if url.startswith("data:"):
        with urlopen(url) as r:  # decoded locally: urllib's data handler, no network
            return {"string": r.read(), "mime_type": r.headers.get_content_type(), "redirected_url": url}
    parsed = urlparse(url)
    if parsed.scheme == "file" and parsed.netloc in ("", "localhost"):
        path = Path(url2pathname(unquote(parsed.path))).resolve()
        if path.is_relative_to(templates_dir().resolve()) and path.is_file():
            return {
                "string": path.read_bytes(),
                "mime_type": mimetypes.guess_type(path.name)[0],
                "redirected_url": path.as_uri(),
            }
    raise ValueError(f"refusing to fetch {url!r}: only the report templates are allowed")


def _weasyprint_fetcher() -> object:
    """:func:`url_fetcher` in the form WeasyPrint 70 wants (a ``URLFetcher``)."""
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class TemplatesOnly(URLFetcher):  # type: ignore[misc]  # WeasyPrint has no types: its class is Any
        def fetch(self, url: str, headers: object = None) -> object:
            r = url_fetcher(url)
            return URLFetcherResponse(
                r["redirected_url"], r["string"], {"Content-Type": r["mime_type"] or "application/octet-stream"}
            )

    return TemplatesOnly(allowed_protocols=("file", "data"), allow_redirects=False)


def section_weight(section: Section, view: StandingsReport) -> int:
    """Lines of a section piece, for cutting the report into bounded parts."""
    if section.name == "classes":
        cls = view.classes
        return 40 + sum(len(c.rows) for c in cls.categories) + sum(len(p.rows) for p in cls.prizes)
    if not section.lines:
        return 40
    per = {"players": DERIVATION_WEIGHT, "by_round": DERIVATION_WEIGHT}.get(section.name) or view.line_weight(
        section.name
    )
    a, b = _span(section)
    return per * (b - a)


def _span(section: Section) -> tuple[int, int]:
    """The slice ``a:b`` of a section made of lines."""
    assert section.a is not None and section.b is not None
    return section.a, section.b


def _section_size(section: Section, view: StandingsReport) -> int:
    sized: dict[str, Sequence[object]] = {
        "standings": view.rows,
        "crosstable": view.xt.rows if view.xt else (),
        "by_round": view.by_round,
        "players": view.players,
        "compact": view.compact,
        "start": view.start_rows,
        "rounds": view.rounds_pages,
        "cards": view.cards,
        "after": view.after[section.block][1] if view.after else (),
    }
    return len(sized[section.name])


def report_parts(view: StandingsReport, limit: int | None = None) -> list[list[Section]]:
    """The report's sections cut into parts of at most ``limit`` lines (default ``PART_LINES``; a
    section made of lines is split between parts; a heading always stays with the first lines
    under it)."""
    limit = PART_LINES if limit is None else limit
    parts: list[list[Section]] = [[]]
    used = 0
    for sec in view.sections:
        if not sec.lines:
            parts[-1].append(sec)
            used += section_weight(sec, view)
            continue
        per = section_weight(replace(sec, a=0, b=1), view)
        a, end = _span(sec)
        while a < end:
            room = (limit - used) // per
            if room <= 0:
                parts.append([])
                used = 0
                room = max(limit // per, 1)
            b = min(a + room, end)
            parts[-1].append(replace(sec, a=a, b=b, first=a == sec.a, last=b == end))
            used += per * (b - a)
            a = b
    return [p for p in parts if p]


def render_html(
    view: ReportView,
    template: str = "report.html.j2",
    *,
    inline_css: bool = False,
    part: list[Section] | None = None,
    web: bool = False,
) -> str:
    """The HTML of a view. ``inline_css`` embeds report.css (for a standalone HTML file); ``web``
    makes the page for a web site (responsive, web.css inlined too); ``part`` renders only those
    sections of the standings report (see :func:`report_parts`), with the page numbers left to the
    caller."""
    css = None
    if inline_css or web:  # our own stylesheets, not data: mark them safe so that autoescape leaves them intact
        from markupsafe import Markup

        text = (templates_dir() / "report.css").read_text(encoding="utf-8")
        if web:
            text += "\n" + (templates_dir() / "web.css").read_text(encoding="utf-8")
        css = Markup(text)
    sections = view.sections if part is None else part
    return (
        environment()
        .get_template(template)
        .render(view=view, L=view.L, css=css, web=web, part=sections, numbered=part is None)
    )


def _weasy() -> object:
    """WeasyPrint's HTML class (untyped: WeasyPrint has no type information)."""
    try:
        from weasyprint import HTML
    except ImportError:
        raise MissingDependency("WeasyPrint", "report") from None
    except OSError as err:  # WeasyPrint is there, Pango (a system library) is not: "cannot load library ..."
        raise MissingSystemLibrary.pango(err) from None
    return HTML


def _render_doc(html: str) -> Any:  # WeasyPrint's Document: untyped
    HTML: Any = _weasy()
    return HTML(string=html, base_url=templates_dir().as_uri() + "/", url_fetcher=_weasyprint_fetcher()).render()


def _tell(progress: Progress | None, done: int, total: int, extra: str = "") -> None:
    if progress:
        progress("rendering", done, total, extra)


def workers() -> int:
    """The processes a long report is rendered in: the cores this process may use, or
    ``TBXL_WORKERS`` (1 renders in this process, part after part)."""
    given = os.environ.get("TBXL_WORKERS", "").strip()
    if given.isdigit() and int(given) > 0:
        return int(given)
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _part_pdf(html: str) -> tuple[bytes, int]:
    """One part rendered to PDF (in a worker process): its bytes and its number of pages.

    The cyclic collector is paused while WeasyPrint lays the part out (it rescans the growing
    box tree again and again: measured 22 % of a part's time) and run once at the end: a
    laid-out document is full of reference cycles (boxes and their parents)."""
    with collector_paused():
        doc = _render_doc(html)
        pages = len(doc.pages)
        data: bytes = doc.write_pdf()
        del doc
    gc.collect()
    return data, pages


def _pool(n: int) -> ProcessPoolExecutor:
    """A pool of ``n`` worker processes: forked where the platform can (the templates and
    WeasyPrint are already imported), else spawned."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    return ProcessPoolExecutor(n, mp_context=multiprocessing.get_context(method), initializer=_quiet_worker)


def _quiet_worker() -> None:
    """A worker leaves Ctrl+C to the command (which stops the pool and says "interrupted" once):
    otherwise every worker prints its own KeyboardInterrupt traceback."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop a pool at once (Ctrl+C): the parts still being laid out are of no use."""
    processes = list((getattr(pool, "_processes", None) or {}).values())  # (shutdown forgets them)
    for process in processes:
        process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.join(5)


def _to_pdf(view: ReportView, template: str, progress: Progress | None) -> tuple[bytes, int]:
    """The PDF of a view and its number of pages. The standings report is rendered in parts when
    it is long (see ``PART_LINES``): each part to its own PDF, joined by :func:`_join`. With
    several cores a long report is cut into at least one part per core (WeasyPrint lays out one
    document on one core, about 1 ms per table cell) and the parts are rendered in parallel."""
    n = workers()
    limit = None
    # the standings report, the one cut into parts
    report = view if template == "report.html.j2" and isinstance(view, StandingsReport) else None
    if report is not None and n > 1:
        total = sum(section_weight(s, report) for s in report_parts(report, limit=10**9)[0])
        if total >= PARALLEL_FROM:
            # as many parts as cores (or a multiple of it, each within PART_LINES), of even size
            count = n * -(-total // (n * PART_LINES))
            limit = -(-total // count) + 40  # a heading's weight of slack: no part of a few lines
    parts = report_parts(report, limit) if report is not None else []
    if report is None or len(parts) <= 1:
        _tell(progress, 0, 1)
        data, pages = _part_pdf(render_html(view, template))
        _tell(progress, 1, 1, f" · {pages} pages")
        return data, pages
    weights = [sum(section_weight(s, report) for s in part) for part in parts]
    total = sum(weights)
    htmls = [render_html(view, template, part=part) for part in parts]
    results: list[tuple[bytes, int] | None] = [None] * len(parts)
    _tell(progress, 0, total, " lines")
    done = 0
    if n > 1:
        from concurrent.futures import as_completed

        pool = _pool(min(n, len(parts)))
        try:
            futures = {pool.submit(_part_pdf, html): k for k, html in enumerate(htmls)}
            for f in as_completed(futures):
                k = futures[f]
                results[k] = f.result()
                done += weights[k]
                _tell(progress, done, total, f" lines · {sum(r[1] for r in results if r)} pages")
        except KeyboardInterrupt:
            _stop(pool)  # not shutdown(wait=True): it would wait for the parts being laid out
            raise
        except BaseException:
            pool.shutdown(wait=True, cancel_futures=True)
            raise
        pool.shutdown(wait=True)
    else:
        for k, html in enumerate(htmls):
            results[k] = _part_pdf(html)
            done += weights[k]
            last = parts[k][-1]
            where = f" · {last.name} {last.b}/{_section_size(last, report)}" if last.lines else ""
            _tell(progress, done, total, f" lines{where} · {sum(r[1] for r in results if r)} pages")
    rendered = [r for r in results if r is not None]  # every part, in order
    pages = sum(r[1] for r in rendered)
    return _join([r[0] for r in rendered], view), pages


def _join(pdfs: list[bytes], view: ReportView) -> bytes:
    """One PDF of the parts, with "page N of M" stamped on every page: the parts leave the page
    number out (their own counter would restart), a document of empty pages carrying only the
    numbers is rendered with the same stylesheet and laid over them.

    pypdf (pure Python) does the joining: WeasyPrint can only join documents whose layouts are
    all in memory at once, which is what the parts avoid."""
    try:
        from pypdf import PdfReader, PdfWriter
    except ImportError:
        raise MissingDependency("pypdf", "report") from None
    readers = [PdfReader(io.BytesIO(b)) for b in pdfs]
    total = sum(len(r.pages) for r in readers)
    numbers = PdfReader(
        io.BytesIO(
            _render_doc(
                environment().get_template("pages.html.j2").render(view=view, L=view.L, pages=total)
            ).write_pdf()
        )
    )
    writer = PdfWriter()
    k = 0
    for r in readers:
        for page in r.pages:
            added = writer.add_page(page)
            added.merge_page(numbers.pages[k])
            added.compress_content_streams()  # merging leaves the page's content uncompressed
            k += 1
    writer.compress_identical_objects()  # e.g. the page numbers' font, once for every page
    if readers[0].metadata:
        writer.add_metadata({key: str(v) for key, v in readers[0].metadata.items()})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


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
    data, pages = _to_pdf(view, template, progress)
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
    when ``output`` ends in .html); of a team event the team report with the derivations of those
    teams. ``options`` (:class:`~tbxl.projection.ReportOptions`): the language and paper at once.
    Returns the number of pages (None for the web page)."""
    check_output(output, [input_path])
    if html is None:
        html = _is_html(output)
    view = build_view(
        standings, lang=lang, paper=paper, input_path=input_path, appeal=start_number, codes=codes, options=options
    )
    template = "team.html.j2" if isinstance(view, TeamReport) else "appeal.html.j2"
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
