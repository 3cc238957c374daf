"""Benchmark of ``tbxl lite``'s main.py in Pyodide (a script, not a test): ``python benchmarks/bench_lite.py``.

What an organiser on xlwings Lite waits for, in Pyodide under Node (the npm packages of
tests/pyodide; ``npm ci`` there first) and, for comparison, in this CPython, with the same main.py
and the real xlwings (its pure wheel from the package index, unpacked beside main.py, as the tests
install it; ``--xlwings VERSION``, default the newest):

* ``import main``: compiling and importing the carried core;
* the first STANDINGS on a cold cache of a 1,000-player x 11-round Swiss (reading the crosstable);
* BUCHHOLZ_CUT, BUCHHOLZ, SONNEBORN_BERGER and PROGRESSIVE, each called once with the column of
  all start numbers (the grid a fresh list each call, as Office.js passes it).

Options: ``--players N --rounds R --pyodide PACKAGE`` (``pyodide`` or ``pyodide-314``).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_excel import swiss_grid  # noqa: E402
from tbxl import lite  # noqa: E402

PYODIDE = ROOT / "tests" / "pyodide"

SCRIPT = """
import copy, glob, json, os, sys, time, zipfile
os.environ["XLWINGS_ON_SERVER"] = "true"
os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")   # xlwings Lite has its own
(wheel,) = glob.glob("xlwings-*.whl")
zipfile.ZipFile(wheel).extractall("xlwings-site")
sys.path[:0] = [os.path.abspath("xlwings-site"), os.getcwd()]
import xlwings
t0 = time.perf_counter()
import main
t1 = time.perf_counter()
grid = json.load(open("grid.json"))
numbers = [[row[0]] for row in grid[1:]]
out = {"import_main": t1 - t0}
t = time.perf_counter(); main.STANDINGS(copy.deepcopy(grid)); out["standings_cold"] = time.perf_counter() - t
t = time.perf_counter()
for f in (main.BUCHHOLZ_CUT, main.BUCHHOLZ, main.SONNEBORN_BERGER, main.PROGRESSIVE):
    f(copy.deepcopy(grid), numbers)
out["four_columns"] = time.perf_counter() - t
json.dump(out, open("timings.json", "w"))
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--pyodide", default="pyodide")
    ap.add_argument("--xlwings", default="", help="the xlwings version (default: the newest)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "main.py").write_text(lite.standalone_main_py(), encoding="utf-8")  # runs with no tbxl installed
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "-q",
                "--no-deps",
                "--only-binary=:all:",
                "--platform",
                "any",
                "--implementation",
                "py",
                "--abi",
                "none",
                "--python-version",
                "3.12",
                "-d",
                str(folder),
                f"xlwings=={args.xlwings}" if args.xlwings else "xlwings",
            ],
            check=True,
        )
        (folder / "bench.py").write_text(SCRIPT, encoding="utf-8")
        (folder / "grid.json").write_text(json.dumps(swiss_grid(args.players, args.rounds)), encoding="utf-8")
        size = (folder / "main.py").stat().st_size
        print(
            f"main.py: {lite.size_text(size)}, {len(lite.carried_modules())} modules, "
            f"{next(folder.glob('xlwings-*.whl')).name}; "
            f"{args.players} players x {args.rounds} rounds"
        )
        runs = [("CPython " + sys.version.split()[0], [sys.executable, "-S", "bench.py"], {})]
        node = shutil.which("node")
        if node:
            runs.append(
                (
                    f"Pyodide ({args.pyodide})",
                    [node, str(PYODIDE / "run.mjs"), str(folder), "bench.py"],
                    {"TBXL_PYODIDE": args.pyodide},
                )
            )
        else:
            print("node not found: Pyodide not measured")
        for label, cmd, env in runs:
            (folder / "timings.json").unlink(missing_ok=True)
            subprocess.run(cmd, cwd=folder, env={**os.environ, **env}, check=True)
            t = json.loads((folder / "timings.json").read_text())
            print(
                f"{label:24} import main {t['import_main']:.2f} s, STANDINGS cold {t['standings_cold']:.2f} s, "
                f"4 column calls {t['four_columns']:.2f} s"
            )


if __name__ == "__main__":
    main()
