"""The HTML of the standings, appeal, audit and compare reports is what the code rendered before
issue 13 split ``report.py`` into typed views, text layout and rendering (tests/data/golden/html):
the bundled examples in several languages, derivations, round-by-round tables, categories and
prizes, the web page and a report cut into parts. The version is normalised (it is in the footer).

Regenerate (only for a deliberate change of the output): ``TBXL_REGENERATE_HTML=1 pytest this file``.
"""

from __future__ import annotations

import csv
import os
from pathlib import Path

import pytest

from conftest import DATA
from tbxl import __version__, report
from tbxl.io.trf import read_trf
from tbxl.report.parts import report_parts
from tbxl.report.views.audit import build_audit_view
from tbxl.report.views.compare import build_compare_view
from tbxl.rules import get

pytest.importorskip("jinja2")

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = DATA / "golden" / "html"
SWISS = ROOT / "tbxl" / "examples" / "held_swiss_5.trf"
RR = ROOT / "tbxl" / "examples" / "held_round_robin.trf"
CODES = ["BH/C1", "BH", "SB", "PS", "DE"]


def standings(path, codes=CODES, rules="fide-2026"):
    from tbxl.rules import get
    from tbxl.standings import compute_standings

    return compute_standings(read_trf(path), codes, get(rules))


def normalised(html: str) -> str:
    return html.replace(f"tbxl {__version__}", "tbxl VERSION").replace(f'"{__version__}"', '"VERSION"')


def check(name: str, html: str) -> None:
    path = GOLDEN / f"{name}.html"
    if os.environ.get("TBXL_REGENERATE_HTML"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(normalised(html), encoding="utf-8")
    assert normalised(html) == path.read_text(encoding="utf-8")


def test_standings_swiss_every_derivation_by_round():
    view = report.build_view(standings(SWISS), derivations="all", by_round=True, input_path=SWISS)
    check("standings-swiss-en", report.render_html(view))
    check("standings-swiss-en-web", report.render_html(view, web=True))
    for k, part in enumerate(report_parts(view, limit=250)):
        check(f"standings-swiss-en-part{k}", report.render_html(view, part=part))


def test_standings_round_robin_matrix_vietnamese_and_russian():
    st = standings(RR, ["SB", "DE", "KS"])
    for lang in ("vi", "ru"):
        view = report.build_view(st, lang=lang, derivations="tied", paper="letter", input_path=RR)
        check(f"standings-rr-{lang}", report.render_html(view))


def test_standings_with_categories_and_prizes():
    from tbxl.categories import classify, parse_category
    from tbxl.prizes import parse_prizes

    st = standings(SWISS)
    cl = classify(
        st,
        [parse_category("Low=rating<1800")],
        {None: parse_prizes("1:1000,2:600,3:300"), "Low": parse_prizes("1:50,2:30")},
        policy="cumulative",
    )  # the golden view was made with cumulative prizes
    view = report.build_view(
        st, lang="es", derivations="top:3", players=[1, 2, 16], input_path=SWISS, classification=cl
    )
    check("standings-swiss-es-classes", report.render_html(view))


def test_appeal():
    st = standings(SWISS)
    check(
        "appeal-swiss-en",
        report.render_html(report.build_view(st, appeal=[14, 4, 12], input_path=SWISS), "appeal.html.j2"),
    )
    check(
        "appeal-swiss-ms",
        report.render_html(
            report.build_view(st, appeal=4, lang="ms", input_path=SWISS, codes=["PTS", "SB/C1"]), "appeal.html.j2"
        ),
    )


def test_audit(tmp_path):
    from tbxl.audit import audit
    from tbxl.io.published import read_published

    bulletin = tmp_path / "bulletin.csv"
    with open(bulletin, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerows(
            [
                ["Rk.", "SNo", "Name", "BH-C1", "BH"],
                [3, 4, "David", "11.5", "15"],
                [2, 6, "Franck", "9", "12"],
                [1, 2, "Bruno", "12", "99"],
            ]
        )
    t = read_trf(SWISS)
    result = audit(t, read_published(bulletin, t), rules=get("fide-2026"))
    for lang in ("en", "ru"):
        view = build_audit_view(result, lang=lang, inputs=(SWISS, bulletin))
        check(f"audit-swiss-{lang}", report.render_html(view, "audit.html.j2"))


def test_compare():
    from tbxl.audit.compare import compare

    result = compare(read_trf(SWISS), [get("fide-2024"), get("fide-2026")], ["BH/C1", "BH", "SB", "AOB"])
    for lang, changed in (("en", False), ("vi", True)):
        view = build_compare_view(result, lang=lang, input_path=SWISS, changed_only=changed)
        check(f"compare-swiss-{lang}", report.render_html(view, "compare.html.j2"))


def test_team_appeal_and_team_report():
    """The team appeal of two teams of the TEC sample tied on 19 MP (issue 35 item 4) in three
    languages, and the team report with a team's derivations (board colours, crosstable marks)."""
    from tbxl.io.load import load
    from tbxl.standings import compute_standings

    cup = DATA / "team" / "grandmommyscup.trf"
    st = compute_standings(load(cup, kind="team"), "EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP", get("fide-2024"))
    for lang in ("en", "vi", "ru"):
        view = report.build_view(st, appeal=[6, 13], lang=lang, input_path=cup)
        check(f"team-appeal-{lang}", report.render_html(view, "team_appeal.html.j2"))
    view = report.build_view(st, derivations="players", players=[6], lang="en", input_path=cup)
    check("team-report-en", report.render_html(view, "team.html.j2"))
