"""The command-line contract: formats, exit codes, errors, safe outputs."""

import io
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

import tbxl
from conftest import DATA
from tbxl.cli import main
from tbxl.io.files import write_atomic

SWISS = str(DATA / "tec-2023" / "held_swiss_5.trf")
RR = str(DATA / "tec-2023" / "held_round_robin.trf")


def test_json_contract(run_cli):
    code, out, _ = run_cli(
        "compute", SWISS, "--rules", "fide-2024", "--tiebreaks", "DE,BH/C1,BH,SB,AOB,ARO/C1", "--format", "json"
    )
    assert code == 0
    doc = json.loads(out)
    assert doc["tournament"] == {
        "name": "FIDE C.07 2023 Tie-Break Exercises",
        "rounds": 5,
        "players": 16,
        "start_date": "2024-08-01",
        "pairing": "swiss",
        "end_date": None,
        "place": None,
        "federation": None,
        "chief_arbiter": None,
        "deputy_arbiters": [],
        "time_control": None,
        "links": [],
    }
    assert doc["rules"] == "fide-2024"
    assert doc["tiebreaks"] == ["DE", "BH/C1", "BH", "SB", "AOB", "ARO/C1"]
    first = doc["standings"][0]
    # The keys of the first contract, unchanged; the player's fields were added after (issue 11).
    assert {k: first[k] for k in ("rank", "rank_label", "start_number", "name", "points", "values")} == {
        "rank": 1,
        "rank_label": "1",
        "start_number": 2,
        "name": "Bruno",
        "points": 4,
        "values": {"DE": None, "BH/C1": 12, "BH": 13, "SB": 9.5, "AOB": 13.6, "ARO/C1": 1988},
    }
    # The exercise file writes FIDE id 0 and no title for Bruno; clubs are not in TRF.
    assert {k: first[k] for k in ("title", "rating", "federation", "fide_id", "club")} == {
        "title": None,
        "rating": 2150,
        "federation": "NOR",
        "fide_id": None,
        "club": None,
    }
    assert doc["categories"] == {} and doc["prizes"] is None
    by = {s["start_number"]: s for s in doc["standings"]}
    assert by[4]["values"]["AOB"] == 13.375  # exact: a finite decimal
    assert by[14]["values"]["AOB"] == 13.17  # 79/6, rounded for display only
    assert by[12]["values"]["ARO/C1"] is None  # one rated game: no value
    assert by[1]["values"]["DE"] == 1 and by[1]["rank_label"] == "4"
    assert [s["rank"] for s in doc["standings"]] == sorted(s["rank"] for s in doc["standings"])


def test_table_and_csv(run_cli):
    code, out, _ = run_cli("compute", SWISS, "--rules", "fide-2024", "--tiebreaks", "BH-C1,SB")
    assert code == 0
    assert "David" in out and "11.5" in out and "BH/C1" in out
    code, out, _ = run_cli("compute", SWISS, "--rules", "fide-2024", "--tiebreaks", "BH/C1", "--format", "csv")
    lines = out.splitlines()
    # The first columns as before; the player's fields follow the tie-breaks (issue 11).
    assert lines[0] == "rank,start_number,name,points,BH/C1,title,rating,federation,fide_id,club"
    assert lines[1] == "1,2,Bruno,4,12,,2150,NOR,,"


def test_default_tiebreaks_swiss_and_round_robin(run_cli):
    _, out, _ = run_cli("compute", SWISS, "--format", "json")
    assert json.loads(out)["tiebreaks"] == ["BH/C1", "BH", "SB", "PS", "WIN"]
    _, out, _ = run_cli("compute", RR, "--pairing", "round-robin", "--format", "json")
    doc = json.loads(out)
    assert doc["tiebreaks"] == ["DE", "SB", "WIN", "KS"]
    assert [s["start_number"] for s in doc["standings"]][:3] == [1, 2, 3]
    # The TEC round robin has no 092 record: its pairings say what it is (C.07 15.2).
    _, detected, err = run_cli("compute", RR, "--format", "json", "-v")
    assert detected == out and json.loads(detected)["tournament"]["pairing"] == "round-robin"
    assert "pairings form a single round robin" in err
    _, out, _ = run_cli("compute", RR, "--pairing", "swiss", "--format", "json")
    assert json.loads(out)["tournament"]["pairing"] == "swiss" and json.loads(out)["tiebreaks"][0] == "BH/C1"


