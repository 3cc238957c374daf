"""What the tests of tbxl.excel share: the TEC events, a fresh cache for every test, and the
cells Excel desktop and the classic add-in send."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from conftest import DATA
from tbxl import excel
from tbxl import rules as conventions
from tbxl.model import Pairing
from tbxl.tiebreaks import Context, compute, parse
from tbxl.io.trf import read_trf

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
