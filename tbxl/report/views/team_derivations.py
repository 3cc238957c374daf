"""A team's derivations: how each of its tie-break values was worked out, match by match
(:func:`team_derivation`; under two rule sets for the compare and audit reports,
:func:`team_derivation_pair`), and the block that heads them with the team's name, points and
rank (:func:`team_block`). A term's result is the match's game points, the team's first."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from tbxl.report.labels import Labels
from tbxl.report.text import COLOUR_MARKS, Fmt, TermRow, aligned, reason_text
from tbxl.report.views.blocks import CompareItem, DerivationTable, PlayerBlock, mini_tables, order_words
from tbxl.report.views.team_boards import board_colour
from tbxl.report.views.team_frame import team_definition, team_tournament
from tbxl.standings import Standings

if TYPE_CHECKING:  # types only
    from tbxl.derivation import Meeting
    from tbxl.model import TeamRound
    from tbxl.standings import Row


def team_derivation(
    st: Standings,
    number: int,
    code: str,
    fmt: Fmt,
    L: Labels,
    names: Mapping[int, str],
    line_chars: int,
    under: str = "",
) -> DerivationTable:
    """One tie-break's derivation for one team (laid out by :func:`~tbxl.report.views.blocks.laid_out`)."""
    d = st.explain(number, code)
    rounds = team_tournament(st).team(number).rounds
    terms = tuple(
        TermRow(
            (
                "" if t.round is None else str(t.round),
                ""
                if t.opponent is None
                else f"{_mark(rounds, t.round)}{t.opponent:>3} {names.get(t.opponent, '')[:18]}",
                _match_result(st, rounds, t.round, t.opponent, t.result, fmt),
                fmt(t.real),
                fmt(t.adjusted),
                fmt(t.contribution),
            ),
            reason_text(t.reason, L, fmt) + (f" [{t.article}]" if t.article else ""),
            reason_text(t.cut, L, fmt) if t.cut else "",
        )
        for t in d.terms
    )
    T = L["team"]
    table = ""
    if d.table:  # TBR, BBE: each team's game points board by board
        rows = [[f"{r['team']} {names.get(r['team'], '')[:18]}", str(r.get("values", ""))] for r in d.table]
        table = aligned([T["team"], T["per_board"]], rows, line_chars)
    return DerivationTable(
        d.code,
        fmt(d.value, none="–"),
        team_definition(code, L),
        terms,
        fmt(d.total) if d.terms else None,
        tuple(reason_text(n, L, fmt) for n in d.notes),
        mini_tables(
            [replace(s, meetings=tuple(white_first(st, m) for m in s.meetings)) for s in d.steps], fmt, names, L
        ),
        under,
        table_text=table,
        order=order_words(d.tiers, names) if d.tiers else "",
    )


def white_first(st: Standings, m: Meeting) -> Meeting:
    """A meeting of a team mini-table with the team that had White on board 1 first (its points,
    match and game points and forfeit code turned round with it)."""
    t = team_tournament(st)
    ra = t.team(m.first).rounds[m.round - 1]
    rb = t.team(m.second).rounds[m.round - 1]
    if board_colour(t, ra, rb, 1) != "b":
        return m
    flip = {"+": "-", "-": "+"}
    return replace(
        m,
        first=m.second,
        second=m.first,
        result=flip.get(m.result, m.result),
        points=None if m.points is None else (m.points[1], m.points[0]),
        match_points=None if m.match_points is None else (m.match_points[1], m.match_points[0]),
        game_points=None if m.game_points is None else (m.game_points[1], m.game_points[0]),
    )


def _mark(rounds: Sequence[TeamRound], rnd: int | None) -> str:
    """The colour mark of the team's board 1 in round ``rnd`` before the opponent of a term row
    (two spaces when the file gives none, the columns stay aligned)."""
    colour = rounds[rnd - 1].colour if rnd is not None and 0 < rnd <= len(rounds) else None
    return f"{COLOUR_MARKS[colour]} " if colour in COLOUR_MARKS else "  "


def _match_result(
    st: Standings, rounds: Sequence[TeamRound], rnd: int | None, opponent: int | None, code: str, fmt: Fmt
) -> str:
    """A term's result as a team derivation prints it: the match's game points, the team's first
    (``2.5-1.5``), with the TRF code of a match not played over the board (``+``, ``-``)."""
    if rnd is None or opponent is None or not 0 < rnd <= len(rounds):
        return code
    mine = rounds[rnd - 1]
    theirs = team_tournament(st).team(opponent).rounds[rnd - 1]
    score = f"{fmt(mine.gp)}-{fmt(theirs.gp)}"
    return score if code in ("1", "=", "0") else f"{code} {score}"


def team_derivation_pair(
    st_a: Standings,
    st_b: Standings,
    number: int,
    code: str,
    fmt: Fmt,
    L: Labels,
    names: Mapping[int, str],
    line_chars: int,
) -> list[DerivationTable]:
    """One team value's derivation under two rule sets (the announced first), each marked with its rules."""
    return [
        team_derivation(st, number, code, fmt, L, names, line_chars, under=L["audit"]["under"].format(rules=st.rules))
        for st in (st_a, st_b)
    ]


def team_block(
    row: Row, fmt: Fmt, *, derivations: tuple[DerivationTable, ...] = (), items: tuple[CompareItem, ...] = ()
) -> PlayerBlock:
    """A team's heading and derivations or changes (``player_head`` in the shared templates)."""
    return PlayerBlock(
        sn=row.team.number,
        title="",
        name=row.team.name,
        fed="",
        rating="",
        points=fmt(row.points),
        rank=row.rank_label,
        derivations=derivations,
        items=items,
    )
