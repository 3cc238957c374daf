"""The result tokens every crosstable layout shares: draws, colours, forfeits, and a round's cell
once read (:class:`Cell`), before it is checked against the opponent's."""

from __future__ import annotations

import re
from dataclasses import dataclass

from tbxl.model import Kind, Outcome
from tbxl.model.codes import FORFEITS, UNPLAYED_CODES

DRAW = r"(?:½|=|0?[.,]5|1/2)"
PLAYED = rf"(?:1|0|{DRAW})"
FORFEIT = r"(?:\+|--|-)"
DRAW_RE = re.compile(DRAW)
COLOURS = ("w", "b", "s", "n")


def colour_map(letters: set[str]) -> dict[str, str]:
    """Colour letters to ``'w'``/``'b'``: ``b``/``n`` grids (Romance languages) read ``b`` as white."""
    if "n" in letters and "w" not in letters:
        return {"b": "w", "n": "b", "s": "b", "w": "w"}
    return {"w": "w", "b": "b", "s": "b", "n": "b"}


@dataclass
class Cell:
    """One round of a Swiss layout as written, before it is checked against the opponent's."""

    kind: Kind
    outcome: Outcome | None = None
    opponent: int | None = None  # the number as written
    colour: str | None = None  # "w" / "b"
    text: str = ""
    r: int = 0  # grid row and column (of the first cell of the round)
    c: int = 0
    open: bool = False  # sm3: opponent given, no result
    double: bool = False  # written "--"


OUTCOMES = {"1": Outcome.WIN, "0": Outcome.LOSS}
# The TRF forfeit codes (tbxl.model.codes); "--" is read as a loss, a double forfeit when the
# opponent's cell says so too.
FORFEIT_KINDS = {**FORFEITS, "--": Kind.FORFEIT_LOSS}


def outcome_of(s: str) -> Outcome | None:
    """The outcome a played result token means (``1``, a draw, ``0``); ``None`` otherwise."""
    if s in OUTCOMES:
        return OUTCOMES[s]
    return Outcome.DRAW if DRAW_RE.fullmatch(s) else None


OTHER = {"w": "b", "b": "w", None: None}
RESULT_TEXT = {Outcome.WIN: "1", Outcome.DRAW: "½", Outcome.LOSS: "0"}
FORFEIT_TEXT = {kind: UNPLAYED_CODES[kind] for kind in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT)}
