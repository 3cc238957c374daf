"""A corpus of hostile and broken input files (issue 10), built on demand: each case writes its files
into a folder and gives the ``tbxl`` arguments, the exit code and the one line expected on stderr.

Some files are large (a 12 MB line, a 17 MB workbook) or unending (``/dev/zero``, a FIFO), so
nothing is kept in the repository: ``python tests/hostile.py FOLDER`` writes the whole corpus into
FOLDER to try it by hand.
"""

from __future__ import annotations

import os
import sys
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from tbxl.io.grid import column_letters

DATA = Path(__file__).parent / "data"
SWISS_TEXT = (DATA / "tec-2023" / "held_swiss_5.trf").read_text(encoding="utf-8")
SWISS_LINES = SWISS_TEXT.splitlines()


@dataclass(frozen=True)
class Case:
    """A hostile input: ``build(folder)`` writes it and returns the arguments after ``tbxl``;
    the command must exit with ``code`` and print one line on stderr matching ``message`` (a
    regular expression searched in it). ``heavy`` cases run in a subprocess under resource limits
    (they would hang or eat memory if a bound were missing).

    A case that succeeds (``code`` 0) prints nothing on stderr but the one line ``message`` when it
    is given (``wrote X``); ``output`` is a regular expression its standard output must hold.
    ``env`` (variables set, or removed when None) and ``stdout`` (``"closed"``, or a file such as
    ``/dev/full``) shape the subprocess a heavy case runs in: other consoles, closed streams."""

    name: str
    build: Callable[[Path], list[str]]
    code: int
    message: str
    heavy: bool = False
    output: str = ""
    env: dict | None = None
    stdout: str = ""


# -- TRF ----------------------------------------------------------------------------------------


def _trf(folder: Path, lines: list[str], name: str = "held.trf", encoding: str = "utf-8") -> str:
    path = folder / name
    path.write_bytes(("\n".join(lines) + "\n").encode(encoding))
    return str(path)


def _with_line(n: int, line: str) -> list[str]:
    """The TEC Swiss file with line ``n`` (1-based) replaced."""
    lines = list(SWISS_LINES)
    lines[n - 1] = line
    return lines


def _set_columns(line: str, column: int, text: str) -> str:
    """``line`` with ``text`` written from 1-based ``column`` on."""
    return line[: column - 1] + text + line[column - 1 + len(text) :]


LINE5 = SWISS_LINES[4]  # 001    2 ... Bruno


def compute(path: str, *more: str) -> list[str]:
    return ["compute", path, "--tiebreaks", "BH,SB", *more]


def _superscript_start(d: Path) -> list[str]:
    return compute(_trf(d, _with_line(5, _set_columns(LINE5, 8, "\u00b2"))))


def _cp1252_rating(d: Path) -> list[str]:
    # Byte 0xB2 is "²" in CP1252: the file is not UTF-8, so it is read as CP1252.
    path = d / "held.trf"
    lines = _with_line(5, _set_columns(LINE5, 49, "\u00b2150"))
    path.write_bytes(("\n".join(lines) + "\n").encode("cp1252"))
    return compute(str(path))


def _superscript_opponent(d: Path) -> list[str]:
    return compute(_trf(d, _with_line(5, _set_columns(LINE5, 92, "  1\u00b2"))))


def _superscript_rank(d: Path) -> list[str]:
    return compute(_trf(d, _with_line(5, _set_columns(LINE5, 86, "   \u00b2"))))


def _xxr(value: str) -> Callable[[Path], list[str]]:
    return lambda d: compute(_trf(d, _with_line(4, f"XXR {value}")))


def _long_record(d: Path) -> list[str]:
    """One 001 line of 12 MB (1.2 million round fields), under the file-size bound."""
    line = LINE5[:91] + "0000 - Z  " * 1_200_000  # valid zero-point byes
    return compute(_trf(d, _with_line(5, line)))


def _huge_file(d: Path) -> list[str]:
    path = d / "huge.trf"
    with open(path, "wb") as f:  # sparse: no disk is used
        f.truncate(17 * 2**20)
    return compute(str(path))


def _xxs(items: str, *more: str) -> Callable[[Path], list[str]]:
    return lambda d: compute(_trf(d, SWISS_LINES[:4] + [f"XXS {items}"] + SWISS_LINES[4:]), *more)


def _tiebreak_record(d: Path) -> list[str]:
    return ["compute", _trf(d, SWISS_LINES[:4] + ["212 PTS," + ",".join(["BH"] * 5000)] + SWISS_LINES[4:])]


def _tiebreak_option(d: Path) -> list[str]:
    return ["compute", _trf(d, SWISS_LINES), "--tiebreaks", ",".join(["BH", "SB"] * 2500)]


def _no_rounds(d: Path) -> list[str]:
    return compute(_trf(d, [line[:91].rstrip() for line in SWISS_LINES]))


def _dev_zero(d: Path) -> list[str]:
    return compute("/dev/zero")


def _fifo(d: Path) -> list[str]:
    path = d / "pipe.trf"
    os.mkfifo(path)
    return compute(str(path))


def _padding_bomb(d: Path) -> list[str]:
    """2,100 players, and one pairing in round 999: short records are padded with byes, so a
    200 kB file would ask for 2.1 million round entries."""
    lines = ["XXR 999"]
    for sn in range(1, 2101):
        line = f"001 {sn:>4} m    {'P' + str(sn):<33} {'':>4} {'':3} {'':>11} {'':10} {'':>4} {'':>4}"
        if sn in (1, 2):
            line += " " * (10 * 998) + f"  {3 - sn:>4} {'wb'[sn - 1]} {'10'[sn - 1]}"
        lines.append(line)
    return compute(_trf(d, lines))


# -- bulletins (CSV, --published) ---------------------------------------------------------------

BULLETIN_HEAD = "Rk.;SNo;Name;Pts.;BH;SB"
BULLETIN_ROWS = ["1;2;Bruno;4;13;9,5", "2;3;Charline;3,5;15,5;10,5", "3;4;David;3,5;15;9,75"]


def _bulletin(rows: list[str], head: str = BULLETIN_HEAD, title: bool = True) -> Callable[[Path], list[str]]:
    def build(d: Path) -> list[str]:
        path = d / "bulletin.csv"
        path.write_text("\n".join((["Final ranking", ""] if title else []) + [head] + rows) + "\n", encoding="utf-8")
        return ["audit", _trf(d, SWISS_LINES), "--published", str(path), "--tiebreaks", "BH,SB"]

    return build


def _bulletin_dev_zero(d: Path) -> list[str]:
    return ["audit", _trf(d, SWISS_LINES), "--published", "/dev/zero"]


def _bulletin_huge(d: Path) -> list[str]:
    path = d / "bulletin.csv"
    with open(path, "wb") as f:
        f.truncate(17 * 2**20)
    return ["audit", _trf(d, SWISS_LINES), "--published", str(path)]


