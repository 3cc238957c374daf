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
import re
import zipfile
import zlib
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any
from xml.parsers import expat

from tbxl.errors import InputError
from tbxl.io.files import PathLike
from tbxl.limits import (
    MAX_CELL_TEXT,
    MAX_WORKBOOK_BYTES,
    MAX_WORKBOOK_CELLS,
    MAX_WORKBOOK_XML_BYTES,
    check_regular,
    size_text,
)

if TYPE_CHECKING:  # openpyxl is the xlsx extra's: imported where it is used
    from openpyxl.workbook.workbook import Workbook
    from openpyxl.worksheet.worksheet import Worksheet


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


#: The first bytes of an OLE compound file: an Excel 97-2003 workbook, or an .xlsx that Excel
#: encrypted with a password (the zip is then a stream "EncryptedPackage" inside such a file).
_COMPOUND_FILE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_ENCRYPTED = ("EncryptionInfo".encode("utf-16-le"), "EncryptedPackage".encode("utf-16-le"))


def _refuse_compound_file(name: str) -> None:
    """A workbook that is no zip archive but a compound file: protected by a password, or an
    old .xls renamed; said as such rather than "not a zip archive"."""
    try:
        with open(name, "rb") as f:
            if f.read(8) != _COMPOUND_FILE:
                return
            data = f.read(MAX_WORKBOOK_BYTES)
    except OSError:
        return
    if any(mark in data for mark in _ENCRYPTED):
        raise InputError(
            "the workbook is protected by a password (encrypted): tbxl cannot open it; in Excel, "
            "File > Info > Protect Workbook > Encrypt with Password, clear the password and "
            "save, then give that file",
            file=name,
        )
    raise InputError(
        "this is an Excel 97-2003 workbook (.xls), not an .xlsx: save it as an Excel workbook (.xlsx) and give that",
        file=name,
    )


def check_workbook(path: PathLike) -> None:
    """Refuse a workbook that openpyxl should not read (see the module's docstring)."""
    name = os.fspath(path)
    size = check_regular(name)
    if size > MAX_WORKBOOK_BYTES:
        raise InputError(
            f"the workbook is {size_text(size)}; tbxl reads workbooks of at most {size_text(MAX_WORKBOOK_BYTES)}",
            file=name,
        )
    _refuse_compound_file(name)
    try:
        archive = zipfile.ZipFile(name)
    except (zipfile.BadZipFile, OSError, ValueError, EOFError) as err:
        raise InputError(f"not a readable .xlsx/.xlsm workbook (not a zip archive: {err})", file=name) from None
    with archive:
        parts = archive.infolist()
        if len(parts) > MAX_PARTS:
            raise InputError(f"the workbook archive holds {len(parts):,} parts; a workbook has a few dozen", file=name)
        # A part never unpacks to more than its entry declares (zipfile stops there and checks the
        # CRC), so the declared sizes bound the work before anything is unpacked.
        unpacked = sum(p.file_size for p in parts if not p.is_dir())
        if unpacked > MAX_WORKBOOK_XML_BYTES:
            raise InputError(
                f"the workbook unpacks to {size_text(unpacked)}; tbxl reads workbooks that unpack "
                f"to at most {size_text(MAX_WORKBOOK_XML_BYTES)}",
                file=name,
            )
        cells = 0
        for part in parts:
            if part.is_dir():
                continue
            where: list[str | None] = [None]  # the reference of the cell being parsed
            try:
                cells += _scan(archive, part, where)
            except _Refused as err:
                raise InputError(f"{part.filename}: {err}", file=name) from None
            except expat.ExpatError as err:
                raise _malformed(archive, part, err, where[0], name) from None
            except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError, OSError) as err:
                raise InputError(f"{part.filename}: cannot be unpacked ({err})", file=name) from None
            if cells > MAX_WORKBOOK_CELLS:
                raise InputError(
                    f"the sheets hold over {MAX_WORKBOOK_CELLS:,} cells (counted up to "
                    f"{part.filename}); tbxl reads workbooks of at most {MAX_WORKBOOK_CELLS:,} cells",
                    file=name,
                )


def control_character_text(ch: str) -> str:
    """How a control character that XML 1.0 cannot hold is named in a message (never the character
    itself, which would act on the terminal): ``the control character U+001B``."""
    return f"the control character U+{ord(ch):04X}"


