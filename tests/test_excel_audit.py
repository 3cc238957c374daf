"""AUDIT: published values against the ones computed, under every rule set."""

from __future__ import annotations

from fractions import Fraction

import pytest

from excel_support import classic, fresh_cache, office_js, same, swiss  # noqa: F401 (fixtures)
from tbxl import excel
from tbxl import rules as conventions
from tbxl.io.grid import to_grid
from tbxl.rules import get
from tbxl.standings import compute_standings

# -- AUDIT ----------------------------------------------------------------------------------


def bulletin(t, rules, codes, head=None):
    """A published range as a program following ``rules`` prints it into a sheet, as Excel passes it
    to a function: SNo, Name, one column per code, numbers as floats, "-" for no value."""
    st = compute_standings(t, codes, conventions.resolve(rules, t.start_date))
    rows = [
        [float(r.player.start_number), r.player.name]
        + ["-" if r.values[c] is None else float(r.values[c]) for c in codes]
        for r in st.rows
    ]
    return [["SNo", "Name"] + (head or list(codes))] + rows


def bh_differs(t, a, b) -> list[int]:
    """Start numbers whose Buchholz differs between rules ``a`` and ``b``."""
    sa, sb = (compute_standings(t, "BH", conventions.resolve(x, t.start_date)) for x in (a, b))
    return sorted(
        r.player.start_number for r in sa.rows if r.values["BH"] != sb.row(r.player.start_number).values["BH"]
    )


def test_audit_lists_exactly_the_values_made_under_other_rules(swiss):
    grid = office_js(to_grid(swiss, "compact"))
    differ = bh_differs(swiss, "fide-2024", "fide-2026")
    assert differ == [4, 6, 11]  # the exercise's players with an unplayed round the 2026 caps change
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
    assert (
        table[1][7]
        == "round 2, half-point bye: 3.5 instead of 2.5, without \u201ccapped at a draw x 5 rounds = 2.5\u201d"
    )
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
    assert excel.AUDIT(grid, bulletin(swiss, "fide-2024", ["BH"]), "fide-2024") == "all 16 values agree with fide-2024"
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
    published = [
        ["Nr.", "AOB", "Sonneborn-Berger"],
        [4.0, 13.375, "9,75"],
        [14.0, float(Fraction(79, 6)), "4,5"],  # 13.166666666666666: Excel shows 13.1666666666667
        [16.0, 13.3, " 7,25 "],
    ]
    assert excel.AUDIT(grid, published, "fide-2024") == "all 6 values agree with fide-2024"
    # the last decimal counts: 13.376 is not 13.375, 9,70 is not 9.75
    published[1][1:] = [13.376, "9,70"]
    table = excel.AUDIT(grid, published, "fide-2024")
    assert [(row[0], row[2], row[3]) for row in table[1:]] == [(4, "AOB", 13.376), (4, "SB", 9.7)]
    assert all(row[5] == "unexplained" for row in table[1:])


def test_audit_spill_is_the_core_audit(swiss):
    from tbxl.audit import audit
    from tbxl.io.published import published_from_rows

    grid = to_grid(swiss, "compact")
    codes = ["BH/C1", "BH", "SB"]
    st = compute_standings(swiss, codes, conventions.get("fide-2024"))
    published = [["Rk.", "SNo", "Name", "Pts"] + codes] + [
        [float(r.rank), float(r.player.start_number), r.player.name, float(r.points)]
        + [float(r.values[c]) for c in codes]
        for r in st.rows
    ]
    core = audit(swiss, published_from_rows(published[0], published[1:], swiss), rules=get("fide-2026")).differences
    table = excel.AUDIT(grid, published, "fide-2026")
    assert len(table) == 1 + len(core) and any(f.code == "RANK" for f in core)
    for row, f in zip(table[1:], core):
        assert row[0] == f.start_number and row[5] == f.status and row[6] == f.matches[0]
        assert row[2] == ("Rank" if f.code == "RANK" else f.code)
        if f.code == "RANK":
            assert row[3] == int(f.published.value) and row[4] == (
                int(f.computed) if f.computed.isdigit() else f.computed
            )
            assert type(row[3]) is int


def test_audit_errors_are_readable(swiss):
    grid = to_grid(swiss, "compact")
    cases = [
        (
            [["Name", "BH"], ["David", 15.0]],
            r"^the header row \('Name', 'BH'\) has no start-number column \(SNo, Nr., Start No ...\)$",
        ),
        (
            [["SNo", "TB1"], [4.0, 15.0]],
            r"^B1: column 'TB1' is tie-break 1, but the crosstable has no tie-break list: head the column with "
            r"the tie-break's code or name instead, e.g. BH/C1",
        ),
        ([["SNo", "Name"], [4.0, "David"]], r"has no tie-break, rank or points column"),
        ([["SNo", "BH"], [4.0, 15.0], [6.0, "1x"]], r"^B3: column 'BH' \(BH\): '1x' is not a number$"),
        ([["SNo", "BH"], [17.0, 15.0]], r"^A2: no player with start number 17 in the tournament$"),
        ([["SNo", "BH"], [4.0, 15.0], [4.0, 15.0]], r"^A3: start number 4 appears twice \(first at A2\)$"),
        ([["SNo", "BH"], [4.5, 15.0]], r"^A2: start number '4.5' in column 'SNo' is not a number$"),
        ([["SNo", "BH", "Buchholz"], [4.0, 15.0, 15.0]], r"^2 columns hold BH: 'BH', 'Buchholz'$"),
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
    assert excel.AUDIT(template, padded) == ""  # no results yet: nothing to audit


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
