""".xlsx/.xlsm files from the field, for both workbook readers (a crosstable INPUT and a
``--published`` table): what is checked before openpyxl is given a file, and a sheet's cells as rows.

openpyxl trusts a workbook: it would expand entities declared in a DTD, unpack any amount of XML,
fill a grid up to the dimension a sheet declares (one cell at XFD1048576 makes 17 billion) and
raise whatever its parser raises. So, first (limits in :mod:`tbxl.limits`, README "Limits"):

- a regular file of at most ``MAX_WORKBOOK_BYTES``, a zip archive;
- XML parts that unpack to at most ``MAX_WORKBOOK_XML_BYTES`` together (a zip bomb is refused
  before it is unpacked: a part never yields more than the size its entry declares);
- every XML part well formed, without a DTD (no workbook needs one: entities and "billion laughs"
  are refused, never expanded);
- at most ``MAX_WORKBOOK_CELLS`` cells written, counted in the XML.

Each refusal is an :class:`InputError` naming the file and the part. Then a sheet is read by the
cells it holds (:func:`sheet_rows`), never by its declared dimension.
"""

from __future__ import annotations

import os
import zipfile
import zlib
from typing import Any, Optional
from xml.parsers import expat

from tbxl.errors import InputError
from tbxl.limits import (MAX_WORKBOOK_BYTES, MAX_WORKBOOK_CELLS, MAX_WORKBOOK_XML_BYTES, check_regular,
                     size_text)

#: Members of a workbook archive (parts, folders, media): far more than any real workbook holds.
MAX_PARTS = 10_000
#: Positions of the rows read from a sheet, each from column A to its last value: a few cells far
#: to the right on many rows (``XFD7``) would otherwise make a grid of billions of empty cells.
MAX_ROW_SPAN = 4 * MAX_WORKBOOK_CELLS
_CHUNK = 1 << 16


class _Refused(Exception):
    """A part that is not given to openpyxl (the reason is the message)."""


def is_empty(value: Any) -> bool:
    """A cell with nothing to read: no value, or only blanks."""
    return value is None or (isinstance(value, str) and not value.strip())


def check_workbook(path) -> None:
    """Refuse a workbook that openpyxl should not read (see the module's docstring)."""
    name = os.fspath(path)
    size = check_regular(name)
    if size > MAX_WORKBOOK_BYTES:
        raise InputError(f"the workbook is {size_text(size)}; tbxl reads workbooks of at most "
                         f"{size_text(MAX_WORKBOOK_BYTES)}", file=name)
    try:
        archive = zipfile.ZipFile(name)
    except (zipfile.BadZipFile, OSError, ValueError, EOFError) as err:
        raise InputError(f"not a readable .xlsx/.xlsm workbook (not a zip archive: {err})", file=name) from None
    with archive:
        parts = archive.infolist()
        if len(parts) > MAX_PARTS:
            raise InputError(f"the workbook archive holds {len(parts):,} parts; a workbook has a few dozen",
                             file=name)
        # A part never unpacks to more than its entry declares (zipfile stops there and checks the
        # CRC), so the declared sizes bound the work before anything is unpacked.
        unpacked = sum(p.file_size for p in parts if not p.is_dir())
        if unpacked > MAX_WORKBOOK_XML_BYTES:
            raise InputError(f"the workbook unpacks to {size_text(unpacked)}; tbxl reads workbooks that unpack "
                             f"to at most {size_text(MAX_WORKBOOK_XML_BYTES)}", file=name)
        cells = 0
        for part in parts:
            if part.is_dir():
                continue
            try:
                cells += _scan(archive, part)
            except _Refused as err:
                raise InputError(f"{part.filename}: {err}", file=name) from None
            except expat.ExpatError as err:
                raise InputError(f"{part.filename}: malformed XML ({expat.ErrorString(err.code)}, line "
                                 f"{err.lineno}, column {err.offset + 1})", file=name) from None
            except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError, OSError) as err:
                raise InputError(f"{part.filename}: cannot be unpacked ({err})", file=name) from None
            if cells > MAX_WORKBOOK_CELLS:
                raise InputError(f"the sheets hold over {MAX_WORKBOOK_CELLS:,} cells (counted up to "
                                 f"{part.filename}); tbxl reads workbooks of at most {MAX_WORKBOOK_CELLS:,} cells",
                                 file=name)


def _scan(archive: zipfile.ZipFile, part: zipfile.ZipInfo) -> int:
    """Parse one part if it is XML (refusing a DTD) and count its cells (``<c>`` elements)."""
    parser = expat.ParserCreate(namespace_separator=" ")
    cells = 0

    def start(tag: str, _attrs) -> None:
        nonlocal cells
        if tag == "c" or tag.endswith(" c"):
            cells += 1

    def doctype(*_args) -> None:
        raise _Refused("declares a DTD (<!DOCTYPE ...>), which no workbook needs: entities are not expanded")

    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = doctype
    parser.StartElementHandler = start
    with archive.open(part) as f:
        chunk = f.read(_CHUNK)
        if not _looks_like_xml(chunk):
            return 0          # an image, vbaProject.bin ...: openpyxl does not parse it
        while chunk:
            parser.Parse(chunk, False)
            chunk = f.read(_CHUNK)
        parser.Parse(b"", True)
    return cells


def _looks_like_xml(head: bytes) -> bool:
    """The start of an XML document: ``<`` after an optional byte-order mark and blanks."""
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return True
    return head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<")


def load_workbook(path) -> Any:
    """:func:`check_workbook`, then openpyxl's workbook with cached values (``data_only``)."""
    name = os.fspath(path)
    check_workbook(name)
    import openpyxl
    try:
        return openpyxl.load_workbook(name, data_only=True)
    except Exception as err:  # openpyxl raises many kinds (KeyError, TypeError ...) for a broken part
        raise InputError(f"not a readable .xlsx/.xlsm workbook ({type(err).__name__}: {err})", file=name) from None


def sheet_rows(ws, file: Optional[str] = None) -> list[tuple[int, list]]:
    """The rows of a (not read-only) worksheet that hold a value, in order, each as its row number
    and its values from column A to its last value. Built from the cells written, not from the
    dimension the sheet declares (``iter_rows`` would walk every position up to it)."""
    by_row: dict[int, dict[int, Any]] = {}
    for (r, c), cell in ws._cells.items():  # openpyxl keeps the cells written in this dict
        value = cell.value
        if not is_empty(value):
            by_row.setdefault(r, {})[c] = value
    out = []
    span = 0
    for r in sorted(by_row):
        cols = by_row[r]
        width = max(cols)
        span += width
        if span > MAX_ROW_SPAN:
            raise InputError(f"the rows with values span over {MAX_ROW_SPAN:,} cells from column A (values "
                             f"far to the right, e.g. at column {width:,}): clear stray cells or move the table",
                             file=file, cell=f"{ws.title}!A{r}")
        values: list = [None] * width
        for c, v in cols.items():
            values[c - 1] = v
        out.append((r, values))
    return out
