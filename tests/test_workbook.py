"""Workbooks: the shipped ones evaluated by the `formulas` engine with tbxl's functions registered,
against the core and against the values stored in the files; the CLI on a workbook; write -> read
round trips; read errors with sheet!cell; the .xlsm and the template."""

from __future__ import annotations

import json
import os
import zipfile
from fractions import Fraction
from pathlib import Path

import pytest

from builders import Builder
from conftest import DATA
from tbxl import cli, excel
from tbxl import rules as conventions
from tbxl.errors import InputError
from tbxl.formatting import decimal_text
from tbxl.io.grid import berger_schedule, read_grid, to_grid
from tbxl.io.trf import read_trf, write_trf
from tbxl.io.workbook import read_workbook
from tbxl.model import Pairing
from tbxl.standings import compute_standings
from tbxl.workbook import write_template, write_workbook

os.environ.setdefault("TQDM_DISABLE", "1")
formulas = pytest.importorskip("formulas")  # the Excel engine that evaluates the workbooks (numpy, schedula)
np = pytest.importorskip("numpy")
schedula = pytest.importorskip("schedula")
openpyxl = pytest.importorskip("openpyxl")
from openpyxl.worksheet.formula import ArrayFormula  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
BOOKS = ROOT / "workbooks"
SWISS = DATA / "tec-2023" / "held_swiss_5.trf"
RR = DATA / "tec-2023" / "held_round_robin.trf"
SEED2 = DATA / "seeds" / "seed002-buchholz-swiss.trf"

#: The shipped workbooks: the TRF each was made from (with the pairing override) and its layout.
SHIPPED = {
    "tec-swiss.xlsx": (SWISS, None, "compact"),
    "tec-swiss.xlsm": (SWISS, None, "compact"),
    "tec-round-robin.xlsx": (RR, "round-robin", None),  # not Berger-paired: compact, "round-robin"
    "seed002-sm3.xlsx": (SEED2, None, "sm3"),
}


# -- the formulas engine with tbxl's functions ----------------------------------------------


def _arg(a):
    """A `formulas` argument as Excel's classic add-in passes it: rows of values, None for empty."""
    if isinstance(a, np.ndarray):
        rows = [[None if v is schedula.EMPTY else v for v in row] for row in a.tolist()]
        return rows[0][0] if a.shape == (1, 1) else rows
    return None if a is schedula.EMPTY else a


def _bridge(f):
    Error = formulas.tokens.operand.Error  # noqa: N806

    def call(*args):
        try:
            v = f(*[_arg(a) for a in args])
        except ValueError:
            return Error.errors["#VALUE!"]
        if isinstance(v, str) and v == "#N/A":
            return Error.errors["#N/A"]
        if isinstance(v, list):
            return np.array(v, dtype=object)
        return v

    return formulas.functions.wrap_func(call)


@pytest.fixture(scope="module", autouse=True)
def registered():
    funcs = formulas.get_functions()
    for name in excel.__all__:
        funcs[name] = _bridge(getattr(excel, name))
    yield


def evaluate(path: Path) -> dict[tuple[str, str], object]:
    """Every formula cell of ``path`` computed by `formulas`: (SHEET, A1) -> value (arrays expanded)."""
    model = formulas.ExcelModel().loads(str(path)).finish()
    sol = model.calculate()
    out = {}
    for key, ranges in sol.items():
        if "]" not in str(key) or not hasattr(ranges, "value"):
            continue  # the engine's own entries ("#REF!", "self")
        sheet, ref = key.split("]", 1)[1].rsplit("!", 1)
        sheet = sheet.strip("'")
        value = ranges.value
        first = ref.split(":")[0]
        col = "".join(ch for ch in first if ch.isalpha())
        row = int("".join(ch for ch in first if ch.isdigit()))
        c0 = openpyxl.utils.column_index_from_string(col)
        for i, line in enumerate(value.tolist()):
            for j, v in enumerate(line):
                out[(sheet, f"{openpyxl.utils.get_column_letter(c0 + j)}{row + i}")] = v
    return out


def formula_cells(path: Path) -> dict[tuple[str, str], str]:
    """(SHEET, A1) -> formula text of every formula cell (the whole range of an array formula)."""
    wb = openpyxl.load_workbook(path)
    out = {}
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                v = cell.value
                if isinstance(v, openpyxl.worksheet.formula.ArrayFormula):
                    for line in ws[v.ref]:
                        for c in line:
                            out[(ws.title.upper(), c.coordinate)] = v.text
                elif isinstance(v, str) and v.startswith("="):
                    out[(ws.title.upper(), cell.coordinate)] = v
    return out


def stored_values(path: Path) -> dict[tuple[str, str], object]:
    wb = openpyxl.load_workbook(path, data_only=True)
    return {(ws.title.upper(), c.coordinate): c.value for ws in wb.worksheets for row in ws.iter_rows() for c in row}


def plain(v):
    """An evaluated value as a comparable Python value ('' for empty, errors as their text)."""
    if isinstance(v, np.generic):
        v = v.item()
    if v is schedula.EMPTY or v is None:
        return ""
    if isinstance(v, formulas.tokens.operand.XlError):
        return str(v)
    return v


def load_source(trf: Path, pairing):
    return read_trf(trf, pairing=Pairing(pairing) if pairing else None)


# -- the shipped workbooks ----------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_shipped_formulas_equal_core_and_stored_values(name):
    path = BOOKS / name
    trf, pairing, layout = SHIPPED[name]
    t = load_source(trf, pairing)
    wb = openpyxl.load_workbook(path, data_only=True)
    rules = wb["Standings"]["B3"].value
    codes = wb["Standings"]["B4"].value.split(",")
    st = compute_standings(t, codes, conventions.resolve(rules, t.start_date))
    values = evaluate(path)
    stored = stored_values(path)
    cells = formula_cells(path)
    assert cells, "no formulas"
    # every formula cell: the engine's value == the value stored in the file
    for key in cells:
        assert plain(values[key]) == plain(stored[key]), (key, values[key], stored[key])
    # the tie-break columns against the core
    ws = wb["Crosstable"]
    header = [c.value for c in ws[1]]
    first = len(header) - len(codes)  # the formula columns close the header row
    assert header[first:] == codes and header[first - 1] is None
    checked = 0
    for c, code in enumerate(header[first:], first + 1):
        for r in range(2, ws.max_row + 1):
            sn = ws.cell(r, 1).value
            letter = openpyxl.utils.get_column_letter(c)
            got = plain(values[("CROSSTABLE", f"{letter}{r}")])
            exact = st.row(sn).values[code]
            assert got == ("" if exact is None else float(exact)), (name, code, sn, got, exact)
            checked += 1
    assert checked == len(codes) * len(t.players)
    # the STANDINGS spill against the core
    table = [
        [
            plain(values[("STANDINGS", f"{openpyxl.utils.get_column_letter(1 + j)}{6 + i}")])
            for j in range(4 + len(codes))
        ]
        for i in range(1 + len(t.players))
    ]
    assert table[0] == ["Rank", "SNo", "Name", "Pts"] + codes
    for line, row in zip(table[1:], st.rows):
        assert line[1:3] == [row.player.start_number, row.player.name]
        assert line[3] == float(row.points)
        assert line[4:] == ["" if row.values[c] is None else float(row.values[c]) for c in codes]


