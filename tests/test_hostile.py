"""Hostile and broken files (issue 10): each ends with its exit code and one line naming the place,
never a traceback, within bounded time and memory (every case runs once more under a 1.5 GB
address-space cap). The corpus is tests/hostile.py."""

from __future__ import annotations

import re
import resource
import subprocess
import sys

import pytest

from hostile import CASES, Case
from tbxl import rules as conventions
from tbxl.cli import main

#: Memory and time given to a heavy case: the goal of issue 10 is 1.5 GB and 30 s; the timeout is
#: generous (a loaded CI machine), it only stops a case that would hang.
MEMORY = int(1.5 * 2 ** 30)
TIMEOUT = 120


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run_limited(args: list[str], cwd) -> subprocess.CompletedProcess:
    """``tbxl ARGS`` in a subprocess whose address space is capped at 1.5 GB."""
    return subprocess.run([sys.executable, "-m", "tbxl", *args], capture_output=True, text=True,
                          timeout=TIMEOUT, preexec_fn=_limits, cwd=cwd)


def check(case: Case, code: int, err: str) -> None:
    assert "Traceback" not in err, err
    assert "internal error" not in err, err       # the last resort is never what bad input meets
    lines = err.splitlines()
    assert len(lines) == 1, err[:2000]
    assert lines[0].startswith("tbxl: error: "), lines[0][:500]
    assert re.search(case.message, lines[0]), lines[0][:500]
    assert code == case.code, lines[0][:500]
    assert len(lines[0]) < 400, lines[0][:500]        # one readable line, not the file echoed back


#: Light cases that still take seconds (a bulletin of 200,000 columns): left out of `-m "not slow"`.
SLOW_CASES = {"bulletin_of_200000_columns"}


@pytest.mark.parametrize("case", [pytest.param(c, marks=pytest.mark.slow) if c.name in SLOW_CASES else c
                                  for c in CASES if not c.heavy], ids=lambda c: c.name)
def test_hostile_input(case: Case, tmp_path, capsys) -> None:
    args = case.build(tmp_path)
    code = main(args)
    out, err = capsys.readouterr()
    check(case, code, err)
    assert out == ""


@pytest.mark.slow   # a subprocess per case
@pytest.mark.parametrize("case", [c for c in CASES if c.heavy], ids=lambda c: c.name)
def test_hostile_input_bounded(case: Case, tmp_path) -> None:
    """In a subprocess limited to 1.5 GB of address space: a missing bound shows as a MemoryError
    traceback or a timeout, not as a slow test."""
    args = case.build(tmp_path)
    done = run_limited(args, tmp_path)
    check(case, done.returncode, done.stderr)
    assert done.stdout == ""


# -- a stray cell far away does not change what is read -------------------------------------------

def test_workbook_input_with_a_cell_at_xfd1048576(tmp_path, capsys):
    """The sheet declares A1:XFD1048576 and holds one more cell there: the crosstable at A1 is read
    as without it (17 billion positions are never walked)."""
    import json

    from hostile import FAR, GRID, sheet_xml, write_xlsx
    plain = write_xlsx(tmp_path / "plain.xlsx", sheet_xml(GRID))
    far = write_xlsx(tmp_path / "far.xlsx", sheet_xml(GRID, extra=FAR, dimension="A1:XFD1048576"))
    done = run_limited(["compute", far, "--tiebreaks", "BH,SB", "--format", "json"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert main(["compute", plain, "--tiebreaks", "BH,SB", "--format", "json"]) == 0
    expected = json.loads(capsys.readouterr().out)["standings"]
    assert json.loads(done.stdout)["standings"] == expected
    # C: 1 + ½ + ½ = 2 points; A: 1 + ½ + 0 = 1.5; B: 0 + 1 + ½ = 1.5; D: 0 + 0 + 1 = 1.
    assert [(s["start_number"], s["points"]) for s in expected] == [(3, 2), (1, 1.5), (2, 1.5), (4, 1)]


def test_published_workbook_with_a_cell_at_xfd1048576(tmp_path, capsys):
    """A published table (the TEC exercise's true BH values) with a stray cell at XFD1048576: the
    audit reads the table and passes."""
    from conftest import DATA
    from hostile import FAR, sheet_xml, write_xlsx
    from tbxl.standings import compute_standings
    from tbxl.io.trf import read_trf
    swiss = DATA / "tec-2023" / "held_swiss_5.trf"
    st = compute_standings(read_trf(swiss), "BH", conventions.get("fide-2024"))
    rows = [["SNo", "Pts", "BH"]] + [[r.player.start_number, float(r.points), float(r.values["BH"])]
                                     for r in st.rows]
    book = write_xlsx(tmp_path / "published.xlsx", sheet_xml(rows, extra=FAR, dimension="A1:XFD1048576"))
    done = run_limited(["audit", str(swiss), "--published", book, "--tiebreaks", "BH", "--rules", "fide-2024"],
                       tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr


def test_headers_with_digits_int_refuses():
    """A numbered column of 5000 digits or with "²" is not a numbered tie-break column (int() would
    raise); a code's cut of 5000 digits is an unknown modifier, said in one short line."""
    from tbxl.errors import UnknownTiebreak
    from tbxl.io.published import column_meaning
    from tbxl.tiebreaks.codes import parse
    assert column_meaning("TB" + "9" * 5000, ["BH"]) is None
    assert column_meaning("TB\u00b2", ["BH"]) is None
    assert column_meaning("TB1", ["BH"]) == "BH"
    with pytest.raises(UnknownTiebreak, match=r"^unknown modifier '/C9{19}' in tie-break 'BH/C9{36}\.\.\.'$"):
        parse("BH/C" + "9" * 5000)


#: The corpus's light cases, each run by tbxl's main() in one subprocess under the memory cap, so
#: that every case of the corpus (not only the heavy ones) is shown to refuse within 1.5 GB.
_DRIVER = r"""
import io, json, tempfile, contextlib, pathlib
from hostile import CASES
from tbxl.cli import main
for case in CASES:
    if case.heavy:
        continue
    with tempfile.TemporaryDirectory() as d:
        args = case.build(pathlib.Path(d))
        err, out = io.StringIO(), io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            code = main(args)
    print(json.dumps({"name": case.name, "code": code, "err": err.getvalue(), "out": out.getvalue()}))
"""


@pytest.mark.slow   # every light case again, in one subprocess under the memory cap
def test_every_light_case_under_the_memory_cap(tmp_path) -> None:
    import json
    from pathlib import Path
    import os
    # The driver imports tests/hostile.py: the tests' folder on its PYTHONPATH.
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(Path(__file__).parent),
                                                                     os.environ.get("PYTHONPATH")])))
    done = subprocess.run([sys.executable, "-c", _DRIVER], capture_output=True, env=env,
                          text=True, timeout=TIMEOUT * 3, preexec_fn=_limits, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    results = [json.loads(line) for line in done.stdout.splitlines()]
    by_name = {c.name: c for c in CASES}
    assert len(results) == sum(not c.heavy for c in CASES)
    for r in results:
        check(by_name[r["name"]], r["code"], r["err"])
        assert r["out"] == "", r["name"]
