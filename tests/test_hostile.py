"""Hostile and broken files (issue 10): each ends with its exit code and one line naming the place,
never a traceback, within bounded time and memory (every case runs once more under a 1.5 GB
address-space cap). The corpus is tests/hostile.py."""

from __future__ import annotations

import os
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
MEMORY = int(1.5 * 2**30)
TIMEOUT = 120


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run_limited(args: list[str], cwd, case: Case | None = None) -> subprocess.CompletedProcess:
    """``tbxl ARGS`` in a subprocess whose address space is capped at 1.5 GB; with the environment
    and the standard output ``case`` asks for (another console's encoding, a closed or full stream)."""
    env = dict(os.environ)
    for key, value in ((case.env if case else None) or {}).items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    where = case.stdout if case else ""
    stdout = subprocess.PIPE
    if where == "closed":
        stdout = subprocess.DEVNULL  # replaced by a closed descriptor below
    elif where:
        stdout = open(where, "wb")
    try:
        done = subprocess.run(
            [sys.executable, "-m", "tbxl", *args],
            stdout=stdout,
            stderr=subprocess.PIPE,
            timeout=TIMEOUT,
            preexec_fn=_closing_stdout if where == "closed" else _limits,
            cwd=cwd,
            env=env,
        )
    finally:
        if where and where != "closed":
            stdout.close()
    out = (done.stdout or b"").decode("utf-8", errors="replace")
    return subprocess.CompletedProcess(done.args, done.returncode, out, done.stderr.decode("utf-8", errors="replace"))


def _closing_stdout() -> None:
    _limits()
    os.close(1)  # `tbxl ... >&-`: Python starts with sys.stdout None


def run_main(args: list[str]) -> int:
    """tbxl's main() in this process; an argparse usage error's exit code as its result."""
    try:
        return main(args)
    except SystemExit as exit:
        return exit.code if isinstance(exit.code, int) else 2


def check(case: Case, code: int, err: str, out: str = "") -> None:
    assert "Traceback" not in err, err
    assert "internal error" not in err, err  # the last resort is never what bad input meets
    if case.output:
        assert re.search(case.output, out), out[:2000]
    if case.code == 0:  # a command that succeeds: nothing on stderr but the line it should say
        assert code == 0, err[:2000]
        if case.message:
            assert len(err.splitlines()) == 1 and re.search(case.message, err.splitlines()[0]), err[:2000]
        else:
            assert err == "", err[:2000]
        return
    lines = err.splitlines()
    assert len(lines) == 1, err[:2000]
    assert lines[0].startswith("tbxl: error: "), lines[0][:500]
    assert re.search(case.message, lines[0]), lines[0][:500]
    assert code == case.code, lines[0][:500]
    assert len(lines[0]) < 400, lines[0][:500]  # one readable line, not the file echoed back


#: Light cases that still take seconds (a bulletin of 200,000 columns): left out of `-m "not slow"`.
SLOW_CASES = {"bulletin_of_200000_columns"}


@pytest.mark.parametrize(
    "case",
    [pytest.param(c, marks=pytest.mark.slow) if c.name in SLOW_CASES else c for c in CASES if not c.heavy],
    ids=lambda c: c.name,
)
def test_hostile_input(case: Case, tmp_path, capsys) -> None:
    args = case.build(tmp_path)
    code = run_main(args)
    out, err = capsys.readouterr()
    check(case, code, err, out)
    assert out == "" or case.code == 0


@pytest.mark.slow  # a subprocess per case
@pytest.mark.parametrize("case", [c for c in CASES if c.heavy], ids=lambda c: c.name)
def test_hostile_input_bounded(case: Case, tmp_path) -> None:
    """In a subprocess limited to 1.5 GB of address space: a missing bound shows as a MemoryError
    traceback or a timeout, not as a slow test."""
    args = case.build(tmp_path)
    done = run_limited(args, tmp_path, case)
    check(case, done.returncode, done.stderr, done.stdout)
    assert done.stdout == "" or case.code == 0


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
    from tbxl.io.trf import read_trf
    from tbxl.standings import compute_standings

    swiss = DATA / "tec-2023" / "held_swiss_5.trf"
    st = compute_standings(read_trf(swiss), "BH", conventions.get("fide-2024"))
    rows = [["SNo", "Pts", "BH"]] + [[r.player.start_number, float(r.points), float(r.values["BH"])] for r in st.rows]
    book = write_xlsx(tmp_path / "published.xlsx", sheet_xml(rows, extra=FAR, dimension="A1:XFD1048576"))
    done = run_limited(
        ["audit", str(swiss), "--published", book, "--tiebreaks", "BH", "--rules", "fide-2024"], tmp_path
    )
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
            try:
                code = main(args)
            except SystemExit as exit:
                code = exit.code
    print(json.dumps({"name": case.name, "code": code, "err": err.getvalue(), "out": out.getvalue()}))
