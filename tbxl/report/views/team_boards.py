"""The boards of a team report: each team's matches board by board, each board with its colour
(:func:`board_results`, :func:`board_colour`) and
the board prizes (:func:`board_prizes`: per board, each player's points, games, percentage and
performance over the board, FIDE rating regulations 8.1(a))."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from fractions import Fraction

from tbxl.model import TeamRound, TeamTournament
from tbxl.model.codes import result_code
from tbxl.report.labels import Labels
from tbxl.report.text import COLOUR_MARKS, Fmt, aligned
from tbxl.report.views.team_frame import team_tournament
from tbxl.standings import Standings
from tbxl.tiebreaks.ratings import DP, half_up


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
    """A board's prize list: its players, the ranked ones first, by performance, then score per game."""

    board: int
    rows: tuple[BoardPrizeRow, ...]


def board_prizes(st: Standings, fmt: Fmt, min_games: int) -> tuple[BoardPrizes, ...]:
    """Per board: each player's points and games over the board on that board, percentage and
    performance (ARO of the rated opponents + dp(p), FIDE rating regulations 8.1(a))."""
    t = team_tournament(st)
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


def _other(colour: str | None) -> str | None:
    return {"w": "b", "b": "w"}.get(colour or "")


def board_colour(t: TeamTournament, rnd: TeamRound, theirs: TeamRound | None, board: int) -> str | None:
    """The colour (``"w"``/``"b"``) a team had on ``board`` of a match: the board's own game
    record, else the opponent's on that board, else board 1's colour alternated down the boards
    (the ``352`` pattern of the file, board 1 White, board 2 Black ... by default)."""
    mine = next((b for b in rnd.boards if b.board == board), None)
    if mine is not None and mine.entry.colour in ("w", "b"):
        return mine.entry.colour
    other = next((b for b in theirs.boards if b.board == board), None) if theirs else None
    if other is not None and other.entry.colour in ("w", "b"):
        return _other(other.entry.colour)
    if rnd.colour not in ("w", "b"):
        return None
    pattern = (t.board_colours or "WB" * t.boards).lower()
    first = pattern[0] if pattern else "w"
    here = pattern[(board - 1) % len(pattern)] if pattern else "w"
    return rnd.colour if here == first else _other(rnd.colour)


def board_results(
    st: Standings, fmt: Fmt, T: Labels, names: Mapping[int, str], line_chars: int, only: Collection[int] | None = None
) -> tuple[BoardResults, ...]:
    """Each team's matches board by board, in standings order (``only``: of these team numbers,
    the teams whose derivations are printed: they are what a team's points are made of)."""
    t = team_tournament(st)
    kinds = T["kinds"]
    boards = []
    for r in st.rows:
        team = r.team
        if only is not None and team.number not in only:
            continue
        lines = []
        for rnd in team.rounds:
            theirs = t.team(rnd.opponent).rounds[rnd.round - 1] if rnd.opponent is not None else None
            cells = []
            for b in rnd.boards:
                if b.player is None:  # nobody fielded: the board lost by forfeit
                    cells.append(f"{b.board}. {T['no_player']} {T['kinds']['forfeit-loss']}")
                    continue
                colour = board_colour(t, rnd, theirs, b.board)
                mark = f"{COLOUR_MARKS[colour]} " if colour else ""
                opp = t.player(b.entry.opponent).name if b.entry.opponent else ""
                cells.append(
                    f"{b.board}. {mark}{t.player(b.player).name} {result_code(b.entry.kind, b.entry.outcome)}"
                    + (f" ({opp})" if opp else "")
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
                    right=(0, 3, 4),  # round, MP, GP
                ),
            )
        )
    return tuple(boards)
