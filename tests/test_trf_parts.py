"""The TRF reader of small parts (issue 26, item 4): every module of ``tbxl/io/trf`` is one idea of
at most 500 lines and passes ``mypy --strict``; the records the builders read are immutable."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]
TRF = ROOT / "tbxl" / "io" / "trf"


def test_no_module_of_the_reader_is_over_500_lines():
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in TRF.glob("*.py")}
    assert {"tokens.py", "header.py", "scoring.py", "pairings.py", "teamrecords.py"} <= sizes.keys()
    assert {name: n for name, n in sizes.items() if n > 500} == {}


def test_the_records_given_to_the_builders_are_immutable():
    from tbxl.io.trf.records import Reader
    from tbxl.model import EventKind
    from test_program_shapes import record

    text = (
        "\n".join(
            [
                "012 E",
                "142 1",
                record(1, "A", 1800, "1.0", [(2, "w", "1")]),
                record(2, "B", 1700, "0.0", [(1, "b", "0")]),
                "013 Team                            1    2",
            ]
        )
        + "\n"
    )
    reader = Reader(text, "e.trf", False, kind=EventKind.TEAM)
    reader.collect()
    row = reader.rows[0]
    with pytest.raises(AttributeError):
        row.fields = ""  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        reader.header.declared_rounds = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        reader.header.meta["name"] = "F"  # type: ignore[index]
    assert reader.header.meta["name"] == "E" and reader.header.declared_rounds == 1
    team = reader.team
    assert team is not None
    (record,) = team.teams()
    assert (record.number, record.name, record.members) == (1, "Team", (1, 2))
    with pytest.raises(AttributeError):
        record.number = 2  # type: ignore[misc]


@pytest.mark.slow
def test_the_reader_passes_mypy_strict():
    cache = Path(tempfile.gettempdir()) / "tbxl-mypy-cache-trf"
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(cache), "tbxl/io/trf"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr


# The reader's fast path against the rule it stands for (issue 26, item 7: it replaced a regular
# expression that cost a run of 10,000 players about a tenth of a second).
LINE_ENDS = st.text(alphabet="ab\r\n\u2028\u0085\ufeff", max_size=16)


@given(LINE_ENDS)
def test_lines_are_split_at_cr_lf_and_crlf_only(text):
    import re

    from tbxl.io.text import split_lines

    assert split_lines(text) == re.split(r"\r\n|\r|\n", text.lstrip("\ufeff"))
