"""Benchmark of the Excel functions (a script, not a test): ``python benchmarks/bench_excel.py``.

Builds a 1,000-player x 11-round Swiss crosstable in the compact layout (consistent pairings: each
round pairs neighbours in the current score order, odd player out gets a bye), then times

* 4,000 calls (BUCHHOLZ_CUT, BUCHHOLZ, SONNEBORN_BERGER and PROGRESSIVE for every player) with the
  grid passed as Excel passes it: a fresh list of lists on every call (Office.js: xlwings Lite and
  Server) and the same list object every call; target 2 s in all;
* the same four functions called once each with the column of all start numbers (spilled);
* one STANDINGS call on a cold cache; target 0.3 s;
* the first call on a cold cache (reading the crosstable, building the context).

Options: ``--players N --rounds R --seed S``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tbxl import excel  # noqa: E402


def swiss_grid(players: int = 1000, rounds: int = 11, seed: int = 1) -> list[list]:
    """A consistent compact crosstable: header row, then No, Name, Rtg, R1..Rn, Pts."""
    rng = random.Random(seed)
    cells = {p: [] for p in range(1, players + 1)}
    score = {p: 0.0 for p in cells}
    rating = {p: 2600 - p for p in cells}
    for _ in range(rounds):
        order = sorted(cells, key=lambda p: (-score[p], rng.random()))
        if len(order) % 2:
            bye = order.pop()
            cells[bye].append("bye")
            score[bye] += 1
        for a, b in zip(order[0::2], order[1::2]):
            r = rng.random()
            res_a, pts_a = ("1", 1.0) if r < 0.4 else ("½", 0.5) if r < 0.7 else ("0", 0.0)
            res_b = {"1": "0", "½": "½", "0": "1"}[res_a]
            cells[a].append(f"{b}w{res_a}")
            cells[b].append(f"{a}b{res_b}")
            score[a] += pts_a
            score[b] += 1 - pts_a
    head = ["No", "Name", "Rtg"] + [f"R{k}" for k in range(1, rounds + 1)] + ["Pts"]
    return [head] + [[p, f"Player {p}", rating[p]] + cells[p] + [score[p]] for p in cells]


def fresh(grid: list[list]) -> list[list]:
    """A new list of lists with new string objects, as a fresh call from Excel would bring."""
    return [[(c + " ")[:-1] if isinstance(c, str) else c for c in row] for row in grid]


def run(players: int, rounds: int, seed: int) -> dict:
    grid = swiss_grid(players, rounds, seed)
    calls = [
        (excel.BUCHHOLZ_CUT, (1, "")),
        (excel.BUCHHOLZ, ("",)),
        (excel.SONNEBORN_BERGER, ("",)),
        (excel.PROGRESSIVE, ()),
    ]
    out = {}

    excel.cache_clear()
    t = time.perf_counter()
    excel.BUCHHOLZ_CUT(grid, 1, 1)
    out["first call (read + context + column)"] = time.perf_counter() - t

    for label, make in (
        ("4,000 calls, fresh grid each call (Office.js)", fresh),
        ("4,000 calls, same grid object (classic)", None),
    ):
        excel.cache_clear()
        grids = [make(grid) for _ in range(len(calls) * players)] if make else None
        t = time.perf_counter()
        k = 0
        for f, extra in calls:
            for p in range(1, players + 1):
                g = grids[k] if grids else grid
                k += 1
                v = f(g, float(p), *extra)
                assert isinstance(v, (int, float)), v
        out[label] = time.perf_counter() - t
        info = excel.cache_info()
        assert info["builds"] == 1, info

    excel.cache_clear()
    column = [[float(p)] for p in range(1, players + 1)]
    t = time.perf_counter()
    for f, extra in calls:
        values = f(fresh(grid), column, *extra)
        assert len(values) == players
    out["4 calls, a column of all start numbers each"] = time.perf_counter() - t

    excel.cache_clear()
    t = time.perf_counter()
    table = excel.STANDINGS(fresh(grid), "BH/C1,BH,SB,PS")
    out["STANDINGS, cold cache"] = time.perf_counter() - t
    assert len(table) == players + 1
    t = time.perf_counter()
    excel.STANDINGS(fresh(grid), "BH/C1,BH,SB,PS")
    out["STANDINGS, warm cache"] = time.perf_counter() - t
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    res = run(args.players, args.rounds, args.seed)
    targets = {
        "4,000 calls, fresh grid each call (Office.js)": 2.0,
        "4,000 calls, same grid object (classic)": 2.0,
        "STANDINGS, cold cache": 0.3,
    }
    print(f"tbxl.excel benchmark: {args.players} players x {args.rounds} rounds")
    ok = True
    for label, secs in res.items():
        target = targets.get(label)
        mark = (
            ""
            if target is None
            else (f"  ok (target {target:.1f} s)" if secs <= target else f"  SLOW (target {target:.1f} s)")
        )
        ok &= target is None or secs <= target
        print(f"  {label:48} {secs:8.3f} s{mark}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
