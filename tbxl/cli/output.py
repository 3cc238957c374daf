"""Where the commands' forms go (``-o FILE`` or standard output, control characters made inert), the
one-line messages on standard error and a long run's progress bar there (the report or the adviser
tells what it did, the command line draws it). The forms are written by the rooms (:mod:`tbxl.projection`)."""

from __future__ import annotations

import io
import os
import sys
from argparse import Namespace

from tbxl.cli.parser import WRITES
from tbxl.errors import InputError, UsageError
from tbxl.formatting import visible, visible_json
from tbxl.io.files import PathLike, output_format, write_atomic

__all__ = ["say", "wrote", "inputs", "emit", "form", "progress_bar"]


def say(message: str) -> None:
    """One line on standard error; names quoted in it are shown inert (:func:`visible`)."""
    _to_stderr(f"tbxl: {visible(message)}")


def _to_stderr(line: str) -> None:
    """A line on standard error, if there is one to write to (a closed one is left be: the exit
    code still tells)."""
    err = sys.stderr
    if err is None:
        return
    try:
        err.write(line + "\n")
        err.flush()
    except (OSError, ValueError):
        pass


def progress_bar(label: str, done: int, total: int, extra: str = "") -> None:
    """Draw one step of a progress bar on stderr (a line of its own once ``done`` reaches ``total``)."""
    width = 30
    filled = width * done // max(total, 1)
    end = "\n" if done >= total else ""
    sys.stderr.write(f"\r{label:<12} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}{extra}{end}")
    sys.stderr.flush()


#: What the report commands say after writing a web page: its print stylesheet makes a browser's
#: print the same pages as the PDF, the printout for whoever has no WeasyPrint.
PRINT_HINT = (
    "print it from a browser (Ctrl+P or Cmd+P, Save as PDF, no headers and footers) for the same pages as the PDF"
)


def wrote(path: PathLike, pages: int | None) -> None:
    """The line that says where a command wrote, on stderr (stdout stays for data); nothing for a
    device such as /dev/null or /dev/stdout, which is no file to find."""
    if os.path.exists(path) and not os.path.isfile(path):
        return
    what = f" ({pages} page{'s' if pages != 1 else ''})" if pages is not None else ""
    if str(path).lower().endswith((".html", ".htm")):
        what += f"; {PRINT_HINT}"
    _to_stderr(visible(f"wrote {path}{what}"))


def inputs(args: Namespace) -> list[str]:
    """The files a command reads (the input, a published table), which its output may not overwrite."""
    return [args.input] + ([args.published] if vars(args).get("published") else [])


def emit(args: Namespace, text: str, fmt: str = "text") -> None:
    """Write ``text`` to ``-o FILE`` or standard output, control and bidi characters made inert
    (line breaks kept; in JSON as ``\\u`` escapes, which read back to the same names)."""
    text = visible_json(text) if fmt == "json" else visible(text, keep="\n")
    if getattr(args, "output", None):
        write_atomic(args.output, text, inputs=inputs(args))  # UTF-8
        wrote(args.output, None)
    else:
        to_stdout(text, fmt)


def to_stdout(text: str, fmt: str = "text") -> None:
    """``text`` on standard output. JSON and CSV are data for another program: written as UTF-8
    bytes whatever the console's encoding (a Windows console, ``PYTHONIOENCODING=cp1252``,
    ``LC_ALL=POSIX`` would turn every "Nguyễn" into "?"). The table is for eyes: a console that cannot
    show a name shows what it can, and a warning says so. A closed or full standard output is an
    error in one line; a reader that stops early (``| head``) ends the output quietly."""
    out = sys.stdout
    if out is None:
        raise InputError("standard output is closed: give -o FILE to write to a file")
    try:
        buffer = getattr(out, "buffer", None)
        encoding = (getattr(out, "encoding", None) or "utf-8").lower().replace("-", "").replace("_", "")
        if fmt in ("json", "csv") and buffer is not None and encoding != "utf8":
            out.flush()
            buffer.write(text.encode("utf-8"))
            buffer.flush()
            return
        try:
            out.write(text)
        except UnicodeEncodeError:
            enc = out.encoding or "ascii"
            out.write(text.encode(enc, errors="replace").decode(enc))
            say(
                f"warning: this console ({enc}) cannot show some names, shown as '?'; -o FILE (or "
                "--format csv or json) keeps every character"
            )
        out.flush()
    except BrokenPipeError:  # the reader has stopped (`tbxl compute ... | head`): nothing more to say
        _quiet_stdout()
    except OSError as err:
        raise InputError(f"standard output: cannot write ({err.strerror or err})") from None


def _quiet_stdout() -> None:
    """Standard output pointed at nothing after a broken pipe, so that the flush at exit says nothing."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass


def form(args: Namespace) -> str:
    """What the command writes: as ``-o``'s extension says, which ``--format`` (or ``--html``)
    may repeat but not contradict; without an extension ``--format``, else the command's default."""
    allowed = WRITES[args.command]
    option: str | None = getattr(args, "format", None)
    given = "text" if option == "table" else option
    if getattr(args, "html", False):
        option, given = "--html", "html"
    elif option:
        option = f"--format {option}"
    ext = output_format(args.output, allowed) if getattr(args, "output", None) else None
    if given and ext and given != ext:
        raise UsageError(f"-o {args.output}: {option} contradicts the extension, which says {ext}")
    return ext or given or allowed[0]
