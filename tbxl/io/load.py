"""Load a tournament from a file, whatever its format: TRF (any flavour) or a crosstable workbook;
and the one sniff that tells the format and the kind (individual or team) of an input.

The sniff is run by the command line for every command, so this module stays light: it imports the
standard library, :mod:`tbxl.errors`, :mod:`tbxl.limits`, :mod:`tbxl.function_names` and
:mod:`tbxl.io.text`; the readers are imported when a file is read.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from tbxl.errors import InputError
from tbxl.function_names import TEAM_FUNCTION_NAMES
from tbxl.io.text import decode_trf, split_lines
from tbxl.limits import MAX_TEXT_BYTES, MAX_WORKBOOK_BYTES, MAX_WORKBOOK_XML_BYTES, check_regular

if TYPE_CHECKING:
    from tbxl.io.files import PathLike
    from tbxl.model import AnyEvent, TeamTournament, Tournament

__all__ = ["load", "sniff", "Sniffed", "is_team_input", "is_team_trf", "is_team_workbook", "WORKBOOK_SUFFIXES"]

WORKBOOK_SUFFIXES = (".xlsx", ".xlsm")

#: A team record (013 or 310) at a line start, in UTF-8 (with or without a BOM) or UTF-16 bytes.
#: Most inputs are individual events and have none: they are told apart without decoding the file
#: (:func:`is_team_trf` looks closer at the files that have one). A line starts after LF or after a
#: lone CR, as the reader splits lines (old Mac files end their lines with CR).
TEAM_RECORD = re.compile(
    rb"(?m)(?:^|\r)(?:(?:\xef\xbb\xbf)?(?:013|310)|(?:\xff\xfe|\xfe\xff)?(?:\x00?0\x00?1\x00?3|\x00?3\x00?1\x00?0))"
)

#: A formula of a sheet's XML calling a team function of the catalogue
#: (:data:`~tbxl.function_names.TEAM_FUNCTION_NAMES`): ``<f>TEAM_TIEBREAK($A$1:$P$51,...``, with any
#: prefix Excel gives a user-defined function (``_xludf.``); a text cell naming one is no call.
TEAM_CALL = re.compile(
    rb"<f\b[^>]*>[^<]*?(?<![A-Z0-9])(?:%s)\s*\(" % b"|".join(n.encode() for n in TEAM_FUNCTION_NAMES), re.I
)


#: What :data:`TEAM_RECORD` finds in a file without NUL bytes (UTF-8, ASCII, a code page): 013 or
#: 310 after a byte-order mark or none, at the file's start or after a line end.
_BOMS = (b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")
_TEAM_CODES = (b"013", b"310")
_TEAM_STARTS = _TEAM_CODES + tuple(bom + code for bom in _BOMS for code in _TEAM_CODES)


def has_team_record(data: bytes) -> bool:
    r"""Does a team record (013 or 310) start a line of ``data``, as :data:`TEAM_RECORD` finds it?
    A file without NUL bytes is scanned for a few fixed byte strings (the regular expression would
    try every byte of a 10,000-player file: 0.06 s); UTF-16, with its NULs, by the expression.

    >>> has_team_record(b"012 Open\n013 Club    1 2\n"), has_team_record(b"001 2013 m\n001  310\n")
    (True, False)
    """
    if b"\x00" in data:
        return TEAM_RECORD.search(data) is not None
    if data.startswith(_TEAM_STARTS):
        return True
    # Each search is one pass over the file: the line ends and byte-order marks a file has first.
    ends = [end for end in (b"\n", b"\r") if end in data]
    starts = _TEAM_CODES + tuple(bom + code for bom in _BOMS if bom in data for code in _TEAM_CODES)
    return any(end + start in data for end in ends for start in starts)


class Sniffed(NamedTuple):
    """What an input file is: its ``format`` (``"trf"`` or ``"workbook"``) and its ``kind``
    (``"individual"`` or ``"team"``: the values of :class:`~tbxl.model.EventKind`, spelled out so
    that the sniff loads nothing of the model)."""

    format: str
    kind: str


def sniff(path: PathLike) -> Sniffed:
    """The format (by the suffix: a workbook, else TRF) and the kind of an input file. A file that
    cannot be read is sniffed as an individual event: its reader says what is wrong with it."""
    p = Path(path)
    if p.suffix.lower() in WORKBOOK_SUFFIXES:
        return Sniffed("workbook", "team" if _readable(p, MAX_WORKBOOK_BYTES) and is_team_workbook(p) else "individual")
    return Sniffed("trf", "team" if _readable(p, MAX_TEXT_BYTES) and is_team_trf(p) else "individual")


def _readable(p: Path, limit: int) -> bool:
    """A regular file within ``limit`` bytes: the size is checked before a byte is read (a sparse
    file of terabytes costs nothing on disk), and one over the bound is left to its reader to refuse."""
    try:
        return p.is_file() and p.stat().st_size <= limit
    except OSError:
        return False


def is_team_input(path: PathLike) -> bool:
    """A TRF with team records (see :func:`is_team_trf`), or a workbook written for a team event."""
    return sniff(path).kind == "team"


def is_team_workbook(path: PathLike) -> bool:
    """Does a formula of the workbook call a team function (TEAM_TIEBREAK, TEAM_STANDINGS)? Looked
    for in the sheets' XML, without loading the workbook."""
    import zipfile  # here: zipfile (and shutil, bz2, lzma with it) costs every run's start-up

    try:
        with zipfile.ZipFile(path) as z:
            sheets = [i for i in z.infolist() if i.filename.startswith("xl/worksheets/")]
            if sum(i.file_size for i in sheets) > MAX_WORKBOOK_XML_BYTES:
                return False  # a zip bomb: its reader refuses it before unpacking
            for i in sheets:
                # read(n) inflates at most n bytes; z.read(i) inflates the whole stream in one call,
                # and a part that declares 1 KB may inflate to gigabytes (issue 39: MemoryError)
                with z.open(i) as part:
                    if TEAM_CALL.search(part.read(i.file_size)):
                        return True
            return False
    except (OSError, zipfile.BadZipFile, KeyError, ValueError):
        return False


