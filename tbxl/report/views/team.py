"""The team report (``team.html.j2``, a block of the one template family): team standings, the
match crosstable, board-by-board results, board prizes, how the ties were broken and the
derivations of the tied teams, in the report languages (``templates/labels/<lang>/report.json`` plus the
team words of ``labels/<lang>/team.json``).

Built from the individual report's parts (the frame, the derivation blocks, the tie steps, the
round-by-round layout) and the team parts: the frame of :mod:`~tbxl.report.views.team_frame`,
the derivations of :mod:`~tbxl.report.views.team_derivations`, the board results and prizes of
:mod:`~tbxl.report.views.team_boards`. This module holds the report itself: its standings lines,
its match crosstable, its tie groups and :func:`build_team_view`. The compare and audit reports
of a team event are the individual :class:`~tbxl.report.views.compare.CompareReport` and
:class:`~tbxl.report.views.audit.AuditReport` with the team words of
:func:`~tbxl.report.views.team_frame.team_compare_frame`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tbxl.io.grid.team import team_cell
from tbxl.projection import Projection, project
from tbxl.report.labels import Labels, team_labels
from tbxl.report.selection import COMPACT, select_derivations
from tbxl.report.text import LINE_CHARS, Fmt, Segment, by_round_tables, colour_key, marked_cell
from tbxl.report.views.blocks import PlayerBlock, Progress, decided_word, laid_out_groups
from tbxl.report.views.compact import TOP_PLACES, CompactPlayer, compact_players
from tbxl.report.views.frame import ReportView
from tbxl.report.views.team_boards import BoardPrizes, BoardResults, board_prizes, board_results
from tbxl.report.views.team_derivations import team_block, team_derivation
from tbxl.report.views.team_frame import team_frame, team_tournament
from tbxl.report.views.ties import TieGroup, Tier, TieStep, decided_notes, tied_groups
from tbxl.rules import articles_edition  # the edition the reasons' articles cite
from tbxl.standings import Standings

if TYPE_CHECKING:  # types only
    from tbxl.io.files import PathLike


@dataclass(frozen=True)
class TeamRow:
    """A line of the team standings: rank, team number and name, primary score, tie-break values."""

    rank: str
    no: int
    name: str
    points: str
    values: tuple[str, ...]
    decided: str = ""  # how a place equal on every tie-break was decided (play-off, lots)


@dataclass(frozen=True)
class MatchRow:
    """A team's line of the match crosstable: one cell per round (:func:`~tbxl.io.grid.team.team_cell`)."""

    no: int
    name: str
    cells: tuple[str, ...]


@dataclass(frozen=True)
class TeamReport(ReportView):
    """The team report (``team.html.j2``): standings, ties, round-by-round tables, the match
    crosstable, board prizes, board-by-board results and the derivation blocks (``teams``)."""

    primary: str
    rows: tuple[TeamRow, ...]
    crosstable: tuple[MatchRow, ...]
    round_numbers: tuple[int, ...]
    boards: tuple[BoardResults, ...]
    prizes: tuple[BoardPrizes, ...]
    min_games: int
    ties: tuple[TieGroup, ...]
    teams: tuple[PlayerBlock, ...]
    by_round: tuple[tuple[Segment, ...], ...]
    decided: bool = False  # a play-off or lots placed a team: the Decided column
    decided_notes: tuple[str, ...] = ()  # what it means, with the seed of the lots
    compact: tuple[CompactPlayer, ...] = ()  # why the decided places (the default), as the individual report
    compact_intro: str = ""

    @property
    def T(self) -> Labels:
        """The team words of the report's language."""
        words: Labels = self.L["team"]
        return words

    @property
    def term_key(self) -> str:
        """The key of the colour marks in the derivations' term rows."""
        return colour_key(self.T["term_key"])

    @property
    def crosstable_intro(self) -> str:
        """The match crosstable's key, its colour marks filled in."""
        return colour_key(self.T["crosstable_intro"])

    @property
    def board_key(self) -> str:
        """The key of the board-by-board lines: the colour marks."""
        return colour_key(self.T["board_key"])


