"""Excel-style arguments and errors: players, ranges, layouts, hostile values give a clean #VALUE! or #N/A."""

from __future__ import annotations

import pytest

from excel_support import classic, core_value, fresh_cache, office_js, rr, swiss  # noqa: F401 (fixtures)
from tbxl import excel
from tbxl.excel import cache
from tbxl.io.grid import to_grid
from tbxl.tiebreaks.codes import INDIVIDUAL, codes_of

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
    assert excel.SONNEBORN_BERGER(grid, [[1, 2, None, 99]], "fide-2024") == [[8, 9.5, "", "#N/A"]]
    assert excel.TIEBREAK(grid, [1, 2, 3], "DE") == [[1], [""], [1]]  # a flat list is a column
    assert excel.PROGRESSIVE(grid, [[0], [0]]) == [[""], [""]]  # Office.js' empty cells
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
        for v in (
            excel.BUCHHOLZ(grid, sn),
            excel.SONNEBORN_BERGER(grid, sn),
            excel.PROGRESSIVE(grid, sn),
            excel.TIEBREAK(grid, sn, "AOB"),
            excel.TIEBREAK(grid, sn, "WIN"),
        ):
            assert type(v) in (int, float)
    assert excel.PROGRESSIVE(grid, 1) == 11 and type(excel.PROGRESSIVE(grid, 1)) is int
    assert type(excel.BUCHHOLZ(grid, 1, "fide-2024")) is float  # 12.5


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
    grid[6][5] = "12x1"  # row 7 of the sheet, round 3
    for f in (lambda: excel.BUCHHOLZ(grid, 1), lambda: excel.STANDINGS(grid), lambda: excel.TIEBREAK(grid, 2, "KS")):
        with pytest.raises(ValueError) as err:
            f()
        msg = str(err.value)
        assert msg.startswith("F7: row 7, round 3: '12x1' is not a result"), msg
    assert excel.cache_info()["builds"] == 1  # the error is cached too


def test_malformed_sm3_and_matrix_cells(swiss, rr):
    grid = to_grid(swiss, "sm3")
    grid[3][11] = "q"  # row 4, round 3's result cell (L)
    with pytest.raises(ValueError, match=r"row 4, round 3") as err:
        excel.BUCHHOLZ(grid, 1)
    assert "'q'" in str(err.value)
    m = to_grid(rr, "matrix")
    m[2][3] = "7"  # row 3, against player 1
    with pytest.raises(ValueError, match=r"^D3: row 3, round \d+: '7' against player 1 is not a result"):
        excel.SONNEBORN_BERGER(m, 2)


def test_inconsistent_pairing_is_an_error(swiss):
    grid = to_grid(swiss, "compact")
    grid[1][3] = "10w1"  # player 1 claims to have met 10 in round 1; 10 says 2
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
    for code in codes_of(INDIVIDUAL):
        for sn in range(1, 17):
            v = excel.TIEBREAK(grid, sn, code)
            assert v is not None and v == v


# -- issue 10: hostile arguments give a clean #VALUE! or #N/A; cut as text follows numbers --------


@pytest.mark.parametrize(
    "player",
    ["inf", "-inf", float("inf"), float("nan"), "nan", "Infinity", "TRUE", True, False, "1e-999999999", "1.5", 2.5],
)
def test_non_finite_or_not_whole_players_are_value_errors(swiss, player):
    with pytest.raises(ValueError, match=r"^player must be a whole number, not "):
        excel.BUCHHOLZ(to_grid(swiss, "compact"), player)


@pytest.mark.parametrize("player", [10**400, -(10**400), 1e300, "1e400", "1e999999999", "9" * 5000, 2**70, 17, -1])
def test_huge_start_numbers_are_no_player(swiss, player):
    grid = to_grid(swiss, "compact")
    assert excel.BUCHHOLZ(grid, player) == "#N/A"
    assert excel.TIEBREAK(grid, player, "DE") == "#N/A"
    assert excel.BUCHHOLZ(grid, [[player], [5]], "fide-2024") == [["#N/A"], [8.5]]


@pytest.mark.parametrize(
    "text,number",
    [("-1", -1), (" -2 ", -2), ("1", 1), ("2.0", 2), ("0", 0), ("1e0", 1), ("C2", 2), ("M1", -1), ("m2", -2)],
)
def test_cut_given_as_text_follows_the_rule_of_numbers(swiss, text, number):
    grid = to_grid(swiss, "compact")
    # BH/M1 of Alyx (fide-2024): 13 minus the highest and the lowest opponent score
    assert excel.BUCHHOLZ_CUT(grid, 1, text, "fide-2024") == excel.BUCHHOLZ_CUT(grid, 1, number, "fide-2024")
    assert excel.BUCHHOLZ_CUT(grid, 1, text, "fide-2024") == excel.BUCHHOLZ_CUT(grid, 1, float(number), "fide-2024")
    assert excel.BUCHHOLZ_CUT(grid, 1, "-1", "fide-2024") == core_value(swiss, "BH/M1", 1, "fide-2024")


