"""Round robins recognised from their pairings when the file names no pairing system (TRF 092,
crosstable layouts other than the matrix): C.07 15.2 applies, with the round-robin defaults."""

from __future__ import annotations

import json
from dataclasses import replace
from itertools import combinations

import pytest
from hypothesis import given, settings

from conftest import DATA, load_json
from generate import generate  # noqa: E402
from strategies import swiss_tournaments
from tbxl import rules as conventions
from tbxl.cli import main
from tbxl.io.grid import read_grid, to_grid
from tbxl.io.trf import parse_trf, read_trf, write_trf
from tbxl.model import Pairing, Tournament, round_robin_cycles
from tbxl.standings import compute_standings
from test_crosstable import berger_round_robin

RR = DATA / "tec-2023" / "held_round_robin.trf"
OFFICIAL = load_json("tec-2023/expected-fide2024.json")["files"]["held_round_robin.trf"]


def without_092(t: Tournament) -> str:
    text = write_trf(t)
    return "\n".join(line for line in text.splitlines() if not line.startswith("092")) + "\n"


def double(t: Tournament) -> Tournament:
    """The same round robin played twice (second cycle with colours and results mirrored)."""
    n = t.rounds
    players = []
    for p in t.players:
        second = tuple(
            e._replace(round=e.round + n, colour={"w": "b", "b": "w"}.get(e.colour, e.colour)) for e in p.rounds
        )
        players.append(replace(p, rounds=p.rounds + second))
    return replace(t, players=tuple(players), rounds=2 * n)


def same_standings(a: Tournament, b: Tournament, rules="fide-2026"):
    rules = conventions.get(rules)
    sa, sb = compute_standings(a, None, rules), compute_standings(b, None, rules)
    assert sa.codes == sb.codes
    assert [(r.player.start_number, r.rank_label, r.points, r.values) for r in sa.rows] == [
        (r.player.start_number, r.rank_label, r.points, r.values) for r in sb.rows
    ]


def test_the_tec_round_robin_without_092_gets_the_official_values(capsys):
    t = read_trf(RR)
    assert t.pairing is Pairing.ROUND_ROBIN
    st = compute_standings(t, "DE,SB,SB/C1,KS", conventions.get("fide-2024"))
    assert st.codes == ["DE", "SB", "SB/C1", "KS"]
    for code in ("SB", "SB/C1", "KS"):
        for sn, v in OFFICIAL["tiebreaks"][code.replace("/", "-")].items():
            assert st.row(int(sn)).values[code] == v, (code, sn)
    assert {r.player.start_number: r.rank for r in compute_standings(t, "DE", conventions.get("fide-2024")).rows} == {
        int(k): v for k, v in OFFICIAL["direct_encounter"]["ex26"].items()
    }
    assert main(["compute", str(RR), "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["tiebreaks"] == ["DE", "SB", "WIN", "KS"] and doc["tournament"]["pairing"] == "round-robin"


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7, 8])
@pytest.mark.parametrize("cycles", [1, 2])
def test_generated_round_robins_without_092_equal_the_declared_ones(n, cycles):
    # berger_round_robin has a forfeit (2 loses to 3) and a double forfeit (1-5) in it.
    t = berger_round_robin(n)
    if cycles == 2:
        t = double(t)
    assert round_robin_cycles(t.players, t.rounds) == cycles
    detected = parse_trf(without_092(t))
    assert detected.pairing is Pairing.ROUND_ROBIN
    same_standings(detected, parse_trf(without_092(t), pairing=Pairing.ROUND_ROBIN))
    # and the compact crosstable of the same event
    grid = read_grid(to_grid(t, "compact"))
    assert grid.pairing is Pairing.ROUND_ROBIN
    same_standings(grid, detected)


def test_an_unfinished_or_uneven_round_robin_is_not_one():
    t = berger_round_robin(6)
    assert round_robin_cycles(t.players, t.rounds - 1) == 0  # round count does not fit
    cut = t.after_round(4)
    assert parse_trf(without_092(cut)).pairing is Pairing.SWISS  # not every pair met yet
    # one cycle and a half: pairs met once or twice
    d = double(t).after_round(t.rounds + 2)
    assert round_robin_cycles(d.players, d.rounds) == 0


