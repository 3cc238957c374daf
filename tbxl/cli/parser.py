"""The ``tbxl`` command line's grammar (argparse): the commands, their options, and the forms each
command writes (:data:`WRITES`). The same options serve an individual and a team event."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, NoReturn

from tbxl import __version__
from tbxl.advise.command import HELP, arguments
from tbxl.decisions import add_options as decisions
from tbxl.decisions import add_prize_options as prize_options
from tbxl.errors import TbxlError, UsageError, did_you_mean, excerpt
from tbxl.io.grid.cells import layout_name
from tbxl.limits import whole_number
from tbxl.report.labels import LanguagesHelp

__all__ = ["WRITES", "Parser", "build_parser", "option_type", "numbers"]


#: The forms each command writes, named as in :data:`tbxl.io.files.OUTPUT_FORMATS` (``text``: what
#: the terminal shows); the first is the default. ``-o FILE``'s extension chooses among them.
WRITES = {
    "compute": ("text", "csv", "json", "pdf", "html", "trf"),
    "explain": ("text", "pdf", "html"),
    "report": ("pdf", "html"),
    "audit": ("text", "json", "pdf", "html"),
    "compare": ("text", "json", "pdf", "html"),
    "workbook": ("xlsx",),
    "advise": ("text", "csv", "json", "svg"),
}


class Parser(argparse.ArgumentParser):
    """argparse with tbxl's way of saying a mistake: one line (``tbxl: error: ...``), a "did you
    mean" for a mistyped option or choice, and where to read more (``tbxl compute --help``), in place
    of the dozen lines of usage argparse prints first."""

    #: The command parsed (set by :func:`tbxl.cli.main`): a command's own mistake names its help.
    command: str | None = None

    def error(self, message: str) -> NoReturn:
        from tbxl.formatting import visible

        m = re.match(r"argument (\S+): invalid choice: '(.*)' \(choose from (.*)\)$", message, re.S)
        if m:
            names = re.findall(r"'([^']*)'", m.group(3))
            message = (
                f"argument {m.group(1)}: invalid choice {excerpt(m.group(2))} (choose from "
                f"{', '.join(names)}){did_you_mean(m.group(2), names)}"
            )
        elif re.match(r"argument (\S+): \1 ", message):  # the option's own message names it already
            message = message.split(": ", 1)[1]
        if len(message) > 300:
            message = message[:300] + "..."
        command = self.command  # set once parsed: a command's own mistake names its help
        where = f"{self.prog} {command}" if command else self.prog
        sys.stderr.write(f"tbxl: error: {visible(message)} (see '{where} --help')\n")
        sys.exit(2)

    def parse_args(  # type: ignore[override]  # one for argparse's overloads
        self,
        args: Sequence[str] | None = None,
        namespace: argparse.Namespace | None = None,
    ) -> argparse.Namespace:
        done, extras = self.parse_known_args(args, namespace)
        if extras:
            # The subcommand's options, to tell which one a mistyped option meant.
            sub = self._subparser(getattr(done, "command", None)) or self
            options = [o for a in sub._actions for o in a.option_strings]
            first = extras[0]
            hint = did_you_mean(first.split("=")[0], options) if first.startswith("-") else ""
            more = f" and {len(extras) - 1} more" if len(extras) > 1 else ""
            sub.error(f"unrecognized argument {excerpt(first)}{more}{hint}")
        return done

    def _subparser(self, name: str | None) -> argparse.ArgumentParser | None:
        for action in self._actions:
            if isinstance(action, argparse._SubParsersAction) and name in action.choices:
                sub: argparse.ArgumentParser = action.choices[name]  # a _SubParsersAction[Any]'s
                return sub
        return None


def build_parser() -> Parser:
    """The ``tbxl`` command line: one subcommand per command, the options common to the commands
    that read an event (individual or team) given once."""
    p = Parser(prog="tbxl", description="FIDE C.07 chess tie-breaks with derivations.")
    p.add_argument("--version", action="version", version=f"tbxl {__version__}")
    p.add_argument("--debug", action="store_true", help="print the traceback of an internal error")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def common(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("input", metavar="INPUT", help="TRF file or crosstable workbook (.xlsx)")
        sp.add_argument("--rules", metavar="NAME", help="convention (default: by start date; see 'tbxl rules')")
        sp.add_argument(
            "--set",
            action="append",
            default=[],
            metavar="NAME=VALUE",
            dest="settings",
            help="change one setting of the rules, e.g. vur_cut=always, unrated_rating=1400, "
            "dummy_cap_rounds=scheduled, short_games=unplayed (every setting: the manual's page Rules and decisions)",
        )
        sp.add_argument(
            "--tiebreaks",
            metavar="CODES",
            help="comma-separated tie-break codes, e.g. 'BH/C1,BH,SB' (default: the "
            "file's 212/202 record, else BH/C1,BH,SB,PS,WIN or DE,SB,WIN,KS)",
        )
        sp.add_argument("--after-round", type=int, metavar="K", help="standings as after round K")
        sp.add_argument(
            "--pairing", choices=("swiss", "round-robin"), help="override the pairing system read from the file"
        )
        sp.add_argument("--strict", action="store_true", help="fail when the points column disagrees with the results")
        sp.add_argument("--sheet", help="worksheet of a workbook input (default: detected)")
        sp.add_argument(
            "--layout",
            type=partial(layout_name, error=argparse.ArgumentTypeError),
            metavar="{compact,sm3,matrix}",
            help="crosstable layout of a workbook input",
        )
        sp.add_argument(
            "-v",
            "--verbose",
            action="store_true",
            help="also print the reader's notes (records ignored, encoding used) and the configuration file used",
        )
        sp.add_argument(
            "--config", metavar="FILE", help="the event's configuration (default: tbxl.toml beside the input, if any)"
        )
        sp.add_argument("--no-config", action="store_true", help="read no configuration file")
        # SUPPRESS: given after the command it sets debug, not given it leaves the top level's.
        sp.add_argument(
            "--debug", action="store_true", default=argparse.SUPPRESS, help="print the traceback of an internal error"
        )

    def ties(sp: argparse.ArgumentParser) -> None:
        sp.add_argument(
            "--playoff",
            action="append",
            default=[],
            metavar="N>M>...",
            dest="playoffs",
            help="the order a play-off gave players equal on every tie-break, best first, "
            "e.g. '12>7>3' (start numbers; '=' for players it left equal; repeatable)",
        )
        sp.add_argument(
            "--lots",
            metavar="SEED",
            help="draw lots for the players still equal on every tie-break, with this seed "
            "(the same seed gives the same order: the manual's page Play-offs and lots)",
        )
        decisions(sp)

    def rating(sp: argparse.ArgumentParser) -> None:
        sp.add_argument(
            "--rating-change",
            action="store_true",
            default=None,
            help="add each rated player's rating change (FIDE rating regulations B.02 8.3): "
            "games rated, score, expected score, K and K x (W - We)",
        )
        sp.add_argument(
            "--k",
            type=option_type("k"),
            metavar="N",
            help="K factor for players whose input gives none (default: by B.02 8.3.3 from "
            "the rating and the birth date); implies --rating-change",
        )

    def document(sp: argparse.ArgumentParser, output: str) -> None:  # what explain, audit and compare write
        sp.add_argument("-o", "--output", metavar="FILE", help=output)
        sp.add_argument("--lang", type=str.lower, help=LanguagesHelp("report language: {languages} (default: en)"))
        sp.add_argument("--paper", choices=("a4", "letter"), help="a4 (default) or letter")

    c = sub.add_parser("compute", help="standings with tie-break values")
    common(c)
    ties(c)
    rating(c)
    c.add_argument(
        "--format",
        choices=("table", "csv", "json"),
        help="default: as -o's extension says (.txt, .csv, .json), else table",
    )
    prize_options(c)
    c.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="write to FILE instead of standard output: .txt, .csv, .json, .pdf/.html "
        "(the standings report), or .trf (TRF-16 with the computed points and ranks, "
        "for rating)",
    )
    c.add_argument(
        "--trf",
        choices=("16", "2026"),
        default="16",
        help="with -o FILE.trf: TRF-16 (default), or 2026 to add the TRF-2026 records (142, 162, 310)",
    )

    e = sub.add_parser("explain", help="how one player's tie-break values were made")
    common(e)
    ties(e)
    e.add_argument(
        "--player",
        metavar="N[,M...]",
        help="start number; several (4,7) show both sides of an appeal and what separates them",
    )
    e.add_argument("--with-tied", action="store_true", help="add the players who finished on the same points as N")
    e.add_argument("--team", metavar="N[,M...]", help="team number (team events); several (6,13): a team dispute")
    e.add_argument("--tiebreak", metavar="CODE", help="one tie-break (default: all of the list)")
    document(e, "the appeal report (.pdf, .html) or the text (.txt)")

    r = sub.add_parser("report", help="PDF standings with per-player derivations")
    common(r)
    ties(r)
    rating(r)
    r.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="PDF (or .html) to write (default: tbxl.toml's output, else the input's name with .pdf)",
    )
    r.add_argument("--lang", type=str.lower, help=LanguagesHelp("report language: {languages} (default: en)"))
    r.add_argument(
        "--derivations",
        metavar="WHICH",
        type=option_type("derivations"),
        help="derivations: decided (default: compact lines for the players whose top places "
        "a tie-break decided), compact (compact lines for everyone), none, or full tables "
        "for tied (players equal on points), all, top:N (the first N), players (those of "
        "--players, the default with --players)",
    )
    r.add_argument("--players", metavar="LIST", help="only these start numbers, e.g. 3,7,12")
    r.add_argument("--paper", choices=("a4", "letter"), help="a4 (default) or letter")
    r.add_argument("--html", action="store_true", help="write the HTML instead of the PDF")
    prize_options(r)
    r.add_argument(
        "--min-games",
        type=int,
        default=0,
        metavar="N",
        help="team events: board prizes rank only players with at least N games on the board",
    )
    r.add_argument(
        "--pages",
        metavar="LIST",
        type=option_type("pages"),
        help="the pages an event posts, in this order: start (starting rank list by rating), rounds "
        "(each round's pairings and results), standings (after each round, then the final), "
        "crosstable, ties, cards (a card per player); default: the short printout",
    )
    r.add_argument(
        "--url",
        metavar="URL",
        type=option_type("url"),
        help="the event's web address: printed under the header with its QR code",
    )
    r.add_argument(
        "--by-round",
        action="store_true",
        help="add a table per player of the points, rank and tie-breaks after each round "
        "(every player, or those of --players)",
    )

    w = sub.add_parser("workbook", help="write a crosstable workbook with tie-break formulas")
    common(w)
    ties(w)
    w.add_argument("-o", "--output", required=True, metavar="FILE", help=".xlsx or .xlsm to write")

    a = sub.add_parser(
        "audit", help="check published tie-breaks or ranks against the rules and name the rule each difference follows"
    )
    common(a)
    a.add_argument(
        "--published",
        metavar="FILE",
        help="published standings (CSV or .xlsx): a start-number column and one column per "
        "tie-break (BH-C1, 'Buchholz Cut 1', TB1 ...); default: the input's rank column",
    )
    a.add_argument(
        "--map",
        action="append",
        default=[],
        metavar="COLUMN=CODE",
        help="what a published column holds, e.g. 'TB1=BH/C1', 'Nr.=start', 'Pl=rank', 'Club=ignore'",
    )
    a.add_argument("--published-sheet", metavar="NAME", help="worksheet of a published .xlsx")
    a.add_argument("--format", choices=("text", "json"), help="default: as -o's extension says, else text")
    a.add_argument(
        "--fail-on",
        choices=("unexplained", "difference"),
        default="unexplained",
        help="exit 1 on differences no rule set explains (default), or on any difference",
    )
    document(a, "write to FILE (.pdf: the audit report; .html: its HTML)")

    k = sub.add_parser("compare", help="standings under several conventions side by side")
    common(k)
    k.add_argument("--format", choices=("text", "json"), help="default: as -o's extension says, else text")
    k.add_argument("--changed-only", action="store_true", help="only players whose rank or a value changes")
    document(k, "write to FILE (.pdf: the comparison report; .html: its HTML)")

    arguments(sub.add_parser("advise", help=HELP))  # tbxl advise: the room's own options (tbxl.advise.command)
    sub.add_parser("rules", help="list the conventions for unplayed games")
    ex = sub.add_parser("examples", help="copy the examples tbxl ships (event.trf, team.trf ...) to a folder")
    ex.add_argument("folder", metavar="DIR", help="the folder (made if missing; a file of yours there is kept)")
    lt = sub.add_parser("lite", help="write main.py and requirements.txt for xlwings Lite: the Excel functions")
    lt.add_argument("-o", "--output", required=True, metavar="DIR", help="their folder (made if missing)")
    lt.add_argument(
        "--standalone",
        action="store_true",
        help="main.py with tbxl's core inside: no PyPI (offline, locked-down machines)",
    )
    return p


def option_type(key: str) -> Callable[[str], Any]:
    """argparse's ``type`` for the option whose value :func:`tbxl.config.option_value` reads (as
    the command line and tbxl.toml both take it): what is wrong said as argparse says a bad value."""

    def read(text: str) -> Any:
        from tbxl.config import option_value  # the report's or the rating's checks, when given only

        try:
            return option_value(key, text)
        except TbxlError as err:
            raise argparse.ArgumentTypeError(str(err)) from None

    return read


def numbers(text: str, option: str, what: str = "start numbers") -> list[int]:
    """The numbers of a ``3,7,12`` option (start numbers, or team numbers on a team event); a usage
    error (exit 2) for anything else."""
    found = [whole_number(x, 6) for x in text.split(",") if x.strip()]
    if not found or None in found:
        # The command's own words, not the top-level usage (which names no option of explain).
        raise UsageError(f"{option} expects {what} like 3,7,12, not {excerpt(text)}")
    return [n for n in found if n is not None]
