"""A third kind of event, for the tests only, as one module (issue 38 item 2): a Scheveningen match,
two teams of players where every player of one side meets every player of the other.

It plugs in where a kind plugs in: its own event class with its own :class:`ScheveningenKind`
(``event.kind``), an entry in the ranking's table (its players rank as an individual event's,
on their own points) and in the projection's table (the standings' table, CSV, JSON and spill,
with its own title line: the match score). Every other edge - the reports, the audit, the
comparison, the workbook, a TRF of the standings, a published table's check - has no entry for it
and says so (:class:`tbxl.errors.NotSupported`), never taking the individual or the team way.

:func:`register` adds the entries, :func:`unregister` takes them out again.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from builders import Builder
from tbxl import standings as standings_module
from tbxl.formatting import decimal_text, visible
from tbxl.model import EventKind, Tournament
from tbxl.projection import KINDS
from tbxl.projection.individual import Individual


class ScheveningenKind(enum.Enum):
    """The third kind's own value of ``Event.kind`` (tbxl's EventKind lists the two it ships)."""

    SCHEVENINGEN = "scheveningen"


@dataclass(frozen=True)
class ScheveningenMatch(Tournament):
    """A Scheveningen match: the players of side ``sides[0]`` are start numbers 1..n, those of
    ``sides[1]`` n+1..2n, and each round pairs every player with one of the other side."""

    kind: ClassVar = ScheveningenKind.SCHEVENINGEN  # type: ignore[assignment]

    sides: tuple[str, str] = ("A", "B")

    def side_points(self) -> tuple[Fraction, Fraction]:
        """Each side's game points: the match score."""
        n = len(self.players) // 2
        a = sum((p.points for p in self.players[:n]), Fraction(0))
        b = sum((p.points for p in self.players[n:]), Fraction(0))
        return a, b


class Scheveningen(Individual):
    """The projection of a Scheveningen match: the players' standings under the match score."""

    event_kind = ScheveningenKind.SCHEVENINGEN  # type: ignore[assignment]
    classifies = False  # no categories, prizes or rating changes here

    def title(self, st) -> str:
        t = st.tournament
        a, b = t.side_points()
        score = f"{t.sides[0]} {decimal_text(a)} - {decimal_text(b)} {t.sides[1]}"
        return visible(f"{t.name}: Scheveningen match {score} - rules {st.rules}")


def match(results: list[list[str]] | None = None) -> ScheveningenMatch:
    """A match of two sides of three over three rounds (side A: start numbers 1-3, side B: 4-6):
    round r pairs A's player i with B's player (i + r) mod 3; ``results[r][i]`` is that game's result
    from A's side ("1-0", "=", "0-1")."""
    results = results or [["1-0", "=", "0-1"], ["1-0", "1-0", "="], ["0-1", "=", "1-0"]]
    b = Builder(3, name="Scheveningen")
    for sn, name in enumerate(["Anna", "Arno", "Ada", "Bea", "Bert", "Bo"], start=1):
        b.player(sn, name)
    for r in range(3):
        for i in range(3):
            white, black = (1 + i, 4 + (i + r) % 3) if (i + r) % 2 == 0 else (4 + (i + r) % 3, 1 + i)
            result = results[r][i]
            if white > 3:  # the result is written from A's side
                result = {"1-0": "0-1", "0-1": "1-0"}.get(result, result)
            b.game(r + 1, white, black, result)
    t = b.build()
    return ScheveningenMatch(t.players, t.rounds, **t.event_details(), sides=("Amber", "Blue"))


def as_scheveningen(event: Tournament) -> ScheveningenMatch:
    """An individual event read from a file, as a Scheveningen match (the sides: halves by start number)."""
    return ScheveningenMatch(event.players, event.rounds, **event.event_details(), sides=("Amber", "Blue"))


def register() -> None:
    """Plug the kind in: it ranks as an individual event does, and has its own projection."""
    standings_module.RANKINGS[ScheveningenKind.SCHEVENINGEN] = standings_module.RANKINGS[EventKind.INDIVIDUAL]
    KINDS[ScheveningenKind.SCHEVENINGEN] = Scheveningen()  # type: ignore[index]


def unregister() -> None:
    standings_module.RANKINGS.pop(ScheveningenKind.SCHEVENINGEN, None)  # type: ignore[call-overload]
    KINDS.pop(ScheveningenKind.SCHEVENINGEN, None)  # type: ignore[call-overload]