def test_shipped_tec_values_are_the_official_ones():
    wb = openpyxl.load_workbook(BOOKS / "tec-swiss.xlsx", data_only=True)
    ws = wb["Crosstable"]
    assert wb["Standings"]["B3"].value == "fide-2024"  # the TRF's 2024 start date
    header = [c.value for c in ws[1]]
    official = json.loads((DATA / "tec-2023" / "expected-fide2024.json").read_text(), parse_float=Fraction)["files"][
        "held_swiss_5.trf"
    ]["tiebreaks"]
    for code, key in (("BH/C1", "BH-C1"), ("BH", "BH"), ("SB", "SB"), ("PS", "PS"), ("WIN", "WIN")):
        col = header.index(code) + 1
        for r in range(2, 18):
            sn = ws.cell(r, 1).value
            assert ws.cell(r, col).value == float(official[key][str(sn)]), (code, sn)


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_cli_compute_on_workbook_equals_trf(name, capsys):
    trf, pairing, _ = SHIPPED[name]
    assert cli.main(["compute", str(BOOKS / name), "--format", "json"]) == 0
    from_book = json.loads(capsys.readouterr().out)
    args = ["compute", str(trf), "--format", "json"] + (["--pairing", pairing] if pairing else [])
    assert cli.main(args) == 0
    from_trf = json.loads(capsys.readouterr().out)
    # The crosstable workbook carries names and ratings, not the TRF's federation, title, FIDE id.
    for doc in (from_book, from_trf):
        for row in doc["standings"]:
            for key in ("title", "federation", "fide_id", "club"):
                del row[key]
    assert from_book == from_trf


@pytest.mark.parametrize("name", sorted(SHIPPED) + ["template.xlsx"])
def test_shipped_workbooks_are_up_to_date(name, tmp_path):
    """The files in workbooks/ are what workbooks/build.sh makes from the current code."""
    out = tmp_path / name
    if name == "template.xlsx":
        write_template(out, players=20, rounds=9)
    else:
        trf, pairing, layout = SHIPPED[name]
        write_workbook(load_source(trf, pairing), out, layout=layout)

    def cells(p):
        wb = openpyxl.load_workbook(p)
        return {
            ws.title: [[(c.value.text if hasattr(c.value, "text") else c.value) for c in row] for row in ws.iter_rows()]
            for ws in wb.worksheets
            if ws.title != "Help"
        }

    assert cells(out) == cells(BOOKS / name), "run: sh workbooks/build.sh"

    def values(p):  # the Help sheet quotes other modules' docstrings: not compared
        return {k: v for k, v in stored_values(p).items() if k[0] != "HELP"}

    assert values(out) == values(BOOKS / name), "run: sh workbooks/build.sh"


def test_stored_values_and_dynamic_array_in_the_xml():
    z = zipfile.ZipFile(BOOKS / "tec-swiss.xlsx")
    sheet1 = z.read("xl/worksheets/sheet1.xml").decode()
    assert "<f>BUCHHOLZ_CUT($A$1:$L$17,$A2,1,Standings!$B$3)</f><v>11</v>" in sheet1
    assert "<f>SONNEBORN_BERGER($A$1:$L$17,$A15,Standings!$B$3)</f><v>4.5</v>" in sheet1
    assert "<v />" not in sheet1 and "<v></v>" not in sheet1
    sheet2 = z.read("xl/worksheets/sheet2.xml").decode()
    assert (
        't="str" cm="1"><f t="array" ref="A6:I22">STANDINGS(Crosstable!$A$1:$L$17,$B$4,$B$3,"",$E$1,$E$2,'
        "Event!$A$1:$B$100)</f>" in sheet2
    )
    assert "XLDAPR" in z.read("xl/metadata.xml").decode()
    assert "sheetMetadata" in z.read("xl/_rels/workbook.xml.rels").decode()
    assert "/xl/metadata.xml" in z.read("[Content_Types].xml").decode()
    assert (
        'fullCalcOnLoad="0"' in z.read("xl/workbook.xml").decode()
        or "fullCalcOnLoad" not in z.read("xl/workbook.xml").decode()
    )


def test_xlsm_for_the_classic_add_in():
    path = BOOKS / "tec-swiss.xlsm"
    z = zipfile.ZipFile(path)
    assert "xl/vbaProject.bin" in z.namelist()
    types = z.read("[Content_Types].xml").decode()
    assert "application/vnd.ms-excel.sheet.macroEnabled.main+xml" in types
    assert "vbaProject" in z.read("xl/_rels/workbook.xml.rels").decode()
    wb = openpyxl.load_workbook(path, keep_vba=True)
    assert wb.sheetnames == ["Crosstable", "Standings", "Event", "Help", "xlwings.conf"]
    conf = wb["xlwings.conf"]
    assert (conf["A1"].value, conf["B1"].value) == ("UDF Modules", "tbxl.excel")
    assert conf["A2"].value is None  # the add-in reads A1 down to an empty cell
    # the same formulas and values as the .xlsx
    xlsx = stored_values(BOOKS / "tec-swiss.xlsx")
    xlsm = stored_values(path)
    for key, v in xlsx.items():
        if key[0] in ("CROSSTABLE", "STANDINGS"):
            assert xlsm.get(key) == v, key


def test_help_sheet():
    wb = openpyxl.load_workbook(BOOKS / "tec-swiss.xlsx")
    text = "\n".join(str(r[0]) for r in wb["Help"].iter_rows(values_only=True) if r[0])
    for fn in ("BUCHHOLZ(", "BUCHHOLZ_CUT(", "SONNEBORN_BERGER(", "SB(", "PROGRESSIVE(", "TIEBREAK(", "STANDINGS("):
        assert fn in text
    for word in (
        "Compact layout",
        "Swiss-Manager layout",
        "Round-robin layout",
        "#N/A",
        "#VALUE!",
        "fide-2026",
        "fide-2024",
        "sm-real-points",
        "plain",
        "xlwings Lite",
        "Import Functions",
        "cell      = game | bye",
    ):
        assert word in text, word


# -- the template -----------------------------------------------------------------------------


def test_template_formulas_are_empty_not_errors():
    path = BOOKS / "template.xlsx"
    values = evaluate(path)
    cells = formula_cells(path)
    assert len(cells) >= 5 * 20 + 1
    for key in cells:
        assert plain(values[key]) == "", (key, values[key])
    ws = openpyxl.load_workbook(path)["Crosstable"]
    assert [c.value for c in ws[1]][:13] == ["No", "Name", "Rtg"] + [f"R{k}" for k in range(1, 10)] + ["Pts"]
    # one dynamic array per tie-break column, over the rows up to 1000 (issue 19: no formula to edit
    # or copy for a player added below the frame)
    assert ws.max_row == 2
    assert ws["O2"].value.text == "=BUCHHOLZ_CUT($A$1:$M$1000,$A$2:$A$1000,1,Standings!$B$3)"
    assert ws["O2"].value.ref == "O2:O1000"


def test_template_filled_in_computes(tmp_path):
    """An organizer types the TEC crosstable into the template: the formulas give the core's values."""
    t = read_trf(SWISS)
    grid = to_grid(t, "compact")
    wb = openpyxl.load_workbook(BOOKS / "template.xlsx")
    ws = wb["Crosstable"]
    for r, row in enumerate(grid[1:], 2):
        cells = row[:3] + row[3:8]  # No, Name, Rtg, R1..R5 (R6..R9 stay empty)
        for c, v in enumerate(cells, 1):
            ws.cell(r, c, v)
        ws.cell(r, 13, row[-1])  # Pts
    wb["Standings"]["B3"] = "fide-2024"
    path = tmp_path / "filled.xlsx"
    wb.save(path)
    values = evaluate(path)
    st = compute_standings(t, "BH/C1,BH,SB,PS,WIN", conventions.get("fide-2024"))
    header = [c.value for c in ws[1]]
    for code in ("BH/C1", "BH", "SB", "PS", "WIN"):
        letter = openpyxl.utils.get_column_letter(header.index(code) + 1)
        for r in range(2, 22):
            got = plain(values[("CROSSTABLE", f"{letter}{r}")])
            if r <= 17:
                assert got == float(st.row(r - 1).values[code]), (code, r)
            else:
                assert got == "", (code, r)  # rows without a player stay empty
    # the CLI reads it too
    back = read_workbook(path)
    assert len(back.players) == 16 and back.rounds == 5


