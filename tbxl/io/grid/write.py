"""Writing a :class:`~tbxl.model.Tournament` as a grid in any layout."""

from __future__ import annotations

from typing import Any

from tbxl.model import Player, Tournament
from tbxl.io.grid.cells import cell_number, layout_name
from tbxl.io.grid.compact import compact_text
from tbxl.io.grid.matrix import matrix_body
from tbxl.io.grid.sm3 import sm3_cells


def round_headers(layout: str, rounds: int) -> list[str]:
    """The header cells over the rounds of a Swiss layout. Every sm3 column has one, so that a
    round where no one has a colour (all byes, colours unknown) is not an empty column, which
    would end the crosstable for a workbook reader.

    >>> round_headers("sm3", 2), round_headers("compact", 2)
    (['R1', 'Col', 'Res', 'R2', 'Col', 'Res'], ['R1', 'R2'])
    """
    if layout_name(layout) == "sm3":
        return [x for k in range(1, rounds + 1) for x in (f"R{k}", "Col", "Res")]
    return [f"R{k}" for k in range(1, rounds + 1)]


def to_grid(tournament: Tournament, layout: str) -> list[list[Any]]:
    """The cells of ``tournament`` in ``layout``: a header row, then one row per player with the
    start number, the name (the rating when any player has one), the rounds and the points.

    :func:`read_grid` reads the result back to the same round entries, except that games under
    one move become played games. The matrix layout needs a single round robin (each pair meets at
    most once, no byes other than ZPB: else ``ValueError``); rounds and colours are read back from
    the Berger table, so they survive only when the tournament followed it.

    >>> from tbxl.io.grid import read_grid
    >>> t = read_grid([[1, "2w1", "bye"], [2, "1b0", "H"]])
    >>> to_grid(t, "compact")
    [['No', 'Name', 'R1', 'R2', 'Pts'], [1, '', '2w1', 'bye', 2], [2, '', '1b0', 'H', 0.5]]
    >>> to_grid(t, "sm3")[1]   # under R1 Col Res R2 Col Res
    [1, '', 2, 'w', 1, '-', '', 1, 2]
    """
    lay = layout_name(layout)
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
            cells = [compact_text(p.rounds[k] if k < len(p.rounds) else None) for k in range(rounds)]
            grid.append(lead(p) + cells + [cell_number(p.points, exact=True)])
        return grid
    if lay == "sm3":
        grid = [head + round_headers(lay, rounds) + ["Pts"]]
        for p in players:
            cells = [x for k in range(rounds)
                     for x in sm3_cells(p.rounds[k] if k < len(p.rounds) else None)]
            grid.append(lead(p) + cells + [cell_number(p.points, exact=True)])
        return grid
    grid = [head + [p.start_number for p in players] + ["Pts"]]
    body = matrix_body(players)
    for i, p in enumerate(players):
        grid.append(lead(p) + body[i] + [cell_number(p.points, exact=True)])
    return grid
