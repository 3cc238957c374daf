"""The VBA project of the .xlsm: xlwings' quickstart project without its sample macro, the reference
to the xlwings add-in kept (the UDF wrappers of Import Functions call into it)."""

from __future__ import annotations

import importlib.util
import zipfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as s

from tbxl.workbook import vba

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ROOT / "workbooks" / "tec-swiss.xlsm"
STREAMS = ("PROJECT", "PROJECTwm", "VBA/dir", "VBA/ThisWorkbook", "VBA/Sheet1", "VBA/Sheet2")


def vba_part(path: Path) -> bytes:
    with zipfile.ZipFile(path) as z:
        return z.read("xl/vbaProject.bin")


@pytest.fixture(scope="module")
def quickstart() -> bytes:
    pytest.importorskip("xlwings")  # its quickstart.xlsm holds the reference VBA project
    spec = importlib.util.find_spec("xlwings")
    return vba_part(Path(spec.submodule_search_locations[0]) / "quickstart.xlsm")


@pytest.fixture(scope="module")
def shipped() -> bytes:
    return vba_part(SHIPPED)


def test_quickstart_has_the_sample_macro_the_reader_finds(quickstart):
    # the reader on Excel's own compression (copy tokens): what xlwings ships
    sources = vba.module_sources(quickstart)
    assert sorted(sources) == ["Module1", "Sheet1", "Sheet2", "ThisWorkbook"]
    assert "Sub SampleCall()" in sources["Module1"] and 'RunPython "import "' in sources["Module1"]
    assert vba.vba_version(quickstart) != 0xFFFF


def test_shipped_xlsm_has_no_macro_left(shipped):
    sources = vba.module_sources(shipped)
    assert sorted(sources) == ["Module1", "Sheet1", "Sheet2", "ThisWorkbook"]
    for name, text in sources.items():
        for word in ("Sub ", "Function ", "RunPython", "Auto_Open", "Workbook_Open"):
            assert word not in text, (name, word)
    lines = [ln.rstrip() for ln in sources["Module1"].split("\r\n")]
    assert lines == ['Attribute VB_Name = "Module1"', vba.SAMPLE_REMOVED, ""]
    # no compiled code of the sample either: Excel compiles from source (version 0xFFFF), and a
    # scanner finds no p-code that differs from the source
    assert vba.vba_version(shipped) == 0xFFFF
    cfb = vba.CompoundFile(shipped)
    offset = vba.module_offsets(cfb)["Module1"]
    assert set(cfb.read("VBA/Module1")[:offset]) == {0}
    assert cfb.read("VBA/_VBA_PROJECT") == b"\xcc\x61\xff\xff\x00\x03\x00"  # what LibreOffice writes


def test_shipped_xlsm_keeps_the_reference_to_the_xlwings_add_in_and_the_rest(shipped, quickstart):
    ours, theirs = vba.CompoundFile(shipped), vba.CompoundFile(quickstart)
    for stream in STREAMS:
        assert ours.read(stream) == theirs.read(stream), stream
    directory = vba.decompress(ours.read("VBA/dir"))
    assert b"xlwings.xlam" in directory and b"\x16\x00\x07\x00\x00\x00xlwings" in directory  # REFERENCENAME
    assert len(shipped) == len(quickstart)
    # the stream cut to 7 bytes: its mini-sector chain ends after one sector, the others are free
    entry = ours._entry("VBA/_VBA_PROJECT")
    first = int.from_bytes(entry[0x74:0x78], "little")
    assert ours.minifat[first] == vba.END_OF_CHAIN
    assert ours.minifat.count(vba.NO_STREAM) - theirs.minifat.count(vba.NO_STREAM) == 3390 // 64


def test_without_sample_macros_is_what_the_workbook_writer_ships(shipped, quickstart):
    assert vba.without_sample_macros(quickstart) == shipped


@given(
    s.text(alphabet=s.characters(min_codepoint=32, max_codepoint=126), min_size=1, max_size=300),
    s.integers(min_value=0, max_value=400),
)
def test_compress_to_gives_exactly_the_size_and_the_text_back(text, extra):
    source = (text + "\r\n").encode("ascii")
    smallest = 1 + 2 + len(source) + -(-len(source) // 8)  # signature, chunk header, literals, flags
    for size in (smallest, smallest + 1, smallest + 2, smallest + 3 + extra):
        try:
            packed = vba.compress_to(source, size)
        except vba.VbaError:
            assert size < smallest + 3  # only just above the smallest size can miss
            continue
        assert len(packed) == size
        out = vba.decompress(packed)
        body = source.rstrip(b"\r\n")
        assert out.startswith(body) and out.endswith(b"\r\n") and set(out[len(body) : -2]) <= {ord(" ")}


def test_compress_to_uses_a_copy_token_where_literals_cannot_fit():
    # literals alone give 3 + n + ceil(n/8) bytes, never 49 (= 3 + 9*5 + 1): a copy token is needed
    assert not any(3 + n + -(-n // 8) == 49 for n in range(100))
    source = b"' x\r\n"
    packed = vba.compress_to(source, 49)
    assert len(packed) == 49
    out = vba.decompress(packed)
    assert out == b"' x" + b" " * (len(out) - 5) + b"\r\n"


def test_a_module_text_too_long_for_its_stream_is_refused():
    with pytest.raises(vba.VbaError, match="does not fit in 10 bytes"):
        vba.compress_to(b"' a longer comment\r\n", 10)
