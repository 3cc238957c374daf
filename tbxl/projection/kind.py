"""What differs between an individual and a team event, decided once: one interface, an
implementation per kind (:mod:`tbxl.projection.individual`, :mod:`tbxl.projection.team`), chosen
from the event's :class:`~tbxl.model.EventKind` (as python-chess has a board class per variant).
The edges ask the kind, never whether the event is a team event."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar

from tbxl.errors import InputError
from tbxl.formatting import visible
from tbxl.model import EventKind
from tbxl.playoffs import LOTS

if TYPE_CHECKING:
    from tbxl.projection.lines import Projection
    from tbxl.rules import TeamSettings
    from tbxl.standings import Standings

__all__ = ["Kind"]


class Kind:
    """The kind of an event: how its participants are numbered and named, what its points are,
    and how its standings are written (a text table, CSV, JSON, an Excel spill)."""

    #: The event kind this implementation serves.
    event_kind: ClassVar[EventKind]
    #: What a participant is called in messages ("player", "team"), and its number ("start number").
    noun: ClassVar[str]
    number_noun: ClassVar[str]
    #: The head of the number column of the text table ("SNo", "TNo") and of the spill ("SNo", "No").
    number_head: ClassVar[str]
    spill_number_head: ClassVar[str]
    #: The head of the name column ("Name", "Team").
    name_head: ClassVar[str]

    #: Categories, prizes and rating changes: an individual event's players have them.
    classifies: ClassVar[bool] = False
    #: What ``tbxl audit`` checks without a published table: the input's own rank column (an
    #: individual TRF's columns 86-89 as a bulletin; a team TRF's 310 ranks under each rule set).
    checks_rank_records: ClassVar[bool] = False
    #: The derivations the standings report shows when none are asked for (with and without a
    #: list of participants).
    report_derivations: ClassVar[tuple[str, str]]

    def split_settings(self, items: Iterable[str]) -> tuple[TeamSettings | None, list[str]]:
        """The ``NAME=VALUE`` settings given: the kind's own (a team event's team settings, C.07
        Arts 11-13; None for an individual event), and the convention's (:func:`tbxl.rules.resolve`)."""
        return None, list(items)

    def no_such(self, number: int, st: Standings) -> str:
        """The message for a number the event does not have."""
        raise NotImplementedError

    def require(self, st: Standings, numbers: Sequence[int], where: str = "") -> list[int]:
        """``numbers``, each one the event has; an :class:`~tbxl.errors.InputError` (at ``where``,
        the input's path) naming the first it has not."""
        missing = [n for n in numbers if n not in st]
        if missing:
            raise InputError(self.no_such(missing[0], st), file=where or None)
        return list(numbers)

    def explain_text(self, st: Standings, numbers: Sequence[int], codes: Sequence[str]) -> str:
        """How the values of ``codes`` were made for the participants ``numbers`` (the first is the
        appellant), as ``tbxl explain`` prints it."""
        raise NotImplementedError

    def points_head(self, st: Standings) -> str:
        """The head of the points column (``Pts``; a team event's primary score, MP or GP)."""
        raise NotImplementedError

    def title(self, st: Standings) -> str:
        """The line above the text table."""
        raise NotImplementedError

    def explain_codes(self, st: Standings) -> list[str]:
        """What an explanation derives by default: the points, then every tie-break."""
        raise NotImplementedError

    def table(self, p: Projection) -> str:
        """The aligned text table for a terminal."""
        raise NotImplementedError

    def csv(self, p: Projection) -> str:
        """The CSV document."""
        raise NotImplementedError

    def json(self, p: Projection) -> str:
        """The JSON document."""
        raise NotImplementedError

    # -- shared by both kinds --------------------------------------------------------------------

    def spill(self, p: Projection) -> list[list[object]]:
        """The exact table a spreadsheet spills (STANDINGS, TEAM_STANDINGS): a header row (rank,
        number, name, points, the codes, ``Decided`` when a play-off or lots placed someone), then
        one row per participant, best first; a shared place as its label ("3-5")."""
        st = p.standings
        head: list[object] = ["Rank", self.spill_number_head, self.name_head, self.points_head(st), *p.codes]
        out: list[list[object]] = [head + (["Decided"] if p.decided else [])]
        for line in p.lines:
            out.append([line.spill_rank, line.number, line.name, line.points, *line.values, *p.decided_cells(line)])
        return out

    def lots_lines(self, st: Standings) -> list[str]:
        """The seed of the lots, said under the table so that anyone can draw them again; or, when
        no place was still shared after the tie-breaks and play-offs, that no lots were needed
        (a seed given is not a draw made: C.07 4.2 draws lots only for a place still shared)."""
        if st.lots_seed is None:
            return []
        if LOTS not in st.decided_by.values():
            return ["", visible(f"No lots were needed (seed '{st.lots_seed}'): no place was still shared")]
        return [
            "",
            visible(
                f"Lots drawn with the seed '{st.lots_seed}': each player's lot is the SHA-256 of "
                f"'{st.lots_seed}:START_NUMBER', lowest first (docs/arbiter/playoffs.md)"
            ),
        ]
