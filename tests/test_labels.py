"""A language is one folder (issue 38 item 1): ``templates/labels/<lang>/`` holds every word of the
individual report (report.json) and of the team pages (team.json); the languages are the folders
found, by the reports, the command line's help and the web page's menu alike.

Nothing here lists the languages: every test walks the folders, so a sixth language is checked (and
rendered) by the same tests, unchanged. A label file missing a key any template or view uses fails
here, before a user's ``tbxl report team.trf --lang xx`` would stop on it. The last tests add a
sixth language (a copy of en) in a temporary labels folder and follow it through every edge.
"""

from __future__ import annotations

import ast
import importlib
import json
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

import tbxl
from tbxl.cli import main
from tbxl.cli.parser import build_parser
from tbxl.report.labels import check_language, labels, languages, team_labels

#: The module (``tbxl.report.labels`` the attribute is its function of the same name).
labels_module = importlib.import_module("tbxl.report.labels")
ROOT = Path(__file__).resolve().parents[1]
TEMPLATES = ROOT / "templates"
LABELS = TEMPLATES / "labels"
EXAMPLES = Path(tbxl.__file__).resolve().parent / "examples"
#: The languages of the tree, found as the program finds them (never written out here).
FOUND = sorted(p.parent.name for p in LABELS.glob("*/report.json"))
#: The files of a language folder (en's are the reference: every folder has the same).
FILES = sorted(p.name for p in (LABELS / "en").glob("*.json"))

sys.path.insert(0, str(ROOT / "web"))
import build as web_build  # noqa: E402  # web/build.py: the web page's language menu


def test_the_program_finds_the_folders_of_the_tree():
    assert languages() == FOUND and "en" in FOUND and len(FOUND) >= 2
    assert FILES == ["report.json", "team.json"]
    for lang in FOUND:
        assert sorted(p.name for p in (LABELS / lang).glob("*.json")) == FILES, lang


#: The CLDR plural categories: a label is one text or its forms by count (tbxl.report.text.plural),
#: as many as the language has (English one/other, Russian one/few/many).
PLURAL = {"zero", "one", "two", "few", "many", "other"}


def shape(value: Any, where: str) -> dict[str, str]:
    """Every key path of a label document with the kind found there ("months" a list of 12, a text
    written as one string or as its plural forms ...)."""
    if isinstance(value, str) or (isinstance(value, dict) and value and set(value) <= PLURAL):
        return {where: "text"}
    if isinstance(value, dict):
        found = {where: "dict"}
        for k, v in value.items():
            found.update(shape(v, f"{where}.{k}" if where else k))
        return found
    if isinstance(value, list):
        return {where: f"list of {len(value)}"}
    return {where: type(value).__name__}


@pytest.mark.parametrize("lang", FOUND)
@pytest.mark.parametrize("name", FILES)
def test_every_label_file_has_every_key_of_english(lang, name):
    """The same keys at every depth (tie-break meanings, reasons, the audit's words ...), of the same
    kind (a text, a table, a list of as many months), as the English file."""
    en = shape(json.loads((LABELS / "en" / name).read_text(encoding="utf-8")), "")
    it = shape(json.loads((LABELS / lang / name).read_text(encoding="utf-8")), "")
    missing = sorted(set(en) - set(it))
    # a table English leaves empty ("conventions": their English is the program's own) is the others' to fill
    open_tables = [k for k, v in en.items() if v == "dict" and not any(j.startswith(f"{k}.") for j in en)]
    extra = sorted(k for k in set(it) - set(en) if not any(k.startswith(f"{t}.") for t in open_tables))
    assert not missing, f"templates/labels/{lang}/{name} lacks {missing}"
    assert not extra, f"templates/labels/{lang}/{name} has keys English has not: {extra}"
    differ = {k: (en[k], it[k]) for k in en if k in it and en[k] != it[k]}
    assert not differ, f"templates/labels/{lang}/{name}: {differ}"


def texts(value: Any, where: str = "") -> dict[str, set[str]]:
    """Every text of a label document with the ``{placeholders}`` it fills (a label's plural forms
    together)."""
    import string

    if isinstance(value, str):
        return {where: {f for _, f, _, _ in string.Formatter().parse(value) if f is not None}}
    if isinstance(value, dict) and value and set(value) <= PLURAL:
        return {where: set().union(*texts(list(value.values())).values())}
    if isinstance(value, list):
        return {where: set().union(set(), *(t for v in value for t in texts(v).values()))}
    if isinstance(value, dict):
        return {k: v for key, item in value.items() for k, v in texts(item, f"{where}.{key}").items()}
    return {}


