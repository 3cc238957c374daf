"""What the tests of tbxl.excel share: the TEC events, a fresh cache for every test, and the
cells Excel desktop and the classic add-in send."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from conftest import DATA
from tbxl import excel
from tbxl import rules as conventions
from tbxl.excel import results
from tbxl.io.trf import read_trf
from tbxl.model import Pairing
from tbxl.tiebreaks import Context, compute, parse

ROOT = Path(__file__).resolve().parents[1]
SWISS = DATA / "tec-2023" / "held_swiss_5.trf"
RR = DATA / "tec-2023" / "held_round_robin.trf"
SEED2 = DATA / "seeds" / "seed002-buchholz-swiss.trf"


@pytest.fixture(scope="module")
def swiss():
    return read_trf(SWISS)


@pytest.fixture(scope="module")
def rr():
    return read_trf(RR, pairing=Pairing.ROUND_ROBIN)


@pytest.fixture(autouse=True)
def fresh_cache():
    excel.cache_clear()
    yield
    excel.cache_clear()


def office_js(grid):
    """What Excel desktop sends to an Office.js function: 0 for empty cells, numbers as floats."""
    return [[0 if v in (None, "") else float(v) if isinstance(v, int) else v for v in row] for row in grid]


def classic(grid):
    """What the classic add-in sends: None for empty cells, numbers as floats."""
    return [[None if v == "" else float(v) if isinstance(v, int) else v for v in row] for row in grid]


def core_value(t, code, sn, rules):
    ctx = Context(t, conventions.get(rules))
    v = compute(ctx, parse(code)).value(ctx.index[sn])
    return None if v is None else v


def same(got, exact):
    """An Excel result against an exact core value: "" for None, int or float otherwise."""
    if exact is None:
        return got == ""
    assert isinstance(got, (int, float)) and not isinstance(got, bool), got
    if Fraction(exact).denominator == 1:
        assert isinstance(got, int), got
    return got == float(exact)


# -- the real xlwings at the versions the project allows --------------------------------------------

#: Where the xlwings wheels and their ``pip install --target`` folders are kept between runs.
XLWINGS_CACHE = Path(os.environ.get("TBXL_XLWINGS_CACHE") or Path(tempfile.gettempdir()) / "tbxl-xlwings-cache")

#: The versions the tests run: the declared minimum and the newest on the package index.
XLWINGS_VERSIONS = {"minimum": excel.XLWINGS_MINIMUM, "newest": None}


def _pip(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pip", *args], capture_output=True, text=True, timeout=600)


def xlwings_wheel(version: str | None) -> Path:
    """The pure-Python (``py3-none-any``) wheel of xlwings ``version`` (None: the newest on the
    package index), downloaded once into :data:`XLWINGS_CACHE`: the file micropip installs in
    Pyodide, and pip in CPython. The newest is asked of the index on every run."""
    folder = XLWINGS_CACHE / "wheels"
    if version is not None:
        found = sorted(folder.glob(f"xlwings-{version}-py3-none-any.whl"))
        if found:
            return found[0]
    folder.mkdir(parents=True, exist_ok=True)
    before = {p: p.stat().st_mtime for p in folder.glob("xlwings-*.whl")}
    done = _pip(
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
        f"xlwings=={version}" if version else "xlwings",
    )
    if done.returncode != 0:
        pytest.fail(f"cannot download xlwings {version or '(newest)'} from the package index: {done.stderr[-1000:]}")
    if version is not None:
        return next(folder.glob(f"xlwings-{version}-py3-none-any.whl"))
    saved = re.findall(r"(?:Saved|File was already downloaded) (\S+xlwings-[^\s/]+\.whl)", done.stdout + done.stderr)
    if saved:
        return Path(saved[-1])
    changed = [p for p in folder.glob("xlwings-*.whl") if before.get(p) != p.stat().st_mtime]
    return changed[0] if changed else max(folder.glob("xlwings-*.whl"), key=lambda p: _version(p.name))


def _version(name: str) -> tuple[int, ...]:
    return tuple(int(x) for x in re.findall(r"xlwings-([\d.]+)-", name)[0].strip(".").split("."))


def xlwings_site(wheel: Path) -> Path:
    """A folder holding only that xlwings (``pip install --target``), to put first on PYTHONPATH."""
    target = XLWINGS_CACHE / "site" / wheel.stem
    if not (target / "xlwings" / "__init__.py").exists():
        done = _pip("install", "-q", "--no-deps", "--no-compile", "--target", str(target), str(wheel))
        assert done.returncode == 0, done.stderr[-2000:]
    return target


def wire(value: Any) -> Any:
    """An argument as Excel sends it to an Office.js function: a 2-D matrix (a scalar as 1x1), an
    error cell as Office.js's error object (xlwings gives its ``basicValue`` with ``err_to_str``)."""

    def cell(v: Any) -> Any:
        if isinstance(v, str) and v in results.EXCEL_ERRORS:
            return {"type": "Error", "errorType": "NotAvailable" if v == "#N/A" else "Value", "basicValue": v}
        return v

    if value is None:
        return None
    rows = value if isinstance(value, list) else [[value]]
    rows = [r if isinstance(r, list) else [r] for r in rows]
    return [[cell(v) for v in r] for r in rows]


def as_office_js(value: Any) -> Any:
    """A value tbxl.excel returns, as xlwings' Office.js call path gives it back to Excel: a 2-D
    matrix, ``#N/A`` as Office.js's error object."""
    rows = value if isinstance(value, list) else [[value]]
    rows = [r if isinstance(r, list) else [r] for r in rows]
    return [[{"type": "Error", "errorType": "NotAvailable"} if v == results.NOT_FOUND else v for v in r] for r in rows]
