"""Rating change by the FIDE Rating Regulations (B.02, effective 1 March 2024; 8.3.1 as amended from
1 October 2025): hand-worked numbers from the regulations' table (8.1.2), the 400-point rule
(8.3.1), K (8.3.3, with its K x n <= 700) and the change K x (W - We) (8.3.2)."""

from __future__ import annotations

import csv
import io
import json
from datetime import date
from fractions import Fraction as F

import pytest

from tbxl.cli import main
from tbxl.errors import InputError
from tbxl.io.grid import read_grid
from tbxl.model import Kind, Outcome, Player, Scoring, Tournament, make_entry
from tbxl.rating_change import change_of, check_k, counted_difference, game_change, k_factor, rating_changes

S = Scoring()
W, D, L = Outcome.WIN, Outcome.DRAW, Outcome.LOSS


def game(r, opp, o, colour="w"):
    return make_entry(S, r, Kind.PLAYED, o, opp, colour)


def event(rows, ratings, start=None, extra=None):
    """A tournament of ``rows`` (start number -> entries) with ``ratings`` (None: unrated)."""
    rounds = max(len(e) for e in rows.values())
    return Tournament(
        tuple(
            Player(n, f"P{n}", tuple(rows.get(n, ())), rating=ratings[n], **(extra or {}).get(n, {}))
            for n in sorted(ratings)
        ),
        rounds,
        start_date=start,
    )


def test_the_issue_example_2000_scores_2_of_3_against_2100_with_k_20():
    # D = -100: the table of 8.1.2 gives the lower-rated player 0.36 (99-106 -> 0.64 / 0.36);
    # We = 3 x 0.36 = 1.08; K x (W - We) = 20 x 0.92 = 18.4.
    t = event({1: [game(1, 2, W), game(2, 3, W), game(3, 4, L)]}, {1: 2000, 2: 2100, 3: 2100, 4: 2100})
    ch = rating_changes(t, k=20)[1]
    assert [g.expected for g in ch.rated] == [F(36, 100)] * 3
    assert (ch.games, ch.score, ch.expected, ch.change) == (3, 2, F(108, 100), F(184, 10))
    assert [g.change for g in ch.rated] == [F(128, 10), F(128, 10), F(-72, 10)]  # per game, 8.3.2


@pytest.mark.parametrize(
    "d, higher",
    [
        (0, 50),
        (3, 50),
        (4, 51),
        (98, 63),
        (99, 64),
        (106, 64),
        (107, 65),
        (391, 91),
        (392, 92),
        (411, 92),
        (735, 99),
        (736, 100),
    ],
)
def test_the_table_of_8_1_2_both_sides(d, higher):
    # A player rated 2650 or more uses the whole table (no cap); the opponent below 2650 is capped.
    exp_high = game_change(2700, 2700 - d, F(1, 2), 10)[0]
    assert exp_high == F(higher, 100)
    lower = F(100 - higher, 100) if 2700 - d >= 2650 or d <= 400 else F(8, 100)  # capped below 2650
    assert game_change(2700 - d, 2700, F(1, 2), 10)[0] == lower


def test_the_400_point_rule_as_8_3_1_states_it():
    # "A difference in rating of more than 400 points shall be counted ... as though it were a
    # difference of 400 points, for players rated below 2650. For players rated 2650 and above, the
    # difference between ratings shall be used in all cases."
    assert counted_difference(2000, 2500) == (-400, True)
    assert counted_difference(2649, 2100) == (400, True)
    assert counted_difference(2650, 2100) == (550, False)
    # 2000 draws with 2500: PD 0.08 (D counted as 400), 20 x (0.5 - 0.08) = +8.4
    assert game_change(2000, 2500, F(1, 2), 20)[:2] == (F(8, 100), F(84, 10))
    # 2700 beats 2200: D 500 is used, PD 0.96 (485-517), 10 x 0.04 = +0.4 (with the cap: 0.92, +0.8);
    # the 2200 player's side is capped: PD 0.08, 20 x (0 - 0.08) = -1.6
    assert game_change(2700, 2200, F(1), 10)[:2] == (F(96, 100), F(4, 10))
    assert game_change(2200, 2700, F(0), 20)[:2] == (F(8, 100), F(-16, 10))


