"""Benchmark of the list adviser (issue 37 item 6): an archive of Swiss events of 100 players x 9
rounds (benchmarks/generate.py, one seed per event) ranked under two candidate lists by
``tbxl.advise.archive.run`` on every core, at several archive sizes, to show that the time grows
linearly with the events. Target: 1,000 events within a few minutes on two cores.

Reports per size: the wall time of the run (reading, two rankings and the counts per event, in
worker processes), the events per second, and the run with one worker for the smallest size.

    python benchmarks/bench_advise.py [SIZES ...]     # default: 100 250 500 1000
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from generate import generate  # noqa: E402
from tbxl.advise.archive import events_in, run  # noqa: E402
from tbxl.io.trf import write_trf  # noqa: E402

LISTS = ("BH/C1,BH,SB,PS", "SB,BH,WIN")
PLAYERS, ROUNDS = 100, 9


def archive(folder: Path, events: int) -> list[Path]:
    """``events`` generated Swiss events in ``folder`` (kept between sizes: the larger reuse them)."""
    for k in range(1, events + 1):
        path = folder / f"event-{k:04d}.trf"
        if not path.exists():
            path.write_text(write_trf(generate(PLAYERS, ROUNDS, seed=k)), encoding="utf-8")
    return sorted(folder.glob("event-*.trf"))[:events]


def timed(paths: list[Path], jobs: int | None) -> tuple[float, int]:
    t0 = time.perf_counter()
    tally = run(paths, LISTS, jobs=jobs)
    return time.perf_counter() - t0, tally.events


def main() -> None:
    sizes = [int(x) for x in sys.argv[1:]] or [100, 250, 500, 1000]
    cores = os.cpu_count() or 1
    print(f"{cores} core(s); events of {PLAYERS} players x {ROUNDS} rounds; lists {' | '.join(LISTS)}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        t0 = time.perf_counter()
        archive(folder, max(sizes))
        print(f"generated {max(sizes)} events in {time.perf_counter() - t0:.1f} s")
        assert len(events_in(folder)) == max(sizes)
        seconds, n = timed(archive(folder, sizes[0]), jobs=1)
        print(f"{n:5d} events, 1 worker:      {seconds:7.1f} s  {n / seconds:6.1f} events/s")
        for size in sizes:
            seconds, n = timed(archive(folder, size), jobs=None)
            print(f"{n:5d} events, {cores} worker(s): {seconds:7.1f} s  {n / seconds:6.1f} events/s")


if __name__ == "__main__":
    main()
