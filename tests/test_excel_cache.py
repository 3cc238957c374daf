"""The cache of read crosstables: built once per content, bounded, in-place changes seen."""

from __future__ import annotations

from excel_support import fresh_cache, office_js, swiss  # noqa: F401 (fixtures)
from tbxl import excel
from tbxl.excel import cache
from tbxl.io.grid import to_grid

# -- the cache -------------------------------------------------------------------------------


def test_cache_builds_once_per_content(swiss):
    grid = to_grid(swiss, "compact")
    excel.BUCHHOLZ(grid, 1)
    excel.BUCHHOLZ_CUT(grid, 2)
    excel.SONNEBORN_BERGER(office_js(grid), 3)  # 5.0 == 5: the same content
    excel.SONNEBORN_BERGER([list(r) for r in grid], 3)  # a fresh copy: same content
    excel.STANDINGS(tuple(tuple(r) for r in grid))  # tuples: same content, hashed path
    info = excel.cache_info()
    assert info["builds"] == 1, info
    assert info["contexts"] == 1
    gap = [list(r) for r in grid]
    gap[1][2] = None  # an empty cell is not a 0 cell
    excel.BUCHHOLZ(gap, 1)
    excel.BUCHHOLZ(office_js(gap), 1)
    assert excel.cache_info()["builds"] == 3
    for sn in range(1, 17):
        for f in (excel.BUCHHOLZ, excel.BUCHHOLZ_CUT, excel.SONNEBORN_BERGER, excel.PROGRESSIVE):
            f([list(r) for r in grid], sn)
    assert excel.cache_info()["builds"] == 3


def test_cache_sees_a_grid_changed_in_place(swiss):
    grid = to_grid(swiss, "compact")
    before = excel.BUCHHOLZ(grid, 1, "fide-2024")
    assert grid[2][3] == "10b1" and grid[10][3] == "2w0"
    grid[2][3], grid[10][3] = "10b0", "2w1"  # round 1: Lais beat Bruno, Alyx's round-3 opponent
    after = excel.BUCHHOLZ(grid, 1, "fide-2024")
    assert excel.cache_info()["builds"] == 2
    assert after == before - 1
    excel.cache_clear()
    assert excel.BUCHHOLZ([list(r) for r in grid], 1, "fide-2024") == after


def test_cache_is_bounded(swiss):
    base = to_grid(swiss, "compact")
    for k in range(cache.MAX_BOOKS + 5):
        g = [list(r) for r in base]
        g[1][1] = f"Alyx {k}"
        excel.BUCHHOLZ(g, 1)
    assert excel.cache_info()["size"] == cache.MAX_BOOKS
    assert excel.cache_info()["builds"] == cache.MAX_BOOKS + 5


def test_cache_rules_and_standings_reuse(swiss):
    grid = to_grid(swiss, "compact")
    for rules in ("fide-2024", "fide-2026", "fide-2024", "", 0):
        excel.BUCHHOLZ(grid, 1, rules)
    assert excel.cache_info()["contexts"] == 2
    excel.STANDINGS(grid, "BH,SB")
    excel.STANDINGS(grid, "bh, sb")
    excel.TIEBREAK(grid, 1, "DE")
    excel.TIEBREAK(grid, 2, "DE")
    assert excel.cache_info()["standings"] == 2
