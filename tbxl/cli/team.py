"""The ``tbxl`` commands on a team event (the CLI room for teams; the team core never imports it).

``tbxl compute TEAM.trf`` ranks the teams (table, CSV or the JSON contract with ``"kind": "team"``);
``tbxl explain TEAM.trf --team N`` shows the team's matches board by board and the derivation of
every value; ``tbxl compare`` puts rule sets side by side; ``tbxl audit`` checks the rank column of
the ``310`` records. :func:`run_team` is called by :mod:`tbxl.cli` when the input holds team records.
"""

from __future__ import annotations

import csv
import io
import json
import sys
from typing import Optional

from tbxl.rules.conventions import Convention, resolve, resolve_each
from tbxl.errors import InputError
from tbxl.formatting import decimal_text, json_number
from tbxl.model import Pairing
from tbxl.model.team import TeamTournament
from tbxl.rules.team import TeamSettings, split as split_settings
from tbxl.team_standings import TeamStandings, compute_team_standings


def load_team(args) -> TeamTournament:
    import os
    from tbxl.io.load import WORKBOOK_SUFFIXES
    from tbxl.io.trf.team import read_team_trf
    notes: list[str] = []
    if os.fspath(args.input).lower().endswith(WORKBOOK_SUFFIXES):
        from tbxl.io.workbook.team import read_team_workbook
        t = read_team_workbook(args.input)
    else:
        t = read_team_trf(os.fspath(args.input), strict=args.strict,
                          pairing=Pairing(args.pairing) if args.pairing else None, notes=notes)
    if args.verbose:
        for note in notes:
            print(f"tbxl: note: {args.input}: {note}", file=sys.stderr)
    if args.after_round is not None:
        if not 0 <= args.after_round <= t.rounds:
            raise InputError(f"--after-round {args.after_round} is outside 0..{t.rounds}")
        t = t.after_round(args.after_round)
    return t


def _settings(args) -> tuple[TeamSettings, list[str]]:
    """``--set`` items: the team settings (e.g. ede_bc=higher-first), and the convention's."""
    return split_settings(getattr(args, "settings", []))


def _rules(args, t: TeamTournament) -> Convention:
    """The rule set of ``--rules`` (else the edition in force at the start) with the convention's
    ``--set`` items: names become a :class:`Convention` here, at the edge."""
    return resolve(args.rules, t.start_date, _settings(args)[1])


def _each_rules(args, t: TeamTournament, default: str = "") -> list[Convention]:
    """The rule sets of a ``--rules`` list (compare, the 310 rank check), each with the ``--set`` items."""
    return resolve_each(args.rules or default, t.start_date, _settings(args)[1])


def _standings(args, t: TeamTournament, conv: Optional[Convention] = None) -> TeamStandings:
    return compute_team_standings(t, args.tiebreaks, conv or _rules(args, t), _settings(args)[0])


