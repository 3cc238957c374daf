"""The team report (PDF or HTML): team standings, the match crosstable, board-by-board results,
board prizes, how the ties were broken and the derivations of the tied teams, in the report
languages (``templates/labels/<lang>.json`` plus the team words of ``labels/team/<lang>.json``).

Built like :mod:`tbxl.report` (whose rendering, label and layout helpers it uses): a view of plain
data, the Jinja2 template ``team.html.j2`` (autoescaped: team and player names are untrusted),
WeasyPrint fetching only files of the templates folder.
"""

from __future__ import annotations

import json
import os
from fractions import Fraction
from dataclasses import replace
from itertools import groupby

from .. import __version__
from ..errors import InputError
from ..files import check_not_input
from ..report import (LINE_CHARS, PAPER, _Fmt, _reason, _rules_text, _term_lines, _write_report, labels,
                      parse_derivations, plural, sha256_file, templates_dir)
from ..tiebreaks.base import result_code
from ..tiebreaks.ratings import DP, _half_up
from ..report.views import Footer
from .codes import parse
from .grid import team_cell
from .standings import TeamStandings

def team_labels(lang: str) -> dict:
    """The report labels of ``lang`` with the team words under ``"team"``."""
    L = dict(labels(lang))
    path = templates_dir() / "labels" / "team" / f"{lang}.json"
    L["team"] = json.loads(path.read_text(encoding="utf-8"))
    return L


def _definition(code: str, L: dict) -> str:
    d = parse(code)
    text = L["tiebreak_meanings"].get(d.name, d.meaning) if d.is_individual else d.meaning
    parts = [text + (f" ({L['article']} {d.article})" if d.article else "")]
    if d.score:
        parts.append(d.score)
    if d.base.low and d.base.high:
        parts.append(plural(L["mod_median"], d.base.low).format(n=d.base.low))
    elif d.base.low:
        parts.append(plural(L["mod_cut"], d.base.low).format(n=d.base.low))
    if d.base.played_forfeits:
        parts.append(L["mod_played_forfeits"])
    return "; ".join(parts)


def _derivation(st: TeamStandings, number: int, code: str, fmt: _Fmt, L: dict, names: dict,
                line_chars: int) -> dict:
    d = st.explain(number, code)
    terms = [{"cells": ["" if t.round is None else str(t.round),
                        "" if t.opponent is None else f"{t.opponent:>3} {names.get(t.opponent, '')[:18]}",
                        t.result, fmt(t.real), fmt(t.adjusted), fmt(t.contribution)],
              "reason": _reason(t.reason, L, fmt) + (f" [{t.article}]" if t.article else ""),
              "cut": t.cut and _reason(t.cut, L, fmt)} for t in d.terms]
    T = L["team"]
    table = ""
    if d.table:
        head = [T["step"], L["de_group"], T["team"], L["de_score"], L["de_missing"], L["de_maximum"], L["de_step"]]
        rows = [[_step(r.get("step", ""), T["steps"]), r.get("group", ""), f"{r['team']} {names.get(r['team'], '')[:18]}",
                 fmt(r["score"]) if "score" in r else r.get("values", ""), fmt(r.get("missing")),
                 fmt(r.get("maximum")), _reason(r["outcome"], L, fmt) if "outcome" in r else ""] for r in d.table]
        table = _aligned(head, rows, line_chars)
    total = fmt(d.total) if d.terms else None
    return {"code": d.code, "value": fmt(d.value, none="–"), "terms": terms, "total": total,
            "notes": [_reason(n, L, fmt) for n in d.notes], "table": table, "definition": _definition(code, L)}


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


def _board_prizes(st: TeamStandings, fmt: _Fmt, min_games: int) -> list[dict]:
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
                aro = _half_up(sum(rated), len(rated))
                p = _half_up(int(pts * 100), n)
                perf = aro + DP[p]
            team = next((tm for tm in t.teams if sn in tm.players), None)
            rows.append({"sn": sn, "name": t.player(sn).name, "team": team.name if team else "",
                         "rating": rating.get(sn) or "", "games": n, "points": fmt(pts),
                         "percent": fmt(Fraction(round(pts * 1000 / n), 10)), "perf": "" if perf is None else perf,
                         "ranked": n >= min_games, "_key": (n >= min_games, perf or 0, pts / n)})
        rows.sort(key=lambda r: (not r["_key"][0], -r["_key"][1], -r["_key"][2], r["sn"]))
        for r in rows:
            del r["_key"]
        out.append({"board": board, "rows": rows})
    return out


