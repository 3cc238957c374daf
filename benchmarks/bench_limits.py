"""Benchmark of the input bounds (issue 10: every file ends within 30 s and 1.5 GB).

Runs the real command line in a fresh process, one process per case, and reports wall time and
peak memory (max RSS of that process):

- every hostile case of tests/hostile.py (refused: they should take a fraction of a second);
- the largest inputs the bounds let through: a TRF just under MAX_TEXT_BYTES (9999 players x 150
  rounds, 15.2 MB) and a compact crosstable workbook just under MAX_WORKBOOK_CELLS (9999 players x
  45 rounds, 470,000 cells, every one an inline string: the slowest kind for openpyxl).

The CPU time (user + system) is what an idle machine takes; wall time grows with the load.

    python benchmarks/bench_limits.py            # all
    python benchmarks/bench_limits.py hostile    # only the hostile corpus
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).parent
DATA = HERE / "data"
sys.path.insert(0, str(HERE.parent / "tests"))

# Peak RSS of one child, read by the child itself as it exits: VmHWM starts afresh at exec, while
# ru_maxrss keeps the forked parent's size (and RUSAGE_CHILDREN the maximum over all children).
_WRAP = (
    "import sys, atexit\n"
    "def peak():\n"
    "    kb = [l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM')][0]\n"
    "    print(f'@@peak {kb}', file=sys.stderr)\n"
    "atexit.register(peak)\n"
    "sys.argv = ['tbxl'] + sys.argv[1:]\n"
    "from tbxl.cli import main\n"
    "sys.exit(main())\n"
)


def run(args: list[str], cwd: Path) -> tuple[float, float, float, int, str]:
    """Wall time, CPU time (user + system: the wall time of an idle machine), peak MB, exit code and
    the first line of stderr of ``tbxl ARGS``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _WRAP, *args], capture_output=True, text=True, cwd=cwd, timeout=600)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    peak = next(
        (int(line.split()[1]) / 1024 for line in done.stderr.splitlines() if line.startswith("@@peak")), float("nan")
    )
    first = next((line for line in done.stderr.splitlines() if not line.startswith("@@peak")), "")
    return wall, cpu, peak, done.returncode, first


def largest_trf() -> Path:
    path = DATA / "swiss-9999x150.trf"
    if not path.exists():
        DATA.mkdir(exist_ok=True)
        subprocess.run([sys.executable, str(HERE / "generate.py"), "9999", "150", "-o", str(path)], check=True)
    return path


def largest_workbook() -> Path:
    path = DATA / "compact-9999x45.xlsx"
    if not path.exists():
        from generate import generate
        from hostile import sheet_xml, write_xlsx
        from tbxl.io.grid import to_grid

        grid = to_grid(generate(9999, 45), "compact")
        DATA.mkdir(exist_ok=True)
        write_xlsx(path, sheet_xml(grid))
    return path


def main() -> None:
    only = sys.argv[1:]
    print(f"{'case':44} {'exit':>4} {'wall s':>7} {'cpu s':>6} {'peak MB':>8}  first line of stderr")
    if not only or "hostile" in only:
        from hostile import CASES

        for case in CASES:
            with tempfile.TemporaryDirectory() as tmp:
                args = case.build(Path(tmp))
                wall, cpu, peak, code, first = run(args, Path(tmp))
            print(f"{case.name:44} {code:>4} {wall:>7.2f} {cpu:>6.2f} {peak:>8.0f}  {first[:90]}")
    if not only or "largest" in only:
        sys.path.insert(0, str(HERE))
        for name, path in (
            ("largest TRF (9999 x 150 rounds)", largest_trf()),
            ("largest workbook (9999 x 45 rounds)", largest_workbook()),
        ):
            wall, cpu, peak, code, first = run(["compute", str(path), "--format", "json", "-o", os.devnull], HERE)
            size = path.stat().st_size / 2**20
            print(f"{name:44} {code:>4} {wall:>7.2f} {cpu:>6.2f} {peak:>8.0f}  {size:.1f} MB {first[:60]}")


if __name__ == "__main__":
    main()
