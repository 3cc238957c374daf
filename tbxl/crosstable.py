"""Crosstables as grids of cells (a worksheet range, a list of rows) to and from a :class:`Tournament`.

A grid is a list of rows; a cell is ``str``, ``int``, ``float`` (``12.0`` is 12), ``None`` or ``''``.
Excel sends ``0`` for an empty cell to Office.js functions, so ``0`` counts as empty wherever that
cannot be confused with a result (see each layout). Three layouts are read, detected automatically
(:func:`detect_layout`) or forced with ``layout=``:

* ``"compact"``: one cell per round holding opponent, colour and result (``12w1``);
* ``"sm3"``: Swiss-Manager's export, three cells per round (opponent, colour, result);
* ``"matrix"``: a round-robin table, the row player's score against the column player.

>>> t = read_grid([["No", "Name", "R1", "R2"],
...                [1, "Ann", "2w1", "3b½"],
...                [2, "Bob", "1b0", "bye"],
...                [3, "Cy", "H", "1w½"]])
>>> [(e.kind.value, e.opponent, e.colour, str(e.points)) for e in t.player(1).rounds]
[('played', 2, 'w', '1'), ('played', 3, 'b', '1/2')]
>>> t.player(2).rounds[1].kind.value, t.player(3).name, str(t.player(3).points)
('pab', 'Cy', '1')

Grammar
-------
Letters are case-insensitive; blanks may separate the parts of a cell. ``N`` is the number of
players (rows).

Compact layout, one cell per round::

    cell      = game | bye
    game      = opponent colour result          e.g. "12w1", "5b½", "5 B 0.5", "7w0", "12w+"
              | opponent blank+ played          colour not recorded, e.g. "12 1"
              | opponent forfeit                colour not recorded, e.g. "12+", "12-"
    opponent  = digit+                          the opponent's number, 1..N, not the player's own
    colour    = "w" | "b" | "s" | "n"           see Colours below
    result    = played | forfeit
    played    = "1" | draw | "0"                a game played over the board
    draw      = "½" | "=" | "0.5" | ".5" | "0,5" | ",5" | "1/2"
    forfeit   = "+"                             won by forfeit
              | "-"                             lost by forfeit ("-" on both sides: double forfeit)
              | "--"                            double forfeit (both lost by forfeit)
    bye       = "+" | "bye" | "u" | "pab"       pairing-allocated bye (PAB)
              | "f" | "fpb"                     full-point bye (FPB)
              | "h" | "hpb" | draw              half-point bye (HPB)
              | "z" | "zpb" | "-" | "0" | ""    zero-point bye, absent, withdrawn (ZPB)

A bare ``0`` or an empty cell is a zero-point bye: Excel cannot tell an empty cell from ``0``.
Games lasting under one move (TRF ``W D L``) have no compact form; write them as played games.

Swiss-Manager layout (``sm3``), three cells per round -- opponent, colour, result::

    opponent  = digit+ | "-" | "bye" | ""       "" also 0 (Excel's empty cell); 12.0 is 12
    colour    = "w" | "b" | "s" | "n" | "-" | ""
    result    = "1" | draw | "0" | "+" | "-" | "--" | "u" | "f" | "h" | "z" | ""

    opponent   colour     result            reads as
    --------   --------   ---------------   -------------------------------------------------
    - or ""    any        1, +, u, bye      pairing-allocated bye (PAB)
    - or ""    any        f                 full-point bye (FPB)
    - or ""    any        draw, h           half-point bye (HPB)
    - or ""    any        -, z, 0, ""       not paired: absent or withdrawn (ZPB)
    k          w b s n    1, draw, 0        game against k
    k          w b s n    +, -, --          forfeit win, loss, double forfeit (scheduled colour)
    k          - or ""    +, -, --          forfeit win, loss, double forfeit (colour unknown)
    k          ""         1, draw           game against k, colour unknown
    k          - or ""    "" or 0           "open": no result given (one or both withdrew)
    k          w b s n    ""                "open" as well

An *open* cell takes its meaning from k's cell for that round: if k shows a game won against
the player it is a loss over the board, if k shows a forfeit win it is a forfeit loss; otherwise
(k open too, or k lost by forfeit) the player simply did not play: a ZPB without opponent.
An open cell against a draw or a loss is an error (a result on one side only).

Round-robin layout (``matrix``): the ``N x N`` block of the row player's score against the
column player (row ``i`` and column ``i`` are the same player)::

    cell      = "1" | draw | "0" | "+" | "-" | ""      off the diagonal
    diagonal  = "x" | "*" | "-" | ""                   "" also 0 (Excel's empty cell)

The two cells of a pair must complement each other: ``1``/``0``, draw/draw, ``+``/``-`` and
``-``/``-`` (double forfeit). A pair whose two cells are both empty (or both ``0``: Excel's empty
cells; a real game cannot end 0-0) is a game not played: both players get a ZPB in its round.

Colours: ``w`` is white; ``b``, ``s`` (schwarz) and ``n`` (negro, noir, nero) are black -- except in
a grid whose colour letters include ``n`` but no ``w``: there ``b`` means white (blancas, blancs,
bianco) and ``n`` black. :func:`to_grid` always writes ``w``/``b``.

Rounds and colours of a round robin
-----------------------------------
A matrix says nothing about rounds or colours. They are taken from the FIDE Berger tables
(Handbook C.05, Annex 1), by start number. With ``m`` = the number of players rounded up to even
(for an odd number the extra number ``m`` is the bye) there are ``m - 1`` rounds; ``i`` and ``j``
(``i < j < m``) meet in round ``(i + j - 2) mod (m - 1) + 1``, the lower number having white when
``i + j`` is odd, the higher when it is even; ``m`` meets ``i`` in round ``(2i - 2) mod (m - 1) + 1``,
with white in even rounds. For 5 or 6 players: round 1 is 1-6, 2-5, 3-4; round 2 is 6-4, 5-3, 1-2
(white first); see :func:`berger_schedule`.
In an odd round robin each player's bye round is a ZPB with no opponent: pre-determined pairings
are outside Art. 16 (C.07 15.2), so the round has no effect on SB, KS or DE. The pairing system of
a matrix is :attr:`Pairing.ROUND_ROBIN`; of the other layouts :attr:`Pairing.ROUND_ROBIN` when
their pairings form a complete round robin (:func:`tbxl.model.round_robin_cycles`), else
:attr:`Pairing.SWISS` (pass ``pairing=`` otherwise).

Around the results
------------------
* Header rows at the top are recognised and skipped: a row with a word such as ``No``, ``Name``,
  ``Pts``, ``R1``, ``Rd 1``, ``1.Rd``; a row of column numbers ``1, 2, 3 ...`` (at least three,
  or ``1, 2 ...`` in every third column over Swiss-Manager rounds); a row of text only.
* Rows are players. Row ``i`` of the data is start number ``i`` unless a start-number column
  (header ``No``, ``Nr``, ``SNo`` ... or, without a header, the integers ``1..N`` in order) says
  otherwise; opponents are found by the numbering that makes the pairings symmetric (row order,
  the start-number column or a rank column), so a crosstable sorted by rank also reads.
* Columns before the rounds: start number, name (the first text column, or header ``Name``),
  rating (``Rtg``, ``Elo``), federation (``Fed``), title (``Title``), club (``Club``), rank (``Rk``); others are
  ignored. The first column after the rounds is the points column when its header says so
  (``Pts``, ``Points``, ``Total``...) or when it has no header and holds numbers; it is checked
  against the results (an :class:`~tbxl.errors.InputWarning`, an error with ``strict=True``).
* Empty rows and columns around the table are ignored, as are rounds after the last one with a
  result (Excel's zeros included).

Errors are :class:`~tbxl.errors.InputError` with the A1 reference of the bad cell (``origin`` is
the grid's top-left cell), the player, the round, and a message naming the worksheet row:

>>> try:
...     read_grid([[1, "2x1"], [2, "1b0"]], origin="B2")
... except InputError as e:
...     print(e.cell, e.player, e.round, e.message)
C2 1 1 row 2, round 1: '2x1' is not a result (expected e.g. 12w1, 5b½, 7w0, 12w+, bye, H, Z)
"""