def _formula_ranges(path: Path) -> dict[tuple[str, str], list[str]]:
    """The A1 ranges each formula of ``path`` passes (``$A$1:$M$1000`` ...), by (SHEET, cell)."""
    import re

    out = {}
    for key, text in formula_cells(path).items():
        out[key] = re.findall(r"\$?[A-Z]{1,3}\$?\d+:\$?[A-Z]{1,3}\$?\d+", text)
    return out


def test_template_grows_a_22nd_player_without_formula_edits(tmp_path):
    """Issue 19: an organizer types 22 players into the template (20 rows in its frame) with openpyxl,
    no formula touched: every formula's range covers row 23, the `formulas` engine computes each
    tie-break column and STANDINGS with the 22nd player, and the grid reader, sent the whole range
    as Excel sends it (None or 0 in its 977 empty rows), gives the core's standings."""
    from tbxl.io.grid.sheet import trim_blank_edges

    t = read_trf(SWISS)
    # 22 players: the TEC event and six more, paired among themselves over 5 rounds
    grid = to_grid(t, "compact")
    # six late entrants, 17-22, who play a round robin among themselves (Berger tables): white wins
    # in rounds 1 and 3, the rest are draws
    extra: dict[int, list[str]] = {sn: [""] * 5 for sn in range(17, 23)}
    for r, pairs in enumerate(berger_schedule(6)):
        for w, b in pairs:
            w, b = w + 16, b + 16
            res = ("1", "0") if r in (0, 2) else ("½", "½")
            extra[w][r], extra[b][r] = f"{b}w{res[0]}", f"{w}b{res[1]}"
    wb = openpyxl.load_workbook(BOOKS / "template.xlsx")
    ws = wb["Crosstable"]
    before = formula_cells(BOOKS / "template.xlsx")
    rows = [row[:3] + row[3:8] + [row[-1]] for row in grid[1:]]
    for sn, cells in extra.items():
        pts = sum(Fraction({"1": 1, "½": Fraction(1, 2), "0": 0}[c[-1]]) for c in cells)
        rows.append([sn, f"Late {sn}", 1500] + cells + [float(pts)])
    for r, row in enumerate(rows, 2):
        for c, v in enumerate(row[:8], 1):
            ws.cell(r, c, v)
        ws.cell(r, 13, row[-1])
    wb["Standings"]["B3"] = "fide-2024"
    # STANDINGS spills as a dynamic array in Excel 365; the engine computes CSE array formulas, so
    # its array is given the spill's size (the formula's text stays as written)
    anchor = wb["Standings"]["A6"].value
    wb["Standings"]["A6"] = ArrayFormula("A6:I28", anchor.text)
    path = tmp_path / "grown.xlsx"
    wb.save(path)
    after = formula_cells(path)  # not one formula edited or added:
    assert {k: v for k, v in after.items() if k[0] == "CROSSTABLE"} == {
        k: v for k, v in before.items() if k[0] == "CROSSTABLE"
    }
    assert after[("STANDINGS", "A6")] == before[("STANDINGS", "A6")]
    assert ws.max_row == 23  # player 22 is in row 23, below the 20-row frame
    for key, ranges in _formula_ranges(path).items():
        assert ranges, key
        for rng in ranges:
            last = int("".join(ch for ch in rng.split(":")[1] if ch.isdigit()))
            assert last >= 23, (key, rng)
    # what Excel computes, by the formulas engine with tbxl's functions
    everyone = read_grid([[c.value for c in row[:13]] for row in ws.iter_rows(min_row=1, max_row=23)])
    assert len(everyone.players) == 22
    st = compute_standings(everyone, "BH/C1,BH,SB,PS,WIN", conventions.get("fide-2024"))
    values = evaluate(path)
    header = [c.value for c in ws[1]]
    for code in ("BH/C1", "BH", "SB", "PS", "WIN"):
        letter = openpyxl.utils.get_column_letter(header.index(code) + 1)
        for r in range(2, 24):
            assert plain(values[("CROSSTABLE", f"{letter}{r}")]) == float(st.row(r - 1).values[code]), (code, r)
        assert plain(values[("CROSSTABLE", f"{letter}24")]) == ""
    spill = [
        [plain(values[("STANDINGS", f"{openpyxl.utils.get_column_letter(c)}{r}")]) for c in range(1, 10)]
        for r in range(6, 6 + 23)
    ]
    assert spill[0] == ["Rank", "SNo", "Name", "Pts", "BH/C1", "BH", "SB", "PS", "WIN"]
    assert sorted(row[1] for row in spill[1:]) == list(range(1, 23))
    late = next(row for row in spill[1:] if row[1] == 22)
    assert late[2] == "Late 22" and late[3] == 1.5 and late[6] == float(st.row(22).values["SB"])
    assert [row[1] for row in spill[1:]] == [r.player.start_number for r in st.rows]
    # the range as Excel sends it: 1000 rows, the 977 below the players empty
    sent = [[c.value for c in row[:13]] for row in ws.iter_rows(min_row=1, max_row=1000, max_col=13)]
    assert len(sent) == 1000
    for blank in (None, 0):  # the classic add-in's empty cell, and Office.js's
        cells = [[blank if v is None else v for v in row] for row in sent]
        assert len(trim_blank_edges(cells)) == 23 + 13  # the players, and one empty row a column
        excel.cache_clear()
        table = excel.STANDINGS(cells, "BH/C1,BH,SB,PS,WIN", "fide-2024")
        assert [row[1] for row in table[1:]] == [r.player.start_number for r in st.rows]
        assert excel.SONNEBORN_BERGER(cells, 22, "fide-2024") == float(st.row(22).values["SB"])
    # and `tbxl compute grown.xlsx` reads the 22 players
    assert len(read_workbook(path).players) == 22


def test_a_whole_column_crosstable_is_read_at_once():
    """A whole-column reference ($A:$I, 1,048,576 rows) sent to a function: the empty rows below the
    table are skipped in well under a second, not read as 17 million cells."""
    import time

    from tbxl.io.grid.sheet import trim_blank_edges

    t = read_trf(SWISS)
    grid = to_grid(t, "compact")
    empty_row = [0] * len(grid[0])
    sent = [list(r) for r in grid] + [empty_row] * (1_048_576 - len(grid))
    started = time.process_time()
    assert excel.BUCHHOLZ_CUT(sent, 4, 1, "fide-2024") == 11.5  # the TEC exercise's official answer
    assert time.process_time() - started < 3
    assert trim_blank_edges([["No", "Name"], [1, "A"]] + [[None, 0]] * 5) == [
        ["No", "Name"],
        [1, "A"],
        [None, 0],
        [None, 0],
    ]
    with pytest.raises(InputError, match=r"the crosstable range holds 600,000 rows x 1 columns"):
        trim_blank_edges([[1]] * 600_000)