def _malformed(
    archive: zipfile.ZipFile, part: zipfile.ZipInfo, err: expat.ExpatError, ref: str | None, file: str
) -> InputError:
    """The error of a part that is not well-formed XML: where, and -- inside a sheet's cell, where a
    control character is the usual cause (a name pasted with an escape sequence) -- the cell as
    ``sheet!A1`` and the character, by its code point."""
    what = f"malformed XML ({expat.ErrorString(err.code)}, line {err.lineno}, column {err.offset + 1})"
    if ref is None or not part.filename.startswith("xl/worksheets/"):
        return InputError(f"{part.filename}: {what}", file=file)
    found = _character_at(archive, part, err.lineno, err.offset)
    sheets = {v: k for k, v in _sheet_parts_of(archive).items()}
    sheet = sheets.get(part.filename)
    cell = f"{sheet}!{ref}" if sheet else ref
    if found is not None:
        return InputError(
            f"the cell holds {control_character_text(found)}, which a workbook cannot store ({part.filename}: {what})",
            file=file,
            cell=cell,
        )
    return InputError(f"{part.filename}: {what}", file=file, cell=cell)


_CHAR_REF = re.compile(rb"&#(x[0-9a-fA-F]{1,6}|[0-9]{1,7});")


def _character_at(archive: zipfile.ZipFile, part: zipfile.ZipInfo, line: int, offset: int) -> str | None:
    """The control character (raw, or written ``&#27;``) where expat stopped, if one is there."""
    try:
        with archive.open(part) as f:
            data = f.read()
        text = data.split(b"\n")[line - 1]
    except (IndexError, OSError, zipfile.BadZipFile, zlib.error, EOFError, RuntimeError):
        return None
    for at in (offset, offset - 1):
        if 0 <= at < len(text) and (text[at] < 0x20 and text[at] not in (9, 10, 13)):
            return chr(text[at])
    m = _CHAR_REF.match(text, max(offset, 0))
    if m:
        code = m.group(1).decode()
        n = int(code[1:], 16) if code.startswith("x") else int(code)
        if n < 0x20 and n not in (9, 10, 13):
            return chr(n)
    return None


def _sheet_parts_of(archive: zipfile.ZipFile) -> dict[str, str]:
    try:
        return sheet_parts(archive.read)
    except (KeyError, OSError, zipfile.BadZipFile, zlib.error, EOFError, RuntimeError, UnicodeDecodeError):
        return {}


def _scan(archive: zipfile.ZipFile, part: zipfile.ZipInfo, where: list[str | None] | None = None) -> int:
    """Parse one part if it is XML (refusing a DTD) and count its cells (``<c>`` elements);
    ``where[0]`` is kept at the reference of the last cell started (for an error's place)."""
    parser = expat.ParserCreate(namespace_separator=" ")
    cells = 0

    def start(tag: str, attrs: dict[str, str]) -> None:
        nonlocal cells
        if tag == "c" or tag.endswith(" c"):
            cells += 1
            if where is not None:
                where[0] = attrs.get("r")

    def doctype(*_args: object) -> None:
        raise _Refused("declares a DTD (<!DOCTYPE ...>), which no workbook needs: entities are not expanded")

    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = doctype
    parser.StartElementHandler = start
    chunks = _unpacked(archive, part)
    chunk = next(chunks, b"")
    if not _looks_like_xml(chunk):
        chunks.close()
        return 0  # an image, vbaProject.bin ...: openpyxl does not parse it
    while chunk:
        parser.Parse(chunk, False)
        chunk = next(chunks, b"")
    parser.Parse(b"", True)
    return cells


def _unpacked(archive: zipfile.ZipFile, part: zipfile.ZipInfo) -> Generator[bytes, None, None]:
    """The bytes ``part`` really unpacks to, in chunks of at most :data:`_CHUNK`, read from the raw
    archive: zipfile stops at the size the entry declares, but openpyxl's ``archive.read`` then
    inflates the whole stream in one call, so a part that declares 1 KB and inflates to 3 GB ended
    in a MemoryError (issue 39). Refused (:class:`_Refused`) as soon as it passes its declared size,
    when it is compressed otherwise than Excel compresses (stored or deflated), or when its CRC is wrong."""
    if part.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        raise _Refused(f"compressed by method {part.compress_type}; a workbook's parts are stored or deflated")
    fp = archive.fp
    if fp is None:
        raise _Refused("the archive is closed")
    fp.seek(part.header_offset)
    local = fp.read(30)
    if len(local) < 30 or local[:4] != b"PK\x03\x04":
        raise _Refused("its local header is missing (a damaged archive)")
    fp.seek(part.header_offset + 30 + int.from_bytes(local[26:28], "little") + int.from_bytes(local[28:30], "little"))
    inflate = zlib.decompressobj(-zlib.MAX_WBITS) if part.compress_type == zipfile.ZIP_DEFLATED else None
    left, out, crc = part.compress_size, 0, 0
    pending = b""
    while True:
        if inflate is not None and inflate.unconsumed_tail:
            raw = inflate.unconsumed_tail
        elif left > 0:
            raw = fp.read(min(left, _CHUNK))
            if not raw:
                raise _Refused("the archive ends inside it (a damaged archive)")
            left -= len(raw)
        else:
            break
        pending = inflate.decompress(raw, _CHUNK) if inflate is not None else raw
        out += len(pending)
        if out > part.file_size:
            raise _Refused(
                f"unpacks to more than the {part.file_size:,} bytes its entry declares (a damaged or hostile archive)"
            )
        crc = zlib.crc32(pending, crc)
        if pending:
            yield pending
        if inflate is not None and inflate.eof:
            break
    if out != part.file_size or crc != part.CRC:
        raise _Refused("does not unpack to what its entry declares (size or CRC): a damaged archive")


