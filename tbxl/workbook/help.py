"""The Help sheet of a workbook: the prose of its template (``templates/workbook-help.txt``,
``templates/team-workbook-help.txt``), the functions and arguments of the formula catalogue
(:mod:`tbxl.catalogue`), the crosstable grammar, the rule sets and the tie-break codes."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from tbxl import __version__
from tbxl import rules as conventions
from tbxl.catalogue import ARGUMENTS, FUNCTIONS, TEAM_ARGUMENTS, TEAM_FUNCTIONS, Argument, Function
from tbxl.errors import docs_url, pip_install
from tbxl.model import Pairing, TeamTournament, Tournament
from tbxl.workbook.sheets import put

__all__ = [
    "help_lines",
    "team_help_lines",
    "help_rows",
    "function_rows",
    "argument_rows",
    "fill_help",
    "HELP_TEMPLATE",
    "TEAM_HELP_TEMPLATE",
]


def _rst(text: str) -> str:
    """Docstring markup to plain text."""
    text = re.sub(r":\w+:`~?(?:[\w.]+\.)?([^`]+)`", r"\1", text)
    return text.replace("``", "")


def _grammar_lines() -> list[str]:
    from tbxl.io import grid

    doc = grid.__doc__ or ""
    start = doc.find("Grammar\n")
    end = doc.find("Errors are ")
    part = doc[start : end if end > start else None]
    lines = [_rst(line.rstrip()) for line in part.splitlines()]
    return [line[:-1] if line.endswith("::") else line for line in lines]


#: The Help sheet's text, one line a row (see the file's own first lines for its markup).
HELP_TEMPLATE = "workbook-help.txt"
#: The team Help sheet's text (same markup).
TEAM_HELP_TEMPLATE = "team-workbook-help.txt"
_STYLES = (("= ", "title"), ("== ", "head"), ("| ", "mono"))


def _install_values() -> dict[str, str]:
    """The install hints of the Help sheets: the pip command and the manual's pages."""
    return {
        "install_excel": pip_install("excel"),
        "docs_classic": docs_url("organizer/classic-addin/"),
        "docs_lite": docs_url("organizer/lite/"),
        "docs_web_app": docs_url("start/web-app/"),
    }


def help_lines(
    rng: str,
    layout: str,
    codes: list[str],
    rules: str,
    filename: str,
    t: Tournament,
    pairing: str | None = None,
    room: bool = False,
) -> list[tuple[str, str]]:
    """(style, text) lines: style is 'title', 'head', 'mono' or ''. The prose is the template's
    (templates/workbook-help.txt); the functions, arguments, crosstable grammar, rules and codes
    come from their catalogues."""
    from tbxl.tiebreaks.codes import INDIVIDUAL, codes_of

    aliases = ", ".join(f"{k} = {v}" for k, v in conventions.ALIASES.items())
    blocks: dict[str, list[tuple[str, str]]] = {
        "@functions": function_rows(FUNCTIONS),
        "@arguments": argument_rows(ARGUMENTS),
        "@grammar": [("mono", line) for line in _grammar_lines()],
        "@rules": [("", f"{c.name}: {c.title}. {c.source}") for c in conventions.PRESETS.values()]
        + [("", f"Also accepted: {aliases}.")],
        "@codes": [
            ("", f"{code}: {meaning}" + (f" (C.07 {article})" if article else ""))
            for code, (article, meaning, _) in codes_of(INDIVIDUAL).items()
        ],
    }
    shown = {
        "round-robin": pairing == Pairing.ROUND_ROBIN.value,
        "pairing": bool(pairing) and pairing != Pairing.ROUND_ROBIN.value,
        "room": room,
        "fixed": not room,
    }
    values = {
        "filename": filename,
        "version": __version__,
        "from_source": f" from {t.source}" if t.source else "",
        "layout": layout,
        "rules": rules,
        "codes": ",".join(codes),
        "range": rng.replace("$", ""),
        "pairing": pairing or "",
        **_install_values(),
    }
    return help_rows(HELP_TEMPLATE, blocks, values, shown)


def function_rows(functions: Iterable[Function]) -> list[tuple[str, str]]:
    """A Help sheet's rows for ``functions``: each one's signature (and note), then its help."""
    return [
        x
        for f in functions
        for x in (("mono", f.signature + (f"  ({f.note})" if f.note else "")), ("", f"    {f.help}"))
    ]


def argument_rows(arguments: Iterable[Argument]) -> list[tuple[str, str]]:
    """A Help sheet's rows for ``arguments``: each one's name (or label) and help."""
    return [("", f"{a.label or a.name}: {a.help}") for a in arguments]


def help_rows(
    template: str,
    blocks: dict[str, list[tuple[str, str]]],
    values: dict[str, Any],
    shown: dict[str, bool] | None = None,
) -> list[tuple[str, str]]:
    """The (style, text) rows of the Help template ``template`` of ``templates/`` (its markup:
    the first lines of templates/workbook-help.txt): an ``@name`` row is ``blocks[@name]``, a
    ``?name `` row stands only where ``shown[name]``, ``{name}`` is ``values[name]``."""
    from importlib.resources import files

    out: list[tuple[str, str]] = []
    for line in files("tbxl.templates").joinpath(template).read_text(encoding="utf-8").splitlines():
        if line.startswith("--"):
            continue
        if line in blocks:
            out.extend(blocks[line])
            continue
        if line.startswith("?"):
            condition, _, line = line[1:].partition(" ")
            if not (shown or {}).get(condition):
                continue
        style = next((st for prefix, st in _STYLES if line.startswith(prefix)), "")
        text = line[len(next(p for p, st in _STYLES if st == style)) :] if style else line
        out.append((style, text.format_map(values)))
    return out


def fill_help(ws: Any, lines: Iterable[tuple[str, str]]) -> None:
    """The Help sheet: one (style, text) line a row in column A."""
    from openpyxl.styles import Font

    styles = {"title": Font(bold=True, size=14), "head": Font(bold=True, size=12), "mono": Font(name="Consolas")}
    for r, (style, text) in enumerate(lines, 1):
        if text:
            cell = put(ws, r, 1, text)
            if style in styles:
                cell.font = styles[style]
    ws.column_dimensions["A"].width = 120


#: How the team Help sheet names a code of :data:`tbxl.tiebreaks.codes.CODES` where its key is not
#: how one writes it.
_CODE_NAMES = {"POINTS": "MP, GP (MPTS, GPTS)", "MPVGP": "MPvGP", "ESB": "EMMSB EMGSB EGMSB EGGSB (ESB)"}


def team_help_lines(rng: str, listed: str, rules: str, filename: str, t: TeamTournament) -> list[tuple[str, str]]:
    """(style, text) lines of the Help sheet: the prose is the template's
    (templates/team-workbook-help.txt), the functions, arguments and codes their catalogues'."""
    from tbxl.tiebreaks.codes import TEAM, codes_of

    blocks = {
        "@functions": function_rows(TEAM_FUNCTIONS),
        "@arguments": argument_rows(TEAM_ARGUMENTS),
        "@codes": [
            ("mono", f"{_CODE_NAMES.get(code, code):<34} C.07 {art:<12} {meaning}")
            for code, (art, meaning, _) in codes_of(TEAM, only=True).items()
        ],
    }
    values = {
        "filename": filename,
        "version": __version__,
        "from_source": f" from {t.source}" if t.source else "",
        "teams": len(t.teams),
        "boards": t.boards,
        "rules": rules,
        "codes": listed,
        "range": rng.replace("$", ""),
        **_install_values(),
    }
    return help_rows(TEAM_HELP_TEMPLATE, blocks, values)
