"""Load a tournament from a file, whatever its format: TRF (any flavour) or a crosstable workbook."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Optional

from tbxl.errors import InputError
from tbxl.limits import check_regular
from tbxl.model import Pairing, Tournament

WORKBOOK_SUFFIXES = (".xlsx", ".xlsm")


def load(path, *, pairing: Optional[str] = None, strict: bool = False, sheet: Optional[str] = None,
         layout: Optional[str] = None, notes: Optional[list] = None) -> Tournament:
    """Read ``path``: ``.xlsx``/``.xlsm`` through :mod:`tbxl.io.workbook`, anything else as TRF.

    ``pairing`` ("swiss" / "round-robin") overrides what the file says; ``notes``, when given,
    receives the reader's remarks (records ignored, encoding fallbacks, short records).

    Only a regular file is read (a device such as ``/dev/zero`` or a FIFO would never end), within
    the bounds of :mod:`tbxl.limits`; a file in which no round has a result is an
    :class:`InputError` (nothing to rank), not a table of zeros.
    """
    p = Path(path)
    check_regular(p)
    tournament = _read(p, pairing, strict, sheet, layout, notes)
    if tournament.rounds == 0:
        hint = "" if p.suffix.lower() in WORKBOOK_SUFFIXES else "; the round fields of a 001 record start at column 92"
        raise InputError(f"no round has results yet (no game, forfeit or pairing-allocated bye{hint}): "
                         f"nothing to rank", file=str(path))
    return tournament


def _read(p: Path, pairing: Optional[str], strict: bool, sheet: Optional[str], layout: Optional[str],
          notes: Optional[list]) -> Tournament:
    path = os.fspath(p)
    forced = Pairing(pairing) if pairing else None
    if p.suffix.lower() in WORKBOOK_SUFFIXES:
        from tbxl.io.workbook import read_workbook  # openpyxl only when needed
        t = read_workbook(p, sheet=sheet, layout=layout, notes=None if forced is not None else notes)
        if forced is not None:
            from dataclasses import replace
            t = replace(t, pairing=forced)
        return t
    from tbxl.io.trf import read_trf_with_notes
    tournament, remarks = read_trf_with_notes(os.fspath(p), strict=strict, pairing=forced)
    if notes is not None:
        notes.extend(remarks)
    return tournament
