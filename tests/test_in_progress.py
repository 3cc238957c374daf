"""Events in progress (issue 10): a TRF that announces more rounds (XXR / 142) than have results is
ranked after the last round with a pairing, says so on one line, and its report says "after round K".
The numbers are those of ``--after-round K`` on the complete file (TEC exercise, tests/data/tec-2023)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import DATA

SWISS = DATA / "tec-2023" / "held_swiss_5.trf"
LINES = SWISS.read_text(encoding="utf-8").splitlines()


def values(out: str) -> dict[int, dict]:
    return {s["start_number"]: s for s in json.loads(out)["standings"]}


def in_progress(tmp_path: Path, played: int, announced: str) -> Path:
    """The TEC Swiss file cut after round ``played`` (round fields from column 92, 10 wide), with
    ``XXR announced``; the points column is blanked (it holds the final points)."""
    out = []
    for line in LINES:
        if line.startswith("XXR"):
            line = f"XXR {announced}"
        elif line.startswith("001"):
            line = (line[:80] + "    " + line[84 : 91 + 10 * played]).rstrip()
        out.append(line)
    path = tmp_path / "in_progress.trf"
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    return path


def test_nine_announced_five_played(tmp_path, run_cli):
    """The complete five rounds with XXR 9: the values of the five-round file, not four zero-point
    byes each (the issue saw Bruno's BH as 39). Bruno (2) met Lais 1, Genevieve 1.5, Alyx 3.5,
    Stephan 3.5, Charline 3.5: BH 13; SB 1 + 1.5 + 3.5 (wins) + 3.5/2 + 3.5/2 (draws) = 9.5;
    PS 1 + 2 + 2.5 + 3.5 + 4 = 13."""
    path = tmp_path / "nine.trf"
    path.write_text(SWISS.read_text(encoding="utf-8").replace("XXR 5", "XXR 9"), encoding="utf-8")
    code, out, err = run_cli("compute", path, "--tiebreaks", "BH,SB,PS", "--format", "json")
    assert code == 0
    assert err == "tbxl: warning: nine.trf: rounds 6-9 have no results yet: standings after round 5\n"
    doc = json.loads(out)
    assert doc["tournament"]["rounds"] == 5
    bruno = values(out)[2]
    assert bruno["points"] == 4 and bruno["values"] == {"BH": 13, "SB": 9.5, "PS": 13}
    code, full, _ = run_cli("compute", SWISS, "--tiebreaks", "BH,SB,PS", "--format", "json")
    assert values(out) == values(full)


@pytest.mark.parametrize("played", [1, 3, 4])
def test_cut_file_equals_after_round_of_the_complete_file(tmp_path, run_cli, played):
    path = in_progress(tmp_path, played, "5")
    codes = "BH/C1,BH,SB,PS,WIN,ARO"
    code, out, err = run_cli("compute", path, "--tiebreaks", codes, "--format", "json")
    assert code == 0
    later = "round 5 has" if played == 4 else f"rounds {played + 1}-5 have"
    assert err == f"tbxl: warning: in_progress.trf: {later} no results yet: standings after round {played}\n"
    code, full, _ = run_cli("compute", SWISS, "--tiebreaks", codes, "--format", "json", "--after-round", played)
    assert code == 0 and values(out) == values(full)
    assert json.loads(out)["tournament"]["rounds"] == played


def test_after_three_rounds_by_hand(tmp_path, run_cli):
    """Nine announced, three played: David (4) has 1 (beat Nick) + ½ (HPB) + 1 (beat Opal) = 2.5 and
    leads; the values are those of --after-round 3 on the complete file."""
    path = in_progress(tmp_path, 3, "9")
    code, out, err = run_cli("compute", path, "--tiebreaks", "BH", "--format", "json")
    assert code == 0 and "rounds 4-9 have no results yet: standings after round 3" in err
    by = values(out)
    assert by[4]["points"] == 2.5 and by[4]["rank"] == 1
    assert by[2]["points"] == 2.5  # Bruno: 1 + 1 + ½
    code, full, _ = run_cli("compute", SWISS, "--tiebreaks", "BH", "--format", "json", "--after-round", 3)
    assert values(out) == values(full)


def test_next_round_paired_without_results(tmp_path, run_cli):
    """Exported after round 6 was paired: opponents and colours, blank result columns (1-2, 3-4 ...)."""
    lines = []
    for line in LINES:
        if line.startswith("001"):
            sn = int(line[4:8])
            opponent, colour = (sn + 1, "w") if sn % 2 else (sn - 1, "b")
            line = f"{line}  {opponent:>4} {colour}"
        lines.append(line.replace("XXR 5", "XXR 9"))
    path = tmp_path / "paired.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run_cli("compute", path, "--tiebreaks", "BH,SB", "--format", "json")
    assert code == 0
    assert err == "tbxl: warning: paired.trf: rounds 6-9 have no results yet: standings after round 5\n"
    code, full, _ = run_cli("compute", SWISS, "--tiebreaks", "BH,SB", "--format", "json")
    assert values(out) == values(full)


def test_a_missing_result_in_a_played_round_is_an_error(tmp_path, run_cli):
    """Round 5 has results, but Bruno's game (line 5) has none: not a round in progress."""
    lines = [line[:137] if line.startswith("001    2") else line for line in LINES]
    path = tmp_path / "missing.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run_cli("compute", path)
    assert code == 1 and out == ""
    assert err == ("tbxl: error: missing.trf:5:139: player 2, round 5: a blank result cannot have an opponent (3)\n")


def test_after_round_still_picks_an_earlier_round(tmp_path, run_cli):
    path = in_progress(tmp_path, 4, "9")
    code, out, _ = run_cli("compute", path, "--tiebreaks", "BH,SB", "--format", "json", "--after-round", 2)
    code_full, full, _ = run_cli("compute", SWISS, "--tiebreaks", "BH,SB", "--format", "json", "--after-round", 2)
    assert code == code_full == 0 and values(out) == values(full)
    code, _, err = run_cli("compute", path, "--after-round", 7)
    assert code == 2 and "--after-round 7: " in err and "has rounds 1..4" in err  # a usage error


def test_report_says_after_round(tmp_path, run_cli):
    pytest.importorskip("jinja2")
    path = in_progress(tmp_path, 5, "9")
    html = tmp_path / "report.html"
    code, _, err = run_cli("report", path, "-o", html, "--html", "--derivations", "none")
    assert code == 0, err
    assert "Standings after round 5 of 9" in html.read_text(encoding="utf-8")


def test_no_round_at_all_is_an_error(tmp_path, run_cli):
    path = in_progress(tmp_path, 0, "9")
    code, out, err = run_cli("compute", path)
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and err.startswith("tbxl: error: ")
    assert "in_progress.trf: no round has results yet" in err
