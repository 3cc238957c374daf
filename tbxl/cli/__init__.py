"""The ``tbxl`` command: compute, explain, report, workbook, audit, compare, rules, lite.

Exit codes: 0 ok; 2 usage error; 1 input error (one line naming file:line, player, round);
130 interrupted (Ctrl-C). ``-o FILE`` writes the form its extension names (:data:`WRITES`).
Heavy rooms (openpyxl, Jinja2, WeasyPrint) are imported only by the commands that need them.
"""

from __future__ import annotations

import argparse
import csv
import gc
import io
import json
import os
import sys
import warnings
from functools import partial
from typing import Iterator, Optional, Sequence

from tbxl import __version__
from tbxl.errors import InputError, InputWarning, MissingDependency, TbxlError, UsageError
from tbxl.cli.progress import progress_bar
from tbxl.io.files import output_format
from tbxl.formatting import decimal_text, json_number_raw, visible, visible_json
from tbxl.io.grid.cells import layout_name


#: The forms each command writes, named as in :data:`tbxl.io.files.OUTPUT_FORMATS` (``text``: what
#: the terminal shows); the first is the default. ``-o FILE``'s extension chooses among them.
WRITES = {"compute": ("text", "csv", "json", "pdf", "html"), "explain": ("text", "pdf", "html"),
          "report": ("pdf", "html"), "audit": ("text", "json", "pdf", "html"),
          "compare": ("text", "json", "pdf", "html"), "workbook": ("xlsx",)}


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tbxl", description="FIDE C.07 chess tie-breaks with derivations.")
    p.add_argument("--version", action="version", version=f"tbxl {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def common(sp, tiebreaks=True):
        sp.add_argument("input", metavar="INPUT", help="TRF file or crosstable workbook (.xlsx)")
        sp.add_argument("--rules", metavar="NAME",
                        help="convention (default: by start date; see 'tbxl rules')")
        sp.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", dest="settings",
                        help="change one setting of the rules, e.g. vur_cut=always, unrated_rating=1400, "
                             "dummy_cap_rounds=scheduled, short_games=unplayed (see README)")
        if tiebreaks:
            sp.add_argument("--tiebreaks", metavar="CODES",
                            help="comma-separated tie-break codes, e.g. 'BH/C1,BH,SB' (default: the "
                                 "file's 212/202 record, else BH/C1,BH,SB,PS,WIN or DE,SB,WIN,KS)")
        sp.add_argument("--after-round", type=int, metavar="K", help="standings as after round K")
        sp.add_argument("--pairing", choices=("swiss", "round-robin"),
                        help="override the pairing system read from the file")
        sp.add_argument("--strict", action="store_true",
                        help="fail when the points column disagrees with the results")
        sp.add_argument("--sheet", help="worksheet of a workbook input (default: detected)")
        sp.add_argument("--layout", type=partial(layout_name, error=argparse.ArgumentTypeError), metavar="{compact,sm3,matrix}",
                        help="crosstable layout of a workbook input")
        sp.add_argument("-v", "--verbose", action="store_true",
                        help="also print the reader's notes (records ignored, encoding used) and "
                             "the configuration file used")
        sp.add_argument("--config", metavar="FILE",
                        help="the event's configuration (default: tbxl.toml beside the input, if any)")
        sp.add_argument("--no-config", action="store_true", help="read no configuration file")

    def prizes(sp):
        sp.add_argument("--category", action="append", default=[], metavar="NAME=CONDITIONS",
                        dest="categories",
                        help="a category's standings, e.g. 'U12=age<12', 'Women=sex=w', "
                             "'U1800=rating<1800|unrated', 'VIE=fed=VIE' (repeatable; see README)")
        sp.add_argument("--prizes", action="append", default=[], metavar="[NAME=]PLACE:AMOUNT,...",
                        help="prize money by place, e.g. '1:500,2:300,3:200,4-6:100'; NAME=... for a "
                             "category's prizes (repeatable)")
        sp.add_argument("--prize-sharing", choices=("hort", "equal", "tiebreak"),
                        help="how players tied on points share: hort (default: half by the "
                             "tie-breaks, half equally), equal, or tiebreak (no sharing)")

    c = sub.add_parser("compute", help="standings with tie-break values")
    common(c)
    c.add_argument("--format", choices=("table", "csv", "json"),
                   help="default: as -o's extension says (.txt, .csv, .json), else table")
    prizes(c)
    c.add_argument("-o", "--output", metavar="FILE",
                   help="write to FILE instead of standard output: .txt, .csv, .json, or .pdf/.html "
                        "(the standings report)")

    e = sub.add_parser("explain", help="how one player's tie-break values were made")
    common(e)
    e.add_argument("--player", metavar="N[,M...]",
                   help="start number; several (4,7) show both sides of an appeal and what separates them")
    e.add_argument("--with-tied", action="store_true",
                   help="add the players who finished on the same points as N")
    e.add_argument("--team", type=int, metavar="N", help="team number (team events)")
    e.add_argument("--tiebreak", metavar="CODE", help="one tie-break (default: all of the list)")
    e.add_argument("-o", "--output", metavar="FILE", help="the appeal report (.pdf, .html) or the text (.txt)")
    e.add_argument("--lang", help="report language: en (default), vi, es, ru, ms")
    e.add_argument("--paper", choices=("a4", "letter"), help="a4 (default) or letter")

    r = sub.add_parser("report", help="PDF standings with per-player derivations")
    common(r)
    r.add_argument("-o", "--output", required=True, metavar="FILE", help="PDF (or .html) to write")
    r.add_argument("--lang", help="report language: en (default), vi, es, ru, ms")
    r.add_argument("--derivations", metavar="WHICH", type=_derivations_option,
                   help="add derivation blocks: none (default), tied (players equal on points), all, "
                        "top:N (the first N), players (those of --players, the default with --players)")
    r.add_argument("--players", metavar="LIST", help="only these start numbers, e.g. 3,7,12")
    r.add_argument("--paper", choices=("a4", "letter"), help="a4 (default) or letter")
    r.add_argument("--html", action="store_true", help="write the HTML instead of the PDF")
    prizes(r)
    r.add_argument("--min-games", type=int, default=0, metavar="N",
                   help="team events: board prizes rank only players with at least N games on the board")
    r.add_argument("--by-round", action="store_true",
                   help="add a table per player of the points, rank and tie-breaks after each round "
                        "(every player, or those of --players)")

    w = sub.add_parser("workbook", help="write a crosstable workbook with tie-break formulas")
    common(w)
    w.add_argument("-o", "--output", required=True, metavar="FILE", help=".xlsx or .xlsm to write")

    a = sub.add_parser("audit", help="check published tie-breaks or ranks against the rules and name "
                                     "the rule each difference follows")
    common(a)
    a.add_argument("--published", metavar="FILE",
                   help="published standings (CSV or .xlsx): a start-number column and one column per "
                        "tie-break (BH-C1, 'Buchholz Cut 1', TB1 ...); default: the input's rank column")
    a.add_argument("--map", action="append", default=[], metavar="COLUMN=CODE",
                   help="what a published column holds, e.g. 'TB1=BH/C1', 'Nr.=start', 'Pl=rank', 'Club=ignore'")
    a.add_argument("--published-sheet", metavar="NAME", help="worksheet of a published .xlsx")
    a.add_argument("--format", choices=("text", "json"), help="default: as -o's extension says, else text")
    a.add_argument("--fail-on", choices=("unexplained", "difference"), default="unexplained",
                   help="exit 1 on differences no rule set explains (default), or on any difference")
    a.add_argument("-o", "--output", metavar="FILE", help="write to FILE (.pdf: the audit report; .html: its HTML)")
    a.add_argument("--lang", help="report language: en (default), vi, es, ru, ms")
    a.add_argument("--paper", choices=("a4", "letter"), help="a4 (default) or letter")

    k = sub.add_parser("compare", help="standings under several conventions side by side")
    common(k)
    k.add_argument("--format", choices=("text", "json"), help="default: as -o's extension says, else text")
    k.add_argument("--changed-only", action="store_true", help="only players whose rank or a value changes")
    k.add_argument("-o", "--output", metavar="FILE", help="write to FILE (.pdf: the comparison report; .html: its HTML)")
    k.add_argument("--lang", help="report language: en (default), vi, es, ru, ms")
    k.add_argument("--paper", choices=("a4", "letter"), help="a4 (default) or letter")

    sub.add_parser("rules", help="list the conventions for unplayed games")

    lt = sub.add_parser("lite", help="write main.py and requirements.txt for xlwings Lite (Excel on Mac, "
                                     "Windows and the web): the Excel functions with the core inside")
    lt.add_argument("-o", "--output", required=True, metavar="DIR",
                    help="folder for main.py and requirements.txt (made if missing)")
    return p


