"""The ``tbxl`` command: compute, explain, report, workbook, audit, compare, advise, rules, lite.
Exit codes: 0 ok; 2 usage error; 1 input error (one line naming file:line, player, round); 130
interrupted (Ctrl-C). The grammar is :mod:`tbxl.cli.parser`'s, the commands
:mod:`tbxl.cli.commands`' (the work is the Python API's), the streams :mod:`tbxl.cli.output`'s."""

from __future__ import annotations

import gc
import os
import sys
import warnings
from argparse import Namespace
from collections.abc import Sequence

from tbxl.cli.commands import run
from tbxl.cli.output import form, say
from tbxl.cli.parser import build_parser
from tbxl.errors import (
    InputError,
    InputWarning,
    MissingDependency,
    TbxlError,
    UsageError,
    error_text,
    input_warnings,
    warning_lines,
)
from tbxl.limits import collector_paused

__all__ = ["main", "entry"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``tbxl`` command line ``argv`` (default: ``sys.argv[1:]``); the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    parser.command = args.command  # its errors name the command's --help
    with collector_paused():  # nothing cyclic is made while an event is ranked (tbxl.limits)
        try:
            with input_warnings() as said:
                ignored_options(args)
                code = run(args, parser)
            for line in warning_lines(said, every=bool(vars(args).get("verbose"))):
                say(line)
            return code
        except KeyboardInterrupt:
            say("interrupted")
            return 130
        except Exception as err:  # said in one line; anything else is a bug, never a user's mistake
            text = error_text(err)
            if text is None:  # the last resort (tests/test_hostile.py)
                return internal_error(err, debug=args.debug)
            say(f"error: {text}")
            # 2: a usage error (unknown rules or tie-break, an option's mistake); 1: an input error, a
            # missing package, a file the system refused
            return 2 if isinstance(err, TbxlError) and not isinstance(err, (InputError, MissingDependency)) else 1


def ignored_options(args: Namespace) -> None:
    """An option the command would leave unused is said (an error with ``--strict``), not ignored:
    ``--trf 2026`` only shapes a TRF written with ``-o FILE.trf``."""
    if args.command == "compute" and args.trf != "16":
        written = form(args)
        if written != "trf":
            message = (
                f"--trf {args.trf} applies to -o FILE.trf only: ignored for the "
                f"{'table' if written == 'text' else written.upper()} written here"
            )
            if args.strict:
                raise UsageError(message)
            warnings.warn(InputWarning(message), stacklevel=1)


#: The exit code of an internal error (sysexits' EX_SOFTWARE).
INTERNAL_ERROR = 70
#: How much of an unexpected exception's message the one line quotes.
EXCERPT = 160


def internal_error(err: BaseException, debug: bool = False) -> int:
    """Say an unexpected exception in one line (the traceback with ``--debug`` or TBXL_DEBUG=1):
    whatever went wrong inside tbxl, the user gets a sentence, not a stack of frames."""
    debug = debug or os.environ.get("TBXL_DEBUG") == "1"
    text = str(err)
    text = text if len(text) <= EXCERPT else text[:EXCERPT] + "..."
    say(
        f"internal error: {type(err).__name__}: {text}; please report it with the command and its "
        f"input ({'traceback above' if debug else 'run again with --debug for the traceback'})"
    )
    if debug:
        import traceback  # here: only an internal error needs it (its import costs every run's start-up)

        traceback.print_exception(err, file=sys.stderr)
    return INTERNAL_ERROR


def entry() -> None:
    """The console script: run, flush, and leave without tearing down every object one by one
    (freeing the ~10^5 round entries of a large event took a fifth of compute's wall time)."""
    # Paused for good, as the process ends here: main would start the collector again at its end,
    # and its first full collection would visit every object of the event for nothing (~0.1 s at
    # 10,000 players, issue 26 item 7).
    gc.disable()
    try:
        code = main()
    except KeyboardInterrupt:  # between main's own handler and here (e.g. while importing)
        say("interrupted")
        code = 130
    except SystemExit as exit:  # argparse: --help, --version, a usage error (said in one line)
        code = exit.code if isinstance(exit.code, int) else 2
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except BrokenPipeError:  # e.g. `tbxl compute ... | head`
            pass
        except (OSError, ValueError) as err:  # e.g. standard output on a full disk (> /dev/full)
            if stream is sys.stdout:
                say(f"error: standard output: cannot write ({getattr(err, 'strerror', None) or err})")
                code = code or 1
    os._exit(code)


if __name__ == "__main__":
    entry()
