"""Benchmark of `tbxl report` (issue 11: the secretary's printout; earlier: PDF reports).

Each case runs in its own process, so its peak memory (the process's maximum resident set size,
which includes reading and ranking the event) is its own:

* the default report of a 200 x 9 open (standings, ranking crosstable, one line per tied group);
* 200 x 9 with every derivation, and with the round-by-round tables;
* the default report of 2,000 players (time and peak memory);
* the default report of 9,999 players x 11 rounds: must stay under 1.5 GB (rendered in parts).

    python benchmarks/bench_report.py            # every case
    python benchmarks/bench_report.py --quick    # without the 9,999-player case
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

CASES = [  # players, rounds, derivations, by_round
    (200, 9, "none", False),
    (200, 9, "all", False),
    (200, 9, "none", True),
    (2000, 9, "none", False),
    (9999, 11, "none", False),
]


def one(players: int, rounds: int, derivations: str, by_round: bool) -> dict:
    """One case in this process: generate, read, rank, render; wall time of read + rank + render."""
    from generate import generate
    from pypdf import PdfReader

    from tbxl import rules as conventions
    from tbxl.report import render_pdf
    from tbxl.standings import compute_standings
    from tbxl.io.trf import read_trf, write_trf_file
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "event.trf"
        write_trf_file(generate(players, rounds, seed=7), src)
        out = Path(tmp) / "report.pdf"
        t0 = time.perf_counter()
        st = compute_standings(read_trf(src), "BH/C1,BH,SB,PS,WIN", conventions.get("fide-2026"))
        pages = render_pdf(st, out, derivations=derivations, input_path=src, by_round=by_round)
        wall = time.perf_counter() - t0
        assert pages == len(PdfReader(str(out)).pages)
        return {"wall": wall, "pages": pages, "kb": os.path.getsize(out) // 1024,
                "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024}


def main() -> None:
    if sys.argv[1:2] == ["--one"]:
        p, r, d, b = sys.argv[2:6]
        print(json.dumps(one(int(p), int(r), d, b == "1")))
        return
    cases = [c for c in CASES if c[0] < 5000] if "--quick" in sys.argv else CASES
    print(f"{'players':>8} {'rounds':>7} {'derivations':>12} {'by round':>9} {'wall s':>8} {'pages':>6} "
          f"{'PDF KB':>8} {'peak MB':>8}")
    for players, rounds, der, by_round in cases:
        out = subprocess.run([sys.executable, __file__, "--one", str(players), str(rounds), der,
                              "1" if by_round else "0"], capture_output=True, text=True, check=True)
        res = json.loads(out.stdout.strip().splitlines()[-1])
        print(f"{players:>8} {rounds:>7} {der:>12} {'yes' if by_round else 'no':>9} {res['wall']:>8.1f} "
              f"{res['pages']:>6} {res['kb']:>8} {res['peak_mb']:>8}", flush=True)


if __name__ == "__main__":
    main()
