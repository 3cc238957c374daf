"""The team report (PDF or HTML): team standings, the match crosstable, board-by-board results,
board prizes, how the ties were broken and the derivations of the tied teams, in the report
languages (``templates/labels/<lang>.json`` plus the team words of ``labels/team/<lang>.json``).

Built like :mod:`tbxl.report` (whose views, rendering, label and layout helpers it uses): a typed
view built once (:class:`TeamReport`; the compare and audit reports of a team event are the
individual :class:`~tbxl.report.views.CompareReport` and :class:`~tbxl.report.views.AuditReport`
with team words), the Jinja2 template ``team.html.j2`` (autoescaped: team and player names are
untrusted), WeasyPrint fetching only files of the templates folder.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from fractions import Fraction

from tbxl import __version__
from tbxl.io.files import check_not_input
from tbxl.report import (LINE_CHARS, _Fmt, _reason, _rules_text, _write_report, labels, parse_derivations, plural,
                      templates_dir)
from tbxl.report.text import TermRow
from tbxl.report.views import (CompareCell, CompareItem, CompareRow, DerivationTable, Event, Footer, InputFile,
                            PlayerBlock, ReportView, RulesText, TiebreakText, Tier, TieGroup, TieStep, _laid_out_groups,
                            audit_report, compare_report, derived_differences, event_dates, paper_size, tied_groups)
from tbxl.model.codes import result_code
from tbxl.tiebreaks.ratings import DP, half_up
from tbxl.tiebreaks.codes import parse
from tbxl.io.grid.team import team_cell
from tbxl.standings import Standings


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
    by_round: tuple

    @property
    def T(self) -> dict:
        """The team words of the report's language."""
        return self.L["team"]


def team_labels(lang: str) -> dict:
    """The report labels of ``lang`` with the team words under ``"team"``."""
    L = dict(labels(lang))
    path = templates_dir() / "labels" / "team" / f"{lang}.json"
    L["team"] = json.loads(path.read_text(encoding="utf-8"))
    return L


def _definition(code: str, L: dict) -> str:
    d = parse(code, team=True)
    text = L["tiebreak_meanings"].get(d.name, d.meaning) if d.is_individual else d.meaning
    parts = [text + (f" ({L['article']} {d.article})" if d.article else "")]
    if d.score:
        parts.append(d.score)
    if d.base.low and d.base.high:
        parts.append(plural(L["mod_median"], d.base.low).format(n=d.base.low))
    elif d.base.low:
        parts.append(plural(L["mod_cut"], d.base.low).format(n=d.base.low))
    if d.limit:
        parts.append(plural(L["mod_limit"], d.limit).format(n=f"{d.limit:+d}"))
    parts += [L[f"mod_{flag}"] for flag in ("played_forfeits", "fore", "reverse") if getattr(d, flag)]
    if d.unrated is not None:
        parts.append(L["mod_unrated"].format(n=d.unrated))
    return "; ".join(parts)


def _derivation(st: Standings, number: int, code: str, fmt: _Fmt, L: dict, names: dict,
                line_chars: int, under: str = "") -> DerivationTable:
    """One tie-break's derivation for one team (laid out by :func:`~tbxl.report.views._laid_out`)."""
    d = st.explain(number, code)
    terms = tuple(TermRow(("" if t.round is None else str(t.round),
                           "" if t.opponent is None else f"{t.opponent:>3} {names.get(t.opponent, '')[:18]}",
                           t.result, fmt(t.real), fmt(t.adjusted), fmt(t.contribution)),
                          _reason(t.reason, L, fmt) + (f" [{t.article}]" if t.article else ""),
                          _reason(t.cut, L, fmt) if t.cut else "") for t in d.terms)
    T = L["team"]
    table = ""
    if d.table:
        head = [T["step"], L["de_group"], T["team"], L["de_score"], L["de_missing"], L["de_maximum"], L["de_step"]]
        rows = [[_step(r.get("step", ""), T["steps"]), r.get("group", ""), f"{r['team']} {names.get(r['team'], '')[:18]}",
                 fmt(r["score"]) if "score" in r else r.get("values", ""), fmt(r.get("missing")),
                 fmt(r.get("maximum")), _reason(r["outcome"], L, fmt) if "outcome" in r else ""] for r in d.table]
        table = _aligned(head, rows, line_chars)
    return DerivationTable(d.code, fmt(d.value, none="–"), _definition(code, L), terms,
                           fmt(d.total) if d.terms else None, tuple(_reason(n, L, fmt) for n in d.notes), (),
                           under, table_text=table)


