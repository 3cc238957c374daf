"""tbxl side by side with tiebreak-core 1.2.0 (issue 13): whole processes, same TRF file.

For each size (Swiss, 11 rounds, from generate.py) both programs run in fresh processes, one
after the other, N times (alternating, so a busy machine slows both alike); each keeps its best
wall time, its best CPU time (user + system) and its peak memory (max RSS of the process, from
wait4). tbxl runs its command line (`tbxl compute --format json`); tiebreak-core, which has no
file reader, runs peers/tiebreak_core_run.py (read the 001 records, rank with
fide2026.rank_standings, one JSON line per player). Tie-breaks BH/C1 BH SB PS under fide-2026;
the last line times tbxl with the full FIDE set of bench_core.py. The "floor" columns time
peers/floor.py, the least a pure-Python process can do for the same job (every round a game, no
rules, no checks): how much faster than tiebreak-core it is bounds what any pure-Python tbxl can be.

    pip install tiebreak-core==1.2.0
    python benchmarks/bench_peer.py                 # 200, 2,000 and 9,999 players, best of 5
    python benchmarks/bench_peer.py -n 9 9999       # one size, best of 9
    python benchmarks/bench_peer.py --before /tmp/main   # also tbxl from another tree (git archive)
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
from bench_core import TIEBREAKS as FULL  # noqa: E402
from bench_core import compiled, ensure
from bench_core import measure as run

CODES = "BH/C1,BH,SB,PS"
SIZES = [200, 2000, 9999]


def tbxl(path: Path, codes: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "tbxl",
        "compute",
        str(path),
        "--no-config",
        "--rules",
        "fide-2026",
        "--tiebreaks",
        codes,
        "--format",
        "json",
        "-o",
        os.devnull,
    ]


def peer(path: Path, codes: str) -> list[str]:
    return [sys.executable, str(HERE / "peers" / "tiebreak_core_run.py"), str(path), codes]


def floor(path: Path) -> list[str]:
    return [sys.executable, str(HERE / "peers" / "floor.py"), str(path)]


def best(runs: list[tuple[float, float, float]]) -> tuple[float, float, float]:
    return min(r[0] for r in runs), min(r[1] for r in runs), max(r[2] for r in runs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("sizes", nargs="*", type=int, default=SIZES)
    ap.add_argument("-n", type=int, default=5, help="runs of each program per size (default 5)")
    ap.add_argument("--before", type=Path, help="another tbxl tree to time alongside (e.g. main, from git archive)")
    a = ap.parse_args()
    compiled(HERE.parent)
    if a.before:
        compiled(a.before.resolve())
    print(f"Swiss x 11 rounds, {CODES.replace(',', ' ')} under fide-2026 + ranking; best of {a.n}, alternating")
    before = f" | {'before wall':>11} {'cpu':>6} {'MB':>5}" if a.before else ""
    print(
        f"{'players':>8} | {'tbxl wall':>9} {'cpu':>6} {'MB':>5} | {'tiebreak-core wall':>18} {'cpu':>6} {'MB':>5} "
        f"| {'x wall':>6} {'x cpu':>6} | {'floor wall':>10} {'cpu':>6} {'MB':>5} {'x cpu':>6}{before}"
    )
    for n in a.sizes:
        path = ensure(n).resolve()
        ours, theirs, least, old = [], [], [], []
        for _ in range(a.n):
            ours.append(run(tbxl(path, CODES)))
            theirs.append(run(peer(path, CODES)))
            least.append(run(floor(path)))
            if a.before:
                old.append(run(tbxl(path, CODES), a.before.resolve()))
        (w1, c1, m1), (w2, c2, m2), (w3, c3, m3) = best(ours), best(theirs), best(least)
        line = (
            f"{n:>8} | {w1:>8.3f}s {c1:>5.2f}s {m1:>5.0f} | {w2:>17.3f}s {c2:>5.2f}s {m2:>5.0f} "
            f"| {w2 / w1:>5.1f}x {c2 / c1:>5.1f}x | {w3:>9.3f}s {c3:>5.2f}s {m3:>5.0f} {c2 / c3:>5.1f}x"
        )
        if old:
            w0, c0, m0 = best(old)
            line += f" | {w0:>10.3f}s {c0:>5.2f}s {m0:>5.0f}"
        print(line)
    n = max(a.sizes)
    w, c, m = best([run(tbxl(ensure(n).resolve(), FULL)) for _ in range(a.n)])
    print(
        f"tbxl, {n} players, the full set PTS {FULL.replace(',', ' ')} + ranking: "
        f"{w:.3f} s wall, {c:.2f} s cpu, {m:.0f} MB"
    )


if __name__ == "__main__":
    main()