def team_ties(st: Standings, fmt: Fmt, names: Mapping[int, str], only: set[int] | None = None) -> tuple[TieGroup, ...]:
    """Each group of teams equal on the primary score (with ``only``: the groups of these teams)
    and the steps that broke it (every step of a team ranking splits its group)."""
    label: Callable[[int], str] = lambda n: f"{names[n]} ({n})"  # noqa: E731
    out = []
    for points, rows, places in tied_groups(st.rows):
        members = {r.team.number for r in rows}
        if only is not None and not members & only:
            continue
        values = {r.team.number: r.values for r in rows}
        steps = tuple(
            TieStep(
                s.code,
                ", ".join(map(str, s.group)),
                True,
                tuple(
                    Tier(", ".join(label(n) for n in sorted(tier)), fmt(values[tier[0]][s.code], none="–"))
                    for tier in s.tiers
                ),
            )
            for s in st.steps
            if s.group[0] in members
        )
        out.append(
            TieGroup(
                points=fmt(points),
                places=places,
                shared=(),
                players=", ".join(label(r.team.number) for r in rows),
                steps=steps,
            )
        )
    return tuple(out)


def _team_by_round(
    proj: Projection, teams: Sequence[int] | None, fmt: Fmt, L: Labels, line_chars: int
) -> list[tuple[Segment, ...]]:
    """The round-by-round tables (:func:`~tbxl.report.text.by_round_tables`' layout) of the teams:
    the primary score (headed MP or GP), rank and every tie-break after each round."""
    st = proj.standings
    history = list(proj.by_round)
    shown = [r.team.number for r in st.rows if teams is None or r.team.number in set(teams)]
    T = L["team"]
    words = dict(L, col_points=st.primary, col_sno=T["col_no"])
    return by_round_tables(st, history, shown, fmt, words, line_chars, heading=lambda row: row.team.name)


def build_team_view(
    st: Standings,
    *,
    lang: str = "en",
    derivations: str = "none",
    teams: Sequence[int] | None = None,
    paper: str = "a4",
    input_path: PathLike | None = None,
    min_games: int = 0,
    by_round: bool = False,
    progress: Progress | None = None,
) -> TeamReport:
    """Everything the team template shows (:class:`TeamReport`). ``derivations`` picks the teams
    with derivation blocks (:func:`~tbxl.report.selection.select_derivations`); ``decided`` (the
    command's default, as for an individual event) and ``compact`` give the compact lines of
    :mod:`~tbxl.report.views.compact` instead; ``teams`` (team
    numbers) restricts them; ``by_round`` adds the round-by-round tables (``view.by_round``) of
    every team in standings order, or of ``teams`` only. ``progress`` hears of each derivation
    block."""
    L = team_labels(lang)
    head = team_frame(st, L, lang, paper, input_path)
    fmt = Fmt(bool(L["decimal_comma"]))
    t = team_tournament(st)
    names = {team.number: team.name for team in t.teams}
    codes = st.codes
    assert st.primary is not None  # a team event's standings rank by their primary score (MP or GP)
    proj = project(st)
    selected = select_derivations(st, derivations, teams)
    compact: tuple[CompactPlayer, ...] = ()
    intro = ""
    kind = derivations.strip().lower()
    if kind in COMPACT:  # as the individual report: the places a tie-break decided, explained in a line each
        compact = compact_players(st, fmt, everyone=kind == "compact")
        intro = L["team"]["compact_intro"].format(n=len(st.rows) if kind == "compact" else TOP_PLACES)
    derivations_of = []
    for k, n in enumerate(selected, 1):
        derivations_of.append(
            [team_derivation(st, n, c, fmt, L, names, LINE_CHARS[paper]) for c in [st.primary] + codes]
        )
        if progress:
            progress("derivations", k, len(selected), "")
    return TeamReport.of(
        head,
        primary=st.primary,
        rows=tuple(
            TeamRow(
                ln.rank_label,
                ln.number,
                ln.name,
                fmt(ln.points),
                tuple(fmt(v, none="–") for v in ln.values),
                decided_word(ln.row, L),
            )
            for ln in proj.lines
        ),
        decided=bool(st.decided_by),
        decided_notes=decided_notes(st, L),
        compact=compact,
        compact_intro=intro,
        crosstable=tuple(
            MatchRow(team.number, team.name, tuple(marked_cell(team_cell(t, rnd).split(":")[0]) for rnd in team.rounds))
            for team in (r.team for r in st.rows)
        ),
        round_numbers=tuple(range(1, t.rounds + 1)),
        boards=board_results(st, fmt, L["team"], names, LINE_CHARS[paper], set(selected)),
        prizes=board_prizes(st, fmt, min_games),
        min_games=min_games,
        ties=team_ties(st, fmt, names),
        teams=tuple(
            team_block(st.row(n), fmt, derivations=ds)
            for n, ds in zip(selected, laid_out_groups(derivations_of, L, paper, articles_edition(st.convention)))
        ),
        by_round=tuple(_team_by_round(proj, teams, fmt, L, LINE_CHARS[paper])) if by_round else (),
    )
