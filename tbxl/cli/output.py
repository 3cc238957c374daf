"""Where the commands' forms go (``-o FILE`` or standard output, control characters made inert) and
the one-line messages on standard error. The forms themselves (the text table, the CSV, the JSON,
the explanations) are written by :mod:`tbxl.projection`."""

from __future__ import annotations

import sys
from typing import Optional

from tbxl.errors import UsageError
from tbxl.formatting import visible, visible_json
from tbxl.io.files import output_format
from tbxl.cli.parser import WRITES

__all__ = ["say", "wrote", "emit", "form"]


def say(message: str) -> None:
    """One line on standard error; names quoted in it are shown inert (:func:`visible`)."""
    print(f"tbxl: {visible(message)}", file=sys.stderr)


#: What the report commands say after writing a web page: its print stylesheet makes a browser's
#: print the same pages as the PDF, the printout for whoever has no WeasyPrint.
PRINT_HINT = ("print it from a browser (Ctrl+P or Cmd+P, Save as PDF, no headers and footers) for the "
              "same pages as the PDF")


def wrote(path, pages: Optional[int]) -> None:
    """The last line of a report command, on stderr (stdout stays for data)."""
    what = f" ({pages} page{'s' if pages != 1 else ''})" if pages is not None else ""
    if str(path).lower().endswith((".html", ".htm")):
        what += f"; {PRINT_HINT}"
    print(f"wrote {path}{what}", file=sys.stderr)


def emit(args, text: str, fmt: str = "text") -> None:
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


def form(args) -> str:
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
