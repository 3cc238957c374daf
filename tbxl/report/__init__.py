"""PDF and HTML reports of any event: final standings with tie-break derivations (the team report
of a team event), one player's appeal report, the audit and the comparison of rule sets.

The rooms: :mod:`~tbxl.report.views` builds what the templates show (typed views, built once;
one module per view); :mod:`~tbxl.report.labels` holds the words and paper sizes;
:mod:`~tbxl.report.selection` who gets derivation blocks; :mod:`~tbxl.report.text` the report's
text (numbers in the reader's language, the monospace term rows and round-by-round tables);
:mod:`~tbxl.report.templating` fills the Jinja2 templates of ``templates/``;
:mod:`~tbxl.report.pdf` makes the PDF with WeasyPrint, fetching nothing but files of the templates
folder, a long report in the parts :mod:`~tbxl.report.parts` cuts; :mod:`~tbxl.report.render`
writes each document kind. The names below are the package's interface: one entry point per
document kind, each taking any event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tbxl.report.labels import labels, languages, templates_dir

if TYPE_CHECKING:
    from tbxl.report.pdf import url_fetcher
    from tbxl.report.render import render_appeal_pdf, render_audit_pdf, render_compare_pdf, render_pdf
    from tbxl.report.templating import render_html
    from tbxl.report.views import build_view

#: The names loaded on first use (PEP 562), by module: the labels' module is light (the command line
#: reads the languages from it on every run), the views, templates and PDF are not.
_LAZY = {
    "url_fetcher": "tbxl.report.pdf",
    "render_appeal_pdf": "tbxl.report.render",
    "render_audit_pdf": "tbxl.report.render",
    "render_compare_pdf": "tbxl.report.render",
    "render_pdf": "tbxl.report.render",
    "render_html": "tbxl.report.templating",
    "build_view": "tbxl.report.views",
}


def __getattr__(name: str) -> object:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value: object = getattr(importlib.import_module(_LAZY[name]), name)
    globals()[name] = value
    return value


__all__ = [
    "build_view",
    "labels",
    "languages",
    "render_appeal_pdf",
    "render_audit_pdf",
    "render_compare_pdf",
    "render_html",
    "render_pdf",
    "templates_dir",
    "url_fetcher",
]
