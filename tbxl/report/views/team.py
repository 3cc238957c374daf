"""The team report (``team.html.j2``, a block of the one template family): team standings, the
match crosstable, board-by-board results, board prizes, how the ties were broken and the
derivations of the tied teams, in the report languages (``templates/labels/<lang>.json`` plus the
team words of ``labels/team/<lang>.json``).

Built from the individual report's parts (the frame, the derivation blocks, the tie steps, the
round-by-round layout); the compare and audit reports of a team event are the individual
:class:`~tbxl.report.views.compare.CompareReport` and :class:`~tbxl.report.views.audit.AuditReport`
with the team words of :func:`team_compare_frame`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from tbxl import __version__
from tbxl.io.grid.team import team_cell
from tbxl.model import TeamTournament
from tbxl.model.codes import result_code
from tbxl.projection import Projection, project
from tbxl.report.labels import Labels, paper_size, team_labels
from tbxl.report.selection import COMPACT, select_derivations
from tbxl.report.text import LINE_CHARS, Fmt, Segment, TermRow, aligned, by_round_tables, reason_text
from tbxl.report.views.blocks import (
    CompareItem,
    DerivationTable,
    PlayerBlock,
    Progress,
    decided_word,
    laid_out_groups,
    mini_tables,
    order_words,
)
from tbxl.report.views.compact import TOP_PLACES, CompactPlayer, compact_players
from tbxl.report.views.frame import (
    Event,
    Footer,
    InputFile,
    ReportView,
    RulesText,
    TiebreakText,
    event_dates,
    modifier_texts,
    rules_text,
)
from tbxl.report.views.ties import TieGroup, Tier, TieStep, decided_notes, tied_groups
from tbxl.standings import Standings
from tbxl.tiebreaks.codes import parse
from tbxl.tiebreaks.ratings import DP, half_up

if TYPE_CHECKING:  # types only
    from tbxl.io.files import PathLike
    from tbxl.model import TeamRound
    from tbxl.standings import Row


def _team_event(st: Standings) -> TeamTournament:
    """The event of a team report's standings."""
    t = st.tournament
    assert isinstance(t, TeamTournament)
    return t


@dataclass(frozen=True)
class TeamEvent(Event):
    """The heading of a team event: ``players`` counts its teams; ``boards``, the boards of a match."""

    boards: int = 0

    @property
    def teams(self) -> int:
        return self.players


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
class BoardResults:
    """A team's board-by-board results: a line per round (round, opponent, kind, MP, GP, boards),
    and the lines laid out as monospace text."""

    no: int
    name: str
    rank: str
    rounds: tuple[tuple[str, ...], ...]
    text: str


@dataclass(frozen=True)
class BoardPrizeRow:
    """A player's result on one board: games, points, percentage, performance; ``ranked`` when
    the player played enough games on it."""

    sn: int
    name: str
    team: str
    rating: str
    games: int
    points: str
    percent: str
    perf: str
    ranked: bool


@dataclass(frozen=True)
class BoardPrizes:
    board: int
    rows: tuple[BoardPrizeRow, ...]


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


