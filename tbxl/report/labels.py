"""The report's words and paper: the templates folder, the label folder of every language
(``templates/labels/<lang>/``: ``report.json`` the individual report's words, ``team.json`` the team
words) and the paper sizes. A language is one folder: the list of languages is the folders found.
Nothing here needs Jinja2 or WeasyPrint: the CLI lists the languages and reads the words without them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tbxl.errors import InputError, UsageError, did_you_mean, excerpt

PAPER = {"a4": "A4", "letter": "letter"}


def templates_dir() -> Path:
    """The folder of the templates, the stylesheets and the labels (the package ``tbxl.templates``)."""
    from importlib import resources  # here: its import costs a run that reads no labels

    return Path(str(resources.files("tbxl.templates")))


def labels_dir() -> Path:
    """The folder of the label folders, one per language (``templates/labels``)."""
    return templates_dir() / "labels"


def languages() -> list[str]:
    """The report languages: the label folders (one per language, named by its code, holding a
    ``report.json``), discovered, never listed anywhere."""
    return sorted(p.parent.name for p in labels_dir().glob("*/report.json"))


def check_language(lang: str, option: str = "--lang") -> None:
    """A usage error naming ``option`` when ``lang`` is no report language (the name cut at 40
    characters), with the languages there are and the one it was close to."""
    if lang not in languages():
        raise UsageError(
            f"{option} {lang[:40]}: no such report language (available: "
            f"{', '.join(languages())}){did_you_mean(lang, languages())}"
        )


class LanguagesHelp(str):
    """A command line help naming the report languages at ``{languages}``, looked up when the help
    is printed (argparse fills a help in with ``%``), not on every run.

    >>> "en, " in LanguagesHelp("report language: {languages}") % {}
    True
    """

    def __mod__(self, params: Any) -> str:
        return str.__mod__(self.replace("{languages}", ", ".join(languages())), params)


#: The labels of a language: a JSON document of texts (some nested: "team", lists of month names ...).
Labels = dict[str, Any]


def labels(lang: str) -> Labels:
    """The labels of one language; :class:`InputError` naming the available ones if unknown."""
    path = labels_dir() / lang / "report.json"
    if not lang.isalpha() or not path.is_file():
        raise InputError(
            f"unknown report language {excerpt(lang)}; available: {', '.join(languages())}"
            f"{did_you_mean(lang, languages())}"
        )
    found: Labels = json.loads(path.read_text(encoding="utf-8"))
    return found


def team_labels(lang: str) -> Labels:
    """The report labels of ``lang`` with the team words under ``"team"``."""
    L = dict(labels(lang))
    path = labels_dir() / lang / "team.json"
    L["team"] = json.loads(path.read_text(encoding="utf-8"))
    return L


def paper_size(paper: str) -> str:
    """The CSS page size of ``--paper``; :class:`InputError` naming the available ones if unknown."""
    if paper not in PAPER:
        raise InputError(f"unknown paper size {paper!r}; available: {', '.join(PAPER)}")
    return PAPER[paper]
