"""The command line on team events: the JSON contract (kind: team, team_number), explain --team,
compare, audit of the 310 rank column, errors."""

import json
from pathlib import Path

import pytest

from generate_team import event_trf  # noqa: E402
from tbxl.cli import main
from tbxl.errors import UnknownRules
from tbxl.rules import get

TEC = str(Path(__file__).parent / "data" / "team" / "grandmommyscup.trf")


def test_team_json_contract(run_cli):
    code, out, _ = run_cli(
        "compute", TEC, "--rules", "fide-2024", "--tiebreaks", "MP,GP,EDE,BH/C1:MP,SB:MP", "--format", "json"
    )
    assert code == 0
    doc = json.loads(out)
    assert doc["tournament"] == {
        "name": "Grandmommy's Cup",
        "rounds": 14,
        "teams": 50,
        "boards": 4,
        "players": 249,
        "kind": "team",
        "primary": "MP",
        "start_date": "2024-12-01",
        # the event's details besides (TRF 052, 022, 032, 102, 112, 122)
        "end_date": "2024-12-14",
        "place": "Test",
        "federation": "FID",
        "chief_arbiter": "The Chief Arbiter",
        "deputy_arbiters": ["The First Deputy Arbiter", "The Second Deputy Arbiter"],
        "time_control": "100'x40mm + 50'x20mm + 30\" from move 1",
        "links": [],
    }
    assert doc["rules"] == "fide-2024"
    assert doc["tiebreaks"] == ["GP", "EDE", "BH/C1:MP", "SB:MP"]  # spelled as given; MP is the points
    first = doc["standings"][0]
    assert set(first) == {"rank", "rank_label", "team_number", "name", "points", "values", "decided_by"}
    assert (first["team_number"], first["name"], first["points"]) == (16, "India 3", 20)
    assert first["values"]["GP"] == 33.5 and first["values"]["EDE"] is None
    by = {s["team_number"]: s for s in doc["standings"]}
    # Reference engine (tests/data/team/reference-engine.json): BH:MP/C1 of team 1 is 207.
    assert by[1]["values"]["BH/C1:MP"] == 207


def test_team_default_tiebreaks_are_the_files_202(run_cli):
    code, out, _ = run_cli("compute", TEC, "--format", "csv")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "rank,team_number,name,points,EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP"
    assert lines[1] == "1,16,India 3,20,1,528,225,33.5"


def test_team_table(run_cli):
    code, out, _ = run_cli("compute", TEC, "--tiebreaks", "MPTS,EDE,BC")
    assert code == 0 and "50 teams x 4 boards" in out and "India 3" in out


def test_team_explain(run_cli):
    code, out, _ = run_cli("explain", TEC, "--team", "6", "--rules", "fide-2024")
    assert code == 0
    assert out.startswith("Azerbaijan (team 6), rank 4, rules fide-2024")
    assert "B1 13 v 48 =" in out  # board by board
    assert "EMGSB/C1/P of team 6 = 528" in out and "EDET/P of team 6 = 2" in out
    assert "cut: least significant value" in out


def test_team_explain_needs_a_team(run_cli):
    code = None
    try:
        code = main(["explain", TEC])
    except SystemExit as e:
        code = e.code
    assert code == 2
    code, _, err = run_cli("explain", TEC, "--team", "99")
    assert code == 1 and "no team with number 99" in err


def test_team_compare(run_cli):
    code, out, _ = run_cli("compare", TEC, "--rules", "fide-2024,fide-2026", "--format", "json")
    assert code == 0
    doc = json.loads(out)
    assert doc["kind"] == "team" and doc["rules"] == ["fide-2024", "fide-2026"]
    india3 = [t for t in doc["teams"] if t["team_number"] == 16][0]
    # India 3 (20 MP) had a full-point bye in round 6: 2026 caps its dummy at 1 MP x 14 rounds = 14
    # (16.4.2), 6 less: BH:MP/C1/P 225 -> 219 (the reference engine gives the same).
    assert india3["by_rules"]["fide-2024"]["values"]["BH:MP/C1/P"] == 225
    assert india3["by_rules"]["fide-2026"]["values"]["BH:MP/C1/P"] == 219


def test_team_audit_of_the_310_ranks(run_cli):
    # The data README's known fact: the 310 rank column does not follow the file's 202 list, 31 of
    # 50 places differ.
    code, out, _ = run_cli("audit", TEC, "--rules", "fide-2024")
    assert code == 1
    assert "19 of 50 published ranks agree" in out
    assert "team 16 India 3: published rank 2, computed 1" in out


def test_team_bad_file_is_one_located_line(run_cli, tmp_path):
    rounds = [[("M", 1, 2, "1=")]]
    text = event_trf(2, 2, rounds) + "330 +-   1   1   2\n"
    p = tmp_path / "bad.trf"
    p.write_text(text)
    code, out, err = run_cli("compute", str(p))
    assert code == 1 and out == ""
    assert err.startswith("tbxl: error: bad.trf:") and "record 330" in err and err.count("\n") == 1