"""


@pytest.mark.slow  # every light case again, in one subprocess under the memory cap
def test_every_light_case_under_the_memory_cap(tmp_path) -> None:
    import json
    import os
    from pathlib import Path

    # The driver imports tests/hostile.py: the tests' folder on its PYTHONPATH.
    env = dict(
        os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(Path(__file__).parent), os.environ.get("PYTHONPATH")]))
    )
    done = subprocess.run(
        [sys.executable, "-c", _DRIVER],
        capture_output=True,
        env=env,
        text=True,
        timeout=TIMEOUT * 3,
        preexec_fn=_limits,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    results = [json.loads(line) for line in done.stdout.splitlines()]
    by_name = {c.name: c for c in CASES}
    assert len(results) == sum(not c.heavy for c in CASES)
    for r in results:
        check(by_name[r["name"]], r["code"], r["err"], r["out"])
        assert r["out"] == "" or by_name[r["name"]].code == 0, r["name"]


# -- Ctrl+C while the report's workers render ---------------------------------------------------------


def _children(pid: int) -> list[int]:
    found = []
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/children") as f:
                found += [int(c) for c in f.read().split()]
        except OSError:
            pass
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc for the worker processes")
def test_ctrl_c_while_the_workers_render(tmp_path):
    """Ctrl+C (SIGINT to the whole foreground group, as a terminal sends it) while two worker
    processes lay out a long report: one line, exit 130, no worker's traceback, no file written."""
    import signal
    import time

    from generate import generate  # the benchmarks' generator (pytest's pythonpath)
    from tbxl.io.trf import write_trf_file

    pytest.importorskip("weasyprint")
    event = tmp_path / "open.trf"
    write_trf_file(generate(400, 9, seed=3), event)
    out = tmp_path / "open.pdf"
    env = dict(os.environ, TBXL_WORKERS="2")
    proc = subprocess.Popen(
        [sys.executable, "-m", "tbxl", "report", str(event), "-o", str(out), "--derivations", "all"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        start_new_session=True,
    )
    deadline = time.monotonic() + 120
    while len(_children(proc.pid)) < 2 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert proc.poll() is None and len(_children(proc.pid)) >= 2, "the report did not start its workers"
    time.sleep(1.0)  # the workers are laying out their parts
    os.killpg(proc.pid, signal.SIGINT)
    try:
        stdout, stderr = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        pytest.fail("still running a minute after Ctrl+C")
    err = stderr.decode()
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err[-3000:]
    assert err.splitlines() == ["tbxl: interrupted"], err[-3000:]
    assert proc.returncode == 130
    assert not out.exists() and not list(tmp_path.glob(".open.pdf.*"))


#: Files far over one limit of each reader (issue 39): the TRF reader's bytes, round fields,
#: round entries and header text; the CSV bulletin's bytes and columns; the workbook's bytes,
#: declared and real unpacked size, cells and cell text; tbxl.toml's bytes.
FAR_OVER_A_LIMIT = [
    "trf_sparse_file_of_4_gb",
    "trf_long_record",
    "trf_padding_bomb",
    "trf_xxr_huge",
    "report_of_an_event_named_in_100_kb",
    "bulletin_of_3000000_columns",
    "bulletin_of_200000_columns",
    "xlsx_sparse_file_of_4_gb",
    "xlsx_input_zip_bomb",
    "xlsx_published_zip_bomb",
    "xlsx_understating_its_sheet",
    "xlsx_input_cell_bomb",
    "xlsx_name_of_12_mb",
    "config_over_256_kb",
    "config_nested_5000_deep",
]


@pytest.mark.slow  # a subprocess per case
@pytest.mark.parametrize("name", FAR_OVER_A_LIMIT)
def test_a_limit_is_checked_before_the_work(name: str, tmp_path) -> None:
    """Every reader checks its bounds before any per-item work (suggestions, parsing, sniffing):
    a file far over one is refused within about a second of CPU after the interpreter's start
    (issue 39: a bulletin of 3,000,000 columns took 84 s, each header word given a suggestion
    first). CPU time, not wall time: what the refusal costs, whatever else the machine runs."""
    import resource

    case = {c.name: c for c in CASES}[name]
    args = case.build(tmp_path)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = run_limited(args, tmp_path, case)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    check(case, done.returncode, done.stderr, done.stdout)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    assert cpu < 1.5, f"{name}: {cpu:.2f} s of CPU before the refusal"
