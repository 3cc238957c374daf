"""The Excel functions' values against the core: the TEC exercise, every function and layout, forced layouts."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from conftest import DATA
from excel_support import SEED2, SWISS, classic, core_value, fresh_cache, office_js, rr, same, swiss  # noqa: F401 (fixtures)
from tbxl import excel
from tbxl import rules as conventions
from tbxl.io.grid import to_grid
from tbxl.io.trf import read_trf
from tbxl.standings import compute_standings
from tbxl.tiebreaks.codes import INDIVIDUAL, codes_of

# -- the TEC exercise through the functions ----------------------------------------------------


def test_tec_exercise_values(swiss):
    grid = to_grid(swiss, "compact")
    assert excel.BUCHHOLZ_CUT(grid, 4, 1, "fide-2024") == 11.5
    assert excel.SONNEBORN_BERGER(grid, 14, "fide-2024") == 4.5
    assert excel.SB(grid, 14, "fide-2024") == 4.5
    assert excel.TIEBREAK(grid, 14, "SB/C1", "fide-2024") == 3.0
    assert excel.PROGRESSIVE(grid, 1) == 11
    assert excel.BUCHHOLZ(grid, 3, "fide-2024") == 15.5
    assert excel.TIEBREAK(grid, 12, "ARO/C1", "fide-2024") == ""  # a single game over the board
    assert excel.TIEBREAK(grid, 1, "AOB", "fide-2024") == float(core_value(read_trf(SWISS), "AOB", 1, "fide-2024"))


@pytest.mark.parametrize("layout", ["compact", "sm3"])
@pytest.mark.parametrize("rules", ["fide-2024", "fide-2026", "fide-2017", "sm-real-points", "plain"])
def test_swiss_every_function_equals_core(swiss, layout, rules):
    grid = classic(to_grid(swiss, layout))
    for p in swiss.players:
        sn = p.start_number
        assert same(excel.BUCHHOLZ(grid, float(sn), rules), core_value(swiss, "BH", sn, rules))
        assert same(excel.BUCHHOLZ_CUT(grid, float(sn), 1.0, rules), core_value(swiss, "BH/C1", sn, rules))
        assert same(excel.BUCHHOLZ_CUT(grid, sn, 2, rules), core_value(swiss, "BH/C2", sn, rules))
        assert same(excel.BUCHHOLZ_CUT(grid, sn, "M1", rules), core_value(swiss, "BH/M1", sn, rules))
        assert same(excel.BUCHHOLZ_CUT(grid, sn, -2, rules), core_value(swiss, "BH/M2", sn, rules))
        assert same(excel.BUCHHOLZ_CUT(grid, sn, 0, rules), core_value(swiss, "BH", sn, rules))
        assert same(excel.SONNEBORN_BERGER(grid, str(sn), rules), core_value(swiss, "SB", sn, rules))
        assert same(excel.PROGRESSIVE(grid, sn), core_value(swiss, "PS", sn, rules))
        assert same(excel.PROGRESSIVE(grid, sn, 1), core_value(swiss, "PS/C1", sn, rules))


@pytest.mark.parametrize(
    "code",
    [c for c in codes_of(INDIVIDUAL) if c != "DE"]
    + ["BH/C1", "BH/M1", "SB/C1", "FB/C1", "ARO/C1", "KS/L+1", "AOB/F", "TPN/R", "RTNG/R", "ARO/U1000", "PS/C1"],
)
def test_tiebreak_any_code_equals_core(swiss, code):
    grid = to_grid(swiss, "compact")
    for p in swiss.players:
        assert same(
            excel.TIEBREAK(grid, p.start_number, code, "fide-2024"),
            core_value(swiss, code, p.start_number, "fide-2024"),
        ), (code, p.start_number)


def test_de_is_the_tier_of_standings_with_de(swiss, rr):
    for t, layout in ((swiss, "compact"), (rr, "matrix")):
        grid = to_grid(t, layout)
        st = compute_standings(t, "DE", conventions.get("fide-2024"))
        for row in st.rows:
            got = excel.TIEBREAK(grid, row.player.start_number, "DE", "fide-2024")
            assert got == ("" if row.values["DE"] is None else row.values["DE"])
    # TEC exercise 26: ranks 1, 2, 2, 6, 5, 4 = tiers 1, 2, 2 among 3.5 and 3, 2, 1 among 1.5
    grid = to_grid(rr, "matrix")
    assert [excel.TIEBREAK(grid, sn, "DE") for sn in range(1, 7)] == [1, 2, 2, 3, 2, 1]


def test_round_robin_matrix_equals_core(rr):
    grid = office_js(to_grid(rr, "matrix"))
    expected = json.loads((DATA / "tec-2023" / "expected-fide2024.json").read_text(), parse_float=Fraction)["files"][
        "held_round_robin.trf"
    ]["tiebreaks"]
    for sn in range(1, 7):
        assert excel.SONNEBORN_BERGER(grid, sn) == float(expected["SB"][str(sn)])
        assert excel.TIEBREAK(grid, sn, "KS") == float(expected["KS"][str(sn)])
        assert excel.TIEBREAK(grid, sn, "SB/C1") == float(expected["SB-C1"][str(sn)])
        assert same(excel.TIEBREAK(grid, sn, "WIN"), core_value(rr, "WIN", sn, "fide-2026"))


def test_seed002_sm3(tmp_path):
    t = read_trf(SEED2)
    grid = to_grid(t, "sm3")
    assert [excel.BUCHHOLZ_CUT(grid, sn) for sn in range(1, 7)] == [4] * 6
    assert [excel.BUCHHOLZ(grid, sn) for sn in range(1, 7)] == [4, 4, 4, 5, 5, 5]
    assert [excel.SONNEBORN_BERGER(grid, sn) for sn in range(1, 7)] == [2.75, 0.75, 0, 0, 1.75, 3.75]


def test_default_rules_of_a_grid_are_the_current_fide_rules(swiss):
    grid = to_grid(swiss, "compact")
    for empty in ("", 0, 0.0, None, "  "):
        for p in swiss.players:
            assert same(
                excel.BUCHHOLZ_CUT(grid, p.start_number, 1, empty),
                core_value(swiss, "BH/C1", p.start_number, "fide-2026"),
            )
    assert excel.BUCHHOLZ(grid, 1, "FIDE_2024") == excel.BUCHHOLZ(grid, 1, "fide-2024")
    assert excel.BUCHHOLZ(grid, 1, 2024.0) == excel.BUCHHOLZ(grid, 1, "fide-2024")  # alias "2024"


def test_forced_layout(swiss):
    grid = to_grid(swiss, "sm3")
    assert excel.BUCHHOLZ(grid, 1, "fide-2024", "sm3") == excel.BUCHHOLZ(grid, 1, "fide-2024") == 12.5
    assert excel.BUCHHOLZ(grid, 1, "fide-2024", "SM3") == 12.5
    with pytest.raises(ValueError, match="not a compact crosstable"):
        excel.BUCHHOLZ(grid, 1, "fide-2024", "compact")
    with pytest.raises(ValueError, match="unknown layout 'diagonal'"):
        excel.BUCHHOLZ(grid, 1, "", "diagonal")
