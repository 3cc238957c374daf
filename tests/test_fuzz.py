"""Bad input never crashes: mutated TRF files and crosstable grids give a result or an InputError
with a location, never another exception."""

import warnings

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import DATA
from tbxl import rules as conventions
from tbxl.errors import InputError
from tbxl.io.grid import read_grid
from tbxl.io.trf import parse_trf
from tbxl.rules import get
from tbxl.standings import compute_standings

TRF = (DATA / "tec-2023" / "held_swiss_5.trf").read_text()
CHARS = st.sampled_from(list(" 0123456789wbWB=+-HZUFDLX.,\t/xé\n"))


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(TRF) - 1), CHARS), min_size=1, max_size=4))
def test_mutated_trf_reads_or_fails_with_a_location(edits):
    text = list(TRF)
    for pos, ch in edits:
        text[pos] = ch
    text = "".join(text)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            t = parse_trf(text, source="fuzz.trf")
        except InputError as err:
            assert str(err).startswith("fuzz.trf"), str(err)
            return
    compute_standings(t, "BH/C1,BH,SB,PS,WIN,ARO,DE", conventions.get("fide-2026"))


GRID = [
    ["No", "Name", "R1", "R2", "R3"],
    [1, "A", "2w1", "3b½", "4w0"],
    [2, "B", "1b0", "4w1", "3b="],
    [3, "C", "4b1", "1w½", "2w="],
    [4, "D", "3w0", "2b0", "1b1"],
]
CELLS = st.one_of(
    st.sampled_from(
        [
            "",
            0,
            None,
            "bye",
            "H",
            "Z",
            "F",
            "+",
            "-",
            "x",
            "12w1",
            "2b+",
            "3w-",
            "1w1",
            "2b½",
            "5w=",
            "4",
            4.0,
            "w",
            "½",
            "1/2",
        ]
    ),
    st.text(alphabet="0123456789wbWB=+-½ hzf", max_size=5),
    st.integers(-3, 9),
)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 4), st.integers(2, 4), CELLS), min_size=1, max_size=3))
def test_mutated_grid_reads_or_fails_with_a_location(edits):
    grid = [row[:] for row in GRID]
    for r, c, v in edits:
        grid[r][c] = v
    _grid_ok_or_located(grid)


def _grid_ok_or_located(grid) -> None:
    """The grid reads and ranks, or fails with an InputError naming a cell."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            t = read_grid(grid, origin="Sheet1!A1")
        except InputError as err:
            assert err.cell and err.cell.startswith("Sheet1!"), str(err)
            return
    compute_standings(t, "BH/C1,BH,SB,PS,DE", conventions.get("fide-2026"))


BULLETIN = (
    "Final ranking\n\nRk.;SNo;Name;Pts.;BH-C1;BH;SB\n1;2;Bruno;4;12;13;9,5\n2;3;Charline;3,5;13;15,5;10,5\n"
    "3;4;David;3,5;11,5;15;9,75\n4;1;Alyx;3,5;11;12,5;8\n"
)
BULLETIN_CHARS = st.sampled_from(list(' 0123456789;,.\t\n"-½abcRkSNoBH/CPts#é'))


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(BULLETIN) - 1), BULLETIN_CHARS), min_size=1, max_size=4))
def test_mutated_bulletin_reads_or_fails_with_a_location(tmp_path_factory, edits):
    """A published table read for ``tbxl audit``: an audit, or an InputError naming the file."""
    from tbxl.audit import audit
    from tbxl.errors import UnknownTiebreak
    from tbxl.io.published import read_published

    text = list(BULLETIN)
    for pos, ch in edits:
        text[pos] = ch
    path = tmp_path_factory.mktemp("b") / "fuzz.csv"
    path.write_text("".join(text), encoding="utf-8")
    swiss = parse_trf(TRF, source="held_swiss_5.trf")
    try:
        table = read_published(path, swiss, tiebreaks=["BH/C1", "BH", "SB"])
    except InputError as err:
        assert str(err).startswith(str(path)), str(err)
        return
    except UnknownTiebreak as err:  # a header naming an unknown modifier: a usage-level message
        assert "tie-break" in str(err)
        return
    audit(swiss, table, rules=get("fide-2026"))


# -- wider alphabets (issue 10): digits int() refuses, long numbers, quotes, delimiters, any text ----

ODD = st.sampled_from(
    [
        "\u00b2",
        "\u0663",
        "\xb2",
        "9" * 30,
        "1" * 5000,
        '"',
        ";",
        ",",
        "\t",
        "\r",
        "\x00",
        "\ufeff",
        "\u202e",
        "XXR 99999999",
        "&lol;",
        "½",
        "-",
        "=",
        "  ",
    ]
)
ANY_TEXT = st.text(max_size=8) | ODD


def _ok_or_located(text: str, source: str = "fuzz.trf") -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            t = parse_trf(text, source=source)
        except InputError as err:
            assert str(err).startswith(source), str(err)
            assert len(str(err)) < 400, str(err)[:400]
            return
    compute_standings(t, "BH/C1,BH,SB,PS,WIN,ARO,DE", conventions.get("fide-2026"))


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(TRF)), st.integers(0, 3), ANY_TEXT), min_size=1, max_size=3))
def test_trf_with_any_text_spliced_in(edits):
    """Any text replacing 0-3 characters anywhere (a number field, a record code, a line end)."""
    text = TRF
    for pos, cut, piece in edits:
        text = text[:pos] + piece + text[pos + cut :]
    _ok_or_located(text)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(0, 4),
            st.integers(0, 5),
            CELLS | ANY_TEXT | st.integers() | st.floats() | st.just(10**400) | st.booleans(),
        ),
        min_size=1,
        max_size=3,
    )
)
@pytest.mark.slow
def test_grid_with_any_cell(edits):
    """Any value in any cell, the header included: numbers of any size, inf and nan, text."""
    grid = [row[:] + [None] for row in GRID]
    for r, c, v in edits:
        grid[r][c] = v
    _grid_ok_or_located(grid)


# Fewer examples: each one runs an audit (about 50 ms).
@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(BULLETIN)), st.integers(0, 3), ANY_TEXT), min_size=1, max_size=3))
def test_bulletin_with_any_text_spliced_in(tmp_path_factory, edits):
    """Quotes, delimiters, line ends and odd digits anywhere in a bulletin: an audit, or an InputError
    naming the file (a quote left open or a line that does not fit the header is never skipped)."""
    from tbxl.audit import audit
    from tbxl.errors import UnknownTiebreak
    from tbxl.io.published import read_published

    text = BULLETIN
    for pos, cut, piece in edits:
        text = text[:pos] + piece + text[pos + cut :]
    path = tmp_path_factory.mktemp("b") / "fuzz.csv"
    path.write_text(text, encoding="utf-8", newline="")
    swiss = parse_trf(TRF, source="held_swiss_5.trf")
    try:
        table = read_published(path, swiss, tiebreaks=["BH/C1", "BH", "SB"])
    except InputError as err:
        assert str(err).startswith(str(path)), str(err)
        assert len(str(err)) < 400 + len(str(path)), str(err)[:400]
        return
    except UnknownTiebreak as err:
        assert "tie-break" in str(err)
        return
    audit(swiss, table, rules=get("fide-2026"))
