"""Benchmark of `tbxl report` (issue 11: the secretary's printout; earlier: PDF reports).

Each case runs in its own process, so its peak memory (the process's maximum resident set size,
which includes reading and ranking the event) is its own:

* the default report of a 200 x 9 open (standings, ranking crosstable, one line per tied group);
* 200 x 9 with every derivation, and with the round-by-round tables;
* the default report of 2,000 players (time and peak memory);
* the default report of 9,999 players x 11 rounds: must stay under 1.5 GB (rendered in parts).

    python benchmarks/bench_report.py            # every case
    python benchmarks/bench_report.py --quick    # without the 9,999-player case
    python benchmarks/bench_report.py --against main [--players 2000 --rounds 9 --repeat 3]

``--against REF`` measures the standings report of this tree and of git revision REF side by side in
one run (REF's ``tbxl`` and templates are unpacked from git into a temporary folder and imported
first on ``PYTHONPATH``; the same Python and packages serve both), alternating the two so that a
load on the machine falls on both alike, and prints each run, the medians and the speed-up.
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
    from pypdf import PdfReader

    from generate import generate
    from tbxl import rules as conventions
    from tbxl.io.trf import read_trf, write_trf_file
    from tbxl.report import render_pdf
    from tbxl.standings import compute_standings

    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "event.trf"
        write_trf_file(generate(players, rounds, seed=7), src)
        out = Path(tmp) / "report.pdf"
        t0 = time.perf_counter()
        st = compute_standings(read_trf(src), "BH/C1,BH,SB,PS,WIN", conventions.get("fide-2026"))
        pages = render_pdf(st, out, derivations=derivations, input_path=src, by_round=by_round)
        wall = time.perf_counter() - t0
        assert pages == len(PdfReader(str(out)).pages)
        return {
            "wall": wall,
            "pages": pages,
            "kb": os.path.getsize(out) // 1024,
            "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024,
        }


def unpack(ref: str, into: Path) -> Path:
    """``ref``'s tbxl package with its templates inside (as the wheel ships them), for PYTHONPATH."""
    root = Path(__file__).resolve().parent.parent
    archive = subprocess.run(
        ["git", "-C", str(root), "archive", ref, "tbxl", "templates"], capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    (into / "tbxl" / "templates").mkdir(exist_ok=True)
    subprocess.run(["cp", "-r", f"{into}/templates/.", f"{into}/tbxl/templates/"], check=True)
    return into


def against(ref: str, players: int, rounds: int, repeat: int) -> None:
    """This tree and ``ref`` side by side: ``repeat`` alternating runs of each."""
    import statistics

    with tempfile.TemporaryDirectory() as tmp:
        # REF's tree in a folder of its own: the runs' working folder must hold no tbxl package
        # (python -m puts the working folder first on sys.path, before PYTHONPATH)
        (Path(tmp) / "ref").mkdir()
        base = unpack(ref, Path(tmp) / "ref")
        env_base = {**os.environ, "PYTHONPATH": str(base)}
        here = str(Path(__file__).resolve().parent.parent)
        env_here = {**os.environ, "PYTHONPATH": here}
        runs: dict[str, list[float]] = {ref: [], "this tree": []}
        from generate import generate
        from tbxl.io.trf import write_trf_file

        src = Path(tmp) / "event.trf"
        write_trf_file(generate(players, rounds, seed=7), src)
        print(f"tbxl report (the command, derivations none), {players} x {rounds}, {os.cpu_count()} cores")
        for k in range(repeat):
            for name, env in ((ref, env_base), ("this tree", env_here)):
                out = Path(tmp) / f"{k}-{name.replace(' ', '-')}.pdf"
                t0 = time.perf_counter()
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                # the command as a user runs it (it pauses the cyclic collector, as main does)
                subprocess.run(
                    [
                        sys.executable,
                        "-m",
                        "tbxl",
                        "report",
                        str(src),
                        "-o",
                        str(out),
                        "--derivations",
                        "none",
                        "--tiebreaks",
                        "BH/C1,BH,SB,PS,WIN",
                        "--rules",
                        "fide-2026",
                    ],
                    capture_output=True,
                    text=True,
                    check=True,
                    env=env,
                    cwd=tmp,
                )
                wall = time.perf_counter() - t0
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
                runs[name].append(wall)
                from pypdf import PdfReader

                # CPU seconds / wall seconds: the cores the run had (under 2 when other work shares them)
                print(
                    f"  run {k + 1} {name:>10}: {wall:6.1f} s  {len(PdfReader(str(out)).pages)} pages  "
                    f"CPU {cpu:5.1f} s = {cpu / wall:.2f} cores",
                    flush=True,
                )
        a, b = statistics.median(runs[ref]), statistics.median(runs["this tree"])
        print(f"median {ref}: {a:.1f} s, this tree: {b:.1f} s, speed-up {a / b:.2f}x")


def main() -> None:
    if "--against" in sys.argv:
        arg = sys.argv[sys.argv.index("--against") + 1]
        value = lambda name, default: int(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default
        against(arg, value("--players", 2000), value("--rounds", 9), value("--repeat", 3))
        return
    if sys.argv[1:2] == ["--one"]:
        p, r, d, b = sys.argv[2:6]
        print(json.dumps(one(int(p), int(r), d, b == "1")))
        return
    cases = [c for c in CASES if c[0] < 5000] if "--quick" in sys.argv else CASES
    print(
        f"{'players':>8} {'rounds':>7} {'derivations':>12} {'by round':>9} {'wall s':>8} {'pages':>6} "
        f"{'PDF KB':>8} {'peak MB':>8}"
    )
    for players, rounds, der, by_round in cases:
        out = subprocess.run(
            [sys.executable, __file__, "--one", str(players), str(rounds), der, "1" if by_round else "0"],
            capture_output=True,
            text=True,
            check=True,
        )
        res = json.loads(out.stdout.strip().splitlines()[-1])
        print(
            f"{players:>8} {rounds:>7} {der:>12} {'yes' if by_round else 'no':>9} {res['wall']:>8.1f} "
            f"{res['pages']:>6} {res['kb']:>8} {res['peak_mb']:>8}",
            flush=True,
        )


if __name__ == "__main__":
    main()