from __future__ import annotations

import math
import re
import warnings
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Optional, Union

from .errors import InputError, InputWarning
from .model import Kind, Outcome, Pairing, Player, RoundEntry, Scoring, Tournament, detect_pairing, make_entry

__all__ = ["LAYOUTS", "read_grid", "detect_layout", "to_grid", "berger_round", "berger_schedule"]

#: The layout names accepted by ``layout=``.
LAYOUTS = ("compact", "sm3", "matrix")

_LAYOUT_ALIASES = {"compact": "compact", "sm3": "sm3", "sm": "sm3", "swiss-manager": "sm3",
                   "swissmanager": "sm3", "matrix": "matrix", "rr": "matrix",
                   "round-robin": "matrix", "roundrobin": "matrix", "berger": "matrix"}

_COMPACT_HINT = "expected e.g. 12w1, 5b½, 7w0, 12w+, bye, H, Z"

# ---------------------------------------------------------------------------------------------
# Tokens
# ---------------------------------------------------------------------------------------------

_DRAW = r"(?:½|=|0?[.,]5|1/2)"
_PLAYED = rf"(?:1|0|{_DRAW})"
_FORFEIT = r"(?:\+|--|-)"
_DRAW_RE = re.compile(_DRAW)
# Numbers are ASCII digits, at most 9 of them: int() refuses "²" and strings of thousands of digits.
_INT_RE = re.compile(r"\d{1,9}(?:\.0+)?", re.ASCII)
# Compact game cells: with colour; colour omitted before a played result (blank needed); forfeit.
_GAME_RE = re.compile(rf"(\d{{1,9}})\s*([wbsn])\s*({_PLAYED}|{_FORFEIT})"
                      rf"|(\d{{1,9}})\s+({_PLAYED})"
                      rf"|(\d{{1,9}})\s*({_FORFEIT})", re.ASCII)
_STRONG_GAME_RE = re.compile(rf"\d{{1,9}}\s*[wbsn]\s*(?:{_PLAYED}|{_FORFEIT})", re.ASCII)

_COMPACT_BYES = {"+": Kind.PAB, "bye": Kind.PAB, "u": Kind.PAB, "pab": Kind.PAB,
                 "f": Kind.FPB, "fpb": Kind.FPB, "h": Kind.HPB, "hpb": Kind.HPB,
                 "z": Kind.ZPB, "zpb": Kind.ZPB, "-": Kind.ZPB, "0": Kind.ZPB, "": Kind.ZPB}
_SM3_BYES = {"1": Kind.PAB, "+": Kind.PAB, "u": Kind.PAB, "bye": Kind.PAB, "pab": Kind.PAB,
             "f": Kind.FPB, "fpb": Kind.FPB, "h": Kind.HPB, "hpb": Kind.HPB,
             "-": Kind.ZPB, "z": Kind.ZPB, "zpb": Kind.ZPB, "0": Kind.ZPB, "": Kind.ZPB}
_COLOURS = ("w", "b", "s", "n")
_DIAGONAL = {"x", "*", "-", "", "0"}
_MATRIX_RESULTS = {"1", "0", "+", "-", ""}
_SM3_RESULTS = set(_SM3_BYES) | {"--"}

# Header words (lower case, optional final dot) and the column roles they name.
_ROUND_LABEL = (r"(?:r|rd|rnd|round|runde|rde|ronda|ronde|tour|turno)\s*\.?\s*\d+"
                r"|\d+\s*\.?\s*(?:r|rd|rnd|round|runde|rde|ronda|ronde|tour|turno)")
_ROLES = {
    "sno": r"no|nr|n[°º]|#|s\.?\s*no|snr|sn|st\.?\s*nr|start\s*(?:no|nr|number)?|starting\s*rank"
           r"|num(?:ber)?|pairing\s*(?:no|number)",
    "rank": r"rk|rank(?:ing)?|pl|place|pos|position|platz|rang|puesto|clas",
    "name": r"names?|players?|spieler(?:in)?|jugador(?:es)?|joueurs?|nom|nombre|giocatore"
            r"|participants?",
    "rating": r"rtg|elo|ratings?|fide\s*(?:rtg|elo|rating)|(?:rtg|elo)\s*fide",
    "fed": r"fed(?:eration)?|country|land|pa[ií]s",
    "title": r"tit(?:le)?|titel|t[ií]tulo",
    "points": r"pts|points?|pkt|punkte|puntos|score|total|sum|summe",
    "club": r"club|verein|clb|c[aâ]u\s*l[aạ]c\s*b[oộ]|kelab|клуб",
}
_ROLE_RES = {k: re.compile(rf"(?:{v})\.?") for k, v in _ROLES.items()}
_HEADER_WORD = re.compile(
    "(?:" + "|".join(_ROLES.values()) +
    r"|club|verein|sex|gender|id|fide\s*id|tb\s*\d*|bh.*|buchholz.*|sb|sonneborn.*|ks|koya|de"
    r"|wins?|games|ps|aro|tpr|arpo|perf.*|opp|opponent|gegner|rival|col|colou?r|farbe|res"
    r"|result|erg|ergebnis|" + _ROUND_LABEL + r")\.?")


def _text(v: Any) -> str:
    """A cell as text: ``None`` and NaN are ``''``, ``12.0`` is ``'12'``, strings are stripped."""
    if v is None:
        return ""
    if isinstance(v, bool):
        return str(v).upper()
    if isinstance(v, int):
        return str(v) if v.bit_length() < 10_000 else "#NUM!"   # str() refuses over 4300 digits
    if isinstance(v, float):
        if math.isnan(v):
            return ""
        return str(int(v)) if v.is_integer() else repr(v)
    return " ".join(str(v).replace("\xa0", " ").split())


def _norm(t: str) -> str:
    """Lower case with every dash as ``-`` (for matching tokens)."""
    return t.lower().replace("–", "-").replace("—", "-").replace("−", "-")


def _squash(t: str) -> str:
    return _norm(t).replace(" ", "")


def _blank(t: str) -> bool:
    """Empty, or Excel's 0 for an empty cell."""
    return t == "" or t == "0"


def _is_int(t: str) -> bool:
    return bool(_INT_RE.fullmatch(t))


def _is_token(t: str) -> bool:
    """True when ``t`` means something as a result, colour or bye in some layout."""
    s = _squash(t)
    return (s in _COMPACT_BYES or s in _SM3_RESULTS or s in _COLOURS or s in _DIAGONAL
            or bool(_DRAW_RE.fullmatch(s)) or bool(_GAME_RE.fullmatch(_norm(t))))


