"""The result codes of TRF-16 (C07 §10.1): the one table between the letters of a round field and the
kinds and outcomes of the model. The TRF reader and writer, the crosstable grids and the derivations
(a term's result) all read it here.

>>> GAMES["D"], FORFEITS["+"], BYES["H"]
((<Kind.SHORT: 'short'>, <Outcome.DRAW: 1>), <Kind.FORFEIT_WIN: 'forfeit-win'>, <Kind.HPB: 'hpb'>)
>>> result_code(Kind.PLAYED, Outcome.DRAW), result_code(Kind.DOUBLE_FORFEIT, Outcome.LOSS)
('=', '--')
>>> field_code(Kind.DOUBLE_FORFEIT, Outcome.LOSS), field_code(Kind.SHORT, Outcome.WIN)
('-', 'W')
"""

from __future__ import annotations

from tbxl.model import Kind, Outcome

__all__ = ["GAMES", "FORFEITS", "BYES", "UNPLAYED_CODES", "RESULT_CODES", "result_code", "field_code"]

#: Games over the board (§10.1); ``W D L``: the game lasted under one move and counts as played (D10).
GAMES = {
    "1": (Kind.PLAYED, Outcome.WIN),
    "=": (Kind.PLAYED, Outcome.DRAW),
    "0": (Kind.PLAYED, Outcome.LOSS),
    "W": (Kind.SHORT, Outcome.WIN),
    "D": (Kind.SHORT, Outcome.DRAW),
    "L": (Kind.SHORT, Outcome.LOSS),
}
#: Forfeits name the scheduled opponent; a ``-`` on both lines of a pairing is a double forfeit (D8).
FORFEITS = {"+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS}
#: Byes have no opponent; a blank result column is a zero-point bye.
BYES = {"U": Kind.PAB, "F": Kind.FPB, "H": Kind.HPB, "Z": Kind.ZPB, " ": Kind.ZPB}
#: The code of each unplayed kind as a result reads (a double forfeit: ``--``, both sides lose).
UNPLAYED_CODES = {
    Kind.FORFEIT_WIN: "+",
    Kind.FORFEIT_LOSS: "-",
    Kind.DOUBLE_FORFEIT: "--",
    Kind.PAB: "U",
    Kind.FPB: "F",
    Kind.HPB: "H",
    Kind.ZPB: "Z",
}
#: The result codes in the order quoted in error messages (§10.1).
RESULT_CODES = "1 = 0 W D L + - H F U Z"

# A game's code by kind, indexed by the outcome (0 loss, 1 draw, 2 win): a tuple index, as the
# derivations ask for a code per term and enum hashing is slow.
_GAME_CODES = {
    kind: tuple(code for code, (k, o) in sorted(GAMES.items(), key=lambda item: item[1][1]) if k is kind)
    for kind in (Kind.PLAYED, Kind.SHORT)
}


def result_code(kind: Kind, outcome: int) -> str:
    """The TRF-16 code of a round's result (``--`` for a double forfeit); ``outcome`` counts for
    games only."""
    if kind in _GAME_CODES:
        return _GAME_CODES[kind][outcome]
    return UNPLAYED_CODES[kind]


def field_code(kind: Kind, outcome: int) -> str:
    """The letter of a 001 round field (§10.1): as :func:`result_code`, but a double forfeit is a
    ``-`` on each of the two lines."""
    return result_code(kind, outcome)[0]