def test_k_factor_by_8_3_3_and_8_3_4():
    start = date(2026, 7, 1)
    assert k_factor(Player(1, "A", rating=2400), 9, start) == (10, "B.02 8.3.3")
    assert k_factor(Player(1, "A", rating=2399), 9, start) == (20, "B.02 8.3.3")
    # 40 for a junior under 2300 up to the year of the 18th birthday; not at 2300
    assert k_factor(Player(1, "A", rating=2299, birth_date="2008/12/31"), 9, start) == (40, "B.02 8.3.3")
    assert k_factor(Player(1, "A", rating=2300, birth_date="2010/01/01"), 9, start) == (20, "B.02 8.3.3")
    assert k_factor(Player(1, "A", rating=2000, birth_date="2007/01/01"), 9, start) == (20, "B.02 8.3.3")
    # 8.3.3, last paragraph: K x n within 700: 40 x 18 = 720 > 700 -> 38; 20 x 36 = 720 -> 19
    assert k_factor(Player(1, "A", rating=2000, birth_date="2012/03/04"), 18, start) == (38, "B.02 8.3.3, K x n <= 700")
    assert k_factor(Player(1, "A", rating=2000), 36, start) == (19, "B.02 8.3.3, K x n <= 700")


def test_what_counts_nothing_unrated_players_unplayed_and_short_games():
    # Player 1 (2000): a game against 2 (2100, rated), a game against the unrated 3, a forfeit win
    # against 4, a bye, and a game under one move (TRF W/D/L: "not rated") against 5.
    rows = {
        1: [
            game(1, 2, D),
            game(2, 3, W),
            make_entry(S, 3, Kind.FORFEIT_WIN, opponent=4),
            make_entry(S, 4, Kind.PAB),
            make_entry(S, 5, Kind.SHORT, W, 5, "w"),
        ],
        3: [make_entry(S, 1, Kind.ZPB), game(2, 1, L)],
    }
    t = event(rows, {1: 2000, 2: 2100, 3: None, 4: 2100, 5: 2100})
    ch = rating_changes(t, k=20)
    assert ch[3] is None  # an unrated player has no change
    one = ch[1]
    assert [(g.round, g.opponent) for g in one.rated] == [(1, 2)]
    assert (one.score, one.expected, one.change) == (F(1, 2), F(36, 100), F(28, 10))  # 20 x 0.14


def test_k_from_the_input_wins_over_the_option():
    t = event({1: [game(1, 2, W)], 2: [game(1, 1, L, "b")]}, {1: 2000, 2: 2000}, extra={1: {"k_factor": 40}})
    ch = rating_changes(t, k=10)
    assert (ch[1].k, ch[1].k_source, ch[1].change) == (40, "input", 20)
    assert (ch[2].k, ch[2].k_source, ch[2].change) == (10, "option", -5)


def test_a_workbook_k_column_and_its_errors():
    grid = [["No", "Name", "Rtg", "K", "R1"], [1, "Ann", 2000, 40, "2w1"], [2, "Bob", 2000, "", "1b0"]]
    t = read_grid(grid)
    assert (t.player(1).k_factor, t.player(2).k_factor) == (40, None)
    with pytest.raises(InputError, match=r"row 3: K '15\.5' is not a K factor") as ei:
        read_grid([["No", "Name", "Rtg", "K", "R1"], [1, "Ann", 2000, 40, "2w1"], [2, "Bob", 2000, 15.5, "1b0"]])
    assert "D3" in str(ei.value)