def _points_value(v: Any, t: str) -> Optional[Fraction]:
    """A points cell: ``3.5``, ``3,5``, ``3½``, ``½``, ``7/2``; ``None`` when it is not a number."""
    if isinstance(v, float) and math.isfinite(v):
        return Fraction(v).limit_denominator(1000)
    s = _squash(t).replace(",", ".")
    m = re.fullmatch(r"(\d{0,9})½", s, re.ASCII)
    if m:
        return int(m.group(1) or 0) + Fraction(1, 2)
    if re.fullmatch(r"\d{1,12}/\d{1,12}|\d{1,12}(?:\.\d{0,12})?|\.\d{1,12}", s, re.ASCII) and not s.endswith("/0"):
        return Fraction(s)
    return None


def _colour_map(letters: set[str]) -> dict[str, str]:
    """Colour letters to ``'w'``/``'b'``: ``b``/``n`` grids (Romance languages) read ``b`` as white."""
    if "n" in letters and "w" not in letters:
        return {"b": "w", "n": "b", "s": "b", "w": "w"}
    return {"w": "w", "b": "b", "s": "b", "n": "b"}


# ---------------------------------------------------------------------------------------------
# Berger tables
# ---------------------------------------------------------------------------------------------

def berger_round(a: int, b: int, n: int) -> tuple[int, int]:
    """Round and white player of the game ``a``-``b`` in the FIDE Berger table for ``n`` players.

    For odd ``n`` the table for ``n + 1`` is used (number ``n + 1`` being the bye).

    >>> berger_round(1, 6, 6), berger_round(4, 6, 6), berger_round(3, 5, 6), berger_round(1, 5, 6)
    ((1, 1), (2, 6), (2, 5), (5, 5))
    """
    m = n + (n % 2)
    i, j = min(a, b), max(a, b)
    if not 1 <= i < j <= m:
        raise ValueError(f"no game {a}-{b} among {n} players")
    if j == m:
        r = (2 * i - 2) % (m - 1) + 1
        return r, (j if r % 2 == 0 else i)
    r = (i + j - 2) % (m - 1) + 1
    return r, (i if (i + j) % 2 else j)


def berger_schedule(n: int) -> list[list[tuple[int, int]]]:
    """The FIDE Berger table: per round the pairs ``(white, black)`` in board order; the byes of an
    odd ``n`` are left out.

    >>> berger_schedule(4)
    [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
    """
    m = n + (n % 2)
    rounds: list[list[tuple[int, int, int]]] = [[] for _ in range(m - 1)]
    for i in range(1, n + 1):
        for j in range(i + 1, n + 1):
            r, white = berger_round(i, j, n)
            # Board 1 is the game of number m; board 1 + d pairs x + d with x - d, x meeting m.
            x = next(k for k in range(1, m) if berger_round(k, m, m)[0] == r)
            d = (i - x) % (m - 1)
            board = 1 if j == m else 1 + min(d, m - 1 - d)
            rounds[r - 1].append((board, white, i + j - white))
    return [[(w, b) for _, w, b in sorted(pairs)] for pairs in rounds]


# ---------------------------------------------------------------------------------------------
# The sheet: texts, A1 references, the frame (header rows, data rows, used columns)
# ---------------------------------------------------------------------------------------------

def column_letters(c: int) -> str:
    """A spreadsheet column's letters from its 0-based index: ``0 -> A``, ``26 -> AA``."""
    s = ""
    c += 1
    while c:
        c, rem = divmod(c - 1, 26)
        s = chr(65 + rem) + s
    return s


def _parse_origin(origin: str) -> tuple[str, int, int]:
    """``"Sheet1!B2"`` -> (``"Sheet1!"``, column 1, row 1), 0-based."""
    prefix, _, ref = str(origin).rpartition("!")
    m = re.fullmatch(r"\$?([A-Za-z]{1,3})\$?(\d+)", ref.strip())
    if not m or int(m.group(2)) < 1:
        raise ValueError(f"origin must be an A1 reference such as 'B2', not {origin!r}")
    col = 0
    for ch in m.group(1).upper():
        col = col * 26 + ord(ch) - 64
    return (prefix + "!" if prefix else ""), col - 1, int(m.group(2)) - 1


class _Sheet:
    def __init__(self, grid: Any, origin: str) -> None:
        rows = _rows(grid)
        width = max((len(r) for r in rows), default=0)
        self.values = [list(r) + [None] * (width - len(r)) for r in rows]
        self.texts = [[_text(v) for v in r] for r in self.values]
        self.nrows, self.ncols = len(rows), width
        self.prefix, self.col0, self.row0 = _parse_origin(origin)

    def t(self, r: int, c: int) -> str:
        return self.texts[r][c] if 0 <= r < self.nrows and 0 <= c < self.ncols else ""

    def v(self, r: int, c: int) -> Any:
        return self.values[r][c] if 0 <= r < self.nrows and 0 <= c < self.ncols else None

    def ref(self, r: int, c: int) -> str:
        return f"{self.prefix}{column_letters(self.col0 + c)}{self.row0 + r + 1}"

    def row(self, r: int) -> int:
        """The worksheet row number of grid row ``r``."""
        return self.row0 + r + 1


def _rows(grid: Any) -> list[list[Any]]:
    if grid is None or isinstance(grid, (str, bytes, int, float)):
        return [[grid]]
    rows = list(grid)
    if rows and not any(isinstance(r, (list, tuple)) for r in rows):
        return [rows]                      # a single row given as a flat list
    return [list(r) if isinstance(r, (list, tuple)) else [r] for r in rows]


@dataclass
class _Frame:
    header: list[int]      # header rows
    data: list[int]        # player rows
    left: int              # first used column
    right: int             # last used column


def _frame(sheet: _Sheet) -> _Frame:
    used_rows = [r for r in range(sheet.nrows) if any(not _blank(t) for t in sheet.texts[r])]
    if not used_rows:
        raise InputError("the range is empty: no players and no results", cell=sheet.ref(0, 0))
    used_cols = [c for c in range(sheet.ncols) if any(not _blank(sheet.t(r, c)) for r in used_rows)]
    left, right = used_cols[0], used_cols[-1]
    top, bottom = used_rows[0], used_rows[-1]
    r = top
    header: list[int] = []
    sno_cols: set[int] = set()   # columns a header row above calls No, Nr, SNo ...
    while r <= bottom and (_is_header_row(cells := [sheet.t(r, c) for c in range(left, right + 1)])
                           or _is_header_row_relaxed(cells)):
        if any(_is_int(cells[k]) and not _blank(cells[k]) for k in sno_cols):
            break   # a start number under "No": a player (named "Name", "Pts" ...), not a header
        sno_cols |= {k for k, t in enumerate(cells) if _ROLE_RES["sno"].fullmatch(_norm(t))}
        header.append(r)
        r += 1
    if r > bottom:
        raise InputError("no player rows found below the header", cell=sheet.ref(top, left))
    return _Frame(header, list(range(r, bottom + 1)), left, right)


def _is_header_row(cells: list[str]) -> bool:
    vals = [t for t in cells if not _blank(t)]
    if not vals or any(_GAME_RE.fullmatch(_norm(t)) for t in vals):
        return False
    if any(_HEADER_WORD.fullmatch(_norm(t)) for t in vals):
        return True
    at = [c for c, t in enumerate(cells) if _is_int(t) and not _blank(t)]
    ints = [int(float(cells[c])) for c in at]
    others = [t for t in vals if not _is_int(t)]
    if any(_is_token(t) for t in others):
        return False
    if ints and ints == list(range(1, len(ints) + 1)):
        # Column numbers over a matrix or the rounds: every column (3 or more), or every third.
        steps = {b - a for a, b in zip(at, at[1:])}
        return (steps == {1} and len(ints) >= 3) or (steps == {3} and len(ints) >= 2)
    return not ints                        # text only


