"""Crosstable grids (compact, Swiss-Manager three columns, round-robin matrix) to tournaments and back."""

from __future__ import annotations

import doctest
import warnings
from fractions import Fraction as F

import pytest

from tbxl.errors import InputError, InputWarning
from tbxl.io.grid import berger_schedule, detect_layout, read_grid, to_grid
from tbxl.model import Kind, Outcome, Pairing, Player, Scoring, Tournament, make_entry

PLAYED, FW, FL, DF = Kind.PLAYED, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT
PAB, FPB, HPB, ZPB = Kind.PAB, Kind.FPB, Kind.HPB, Kind.ZPB
W, D, L = Outcome.WIN, Outcome.DRAW, Outcome.LOSS


def summary(t: Tournament, sn: int) -> list[tuple]:
    """(kind, outcome, opponent, colour, points) per round."""
    return [(e.kind, e.outcome, e.opponent, e.colour, e.points) for e in t.player(sn).rounds]


# A 5-player, 3-round Swiss:
#   R1: 1-2 1-0 (1 white), 3-4 ½-½ (3 white), 5 pairing-allocated bye
#   R2: 3-1 ½-½ (3 white), 2-5 1-0 (2 white), 4 half-point bye
#   R3: 1-4 +/- (forfeit, colour not recorded), 3-2 ½-½ (3 white), 5 absent
EXPECTED_SWISS = {
    1: [(PLAYED, W, 2, "w", 1), (PLAYED, D, 3, "b", F(1, 2)), (FW, W, 4, None, 1)],
    2: [(PLAYED, L, 1, "b", 0), (PLAYED, W, 5, "w", 1), (PLAYED, D, 3, "b", F(1, 2))],
    3: [(PLAYED, D, 4, "w", F(1, 2)), (PLAYED, D, 1, "w", F(1, 2)), (PLAYED, D, 2, "w", F(1, 2))],
    4: [(PLAYED, D, 3, "b", F(1, 2)), (HPB, D, None, None, F(1, 2)), (FL, L, 1, None, 0)],
    5: [(PAB, W, None, None, 1), (PLAYED, L, 2, "b", 0), (ZPB, L, None, None, 0)],
}

COMPACT = [
    ["No", "Name", "R1", "R2", "R3", "Pts"],
    [1, "Ann", "2w1", "3b½", "4+", 2.5],
    [2, "Bob", "1b0", "5w1", "3b=", 1.5],
    [3, "Cy", "4w½", "1 w 0.5", "2 W .5", 1.5],
    [4, "Dee", "3B1/2", "H", "1-", 1],
    [5, "Eve", "bye", "2b0", "Z", 1],
]

SM3 = [
    ["No", "Name", "1.Rd", "", "", "2.Rd", "", "", "3.Rd", "", "", "Pts"],
    [1, "Ann", 2, "w", 1, 3, "b", "½", 4, "-", "+", 2.5],
    [2, "Bob", 1, "b", 0, 5, "w", 1, 3, "b", "=", 1.5],
    [3, "Cy", 4, "w", 0.5, 1, "w", "½", 2, "w", "½", 1.5],
    [4, "Dee", 3, "b", "½", "", "", "½", 1, "-", "-", 1],
    [5, "Eve", "-", "", 1, 2, "b", 0, "-", "-", "-", 1],
]


def excel(grid: list[list]) -> list[list]:
    """What Office.js sends: 0 for every empty cell, floats for numbers."""
    return [[0 if v in (None, "") else float(v) if isinstance(v, int) else v for v in row] for row in grid]


# ---------------------------------------------------------------------------------------------
# compact
# ---------------------------------------------------------------------------------------------


def test_compact_reads_kinds_opponents_colours_points():
    t = read_grid(COMPACT, name="Club")
    assert t.rounds == 3 and t.pairing is Pairing.SWISS and t.name == "Club"
    assert [p.name for p in t.players] == ["Ann", "Bob", "Cy", "Dee", "Eve"]
    for sn, expected in EXPECTED_SWISS.items():
        assert summary(t, sn) == expected
    assert [p.declared_points for p in t.players] == [F(5, 2), F(3, 2), F(3, 2), 1, 1]
    assert [e.round for e in t.player(1).rounds] == [1, 2, 3]


