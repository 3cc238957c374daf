"""The Excel functions of tbxl.excel: values against the core for every layout, Excel-style
arguments, every error, the cache, and the metadata the classic add-in and Office.js see."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from fractions import Fraction
from pathlib import Path

import pytest

from conftest import DATA
from tbxl import conventions, excel
from tbxl.crosstable import to_grid
from tbxl.model import Pairing
from tbxl.standings import compute_standings
from tbxl.tiebreaks import Context, compute, parse
from tbxl.tiebreaks.codes import CATALOGUE
from tbxl.trf import read_trf

ROOT = Path(__file__).resolve().parents[1]
SWISS = DATA / "tec-2023" / "held_swiss_5.trf"
RR = DATA / "tec-2023" / "held_round_robin.trf"
SEED2 = DATA / "seeds" / "seed002-buchholz-swiss.trf"


@pytest.fixture(scope="module")
def swiss():
    return read_trf(SWISS)


@pytest.fixture(scope="module")
def rr():
    return read_trf(RR, pairing=Pairing.ROUND_ROBIN)


@pytest.fixture(autouse=True)
def fresh_cache():
    excel.cache_clear()
    yield
    excel.cache_clear()


def office_js(grid):
    """What Excel desktop sends to an Office.js function: 0 for empty cells, numbers as floats."""
    return [[0 if v in (None, "") else float(v) if isinstance(v, int) else v for v in row] for row in grid]


def classic(grid):
    """What the classic add-in sends: None for empty cells, numbers as floats."""
    return [[None if v == "" else float(v) if isinstance(v, int) else v for v in row] for row in grid]


def core_value(t, code, sn, rules):
    ctx = Context(t, conventions.get(rules))
    v = compute(ctx, parse(code)).value(ctx.index[sn])
    return None if v is None else v


def same(got, exact):
    """An Excel result against an exact core value: "" for None, int or float otherwise."""
    if exact is None:
        return got == ""
    assert isinstance(got, (int, float)) and not isinstance(got, bool), got
    if Fraction(exact).denominator == 1:
        assert isinstance(got, int), got
    return got == float(exact)


# -- the TEC exercise through the functions ----------------------------------------------------

def test_tec_exercise_values(swiss):
    grid = to_grid(swiss, "compact")
    assert excel.BUCHHOLZ_CUT(grid, 4, 1, "fide-2024") == 11.5
    assert excel.SONNEBORN_BERGER(grid, 14, "fide-2024") == 4.5
    assert excel.SB(grid, 14, "fide-2024") == 4.5
    assert excel.TIEBREAK(grid, 14, "SB/C1", "fide-2024") == 3.0
    assert excel.PROGRESSIVE(grid, 1) == 11
    assert excel.BUCHHOLZ(grid, 3, "fide-2024") == 15.5
    assert excel.TIEBREAK(grid, 12, "ARO/C1", "fide-2024") == ""      # a single game over the board
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


@pytest.mark.parametrize("code", [c for c in CATALOGUE if c != "DE"]
                         + ["BH/C1", "BH/M1", "SB/C1", "FB/C1", "ARO/C1", "KS/L+1", "AOB/F", "TPN/R",
                            "RTNG/R", "ARO/U1000", "PS/C1"])
def test_tiebreak_any_code_equals_core(swiss, code):
    grid = to_grid(swiss, "compact")
    for p in swiss.players:
        assert same(excel.TIEBREAK(grid, p.start_number, code, "fide-2024"),
                    core_value(swiss, code, p.start_number, "fide-2024")), (code, p.start_number)


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
    expected = json.loads((DATA / "tec-2023" / "expected-fide2024.json").read_text(),
                          parse_float=Fraction)["files"]["held_round_robin.trf"]["tiebreaks"]
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
            assert same(excel.BUCHHOLZ_CUT(grid, p.start_number, 1, empty),
                        core_value(swiss, "BH/C1", p.start_number, "fide-2026"))
    assert excel.BUCHHOLZ(grid, 1, "FIDE_2024") == excel.BUCHHOLZ(grid, 1, "fide-2024")
    assert excel.BUCHHOLZ(grid, 1, 2024.0) == excel.BUCHHOLZ(grid, 1, "fide-2024")   # alias "2024"


def test_forced_layout(swiss):
    grid = to_grid(swiss, "sm3")
    assert excel.BUCHHOLZ(grid, 1, "fide-2024", "sm3") == excel.BUCHHOLZ(grid, 1, "fide-2024") == 12.5
    assert excel.BUCHHOLZ(grid, 1, "fide-2024", "SM3") == 12.5
    with pytest.raises(ValueError, match="not a compact crosstable"):
        excel.BUCHHOLZ(grid, 1, "fide-2024", "compact")
    with pytest.raises(ValueError, match="unknown layout 'diagonal'"):
        excel.BUCHHOLZ(grid, 1, "", "diagonal")


# -- STANDINGS ------------------------------------------------------------------------------

def test_standings_spill(swiss):
    grid = office_js(to_grid(swiss, "compact"))
    table = excel.STANDINGS(grid, "BH/C1,BH,SB", "fide-2024")
    st = compute_standings(swiss, "BH/C1,BH,SB", conventions.get("fide-2024"))
    assert table[0] == ["Rank", "SNo", "Name", "Pts", "BH/C1", "BH", "SB"]
    assert len(table) == 1 + len(st.rows)
    for out, row in zip(table[1:], st.rows):
        assert out[1] == row.player.start_number and out[2] == row.player.name
        assert out[0] == (row.rank if row.rank_label == str(row.rank) else row.rank_label)
        assert same(out[3], row.points)
        for k, code in enumerate(st.codes):
            assert same(out[4 + k], row.values[code])
    # defaults: the Swiss list; a range of codes works like the text
    assert excel.STANDINGS(grid)[0][4:] == ["BH/C1", "BH", "SB", "PS", "WIN"]
    assert excel.STANDINGS(grid, [["BH/C1"], ["SB"], [0]], "fide-2024") == \
        excel.STANDINGS(grid, "BH/C1,SB", "fide-2024")
    for row in table[1:]:
        for v in row:
            assert isinstance(v, (int, float, str)) and v == v     # never NaN, never None


def test_standings_round_robin_defaults_and_shared_places(rr):
    table = excel.STANDINGS(to_grid(rr, "matrix"))
    assert table[0][4:] == ["DE", "SB", "WIN", "KS"]
    assert [r[1] for r in table[1:]] == [1, 2, 3, 6, 5, 4]
    assert table[2][0] == "2-3" and table[3][0] == "2-3"


def test_standings_errors(swiss):
    grid = to_grid(swiss, "compact")
    with pytest.raises(ValueError, match="unknown tie-break 'XYZ'"):
        excel.STANDINGS(grid, "BH,XYZ")
    with pytest.raises(ValueError, match="unknown rules"):
        excel.STANDINGS(grid, "", "fide-1900")


# -- AUDIT ----------------------------------------------------------------------------------

def bulletin(t, rules, codes, head=None):
    """A published range as a program following ``rules`` prints it into a sheet, as Excel passes it
    to a function: SNo, Name, one column per code, numbers as floats, "-" for no value."""
    st = compute_standings(t, codes, conventions.resolve(rules, t.start_date))
    rows = [[float(r.player.start_number), r.player.name]
            + ["-" if r.values[c] is None else float(r.values[c]) for c in codes] for r in st.rows]
    return [["SNo", "Name"] + (head or list(codes))] + rows


def bh_differs(t, a, b) -> list[int]:
    """Start numbers whose Buchholz differs between rules ``a`` and ``b``."""
    sa, sb = (compute_standings(t, "BH", conventions.resolve(x, t.start_date)) for x in (a, b))
    return sorted(r.player.start_number for r in sa.rows if r.values["BH"] != sb.row(r.player.start_number).values["BH"])


def test_audit_lists_exactly_the_values_made_under_other_rules(swiss):
    grid = office_js(to_grid(swiss, "compact"))
    differ = bh_differs(swiss, "fide-2024", "fide-2026")
    assert differ == [4, 6, 11]      # the exercise's players with an unplayed round the 2026 caps change
    old, new = (compute_standings(swiss, "BH", conventions.get(name)) for name in ("fide-2024", "fide-2026"))
    table = excel.AUDIT(grid, bulletin(swiss, "fide-2024", ["BH"]), "fide-2026")
    assert table[0] == ["SNo", "Name", "Tie-break", "Published", "Computed", "Status", "Follows", "Change"]
    assert [row[0] for row in table[1:]] == differ
    for sno, name, code, published, computed, status, follows, change in table[1:]:
        assert (name, code, status) == (swiss.player(sno).name, "BH", "explained")
        assert "fide-2024" in follows
        assert same(published, old.row(sno).values["BH"]) and same(computed, new.row(sno).values["BH"])
        assert isinstance(change, str) and change.startswith("round ")
    assert table[1][3:5] == [15, 14]
    assert table[1][7] == "round 2, half-point bye: 3.5 instead of 2.5, without \u201ccapped at a draw x 5 rounds\u201d"
    # the classic add-in's grid (None for empty cells) gives the same spill
    assert excel.AUDIT(classic(to_grid(swiss, "compact")), bulletin(swiss, "fide-2024", ["BH"]), "fide-2026") == table


def test_audit_a_number_no_rule_gives_is_unexplained(swiss):
    grid = to_grid(swiss, "compact")
    published = bulletin(swiss, "fide-2024", ["BH"])
    alyx = next(row for row in published if row[0] == 1.0)
    alyx[2] = 99.0
    table = excel.AUDIT(grid, published, "fide-2026")
    rows = {row[0]: row for row in table[1:]}
    assert sorted(rows) == [1] + bh_differs(swiss, "fide-2024", "fide-2026")
    assert rows[1][2:] == ["BH", 99, excel.BUCHHOLZ(grid, 1, "fide-2026"), "unexplained", "", ""]
    assert all(rows[sn][5] == "explained" for sn in rows if sn != 1)


def test_audit_all_agree_is_one_cell(swiss):
    grid = to_grid(swiss, "compact")
    codes = ["BH/C1", "BH", "SB"]
    assert excel.AUDIT(grid, bulletin(swiss, "fide-2026", codes)) == "all 48 values agree with fide-2026"
    assert excel.AUDIT(grid, bulletin(swiss, "fide-2024", ["BH"]), "fide-2024") == \
        "all 16 values agree with fide-2024"
    # long names, a rank and a points column, an unknown column (noted), STANDINGS' own spill
    named = bulletin(swiss, "fide-2024", codes, head=["Buchholz Cut 1", "Buchholz", "Sonneborn-Berger"])
    named[0][1] = "Remarks"
    assert excel.AUDIT(grid, named, "fide-2024") == "all 48 values agree with fide-2024; column 'Remarks' ignored"
    spill = excel.STANDINGS(grid, "BH/C1,BH,SB,AOB,WIN", "fide-2024")
    assert excel.AUDIT(grid, spill, "fide-2024") == "all 112 values agree with fide-2024"


def test_audit_reads_excel_floats_and_decimal_commas_exactly(swiss):
    grid = to_grid(swiss, "compact")
    aob = compute_standings(swiss, "AOB", conventions.get("fide-2024"))
    assert aob.row(4).values["AOB"] == Fraction(107, 8) and aob.row(14).values["AOB"] == Fraction(79, 6)
    published = [["Nr.", "AOB", "Sonneborn-Berger"],
                 [4.0, 13.375, "9,75"],
                 [14.0, float(Fraction(79, 6)), "4,5"],   # 13.166666666666666: Excel shows 13.1666666666667
                 [16.0, 13.3, " 7,25 "]]
    assert excel.AUDIT(grid, published, "fide-2024") == "all 6 values agree with fide-2024"
    # the last decimal counts: 13.376 is not 13.375, 9,70 is not 9.75
    published[1][1:] = [13.376, "9,70"]
    table = excel.AUDIT(grid, published, "fide-2024")
    assert [(row[0], row[2], row[3]) for row in table[1:]] == [(4, "AOB", 13.376), (4, "SB", 9.7)]
    assert all(row[5] == "unexplained" for row in table[1:])


def test_audit_spill_is_the_core_audit(swiss):
    from tbxl.audit import audit
    from tbxl.published import published_from_rows
    grid = to_grid(swiss, "compact")
    codes = ["BH/C1", "BH", "SB"]
    st = compute_standings(swiss, codes, conventions.get("fide-2024"))
    published = [["Rk.", "SNo", "Name", "Pts"] + codes] + [
        [float(r.rank), float(r.player.start_number), r.player.name, float(r.points)]
        + [float(r.values[c]) for c in codes] for r in st.rows]
    core = audit(swiss, published_from_rows(published[0], published[1:], swiss), rules="fide-2026").differences
    table = excel.AUDIT(grid, published, "fide-2026")
    assert len(table) == 1 + len(core) and any(f.code == "RANK" for f in core)
    for row, f in zip(table[1:], core):
        assert row[0] == f.start_number and row[5] == f.status and row[6] == f.matches[0]
        assert row[2] == ("Rank" if f.code == "RANK" else f.code)
        if f.code == "RANK":
            assert row[3] == int(f.published.value) and row[4] == (int(f.computed) if f.computed.isdigit()
                                                                   else f.computed)
            assert type(row[3]) is int


def test_audit_errors_are_readable(swiss):
    grid = to_grid(swiss, "compact")
    cases = [
        ([["Name", "BH"], ["David", 15.0]],
         r"^the header row \('Name', 'BH'\) has no start-number column \(SNo, Nr., Start No ...\)$"),
        ([["SNo", "TB1"], [4.0, 15.0]],
         r"^B1: column 'TB1' is tie-break 1, but the crosstable has no tie-break list: head the column with "
         r"the tie-break's code or name instead, e.g. BH/C1"),
        ([["SNo", "Name"], [4.0, "David"]], r"has no tie-break, rank or points column"),
        ([["SNo", "BH"], [4.0, 15.0], [6.0, "1x"]], r"^B3: column 'BH' \(BH\): '1x' is not a number$"),
        ([["SNo", "BH"], [17.0, 15.0]], r"^A2: no player with start number 17 in the tournament$"),
        ([["SNo", "BH"], [4.0, 15.0], [4.0, 15.0]], r"^A3: start number 4 appears twice \(first at A2\)$"),
        ([["SNo", "BH"], [4.5, 15.0]], r"^A2: start number '4.5' in column 'SNo' is not a number$"),
        ([["SNo", "BH", "Buchholz"], [4.0, 15.0, 15.0]], r"^two columns hold BH: 'BH', 'Buchholz'$"),
        ([["SNo", "BH"]], r"^no player rows under the header$"),
        ("SNo", r"has no tie-break, rank or points column"),
    ]
    for published, message in cases:
        with pytest.raises(ValueError, match=message):
            excel.AUDIT(grid, published)
    with pytest.raises(ValueError, match="unknown rules 'fide-1999'"):
        excel.AUDIT(grid, [["SNo", "BH"], [4.0, 15.0]], "fide-1999")
    bad = [list(r) for r in grid]
    bad[6][5] = "12x1"
    with pytest.raises(ValueError, match=r"^F7: row 7, round 3: '12x1' is not a result"):
        excel.AUDIT(bad, [["SNo", "BH"], [4.0, 15.0]])


def test_audit_office_js_empty_cells(swiss):
    """Excel desktop sends 0 for the empty cells of a range to Office.js functions: an empty
    column right of the table and empty rows below it change nothing."""
    grid = office_js(to_grid(swiss, "compact"))
    published = bulletin(swiss, "fide-2024", ["BH"])
    padded = [row + [0] for row in published] + [[0] * 4 for _ in range(5)]
    assert excel.AUDIT(grid, padded, "fide-2026") == excel.AUDIT(grid, published, "fide-2026")
    assert excel.AUDIT(grid, padded, "fide-2024") == "all 16 values agree with fide-2024"
    head = ["No", "Name", "Rtg"] + [f"R{k}" for k in range(1, 10)] + ["Pts"]
    template = [head] + [[0] * len(head) for _ in range(20)]
    assert excel.AUDIT(template, padded) == ""           # no results yet: nothing to audit


def test_audit_uses_the_cache(swiss):
    grid = to_grid(swiss, "compact")
    published = bulletin(swiss, "fide-2024", ["BH"])
    excel.STANDINGS(grid)
    first = excel.AUDIT(grid, published, "fide-2026")
    first[1][0] = "changed by the caller"
    again = excel.AUDIT([list(r) for r in grid], [list(r) for r in published], "fide-2026")
    assert again[1][0] == 4
    assert excel.cache_info()["builds"] == 1 and excel.cache_info()["audits"] == 1
    excel.AUDIT(grid, published, "fide-2024")
    published[1][2] += 1
    excel.AUDIT(grid, published, "fide-2024")
    assert excel.cache_info()["builds"] == 1 and excel.cache_info()["audits"] == 3


# -- Excel-style arguments -------------------------------------------------------------------

@pytest.mark.parametrize("player", [5, 5.0, "5", " 5 ", "5.0", [[5.0]], [5]])
def test_player_forms(swiss, player):
    grid = to_grid(swiss, "compact")
    assert excel.BUCHHOLZ(grid, player, "fide-2024") == 8.5


@pytest.mark.parametrize("player", [None, "", 0, 0.0, "  "])
def test_empty_player_gives_empty(swiss, player):
    assert excel.BUCHHOLZ(to_grid(swiss, "compact"), player) == ""


@pytest.mark.parametrize("player", ["abc", 5.5, "5.5", True, [[1, "x"]], [[[1, 2]]]])
def test_bad_player_is_a_value_error(swiss, player):
    with pytest.raises(ValueError, match="player|single cell"):
        excel.BUCHHOLZ(to_grid(swiss, "compact"), player)


def test_a_range_of_players_spills_in_its_shape(swiss):
    grid = to_grid(swiss, "compact")
    column = [[float(sn)] for sn in range(1, 17)]
    got = excel.BUCHHOLZ_CUT(grid, column, 1, "fide-2024")
    assert got == [[excel.BUCHHOLZ_CUT(grid, sn, 1, "fide-2024")] for sn in range(1, 17)]
    assert excel.SONNEBORN_BERGER(grid, [[1, 2, None, 99]], "fide-2024") == \
        [[8, 9.5, "", "#N/A"]]
    assert excel.TIEBREAK(grid, [1, 2, 3], "DE") == [[1], [""], [1]]     # a flat list is a column
    assert excel.PROGRESSIVE(grid, [[0], [0]]) == [[""], [""]]           # Office.js' empty cells
    empty = [["No", "Name", "R1"], [None, None, None]]
    assert excel.BUCHHOLZ(empty, [[1], [2]]) == [[""], [""]]
    assert excel.cache_info()["builds"] == 2


@pytest.mark.parametrize("layout", ["compact", "sm3"])
def test_office_js_and_classic_grids_give_the_same(swiss, layout):
    grid = to_grid(swiss, layout)
    for sn in (1, 9, 12, 14):
        a = excel.BUCHHOLZ_CUT(office_js(grid), float(sn), 1.0, 0)
        b = excel.BUCHHOLZ_CUT(classic(grid), float(sn), 1.0, None)
        c = excel.BUCHHOLZ_CUT(grid, sn)
        assert a == b == c


def test_numbers_are_numbers(swiss):
    grid = to_grid(swiss, "compact")
    for sn in range(1, 17):
        for v in (excel.BUCHHOLZ(grid, sn), excel.SONNEBORN_BERGER(grid, sn), excel.PROGRESSIVE(grid, sn),
                  excel.TIEBREAK(grid, sn, "AOB"), excel.TIEBREAK(grid, sn, "WIN")):
            assert type(v) in (int, float)
    assert excel.PROGRESSIVE(grid, 1) == 11 and type(excel.PROGRESSIVE(grid, 1)) is int
    assert type(excel.BUCHHOLZ(grid, 1, "fide-2024")) is float      # 12.5


def test_empty_template_rows_give_empty_results():
    head = ["No", "Name", "Rtg"] + [f"R{k}" for k in range(1, 10)] + ["Pts"]
    empty = [head] + [[None] * len(head) for _ in range(20)]
    assert excel.BUCHHOLZ(empty, None) == ""
    assert excel.BUCHHOLZ(empty, 1) == ""
    assert excel.STANDINGS(empty) == ""
    assert excel.BUCHHOLZ(office_js(empty), 0) == ""
    names = [list(r) for r in empty]
    names[1][:3] = [1, "Ann", 2100]
    names[2][:3] = [2, "Bob", None]
    assert excel.BUCHHOLZ_CUT(names, 1) == "" and excel.STANDINGS(office_js(names)) == ""
    started = [list(r) for r in names]
    started[1][3], started[2][3] = "2w1", "1b0"
    assert excel.SONNEBORN_BERGER(started, 1) == 0 and excel.BUCHHOLZ(started, 1) == 0
    assert excel.STANDINGS(started)[1][:4] == [1, 1, "Ann", 1]


# -- errors ----------------------------------------------------------------------------------

def test_unknown_player_is_na(swiss, rr):
    assert excel.BUCHHOLZ(to_grid(swiss, "compact"), 17) == "#N/A"
    assert excel.TIEBREAK(to_grid(swiss, "sm3"), 99, "DE") == "#N/A"
    assert excel.SONNEBORN_BERGER(to_grid(rr, "matrix"), 7.0) == "#N/A"
    assert excel.PROGRESSIVE(to_grid(rr, "matrix"), -3) == "#N/A"


def test_malformed_compact_cell_names_row_round_and_text(swiss):
    grid = to_grid(swiss, "compact")
    grid[6][5] = "12x1"            # row 7 of the sheet, round 3
    for f in (lambda: excel.BUCHHOLZ(grid, 1), lambda: excel.STANDINGS(grid),
              lambda: excel.TIEBREAK(grid, 2, "KS")):
        with pytest.raises(ValueError) as err:
            f()
        msg = str(err.value)
        assert msg.startswith("F7: row 7, round 3: '12x1' is not a result"), msg
    assert excel.cache_info()["builds"] == 1          # the error is cached too


def test_malformed_sm3_and_matrix_cells(swiss, rr):
    grid = to_grid(swiss, "sm3")
    grid[3][11] = "q"              # row 4, round 3's result cell (L)
    with pytest.raises(ValueError, match=r"row 4, round 3") as err:
        excel.BUCHHOLZ(grid, 1)
    assert "'q'" in str(err.value)
    m = to_grid(rr, "matrix")
    m[2][3] = "7"                  # row 3, against player 1
    with pytest.raises(ValueError, match=r"^D3: row 3, round \d+: '7' against player 1 is not a result"):
        excel.SONNEBORN_BERGER(m, 2)


def test_inconsistent_pairing_is_an_error(swiss):
    grid = to_grid(swiss, "compact")
    grid[1][3] = "10w1"            # player 1 claims to have met 10 in round 1; 10 says 2
    with pytest.raises(ValueError, match="row"):
        excel.BUCHHOLZ(grid, 1)


def test_unknown_code_rules_and_cut(swiss):
    grid = to_grid(swiss, "compact")
    with pytest.raises(ValueError, match="unknown tie-break 'BHX'"):
        excel.TIEBREAK(grid, 1, "BHX")
    with pytest.raises(ValueError, match="unknown modifier '/Q'"):
        excel.TIEBREAK(grid, 1, "BH/Q")
    with pytest.raises(ValueError, match="no tie-break code"):
        excel.TIEBREAK(grid, 1, 0)
    with pytest.raises(ValueError, match="unknown rules 'fide-1999'; choose one of fide-2026"):
        excel.BUCHHOLZ(grid, 1, "fide-1999")
    with pytest.raises(ValueError, match="cut"):
        excel.BUCHHOLZ_CUT(grid, 1, "X2")
    with pytest.raises(ValueError, match="cut"):
        excel.BUCHHOLZ_CUT(grid, 1, 1.5)
    with pytest.raises(ValueError, match="cut"):
        excel.PROGRESSIVE(grid, 1, -1)
    with pytest.raises(ValueError, match="cannot tell the crosstable layout"):
        # unreadable rounds are not an empty template: the error shows
        excel.BUCHHOLZ([["No", "Name", "R1"], [1, "Ann", "what"], [2, "Bob", "ever"]], 1)


def test_errors_never_nan_or_none(swiss):
    grid = to_grid(swiss, "compact")
    for code in CATALOGUE:
        for sn in range(1, 17):
            v = excel.TIEBREAK(grid, sn, code)
            assert v is not None and v == v


# -- the cache -------------------------------------------------------------------------------

def test_cache_builds_once_per_content(swiss):
    grid = to_grid(swiss, "compact")
    excel.BUCHHOLZ(grid, 1)
    excel.BUCHHOLZ_CUT(grid, 2)
    excel.SONNEBORN_BERGER(office_js(grid), 3)      # 5.0 == 5: the same content
    excel.SONNEBORN_BERGER([list(r) for r in grid], 3)   # a fresh copy: same content
    excel.STANDINGS(tuple(tuple(r) for r in grid))      # tuples: same content, hashed path
    info = excel.cache_info()
    assert info["builds"] == 1, info
    assert info["contexts"] == 1
    gap = [list(r) for r in grid]
    gap[1][2] = None                                      # an empty cell is not a 0 cell
    excel.BUCHHOLZ(gap, 1)
    excel.BUCHHOLZ(office_js(gap), 1)
    assert excel.cache_info()["builds"] == 3
    for sn in range(1, 17):
        for f in (excel.BUCHHOLZ, excel.BUCHHOLZ_CUT, excel.SONNEBORN_BERGER, excel.PROGRESSIVE):
            f([list(r) for r in grid], sn)
    assert excel.cache_info()["builds"] == 3


def test_cache_sees_a_grid_changed_in_place(swiss):
    grid = to_grid(swiss, "compact")
    before = excel.BUCHHOLZ(grid, 1, "fide-2024")
    assert grid[2][3] == "10b1" and grid[10][3] == "2w0"
    grid[2][3], grid[10][3] = "10b0", "2w1"     # round 1: Lais beat Bruno, Alyx's round-3 opponent
    after = excel.BUCHHOLZ(grid, 1, "fide-2024")
    assert excel.cache_info()["builds"] == 2
    assert after == before - 1
    excel.cache_clear()
    assert excel.BUCHHOLZ([list(r) for r in grid], 1, "fide-2024") == after


def test_cache_is_bounded(swiss):
    base = to_grid(swiss, "compact")
    for k in range(excel.MAX_BOOKS + 5):
        g = [list(r) for r in base]
        g[1][1] = f"Alyx {k}"
        excel.BUCHHOLZ(g, 1)
    assert excel.cache_info()["size"] == excel.MAX_BOOKS
    assert excel.cache_info()["builds"] == excel.MAX_BOOKS + 5


def test_cache_rules_and_standings_reuse(swiss):
    grid = to_grid(swiss, "compact")
    for rules in ("fide-2024", "fide-2026", "fide-2024", "", 0):
        excel.BUCHHOLZ(grid, 1, rules)
    assert excel.cache_info()["contexts"] == 2
    excel.STANDINGS(grid, "BH,SB")
    excel.STANDINGS(grid, "bh, sb")
    excel.TIEBREAK(grid, 1, "DE")
    excel.TIEBREAK(grid, 2, "DE")
    assert excel.cache_info()["standings"] == 2


# -- what the module imports ------------------------------------------------------------------

def test_import_pulls_in_nothing_heavy():
    code = textwrap.dedent("""
        import sys, json
        import tbxl.excel
        heavy = [m for m in ("openpyxl", "jinja2", "weasyprint", "formulas", "pandas", "numpy")
                 if m in sys.modules]
        ours = sorted(m for m in sys.modules if m.startswith("tbxl"))
        print(json.dumps({"heavy": heavy, "ours": ours}))
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=ROOT, env={**os.environ, "XLWINGS_ON_SERVER": ""})
    res = json.loads(out.stdout)
    assert [m for m in res["heavy"] if m in ("openpyxl", "jinja2", "weasyprint", "formulas")] == []
    allowed = {"tbxl", "tbxl.excel", "tbxl.crosstable", "tbxl.standings", "tbxl.conventions", "tbxl.errors",
               "tbxl.model", "tbxl.derivation", "tbxl.tiebreaks",
               # AUDIT's core: pure Python (tbxl.published imports openpyxl only to read a file)
               "tbxl.audit", "tbxl.changes", "tbxl.published", "tbxl.formatting",
               "tbxl.functions",   # the functions' catalogue: names, arguments, help, how values are computed
               "tbxl.limits"}   # the input bounds: constants and a stat() check, standard library only
    assert {m for m in res["ours"] if not m.startswith("tbxl.tiebreaks.")} <= allowed, res["ours"]