def test_team_workbook_reads_back(run_cli, tmp_path):
    # tbxl workbook on the team TRF, then compute on the workbook: the same standings.
    book = tmp_path / "team.xlsx"
    assert main(["workbook", TEC, "-o", str(book), "--rules", "fide-2026"]) == 0
    code, from_book, _ = run_cli("compute", str(book), "--rules", "fide-2026", "--format", "csv")
    assert code == 0
    code, from_trf, _ = run_cli("compute", TEC, "--rules", "fide-2026", "--format", "csv")
    assert from_book == from_trf and from_trf.count("\n") == 51


def test_team_workbook_refuses_a_control_character_in_a_team_name(run_cli, tmp_path):
    # As in a player's name (test_workbook): one clean line, not openpyxl's traceback; nothing written.
    trf = tmp_path / "ctrl.trf"
    trf.write_text(
        Path(TEC).read_text(encoding="utf-8").replace("310   1 India ", "310   1 Ind\x07a "), encoding="utf-8"
    )
    code, out, err = run_cli("workbook", str(trf), "-o", str(tmp_path / "c.xlsx"))
    assert code == 1 and out == "" and err.count("\n") == 1, err
    assert "ctrl.trf: the name of team 1 holds the control character U+0007" in err
    assert "\x07" not in err and "Traceback" not in err
    assert not (tmp_path / "c.xlsx").exists()


def test_team_explain_to_a_report(tmp_path):
    out = tmp_path / "appeal.html"
    assert main(["explain", TEC, "--team", "6", "-o", str(out)]) == 0
    html = out.read_text()
    # the team appeal (issue 35 item 4): the team's line, its EDE once with labelled steps
    assert "Azerbaijan (6) 2" in html and "Step 1: MP" in html and "Board prizes" not in html


def test_team_setting_ede_bc(run_cli):
    code, out, _ = run_cli(
        "compute",
        TEC,
        "--tiebreaks",
        "MPTS,EDEBT,BH:MP",
        "--rules",
        "fide-2024",
        "--set",
        "ede_bc=higher-first",
        "--format",
        "csv",
    )
    assert code == 0 and "\n4,13,Spain,19," in out  # the reference engine's order
    code, _, err = run_cli("compute", TEC, "--set", "ede_bc=sideways")
    assert code == 2 and "ede_bc must be one of lower-first, higher-first" in err


def test_team_settings_are_typed():
    # One spelling each: the mode carries its word and its text; a mapping, the typed settings and
    # --set give the same ranking.
    from tbxl.io.trf import read_team_trf
    from tbxl.rules import EdeBoardCount, TeamSettings, split_team_settings
    from tbxl.standings import compute_standings

    settings, rest = split_team_settings(["ede_bc=higher-first", "vur_cut=always"])
    assert settings.ede_bc is EdeBoardCount.HIGHER_FIRST and settings.ede_bc == "higher-first"
    assert rest == ["vur_cut=always"]  # the convention's, resolved with the rules
    with pytest.raises(UnknownRules, match=r"unknown setting 'ede_bc'; settings: .*vur_cut=.*ede_bc=lower-first"):
        split_team_settings(["ede_bc"])  # a bare name sets nothing
    assert TeamSettings().describe() == "" and "higher count first" in settings.describe()
    t = read_team_trf(TEC)
    typed = compute_standings(t, "MPTS,EDEBT,BH:MP", get("fide-2024"), settings=settings)
    mapped = compute_standings(t, "MPTS,EDEBT,BH:MP", get("fide-2024"), settings={"ede_bc": "higher-first"})
    default = compute_standings(t, "MPTS,EDEBT,BH:MP", get("fide-2024"))
    order = lambda st: [r.team.number for r in st.rows]  # noqa: E731
    assert order(typed) == order(mapped) != order(default)
    assert typed.settings == settings


