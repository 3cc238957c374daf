"""Is an input file a team event? Called by the CLI for every command, so it stays light: the
TRF test reads the file's lines (:func:`tbxl.team.trf.is_team_trf`), the workbook test looks for the
team functions in the sheets' XML without loading the workbook."""

from __future__ import annotations

import zipfile
from pathlib import Path

from .trf import is_team_trf

#: Workbook suffixes (as tbxl.readers names them, without importing it).
WORKBOOK_SUFFIXES = (".xlsx", ".xlsm")


def is_team_workbook(path) -> bool:
    """Does the workbook use the team functions (TEAM_TIEBREAK, TEAM_STANDINGS)?"""
    try:
        with zipfile.ZipFile(path) as z:
            return any(n.startswith("xl/worksheets/") and b"TEAM_" in z.read(n) for n in z.namelist())
    except (OSError, zipfile.BadZipFile, KeyError, ValueError):
        return False


def is_team_input(path) -> bool:
    """A TRF with team records (see :func:`~tbxl.team.trf.is_team_trf`), or a workbook written for a
    team event."""
    p = Path(path)
    if not p.is_file():
        return False
    if p.suffix.lower() in WORKBOOK_SUFFIXES:
        return is_team_workbook(p)
    return is_team_trf(p)
