"""The floor: the least a pure-Python process does for bench_peer.py's job. Not a tie-break program.

It reads the 001 records' round fields of a TRF-16 file, takes every round as a game worth its
result (no byes, forfeits or Art. 16, no checks of any kind, ranks without shared places) and
computes BH/C1, BH, SB and PS for all players with C-level passes over whole round columns, then
writes one JSON line per player. A real program does all of this and more, so no pure-Python
program of the same job can take less time: this bounds what "N times faster than tiebreak-core"
can mean for a pure-Python tbxl (see README, Performance).

    python benchmarks/peers/floor.py FILE.trf > out.jsonl
"""

from __future__ import annotations

import json
import sys
from operator import add, mul, neg, sub

#: Result code -> half-points (every code a game or a bye as awarded).
HALVES = {"1": 2, "=": 1, "0": 0, "W": 2, "D": 1, "L": 0, "+": 2, "-": 0, "U": 2, "F": 2, "H": 1, "Z": 0, " ": 0}


def main(path: str) -> None:
    with open(path, encoding="utf-8") as f:
        records = [line[91:].rstrip("\n") for line in f if line.startswith("001")]
    n = len(records)
    rounds = max(len(r) + 2 for r in records) // 10
    width = 10 * rounds
    text = "".join([r.ljust(width) for r in records])
    opponents, results = [], []
    for r in range(rounds):
        at = 10 * r
        opponents.append(
            list(
                map(
                    int,
                    map(
                        add,
                        map(add, map(add, text[at::width], text[at + 1 :: width]), text[at + 2 :: width]),
                        text[at + 3 :: width],
                    ),
                )
            )
        )
        results.append(list(map(HALVES.__getitem__, text[at + 7 :: width])))
    points = [0] * n
    for column in results:
        points = list(map(add, points, column))
    value = [0] + points  # start number -> points (0: no opponent)
    seen = [list(map(value.__getitem__, column)) for column in opponents]
    bh, sb, ps, running = [0] * n, [0] * n, [0] * n, [0] * n
    for opp, res in zip(seen, results):
        bh = list(map(add, bh, opp))
        sb = list(map(add, sb, map(mul, opp, res)))
        running = list(map(add, running, res))
        ps = list(map(add, ps, running))
    cut1 = list(map(sub, bh, map(min, *seen))) if rounds > 1 else [0] * n
    order = sorted(
        range(n), key=list(zip(map(neg, points), map(neg, cut1), map(neg, bh), map(neg, sb), map(neg, ps))).__getitem__
    )
    out = sys.stdout
    for rank, i in enumerate(order, 1):
        out.write(
            json.dumps(
                {
                    "rank": rank,
                    "start_number": i + 1,
                    "points": points[i] / 2,
                    "values": {"BH/C1": cut1[i] / 2, "BH": bh[i] / 2, "SB": sb[i] / 4, "PS": ps[i] / 2},
                }
            )
            + "\n"
        )


if __name__ == "__main__":
    main(sys.argv[1])
