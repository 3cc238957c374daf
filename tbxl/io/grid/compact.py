"""The compact layout: one cell per round holding opponent, colour and result (``12w1``)."""

from __future__ import annotations

import re

from tbxl.io.grid.cells import norm, points_value, squash
from tbxl.io.grid.sheet import Frame, Sheet, column_role
from tbxl.io.grid.tokens import DRAW_RE, FORFEIT, FORFEIT_KINDS, FORFEIT_TEXT, PLAYED, RESULT_TEXT, Cell, outcome_of
from tbxl.model import Kind, Outcome, RoundEntry  # noqa: F401 (Outcome: the doctests')

COMPACT_HINT = "expected e.g. 12w1, 5b½, 7w0, 12w+, bye, H, Z"
# Compact game cells: with colour; colour omitted before a played result (blank needed); forfeit.
GAME_RE = re.compile(
    rf"(\d{{1,9}})\s*([wbsn])\s*({PLAYED}|{FORFEIT})"
    rf"|(\d{{1,9}})\s+({PLAYED})"
    rf"|(\d{{1,9}})\s*({FORFEIT})",
    re.ASCII,
)
STRONG_GAME_RE = re.compile(rf"\d{{1,9}}\s*[wbsn]\s*(?:{PLAYED}|{FORFEIT})", re.ASCII)
COMPACT_BYES = {
    "+": Kind.PAB,
    "bye": Kind.PAB,
    "u": Kind.PAB,
    "pab": Kind.PAB,
    "f": Kind.FPB,
    "fpb": Kind.FPB,
    "h": Kind.HPB,
    "hpb": Kind.HPB,
    "z": Kind.ZPB,
    "zpb": Kind.ZPB,
    "-": Kind.ZPB,
    "0": Kind.ZPB,
    "": Kind.ZPB,
}


def compact_ok(t: str) -> bool:
    """A cell the compact grammar reads (a game or a bye)."""
    s = squash(t)
    return s in COMPACT_BYES or bool(DRAW_RE.fullmatch(s)) or bool(GAME_RE.fullmatch(norm(t)))


def compact_block(sheet: Sheet, fr: Frame, weak: bool = False) -> tuple[int, int] | None:
    """First column and number of rounds of a compact grid: the columns with cells like ``12w1``
    (``weak``: also ``12+``, ``12 1`` in columns of compact cells only)."""
    # A column headed Name, No, Pts ... is not a round, whatever its cells look like (a player
    # named "3b1" must not turn the name column into round 1).
    free = [c for c in range(fr.left, fr.right + 1) if column_role(sheet, fr, c) in (None, "other")]
    strong = [c for c in free if any(STRONG_GAME_RE.fullmatch(norm(sheet.t(r, c))) for r in fr.data)]
    if not strong and weak:
        strong = [
            c
            for c in free
            if any(GAME_RE.fullmatch(norm(sheet.t(r, c))) for r in fr.data)
            and all(compact_ok(sheet.t(r, c)) for r in fr.data)
        ]
    if not strong:
        return None
    first, last = strong[0], strong[-1]

    def compact_column(c: int) -> bool:
        """A round next to the others: compact cells, some of them not mere numbers (points)."""
        texts = [sheet.t(r, c) for r in fr.data]
        return (
            column_role(sheet, fr, c) in (None, "other")
            and all(compact_ok(t) for t in texts)
            and any(points_value(None, t) is None for t in texts if t != "")
        )

    while first - 1 >= fr.left and compact_column(first - 1):
        first -= 1
    while last + 1 <= fr.right and compact_column(last + 1):
        last += 1
    return first, last - first + 1


def compact_cell(text: str, colours: dict[str, str]) -> Cell | None:
    """One compact cell; ``None`` when it is not in the grammar."""
    s = squash(text)
    if s in COMPACT_BYES:
        return Cell(COMPACT_BYES[s], text=text)
    if DRAW_RE.fullmatch(s):
        return Cell(Kind.HPB, text=text)
    m = GAME_RE.fullmatch(norm(text))
    if not m:
        return None
    opp, col, res = (
        (m.group(1), m.group(2), m.group(3))
        if m.group(1)
        else (m.group(4), None, m.group(5))
        if m.group(4)
        else (m.group(6), None, m.group(7))
    )
    colour = colours[col] if col else None
    if res in FORFEIT_KINDS:
        return Cell(FORFEIT_KINDS[res], None, int(opp), colour, text, double=res == "--")
    return Cell(Kind.PLAYED, outcome_of(res), int(opp), colour, text)


BYE_TEXT = {Kind.PAB: "bye", Kind.FPB: "F", Kind.HPB: "H", Kind.ZPB: "Z"}


def compact_text(e: RoundEntry | None, opponent: dict[int, int] | None = None) -> str:
    """One round of a player as a compact cell (the grammar of :mod:`tbxl.io.grid`): ``12w1``,
    ``5b½``, ``12w+``, ``bye``, ``H`` ...; ``''`` for no entry. ``opponent`` maps start numbers to
    what the cell shows instead (the printed ranking crosstable shows the opponent's rank).

    >>> from tbxl.model import Scoring, make_entry
    >>> s = Scoring()
    >>> compact_text(make_entry(s, 1, Kind.PLAYED, Outcome.DRAW, 7, "b")), compact_text(
    ...     make_entry(s, 2, Kind.FORFEIT_WIN, None, 7, "w"), {7: 3}), compact_text(make_entry(s, 3, Kind.PAB))
    ('7b½', '3w+', 'bye')
    """
    if e is None:
        return ""
    if e.kind in BYE_TEXT or e.opponent is None:
        return BYE_TEXT.get(e.kind, "Z")
    opp = e.opponent if opponent is None else opponent[e.opponent]
    if e.kind in FORFEIT_TEXT:
        return f"{opp}{e.colour or ''}{FORFEIT_TEXT[e.kind]}"
    res = RESULT_TEXT[e.outcome]
    return f"{opp}{e.colour}{res}" if e.colour else f"{opp} {res}"


def result_text(e: RoundEntry) -> str:
    """The result of a paired round as a round-robin matrix shows it: ``1 ½ 0 + -``."""
    if e.kind in FORFEIT_TEXT:
        return "+" if e.kind is Kind.FORFEIT_WIN else "-"
    return RESULT_TEXT[e.outcome]