def _derivations_option(text: str) -> str:
    from tbxl.report.selection import parse_derivations  # light: the report module imports WeasyPrint lazily
    try:
        parse_derivations(text)
    except InputError as err:
        raise argparse.ArgumentTypeError(str(err)) from None
    return text


def _numbers(text: str, parser, option: str) -> list[int]:
    try:
        numbers = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        numbers = []
    if not numbers:
        parser.error(f"{option} expects start numbers like 3,7,12, not {text!r}")
    return numbers


def _wrote(path, pages: Optional[int]) -> None:
    """The last line of a report command, on stderr (stdout stays for data)."""
    what = f" ({pages} page{'s' if pages != 1 else ''})" if pages is not None else ""
    print(f"wrote {path}{what}", file=sys.stderr)


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    # The cyclic garbage collector rescans the ~10^5 round entries of a large event again and again
    # while nothing cyclic is made: pause it for the command (measured: 40 % of compute's time).
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", InputWarning)
            code = _run(args, parser)
        for w in caught:
            if issubclass(w.category, InputWarning):
                _say(f"warning: {w.message}")
        return code
    except KeyboardInterrupt:
        _say("interrupted")
        return 130
    except InputError as err:
        _say(f"error: {err}")
        return 1
    except MissingDependency as err:
        _say(f"error: {err}")
        return 1
    except ImportError as err:  # an optional room's package, imported where the room needs it
        missing = MissingDependency.from_import_error(err)
        if missing is None:
            raise
        _say(f"error: {missing}")
        return 1
    except TbxlError as err:  # unknown rules / tie-break, UsageError: a usage error
        _say(f"error: {err}")
        return 2
    except OSError as err:
        _say(f"error: {err.filename or ''}: {err.strerror or err}")
        return 1
    finally:
        if gc_was_enabled:
            gc.enable()