def test_compact_without_header_and_names():
    grid = [row[2:5] for row in COMPACT[1:]]
    t = read_grid(grid)
    for sn, expected in EXPECTED_SWISS.items():
        assert summary(t, sn) == expected
    assert all(p.name == "" for p in t.players)


def test_compact_excel_zeros_for_empty_cells_are_zero_point_byes():
    grid = excel(COMPACT)
    grid[5][4] = 0  # Eve's "Z" left empty: Excel sends 0
    grid = [row + [0, 0] for row in grid] + [[0] * 8, [0] * 8]  # trailing empty range
    t = read_grid(grid)
    assert t.rounds == 3 and len(t.players) == 5
    assert summary(t, 5)[2] == (ZPB, L, None, None, 0)
    for sn, expected in EXPECTED_SWISS.items():
        assert summary(t, sn) == expected


@pytest.mark.parametrize("cell", ["", None, 0, 0.0, "0", "-", "Z", "z", "zpb"])
def test_compact_zero_point_bye_spellings(cell):
    t = read_grid([[1, "2w1", cell], [2, "1b0", "bye"]])
    assert summary(t, 1)[1] == (ZPB, L, None, None, 0)


@pytest.mark.parametrize(
    "cell,kind",
    [
        ("+", PAB),
        ("bye", PAB),
        ("U", PAB),
        ("BYE", PAB),
        ("F", FPB),
        ("H", HPB),
        ("½", HPB),
        ("=", HPB),
        (0.5, HPB),
        ("1/2", HPB),
    ],
)
def test_compact_bye_spellings(cell, kind):
    t = read_grid([[1, "2w1", cell], [2, "1b0", "Z"]])
    e = t.player(1).rounds[1]
    assert (e.kind, e.opponent) == (kind, None)


@pytest.mark.parametrize(
    "a,b,ka,kb",
    [
        ("2w+", "1b-", FW, FL),
        ("2w-", "1b-", DF, DF),
        ("2w--", "1b--", DF, DF),
        ("2--", "1-", DF, DF),
        ("2 w 1", "1 b 0", PLAYED, PLAYED),
        ("2 1", "1 0", PLAYED, PLAYED),
    ],
)
def test_compact_forfeits_and_spacing(a, b, ka, kb):
    t = read_grid([[1, a], [2, b]])
    assert t.player(1).rounds[0].kind is ka and t.player(2).rounds[0].kind is kb
    assert t.player(1).rounds[0].opponent == 2 and t.player(2).rounds[0].opponent == 1


def test_compact_colour_omitted_and_german_spanish_letters():
    t = read_grid([[1, "2 1"], [2, "1 0"]])
    assert summary(t, 1) == [(PLAYED, W, 2, None, 1)]
    t = read_grid([[1, "2w1"], [2, "1s0"]])  # schwarz
    assert summary(t, 2) == [(PLAYED, L, 1, "b", 0)]
    t = read_grid([[1, "2b1"], [2, "1n0"]])  # blancas / negras
    assert summary(t, 1) == [(PLAYED, W, 2, "w", 1)] and summary(t, 2) == [(PLAYED, L, 1, "b", 0)]


def test_compact_float_start_numbers():
    t = read_grid([[1.0, "Ann", "2w1"], [2.0, "Bob", "1b0"]])
    assert summary(t, 1) == [(PLAYED, W, 2, "w", 1)]
    assert t.player(2).name == "Bob"


def test_compact_custom_scoring_and_pairing():
    t = read_grid(
        [[1, "2w1", "2b½"], [2, "1b0", "1w½"]], scoring=Scoring(win=F(3), draw=F(1)), pairing=Pairing.ROUND_ROBIN
    )
    assert t.player(1).points == 4 and t.pairing is Pairing.ROUND_ROBIN


