"""``tbxl audit TEAM.trf --published FILE``: a published team table checked against the announced
rules, each difference traced to the rule set that prints it."""

import json
from pathlib import Path

import pytest

from tbxl.audit import EXPLAINED, UNEXPLAINED, audit
from tbxl.cli import main
from tbxl.errors import InputError
from tbxl.io.published import read_published, team_column_meaning
from tbxl.io.trf import read_team_trf
from tbxl.rules import get

DATA = Path(__file__).parent / "data" / "team"
TEC = str(DATA / "grandmommyscup.trf")
BULLETIN = DATA / "bulletin-fide2024.csv"


def read(path, t, **kw):
    return read_published(path, t, tiebreaks=[c for c in t.tiebreaks if c != "PTS"], **kw)


@pytest.mark.slow
def test_a_2024_bulletin_audited_against_2026_is_traced_to_2024():
    t = read_team_trf(TEC)
    a = audit(t, read(BULLETIN, t), rules=get("fide-2026"))
    # 50 teams x (MP, GP, EMGSB/C1/P, BH:MP/C1/P, MPvGP, rank) = 300 checked; EDET/P is an order (50 skipped).
    assert a.summary == {"checked": 300, "agree": 282, "explained": 18, "unexplained": 0, "skipped": 50}
    assert a.ok
    diffs = {(f.start_number, f.code): f for f in a.differences}
    # Nine teams had a full-point bye: EMGSB/C1/P and BH:MP/C1/P of each differ, nothing else.
    assert sorted({n for n, _ in diffs}) == [3, 6, 8, 11, 13, 16, 18, 19, 22]
    assert {c for _, c in diffs} == {"EMGSB/C1/P", "BH:MP/C1/P"}
    india = diffs[16, "BH:MP/C1/P"]
    # India 3 (20 MP) had the PAB in round 6: 2024 counts its dummy at India's own 20 MP, 2026 caps
    # it at a draw x 14 rounds = 1 x 14 = 14; 225 - 20 + 14 = 219.
    assert (india.published.value, india.computed, india.status) == (225, 219, EXPLAINED)
    assert india.matches[0] == "fide-2024"
    assert (
        str(india.changes[0])
        == "round 6, full-point bye: 20 instead of 14, without “capped at a draw x 14 rounds = 14”"
    )
    esb = diffs[16, "EMGSB/C1/P"]
    # EMGSB: the dummy's MP x India's GP in the match: 20 x 4 = 80 in 2024, 14 x 4 = 56 in 2026.
    assert (esb.published.value, esb.computed) == (528, 504) and esb.matches[0] == "fide-2024"
    columns = {c.code: c for c in a.columns}
    assert columns["BH:MP/C1/P"].reproduced_by[0] == "fide-2024"
    assert columns["MP"].agree == columns["GP"].agree == columns["RANK"].agree == 50


def test_the_same_bulletin_agrees_with_2024(run_cli):
    code, out, _ = run_cli("audit", TEC, "--published", str(BULLETIN), "--rules", "fide-2024")
    assert code == 0
    assert "300 values checked: 300 agree, 0 explained, 0 unexplained (50 skipped)" in out


@pytest.mark.slow
def test_cli_text_json_and_fail_on_difference(run_cli):
    code, out, _ = run_cli("audit", TEC, "--published", str(BULLETIN), "--rules", "fide-2026")
    assert code == 0
    assert "#16 India 3, BH:MP/C1/P: published 225 (bulletin-fide2024.csv:4, column 'TB3'); fide-2026 gives 219" in out
    assert "Every difference follows a named rule set." in out
    code, out, _ = run_cli("audit", TEC, "--published", str(BULLETIN), "--rules", "fide-2026", "--format", "json")
    doc = json.loads(out)
    assert code == 0 and doc["ok"] is True and doc["summary"]["explained"] == 18
    assert doc["tiebreaks"] == ["EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP"]
    spain = [f for f in doc["findings"] if f["start_number"] == 13 and f["code"] == "EMGSB/C1/P"][0]
    assert (spain["published"], spain["computed"], spain["matches"][0]) == ("528", 508, "fide-2024")
    code, _, _ = run_cli("audit", TEC, "--published", str(BULLETIN), "--rules", "fide-2026", "--fail-on", "difference")
    assert code == 1