def _say(message: str) -> None:
    """One line on standard error; names quoted in it are shown inert (:func:`visible`)."""
    print(f"tbxl: {visible(message)}", file=sys.stderr)


def _room(module: str, name: str):
    """A function of an optional room (imported only by the commands that need it; a package of a
    missing extra is reported by :func:`main`, naming the extra)."""
    import importlib
    return getattr(importlib.import_module(f"tbxl.{module}"), name)


def _load(args):
    from tbxl.io.load import load
    notes: list[str] = []
    tournament = load(args.input, pairing=args.pairing, strict=args.strict, sheet=args.sheet,
                      layout=args.layout, notes=notes)
    if args.verbose:
        for note in notes:
            _say(f"note: {args.input}: {note}")
    return tournament


def _standings(args, tournament):
    from tbxl.rules.conventions import resolve
    from tbxl.standings import compute_standings
    rules = resolve(args.rules, tournament.start_date, args.settings)
    st = compute_standings(tournament, getattr(args, "tiebreaks", None), rules, args.after_round)
    for note in st.notes:
        _say(f"note: {note}")
    return st


def _emit(args, text: str, fmt: str = "text") -> None:
    """Write ``text`` to ``-o FILE`` or standard output, control and bidi characters made inert
    (line breaks kept; in JSON as ``\\u`` escapes, which read back to the same names)."""
    text = visible_json(text) if fmt == "json" else visible(text, keep="\n")
    if getattr(args, "output", None):
        from tbxl.io.files import write_atomic
        write_atomic(args.output, text, inputs=[args.input, getattr(args, "published", None)])  # UTF-8
    else:
        try:
            sys.stdout.write(text)
        except UnicodeEncodeError:
            # A terminal or pipe that cannot show "Nguyễn" or "Иванов" (e.g. a legacy Windows code
            # page): show what it can rather than fail; -o FILE keeps every character.
            enc = sys.stdout.encoding or "ascii"
            sys.stdout.write(text.encode(enc, errors="replace").decode(enc))


def _output_format(args) -> str:
    """What the command writes: as ``-o``'s extension says, which ``--format`` (or ``--html``)
    may repeat but not contradict; without an extension ``--format``, else the command's default."""
    allowed = WRITES[args.command]
    option = getattr(args, "format", None)
    given = {"table": "text"}.get(option, option)
    if getattr(args, "html", False):
        option, given = "--html", "html"
    elif option:
        option = f"--format {option}"
    ext = output_format(args.output, allowed) if getattr(args, "output", None) else None
    if given and ext and given != ext:
        raise UsageError(f"-o {args.output}: {option} contradicts the extension, which says {ext}")
    return ext or given or allowed[0]


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