def test_rank_sorted_table_with_start_number_column():
    # Sorted by rank; opponents given by start number (SNo column).
    grid = [
        ["Rk", "SNo", "Name", "R1", "R2"],
        [1, 3, "Cy", "1w1", "2w1"],
        [2, 1, "Ann", "3b0", "bye"],
        [3, 2, "Bob", "bye", "3b0"],
    ]
    t = read_grid(grid)
    assert [p.start_number for p in t.players] == [1, 2, 3]
    assert t.player(3).name == "Cy" and t.player(3).declared_rank == 1
    assert summary(t, 3) == [(PLAYED, W, 1, "w", 1), (PLAYED, W, 2, "w", 1)]
    # The same table with opponents given by rank.
    by_rank = [
        ["Rk", "SNo", "Name", "R1", "R2"],
        [1, 3, "Cy", "2w1", "3w1"],
        [2, 1, "Ann", "1b0", "bye"],
        [3, 2, "Bob", "bye", "1b0"],
    ]
    t = read_grid(by_rank)
    assert summary(t, 3) == [(PLAYED, W, 1, "w", 1), (PLAYED, W, 2, "w", 1)]
    assert summary(t, 2)[1] == (PLAYED, L, 3, "b", 0)


def test_rating_federation_title_columns():
    grid = [
        ["No", "Title", "Name", "Fed", "Rtg", "R1"],
        [1, "GM", "Ann", "NOR", 2500.0, "2w1"],
        [2, "", "Bob", "FRA", 0, "1b0"],
    ]
    t = read_grid(grid)
    assert (t.player(1).title, t.player(1).federation, t.player(1).rating) == ("GM", "NOR", 2500)
    assert (t.player(2).title, t.player(2).rating) == ("", None)


def test_club_column():
    grid = [["No", "Name", "Club", "Rtg", "R1"], [1, "Ann", "SK Oslo", 2500, "2w1"], [2, "Bob", "", 1800, "1b0"]]
    t = read_grid(grid)
    assert (t.player(1).club, t.player(2).club) == ("SK Oslo", "")
    assert (
        read_grid([["No", "Name", "CLB", "R1"], [1, "An", "Hà Nội", "2w1"], [2, "Bình", "TP.HCM", "1b0"]])
        .player(2)
        .club
        == "TP.HCM"
    )


def test_origin_with_sheet_and_leading_empty_rows():
    grid = [[None, None, None], [None, 1, "2x1"], [None, 2, "1b0"]]
    with pytest.raises(InputError) as ei:
        read_grid(grid, origin="Sheet1!B2")
    assert ei.value.cell == "Sheet1!D3"
    assert ei.value.message.startswith("row 3, round 1: '2x1'")


# ---------------------------------------------------------------------------------------------
# sm3 (Swiss-Manager)
# ---------------------------------------------------------------------------------------------


def test_sm3_reads_kinds_opponents_colours_points():
    t = read_grid(SM3)
    assert t.rounds == 3 and t.pairing is Pairing.SWISS
    for sn, expected in EXPECTED_SWISS.items():
        assert summary(t, sn) == expected


def test_sm3_excel_zeros_and_floats():
    grid = excel(SM3)
    # Excel turns the header's empty cells into 0 as well; opponents arrive as 12.0.
    assert grid[1][2] == 2.0
    t = read_grid(grid)
    for sn, expected in EXPECTED_SWISS.items():
        assert summary(t, sn) == expected


def test_sm3_seed_000_conventions():
    grid = [
        [1, "-", "", 1, 2, "", "", 3, "-", "+"],  # R1 bye, R2 withdrawn pairing, R3 forfeit win
        [2, 3, "w", 1, 1, "", "", "-", "-", "-"],  # R3 not paired (withdrawn)
        [3, 2, "s", 0, "-", "", "½", 1, "-", "-"],  # R2 half-point bye, R3 forfeit loss
        [4, "-", "-", "-", "-", "", 1, "-", "", "F"],
    ]  # R1 not paired, R2 bye, R3 full-point bye
    t = read_grid(grid)
    assert summary(t, 1) == [(PAB, W, None, None, 1), (ZPB, L, None, None, 0), (FW, W, 3, None, 1)]
    assert summary(t, 2) == [(PLAYED, W, 3, "w", 1), (ZPB, L, None, None, 0), (ZPB, L, None, None, 0)]
    assert summary(t, 3) == [(PLAYED, L, 2, "b", 0), (HPB, D, None, None, F(1, 2)), (FL, L, 1, None, 0)]
    assert summary(t, 4) == [(ZPB, L, None, None, 0), (PAB, W, None, None, 1), (FPB, W, None, None, 1)]