@pytest.mark.slow
def test_a_typo_is_unexplained_and_exits_1(run_cli, tmp_path):
    # Spain's GP printed 33,5 instead of 32,5: no rule set changes game points.
    text = BULLETIN.read_text().replace("5;13;Spain;19;32,5;", "5;13;Spain;19;33,5;")
    assert "33,5" in text
    p = tmp_path / "typo.csv"
    p.write_text(text)
    t = read_team_trf(TEC)
    a = audit(t, read(p, t), rules=get("fide-2024"))
    bad = [f for f in a.findings if f.status == UNEXPLAINED]
    assert [(f.start_number, f.code, f.published.text, f.computed) for f in bad] == [(13, "GP", "33,5", 32.5)]
    code, out, _ = run_cli("audit", TEC, "--published", str(p), "--rules", "fide-2024")
    assert code == 1
    assert "UNEXPLAINED: no named convention or documented setting gives 33,5" in out


@pytest.mark.slow
def test_xlsx_with_no_column_and_mp_spellings(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Pl", "No", "Team", "MPTS", "BH/C1:MP/P", "EMGSB/C1/P", "SB:MP"])
    # India 3 under fide-2024: BH:MP/C1/P 225 (the MTB order BH/C1:MP/P spells the same), EMGSB/C1/P 528.
    ws.append([1, 16, "India 3", 20, 225, 528, None])
    ws.append([2, 22, "Slovakia", 20, 230, 504.5, None])  # a typo: 224 published as 230
    path = tmp_path / "bulletin.xlsx"
    wb.save(path)
    t = read_team_trf(TEC)
    pub = read(path, t)
    assert [(v.start_number, v.code) for v in pub.values][:4] == [
        (16, "RANK"),
        (16, "MP"),
        (16, "BH/C1:MP/P"),
        (16, "EMGSB/C1/P"),
    ]
    a = audit(t, pub, rules=get("fide-2024"))
    assert not a.ok
    bad = [f for f in a.findings if f.status == UNEXPLAINED]
    assert [(f.start_number, f.code, f.computed) for f in bad] == [(22, "BH/C1:MP/P", 224)]
    assert bad[0].published.where.endswith("bulletin.xlsx!Sheet!E3")


def test_unknown_team_number_is_located(tmp_path):
    p = tmp_path / "b.csv"
    p.write_text("Team No.;MP\n99;3\n")
    t = read_team_trf(TEC)
    with pytest.raises(InputError, match=r"b.csv:2.*no team with number 99"):
        read(p, t)


def test_team_column_meaning_numbered_beyond_the_list():
    from tbxl.io.published import NumberedColumn

    with pytest.raises(NumberedColumn, match="TB3"):
        team_column_meaning("TB3", ["EDE", "BH:MP"])


# -- reports ----------------------------------------------------------------------------------------

LANGS = ("en", "vi", "es", "ru", "ms")


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_team_audit_report_html(tmp_path, lang):
    pytest.importorskip("jinja2")
    from tbxl.report import labels

    out = tmp_path / "audit.html"
    code = main(["audit", TEC, "--published", str(BULLETIN), "--rules", "fide-2026", "-o", str(out), "--lang", lang])
    assert code == 0
    html = out.read_text(encoding="utf-8")
    L = labels(lang)
    assert L["audit"]["title"] in html and "bulletin-fide2024.csv" in html
    # India 3's BH:MP/C1/P: published 225, fide-2026 gives 219; both derivations are shown.
    assert "<b>225</b>" in html and "<b>219</b>" in html
    assert L["audit"]["under"].format(rules="fide-2024") in html
    assert L["audit"]["under"].format(rules="fide-2026") in html


@pytest.mark.parametrize("lang", LANGS)
def test_team_compare_report_html(tmp_path, lang):
    pytest.importorskip("jinja2")
    import json as _json

    from tbxl.report import templates_dir

    out = tmp_path / "compare.html"
    assert main(["compare", TEC, "--rules", "fide-2024,fide-2026", "-o", str(out), "--lang", lang]) == 0
    html = out.read_text(encoding="utf-8")
    T = _json.loads((templates_dir() / "labels" / lang / "team.json").read_text(encoding="utf-8"))
    # 9 of the 50 teams change a value (the nine full-point byes, 16.4.2).
    intro = T["compare_intro"].format(changed=9, players=50, rules="fide-2024 / fide-2026")
    assert intro in html
    assert "225 / 219" in html and "India 3" in html


@pytest.mark.slow
def test_team_compare_and_audit_pdf(tmp_path):
    pytest.importorskip("weasyprint")
    a, c = tmp_path / "audit.pdf", tmp_path / "compare.pdf"
    assert main(["audit", TEC, "--published", str(BULLETIN), "--rules", "fide-2026", "-o", str(a)]) == 0
    assert main(["compare", TEC, "--rules", "fide-2024,fide-2026", "--changed-only", "-o", str(c)]) == 0
    assert a.read_bytes()[:5] == c.read_bytes()[:5] == b"%PDF-"


def test_team_names_are_escaped_in_reports(tmp_path):
    pytest.importorskip("jinja2")
    src = tmp_path / "evil.trf"
    # the same width as "India 3": the 310 record is fixed-column
    src.write_text(Path(TEC).read_text(encoding="utf-8").replace("India 3", "<s>In3>"), encoding="utf-8")
    out = tmp_path / "c.html"
    assert main(["compare", str(src), "--rules", "fide-2024,fide-2026", "-o", str(out)]) == 0
    html = out.read_text(encoding="utf-8")
    assert "&lt;s&gt;In3&gt;" in html and "<s>In3>" not in html


def test_the_audit_names_and_uses_a_changed_team_setting(run_cli):
    # The team settings given with --set rank every rule set tried; the announced rules are named
    # with them. (EDET/P of the bulletin has no board-count step: the values still all agree.)
    code, out, _ = run_cli(
        "audit", TEC, "--published", str(BULLETIN), "--rules", "fide-2024", "--set", "ede_bc=higher-first"
    )
    assert code == 0
    assert out.splitlines()[0].endswith(
        " - rules fide-2024+ede_bc=higher-first - tie-breaks EDET/P, EMGSB/C1/P, BH:MP/C1/P, MPvGP"
    )
    assert "300 values checked: 300 agree, 0 explained, 0 unexplained (50 skipped)" in out
    assert "(fide-2024+ede_bc=higher-first)" in out  # a column that agrees
    code, out, _ = run_cli(
        "audit",
        TEC,
        "--published",
        str(BULLETIN),
        "--rules",
        "fide-2024",
        "--set",
        "ede_bc=higher-first",
        "--format",
        "json",
    )
    assert json.loads(out)["rules"] == "fide-2024+ede_bc=higher-first"
    t = read_team_trf(TEC)
    a = audit(t, read(BULLETIN, t), rules=get("fide-2024"), settings={"ede_bc": "higher-first"})
    assert a.standings.settings.ede_bc == "higher-first" and a.rules_name == "fide-2024+ede_bc=higher-first"
    assert audit(t, read(BULLETIN, t), rules=get("fide-2024")).rules_name == "fide-2024"


# -- the team setting ede_bc, tried where an EDE chain has a board-count step ----------------------

EDE_BC = ["--tiebreaks", "MPTS,EDEBT,BH:MP", "--rules", "fide-2024"]


def reference_bulletin(tmp_path):
    """The TEC sample ranked by MPTS, EDEBT, BH:MP as the reference engine ranks it (the higher board
    count first inside EDEBT): tbxl's own standings under ede_bc=higher-first, printed as a bulletin."""
    from tbxl.standings import compute_standings

    t = read_team_trf(TEC)
    st = compute_standings(t, "MPTS,EDEBT,BH:MP", get("fide-2024"), settings={"ede_bc": "higher-first"})
    rows = [f"{r.rank};{r.team.number};{r.team.name};{r.points};{r.values['BH:MP']}" for r in st.rows]
    p = tmp_path / "reference.csv"
    p.write_text("\n".join(["Rk.;Team No.;Team;MP;BH:MP"] + rows) + "\n", encoding="utf-8")
    return p


@pytest.mark.slow
def test_a_reference_engine_bulletin_follows_ede_bc_higher_first(tmp_path):
    t = read_team_trf(TEC)
    pub = read_published(reference_bulletin(tmp_path), t, tiebreaks=["BH:MP"])
    a = audit(t, pub, rules=get("fide-2024"), tiebreaks="MPTS,EDEBT,BH:MP")
    # 50 teams x (rank, MP, BH:MP): MP and BH:MP do not depend on ede_bc and agree; four ranks differ.
    assert a.summary == {"checked": 150, "agree": 146, "explained": 4, "unexplained": 0, "skipped": 0}
    assert a.ok
    # Azerbaijan (6) and Spain (13) drew 2-2 and stay tied after EDE (19 MP each); the BC step of
    # EDEBT decides. Lower count first (tbxl's default) puts Azerbaijan 4th, the reference engine 5th;
    # likewise Turkey (41) and Belgium (49) at 48-49.
    got = {f.start_number: (f.published.value, f.computed, f.status, f.matches[0]) for f in a.differences}
    assert got == {
        6: (5, "4", EXPLAINED, "fide-2024+ede_bc=higher-first"),
        13: (4, "5", EXPLAINED, "fide-2024+ede_bc=higher-first"),
        41: (48, "49", EXPLAINED, "fide-2024+ede_bc=higher-first"),
        49: (49, "48", EXPLAINED, "fide-2024+ede_bc=higher-first"),
    }
    azerbaijan = next(f for f in a.differences if f.start_number == 6)
    # EDEBT's place in the tied group 3-6: 2nd by default, 3rd with the higher board count first.
    assert [str(c) for c in azerbaijan.changes] == ["EDEBT 3 instead of 2"]
    assert {c.code: c.reproduced_by[0] for c in a.columns}["RANK"] == "fide-2024+ede_bc=higher-first"
    # Tried on top of every rule set: the other edition too, and a preset with a switch changed.
    assert {"fide-2026+ede_bc=higher-first", "fide-2024+vur_cut=always+ede_bc=higher-first"} <= set(azerbaijan.matches)
    assert a.standings_under("fide-2024+ede_bc=higher-first").row(6).rank == 5


@pytest.mark.slow
def test_ede_bc_in_text_json_and_report(run_cli, tmp_path):
    p = str(reference_bulletin(tmp_path))
    code, out, _ = run_cli("audit", TEC, "--published", p, *EDE_BC)
    assert code == 0
    assert "150 values checked: 146 agree, 4 explained, 0 unexplained" in out
    assert "follows fide-2024+ede_bc=higher-first, " in out
    assert (
        "(fide-2024+ede_bc=higher-first: " in out
        and "EDEBT/EDEBB's board-count step ranks the higher count first (the reference engine)" in out
    )
    code, out, _ = run_cli("audit", TEC, "--published", p, *EDE_BC, "--format", "json")
    doc = json.loads(out)
    assert code == 0 and doc["ok"] is True and doc["rules"] == "fide-2024"
    spain = next(f for f in doc["findings"] if f["start_number"] == 13 and f["code"] == "RANK")
    assert (spain["published"], spain["matches"][0]) == ("4", "fide-2024+ede_bc=higher-first")
    assert "higher count first" in spain["follows"]
    pytest.importorskip("jinja2")
    html_path = tmp_path / "audit.html"
    assert main(["audit", TEC, "--published", p, *EDE_BC, "-o", str(html_path)]) == 0
    assert "fide-2024+ede_bc=higher-first" in html_path.read_text(encoding="utf-8")


@pytest.mark.slow
def test_a_given_ede_bc_tries_the_other_direction(tmp_path):
    # With --set ede_bc=higher-first the audit ranks under it; the default bulletin's differences then
    # follow the other direction, spelled as the change it is.
    t = read_team_trf(TEC)
    from tbxl.standings import compute_standings

    st = compute_standings(t, "MPTS,EDEBT,BH:MP", get("fide-2024"))
    p = tmp_path / "lower.csv"
    p.write_text("Rk.;Team No.;MP\n" + "".join(f"{r.rank};{r.team.number};{r.points}\n" for r in st.rows))
    pub = read_published(p, t)
    a = audit(t, pub, rules=get("fide-2024"), tiebreaks="MPTS,EDEBT,BH:MP", settings={"ede_bc": "higher-first"})
    assert a.rules_name == "fide-2024+ede_bc=higher-first"
    assert {f.start_number: f.matches[0] for f in a.differences} == {
        n: "fide-2024+ede_bc=lower-first" for n in (6, 13, 41, 49)
    }
    assert a.summary["unexplained"] == 0


@pytest.mark.slow
def test_ede_bc_is_not_tried_without_a_board_count_step(tmp_path):
    # The bulletin's list (EDET/P, EMGSB/C1/P, BH:MP/C1/P, MPvGP) has no EDE chain with a BC step:
    # ede_bc cannot change its ranking and is never tried, even on ranks that differ (Azerbaijan and
    # Spain swapped: no rule set gives that, so it stays unexplained).
    text = BULLETIN.read_text().replace("4;6;Azerbaijan;", "5;6;Azerbaijan;").replace("5;13;Spain;", "4;13;Spain;")
    assert "5;6;Azerbaijan;" in text and "4;13;Spain;" in text
    p = tmp_path / "swapped.csv"
    p.write_text(text)
    t = read_team_trf(TEC)
    a = audit(t, read(p, t), rules=get("fide-2024"))
    assert {(f.start_number, f.code, f.status) for f in a.differences} == {
        (6, "RANK", UNEXPLAINED),
        (13, "RANK", UNEXPLAINED),
    }
    assert a.engine.tried and not [n for n in a.engine.tried if "ede_bc" in n]
    # EDET (its board step TBR) and EDEB (BBE) have no board count: nothing to try; EDEBT and EDEBB
    # (BC then TBR, BC then BBE): the announced rules with the other ede_bc, one candidate.
    from tbxl.audit.engine import TeamAuditEngine

    for codes, expected in (
        (["EDET", "EDEB", "BH:MP"], []),
        (["EDEBB/P", "BH:MP"], ["fide-2024+ede_bc=higher-first"]),
        (["EDEBT"], ["fide-2024+ede_bc=higher-first"]),
    ):
        engine = TeamAuditEngine(t, "MP", codes)
        assert [c.name for c in engine.rank_candidates(get("fide-2024"), [])] == expected, codes


def test_a_map_to_no_team_code_is_an_error_not_an_ignored_column():
    # --map TB1=XYZ on a team event used to map the column to nothing (it was then "ignored"),
    # where an individual event's --map refuses the code: both refuse it now.
    from tbxl.errors import UnknownTiebreak

    t = read_team_trf(TEC)
    with pytest.raises(UnknownTiebreak, match="'XYZ' is not a tie-break code"):
        read(BULLETIN, t, mapping=["TB1=XYZ"])
    assert read(BULLETIN, t, mapping=["TB1=EDET"]).values