def test_audit_formula_in_a_workbook(tmp_path):
    """A bulletin typed into the shipped workbook (BH made under fide-2024, SB as text with a decimal
    comma) checked by =AUDIT as an array formula: the engine spills the core's differences."""
    t = read_trf(SWISS)
    st = compute_standings(t, "BH,SB", conventions.get("fide-2024"))
    wb = openpyxl.load_workbook(BOOKS / "tec-swiss.xlsx")
    ws = wb.create_sheet("Bulletin")
    ws.append(["SNo", "Name", "BH", "SB"])
    for r in st.rows:
        ws.append(
            [r.player.start_number, r.player.name, float(r.values["BH"]), decimal_text(r.values["SB"], comma=True)]
        )
    audit_ws = wb.create_sheet("Audit")
    expected = excel.AUDIT(to_grid(t, "compact"), [[c.value for c in row] for row in ws.iter_rows()], "fide-2026")
    ref = f"A1:H{len(expected)}"
    audit_ws["A1"] = ArrayFormula(ref, '=AUDIT(Crosstable!$A$1:$L$17,Bulletin!$A$1:$D$17,"fide-2026")')
    audit_ws["J1"] = '=AUDIT(Crosstable!$A$1:$L$17,Bulletin!$A$1:$D$17,"fide-2024")'
    path = tmp_path / "audited.xlsx"
    wb.save(path)
    values = evaluate(path)
    got = [
        [plain(values[("AUDIT", f"{openpyxl.utils.get_column_letter(c)}{r}")]) for c in range(1, 9)]
        for r in range(1, len(expected) + 1)
    ]
    assert got == expected
    assert [row[0] for row in got[1:]] == [4, 4, 6, 6, 11, 11]  # BH and SB of the three capped players
    assert all(row[5] == "explained" and row[6] == "fide-2024" for row in got[1:])
    assert plain(values[("AUDIT", "J1")]) == "all 32 values agree with fide-2024"


# -- write -> read round trips ---------------------------------------------------------------


@pytest.mark.parametrize("layout", ["compact", "sm3"])
def test_round_trip_swiss(tmp_path, layout):
    t = read_trf(SWISS)
    path = tmp_path / f"t-{layout}.xlsx"
    write_workbook(t, path, layout=layout)
    back = read_workbook(path)
    assert back.pairing is Pairing.SWISS and back.rounds == t.rounds
    assert back.name == t.name and back.start_date == t.start_date
    for p in t.players:
        q = back.player(p.start_number)
        assert (q.name, q.rating) == (p.name, p.rating)
        assert q.rounds == p.rounds
    assert read_workbook(path, layout=layout).players == back.players
    assert read_workbook(path, sheet="crosstable").players == back.players


def berger_round_robin(n: int = 6):
    """A round robin paired by the FIDE Berger table, with a forfeit (so that its pairing system
    matters, C.07 15.2) and wins, draws and losses."""
    b = Builder(n + n % 2 - 1, pairing=Pairing.ROUND_ROBIN)
    for sn in range(1, n + 1):
        b.player(sn, f"P{sn}")
    results = ["1-0", "1/2", "0-1"]
    for r, pairs in enumerate(berger_schedule(n), 1):
        for k, (w, bl) in enumerate(pairs):
            if (r, k) == (2, 1):
                b.forfeit(r, w, bl)
            else:
                b.game(r, w, bl, results[(r + w) % 3])
        for sn in range(1, n + 1):  # the bye of an odd round robin
            if not any(sn in pair for pair in pairs):
                b.bye(r, sn, "Z")
    return b.build()


def test_round_trip_matrix(tmp_path):
    t = berger_round_robin(6)
    path = tmp_path / "rr.xlsx"
    write_workbook(t, path, tiebreaks="SB,KS")  # Berger-paired: the matrix
    back = read_workbook(path)
    assert back.pairing is Pairing.ROUND_ROBIN and back.tiebreaks == ("SB", "KS")
    assert openpyxl.load_workbook(path)["Crosstable"]["C1"].value == 1  # a matrix: players across
    assert [q.rounds for q in back.players] == [p.rounds for p in t.players]
    a, b = compute_standings(t, "SB,KS,DE"), compute_standings(back, "SB,KS,DE")
    assert [(r.player.start_number, r.points, r.values) for r in a.rows] == [
        (r.player.start_number, r.points, r.values) for r in b.rows
    ]
    header = [c.value for c in openpyxl.load_workbook(path)["Crosstable"][1]]
    assert header[header.index(None) + 1 :] == ["SB", "KS"]


def test_layout_follows_the_pairing_system(tmp_path):
    with pytest.raises(InputError, match="the matrix layout is for round robins"):
        write_workbook(read_trf(SWISS), tmp_path / "x.xlsx", layout="matrix")
    write_workbook(berger_round_robin(5), tmp_path / "rr.xlsx")  # default for Berger pairings: matrix
    assert openpyxl.load_workbook(tmp_path / "rr.xlsx")["Crosstable"]["C1"].value == 1
    assert read_workbook(tmp_path / "rr.xlsx").pairing is Pairing.ROUND_ROBIN
    rr = read_trf(RR, pairing=Pairing.ROUND_ROBIN)
    write_workbook(read_trf(SWISS), tmp_path / "sw.xlsx")  # default: compact
    assert openpyxl.load_workbook(tmp_path / "sw.xlsx")["Crosstable"]["G2"].value == "9w1"
    with pytest.raises(InputError, match="unknown layout"):
        write_workbook(rr, tmp_path / "x.xlsx", layout="diagonal")
    assert not (tmp_path / "x.xlsx").exists()


def test_explicit_rules_and_tiebreaks(tmp_path):
    t = read_trf(SWISS)
    path = tmp_path / "x.xlsx"
    write_workbook(t, path, tiebreaks="BH/M1,SB/C1,ARO,KS", rules="fide-2017")
    values = evaluate(path)
    st = compute_standings(t, "BH/M1,SB/C1,ARO,KS", conventions.get("fide-2017"))
    ws = openpyxl.load_workbook(path)["Crosstable"]
    header = [c.value for c in ws[1]]
    assert ws["N2"].value == '=BUCHHOLZ_CUT($A$1:$L$17,$A2,"M1",Standings!$B$3)'
    assert ws["O2"].value == '=TIEBREAK($A$1:$L$17,$A2,O$1,Standings!$B$3,"",Event!$A$1:$B$100)'
    for code in ("BH/M1", "SB/C1", "ARO", "KS"):
        letter = openpyxl.utils.get_column_letter(header.index(code) + 1)
        for r in range(2, 18):
            exact = st.row(ws.cell(r, 1).value).values[code]
            assert plain(values[("CROSSTABLE", f"{letter}{r}")]) == float(exact)


def test_write_is_atomic_and_never_over_the_input(tmp_path):
    t = read_trf(SWISS)
    src = tmp_path / "in.xlsx"
    write_workbook(t, src)
    before = src.read_bytes()
    with pytest.raises(InputError, match="refusing to overwrite"):
        write_workbook(t, src, inputs=[src])
    assert src.read_bytes() == before
    with pytest.raises(InputError, match=".xlsx or .xlsm"):
        write_workbook(t, tmp_path / "out.csv")
    with pytest.raises(Exception):
        write_workbook(t, tmp_path / "out.xlsx", tiebreaks="NOPE")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.xlsx"]  # no temporary files left
    assert cli.main(["workbook", str(src), "-o", str(src)]) == 1


