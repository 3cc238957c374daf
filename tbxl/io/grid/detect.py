"""Layout detection: the header rows above the players, and which layout holds the rounds."""

from __future__ import annotations

import re
from typing import Any

from tbxl.errors import InputError
from tbxl.io.grid.cells import blank, header_role, is_header_word, is_int, norm, squash, whole
from tbxl.io.grid.compact import COMPACT_BYES, GAME_RE, compact_block
from tbxl.io.grid.matrix import DIAGONAL, matrix_block
from tbxl.io.grid.sheet import Frame, Sheet
from tbxl.io.grid.sm3 import SM3_RESULTS, sm3_block
from tbxl.io.grid.tokens import COLOURS, DRAW_RE


def is_token(t: str) -> bool:
    """True when ``t`` means something as a result, colour or bye in some layout."""
    s = squash(t)
    return (
        s in COMPACT_BYES
        or s in SM3_RESULTS
        or s in COLOURS
        or s in DIAGONAL
        or bool(DRAW_RE.fullmatch(s))
        or bool(GAME_RE.fullmatch(norm(t)))
    )


def frame(sheet: Sheet) -> Frame:
    """The header rows, player rows and used columns of ``sheet``."""
    used_rows = [r for r in range(sheet.nrows) if any(not blank(t) for t in sheet.texts[r])]
    if not used_rows:
        raise InputError("the range is empty: no players and no results", cell=sheet.ref(0, 0))
    used_cols = [c for c in range(sheet.ncols) if any(not blank(sheet.t(r, c)) for r in used_rows)]
    left, right = used_cols[0], used_cols[-1]
    top, bottom = used_rows[0], used_rows[-1]
    r = top
    header: list[int] = []
    sno_cols: set[int] = set()  # columns a header row above calls No, Nr, SNo ...
    while r <= bottom and (
        is_header_row(cells := [sheet.t(r, c) for c in range(left, right + 1)]) or is_header_row_relaxed(cells)
    ):
        if any(is_int(cells[k]) and not blank(cells[k]) for k in sno_cols):
            break  # a start number under "No": a player (named "Name", "Pts" ...), not a header
        sno_cols |= {k for k, t in enumerate(cells) if header_role(t) == "sno"}
        header.append(r)
        r += 1
    if r > bottom:
        raise InputError("no player rows found below the header", cell=sheet.ref(top, left))
    return Frame(header, list(range(r, bottom + 1)), left, right)


def is_header_row(cells: list[str]) -> bool:
    """A row above the players: a header word, column numbers, or text only."""
    vals = [t for t in cells if not blank(t)]
    if not vals or any(GAME_RE.fullmatch(norm(t)) for t in vals):
        return False
    if any(is_header_word(t) for t in vals):
        return True
    at = [c for c, t in enumerate(cells) if is_int(t) and not blank(t)]
    ints = [whole(cells[c]) for c in at]
    others = [t for t in vals if not is_int(t)]
    if any(is_token(t) for t in others):
        return False
    if ints and ints == list(range(1, len(ints) + 1)):
        # Column numbers over a matrix or the rounds: every column (3 or more), or every third.
        steps = {b - a for a, b in zip(at, at[1:])}
        return (steps == {1} and len(ints) >= 3) or (steps == {3} and len(ints) >= 2)
    return not ints  # text only


def is_header_row_relaxed(cells: list[str]) -> bool:
    """Words only, single letters included (names ``A``, ``B``, ``F`` over a matrix)."""
    vals = [t for t in cells if not blank(t)]
    return (
        bool(vals)
        and all(re.fullmatch(r"[^\W\d_][\w .']*", t) and not is_int(t) for t in vals)
        and not any(squash(t) in ("bye", "pab", "fpb", "hpb", "zpb") for t in vals)
    )


def detect(sheet: Sheet, fr: Frame) -> str:
    """The layout of the crosstable in ``fr``; compact wins over sm3, sm3 over matrix."""
    if compact_block(sheet, fr):
        return "compact"
    if sm3_block(sheet, fr):
        return "sm3"
    if matrix_block(sheet, fr):
        return "matrix"
    if compact_block(sheet, fr, weak=True):
        return "compact"
    raise InputError(
        "cannot tell the crosstable layout: expected cells like 12w1 (compact), three columns per "
        "round: opponent, colour, result (sm3), or a round-robin matrix with X on the diagonal "
        "(matrix)",
        cell=sheet.ref(fr.data[0], fr.left),
    )


def detect_layout(grid: Any) -> str:
    """The layout of ``grid``: ``"compact"``, ``"sm3"`` or ``"matrix"``.

    >>> detect_layout([["1", "2w1"], ["2", "1b0"]])
    'compact'
    >>> detect_layout([[1, 2, "w", 1], [2, 1, "b", 0]])
    'sm3'
    >>> detect_layout([["X", 1], [0, "x"]])
    'matrix'
    """
    sheet = Sheet(grid, "A1")
    return detect(sheet, frame(sheet))
