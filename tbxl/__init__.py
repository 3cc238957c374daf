"""tbxl: FIDE C.07 chess tie-breaks with derivations, for the command line, Excel and print.

The Python API: read an event (individual or team) from a file, rank it by a list of tie-breaks
under a rule set, and ask how any value was made.

>>> import tbxl
>>> event = tbxl.read(tbxl.example("held_swiss_5.trf"))
>>> standings = tbxl.rank(event, "BH/C1,BH,SB", tbxl.preset("fide-2024"))
>>> [(row.rank_label, row.player.name, str(row.points)) for row in standings.rows[:2]]
[('1', 'Bruno', '4'), ('2', 'Charline', '7/2')]
>>> tbxl.explain(standings, 4, "BH/C1").value
Fraction(23, 2)
>>> tbxl.json_document(standings).splitlines()[1][:71]   # as `tbxl compute FILE --format json` prints it
'{"rank": 1, "rank_label": "1", "start_number": 2, "name": "Bruno", "poi'

The core (model, rules, tie-breaks, ranking) uses the standard library only. The names below are
imported on first use, so ``import tbxl`` (which every command and Excel function does) costs
nothing.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

__version__ = "0.2.0"

#: Where each name of the API lives: one home per concept, imported when first asked for.
_HOMES: dict[str, tuple[str, str]] = {
    "read": ("tbxl.io.load", "load"),
    "rank": ("tbxl.standings", "compute_standings"),
    "preset": ("tbxl.rules", "get"),
    "resolve": ("tbxl.rules", "resolve"),
    "PRESETS": ("tbxl.rules", "PRESETS"),
    "Convention": ("tbxl.rules", "Convention"),
    "TeamSettings": ("tbxl.rules", "TeamSettings"),
    "EventKind": ("tbxl.model", "EventKind"),
    "Tournament": ("tbxl.model", "Tournament"),
    "TeamTournament": ("tbxl.model", "TeamTournament"),
    "Player": ("tbxl.model", "Player"),
    "Team": ("tbxl.model", "Team"),
    "Standings": ("tbxl.standings", "Standings"),
    "Derivation": ("tbxl.derivation", "Derivation"),
    "project": ("tbxl.projection", "project"),
    "table_text": ("tbxl.projection", "table_text"),
    "csv_document": ("tbxl.projection", "csv_document"),
    "json_document": ("tbxl.projection", "json_document"),
    "TbxlError": ("tbxl.errors", "TbxlError"),
    "InputError": ("tbxl.errors", "InputError"),
}

__all__ = ["__version__", "explain", "example", *_HOMES]


def explain(standings: Any, number: int, code: str) -> Any:
    """How the value of tie-break ``code`` of participant ``number`` (a player's start number, a
    team's number) was made: its terms, adjustments and cuts, a :class:`~tbxl.derivation.Derivation`
    (:meth:`tbxl.standings.Standings.explain`)."""
    return standings.explain(number, code)


def example(name: str) -> Path:
    """The path of a bundled example: ``event.trf`` (an open with women, juniors and a tie a play-off
    decides), ``team.trf`` (a team event), ``bulletin.csv`` (the open's published standings),
    ``held_swiss_5.trf`` and ``held_round_robin.trf`` (the FIDE TEC tie-break exercises)."""
    path = Path(__file__).parent / "examples" / name
    if not path.is_file():
        raise FileNotFoundError(
            f"no bundled example {name!r}; there are: "
            + ", ".join(sorted(p.name for p in path.parent.iterdir() if p.suffix in (".trf", ".csv")))
        )
    return path


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        module, attribute = _HOMES[name]
        value = getattr(importlib.import_module(module), attribute)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'tbxl' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