@pytest.mark.parametrize(
    "cut", ["1.5", 1.5, "inf", float("inf"), "nan", float("nan"), True, False, "TRUE", "M-1", "C-1", "1/2", "one"]
)
def test_cut_that_is_no_whole_number_is_a_value_error(swiss, cut):
    with pytest.raises(ValueError, match="cut must be"):
        excel.BUCHHOLZ_CUT(to_grid(swiss, "compact"), 1, cut)


@pytest.mark.parametrize("cut", ["inf", float("inf"), True, "1.5", "-1", -1, "nan"])
def test_progressive_cut_that_is_no_whole_number_of_rounds_is_a_value_error(swiss, cut):
    with pytest.raises(ValueError, match="cut must be a whole number"):
        excel.PROGRESSIVE(to_grid(swiss, "compact"), 1, cut)


def test_huge_cuts_cut_everything(swiss):
    grid = to_grid(swiss, "compact")
    assert excel.BUCHHOLZ_CUT(grid, 1, 10**400) == excel.BUCHHOLZ_CUT(grid, 1, "1e999999999") == 0
    assert excel.PROGRESSIVE(grid, 1, 10**400) == excel.PROGRESSIVE(grid, 1, "1e400") == 0


def test_true_is_never_a_start_number_cached_or_not(swiss):
    grid = to_grid(swiss, "compact")
    as_true = [list(row) for row in grid]
    assert as_true[1][0] == 1
    as_true[1][0] = True  # Excel's TRUE where start number 1 stood: True == 1 in Python
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
        assert cache.book(as_false, None) is not cache.book(zero, None)


def test_layout_argument_can_say_round_robin(rr):
    grid = to_grid(rr, "compact")  # a round robin in a Swiss layout
    swiss_sb = excel.SONNEBORN_BERGER(grid, 6, "fide-2017", "swiss")
    rr_sb = excel.SONNEBORN_BERGER(grid, 6, "fide-2017", "round-robin")
    assert (swiss_sb, rr_sb) == (1.75, 2.25)  # Helene's forfeit win: C.07 15.2 vs 16
    assert rr_sb == core_value(rr, "SB", 6, "fide-2017")
    assert excel.SONNEBORN_BERGER(grid, 6, "fide-2017", "compact, round-robin") == rr_sb
    assert excel.STANDINGS(grid, "SB", "fide-2017", "RR") == excel.STANDINGS(to_grid(rr, "matrix"), "SB", "fide-2017")
    with pytest.raises(ValueError, match="unknown layout 'compact matrix'"):
        excel.BUCHHOLZ(grid, 1, "", "compact matrix")


@pytest.mark.parametrize("cell", [1e300, float(10**20), "9" * 400, "9" * 5000])
def test_huge_numbers_inside_the_crosstable_are_clean_errors(cell):
    # a start number, opponent, rating or points of hundreds of digits: never an OverflowError or
    # Python's 4,300-digit limit on int(), but the cell named (#VALUE!) or the value left out
    base = [
        ["No", "Name", "Rtg", "R1", "R2", "Pts"],
        [1, "A", 1500, "2w1", "3b½", 2],
        [2, "B", 1500, "1b0", "bye", 1],
        [3, "C", 1600, "H", "1w½", 1],
    ]
    g = [list(r) for r in base]
    g[3][0] = cell
    with pytest.raises(ValueError, match=r"^A4: row 4: '\d+' is not a start number$"):
        excel.BUCHHOLZ(g, 1)
    g = [list(r) for r in base]
    g[1][3] = f"{cell:.0f}w1" if isinstance(cell, float) else cell + "w1"
    with pytest.raises(ValueError, match=r"^D2: row 2, round 1: '\d+w1' is not a result"):
        excel.BUCHHOLZ(g, 1)
    g = [list(r) for r in base]
    g[1][2] = cell  # a rating that is no rating: the cell named, as the TRF reader does
    with pytest.raises(ValueError, match=r"^C2: row 2: rating '[0-9e.+]+' is not a whole number from 0 to 4000$"):
        excel.TIEBREAK(g, 1, "ARO")


@pytest.mark.parametrize("cell", ["21S0", 2150.7, -1500, 1e308, "2150.5", 4001])
def test_a_rating_cell_that_is_no_rating_is_value_error_not_an_unrated_player(cell):
    # Issue 19: such a cell made the player unrated, which blanked ARO for everybody with no #VALUE!.
    g = [
        ["No", "Name", "Rtg", "R1", "R2", "Pts"],
        [1, "A", cell, "2w1", "3b½", 2],
        [2, "B", 1500, "1b0", "bye", 1],
        [3, "C", 1600, "H", "1w½", 1],
    ]
    with pytest.raises(ValueError, match=r"^C2: row 2: rating '.+' is not a whole number from 0 to 4000$"):
        excel.TIEBREAK(g, 2, "ARO")
    g[1][2] = 2150
    assert excel.TIEBREAK(g, 2, "ARO") == 2150  # B met only A over the board
