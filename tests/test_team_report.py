"""The team report: view data (standings, crosstable, boards, board prizes, ties, derivations), the
five languages, escaping of untrusted names, and a small PDF."""

from __future__ import annotations

from pathlib import Path

import pytest

from generate_team import event_trf  # noqa: E402
from tbxl.cli import main
from tbxl.io.trf import read_team_trf
from tbxl.report import render_pdf
from tbxl.report.labels import team_labels
from tbxl.report.views.team import build_team_view
from tbxl.rules import get
from tbxl.standings import compute_standings

A_ROUNDS = [
    [("M", 1, 2, "1="), ("M", 3, 4, "==")],
    [("M", 1, 3, "=0"), ("M", 2, 4, "10")],
    [("M", 1, 4, "11"), ("M", 2, 3, "==")],
]
LANGS = ("en", "es", "ru", "vi", "ms")


@pytest.fixture(scope="module")
def standings():
    return compute_standings(read_team_trf(event_trf(4, 2, A_ROUNDS)), "MPTS,EDE,EMGSB/C1,BC", get("fide-2024"))


def test_view(standings):
    from tbxl.report.views.team import MatchRow

    v = build_team_view(standings, derivations="tied", min_games=3)
    assert [(r.rank, r.no, r.points, r.values) for r in v.rows] == [
        ("1", 3, "4", ("1", "8", "5.5")),
        ("2", 1, "4", ("2", "6", "5.5")),
        ("3", 2, "2", ("1", "6", "3.5")),
        ("4", 4, "2", ("1", "4", "3.5")),
    ]
    assert v.crosstable[1] == MatchRow(1, "Team 1", ("2○1½", "3○½", "4○2"))  # ○ White on board 1
    # Ties: T3 over T1 by EDE (their match 1.5-0.5); T2 over T4 by EMGSB/C1 (6 > 4).
    assert [[s.code for s in g.steps] for g in v.ties] == [["EDE"], ["EMGSB/C1"]]
    one = [b for b in v.boards if b.no == 1][0]
    assert one.rounds[0][5] == "1. ○ Player 11 1 (Player 21); 2. ● Player 12 = (Player 22)"  # board colours
    # Board 1: player 11 scored 1 + 0.5 + 1 = 2.5 of 3 (83.3 %).
    b1 = v.prizes[0]
    assert b1.board == 1 and b1.rows[0].sn == 11 and b1.rows[0].points == "2.5"
    assert b1.rows[0].percent == "83.3" and b1.rows[0].ranked
    # Every team is tied on MP with another: derivations of MP + the three codes for all four.
    assert len(v.teams) == 4 and [d.code for d in v.teams[0].derivations] == ["MP", "EDE", "EMGSB/C1", "BC"]
    ede = v.teams[0].derivations[1]
    assert ede.value == "1" and ede.encounters[0].heading.startswith("Primary score (MP) among 1, 3")


def test_the_view_is_built_once_and_frozen(standings):
    import dataclasses

    v = build_team_view(standings)
    with pytest.raises(dataclasses.FrozenInstanceError):
        v.rows = ()
    # the compare and audit frames turn the labels to teams in a copy: the team report's stay
    from tbxl.report.views.compare import build_compare_view

    c = build_compare_view([standings, standings])
    assert c.L["col_name"] == c.L["team"]["team"] != v.L["col_name"] == team_labels("en")["col_name"]
    assert c.foot.rules == "fide-2024 | fide-2024" and c.foot.event == v.event.name == v.foot.event


@pytest.mark.parametrize("lang", LANGS)
def test_languages(standings, lang):
    L = team_labels(lang)
    assert set(L["team"]) == set(team_labels("en")["team"])
    v = build_team_view(standings, lang=lang)
    from tbxl.report import render_html

    html = render_html(v, "team.html.j2")
    assert L["team"]["title"] in html and L["team"]["crosstable"] in html
    if lang in ("es", "ru", "vi"):
        assert "5,5" in html  # decimal comma


def test_names_are_escaped():
    text = event_trf(4, 2, A_ROUNDS).replace("Team 1  ", "<b>x</b>", 1)
    st = compute_standings(read_team_trf(text), "MPTS,EDE")
    from tbxl.report import render_html

    html = render_html(build_team_view(st), "team.html.j2")
    assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html


@pytest.mark.slow
def test_pdf(standings, tmp_path):
    pytest.importorskip("weasyprint")
    out = tmp_path / "team.pdf"
    render_pdf(standings, out, lang="vi")
    assert out.read_bytes()[:5] == b"%PDF-"