@pytest.mark.parametrize("lang", FOUND)
@pytest.mark.parametrize("name", FILES)
def test_a_translation_fills_no_placeholder_english_has_not(lang, name):
    """``{n}``, ``{points}``...: the program passes English's; one it does not pass stops the report
    (KeyError). A translation may leave one out (a language without the number in its plural form)."""
    en = texts(json.loads((LABELS / "en" / name).read_text(encoding="utf-8")))
    it = texts(json.loads((LABELS / lang / name).read_text(encoding="utf-8")))
    en[".date_format"] = {"d", "dd", "m", "mm", "y", "month"}  # tbxl.report.text.date_text passes all six
    unknown = {k: sorted(it[k] - en[k]) for k in it if k in en and it[k] - en[k]}
    assert not unknown, f"templates/labels/{lang}/{name}: placeholders English has not: {unknown}"


# -- the keys the templates and the views use -----------------------------------------------------------------

#: The names the templates and the report's views give a label document: L the report's words
#: (report.json), T the team's (team.json, ``L["team"]`` / ``view.T``), A the audit's table of L.
ROOTS = {"L": ("report.json",), "T": ("team.json",), "A": ("report.json", "audit")}


def template_keys() -> set[tuple[str, ...]]:
    """Every label path a template reads (``L.col_rank``, ``T.boards``, ``L.audit.x``), by the
    templates' syntax trees (Jinja2's own parser): constant attributes and subscripts of L, T, A."""
    import jinja2
    from jinja2 import nodes

    env = jinja2.Environment()
    found: set[tuple[str, ...]] = set()

    def chain(node: nodes.Node) -> tuple[str, ...] | None:
        if isinstance(node, nodes.Name):
            return ROOTS.get(node.name)
        if isinstance(node, nodes.Getattr):
            head = chain(node.node)
            return None if head is None else (*head, node.attr)
        if isinstance(node, nodes.Getitem) and isinstance(node.arg, nodes.Const) and isinstance(node.arg.value, str):
            head = chain(node.node)
            return None if head is None else (*head, node.arg.value)
        return None

    templates = sorted(TEMPLATES.glob("*.j2"))
    assert len(templates) >= 8
    for path in templates:
        tree = env.parse(path.read_text(encoding="utf-8"))
        # L.category.format(...), A.items(): a text's or a table's method, not a label
        methods = {id(c.node) for c in tree.find_all(nodes.Call) if isinstance(c.node, nodes.Getattr)}
        for node in tree.find_all((nodes.Getattr, nodes.Getitem)):
            if id(node) in methods:
                continue
            c = chain(node)
            if c is not None:
                found.add(c)
    return found


def view_keys() -> set[tuple[str, ...]]:
    """Every label path the report's Python reads with a constant key: ``L["x"]``,
    ``L["team"]["x"]``, ``T["x"]``, ``A["x"]`` (also ``self.L[...]``), by the modules' syntax trees."""
    found: set[tuple[str, ...]] = set()

    def chain(node: ast.expr) -> tuple[str, ...] | None:
        if isinstance(node, ast.Name):
            return ROOTS.get(node.id)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
            return ROOTS.get(node.attr)
        if (
            isinstance(node, ast.Subscript)
            and isinstance(node.slice, ast.Constant)
            and isinstance(node.slice.value, str)
        ):
            head = chain(node.value)
            if head == ("report.json", "team"):
                return ("team.json",) + (node.slice.value,)
            return None if head is None else (*head, node.slice.value)
        return None

    for path in sorted((ROOT / "tbxl" / "report").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Subscript):
                c = chain(node)
                if c is not None and c != ("report.json", "team"):
                    found.add(c)
    return found


def lookup(folder: Path, path: tuple[str, ...]) -> bool:
    doc: Any = json.loads((folder / path[0]).read_text(encoding="utf-8"))
    for key in path[1:]:
        if not isinstance(doc, dict) or key not in doc:
            return False
        doc = doc[key]
    return True


def missing_keys(folder: Path) -> list[str]:
    """What the templates and the views read that the label folder lacks ("team.json/boards")."""
    return sorted("/".join(p) for p in template_keys() | view_keys() if not lookup(folder, p))


def test_the_walks_see_the_keys_a_report_uses():
    # the walks themselves, against keys known to be read: a walk that found nothing would pass below
    used = template_keys()
    assert {("report.json", "col_rank"), ("team.json", "boards"), ("team.json", "title")} <= used
    assert ("report.json", "audit", "rank_column") in view_keys() | used
    assert ("team.json", "compact_intro") in view_keys()


@pytest.mark.parametrize("lang", FOUND)
def test_every_key_a_template_or_view_uses_is_in_every_language(lang):
    """A label file missing a key the templates or the views read fails here (the team file of a
    language missing 'boards' made ``tbxl report team.trf`` stop with Jinja2's UndefinedError)."""
    missing = missing_keys(LABELS / lang)
    assert not missing, f"templates/labels/{lang}/ lacks what the reports use: {missing}"


# -- every report in every language --------------------------------------------------------------------------

