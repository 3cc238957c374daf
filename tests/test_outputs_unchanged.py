"""The JSON and CSV of ``tbxl compute`` are byte-equal to what the code wrote before issue 13 reshaped
the edges (tests/data/golden): the bundled examples, the example workbooks in the three crosstable
layouts, and a generated event as a TRF and as compact and sm3 workbooks."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from conftest import DATA
from tbxl.cli import main

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = DATA / "golden"
TRFS = [
    ROOT / "tbxl" / "examples" / "held_round_robin.trf",
    ROOT / "tbxl" / "examples" / "held_swiss_5.trf",
    DATA / "seeds" / "seed001-sonneborn-berger-rr.trf",
    DATA / "seeds" / "seed002-buchholz-swiss.trf",
]
WORKBOOKS = [ROOT / "workbooks" / name for name in ("seed002-sm3.xlsx", "tec-round-robin.xlsx", "tec-swiss.xlsx")]


def compute(capsys, path: Path, fmt: str) -> str:
    assert main(["compute", "--no-config", "--format", fmt, str(path)]) == 0
    return capsys.readouterr().out


def golden(name: str, fmt: str) -> str:
    return (GOLDEN / f"{name}.{fmt}").read_text(encoding="utf-8")


@pytest.mark.parametrize("fmt", ["json", "csv"])
@pytest.mark.parametrize("path", TRFS, ids=lambda p: p.name)
def test_bundled_trf(capsys, path, fmt):
    assert compute(capsys, path, fmt) == golden(path.name, fmt)


@pytest.mark.parametrize("fmt", ["json", "csv"])
@pytest.mark.parametrize("path", WORKBOOKS, ids=lambda p: p.name)
def test_bundled_workbooks_in_every_layout(capsys, path, fmt):
    pytest.importorskip("openpyxl")
    assert compute(capsys, path, fmt) == golden(path.name, fmt)


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> Path:
    spec = importlib.util.spec_from_file_location("bench_generate", ROOT / "benchmarks" / "generate.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    from tbxl.io.trf import write_trf

    folder = tmp_path_factory.mktemp("generated")
    (folder / "swiss-30.trf").write_text(write_trf(module.generate(30, 7)), encoding="utf-8")
    return folder


@pytest.mark.parametrize("fmt", ["json", "csv"])
@pytest.mark.parametrize("layout", [None, "compact", "sm3"])
def test_a_generated_event_as_trf_and_as_workbooks(capsys, generated, layout, fmt):
    path = generated / "swiss-30.trf"
    name = "swiss-30.trf"
    if layout:
        pytest.importorskip("openpyxl")
        from tbxl.io.trf import read_trf
        from tbxl.workbook import write_workbook

        name = f"swiss-30-{layout}.xlsx"
        path = generated / name
        if not path.exists():
            write_workbook(read_trf(generated / "swiss-30.trf"), path, layout=layout)
    assert compute(capsys, path, fmt) == golden(name, fmt)
