"""The organizer's decisions in a workbook (FIDE's 2026 checklist, 197-216): the Event sheet's rows
(Expelled, Estimated rating, Rating from round, List change, Given value) taken by the workbook's
own STANDINGS, TIEBREAK and TEAM_STANDINGS formulas (their ``decisions`` argument), read by the
same code as ``tbxl compute book.xlsx``; the rules' settings in the Rules cell
(``fide-2024+unrated_method=estimated``). Computed by the `formulas` engine as Excel would, against
``tbxl compute`` on the same decisions and numbers worked by hand."""

from __future__ import annotations

import json

import pytest

from tbxl import excel
from tbxl.io.grid import to_grid
from tbxl.io.trf import read_trf

openpyxl = pytest.importorskip("openpyxl")
pytest.importorskip("formulas")
from test_workbook import evaluate, plain, registered  # noqa: E402, F401  (the engine with tbxl's functions)

# The event of tests/test_decisions.py: four players, three rounds, Dora unrated. Anna beats Boris,
# draws Carl, beats Dora; Boris loses to Anna and Dora, then is expelled (round 3: a zero-point
# bye); Carl draws Dora and Anna, then has the bye (U, 1 point); Dora draws Carl, beats Boris,
# loses to Anna. Scores: Anna 2.5, Carl 2, Dora 1.5, Boris 0.
EVENT = """\
012 Checklist test
042 2026/03/01
052 2026/03/03
XXR 3
001    1 m    Anna                              2000 NOR           0 1990/01/01  2.5    1     2 w 1     3 b =     4 w 1
001    2 m    Boris                             1900 NOR           0 1990/01/01  0.0    2     1 b 0     4 w 0  0000 - Z
001    3 m    Carl                              1800 NOR           0 1990/01/01  2.0    3     4 b =     1 w =  0000 - U
001    4 m    Dora                                   NOR           0 1990/01/01  1.5    4     3 w =     2 b 1     1 b 0
"""

OPTIONS = [
    "--rules",
    "fide-2024",
    "--tiebreaks",
    "BH,SB,ARO",
    "--expelled",
    "2",
    "--given",
    "BH:4=5.5",
    "--set",
    "unrated_method=estimated",
    "--estimated",
    "4:1650",
]


@pytest.fixture
def event(tmp_path):
    path = tmp_path / "event.trf"
    path.write_text(EVENT, encoding="utf-8")
    return path


def spill(values, rows, width):
    """The Standings sheet's spill as the engine computed it (from A6)."""
    return [
        [plain(values[("STANDINGS", f"{openpyxl.utils.get_column_letter(c)}{r}")]) for c in range(1, width + 1)]
        for r in range(6, 6 + rows)
    ]


def event_row(book, label):
    """The row of ``label`` on the Event sheet."""
    ws = openpyxl.load_workbook(book)["Event"]
    return next(r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value == label)


def test_a_new_workbook_ranks_an_expelled_player_apart_as_tbxl_compute_does(run_cli, event, tmp_path):
    book = tmp_path / "event.xlsx"
    code, _, err = run_cli("workbook", event, *OPTIONS, "-o", book)
    assert code == 0, err
    wb = openpyxl.load_workbook(book)
    assert wb["Standings"]["B3"].value == "fide-2024+unrated_method=estimated"  # the settings in the Rules cell
    assert wb["Standings"]["A6"].value.text.endswith(",$E$1,$E$2,Event!$A$1:$B$100)")
    # what Excel computes: the formulas engine with tbxl's functions
    got = spill(evaluate(book), 5, 7)
    assert got == [
        ["Rank", "SNo", "Name", "Pts", "BH", "SB", "ARO"],
        # By hand (fide-2024): Boris's adjusted score (C.07 16.3) is 0 + a draw for the round after his
        # expulsion = 0.5. Anna's BH: 0.5 + Carl 2 + Dora 1.5 = 4; SB: 0.5 + 1 + 1.5 = 3; ARO with Dora's
        # estimated 1650: (1900 + 1800 + 1650) / 3 = 1783.3 -> 1783 (without it, no one has an ARO).
        [1, 1, "Anna", 2.5, 4, 3, 1783],
        # Carl's BH: Dora 1.5 + Anna 2.5 + his bye's dummy (own score 2) = 6; SB: 1.5 x 1/2 + 2.5 x 1/2 + 2
        # = 4; ARO (1650 + 2000) / 2 = 1825
        [2, 3, "Carl", 2, 6, 4, 1825],
        # Dora's BH, given: 5.5 (computed: Carl 2 + Boris 0.5 + Anna 2.5 = 5); SB: 2 x 1/2 + 0.5 x 1 = 1.5
        [3, 4, "Dora", 1.5, 5.5, 1.5, 1900],
        ["expelled", 2, "Boris", 0, 4, 0, 1825],
    ]
    stored = openpyxl.load_workbook(book, data_only=True)["Standings"]
    assert [[stored.cell(r, c).value for c in range(1, 8)] for r in range(7, 11)] == got[1:]
    # tbxl compute on the TRF with the same decisions, and on the workbook alone (its Event sheet, its Rules cell)
    for source, extra in ((event, OPTIONS), (book, [])):
        code, out, err = run_cli("compute", source, *extra, "--format", "json")
        assert code == 0, err
        rows = json.loads(out)["standings"]
        assert [[r["rank_label"], r["start_number"], *r["values"].values()] for r in rows] == [
            [str(row[0]), row[1], *row[4:]] for row in got[1:]
        ]
    # the crosstable's TIEBREAK column (ARO) takes the decisions too; Dora's BH column is computed
    cross = evaluate(book)
    heads = {openpyxl.load_workbook(book)["Crosstable"].cell(1, c).value: c for c in range(1, 20)}
    aro, bh = (openpyxl.utils.get_column_letter(heads[code]) for code in ("ARO", "BH"))
    assert [plain(cross[("CROSSTABLE", f"{aro}{r}")]) for r in range(2, 6)] == [1783, 1825, 1825, 1900]
    assert plain(cross[("CROSSTABLE", f"{bh}5")]) == 5