def test_sm3_open_cell_takes_the_opponents_result():
    # 1 withdrew: no result on 1's side; 2 shows a forfeit win / a win over the board.
    t = read_grid([[1, 2, "", "", 2, "w", ""], [2, 1, "", "+", 1, "b", 1]], layout="sm3")
    assert summary(t, 1) == [(FL, L, 2, None, 0), (PLAYED, L, 2, "w", 0)]
    # Excel: colour and result arrive as 0, the opponent shows a win with black.
    t = read_grid([[1, 2.0, 0, 0], [2, 1.0, "b", 1.0]])
    assert summary(t, 1) == [(PLAYED, L, 2, "w", 0)]


def test_sm3_double_forfeit_and_scheduled_colour():
    t = read_grid([[1, 2, "w", "-", 2, "b", "--"], [2, 1, "b", "-", 1, "w", "-"]])
    assert summary(t, 1) == [(DF, L, 2, "w", 0), (DF, L, 2, "b", 0)]
    t = read_grid([[1, 2, "w", "+"], [2, 1, "b", "-"]])
    assert summary(t, 2) == [(FL, L, 1, "b", 0)]


def test_sm3_spanish_colours():
    t = read_grid([[1, 2, "b", 1], [2, 1, "n", 0]])
    assert summary(t, 1) == [(PLAYED, W, 2, "w", 1)] and summary(t, 2) == [(PLAYED, L, 1, "b", 0)]


# ---------------------------------------------------------------------------------------------
# matrix (round robin)
# ---------------------------------------------------------------------------------------------

MATRIX = [
    ["No", "Name", 1, 2, 3, 4, "Pts"],
    [1, "Ann", "X", 1, "½", "+", 2.5],
    [2, "Bob", 0, "X", "=", 1, 1.5],
    [3, "Cy", "½", 0.5, "*", "-", 1],
    [4, "Dee", "-", 0, "-", "x", 0],
]


def test_berger_tables():
    # FIDE Berger table for 6 players (SEED-CONVENTIONS.md, seed 001), white first.
    assert berger_schedule(6) == [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]
    assert berger_schedule(8)[1] == [(8, 5), (6, 4), (7, 3), (1, 2)]
    assert berger_schedule(8)[6] == [(4, 8), (5, 3), (6, 2), (7, 1)]
    assert berger_schedule(10)[8] == [(5, 10), (6, 4), (7, 3), (8, 2), (9, 1)]
    assert berger_schedule(12)[1] == [(12, 7), (8, 6), (9, 5), (10, 4), (11, 3), (1, 2)]
    assert berger_schedule(14)[3] == [(14, 9), (10, 8), (11, 7), (12, 6), (13, 5), (1, 4), (2, 3)]
    assert berger_schedule(5) == [
        [(2, 5), (3, 4)],
        [(5, 3), (1, 2)],
        [(3, 1), (4, 5)],
        [(1, 4), (2, 3)],
        [(4, 2), (5, 1)],
    ]
    for n in range(2, 15):
        pairs = [frozenset(p) for rnd in berger_schedule(n) for p in rnd]
        assert len(pairs) == len(set(pairs)) == n * (n - 1) // 2
        for rnd in berger_schedule(n):
            players = [x for p in rnd for x in p]
            assert len(players) == len(set(players))


def test_matrix_reads_results_rounds_and_colours():
    t = read_grid(MATRIX)
    assert t.pairing is Pairing.ROUND_ROBIN and t.rounds == 3
    assert [p.points for p in t.players] == [F(5, 2), F(3, 2), 1, 0]
    # Berger for 4: R1 1-4 2-3, R2 4-3 1-2, R3 2-4 3-1
    assert summary(t, 1) == [(FW, W, 4, "w", 1), (PLAYED, W, 2, "w", 1), (PLAYED, D, 3, "b", F(1, 2))]
    assert summary(t, 3) == [(PLAYED, D, 2, "b", F(1, 2)), (DF, L, 4, "b", 0), (PLAYED, D, 1, "w", F(1, 2))]
    assert summary(t, 4) == [(FL, L, 1, "b", 0), (DF, L, 3, "w", 0), (PLAYED, L, 2, "b", 0)]


