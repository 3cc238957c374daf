"""The categories' standings and the prize lists of the standings report
(``templates/_categories.html.j2``), from a :func:`tbxl.categories.classify`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tbxl.formatting import decimal_text
from tbxl.report.labels import Labels
from tbxl.report.text import Fmt
from tbxl.report.views.blocks import PlayerLine

if TYPE_CHECKING:  # the rooms below the report, as types only
    from tbxl.categories import Classification
    from tbxl.prizes import Award
    from tbxl.standings import Standings


@dataclass(frozen=True)
class CategoryRow(PlayerLine):
    """A line of a category's standings: its place in the category, the overall rank, who, the prize."""

    place: str
    rank: str
    prize: str


@dataclass(frozen=True)
class CategoryTable:
    name: str
    has_prizes: bool
    rows: tuple[CategoryRow, ...]


@dataclass(frozen=True)
class PrizeRow:
    """An award: the place as the list shows it ("2-3" when shared), who, the listed prize and the
    amount after sharing."""

    place: str
    sn: int
    name: str
    listed: str
    amount: str


@dataclass(frozen=True)
class PrizeList:
    name: str
    rows: tuple[PrizeRow, ...]


@dataclass(frozen=True)
class Classes:
    """The categories' standings and the prize lists (``templates/_categories.html.j2``), with the
    sentence saying how tied players share prizes."""

    categories: tuple[CategoryTable, ...] = ()
    prizes: tuple[PrizeList, ...] = ()
    sharing: str = ""


def classification_view(cl: Classification | None, st: Standings, fmt: Fmt, L: Labels) -> Classes:
    """The categories' standings and the prize lists of a :func:`tbxl.categories.classify`."""
    if cl is None:
        return Classes()

    def money(award: Award[int] | None) -> str:
        return "" if award is None else decimal_text(award.amount, places=2, comma=fmt.comma)

    cats = []
    for name, rows in cl.rows.items():
        award = cl.prize_of(name) if name in cl.awards else None
        cats.append(
            CategoryTable(
                name,
                award is not None,
                tuple(
                    CategoryRow.of(
                        r, fmt, place=place, rank=r.rank_label, prize=money(award.get(r.number)) if award else ""
                    )
                    for place, r in zip(cl.places[name], rows)
                ),
            )
        )
    prizes = []
    for list_name, awards in cl.awards.items():  # None: the overall list
        # The place as the list shows it: "2-3" for players equal on every tie-break.
        place = (
            {r.number: r.rank_label for r in st.rows}
            if list_name is None
            else dict(zip(cl.members[list_name], cl.places[list_name]))
        )
        prizes.append(
            PrizeList(
                L["prizes_overall"] if list_name is None else L["category"].format(name=list_name),
                tuple(
                    PrizeRow(
                        place[a.player],
                        a.player,
                        st.tournament.player(a.player).name,
                        decimal_text(a.listed, places=2, comma=fmt.comma),
                        money(a),
                    )
                    for a in awards
                ),
            )
        )
    return Classes(tuple(cats), tuple(prizes), L["prize_sharing"][cl.sharing])