def _step(text: str, words: dict) -> str:
    """An EDE step's label (``top-board results (board 2)``) in the report's language."""
    import re
    for en in sorted(words, key=len, reverse=True):
        text = re.sub(rf"\b{re.escape(en)}\b", words[en], text)
    return text


def _aligned(head: list[str], rows: list[list[str]], line_chars: int, last_wraps: bool = True) -> str:
    """Monospace text: columns padded to common widths, the last column wrapped with a hanging
    indent (one text block instead of a table cell per value: far fewer elements for WeasyPrint)."""
    import textwrap
    widths = [max(len(r[k]) for r in [head] + rows) for k in range(len(head) - 1)]
    hang = sum(widths) + 2 * len(widths)
    out = []
    for r in [head] + rows:
        lead = "".join(c.ljust(w) + "  " for c, w in zip(r[:-1], widths))
        lines = textwrap.wrap(r[-1], max(line_chars - hang, 20), break_on_hyphens=False) if last_wraps else [r[-1]]
        out.append(lead + (lines[0] if lines else ""))
        out.extend(" " * hang + line for line in lines[1:])
    return "\n".join(out)


def _board_prizes(st: Standings, fmt: _Fmt, min_games: int) -> tuple[BoardPrizes, ...]:
    """Per board: each player's points and games over the board on that board, percentage and
    performance (ARO of the rated opponents + dp(p), FIDE rating regulations 8.1(a))."""
    t = st.tournament
    rating = {p.start_number: p.rating for p in t.players}
    per: dict[int, dict[int, list]] = {}
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
            rated = [rating.get(o) for _, o in games if rating.get(o)]
            perf = None
            if rated:
                aro = half_up(sum(rated), len(rated))
                p = half_up(int(pts * 100), n)
                perf = aro + DP[p]
            team = next((tm for tm in t.teams if sn in tm.players), None)
            row = BoardPrizeRow(sn, t.player(sn).name, team.name if team else "", str(rating.get(sn) or ""), n,
                                fmt(pts), fmt(Fraction(round(pts * 1000 / n), 10)), "" if perf is None else str(perf),
                                n >= min_games)
            rows.append(((not row.ranked, -(perf or 0), -pts / n, sn), row))
        out.append(BoardPrizes(board, tuple(row for _, row in sorted(rows, key=lambda kr: kr[0]))))
    return tuple(out)


def _ties(st: Standings, fmt: _Fmt, names: dict) -> tuple[TieGroup, ...]:
    """Each group of teams equal on the primary score and the steps that broke it (every step of a
    team ranking splits its group)."""
    label = lambda n: f"{names[n]} ({n})"  # noqa: E731
    out = []
    for points, rows, places in tied_groups(st.rows):
        members = {r.team.number for r in rows}
        values = {r.team.number: r.values for r in rows}
        steps = tuple(TieStep(s.code, ", ".join(map(str, s.group)), True, tuple(
            Tier(", ".join(label(n) for n in sorted(tier)), fmt(values[tier[0]][s.code], none="–"))
            for tier in s.tiers)) for s in st.steps if s.group[0] in members)
        out.append(TieGroup(points=fmt(points), places=places, shared=(),
                            players=", ".join(label(r.team.number) for r in rows), steps=steps))
    return tuple(out)