def is_team_trf(path_or_text: PathLike) -> bool:
    """Is the TRF a team event? Yes with ``310`` records (TRF-2026). With ``013`` records only, the
    file may also be an individual event whose clubs are listed for a team prize (Swiss-Manager
    writes them): it is a team event when another team record (``3xx``) or a team tournament type
    (``192 ..TEAM..``) says so, or when the games are team matches (in every round a team's players
    meet the players of one other team at most)."""
    if isinstance(path_or_text, str) and ("\n" in path_or_text or "\r" in path_or_text):
        text = path_or_text
    else:
        try:
            with open(path_or_text, "rb") as f:
                data = f.read(MAX_TEXT_BYTES + 1)
        except (OSError, TypeError, ValueError):
            return False
        if len(data) > MAX_TEXT_BYTES:
            return False  # its reader refuses it by its size
        # Most inputs are individual events: no team record at a line start, no decoding needed.
        if not has_team_record(data):
            return False
        text = decode_trf(data)[0]
    lines = split_lines(text)
    codes = {line[:3] for line in lines}
    if "310" in codes:
        return True
    if "013" not in codes:
        return False
    if codes & {"300", "320", "330", "352", "362"} or any(
        line[:3] == "192" and "TEAM" in line.upper() for line in lines
    ):
        return True
    return _games_are_matches(lines)


def _games_are_matches(lines: list[str]) -> bool:
    team_of: dict[int, int] = {}
    for k, line in enumerate((ln for ln in lines if ln[:3] == "013"), 1):
        for m in re.finditer(r"\d+", line[36:]):
            team_of.setdefault(int(m.group()), k)
    met: dict[tuple[int, int], int] = {}
    paired = False
    for line in lines:
        if line[:3] != "001" or not line[4:8].strip().isdigit():
            continue
        a = team_of.get(int(line[4:8]))
        for r, s in enumerate(range(91, len(line), 10)):
            opp = line[s : s + 4].strip()
            if not opp.isdigit() or not int(opp) or a is None:
                continue
            b = team_of.get(int(opp))
            if b is None or b == a or met.setdefault((r, a), b) != b:
                return False
            paired = True
    return paired


def load(
    path: PathLike,
    *,
    pairing: str | None = None,
    strict: bool = False,
    sheet: str | None = None,
    layout: str | None = None,
    notes: list[str] | None = None,
    kind: str | None = None,
) -> AnyEvent:
    """Read ``path``, an individual or a team event (:func:`sniff` tells which): ``.xlsx``/``.xlsm``
    through :mod:`tbxl.io.workbook`, anything else as TRF. ``sheet`` and ``layout`` are the
    individual crosstable's (a team workbook has one grid). ``kind`` ("individual" or "team"), when
    the caller has sniffed the file already, saves reading it twice (a team record is looked for in
    the whole file).

    ``pairing`` ("swiss" / "round-robin") overrides what the file says; ``notes``, when given,
    receives the reader's remarks (records ignored, encoding fallbacks, short records).

    Only a regular file is read (a device such as ``/dev/zero`` or a FIFO would never end), within
    the bounds of :mod:`tbxl.limits`; a file in which no round has a result is an
    :class:`InputError` (nothing to rank), not a table of zeros.
    """
    p = Path(path)
    check_regular(p)
    if (kind or sniff(p).kind) == "team":
        return _read_team(p, pairing, strict, notes)
    tournament = _read(p, pairing, strict, sheet, layout, notes)
    if tournament.rounds == 0:
        hint = "" if p.suffix.lower() in WORKBOOK_SUFFIXES else "; the round fields of a 001 record start at column 92"
        raise InputError(
            f"no round has results yet (no game, forfeit or pairing-allocated bye{hint}): nothing to rank",
            file=str(path),
        )
    return tournament