def test_matrix_odd_players_bye_round_is_zpb():
    grid = [["X", 1, 1], [0, "X", "½"], [0, "½", "X"]]
    t = read_grid(grid)
    assert t.rounds == 3
    # Berger for 3 (table of 4, number 4 = bye): R1 2-3 (1 bye), R2 1-2 (3 bye), R3 3-1 (2 bye)
    assert summary(t, 1) == [(ZPB, L, None, None, 0), (PLAYED, W, 2, "w", 1), (PLAYED, W, 3, "b", 1)]
    assert summary(t, 2)[2] == (ZPB, L, None, None, 0)
    assert summary(t, 3)[1] == (ZPB, L, None, None, 0)


def test_matrix_excel_zeros_on_diagonal_and_games_not_played():
    grid = excel([["", 1, "½", ""], [0, "", 1, 1], ["½", 0, "", ""], ["", 0, "", ""]])
    grid.append([0, 0, 0, 0, 0])
    t = read_grid(grid, layout="matrix")
    assert len(t.players) == 4
    # 1-4 and 3-4 not played (0 and 0): zero-point byes in their Berger rounds (R1 and R2).
    assert summary(t, 4)[0] == (ZPB, L, None, None, 0) and summary(t, 4)[1] == (ZPB, L, None, None, 0)
    assert summary(t, 4)[2] == (PLAYED, L, 2, "b", 0)


def test_matrix_last_player_row_of_zeros_is_kept():
    # Player 3 lost everything and the diagonal is empty: Excel sends a row of zeros.
    grid = [[0, 1, 1], [0, 0, 1], [0, 0, 0]]
    t = read_grid(grid)
    assert len(t.players) == 3 and t.player(3).points == 0


# ---------------------------------------------------------------------------------------------
# detection
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "grid,layout",
    [
        (COMPACT, "compact"),
        (excel(COMPACT), "compact"),
        (SM3, "sm3"),
        (excel(SM3), "sm3"),
        (MATRIX, "matrix"),
        (excel(MATRIX), "matrix"),
    ],
)
def test_detect_layout(grid, layout):
    assert detect_layout(grid) == layout
    assert read_grid(grid, layout=layout).rounds == 3


def test_forced_layout_that_does_not_fit():
    with pytest.raises(InputError, match="not a sm3 crosstable"):
        read_grid(COMPACT, layout="sm3")
    with pytest.raises(InputError, match="no round-robin matrix"):
        read_grid(COMPACT, layout="matrix")
    with pytest.raises(ValueError, match="unknown layout"):
        read_grid(COMPACT, layout="wide")


def test_undetectable_and_empty_grids():
    with pytest.raises(InputError, match="cannot tell the crosstable layout"):
        read_grid([[1, "Ann", "Oslo"], [2, "Bob", "Bergen"]])
    with pytest.raises(InputError, match="no player rows"):
        read_grid([["Name", "Club"], ["Ann", "Oslo"]])
    with pytest.raises(InputError, match="empty"):
        read_grid([[None, 0], ["", 0]])


# ---------------------------------------------------------------------------------------------
# errors: cell, player, round, worksheet row and the bad text
# ---------------------------------------------------------------------------------------------


def error_of(grid, **kw) -> InputError:
    with pytest.raises(InputError) as ei:
        read_grid(grid, **kw)
    return ei.value


def test_error_not_a_result():
    grid = [row[:] for row in COMPACT]
    grid[4][4] = "12x1"
    e = error_of(grid, origin="B2")
    assert (e.cell, e.player, e.round) == ("F6", 4, 3)
    assert e.message == ("row 6, round 3: '12x1' is not a result (expected e.g. 12w1, 5b½, 7w0, 12w+, bye, H, Z)")
    assert str(e).startswith("F6: row 6, round 3:")


@pytest.mark.parametrize(
    "a,b,fragment",
    [
        ("3w1", "1b0", "there is no player 3 (players are numbered 1 to 2)"),
        ("1w1", "1b0", "player 1 cannot be paired with himself"),
        ("2w1", "bye", "names player 2 as opponent, but player 2 (row 2) has 'bye' in round 1"),
        ("2w1", "1b1", "do not match: both won"),
        ("2w½", "1b0", "do not match: a draw on one side only"),
        ("2w+", "1b0", "a game on one side, a forfeit on the other"),
        ("2w+", "1b+", "both won by forfeit"),
        ("2w1", "1w0", "both have white"),
    ],
)
def test_error_pairings(a, b, fragment):
    e = error_of([[a], [b]])
    assert fragment in e.message
    assert e.message.startswith("row 1, round 1:") or e.message.startswith("row 2, round 1:")
    assert e.round == 1 and e.cell in ("A1", "A2")
    assert repr(a) in e.message or repr(b) in e.message


