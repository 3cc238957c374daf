"""The team appeal (``team_appeal.html.j2``): the document of a dispute between teams, a few pages
instead of the whole team printout. It holds the teams concerned only: their standings lines and
those of the teams they are tied with, how their tie was broken step by step, what separates each
pair of them (C.07 4.2: the first item of the list on which they differ), the matches among them
board by board with each board's colours, the extended direct encounter of their tied group
(C.07 Art. 13) shown once per group with each step labelled with what it compares (MP, GP, board
count, a top board, the boards left after eliminating the bottom ones), and the derivation of
every other tie-break that decided between them.

A match is written with the team that had White on board 1 first, each board White then Black,
the result White first, as a scoresheet is: a reader checks colours (and BWG, forfeits) from the
page alone."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from tbxl.errors import InputError
from tbxl.model import Kind
from tbxl.projection import project
from tbxl.report.labels import Labels, team_labels
from tbxl.report.text import LINE_CHARS, Fmt, colour_key
from tbxl.report.views.blocks import MiniTable, PlayerBlock, laid_out_groups, mini_tables, order_words
from tbxl.report.views.frame import ReportView
from tbxl.report.views.team import TeamRow, team_ties
from tbxl.report.views.team_boards import board_colour
from tbxl.report.views.team_derivations import team_block, team_derivation, white_first
from tbxl.report.views.team_frame import team_definition, team_frame, team_tournament
from tbxl.report.views.ties import TieGroup
from tbxl.rules import articles_edition  # the edition the reasons' articles cite
from tbxl.tiebreaks.codes import parse

if TYPE_CHECKING:  # the rooms below the report, as types only
    from tbxl.derivation import EncounterStep
    from tbxl.io.files import PathLike
    from tbxl.standings import Standings

#: The steps of an EDE chain that count the boards of the match(es), not their MP or GP (C.07 13.1.4).
BOARD_STEPS = ("de.board_count", "de.top_board", "de.bottom_board")


@dataclass(frozen=True)
class BoardGame:
    """One board of a match as a scoresheet has it: the player with White, the player with Black
    (each with the team's number), the result White first."""

    board: int
    white: str
    black: str
    result: str


@dataclass(frozen=True)
class MatchBoards:
    """A match among the teams concerned, the team with White on board 1 first: the round, both
    teams, the game points and match points (White's team first) and every board."""

    round: int
    white: str
    black: str
    score: str
    mp: str
    boards: tuple[BoardGame, ...]


@dataclass(frozen=True)
class EdeStep:
    """One step of an extended direct encounter: its label (step number and what it compares)
    and its mini-table."""

    label: str
    table: MiniTable


@dataclass(frozen=True)
class EdeChain:
    """An extended direct encounter of one tied group, shown once: the tie-break's code and
    definition, each appealing team's value, the steps and the order that follows."""

    code: str
    definition: str
    values: str
    steps: tuple[EdeStep, ...]
    order: str


@dataclass(frozen=True)
class TeamAppeal(ReportView):
    """The team appeal (``team_appeal.html.j2``): the teams concerned (``rows``) and their tied
    groups (``group_rows``, ``highlight`` the teams concerned), the tie steps (``ties``), what
    separates each pair (``separations``), their matches board by board (``matches``), the EDE
    chains (``chains``, one per tied group) and the derivations of the other deciding tie-breaks
    (``teams``)."""

    primary: str
    rows: tuple[TeamRow, ...]
    group_rows: tuple[TeamRow, ...]
    highlight: tuple[int, ...]
    ties: tuple[TieGroup, ...]
    separations: tuple[str, ...]
    matches: tuple[MatchBoards, ...]
    chains: tuple[EdeChain, ...]
    teams: tuple[PlayerBlock, ...]

    @property
    def T(self) -> Labels:
        """The team words of the report's language."""
        words: Labels = self.L["team"]
        return words

    @property
    def term_key(self) -> str:
        """The key of the colour marks in the derivations' term rows."""
        return colour_key(self.T["term_key"])


def _game_points(p: Fraction, fmt: Fmt) -> str:
    return {Fraction(1): "1", Fraction(1, 2): "½", Fraction(0): "0"}.get(p, fmt(p))


def match_boards(st: Standings, rnd_no: int, a: int, b: int, fmt: Fmt, T: Labels) -> MatchBoards:
    """The match of teams ``a`` and ``b`` in round ``rnd_no``, the team with White on board 1 first
    (the lower number first when the file gives no colours)."""
    t = team_tournament(st)
    ra, rb = t.team(a).rounds[rnd_no - 1], t.team(b).rounds[rnd_no - 1]
    if board_colour(t, ra, rb, 1) == "b" or (board_colour(t, ra, rb, 1) is None and b < a):
        a, b, ra, rb = b, a, rb, ra
    games = []
    for k in range(1, t.boards + 1):
        colour = board_colour(t, ra, rb, k)
        sides = []
        for team, rnd in ((a, ra), (b, rb)):
            board = next((x for x in rnd.boards if x.board == k), None)
            if board is None or board.player is None:
                sides.append((T["no_player"], board))
            else:
                sides.append((f"{board.player} {t.player(board.player).name} ({team})", board))
        (name_a, board_a), (name_b, board_b) = sides
        pair = ("", "")
        if board_a is not None:
            e = board_a.entry
            if e.kind is Kind.DOUBLE_FORFEIT:
                pair = ("−", "−")
            elif e.kind is Kind.FORFEIT_WIN:
                pair = ("+", "−")
            elif e.kind is Kind.FORFEIT_LOSS:
                pair = ("−", "+")
            elif e.kind.is_game:
                pair = (_game_points(e.points, fmt), _game_points(1 - e.points, fmt))
        if colour == "b":  # White first: the other team's player and the result turned round
            name_a, name_b, pair = name_b, name_a, (pair[1], pair[0])
        result = "–" if not pair[0] else f"{pair[0]}{'–' if pair[0] not in '+−' else '/'}{pair[1]}"
        games.append(BoardGame(k, name_a, name_b, result))
    names = {a: t.team(a).name, b: t.team(b).name}
    return MatchBoards(
        rnd_no,
        f"{a} {names[a]}",
        f"{b} {names[b]}",
        f"{fmt(ra.gp)}–{fmt(rb.gp)}",
        f"{fmt(ra.mp)}–{fmt(rb.mp)}",
        tuple(games),
    )


def _step_unit(step: EncounterStep, T: Labels) -> str:
    """What a step compares, in a word or two: MP, GP, board count, board 2, boards 1-3."""
    key, args = step.compares.parts[0]
    a = dict(args)
    if key == "de.board_count":
        return str(T["unit_board_count"])
    if key == "de.top_board":
        return str(T["unit_board"]).format(board=a["board"])
    if key == "de.bottom_board":
        return str(T["unit_boards"]).format(last=a["last"])
    return str(a.get("score", ""))


def ede_chain(
    st: Standings, code: str, members: Sequence[int], fmt: Fmt, L: Labels, names: Mapping[int, str]
) -> tuple[EdeChain, list[tuple[int, int, int]]]:
    """The EDE (or another order of the list) of the group ``members`` were tied in when it was
    applied, once: each step with its label (what it compares), the values of ``members`` (the
    teams concerned in that group), and the matches a board step counted (round, team, team)."""
    T = L["team"]
    d = st.explain(members[0], code)
    steps = [replace(s, meetings=tuple(white_first(st, m) for m in s.meetings)) for s in d.steps]
    runs: list[list[EncounterStep]] = []  # as mini_tables says them: steps in a row over a group that never met, once
    for s in steps:
        if runs and not s.meetings and not runs[-1][-1].meetings and runs[-1][-1].group == s.group:
            runs[-1].append(s)
        else:
            runs.append([s])
    labelled = tuple(
        EdeStep(
            T["step_label"].format(k=k, what="; ".join(dict.fromkeys(_step_unit(s, T) for s in run))),
            mini_tables(run, fmt, names, L)[0],
        )
        for k, run in enumerate(runs, 1)
    )
    board_matches = [
        (m.round, m.first, m.second) for s in steps if s.compares.parts[0][0] in BOARD_STEPS for m in s.meetings
    ]
    values = ", ".join(f"{names[n]} ({n}) {fmt(st.row(n).values[code], none='–')}" for n in members)
    chain = EdeChain(
        code,
        team_definition(code, L),
        values,
        labelled,
        order_words(d.tiers, names) if d.tiers else "",
    )
    return chain, board_matches


def team_separation(st: Standings, a: int, b: int, fmt: Fmt, names: Mapping[int, str], T: Labels) -> str:
    """Why teams ``a`` and ``b`` stand in their order (C.07 4.2): the primary score or the first
    tie-break of the list on which they differ, both values, the better first."""
    ra, rb = st.row(a), st.row(b)
    if (rb.rank, b) < (ra.rank, a):
        ra, rb = rb, ra
    who = [f"{names[r.number]} ({r.number})" for r in (ra, rb)]
    code = st.separating(a, b)
    if code is None:
        return str(T["sep_equal"]).format(a=who[0], b=who[1], place=ra.rank_label)
    if code == "PTS":
        code, va, vb = str(st.primary), fmt(ra.points), fmt(rb.points)
        return str(T["sep_primary"]).format(
            a=who[0], b=who[1], code=code, va=va, vb=vb, ra=ra.rank_label, rb=rb.rank_label
        )
    va, vb = (fmt(r.values[code], none="–") for r in (ra, rb))
    return str(T["sep_ahead"]).format(
        a=who[0], b=who[1], code=code, va=va, vb=vb, ra=ra.rank_label, rb=rb.rank_label, primary=st.primary
    )


def build_team_appeal_view(
    st: Standings,
    appeal: int | Sequence[int],
    *,
    lang: str = "en",
    paper: str = "a4",
    input_path: PathLike | None = None,
) -> TeamAppeal:
    """The team appeal of ``appeal`` (a team number or several, the first the appellant): see the
    module's docstring."""
    L = team_labels(lang)
    T = L["team"]
    head = team_frame(st, L, lang, paper, input_path)
    fmt = Fmt(bool(L["decimal_comma"]))
    t = team_tournament(st)
    names = {team.number: team.name for team in t.teams}
    chosen = list(dict.fromkeys([appeal] if isinstance(appeal, int) else appeal))
    for n in chosen:
        if n not in names:
            raise InputError(f"no team with number {n}")
    order = {r.number: k for k, r in enumerate(st.rows)}
    chosen.sort(key=order.__getitem__)
    lines = {ln.number: ln for ln in project(st).lines}

    def row(n: int) -> TeamRow:
        ln = lines[n]
        return TeamRow(ln.rank_label, n, ln.name, fmt(ln.points), tuple(fmt(v, none="–") for v in ln.values), "")

    points = {st.row(n).points for n in chosen}
    pairs = [(a, b) for i, a in enumerate(chosen) for b in chosen[i + 1 :]]
    deciding = {st.separating(a, b) for a, b in pairs} - {None}
    if len(chosen) == 1:  # one team: the tie-breaks that placed it among its group
        group = [r.number for r in st.rows if r.points == st.row(chosen[0]).points and r.number != chosen[0]]
        deciding = {st.separating(chosen[0], n) for n in group} - {None}
    chains: list[EdeChain] = []
    wanted: set[tuple[int, frozenset[int]]] = set()  # (round, the two teams)
    other_codes: list[str] = []
    for code in [c for c in st.codes if c in deciding]:
        if not parse(code, team=True).is_order:
            other_codes.append(code)
            continue
        # once per group the order was applied to (the teams concerned in it): a tie-break before
        # it in the list may have split the teams on the same points into several
        groups: dict[frozenset[int], list[int]] = {}
        for n in chosen:
            steps = st.explain(n, code).steps
            if steps:
                groups.setdefault(frozenset(steps[0].group), []).append(n)
        for members in groups.values():
            chain, board_matches = ede_chain(st, code, members, fmt, L, names)
            chains.append(chain)
            wanted |= {(r, frozenset((x, y))) for r, x, y in board_matches}
    if "PTS" in deciding:
        other_codes.insert(0, str(st.primary))
    for a, b in pairs:  # every match between two teams concerned
        for rnd in t.team(a).rounds:
            if rnd.opponent == b:
                wanted.add((rnd.round, frozenset((a, b))))
    ordered = sorted((r, *sorted(pair)) for r, pair in wanted)
    matches = tuple(match_boards(st, r, a, b, fmt, T) for r, a, b in ordered)
    derivations = [[team_derivation(st, n, c, fmt, L, names, LINE_CHARS[paper]) for c in other_codes] for n in chosen]
    return TeamAppeal.of(
        head,
        primary=str(st.primary),
        rows=tuple(row(n) for n in chosen),
        group_rows=tuple(row(r.number) for r in st.rows if r.points in points),
        highlight=tuple(chosen),
        ties=team_ties(st, fmt, names, only=set(chosen)),
        separations=tuple(team_separation(st, a, b, fmt, names, T) for a, b in pairs),
        matches=matches,
        chains=tuple(chains),
        teams=tuple(
            team_block(st.row(n), fmt, derivations=ds)
            for n, ds in zip(chosen, laid_out_groups(derivations, L, paper, articles_edition(st.convention)))
            if ds
        ),
    )