def _ties(st: TeamStandings, fmt: _Fmt, L: dict, names: dict) -> list[dict]:
    label = lambda n: f"{names[n]} ({n})"  # noqa: E731
    out = []
    for points, rows in groupby(st.rows, key=lambda r: r.points):
        rows = list(rows)
        if len(rows) < 2:
            continue
        members = {r.team.number for r in rows}
        values = {r.team.number: r.values for r in rows}
        steps = [{"code": s.code, "group": ", ".join(map(str, s.group)),
                  "tiers": [{"teams": ", ".join(label(n) for n in sorted(tier)),
                             "value": fmt(values[tier[0]][s.code], none="–")} for tier in s.tiers]}
                 for s in st.steps if s.group[0] in members]
        first = rows[0].rank
        out.append({"title": L["team"]["tie_group"].format(points=fmt(points), score=st.primary,
                                                           places=f"{first}-{first + len(rows) - 1}"),
                    "teams": ", ".join(label(r.team.number) for r in rows), "steps": steps})
    return out


def build_team_view(st: TeamStandings, *, lang: str = "en", derivations: str = "tied", teams=None,
                    paper: str = "a4", input_path=None, min_games: int = 0, by_round: bool = False) -> dict:
    """Everything the team template shows, as plain data. ``by_round`` adds the round-by-round
    tables (``view["by_round"]``) of every team in standings order, or of ``teams`` only."""
    L = team_labels(lang)
    if paper not in PAPER:
        raise InputError(f"unknown paper size {paper!r}; available: {', '.join(PAPER)}")
    kind, top = parse_derivations(derivations)
    fmt = _Fmt(bool(L["decimal_comma"]))
    t = st.tournament
    names = {team.number: team.name for team in t.teams}
    digest = sha256_file(input_path) if input_path else ""
    file_name = os.path.basename(os.fspath(input_path)) if input_path else (t.source or "")
    dates = " – ".join(d.isoformat() for d in (t.start_date, t.end_date) if d)
    codes = st.codes
    rows = [{"rank": r.rank_label, "no": r.team.number, "name": r.team.name, "points": fmt(r.points),
             "values": [fmt(r.values.get(c), none="–") for c in codes]} for r in st.rows]
    cross = [{"no": team.number, "name": team.name, "cells": [team_cell(t, rnd).split(":")[0] for rnd in team.rounds]}
             for team in (r.team for r in st.rows)]
    kinds = L["team"]["kinds"]
    boards = []
    T = L["team"]
    for r in st.rows:
        team = r.team
        lines = []
        for rnd in team.rounds:
            cells = []
            for b in rnd.boards:
                who = t.player(b.player).name if b.player is not None else "–"
                opp = t.player(b.entry.opponent).name if b.entry.opponent else ""
                cells.append(f"{b.board}. {who} {result_code(b.entry.kind, b.entry.outcome)}" + (f" ({opp})" if opp else ""))
            lines.append([str(rnd.round), f"{rnd.opponent} {names[rnd.opponent][:16]}" if rnd.opponent else "",
                          kinds.get(rnd.kind.value, rnd.kind.value), fmt(rnd.mp), fmt(rnd.gp), "; ".join(cells)])
        boards.append({"no": team.number, "name": team.name, "rank": r.rank_label, "rounds": lines,
                       "text": _aligned([T["round"], T["opponent"], T["kind"], "MP", "GP", T["boards"]], lines,
                                        LINE_CHARS[paper])})
    count: dict = {}
    for r in st.rows:
        count[r.points] = count.get(r.points, 0) + 1
    selected = [r.team.number for r in (st.rows[:top] if kind == "top" else st.rows)
                if kind in ("all", "top", "players") or (kind == "tied" and count[r.points] > 1)]
    if teams is not None:
        selected = [n for n in selected if n in set(teams)]
    blocks = []
    for n in selected:
        row = st.row(n)
        blocks.append({"no": n, "name": names[n], "rank": row.rank_label, "points": fmt(row.points),
                       "derivations": [_derivation(st, n, c, fmt, L, names, LINE_CHARS[paper])
                                       for c in [st.primary] + codes]})
    _term_lines((d for b in blocks for d in b["derivations"]), L, LINE_CHARS[paper])
    foot = " · ".join(x for x in (f"tbxl {__version__}", f"{L['rules']} {st.convention.name}", file_name,
                                  f"SHA-256 {digest[:16]}" if digest else "") if x)
    return {
        "L": L, "T": L["team"], "lang": lang, "paper": PAPER[paper], "version": __version__, "foot": foot,
        "event": {"name": t.name or file_name, "city": t.city, "dates": dates, "chief_arbiter": t.chief_arbiter,
                  "rounds": t.rounds, "teams": len(t.teams), "boards": t.boards},
        "rules": _rules_text(st.convention, L), "input": {"name": file_name, "sha256": digest},
        "primary": st.primary, "codes": codes,
        "tiebreaks": [{"code": c, "text": _definition(c, L)} for c in codes],
        "rows": rows, "crosstable": cross, "round_numbers": list(range(1, t.rounds + 1)),
        "boards": boards, "prizes": _board_prizes(st, fmt, min_games), "min_games": min_games,
        "ties": _ties(st, fmt, L, names), "teams": blocks,
        "by_round": _team_by_round(st, teams, fmt, L, LINE_CHARS[paper]) if by_round else [],
    }