def _team_rules_text(st: Standings, L: dict) -> RulesText:
    """The rules as a team report names them: the convention's title and source, its name with the
    team settings changed on the defaults (:attr:`Standings.rules`)."""
    return replace(_rules_text(st.convention, L), name=st.rules)


def _frame(st: Standings, L: dict, lang: str, paper: str, input_path) -> ReportView:
    """The head and foot of a team report (the footer names no event: the team report's own)."""
    size = paper_size(paper)
    t = st.tournament
    source = InputFile.of(input_path, t.source)
    rules = _team_rules_text(st, L)
    return ReportView(L, lang, size, TeamEvent(t.name or source.name, t.city, event_dates(t), t.chief_arbiter,
                                               t.rounds, len(t.teams), "", t.boards),
                      rules, source, Footer("", L["rules"], rules.name, source.name, source.sha256),
                      tuple(TiebreakText(c, _definition(c, L)) for c in st.codes), tuple(st.codes), __version__)


def build_team_view(st: Standings, *, lang: str = "en", derivations: str = "tied", teams=None,
                    paper: str = "a4", input_path=None, min_games: int = 0, by_round: bool = False) -> TeamReport:
    """Everything the team template shows (:class:`TeamReport`). ``by_round`` adds the
    round-by-round tables (``view.by_round``) of every team in standings order, or of ``teams`` only."""
    L = team_labels(lang)
    frame = _frame(st, L, lang, paper, input_path)
    kind, top = parse_derivations(derivations)
    fmt = _Fmt(bool(L["decimal_comma"]))
    t = st.tournament
    names = {team.number: team.name for team in t.teams}
    codes = st.codes
    T = L["team"]
    kinds = T["kinds"]
    boards = []
    for r in st.rows:
        team = r.team
        lines = []
        for rnd in team.rounds:
            cells = []
            for b in rnd.boards:
                who = t.player(b.player).name if b.player is not None else "–"
                opp = t.player(b.entry.opponent).name if b.entry.opponent else ""
                cells.append(f"{b.board}. {who} {result_code(b.entry.kind, b.entry.outcome)}" + (f" ({opp})" if opp else ""))
            lines.append((str(rnd.round), f"{rnd.opponent} {names[rnd.opponent][:16]}" if rnd.opponent else "",
                          kinds.get(rnd.kind.value, rnd.kind.value), fmt(rnd.mp), fmt(rnd.gp), "; ".join(cells)))
        boards.append(BoardResults(team.number, team.name, r.rank_label, tuple(lines),
                                   _aligned([T["round"], T["opponent"], T["kind"], "MP", "GP", T["boards"]],
                                            list(lines), LINE_CHARS[paper])))
    count: dict = {}
    for r in st.rows:
        count[r.points] = count.get(r.points, 0) + 1
    selected = [r.team.number for r in (st.rows[:top] if kind == "top" else st.rows)
                if kind in ("all", "top", "players") or (kind == "tied" and count[r.points] > 1)]
    if teams is not None:
        selected = [n for n in selected if n in set(teams)]
    derivations_of = [[_derivation(st, n, c, fmt, L, names, LINE_CHARS[paper]) for c in [st.primary] + codes]
                      for n in selected]
    return TeamReport.of(
        frame, primary=st.primary,
        rows=tuple(TeamRow(r.rank_label, r.team.number, r.team.name, fmt(r.points),
                           tuple(fmt(r.values.get(c), none="–") for c in codes)) for r in st.rows),
        crosstable=tuple(MatchRow(team.number, team.name, tuple(team_cell(t, rnd).split(":")[0] for rnd in team.rounds))
                         for team in (r.team for r in st.rows)),
        round_numbers=tuple(range(1, t.rounds + 1)), boards=tuple(boards), prizes=_board_prizes(st, fmt, min_games),
        min_games=min_games, ties=_ties(st, fmt, names),
        teams=tuple(_team_block(st.row(n), fmt, derivations=ds)
                    for n, ds in zip(selected, _laid_out_groups(derivations_of, L, paper))),
        by_round=tuple(_team_by_round(st, teams, fmt, L, LINE_CHARS[paper])) if by_round else ())