def test_after_round(run_cli):
    _, out, _ = run_cli("compute", SWISS, "--after-round", "2", "--tiebreaks", "BH", "--format", "json")
    doc = json.loads(out)
    assert doc["tournament"]["rounds"] == 2
    assert max(s["points"] for s in doc["standings"]) == 2


def test_explain_text(run_cli):
    code, out, _ = run_cli("explain", SWISS, "--player", "4", "--tiebreak", "BH/C1", "--rules", "fide-2024")
    assert code == 0
    assert "BH/C1 of player 4 = 11.5" in out
    assert "16.5" in out and "<-- cut: lowest VUR contribution" in out and "total 11.5" in out


def test_input_errors_exit_1_with_location(run_cli, tmp_path):
    bad = tmp_path / "bad.trf"
    text = (DATA / "bad" / "unknown_result_code.trf").read_text()
    bad.write_text(text)
    code, out, err = run_cli("compute", str(bad))
    assert code == 1 and out == ""
    assert err.startswith("tbxl: error: bad.trf:") and "unknown result code" in err and len(err.splitlines()) == 1
    code, _, err = run_cli("compute", str(tmp_path / "missing.trf"))
    assert code == 1 and "missing.trf" in err
    code, _, err = run_cli("explain", SWISS, "--player", "99")
    assert code == 1 and "99" in err


def test_usage_errors_exit_2(run_cli):
    assert run_cli("compute", SWISS, "--rules", "fide-1999")[0] == 2
    code, _, err = run_cli("compute", SWISS, "--tiebreaks", "BH,XYZ")
    assert code == 2 and "XYZ" in err
    with pytest.raises(SystemExit) as e:
        main(["compute"])
    assert e.value.code == 2


def test_output_is_atomic_and_never_the_input(run_cli, tmp_path):
    src = tmp_path / "t.trf"
    src.write_bytes(Path(SWISS).read_bytes())
    before = src.read_bytes()
    code, _, err = run_cli("compute", str(src), "-o", str(src))
    assert code == 1 and "refusing to overwrite" in err
    assert src.read_bytes() == before
    out = tmp_path / "out.json"
    assert run_cli("compute", str(src), "--format", "json", "-o", str(out))[0] == 0
    assert json.loads(out.read_text())["tournament"]["players"] == 16
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temp files left


def test_write_atomic_through_a_device():
    write_atomic(os.devnull, "x")
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


def test_points_mismatch_warns_and_strict_fails(run_cli, tmp_path):
    lines = Path(SWISS).read_text().splitlines()
    lines = [l[:80] + " 9.5" + l[84:] if l.startswith("001    2") else l for l in lines]
    f = tmp_path / "mis.trf"
    f.write_text("\n".join(lines) + "\n")
    code, _, err = run_cli("compute", str(f))
    assert code == 0 and "warning" in err and "player 2" in err
    code, _, err = run_cli("compute", str(f), "--strict")
    assert code == 1 and "81" in err


