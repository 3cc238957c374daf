"""Golden outputs of ``tbxl compute``: the cases, and the script that stores them.

The files in ``tests/data/golden/`` were written by this script with the code of main before the
columnar core (issue 13, item 4); ``tests/test_golden.py`` recomputes every case and compares the
JSON and CSV text byte for byte. Regenerate only for an intended change of output:

    PYTHONPATH=benchmarks python tests/golden.py
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import random
import re
import warnings
from pathlib import Path

HERE = Path(__file__).parent
GOLDEN = HERE / "data" / "golden"
EXAMPLES = HERE.parent / "tbxl" / "examples"

FULL = "BH/C1,BH,SB,PS,WIN,WON,BPG,BWG,REP,ARO,TPR,AOB,FB,BH/M1,SB/C1,KS,DE,STD,APRO,PTP"

#: input file -> list of (case name, command-line options)
CASES = {
    EXAMPLES / "held_swiss_5.trf": [
        ("fide2026-full", ["--rules", "fide-2026", "--tiebreaks", FULL]),
        ("fide2024", ["--rules", "fide-2024"]),
        ("fide2017", ["--rules", "fide-2017"]),
    ],
    EXAMPLES / "held_round_robin.trf": [
        ("fide2026-full", ["--rules", "fide-2026", "--tiebreaks", FULL]),
        ("default", []),
    ],
    HERE / "data" / "seeds" / "seed002-buchholz-swiss.trf": [
        ("fide2026-full", ["--rules", "fide-2026", "--tiebreaks", FULL])
    ],
    GOLDEN / "gen-150x9-s1.trf": [
        ("fide2026-full", ["--rules", "fide-2026", "--tiebreaks", FULL]),
        ("fide2024", ["--rules", "fide-2024"]),
        ("sm-virtual", ["--rules", "sm-virtual-opponent", "--tiebreaks", FULL]),
        ("after5", ["--rules", "fide-2026", "--after-round", "5"]),
    ],
    GOLDEN / "gen-61x7-s2.trf": [
        ("fide2026-full", ["--rules", "fide-2026", "--tiebreaks", FULL]),
        ("fide2022", ["--rules", "fide-2022", "--tiebreaks", FULL]),
        ("short-unplayed", ["--rules", "fide-2026", "--set", "short_games=unplayed"]),
        ("rr", ["--rules", "fide-2026", "--pairing", "round-robin", "--tiebreaks", FULL]),
    ],
    HERE / "data" / "team" / "grandmommyscup.trf": [("default", [])],
    HERE / "data" / "team" / "generated-16x7x4-seed5.trf": [("default", [])],
    GOLDEN / "wild-40x5-s3.trf": [
        ("fide2026-full", ["--rules", "fide-2026", "--tiebreaks", FULL]),
        ("fide2024", ["--rules", "fide-2024", "--tiebreaks", FULL]),
    ],
}
FORMATS = ("json", "csv")

#: Files mutated for the reader's golden outcomes (MUTATIONS cases, a fixed seed).
MUTATED = [
    GOLDEN / "wild-40x5-s3.trf",
    EXAMPLES / "held_swiss_5.trf",
    EXAMPLES / "held_round_robin.trf",
    GOLDEN / "gen-61x7-s2.trf",
]
MUTATIONS = 1500
_PIECES = [
    " ",
    "0",
    "1",
    "=",
    "-",
    "+",
    "H",
    "U",
    "Z",
    "F",
    "w",
    "b",
    "W",
    "\t",
    "12",
    "  ",
    "0000",
    "x",
    "\n",
    "999",
    "D",
    "L",
    "?",
    " 0",
    "5",
    "3 ",
    "\u00b2",
    "-- ",
    "2",
]


def mutations() -> list[str]:
    """TRF texts with one to three pieces written over or spliced in anywhere (fixed seed): each
    one read, or refused with one message, exactly as main's reader did."""
    rnd = random.Random(13)
    texts = [p.read_text(encoding="utf-8") for p in MUTATED]
    out = []
    for _ in range(MUTATIONS):
        text = rnd.choice(texts)
        for _ in range(rnd.randint(1, 3)):
            pos = rnd.randrange(len(text))
            piece = rnd.choice(_PIECES)
            # Mostly overwritten in place (columns kept: the round fields' checks), else spliced.
            cut = len(piece) if rnd.random() < 0.8 else rnd.randint(0, 3)
            text = text[:pos] + piece + text[pos + cut :]
        out.append(text)
    return out


def outcome(text: str) -> str:
    """What reading ``text`` gives: the tournament written back as TRF (with its rounds, pairing
    and scheduled rounds), or the error; then the warnings."""
    from tbxl.errors import InputError
    from tbxl.io.trf import parse_trf, write_trf

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            t = parse_trf(text, source="m.trf")
            got = f"{t.rounds} {t.scheduled_rounds} {t.pairing.value}\n{write_trf(t)}"
        except InputError as err:
            got = f"error: {err}"
    digest = hashlib.sha256(got.encode("utf-8")).hexdigest()[:16]
    return " | ".join([got if got.startswith("error") else digest] + [str(w.message) for w in caught])


def output(path: Path, options: list[str], fmt: str) -> str:
    """What ``tbxl compute`` prints for this case."""
    from tbxl import cli

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(io.StringIO()), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        code = cli.main(["compute", str(path), "--no-config", "--format", fmt] + options)
    assert code == 0, (path, options, code)
    return buf.getvalue()


def golden_name(path: Path, case: str, fmt: str) -> str:
    return f"{path.stem}.{case}.{fmt}"


def generate_inputs() -> None:
    from generate import generate  # benchmarks/generate.py (pytest's pythonpath; PYTHONPATH=benchmarks here)
    from tbxl.io.trf import write_trf

    (GOLDEN / "gen-150x9-s1.trf").write_text(write_trf(generate(150, 9, 1)), encoding="utf-8")
    (GOLDEN / "gen-61x7-s2.trf").write_text(write_trf(generate(61, 7, 2)), encoding="utf-8")
    # The forms of files in the wild (C07.md 10.1) and another scoring (TRF(x) XXS): CRLF line
    # ends, lower-case codes, byes written "   0" or blank, records cut short, 3-1-0 points.
    lines = write_trf(generate(40, 5, 3)).splitlines()
    wild = ["XXS WW=3 BW=3 WD=1 BD=1 FW=3 PAB=3 HPB=1 FPB=3"]
    for k, line in enumerate(lines):
        if line.startswith("001"):
            line = re.sub(
                r"0000 - ([HZUF])",
                lambda m: (
                    f"   0   {m.group(1)}"
                    if k % 3
                    else "0000 - " + m.group(1).lower()
                    if m.group(1) != "Z"
                    else "        "
                ),
                line,
            )
            line = re.sub(
                r" ([wb]) ([=DL])",
                lambda m: f" {m.group(1).upper() if k % 2 else m.group(1)} {m.group(2).lower()}",
                line,
            ).rstrip()
        wild.append(line)
    (GOLDEN / "wild-40x5-s3.trf").write_bytes(("\r\n".join(wild) + "\r\n").encode("utf-8"))


def main() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    generate_inputs()
    for path, cases in CASES.items():
        for case, options in cases:
            for fmt in FORMATS:
                (GOLDEN / golden_name(path, case, fmt)).write_text(output(path, options, fmt), encoding="utf-8")
    (GOLDEN / "mutations.json").write_text(
        json.dumps([outcome(t) for t in mutations()], ensure_ascii=False, indent=0) + "\n", encoding="utf-8"
    )


if __name__ == "__main__":
    main()