def run_team(args, parser, emit, fmt: str = "text") -> int:
    """Run ``args.command`` on a team event; ``emit(args, text, fmt)`` writes the text (``-o`` or
    standard output); ``fmt`` is what the command writes (text, csv, json, pdf, html, xlsx), as
    :func:`tbxl.cli._output_format` decided from ``-o`` and ``--format``."""
    if getattr(args, "categories", None) or getattr(args, "prizes", None):
        parser.error("--category and --prizes are for individual events, not team events")
    t = load_team(args)
    if args.command == "compute":
        st = _standings(args, t)
        if fmt in ("pdf", "html"):
            _report(st, args, t, parser, html=fmt == "html", derivations="tied")
            return 0
        emit(args, {"text": render_team_table, "csv": render_team_csv, "json": render_team_json}[fmt](st), fmt)
        return 0
    if args.command == "explain":
        number = getattr(args, "team", None)
        if number is None and args.player is not None:  # --player N also names a team here
            if not args.player.strip().isdigit():
                parser.error(f"explain on a team event needs one team number, not --player {args.player!r}")
            number = int(args.player)
        if number is None:
            parser.error("explain on a team event needs --team N")
        st = _standings(args, t)
        if number not in t:
            raise InputError(f"no team with number {number}", file=args.input)
        codes = [args.tiebreak] if args.tiebreak else [st.primary] + st.codes
        if fmt in ("pdf", "html"):
            # The team's appeal: the team report with this team's derivations.
            _render(st, args, derivations="all", teams=[number], html=fmt == "html")
            return 0
        emit(args, render_team_explain(st, number, codes), fmt)
        return 0
    if args.command == "compare":
        if not args.rules or "," not in args.rules:
            parser.error("compare needs two or more rule sets, e.g. --rules fide-2024,fide-2026")
        if fmt in ("pdf", "html"):
            report = _room("render_compare_pdf")
            report([_standings(args, t, c) for c in _each_rules(args, t)], args.output,
                   lang=getattr(args, "lang", None) or "en",
                   paper=getattr(args, "paper", None) or "a4", input_path=args.input,
                   changed_only=getattr(args, "changed_only", False), html=fmt == "html")
            return 0
        emit(args, render_team_compare(t, args, fmt == "json"), fmt)
        return 0
    if args.command == "audit":
        if getattr(args, "published", None):
            return _audit_published(args, t, parser, emit, fmt)
        if getattr(args, "map", None):
            parser.error("--map names columns of a --published file")
        if fmt in ("pdf", "html"):
            parser.error("audit on a team event writes a report of a --published table; the 310 rank "
                         "column check writes text or JSON")
        text, ok = render_team_audit(t, args, fmt == "json")
        emit(args, text, fmt)
        return 0 if ok else 1
    if args.command == "report":
        _report(_standings(args, t), args, t, parser, html=fmt == "html", derivations=args.derivations or "tied")
        return 0
    if args.command == "workbook":
        from tbxl.io.workbook.team import write_team_workbook
        try:
            write_team_workbook(t, args.output, tiebreaks=args.tiebreaks, rules=args.rules, inputs=[args.input])
        except ImportError as err:
            from tbxl.errors import MissingDependency
            raise MissingDependency(err.name or "openpyxl", "xlsx") from None
        return 0
    parser.error(f"'{args.command}' does not support team events yet (compute, explain, compare, audit, "
                 f"report, workbook do)")
    return 2


def _audit_published(args, t: TeamTournament, parser, emit, fmt: str) -> int:
    """``tbxl audit TEAM.trf --published FILE``: every published number against the announced rules
    (one rule set), the differences traced to a named rule set or setting; exit 0 when every
    difference follows one, 1 when one follows none (``--fail-on difference``: when any differs)."""
    from tbxl.audit.text import render_audit_json, render_audit_text
    from tbxl.io.published import read_published
    from tbxl.audit.team import team_audit, team_column_meaning
    from tbxl.team_standings import resolve_team_tiebreaks
    if args.rules and "," in args.rules:
        parser.error("audit --published checks against one rule set (the announced one), e.g. --rules fide-2026")
    listed = [d.code for d in resolve_team_tiebreaks(t, args.tiebreaks)[1]] if (args.tiebreaks or t.tiebreaks) else []
    published = read_published(args.published, t, tiebreaks=listed, mapping=args.map or (),
                               sheet=args.published_sheet, meaning=team_column_meaning,
                               who="team with number")
    if args.verbose:
        for note in published.notes:
            print(f"tbxl: note: {args.published}: {note}", file=sys.stderr)
    result = team_audit(t, published, rules=_rules(args, t), tiebreaks=args.tiebreaks,
                        settings=_settings(args)[0])
    if fmt in ("pdf", "html"):
        _room("render_audit_pdf")(result, args.output, lang=getattr(args, "lang", None) or "en",
                                       paper=getattr(args, "paper", None) or "a4",
                                       inputs=[args.input, args.published], html=fmt == "html")
    else:
        emit(args, (render_audit_json if fmt == "json" else render_audit_text)(result), fmt)
    if getattr(args, "fail_on", None) == "difference":
        return 1 if result.differences else 0
    return 0 if result.ok else 1


