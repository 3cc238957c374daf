"""The HTML of a report view: the Jinja2 environment of ``templates/`` and :func:`render_html`.

The environment is autoescaped and strict (an unknown name in a template is an error), and every
value a page prints passes through its ``finalize``: control and bidi characters of names made
inert. The stylesheets are the only markup marked safe. The PDF is made from this HTML by
:mod:`~tbxl.report.pdf`."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from tbxl.formatting import visible
from tbxl.report.labels import templates_dir
from tbxl.report.text import plural
from tbxl.report.views.frame import ReportView, Section

if TYPE_CHECKING:  # Jinja2 (the report extra's), as a type only
    import jinja2


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
    sections of the standings report (see :func:`~tbxl.report.parts.report_parts`), with the page
    numbers left to the caller."""
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
