"""The ``tbxl`` commands, one function each, on any event: an individual event or a team event
(C.07 Arts 11-13, a TRF with team records 013/310 or a team workbook) go through the same
commands, which branch only where what they read, rank or write differs.

Heavy rooms (openpyxl, Jinja2, WeasyPrint) are imported only by the commands that need them
(:func:`room`): ``compute`` imports none of them.
"""

from __future__ import annotations

import os
import sys

from tbxl.cli.progress import progress_bar
from tbxl.cli.output import emit, form, say, wrote
from tbxl.cli.parser import numbers
from tbxl.errors import InputError, UsageError
from tbxl.model import EventKind

__all__ = ["run", "load", "rank", "room", "COMMANDS"]


def room(module: str, name: str):
    """A function of an optional room (imported only by the commands that need it; a package of a
    missing extra is reported by :func:`tbxl.cli.main`, naming the extra)."""
    import importlib
    return getattr(importlib.import_module(f"tbxl.{module}"), name)


# -- reading and ranking an event ------------------------------------------------------------------

def kind_of(args) -> EventKind:
    """The kind of event of ``args.input``: a TRF with team records (013/310), or a team workbook,
    is a team event."""
    from tbxl.io.load import sniff
    return EventKind(sniff(args.input).kind)


def load(args, kind: EventKind):
    """The event of ``args.input``, of the ``kind`` its sniff found: a :class:`~tbxl.model.Tournament`,
    or a :class:`~tbxl.model.team.TeamTournament` as after ``--after-round``."""
    from tbxl.io.load import load as load_file
    notes: list[str] = []
    event = load_file(args.input, pairing=args.pairing, strict=args.strict, sheet=args.sheet,
                      layout=args.layout, notes=notes, kind=kind.value)
    if args.verbose:
        for note in notes:
            say(f"note: {args.input}: {note}")
    if event.is_team and args.after_round is not None:
        if not 0 <= args.after_round <= event.rounds:
            raise InputError(f"--after-round {args.after_round} is outside 0..{event.rounds}")
        event = event.after_round(args.after_round)
    return event


def _team_settings(args):
    """``--set`` items of a team event: the team settings (e.g. ede_bc=higher-first), and the
    convention's."""
    from tbxl.rules import split_team_settings
    return split_team_settings(getattr(args, "settings", []))


def rules(args, event):
    """The rule set of ``--rules`` (else the edition in force at the start) with the convention's
    ``--set`` items: names become a :class:`~tbxl.rules.Convention` here, at the edge."""
    from tbxl.rules import resolve
    return resolve(args.rules, event.start_date, _team_settings(args)[1] if event.is_team else args.settings)


def each_rules(args, event, default: str = "") -> list:
    """The rule sets of a ``--rules`` list (compare, the 310 rank check), each with the ``--set`` items."""
    from tbxl.rules import resolve_each
    return resolve_each(args.rules or default, event.start_date,
                        _team_settings(args)[1] if event.is_team else args.settings)


def rank(args, event, conv=None):
    """The standings of the event under ``conv`` (default: :func:`rules`) by ``--tiebreaks``, with
    the ``--playoff`` orders and the ``--lots`` of the participants equal on every tie-break."""
    from tbxl.standings import compute_standings
    if event.is_team:   # a team event is cut at --after-round when it is read (load)
        st = compute_standings(event, args.tiebreaks, conv or rules(args, event),
                               settings=_team_settings(args)[0])
    else:
        st = compute_standings(event, getattr(args, "tiebreaks", None), conv or rules(args, event),
                               args.after_round)
        for note in st.notes:
            say(f"note: {note}")
    playoffs, lots = getattr(args, "playoffs", None), getattr(args, "lots", None)
    if getattr(args, "after_round", None) is None:
        # The decisions the input records (a workbook's Play-off and Lots seed) come after the
        # command line's and tbxl.toml's; they decide the final standings, not those after round K.
        playoffs = playoffs or list(event.playoffs)
        lots = lots if lots is not None else event.lots
    if playoffs or lots is not None:
        from tbxl.playoffs import Decision, decide
        st = decide(st, Decision.of(playoffs, lots))
    return st