def _run(args, parser) -> int:
    if args.command == "rules":
        from tbxl.rules.conventions import PRESETS
        for c in PRESETS.values():
            print(f"{c.name:22} {c.title}\n{'':22} {c.source}\n")
        return 0
    if args.command == "lite":
        from tbxl.lite import write_lite
        main_file, requirements = write_lite(args.output)
        size = main_file.stat().st_size
        print(f"wrote {main_file} ({size // 1024} KB) and {requirements}: paste each into the tab of the "
              "same name in the xlwings Lite editor")
        return 0
    if getattr(args, "output", None):
        from tbxl.io.files import check_output
        check_output(args.output, [args.input, getattr(args, "published", None)])   # before the work
    fmt = _output_format(args)
    given_settings = list(getattr(args, "settings", []))
    _configure(args)
    if args.command == "workbook" and args.settings:
        where = "--set" if given_settings else "the configuration file's settings (--no-config leaves them out)"
        raise UsageError(f"{where}: a workbook cannot keep {', '.join(args.settings)}: its functions take "
                         "a rule set's name (--rules) only; compute with the settings from the command line")
    if _is_team_event(args):
        from tbxl.cli.team import run_team
        return run_team(args, parser, _emit, fmt)
    if args.command == "explain" and args.player is None:
        parser.error("explain needs --player N (or --team N on a team event)")
    tournament = _load(args)
    _check_usage(args, tournament)
    if args.command == "compute":
        st = _standings(args, tournament)
        if fmt in ("pdf", "html"):
            _room("report", "render_pdf")(st, args.output, input_path=args.input, html=fmt == "html",
                                          progress=progress_bar if sys.stderr.isatty() else None,
                                          classification=_classify(args, st))
            return 0
        _emit(args, {"text": render_table, "csv": render_csv, "json": render_json}[fmt](
            st, _classify(args, st)), fmt)
        return 0
    if args.command == "explain":
        st = _standings(args, tournament)
        players = _numbers(args.player, parser, "--player")
        for n in players:
            if n not in st.context.index:
                raise InputError(f"no player with start number {n}", file=args.input)
        if args.with_tied:
            points = st.row(players[0]).points
            players += [r.player.start_number for r in st.rows if r.points == points]
        players = list(dict.fromkeys(players))
        codes = [args.tiebreak] if args.tiebreak else ["PTS"] + st.codes
        if fmt in ("pdf", "html"):
            render_appeal_pdf = _room("report", "render_appeal_pdf")
            pages = render_appeal_pdf(st, players if len(players) > 1 else players[0], args.output,
                                      lang=args.lang, paper=args.paper, input_path=args.input, codes=codes,
                                      html=fmt == "html")
            _wrote(args.output, pages)
            return 0
        _emit(args, render_explain(st, players, codes))
        return 0
    if args.command == "report":
        st = _standings(args, tournament)
        players = None
        if args.players:
            players = _numbers(args.players, parser, "--players")
            missing = [n for n in players if n not in st.context.index]
            if missing:
                raise InputError(f"no player with start number {missing[0]}", file=args.input)
        derivations = args.derivations or ("players" if players else "none")
        if derivations.strip().lower() == "players" and not players:
            parser.error("--derivations players needs --players, e.g. --players 3,7,12")
        render_pdf = _room("report", "render_pdf")
        pages = render_pdf(st, args.output, lang=args.lang, derivations=derivations, players=players,
                           paper=args.paper, input_path=args.input, html=fmt == "html",
                           progress=progress_bar if sys.stderr.isatty() or args.verbose else None,
                           by_round=args.by_round,
                           classification=_classify(args, st))
        _wrote(args.output, pages)
        return 0
    if args.command == "audit":
        if args.map and not args.published:
            parser.error("--map names columns of a --published file")
        return _audit(args, tournament, fmt)
    if args.command == "compare":
        if not args.rules or "," not in args.rules:
            parser.error("compare needs two or more rule sets, e.g. --rules fide-2024,fide-2026")
        return _compare(args, tournament, fmt)
    if args.command == "workbook":
        write_workbook = _room("io.workbook", "write_workbook")
        if args.after_round is not None:
            tournament = tournament.after_round(args.after_round)
        write_workbook(tournament, args.output, layout=args.layout,
                       tiebreaks=args.tiebreaks, rules=args.rules, inputs=[args.input])
        return 0
    parser.error(f"unknown command {args.command}")
    return 2