def _looks_like_xml(head: bytes) -> bool:
    """The start of an XML document: ``<`` after an optional byte-order mark and blanks."""
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return True
    return head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<")


def load_workbook(path: PathLike) -> Workbook:
    """:func:`check_workbook`, then openpyxl's workbook with cached values (``data_only``)."""
    name = os.fspath(path)
    check_workbook(name)
    import openpyxl

    try:
        return openpyxl.load_workbook(name, data_only=True)
    except Exception as err:  # openpyxl raises many kinds (KeyError, TypeError ...) for a broken part
        raise InputError(f"not a readable .xlsx/.xlsm workbook ({type(err).__name__}: {err})", file=name) from None


def sheet_rows(ws: Worksheet, file: str | None = None) -> list[tuple[int, list[Any]]]:
    """The rows of a (not read-only) worksheet that hold a value, in order, each as its row number
    and its values from column A to its last value. Built from the cells written, not from the
    dimension the sheet declares (``iter_rows`` would walk every position up to it)."""
    by_row: dict[int, dict[int, Any]] = {}
    for (r, c), cell in ws._cells.items():  # openpyxl keeps the cells written in this dict
        value = cell.value
        if not is_empty(value):
            if isinstance(value, str) and len(value) > MAX_CELL_TEXT:
                from tbxl.io.grid import column_letters

                raise InputError(
                    f"a cell of {len(value):,} characters; a workbook's cell holds at most "
                    f"{MAX_CELL_TEXT:,} (Excel's own limit)",
                    file=file,
                    cell=f"{ws.title}!{column_letters(c - 1)}{r}",
                )
            by_row.setdefault(r, {})[c] = value
    out = []
    span = 0
    for r in sorted(by_row):
        cols = by_row[r]
        width = max(cols)
        span += width
        if span > MAX_ROW_SPAN:
            raise InputError(
                f"the rows with values span over {MAX_ROW_SPAN:,} cells from column A (values "
                f"far to the right, e.g. at column {width:,}): clear stray cells or move the table",
                file=file,
                cell=f"{ws.title}!A{r}",
            )
        values: list[Any] = [None] * width
        for c, v in cols.items():
            values[c - 1] = v
        out.append((r, values))
    return out


def sheet_parts(read: Callable[[str], bytes]) -> dict[str, str]:
    """Sheet name -> part name (``xl/worksheets/sheet1.xml``), from ``read(part)``, the bytes of a
    part of the archive (the workbook's sheet list and its relationships)."""
    wbxml = read("xl/workbook.xml").decode("utf-8")
    rels = read("xl/_rels/workbook.xml.rels").decode("utf-8")
    targets = {}
    for m in re.finditer(r"<Relationship\b[^>]*>", rels):
        tag = m.group(0)
        rid = re.search(r'\bId="([^"]+)"', tag)
        target = re.search(r'\bTarget="([^"]+)"', tag)
        if rid and target:
            t = target.group(1)
            targets[rid.group(1)] = t.lstrip("/") if t.startswith("/") else "xl/" + t
    out = {}
    for m in re.finditer(r"<sheet\b[^>]*>", wbxml):
        tag = m.group(0)
        name = re.search(r'\bname="([^"]*)"', tag)
        rid = re.search(r'\br:id="([^"]+)"', tag)
        if name and rid and rid.group(1) in targets:
            out[_unescape(name.group(1))] = targets[rid.group(1)]
    return out


def _unescape(s: str) -> str:
    return (
        s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"').replace("&apos;", "'").replace("&amp;", "&")
    )
