"""tbxl.io.published on its own: what a published column means in any language, its numbers read
exactly, ``--map``, and a published table read from rows as a spreadsheet holds them."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from conftest import DATA
from tbxl.errors import InputError, UnknownTiebreak
from tbxl.io.published import (
    IGNORE,
    POINTS,
    RANK,
    START,
    NumberedColumn,
    column_meaning,
    number_text,
    parse_mapping,
    published_from_rows,
    published_ranks,
)
from tbxl.io.trf import read_trf


@pytest.fixture(scope="module")
def swiss():
    return read_trf(DATA / "tec-2023" / "held_swiss_5.trf")


@pytest.mark.parametrize(
    "text,value,decimals",
    [
        ("41,5", F(83, 2), 1),
        ("4½", F(9, 2), 1),
        ("13.38", F(669, 50), 2),
        ("12.", F(12), 0),
        (" 9,75 ", F(39, 4), 2),
        ("1 234", F(1234), 0),
        ("-0,5", F(-1, 2), 1),
        ("+3", F(3), 0),
        ("½", F(1, 2), 1),
        ("-", None, 0),
        ("—", None, 0),
        ("n/a", None, 0),
        ("#N/A", None, 0),
    ],
)
def test_number_text(text, value, decimals):
    assert number_text(text) == (value, decimals)


@pytest.mark.parametrize("text", ["", "abc", "3.5½", "7/2", "1.2.3", "½½"])
def test_what_is_no_number_is_a_value_error(text):
    with pytest.raises(ValueError):
        number_text(text)


@pytest.mark.parametrize(
    "header,meaning",
    [
        ("SNo", START),
        ("Start-Nr.", START),
        ("Số xuất phát", START),
        ("№", START),
        ("Rk.", RANK),
        ("Xếp hạng", RANK),
        ("Место", RANK),
        ("Kedudukan", RANK),
        ("Pts.", POINTS),
        ("Điểm", POINTS),
        ("Очки", POINTS),
        ("Puntos", POINTS),
        ("Total", POINTS),
        ("Name", IGNORE),
        ("Tên", IGNORE),
        ("Участник", IGNORE),
        ("Fed", IGNORE),
        ("Country", IGNORE),
        ("DWZ", IGNORE),
        ("Buchholz Cut 1", "BH/C1"),
        ("BH-C1", "BH/C1"),
        ("Sonneborn-Berger", "SB"),
        ("Бухгольц", "BH"),
        ("Median 1 Buchholz", None),
        ("Wert A", None),
    ],
)
def test_column_meaning_in_every_language(header, meaning):
    assert column_meaning(header) == meaning


def test_numbered_columns_follow_the_tiebreak_list():
    assert [column_meaning(h, ["BH/C1", "BH", "SB"]) for h in ("TB1", "Wtg2", "Desempate3")] == ["BH/C1", "BH", "SB"]
    with pytest.raises(NumberedColumn, match="column 'TB4' is tie-break 4, but the tie-break list has 3"):
        column_meaning("TB4", ["BH/C1", "BH", "SB"])


def test_mapping_settles_a_column_by_its_header_key():
    mapping = parse_mapping(["Wert A=BH/C1", "Nummer=start", "Punkte gesamt=points", "Notiz=ignore"])
    assert mapping == {"werta": "BH/C1", "nummer": START, "punktegesamt": POINTS, "notiz": IGNORE}
    assert column_meaning("Wert-A", mapping=mapping) == "BH/C1"
    with pytest.raises(UnknownTiebreak, match="COLUMN=CODE"):
        parse_mapping(["BH"])


def test_rows_read_in_a_foreign_language(swiss):
    # TEC player 4 (David) has 13.375 AOB: published in Vietnamese headers with a decimal comma.
    table = published_from_rows(["Số xuất phát", "Tên", "AOB", "Xếp hạng"], [[4, "David", "13,375", "3."]], swiss)
    assert [(v.start_number, v.code, v.value, v.text) for v in table.values] == [
        (4, "AOB", F(107, 8), "13,375"),
        (4, RANK, F(3), "3."),
    ]


def test_a_bad_number_is_located(swiss):
    with pytest.raises(InputError, match=r"C2.*'13;375'"):
        published_from_rows(["SNo", "Name", "AOB"], [[4, "David", "13;375"]], swiss)


def test_published_ranks_are_the_trf_rank_column(swiss):
    table = published_ranks(swiss)
    ranks = {v.start_number: v.value for v in table.values if v.code == RANK}
    assert ranks == {p.start_number: p.declared_rank for p in swiss.players if p.declared_rank is not None}
    assert len(ranks) > 10
