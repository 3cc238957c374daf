"""An archive of events ranked under candidate lists, on every core.

:func:`events_in` finds the event files of a folder; :func:`run` measures each of them
(:func:`tbxl.advise.event.measure`) in a pool of processes (``concurrent.futures``), a chunk of
files per task so that a thousand small events cost a few hundred messages, not thousands, and
sums what they give into a :class:`~tbxl.advise.rates.Tally`. The work per event is the same
whatever the archive's size, so the time grows linearly with the events (benchmarks/bench_advise.py).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from tbxl.advise.event import ANNOUNCED, EventResult, measure
from tbxl.advise.rates import Tally
from tbxl.errors import InputError

__all__ = ["EVENT_SUFFIXES", "events_in", "run", "chunks"]

#: The files an archive's folder is searched for (in every sub-folder): TRF files, and the
#: crosstable workbooks tbxl reads (.xlsx, .xlsm). Other files are left alone.
EVENT_SUFFIXES = (".trf", ".txt", ".xlsx", ".xlsm")
#: Chunks per worker: enough for an even spread and a lively progress bar, few enough messages.
CHUNKS_PER_WORKER = 8

Progress = Callable[[int, int], None]


def events_in(path: str | os.PathLike[str]) -> list[Path]:
    """The event files of ``path``: the file itself, or a folder's files whose names end in one of
    :data:`EVENT_SUFFIXES`, in every sub-folder, sorted (a run is the same on every machine)."""
    p = Path(path)
    if p.is_file():
        return [p]
    if not p.is_dir():
        raise InputError(f"{path}: no such file or folder")
    found = sorted(f for f in p.rglob("*") if f.suffix.lower() in EVENT_SUFFIXES and f.is_file())
    if not found:
        raise InputError(f"{path}: no event file in the folder (looked for {', '.join(EVENT_SUFFIXES)})")
    return found


def chunks(items: Sequence[str], workers: int) -> list[list[str]]:
    """``items`` cut in consecutive chunks, about :data:`CHUNKS_PER_WORKER` per worker.

    >>> [len(c) for c in chunks([str(k) for k in range(20)], 2)]
    [2, 2, 2, 2, 2, 2, 2, 2, 2, 2]
    """
    size = max(1, -(-len(items) // (workers * CHUNKS_PER_WORKER)))
    return [list(items[k : k + size]) for k in range(0, len(items), size)]


def _measure_chunk(
    paths: list[str], lists: tuple[str | None, ...], rules: str | None, settings: tuple[str, ...], places: int
) -> list[EventResult]:
    return [measure(path, lists, rules, settings, places) for path in paths]


def run(
    paths: Sequence[str | os.PathLike[str]],
    lists: Sequence[str | None],
    *,
    rules: str | None = None,
    settings: Sequence[str] = (),
    prize_places: int = 3,
    jobs: int | None = None,
    progress: Progress | None = None,
) -> Tally:
    """Measure every event of ``paths`` under each of ``lists`` (None: each event's own list) and
    sum them. ``jobs``: worker processes (None: every core; 1: in this process, as in Pyodide);
    ``progress(done, total)`` is called as events are done. Events are summed in the order of
    ``paths`` whatever order the workers finish in, so a run gives the same figures every time."""
    names = [str(p) for p in paths]
    workers = max(1, jobs if jobs is not None else (os.cpu_count() or 1))
    tally = Tally(lists=[ANNOUNCED if x is None else x for x in lists], prize_places=prize_places)
    args = (tuple(lists), rules, tuple(settings), prize_places)
    results: dict[int, list[EventResult]] = {}
    done = 0
    if workers == 1 or len(names) == 1:
        for k, path in enumerate(names):
            results[k] = [measure(path, *args)]
            done += 1
            if progress:
                progress(done, len(names))
    else:
        parts = chunks(names, workers)
        with ProcessPoolExecutor(max_workers=min(workers, len(parts))) as pool:
            futures = {pool.submit(_measure_chunk, part, *args): k for k, part in enumerate(parts)}
            for future in as_completed(futures):
                results[futures[future]] = future.result()
                done += len(results[futures[future]])
                if progress:
                    progress(done, len(names))
    for k in sorted(results):
        for result in results[k]:
            tally.add(result)
    return tally
