"""tbxl.io.grid.cells: a cell's text, blanks, numbers, A1 references, header words and layout names,
each defined once and used by every reader and writer of cells."""

from __future__ import annotations

import warnings
from fractions import Fraction as F

import pytest

from conftest import DATA
from tbxl import excel
from tbxl.errors import InputError, InputWarning
from tbxl.formatting import exact_text, short_decimal
from tbxl.io.grid import read_grid, to_grid
from tbxl.io.grid.cells import (
    LAYOUTS,
    a1,
    blank,
    cell_number,
    column_letters,
    header_role,
    is_header_word,
    layout_name,
    parse_number,
    parse_origin,
    points_value,
    text_of,
)
from tbxl.io.trf import read_trf

# -- text and blanks -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "value,text",
    [
        (None, ""),
        (float("nan"), ""),
        (12.0, "12"),
        (0.5, "0.5"),
        (True, "TRUE"),
        (7, "7"),
        (" Trần\xa0 Văn  Ánh ", "Trần Văn Ánh"),
        ("Иванов", "Иванов"),
    ],
)
def test_text_of(value, text):
    assert text_of(value) == text
    assert text_of(10**5000) == "#NUM!"  # str() refuses ints over 4300 digits


def test_blank_is_empty_or_excels_zero():
    assert blank("") and blank("0") and not blank("00") and not blank("-")


# -- numbers ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text,options,expected",
    [
        ("3.5", {}, (F(7, 2), 1)),
        ("3,5", {}, (F(7, 2), 1)),  # decimal comma
        (",5", {}, (F(1, 2), 1)),
        ("12.", {}, (F(12), 0)),  # a rank's dot
        ("13.375", {}, (F(107, 8), 3)),
        ("4½", {"half": True}, (F(9, 2), 1)),  # 4 + 1/2
        ("½", {"half": True}, (F(1, 2), 1)),
        ("4½", {}, None),  # TRF fields have no ½
        ("3.5½", {"half": True}, None),  # a half after decimals is no number
        ("-2.5", {"signed": True}, (F(-5, 2), 1)),
        ("-2.5", {}, None),
        ("+1", {"signed": True}, (F(1), 0)),
        ("7/2", {"ratio": True}, (F(7, 2), 0)),
        ("7/0", {"ratio": True}, None),
        ("7/2", {}, None),
        ("3 5", {}, None),
        ("", {}, None),
        (".", {}, None),
        ("-", {"signed": True}, None),
        ("²", {}, None),
        ("1" * 16, {}, None),  # over 15 digits: no number is that long
    ],
)
def test_parse_number(text, options, expected):
    assert parse_number(text, **options) == expected


def test_points_cells_read_floats_as_small_fractions():
    assert points_value(2.5, "2.5") == F(5, 2)
    assert points_value(None, "3 ½") == F(7, 2)  # blanks inside a cell are squashed first
    assert points_value(None, "Ann") is None


@pytest.mark.parametrize(
    "value,cell,exact",
    [(F(5), 5, 5), (F(5, 2), 2.5, 2.5), (F(3, 4), 0.75, 0.75), (F(1, 3), 1 / 3, "1/3"), (None, "", ""), (7, 7, 7)],
)
def test_cell_number(value, cell, exact):
    assert cell_number(value) == cell and type(cell_number(value)) is type(cell)
    assert cell_number(value, exact=True) == exact


def test_print_forms_are_exact():
    # 7/2 = 3.5; 10/3 has no short decimal; -1/4 = -0.25
    assert [exact_text(F(7, 2)), exact_text(F(10, 3)), exact_text(F(-1, 4)), exact_text(3)] == [
        "3.5",
        "10/3",
        "-0.25",
        "3",
    ]
    assert short_decimal(F(3), 1) == "3.0" and short_decimal(F(1, 64), 1) == "0.015625"
    with pytest.raises(ValueError, match="no short decimal"):
        short_decimal(F(1, 3))


def test_printed_numbers_read_back():
    for k in range(-40, 41):
        v = F(k, 4)
        assert parse_number(exact_text(v), signed=True)[0] == v


# -- A1 references ---------------------------------------------------------------------------


def test_column_letters_and_origins_are_inverse():
    assert [column_letters(c) for c in (0, 25, 26, 51, 52, 701, 702, 18277)] == [
        "A",
        "Z",
        "AA",
        "AZ",
        "BA",
        "ZZ",
        "AAA",
        "ZZZ",
    ]
    for c in range(0, 18278, 7):
        assert parse_origin(f"Sheet!${column_letters(c)}$9") == ("Sheet!", c, 8)
    assert a1(2, 4) == "C5" and a1(0, 0, "Crosstable!") == "Crosstable!A1"
    with pytest.raises(ValueError, match="A1 reference"):
        parse_origin("A0")


