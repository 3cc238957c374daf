"""Benchmark of `tbxl compute` on large Swiss events (issue: Core, item 12).

Generates Swiss tournaments of 2,000 .. 9,999 players x 11 rounds, then runs the real command
line in a fresh process (start-up and parse included) with the full tie-break list, and reports
wall time and peak memory (max RSS). Also checks that compute does not import the Excel or PDF
stacks.

    python benchmarks/bench_core.py            # all sizes
    python benchmarks/bench_core.py 9999       # one size
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).parent
DATA = HERE / "data"
TIEBREAKS = "BH,BH/C1,BH/C2,BH/M1,SB,SB/C1,PS,WIN,WON,BPG,BWG,REP,ARO,TPR,AOB,FB"
SIZES = [2000, 4000, 6000, 8000, 9999]


def ensure(players: int) -> Path:
    path = DATA / f"swiss-{players}x11.trf"
    if not path.exists():
        subprocess.run([sys.executable, str(HERE / "generate.py"), str(players), "11", "-o", str(path)], check=True)
    return path


def compiled(tree: Path) -> Path:
    """``tree`` with tbxl's bytecode written beside its sources, as installing the wheel writes it
    (the peers are installed from wheels; an editable tree under PYTHONDONTWRITEBYTECODE would
    otherwise compile every module on every run)."""
    import compileall

    compileall.compile_dir(str(tree / "tbxl"), quiet=2)
    return tree


def measure(cmd: list[str], tree: Path = HERE.parent) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (user + system) and peak RSS in MB of one fresh process, with tbxl
    imported from ``tree``."""
    t0 = time.perf_counter()
    env = dict(os.environ, PYTHONPATH=str(tree))
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, cwd=tree, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    if status:
        raise SystemExit(f"{' '.join(cmd[2:4])} failed with status {status}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def run(path: Path, fmt: str = "json") -> tuple[float, float, float]:
    """Best wall and CPU time of 3 runs, and the peak memory."""
    cmd = [
        sys.executable,
        "-m",
        "tbxl",
        "compute",
        str(path.resolve()),
        "--rules",
        "fide-2026",
        "--tiebreaks",
        TIEBREAKS,
        "--format",
        fmt,
        "-o",
        os.devnull,
    ]
    runs = [measure(cmd) for _ in range(3)]
    return min(r[0] for r in runs), min(r[1] for r in runs), max(r[2] for r in runs)


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or SIZES
    compiled(HERE.parent)
    print(f"tbxl compute, 11 rounds, tie-breaks PTS {TIEBREAKS.replace(',', ' ')} + ranking, JSON output")
    print(f"{'players':>8} {'wall s (best of 3)':>20} {'cpu s':>6} {'us cpu per player-round':>24} {'peak MB':>8}")
    for n in sizes:
        wall, cpu, peak = run(ensure(n))
        print(f"{n:>8} {wall:>20.3f} {cpu:>6.2f} {cpu / (n * 11) * 1e6:>24.2f} {peak:>8.0f}")
    out = subprocess.run(
        [
            sys.executable,
            "-X",
            "importtime",
            "-m",
            "tbxl",
            "compute",
            str(ensure(sizes[0])),
            "--format",
            "csv",
            "-o",
            os.devnull,
        ],
        capture_output=True,
        text=True,
    )
    heavy = [m for m in ("xlwings", "weasyprint", "openpyxl", "jinja2") if f" {m}" in out.stderr]
    print("heavy modules imported by compute:", ", ".join(heavy) or "none")


if __name__ == "__main__":
    main()
