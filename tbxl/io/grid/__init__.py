"""Grids of cells (a worksheet range, a list of rows): crosstables to and from a :class:`Tournament`.

The package holds everything cell-shaped: :mod:`~tbxl.io.grid.cells` (a cell's text, blanks, numbers,
A1 references, header words, layout names), one module per crosstable layout
(:mod:`~tbxl.io.grid.compact`, :mod:`~tbxl.io.grid.sm3`, :mod:`~tbxl.io.grid.matrix`), layout detection
(:mod:`~tbxl.io.grid.detect`), and reading and writing (:mod:`~tbxl.io.grid.read`, :mod:`~tbxl.io.grid.write`).
It is pure standard library: xlwings Lite carries it into Pyodide.


A grid is a list of rows; a cell is ``str``, ``int``, ``float`` (``12.0`` is 12), ``None`` or ``''``.
Excel sends ``0`` for an empty cell to Office.js functions, so ``0`` counts as empty wherever that
cannot be confused with a result (see each layout). Three layouts are read, detected automatically
(:func:`detect_layout`) or forced with ``layout=``:

* ``"compact"``: one cell per round holding opponent, colour and result (``12w1``);
* ``"sm3"``: Swiss-Manager's export, three cells per round (opponent, colour, result);
* ``"matrix"``: a round-robin table, the row player's score against the column player.

>>> from tbxl.io.grid import read_grid
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
    k          w b s n    1, draw, 0        game against k (0 both ways: a game both lost, 0-0)
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

import importlib
from typing import TYPE_CHECKING, Any

from tbxl.errors import InputError

if TYPE_CHECKING:  # the types of the names that __getattr__ brings in on first use
    from tbxl.io.grid.cells import LAYOUTS, column_letters
    from tbxl.io.grid.detect import detect_layout
    from tbxl.io.grid.matrix import berger_round, berger_schedule
    from tbxl.io.grid.read import read_grid
    from tbxl.io.grid.write import round_headers, to_grid

#: The package's names and the module that holds each. They are imported on first use (PEP 562), so
#: that ``tbxl.io.grid.cells`` (a cell's text, layout names: wanted by every command line) does not bring
#: the three layouts' readers into a TRF command (measured: 30 ms of a 0.1 s start-up).
_HOMES = {
    "LAYOUTS": "cells",
    "column_letters": "cells",
    "detect_layout": "detect",
    "berger_round": "matrix",
    "berger_schedule": "matrix",
    "read_grid": "read",
    "round_headers": "write",
    "to_grid": "write",
}

__all__ = [
    "LAYOUTS",
    "read_grid",
    "detect_layout",
    "to_grid",
    "round_headers",
    "berger_round",
    "berger_schedule",
    "column_letters",
    "InputError",
]


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_HOMES[name]}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
