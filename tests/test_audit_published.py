"""tbxl audit reading published standings (CSV, XLSX, Swiss-Manager exports, a caller's rows): the numbers,
where each was read, and clear located errors for tables that cannot be read."""

from __future__ import annotations

import csv
import json
from fractions import Fraction
from pathlib import Path

import pytest

from auditing import SWISS, write_csv
from tbxl import rules as conventions
from tbxl.audit import audit
from tbxl.errors import InputError
from tbxl.formatting import decimal_text
from tbxl.io.published import RANK, published_from_rows, read_published
from tbxl.rules import get
from tbxl.standings import compute_standings

# -- reading published tables -------------------------------------------------------------------


def test_swiss_manager_style_export(swiss, tmp_path):
    """Title lines above the header, semicolons, decimal commas, CP1252, numbered TB columns
    mapped onto the file's tie-break list."""
    st = compute_standings(swiss, "BH/C1,BH,SB", conventions.get("fide-2024"))
    rows = [
        [r.rank, r.player.start_number, "", r.player.name, "NOR", r.player.rating, decimal_text(r.points, comma=True)]
        + [decimal_text(r.values[c], comma=True) for c in ("BH/C1", "BH", "SB")]
        for r in st.rows
    ]
    path = tmp_path / "sm.csv"
    with open(path, "w", newline="", encoding="cp1252") as f:
        f.write("Final Ranking crosstable after 5 Rounds\n\n")
        w = csv.writer(f, delimiter=";")
        w.writerow(["Rk.", "SNo", "", "Name", "FED", "Rtg", "Pts.", "TB1", "TB2", "TB3"])
        w.writerows(rows)
        f.write("\nTie Break1: Buchholz Tie-Breaks (variabel with parameter)\n")
    table = read_published(path, swiss, tiebreaks=["BH/C1", "BH", "SB"])
    assert table.tiebreaks == ["BH/C1", "BH", "SB"]
    codes = {v.code for v in table.values}
    assert codes == {"RANK", "PTS", "BH/C1", "BH", "SB"}
    david = {v.code: v for v in table.values if v.start_number == 4}
    assert david["SB"].value == Fraction(39, 4) and david["SB"].text == "9,75"
    assert david["BH"].place == "sm.csv:6, column 'TB2'"
    result = audit(swiss, table, rules=get("fide-2024"))
    assert result.summary == {"checked": 80, "agree": 80, "explained": 0, "unexplained": 0, "skipped": 0}