def _team_by_round(st: TeamStandings, teams, fmt: _Fmt, L: dict, line_chars: int) -> list:
    """The round-by-round tables (:func:`tbxl.report._by_round`'s layout) of the teams: the primary
    score (headed MP or GP), rank and every tie-break after each round."""
    from ..report import _by_round
    from .standings import team_standings_by_round
    history = team_standings_by_round(st.tournament, [st.primary] + st.codes, st.convention, st.engine.settings)
    shown = [r.team.number for r in st.rows if teams is None or r.team.number in set(teams)]
    T = L["team"]
    words = dict(L, col_points=st.primary, col_sno=T["col_no"])
    return _by_round(st, history, shown, fmt, words, line_chars, heading=lambda row: row.team.name)


def render_team_pdf(st: TeamStandings, output, *, lang: str = "en", derivations: str = "tied", teams=None,
                    paper: str = "a4", input_path=None, html: bool = False, min_games: int = 0,
                    by_round: bool = False) -> None:
    """Write the team report (PDF, or its HTML with ``html=True``) to ``output`` atomically."""
    check_not_input(output, [input_path])
    view = build_team_view(st, lang=lang, derivations=derivations, teams=teams, paper=paper,
                           input_path=input_path, min_games=min_games, by_round=by_round)
    _write_report(view, "team.html.j2", output, [input_path], html=html)


# -- compare and audit of a team event (the individual templates, team words) -------------------------

def _team_frame(st: TeamStandings, *, lang: str, paper: str, input_path) -> dict:
    """The header, labels and footer of a team compare or audit report: the team report's view with
    the individual labels the shared templates use turned to teams (no., team, teams)."""
    view = build_team_view(st, lang=lang, derivations="none", paper=paper, input_path=input_path)
    L = dict(view["L"])
    T = L["team"]
    L.update(players_count=T["teams"], col_name=T["team"], col_sno=T["col_no"])
    L["audit"] = dict(L["audit"], compare_intro=T["compare_intro"])
    view["L"] = L
    view["event"]["players"] = view["event"]["teams"]
    view["event"].setdefault("after", "")
    view["foot"] = Footer(view["event"]["name"], L["rules"], st.convention.name, view["input"]["name"],
                          view["input"]["sha256"])
    return view


def _team_block(row, fmt: _Fmt, **extra) -> dict:
    """A team's heading in the shared templates (``player_head``): number, name, rank, points."""
    return {"sn": row.team.number, "name": row.team.name, "title": "", "fed": "", "rating": "",
            "rank": row.rank_label, "points": fmt(row.points), **extra}


def _derivation_pair(st_a: TeamStandings, st_b: TeamStandings, number: int, code: str, fmt: _Fmt, L: dict,
                     names: dict, line_chars: int) -> list[dict]:
    out = []
    for st in (st_a, st_b):
        d = _derivation(st, number, code, fmt, L, names, line_chars)
        d["under"] = L["audit"]["under"].format(rules=st.convention.name)
        out.append(d)
    return out


