"""The ``tbxl`` commands, one function each, on any event: what differs between kinds of event is
the kind's (:mod:`tbxl.projection.kind`). A command reads its options once (:class:`~tbxl.projection.Options`,
:class:`~tbxl.projection.ReportOptions`), calls the Python API and writes what it returns; heavy
modules (openpyxl, Jinja2, WeasyPrint) are imported inside the commands that need them."""

from __future__ import annotations

import sys
from argparse import ArgumentParser, Namespace
from typing import TYPE_CHECKING

from tbxl import projection  # its ReportOptions at first use: a ranking never loads it (issue 26 item 7)
from tbxl.advise.command import advise
from tbxl.cli.output import emit, form, inputs, progress_bar, say, wrote
from tbxl.cli.parser import numbers
from tbxl.errors import UsageError
from tbxl.io.files import check_output
from tbxl.model import EventKind
from tbxl.projection import KINDS, Kind, Options, appellants, project, rank_check
from tbxl.rules import in_force_warning

if TYPE_CHECKING:
    from tbxl.model import AnyEvent  # the team model, for the type only (issue 26 item 7)
    from tbxl.rating_change import RatingChange
    from tbxl.standings import Standings

__all__ = ["run", "load", "COMMANDS"]


def load(args: Namespace, kind: Kind) -> AnyEvent:
    """The event of ``args.input``, read as its ``kind``, as it stood after ``--after-round``."""
    from tbxl.io.load import load as load_file

    notes: list[str] = []
    event = load_file(
        args.input,
        pairing=args.pairing,
        strict=args.strict,
        sheet=args.sheet,
        layout=args.layout,
        notes=notes,
        kind=kind.event_kind.value,
    )
    for note in notes if args.verbose else ():
        say(f"note: {args.input}: {note}")
    return Options.of(vars(args)).cut(event, args.input)


def ranked(o: Options, event: AnyEvent) -> Standings:
    """The standings by the options, their notes said, and the rules not in force (issue 35)."""
    st = o.rank(event)
    warning = in_force_warning(st.convention, event.start_date)
    for line in [f"note: {n}" for n in st.notes] + ([f"warning: {warning}"] if warning else []):
        say(line)
    return st


def compute(args: Namespace, parser: ArgumentParser, event: AnyEvent, kind: Kind, o: Options, fmt: str) -> int:
    """``tbxl compute``: the standings as a table, CSV, JSON, a TRF, or the standings report."""
    if fmt == "trf" and args.after_round is not None:
        raise UsageError(
            f"-o {args.output}: a TRF holds the whole event; --after-round is for the standings' other forms"
        )
    st = ranked(o, event)
    changes = o.rating_changes(st)
    if fmt == "trf":  # the TRF back out, for the rating officer
        from tbxl.io.trf.export import write_standings_trf

        write_standings_trf(st, args.output, input_path=args.input, edition=args.trf, strict=args.strict)
        wrote(args.output, None)
        return 0
    if fmt in ("pdf", "html"):
        return standings_report(args, st, o, projection.ReportOptions(), fmt, changes, sys.stderr.isatty())
    emit(args, project(st, o.classification(st), changes).form(fmt), fmt)
    return 0


def standings_report(
    args: Namespace,
    st: Standings,
    o: Options,
    options: projection.ReportOptions,
    fmt: str,
    changes: dict[int, RatingChange | None] | None,
    progress: bool,
) -> int:
    """The standings report (PDF or HTML) of ``tbxl report`` and of ``tbxl compute -o FILE.pdf``:
    the standings with the categories and prizes of ``o``, the progress bar drawn when ``progress``."""
    from tbxl.report import render_pdf

    pages = render_pdf(
        st,
        args.output,
        options=options,
        input_path=args.input,
        html=fmt == "html",
        progress=progress_bar if progress else None,
        classification=o.classification(st),
        rating_changes=changes,
    )
    wrote(args.output, pages)
    return 0


def explain(args: Namespace, parser: ArgumentParser, event: AnyEvent, kind: Kind, o: Options, fmt: str) -> int:
    """``tbxl explain``: how one participant's values were made; several: what separates them."""
    option, text = ("--player", args.player) if args.player is not None else ("--team", args.team)
    if text is None:
        parser.error("explain needs --player N (or --team N on a team event)")
    st = ranked(o, event)
    who = appellants(
        st, kind.require(st, numbers(str(text), option, f"{kind.number_noun}s"), args.input), args.with_tied
    )
    codes = [args.tiebreak] if args.tiebreak else kind.explain_codes(st)
    if fmt in ("pdf", "html"):  # the appeal report (a team event's: the team report of those teams)
        from tbxl.report import render_appeal_pdf

        appellant = who if len(who) > 1 else who[0]
        options = projection.ReportOptions.of(vars(args))
        pages = render_appeal_pdf(st, appellant, args.output, input_path=args.input, codes=codes, options=options)
        wrote(args.output, pages)
        return 0
    emit(args, kind.explain_text(st, who, codes), fmt)
    return 0


def report(args: Namespace, parser: ArgumentParser, event: AnyEvent, kind: Kind, o: Options, fmt: str) -> int:
    """``tbxl report``: the standings report (PDF or HTML) with the derivations asked for."""
    st = ranked(o, event)
    changes = o.rating_changes(st)
    players = (
        kind.require(st, numbers(args.players, "--players", f"{kind.number_noun}s"), args.input)
        if args.players
        else None
    )
    if (args.derivations or "").strip().lower() == "players" and not players:
        parser.error("--derivations players needs --players, e.g. --players 3,7,12")
    options = projection.ReportOptions.of(vars(args), players).for_kind(kind)
    return standings_report(args, st, o, options, fmt, changes, sys.stderr.isatty() or args.verbose)


