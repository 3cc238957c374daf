"""This tree of tbxl against another one, side by side in one run: whole ``tbxl compute`` processes
on the two workloads a restructuring must not slow down.

* individual: 9,999 players x 11 rounds (generate.py), ``--tiebreaks BH/C1,BH,SB,PS --rules fide-2026
  --format json``, and the same event with the full FIDE set of bench_core.py (``PTS BH BH/C1 BH/C2
  BH/M1 SB SB/C1 PS WIN WON BPG BWG REP ARO TPR AOB FB``);
* team: 200 teams x 11 rounds x 6 boards (generate_team.py), ``--tiebreaks MP,GP,EDE,BH:MP,SB:MP,ESB
  --format json``.

Each tree runs N times per workload, alternating with the other (a busy machine slows both alike),
in fresh processes with its bytecode compiled first (as an installed wheel has it); the best wall
and CPU times (user + system) and the highest peak RSS (from wait4) are kept. Both trees read the
same input files, which this tree's generators write.

    git worktree add /tmp/before main          # or: git archive main | tar -x -C /tmp/before
    python benchmarks/bench_trees.py /tmp/before          # best of 5
    python benchmarks/bench_trees.py /tmp/before -n 9
    python benchmarks/bench_trees.py /tmp/before --instructions   # needs valgrind
    python benchmarks/bench_trees.py /tmp/before --only team      # the workloads whose name has "team"

Wall times on a shared machine swing more than two trees differ; ``--instructions`` counts the
instructions of one process per tree and workload instead (valgrind's callgrind, hash seed 0: the
same count for the same inputs whatever else the machine runs), and adds a 16-player event, whose
count is the fixed cost of a run (starting Python, importing tbxl).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
from bench_core import DATA, TIEBREAKS, compiled, ensure, measure  # noqa: E402

WORKLOADS = {
    "individual 9,999 x 11": ("BH/C1,BH,SB,PS", lambda: ensure(9999)),
    "FIDE set 9,999 x 11": (TIEBREAKS, lambda: ensure(9999)),
    "team 200 x 11 x 6": ("MP,GP,EDE,BH:MP,SB:MP,ESB", lambda: team_event(200, 11, 6)),
}


def team_event(teams: int, rounds: int, boards: int) -> Path:
    path = DATA / f"team-{teams}x{rounds}x{boards}.trf"
    if not path.exists():
        DATA.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [sys.executable, str(HERE / "generate_team.py"), str(teams), str(rounds), str(boards), "-o", str(path)],
            check=True,
            env=dict(os.environ, PYTHONPATH=str(HERE.parent)),
        )
    return path


def command(path: Path, codes: str) -> list[str]:
    # `-c` rather than `-m tbxl`: the tree before may have no tbxl/__main__.py.
    return [
        sys.executable,
        "-c",
        "import sys; from tbxl.cli import entry; sys.argv[0] = 'tbxl'; entry()",
        "compute",
        str(path.resolve()),
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


def instructions(cmd: list[str], tree: Path) -> int:
    """The instructions one process of ``cmd`` executes in ``tree`` (callgrind's total)."""
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
        cwd=tree,
        env=dict(os.environ, PYTHONHASHSEED="0"),
        capture_output=True,
        text=True,
        check=True,
    )
    return int(re.search(r"Collected : (\d+)", out.stderr).group(1))


def count(trees: dict[str, Path], workloads: dict) -> None:
    print("tbxl compute --format json, whole processes; instructions (callgrind, PYTHONHASHSEED=0)")
    print(f"{'workload':<24} {'tree':<28} {'instructions':>15} {'vs other':>9}")
    for workload, (codes, make) in workloads.items():
        cmd = command(make(), codes)
        counts = {name: instructions(cmd, tree) for name, tree in trees.items()}
        this, other = counts.values()
        for name, n in counts.items():
            change = f"{this / other - 1:>+9.1%}" if n is this else ""
            print(f"{workload:<24} {name:<28} {n:>15,} {change:>9}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("other", type=Path, help="the other tbxl tree (a checkout holding tbxl/)")
    ap.add_argument("-n", type=int, default=5, help="runs of each tree per workload (default 5)")
    ap.add_argument("--instructions", action="store_true", help="count instructions (valgrind) instead of timing")
    ap.add_argument(
        "--only", metavar="WORD", help="only the workloads whose name holds WORD (fixed, individual, FIDE, team)"
    )
    a = ap.parse_args()
    small = HERE.parent / "tbxl" / "examples" / "held_swiss_5.trf"
    every = {"16 players x 5 (fixed)": ("BH/C1,BH,SB,PS", lambda: small), **WORKLOADS} if a.instructions else WORKLOADS
    workloads = {k: v for k, v in every.items() if a.only is None or a.only in k}
    trees = {"this tree": compiled(HERE.parent.resolve()), str(a.other): compiled(a.other.resolve())}
    if a.instructions:
        if shutil.which("valgrind") is None:
            ap.error("--instructions needs valgrind (apt-get install valgrind)")
        count(trees, workloads)
        return
    print(f"tbxl compute --format json, whole processes; best of {a.n}, alternating")
    print(f"{'workload':<24} {'tree':<28} {'wall s':>7} {'cpu s':>7} {'peak MB':>8}")
    for workload, (codes, make) in workloads.items():
        cmd = command(make(), codes)
        runs: dict[str, list[tuple[float, float, float]]] = {name: [] for name in trees}
        for _ in range(a.n):
            for name, tree in trees.items():
                runs[name].append(measure(cmd, tree))
        for name, rs in runs.items():
            wall, cpu, peak = min(r[0] for r in rs), min(r[1] for r in rs), max(r[2] for r in rs)
            print(f"{workload:<24} {name:<28} {wall:>7.3f} {cpu:>7.3f} {peak:>8.1f}")


if __name__ == "__main__":
    main()