def _team_by_round(st: Standings, teams, fmt: _Fmt, L: dict, line_chars: int) -> list:
    """The round-by-round tables (:func:`tbxl.report._by_round`'s layout) of the teams: the primary
    score (headed MP or GP), rank and every tie-break after each round."""
    from tbxl.report import _by_round
    from tbxl.standings import standings_by_round
    history = standings_by_round(st.tournament, [st.primary] + st.codes, st.convention, st.engine.settings)
    shown = [r.team.number for r in st.rows if teams is None or r.team.number in set(teams)]
    T = L["team"]
    words = dict(L, col_points=st.primary, col_sno=T["col_no"])
    return _by_round(st, history, shown, fmt, words, line_chars, heading=lambda row: row.team.name)


def render_team_pdf(st: Standings, output, *, lang: str = "en", derivations: str = "tied", teams=None,
                    paper: str = "a4", input_path=None, html: bool = False, min_games: int = 0,
                    by_round: bool = False) -> None:
    """Write the team report (PDF, or its HTML with ``html=True``) to ``output`` atomically."""
    check_not_input(output, [input_path])
    view = build_team_view(st, lang=lang, derivations=derivations, teams=teams, paper=paper,
                           input_path=input_path, min_games=min_games, by_round=by_round)
    _write_report(view, "team.html.j2", output, [input_path], html=html)


# -- compare and audit of a team event (the individual templates, team words) -------------------------

def _team_frame(st: Standings, *, lang: str, paper: str, input_path) -> ReportView:
    """The header, labels and footer of a team compare or audit report: the team report's with the
    individual labels the shared templates use turned to teams (no., team, teams)."""
    L = team_labels(lang)
    T = L["team"]
    L = dict(L, players_count=T["teams"], col_name=T["team"], col_sno=T["col_no"],
             audit=dict(L["audit"], compare_intro=T["compare_intro"]))
    frame = _frame(st, L, lang, paper, input_path)
    return replace(frame, foot=replace(frame.foot, event=frame.event.name))


def _team_block(row, fmt: _Fmt, **parts) -> PlayerBlock:
    """A team's heading and derivations or changes (``player_head`` in the shared templates)."""
    return PlayerBlock(sn=row.team.number, title="", name=row.team.name, fed="", rating="",
                       points=fmt(row.points), rank=row.rank_label, **parts)


def _derivation_pair(st_a: Standings, st_b: Standings, number: int, code: str, fmt: _Fmt, L: dict,
                     names: dict, line_chars: int) -> list[DerivationTable]:
    return [_derivation(st, number, code, fmt, L, names, line_chars,
                        under=L["audit"]["under"].format(rules=st.rules)) for st in (st_a, st_b)]