def test_the_rules_cell_with_its_settings_is_read_by_tbxl_compute_and_a_bad_one_named(run_cli, event, tmp_path):
    book = tmp_path / "event.xlsx"
    assert run_cli("workbook", event, "--tiebreaks", "ARO", "--estimated", "4:1650", "-o", book)[0] == 0
    code, out, _ = run_cli("compute", book, "--format", "json")
    assert json.loads(out)["rules"] == "fide-2026" and json.loads(out)["standings"][0]["values"]["ARO"] is None
    wb = openpyxl.load_workbook(book)
    wb["Standings"]["B3"] = "fide-2026+unrated_method=estimated"  # the organizer types the setting
    wb.save(book)
    assert spill(evaluate(book), 2, 5)[1] == [1, 1, "Anna", 2.5, 1783]  # what Excel computes
    code, out, _ = run_cli("compute", book, "--format", "json")
    doc = json.loads(out)
    assert doc["rules"] == "fide-2026+unrated_method=estimated" and doc["standings"][0]["values"]["ARO"] == 1783
    # --rules replaces the cell; --set adds to it
    code, out, _ = run_cli("compute", book, "--rules", "fide-2026", "--format", "json")
    assert json.loads(out)["rules"] == "fide-2026"
    code, out, _ = run_cli("compute", book, "--set", "rating_by=round", "--format", "json")
    assert json.loads(out)["rules"] == "fide-2026+unrated_method=estimated+rating_by=round"
    wb["Standings"]["B3"] = "fide-2026+unrated=estimated"
    wb.save(book)
    code, _, err = run_cli("compute", book)
    assert code == 1 and "event.xlsx!Standings!B3: unknown setting 'unrated=estimated'" in err
    assert str(evaluate(book)[("STANDINGS", "A6")]) == "#VALUE!"


def test_the_organizer_types_a_decision_into_a_workbook_made_without(run_cli, event, tmp_path):
    book = tmp_path / "event.xlsx"
    assert run_cli("workbook", event, "--rules", "fide-2024", "--tiebreaks", "BH,SB", "-o", book)[0] == 0
    before = spill(evaluate(book), 5, 6)
    assert [row[:2] for row in before[1:]] == [[1, 1], [2, 3], [3, 4], [4, 2]]
    row = event_row(book, "Expelled")  # the row is there, empty, for the organizer
    wb = openpyxl.load_workbook(book)
    wb["Event"].cell(row, 2, 2)  # typed as a number
    wb.save(tmp_path / "typed.xlsx")
    after = spill(evaluate(tmp_path / "typed.xlsx"), 5, 6)
    assert after[1:] == [
        [1, 1, "Anna", 2.5, 4, 3],
        [2, 3, "Carl", 2, 6, 4],
        [3, 4, "Dora", 1.5, 5, 1.5],
        ["expelled", 2, "Boris", 0, 4, 0],
    ]
    # the same workbook read by tbxl compute
    code, out, _ = run_cli("compute", tmp_path / "typed.xlsx", "--rules", "fide-2024", "--format", "json")
    assert [r["rank_label"] for r in json.loads(out)["standings"]] == ["1", "2", "3", "expelled"]


