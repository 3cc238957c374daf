"""The rows of a published standings file, before any header is read as a column's meaning: the
records of a CSV file (its encoding and delimiter found, each record's lines kept so that a quote
left open or a shifted row is named by its line) or the rows of an .xlsx sheet, each with its
place; and the header row among the top rows. :mod:`tbxl.io.published` makes the table of them.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import TypedDict

from tbxl.errors import InputError, MissingDependency, UnknownTiebreak
from tbxl.io.columns import IGNORE, START, Meaning, column_meaning
from tbxl.io.grid.cells import cell_text
from tbxl.io.text import decode_trf
from tbxl.limits import MAX_BULLETIN_COLUMNS, MAX_TEXT_BYTES, read_regular, too_wide

__all__ = ["Place", "Row", "file_rows", "csv_rows", "check_csv_table", "xlsx_rows", "find_header"]


class Place(TypedDict, total=False):
    """Where a row of a published table is: its file and line (``end``: the line its record ends on),
    or its file, sheet and row."""

    file: str
    line: int
    end: int
    sheet: str
    row: int


#: A row of a published table: where it is and its cells.
Row = tuple[Place, list[str]]


def file_rows(fname: str, sheet: str | None = None) -> tuple[list[Row], str | None]:
    """The rows of the published table at ``fname`` (an .xlsx or .xlsm workbook's ``sheet``, else
    a CSV file) and the CSV file's delimiter (None for a workbook); an :class:`InputError` for a
    missing file or a kind of file the standings cannot be read from."""
    p = Path(fname)
    if not p.is_file():
        raise InputError("no such file" if not p.exists() else "is not a file", file=fname)
    suffix = p.suffix.lower()
    if suffix in (".xls", ".ods", ".pdf", ".htm", ".html"):
        raise InputError(
            f"cannot read {suffix} files: export the standings as CSV or .xlsx (Swiss-Manager: "
            "the Excel or CSV export; a spreadsheet: 'Save as' .xlsx or CSV)",
            file=fname,
        )
    if suffix in (".xlsx", ".xlsm"):
        return xlsx_rows(fname, sheet), None
    return csv_rows(fname)


def csv_rows(path: str) -> tuple[list[Row], str]:
    """Every record of a CSV file (delimiter sniffed) and the delimiter. UTF-16 with a BOM, UTF-8
    (with or without BOM), else CP1252. A record's place is the line it starts on (``end``: the line it ends on).
    A quote left open, or a field past the csv module's limit, is an :class:`InputError` naming the
    line where the record starts (else the rest of the file would read as one field)."""
    data = read_regular(path, MAX_TEXT_BYTES)
    # As a TRF is read: UTF-16 with a BOM (Excel's "Unicode Text"), UTF-8, else CP1252.
    text, _ = decode_trf(data)
    delimiter = _delimiter(text.splitlines()[:60])
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    out: list[Row] = []
    start = 1
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            break
        except csv.Error as err:
            if "end of data" in str(err):
                problem = "a quote opened in this record is never closed (the rest of the file would be one field)"
            elif "field limit" in str(err):
                problem = f"a field of more than {csv.field_size_limit():,} characters (a quote left open?)"
            else:
                problem = f"not valid CSV ({err})"
            raise InputError(problem, file=path, line=start) from None
        if len(cells) > MAX_BULLETIN_COLUMNS:  # before any cell is matched or suggested (issue 39)
            raise InputError(too_wide(len(cells)), file=path, line=start)
        out.append(({"file": path, "line": start, "end": reader.line_num}, [c.strip() for c in cells]))
        start = reader.line_num + 1
    return out, delimiter


def check_csv_table(rows: list[Row], header_at: int, delimiter: str) -> None:
    """The rows of a CSV table below its header must line up with the header: a record over several
    lines (a quote left open), more fields than the header (an unquoted delimiter: the values after
    it would shift one column) or one field holding another delimiter (a line exported with ``,``
    under a ``;`` header) would give a partial or shifted audit that seems to pass."""
    header = rows[header_at][1]
    width = len(header)
    while width and not header[width - 1]:
        width -= 1
    shown = {";": "';'", ",": "','", "\t": "tabs"}
    for where, cells in rows[header_at + 1 :]:
        if where["end"] > where["line"]:
            raise InputError(
                f"a quoted field runs from line {where['line']} to line {where['end']} (a quote left open?)",
                file=where["file"],
                line=where["line"],
            )
        used = len(cells)
        while used and not cells[used - 1]:
            used -= 1
        if used > width:
            raise InputError(
                f"{used} fields, but the header (line {rows[header_at][0]['line']}) has {width}: "
                f"the values would shift columns (a delimiter {shown[delimiter]} inside an unquoted "
                f"field, e.g. a decimal comma?)",
                file=where["file"],
                line=where["line"],
            )
        if used == 1 and width >= 3:
            for other in (";", "\t", ","):
                if other != delimiter and len(cells[0].split(other)) >= max(3, width // 2):
                    raise InputError(
                        f"fields separated by {shown[other]}, but the header (line "
                        f"{rows[header_at][0]['line']}) uses {shown[delimiter]}: mixed delimiters",
                        file=where["file"],
                        line=where["line"],
                    )


def _delimiter(lines: list[str]) -> str:
    """The field delimiter: of ``;``, tab and ``,``, the one found the same number of times on the
    most lines (a decimal comma appears a varying number of times; csv.Sniffer fails on exports
    with title lines above the table)."""
    best, best_lines = ",", 0
    for d in (";", "\t", ","):
        counts = [line.count(d) for line in lines if line.count(d)]
        if counts:
            modal = max(set(counts), key=counts.count)
            if counts.count(modal) > best_lines:
                best, best_lines = d, counts.count(modal)
    return best


def xlsx_rows(path: str, sheet: str | None) -> list[Row]:
    """The rows of a sheet that hold values (the first sheet unless ``sheet`` is given)."""
    try:
        from tbxl.io.xlsx import is_empty, load_workbook, sheet_rows

        wb = load_workbook(path)  # checked first: size, XML, cell count
    except ImportError:
        raise MissingDependency("openpyxl") from None
    names = wb.sheetnames
    if sheet is not None and sheet not in names:
        raise InputError(f"no sheet named {sheet!r}; the sheets are {', '.join(names)}", file=path)
    ws = wb[sheet or names[0]]
    out: list[Row] = []
    for r, values in sheet_rows(ws, path):
        if len(values) > MAX_BULLETIN_COLUMNS:  # before any cell is matched or suggested (issue 39)
            # the cells that hold a value: one stray cell far to the right only pads its row
            held = sum(not is_empty(v) for v in values)
            if held > MAX_BULLETIN_COLUMNS:
                raise InputError(too_wide(held), file=path, cell=f"{ws.title}!{r}:{r}")
        out.append(({"file": path, "sheet": ws.title, "row": r}, [cell_text(v) for v in values]))
    wb.close()
    return out


def find_header(
    rows: list[Row], tiebreaks: list[str], mapped: dict[str, str], fname: str, meaning: Meaning = column_meaning
) -> int:
    """The first of the top rows that has a start-number column and a column of values."""
    problem: Exception | None = None
    for r, (_, cells) in enumerate(rows[:40]):
        try:
            meanings = [meaning(c, tiebreaks, mapped) if c else None for c in cells]
        except UnknownTiebreak as err:
            problem = err
            continue
        if START in meanings and any(m not in (None, START, IGNORE) for m in meanings):
            return r
    if problem is not None:
        raise InputError(str(problem), file=fname)
    raise InputError(
        "no header row with a start-number column (SNo, Nr., Start No ...) and a tie-break, "
        "rank or points column in the first 40 rows; name the columns with --map, e.g. "
        "--map 'Nr.=start' --map 'TB1=BH/C1'",
        file=fname,
    )
