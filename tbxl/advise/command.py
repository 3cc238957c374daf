"""``tbxl advise``: its options and its run, for the command line to wire (:mod:`tbxl.cli`).

The command line gives the streams (where a form goes, the progress bar); everything else is here,
so the command line stays a thin layer and its reference page (generated from ``--help``) lists
these options like any command's.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

__all__ = ["HELP", "arguments", "advise"]

HELP = "check tie-break lists against the rules and measure them on an archive of events"


def arguments(sp: argparse.ArgumentParser) -> None:
    """The options of ``tbxl advise``."""
    sp.description = (
        "Check each candidate tie-break list against C.07 for the kind of each event (numbered findings "
        "with their articles), and rank every event of PATH under each list: the places still shared "
        "after the whole list, at the prize places too, the places two lists fill differently, and the "
        "ties on points broken in favour of the higher-rated player. A file that cannot be read is "
        "named with its error and left out; the run goes on."
    )
    sp.add_argument(
        "input",
        metavar="PATH",
        help="an event file, or a folder of them (.trf, .txt, .xlsx, .xlsm, in sub-folders too)",
    )
    sp.add_argument(
        "--lists",
        nargs="+",
        metavar="CODES",
        help="candidate lists, each comma-separated, e.g. --lists 'BH/C1,BH,SB,PS' 'SB,BH,WIN' "
        "(default: each event's own list, its 212/202 record, else tbxl's default for its kind)",
    )
    sp.add_argument("--rules", metavar="NAME", help="convention (default: each event's by its start date)")
    sp.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        dest="settings",
        help="change one setting of the rules",
    )
    sp.add_argument("--prize-places", type=int, default=3, metavar="N", help="the places with prizes, 1..N (default 3)")
    sp.add_argument("--jobs", type=int, metavar="N", help="worker processes (default: every core; 1: no workers)")
    sp.add_argument(
        "--format", choices=("text", "csv", "json", "svg"), help="default: as -o's extension says, else text"
    )
    sp.add_argument(
        "-o", "--output", metavar="FILE", help="write to FILE (.txt, .csv, .json or .svg: a chart of the rates)"
    )
    sp.add_argument("--progress", action="store_true", help="draw the progress bar even when stderr is no terminal")


def advise(
    args: argparse.Namespace, fmt: str, emit: Callable[[str, str], None], progress: Callable[[str, int, int], Any]
) -> int:
    """Run ``tbxl advise`` with the parsed ``args``, writing the form ``fmt`` through ``emit(text,
    fmt)`` and drawing ``progress(label, done, total)``; the exit code: 0, or 1 when no event
    could be read."""
    from tbxl.advise.archive import events_in, run
    from tbxl.advise.check import Finding, Profile, check
    from tbxl.advise.event import ANNOUNCED
    from tbxl.advise.forms import FORMS
    from tbxl.errors import InputError, TbxlError, UsageError
    from tbxl.io.files import check_not_input

    if args.prize_places < 1:
        raise UsageError(f"--prize-places {args.prize_places}: give 1 or more")
    if args.jobs is not None and args.jobs < 1:
        raise UsageError(f"--jobs {args.jobs}: give 1 or more")
    lists: list[str | None] = list(args.lists) if args.lists else [None]
    if len(set(lists)) != len(lists):
        raise UsageError("--lists: a list is given twice")
    _check_given(args.rules, args.settings, lists)
    paths = events_in(args.input)
    if args.output:  # never over an event of the archive
        check_not_input(args.output, paths)
    draw = args.progress or sys.stderr.isatty()
    tally = run(
        paths,
        lists,
        rules=args.rules,
        settings=args.settings,
        prize_places=args.prize_places,
        jobs=args.jobs,
        progress=(lambda done, total: progress("advise", done, total)) if draw else None,
    )
    findings: dict[str, list[Finding]] | None = None
    if len(paths) == 1 and not tally.skipped:  # one event: its findings in full
        from tbxl.io.load import load
        from tbxl.rules import resolve
        from tbxl.standings import resolve_tiebreaks

        notes: list[str] = []
        event = load(paths[0], notes=notes)
        profile = Profile.of(event, resolve(args.rules, event.start_date, args.settings), notes)
        findings = {}
        for name, codes in zip(tally.lists, lists):
            try:
                listed = [d.code for d in resolve_tiebreaks(event, codes)]
            except TbxlError:  # a list of another kind of event: said with the rates
                continue
            findings[ANNOUNCED if codes is None else name] = check(profile, listed) if listed else []
    emit(FORMS[fmt](tally, findings), fmt)
    if tally.events == 0:
        raise InputError(f"{args.input}: no event could be read ({len(tally.skipped)} file(s) skipped)")
    return 0


def _check_given(rules: str | None, settings: list[str], lists: list[str | None]) -> None:
    """The rules, the settings and each list checked once, before any event is read: a mistake in
    them is the user's (exit 2 with its message), not an error of every event. A list may fit only
    one kind of event (EDE is a team's); one that fits none is a mistake."""
    from tbxl.errors import TbxlError
    from tbxl.rules import resolve
    from tbxl.tiebreaks.codes import parse_list

    resolve(rules, None, settings)
    for codes in lists:
        if codes is None:
            continue
        try:
            parse_list(codes)
        except TbxlError as individual:
            try:
                parse_list(codes, team=True)
            except TbxlError:
                raise individual from None
