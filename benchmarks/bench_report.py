"""Benchmark of `tbxl report` (issue: PDF reports, item 5).

* 200 players x 9 rounds with every derivation (target <= 20 s), and 100/400 players for growth;
* standings alone (no derivations) for 500, 1,000 and 2,000 players;
* 200 x 9 with the round-by-round tables (``--by-round``), without and with every derivation.

    python benchmarks/bench_report.py
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from generate import generate  # noqa: E402

from tbxl import conventions
from tbxl.report import render_pdf  # noqa: E402
from tbxl.standings import compute_standings  # noqa: E402
from tbxl.trf import write_trf_file  # noqa: E402


def time_report(players: int, rounds: int, derivations: str, by_round: bool = False) -> tuple[float, int]:
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "event.trf"
        write_trf_file(generate(players, rounds, seed=7), src)
        out = Path(tmp) / "report.pdf"
        from tbxl.trf import read_trf
        t0 = time.perf_counter()
        st = compute_standings(read_trf(src), "BH/C1,BH,SB,PS,WIN", conventions.get("fide-2026"))
        render_pdf(st, out, derivations=derivations, input_path=src, by_round=by_round)
        wall = time.perf_counter() - t0
        return wall, os.path.getsize(out)


def main() -> None:
    print(f"{'players':>8} {'rounds':>7} {'derivations':>12} {'by round':>9} {'wall s':>8} {'s per player':>13} "
          f"{'PDF KB':>8}")
    for players, rounds, der, by_round in ((100, 9, "all", False), (200, 9, "all", False), (400, 9, "all", False),
                                           (500, 9, "none", False), (1000, 9, "none", False),
                                           (2000, 9, "none", False), (200, 9, "none", False),
                                           (200, 9, "none", True), (200, 9, "all", True)):
        wall, size = time_report(players, rounds, der, by_round)
        print(f"{players:>8} {rounds:>7} {der:>12} {'yes' if by_round else 'no':>9} {wall:>8.2f} "
              f"{wall / players:>13.4f} {size // 1024:>8}")


if __name__ == "__main__":
    main()
