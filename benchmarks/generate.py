"""Generate a large, consistent Swiss tournament as TRF-16 (for the benchmarks).

Random pairings among the present players each round, with half-point and zero-point byes,
withdrawals, forfeits and pairing-allocated byes. Deterministic for a seed.

    python benchmarks/generate.py 9999 11 -o benchmarks/data/swiss-9999.trf
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from tbxl.io.trf import write_trf
from tbxl.model import Kind, Outcome, Player, Scoring, Tournament, make_entry


def generate(players: int, rounds: int, seed: int = 1) -> Tournament:
    rnd = random.Random(seed)
    s = Scoring()
    table: dict[int, list] = {p: [] for p in range(1, players + 1)}
    withdrawn: set[int] = set()
    for r in range(1, rounds + 1):
        present = []
        for p in range(1, players + 1):
            if p in withdrawn:
                table[p].append(make_entry(s, r, Kind.ZPB))
                continue
            x = rnd.random()
            if x < 0.004:
                withdrawn.add(p)
                table[p].append(make_entry(s, r, Kind.ZPB))
            elif x < 0.02:
                table[p].append(make_entry(s, r, Kind.HPB))
            elif x < 0.025:
                table[p].append(make_entry(s, r, Kind.ZPB))
            else:
                present.append(p)
        rnd.shuffle(present)
        if len(present) % 2:
            table[present.pop()].append(make_entry(s, r, Kind.PAB))
        for a, b in zip(present[::2], present[1::2]):
            x = rnd.random()
            if x < 0.01:
                table[a].append(make_entry(s, r, Kind.FORFEIT_WIN, None, b, "w"))
                table[b].append(make_entry(s, r, Kind.FORFEIT_LOSS, None, a, "b"))
            else:
                o = Outcome.WIN if x < 0.45 else Outcome.LOSS if x < 0.8 else Outcome.DRAW
                table[a].append(make_entry(s, r, Kind.PLAYED, o, b, "w"))
                table[b].append(make_entry(s, r, Kind.PLAYED, o.reverse, a, "b"))
    ps = tuple(
        Player(p, f"Player {p:04d}, Test", tuple(table[p]), rating=rnd.randint(1000, 2800), federation="NOR")
        for p in range(1, players + 1)
    )
    return Tournament(ps, rounds, name=f"Benchmark Swiss {players}x{rounds}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("players", type=int)
    ap.add_argument("rounds", type=int)
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    Path(a.output).parent.mkdir(parents=True, exist_ok=True)
    Path(a.output).write_text(write_trf(generate(a.players, a.rounds, a.seed)), encoding="utf-8")


if __name__ == "__main__":
    main()