def _report(st: TeamStandings, args, t: TeamTournament, parser, *, html: bool, derivations: str) -> None:
    teams = None
    if getattr(args, "players", None):
        try:
            teams = [int(x) for x in args.players.split(",") if x.strip()]
        except ValueError:
            parser.error(f"--players expects team numbers like 3,7,12, not {args.players!r}")
        missing = [n for n in teams if n not in t]
        if missing:
            raise InputError(f"no team with number {missing[0]}", file=args.input)
    _render(st, args, derivations=derivations, teams=teams, html=html)


def _room(name: str):
    """A renderer of :mod:`tbxl.report` (its dependencies are the ``report`` extra)."""
    try:
        import tbxl.report as report
    except ImportError as err:
        from tbxl.errors import MissingDependency
        raise MissingDependency(err.name or "jinja2", "report") from None
    return getattr(report, name)


def _render(st: TeamStandings, args, *, derivations: str, teams, html: bool) -> None:
    _room("render_pdf")(st, args.output, lang=getattr(args, "lang", None) or "en", derivations=derivations,
                    players=teams, paper=getattr(args, "paper", None) or "a4", input_path=args.input, html=html,
                    min_games=getattr(args, "min_games", 0) or 0, by_round=getattr(args, "by_round", False))


# -- renderers ----------------------------------------------------------------------------------------

def _cell(v) -> str:
    return decimal_text(v, none="-")


def render_team_table(st: TeamStandings) -> str:
    t = st.tournament
    head = ["Rank", "TNo", "Team", st.primary] + st.codes
    body = [[r.rank_label, str(r.team.number), r.team.name, _cell(r.points)] + [_cell(r.values[c]) for c in st.codes]
            for r in st.rows]
    widths = [max(len(row[k]) for row in [head] + body) for k in range(len(head))]
    lines = [f"{t.name or t.source} - {len(t.teams)} teams x {t.boards} boards - {t.rounds} rounds - "
             f"rules {st.rules}"]
    for row in [head] + body:
        lines.append("  ".join(c.ljust(widths[k]) if k == 2 else c.rjust(widths[k]) for k, c in enumerate(row)).rstrip())
    return "\n".join(lines) + "\n"


def render_team_csv(st: TeamStandings) -> str:
    from tbxl.cli import _csv_text
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["rank", "team_number", "name", "points"] + st.codes)
    for r in st.rows:
        w.writerow([r.rank_label, r.team.number, _csv_text(r.team.name), decimal_text(r.points)]
                   + [decimal_text(r.values[c]) for c in st.codes])
    return buf.getvalue()


def team_standings_json(st: TeamStandings) -> dict:
    """The ``--format json`` object of a team event: ``points`` is the primary score (MP unless the
    list starts with GPTS); ``values`` are keyed by the codes as given; an order's value is the tier
    within the tied group (1 = top) or null where it did not apply."""
    t = st.tournament
    return {
        "tournament": {"name": t.name, "rounds": t.rounds, "teams": len(t.teams), "boards": t.boards,
                       "players": len(t.players), "kind": "team", "primary": st.primary,
                       "start_date": t.start_date.isoformat() if t.start_date else None},
        "rules": st.rules,
        "tiebreaks": st.codes,
        "standings": [{"rank": r.rank, "rank_label": r.rank_label, "team_number": r.team.number,
                       "name": r.team.name, "points": json_number(r.points),
                       "values": {c: json_number(v) for c, v in r.values.items()}} for r in st.rows],
    }


def render_team_json(st: TeamStandings) -> str:
    obj = team_standings_json(st)
    rows = obj.pop("standings")
    head = json.dumps(obj, ensure_ascii=False)[:-1]
    return head + ', "standings": [\n' + ",\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n]}\n"


def _board_text(b) -> str:
    from tbxl.tiebreaks.base import result_code
    who = str(b.player) if b.player is not None else "-"
    opp = f" v {b.entry.opponent}" if b.entry.opponent else ""
    return f"B{b.board} {who}{opp} {result_code(b.entry.kind, b.entry.outcome)}"