def _is_team_event(args) -> bool:
    """A TRF with team records (013/310) goes to the team commands (tbxl.cli.team)."""
    from tbxl.io.detect import is_team_input
    return is_team_input(args.input)


def _configure(args) -> None:
    """Options from the event's configuration file where the command line gave none (CLI > file >
    defaults, :mod:`tbxl.io.config`)."""
    from tbxl.io import config
    path = None if args.no_config else (args.config or config.find(args.input))
    if args.config and not args.no_config and not os.path.isfile(args.config):
        raise UsageError(f"--config {args.config}: no such file")
    conf = config.load(path) if path else config.Config()
    if args.command == "compare":  # its --rules is a list of rule sets to compare, not the event's
        conf.values.pop("rules", None)
    config.apply(args, conf)
    if args.verbose:
        _say(f"note: configuration: {path or 'none'}")


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
    return classify(st, [parse_category(c) for c in args.categories], tables, args.prize_sharing)


def _audit(args, tournament, fmt: str) -> int:
    """``tbxl audit``: exit 0 when every published number follows the rules or a named rule set,
    1 when some difference follows none (with ``--fail-on difference``: when any differs), or
    when the input is bad."""
    from tbxl.audit import audit
    from tbxl.audit.text import render_audit_json, render_audit_text
    from tbxl.rules.conventions import resolve
    from tbxl.io.published import published_ranks, read_published
    from tbxl.standings import resolve_tiebreaks
    rules = resolve(args.rules, tournament.start_date, args.settings)
    if args.after_round is not None:  # a bulletin published during the event
        tournament = tournament.after_round(args.after_round)
    if args.published:
        listed = [d.code for d in resolve_tiebreaks(tournament, args.tiebreaks)] \
            if (args.tiebreaks or tournament.tiebreaks) else []
        published = read_published(args.published, tournament, tiebreaks=listed, mapping=args.map,
                                   sheet=args.published_sheet)
        if args.verbose:
            for note in published.notes:
                _say(f"note: {args.published}: {note}")
    else:
        published = published_ranks(tournament)
        if not published.values:
            raise InputError("the input has no rank column (TRF columns 86-89) to check; "
                             "give the published standings with --published FILE", file=args.input)
    result = audit(tournament, published, rules=rules, tiebreaks=args.tiebreaks)
    inputs = [args.input] + ([args.published] if args.published else [])
    if fmt in ("pdf", "html"):
        render_audit_pdf = _room("report", "render_audit_pdf")
        render_audit_pdf(result, args.output, lang=args.lang, paper=args.paper, inputs=inputs)
    else:
        _emit(args, (render_audit_json if fmt == "json" else render_audit_text)(result), fmt)
    if args.fail_on == "difference":
        return 1 if result.differences else 0
    return 0 if result.ok else 1


def _compare(args, tournament, fmt: str) -> int:
    from tbxl.audit.text import render_compare_json, render_compare_text
    from tbxl.audit.compare import compare
    from tbxl.rules.conventions import resolve_each
    result = compare(tournament, resolve_each(args.rules, tournament.start_date, args.settings), args.tiebreaks,
                     args.after_round)
    if fmt in ("pdf", "html"):
        render_compare_pdf = _room("report", "render_compare_pdf")
        render_compare_pdf(result, args.output, lang=args.lang, paper=args.paper, input_path=args.input,
                           changed_only=args.changed_only)
        return 0
    if fmt == "json":
        _emit(args, render_compare_json(result), fmt)
    else:
        _emit(args, render_compare_text(result, args.changed_only))
    return 0


# -- renderers for compute / explain ------------------------------------------------------------

def _cell(v) -> str:
    return decimal_text(v, none="-")


def _aligned(head: list[str], body: list[list[str]], left=frozenset({2})) -> list[str]:
    widths = [max(len(row[k]) for row in [head] + body) for k in range(len(head))]
    return ["  ".join(c.ljust(widths[k]) if k in left else c.rjust(widths[k])
                      for k, c in enumerate(row)).rstrip() for row in [head] + body]