def _is_header_row_relaxed(cells: list[str]) -> bool:
    """Words only, single letters included (names ``A``, ``B``, ``F`` over a matrix)."""
    vals = [t for t in cells if not _blank(t)]
    return bool(vals) and all(re.fullmatch(r"[^\W\d_][\w .']*", t) and not _is_int(t) for t in vals) \
        and not any(_squash(t) in ("bye", "pab", "fpb", "hpb", "zpb") for t in vals)


def _header_role(sheet: _Sheet, fr: _Frame, c: int) -> Optional[str]:
    """The role the header names for column ``c``: sno, rank, name, rating, fed, title, points,
    ``"other"`` for any other header text, ``None`` without header text."""
    texts = [sheet.t(r, c) for r in fr.header if not _blank(sheet.t(r, c))]
    for t in texts:
        for role, rx in _ROLE_RES.items():
            if rx.fullmatch(_norm(t)):
                return role
    return "other" if texts else None


# ---------------------------------------------------------------------------------------------
# Layout detection: where the rounds are
# ---------------------------------------------------------------------------------------------

def _share(texts: list[str], pred) -> float:
    vals = [t for t in texts if not _blank(t)]
    return sum(1 for t in vals if pred(t)) / len(vals) if vals else 1.0


def _compact_block(sheet: _Sheet, fr: _Frame, weak: bool = False) -> Optional[tuple[int, int]]:
    """First column and number of rounds of a compact grid: the columns with cells like ``12w1``
    (``weak``: also ``12+``, ``12 1`` in columns of compact cells only)."""
    # A column headed Name, No, Pts ... is not a round, whatever its cells look like (a player
    # named "3b1" must not turn the name column into round 1).
    free = [c for c in range(fr.left, fr.right + 1) if _header_role(sheet, fr, c) in (None, "other")]
    strong = [c for c in free if any(_STRONG_GAME_RE.fullmatch(_norm(sheet.t(r, c))) for r in fr.data)]
    if not strong and weak:
        strong = [c for c in free
                  if any(_GAME_RE.fullmatch(_norm(sheet.t(r, c))) for r in fr.data)
                  and all(_compact_ok(sheet.t(r, c)) for r in fr.data)]
    if not strong:
        return None
    first, last = strong[0], strong[-1]

    def compact_column(c: int) -> bool:
        """A round next to the others: compact cells, some of them not mere numbers (points)."""
        texts = [sheet.t(r, c) for r in fr.data]
        return (_header_role(sheet, fr, c) in (None, "other")
                and all(_compact_ok(t) for t in texts)
                and any(_points_value(None, t) is None for t in texts if t != ""))

    while first - 1 >= fr.left and compact_column(first - 1):
        first -= 1
    while last + 1 <= fr.right and compact_column(last + 1):
        last += 1
    return first, last - first + 1


def _compact_ok(t: str) -> bool:
    s = _squash(t)
    return s in _COMPACT_BYES or bool(_DRAW_RE.fullmatch(s)) or bool(_GAME_RE.fullmatch(_norm(t)))


def _is_opp(t: str) -> bool:
    return _is_int(t) or _squash(t) == "-"


def _is_sm3_result(t: str) -> bool:
    s = _squash(t)
    return s in _SM3_RESULTS or bool(_DRAW_RE.fullmatch(s))


def _sm3_block(sheet: _Sheet, fr: _Frame) -> Optional[tuple[int, int]]:
    """First column (an opponent column) and number of rounds of a Swiss-Manager grid.

    Rounds are anchored on colour columns (some ``w``/``b``/``s``/``n``, an opponent column before);
    rounds without any colour letter (byes and forfeits only) next to them are added when their
    three columns hold nothing but opponents, colours and results.
    """
    def info_header(c: int) -> bool:
        return _header_role(sheet, fr, c) not in (None, "other")

    found = []
    for c in range(fr.left + 1, fr.right + 1):
        col = [_squash(sheet.t(r, c)) for r in fr.data]
        if (any(t in _COLOURS for t in col) and _share(col, lambda t: t in _COLOURS or t == "-") >= 0.5
                and _share([sheet.t(r, c - 1) for r in fr.data], _is_opp) >= 0.5
                and not info_header(c - 1)):
            found.append(c)
    anchors = [c for c in found if _share([sheet.t(r, c + 1) for r in fr.data], _is_sm3_result) >= 0.5]
    if not anchors:
        return None
    aligned = [c for c in found if (c - anchors[0]) % 3 == 0]
    first, last = aligned[0] - 1, aligned[-1] - 1            # opponent columns of the rounds

    def bare_round(c: int) -> bool:
        if c < fr.left or any(info_header(x) for x in (c, c + 1, c + 2)):
            return False
        opp = [sheet.t(r, c) for r in fr.data]
        col = [_squash(sheet.t(r, c + 1)) for r in fr.data]
        res = [sheet.t(r, c + 2) for r in fr.data]
        return (all(_blank(t) or _is_opp(t) for t in opp)
                and all(_blank(t) or t == "-" for t in col)
                and all(_blank(t) or _is_sm3_result(t) for t in res)
                and any(not _blank(t) for t in col + res))

    while bare_round(first - 3):
        first -= 3
    while bare_round(last + 3):
        last += 3
    return first, (last - first) // 3 + 1


def _matrix_block(sheet: _Sheet, fr: _Frame) -> Optional[tuple[int, list[int]]]:
    """First column and player rows of a round-robin matrix (``X`` or empty on the diagonal).

    With an empty diagonal, Excel sends a row of zeros for a player who lost every game and a
    column of zeros for one who won every game: up to two such rows before and after the used
    range, and any such columns, are tried too.
    """
    pre = [r for r in range(fr.data[0] - 1, (fr.header[-1] if fr.header else -1), -1)][:2][::-1]
    post = list(range(fr.data[-1] + 1, sheet.nrows))[:2]
    best: Optional[tuple[tuple[int, int, int], int, list[int]]] = None
    for p in range(len(pre) + 1):
        for k in range(len(post) + 1):
            rs = pre[len(pre) - p:] + fr.data + post[:k]
            n = len(rs)
            for c in range(0, sheet.ncols - n + 1):
                if not all(_squash(sheet.t(rs[i], c + i)) in _DIAGONAL for i in range(n)):
                    continue
                if any(_header_role(sheet, fr, x) not in (None, "other") for x in range(c, c + n)):
                    continue
                marks = sum(1 for i in range(n) if _squash(sheet.t(rs[i], c + i)) in ("x", "*", "-"))
                if (p or k) and marks:
                    continue
                good = bad = 0
                for i in range(n):
                    for j in range(n):
                        if i != j:
                            s = _squash(sheet.t(rs[i], c + j))
                            if s in _MATRIX_RESULTS or _DRAW_RE.fullmatch(s):
                                good += not _blank(s)
                            else:
                                bad += 1
                if good == 0 or bad > 0.2 * (good + bad):
                    continue
                score = (marks, good - bad, -(p + k))
                if best is None or score > best[0]:
                    best = (score, c, rs)
    return None if best is None else (best[1], best[2])


def _layout_name(layout: str) -> str:
    name = _LAYOUT_ALIASES.get(str(layout).strip().lower())
    if name is None:
        raise ValueError(f"unknown layout {layout!r}: expected one of {', '.join(LAYOUTS)}")
    return name


