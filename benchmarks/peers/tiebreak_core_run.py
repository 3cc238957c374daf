"""Drive tiebreak-core 1.2.0 (PyPI, MIT) on a TRF-16 file, as a whole process, for bench_peer.py.

tiebreak-core has no file reader: this script reads the 001 records (§10.1 columns) into its
``PlayerTiebreakData``/``GameRecord`` inputs, ranks with ``fide2026.rank_standings`` (the
entry point that classifies the rounds once; the generic ``rank_descriptors`` redoes that per value,
quadratic in players) under ``fide-2026``
and writes one JSON line per player (rank, start number, points, values), as `tbxl compute
--format json` writes its standings.

    python benchmarks/peers/tiebreak_core_run.py FILE.trf BH/C1,BH,SB,PS > out.jsonl
"""

from __future__ import annotations

import json
import sys

from tiebreak_core import FORFEIT_LOSS, FORFEIT_WIN, PAIRING_BYE, PLAYED, REQUESTED_BYE, GameRecord, PlayerTiebreakData
from tiebreak_core.fide2026 import rank_standings

#: tbxl's tie-break codes -> tiebreak-core's fide-2026 criteria.
CRITERIA = {
    "BH/C1": "buchholz_cut1",
    "BH/C2": "buchholz_cut2",
    "BH/M1": "median_buchholz",
    "BH": "buchholz",
    "SB": "sonneborn_berger",
    "SB/C1": "sonneborn_berger_cut1",
    "PS": "progressive",
    "WIN": "wins",
    "WON": "won",
    "BPG": "games_black",
    "BWG": "wins_black",
    "REP": "rounds_elected",
    "ARO": "aro",
    "TPR": "tpr",
    "AOB": "aob",
    "FB": "fore_buchholz",
    "KS": "koya",
    "STD": "std",
    "PTP": "ptp",
    "APRO": "apro",
    "APPO": "appo",
    "DE": "direct_encounter",
}

SCORE = {
    "1": 1.0,
    "=": 0.5,
    "0": 0.0,
    "W": 1.0,
    "D": 0.5,
    "L": 0.0,
    "+": 1.0,
    "-": 0.0,
    "U": 1.0,
    "F": 1.0,
    "H": 0.5,
    "Z": 0.0,
    " ": 0.0,
}
KIND = {
    "1": PLAYED,
    "=": PLAYED,
    "0": PLAYED,
    "W": PLAYED,
    "D": PLAYED,
    "L": PLAYED,
    "+": FORFEIT_WIN,
    "-": FORFEIT_LOSS,
    "U": PAIRING_BYE,
    "F": PAIRING_BYE,
    "H": REQUESTED_BYE,
    "Z": REQUESTED_BYE,
    " ": REQUESTED_BYE,
}


def read(path: str) -> tuple[dict[int, PlayerTiebreakData], int]:
    records = []
    rounds = 0
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\r\n")
            if line.startswith("XXR"):
                rounds = int(line[4:])
            if not line.startswith("001"):
                continue
            sn = int(line[4:8])
            rating = int(line[48:52].strip() or 0)
            fields = []
            for s in range(91, len(line), 10):
                f10 = line[s : s + 10].ljust(10)
                opp = int(f10[0:4]) if f10[0:4].strip() else 0
                fields.append((opp, f10[5], f10[7].upper()))
            records.append((sn, rating, fields))
            rounds = max(rounds, len(fields))
    ratings = {sn: rating for sn, rating, _ in records}
    players = {}
    for sn, rating, fields in records:
        games = []
        for r in range(rounds):
            opp, colour, code = fields[r] if r < len(fields) else (0, "-", " ")
            kind = KIND[code]
            bye = kind in (PAIRING_BYE, REQUESTED_BYE)
            games.append(
                GameRecord(
                    opponent_id=-1 if bye else opp,
                    opponent_rating=0 if bye else ratings[opp],
                    score=SCORE[code],
                    color="black" if colour == "b" else "white",
                    round_number=r + 1,
                    kind=kind,
                )
            )
        players[sn] = PlayerTiebreakData(player_id=sn, rating=rating, points=sum(g.score for g in games), games=games)
    return players, rounds


def main() -> None:
    path, codes = sys.argv[1], sys.argv[2].split(",")
    players, rounds = read(path)
    result = rank_standings(players, [CRITERIA[c] for c in codes], rounds)
    out = sys.stdout
    for p in result.players:
        out.write(
            json.dumps({"rank": p.rank, "start_number": p.player_id, "points": p.points, "values": dict(p.values)})
            + "\n"
        )


if __name__ == "__main__":
    main()