def test_compute_does_not_import_excel_or_pdf_stacks():
    code = (
        "import sys; from tbxl.cli import main; main(['compute', %r, '-o', %r]); "
        "print(sorted(m for m in ('xlwings','weasyprint','openpyxl','jinja2') if m in sys.modules))"
        % (SWISS, os.devnull)
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_rules_lists_every_convention(run_cli):
    code, out, _ = run_cli("rules")
    for name in (
        "fide-2026",
        "fide-2024",
        "fide-2017",
        "sm-real-points",
        "sm-half-point",
        "sm-self-draw",
        "sm-virtual-opponent",
        "standard",
        "fide-draws",
        "plain",
    ):
        assert name in out


def test_examples_copies_the_bundled_examples_out_and_keeps_a_users_file(run_cli, tmp_path):
    """`tbxl examples DIR`: the README's commands run there, not inside the package (issue 38)."""
    from tbxl.examples import NAMES

    folder = tmp_path / "try" / "here"
    code, out, err = run_cli("examples", folder)
    assert code == 0 and err == "", err
    assert out.splitlines() == [
        f"copied {', '.join(NAMES)} to {folder}",
        f"next: cd {folder} and try: tbxl compute event.trf",
    ]
    assert sorted(p.name for p in folder.iterdir()) == sorted(NAMES)
    assert all((folder / n).read_bytes() == tbxl.example(n).read_bytes() for n in NAMES)
    (folder / "event.trf").write_text("my own event\n", encoding="utf-8")
    code, out, _ = run_cli("examples", folder)
    assert code == 0 and f"kept {folder / 'event.trf'} (not the example: a file of yours?)" in out
    assert (folder / "event.trf").read_text(encoding="utf-8") == "my own event\n"
    code, _, err = run_cli("examples", folder / "event.trf")
    assert code == 1 and err == f"tbxl: error: {folder / 'event.trf'} is a file, not a folder for the examples\n"
    assert {p.name for p in Path(tbxl.example("event.trf")).parent.iterdir()} >= set(NAMES)


def test_missing_extra_gives_a_clear_error(run_cli, monkeypatch, tmp_path):
    # A core-only install (no WeasyPrint): the report command says which extra to install.
    monkeypatch.delitem(sys.modules, "tbxl.report", raising=False)
    monkeypatch.setitem(sys.modules, "weasyprint", None)
    code, _, err = run_cli("report", SWISS, "-o", str(tmp_path / "x.pdf"))
    assert code == 1
    assert 'pip install "tbxl[report]"' in err and "WeasyPrint" in err


def test_core_imports_only_the_standard_library():
    code = (
        "import sys, tbxl.model, tbxl.rules, tbxl.tiebreaks, tbxl.standings, tbxl.io.trf, "
        "tbxl.io.grid, tbxl.cli; "
        "print(sorted(m.split('.')[0] for m in sys.modules if m.split('.')[0] in "
        "('xlwings','weasyprint','openpyxl','jinja2','numpy')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_verbose_prints_the_reader_notes(run_cli):
    code, _, err = run_cli("compute", SWISS, "-v", "-o", os.devnull)
    assert code == 0 and "tbxl: note:" in err and "record 062 ignored" in err
    code, _, err = run_cli("compute", SWISS, "-o", os.devnull)
    assert err == ""


def test_csv_names_cannot_become_formulas(run_cli, tmp_path):
    lines = Path(SWISS).read_text().splitlines()
    lines = [l[:14] + "=HYPERLINK(1)".ljust(33) + l[47:] if l.startswith("001    2") else l for l in lines]
    f = tmp_path / "inj.trf"
    f.write_text("\n".join(lines) + "\n")
    code, out, _ = run_cli("compute", str(f), "--format", "csv", "--tiebreaks", "BH")
    assert code == 0 and "2,'=HYPERLINK(1)," in out


@pytest.mark.parametrize("separator", [",", ";", "\t"])
def test_csv_fields_with_any_list_separator_stay_one_cell_and_start_no_formula(run_cli, tmp_path, separator):
    # A spreadsheet of another locale splits on ';' (or a tab): the name is quoted, and '@SUM' after
    # the separator is neutralised as at the start (issue 19).
    import csv

    lines = Path(SWISS).read_text().splitlines()
    name = "Ann;@SUM(A1)\t=1+1, -2"
    lines = [l[:14] + name.ljust(33) + l[47:] if l.startswith("001    2") else l for l in lines]
    f = tmp_path / "inj.trf"
    f.write_text("\n".join(lines) + "\n")
    code, out, _ = run_cli("compute", str(f), "--format", "csv", "--tiebreaks", "BH")
    assert code == 0
    rows = list(csv.reader(io.StringIO(out), delimiter=separator))
    cells = [cell for row in rows for cell in row]
    assert not [c for c in cells if c and (c[0] in "=+@" or (c[0] == "-" and not c[1:].replace(".", "").isdigit()))]
    if separator == ",":
        row = next(r for r in rows if r[1] == "2")
        # The tab is a control character: made visible (\\x09), it separates nothing.
        assert row[2] == "Ann;'@SUM(A1)\\x09=1+1, -2" and len(row) == len(rows[0])


def test_a_terminal_without_unicode_does_not_crash(tmp_path):
    trf = Path(SWISS).read_text().replace("Bruno      ", "Иванов Пётр")
    f = tmp_path / "ru.trf"
    f.write_text(trf, encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "tbxl", "compute", str(f), "--tiebreaks", "BH"],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
    )
    assert out.returncode == 0 and b"??????" in out.stdout


def test_one_unrated_player_blanking_rating_tiebreaks_is_said_once(tmp_path, run_cli):
    """C07 §9 D18: an unrated participant leaves ARO/TPR without a value for everybody; the user is
    told once, with who and the setting that rates unrated players instead."""
    lines = open(SWISS, encoding="utf-8").read().splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("001    7 "))
    lines[k] = lines[k][:48] + "    " + lines[k][52:]  # Genevieve #7 loses her rating (columns 49-52)
    path = tmp_path / "unrated.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run_cli("compute", str(path), "--tiebreaks", "ARO,TPR,BH", "--format", "json")
    assert code == 0
    assert all(s["values"]["ARO"] is None and s["values"]["TPR"] is None for s in json.loads(out)["standings"])
    notes = [line for line in err.splitlines() if "no value for anybody" in line]
    assert len(notes) == 1 and "ARO, TPR" in notes[0] and "7 Genevieve" in notes[0]
    assert "unrated_rating=1400" in notes[0] and "ARO/U1400" in notes[0]
    code, out, err = run_cli(
        "compute", str(path), "--tiebreaks", "ARO,TPR", "--set", "unrated_rating=1400", "--format", "json"
    )
    assert code == 0 and "no value for anybody" not in err
    assert json.loads(out)["standings"][0]["values"]["ARO"] is not None