def build_team_compare_view(sts: list[Standings], *, lang: str = "en", paper: str = "a4", input_path=None,
                            changed_only: bool = False):
    """The view of ``tbxl compare TEAM.trf -o compare.pdf`` (``compare.html.j2``, a
    :class:`~tbxl.report.views.CompareReport`): the team standings under every rule set side by
    side, changed cells marked, then for each changed value what changes in its terms and both
    derivations."""
    from tbxl.audit.changes import changes
    st = sts[0]
    frame = _team_frame(st, lang=lang, paper=paper, input_path=input_path)
    L = frame.L
    fmt = _Fmt(bool(L["decimal_comma"]))
    names = {team.number: team.name for team in st.tournament.teams}
    rules = [s.rules for s in sts]
    rows, changed_rows, changed_count = [], [], 0
    for r0 in st.rows:
        n = r0.team.number
        per = [s.row(n) for s in sts]
        changed = {c for c in st.codes if any(p.values[c] != r0.values[c] for p in per)}
        rank_changed = any(p.rank_label != r0.rank_label for p in per)
        changed_count += bool(changed or rank_changed)
        if changed_only and not (changed or rank_changed):
            continue
        rows.append(CompareRow(n, r0.team.name, [p.rank_label for p in per], rank_changed,
                               tuple(CompareCell(tuple(fmt(p.values[c], none="–") for p in per), c in changed)
                                     for c in st.codes)))
        items = []
        for c in st.codes:
            d = parse(c, team=True)
            for k in range(1, len(sts)):
                if per[k].values[c] == r0.values[c]:
                    continue
                pair = [] if d.is_order else _derivation_pair(st, sts[k], n, c, fmt, L, names, LINE_CHARS[paper])
                found = [] if d.is_order else changes(st.explain(n, c), sts[k].explain(n, c))
                items.append((CompareItem(c, rules[k], fmt(r0.values[c], none="–"), fmt(per[k].values[c], none="–"),
                                          tuple(_reason(x, L, fmt) for x in found), ()), pair))
        if items:
            changed_rows.append((r0, items))
    # every derivation laid out together (common column widths), then put back in its item
    laid_out = iter(_laid_out_groups([pair for _, items in changed_rows for _, pair in items], L, paper))
    blocks = [_team_block(r0, fmt, items=tuple(replace(item, derivations=next(laid_out)) for item, _ in items))
              for r0, items in changed_rows]
    return compare_report(frame, [_team_rules_text(s, L) for s in sts], rows, changed_count, blocks)


def render_team_compare_pdf(sts: list[Standings], output, *, lang: str = "en", paper: str = "a4",
                            input_path=None, changed_only: bool = False, html: bool = False) -> None:
    """Write the team comparison report (PDF, or its HTML with ``html=True``) atomically."""
    check_not_input(output, [input_path])
    view = build_team_compare_view(sts, lang=lang, paper=paper, input_path=input_path, changed_only=changed_only)
    _write_report(view, "compare.html.j2", output, [input_path], html=html)


def build_team_audit_view(result, *, lang: str = "en", paper: str = "a4", inputs=()):
    """The view of ``tbxl audit TEAM.trf --published FILE -o audit.pdf`` (``audit.html.j2``, an
    :class:`~tbxl.report.views.AuditReport`): the summary, the verdict per published column, every
    difference with the rule sets reproducing it, the rank groups, and each differing value's
    derivation under the announced rules and under the rule set it follows."""
    st = result.standings
    inputs = list(inputs)
    frame = _team_frame(st, lang=lang, paper=paper, input_path=inputs[0] if inputs else None)
    L = frame.L
    fmt = _Fmt(bool(L["decimal_comma"]))
    names = {team.number: team.name for team in st.tournament.teams}
    derivations_of: dict[int, list[DerivationTable]] = {}
    for f, other in derived_differences(result):
        derivations_of.setdefault(f.start_number, []).extend(
            _derivation_pair(st, other, f.start_number, f.code, fmt, L, names, LINE_CHARS[paper]))
    order = {r.team.number: k for k, r in enumerate(st.rows)}
    shown = sorted(derivations_of, key=order.__getitem__)
    laid_out = _laid_out_groups([derivations_of[n] for n in shown], L, paper)
    return audit_report(result, frame, fmt, inputs[1] if len(inputs) > 1 else None,
                        tuple(_team_block(st.row(n), fmt, derivations=ds) for n, ds in zip(shown, laid_out)),
                        who=lambda r: (r.team.number, r.team.name))


def render_team_audit_pdf(result, output, *, lang: str = "en", paper: str = "a4", inputs=(), html: bool = False) -> None:
    """Write the team audit report (PDF, or its HTML with ``html=True``) atomically."""
    check_not_input(output, list(inputs))
    view = build_team_audit_view(result, lang=lang, paper=paper, inputs=inputs)
    _write_report(view, "audit.html.j2", output, list(inputs), html=html)
