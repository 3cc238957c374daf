"""Issue 10, the command line's side: -o's extension decides the output everywhere, usage errors
exit 2, -o into a missing folder names the folder, bad tie-break lists and colour clashes are
located errors, Ctrl-C is one line and exit 130, and names cannot drive a terminal or a page
(control and bidi characters are shown escaped). Every error is one line, without traceback."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from builders import Builder
from conftest import DATA
from tbxl import cli
from tbxl.errors import InputError
from tbxl.formatting import visible
from tbxl.io.files import OUTPUT_FORMATS, output_format, write_atomic
from tbxl.io.trf import write_trf

SWISS = str(DATA / "tec-2023" / "held_swiss_5.trf")
ROOT = Path(__file__).resolve().parents[1]


def one_line(err: str) -> str:
    """The single ``tbxl: error:`` line of ``err`` (and that there is no other line)."""
    assert err.count("\n") == 1 and err.startswith("tbxl: error: "), err
    assert "Traceback" not in err
    return err


# -- -o FILE: the extension chooses the output -----------------------------------------------------


@pytest.mark.parametrize(
    "command,extra", [("compute", []), ("audit", []), ("compare", ["--rules", "fide-2024,fide-2026"])]
)
def test_text_and_json_follow_the_extension(run_cli, tmp_path, command, extra):
    code, _, _ = run_cli(command, SWISS, *extra, "-o", tmp_path / "out.json")
    assert code in (0, 1)  # audit: 1 when a published number follows no rule set
    doc = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert doc["tournament"]["name"] if command != "audit" else doc["summary"]
    run_cli(command, SWISS, *extra, "-o", tmp_path / "out.txt")
    text = (tmp_path / "out.txt").read_text(encoding="utf-8")
    assert not text.lstrip().startswith("{")


def test_compute_csv_and_table_by_extension(run_cli, tmp_path):
    assert run_cli("compute", SWISS, "--rules", "fide-2024", "-o", tmp_path / "s.csv")[0] == 0
    rows = list(csv.reader(io.StringIO((tmp_path / "s.csv").read_text(encoding="utf-8"))))
    assert rows[0][:4] == ["rank", "start_number", "name", "points"] and rows[1][1:4] == ["2", "Bruno", "4"]
    assert run_cli("compute", SWISS, "-o", tmp_path / "S.TXT")[0] == 0
    assert (tmp_path / "S.TXT").read_text(encoding="utf-8").splitlines()[1].split()[:3] == ["Rank", "SNo", "Name"]


def test_html_by_extension_for_compute_explain_report_audit_compare(run_cli, tmp_path):
    for command, extra in (
        ("compute", []),
        ("explain", ["--player", "4"]),
        ("report", []),
        ("audit", []),
        ("compare", ["--rules", "fide-2024,fide-2026"]),
    ):
        out = tmp_path / f"{command}.html"
        code, _, err = run_cli(command, SWISS, *extra, "-o", out)
        assert code in (0, 1) and "error" not in err, err
        assert out.read_text(encoding="utf-8").lstrip().lower().startswith("<!doctype html"), command


def test_compute_pdf_is_the_standings_report(run_cli, tmp_path):
    out = tmp_path / "s.pdf"
    assert run_cli("compute", SWISS, "--rules", "fide-2024", "-o", out)[0] == 0
    assert out.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize(
    "command,name,extra,expected",
    [
        ("compute", "s.xyz", [], "unknown extension '.xyz' (expected .txt, .csv, .json, .pdf, .html, .htm or .trf)"),
        ("compute", "s.docx", [], "unknown extension '.docx'"),
        ("compute", "s.xlsx", [], "this command does not write '.xlsx'"),
        (
            "explain",
            "e.json",
            ["--player", "4"],
            "this command does not write '.json' (expected .txt, .pdf, .html or .htm)",
        ),
        ("explain", "e.csv", ["--player", "4"], "this command does not write '.csv'"),
        ("report", "r.txt", [], "this command does not write '.txt' (expected .pdf, .html or .htm)"),
        ("report", "r.json", [], "this command does not write '.json'"),
        ("audit", "a.csv", [], "this command does not write '.csv' (expected .txt, .json, .pdf, .html or .htm)"),
        ("compare", "c.csv", ["--rules", "fide-2024,fide-2026"], "this command does not write '.csv'"),
        ("workbook", "w.pdf", [], "this command does not write '.pdf' (expected .xlsx or .xlsm)"),
        ("compute", "s.json", ["--format", "csv"], "--format csv contradicts the extension, which says json"),
        ("compute", "s.txt", ["--format", "json"], "--format json contradicts the extension, which says text"),
        ("audit", "a.txt", ["--format", "json"], "--format json contradicts the extension, which says text"),
        ("compare", "c.json", ["--rules", "fide-2024,fide-2026", "--format", "text"], "--format text contradicts"),
        ("report", "r.pdf", ["--html"], "--html contradicts the extension, which says pdf"),
    ],
)
def test_an_extension_that_is_unknown_or_contradicted_is_a_usage_error(
    run_cli, tmp_path, command, name, extra, expected
):
    out = tmp_path / name
    code, _, err = run_cli(command, SWISS, *extra, "-o", out)
    assert code == 2
    assert one_line(err) == f"tbxl: error: -o {out}: {expected}" or expected in err
    assert f"-o {out}: " in err
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_an_extension_that_repeats_the_format_is_fine_and_none_means_the_format(run_cli, tmp_path):
    assert run_cli("compute", SWISS, "--format", "json", "-o", tmp_path / "s.JSON")[0] == 0
    json.loads((tmp_path / "s.JSON").read_text(encoding="utf-8"))
    assert run_cli("compute", SWISS, "--format", "csv", "-o", tmp_path / "plain")[0] == 0
    assert (tmp_path / "plain").read_text(encoding="utf-8").startswith("rank,start_number")


def test_output_format_is_the_one_table():
    assert output_format("a.Html") == "html" and output_format("dir.v2/out") is None
    assert set(OUTPUT_FORMATS.values()) == {"text", "csv", "json", "pdf", "html", "xlsx", "trf", "svg"}
    from tbxl.cli.parser import WRITES

    for command, forms in WRITES.items():
        assert set(forms) <= set(OUTPUT_FORMATS.values()), command


# -- -o into a folder that does not exist ---------------------------------------------------------


@pytest.mark.parametrize(
    "command,name,extra",
    [
        ("compute", "s.csv", []),
        ("report", "r.pdf", []),
        ("explain", "e.txt", ["--player", "4"]),
        ("audit", "a.json", []),
        ("workbook", "w.xlsx", []),
    ],
)
def test_output_into_a_missing_folder_names_the_folder(run_cli, tmp_path, command, name, extra):
    missing = tmp_path / "no" / "such"
    code, _, err = run_cli(command, SWISS, *extra, "-o", missing / name)
    assert code == 1
    assert one_line(err) == f"tbxl: error: {missing}: no such folder (for the output {missing / name})\n"
    assert ".tmp" not in err and not (tmp_path / "no").exists()


def test_write_atomic_names_the_folder_too(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(InputError, match=r"file: is not a folder \(for the output"):
        write_atomic(tmp_path / "file" / "out.txt", "data")


# -- usage errors exit 2 -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "command,extra",
    [
        ("explain", ["--player", "4"]),
        ("report", ["-o", "r.pdf"]),
        ("audit", []),
        ("compare", ["--rules", "fide-2024,fide-2026"]),
    ],
)
def test_an_unknown_language_is_a_usage_error(run_cli, tmp_path, monkeypatch, command, extra):
    monkeypatch.chdir(tmp_path)
    from tbxl.report.labels import languages

    code, _, err = run_cli(command, SWISS, *extra, "--lang", "zz")  # no language's code (de may come)
    assert code == 2 and "vi" in languages()
    assert one_line(err) == f"tbxl: error: --lang zz: no such report language (available: {', '.join(languages())})\n"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "command,extra",
    [
        ("compute", []),
        ("explain", ["--player", "4"]),
        ("report", ["-o", "r.pdf"]),
        ("audit", []),
        ("compare", ["--rules", "fide-2024,fide-2026"]),
        ("workbook", ["-o", "w.xlsx"]),
    ],
)
def test_after_round_past_the_last_round_is_a_usage_error(run_cli, tmp_path, monkeypatch, command, extra):
    monkeypatch.chdir(tmp_path)
    for k in ("6", "-1"):
        code, _, err = run_cli(command, SWISS, *extra, "--after-round", k)
        assert code == 2
        assert one_line(err) == f"tbxl: error: --after-round {k}: {SWISS} has rounds 1..5 (0 = before the first)\n"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "codes,expected",
    [
        (",,,", "no tie-break code in ',,,' (e.g. BH/C1,BH,SB)"),
        (" , ", "no tie-break code in ' , '"),
        ("BH/C1/C2", "tie-break 'BH/C1/C2' has two modifiers of one kind ('/C1' and '/C2'): give one"),
        ("BH/C1/M1", "tie-break 'BH/C1/M1' has two modifiers of one kind ('/C1' and '/M1')"),
        ("SB,AOB/F/F", "tie-break 'AOB/F/F' has two modifiers of one kind"),
        ("KS,BH/U1400/U1500", "'/U1400' and '/U1500'"),
    ],
)
def test_tiebreak_lists_that_name_nothing_or_twice_are_usage_errors(run_cli, codes, expected):
    code, out, err = run_cli("compute", SWISS, "--tiebreaks", codes)
    assert code == 2 and out == ""
    assert expected in one_line(err)


def test_workbook_keeps_the_rules_settings_and_refuses_a_team_setting(run_cli, tmp_path):
    # a rule's setting goes into the Rules cell as the rule set's name carries it, which the functions read
    code, _, err = run_cli("workbook", SWISS, "--set", "vur_cut=always", "-o", tmp_path / "w.xlsx")
    assert code == 0, err
    from openpyxl import load_workbook

    assert load_workbook(tmp_path / "w.xlsx")["Standings"]["B3"].value == "fide-2024+vur_cut=always"
    # a team setting has no place there: refused, nothing written
    code, _, err = run_cli("workbook", SWISS, "--set", "ede_bc=higher-first", "-o", tmp_path / "t.xlsx")
    assert code == 2 and "--set: a workbook cannot keep ede_bc=higher-first: its functions take" in one_line(err)
    assert not (tmp_path / "t.xlsx").exists()


# -- colours of the two lines of a game ---------------------------------------------------------------


def _two_whites(tmp_path, forfeit: bool) -> Path:
    b = Builder(2).player(1, "Ann").player(2, "Bob").player(3, "Cy").player(4, "Di")
    b.game(1, 1, 2, "1-0").game(1, 3, 4, "1/2").game(2, 4, 1, "0-1")
    b.forfeit(2, 2, 3) if forfeit else b.game(2, 2, 3, "1/2")
    lines = write_trf(b.build()).splitlines()
    # player 3's line, round 2: the scheduled black becomes a second white
    lines = [line[:106] + "w" + line[107:] if line.startswith("001    3") else line for line in lines]
    path = tmp_path / ("ff.trf" if forfeit else "game.trf")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("forfeit", [False, True])
def test_both_players_white_in_one_game_is_a_located_input_error(run_cli, tmp_path, forfeit):
    path = _two_whites(tmp_path, forfeit)
    lines = path.read_text(encoding="utf-8").splitlines()
    two, three = (next(k for k, line in enumerate(lines, 1) if line.startswith(f"001    {sn}")) for sn in (2, 3))
    code, _, err = run_cli("compute", path)
    assert code == 1
    # file:line:column of the first of the two lines, the player, the round, the other line
    assert one_line(err) == (
        f"tbxl: error: {path.name}:{two}:107: player 2, round 2: both players have colour "
        f"'w' (player 3, line {three})\n"
    )


# -- Ctrl-C ------------------------------------------------------------------------------------------


def test_ctrl_c_is_one_line_and_exit_130(capsys, monkeypatch):
    def interrupted(args, parser):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "run", interrupted)
    assert cli.main(["compute", SWISS]) == 130
    assert capsys.readouterr().err == "tbxl: interrupted\n"


def test_a_real_sigint_ends_the_console_script_with_130():
    # The console script's entry point, interrupted by a real SIGINT while it works.
    code = textwrap.dedent(f"""
        import os, signal, sys
        sys.argv = ["tbxl", "compute", {SWISS!r}]
        import tbxl.cli as cli
        from tbxl.cli import commands
        real = commands.load
        def load(args, kind):
            os.kill(os.getpid(), signal.SIGINT)
            return real(args, kind)
        commands.load = load
        cli.entry()
    """)
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert res.returncode == 130 and res.stderr == "tbxl: interrupted\n" and res.stdout == ""


# -- names cannot drive a terminal or a page ----------------------------------------------------------

HOSTILE = {1: "Ann\x1b[2J\x07", 2: "Bob\u202e21", 3: "Cy\x00z", 4: "Di\u2066x\u2069\x9b"}


@pytest.fixture()
def hostile(tmp_path) -> Path:
    b = Builder(2, name="Open\u202e 2026")
    for sn, name in HOSTILE.items():
        b.player(sn, name)
    b.game(1, 1, 2, "1-0").game(1, 3, 4, "1/2").game(2, 4, 1, "0-1").game(2, 2, 3, "1/2")
    path = tmp_path / "hostile.trf"
    path.write_text(write_trf(b.build()), encoding="utf-8")
    return path


BAD = ["\x1b", "\x07", "\x00", "\u202e", "\u2066", "\u2069", "\x9b"]


def test_terminal_table_csv_explain_compare_show_escapes(run_cli, hostile):
    for args in (
        ["compute"],
        ["compute", "--format", "csv"],
        ["explain", "--player", "2"],
        ["compare", "--rules", "fide-2024,fide-2017"],
        ["audit"],
    ):
        code, out, err = run_cli(args[0], hostile, *args[1:])
        assert not any(ch in out + err for ch in BAD), args
    code, out, _ = run_cli("compute", hostile)
    assert "Ann\\x1b[2J\\x07" in out and "Bob\\u202e21" in out and "Cy\\x00z" in out
    assert out.splitlines()[0].startswith("Open\\u202e 2026 - 2 rounds")
    # the table stays aligned (escaped before the widths are taken): points right-aligned under Pts
    head, *rows = out.splitlines()[1:]
    end = head.index(" Pts") + 4
    assert all(row[end - 1].isdigit() and row[end] == " " for row in rows)
    code, out, _ = run_cli("compute", hostile, "--format", "csv")
    names = [row[2] for row in csv.reader(io.StringIO(out))][1:]
    assert sorted(names) == sorted(visible(n) for n in HOSTILE.values())


def test_json_escapes_them_and_reads_back_the_same_names(run_cli, hostile, tmp_path):
    code, out, _ = run_cli("compute", hostile, "--format", "json")
    assert not any(ch in out for ch in BAD)
    assert "\\u202e" in out and "\\u001b" in out
    assert {r["name"] for r in json.loads(out)["standings"]} == set(HOSTILE.values())
    run_cli("compare", hostile, "--rules", "fide-2024,fide-2017", "-o", tmp_path / "c.json")
    text = (tmp_path / "c.json").read_text(encoding="utf-8")
    assert not any(ch in text for ch in BAD)
    assert {p["name"] for p in json.loads(text)["players"]} == set(HOSTILE.values())


def test_html_pages_show_escapes(run_cli, hostile, tmp_path):
    for command, extra in (
        ("report", []),
        ("explain", ["--player", "2"]),
        ("compare", ["--rules", "fide-2024,fide-2017"]),
    ):
        out = tmp_path / f"{command}.html"
        assert run_cli(command, hostile, *extra, "-o", out)[0] == 0
        page = out.read_text(encoding="utf-8")
        assert not any(ch in page for ch in BAD), command
        assert "Bob\\u202e21" in page


def test_error_lines_show_escapes(capsys, monkeypatch):
    def fails(args, parser):
        raise InputError("player 'Ann\x1b[2J' is odd", file="x.trf", line=3)

    monkeypatch.setattr(cli, "run", fails)
    assert cli.main(["compute", SWISS]) == 1
    assert capsys.readouterr().err == "tbxl: error: x.trf:3: player 'Ann\\x1b[2J' is odd\n"