def render_table(st, cl=None) -> str:
    """A readable aligned table for a terminal; then each category's standings and the prizes."""
    t = st.tournament
    prize = cl.prize_of(None) if cl and None in cl.awards else None
    head = ["Rank", "SNo", "Name", "Pts"] + st.codes + (["Prize"] if prize is not None else [])
    body = [[r.rank_label, str(r.player.start_number), visible(r.player.name), _cell(r.points)]
            + [_cell(r.values[c]) for c in st.codes]
            + ([_money(prize.get(r.player.start_number))] if prize is not None else []) for r in st.rows]
    lines = [visible(f"{t.name or t.source} - {t.rounds} rounds - rules {st.convention.name}")]
    lines += _aligned(head, body)
    for name, rows in (cl.rows.items() if cl else ()):
        award = cl.prize_of(name) if name in cl.awards else None
        lines += ["", f"Category {name}: {len(rows)} player{'' if len(rows) == 1 else 's'}"]
        if rows:
            lines += _aligned(["Place", "SNo", "Name", "Pts", "Rank"] + (["Prize"] if award is not None else []),
                              [[place, str(r.player.start_number), visible(r.player.name), _cell(r.points),
                                r.rank_label]
                               + ([_money(award.get(r.player.start_number))] if award is not None else [])
                               for place, r in zip(cl.places[name], rows)])
    if cl and cl.awards:
        from tbxl.report import labels  # the words only: no Jinja2 or WeasyPrint
        lines += ["", f"Prizes ({cl.sharing}): {labels('en')['prize_sharing'][cl.sharing]}"]
    return "\n".join(lines) + "\n"


def _money(award) -> str:
    """A prize at the edge: two decimals (exact fractions inside)."""
    return "" if award is None else decimal_text(award.amount, places=2)


def _player_fields(p) -> list:
    """Title, rating, federation, FIDE id, club: as the input has them ("" when it has not)."""
    return [_csv_text(p.title), "" if p.rating is None else p.rating, _csv_text(p.federation),
            _csv_text(p.known_fide_id or ""), _csv_text(p.club)]


def _csv_text(text: str) -> str:
    """A name as CSV data: a leading ``= + - @`` would make a spreadsheet run it as a formula
    (CSV injection), so such a name gets a leading apostrophe, as spreadsheets do themselves."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def render_csv(st, cl=None) -> str:
    """One row per player: rank, start number, name, points, the tie-breaks, then the player's
    title, rating, federation, FIDE id and club; with categories a ``category:NAME`` column (the
    place in that category, empty for others); with prizes ``prize`` and ``prize:NAME`` columns."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    names = list(cl.rows) if cl else []
    lists = list(cl.awards) if cl else []
    w.writerow(["rank", "start_number", "name", "points"] + st.codes
               + ["title", "rating", "federation", "fide_id", "club"] + [f"category:{n}" for n in names]
               + ["prize" if n is None else f"prize:{n}" for n in lists])
    places = {n: dict(zip(cl.members[n], cl.places[n])) for n in names}
    awards = {n: cl.prize_of(n) for n in lists}
    for r in st.rows:
        sn = r.player.start_number
        w.writerow([r.rank_label, sn, _csv_text(visible(r.player.name)), decimal_text(r.points)]
                   + [decimal_text(r.values[c]) for c in st.codes] + _player_fields(r.player)
                   + [places[n].get(sn, "") for n in names] + [_money(awards[n].get(sn)) for n in lists])
    return buf.getvalue()