def _classify(args, st):
    """The categories' standings and the prize lists asked for (None when none)."""
    if not args.categories and not args.prizes:
        return None
    from tbxl.categories import classify, parse_category
    from tbxl.prizes import parse_prizes
    tables = {}
    for item in args.prizes:
        name, sep, text = item.rpartition("=")
        tables[name.strip() if sep else None] = parse_prizes(text)
    first = getattr(args, "prize_first", None)
    if first is not None:   # the list that wins equal amounts (one prize per player)
        key = None if first == "overall" else first
        if key not in tables:
            raise UsageError(f"--prize-first {first}: no such prize list (lists: "
                             f"{', '.join('overall' if n is None else n for n in tables)})")
        tables = {key: tables[key], **{n: t for n, t in tables.items() if n != key}}
    return classify(st, [parse_category(c) for c in args.categories], tables, args.prize_sharing,
                    args.prize_policy)


def _rating_changes(args, st):
    """Each player's rating change (B.02 8.3) when ``--rating-change`` or ``--k`` asks (None when not)."""
    if not (getattr(args, "rating_change", False) or getattr(args, "k", None)):
        return None
    if st.tournament.is_team:
        raise UsageError("--rating-change and --k are for individual events: a team event's players are "
                         "rated from their own games (rate the individual TRF)")
    from tbxl.rating_change import rating_changes
    return rating_changes(st.tournament, k=args.k)


def _configure(args) -> None:
    """Options from the event's configuration file where the command line gave none (CLI > file >
    defaults, :mod:`tbxl.cli.config`)."""
    from tbxl.cli import config
    path = None if args.no_config else (args.config or config.find(args.input))
    if args.config and not args.no_config and not os.path.isfile(args.config):
        raise UsageError(f"--config {args.config}: no such file")
    conf = config.load(path) if path else config.Config()
    if args.command == "compare":  # its --rules is a list of rule sets to compare, not the event's
        conf.values.pop("rules", None)
    config.apply(args, conf)
    if args.verbose:
        say(f"note: configuration: {path or 'none'}")


def _check_usage(args, tournament) -> None:
    """Usage errors that need the tournament or the report's languages (exit 2)."""
    k = args.after_round
    if k is not None and not 0 <= k <= tournament.rounds:
        raise UsageError(f"--after-round {k}: {args.input} has rounds 1..{tournament.rounds} "
                         "(0 = before the first)")
    lang = getattr(args, "lang", None)
    if lang is not None:
        from tbxl.report import languages  # the labels' folder only: no Jinja2 or WeasyPrint imported
        available = languages()
        if lang not in available:
            raise UsageError(f"--lang {lang}: no such report language (available: {', '.join(available)})")


def no_such_player(number: int, st, args) -> InputError:
    """The error for a start number the event does not have, with the numbers it has."""
    known = st.numbers
    has = f"start numbers {known[0]}-{known[-1]}" if known == list(range(known[0], known[-1] + 1)) else \
        f"{len(known)} players, start numbers {known[0]}-{known[-1]} with gaps"
    return InputError(f"no player with start number {number} ({has})", file=args.input)


def _team_numbers(args, parser, event, option: str = "--players"):
    """The team numbers of ``--players`` on a team event (None when not given)."""
    if not getattr(args, "players", None):
        return None
    teams = numbers(args.players, parser, option, "team numbers")
    missing = [n for n in teams if n not in event]
    if missing:
        raise InputError(f"no team with number {missing[0]}", file=args.input)
    return teams


def _team_report(st, args, *, derivations: str, teams, html: bool) -> None:
    """The team standings report (the ``report`` extra's :func:`tbxl.report.render_pdf`), then
    the line that says it was written."""
    pages = room("report", "render_pdf")(
        st, args.output, lang=getattr(args, "lang", None) or "en", derivations=derivations, players=teams,
        paper=getattr(args, "paper", None) or "a4", input_path=args.input, html=html,
        min_games=getattr(args, "min_games", 0) or 0, by_round=getattr(args, "by_round", False))
    wrote(args.output, pages)


# -- the commands ------------------------------------------------------------------------------------