def test_missing_openpyxl_names_the_extra_in_one_line(run_cli, monkeypatch):
    # A plain install reading a workbook: openpyxl is imported inside read_workbook, deep in the call;
    # the command still ends with one line naming the extra, exit 1 (no traceback).
    monkeypatch.setitem(sys.modules, "openpyxl", None)
    book = Path(__file__).parent.parent / "workbooks" / "tec-swiss.xlsx"
    code, out, err = run_cli("compute", str(book))
    assert code == 1 and out == ""
    assert err == 'tbxl: error: this needs openpyxl: pip install "tbxl[xlsx]"\n'


def test_an_unrelated_import_error_is_not_hidden(monkeypatch, capsys):
    # Only the optional rooms' packages are reported as a missing extra; a broken import of
    # anything else is a bug: an internal error, not a missing extra (its traceback with --debug).
    import tbxl.cli as cli

    def broken(args, parser):
        import tbxl_no_such_module  # noqa: F401

    monkeypatch.setattr(cli, "run", broken)
    assert cli.main(["rules"]) == cli.INTERNAL_ERROR
    err = capsys.readouterr().err
    assert (
        err.startswith(
            "tbxl: internal error: ModuleNotFoundError: No module named 'tbxl_no_such_module'; please report it"
        )
        and "Traceback" not in err
        and "pip install" not in err
    )


def test_an_unexpected_exception_is_one_line_and_its_traceback_is_behind_debug(monkeypatch, capsys):
    # The last resort (issue 19): a bug says one line and exit 70; --debug (before or after the
    # command) or TBXL_DEBUG=1 adds the traceback; a long message is cut to an excerpt.
    import tbxl.cli as cli

    def broken(args, parser):
        raise ValueError("x" * 1000)

    monkeypatch.setattr(cli, "run", broken)
    assert cli.main(["compute", "in.trf"]) == 70
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 400 and "Traceback" not in err
    assert err.startswith("tbxl: internal error: ValueError: " + "x" * 160 + "...; please report it")
    for argv in (["compute", "in.trf", "--debug"], ["--debug", "compute", "in.trf"]):
        assert cli.main(argv) == 70
        err = capsys.readouterr().err
        assert "Traceback (most recent call last)" in err and "traceback above" in err
    monkeypatch.setenv("TBXL_DEBUG", "1")
    assert cli.main(["compute", "in.trf"]) == 70
    assert "Traceback (most recent call last)" in capsys.readouterr().err


def test_written_files_are_said_and_a_flood_of_warnings_is_counted(run_cli, tmp_path):
    # Issue 19: workbook and compute -o x.pdf said nothing while report said "wrote X (n pages)";
    # a stale points column warned 16 times in a row.
    pytest.importorskip("openpyxl")
    code, _, err = run_cli("workbook", SWISS, "-o", str(tmp_path / "w.xlsx"))
    assert code == 0 and err == f"wrote {tmp_path / 'w.xlsx'}\n"
    lines = [l[:80] + " 9.0" + l[84:] if l.startswith("001") else l for l in Path(SWISS).read_text().splitlines()]
    stale = tmp_path / "stale.trf"
    stale.write_text("\n".join(lines) + "\n")
    code, _, err = run_cli("compute", str(stale))
    warned = err.splitlines()
    assert (
        code == 0
        and len(warned) == 6
        and warned[-1] == "tbxl: warning: 11 more warnings like these (-v shows them all)"
    )
    assert all(w.startswith("tbxl: warning: stale.trf:") and "declared points 9.0" in w for w in warned[:5])
    code, _, err = run_cli("compute", str(stale), "-v")
    assert len([w for w in err.splitlines() if "declared points 9.0" in w]) == 16
