"""Every word of a report in the reader's language (issue 35 item 5): every label file holds every
key the English one holds (at every depth, the team words and the tie-break meanings included),
every key a template or a report view looks up is in every language, and an individual and a team
report render in every language. And no crosstable cell puts a letter between two numbers: the
colour is a mark (○ White, ● Black) with its key on the page, in every language."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from conftest import DATA
from tbxl.io.load import load
from tbxl.io.trf import read_trf
from tbxl.report import languages, render_html
from tbxl.report.labels import labels, team_labels, templates_dir
from tbxl.report.text import COLOUR_MARKS
from tbxl.report.views import build_view
from tbxl.rules import get
from tbxl.standings import compute_standings

pytest.importorskip("jinja2")

ROOT = Path(__file__).resolve().parents[1]
LANGS = languages()
SWISS = ROOT / "tbxl" / "examples" / "held_swiss_5.trf"
CUP = DATA / "team" / "grandmommyscup.trf"


#: The plural categories of a text by count (``{"one": ..., "other": ...}``; Russian adds few and
#: many, Vietnamese and Malay have one form): a language gives the forms it has.
PLURALS = {"zero", "one", "two", "few", "many", "other"}


def _missing(en: Any, other: Any, path: str = "") -> list[str]:
    """The keys of ``en`` that ``other`` lacks, at every depth (a dict's keys, a list's length).
    A text by count may have other plural forms; an empty table in English (``conventions``:
    the English is the code's own) takes any keys."""
    if isinstance(en, dict) and (en.keys() <= PLURALS or isinstance(other, dict) and other.keys() <= PLURALS):
        return [] if isinstance(other, (str, dict)) else [path.rstrip(".")]
    if isinstance(en, dict) and not en:
        return []
    if isinstance(en, dict):
        if not isinstance(other, dict):
            return [path.rstrip(".") or "(root)"]
        out = []
        for k, v in en.items():
            if k not in other:
                out.append(f"{path}{k}")
            else:
                out += _missing(v, other[k], f"{path}{k}.")
        return out
    if isinstance(en, list) and (not isinstance(other, list) or len(other) != len(en)):
        return [path.rstrip(".")]
    return []


@pytest.mark.parametrize("lang", LANGS)
def test_every_label_file_holds_every_english_key(lang):
    en, other = team_labels("en"), team_labels(lang)
    assert _missing(en, other) == [], lang
    assert _missing(other, en) == [], lang  # and no key English lacks (a typo)


@pytest.mark.parametrize("lang", [x for x in LANGS if x != "en"])
def test_the_team_descriptions_are_translated(lang):
    """The team tie-breaks' meanings (EDET, ESB, MPvGP ...) were English in ru and vi."""
    en, other = team_labels("en")["team"], team_labels(lang)["team"]
    for key in ("tiebreak_meanings", "points_meanings", "kinds", "steps"):
        for k, text in en[key].items():
            assert other[key][k] != text or text in ("PAB",), (lang, key, k)


#: A label lookup in a template: ``L.key``, ``L["key"]``, ``T.key`` (the team words), one level
#: deeper for the nested groups (``L.audit.under``).
_TEMPLATE_LOOKUP = re.compile(r"\b([LT])(?:\.|\[[\"'])([a-z_][a-z0-9_]*)(?:[\"']\])?(?:\.([a-z_][a-z0-9_]*))?")
#: ... and in a report view: ``L["key"]``, ``T["key"]``, ``L["team"]["key"]``.
_CODE_LOOKUP = re.compile(r"\b(L|T|L\[\"team\"\])\[\"([a-z_][a-z0-9_]*)\"\](?:\[\"([a-z_][a-z0-9_]*)\"\])?")
#: Python and Jinja methods of a dict or a string, not keys.
_METHODS = {"get", "items", "keys", "values", "format", "upper", "lower"}


def _lookups() -> set[tuple[str, str, str, str]]:
    """Every (file, L or T, key, nested key) a template or a report view looks up."""
    found = set()
    for path in sorted(templates_dir().glob("*.j2")):
        for m in _TEMPLATE_LOOKUP.finditer(path.read_text(encoding="utf-8")):
            found.add((path.name, m[1], m[2], m[3] or ""))
    for path in sorted((ROOT / "tbxl" / "report").rglob("*.py")):
        for m in _CODE_LOOKUP.finditer(path.read_text(encoding="utf-8")):
            found.add((path.name, "T" if m[1] != "L" else "L", m[2], m[3] or ""))
    return found


def test_the_walk_finds_the_lookups():
    """The walk sees the lookups there are (a regular expression that matched nothing would make
    the next test pass for nothing)."""
    found = _lookups()
    assert ("team_appeal.html.j2", "T", "step_label", "") not in found  # a view's word, not the template's
    assert ("team_appeal.html.j2", "T", "matches_intro", "") in found
    assert ("team_appeal.py", "T", "step_label", "") in found
    assert ("_macros.html.j2", "L", "de_then", "") in found
    assert len({(k, n) for _, _, k, n in found}) > 150


@pytest.mark.parametrize("lang", LANGS)
def test_every_key_looked_up_is_in_every_language(lang):
    L = team_labels(lang)
    missing = []
    for where, which, key, nested in sorted(_lookups()):
        words = L["team"] if which == "T" else L
        if key in _METHODS or key == "team" and which == "L":
            continue
        if key not in words:
            missing.append(f"{where}: {which}.{key}")
        elif nested and nested not in _METHODS and isinstance(words[key], dict) and nested not in words[key]:
            missing.append(f"{where}: {which}.{key}.{nested}")
    assert missing == [], lang


@pytest.fixture(scope="module")
def swiss():
    return compute_standings(read_trf(SWISS), "BH/C1,BH,SB,DE", get("fide-2026"))


@pytest.fixture(scope="module")
def cup():
    return compute_standings(load(CUP, kind="team"), "EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP", get("fide-2024"))


#: A letter (of any script) between two digits: "10Б0", "4w2½".
_LETTER_BETWEEN_NUMBERS = re.compile(r"\d[^\W\d_]+[\d½]")


@pytest.mark.parametrize("lang", LANGS)
def test_an_individual_and_a_team_report_in_every_language(swiss, cup, lang):
    """Both render (every template lookup answered: the environment's undefined is strict), the
    crosstables' cells hold no letter between two numbers and the key of the marks is on the page."""
    view = build_view(swiss, lang=lang, derivations="all")
    html = render_html(view, "report.html.j2")
    cells = [c for r in view.xt.rows for c in r.cells if c]
    assert cells and not [c for c in cells if _LETTER_BETWEEN_NUMBERS.search(c)]
    assert any(COLOUR_MARKS["w"] in c for c in cells) and any(COLOUR_MARKS["b"] in c for c in cells)
    assert f"{COLOUR_MARKS['w']} " in view.xt.intro and view.xt.intro in html.replace("&#39;", "'")
    team = build_view(cup, lang=lang, derivations="players", players=[6])
    html = render_html(team, "team.html.j2")
    cells = [c for r in team.crosstable for c in r.cells]
    assert not [c for c in cells if _LETTER_BETWEEN_NUMBERS.search(c)]
    assert "4○2½" in cells  # India 3 in round 1: team 4, White on board 1, 2½ game points
    assert team.crosstable_intro in html and COLOUR_MARKS["b"] in team.crosstable_intro
    assert team.board_key in html and "2. –" not in html  # a board nobody played says so
    for words in (labels(lang)["standings"], team_labels(lang)["team"]["board_results"]):
        assert words in html or words in render_html(view, "report.html.j2")


@pytest.mark.parametrize("lang", LANGS)
def test_every_engine_reason_is_in_every_language(lang):
    """The engine's reasons (tbxl.derivation.REASONS) fall back to English where a label file
    lacks one: none may."""
    from tbxl.derivation import REASONS

    assert sorted(set(REASONS) - set(labels(lang)["reasons"])) == []