def render_team_matches(t: TeamTournament, number: int) -> list[str]:
    """The team's rounds board by board."""
    team = t.team(number)
    out = [f"  {'rd':>3} {'opp':>4} {'col':>3} {'kind':<14} {'MP':>4} {'GP':>5}  boards"]
    for r in team.rounds:
        out.append(f"  {r.round:>3} {'' if r.opponent is None else r.opponent:>4} {r.colour or '':>3} "
                   f"{r.kind.value:<14} {_cell(r.mp):>4} {_cell(r.gp):>5}  "
                   + "; ".join(_board_text(b) for b in r.boards))
    return out


def render_team_explain(st: TeamStandings, number: int, codes) -> str:
    t = st.tournament
    team = t.team(number)
    row = next(r for r in st.rows if r.team.number == number)
    out = [f"{team.name} (team {number}), rank {row.rank_label}, rules {st.rules}",
           "players: " + ", ".join(f"{p} {t.player(p).name}" for p in team.players), ""]
    out.extend(render_team_matches(t, number))
    out.append("")
    for code in codes:
        d = st.explain(number, code)
        text = d.text(lambda v: decimal_text(v))
        first, _, rest = text.partition("\n")
        out.append(first.replace(" of player ", " of team ", 1) + ("\n" + rest if rest else ""))
        out.append("")
    return "\n".join(out)


def render_team_compare(t: TeamTournament, args, as_json: bool) -> str:
    sts = [_standings(args, t, c) for c in _each_rules(args, t)]
    codes = sts[0].codes
    rows = []
    for r0 in sts[0].rows:
        n = r0.team.number
        per = [st.row(n) for st in sts]
        changed = any(p.rank_label != r0.rank_label or p.values != r0.values for p in per)
        if getattr(args, "changed_only", False) and not changed:
            continue
        rows.append((n, r0.team.name, per, changed))
    if as_json:
        return json.dumps({"rules": [st.rules for st in sts], "tiebreaks": codes, "kind": "team",
                           "teams": [{"team_number": n, "name": name, "changed": ch,
                                      "by_rules": {st.rules: {"rank": p.rank_label,
                                                              "values": {c: json_number(v) for c, v in p.values.items()}}
                                                   for st, p in zip(sts, per)}}
                                     for n, name, per, ch in rows]}, ensure_ascii=False, indent=1) + "\n"
    out = [f"{t.name or t.source}: " + " | ".join(st.rules for st in sts)]
    for n, name, per, ch in rows:
        cells = " | ".join(f"{p.rank_label:>5} " + " ".join(f"{c}={_cell(p.values[c])}" for c in codes) for p in per)
        out.append(f"{'*' if ch else ' '} {n:>4} {name[:24]:<24} {cells}")
    return "\n".join(out) + "\n"


def render_team_audit(t: TeamTournament, args, as_json: bool = False) -> tuple[str, bool]:
    """Check the rank column of the 310 records against the standings under each rule set."""
    published = {team.number: team.declared_rank for team in t.teams if team.declared_rank is not None}
    if not published:
        raise InputError("the team records (310) have no rank column (69-71) to check", file=args.input)
    out, ok_any = [], False
    for conv in _each_rules(args, t, "fide-2024,fide-2026"):
        st = _standings(args, t, conv)
        diffs = [(r.team.number, published[r.team.number], r.rank_label) for r in st.rows
                 if r.team.number in published and not _rank_matches(published[r.team.number], r)]
        ok_any = ok_any or not diffs
        out.append(f"rules {st.rules}, tie-breaks {','.join([st.primary] + st.codes)}: "
                   f"{len(published) - len(diffs)} of {len(published)} published ranks agree")
        for n, pub, got in diffs:
            out.append(f"  team {n} {t.team(n).name}: published rank {pub}, computed {got}")
    if as_json:
        return json.dumps({"kind": "team", "report": out, "ok": ok_any}, ensure_ascii=False, indent=1) + "\n", ok_any
    return "\n".join(out) + "\n", ok_any


def _rank_matches(published: int, row) -> bool:
    return row.rank <= published <= row.rank + int(row.rank_label.split("-")[-1]) - row.rank