# -- workbooks (.xlsx, as INPUT and as --published) ----------------------------------------------

_CT = (
    b'<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
    b'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
    b'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName='
    b'"/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.'
    b'main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.'
    b'openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>'
)
_RELS = (
    b'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/'
    b'package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
    b'officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>'
)
_WORKBOOK = (
    b'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/'
    b'spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/'
    b'relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>'
)
_WORKBOOK_RELS = (
    b'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.'
    b'org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.'
    b'org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>'
    b"</Relationships>"
)
SHEET_PART = "xl/worksheets/sheet1.xml"
_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


def column_name(c: int) -> str:
    """1 -> A, 16384 -> XFD."""
    return column_letters(c - 1)


def cell_xml(ref: str, value) -> str:
    if isinstance(value, (int, float)):
        return f'<c r="{ref}"><v>{value}</v></c>'
    return f'<c r="{ref}" t="inlineStr"><is><t>{escape(str(value))}</t></is></c>'


def sheet_xml(rows: list[list], extra: str = "", dimension: str = "", prolog: str = "") -> bytes:
    """A worksheet holding ``rows`` from A1, then ``extra`` (raw ``<row>`` elements)."""
    body = "".join(
        f'<row r="{r}">'
        + "".join(cell_xml(f"{column_name(c)}{r}", v) for c, v in enumerate(row, 1) if v is not None)
        + "</row>"
        for r, row in enumerate(rows, 1)
    )
    dim = f'<dimension ref="{dimension}"/>' if dimension else ""
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>{prolog}<worksheet xmlns="{_MAIN}">{dim}<sheetData>'
        f"{body}{extra}</sheetData></worksheet>"
    ).encode()


def write_xlsx(path: Path, sheet: bytes, *, more: dict[str, bytes] | None = None) -> str:
    more = more or {}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in (
            ("[Content_Types].xml", _CT),
            ("_rels/.rels", _RELS),
            ("xl/workbook.xml", _WORKBOOK),
            ("xl/_rels/workbook.xml.rels", _WORKBOOK_RELS),
            (SHEET_PART, sheet),
            *more.items(),
        ):
            z.writestr(name, data)
    return str(path)


#: A 4-player, 3-round Swiss as a compact crosstable (the grid of tests/test_fuzz.py).
GRID = [
    ["No", "Name", "R1", "R2", "R3"],
    [1, "A", "2w1", "3b½", "4w0"],
    [2, "B", "1b0", "4w1", "3b="],
    [3, "C", "4b1", "1w½", "2w="],
    [4, "D", "3w0", "2b0", "1b1"],
]

