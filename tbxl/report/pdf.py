"""From a report view's HTML to its PDF, with WeasyPrint.

WeasyPrint fetches nothing but files of the templates folder and ``data:`` URIs
(:func:`url_fetcher`). A short report is one document; a long standings report is rendered in
the bounded parts of :mod:`~tbxl.report.parts`, on every core the process may use
(:func:`workers`) when it is long enough (:data:`PARALLEL_FROM`), each part to its own PDF, and
the parts are joined with pypdf, "page N of M" stamped on every page (:func:`to_pdf`)."""

from __future__ import annotations

import gc
import io
import mimetypes
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict
from urllib.parse import unquote, urlparse
from urllib.request import url2pathname, urlopen

from tbxl.errors import MissingDependency, MissingSystemLibrary
from tbxl.limits import collector_paused
from tbxl.report.labels import templates_dir
from tbxl.report.parts import parallel_limit, report_parts, section_size, section_weight
from tbxl.report.templating import environment, render_html
from tbxl.report.views.blocks import Progress
from tbxl.report.views.frame import ReportView
from tbxl.report.views.standings import StandingsReport

if TYPE_CHECKING:  # the pool, as a type only
    from concurrent.futures import ProcessPoolExecutor

# A report of at least this many lines is cut into one part per core and rendered in parallel.
PARALLEL_FROM = 600


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


def to_pdf(view: ReportView, template: str, progress: Progress | None) -> tuple[bytes, int]:
    """The PDF of a view and its number of pages. The standings report is rendered in parts when
    it is long (see :data:`~tbxl.report.parts.PART_LINES`): each part to its own PDF, joined by
    :func:`_join`. With several cores a long report is cut into at least one part per core (WeasyPrint lays out one
    document on one core, about 1 ms per table cell) and the parts are rendered in parallel."""
    n = workers()
    limit = None
    # the standings report, the one cut into parts
    report = view if template == "report.html.j2" and isinstance(view, StandingsReport) else None
    if report is not None and n > 1:
        total = sum(section_weight(s, report) for s in report_parts(report, limit=10**9)[0])
        if total >= PARALLEL_FROM:
            limit = parallel_limit(total, n)
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
            where = f" · {last.name} {last.b}/{section_size(last, report)}" if last.lines else ""
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
