"""STANDINGS: the spill of the standings, its defaults and its errors."""

from __future__ import annotations

import pytest

from excel_support import fresh_cache, office_js, rr, same, swiss  # noqa: F401 (fixtures)
from tbxl import excel
from tbxl import rules as conventions
from tbxl.io.grid import to_grid
from tbxl.standings import compute_standings

# -- STANDINGS ------------------------------------------------------------------------------


def test_standings_spill(swiss):
    grid = office_js(to_grid(swiss, "compact"))
    table = excel.STANDINGS(grid, "BH/C1,BH,SB", "fide-2024")
    st = compute_standings(swiss, "BH/C1,BH,SB", conventions.get("fide-2024"))
    assert table[0] == ["Rank", "SNo", "Name", "Pts", "BH/C1", "BH", "SB"]
    assert len(table) == 1 + len(st.rows)
    for out, row in zip(table[1:], st.rows):
        assert out[1] == row.player.start_number and out[2] == row.player.name
        assert out[0] == (row.rank if row.rank_label == str(row.rank) else row.rank_label)
        assert same(out[3], row.points)
        for k, code in enumerate(st.codes):
            assert same(out[4 + k], row.values[code])
    # defaults: the Swiss list; a range of codes works like the text
    assert excel.STANDINGS(grid)[0][4:] == ["BH/C1", "BH", "SB", "PS", "WIN"]
    assert excel.STANDINGS(grid, [["BH/C1"], ["SB"], [0]], "fide-2024") == excel.STANDINGS(
        grid, "BH/C1,SB", "fide-2024"
    )
    for row in table[1:]:
        for v in row:
            assert isinstance(v, (int, float, str)) and v == v  # never NaN, never None


def test_standings_round_robin_defaults_and_shared_places(rr):
    table = excel.STANDINGS(to_grid(rr, "matrix"))
    assert table[0][4:] == ["DE", "SB", "WIN", "KS"]
    assert [r[1] for r in table[1:]] == [1, 2, 3, 6, 5, 4]
    assert table[2][0] == "2-3" and table[3][0] == "2-3"


def test_standings_errors(swiss):
    grid = to_grid(swiss, "compact")
    with pytest.raises(ValueError, match="unknown tie-break 'XYZ'"):
        excel.STANDINGS(grid, "BH,XYZ")
    with pytest.raises(ValueError, match="unknown rules"):
        excel.STANDINGS(grid, "", "fide-1900")
