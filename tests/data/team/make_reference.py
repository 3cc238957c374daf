"""Regenerate ``reference-engine.json``: the values the FIDE TEC reference engine (Otto Milvang's
TieBreakServer, MIT, https://github.com/OttoMilvang/TieBreakServer, commit 14a34a2 "Add EDExx
Tiebreaks") computes for ``grandmommyscup.trf`` and for ``generated-16x7x4-seed5.trf`` (written by
``benchmarks/generate_team.py``: ``random_event(16, 7, 4, 5)``, with a PAB, half-point byes, a
withdrawal, forfeited matches including a double one, individual forfeits and empty boards). Not run by the tests (the engine is not a
dependency): ``python make_reference.py /path/to/TieBreakServer``.

Each entry: the tie-break list given to the engine (``-t``), the rule version (``/V2026`` appended to
every code for 2026) and, per team number, the engine's rank and values in list order.
"""

import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
LISTS = [
    "MPTS,EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP",
    "MPTS,BH:MP,BH:GP,BH:MP/C1,BH:MP/M1",
    "MPTS,SB:MP,SB:GP,SB:MP/C1",
    "MPTS,EMMSB,EMGSB,EGMSB,EGGSB,ESB",
    "MPTS,EMGSB/C1,EGGSB/C1,EMMSB/C2",
    "MPTS,BC,GPTS",
    "MPTS,PS:MP,PS:GP,WIN:MP,WIN:GP,WON:GP",
    "MPTS,AOB:MP,KS:MP/P,BH:MP",
    "MPTS,FB:MP",
    "MPTS,SSSC,SSSC/K5",
    "GPTS,BH:GP,SSSC,MPvGP",
    "MPTS,EDE,BH:MP",
    "MPTS,EDEB,BH:MP",
    "MPTS,TBR,BH:MP",
    "MPTS,BBE,BH:MP",
    "MPTS,DE,BH:MP",
    "GPTS,EDE,TBR,BBE",
    "MPTS,STD,BPG:MP,WIN:MP,REP:MP",
    "MPTS,BWG:MP,BPG:GP,BWG:GP",
    "MPTS,EDEBT,BH:MP",
    "MPTS,EDEBB/P,BH:MP",
]


GENERATED = [
    "MPTS,EDE,EMGSB/C1,BH:MP/C1,MPvGP",
    "MPTS,BH:MP,BH:GP/C1,SB:MP,SB:GP/C1,FB:MP",
    "MPTS,EGGSB/C1,EMMSB,PS:MP,WIN:GP,BC",
    "MPTS,TBR,BH:MP",
    "MPTS,BBE,BH:MP",
    "MPTS,EDET,BH:MP",
    "GPTS,EDE,BH:GP,SSSC",
    "MPTS,AOB:MP,KS:MP/P",
]
FILES = {"grandmommyscup.trf": LISTS, "generated-16x7x4-seed5.trf": GENERATED}


def run(engine: Path, name: str, codes: list[str], v2026: bool) -> dict:
    given = [c if c in ("MPTS", "GPTS") or not v2026 else c + "/V2026" for c in codes]
    out = subprocess.run(
        [sys.executable, "tiebreakchecker.py", "-i", str(HERE / name), "-f", "TRF", "-o", "-", "-d", "B", "-t"] + given,
        cwd=engine,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rows = {}
    for line in out.splitlines()[1:]:
        f = line.split()
        rows[f[0]] = {"rank": int(f[1]), "values": f[2:]}
    return rows


def main() -> None:
    engine = Path(sys.argv[1])
    data = {"source": "OttoMilvang/TieBreakServer 14a34a2, tiebreakchecker.py -d B", "runs": []}
    for name, lists in FILES.items():
        for text in lists:
            codes = text.split(",")
            for rules, v2026 in (("fide-2024", False), ("fide-2026", True)):
                data["runs"].append(
                    {"file": name, "tiebreaks": codes, "rules": rules, "teams": run(engine, name, codes, v2026)}
                )
    runs = ",\n".join(json.dumps(r, separators=(",", ":")) for r in data["runs"])
    (HERE / "reference-engine.json").write_text(
        '{"source": ' + json.dumps(data["source"]) + ',\n"runs": [\n' + runs + "\n]}\n"
    )


if __name__ == "__main__":
    main()