LAUGHS = (
    '<!DOCTYPE worksheet [<!ENTITY lol "lol">'
    + "".join(f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">' for i in range(1, 10))
    + "]>"
)
ENTITY = '<!DOCTYPE worksheet [<!ENTITY name "Bruno">]>'
EXTERNAL = '<!DOCTYPE worksheet [<!ENTITY secret SYSTEM "file:///etc/passwd">]>'
FAR = '<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>'


def _as(role: str, make: Callable[[Path], str]) -> Callable[[Path], list[str]]:
    """The workbook made by ``make`` given as INPUT (``role="input"``) or as ``--published``."""

    def build(d: Path) -> list[str]:
        book = make(d)
        if role == "input":
            return ["compute", book, "--tiebreaks", "BH"]
        return ["audit", _trf(d, SWISS_LINES), "--published", book]

    return build


def _book(sheet: Callable[[], bytes], **kw) -> Callable[[Path], str]:
    return lambda d: write_xlsx(d / "book.xlsx", sheet(), **kw)


def _grid_with(prolog: str = "", cell: str = "") -> Callable[[], bytes]:
    rows = [r[:] for r in GRID]
    if cell:
        rows[1][1] = cell
    return lambda: sheet_xml(rows, prolog=prolog)


def _truncated() -> bytes:
    data = sheet_xml(GRID)
    return data[: len(data) // 2]


def _cell_bomb() -> bytes:
    """600,000 cells (each a small number): 13 MB of XML that compresses to a few hundred kB."""
    rows = "".join(
        f'<row r="{r}">' + "".join(f'<c r="{column_name(c)}{r}"><v>1</v></c>' for c in range(1, 11)) + "</row>"
        for r in range(1, 60_001)
    )
    return (
        f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{_MAIN}"><sheetData>{rows}</sheetData></worksheet>'
    ).encode()


def _zip_bomb(d: Path) -> str:
    """A part that unpacks to 100 MB of blanks (about 100 kB compressed)."""
    return write_xlsx(d / "book.xlsx", sheet_xml(GRID), more={"xl/media/blank.xml": b" " * (100 * 2**20)})


def _far_right_rows() -> bytes:
    """130 rows holding a value in column A and one in column XFD: 2.1 million positions."""
    rows = "".join(f'<row r="{r}"><c r="A{r}"><v>1</v></c><c r="XFD{r}"><v>1</v></c></row>' for r in range(1, 131))
    return (
        f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{_MAIN}"><sheetData>{rows}</sheetData></worksheet>'
    ).encode()


def _big_book(d: Path) -> str:
    path = d / "book.xlsx"
    with open(path, "wb") as f:
        f.truncate(17 * 2**20)
    return str(path)


def _not_a_zip(d: Path) -> str:
    path = d / "book.xlsx"
    path.write_text("No;Name;R1\n1;A;2w1\n", encoding="utf-8")
    return str(path)


def _only_far() -> bytes:
    """Nothing but one cell at XFD1048576, and the dimension A1:XFD1048576 declared."""
    return sheet_xml([], extra=FAR, dimension="A1:XFD1048576")


def _missing_parts(d: Path) -> str:
    path = d / "book.xlsx"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("hello.txt", "a zip, but no workbook in it")
    return str(path)


def _lying_size(d: Path) -> str:
    """The sheet's central-directory entry declares 200 bytes; the part holds more."""
    path = Path(write_xlsx(d / "book.xlsx", sheet_xml(GRID)))
    data = bytearray(path.read_bytes())
    at = data.index(b"PK\x01\x02")
    name = SHEET_PART.encode()
    while data[at + 46 : at + 46 + len(name)] != name:  # the sheet's central-directory header
        at = data.index(b"PK\x01\x02", at + 4)
    data[at + 24 : at + 28] = (200).to_bytes(4, "little")  # uncompressed size
    path.write_bytes(bytes(data))
    return str(path)


def _xlsx_cases(role: str) -> list[Case]:
    part = r"book\.xlsx: xl/worksheets/sheet1\.xml: "
    in_cell = r"book\.xlsx!Sheet1![A-Z]+\d+: xl/worksheets/sheet1\.xml: "  # an error inside a cell names it
    return [
        Case(f"xlsx_{role}_entity", _as(role, _book(_grid_with(ENTITY, "&name;"))), 1, part + "declares a DTD"),
        Case(
            f"xlsx_{role}_billion_laughs",
            _as(role, _book(_grid_with(LAUGHS, "&lol9;"))),
            1,
            part + "declares a DTD",
            heavy=True,
        ),
        Case(
            f"xlsx_{role}_external_entity",
            _as(role, _book(_grid_with(EXTERNAL, "&secret;"))),
            1,
            part + "declares a DTD",
        ),
        Case(
            f"xlsx_{role}_undeclared_entity",
            _as(role, _book(lambda: sheet_xml(GRID).replace(b">A<", b">&name;<"))),
            1,
            in_cell + r"malformed XML \(undefined entity, line 1",
        ),
        Case(f"xlsx_{role}_truncated_xml", _as(role, _book(_truncated)), 1, in_cell + "malformed XML"),
        Case(
            f"xlsx_{role}_cell_bomb",
            _as(role, _book(_cell_bomb)),
            1,
            r"book\.xlsx: the sheets hold over 500,000 cells",
            heavy=True,
        ),
        Case(
            f"xlsx_{role}_zip_bomb",
            _as(role, _zip_bomb),
            1,
            r"book\.xlsx: the workbook unpacks to 100 MB; tbxl reads workbooks that unpack to at most 64 MB",
            heavy=True,
        ),
        Case(
            f"xlsx_{role}_far_right_rows",
            _as(role, _book(_far_right_rows)),
            1,
            r"book\.xlsx!Sheet1!A\d+: the rows with values span over 2,000,000 cells",
            heavy=True,
        ),
        Case(
            f"xlsx_{role}_too_big",
            _as(role, _big_book),
            1,
            r"book\.xlsx: the workbook is 17 MB; tbxl reads workbooks of at most 16 MB",
        ),
        Case(f"xlsx_{role}_not_a_zip", _as(role, _not_a_zip), 1, r"book\.xlsx: not a readable .xlsx/.xlsm workbook"),
        Case(
            f"xlsx_{role}_missing_parts",
            _as(role, _missing_parts),
            1,
            r"book\.xlsx: not a readable .xlsx/.xlsm workbook \(KeyError: .*\[Content_Types\]\.xml",
        ),
        Case(
            f"xlsx_{role}_lying_entry_size",
            _as(role, _lying_size),
            1,
            part + r"unpacks to more than the 200 bytes its entry declares",
        ),
        Case(
            f"xlsx_{role}_only_a_cell_at_xfd1048576",
            _as(role, _book(_only_far)),
            1,
            r"book\.xlsx!Sheet1!XFD1048576: cannot tell the crosstable layout"
            if role == "input"
            else r"book\.xlsx: no header row with a start-number column",
            heavy=True,
        ),
    ]


# -- control characters in a workbook's cells (issue 20) -------------------------------------------


def _team_book_with(name: bytes, command: str = "compute") -> Callable[[Path], list[str]]:
    """The TEC team sample written by ``tbxl workbook``, team 1's name ("India") replaced in the sheet
    XML by ``name`` (what a workbook edited elsewhere may hold: XML 1.0 cannot, so openpyxl's parser
    would raise its own error)."""

    def build(d: Path) -> list[str]:
        from tbxl.io.trf import read_team_trf
        from tbxl.workbook import write_workbook

        clean = d / "clean.xlsx"
        write_workbook(read_team_trf(TEAM_TRF), clean)
        path = d / "team.xlsx"
        with zipfile.ZipFile(clean) as src, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
            for info in src.infolist():
                data = src.read(info.filename)
                if info.filename == "xl/worksheets/sheet1.xml":
                    data = data.replace(b">India<", b">" + name + b"<")
                out.writestr(info, data)
        clean.unlink()
        return [command, str(path)] + (["-o", str(d / "again.xlsx")] if command == "workbook" else [])

    return build


#: The one line a control character in a team's name gives: the cell and the character's code point.
TEAM_NAME_CONTROL = (
    r"team\.xlsx!Crosstable!B2: the cell holds the control character U\+001B, which a workbook cannot store"
)

CONTROL_CASES: list[Case] = [
    Case("xlsx_team_name_with_escape", _team_book_with(b"Ind\x1b[2Ja"), 1, TEAM_NAME_CONTROL),
    Case("xlsx_team_name_with_escape_reference", _team_book_with(b"Ind&#27;[2Ja"), 1, TEAM_NAME_CONTROL),
    Case("xlsx_team_name_with_escape_to_workbook", _team_book_with(b"Ind\x1b[2Ja", "workbook"), 1, TEAM_NAME_CONTROL),
    Case(
        "xlsx_player_name_with_escape",
        _as("input", _book(lambda: sheet_xml(GRID).replace(b">A<", b">A\x1b[2J<"))),
        1,
        r"book\.xlsx!Sheet1!B2: the cell holds the control character U\+001B, which a workbook cannot store",
    ),
]


# -- numbers and codes in options (issue 19): bounded, ASCII, and only the modifiers a code takes --------

TEAM_TRF = str(DATA / "team" / "grandmommyscup.trf")
DIGITS_5000 = "9" * 5000


def _options(*more: str, team: bool = False) -> Callable[[Path], list[str]]:
    def build(d: Path) -> list[str]:
        return ["compute", TEAM_TRF if team else _trf(d, SWISS_LINES), *more]

    return build


def _file(name: str, data: bytes) -> Callable[[Path], list[str]]:
    def build(d: Path) -> list[str]:
        (d / name).write_bytes(data)
        return ["compute", str(d / name)]

    return build


def _config(text: str) -> Callable[[Path], list[str]]:
    def build(d: Path) -> list[str]:
        (d / "event.toml").write_text(text, encoding="utf-8")
        return ["compute", _trf(d, SWISS_LINES), "--config", str(d / "event.toml")]

    return build


def _explain(*more: str) -> Callable[[Path], list[str]]:
    return lambda d: ["explain", _trf(d, SWISS_LINES), *more]


def _team_trf_with(*records: str) -> Callable[[Path], list[str]]:
    def build(d: Path) -> list[str]:
        text = Path(TEAM_TRF).read_text(encoding="utf-8").rstrip("\n") + "\n" + "\n".join(records) + "\n"
        (d / "team.trf").write_text(text, encoding="utf-8")
        return ["compute", str(d / "team.trf")]

    return build


def _swiss_edited(edit: Callable[[str], str], *more: str) -> Callable[[Path], list[str]]:
    return lambda d: ["compute", _trf(d, [edit(line) for line in SWISS_LINES]), *more]


def _wide_bulletin(columns: int) -> Callable[[Path], list[str]]:
    def build(d: Path) -> list[str]:
        path = d / "wide.csv"
        path.write_text(
            ";".join(["SNo", "Name", "Pts"] + ["BH"] * columns) + "\n2;Bruno;4" + ";13" * columns + "\n",
            encoding="utf-8",
        )
        return ["audit", _trf(d, SWISS_LINES), "--published", str(path)]

    return build


OPTION_CASES: list[Case] = [
    # Work bounded by the documented limits, and one short line whatever the input's size.
    Case(
        "report_of_an_event_named_in_100_kb",
        lambda d: ["report", _trf(d, ["012 " + "Open " * 20000] + SWISS_LINES[1:]), "-o", str(d / "r.pdf")],
        1,
        r"held\.trf:1:5: record 012: 99,999 characters; a header field holds at most 500",
    ),
    # A link is kept for the report's heading (lichess 022/102): bounded as every header field is.
    Case(
        "report_of_an_event_linked_in_100_kb",
        lambda d: [
            "report",
            _trf(d, SWISS_LINES[:1] + ["022 https://lichess.org/swiss/" + "x" * 100_000] + SWISS_LINES[1:]),
            "-o",
            str(d / "r.pdf"),
        ],
        1,
        r"held\.trf:2:5: record 022: a link of 100,026 characters; a header field holds at most 500",
    ),
    Case(
        "bulletin_of_200000_columns",
        _wide_bulletin(200_000),
        1,
        r"wide\.csv:1: a row of 200,003 columns; a published table has at most 1,000",
    ),
    Case(
        "bulletin_of_900_columns_all_bh",
        _wide_bulletin(900),
        1,
        r"wide\.csv: 900 columns hold BH: 'BH', 'BH', 'BH', 'BH', 'BH', 'BH', 'BH', 'BH' and 892 more$",
    ),
    # Silent before: now a refusal, or a warning that --strict makes an error, with its place.
    Case(
        "team_pab_of_a_team_that_does_not_exist",
        _team_trf_with("320    " + " " * 7 + " 99"),
        1,
        r"team\.trf:704:15: round 1: record 320 names team 99, which has no 310/013 record",
    ),
    Case(
        "team_bye_of_a_team_that_does_not_exist",
        _team_trf_with("240 F    3   99"),
        1,
        r"team\.trf:704: round 3: record 240 names team 99, which has no 310/013 record",
    ),
    Case(
        "trf_xxr_below_the_rounds_played",
        _swiss_edited(lambda l: "XXR 3" if l.startswith("XXR") else l, "--strict"),
        1,
        r"held\.trf:4:5: XXR announces 3 rounds, but the round fields hold results for 5: read as 5 rounds",
    ),
    Case(
        "trf_impossible_birth_date",
        _swiss_edited(lambda l: l[:69] + "2026/13/45" + l[79:] if l.startswith("001    2") else l, "--strict"),
        1,
        r"held\.trf:5:70: player 2: birth date '2026/13/45' is not a date \(columns 70-79",
    ),
    # What a new user gives for an event: the file says what it is and what to give instead.
    Case(
        "input_pdf",
        _file("standings.pdf", b"%PDF-1.4\n1 0 obj"),
        1,
        r"standings\.pdf: this is a PDF document, not a TRF or an \.xlsx crosstable",
    ),
    Case(
        "input_xls",
        _file("event.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(512)),
        1,
        r"event\.xls: this is an Excel 97-2003 workbook \(\.xls\).*save it as an Excel workbook \(\.xlsx\)",
    ),
    Case(
        "input_xls_named_trf",
        _file("event.trf", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(512)),
        1,
        r"event\.trf: this is an Excel 97-2003 workbook",
    ),
    Case(
        "input_csv",
        _file("crosstable.csv", b"No;Name;R1;R2\n1;Ann;2w1;3b0\n"),
        1,
        r"crosstable\.csv: a \.csv table is not an event tbxl reads.*tbxl audit --published",
    ),
    Case(
        "input_ods",
        _file("crosstable.ods", b"PK\x03\x04" + bytes(60)),
        1,
        r"crosstable\.ods: this is a zip archive \(an OpenDocument spreadsheet",
    ),
    # The configuration file: nesting and size bounded, the file named.
    Case(
        "config_nested_5000_deep",
        _config("x = " + "[" * 5000 + "]" * 5000 + "\n"),
        2,
        r"event\.toml: nested too deeply to be an event's configuration",
    ),
    Case(
        "config_over_256_kb",
        _config("# " + "x" * 300_000 + "\n"),
        2,
        r"event\.toml: larger than 262144 bytes: an event's configuration is a few lines",
    ),
    # explain's own words for a bad --player, and the numbers the event has.
    Case(
        "explain_player_by_name",
        _explain("--player", "Taylor"),
        2,
        r"^tbxl: error: --player expects start numbers like 3,7,12, not 'Taylor'$",
    ),
    Case("explain_player_superscript", _explain("--player", "\u00b2"), 2, r"--player expects start numbers"),
    Case(
        "explain_player_out_of_range",
        _explain("--player", "999"),
        1,
        r"no player with start number 999 \(start numbers 1-16\)",
    ),
    Case(
        "cli_prizes_place_range_of_200_million",
        _options("--prizes", "1-200000000:5"),
        2,
        r"prizes '1-200000000:5': place '200000000' is beyond the last place a prize list takes \(100,000\)",
    ),
    Case(
        "cli_prizes_amount_of_5000_digits",
        _options("--prizes", "1:" + DIGITS_5000),
        2,
        r"amount '9{16}\.\.\.' has more than 12 digits or 6 decimals",
    ),
    Case("cli_prizes_superscript_place", _options("--prizes", "\u00b2:5"), 2, r"'\u00b2:5' is not PLACE:AMOUNT"),
    Case(
        "cli_category_superscript",
        _options("--category", "U=rating<\u00b2"),
        2,
        r"category U=rating<\u00b2: rating compares with a whole number of at most 9 digits, not '\u00b2'",
    ),
    Case(
        "cli_category_arabic_indic_digits",
        _options("--category", "U=age<\u0661\u0662"),
        2,
        r"age compares with a whole number of at most 9 digits",
    ),
    Case(
        "cli_category_5000_digits",
        _options("--category", "U=rating<" + DIGITS_5000),
        2,
        r"rating compares with a whole number of at most 9 digits, not '9{20}\.\.\.'",
    ),
    Case(
        "cli_set_5000_digits",
        _options("--set", "unrated_rating=" + DIGITS_5000),
        2,
        r"unrated_rating must be a whole number of at most 9 digits, not '9{20}\.\.\.'",
    ),
    Case(
        "cli_lots_seed_of_100_kb",
        _options("--lots", "x" * 100_000),
        2,
        r"--lots: the seed has 100,000 characters, at most 200",
    ),
    Case(
        "cli_lots_seed_with_escape",
        _options("--lots", "Open\x1b[2J"),
        2,
        r"--lots 'Open\\x1b\[2J': the seed holds a control or bidi character",
    ),
    Case(
        "cli_set_superscript",
        _options("--set", "unrated_rating=\u00b2"),
        2,
        r"unrated_rating must be a whole number of at most 9 digits, not '\u00b2'",
    ),
    Case(
        "team_sssc_divisor_of_5000_digits",
        _options("--tiebreaks", "MPTS,SSSC/K" + DIGITS_5000, team=True),
        2,
        r"SSSC divisor '/K9+\.\.\.' in 'SSSC/K9+\.\.\.' is not a number of at most 6 digits",
    ),
    Case(
        "team_sssc_divisor_of_5000_decimals",
        _options("--tiebreaks", "MPTS,SSSC/K1." + DIGITS_5000, team=True),
        2,
        r"SSSC divisor '/K1\.9+\.\.\.' .* is not a number of at most 6 digits and 6 decimals",
    ),
    Case(
        "code_koya_with_a_cut",
        _options("--tiebreaks", "KS/C1"),
        2,
        r"tie-break 'KS/C1': KS takes no Cut or Median modifier \('/C1'\); it applies to AOB, ARO, BH",
    ),
    Case("code_wins_with_a_cut", _options("--tiebreaks", "BH,WIN/C1"), 2, r"WIN takes no Cut or Median modifier"),
    Case("code_de_with_a_cut", _options("--tiebreaks", "DE/P/C1"), 2, r"'DE/P/C1': DE takes no Cut or Median"),
    Case(
        "code_tpr_with_a_median", _options("--tiebreaks", "TPR/M1"), 2, r"TPR takes no Cut or Median modifier \('/M1'\)"
    ),
    Case(
        "code_bh_with_a_limit",
        _options("--tiebreaks", "BH/L+1"),
        2,
        r"BH takes no Limit modifier \('/L\+1'\); it applies to KS",
    ),
    Case(
        "code_sb_with_reverse",
        _options("--tiebreaks", "SB/R"),
        2,
        r"SB takes no Reverse modifier \('/R'\); it applies to RTNG, TPN",
    ),
    Case(
        "team_ede_with_a_cut",
        _options("--tiebreaks", "MPTS,EDE/C1", team=True),
        2,
        r"tie-break 'EDE/C1': EDE takes no Cut or Median modifier",
    ),
    Case(
        "team_koya_on_mp_with_a_cut",
        _options("--tiebreaks", "MPTS,KS:MP/C1", team=True),
        2,
        r"tie-break 'KS:MP/C1': KS takes no Cut or Median modifier",
    ),
    Case(
        "team_board_count_with_fore",
        _options("--tiebreaks", "MPTS,BC/F", team=True),
        2,
        r"BC takes no Fore modifier \('/F'\); it applies to AOB, SSSC",
    ),
]


# -- round four (issue 30): numbers that explode, lines that backtrack, closed and full streams, other
# consoles, silent cuts, floods, and what a new user stumbles on ------------------------------------

NON_LATIN = "Nguyễn Иванов"


def _nonlatin_trf(d: Path) -> str:
    """The TEC Swiss file with Bruno (start number 2) named in Vietnamese and Russian letters."""
    return _trf(d, _with_line(5, _set_columns(LINE5, 15, f"{NON_LATIN:<33}")))


def _ruler_line(d: Path) -> list[str]:
    """A line of 3 MB that starts as Swiss-Manager's column ruler of units and ends otherwise: the
    old pattern ((?:1234567890)+\\d*) tried every split of it (minutes); the file is read at once."""
    return compute(_trf(d, SWISS_LINES[:1] + ["1234567890" * 300_000 + "x"] + SWISS_LINES[1:]))


def _sparse(size: int, name: str = "huge.trf") -> Callable[[Path], list[str]]:
    def build(d: Path) -> list[str]:
        with open(d / name, "wb") as f:  # sparse: no disk is used
            f.truncate(size)
        return compute(str(d / name))

    return build


def _read_only_target(d: Path) -> list[str]:
    """-o into a folder where no file can be made: a folder without write permission, or (as root,
    whom permissions do not stop) /sys."""
    if os.geteuid() == 0:
        return compute(_trf(d, SWISS_LINES), "-o", "/sys/standings.csv")
    folder = d / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    return compute(_trf(d, SWISS_LINES), "-o", str(folder / "standings.csv"))


def _password_xlsx(d: Path) -> list[str]:
    """What Excel writes for a workbook encrypted with a password: an OLE compound file holding the
    streams EncryptionInfo and EncryptedPackage (their names in UTF-16 in its directory)."""
    path = d / "locked.xlsx"
    path.write_bytes(
        b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
        + bytes(504)
        + "EncryptionInfo".encode("utf-16-le")
        + bytes(50)
        + "EncryptedPackage".encode("utf-16-le")
        + bytes(4096)
    )
    return ["compute", str(path)]


def _long_name_book(d: Path) -> str:
    rows = [r[:] for r in GRID]
    rows[1][1] = "Alexandra Konstantinopoulou-Papadimitriou"  # 41 characters; a TRF name holds 33
    return write_xlsx(d / "book.xlsx", sheet_xml(rows))


def _huge_name_book(d: Path) -> list[str]:
    rows = [r[:] for r in GRID]
    rows[2][1] = "B" * 12_000_000
    return ["compute", write_xlsx(d / "book.xlsx", sheet_xml(rows)), "--tiebreaks", "BH"]


def _beside(config: str, *command: str, output: bool = False) -> Callable[[Path], list[str]]:
    """``tbxl COMMAND ev.trf`` with ``config`` as the tbxl.toml beside it."""

    def build(d: Path) -> list[str]:
        (d / "tbxl.toml").write_text(config, encoding="utf-8")
        return [command[0], _trf(d, SWISS_LINES, "ev.trf"), *command[1:]]

    return build


def _prose(d: Path) -> list[str]:
    (d / "results.trf").write_text(
        "Dear arbiter,\nhere are the results of our club championship.\nRound 1: Ann beat Bo, Cy drew with Di.\n",
        encoding="utf-8",
    )
    return ["compute", str(d / "results.trf")]


def _team_142(d: Path) -> list[str]:
    text = Path(TEAM_TRF).read_text(encoding="utf-8").replace("\n142 14\n", "\n142 3\n")
    (d / "team.trf").write_text(text, encoding="utf-8")
    return ["compute", str(d / "team.trf"), "--strict"]


def _writes(*more: str) -> Callable[[Path], list[str]]:
    """A command on the TEC file that writes ``-o`` into the case's folder."""

    def build(d: Path) -> list[str]:
        args = [a.replace("OUT/", str(d) + "/") for a in more]
        return [args[0], _trf(d, SWISS_LINES), *args[1:]]

    return build


_CP1252 = {"PYTHONIOENCODING": "cp1252", "PYTHONUTF8": "0"}
_ASCII = {"PYTHONIOENCODING": "ascii", "PYTHONUTF8": "0"}

ROUND_FOUR: list[Case] = [
    # Numbers bounded before exact arithmetic (Fraction("1e999999999") computes 10**999999999).
    Case(
        "cli_k_in_exponent_form",
        _options("--k", "1e999999999"),
        2,
        r"--k: K must be a whole number such as 10, 20 or 40, not '1e999999999'",
        heavy=True,
    ),
    Case("cli_k_with_a_digit_separator", _options("--k", "2_0"), 2, r"K must be a whole number .* not '2_0'"),
    Case("cli_k_of_5000_digits", _options("--k", DIGITS_5000), 2, r"not '9{40}\.\.\.'"),
    Case("config_k_infinite", _config("k = inf\n"), 2, r"event\.toml:1: k: K must be a whole number .* not 'inf'"),
    # A pattern without backtracking: one long line is read at once; a line that starts as the ruler
    # and is none is skipped with a warning said without -v (issue 39: it was noted only with -v).
    Case(
        "trf_line_of_3_mb_like_the_ruler",
        _ruler_line,
        0,
        r"held\.trf:2: a line of 3,000,001 characters that starts as Swiss-Manager's column ruler but ends in 'x'",
        heavy=True,
        output=r"Bruno",
    ),
    # The size before a byte is read (the sniff read a 4 GB sparse file whole: MemoryError).
    Case(
        "trf_sparse_file_of_4_gb",
        _sparse(4 * 2**30),
        1,
        r"huge\.trf: the file is 4096 MB; tbxl reads files of at most 16 MB",
        heavy=True,
    ),
    Case(
        "xlsx_sparse_file_of_4_gb",
        _sparse(4 * 2**30, "huge.xlsx"),
        1,
        r"huge\.xlsx: the workbook is 4096 MB; tbxl reads workbooks of at most 16 MB",
        heavy=True,
    ),
    # An address too long for a QR code (segno's DataOverflowError), hidden characters in it and in seeds.
    Case(
        "report_url_too_long_for_a_qr_code",
        _writes("report", "-o", "OUT/r.pdf", "--url", "https://example.org/" + "a" * 3000),
        2,
        r"--url 'https://example\.org/a+\.\.\.': an address of 3,020 characters; at most 500",
    ),
    Case(
        "report_url_with_a_bidi_override_in_the_host",
        _writes("report", "-o", "OUT/r.pdf", "--url", "https://exa\u202eelpmam.org/"),
        2,
        r"--url 'https://exa\\u202eelpmam\.org/': the address holds an invisible or bidi character \(U\+202E\)",
    ),
    Case(
        "report_url_with_a_zero_width_space_in_the_host",
        _writes("report", "-o", "OUT/r.pdf", "--url", "https://exa\u200bmple.org/"),
        2,
        r"invisible or bidi character \(U\+200B\)",
    ),
    Case(
        "cli_lots_seed_with_a_zero_width_space",
        _options("--lots", "Open\u200b2026"),
        2,
        r"--lots 'Open\\u200b2026': the seed holds an invisible character \(U\+200B\)",
    ),
    Case(
        "cli_lots_seed_with_a_no_break_space",
        _options("--lots", "Open\u00a02026"),
        2,
        r"the seed holds an invisible character \(U\+00A0\)",
    ),
    # Standard output closed, full, or a console that is not UTF-8.
    Case(
        "stdout_closed",
        _options("--format", "json"),
        1,
        r"^tbxl: error: standard output is closed: give -o FILE",
        heavy=True,
        stdout="closed",
    ),
    Case(
        "stdout_full",
        _options("--format", "csv"),
        1,
        r"^tbxl: error: standard output: cannot write \(No space left on device\)$",
        heavy=True,
        stdout="/dev/full",
    ),
    Case(
        "output_dev_full",
        _options("-o", "/dev/full"),
        1,
        r"^tbxl: error: /dev/full: cannot write it \(No space left on device\)$",
    ),
    Case(
        "json_on_a_cp1252_console",
        lambda d: compute(_nonlatin_trf(d), "--format", "json"),
        0,
        "",
        heavy=True,
        env=_CP1252,
        output=f'"name": "{NON_LATIN}"',
    ),
    Case(
        "csv_on_an_ascii_console",
        lambda d: compute(_nonlatin_trf(d), "--format", "csv"),
        0,
        "",
        heavy=True,
        env=_ASCII,
        output=f",{NON_LATIN},",
    ),
    Case(
        "table_on_a_cp1252_console",
        lambda d: compute(_nonlatin_trf(d)),
        0,
        r"^tbxl: warning: this console \(cp1252\) cannot show some names, shown as '\?'; -o FILE",
        heavy=True,
        env=_CP1252,
        output=r"Nguy\?n \?{6}",
    ),
    # Nothing cut or ignored without a word (an error with --strict).
    Case(
        "trf_export_cuts_a_long_name",
        lambda d: ["compute", _long_name_book(d), "-o", str(d / "out.trf"), "--strict"],
        1,
        r"out\.trf: player 1: the name 'Alexandra Konstantinopoulou-Papadimitrio\.\.\.' has 41 characters; "
        r"the TRF's columns 15-47 hold 33: written cut to 'Alexandra Konstantinopoulou-Papad'",
    ),
    Case(
        "cli_trf_2026_with_json",
        _options("--trf", "2026", "--format", "json", "--strict"),
        2,
        r"--trf 2026 applies to -o FILE\.trf only: ignored for the JSON written here",
    ),
    Case(
        "cli_trf_2026_with_a_csv_output",
        _writes("compute", "-o", "OUT/x.csv", "--trf", "2026", "--strict"),
        2,
        r"ignored for the CSV written here",
    ),
    Case(
        "team_142_below_the_rounds_played",
        _team_142,
        1,
        r"team\.trf:14:5: 142 announces 3 rounds, but the round fields hold results for 14: read as 14 rounds",
    ),
    # Floods: one short line, not the argument or the name echoed back.
    Case(
        "xlsx_name_of_12_mb",
        _huge_name_book,
        1,
        r"book\.xlsx!Sheet1!B3: a cell of 12,000,000 characters; a workbook's cell holds at most 32,767",
        heavy=True,
    ),
    Case(
        "report_pages_of_100_kb",
        _writes("report", "-o", "OUT/r.pdf", "--pages", "standingz," * 10_000),
        2,
        r"--pages '(standingz,){4}\.\.\.': no such page 'standingz'.*did you mean 'standings'",
    ),
    Case(
        "cli_playoff_of_20000_steps",
        _options("--playoff", ">".join(map(str, range(1, 20_001)))),
        2,
        r"--playoff 1>2>3>4>5>6>7>8>9>10>11>12>13>14>15>16>17>18>19>20>21>22>23>\.\.\.: no participant with number 17",
    ),
    # The target named: a folder where nothing can be written, a full disk.
    Case(
        "output_in_a_read_only_folder",
        _read_only_target,
        1,
        r"standings\.csv: cannot write it \(Permission denied: no file can be made in the folder ",
    ),
    # Workbooks and files that are something else.
    Case(
        "xlsx_protected_by_a_password",
        _password_xlsx,
        1,
        r"locked\.xlsx: the workbook is protected by a password \(encrypted\)",
    ),
    Case("input_prose", _prose, 1, r"results\.trf: not a tournament file: no line starts with a TRF record code"),
    Case(
        "config_rules_as_a_list",
        _beside('rules = ["fide-2024", "fide-2026"]\n', "compute"),
        2,
        r"tbxl\.toml:1: rules: several rule sets \(fide-2024,fide-2026\) are what tbxl compare compares",
    ),
    # The new user's path: one line and a hint, the close name suggested, every write said.
    Case(
        "cli_unknown_option_suggested",
        _options("--tiebrek", "BH"),
        2,
        r"^tbxl: error: unrecognized argument '--tiebrek' and 1 more; did you mean '--tiebreaks'\? "
        r"\(see 'tbxl compute --help'\)$",
    ),
    Case(
        "cli_invalid_choice_suggested",
        _options("--pairing", "swis"),
        2,
        r"invalid choice 'swis' \(choose from swiss, round-robin\); did you mean 'swiss'\?",
    ),
    Case(
        "cli_command_suggested",
        lambda d: ["comput", _trf(d, SWISS_LINES)],
        2,
        r"invalid choice 'comput' .*did you mean 'compute'\? \(see 'tbxl --help'\)$",
    ),
    Case(
        "cli_input_missing",
        lambda d: ["compute"],
        2,
        r"^tbxl: error: the following arguments are required: INPUT \(see 'tbxl compute --help'\)$",
    ),
    Case("code_suggested", _options("--tiebreaks", "SBB"), 2, r"unknown tie-break 'SBB'; .*; did you mean 'SB'\?$"),
    Case(
        "rules_suggested",
        _options("--rules", "fide2026"),
        2,
        r"unknown rules 'fide2026'; .*did you mean 'fide-2026'\?$",
    ),
    Case(
        "language_suggested",
        _writes("report", "-o", "OUT/r.pdf", "--lang", "viet"),
        2,
        r"--lang viet: no such report language .*; did you mean 'vi'\?$",
    ),
    Case(
        "report_without_o_beside_a_tbxl_toml",
        _beside('tiebreaks = "BH/C1,BH,SB"\n', "report"),
        0,
        r"^wrote .*ev\.pdf \(\d+ pages?\)$",
    ),
    Case("compute_o_csv_says_wrote", _writes("compute", "-o", "OUT/x.csv"), 0, r"^wrote .*x\.csv$"),
    Case(
        "audit_o_says_wrote", lambda d: _bulletin(BULLETIN_ROWS)(d) + ["-o", str(d / "a.json")], 0, r"^wrote .*a\.json$"
    ),
    Case(
        "compare_o_says_wrote",
        _writes("compare", "--rules", "fide-2024,fide-2026", "-o", "OUT/c.txt"),
        0,
        r"^wrote .*c\.txt$",
    ),
]


def _ruler_of(size: int, end: str) -> Callable[[Path], list[str]]:
    """A Swiss-Manager ruler line of ``size`` units characters and then ``end``, as line 2."""
    return lambda d: compute(
        _trf(d, SWISS_LINES[:1] + [("1234567890" * (size // 10 + 1))[:size] + end] + SWISS_LINES[1:])
    )


def _rounds_record(*records: str) -> Callable[[Path], list[str]]:
    """The TEC Swiss file with its ``XXR 5`` replaced by ``records``."""

    def build(d: Path) -> list[str]:
        lines: list[str] = []
        for line in SWISS_LINES:
            lines.extend(records if line.startswith("XXR") else [line])
        return compute(_trf(d, lines))

    return build


def _bulletin_of(columns: int, cell: str = "zz") -> Callable[[Path], list[str]]:
    """A bulletin whose header row has ``columns`` more cells, each ``cell``: 3,000,000 of two
    letters is 9 MB, under the file-size bound, and each unknown word was compared with the
    vocabulary for a suggestion before the column bound was checked (84 s; issue 39)."""

    def build(d: Path) -> list[str]:
        path = d / "wide.csv"
        path.write_text("Rk,SNo," + ",".join([cell] * columns) + "\n1,2\n", encoding="utf-8")
        return ["audit", _trf(d, SWISS_LINES), "--published", str(path)]

    return build


def _understating_book(d: Path) -> list[str]:
    """A workbook whose sheet's entry declares the size and CRC of a small, complete sheet, while
    its deflate stream goes on with 2 GB of blanks: the checks read only what was declared, and a
    later ``archive.read`` inflated all of it at once (MemoryError; issue 39)."""
    import struct
    import zlib

    path = Path(write_xlsx(d / "book.xlsx", sheet_xml(GRID)))
    data = path.read_bytes()
    archive = zipfile.ZipFile(path)
    out, directory = bytearray(), bytearray()
    for info in archive.infolist():
        at = info.header_offset
        n, m = struct.unpack("<HH", data[at + 26 : at + 30])
        raw = data[at + 30 + n + m : at + 30 + n + m + info.compress_size]
        if info.filename == SHEET_PART:
            deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
            blanks = b" " * 2**24
            raw = deflate.compress(archive.read(info)) + b"".join(deflate.compress(blanks) for _ in range(128))
            raw += deflate.flush()
        local = bytearray(data[at : at + 30 + n + m])
        struct.pack_into("<I", local, 18, len(raw))
        name = info.filename.encode()
        directory += struct.pack(
            "<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0, info.CRC, len(raw), info.file_size, len(name),
            0, 0, 0, 0, 0, len(out),
        ) + name  # fmt: skip
        out += local + raw
    count = len(archive.infolist())
    out += directory + struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, count, count, len(directory), len(out), 0)
    path.write_bytes(bytes(out))
    return compute(str(path))


#: Round five (issue 39): what slipped back on the command line.
ROUND_FIVE: list[Case] = [
    Case(
        "cli_lots_seed_with_a_line_separator",
        _options("--lots", "\u2028x"),
        2,
        r"--lots '\\u2028x': the seed holds an invisible character \(U\+2028\)",
    ),
    # 142 0 alone is warned as any 142 below the rounds played; beside an XXR it was read silently.
    Case(
        "trf_142_of_0_rounds",
        _rounds_record("142 0", "XXR 5"),
        0,
        r"held\.trf:5:5: record XXR announces 5 rounds, record 142 \(line 4\) 0: the round fields decide",
        output=r"Bruno",
    ),
    Case(
        "trf_142_and_xxr_disagree",
        _rounds_record("142 7", "XXR 5"),
        0,
        r"held\.trf:5:5: record XXR announces 5 rounds, record 142 \(line 4\) 7: the round fields decide",
        output=r"Bruno",
    ),
    Case(
        "trf_ruler_of_600_kb_ending_in_a_letter",
        _ruler_of(600_000, "x"),
        0,
        r"held\.trf:2: a line of 600,001 characters that starts as Swiss-Manager's column ruler but ends in 'x'",
        output=r"Bruno",
    ),
    Case(
        "bulletin_of_3000000_columns",
        _bulletin_of(3_000_000),
        1,
        r"wide\.csv:1: a row of 3,000,002 columns; a published table has at most 1,000$",
        heavy=True,
    ),
    Case(
        "xlsx_understating_its_sheet",
        _understating_book,
        1,
        r"book\.xlsx: xl/worksheets/sheet1\.xml: unpacks to more than the [\d,]+ bytes its entry declares",
        heavy=True,
    ),
]


CASES: list[Case] = [
    # TRF: digits that str.isdigit() passes but int() refuses, and absurd numbers
    Case(
        "trf_superscript_start_number",
        _superscript_start,
        1,
        r"held\.trf:5:5: bad start number '\u00b2' \(columns 5-8\)",
    ),
    Case("trf_cp1252_b2_rating", _cp1252_rating, 1, r"held\.trf:5:49: player 2: rating '\u00b2150' is not a number"),
    Case(
        "trf_superscript_opponent",
        _superscript_opponent,
        1,
        r"held\.trf:5:92: player 2, round 1: opponent '1\u00b2' is not a start number",
    ),
    Case("trf_superscript_rank", _superscript_rank, 1, r"held\.trf:5:86: player 2: rank '\u00b2' is not a number"),
    Case("trf_xxr_superscript", _xxr("\u00b2"), 1, r"held\.trf:4:5: number of rounds '\u00b2' is not a number"),
    Case(
        "trf_xxr_huge",
        _xxr("99999999"),
        1,
        r"held\.trf:4:5: 99999999 rounds: tbxl reads events of at most 999",
        heavy=True,
    ),
    Case("trf_xxr_long_digits", _xxr("9" * 10_000), 1, r"held\.trf:4:5: 9{20} rounds: tbxl reads events of at most"),
    Case(
        "trf_long_record",
        _long_record,
        1,
        r"held\.trf:5:92: player 2: the record has 1200000 round fields: tbxl reads events of at most 999 rounds",
        heavy=True,
    ),
    Case(
        "trf_huge_file", _huge_file, 1, r"huge\.trf: the file is 17 MB; tbxl reads files of at most 16 MB", heavy=True
    ),
    Case(
        "trf_padding_bomb",
        _padding_bomb,
        1,
        r"held\.trf: 2100 players x 999 rounds: tbxl reads at most 1,500,000 round entries",
        heavy=True,
    ),
    Case("trf_xxs_long_number", _xxs("W=" + "1" * 5000), 1, r"held\.trf:5:7: XXS W value '1{20}' is not a number"),
    # Bruno: 3 wins x 0.3333333 + 2 draws x 0.5 = 1.9999999, which has no short decimal form.
    Case(
        "trf_many_decimals_points_mismatch",
        _xxs("W=0.3333333", "--strict"),
        1,
        r"held\.trf:6:81: player 2: declared points 4\.0 \(columns 81-84\) differ from the results, "
        r"which give 19999999/10000000",
    ),
    Case(
        "trf_many_decimals_colour_scoring",
        _xxs("WW=0.3333333 BW=1"),
        1,
        r"held\.trf:5:18: colour-dependent scoring is not supported \(WW=3333333/10000000, BW=1\.0\)",
    ),
    Case(
        "trf_thousands_of_tiebreaks_212",
        _tiebreak_record,
        1,
        r"held\.trf:5:5: 5001 tie-break codes: tbxl takes at most 50",
    ),
    Case("cli_thousands_of_tiebreaks", _tiebreak_option, 2, r"5000 tie-break codes: at most 50 are taken"),
    Case("trf_no_rounds", _no_rounds, 1, r"held\.trf: no round has results yet"),
    Case("trf_dev_zero", _dev_zero, 1, r"/dev/zero: is not a regular file", heavy=True),
    Case("trf_fifo", _fifo, 1, r"pipe\.trf: is not a regular file", heavy=True),
    # Bulletins
    Case(
        "csv_superscript_start_number",
        _bulletin(BULLETIN_ROWS + ["4;\u00b2;Alyx;3,5;12,5;8"]),
        1,
        r"bulletin\.csv:7: start number '\u00b2' in column 'SNo' is not a number",
    ),
    Case(
        "csv_long_digits",
        _bulletin(BULLETIN_ROWS + ["4;1;Alyx;3,5;" + "9" * 5000 + ";8"]),
        1,
        r"bulletin\.csv:7: player 1: column 'BH' \(BH\): '9{20}\.\.\.' is not a number",
    ),
    Case(
        "csv_field_over_the_csv_limit",
        _bulletin(BULLETIN_ROWS + ["4;1;" + "A" * 200_000 + ";3,5;12,5;8"]),
        1,
        r"bulletin\.csv:7: a field of more than 131,072 characters",
    ),
    Case(
        "csv_unterminated_quote",
        _bulletin(['1;2;"Bruno;4;13;9,5'] + BULLETIN_ROWS[1:]),
        1,
        r"bulletin\.csv:4: a quote opened in this record is never closed",
    ),
    Case(
        "csv_quote_over_lines",
        _bulletin(['1;2;"Bruno;4;13;9,5', '2;3;Charline";3,5;15,5;10,5', BULLETIN_ROWS[2]]),
        1,
        r"bulletin\.csv:4: a quoted field runs from line 4 to line 5 \(a quote left open\?\)",
    ),
    Case(
        "csv_mixed_delimiters",
        _bulletin(BULLETIN_ROWS[:2] + ["3,4,David,3.5,15,9.75"]),
        1,
        r"bulletin\.csv:6: fields separated by ',', but the header \(line 3\) uses ';': mixed delimiters",
    ),
    Case(
        "csv_decimal_comma_in_comma_file",
        _bulletin(["1,2,Bruno,4,13,9.5", "2,3,Charline,3,5,15.5,10.5"], head="Rk.,SNo,Name,Pts.,BH,SB"),
        1,
        r"bulletin\.csv:5: 7 fields, but the header \(line 3\) has 6: the values would shift columns",
    ),
    Case("csv_dev_zero", _bulletin_dev_zero, 1, r"/dev/zero: is not a file"),
    Case("csv_huge", _bulletin_huge, 1, r"bulletin\.csv: the file is 17 MB; tbxl reads files of at most 16 MB"),
    *_xlsx_cases("input"),
    *_xlsx_cases("published"),
    *OPTION_CASES,
    *CONTROL_CASES,
    *ROUND_FOUR,
    *ROUND_FIVE,
]


def main(folder: str) -> None:
    """Write every case into its own folder under ``folder`` and print its command."""
    root = Path(folder)
    for case in CASES:
        d = root / case.name
        d.mkdir(parents=True, exist_ok=True)
        if case.name == "trf_fifo" and (d / "pipe.trf").exists():
            continue
        print("tbxl", " ".join(case.build(d))[:200])


if __name__ == "__main__":
    main(sys.argv[1])