def test_module_source_imports_only_stdlib_xlwings_and_core():
    import ast
    tree = ast.parse((ROOT / "tbxl" / "excel.py").read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.add(node.module.split(".")[0])
    assert names <= {"__future__", "os", "threading", "warnings", "collections", "decimal", "fractions", "typing",
                     "xlwings"}, names


# -- metadata: what Excel sees ---------------------------------------------------------------

OFFICE_JS = textwrap.dedent("""
    import asyncio, json, sys
    import xlwings as xw
    from xlwings.server import custom_functions_meta, custom_functions_call
    import tbxl.excel as E
    from tbxl.crosstable import to_grid
    from tbxl import conventions
    from tbxl.standings import compute_standings
    from tbxl.trf import read_trf

    t = read_trf(sys.argv[1])
    grid = to_grid(t, "compact")
    grid = [[0 if v in (None, "") else v for v in row] for row in grid]   # Excel desktop's zeros
    st = compute_standings(t, "BH", conventions.get("fide-2024"))
    bulletin = [["SNo", "Name", "BH", 0]] + [[r.player.start_number, r.player.name, float(r.values["BH"]), 0]
                                             for r in st.rows] + [[0, 0, 0, 0]]

    def call(name, *args):
        data = {"func_name": name, "args": list(args), "version": xw.__version__, "client": "Office.js",
                "runtime": "1.4", "culture_info_name": "en-US", "date_format": "m/d/yyyy"}
        try:
            return asyncio.run(custom_functions_call(data, E))
        except Exception as e:
            return {"exception": type(e).__name__, "message": str(e)}

    bad = [list(r) for r in grid]
    bad[6][5] = "12x1"
    print(json.dumps({
        "meta": custom_functions_meta(E),
        "bh_c1": call("BUCHHOLZ_CUT", grid, [[4]], [[1]], [["fide-2024"]]),
        "omitted": call("BUCHHOLZ_CUT", grid, [[4]], None, None),
        "empty_cells": call("BUCHHOLZ_CUT", grid, [[4]], [[1]], [[0]]),
        "sb": call("SONNEBORN_BERGER", grid, [[14]], [["fide-2024"]]),
        "na": call("BUCHHOLZ", grid, [[99]]),
        "column": call("BUCHHOLZ_CUT", grid, [[1], [2], [0], [99]], [[1]], [["fide-2024"]]),
        "bad": call("BUCHHOLZ", bad, [[1]]),
        "standings": call("STANDINGS", grid, [["BH/C1,BH"]], [["fide-2024"]]),
        "audit": call("AUDIT", grid, bulletin, [["fide-2026"]]),
        "audit_agree": call("AUDIT", grid, bulletin, [["fide-2024"]], None),
        "audit_bad": call("AUDIT", grid, [["Name", "BH"], ["David", 15]]),
    }))
""")


@pytest.fixture(scope="module")
def office_js_run():
    pytest.importorskip("xlwings")  # the script imports xlwings' Office.js machinery
    env = {**os.environ, "XLWINGS_ON_SERVER": "true", "XLWINGS_LICENSE_KEY": "noncommercial"}
    out = subprocess.run([sys.executable, "-c", OFFICE_JS, str(SWISS)], capture_output=True, text=True,
                         cwd=ROOT, env=env)
    if out.returncode != 0 and ("LicenseError" in out.stderr or "xlwings.server" in out.stderr):
        pytest.fail("xlwings' Office.js machinery is not available here: " + out.stderr[-300:])
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_office_js_metadata(office_js_run):
    meta = office_js_run["meta"]
    funcs = {f["name"]: f for f in meta["functions"]}
    assert set(funcs) == {"BUCHHOLZ", "BUCHHOLZ_CUT", "SONNEBORN_BERGER", "PROGRESSIVE", "TIEBREAK",
                          "STANDINGS", "AUDIT"}    # SB is classic-only: Office.js needs >= 3 characters
    for name, f in funcs.items():
        assert len(name) >= 3 and name[0].isalpha()
        assert f["id"] == name
        assert f["description"] and len(f["description"]) <= 255 and "\n" not in f["description"]
        assert "volatile" not in f["options"]
        assert f["parameters"][0]["name"] == "crosstable"
        for p in f["parameters"]:
            assert p["description"] and not p["description"].startswith("Positional argument")
            assert len(p["description"]) <= 255
    params = [(p["name"], p.get("optional", False)) for p in funcs["BUCHHOLZ_CUT"]["parameters"]]
    assert params == [("crosstable", False), ("player", False), ("cut", True), ("rules", True),
                      ("layout", True)]
    assert [p["name"] for p in funcs["TIEBREAK"]["parameters"]][:3] == ["crosstable", "player", "code"]
    assert [p["name"] for p in funcs["STANDINGS"]["parameters"]] == ["crosstable", "tiebreaks", "rules",
                                                                    "layout"]
    params = [(p["name"], p.get("optional", False)) for p in funcs["AUDIT"]["parameters"]]
    assert params == [("crosstable", False), ("published_range", False), ("rules", True), ("layout", True)]


def test_office_js_calls(office_js_run):
    r = office_js_run
    assert r["bh_c1"] == [[11.5]]
    assert r["sb"] == [[4.5]]
    assert r["omitted"] == r["empty_cells"]              # cut omitted = 1, rules 0 = default
    assert r["na"] == [[{"type": "Error", "errorType": "NotAvailable"}]]
    assert r["column"] == [[11], [12], [""], [{"type": "Error", "errorType": "NotAvailable"}]]
    assert r["bad"]["exception"] == "ValueError"
    assert r["bad"]["message"].startswith("F7: row 7, round 3: '12x1' is not a result")
    assert r["standings"][0] == ["Rank", "SNo", "Name", "Pts", "BH/C1", "BH"]
    assert r["standings"][1][:4] == [1, 2, "Bruno", 4]
    assert r["audit"][0] == excel.AUDIT_HEADER
    assert [(row[0], row[3], row[4], row[5], row[6]) for row in r["audit"][1:]] == [
        (4, 15, 14, "explained", "fide-2024"), (6, 12, 11.5, "explained", "fide-2024"),
        (11, 13.5, 12.5, "explained", "fide-2024")]
    assert r["audit_agree"] == [["all 16 values agree with fide-2024"]]
    assert r["audit_bad"]["exception"] == "ValueError"
    assert "has no start-number column" in r["audit_bad"]["message"]


CLASSIC = textwrap.dedent("""
    # The classic (Windows, COM) decorators and the VBA that 'Import Functions' generates, on Linux:
    # stand-ins for pywin32, then xlwings.udfs' own xlfunc/xlarg/xlret.
    import io, json, sys, types
    for name in ("pythoncom", "pywintypes", "win32com", "win32com.client"):
        sys.modules[name] = types.ModuleType(name)
    sys.modules["pythoncom"].CoInitialize = lambda: None
    sys.modules["win32com.client"].Dispatch = lambda *a, **k: None
    sys.modules["win32com"].client = sys.modules["win32com.client"]
    import xlwings as xw
    import xlwings.udfs as udfs
    xw.func, xw.arg, xw.ret = udfs.xlfunc, udfs.xlarg, udfs.xlret
    import tbxl.excel as E

    class Book:
        Name = "tec-swiss.xlsm"

    vba = io.StringIO()
    udfs.generate_vba_wrapper("tbxl.excel", E, vba, Book())
    funcs = {}
    for name in dir(E):
        f = getattr(E, name)
        if hasattr(f, "__xlfunc__"):
            x = f.__xlfunc__
            funcs[name] = {"name": x["name"], "category": x["category"], "volatile": x["volatile"],
                           "doc": x["ret"]["doc"],
                           "args": [[a["name"], a["doc"], a["options"], "optional" in a] for a in x["args"]]}
    print(json.dumps({"funcs": funcs, "vba": vba.getvalue()}))
""")


@pytest.fixture(scope="module")
def classic_run():
    pytest.importorskip("xlwings")  # the script imports xlwings.udfs
    out = subprocess.run([sys.executable, "-c", CLASSIC], capture_output=True, text=True, cwd=ROOT,
                         env={**os.environ, "XLWINGS_ON_SERVER": ""})
    if out.returncode != 0 and "xlwings.udfs" in out.stderr:
        pytest.fail("xlwings.udfs cannot be loaded with stand-ins here: " + out.stderr[-300:])
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


VBA_RESERVED = {"name", "type", "option", "date", "string", "long", "integer", "end", "function", "sub",
                "call", "set", "let", "dim", "next", "for", "to", "step", "if", "then", "else", "error",
                "resume", "on", "goto", "print", "open", "close", "input", "get", "put", "like", "is",
                "mod", "and", "or", "not", "xor", "me", "new", "nothing", "empty", "null", "true", "false"}


def test_classic_metadata(classic_run):
    funcs = classic_run["funcs"]
    assert set(funcs) == {"BUCHHOLZ", "BUCHHOLZ_CUT", "SB", "SONNEBORN_BERGER", "PROGRESSIVE", "TIEBREAK",
                          "STANDINGS", "AUDIT"}
    for name, f in funcs.items():
        assert f["name"] == name
        assert f["category"] == "Chess tie-breaks"
        assert f["volatile"] is False
        assert f["doc"] and len(f["doc"]) <= 255 and "\n" not in f["doc"]
        for arg, doc, options, optional in f["args"]:
            assert doc and len(doc) <= 255 and not doc.startswith("Positional argument")
            assert arg.lower() not in VBA_RESERVED
        assert f["args"][0][2] == {"ndim": 2}          # the crosstable always as a list of rows


def test_classic_vba_wrappers(classic_run):
    vba = classic_run["vba"]
    for sig in ("Function BUCHHOLZ(crosstable, player, Optional rules, Optional layout)",
                "Function BUCHHOLZ_CUT(crosstable, player, Optional cut, Optional rules, Optional layout)",
                "Function SB(crosstable, player, Optional rules, Optional layout)",
                "Function SONNEBORN_BERGER(crosstable, player, Optional rules, Optional layout)",
                "Function PROGRESSIVE(crosstable, player, Optional cut, Optional layout)",
                "Function TIEBREAK(crosstable, player, code, Optional rules, Optional layout)",
                "Function STANDINGS(crosstable, Optional tiebreaks, Optional rules, Optional layout)",
                "Function AUDIT(crosstable, published_range, Optional rules, Optional layout)"):
        assert sig in vba
    assert 'XLPy.CallUDF("tbxl.excel", "BUCHHOLZ_CUT"' in vba
    assert "Application.Volatile" not in vba
    assert vba.count("End Function") == 8


def test_decorators_are_transparent_here():
    # On Linux without XLWINGS_ON_SERVER the decorators return the plain functions.
    assert excel.BUCHHOLZ.__name__ == "BUCHHOLZ" and callable(excel.SB)
    for f in excel.FUNCTIONS:
        assert f.__doc__ and len(f.__doc__) <= 255 and "\n" not in f.__doc__


def test_the_catalogue_describes_the_functions_as_defined():
    """tbxl.functions is the one home of names, arguments and help: every function excel.py defines
    is in it, with the same arguments in the same order, optional exactly where it has a default."""
    import inspect
    from tbxl.functions import ARGUMENTS, BY_NAME, FUNCTIONS
    assert [f.__name__ for f in excel.FUNCTIONS] == [f.name for f in FUNCTIONS]
    for f in excel.FUNCTIONS:
        entry = BY_NAME[f.__name__]
        params = inspect.signature(f).parameters
        assert [a.name for a in entry.arguments] == list(params)
        assert [a.optional for a in entry.arguments] == \
            [p.default is not inspect.Parameter.empty for p in params.values()]
        assert f.__doc__ == entry.help
    assert all(len(a.help) <= 255 for a in ARGUMENTS)  # the Function Wizard's limit
    assert excel.OFFICE_JS_FUNCTIONS == tuple(f.name for f in FUNCTIONS if f.name != "SB")


# -- issue 10: hostile arguments give a clean #VALUE! or #N/A; cut as text follows numbers --------

@pytest.mark.parametrize("player", ["inf", "-inf", float("inf"), float("nan"), "nan", "Infinity", "TRUE", True, False,
                                    "1e-999999999", "1.5", 2.5])
def test_non_finite_or_not_whole_players_are_value_errors(swiss, player):
    with pytest.raises(ValueError, match=r"^player must be a whole number, not "):
        excel.BUCHHOLZ(to_grid(swiss, "compact"), player)


@pytest.mark.parametrize("player", [10 ** 400, -10 ** 400, 1e300, "1e400", "1e999999999", "9" * 5000, 2 ** 70, 17, -1])
def test_huge_start_numbers_are_no_player(swiss, player):
    grid = to_grid(swiss, "compact")
    assert excel.BUCHHOLZ(grid, player) == "#N/A"
    assert excel.TIEBREAK(grid, player, "DE") == "#N/A"
    assert excel.BUCHHOLZ(grid, [[player], [5]], "fide-2024") == [["#N/A"], [8.5]]


@pytest.mark.parametrize("text,number", [("-1", -1), (" -2 ", -2), ("1", 1), ("2.0", 2), ("0", 0), ("1e0", 1),
                                         ("C2", 2), ("M1", -1), ("m2", -2)])
def test_cut_given_as_text_follows_the_rule_of_numbers(swiss, text, number):
    grid = to_grid(swiss, "compact")
    # BH/M1 of Alyx (fide-2024): 13 minus the highest and the lowest opponent score
    assert excel.BUCHHOLZ_CUT(grid, 1, text, "fide-2024") == excel.BUCHHOLZ_CUT(grid, 1, number, "fide-2024")
    assert excel.BUCHHOLZ_CUT(grid, 1, text, "fide-2024") == excel.BUCHHOLZ_CUT(grid, 1, float(number), "fide-2024")
    assert excel.BUCHHOLZ_CUT(grid, 1, "-1", "fide-2024") == core_value(swiss, "BH/M1", 1, "fide-2024")


@pytest.mark.parametrize("cut", ["1.5", 1.5, "inf", float("inf"), "nan", float("nan"), True, False, "TRUE", "M-1",
                                 "C-1", "1/2", "one"])
def test_cut_that_is_no_whole_number_is_a_value_error(swiss, cut):
    with pytest.raises(ValueError, match="cut must be"):
        excel.BUCHHOLZ_CUT(to_grid(swiss, "compact"), 1, cut)


@pytest.mark.parametrize("cut", ["inf", float("inf"), True, "1.5", "-1", -1, "nan"])
def test_progressive_cut_that_is_no_whole_number_of_rounds_is_a_value_error(swiss, cut):
    with pytest.raises(ValueError, match="cut must be a whole number"):
        excel.PROGRESSIVE(to_grid(swiss, "compact"), 1, cut)


def test_huge_cuts_cut_everything(swiss):
    grid = to_grid(swiss, "compact")
    assert excel.BUCHHOLZ_CUT(grid, 1, 10 ** 400) == excel.BUCHHOLZ_CUT(grid, 1, "1e999999999") == 0
    assert excel.PROGRESSIVE(grid, 1, 10 ** 400) == excel.PROGRESSIVE(grid, 1, "1e400") == 0


def test_true_is_never_a_start_number_cached_or_not(swiss):
    grid = to_grid(swiss, "compact")
    as_true = [list(row) for row in grid]
    assert as_true[1][0] == 1
    as_true[1][0] = True      # Excel's TRUE where start number 1 stood: True == 1 in Python
    for first, second in ((grid, as_true), (as_true, grid)):
        excel.cache_clear()
        for g in (first, second, first, second):
            if g is as_true:
                with pytest.raises(ValueError, match=r"A2: row 2: 'TRUE' is not a start number"):
                    excel.BUCHHOLZ(g, 2)
                with pytest.raises(ValueError, match="'TRUE' is not a start number"):
                    excel.STANDINGS(g)
            else:
                assert excel.BUCHHOLZ(g, 5, "fide-2024") == 8.5
    with pytest.raises(ValueError, match="player must be a whole number, not TRUE"):
        excel.BUCHHOLZ(grid, True)
    # FALSE where an Office.js empty cell (0) stood is no empty cell either
    zero = office_js(grid)
    as_false = [list(row) for row in zero]
    k = as_false[1].index(0) if 0 in as_false[1] else None
    if k is not None:
        as_false[1][k] = False
        excel.BUCHHOLZ(zero, 5)
        assert excel._book(as_false, None) is not excel._book(zero, None)


def test_layout_argument_can_say_round_robin(rr):
    grid = to_grid(rr, "compact")          # a round robin in a Swiss layout
    swiss_sb = excel.SONNEBORN_BERGER(grid, 6, "fide-2017", "swiss")
    rr_sb = excel.SONNEBORN_BERGER(grid, 6, "fide-2017", "round-robin")
    assert (swiss_sb, rr_sb) == (1.75, 2.25)       # Helene's forfeit win: C.07 15.2 vs 16
    assert rr_sb == core_value(rr, "SB", 6, "fide-2017")
    assert excel.SONNEBORN_BERGER(grid, 6, "fide-2017", "compact, round-robin") == rr_sb
    assert excel.STANDINGS(grid, "SB", "fide-2017", "RR") == excel.STANDINGS(to_grid(rr, "matrix"), "SB", "fide-2017")
    with pytest.raises(ValueError, match="unknown layout 'compact matrix'"):
        excel.BUCHHOLZ(grid, 1, "", "compact matrix")


@pytest.mark.parametrize("cell", [1e300, float(10 ** 20), "9" * 400, "9" * 5000])
def test_huge_numbers_inside_the_crosstable_are_clean_errors(cell):
    # a start number, opponent, rating or points of hundreds of digits: never an OverflowError or
    # Python's 4,300-digit limit on int(), but the cell named (#VALUE!) or the value left out
    base = [["No", "Name", "Rtg", "R1", "R2", "Pts"], [1, "A", 1500, "2w1", "3b½", 2],
            [2, "B", 1500, "1b0", "bye", 1], [3, "C", 1600, "H", "1w½", 1]]
    g = [list(r) for r in base]
    g[3][0] = cell
    with pytest.raises(ValueError, match=r"^A4: row 4: '\d+' is not a start number$"):
        excel.BUCHHOLZ(g, 1)
    g = [list(r) for r in base]
    g[1][3] = f"{cell:.0f}w1" if isinstance(cell, float) else cell + "w1"
    with pytest.raises(ValueError, match=r"^D2: row 2, round 1: '\d+w1' is not a result"):
        excel.BUCHHOLZ(g, 1)
    g = [list(r) for r in base]
    g[1][2] = cell                      # a rating that is no rating: left out, as text is
    assert excel.TIEBREAK(g, 1, "ARO") == excel.TIEBREAK([r[:2] + [""] + r[3:] if i == 1 else r
                                                          for i, r in enumerate(base)], 1, "ARO")
