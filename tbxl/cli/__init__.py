"""The ``tbxl`` command: compute, explain, report, workbook, audit, compare, rules, lite, on an
individual or a team event. Exit codes: 0 ok; 2 usage error; 1 input error (one line naming
file:line, player, round); 130 interrupted (Ctrl-C). The grammar is :mod:`tbxl.cli.parser`'s, the
commands :mod:`tbxl.cli.commands`' (the work is the Python API's), the streams
:mod:`tbxl.cli.output`'s.
"""

from __future__ import annotations

import gc
import os
import sys
import warnings
from argparse import Namespace
from collections.abc import Sequence

from tbxl.cli.commands import run
from tbxl.cli.output import say
from tbxl.cli.parser import build_parser
from tbxl.errors import InputError, InputWarning, MissingDependency, TbxlError, UsageError, warning_lines

__all__ = ["main", "entry"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``tbxl`` command line ``argv`` (default: ``sys.argv[1:]``); the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    parser.command = getattr(args, "command", None)  # its errors name the command's --help
    if getattr(args, "command", None) == "report" and not args.output:  # the new user's `tbxl report ev.trf`
        from tbxl.config import report_output

        args.output = report_output(args)
    # The cyclic garbage collector rescans the ~10^5 round entries of a large event again and again
    # while nothing cyclic is made: pause it for the command (measured: 40 % of compute's time).
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", InputWarning)
            ignored_options(args)
            code = run(args, parser)
        said = [w.message for w in caught if issubclass(w.category, InputWarning)]
        for line in warning_lines(said, every=bool(vars(args).get("verbose"))):
            say(line)
        return code
    except KeyboardInterrupt:
        say("interrupted")
        return 130
    except (InputError, MissingDependency) as err:
        say(f"error: {err}")
        return 1
    except ImportError as err:  # an optional room's package, imported where the room needs it
        missing = MissingDependency.from_import_error(err)
        if missing is None:
            return internal_error(err, debug=args.debug)
        say(f"error: {missing}")
        return 1
    except TbxlError as err:  # unknown rules / tie-break, UsageError: a usage error
        say(f"error: {err}")
        return 2
    except OSError as err:
        where = f"{err.filename}: " if err.filename else ""
        say(f"error: {where}{err.strerror or err}")
        return 1
    except Exception as err:  # the last resort: a bug, never a user's mistake (tests/test_hostile.py)
        return internal_error(err, debug=args.debug)
    finally:
        if gc_was_enabled:
            gc.enable()


def ignored_options(args: Namespace) -> None:
    """An option the command would leave unused is said (an error with ``--strict``), not ignored:
    ``--trf 2026`` only shapes a TRF written with ``-o FILE.trf``."""
    if getattr(args, "command", None) == "compute" and args.trf != "16":
        from tbxl.cli.output import form

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
