"""Team Excel functions (TEAM_TIEBREAK, TEAM_STANDINGS) on a team crosstable grid, and the shipped
team workbook evaluated by the `formulas` engine with the functions registered."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tbxl import excel
from tbxl.io.grid.cells import cell_number
from tbxl.io.grid.team import to_team_grid
from tbxl.io.trf import read_team_trf
from tbxl.rules import get
from tbxl.standings import compute_standings

os.environ.setdefault("TQDM_DISABLE", "1")
formulas = pytest.importorskip("formulas")
from test_workbook import _bridge, evaluate, formula_cells, plain, stored_values  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
TEC = ROOT / "tests" / "data" / "team" / "grandmommyscup.trf"
BOOK = ROOT / "workbooks" / "grandmommyscup-team.xlsx"

GRID = [
    ["No", "Team", "R1", "R2", "R3"],
    [1, "T1", "2w:1=", "3b:=0", "4w:11"],
    [2, "T2", "1b:0=", "4w:10", "3b:=="],
    [3, "T3", "4w:==", "1w:=1", "2w:=="],
    [4, "T4", "3b:==", "2b1", "1b:00"],
]


def test_team_functions_on_a_grid():
    # Event A of test_team.py: EMGSB T1 = 2x1.5 + 4x0.5 + 2x2 = 9; BH:MP T1 8, T2 10.
    assert excel.TEAM_TIEBREAK(GRID, 1, "EMGSB", "fide-2024") == 9
    assert excel.TEAM_TIEBREAK(GRID, 1.0, "BC") == 5.5
    assert excel.TEAM_TIEBREAK(GRID, [[1], [2], [9]], "BH:MP") == [[8], [10], ["#N/A"]]
    assert excel.TEAM_TIEBREAK(GRID, "", "BC") == ""
    assert excel.TEAM_TIEBREAK(GRID, 3, "EDE") == 1 and excel.TEAM_TIEBREAK(GRID, 1, "EDE") == 2
    table = excel.TEAM_STANDINGS(GRID, "MPTS,EDE,EMGSB/C1,BC", "fide-2024")
    assert table[0] == ["Rank", "No", "Team", "MP", "EDE", "EMGSB/C1", "BC"]
    assert table[1:] == [
        [1, 3, "T3", 4, 1, 8, 5.5],
        [2, 1, "T1", 4, 2, 6, 5.5],
        [3, 2, "T2", 2, 1, 6, 3.5],
        [4, 4, "T4", 2, 1, 4, 3.5],
    ]


def test_team_function_errors_name_the_cell():
    bad = [list(r) for r in GRID]
    bad[2][3] = "zz"
    with pytest.raises(ValueError, match=r"^D3: row 3, round 2: 'zz' is not a team result"):
        excel.TEAM_TIEBREAK(bad, 1, "BC")
    with pytest.raises(ValueError, match="unknown team tie-break 'XYZ'"):
        excel.TEAM_TIEBREAK(GRID, 1, "XYZ")
    with pytest.raises(ValueError, match="no tie-break code"):
        excel.TEAM_TIEBREAK(GRID, 1, "")


def test_grid_of_the_tec_sample_gives_the_trf_values():
    t = read_team_trf(TEC)
    grid = to_team_grid(t)
    codes = "MPTS,EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP,BC,WIN:GP,SSSC"
    want = compute_standings(t, codes, get("fide-2026"))
    table = excel.TEAM_STANDINGS(grid, codes, "fide-2026")
    assert [row[1] for row in table[1:]] == [r.team.number for r in want.rows]
    for row, r in zip(table[1:], want.rows):
        assert row[4:] == [cell_number(r.values[c]) for c in want.codes]


@pytest.fixture(scope="module")
def registered():
    funcs = formulas.get_functions()
    for name in excel.__all__:
        funcs[name] = _bridge(getattr(excel, name))
    yield


@pytest.mark.slow
def test_shipped_team_workbook(registered, tmp_path):
    # Up to date: what the current code writes (same SOURCE_DATE_EPOCH as workbooks/build.sh).
    from tbxl.workbook import write_workbook

    os.environ["SOURCE_DATE_EPOCH"] = "1767225600"
    try:
        fresh = tmp_path / BOOK.name
        write_workbook(read_team_trf(TEC), fresh, inputs=[TEC])
    finally:
        del os.environ["SOURCE_DATE_EPOCH"]
    assert fresh.read_bytes() == BOOK.read_bytes(), "run sh workbooks/build.sh"
    cells = formula_cells(BOOK)
    assert sum(1 for (s, _), f in cells.items() if "TEAM_TIEBREAK" in f) == 50 * 5
    values = evaluate(BOOK)
    stored = stored_values(BOOK)
    st = compute_standings(read_team_trf(TEC), None, get("fide-2024"))
    by_team = {r.team.number: r for r in st.rows}
    checked = 0
    for (sheet, ref), formula in cells.items():
        got = plain(values[(sheet, ref)])
        assert got == plain(stored[(sheet, ref)]), (sheet, ref, formula)
        if sheet == "CROSSTABLE":
            row = int("".join(ch for ch in ref if ch.isdigit()))
            team = stored[("CROSSTABLE", f"A{row}")]
            col = "".join(ch for ch in ref if ch.isalpha())
            code = stored[("CROSSTABLE", f"{col}1")]
            r = by_team[team]
            want = r.points if code in ("MP", "GP") else r.values[code]
            assert got == cell_number(want), (ref, code)
            checked += 1
    assert checked == 250
    # The Standings spill: rank 1 India 3 (20 MP), the reference engine's order.
    assert plain(values[("STANDINGS", "C7")]) == "India 3" and plain(values[("STANDINGS", "D7")]) == 20


def test_team_functions_take_arguments_as_excel_sends_them():
    # Office.js sends 0 for an empty cell and whole numbers as floats in the classic add-in.
    assert excel.TEAM_TIEBREAK(GRID, 0, "BC") == "" and excel.TEAM_TIEBREAK(GRID, None, "BC") == ""
    assert excel.TEAM_TIEBREAK(GRID, 1.0, "BH:MP", 0) == excel.TEAM_TIEBREAK(GRID, 1, "BH:MP", "fide-2026") == 8
    assert excel.TEAM_STANDINGS(GRID, 0, None)[0] == [
        "Rank",
        "No",
        "Team",
        "MP",
        "EDE",
        "EMGSB/C1",
        "BH:MP/C1",
        "MPvGP",
    ]  # the default team Swiss list
    assert excel.TEAM_STANDINGS(GRID, [["MPTS", "EDE"], ["BC", None]], "")[0][4:] == ["EDE", "BC"]
    with pytest.raises(ValueError, match="no tie-break code"):
        excel.TEAM_TIEBREAK(GRID, 1, 0)
    with pytest.raises(ValueError, match="unknown rules"):
        excel.TEAM_TIEBREAK(GRID, 1, "BC", "fide-1999")


def test_team_functions_in_the_xlwings_lite_main_py(tmp_path):
    # The standalone main.py of `tbxl lite --standalone` (generated, not kept in git) carries the team modules too: the functions run from it.
    import subprocess
    import sys

    from tbxl.cli import main

    assert main(["lite", "--standalone", "-o", str(tmp_path)]) == 0
    code = (
        "import runpy, json\n"
        f"ns = runpy.run_path({str(tmp_path / 'main.py')!r})\n"
        "import tbxl.io.grid.team as te\n"
        f"g = {GRID!r}\n"
        "print(json.dumps([te.__spec__.origin, ns['TEAM_TIEBREAK'](g, 1, 'EMGSB', 'fide-2024'),"
        " ns['TEAM_STANDINGS'](g, 'MPTS,EDE', '')[1]]))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd="/")
    assert done.returncode == 0, done.stderr[-2000:]
    import json

    assert json.loads(done.stdout) == ["tbxl/io/grid/team.py (in main.py)", 9, [1, 3, "T3", 4, 1]]


def test_team_workbook_help_comes_from_the_template_and_the_catalogue():
    import openpyxl

    from tbxl.catalogue import TEAM_ARGUMENTS, TEAM_FUNCTIONS
    from tbxl.tiebreaks.codes import TEAM, codes_of

    ws = openpyxl.load_workbook(BOOK)["Help"]
    lines = [c.value for c in ws["A"] if c.value]
    assert lines[0] == "tbxl: FIDE C.07 team tie-breaks as Excel functions"
    assert "50 teams x 4 boards; rules fide-2024; tie-breaks MPTS,EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP." in lines[1]
    for f in TEAM_FUNCTIONS:
        assert lines[lines.index(f.signature) + 1] == "    " + f.help
    assert all(f"{a.label or a.name}: {a.help}" in lines for a in TEAM_ARGUMENTS)
    assert all(
        any(line.endswith(f"C.07 {art:<12} {meaning}") for line in lines)
        for art, meaning, _ in codes_of(TEAM, only=True).values()
    )
    assert not any("{" in line or line.startswith(("--", "@", "| ", "== ")) for line in lines)  # all rendered


def test_team_play_off_and_lots_in_the_workbook(registered, tmp_path, capsys):
    """A team workbook keeps Play-off (Standings!E1) and Lots seed (E2) as an individual one does:
    TEAM_STANDINGS takes them and spills a Decided column, the stored spill and the formulas engine
    agree with `tbxl compute --playoff --lots`, and compute on the workbook applies them."""
    import json

    import openpyxl

    from tbxl import cli

    book = tmp_path / "team.xlsx"
    options = ["--tiebreaks", "MPTS", "--playoff", "22>16"]  # India 3 (16) and Slovakia (22) share 1-2 on 20 MP
    assert cli.main(["workbook", str(TEC), *options, "--lots", "Cup2024", "-o", str(book)]) == 0
    capsys.readouterr()
    assert cli.main(["compute", str(TEC), *options, "--lots", "Cup2024", "--format", "json"]) == 0
    by_options = json.loads(capsys.readouterr().out)["standings"]
    st = openpyxl.load_workbook(book)["Standings"]
    assert [(st[f"D{r}"].value, st[f"E{r}"].value) for r in (1, 2)] == [("Play-off", "22>16"), ("Lots seed", "Cup2024")]
    assert st["A6"].value.text.endswith(",$B$4,$B$3,$E$1,$E$2,Event!$A$1:$B$100)")
    stored = stored_values(book)
    values = evaluate(book)
    assert plain(stored[("STANDINGS", "E6")]) == "Decided"
    spill = [[plain(stored[("STANDINGS", f"{c}{r}")]) for c in "ABCE"] for r in range(7, 7 + len(by_options))]
    assert [(row[1], row[3] or None) for row in spill] == [(r["team_number"], r["decided_by"]) for r in by_options]
    assert spill[0][1:] == [22, "Slovakia", "play-off"] and spill[1][1:] == [16, "India 3", "play-off"]
    for r in range(7, 7 + len(by_options)):
        assert plain(values[("STANDINGS", f"E{r}")]) == plain(stored[("STANDINGS", f"E{r}")])
    # tbxl compute on the workbook ranks as its Standings sheet does.
    assert cli.main(["compute", str(book), "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["lots_seed"] == "Cup2024"
    assert [(r["team_number"], r["decided_by"]) for r in doc["standings"]] == [
        (r["team_number"], r["decided_by"]) for r in by_options
    ]
    # A play-off of teams a tie-break separates: #VALUE! with the reason.
    grid = to_team_grid(read_team_trf(TEC))
    with pytest.raises(ValueError, match=r"playoff 22>19: 22 and 19 are not equal on every tie-break"):
        excel.TEAM_STANDINGS(grid, "MPTS", "", "22>19", "")