def test_error_asymmetry_names_both_rows():
    grid = [[1, "2w1", "3b1"], [2, "1b0", "3w1"], [3, "bye", "2b0"]]
    e = error_of(grid, origin="C5")
    assert (e.cell, e.player, e.round) == ("E5", 1, 2)
    assert e.message == ("row 5, round 2: '3b1' names player 3 as opponent, but player 3 (row 7) has '2b0' in round 2")


@pytest.mark.parametrize(
    "cells,k,fragment",
    [
        (["x", "w", 1], 0, "'x' is not an opponent number"),
        (["2", "g", 1], 1, "'g' is not a colour"),
        (["2", "w", "2"], 2, "'2' is not a result"),
        (["-", "", "w"], 2, "'w' is not a result for a round without opponent"),
        (["2", "-", "1"], 1, "colour '-' marks a game not played"),
    ],
)
def test_error_sm3_cells(cells, k, fragment):
    grid = [
        ["No", "Name", "R1", "", "", "R2", "", ""],
        [1, "Ann", "2", "w", 1, *cells],
        [2, "Bob", "1", "b", 0, "1", "b", 0],
    ]
    e = error_of(grid, layout="sm3", origin="A10")
    assert e.cell == f"{'FGH'[k]}11" and e.player == 1 and e.round == 2
    assert e.message.startswith("row 11, round 2: ") and fragment in e.message


def test_error_sm3_result_on_one_side_only():
    e = error_of([[1, 2, "w", ""], [2, 1, "b", "½"]], layout="sm3")
    assert e.message == (
        "row 1, round 1: '2 w' and '1 b ½' of player 2 (row 2) do not match: a result "
        "on one side only (expected 1/0, ½/½, +/- or -/-)"
    )
    assert (e.cell, e.player, e.round) == ("B1", 1, 1)


def test_error_matrix_cells_do_not_complement():
    grid = [row[:] for row in MATRIX]
    grid[3][3] = 1  # Cy beat Bob, but Bob's row says ½ (=); Berger round 1
    e = error_of(grid, origin="B2")
    assert (e.cell, e.player, e.round) == ("F4", 2, 1)
    assert e.message == (
        "row 4, round 1: '=' against player 3 and '1' in row 5 (player 3 against 2) "
        "do not match (expected 1/0, ½/½, +/- or -/-)"
    )


def test_error_matrix_bad_cell_and_diagonal():
    grid = [row[:] for row in MATRIX]
    grid[2][5] = "w"
    e = error_of(grid, layout="matrix")
    assert (e.cell, e.player, e.round) == ("F3", 2, 3)
    assert e.message == ("row 3, round 3: 'w' against player 4 is not a result (expected 1, ½, 0, + or -, or empty)")
    grid = [["X", 1, 1], [0, "X", 1], [0, 0, "Y"]]
    e = error_of(grid, layout="matrix")
    assert "no round-robin matrix" in e.message


def test_error_start_number_column():
    e = error_of([["No", "R1"], [1, "2w1"], [1, "1b0"]])
    assert e.cell == "A3" and "start number 1 is also in row 2" in e.message


# ---------------------------------------------------------------------------------------------
# points column
# ---------------------------------------------------------------------------------------------


def test_points_column_disagreement_warns_or_raises():
    grid = [row[:] for row in COMPACT]
    grid[2][5] = "2½"
    with pytest.warns(
        InputWarning,
        match=r"F3: row 3: the points column says 2.5 but the "
        r"results give 1.5",
    ):
        t = read_grid(grid)
    assert t.player(2).declared_points == F(5, 2)
    with pytest.raises(InputError, match="row 3: the points column says 2.5"):
        read_grid(grid, strict=True)


def test_points_column_that_agrees_is_silent():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        read_grid(COMPACT)
        read_grid(SM3)
        read_grid(MATRIX)
        read_grid(excel(MATRIX))


# ---------------------------------------------------------------------------------------------
# to_grid and round trips
# ---------------------------------------------------------------------------------------------