def _read_team(p: Path, pairing: str | None, strict: bool, notes: list[str] | None) -> TeamTournament:
    from tbxl.model import Pairing

    if p.suffix.lower() in WORKBOOK_SUFFIXES:
        from tbxl.io.workbook import read_team_workbook  # openpyxl only when needed

        return read_team_workbook(p)
    from tbxl.io.trf import read_team_trf

    return read_team_trf(os.fspath(p), strict=strict, pairing=Pairing(pairing) if pairing else None, notes=notes)


#: Files a user may give for an event that are not one tbxl reads, by their first bytes: what they
#: are and what to do instead (a TRF reader would only say "no player records (001)").
OTHER_FORMATS = (
    (b"%PDF", "a PDF document", "give the TRF the pairing program exports, or the crosstable as .xlsx"),
    (
        b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1",
        "an Excel 97-2003 workbook (.xls)",
        "save it as an Excel workbook (.xlsx) and give that",
    ),
    (
        b"PK\x03\x04",
        "a zip archive (an OpenDocument spreadsheet, or a workbook named otherwise)",
        "save the crosstable as an Excel workbook (.xlsx) and give that",
    ),
)
#: Suffixes of tables saved as text, which are not TRF files.
TABLE_SUFFIXES = (".csv", ".tsv", ".ods", ".xls")


def refuse_other_formats(p: Path) -> None:
    """An :class:`InputError` for a file that is plainly not a TRF (a PDF, an old .xls, a CSV
    table), saying what it is and what to give instead."""
    try:
        with open(p, "rb") as f:
            head = f.read(8)
    except OSError:
        return  # the reader says what is wrong with it
    for magic, what, instead in OTHER_FORMATS:
        if head.startswith(magic):
            raise InputError(f"this is {what}, not a TRF or an .xlsx crosstable: {instead}", file=str(p))
    if p.suffix.lower() in TABLE_SUFFIXES:
        raise InputError(
            f"a {p.suffix.lower()} table is not an event tbxl reads: give the TRF the pairing program "
            "exports, or save the crosstable as .xlsx (a published bulletin goes to "
            "tbxl audit --published)",
            file=str(p),
        )


#: A line of a TRF: a record code (three digits, or XX and a letter) at its start.
_RECORD_LINE = re.compile(r"(?m)^\ufeff?(?:\d{3}|XX[A-Z])(?:[ \t]|$)")


def _has_records(p: Path) -> bool:
    """Does any line of ``p`` start with a TRF record code? A letter, an e-mail or a page of prose
    given as the event has none, and is named as what it is not."""
    try:
        text = decode_trf(p.read_bytes())[0]
    except (OSError, InputError, ValueError):
        return True
    return bool(_RECORD_LINE.search(text))


def _read(
    p: Path, pairing: str | None, strict: bool, sheet: str | None, layout: str | None, notes: list[str] | None
) -> Tournament:
    from tbxl.model import Pairing

    forced = Pairing(pairing) if pairing else None
    if p.suffix.lower() in WORKBOOK_SUFFIXES:
        from tbxl.io.workbook import read_workbook  # openpyxl only when needed

        t = read_workbook(p, sheet=sheet, layout=layout, notes=None if forced is not None else notes)
        if forced is not None:
            from dataclasses import replace

            t = replace(t, pairing=forced)
        return t
    refuse_other_formats(p)
    from tbxl.io.trf import read_trf_with_notes

    try:
        tournament, remarks = read_trf_with_notes(os.fspath(p), strict=strict, pairing=forced)
    except InputError as err:
        if err.message.startswith("no player records") and not _has_records(p):
            raise InputError(
                "not a tournament file: no line starts with a TRF record code (001 for a "
                "player, 012 for the event's name ...); give the TRF the pairing program "
                "exports, or the crosstable as .xlsx",
                file=str(p),
            ) from None
        raise
    if notes is not None:
        notes.extend(remarks)
    return tournament