def test_a_bad_decision_is_value_naming_its_cell(run_cli, event, tmp_path):
    book = tmp_path / "event.xlsx"
    assert run_cli("workbook", event, "-o", book)[0] == 0
    row = event_row(book, "Expelled")
    wb = openpyxl.load_workbook(book)
    wb["Event"].cell(row, 2, "two")
    wb.save(tmp_path / "bad.xlsx")
    assert str(evaluate(tmp_path / "bad.xlsx")[("STANDINGS", "A6")]) == "#VALUE!"
    # the message Excel shows with #VALUE! (the classic add-in writes it into the cell)
    t = read_trf(str(event))
    grid = to_grid(t, "compact")
    rows = [["Place", "Oslo"], ["Expelled", None], ["Given value", "BH:4=5.5"]]
    rows[1][1] = "two"
    with pytest.raises(ValueError, match=r"^Event!B2: expelled 'two': expected START\[,START\.\.\.\], e\.g\. 12$"):
        excel.STANDINGS(grid, "BH", "", "", "", "", rows)
    rows[1][1] = 9  # no such player
    with pytest.raises(ValueError, match=r"^Event!B2: expelled: the event has no start number 9$"):
        excel.STANDINGS(grid, "BH", "", "", "", "", rows)
    rows[1][1] = "#REF!"  # an Excel error in the cell (xlwings sends its text)
    with pytest.raises(ValueError, match=r"^Event!B2: expelled '#REF!'"):
        excel.TIEBREAK(grid, 1, "BH", "", "", rows)
    rows[1][1] = 0  # Excel desktop's empty cell under Office.js: no decision
    assert (
        excel.STANDINGS(grid, "BH", "fide-2024", "", "", "", rows)[1:]
        == excel.STANDINGS(grid, "BH", "fide-2024", "", "", "", [["Given value", "BH:4=5.5"]])[1:]
    )
    with pytest.raises(ValueError, match=r"^Event!B3: rating by round: round 5 is beyond the 3 rounds$"):
        excel.TIEBREAK(grid, 1, "ARO", "", "", [["Expelled", 0], ["x", 1], ["Rating from round", "4:5:1600"]])
    # a setting that is none, in the Rules cell
    with pytest.raises(ValueError, match=r"unknown setting 'unrated=estimated'"):
        excel.STANDINGS(grid, "BH", "fide-2024+unrated=estimated")


def test_tiebreak_takes_the_ratings_and_the_given_values(event):
    t = read_trf(str(event))
    grid = to_grid(t, "compact")
    decisions = [["Estimated rating", "4:1650"], ["Given value", "ARO:3=1999; BH:1=9"]]
    players = [[1], [2], [3], [4]]
    # no-value for the unrated (fide-2024's default): an unrated participant leaves the event's rating
    # tie-breaks without a value (C.07 Art. 10); the value given for Carl stands
    assert excel.TIEBREAK(grid, players, "ARO", "fide-2024", "", decisions) == [[""], [""], [1999], [""]]
    # Dora's estimated 1650: Anna's ARO (1900 + 1800 + 1650) / 3 = 1783; Boris's (2000 + 1650) / 2 = 1825
    estimated = excel.TIEBREAK(grid, players, "ARO", "fide-2024+unrated_method=estimated", "", decisions)
    assert estimated == [[1783], [1825], [1999], [1900]]
    # without the decisions: no estimate, no value
    assert excel.TIEBREAK(grid, players, "ARO", "fide-2024+unrated_method=estimated") == [[""], [""], [""], [""]]
    assert excel.TIEBREAK(grid, 1, "BH", "fide-2024", "", decisions) == 9


def test_an_expelled_team_is_listed_apart_by_team_standings(run_cli, tmp_path):
    from tbxl import example

    book = tmp_path / "team.xlsx"
    code, _, err = run_cli("workbook", example("team.trf"), "--expelled", "2", "-o", book)
    assert code == 0, err
    wb = openpyxl.load_workbook(book)
    assert wb["Standings"]["A6"].value.text.endswith(",$E$1,$E$2,Event!$A$1:$B$100)")
    values = evaluate(book)
    code, out, _ = run_cli("compute", example("team.trf"), "--expelled", "2", "--format", "json")
    rows = json.loads(out)["standings"]
    teams = len(rows)
    column = [plain(values[("STANDINGS", f"A{r}")]) for r in range(7, 7 + teams)]
    numbers = [plain(values[("STANDINGS", f"B{r}")]) for r in range(7, 7 + teams)]
    assert column[-1] == "expelled" and numbers[-1] == 2
    assert numbers == [r["team_number"] for r in rows]
    assert [str(c) for c in column] == [r["rank_label"] for r in rows]