def _detect(sheet: _Sheet, fr: _Frame) -> str:
    if _compact_block(sheet, fr):
        return "compact"
    if _sm3_block(sheet, fr):
        return "sm3"
    if _matrix_block(sheet, fr):
        return "matrix"
    if _compact_block(sheet, fr, weak=True):
        return "compact"
    raise InputError(
        "cannot tell the crosstable layout: expected cells like 12w1 (compact), three columns per "
        "round: opponent, colour, result (sm3), or a round-robin matrix with X on the diagonal "
        "(matrix)", cell=sheet.ref(fr.data[0], fr.left))


def detect_layout(grid: Any) -> str:
    """The layout of ``grid``: ``"compact"``, ``"sm3"`` or ``"matrix"``.

    >>> detect_layout([["1", "2w1"], ["2", "1b0"]])
    'compact'
    >>> detect_layout([[1, 2, "w", 1], [2, 1, "b", 0]])
    'sm3'
    >>> detect_layout([["X", 1], [0, "x"]])
    'matrix'
    """
    sheet = _Sheet(grid, "A1")
    return _detect(sheet, _frame(sheet))


# ---------------------------------------------------------------------------------------------
# Player columns: start numbers, names, points ...
# ---------------------------------------------------------------------------------------------

@dataclass
class _Info:
    sno: Optional[int] = None          # column of start numbers (identity)
    name: Optional[int] = None
    rank: Optional[int] = None
    rating: Optional[int] = None
    fed: Optional[int] = None
    title: Optional[int] = None
    club: Optional[int] = None
    points: Optional[int] = None
    perms: list[int] = field(default_factory=list)   # permutation columns (other numberings)


def _int_column(sheet: _Sheet, rows: list[int], c: int) -> Optional[list[int]]:
    texts = [sheet.t(r, c) for r in rows]
    if not all(_is_int(t) for t in texts):
        return None
    return [int(float(t)) for t in texts]


def _info(sheet: _Sheet, fr: _Frame, rows: list[int], lead: range, trail: range) -> _Info:
    """Find the player columns before (``lead``) and after (``trail``) the rounds."""
    info = _Info()
    n = len(rows)
    unassigned = []
    for c in lead:
        role = _header_role(sheet, fr, c)
        if role in ("sno", "rank", "name", "rating", "fed", "title", "club") and getattr(info, role) is None:
            setattr(info, role, c)
        elif role in (None, "other"):
            unassigned.append(c)
    for c in unassigned:
        ints = _int_column(sheet, rows, c)
        if ints is not None and sorted(ints) == list(range(1, n + 1)):
            if info.sno is None and ints == list(range(1, n + 1)):
                info.sno = c
            else:
                info.perms.append(c)
        elif info.name is None and any(not _blank(t) and not _is_int(t) and _points_value(None, t) is None
                                       for t in (sheet.t(r, c) for r in rows)):
            info.name = c
    if info.rank is not None:
        ints = _int_column(sheet, rows, info.rank)
        if ints is not None and sorted(ints) == list(range(1, n + 1)):
            info.perms.append(info.rank)
    first_data = None
    for c in trail:
        role = _header_role(sheet, fr, c)
        if role == "points" and info.points is None:
            info.points = c
        elif role == "rank" and info.rank is None:
            info.rank = c
        if first_data is None and any(not _blank(sheet.t(r, c)) for r in rows):
            first_data = (c, role)
    if info.points is None and first_data is not None and first_data[1] is None:
        c = first_data[0]
        if all(_points_value(sheet.v(r, c), sheet.t(r, c)) is not None or sheet.t(r, c) == ""
               for r in rows):
            info.points = c
    return info


def _start_numbers(sheet: _Sheet, rows: list[int], info: _Info) -> Optional[list[int]]:
    """The start numbers of the start-number column, checked; ``None`` without such a column."""
    if info.sno is None:
        return None
    seen: dict[int, int] = {}
    out = []
    for r in rows:
        t = sheet.t(r, info.sno)
        if not _is_int(t) or int(float(t)) < 1:
            raise InputError(f"row {sheet.row(r)}: {t!r} is not a start number", cell=sheet.ref(r, info.sno))
        k = int(float(t))
        if k in seen:
            raise InputError(f"row {sheet.row(r)}: start number {k} is also in row {sheet.row(seen[k])}",
                             cell=sheet.ref(r, info.sno), player=k)
        seen[k] = r
        out.append(k)
    return out


# ---------------------------------------------------------------------------------------------
# Cells of the Swiss layouts and their links
# ---------------------------------------------------------------------------------------------

@dataclass
class _Cell:
    kind: Kind
    outcome: Optional[Outcome] = None
    opponent: Optional[int] = None     # the number as written
    colour: Optional[str] = None       # "w" / "b"
    text: str = ""
    r: int = 0                         # grid row and column (of the first cell of the round)
    c: int = 0
    open: bool = False                 # sm3: opponent given, no result
    double: bool = False               # written "--"