def swiss_by_hand() -> Tournament:
    s = Scoring()
    e = make_entry
    rec = {
        1: [
            e(s, 1, PLAYED, W, 2, "w"),
            e(s, 2, PLAYED, D, 3, "b"),
            e(s, 3, FW, None, 4, None),
            e(s, 4, PLAYED, L, 6, "w"),
        ],
        2: [e(s, 1, PLAYED, L, 1, "b"), e(s, 2, PLAYED, W, 5, "w"), e(s, 3, DF, None, 6, "w"), e(s, 4, FPB)],
        3: [
            e(s, 1, PLAYED, D, 4, "w"),
            e(s, 2, PLAYED, D, 1, "w"),
            e(s, 3, PLAYED, W, 5, None),
            e(s, 4, FW, None, 4, "b"),
        ],
        4: [e(s, 1, PLAYED, D, 3, "b"), e(s, 2, HPB), e(s, 3, FL, None, 1, None), e(s, 4, FL, None, 3, "w")],
        5: [e(s, 1, PAB), e(s, 2, PLAYED, L, 2, "b"), e(s, 3, PLAYED, L, 3, None), e(s, 4, ZPB)],
        6: [e(s, 1, ZPB), e(s, 2, ZPB), e(s, 3, DF, None, 2, "b"), e(s, 4, PLAYED, W, 1, "b")],
    }
    names = {1: "Ann", 2: "Bob", 3: "Cy", 4: "Dee", 5: "Eve", 6: "Fay"}
    players = tuple(Player(sn, names[sn], tuple(r), rating=2000 + sn if sn % 2 else None) for sn, r in rec.items())
    return Tournament(players, 4, name="Swiss")


def berger_round_robin(n: int) -> Tournament:
    """A round robin played by the Berger table: lower number wins, except draws when i + j = 7;
    player 2 loses to 3 by forfeit; 1-5 is a double forfeit."""
    s = Scoring()
    rec: dict[int, list] = {i: [None] * (n - 1 + n % 2) for i in range(1, n + 1)}
    for r, pairs in enumerate(berger_schedule(n), 1):
        for w, b in pairs:
            lo, hi = min(w, b), max(w, b)
            cw, cb = "w", "b"
            if (lo, hi) == (2, 3):
                res = {lo: (FL, None), hi: (FW, None)}
            elif (lo, hi) == (1, 5):
                res = {lo: (DF, None), hi: (DF, None)}
            elif lo + hi == 7:
                res = {lo: (PLAYED, D), hi: (PLAYED, D)}
            else:
                res = {lo: (PLAYED, W), hi: (PLAYED, L)}
            for me, other, col in ((w, b, cw), (b, w, cb)):
                rec[me][r - 1] = make_entry(s, r, res[me][0], res[me][1], other, col)
    for i in rec:
        rec[i] = [x if x is not None else make_entry(s, k + 1, ZPB) for k, x in enumerate(rec[i])]
    players = tuple(Player(i, f"P{i}", tuple(rec[i])) for i in range(1, n + 1))
    return Tournament(players, n - 1 + n % 2, pairing=Pairing.ROUND_ROBIN)


@pytest.mark.parametrize("layout", ["compact", "sm3"])
def test_round_trip_swiss(layout):
    t = swiss_by_hand()
    grid = to_grid(t, layout)
    assert detect_layout(grid) == layout
    for g in (grid, excel(grid)):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            u = read_grid(g)
        assert u.rounds == t.rounds
        for p in t.players:
            q = u.player(p.start_number)
            assert q.rounds == p.rounds
            assert (q.name, q.rating, q.declared_points) == (p.name, p.rating, p.points)


def test_to_grid_compact_and_sm3_cells():
    t = swiss_by_hand()
    g = to_grid(t, "compact")
    assert g[0] == ["No", "Name", "Rtg", "R1", "R2", "R3", "R4", "Pts"]
    assert g[1] == [1, "Ann", 2001, "2w1", "3b½", "4+", "6w0", 2.5]
    assert g[2] == [2, "Bob", "", "1b0", "5w1", "6w--", "F", 2]
    assert g[5] == [5, "Eve", 2005, "bye", "2b0", "3 0", "Z", 1]
    g = to_grid(t, "sm3")
    assert g[0][:6] == ["No", "Name", "Rtg", "R1", "Col", "Res"]  # no empty header: see round_headers
    assert g[4][3:] == [3, "b", "½", "-", "", "½", 1, "-", "-", 3, "w", "-", 1]