def team_definition(code: str, L: Labels) -> str:
    """One line: a team tie-break's meaning with its article, the score it counts, its modifiers.
    The meaning comes from the labels: an individual family's from ``tiebreak_meanings`` of
    ``labels/<lang>.json``, a team family's from those of ``labels/team/<lang>.json`` (English
    only today: a language without it falls back to the code table's English)."""
    d = parse(code, team=True)
    meanings = L["tiebreak_meanings"] if d.is_individual else L["team"]["tiebreak_meanings"]
    if d.name == "POINTS":  # the primary score (or a points tie-break): what its points are
        meaning: str = L["team"]["points_meanings"].get(d.score or "MP", meanings.get(d.name, d.meaning))
        return meaning + (f" ({L['article']} {d.article})" if d.article else "")
    parts = [meanings.get(d.name, d.meaning) + (f" ({L['article']} {d.article})" if d.article else "")]
    if d.score:
        parts.append(d.score)
    return "; ".join(parts + modifier_texts(d, d.base.low, d.base.high, L))


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
    rounds = _team_event(st).team(number).rounds
    terms = tuple(
        TermRow(
            (
                "" if t.round is None else str(t.round),
                "" if t.opponent is None else f"{t.opponent:>3} {names.get(t.opponent, '')[:18]}",
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
        mini_tables(d.steps, fmt, names, L),
        under,
        table_text=table,
        order=order_words(d.tiers, names) if d.tiers else "",
    )


def _match_result(
    st: Standings, rounds: Sequence[TeamRound], rnd: int | None, opponent: int | None, code: str, fmt: Fmt
) -> str:
    """A term's result as a team derivation prints it: the match's game points, the team's first
    (``2.5-1.5``), with the TRF code of a match not played over the board (``+``, ``-``)."""
    if rnd is None or opponent is None or not 0 < rnd <= len(rounds):
        return code
    mine = rounds[rnd - 1]
    theirs = _team_event(st).team(opponent).rounds[rnd - 1]
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


def _board_prizes(st: Standings, fmt: Fmt, min_games: int) -> tuple[BoardPrizes, ...]:
    """Per board: each player's points and games over the board on that board, percentage and
    performance (ARO of the rated opponents + dp(p), FIDE rating regulations 8.1(a))."""
    t = _team_event(st)
    rating = {p.start_number: p.rating for p in t.players}
    per: dict[int, dict[int, list[tuple[Fraction, int | None]]]] = {}
    for team in t.teams:
        for rnd in team.rounds:
            for b in rnd.boards:
                e = b.entry
                if b.player is None or not e.kind.is_game:
                    continue
                per.setdefault(b.board, {}).setdefault(b.player, []).append((e.points, e.opponent))
    out = []
    for board in sorted(per):
        rows = []
        for sn, games in per[board].items():
            pts = sum((g[0] for g in games), Fraction(0))
            n = len(games)
            rated = [r for _, o in games if o is not None and (r := rating.get(o))]
            perf = None
            if rated:
                aro = half_up(sum(rated), len(rated))
                p = half_up(int(pts * 100), n)
                perf = aro + DP[p]
            own = next((tm for tm in t.teams if sn in tm.players), None)
            row = BoardPrizeRow(
                sn,
                t.player(sn).name,
                own.name if own else "",
                str(rating.get(sn) or ""),
                n,
                fmt(pts),
                fmt(Fraction(round(pts * 1000 / n), 10)),
                "" if perf is None else str(perf),
                n >= min_games,
            )
            rows.append(((not row.ranked, -(perf or 0), -pts / n, sn), row))
        out.append(BoardPrizes(board, tuple(row for _, row in sorted(rows, key=lambda kr: kr[0]))))
    return tuple(out)


def _ties(st: Standings, fmt: Fmt, names: Mapping[int, str]) -> tuple[TieGroup, ...]:
    """Each group of teams equal on the primary score and the steps that broke it (every step of a
    team ranking splits its group)."""
    label: Callable[[int], str] = lambda n: f"{names[n]} ({n})"  # noqa: E731
    out = []
    for points, rows, places in tied_groups(st.rows):
        members = {r.team.number for r in rows}
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


def team_rules_text(st: Standings, L: Labels) -> RulesText:
    """The rules as a team report names them: the convention's title and source, its name with the
    team settings changed on the defaults (:attr:`Standings.rules`)."""
    return replace(rules_text(st.convention, L), name=st.rules)


def team_frame(st: Standings, L: Labels, lang: str, paper: str, input_path: PathLike | None) -> ReportView:
    """The head and foot of a team report: the footer names the event, the tie-break order starts
    with the primary score, defined as the tie-breaks are."""
    size = paper_size(paper)
    t = _team_event(st)
    source = InputFile.of(input_path, t.source)
    rules = team_rules_text(st, L)
    return ReportView(
        L,
        lang,
        size,
        TeamEvent(
            t.name or source.name,
            t.city,
            event_dates(t, L),
            t.chief_arbiter,
            t.rounds,
            len(t.teams),
            "",
            federation=t.federation,
            deputy_arbiters=", ".join(t.deputy_arbiters),
            time_control=t.time_control,
            links=tuple(t.links),
            boards=t.boards,
        ),
        rules,
        source,
        Footer(t.name or source.name, L["rules"], rules.name, source.name, source.sha256),
        tuple(TiebreakText(c, team_definition(c, L)) for c in [st.primary or "MP"] + list(st.codes)),
        tuple(st.codes),
        __version__,
    )


def team_compare_frame(st: Standings, *, lang: str, paper: str, input_path: PathLike | None) -> ReportView:
    """The header, labels and footer of a team compare or audit report: the team report's with the
    individual labels the shared templates use turned to teams (no., team, teams)."""
    L = team_labels(lang)
    T = L["team"]
    L = dict(
        L,
        players_count=T["teams"],
        col_name=T["team"],
        col_sno=T["col_no"],
        audit=dict(L["audit"], compare_intro=T["compare_intro"]),
    )
    head = team_frame(st, L, lang, paper, input_path)
    return replace(head, foot=replace(head.foot, event=head.event.name))


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


def _board_results(
    st: Standings, fmt: Fmt, T: Labels, names: Mapping[int, str], line_chars: int, only: Collection[int] | None = None
) -> tuple[BoardResults, ...]:
    """Each team's matches board by board, in standings order (``only``: of these team numbers,
    the teams whose derivations are printed: they are what a team's points are made of)."""
    t = _team_event(st)
    kinds = T["kinds"]
    boards = []
    for r in st.rows:
        team = r.team
        if only is not None and team.number not in only:
            continue
        lines = []
        for rnd in team.rounds:
            cells = []
            for b in rnd.boards:
                who = t.player(b.player).name if b.player is not None else "–"
                opp = t.player(b.entry.opponent).name if b.entry.opponent else ""
                cells.append(
                    f"{b.board}. {who} {result_code(b.entry.kind, b.entry.outcome)}" + (f" ({opp})" if opp else "")
                )
            lines.append(
                (
                    str(rnd.round),
                    f"{rnd.opponent} {names[rnd.opponent][:16]}" if rnd.opponent else "",
                    kinds.get(rnd.kind.value, rnd.kind.value),
                    fmt(rnd.mp),
                    fmt(rnd.gp),
                    "; ".join(cells),
                )
            )
        boards.append(
            BoardResults(
                team.number,
                team.name,
                r.rank_label,
                tuple(lines),
                aligned(
                    [T["round"], T["opponent"], T["kind"], "MP", "GP", T["boards"]],
                    [list(ln) for ln in lines],
                    line_chars,
                ),
            )
        )
    return tuple(boards)


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
    t = _team_event(st)
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
            MatchRow(team.number, team.name, tuple(team_cell(t, rnd).split(":")[0] for rnd in team.rounds))
            for team in (r.team for r in st.rows)
        ),
        round_numbers=tuple(range(1, t.rounds + 1)),
        boards=_board_results(st, fmt, L["team"], names, LINE_CHARS[paper], set(selected)),
        prizes=_board_prizes(st, fmt, min_games),
        min_games=min_games,
        ties=_ties(st, fmt, names),
        teams=tuple(
            team_block(st.row(n), fmt, derivations=ds)
            for n, ds in zip(selected, laid_out_groups(derivations_of, L, paper))
        ),
        by_round=tuple(_team_by_round(proj, teams, fmt, L, LINE_CHARS[paper])) if by_round else (),
    )