def compute(args, parser, event, fmt: str) -> int:
    """``tbxl compute``: the standings as a table, CSV, JSON, or the standings report (PDF/HTML)."""
    if fmt == "trf" and args.after_round is not None:
        raise UsageError(f"-o {args.output}: a TRF holds the whole event; --after-round is for the "
                         "standings' other forms")
    st = rank(args, event)
    changes = _rating_changes(args, st)
    if fmt == "trf":   # the TRF back out, for the rating officer (tbxl.io.trf.export)
        room("io.trf.export", "write_standings_trf")(st, args.output, input_path=args.input, edition=args.trf)
        return 0
    cl = None if event.is_team else _classify(args, st)
    if fmt in ("pdf", "html"):
        if event.is_team:   # the standings report without derivations, as for an individual event
            _team_report(st, args, derivations="none", teams=None, html=fmt == "html")
        else:
            pages = room("report", "render_pdf")(st, args.output, input_path=args.input, html=fmt == "html",
                                                 progress=progress_bar if sys.stderr.isatty() else None,
                                                 classification=cl, rating_changes=changes)
            wrote(args.output, pages)
        return 0
    from tbxl.projection import project
    emit(args, project(st, cl, changes).form(fmt), fmt)
    return 0


def explain(args, parser, event, fmt: str) -> int:
    """``tbxl explain``: how one player's (or one team's) values were made; several players: what
    separates them (an appeal)."""
    if event.is_team:
        number = getattr(args, "team", None)
        if number is None and args.player is not None:  # --player N also names a team here
            if not args.player.strip().isdigit():
                parser.error(f"explain on a team event needs one team number, not --player {args.player!r}")
            number = int(args.player)
        if number is None:
            parser.error("explain on a team event needs --team N")
        st = rank(args, event)
        if number not in event:
            raise InputError(f"no team with number {number}", file=args.input)
        codes = [args.tiebreak] if args.tiebreak else [st.primary] + st.codes
        if fmt in ("pdf", "html"):   # the team's appeal: the team report with this team's derivations
            _team_report(st, args, derivations="all", teams=[number], html=fmt == "html")
            return 0
        from tbxl.projection import team_text
        emit(args, team_text(st, number, codes), fmt)
        return 0
    st = rank(args, event)
    players = numbers(args.player, parser, "--player")
    for n in players:
        if n not in st:
            raise no_such_player(n, st, args)
    if args.with_tied:
        points = st.row(players[0]).points
        players += [r.player.start_number for r in st.rows if r.points == points]
    players = list(dict.fromkeys(players))
    codes = [args.tiebreak] if args.tiebreak else ["PTS"] + st.codes
    if fmt in ("pdf", "html"):
        pages = room("report", "render_appeal_pdf")(
            st, players if len(players) > 1 else players[0], args.output, lang=args.lang, paper=args.paper,
            input_path=args.input, codes=codes, html=fmt == "html")
        wrote(args.output, pages)
        return 0
    from tbxl.projection import players_text
    emit(args, players_text(st, players, codes))
    return 0


def report(args, parser, event, fmt: str) -> int:
    """``tbxl report``: the standings report (PDF or HTML) with the derivations asked for."""
    st = rank(args, event)
    changes = _rating_changes(args, st)
    if event.is_team:
        _team_report(st, args, derivations=args.derivations or "tied", teams=_team_numbers(args, parser, event),
                     html=fmt == "html")
        return 0
    players = None
    if args.players:
        players = numbers(args.players, parser, "--players")
        missing = [n for n in players if n not in st]
        if missing:
            raise no_such_player(missing[0], st, args)
    # By default the report explains on the page what decided the top places (compact lines).
    derivations = args.derivations or ("players" if players else "decided")
    if derivations.strip().lower() == "players" and not players:
        parser.error("--derivations players needs --players, e.g. --players 3,7,12")
    pages = room("report", "render_pdf")(
        st, args.output, lang=args.lang, derivations=derivations, players=players, paper=args.paper,
        input_path=args.input, html=fmt == "html", progress=progress_bar if sys.stderr.isatty() or args.verbose else None,
        by_round=args.by_round, classification=_classify(args, st), rating_changes=changes,
        pages=args.pages or (), url=args.url or "")
    wrote(args.output, pages)
    return 0