def workbook(args: Namespace, parser: ArgumentParser, event: AnyEvent, kind: Kind, o: Options, fmt: str) -> int:
    """``tbxl workbook``: a crosstable workbook with tie-break formulas."""
    from tbxl.workbook import write_workbook

    write_workbook(event, args.output, layout=args.layout, options=o, inputs=[args.input])
    wrote(args.output, None)
    return 0


def audit(args: Namespace, parser: ArgumentParser, event: AnyEvent, kind: Kind, o: Options, fmt: str) -> int:
    """``tbxl audit``: exit 0 when every published number follows the rules or a named rule set."""
    if args.map and not args.published:
        parser.error("--map names columns of a --published file")
    if not args.published and kind.checks_rank_records:
        if fmt in ("pdf", "html"):
            parser.error(
                "audit on a team event writes a report of a --published table; the 310 rank "
                "column check writes text or JSON"
            )
        ok, text = rank_check(event, o, fmt == "json", where=args.input)
        emit(args, text, fmt)
        return 0 if ok else 1
    if args.rules and "," in args.rules:
        parser.error("audit checks against one rule set (the announced one), e.g. --rules fide-2026")
    from tbxl.audit import audit as audit_event
    from tbxl.audit import bulletin

    conv = o.convention(event)
    published = bulletin(
        event, args.published, tiebreaks=args.tiebreaks, mapping=args.map, sheet=args.published_sheet, where=args.input
    )
    for note in published.notes if args.published and args.verbose else ():
        say(f"note: {args.published}: {note}")
    result = audit_event(event, published, rules=conv, tiebreaks=args.tiebreaks, settings=o.team_settings(event))
    if fmt in ("pdf", "html"):
        from tbxl.report import render_audit_pdf

        options = projection.ReportOptions.of(vars(args))
        render_audit_pdf(result, args.output, options=options, html=fmt == "html", inputs=inputs(args))
        wrote(args.output, None)
    else:
        from tbxl.audit.text import render_audit_json, render_audit_text

        emit(args, (render_audit_json if fmt == "json" else render_audit_text)(result), fmt)
    return int(bool(result.differences)) if args.fail_on == "difference" else int(not result.ok)


def compare(args: Namespace, parser: ArgumentParser, event: AnyEvent, kind: Kind, o: Options, fmt: str) -> int:
    """``tbxl compare``: the standings under several rule sets side by side."""
    if not args.rules or "," not in args.rules:
        parser.error("compare needs two or more rule sets, e.g. --rules fide-2024,fide-2026")
    from tbxl.audit.compare import compare as compare_rules

    result = compare_rules(event, o.conventions(event), args.tiebreaks, settings=o.team_settings(event))
    if fmt in ("pdf", "html"):
        from tbxl.report import render_compare_pdf

        render_compare_pdf(
            result,
            args.output,
            options=projection.ReportOptions.of(vars(args)),
            input_path=args.input,
            changed_only=args.changed_only,
            html=fmt == "html",
        )
        wrote(args.output, None)
        return 0
    from tbxl.audit.text import render_compare_json, render_compare_text

    emit(args, (render_compare_json if fmt == "json" else render_compare_text)(result, args.changed_only), fmt)
    return 0


#: The commands that read an event, by name.
COMMANDS = {
    "compute": compute,
    "explain": explain,
    "report": report,
    "workbook": workbook,
    "audit": audit,
    "compare": compare,
}


def run(args: Namespace, parser: ArgumentParser) -> int:
    """Run ``args.command``: the options checked, the configuration file applied, the event read
    as its kind, then the command's function."""
    if args.command == "rules":  # the conventions for unplayed games
        from tbxl.rules import PRESETS

        print("".join(f"{c.name:22} {c.title}\n{'':22} {c.source}\n\n" for c in PRESETS.values()), end="")
        return 0
    if args.command == "examples":  # the bundled examples copied out, to try the commands on
        from tbxl.examples import copied_text

        print(copied_text(args.folder))
        return 0
    if args.command == "lite":  # main.py and requirements.txt for xlwings Lite
        from tbxl.lite import write_lite, written

        main_file, requirements = write_lite(args.output, standalone=args.standalone)
        print(written(main_file, requirements, args.standalone))
        return 0
    from tbxl import config  # options from the event's tbxl.toml where the command line gave none

    if args.command == "report" and not args.output:  # the new user's `tbxl report ev.trf`
        args.output = config.report_output(args)
    if args.output:
        check_output(args.output, inputs(args))
    fmt = form(args)
    if args.command == "advise":  # the list adviser: its run is tbxl.advise's, the streams are the command line's
        return advise(args, fmt, lambda text, f: emit(args, text, f), progress_bar)
    given_settings = list(args.settings)
    path = config.for_command(args)
    if args.verbose:
        say(f"note: configuration: {path or 'none'}")
    config.check_command(args, given_settings)
    from tbxl.io.load import sniff

    kind = KINDS[EventKind(sniff(args.input).kind)]
    return COMMANDS[args.command](args, parser, load(args, kind), kind, Options.of(vars(args)), fmt)