def test_cli_report(tmp_path, capsys):
    src = tmp_path / "a.trf"
    src.write_text(event_trf(4, 2, A_ROUNDS))
    out = tmp_path / "a.html"
    assert main(["report", str(src), "-o", str(out), "--html", "--min-games", "3", "--players", "1,3"]) == 0
    html = out.read_text()
    assert "Board prizes" in html and "Match crosstable" in html
    assert main(["report", str(src), "-o", str(out), "--players", "9"]) == 1


def test_ede_steps_are_translated(standings):
    v = build_team_view(standings, lang="es", derivations="tied")
    ede = v.teams[0].derivations[1]
    heading = ede.encounters[0].heading
    assert "Puntuación principal (MP) entre 1, 3" in heading and "primary score" not in heading


# -- report --by-round ---------------------------------------------------------------------------


def test_team_standings_by_round_ends_with_the_final_standings():
    from tbxl.io.trf import read_team_trf
    from tbxl.standings import compute_standings, standings_by_round

    t = read_team_trf(str(Path(__file__).parent / "data" / "team" / "grandmommyscup.trf"))
    codes = "MPTS,EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP"
    history = standings_by_round(t, codes, get("fide-2024"))
    final = compute_standings(t, codes, get("fide-2024"))
    assert len(history) == 14
    assert [(r.team.number, r.rank_label, r.values) for r in history[-1].rows] == [
        (r.team.number, r.rank_label, r.values) for r in final.rows
    ]
    # After round k a team's MP is the sum of its first k match points (2/1/0): India 3 won rounds 1
    # (2), lost 2 (0), drew 3 (1), so 2, 2, 3.
    india = [h.row(16).points for h in history[:3]]
    assert india == [2, 2, 3]
    assert india == [sum(r.mp for r in t.team(16).rounds[:k]) for k in (1, 2, 3)]


def test_team_report_by_round_html(tmp_path):
    pytest.importorskip("jinja2")
    import re

    out = tmp_path / "team.html"
    trf = str(Path(__file__).parent / "data" / "team" / "grandmommyscup.trf")
    assert main(["report", trf, "--by-round", "--derivations", "none", "--players", "16", "-o", str(out)]) == 0
    html = out.read_text(encoding="utf-8")
    text = re.sub(r"<[^>]+>", "", html)
    assert "Round by round" in html and "India 3 · No. 16 · rank 1" in text
    lines = {line.split()[0]: line.split()[1:] for line in text.splitlines() if line.strip()[:3] in ("MP ", "BH:")}
    assert lines["MP"] == "2 2 3 5 7 9 11 12 12 12 14 16 18 20".split()
    assert lines["BH:MP/C1/P"][-1] == "225"  # the final value (fide-2024 by the start date)


@pytest.mark.slow
def test_report_names_a_changed_team_setting(tmp_path):
    # The rules line and the footer name the team setting changed from its default, as a changed
    # convention setting is named; the comparison names it with each rule set.
    tec = str(Path(__file__).parent / "data" / "team" / "grandmommyscup.trf")
    out = tmp_path / "team.html"
    assert main(["report", tec, "-o", str(out), "--rules", "fide-2024", "--set", "ede_bc=higher-first"]) == 0
    html = out.read_text(encoding="utf-8")
    assert "(fide-2024+ede_bc=higher-first)" in html  # the rules line
    assert "rules fide-2024+ede_bc=higher-first · grandmommyscup.trf" in html  # the footer
    assert main(["compare", tec, "-o", str(out), "--rules", "fide-2024,fide-2026", "--set", "ede_bc=higher-first"]) == 0
    html = out.read_text(encoding="utf-8")
    assert "rules fide-2024+ede_bc=higher-first | fide-2026+ede_bc=higher-first · " in html
    assert "<b>fide-2026+ede_bc=higher-first</b>" in html
    assert main(["report", tec, "-o", str(out), "--rules", "fide-2024"]) == 0
    assert "ede_bc" not in out.read_text(encoding="utf-8")


def test_a_team_definition_keeps_every_modifier():
    # The one codes grammar: /L, /F, /R and /U on a team code reach its definition, as on a player's.
    from tbxl.report.views.team_frame import team_definition
    from tbxl.tiebreaks.codes import parse

    d = parse("KS:MP/L+1", team=True)
    assert (d.name, d.score, d.limit, d.base.code) == ("KS", "MP", 1, "KS/L+1")
    L = team_labels("en")
    assert parse("AOB:GP/F", team=True).fore and parse("TPN/R", team=True).reverse
    assert L["mod_fore"] in team_definition("AOB:GP/F", L) and L["mod_reverse"] in team_definition("TPN/R", L)
    assert "+1" in team_definition("KS:MP/L+1", L)
