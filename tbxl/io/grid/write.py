"""Writing a :class:`~tbxl.model.Tournament` as a grid in any layout."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tbxl.io.grid.cells import cell_number, layout_name
from tbxl.io.grid.compact import compact_text
from tbxl.io.grid.matrix import matrix_body
from tbxl.io.grid.sm3 import sm3_cells
from tbxl.model import Player, Tournament


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


#: The player columns written before the rounds, by header, when any player has the field.
PLAYER_FIELDS: tuple[tuple[str, Callable[[Player], Any]], ...] = (
    ("Title", lambda p: p.title),
    ("Rtg", lambda p: p.rating),
    ("Fed", lambda p: p.federation),
    ("FIDE ID", lambda p: p.known_fide_id),
    ("Sex", lambda p: p.sex),
    ("Born", lambda p: p.birth_date),
    ("K", lambda p: p.k_factor),
)


def _cell(value: Any) -> Any:
    return "" if value is None else value


def to_grid(tournament: Tournament, layout: str, every_field: bool = False) -> list[list[Any]]:
    """The cells of ``tournament`` in ``layout``: a header row, then one row per player with the
    start number, the name, the rating (with ``every_field`` also the title, federation, FIDE id,
    sex, birth date and K: each column when any player has the field), the rounds and the points.

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
    # The player fields a TRF's 001 record holds, each column written when any player has it, so
    # that a workbook made from a TRF loses nothing its records had.
    # ``every_field``: all of them (``tbxl workbook``); else the rating alone, the functions' own.
    chosen = PLAYER_FIELDS if every_field else [f for f in PLAYER_FIELDS if f[0] == "Rtg"]
    fields = [(header, get) for header, get in chosen if any(get(p) not in (None, "") for p in players)]
    head: list[Any] = ["No", "Name"] + [header for header, _ in fields]

    def lead(p: Player) -> list[Any]:
        return [p.start_number, p.name] + [_cell(get(p)) for _, get in fields]

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
            cells = [x for k in range(rounds) for x in sm3_cells(p.rounds[k] if k < len(p.rounds) else None)]
            grid.append(lead(p) + cells + [cell_number(p.points, exact=True)])
        return grid
    grid = [head + [p.start_number for p in players] + ["Pts"]]
    body = matrix_body(players)
    for i, p in enumerate(players):
        grid.append(lead(p) + body[i] + [cell_number(p.points, exact=True)])
    return grid
