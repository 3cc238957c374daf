"""The appeal report (``appeal.html.j2``) of one player or several: their lines, their groups on
the same points and how each tie was broken in detail, the item that separates every pair of them
(and of their tied groups), and their derivations."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tbxl.errors import InputError
from tbxl.io.files import PathLike
from tbxl.projection.explain import compared_pairs
from tbxl.report.labels import labels
from tbxl.report.text import Fmt
from tbxl.report.views.blocks import PlayerBlock, Progress, StandingRow, derivation_blocks, standing_row
from tbxl.report.views.frame import RankedView, frame
from tbxl.report.views.standings import ranked_parts
from tbxl.report.views.ties import Separation, TieGroup, separation, tie_groups

if TYPE_CHECKING:  # the rooms below the report, as types only
    from tbxl.standings import Standings


@dataclass(frozen=True)
class AppealReport(RankedView):
    """The appeal report (``appeal.html.j2``) of one player or several (``appeal`` the first):
    their lines, their groups on the same points and how each tie was broken, what separates each
    pair (:func:`~tbxl.projection.explain.compared_pairs`), and their derivations."""

    appeal: StandingRow
    appeal_rows: tuple[StandingRow, ...]
    highlight: tuple[int, ...]
    group_rows: tuple[StandingRow, ...]
    ties: tuple[TieGroup, ...]
    separations: tuple[Separation, ...]
    players: tuple[PlayerBlock, ...]


def build_appeal_view(
    st: Standings,
    appeal: int | Sequence[int],
    *,
    lang: str = "en",
    paper: str = "a4",
    input_path: PathLike | None = None,
    codes: Sequence[str] | None = None,
    progress: Progress | None = None,
) -> AppealReport:
    """The appeal report of ``appeal`` (a start number or a list of them, the first the
    appellant): their lines, their groups on the same points with how each tie was broken in
    detail, the item that separates each pair of them and of their tied groups, and the derivations of
    ``codes`` (default PTS + the tie-breaks) of each."""
    L = labels(lang)
    head = frame(st, L, lang, paper, input_path)
    fmt = Fmt(bool(L["decimal_comma"]))
    names = {p.start_number: p.name for p in st.tournament.players}
    chosen = [appeal] if isinstance(appeal, int) else list(dict.fromkeys(appeal))
    for sn in chosen:
        if sn not in names:
            raise InputError(f"no player with start number {sn}")
    order = {r.number: k for k, r in enumerate(st.rows)}
    selected = sorted(chosen, key=order.__getitem__)
    points = {st.row(sn).points for sn in chosen}
    return AppealReport.of(
        head,
        **ranked_parts(st, L, fmt),
        appeal=standing_row(st.row(chosen[0]), fmt, st.codes, L=L),
        appeal_rows=tuple(standing_row(st.row(sn), fmt, st.codes, L=L) for sn in selected),
        highlight=tuple(chosen),
        group_rows=tuple(standing_row(r, fmt, st.codes, L=L) for r in st.rows if r.points in points),
        ties=tuple(tie_groups(st, fmt, names, L, only=set(chosen))),
        separations=tuple(separation(st, a, b, fmt, names, L) for a, b in compared_pairs(st, chosen)),
        players=derivation_blocks(
            st, selected, list(codes) if codes else ["PTS"] + st.codes, fmt, L, names, paper, progress
        ),
    )