def test_reproducible_with_source_date_epoch(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")
    t = read_trf(SEED2)
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    write_workbook(t, tmp_path / "a" / "x.xlsx", layout="sm3")
    write_workbook(t, tmp_path / "b" / "x.xlsx", layout="sm3")
    assert (tmp_path / "a" / "x.xlsx").read_bytes() == (tmp_path / "b" / "x.xlsx").read_bytes()


# -- reading errors and hand-made books --------------------------------------------------------


def test_read_error_names_file_sheet_and_cell(tmp_path):
    path = tmp_path / "bad.xlsx"
    write_workbook(read_trf(SWISS), path)
    wb = openpyxl.load_workbook(path)
    wb["Crosstable"]["I7"] = "12x1"
    wb.save(path)
    with pytest.raises(InputError) as err:
        read_workbook(path)
    e = err.value
    assert e.file == str(path) and e.cell == "Crosstable!I7" and e.round == 3
    assert "row 7, round 3: '12x1' is not a result" in e.message
    assert str(e).startswith(f"{path}!Crosstable!I7: ")
    assert cli.main(["compute", str(path)]) == 1


def test_hand_made_book_with_title_and_other_sheet_names(tmp_path):
    wb = openpyxl.Workbook()
    notes = wb.active
    notes.title = "Notes"
    ws = wb.create_sheet("Club 2025")
    ws["A1"] = "Club championship 2025"
    grid = to_grid(read_trf(SEED2), "compact")
    for r, row in enumerate(grid, 3):
        for c, v in enumerate(row, 2):  # the table starts at B3
            ws.cell(r, c, v)
    ws.cell(3, 2 + len(grid[0]), "BH")  # a hand-made tie-break column right next to it
    for r in range(4, 4 + 6):
        ws.cell(r, 2 + len(grid[0]), 4)
    ws.cell(12, 2, "Arbiter: somebody")  # a note below, after an empty row
    path = tmp_path / "hand.xlsx"
    wb.save(path)
    t = read_workbook(path)
    assert len(t.players) == 6 and t.rounds == 3 and t.source.endswith("!Club 2025")
    assert compute_standings(t, "BH/C1,BH").row(4).values["BH"] == 5
    bad = openpyxl.load_workbook(path)
    bad["Club 2025"]["D5"] = "9w1"  # player 1, round 1 against a player who is not there
    bad.save(path)
    with pytest.raises(InputError) as err:
        read_workbook(path)
    assert err.value.cell.startswith("Club 2025!") and err.value.file == str(path)


def test_read_workbook_errors(tmp_path):
    path = tmp_path / "x.xlsx"
    write_workbook(read_trf(SEED2), path, layout="sm3")
    with pytest.raises(InputError, match="no sheet named 'Nope'; the sheets are Crosstable, Standings"):
        read_workbook(path, sheet="Nope")
    with pytest.raises(InputError, match="unknown layout"):
        read_workbook(path, layout="diagonal")
    with pytest.raises(InputError):
        read_workbook(path, sheet="Help")
    junk = tmp_path / "junk.xlsx"
    junk.write_text("not a zip")
    with pytest.raises(InputError, match="not a readable"):
        read_workbook(junk)
    empty = tmp_path / "empty.xlsx"
    openpyxl.Workbook().save(empty)
    with pytest.raises(InputError) as err:
        read_workbook(empty)
    assert err.value.file == str(empty)
    with pytest.raises(InputError, match="no player rows"):
        read_workbook(BOOKS / "template.xlsx")


def test_settings_are_checked(tmp_path):
    path = tmp_path / "x.xlsx"
    write_workbook(read_trf(SEED2), path)
    wb = openpyxl.load_workbook(path)
    wb["Standings"]["B4"] = "BH,NOPE"
    wb.save(path)
    with pytest.raises(InputError) as err:
        read_workbook(path)
    assert err.value.cell == "Standings!B4"


def test_names_starting_with_equals_stay_text(tmp_path):
    # Formula injection: a name or event title like "=HYPERLINK(...)" must be written as text.
    from dataclasses import replace as dc_replace

    t = read_trf(ROOT / "tests" / "data" / "seeds" / "seed002-buchholz-swiss.trf")
    t = dc_replace(
        t,
        name='=HYPERLINK("http://example.com","x")',
        players=tuple(dc_replace(p, name="=1+2") if p.start_number == 1 else p for p in t.players),
    )
    out = tmp_path / "inj.xlsx"
    write_workbook(t, out)
    wb = openpyxl.load_workbook(out)
    assert wb["Crosstable"]["B2"].value == "=1+2" and wb["Crosstable"]["B2"].data_type == "s"
    assert wb["Standings"]["B1"].data_type == "s"
    back = read_workbook(out)
    assert back.player(1).name == "=1+2" and back.name.startswith("=HYPERLINK")


# -- the workbook never changes results (issue 10) ---------------------------------------------


def same_results(t, back):
    """Every player, round and result of ``t`` in ``back`` (games under one move as played)."""
    assert back.pairing is t.pairing and back.rounds == t.rounds
    for p in t.players:
        q = back.player(p.start_number)
        assert q.name == p.name
        assert [
            (e.round, e.kind if e.kind.value != "short" else "played", e.outcome, e.opponent, e.colour)
            for e in q.rounds
        ] == [
            (e.round, e.kind if e.kind.value != "short" else "played", e.outcome, e.opponent, e.colour)
            for e in p.rounds
        ]


def test_a_round_robin_off_the_berger_tables_keeps_its_pairings(tmp_path):
    # The TEC round robin: 1 meets 5 in round 1 (the Berger table says round 5), and 5-6 in round 4
    # is a forfeit, so reading it as a Swiss would change SB (C.07 15.2 vs 16).
    rr = read_trf(RR, pairing=Pairing.ROUND_ROBIN)
    with pytest.raises(
        InputError,
        match=r"player 1, round 1: the matrix crosstable would read a win against 6 "
        r"with white where the tournament has a draw against 5 with white",
    ):
        write_workbook(rr, tmp_path / "x.xlsx", layout="matrix")
    assert not (tmp_path / "x.xlsx").exists()
    for layout in (None, "compact", "sm3"):
        path = tmp_path / f"rr-{layout}.xlsx"
        write_workbook(rr, path, layout=layout, tiebreaks="SB,BPG,KS,PS")
        wb = openpyxl.load_workbook(path)
        assert wb["Standings"]["A5"].value == "Pairing" and wb["Standings"]["B5"].value == "round-robin"
        assert wb["Crosstable"].cell(2, wb["Crosstable"].max_column).value.endswith(",Standings!$B$5)")
        back = read_workbook(path)
        same_results(rr, back)
        a = compute_standings(rr, "SB,BPG,KS,PS")
        b = compute_standings(back, "SB,BPG,KS,PS")
        assert [(r.player.start_number, r.values) for r in a.rows] == [
            (r.player.start_number, r.values) for r in b.rows
        ]
        # the formulas give the same numbers as the core (and as stored)
        values, stored = evaluate(path), stored_values(path)
        ws = wb["Crosstable"]
        header = [c.value for c in ws[1]]
        for code in ("SB", "BPG", "PS"):
            letter = openpyxl.utils.get_column_letter(header.index(code) + 1)
            for r in range(2, 8):
                exact = a.row(ws.cell(r, 1).value).values[code]
                assert plain(values[("CROSSTABLE", f"{letter}{r}")]) == float(exact)
                assert stored[("CROSSTABLE", f"{letter}{r}")] == float(exact)
    # Read as a Swiss (what the functions would do without B5), Helene's forfeit win would count:
    # BPG 2 instead of 3 (fide-2024), SB 7/4 instead of 9/4 (fide-2017).
    assert (
        compute_standings(read_trf(RR, pairing=Pairing.SWISS), "BPG", conventions.get("fide-2024")).row(6).values["BPG"]
        == 2
    )
    assert compute_standings(rr, "BPG", conventions.get("fide-2024")).row(6).values["BPG"] == 3
    assert compute_standings(read_trf(RR, pairing=Pairing.SWISS), "SB", conventions.get("fide-2017")).row(6).values[
        "SB"
    ] == Fraction(7, 4)
    assert compute_standings(rr, "SB", conventions.get("fide-2017")).row(6).values["SB"] == Fraction(9, 4)


def test_scoring_other_than_one_half_zero_is_refused(tmp_path):
    from tbxl.model import Scoring

    b = Builder(
        1,
        scoring=Scoring(
            win=Fraction(3),
            draw=Fraction(1),
            pab=Fraction(3),
            fpb=Fraction(3),
            hpb=Fraction(1),
            forfeit_win=Fraction(3),
        ),
    )
    b.player(1, "A").player(2, "B").game(1, 1, 2, "1-0")
    with pytest.raises(InputError, match=r"scores win 3, draw 1, loss 0 .*record 162 or XXS.*not written"):
        write_workbook(b.build(), tmp_path / "x.xlsx")
    assert not (tmp_path / "x.xlsx").exists()


@pytest.mark.parametrize(
    "name",
    [
        "X",
        "x",
        "½",
        "3b1",
        "12w1",
        "1",
        "bye",
        "H",
        "Z",
        "=",
        "-",
        "+",
        "Name",
        "No",
        "Pts",
        "R1",
        "Rtg",
        "Total",
        "1.5",
        "",
        "Round 1",
        "\u202eBob",
    ],
)
@pytest.mark.parametrize("layout", ["compact", "sm3"])
def test_names_that_look_like_results_or_headers_round_trip(tmp_path, name, layout):
    for who in (1, 2):  # the first row's name, and another's
        b = Builder(2)
        for sn in (1, 2, 3):
            b.player(sn, name if sn == who else f"P{sn}")
        b.game(1, 1, 2, "1-0").bye(1, 3, "U").game(2, 3, 1, "1/2").bye(2, 2, "H")
        t = b.build()
        path = tmp_path / f"n{who}.xlsx"
        write_workbook(t, path, layout=layout)
        same_results(t, read_workbook(path))


def test_byes_only_and_one_player_are_refused_clearly(tmp_path):
    one = Builder(1).player(1, "Solo").bye(1, 1, "U").build()
    byes = Builder(2).player(1, "A").player(2, "B").bye(1, 1, "U").bye(1, 2, "H").bye(2, 1, "Z").bye(2, 2, "F").build()
    for t in (one, byes):
        with pytest.raises(
            InputError,
            match=r"the compact crosstable of this tournament would not read back "
            r"\(cannot tell the crosstable layout.*not written",
        ):
            write_workbook(t, tmp_path / "x.xlsx")
        assert not (tmp_path / "x.xlsx").exists()


def test_control_characters_in_names_are_refused(tmp_path):
    b = Builder(1).player(1, "Ann\x1b[2J").player(2, "Bob").game(1, 1, 2, "1-0")
    with pytest.raises(
        InputError, match=r"player 1: the name holds the control character U\+001B, which a workbook cannot store"
    ):
        write_workbook(b.build(), tmp_path / "x.xlsx")
    assert not (tmp_path / "x.xlsx").exists()


def test_cli_workbook_refusals_and_after_round(tmp_path, capsys):
    ctrl = tmp_path / "ctrl.trf"
    ctrl.write_text(write_trf(Builder(1).player(1, "Ann\x07").player(2, "Bob").game(1, 1, 2, "1-0").build()))
    code = cli.main(["workbook", str(ctrl), "-o", str(tmp_path / "c.xlsx")])
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1 and "ctrl.trf: player 1: " in err and "U+0007" in err
    assert "\x07" not in err and "Traceback" not in err
    # a team setting cannot be stored (the rules' settings go into the Rules cell): a usage error, nothing written
    code = cli.main(["workbook", str(SWISS), "--set", "ede_bc=higher-first", "-o", str(tmp_path / "s.xlsx")])
    err = capsys.readouterr().err
    assert (
        code == 2
        and err.startswith("tbxl: error: --set: a workbook cannot keep ede_bc=higher-first")
        and err.count("\n") == 1
    )
    assert not (tmp_path / "s.xlsx").exists()
    # --after-round is honoured: the workbook of the event after round 3
    out = tmp_path / "r3.xlsx"
    assert cli.main(["workbook", str(SWISS), "--after-round", "3", "-o", str(out)]) == 0
    capsys.readouterr()
    back = read_workbook(out)
    assert back.rounds == 3
    a = compute_standings(read_trf(SWISS), "BH/C1,BH,SB", conventions.get("fide-2024"), after_round=3)
    b = compute_standings(back, "BH/C1,BH,SB", conventions.get("fide-2024"))
    assert [(r.player.start_number, r.values) for r in a.rows] == [(r.player.start_number, r.values) for r in b.rows]
    code = cli.main(["workbook", str(SWISS), "--after-round", "6", "-o", str(tmp_path / "r6.xlsx")])
    assert code == 2 and "--after-round 6: " in capsys.readouterr().err


@pytest.mark.parametrize("trf,pairing", [(SWISS, None), (RR, "round-robin"), (SEED2, None)])
def test_trf_to_workbook_to_standings_is_the_trf(tmp_path, capsys, trf, pairing):
    out = tmp_path / "b.xlsx"
    extra = ["--pairing", pairing] if pairing else []
    assert cli.main(["workbook", str(trf), "-o", str(out)] + extra) == 0
    for codes in ("BH/C1,BH,SB,PS,WIN", "ARO,BPG,KS,DE,AOB"):
        capsys.readouterr()
        assert cli.main(["compute", str(out), "--format", "json", "--tiebreaks", codes, "--rules", "fide-2024"]) == 0
        from_book = json.loads(capsys.readouterr().out)
        assert (
            cli.main(["compute", str(trf), "--format", "json", "--tiebreaks", codes, "--rules", "fide-2024"] + extra)
            == 0
        )
        from_trf = json.loads(capsys.readouterr().out)
        kept = ("rank", "rank_label", "start_number", "name", "points", "values", "rating")  # what a workbook carries
        assert [{k: r[k] for k in kept} for r in from_book["standings"]] == [
            {k: r[k] for k in kept} for r in from_trf["standings"]
        ]
        assert from_book["tournament"]["pairing"] == from_trf["tournament"]["pairing"]


# -- generated events: TRF -> workbook -> read back gives the TRF's standings, or a clear refusal ----

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st

from strategies import swiss_tournaments  # noqa: E402

TRICKY_NAMES = ["X", "½", "3b1", "Name", "Pts", "R2", "bye", "1", "", "Nguyễn Văn An", "Иванов", "=1+2", "\u202e12"]
ALL_CODES = "BH/C1,BH,SB,PS,WIN,BPG,KS,ARO,AOB,DE"


@st.composite
def named(draw, tournaments):
    from dataclasses import replace

    t = draw(tournaments)
    names = draw(
        st.lists(
            st.sampled_from(TRICKY_NAMES + [f"Player {k}" for k in range(20)]),
            min_size=len(t.players),
            max_size=len(t.players),
        )
    )
    return replace(t, players=tuple(replace(p, name=n) for p, n in zip(t.players, names)))


@st.composite
def round_robins(draw):
    """A round robin with its rounds in any order and any colours (mostly not the Berger tables')."""
    n = draw(st.integers(3, 8))
    schedule = berger_schedule(n)
    order = draw(st.permutations(range(len(schedule))))
    perm = draw(st.permutations(range(1, n + 1)))  # draw numbers are not start numbers
    b = Builder(len(schedule), pairing=Pairing.ROUND_ROBIN)
    for sn in range(1, n + 1):
        b.player(sn, f"P{sn}")
    for r, k in enumerate(order, 1):
        paired = set()
        for w, bl in schedule[k]:
            w, bl = perm[w - 1], perm[bl - 1]
            if draw(st.booleans()):
                w, bl = bl, w
            res = draw(st.sampled_from(["1-0", "0-1", "1/2", "1-0", "+-"]))
            if res == "+-":
                b.forfeit(r, w, bl)
            else:
                b.game(r, w, bl, res)
            paired |= {w, bl}
        for sn in set(range(1, n + 1)) - paired:
            b.bye(r, sn, "Z")
    return b.build()


def _standings_match(t, path):
    back = read_workbook(path)
    for rules in ("fide-2024", "fide-2026"):
        conv = conventions.get(rules)
        a, b = compute_standings(t, ALL_CODES, conv), compute_standings(back, ALL_CODES, conv)
        assert [(r.rank_label, r.player.start_number, r.player.name, r.points, r.values) for r in a.rows] == [
            (r.rank_label, r.player.start_number, r.player.name, r.points, r.values) for r in b.rows
        ]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(t=named(swiss_tournaments(max_players=9, max_rounds=5)), layout=st.sampled_from(["compact", "sm3"]))
def test_generated_swiss_workbooks_keep_the_standings(tmp_path, t, layout):
    path = tmp_path / "g.xlsx"
    path.unlink(missing_ok=True)  # tmp_path is shared by the examples
    try:
        write_workbook(t, path, layout=layout)
    except InputError as err:  # refused: one clear reason, nothing written
        assert "not written" in str(err) and "\n" not in str(err)
        assert not path.exists()
        return
    _standings_match(t, path)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(t=round_robins())
def test_generated_round_robins_keep_pairings_and_standings(tmp_path, t):
    path = tmp_path / "rr.xlsx"
    write_workbook(t, path)
    same_results(t, read_workbook(path))
    _standings_match(t, path)


def test_a_swiss_in_which_everyone_met_everyone_stays_a_swiss(tmp_path):
    # 4 players, 3 rounds, every pair met once: the grid alone looks like a round robin, whose
    # forfeits count otherwise (C.07 15.2); the workbook tells its functions "swiss" (B5).
    b = Builder(3)
    for sn in range(1, 5):
        b.player(sn, f"P{sn}")
    b.game(1, 1, 2, "1-0").forfeit(1, 3, 4).game(2, 1, 3, "1/2").game(2, 4, 2, "0-1")
    b.game(3, 4, 1, "1/2").game(3, 2, 3, "1-0")
    t = b.build()
    assert t.pairing is Pairing.SWISS
    path = tmp_path / "sw.xlsx"
    write_workbook(t, path, tiebreaks="SB,BH")
    wb = openpyxl.load_workbook(path)
    assert wb["Standings"]["B5"].value == "swiss"
    formulas_text = [c.value for c in wb["Crosstable"][2] if isinstance(c.value, str) and c.value.startswith("=")]
    assert read_grid(to_grid(t, "compact")).pairing is Pairing.ROUND_ROBIN  # the grid alone
    assert formulas_text and all(f.endswith(",Standings!$B$5)") for f in formulas_text)
    same_results(t, read_workbook(path))
    _standings_match(t, path)
    values = evaluate(path)
    a = compute_standings(t, "SB,BH")
    for r in range(2, 6):
        sn = wb["Crosstable"].cell(r, 1).value
        assert plain(values[("CROSSTABLE", f"H{r}")]) == float(a.row(sn).values["SB"])


def test_a_trf_to_workbook_to_standings_round_trip_loses_no_player_field(tmp_path, capsys):
    # Issue 19: tbxl workbook dropped the title, federation, FIDE id, sex and birth date, so a report
    # made from the workbook had no Fed or Title column and age or sex categories were impossible.
    lines = Path(SWISS).read_text(encoding="utf-8").splitlines()
    rich = []
    for line in lines:
        if line.startswith("001"):
            sn = int(line[4:8])
            title, fed = ["GM", "IM", "WGM", "FM", ""][sn % 5], ["NOR", "VIE", "ESP", "RUS", "MAS"][sn % 5]
            fide = str(12345000 + sn) if sn % 3 else "0"
            line = line[:10] + title.ljust(3) + line[13:53] + fed + " " + fide.rjust(11) + line[68:]
        rich.append(line)
    trf = tmp_path / "rich.trf"
    trf.write_text("\n".join(rich) + "\n", encoding="utf-8")
    assert cli.main(["compute", str(trf), "--format", "json", "-o", str(tmp_path / "a.json")]) == 0
    assert cli.main(["workbook", str(trf), "-o", str(tmp_path / "rich.xlsx")]) == 0
    assert cli.main(["compute", str(tmp_path / "rich.xlsx"), "--format", "json", "-o", str(tmp_path / "b.json")]) == 0
    capsys.readouterr()
    fields = ("start_number", "title", "rating", "federation", "fide_id", "rank", "points", "values")
    a, b = (json.loads((tmp_path / n).read_text(encoding="utf-8"))["standings"] for n in ("a.json", "b.json"))
    assert [[e[f] for f in fields] for e in b] == [[e[f] for f in fields] for e in a]
    bruno = next(e for e in b if e["start_number"] == 2)
    assert (bruno["title"], bruno["federation"], bruno["fide_id"]) == ("WGM", "ESP", "12345002")
    back = read_workbook(tmp_path / "rich.xlsx").player(2)
    assert (back.sex, back.birth_date) == ("m", "1990/01/01")


def test_the_event_details_of_a_trf_survive_the_workbook(tmp_path, capsys):
    # Issue 20: TRF 022 (place), 032 (federation), 052 (end date), 102 (chief arbiter), 112 (deputies)
    # and 122 (time control) were lost by `tbxl workbook`; they stand on its Event sheet now and come
    # back in `tbxl compute --format json` and in the report's heading.
    header = [
        "012 Hanoi Open 2026",
        "022 Hà Nội",
        "032 VIE",
        "042 2026/03/01",
        "052 2026/03/08",
        "102 Nguyễn Văn Trọng Tài",
        "112 First Deputy",
        "112 Second Deputy",
        "122 90'+30\"",
    ]
    lines = [
        line for line in Path(SWISS).read_text(encoding="utf-8").splitlines() if not line.startswith(("012", "042"))
    ]
    trf = tmp_path / "hanoi.trf"
    trf.write_text("\n".join(header + lines) + "\n", encoding="utf-8")
    book = tmp_path / "hanoi.xlsx"
    assert cli.main(["workbook", str(trf), "-o", str(book)]) == 0
    ws = openpyxl.load_workbook(book)["Event"]
    # (then the rows where the organizer types the decisions, empty; the notes in column D)
    assert [[c.value for c in row[:2]] for row in ws.iter_rows()] == [
        ["Place", "Hà Nội"],
        ["Federation", "VIE"],
        ["End date", __import__("datetime").datetime(2026, 3, 8)],
        ["Chief arbiter", "Nguyễn Văn Trọng Tài"],
        ["Deputy arbiter", "First Deputy"],
        ["Deputy arbiter", "Second Deputy"],
        ["Time control", "90'+30\""],
        ["Expelled", None],
        ["Estimated rating", None],
        ["Rating from round", None],
        ["List change", None],
        ["Given value", None],
    ]
    capsys.readouterr()
    heads = []
    for source in (trf, book):
        assert cli.main(["compute", str(source), "--format", "json"]) == 0
        heads.append(json.loads(capsys.readouterr().out)["tournament"])
    from_trf, from_book = heads
    expected = {
        "name": "Hanoi Open 2026",
        "start_date": "2026-03-01",
        "end_date": "2026-03-08",
        "place": "Hà Nội",
        "federation": "VIE",
        "chief_arbiter": "Nguyễn Văn Trọng Tài",
        "deputy_arbiters": ["First Deputy", "Second Deputy"],
        "time_control": "90'+30\"",
    }
    for key, value in expected.items():
        assert from_book[key] == value == from_trf[key], key
    # the report made from the workbook prints them in its heading, as the TRF's does
    pages = []
    for source in (trf, book):
        out = tmp_path / f"{source.stem}{source.suffix[1:]}.html"
        assert cli.main(["report", str(source), "--html", "-o", str(out)]) == 0
        pages.append(out.read_text(encoding="utf-8"))
    for text in ("Hà Nội", "Nguyễn Văn Trọng Tài", "First Deputy", "Second Deputy", "VIE", "90&#39;+30"):
        assert text in pages[1] and text in pages[0], text
    capsys.readouterr()
    # a bad date on the Event sheet is named by its cell; a workbook without the sheet reads as before
    wb = openpyxl.load_workbook(book)
    wb["Event"]["B3"] = "8 March"
    wb.save(tmp_path / "bad.xlsx")
    with pytest.raises(InputError, match=r"bad\.xlsx!Event!B3: '8 March' is not a date"):
        read_workbook(tmp_path / "bad.xlsx")
    del wb["Event"]
    wb.save(tmp_path / "old.xlsx")
    old = read_workbook(tmp_path / "old.xlsx")
    assert (old.city, old.end_date, old.chief_arbiter, old.start_date) == (
        "",
        None,
        "",
        __import__("datetime").date(2026, 3, 1),
    )


def test_a_team_workbook_keeps_the_event_details_and_its_start_date(tmp_path, capsys):
    from tbxl.io.trf import read_team_trf

    team = DATA / "team" / "grandmommyscup.trf"
    book = tmp_path / "team.xlsx"
    assert cli.main(["workbook", str(team), "-o", str(book)]) == 0
    capsys.readouterr()
    back = read_workbook_team(book)
    t = read_team_trf(team)
    for field in ("start_date", "end_date", "city", "federation", "chief_arbiter", "deputy_arbiters", "time_control"):
        assert getattr(back, field) == getattr(t, field), field
    assert back.deputy_arbiters == ("The First Deputy Arbiter", "The Second Deputy Arbiter")


def read_workbook_team(path):
    from tbxl.io.workbook import read_team_workbook

    return read_team_workbook(path)


def test_play_off_and_lots_in_the_workbook(tmp_path, capsys):
    # Issue 20: the organizer types the play-off's order into Standings!E1 and the lots' seed into E2;
    # STANDINGS takes them and says in a Decided column how each such place was decided, as
    # `tbxl compute --playoff ... --lots ...` does.
    book = tmp_path / "ties.xlsx"
    assert (
        cli.main(
            ["workbook", str(SWISS), "--tiebreaks", "WIN", "--playoff", "4>3>1", "--lots", "Open2026", "-o", str(book)]
        )
        == 0
    )
    capsys.readouterr()
    assert (
        cli.main(
            [
                "compute",
                str(SWISS),
                "--tiebreaks",
                "WIN",
                "--playoff",
                "4>3>1",
                "--lots",
                "Open2026",
                "--format",
                "json",
            ]
        )
        == 0
    )
    cli_rows = json.loads(capsys.readouterr().out)["standings"]
    wb = openpyxl.load_workbook(book)
    st = wb["Standings"]
    assert [(st[f"D{r}"].value, st[f"E{r}"].value) for r in (1, 2)] == [
        ("Play-off", "4>3>1"),
        ("Lots seed", "Open2026"),
    ]
    assert st["A6"].value.text == '=STANDINGS(Crosstable!$A$1:$L$17,$B$4,$B$3,"",$E$1,$E$2,Event!$A$1:$B$100)'
    stored = openpyxl.load_workbook(book, data_only=True)["Standings"]
    head = [stored.cell(6, c).value for c in range(1, 7)]
    assert head == ["Rank", "SNo", "Name", "Pts", "WIN", "Decided"]
    spill = [[stored.cell(r, c).value for c in range(1, 7)] for r in range(7, 23)]
    # David (4) won the play-off over Charline (3) and Alyx (1): places 3, 4, 5, "play-off" for the three
    assert spill[2:5] == [
        [3, 4, "David", 3.5, 2, "play-off"],
        [4, 3, "Charline", 3.5, 2, "play-off"],
        [5, 1, "Alyx", 3.5, 2, "play-off"],
    ]
    # the lots (seed Open2026) order the groups nobody played off, e.g. Helene, Irina and Maria on 2.5
    lots = [row for row in spill if row[5] == "lots"]
    assert {row[1] for row in lots} == {5, 8, 11, 12, 14, 15, 7, 9, 13}
    assert [row[1] for row in spill] == [r["start_number"] for r in cli_rows]
    assert [row[5] or None for row in spill] == [r["decided_by"] for r in cli_rows]
    # what Excel computes: the formulas engine gives the stored spill
    values = evaluate(book)
    for i, row in enumerate(spill):
        assert [plain(values[("STANDINGS", f"{openpyxl.utils.get_column_letter(c)}{7 + i}")]) for c in range(1, 7)] == [
            v if v is not None else "" for v in row
        ]
    # the organizer clears the seed and names a play-off that is not a tie: the places stay shared, and
    # a bad order is #VALUE! with its reason
    st["E2"] = None
    st["E1"] = "3>4"
    wb.save(tmp_path / "bad.xlsx")
    assert str(evaluate(tmp_path / "bad.xlsx")[("STANDINGS", "A6")]) == "#VALUE!"
    with pytest.raises(ValueError, match=r"playoff 3>4: 1 is also equal with them on every tie-break \(place 3-5\)"):
        excel.STANDINGS(to_grid(read_trf(SWISS), "compact"), "WIN", "", "", "3>4", "")
    assert excel.STANDINGS(to_grid(read_trf(SWISS), "compact"), "WIN", "", "", [["4>3>1"], [None]], 0)[3] == [
        3,
        4,
        "David",
        3.5,
        2,
        "play-off",
    ]
    # a workbook without play-off settings spills no Decided column (the shipped ones)
    plain_spill = openpyxl.load_workbook(BOOKS / "tec-swiss.xlsx", data_only=True)["Standings"]
    assert [plain_spill.cell(6, c).value for c in range(1, 11)] == [
        "Rank",
        "SNo",
        "Name",
        "Pts",
        "BH/C1",
        "BH",
        "SB",
        "PS",
        "WIN",
        None,
    ]


def test_compute_on_the_workbook_applies_its_play_off_and_lots(tmp_path, capsys):
    """``tbxl compute book.xlsx`` ranks as the workbook's STANDINGS does: the Play-off and Lots seed
    settings (Standings!E1:E2) decide its shared places; the command line's replace them, and a bad
    setting names its cell."""
    book = tmp_path / "ties.xlsx"
    assert (
        cli.main(
            ["workbook", str(SWISS), "--tiebreaks", "WIN", "--playoff", "4>3>1", "--lots", "Open2026", "-o", str(book)]
        )
        == 0
    )
    capsys.readouterr()
    assert (
        cli.main(
            [
                "compute",
                str(SWISS),
                "--tiebreaks",
                "WIN",
                "--playoff",
                "4>3>1",
                "--lots",
                "Open2026",
                "--format",
                "json",
            ]
        )
        == 0
    )
    by_options = json.loads(capsys.readouterr().out)
    assert cli.main(["compute", str(book), "--format", "json"]) == 0
    by_workbook = json.loads(capsys.readouterr().out)
    assert by_workbook["lots_seed"] == "Open2026"
    assert [(r["rank"], r["start_number"], r["decided_by"]) for r in by_workbook["standings"]] == [
        (r["rank"], r["start_number"], r["decided_by"]) for r in by_options["standings"]
    ]
    assert [r["decided_by"] for r in by_workbook["standings"][2:5]] == ["play-off"] * 3
    # The command line's play-off replaces the workbook's; its seed stays.
    assert cli.main(["compute", str(book), "--playoff", "1>3>4", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [r["start_number"] for r in doc["standings"][2:5]] == [1, 3, 4] and doc["lots_seed"] == "Open2026"
    # Standings after round 3 are not decided by the final play-off.
    assert cli.main(["compute", str(book), "--after-round", "3", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["lots_seed"] is None
    wb = openpyxl.load_workbook(book)
    wb["Standings"]["E1"] = "4>x"
    wb.save(tmp_path / "bad.xlsx")
    assert cli.main(["compute", str(tmp_path / "bad.xlsx")]) == 1
    err = capsys.readouterr().err
    assert "bad.xlsx!Standings!E1" in err and "Play-off" in err and len(err.splitlines()) == 1
    wb = openpyxl.load_workbook(book)
    wb["Standings"]["E2"] = "Open\x7f"
    wb.save(tmp_path / "bad-seed.xlsx")
    assert cli.main(["compute", str(tmp_path / "bad-seed.xlsx")]) == 1
    assert "bad-seed.xlsx!Standings!E2: Lots seed 'Open\\x7f': the seed holds a control" in capsys.readouterr().err