# -- header words ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "word,role",
    [
        ("SNo", "sno"),
        ("Start-Nr.", "sno"),
        ("№", "sno"),
        ("Số xuất phát", "sno"),
        ("Rk.", "rank"),
        ("Xếp hạng", "rank"),
        ("Место", "rank"),
        ("Puesto", "rank"),
        ("Pts.", "points"),
        ("Điểm", "points"),
        ("Очки", "points"),
        ("Mata", "points"),
        ("Total", "points"),
        ("Name", "name"),
        ("Tên", "name"),
        ("Участник", "name"),
        ("Pemain", "name"),
        ("Elo", "rating"),
        ("Fed", "fed"),
        ("Câu lạc bộ", "club"),
        ("Kelab", "club"),
        ("Sex", "sex"),
        ("Born", "birth"),
        ("FIDE ID", "fideid"),
        ("R1", None),
        ("BH/C1", None),
        ("Ann", None),
    ],
)
def test_header_roles_of_every_language(word, role):
    assert header_role(word) == role


def test_header_words_of_a_crosstable():
    assert all(map(is_header_word, ["Rd 1", "1.Rd", "TB2", "Buchholz Cut 1", "SB", "Điểm", "#"]))
    assert not any(map(is_header_word, ["K", "Ann", "2w1", "12"]))  # K: a player over a matrix


def test_a_crosstable_headed_in_vietnamese_or_russian_reads_and_checks_its_points():
    # Ann beat Bob and drew Cy: 1 + 1/2 = 1.5; Bob lost, then had a zero-point bye: 0; Cy had the
    # pairing-allocated bye and drew Ann: 1 + 1/2 = 1.5.
    rows = [[1, "Ann", "2w1", "3b½", 1.5], [2, "Bob", "1b0", "Z", 0], [3, "Cy", "bye", "1w½", 1.5]]
    for head in (["Số xuất phát", "Tên", "V1", "V2", "Điểm"], ["№", "Участник", "Тур 1", "Тур 2", "Очки"]):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            t = read_grid([head] + rows)
        assert [p.name for p in t.players] == ["Ann", "Bob", "Cy"]
        assert [p.declared_points for p in t.players] == [F(3, 2), 0, F(3, 2)]
        bad = [head] + [rows[0][:4] + ["2,5"]] + rows[1:]
        with pytest.warns(InputWarning, match=r"E2: row 2: the points column says 2.5 but the results give 1.5"):
            read_grid(bad)


# -- layout names: accepted with their aliases everywhere --------------------------------------


@pytest.mark.parametrize(
    "alias,name",
    [
        ("compact", "compact"),
        ("SM", "sm3"),
        (" Swiss-Manager ", "sm3"),
        ("berger", "matrix"),
        ("round-robin", "matrix"),
    ],
)
def test_layout_aliases(alias, name):
    assert layout_name(alias) == name in LAYOUTS


def test_unknown_layouts_are_refused_alike_everywhere(tmp_path):
    with pytest.raises(ValueError, match="unknown layout 'grid': expected one of compact, sm3, matrix"):
        layout_name("grid")
    t = read_trf(DATA / "tec-2023" / "held_swiss_5.trf")
    with pytest.raises(ValueError, match="unknown layout 'grid'"):
        to_grid(t, "grid")
    with pytest.raises(ValueError, match="unknown layout 'grid'"):
        excel.BUCHHOLZ(to_grid(t, "compact"), 1, "fide-2024", "grid")


def test_an_alias_is_read_by_the_excel_functions_and_the_workbook_writer(tmp_path):
    pytest.importorskip("openpyxl")
    from tbxl.workbook import write_workbook

    t = read_trf(DATA / "tec-2023" / "held_swiss_5.trf")
    grid = to_grid(t, "sm3")
    assert excel.BUCHHOLZ(grid, 3, "fide-2024", "Swiss-Manager") == excel.BUCHHOLZ(grid, 3, "fide-2024", "sm3") == 15.5
    write_workbook(t, tmp_path / "a.xlsx", layout="SM")
    with pytest.raises(InputError, match="unknown layout 'grid'"):
        write_workbook(t, tmp_path / "b.xlsx", layout="grid")