def workbook(args, parser, event, fmt: str) -> int:
    """``tbxl workbook``: a crosstable workbook with tie-break formulas."""
    if event.is_team:
        try:
            room("workbook", "write_workbook")(event, args.output, tiebreaks=args.tiebreaks, rules=args.rules,
                                               inputs=[args.input], playoffs=args.playoffs, lots=args.lots)
        except ImportError as err:
            from tbxl.errors import MissingDependency
            raise MissingDependency(err.name or "openpyxl", "xlsx") from None
        wrote(args.output, None)
        return 0
    if args.after_round is not None:
        event = event.after_round(args.after_round)
    room("workbook", "write_workbook")(event, args.output, layout=args.layout, tiebreaks=args.tiebreaks,
                                       rules=args.rules, inputs=[args.input], playoffs=args.playoffs,
                                       lots=args.lots)
    wrote(args.output, None)
    return 0


def audit(args, parser, event, fmt: str) -> int:
    """``tbxl audit``: exit 0 when every published number follows the rules or a named rule set,
    1 when some difference follows none (with ``--fail-on difference``: when any differs), or
    when the input is bad. A team event without ``--published`` checks the rank column of its
    310 records."""
    if args.map and not args.published:
        parser.error("--map names columns of a --published file")
    if event.is_team and not args.published:
        if fmt in ("pdf", "html"):
            parser.error("audit on a team event writes a report of a --published table; the 310 rank "
                         "column check writes text or JSON")
        return _rank_check(args, event, fmt)
    from tbxl.audit.text import render_audit_json, render_audit_text
    from tbxl.io.published import published_ranks, read_published
    if event.is_team:
        from tbxl.standings import primary_score, resolve_tiebreaks
        if args.rules and "," in args.rules:
            parser.error("audit --published checks against one rule set (the announced one), e.g. --rules fide-2026")
        listed = [d.code for d in (primary_score(event, args.tiebreaks), resolve_tiebreaks(event, args.tiebreaks))[1]] \
            if (args.tiebreaks or event.tiebreaks) else []
        published = read_published(args.published, event, tiebreaks=listed, mapping=args.map or (),
                                   sheet=args.published_sheet)
    else:
        from tbxl.standings import resolve_tiebreaks
        conv = rules(args, event)
        if args.after_round is not None:  # a bulletin published during the event
            event = event.after_round(args.after_round)
        if args.published:
            listed = [d.code for d in resolve_tiebreaks(event, args.tiebreaks)] \
                if (args.tiebreaks or event.tiebreaks) else []
            published = read_published(args.published, event, tiebreaks=listed, mapping=args.map,
                                       sheet=args.published_sheet)
        else:
            published = published_ranks(event)
            if not published.values:
                raise InputError("the input has no rank column (TRF columns 86-89) to check; "
                                 "give the published standings with --published FILE", file=args.input)
    if args.published and args.verbose:
        for note in published.notes:
            say(f"note: {args.published}: {note}")
    from tbxl.audit import audit as audit_event
    if event.is_team:
        result = audit_event(event, published, rules=rules(args, event), tiebreaks=args.tiebreaks,
                             settings=_team_settings(args)[0])
    else:
        result = audit_event(event, published, rules=conv, tiebreaks=args.tiebreaks)
    inputs = [args.input] + ([args.published] if args.published else [])
    if fmt in ("pdf", "html"):
        if event.is_team:
            room("report", "render_audit_pdf")(result, args.output, lang=args.lang or "en",
                                               paper=args.paper or "a4", inputs=inputs, html=fmt == "html")
        else:
            room("report", "render_audit_pdf")(result, args.output, lang=args.lang, paper=args.paper, inputs=inputs)
    else:
        emit(args, (render_audit_json if fmt == "json" else render_audit_text)(result), fmt)
    if args.fail_on == "difference":
        return 1 if result.differences else 0
    return 0 if result.ok else 1


def _rank_check(args, event, fmt: str) -> int:
    """A team event's 310 rank column against the standings under each rule set (default
    fide-2024 and fide-2026); exit 0 when one rule set agrees with every published rank."""
    published = {team.number: team.declared_rank for team in event.teams if team.declared_rank is not None}
    if not published:
        raise InputError("the team records (310) have no rank column (69-71) to check", file=args.input)
    checks = []
    for conv in each_rules(args, event, "fide-2024,fide-2026"):
        st = rank(args, event, conv)
        checks.append((st, [(r.team.number, published[r.team.number], r.rank_label) for r in st.rows
                            if r.team.number in published and not _rank_matches(published[r.team.number], r)]))
    from tbxl.projection import rank_check_text
    emit(args, rank_check_text(event, checks, fmt == "json"), fmt)
    return 0 if any(not diffs for _, diffs in checks) else 1


