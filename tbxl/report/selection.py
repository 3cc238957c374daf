"""Who gets a derivation block: the ``derivations`` selection of the standings report
(``none``, ``tied``, ``all``, ``players``, ``top:N``), for players and teams alike; ``decided``
(the command's default) and ``compact`` print the compact derivations instead of the full tables
(:mod:`tbxl.report.views.compact`): of the players whose top places a tie-break decided, or of
everyone.

The grammar is the report's (:func:`tbxl.report.render.render_pdf` takes it as text); the CLI
checks ``--derivations`` with :func:`parse_derivations` before any work."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING

from tbxl.errors import InputError

if TYPE_CHECKING:
    from tbxl.standings import Standings

DERIVATIONS = ("none", "decided", "compact", "tied", "all", "top:N", "players")

#: The choices that print compact lines, not full tables.
COMPACT = ("decided", "compact")


def parse_derivations(text: str) -> tuple[str, int]:
    """``--derivations``: ``none``, ``tied``, ``all``, ``players`` (those of ``--players``) or
    ``top:N`` (the first N of the standings) as ``(kind, N)``; :class:`InputError` otherwise.

    >>> parse_derivations("top:10"), parse_derivations("tied")
    (('top', 10), ('tied', 0))
    """
    kind, _, n = text.strip().lower().partition(":")
    if kind == "top" and n.isdigit() and int(n) > 0:
        return "top", int(n)
    if kind in ("none", "tied", "all", "players") + COMPACT and not n:
        return kind, 0
    raise InputError(f"derivations must be one of {', '.join(DERIVATIONS)}, not {text!r}")


def select_derivations(st: Standings, derivations: str = "none", players: Iterable[int] | None = None) -> list[int]:
    """The numbers (start numbers, or team numbers) that get derivation blocks, in standings order
    (see :func:`parse_derivations`); ``players`` also restricts ``tied``, ``all`` and ``top:N``."""
    kind, n = parse_derivations(derivations)
    if kind == "players" and players is None:
        raise InputError("--derivations players needs --players, e.g. --players 3,7,12")
    if kind in COMPACT:
        return []
    count: dict[Fraction, int] = {}
    for r in st.rows:
        count[r.points] = count.get(r.points, 0) + 1
    rows = st.rows[:n] if kind == "top" else st.rows
    selected = [r.number for r in rows if kind in ("all", "top", "players") or (kind == "tied" and count[r.points] > 1)]
    if players is not None:
        wanted = set(players)
        selected = [sn for sn in selected if sn in wanted]
    return selected