@pytest.mark.parametrize("n", [4, 5, 6, 7])
def test_round_trip_round_robin_matrix(n):
    t = berger_round_robin(n)
    grid = to_grid(t, "matrix")
    assert grid[0] == ["No", "Name"] + list(range(1, n + 1)) + ["Pts"]
    assert [grid[i][i + 1] for i in range(1, n + 1)] == ["X"] * n
    assert detect_layout(grid) == "matrix"
    for g in (grid, excel(grid)):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            u = read_grid(g)
        assert u.pairing is Pairing.ROUND_ROBIN and u.rounds == t.rounds
        for p in t.players:
            assert u.player(p.start_number).rounds == p.rounds


def test_round_robin_also_round_trips_through_compact():
    t = berger_round_robin(5)
    u = read_grid(to_grid(t, "compact"), pairing=Pairing.ROUND_ROBIN)
    assert all(u.player(p.start_number).rounds == p.rounds for p in t.players)


def test_to_grid_matrix_refuses_what_a_matrix_cannot_hold():
    with pytest.raises(ValueError, match="cannot hold byes"):
        to_grid(swiss_by_hand(), "matrix")
    s = Scoring()
    double = Tournament(
        (
            Player(1, "A", (make_entry(s, 1, PLAYED, W, 2, "w"), make_entry(s, 2, PLAYED, W, 2, "b"))),
            Player(2, "B", (make_entry(s, 1, PLAYED, L, 1, "b"), make_entry(s, 2, PLAYED, L, 1, "w"))),
        ),
        2,
    )
    with pytest.raises(ValueError, match="more than once"):
        to_grid(double, "matrix")


def test_docstring_examples():
    import importlib
    import pkgutil

    import tbxl.io.grid

    names = ["tbxl.io.grid"] + [m.name for m in pkgutil.iter_modules(tbxl.io.grid.__path__, "tbxl.io.grid.")]
    results = [doctest.testmod(importlib.import_module(n)) for n in names]
    assert sum(r.failed for r in results) == 0 and sum(r.attempted for r in results) > 5


# ---------------------------------------------------------------------------------------------
# headers and surroundings
# ---------------------------------------------------------------------------------------------


def test_numbered_and_word_headers():
    body = [row[2:5] for row in COMPACT[1:]]
    for header in (
        ["1", "2", "3"],
        [1.0, 2.0, 3.0],
        ["Rd 1", "Rd 2", "Rd 3"],
        ["1.Rd", "2.Rd", "3.Rd"],
        ["Ronda 1", "", ""],
    ):
        t = read_grid([header] + body)
        assert len(t.players) == 5 and summary(t, 4) == EXPECTED_SWISS[4]
    sm3 = [["", "", 1, "", "", 2, "", "", 3, "", "", ""]] + SM3[1:]
    t = read_grid(sm3)
    assert [p.name for p in t.players][:2] == ["Ann", "Bob"] and summary(t, 5) == EXPECTED_SWISS[5]
    two_header_rows = [SM3[0], ["", ""] + ["Opp", "Col", "Res"] * 3] + SM3[1:]
    assert summary(read_grid(two_header_rows), 1) == EXPECTED_SWISS[1]


def test_rounds_not_yet_played_are_dropped():
    grid = [["No", "Name", "R1", "R2", "R3", "R4", "R5", "Pts"]]
    grid += [row[:5] + ["", ""] + row[5:] for row in COMPACT[1:]]
    t = read_grid(grid)
    assert t.rounds == 3 and t.player(1).declared_points == F(5, 2)
    t = read_grid(excel(grid))
    assert t.rounds == 3


def test_pairing_given_as_text_and_tournament_fields():
    t = read_grid(COMPACT, pairing="round-robin", name="Open")
    assert t.pairing is Pairing.ROUND_ROBIN and t.name == "Open" and t.source == "grid (compact)"


def test_empty_compact_cell_quoted_in_asymmetry_message():
    e = error_of([[1, "2w1"], [2, None]])
    assert e.message == (
        "row 1, round 1: '2w1' names player 2 as opponent, but player 2 (row 2) has '(empty)' in round 1"
    )