def build_team_compare_view(sts: list[TeamStandings], *, lang: str = "en", paper: str = "a4", input_path=None,
                            changed_only: bool = False) -> dict:
    """The view of ``tbxl compare TEAM.trf -o compare.pdf`` (``compare.html.j2``): the team standings
    under every rule set side by side, changed cells marked, then for each changed value what
    changes in its terms and both derivations."""
    from ..changes import changes
    st = sts[0]
    view = _team_frame(st, lang=lang, paper=paper, input_path=input_path)
    L = view["L"]
    fmt = _Fmt(bool(L["decimal_comma"]))
    names = {team.number: team.name for team in st.tournament.teams}
    rules = [s.convention.name for s in sts]
    view["rules_list"] = [_rules_text(s.convention, L) for s in sts]
    view["foot"] = replace(view["foot"], rules=" | ".join(rules))
    rows, blocks, changed_count = [], [], 0
    for r0 in st.rows:
        n = r0.team.number
        per = [s.row(n) for s in sts]
        changed = {c for c in st.codes if any(p.values[c] != r0.values[c] for p in per)}
        rank_changed = any(p.rank_label != r0.rank_label for p in per)
        changed_count += bool(changed or rank_changed)
        if changed_only and not (changed or rank_changed):
            continue
        rows.append({"sn": n, "name": r0.team.name, "ranks": [p.rank_label for p in per],
                     "rank_changed": rank_changed,
                     "cells": [{"values": [fmt(p.values[c], none="–") for p in per], "changed": c in changed}
                               for c in st.codes]})
        items = []
        for c in st.codes:
            d = parse(c)
            for k in range(1, len(sts)):
                if per[k].values[c] == r0.values[c]:
                    continue
                pair = [] if d.is_order else _derivation_pair(st, sts[k], n, c, fmt, L, names, LINE_CHARS[paper])
                found = [] if d.is_order else changes(st.explain(n, c), sts[k].explain(n, c))
                items.append({"code": c, "rules": rules[k], "before": fmt(r0.values[c], none="–"),
                              "after": fmt(per[k].values[c], none="–"), "changes": [_reason(x, L, fmt) for x in found],
                              "derivations": pair})
        if items:
            blocks.append(_team_block(r0, fmt, items=items))
    view["compare_rows"] = rows
    view["changed_count"] = changed_count
    view["change_blocks"] = blocks
    _term_lines((d for b in blocks for i in b["items"] for d in i["derivations"]), L, LINE_CHARS[paper])
    return view


def render_team_compare_pdf(sts: list[TeamStandings], output, *, lang: str = "en", paper: str = "a4",
                            input_path=None, changed_only: bool = False, html: bool = False) -> None:
    """Write the team comparison report (PDF, or its HTML with ``html=True``) atomically."""
    check_not_input(output, [input_path])
    view = build_team_compare_view(sts, lang=lang, paper=paper, input_path=input_path, changed_only=changed_only)
    _write_report(view, "compare.html.j2", output, [input_path], html=html)


def build_team_audit_view(result, *, lang: str = "en", paper: str = "a4", inputs=()) -> dict:
    """The view of ``tbxl audit TEAM.trf --published FILE -o audit.pdf`` (``audit.html.j2``): the
    summary, the verdict per published column, every difference with the rule sets reproducing it,
    the rank groups, and each differing value's derivation under the announced rules and under the
    rule set it follows."""
    from ..audit import UNEXPLAINED
    from ..report.views import _rank_groups, audit_findings_view, derived_differences
    st = result.standings
    inputs = list(inputs)
    view = _team_frame(st, lang=lang, paper=paper, input_path=inputs[0] if inputs else None)
    L = view["L"]
    fmt = _Fmt(bool(L["decimal_comma"]))
    names = {team.number: team.name for team in st.tournament.teams}
    view.update(audit_findings_view(result, L, fmt, inputs[1] if len(inputs) > 1 else None))
    blocks: dict[int, dict] = {}
    for f, other in derived_differences(result):
        block = blocks.setdefault(f.start_number, _team_block(st.row(f.start_number), fmt, derivations=[]))
        block["derivations"] += _derivation_pair(st, other, f.start_number, f.code, fmt, L, names, LINE_CHARS[paper])
    order = {r.team.number: k for k, r in enumerate(st.rows)}
    view["players"] = sorted(blocks.values(), key=lambda b: order[b["sn"]])
    _term_lines((d for b in view["players"] for d in b["derivations"]), L, LINE_CHARS[paper])
    view["unexplained"] = sum(f.status == UNEXPLAINED for f in result.findings)
    view["rank_groups"] = _rank_groups(result, fmt, L, who=lambda r: (r.team.number, r.team.name))
    return view


def render_team_audit_pdf(result, output, *, lang: str = "en", paper: str = "a4", inputs=(), html: bool = False) -> None:
    """Write the team audit report (PDF, or its HTML with ``html=True``) atomically."""
    check_not_input(output, list(inputs))
    view = build_team_audit_view(result, lang=lang, paper=paper, inputs=inputs)
    _write_report(view, "audit.html.j2", output, list(inputs), html=html)