def test_xlsx_published_table(swiss, tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Standings"
    ws.append(["Start No", "Player", "Buchholz Cut 1", "Sonneborn-Berger"])
    ws.append([4, "David", 11.5, 9.75])
    ws.append([6, "Franck", 11, "6,5"])
    path = tmp_path / "bulletin.xlsx"
    wb.save(path)
    table = read_published(path, swiss)
    assert [(v.start_number, v.code, v.value) for v in table.values] == [
        (4, "BH/C1", Fraction(23, 2)),
        (4, "SB", Fraction(39, 4)),
        (6, "BH/C1", 11),
        (6, "SB", Fraction(13, 2)),
    ]
    assert table.values[0].place == "bulletin.xlsx!Standings!C2, column 'Buchholz Cut 1'"
    assert audit(swiss, table, rules=get("fide-2024")).summary["agree"] == 4


def test_published_from_rows_reads_cells_as_a_spreadsheet_shows_them(swiss):
    """Rows of cells (what a spreadsheet range holds) read like a CSV: floats as the decimal they
    show, at most Excel's 15 significant digits (79/6 computed in Excel is 13.166666666666666,
    shown as 13.1666666666667), text with a decimal comma, empty cells not published."""
    table = published_from_rows(
        ["SNo", "Name", "AOB", "SB", "Rk."],
        [
            [14.0, "Paul", float(Fraction(79, 6)), "4,5", None],
            [4, "David", 13.375, 9.75, 3.0],
            [None, None, None, None, None],
        ],
        swiss,
        source="sheet",
    )
    assert [(v.start_number, v.code, v.text, v.value, v.decimals, v.place) for v in table.values] == [
        (14, "AOB", "13.1666666666667", Fraction(131666666666667, 10**13), 13, "C2, column 'AOB'"),
        (14, "SB", "4,5", Fraction(9, 2), 2, "D2, column 'SB'"),
        (4, "AOB", "13.375", Fraction(107, 8), 13, "C3, column 'AOB'"),
        (4, "SB", "9.75", Fraction(39, 4), 2, "D3, column 'SB'"),
        (4, RANK, "3", 3, 0, "E3, column 'Rk.'"),
    ]
    assert table.tiebreaks == ["AOB", "SB"] and table.source == "sheet"
    assert audit(swiss, table, rules=get("fide-2024")).summary == {
        "checked": 5,
        "agree": 5,
        "explained": 0,
        "unexplained": 0,
        "skipped": 0,
    }
    with pytest.raises(InputError, match=r"^E3: player 4: column 'Rk.': rank '3.5' is not a whole number"):
        published_from_rows(["SNo", "Name", "AOB", "SB", "Rk."], [[], [4, "David", 13.375, 9.75, 3.5]], swiss)
    with pytest.raises(InputError, match=r"the header row \('Name', 'BH'\) has no start-number column"):
        published_from_rows(["Name", "BH"], [["David", 15]], swiss)
    with pytest.raises(InputError, match=r"the header row \('SNo', 'Name'\) has no tie-break, rank or points"):
        published_from_rows(["SNo", "Name"], [[4, "David"]], swiss)


def test_map_names_what_is_not_obvious(swiss, tmp_path):
    path = write_csv(tmp_path / "m.csv", ["Nr", "Wert A", "Wert B"], [[4, "15", "9.75"]])
    with pytest.raises(InputError, match="no header row"):
        read_published(path, swiss)
    table = read_published(path, swiss, mapping=["Wert A=BH", "Wert B=SB"])
    assert [(v.code, v.value) for v in table.values] == [("BH", 15), ("SB", Fraction(39, 4))]


@pytest.mark.parametrize(
    "rows, message",
    [
        ([["SNo", "BH"], ["4", "1x"]], r"b\.csv:2: player 4: column 'BH' \(BH\): '1x' is not a number"),
        ([["SNo", "BH"], ["77", "12"]], r"b\.csv:2: no player with start number 77"),
        ([["SNo", "BH"], ["4", "12"], ["4", "13"]], r"b\.csv:3: start number 4 appears twice \(first at b\.csv:2\)"),
        ([["SNo", "BH", "BH-C1", "Buchholz"], ["4", "1", "2", "3"]], r"2 columns hold BH"),
        ([["SNo", "TB1", "TB2"], ["4", "1", "2"]], r"column 'TB1' is tie-break 1, but the tie-break list has 0.*--map"),
        ([["Name", "Club"], ["A", "B"]], r"no header row"),
    ],
)
def test_bad_published_tables_are_located(swiss, tmp_path, rows, message):
    path = write_csv(tmp_path / "b.csv", rows[0], rows[1:])
    with pytest.raises(InputError, match=message):
        read_published(path, swiss)


def test_cli_errors_and_outputs(tmp_path, run_cli):
    path = write_csv(tmp_path / "b.csv", ["SNo", "BH"], [["4", "15"]])
    code, _, err = run_cli("audit", SWISS, "--map", "TB1=BH")
    assert code == 2 and "--map names columns of a --published file" in err
    code, _, err = run_cli("audit", SWISS, "--published", tmp_path / "missing.csv")
    assert code == 1 and "missing.csv: no such file" in err
    code, _, err = run_cli("audit", SWISS, "--published", path, "-o", path)
    assert code == 1 and path.read_text().startswith("SNo")  # the input is never overwritten
    out_file = tmp_path / "audit.json"
    code, _, _ = run_cli(
        "audit", SWISS, "--published", path, "--rules", "fide-2026", "--format", "json", "-o", out_file
    )
    doc = json.loads(out_file.read_text())
    assert code == 0 and doc["ok"] is True
    assert doc["summary"] == {"checked": 1, "agree": 0, "explained": 1, "unexplained": 0, "skipped": 0}
    f = doc["findings"][0]
    assert (f["start_number"], f["code"], f["published"], f["computed"], f["matches"][0]) == (
        4,
        "BH",
        "15",
        14,
        "fide-2024",
    )


def test_a_bulletin_saved_as_unicode_text_utf16_with_tabs_is_read(tmp_path):
    # Excel's "Unicode Text" is UTF-16 with a BOM and tabs: read as the TRF reader reads UTF-16
    # (it was "no header row").
    from tbxl.io.published import read_published
    from tbxl.io.trf import read_trf

    t = read_trf(str(Path(__file__).parent / "data" / "tec-2023" / "held_swiss_5.trf"))
    path = tmp_path / "bulletin.txt"
    path.write_bytes("SNo\tName\tPts\tBH\n2\tBruno\t4\t13\n1\tAlyx\t3,5\t13\n".encode("utf-16"))
    bulletin = read_published(path, t, tiebreaks=["BH"])
    assert [(v.start_number, v.code, v.text) for v in bulletin.values if v.code == "BH"] == [
        (2, "BH", "13"),
        (1, "BH", "13"),
    ]