_OUTCOMES = {"1": Outcome.WIN, "0": Outcome.LOSS}
_FORFEIT_KINDS = {"+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS, "--": Kind.FORFEIT_LOSS}


def _outcome(s: str) -> Optional[Outcome]:
    if s in _OUTCOMES:
        return _OUTCOMES[s]
    return Outcome.DRAW if _DRAW_RE.fullmatch(s) else None


def _compact_cell(text: str, colours: dict[str, str]) -> Optional[_Cell]:
    """One compact cell; ``None`` when it is not in the grammar."""
    s = _squash(text)
    if s in _COMPACT_BYES:
        return _Cell(_COMPACT_BYES[s], text=text)
    if _DRAW_RE.fullmatch(s):
        return _Cell(Kind.HPB, text=text)
    m = _GAME_RE.fullmatch(_norm(text))
    if not m:
        return None
    opp, col, res = (m.group(1), m.group(2), m.group(3)) if m.group(1) else \
                    (m.group(4), None, m.group(5)) if m.group(4) else (m.group(6), None, m.group(7))
    colour = colours[col] if col else None
    if res in _FORFEIT_KINDS:
        return _Cell(_FORFEIT_KINDS[res], None, int(opp), colour, text, double=res == "--")
    return _Cell(Kind.PLAYED, _outcome(res), int(opp), colour, text)


def _sm3_cell(sheet: _Sheet, r: int, c: int, colours: dict[str, str], player: int, rnd: int) -> _Cell:
    """The three cells opponent, colour, result of one round."""
    t_opp, t_col, t_res = sheet.t(r, c), sheet.t(r, c + 1), sheet.t(r, c + 2)
    text = ("(empty)" if all(_blank(x) for x in (t_opp, t_col, t_res))
            else " ".join(x for x in (t_opp, t_col, t_res) if x))
    where = f"row {sheet.row(r)}, round {rnd}"

    def bad(k: int, what: str) -> InputError:
        return InputError(f"{where}: {what}", cell=sheet.ref(r, c + k), player=player, round=rnd)

    o, col, res = _squash(t_opp), _squash(t_col), _squash(t_res)
    if o in ("", "0", "-", "bye"):
        opp = None
    elif _is_int(o):
        opp = int(float(o))
    else:
        raise bad(0, f"{t_opp!r} is not an opponent number (expected a start number, '-' or empty)")
    if col in ("", "0"):
        colour_code = ""
    elif col == "-" or col in _COLOURS:
        colour_code = col
    else:
        raise bad(1, f"{t_col!r} is not a colour (expected w, b, s, n, '-' or empty)")
    colour = colours.get(colour_code)
    if opp is None:
        kind = _SM3_BYES.get(res) or (Kind.HPB if _DRAW_RE.fullmatch(res) else None)
        if kind is None:
            raise bad(2, f"{t_res!r} is not a result for a round without opponent "
                         f"(expected 1 or + for a bye, ½ for a half-point bye, '-' or 0 if not paired)")
        return _Cell(kind, text=text, r=r, c=c)
    if res == "" or (res == "0" and colour_code in ("", "-")):
        return _Cell(Kind.ZPB, None, opp, colour, text, r, c, open=True)
    if res in _FORFEIT_KINDS:
        return _Cell(_FORFEIT_KINDS[res], None, opp, colour, text, r, c, double=res == "--")
    outcome = _outcome(res)
    if outcome is None:
        raise bad(2, f"{t_res!r} is not a result (expected 1, ½, 0, + or -)")
    if colour_code == "-":
        raise bad(1, f"colour '-' marks a game not played, but the result is {t_res!r} "
                     f"(expected + or - for a forfeit)")
    return _Cell(Kind.PLAYED, outcome, opp, colour, text, r, c)


_OTHER = {"w": "b", "b": "w", None: None}
_Resolved = tuple[Kind, Optional[Outcome], Optional[int], Optional[str]]   # kind, outcome, opp row, colour


def _pair(c: _Cell, d: _Cell) -> tuple[Optional[tuple[Kind, Optional[Outcome], bool, Optional[str]]], str]:
    """What ``c`` means given its opponent's cell ``d``: ((kind, outcome, keeps opponent, colour), why)."""
    colour = c.colour or (_OTHER[d.colour] if c.open else None)
    if c.colour and d.colour and c.colour == d.colour:
        return None, f"both have {'white' if c.colour == 'w' else 'black'}"
    if c.open:
        if d.open or d.kind is Kind.FORFEIT_LOSS:
            return (Kind.ZPB, None, False, None), ""
        if d.kind is Kind.FORFEIT_WIN:
            return (Kind.FORFEIT_LOSS, None, True, colour), ""
        if d.outcome is Outcome.WIN:
            return (Kind.PLAYED, Outcome.LOSS, True, colour), ""
        return None, "a result on one side only"
    if d.open:
        if c.kind is Kind.PLAYED and c.outcome is not Outcome.WIN:
            return None, "a result on one side only"
        return (c.kind, c.outcome, True, c.colour), ""
    if c.kind is Kind.PLAYED and d.kind is Kind.PLAYED:
        assert c.outcome is not None and d.outcome is not None
        if c.outcome + d.outcome != 2:
            why = {4: "both won", 0: "both lost"}.get(c.outcome + d.outcome, "a draw on one side only")
            return None, why
        return (c.kind, c.outcome, True, c.colour), ""
    if c.kind is Kind.PLAYED or d.kind is Kind.PLAYED:
        return None, "a game on one side, a forfeit on the other"
    if c.kind is Kind.FORFEIT_WIN and d.kind is Kind.FORFEIT_WIN:
        return None, "both won by forfeit"
    if c.kind is Kind.FORFEIT_LOSS and d.kind is Kind.FORFEIT_LOSS:
        return (Kind.DOUBLE_FORFEIT, None, True, c.colour), ""
    if c.double or d.double:
        return None, "a double forfeit on one side, a forfeit win on the other"
    return (c.kind, None, True, c.colour), ""


def _link(sheet: _Sheet, cells: list[list[_Cell]], refnum: list[int], ident: list[int]
          ) -> tuple[list[InputError], list[list[_Resolved]]]:
    """Check every pairing under the numbering ``refnum`` (row -> number used by opponents)."""
    index = {num: i for i, num in enumerate(refnum)}
    errors: list[InputError] = []
    out: list[list[_Resolved]] = []
    for i, row in enumerate(cells):
        line: list[_Resolved] = []
        for k, c in enumerate(row):
            line.append((c.kind, c.outcome, None, c.colour))
            if c.opponent is None:
                continue
            where = f"row {sheet.row(c.r)}, round {k + 1}"

            def err(msg: str) -> None:
                errors.append(InputError(f"{where}: {msg}", cell=sheet.ref(c.r, c.c), player=ident[i],
                                         round=k + 1))

            j = index.get(c.opponent)
            if j is None:
                lo, hi = min(refnum), max(refnum)
                err(f"{c.text!r}: there is no player {c.opponent} (players are numbered {lo} to {hi})")
                continue
            if j == i:
                err(f"{c.text!r}: player {c.opponent} cannot be paired with himself")
                continue
            d = cells[j][k]
            if d.opponent is None or index.get(d.opponent) != i:
                err(f"{c.text!r} names player {c.opponent} as opponent, but player {c.opponent} "
                    f"(row {sheet.row(d.r)}) has {d.text!r} in round {k + 1}")
                continue
            res, why = _pair(c, d)
            if res is None:
                err(f"{c.text!r} and {d.text!r} of player {c.opponent} (row {sheet.row(d.r)}) do not "
                    f"match: {why} (expected 1/0, ½/½, +/- or -/-)")
                continue
            kind, outcome, keep, colour = res
            line[-1] = (kind, outcome, j if keep else None, colour)
        out.append(line)
    return errors, out


# ---------------------------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------------------------

def read_grid(grid: Any, *, layout: Optional[str] = None, scoring: Optional[Scoring] = None,
              pairing: Union[Pairing, str, None] = None, name: str = "", origin: str = "A1",
              strict: bool = False) -> Tournament:
    """Read a crosstable grid (a list of rows of cells) into a :class:`Tournament`.

    ``layout`` forces ``"compact"``, ``"sm3"`` or ``"matrix"`` (default: detected); ``pairing``
    (a :class:`Pairing` or ``"swiss"`` / ``"round-robin"``) overrides the layout's default;
    ``origin`` is the A1 reference of the grid's top-left cell, used in errors; ``strict`` turns a
    points column that disagrees with the results into an error instead of an
    :class:`~tbxl.errors.InputWarning`. See the module documentation for the grammar.

    >>> t = read_grid([["", "A", "B", "C"], ["A", "x", 1, "½"], ["B", 0, "x", "-"],
    ...                ["C", "½", "+", "x"]])
    >>> t.pairing.value, t.rounds, [str(p.points) for p in t.players]
    ('round-robin', 3, ['3/2', '0', '3/2'])
    >>> [(e.round, e.kind.value, e.opponent, e.colour) for e in t.player(2).rounds]
    [(1, 'forfeit-loss', 3, 'w'), (2, 'played', 1, 'b'), (3, 'zpb', None, None)]
    """
    scoring = scoring or Scoring()
    if isinstance(pairing, str):
        pairing = Pairing(pairing)
    sheet = _Sheet(grid, origin)
    fr = _frame(sheet)
    lay = _layout_name(layout) if layout else _detect(sheet, fr)
    if lay == "matrix":
        found = _matrix_block(sheet, fr)
        if found is None:
            raise InputError("no round-robin matrix found: expected N rows of N result cells with X or "
                             "an empty cell on the diagonal", cell=sheet.ref(fr.data[0], fr.left))
        first, rows = found
        n = len(rows)
        info = _info(sheet, fr, rows, range(fr.left, first), range(first + n, fr.right + 1))
        players = _read_matrix(sheet, rows, first, info, scoring)
        rounds = n - 1 + n % 2
        default_pairing = Pairing.ROUND_ROBIN
    else:
        block = _compact_block(sheet, fr, weak=True) if lay == "compact" else _sm3_block(sheet, fr)
        if block is None:
            what = ("no cell like 12w1 found" if lay == "compact" else
                    "no colour column (w, b, s, n) between an opponent and a result column found")
            raise InputError(f"not a {lay} crosstable: {what}", cell=sheet.ref(fr.data[0], fr.left))
        first, rounds = block
        width = rounds if lay == "compact" else 3 * rounds
        rows = fr.data
        info = _info(sheet, fr, rows, range(fr.left, first), range(first + width, fr.right + 1))
        players = _read_swiss(sheet, lay, rows, first, rounds, info, scoring)
        default_pairing = None if pairing else detect_pairing(players, rounds)
    _check_points(sheet, players, rows, info, strict)
    return Tournament(players=tuple(sorted(players, key=lambda p: p.start_number)), rounds=rounds,
                      name=name, scoring=scoring, pairing=pairing or default_pairing,
                      source=f"grid ({lay})")


def _base_players(sheet: _Sheet, rows: list[int], info: _Info, ident: list[int]) -> list[dict[str, Any]]:
    out = []
    for r, sn in zip(rows, ident):
        d: dict[str, Any] = {"start_number": sn, "name": ""}
        if info.name is not None:
            d["name"] = "" if _blank(sheet.t(r, info.name)) else sheet.t(r, info.name)
        if info.rating is not None and _is_int(sheet.t(r, info.rating)) and not _blank(sheet.t(r, info.rating)):
            d["rating"] = int(float(sheet.t(r, info.rating)))
        if info.fed is not None and not _blank(sheet.t(r, info.fed)):
            d["federation"] = sheet.t(r, info.fed)
        if info.title is not None and not _blank(sheet.t(r, info.title)):
            d["title"] = sheet.t(r, info.title)
        if info.club is not None and not _blank(sheet.t(r, info.club)):
            d["club"] = sheet.t(r, info.club)
        if info.rank is not None and _is_int(sheet.t(r, info.rank)) and not _blank(sheet.t(r, info.rank)):
            d["declared_rank"] = int(float(sheet.t(r, info.rank)))
        if info.points is not None and sheet.t(r, info.points) != "":
            d["declared_points"] = _points_value(sheet.v(r, info.points), sheet.t(r, info.points))
        out.append(d)
    return out


def _read_swiss(sheet: _Sheet, lay: str, rows: list[int], first: int, rounds: int, info: _Info,
                scoring: Scoring) -> list[Player]:
    n = len(rows)
    sno = _start_numbers(sheet, rows, info)
    provisional = sno or list(range(1, n + 1))
    if lay == "compact":
        letters = {m.group(2) for r in rows for k in range(rounds)
                   if (m := _GAME_RE.fullmatch(_norm(sheet.t(r, first + k)))) and m.group(2)}
    else:
        letters = {_squash(sheet.t(r, first + 3 * k + 1)) for r in rows for k in range(rounds)}
    colours = _colour_map(letters & set(_COLOURS))
    cells: list[list[_Cell]] = []
    for i, r in enumerate(rows):
        line = []
        for k in range(rounds):
            if lay == "compact":
                c = first + k
                cell = _compact_cell(sheet.t(r, c), colours)
                if cell is None:
                    raise InputError(f"row {sheet.row(r)}, round {k + 1}: {sheet.t(r, c)!r} is not a result "
                                     f"({_COMPACT_HINT})", cell=sheet.ref(r, c), player=provisional[i],
                                     round=k + 1)
                cell.text = cell.text or "(empty)"
                cell.r, cell.c = r, c
            else:
                cell = _sm3_cell(sheet, r, first + 3 * k, colours, provisional[i], k + 1)
            line.append(cell)
        cells.append(line)
    # Opponents may be numbered by row order, the start-number column or a rank column.
    candidates = [list(range(1, n + 1))]
    for numbering in [sno] + [_int_column(sheet, rows, c) for c in info.perms]:
        if numbering is not None and numbering not in candidates:
            candidates.append(numbering)
    best: Optional[tuple[list[InputError], list[list[_Resolved]], list[int]]] = None
    for refnum in candidates:
        ident = sno or refnum
        errors, resolved = _link(sheet, cells, refnum, ident)
        if best is None or len(errors) < len(best[0]):
            best = (errors, resolved, ident)
        if not errors:
            break
    assert best is not None
    errors, resolved, ident = best
    if errors:
        raise errors[0]
    players = []
    for d, line in zip(_base_players(sheet, rows, info, ident), resolved):
        entries = tuple(make_entry(scoring, k + 1, kind, outcome,
                                   None if j is None else ident[j], colour)
                        for k, (kind, outcome, j, colour) in enumerate(line))
        players.append(Player(rounds=entries, **d))
    return players


def _read_matrix(sheet: _Sheet, rows: list[int], first: int, info: _Info, scoring: Scoring) -> list[Player]:
    n = len(rows)
    ident = _start_numbers(sheet, rows, info) or list(range(1, n + 1))
    pos = {sn: p + 1 for p, sn in enumerate(sorted(ident))}          # Berger position
    rounds = n - 1 + n % 2
    table: list[list[Optional[RoundEntry]]] = [[None] * rounds for _ in range(n)]

    def token(i: int, j: int) -> str:
        r, c = rows[i], first + j
        t = sheet.t(r, c)
        s = _squash(t)
        if i == j:
            if s not in _DIAGONAL:
                raise InputError(f"row {sheet.row(r)}: {t!r} on the diagonal (player {ident[i]} against "
                                 f"himself): expected X or an empty cell", cell=sheet.ref(r, c), player=ident[i])
            return s
        if s in _MATRIX_RESULTS:
            return s
        if _DRAW_RE.fullmatch(s):
            return "½"
        rnd = berger_round(pos[ident[i]], pos[ident[j]], n)[0]
        raise InputError(f"row {sheet.row(r)}, round {rnd}: {t!r} against player {ident[j]} is not a result "
                         f"(expected 1, ½, 0, + or -, or empty)", cell=sheet.ref(r, c), player=ident[i],
                         round=rnd)

    for i in range(n):
        token(i, i)
    outcome = {"1": Outcome.WIN, "½": Outcome.DRAW, "0": Outcome.LOSS}
    for i in range(n):
        for j in range(i + 1, n):
            a, b = token(i, j), token(j, i)
            rnd, white = berger_round(pos[ident[i]], pos[ident[j]], n)
            ci = "w" if white == pos[ident[i]] else "b"
            cj = _OTHER[ci]
            if _blank(a) and _blank(b):
                ei = make_entry(scoring, rnd, Kind.ZPB)
                ej = ei
            elif a in outcome and b in outcome and outcome[a] + outcome[b] == 2:
                ei = make_entry(scoring, rnd, Kind.PLAYED, outcome[a], ident[j], ci)
                ej = make_entry(scoring, rnd, Kind.PLAYED, outcome[b], ident[i], cj)
            elif {a, b} == {"+", "-"}:
                ei = make_entry(scoring, rnd, _FORFEIT_KINDS[a], None, ident[j], ci)
                ej = make_entry(scoring, rnd, _FORFEIT_KINDS[b], None, ident[i], cj)
            elif a == b == "-":
                ei = make_entry(scoring, rnd, Kind.DOUBLE_FORFEIT, None, ident[j], ci)
                ej = make_entry(scoring, rnd, Kind.DOUBLE_FORFEIT, None, ident[i], cj)
            else:
                r, c = rows[i], first + j
                ta, tb = sheet.t(r, c), sheet.t(rows[j], first + i)
                raise InputError(
                    f"row {sheet.row(r)}, round {rnd}: {ta!r} against player {ident[j]} and {tb!r} in "
                    f"row {sheet.row(rows[j])} (player {ident[j]} against {ident[i]}) do not match "
                    f"(expected 1/0, ½/½, +/- or -/-)", cell=sheet.ref(r, c), player=ident[i], round=rnd)
            table[i][rnd - 1] = ei
            table[j][rnd - 1] = ej
    players = []
    for d, line in zip(_base_players(sheet, rows, info, ident), table):
        entries = tuple(e if e is not None else make_entry(scoring, k + 1, Kind.ZPB)
                        for k, e in enumerate(line))                     # the bye of an odd round robin
        players.append(Player(rounds=entries, **d))
    return players


def _check_points(sheet: _Sheet, players: list[Player], rows: list[int], info: _Info,
                  strict: bool) -> None:
    """Compare the points column with the results (``players`` in row order)."""
    if info.points is None:
        return
    for r, p in zip(rows, players):
        text = sheet.t(r, info.points)
        if text == "":
            continue
        declared = p.declared_points
        if declared is None:
            msg = f"row {sheet.row(r)}: {text!r} in the points column is not a number"
        elif declared != p.points:
            msg = (f"row {sheet.row(r)}: the points column says {_show(declared)} but the results give "
                   f"{_show(p.points)}")
        else:
            continue
        err = InputError(msg, cell=sheet.ref(r, info.points), player=p.start_number)
        if strict:
            raise err
        warnings.warn(InputWarning(str(err)), stacklevel=3)


def _show(f: Fraction) -> str:
    if f.denominator == 1:
        return str(f.numerator)
    if f.denominator == 2:
        return f"{f.numerator // 2}.5" if f >= 0 else str(float(f))
    return f"{f.numerator}/{f.denominator}"


# ---------------------------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------------------------

def _number(f: Fraction) -> Any:
    """A points value as a cell: int, exact float (halves, quarters) or ``"a/b"`` text."""
    if f.denominator == 1:
        return int(f)
    if f.denominator & (f.denominator - 1) == 0:
        return float(f)
    return f"{f.numerator}/{f.denominator}"


_RESULT_TEXT = {Outcome.WIN: "1", Outcome.DRAW: "½", Outcome.LOSS: "0"}
_BYE_TEXT = {Kind.PAB: "bye", Kind.FPB: "F", Kind.HPB: "H", Kind.ZPB: "Z"}
_FORFEIT_TEXT = {Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-", Kind.DOUBLE_FORFEIT: "--"}


def _compact_text(e: Optional[RoundEntry]) -> str:
    if e is None:
        return ""
    if e.kind in _BYE_TEXT or e.opponent is None:
        return _BYE_TEXT.get(e.kind, "Z")
    if e.kind in _FORFEIT_TEXT:
        return f"{e.opponent}{e.colour or ''}{_FORFEIT_TEXT[e.kind]}"
    res = _RESULT_TEXT[e.outcome]
    return f"{e.opponent}{e.colour}{res}" if e.colour else f"{e.opponent} {res}"


def _sm3_cells(e: Optional[RoundEntry]) -> list[Any]:
    if e is None:
        return ["", "", ""]
    if e.opponent is None or e.kind.is_bye:
        return ["-", "", {Kind.PAB: 1, Kind.FPB: "F", Kind.HPB: "½"}.get(e.kind, "-")]
    if e.kind in _FORFEIT_TEXT:
        return [e.opponent, e.colour or "-", _FORFEIT_TEXT[e.kind]]
    res: Any = {Outcome.WIN: 1, Outcome.DRAW: "½", Outcome.LOSS: 0}[e.outcome]
    return [e.opponent, e.colour or "", res]


def round_headers(layout: str, rounds: int) -> list[str]:
    """The header cells over the rounds of a Swiss layout. Every sm3 column has one, so that a
    round where no one has a colour (all byes, colours unknown) is not an empty column, which
    would end the crosstable for a workbook reader.

    >>> round_headers("sm3", 2), round_headers("compact", 2)
    (['R1', 'Col', 'Res', 'R2', 'Col', 'Res'], ['R1', 'R2'])
    """
    if _layout_name(layout) == "sm3":
        return [x for k in range(1, rounds + 1) for x in (f"R{k}", "Col", "Res")]
    return [f"R{k}" for k in range(1, rounds + 1)]


def to_grid(tournament: Tournament, layout: str) -> list[list[Any]]:
    """The cells of ``tournament`` in ``layout``: a header row, then one row per player with the
    start number, the name (the rating when any player has one), the rounds and the points.

    :func:`read_grid` reads the result back to the same round entries, except that games under
    one move become played games. The matrix layout needs a single round robin (each pair meets at
    most once, no byes other than ZPB: else ``ValueError``); rounds and colours are read back from
    the Berger table, so they survive only when the tournament followed it.

    >>> t = read_grid([[1, "2w1", "bye"], [2, "1b0", "H"]])
    >>> to_grid(t, "compact")
    [['No', 'Name', 'R1', 'R2', 'Pts'], [1, '', '2w1', 'bye', 2], [2, '', '1b0', 'H', 0.5]]
    >>> to_grid(t, "sm3")[1]   # under R1 Col Res R2 Col Res
    [1, '', 2, 'w', 1, '-', '', 1, 2]
    """
    lay = _layout_name(layout)
    players = sorted(tournament.players, key=lambda p: p.start_number)
    rated = any(p.rating is not None for p in players)
    head: list[Any] = ["No", "Name"] + (["Rtg"] if rated else [])

    def lead(p: Player) -> list[Any]:
        return [p.start_number, p.name] + ([p.rating if p.rating is not None else ""] if rated else [])

    rounds = tournament.rounds
    grid: list[list[Any]]
    if lay == "compact":
        grid = [head + round_headers(lay, rounds) + ["Pts"]]
        for p in players:
            cells = [_compact_text(p.rounds[k] if k < len(p.rounds) else None) for k in range(rounds)]
            grid.append(lead(p) + cells + [_number(p.points)])
        return grid
    if lay == "sm3":
        grid = [head + round_headers(lay, rounds) + ["Pts"]]
        for p in players:
            cells = [x for k in range(rounds)
                     for x in _sm3_cells(p.rounds[k] if k < len(p.rounds) else None)]
            grid.append(lead(p) + cells + [_number(p.points)])
        return grid
    pos = {p.start_number: i for i, p in enumerate(players)}
    n = len(players)
    for p in players:
        for e in p.rounds:
            if e.kind in (Kind.PAB, Kind.FPB, Kind.HPB):
                raise ValueError(f"player {p.start_number} has a {e.kind.name} in round {e.round}: "
                                 f"a round-robin matrix cannot hold byes")
    grid = [head + [p.start_number for p in players] + ["Pts"]]
    body: list[list[Any]] = [["X" if i == j else "" for j in range(n)] for i in range(n)]
    for i, p in enumerate(players):
        met: set[int] = set()
        for e in p.rounds:
            if e.opponent is None or not e.kind.is_paired:
                continue
            if e.opponent in met:
                raise ValueError(f"player {p.start_number} meets {e.opponent} more than once: "
                                 f"a matrix holds a single round robin")
            met.add(e.opponent)
            if e.kind in _FORFEIT_TEXT:
                value: Any = "+" if e.kind is Kind.FORFEIT_WIN else "-"
            else:
                value = {Outcome.WIN: 1, Outcome.DRAW: "½", Outcome.LOSS: 0}[e.outcome]
            body[i][pos[e.opponent]] = value
    for i, p in enumerate(players):
        grid.append(lead(p) + body[i] + [_number(p.points)])
    return grid