SWISS = EXAMPLES / "held_swiss_5.trf"
TEAM = EXAMPLES / "team.trf"
#: The documents of an individual and a team event a language shows (HTML: the PDF's same templates).
DOCUMENTS = {
    "report.html": ["report", str(SWISS), "--derivations", "all", "--by-round", "--rating-change"],
    "pages.html": ["report", str(SWISS), "--pages", "start,rounds,standings,crosstable,ties,cards"],
    "prizes.html": ["report", str(SWISS), "--category", "U2000=rating<2000|unrated", "--prizes", "1:500,2:300"],
    "explain.html": ["explain", str(SWISS), "--player", "1", "--with-tied"],
    "audit.html": ["audit", str(SWISS)],
    "compare.html": ["compare", str(SWISS), "--rules", "fide-2024,fide-2026"],
    "team.html": ["report", str(TEAM), "--derivations", "all"],
    "team-pages.html": ["report", str(TEAM), "--pages", "standings,crosstable,ties"],
    "team-compare.html": ["compare", str(TEAM), "--rules", "fide-2024,fide-2026"],
}


def render_everything(lang: str, into: Path, capsys) -> dict[str, str]:
    """Every document of :data:`DOCUMENTS` in ``lang`` through the command line: the HTML of each."""
    out = {}
    for name, argv in DOCUMENTS.items():
        code = main([*argv, "--no-config", "--lang", lang, "-o", str(into / f"{lang}-{name}")])
        err = capsys.readouterr().err
        assert code == 0, f"{lang} {name}: {err}"
        out[name] = (into / f"{lang}-{name}").read_text(encoding="utf-8")
    return out


@pytest.mark.parametrize("lang", FOUND)
def test_every_report_renders_in_every_language(lang, tmp_path, capsys):
    L, T = labels(lang), team_labels(lang)["team"]
    html = render_everything(lang, tmp_path, capsys)
    assert f'lang="{lang}"' in html["report.html"] or f"lang={lang}" in html["report.html"]
    assert L["standings"] in html["report.html"] and T["title"] in html["team.html"]
    assert T["crosstable"] in html["team-pages.html"]


# -- a sixth language is one folder ----------------------------------------------------------------------------


@pytest.fixture
def sixth(tmp_path, monkeypatch):
    """A labels folder with the tree's languages and one more, ``zz`` (English's words under another
    name, the language's own name "Zedish"), which the program reads instead of its own."""
    root = tmp_path / "labels"
    shutil.copytree(LABELS, root)
    shutil.copytree(LABELS / "en", root / "zz")
    report = json.loads((root / "zz" / "report.json").read_text(encoding="utf-8"))
    report["language"] = "Zedish"
    report["standings"] = "Zz standings"
    (root / "zz" / "report.json").write_text(json.dumps(report, ensure_ascii=False), encoding="utf-8")
    team = json.loads((root / "zz" / "team.json").read_text(encoding="utf-8"))
    team["title"] = "Zz teams"
    (root / "zz" / "team.json").write_text(json.dumps(team, ensure_ascii=False), encoding="utf-8")
    monkeypatch.setattr(labels_module, "labels_dir", lambda: root)
    return root


def test_a_sixth_language_is_one_folder(sixth, tmp_path, capsys):
    assert languages() == sorted([*FOUND, "zz"])
    check_language("zz")  # tbxl.toml's lang and --lang take it
    # the command line's help lists it, for each command with --lang
    for command in ("report", "explain", "audit", "compare"):
        sub = build_parser()._subparser(command)
        assert sub is not None
        assert f"report language: {', '.join(sorted([*FOUND, 'zz']))} (default: en)" in " ".join(
            sub.format_help().split()
        )
    # the web page's menu has it, by its own name, beside every language of the tree
    options = web_build.language_options(sixth)
    assert '<option value="zz">Zedish</option>' in options
    assert options.count("<option ") == len(FOUND) + 1
    assert web_build.MENU not in web_build.page((ROOT / "web" / "index.html").read_text(encoding="utf-8"), sixth)
    # every report, individual and team, in it
    html = render_everything("zz", tmp_path, capsys)
    assert "Zz standings" in html["report.html"] and "Zz teams" in html["team.html"]


def test_a_folder_missing_a_team_key_fails_the_check(sixth, tmp_path, capsys):
    # zz's team file without 'boards' (issue 38: it passed every test, and the team report stopped)
    assert missing_keys(sixth / "zz") == []
    team = json.loads((sixth / "zz" / "team.json").read_text(encoding="utf-8"))
    del team["boards"]
    (sixth / "zz" / "team.json").write_text(json.dumps(team), encoding="utf-8")
    assert missing_keys(sixth / "zz") == ["team.json/boards"]
    assert main(["report", str(TEAM), "--no-config", "--lang", "zz", "-o", str(tmp_path / "t.html")]) != 0


def test_the_web_menu_is_every_folder_of_the_tree():
    index = (ROOT / "web" / "index.html").read_text(encoding="utf-8")
    assert web_build.MENU in index and 'value="vi"' not in index  # nothing written out in the page
    page = web_build.page(index)
    for lang in FOUND:
        assert f'<option value="{lang}">{labels(lang)["language"]}</option>' in page


def test_an_unknown_language_names_the_folders_found():
    with pytest.raises(tbxl.errors.UsageError, match=f"available: {', '.join(FOUND)}"):
        check_language("zz")