def _rank_matches(published: int, row) -> bool:
    """A published rank agrees with a shared place (``3-5``) anywhere inside it."""
    return row.rank <= published <= row.rank + int(row.rank_label.split("-")[-1]) - row.rank


def compare(args, parser, event, fmt: str) -> int:
    """``tbxl compare``: the standings under several rule sets side by side."""
    if not args.rules or "," not in args.rules:
        parser.error("compare needs two or more rule sets, e.g. --rules fide-2024,fide-2026")
    from tbxl.audit.compare import compare as compare_rules
    from tbxl.audit.text import render_compare_json, render_compare_text
    if event.is_team:
        if fmt in ("pdf", "html"):
            sts = [rank(args, event, c) for c in each_rules(args, event)]
            room("report", "render_compare_pdf")(
                sts, args.output, lang=args.lang or "en", paper=args.paper or "a4", input_path=args.input,
                changed_only=args.changed_only, html=fmt == "html")
        else:
            result = compare_rules(event, each_rules(args, event), args.tiebreaks,
                                   settings=_team_settings(args)[0])
            emit(args, (render_compare_json if fmt == "json" else render_compare_text)(result, args.changed_only),
                 fmt)
        return 0
    result = compare_rules(event, each_rules(args, event), args.tiebreaks, args.after_round)
    if fmt in ("pdf", "html"):
        room("report", "render_compare_pdf")(result, args.output, lang=args.lang, paper=args.paper,
                                             input_path=args.input, changed_only=args.changed_only)
        return 0
    if fmt == "json":
        emit(args, render_compare_json(result), fmt)
    else:
        emit(args, render_compare_text(result, args.changed_only))
    return 0


#: The commands that read an event, by name.
COMMANDS = {"compute": compute, "explain": explain, "report": report, "workbook": workbook, "audit": audit,
            "compare": compare}


def _rules_list() -> int:
    """``tbxl rules``: the conventions for unplayed games."""
    from tbxl.rules import PRESETS
    for c in PRESETS.values():
        print(f"{c.name:22} {c.title}\n{'':22} {c.source}\n")
    return 0


def _lite(args) -> int:
    """``tbxl lite``: main.py and requirements.txt for xlwings Lite."""
    from tbxl import __version__
    from tbxl.lite import write_lite
    main_file, requirements = write_lite(args.output, standalone=args.standalone)
    size = main_file.stat().st_size
    installs = "" if args.standalone else f"; xlwings Lite then installs tbxl {__version__} from PyPI"
    print(f"wrote {main_file} ({size // 1024} KB) and {requirements}: paste each into the tab of the "
          f"same name in the xlwings Lite editor{installs}")
    return 0


def run(args, parser) -> int:
    """Run ``args.command``: the options checked, the configuration file applied, the event read
    (individual or team), then the command's function."""
    if args.command == "rules":
        return _rules_list()
    if args.command == "lite":
        return _lite(args)
    if getattr(args, "output", None):
        from tbxl.io.files import check_output
        check_output(args.output, [args.input, getattr(args, "published", None)])   # before the work
    fmt = form(args)
    given_settings = list(getattr(args, "settings", []))
    _configure(args)
    if args.command == "workbook" and args.settings:
        where = "--set" if given_settings else "the configuration file's settings (--no-config leaves them out)"
        raise UsageError(f"{where}: a workbook cannot keep {', '.join(args.settings)}: its functions take "
                         "a rule set's name (--rules) only; compute with the settings from the command line")
    command = COMMANDS.get(args.command)
    if command is None:
        parser.error(f"unknown command {args.command}")
        return 2
    kind = kind_of(args)
    if kind is EventKind.TEAM:
        if getattr(args, "categories", None) or getattr(args, "prizes", None):
            parser.error("--category and --prizes are for individual events, not team events")
    elif args.command == "explain" and args.player is None:
        parser.error("explain needs --player N (or --team N on a team event)")
    event = load(args, kind)
    if not event.is_team:
        _check_usage(args, event)
    return command(args, parser, event, fmt)
