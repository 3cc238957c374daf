"""Benchmark of team standings (issue 12): a 200-team x 11-round x 6-board team Swiss (with byes,
individual forfeits, empty boards and forfeited matches) ranked with MP, GP, EDE, BH:MP, SB:MP and
ESB. Target: <= 1 s.

Reports (best of 3): reading the TRF, ranking (in process), and the real command line in a fresh
process (start-up, parse, rank, JSON out).

    python benchmarks/bench_team.py [TEAMS ROUNDS BOARDS]
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from generate_team import random_event  # noqa: E402
from tbxl.io.trf import read_team_trf  # noqa: E402
from tbxl.rules import get  # noqa: E402
from tbxl.standings import compute_standings  # noqa: E402

TIEBREAKS = "MP,GP,EDE,BH:MP,SB:MP,ESB"


def best(f, n=3):
    """Best of ``n``, with the cyclic garbage collector paused as ``tbxl`` pauses it (cli.main)."""
    import gc

    times = []
    for _ in range(n):
        gc.disable()
        try:
            t0 = time.perf_counter()
            out = f()
            times.append(time.perf_counter() - t0)
        finally:
            gc.enable()
    return min(times), out


def main() -> None:
    teams, rounds, boards = (int(x) for x in sys.argv[1:4]) if len(sys.argv) > 3 else (200, 11, 6)
    path = HERE / "data" / f"team-{teams}x{rounds}x{boards}.trf"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(random_event(teams, rounds, boards, seed=1))
    read_s, t = best(lambda: read_team_trf(path))
    rank_s, st = best(lambda: compute_standings(t, TIEBREAKS, get("fide-2026")))
    both_s, _ = best(lambda: compute_standings(read_team_trf(path), TIEBREAKS, get("fide-2026")))
    cli_s, _ = best(
        lambda: subprocess.run(
            [
                sys.executable,
                "-m",
                "tbxl",
                "compute",
                str(path),
                "--tiebreaks",
                TIEBREAKS,
                "--rules",
                "fide-2026",
                "--format",
                "json",
            ],
            check=True,
            capture_output=True,
            cwd=HERE.parent,
        )
    )
    tied = sum(1 for r in st.rows if r.values.get("EDE") is not None)
    print(
        f"{teams} teams x {rounds} rounds x {boards} boards ({len(t.players)} players), {TIEBREAKS}; "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    print(f"  read TRF          {read_s:6.3f} s")
    print(f"  rank              {rank_s:6.3f} s   (EDE applied to {tied} teams)")
    print(f"  read + rank       {both_s:6.3f} s   target <= 1 s: {'ok' if both_s <= 1 else 'MISSED'}")
    print(f"  tbxl compute CLI  {cli_s:6.3f} s   (fresh process, JSON)")


if __name__ == "__main__":
    main()
