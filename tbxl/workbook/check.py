"""The round-trip check: a workbook never changes results. Before writing, the crosstable grid is
read back as the workbook's functions and ``tbxl compute book.xlsx`` will read it, and what would
not come back the same is refused (:class:`InputError` naming the player and round)."""

from __future__ import annotations

import warnings
from typing import Any

from tbxl.errors import InputError, InputWarning
from tbxl.io.grid import read_grid
from tbxl.io.workbook import block_of
from tbxl.io.xlsx import is_empty
from tbxl.model import Kind, Outcome, Pairing, RoundEntry, Tournament

__all__ = ["check_round_trip"]

#: What a workbook keeps of a round: kind, outcome (of a game), opponent, colour.
_Kept = tuple[Kind, Outcome | None, int | None, str | None]


def _entry_key(e: RoundEntry | None) -> _Kept | None:
    """What a workbook keeps of a round: games under one move are played games (the same under
    every rule set: only --set short_games=unplayed tells them apart, and a workbook takes no
    --set)."""
    if e is None:
        return None
    kind = Kind.PLAYED if e.kind is Kind.SHORT else e.kind
    return kind, e.outcome if kind.is_game else None, e.opponent, e.colour


def check_round_trip(t: Tournament, grid: list[list[Any]], layout: str) -> bool:
    """Read ``grid`` back as the workbook's functions and ``tbxl compute book.xlsx`` will, and
    refuse (InputError naming the player and round) unless every player, round and result comes
    back as in ``t``: the workbook never changes results. True when the functions must be told
    the pairing system (Standings!B5): a round robin in a Swiss layout, or a Swiss whose grid
    alone reads as a round robin (everyone met everyone)."""
    why = {
        "matrix": " (a round-robin matrix takes rounds and colours from the Berger tables, C.05 "
        "Annex 1: to keep other pairings, write it as --layout compact or sm3, or leave "
        "--layout out)"
    }.get(layout, "")
    pairing = t.pairing if t.is_round_robin and layout != "matrix" else None
    back = _read_back(t, grid, layout, pairing)  # as the functions see it
    if back.pairing is not t.pairing and layout != "matrix":
        pairing = t.pairing
        back = _read_back(t, grid, layout, pairing)
    _compare(t, back, layout, why)
    stored = [[None if v == "" else v for v in row] for row in grid]  # "" is stored as no cell
    block, _ = block_of([(r, row) for r, row in enumerate(stored, 1) if not all(map(is_empty, row))])
    assert block is not None  # the header row holds values
    if block != stored:  # as `tbxl compute book.xlsx` reads it
        _compare(t, _read_back(t, block, layout, pairing), layout, why)
    return pairing is not None


def _read_back(t: Tournament, grid: list[list[Any]], layout: str, pairing: Pairing | None) -> Tournament:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", InputWarning)
            return read_grid(grid, pairing=pairing)
    except InputError as err:
        raise InputError(
            f"the {layout} crosstable of this tournament would not read back ({err.message}); not written",
            file=t.source or None,
            player=err.player,
            round=err.round,
        ) from None


def _compare(t: Tournament, back: Tournament, layout: str, why: str) -> None:
    if back.pairing is not t.pairing:
        raise InputError(
            f"the {layout} crosstable would read a {back.pairing.value} tournament, this is a "
            f"{t.pairing.value}; not written",
            file=t.source or None,
        )
    theirs = {p.start_number: p for p in back.players}
    for p in t.players:
        q = theirs.get(p.start_number)
        if q is None or q.name != p.name:
            raise InputError(
                f"the {layout} crosstable would not give back this player"
                + (f" (it reads {q.name!r} for {p.name!r})" if q else "")
                + "; not written",
                file=t.source or None,
                player=p.start_number,
            )
        for r in range(1, max(t.rounds, back.rounds) + 1):
            mine = _entry_key(p.rounds[r - 1] if r <= len(p.rounds) else None)
            read = _entry_key(q.rounds[r - 1] if r <= len(q.rounds) else None)
            if mine != read:
                raise InputError(
                    f"the {layout} crosstable would read {_said(read)} where the tournament "
                    f"has {_said(mine)}{why}; not written",
                    file=t.source or None,
                    player=p.start_number,
                    round=r,
                )


def _said(key: _Kept | None) -> str:
    if key is None:
        return "no round"
    kind, outcome, opponent, colour = key
    game = "a game" if outcome is None else {0: "a loss", 1: "a draw", 2: "a win"}.get(outcome, "a game")
    what: str = game if kind is Kind.PLAYED else kind.value
    return (
        what
        + (f" against {opponent}" if opponent else "")
        + (f" with {'white' if colour == 'w' else 'black'}" if colour else "")
    )