@pytest.mark.parametrize("players", [4, 6, 10, 12])
def test_swiss_with_players_equal_rounds_plus_one_stays_swiss(players):
    for seed in range(1, 6):
        t = generate(players, players - 1, seed)
        met = {frozenset((p.start_number, e.opponent)) for p in t.players for e in p.rounds if e.opponent is not None}
        assert len(met) < players * (players - 1) // 2, "generator made a complete round robin: test cannot fail"
        assert parse_trf(without_092(t)).pairing is Pairing.SWISS


# Generated events may end in rounds of requested byes only: the reader says they have no results
# yet and that the points column counts those byes (both InputWarnings, each tested where it is
# the subject, tests/test_in_progress.py); this test checks the pairing system.
@pytest.mark.filterwarnings("ignore::tbxl.errors.InputWarning")
@settings(max_examples=60, deadline=None)
@given(swiss_tournaments(max_players=8, max_rounds=7))
def test_a_swiss_where_some_pair_never_met_is_never_a_round_robin(t):
    met = {frozenset((p.start_number, e.opponent)) for p in t.players for e in p.rounds if e.opponent is not None}
    if any(frozenset(pair) not in met for pair in combinations([p.start_number for p in t.players], 2)):
        assert round_robin_cycles(t.players, t.rounds) == 0
        assert parse_trf(without_092(t)).pairing is Pairing.SWISS


def test_a_092_record_or_the_option_still_decides(tmp_path, capsys):
    t = berger_round_robin(4)
    text = without_092(t)
    swiss_text = "092 Individual: Swiss-System\n" + text
    assert parse_trf(swiss_text).pairing is Pairing.SWISS
    assert parse_trf(text, pairing=Pairing.SWISS).pairing is Pairing.SWISS
    path = tmp_path / "rr.trf"
    path.write_text(text, encoding="utf-8")
    assert main(["compute", str(path), "--pairing", "swiss", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["tournament"]["pairing"] == "swiss"


def test_a_compact_workbook_without_pairing_system_is_recognised(tmp_path, capsys):
    pytest.importorskip("openpyxl")
    from tbxl.workbook import write_workbook

    t = replace(berger_round_robin(5), pairing=Pairing.SWISS)  # written as a plain compact crosstable
    path = tmp_path / "rr.xlsx"
    write_workbook(t, path, layout="compact")
    # tbxl's workbooks record the pairing system (Standings!B5, issue 10): without it, as in a
    # hand-made or older workbook, the pairings decide
    import openpyxl

    wb = openpyxl.load_workbook(path)
    assert wb["Standings"]["A5"].value == "Pairing"
    wb["Standings"]["A5"] = wb["Standings"]["B5"] = None
    wb.save(path)
    assert main(["compute", str(path), "--format", "json", "-v"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["tournament"]["pairing"] == "round-robin"
    assert "pairings form a single round robin" in err


@pytest.mark.parametrize("layout", ["compact", "matrix"])
def test_loading_a_workbook_with_its_notes_detects_the_pairing_once(tmp_path, monkeypatch, layout):
    pytest.importorskip("openpyxl")
    import tbxl.model.event
    from tbxl.io.load import load
    from tbxl.workbook import write_workbook

    t = berger_round_robin(5)
    path = tmp_path / "rr.xlsx"
    write_workbook(t if layout == "matrix" else replace(t, pairing=Pairing.SWISS), path, layout=layout)
    import openpyxl

    wb = openpyxl.load_workbook(path)
    wb["Standings"]["A5"] = wb["Standings"]["B5"] = None  # no pairing system named
    wb.save(path)
    calls = []
    counted = tbxl.model.event.round_robin_cycles
    monkeypatch.setattr(tbxl.model.event, "round_robin_cycles", lambda *a: calls.append(1) or counted(*a))
    notes: list = []
    assert load(path, notes=notes).pairing is Pairing.ROUND_ROBIN
    assert len(calls) == 1
    assert [n for n in notes if "pairings form a single round robin" in n]
    calls.clear()
    load(path)  # no notes asked: a matrix is a round robin by its layout, nothing to detect
    assert len(calls) == (0 if layout == "matrix" else 1)