def test_team_outputs_name_a_changed_team_setting(run_cli):
    # The rules a team event is ranked by are the convention and the team settings: a setting changed
    # from its default is named with the rules, as a changed convention setting is.
    args = ["--tiebreaks", "MPTS,EDEBT,BH:MP", "--rules", "fide-2024", "--set", "ede_bc=higher-first"]
    code, out, _ = run_cli("compute", TEC, *args)
    assert code == 0 and out.splitlines()[0].endswith(" - rules fide-2024+ede_bc=higher-first")
    code, out, _ = run_cli("compute", TEC, *args, "--set", "vur_cut=always", "--format", "json")
    assert json.loads(out)["rules"] == "fide-2024+vur_cut=always+ede_bc=higher-first"
    code, out, _ = run_cli("compute", TEC, *args[:4], "--set", "ede_bc=lower-first", "--format", "json")
    assert json.loads(out)["rules"] == "fide-2024"  # the default named no more than before
    code, out, _ = run_cli("explain", TEC, "--team", "6", *args)
    assert out.startswith("Azerbaijan (team 6), rank 5, rules fide-2024+ede_bc=higher-first")
    code, out, _ = run_cli("compare", TEC, *args[:2], "--rules", "fide-2024,fide-2026", *args[4:], "--format", "json")
    doc = json.loads(out)
    assert doc["rules"] == ["fide-2024+ede_bc=higher-first", "fide-2026+ede_bc=higher-first"]
    assert set(doc["teams"][0]["by_rules"]) == set(doc["rules"])
    code, out, _ = run_cli("compare", TEC, *args[:2], "--rules", "fide-2024,fide-2026", *args[4:])
    assert out.splitlines()[0] == "Grandmommy's Cup: fide-2024+ede_bc=higher-first | fide-2026+ede_bc=higher-first"
    code, out, _ = run_cli("audit", TEC, *args)
    assert out.startswith("rules fide-2024+ede_bc=higher-first, tie-breaks MP,EDEBT,BH:MP: ")


def test_team_unknown_setting_lists_the_team_settings(run_cli):
    code, out, err = run_cli("compute", TEC, "--set", "ede_bx=higher-first")
    assert code == 2 and out == ""
    assert "unknown setting 'ede_bx=higher-first'; settings: " in err
    assert "vur_cut=higher-of|always|none" in err and "ede_bc=lower-first|higher-first" in err


def test_team_csv_names_cannot_become_formulas(run_cli, tmp_path):
    # The one CSV sanitiser of the individual CSV (tbxl.projection.csv_name) guards team names too.
    lines = Path(TEC).read_text(encoding="utf-8").splitlines()
    lines = [
        line[:8] + "=HYPERLINK(1)".ljust(32) + line[40:] if line.startswith("310   1 ") else line for line in lines
    ]
    f = tmp_path / "team.trf"
    f.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = run_cli("compute", str(f), "--format", "csv")
    assert code == 0
    assert "\n".join(out.splitlines()[1:]).count(",'=HYPERLINK(1),") == 1
    # A name that starts with a control character (a team workbook may hold one) is shown inert
    # first, then guarded, exactly as a player's name: the same cell either way.
    import dataclasses

    from tbxl.io.trf import read_team_trf, read_trf
    from tbxl.projection import csv_document as render_csv
    from tbxl.standings import compute_standings

    team_st = compute_standings(read_team_trf(TEC), None, get("fide-2026"))
    solo_st = compute_standings(
        read_trf(str(Path(__file__).parents[1] / "tbxl" / "examples" / "held_swiss_5.trf")), None, get("fide-2026")
    )
    for st in (team_st, solo_st):
        st.rows[0].player = dataclasses.replace(st.rows[0].player, name="\t=1+1")
    cells = [render_csv(st).splitlines()[1].split(",")[2] for st in (team_st, solo_st)]
    assert cells == ["\\x09=1+1", "\\x09=1+1"]


def test_team_compute_report_follows_the_individual_derivations_default(run_cli, tmp_path):
    # compute -o x.html writes the standings report without derivation blocks, as on an individual
    # event (it used to force "tied" on a team event); report keeps its own default.
    code, _, _ = run_cli("compute", TEC, "-o", str(tmp_path / "c.html"))
    assert code == 0
    code, _, _ = run_cli("report", TEC, "--derivations", "none", "--html", "-o", str(tmp_path / "r.html"))
    assert code == 0
    code, _, _ = run_cli("report", TEC, "--derivations", "tied", "--html", "-o", str(tmp_path / "t.html"))
    assert code == 0
    computed = (tmp_path / "c.html").read_text(encoding="utf-8")
    assert computed == (tmp_path / "r.html").read_text(encoding="utf-8").replace("r.html", "c.html")
    assert computed != (tmp_path / "t.html").read_text(encoding="utf-8").replace("t.html", "c.html")


def test_team_workbook_with_a_control_or_bidi_character_in_a_team_name(run_cli, tmp_path):
    # Issue 20: a team workbook holding ESC in a team's name (which XML 1.0 cannot hold) ended in
    # openpyxl's ParseError as an internal error; now one line names the cell and the character by its
    # code point, never the character itself. A right-to-left override (legal XML) reads, and is shown
    # inert.
    from hostile import _team_book_with

    args = _team_book_with(b"Ind\x1b[2Ja")(tmp_path)
    code, out, err = run_cli(*args)
    assert code == 1 and out == "" and err.count("\n") == 1, err
    assert "team.xlsx!Crosstable!B2: the cell holds the control character U+001B" in err
    assert "\x1b" not in err and "Traceback" not in err and "internal error" not in err
    rlo = tmp_path / "rlo"
    rlo.mkdir()
    args = _team_book_with("Ind\u202ea".encode("utf-8"))(rlo)
    code, out, err = run_cli(*args)
    assert code == 0 and "Ind\\u202ea" in out and "\u202e" not in out