def _json_column(raw: list, den: int) -> list:
    """JSON numbers of a whole column at once (a comprehension per column, not a call per value)."""
    if all(type(v) is int for v in raw):
        if den == 1:
            return raw
        if den in (2, 4):  # halves and quarters: the float's repr is the exact decimal
            return [v // den if v % den == 0 else v / den for v in raw]
    return [json_number_raw(v, den) for v in raw]


def _json_rows(st) -> Iterator[dict]:
    """The standings entries one at a time (the JSON text of 10^4 players is written without
    holding 10^4 dictionaries)."""
    codes = st.codes
    n = len(st.context.players)
    pts = _json_column(st.points_column.raw, st.points_column.den)
    cols = []
    for k, col in enumerate(st.columns):
        if col is None:  # DE: the tier, where it applied
            cols.append([st.de_tier.get((codes[k], i)) for i in range(n)])
        else:
            cols.append(_json_column(col.raw, col.den))
    return ({"rank": r.rank, "rank_label": r.rank_label, "start_number": r.player.start_number,
             "name": r.player.name, "points": pts[r.index],
             "values": dict(zip(codes, [c[r.index] for c in cols])),
             "title": r.player.title or None, "rating": r.player.rating,
             "federation": r.player.federation or None, "fide_id": r.player.known_fide_id,
             "club": r.player.club or None} for r in st.rows)


def _json_awards(awards) -> list[dict]:
    return [{"place": a.place, "start_number": a.player, "listed": decimal_text(a.listed, places=2),
             "amount": decimal_text(a.amount, places=2)} for a in awards]


def _json_head(st, cl=None) -> dict:
    """The ``--format json`` object (the contract the Excel layer and outside checks rely on)
    without its standings, which :func:`render_json` writes one entry per line."""
    t = st.tournament
    prizes = None
    if cl and cl.awards:
        prizes = {"sharing": cl.sharing, "overall": _json_awards(cl.awards.get(None, [])),
                  "categories": {n: _json_awards(a) for n, a in cl.awards.items() if n is not None}}
    return {
        "tournament": {"name": t.name, "rounds": t.rounds, "players": len(t.players),
                       "start_date": t.start_date.isoformat() if t.start_date else None,
                       "pairing": t.pairing.value},
        "rules": st.convention.name,
        "tiebreaks": st.codes,
        "categories": cl.members if cl else {},
        "prizes": prizes,
    }


def render_json(st, cl=None) -> str:
    # One standings entry per line, through the C encoder (an indent would force the slow one).
    head = json.dumps(_json_head(st, cl), ensure_ascii=False)[:-1]
    dump = json.JSONEncoder(ensure_ascii=False).encode
    return head + ', "standings": [\n' + ",\n".join(map(dump, _json_rows(st))) + "\n]}\n"


def render_explain(st, players, codes) -> str:
    """The derivations of ``codes`` for one player or several (a list: the first is the
    appellant), then what separates the first from each other one."""
    players = [players] if isinstance(players, int) else list(players)
    out = []
    for player in players:
        p = st.tournament.player(player)
        row = st.row(player)
        out += [f"{p.name} (start number {player}), rank {row.rank_label}, rules {st.convention.name}", ""]
        for code in codes:
            out.append(st.explain(player, code).text(lambda v: decimal_text(v)))
            out.append("")
    if len(players) > 1:
        out.append("What separates them")
        out += [separation_text(st, players[0], other) for other in players[1:]]
        out.append("")
    return "\n".join(out)


def separation_text(st, a: int, b: int) -> str:
    """One line: which of ``a`` and ``b`` is ahead and the item that decided it, with both values.

    >>> from importlib.resources import files
    >>> from tbxl.standings import compute_standings
    >>> from tbxl.io.trf import read_trf
    >>> from tbxl.rules.conventions import get
    >>> st = compute_standings(read_trf(str(files("tbxl.examples") / "held_swiss_5.trf")), "BH/C1,BH,SB", get("fide-2024"))
    >>> separation_text(st, 1, 4)
    '  4 David (rank 3) is ahead of 1 Alyx (rank 4): equal on points, separated by BH/C1, 11.5 against 11'
    """
    ra, rb = sorted((st.row(a), st.row(b)), key=lambda r: (r.rank, r.player.start_number))
    code = st.separating(a, b)
    who = lambda r: f"{r.player.start_number} {r.player.name} (rank {r.rank_label})"
    if code is None:
        return f"  {who(ra)} and {who(rb)} share the place: equal on points and on every tie-break"
    value = (lambda r: _cell(r.points)) if code == "PTS" else (lambda r: _cell(r.values[code]))
    how = "on points" if code == "PTS" else f"equal on points, separated by {code}"
    return f"  {who(ra)} is ahead of {who(rb)}: {how}, {value(ra)} against {value(rb)}"


def entry() -> None:
    """The console script: run, flush, and leave without tearing down every object one by one
    (freeing the ~10^5 round entries of a large event took a fifth of compute's wall time)."""
    try:
        code = main()
    except KeyboardInterrupt:   # between main's own handler and here (e.g. while importing)
        print("tbxl: interrupted", file=sys.stderr)
        code = 130
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:  # e.g. `tbxl compute ... | head`
        pass
    os._exit(code)


if __name__ == "__main__":
    entry()
