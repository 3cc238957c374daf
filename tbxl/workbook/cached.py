"""The values stored in the formula cells: openpyxl writes a formula with an empty ``<v/>``, so the
sheet XML of the saved workbook is patched with the values tbxl computed (they show before Excel has
the functions), dynamic-array anchors are marked, and the zip is written reproducibly
(``SOURCE_DATE_EPOCH``)."""

from __future__ import annotations

import datetime as dt
import io
import os
import re
import zipfile
from collections.abc import Iterable
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from tbxl.io.files import PathLike, write_atomic
from tbxl.io.xlsx import sheet_parts
from tbxl.workbook.vba import without_sample_macros

if TYPE_CHECKING:  # openpyxl is the xlsx extra's: imported where it is used
    from openpyxl.workbook.workbook import Workbook

__all__ = ["save", "with_cached_values", "VBA_PART", "Cached", "Dynamic"]

#: The values computed for the formula cells: (sheet, cell) -> value (a number, a text, a bool, None).
Cached = dict[tuple[str, str], object]
#: The (sheet, cell) anchors of dynamic arrays.
Dynamic = set[tuple[str, str]]

VBA_PART = "xl/vbaProject.bin"


def save(wb: Workbook, output: PathLike, cached: Cached, dynamic: Dynamic, inputs: Iterable[PathLike]) -> None:
    """Save ``wb`` to ``output`` atomically (never over one of ``inputs``), its first sheet active,
    with the ``cached`` values ((sheet, cell) -> value) in its formula cells; Excel is not asked to
    recompute on opening, so the stored values stay until it has the functions."""
    wb.active = 0
    wb.calculation.fullCalcOnLoad = False
    buf = io.BytesIO()
    wb.save(buf)
    archive = getattr(wb, "vba_archive", None)
    if archive is not None:  # openpyxl's copy of the VBA parts: close it now, quietly
        try:
            archive.close()
        except (ValueError, OSError):
            pass
    write_atomic(output, with_cached_values(buf.getvalue(), cached, dynamic), inputs=inputs)


_NS_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_METADATA_REL = _NS_REL + "/sheetMetadata"
_METADATA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheetMetadata+xml"
_METADATA_XML = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<metadata xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
    'xmlns:xda="http://schemas.microsoft.com/office/spreadsheetml/2017/dynamicarray">'
    '<metadataTypes count="1"><metadataType name="XLDAPR" minSupportedVersion="120000" copy="1" '
    'pasteAll="1" pasteValues="1" merge="1" splitFirst="1" rowColShift="1" clearFormats="1" '
    'clearComments="1" assign="1" coerce="1" cellMeta="1"/></metadataTypes>'
    '<futureMetadata name="XLDAPR" count="1"><bk><extLst>'
    '<ext uri="{bdbb8cdc-fa1e-496e-a857-3c3f30c029c3}">'
    '<xda:dynamicArrayProperties fDynamic="1" fCollapsed="0"/></ext></extLst></bk></futureMetadata>'
    '<cellMetadata count="1"><bk><rc t="1" v="0"/></bk></cellMetadata></metadata>'
)

_CELL_RE = re.compile(
    r'<c r="(?P<ref>[A-Z]+[0-9]+)"(?P<attrs>[^>]*?)>(?P<f><f[^>]*>.*?</f>|<f[^>]*/>)'
    r"(?:<v\s*/>|<v>[^<]*</v>)?</c>",
    re.S,
)


def _v(value: object) -> tuple[str, str]:
    """(type attribute, <v> text) of a cached value."""
    if isinstance(value, bool):
        return ' t="b"', "1" if value else "0"
    if isinstance(value, int):
        return "", str(value)
    if isinstance(value, float):
        return "", repr(value)
    text = "" if value is None else str(value)
    if text in ("#N/A", "#VALUE!", "#REF!", "#NAME?", "#DIV/0!", "#NUM!", "#NULL!"):
        return ' t="e"', text
    return ' t="str"', escape(text)


def with_cached_values(data: bytes, cached: Cached, dynamic: Dynamic) -> bytes:
    """Put the cached values into the formula cells; mark ``dynamic`` anchors as dynamic arrays."""
    src = zipfile.ZipFile(io.BytesIO(data))
    files = {i.filename: src.read(i.filename) for i in src.infolist()}
    infos = src.infolist()
    parts = sheet_parts(files.__getitem__)
    by_part: dict[str, dict[str, object]] = {}
    for (sheet, ref), value in cached.items():
        by_part.setdefault(parts[sheet], {})[ref] = value
    dyn_parts = {(parts[s], ref) for s, ref in dynamic}
    for part, values in by_part.items():
        xml = files[part].decode("utf-8")

        # values and part bound now: the function is used within this turn of the loop only
        def repl(m: re.Match[str], values: dict[str, object] = values, part: str = part) -> str:
            ref: str = m.group("ref")
            if ref not in values:
                return m.group(0)
            t, v = _v(values[ref])
            attrs = re.sub(r'\s+(?:t|cm)="[^"]*"', "", m.group("attrs"))
            cm = ' cm="1"' if (part, ref) in dyn_parts else ""
            return f'<c r="{ref}"{attrs}{t}{cm}>{m.group("f")}<v>{v}</v></c>'

        files[part] = _CELL_RE.sub(repl, xml).encode("utf-8")
    if dynamic:
        files["xl/metadata.xml"] = _METADATA_XML.encode("utf-8")
        ct = files["[Content_Types].xml"].decode("utf-8")
        if "/xl/metadata.xml" not in ct:
            ct = ct.replace(
                "</Types>", f'<Override PartName="/xl/metadata.xml" ContentType="{_METADATA_TYPE}"/></Types>'
            )
        files["[Content_Types].xml"] = ct.encode("utf-8")
        rels = files["xl/_rels/workbook.xml.rels"].decode("utf-8")
        if _METADATA_REL not in rels:
            ids = {int(x) for x in re.findall(r'Id="rId(\d+)"', rels)}
            rid = f"rId{max(ids, default=0) + 1}"
            rels = rels.replace(
                "</Relationships>",
                f'<Relationship Id="{rid}" Type="{_METADATA_REL}" Target="metadata.xml"/></Relationships>',
            )
        files["xl/_rels/workbook.xml.rels"] = rels.encode("utf-8")
    if VBA_PART in files:  # xlwings' quickstart project: keep its reference to the add-in, not its macro
        files[VBA_PART] = without_sample_macros(files[VBA_PART])
    # Reproducible output: SOURCE_DATE_EPOCH (if set) for the document dates, fixed zip times.
    stamp = _source_date()
    if stamp is not None and "docProps/core.xml" in files:
        iso = stamp.strftime("%Y-%m-%dT%H:%M:%SZ")
        core = files["docProps/core.xml"].decode("utf-8")
        core = re.sub(r"(<dcterms:(?:created|modified)[^>]*>)[^<]*(<)", rf"\g<1>{iso}\g<2>", core)
        files["docProps/core.xml"] = core.encode("utf-8")
    when = stamp.timetuple()[:6] if stamp is not None and stamp.year >= 1980 else (1980, 1, 1, 0, 0, 0)
    out = io.BytesIO()
    names = [i.filename for i in infos] + [n for n in files if n not in {i.filename for i in infos}]
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for n in names:
            info = zipfile.ZipInfo(n, date_time=when)
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, files[n])
    return out.getvalue()


def _source_date() -> dt.datetime | None:
    value = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not value:
        return None
    try:
        return dt.datetime.fromtimestamp(int(value), tz=dt.timezone.utc)
    except (ValueError, OverflowError, OSError):
        return None
