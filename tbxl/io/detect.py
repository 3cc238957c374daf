"""Is an input file a team event? Called by the CLI for every command, so it stays light: the
TRF test reads the file's lines (:func:`tbxl.io.trf.team.is_team_trf`), the workbook test looks for the
team functions in the sheets' XML without loading the workbook."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

from tbxl.function_names import TEAM_FUNCTION_NAMES

#: A team record (013 or 310) at a line start, in UTF-8 (with or without a BOM) or UTF-16 bytes.
#: Most inputs are individual events and have none: they are told apart without importing the team
#: reader (:func:`tbxl.io.trf.team.is_team_trf` looks closer at the files that have one). A line starts
#: after LF or after a lone CR, as the reader splits lines (old Mac files end their lines with CR).
TEAM_RECORD = re.compile(rb"(?m)(?:^|\r)(?:(?:\xef\xbb\xbf)?(?:013|310)|(?:\xff\xfe|\xfe\xff)?(?:\x00?0\x00?1\x00?3|\x00?3\x00?1\x00?0))")

#: Workbook suffixes (as tbxl.io.load names them, without importing it).
WORKBOOK_SUFFIXES = (".xlsx", ".xlsm")

#: A formula of a sheet's XML calling a team function of the catalogue
#: (:data:`~tbxl.function_names.TEAM_FUNCTION_NAMES`): ``<f>TEAM_TIEBREAK($A$1:$P$51,...``, with any
#: prefix Excel gives a user-defined function (``_xludf.``); a text cell naming one is no call.
TEAM_CALL = re.compile(rb"<f\b[^>]*>[^<]*?(?<![A-Z0-9])(?:%s)\s*\("
                       % b"|".join(n.encode() for n in TEAM_FUNCTION_NAMES), re.I)


def is_team_workbook(path) -> bool:
    """Does a formula of the workbook call a team function (TEAM_TIEBREAK, TEAM_STANDINGS)?"""
    try:
        with zipfile.ZipFile(path) as z:
            return any(n.startswith("xl/worksheets/") and TEAM_CALL.search(z.read(n))
                       for n in z.namelist())
    except (OSError, zipfile.BadZipFile, KeyError, ValueError):
        return False


def is_team_input(path) -> bool:
    """A TRF with team records (see :func:`~tbxl.io.trf.team.is_team_trf`), or a workbook written for a
    team event."""
    p = Path(path)
    if not p.is_file():
        return False
    if p.suffix.lower() in WORKBOOK_SUFFIXES:
        return is_team_workbook(p)
    try:
        with open(p, "rb") as f:
            if not TEAM_RECORD.search(f.read()):
                return False
    except (OSError, ValueError):
        return False
    from tbxl.io.trf.team import is_team_trf
    return is_team_trf(p)