def test_check_k_names_where():
    assert check_k("20", "--k") == 20
    for bad in ("0", "x", "12.5", "701", True):
        with pytest.raises(InputError, match="^--k: K must be a whole number"):
            check_k(bad, "--k")


def test_change_of_is_the_function_behind_excel():
    ch = change_of(2000, [2100, 2100, 2100], [F(1), F(1), F(0)], 20)
    assert (ch.expected, ch.change) == (F(108, 100), F(184, 10))


TRF = """012 Rating change example
042 2026/05/01
001    1 m    Alpha, Ann                        2000 VIE    12345678 2010/01/01  2.0    2     2 w 1     3 b 1     4 w 0
001    2 m    Beta, Bob                         2100 VIE    12345679 1990/01/01  1.0    3     1 b 0     4 b =     3 w =
001    3 m    Gamma, Cy                         2100 VIE    12345680 1990/01/01  1.0    4     4 w =     1 w 0     2 b =
001    4 m    Delta, Di                         2100 VIE    12345681 1990/01/01  2.0    1     3 b =     2 w =     1 b 1
"""


@pytest.fixture
def trf(tmp_path):
    path = tmp_path / "rc.trf"
    path.write_text(TRF, encoding="utf-8")
    return path


def test_cli_json_csv_and_table(trf, capsys):
    assert main(["compute", str(trf), "--rating-change", "--format", "json"]) == 0
    rows = {r["start_number"]: r for r in json.loads(capsys.readouterr().out)["standings"]}
    # Alpha: born 2010, under 2300: K 40 by 8.3.3 -> 40 x 0.92 = 36.8; Delta (2100): D +100 against
    # Alpha (0.64), 0 against the others (0.50 each): We 1.64, W 2 -> 20 x 0.36 = 7.2
    assert rows[1]["rating_change"] == {"k": 40, "games": 3, "score": 2, "expected": 1.08, "change": 36.8}
    assert rows[4]["rating_change"] == {"k": 20, "games": 3, "score": 2, "expected": 1.64, "change": 7.2}
    assert main(["compute", str(trf), "--k", "20", "--format", "csv"]) == 0
    table = {r["start_number"]: r for r in csv.DictReader(io.StringIO(capsys.readouterr().out))}
    assert (table["1"]["k"], table["1"]["rated_games"], table["1"]["expected_score"], table["1"]["rating_change"]) == (
        "20",
        "3",
        "1.08",
        "18.4",
    )
    assert main(["compute", str(trf), "--k", "20"]) == 0
    out = capsys.readouterr().out
    assert "rtg+/-" in out.splitlines()[1] and "+18.4" in out
    assert main(["compute", str(trf)]) == 0
    assert "rtg+/-" not in capsys.readouterr().out


def test_cli_bad_k_is_a_usage_error(trf, capsys):
    with pytest.raises(SystemExit) as ei:
        main(["compute", str(trf), "--k", "0"])
    assert ei.value.code == 2
    assert "--k: K must be a whole number from 1 to 700" in capsys.readouterr().err


def test_the_excel_function():
    from tbxl import excel

    grid = [
        ["No", "Name", "Rtg", "K", "R1", "R2", "R3"],
        [1, "Ann", 2000, "", "2w1", "3b1", "4w0"],
        [2, "Bob", 2100, 10, "1b0", "4b½", "3w½"],
        [3, "Cy", 2100, "", "4w½", "1w0", "2b½"],
        [4, "Di", 2100, "", "3b½", "2w½", "1b1"],
        [5, "Ed", None, "", "", "", ""],
    ]
    assert excel.RATING_CHANGE(grid, 1, 20) == 18.4
    assert excel.RATING_CHANGE(grid, [[1], [2], [5]], 20) == [[18.4], [-6.4], [""]]  # Bob's own K 10: 10 x -0.64
    assert excel.RATING_CHANGE(grid, 9, 20) == "#N/A"
    with pytest.raises(ValueError, match="k: K must be a whole number"):
        excel.RATING_CHANGE(grid, 1, 12.5)
