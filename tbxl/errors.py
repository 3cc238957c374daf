"""Errors with a location, raised by readers and the core; the rooms around turn them into their own form.
What the edges (the command line, the web app) say of them is here too: one line an error
(:func:`error_text`), the input's warnings collected and counted (:func:`input_warnings`,
:func:`warning_lines`)."""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager


class TbxlError(Exception):
    """Base of all tbxl errors."""


class InputError(TbxlError):
    """Bad input, with where it was found (file:line:column, sheet!cell, player, round).

    >>> str(InputError("unknown result code 'x'", file="a.trf", line=7, column=99, player=12, round=1))
    "a.trf:7:99: player 12, round 1: unknown result code 'x'"
    """

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        column: int | None = None,
        cell: str | None = None,
        player: int | None = None,
        round: int | None = None,
    ) -> None:
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.cell = cell
        self.player = player
        self.round = round
        super().__init__(str(self))

    @property
    def location(self) -> str:
        where = ""
        if self.file:
            where = self.file
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        if self.cell:
            where += ("!" if where else "") + self.cell
        who = []
        if self.cell and self.message.startswith("row "):
            pass  # a spreadsheet message already says "row N, round R"
        elif self.player is not None:
            who.append(f"player {self.player}")
        if self.round is not None and not (self.cell and self.message.startswith("row ")):
            who.append(f"round {self.round}")
        parts = [p for p in (where, ", ".join(who)) if p]
        return ": ".join(parts)

    def __str__(self) -> str:
        loc = self.location
        return f"{loc}: {self.message}" if loc else self.message

    def raise_or_warn(self, strict: bool, stacklevel: int = 2) -> None:
        """Raise this error with ``strict``, else warn it as an :class:`InputWarning` from the
        caller's caller (``stacklevel`` as for :func:`warnings.warn`, counted from the caller): a
        declared points column that disagrees with the results (D21) is one or the other."""
        if strict:
            raise self
        import warnings

        warnings.warn(InputWarning(str(self)), stacklevel=stacklevel + 1)


class NotSupported(InputError):
    """An edge (a view, a writer, a check) that the kind of the event does not implement: a kind
    plugs in as one module with the edges it has, and every other says so (the command line: exit 1,
    one line). ``kind`` is the event's kind (an :class:`~tbxl.model.EventKind`, or a third kind's).

    >>> str(NotSupported("the team report", "scheveningen"))
    'the team report is not supported for a scheveningen event'
    """

    def __init__(self, what: str, kind: object) -> None:
        self.what = what
        self.kind = kind
        super().__init__(f"{what} is not supported for a {getattr(kind, 'value', kind)} event")


class InputWarning(UserWarning):
    """A recoverable problem in the input (e.g. a points column that disagrees with the results)."""


@contextmanager
def input_warnings() -> Iterator[list[Warning | str]]:
    """Collect the input warnings (:class:`InputWarning`) raised inside, every one however often the
    same is said, into the list given, once the block has ended (nothing when it raised): to be
    said as :func:`warning_lines` says them."""
    said: list[Warning | str] = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", InputWarning)
        yield said
    said.extend(w.message for w in caught if issubclass(w.category, InputWarning))


#: Warnings said before the rest are counted (:func:`warning_lines`).
WARNINGS_SHOWN = 5


def warning_lines(messages: Sequence[object], every: bool = False) -> list[str]:
    """The lines that say the warnings ``messages``: a stale points column warns once per player, so
    a few lines say what is wrong and a count says how often (``every``: each one, as ``-v`` asks).

    >>> warning_lines(["a", "b"])
    ['warning: a', 'warning: b']
    >>> warning_lines(range(8))[-1]
    'warning: 3 more warnings like these (-v shows them all)'
    """
    lines = [f"warning: {m}" for m in messages]
    if every or len(lines) <= WARNINGS_SHOWN + 1:
        return lines
    more = len(lines) - WARNINGS_SHOWN
    return lines[:WARNINGS_SHOWN] + [f"warning: {more} more warnings like these (-v shows them all)"]


#: The extra (pyproject.toml's optional-dependencies) that brings each optional package, by import name.
EXTRA_OF_PACKAGE = {
    "openpyxl": "xlsx",
    "jinja2": "report",
    "markupsafe": "report",
    "weasyprint": "report",
    "xlwings": "excel",
}


def pip_install(extra: str | None = None) -> str:
    """The command that installs tbxl from PyPI with ``extra``: the one home of the install hint of
    the messages, the workbooks' notes and Help sheets (double quotes: every shell reads them,
    cmd.exe and PowerShell included).

    >>> pip_install("excel"), pip_install()
    ('pip install "tbxl[excel]"', 'pip install tbxl')
    """
    return f'pip install "tbxl[{extra}]"' if extra else "pip install tbxl"


#: The manual's address when tbxl's metadata has none (a source tree that was never installed).
DOCS_FALLBACK = "https://tbxl.github.io/tbxl/"


def docs_url(page: str = "") -> str:
    """The address of a page of the manual (``page`` as its site path, e.g. ``start/windows/``),
    from the Documentation URL of pyproject.toml's ``[project.urls]`` (the one home of the address).

    >>> docs_url("start/windows/").endswith("/start/windows/")
    True
    """
    import importlib.metadata

    base = DOCS_FALLBACK
    try:
        for entry in importlib.metadata.metadata("tbxl").get_all("Project-URL") or []:
            label, _, url = str(entry).partition(",")
            if label.strip().lower() == "documentation" and url.strip():
                base = url.strip()
    except importlib.metadata.PackageNotFoundError:
        pass
    return base.rstrip("/") + "/" + page


def system_page(platform: str) -> str:
    """The manual's getting-started page for ``platform`` (a :data:`sys.platform` value).

    >>> system_page("win32"), system_page("darwin"), system_page("linux")
    ('start/windows/', 'start/macos/', 'start/linux/')
    """
    return {"win32": "start/windows/", "cygwin": "start/windows/", "darwin": "start/macos/"}.get(
        platform, "start/linux/"
    )


class MissingDependency(TbxlError):
    """An optional room's packages are not installed; the message names the extra to install
    (in double quotes, which every shell reads, cmd.exe and PowerShell included).

    >>> str(MissingDependency("openpyxl"))
    'this needs openpyxl: pip install "tbxl[xlsx]"'
    >>> str(MissingDependency.from_import_error(ModuleNotFoundError(name="jinja2.ext")))
    'this needs jinja2: pip install "tbxl[report]"'
    >>> MissingDependency.from_import_error(ModuleNotFoundError(name="tbxl.nothing")) is None
    True
    """

    def __init__(self, package: str, extra: str | None = None) -> None:
        extra = extra or EXTRA_OF_PACKAGE[package.lower()]
        super().__init__(f"this needs {package}: {pip_install(extra)}")

    @classmethod
    def from_import_error(cls, err: ImportError) -> MissingDependency | None:
        """The error for an import of an optional package that failed; None for any other import."""
        top = (err.name or "").partition(".")[0]
        return cls(top) if top.lower() in EXTRA_OF_PACKAGE else None


class MissingSystemLibrary(MissingDependency):
    """A system library that a Python package loads is missing (WeasyPrint's Pango): the message
    says which, in one line, and links to the manual's page for this system."""

    def __init__(self, message: str) -> None:  # the message is whole: no extra to name
        TbxlError.__init__(self, message)

    @classmethod
    def pango(cls, err: BaseException, platform: str | None = None) -> MissingSystemLibrary:
        """WeasyPrint could not load Pango (``err``, its OSError: "cannot load library ...").

        >>> message = str(MissingSystemLibrary.pango(OSError("cannot load library 'pango-1.0-0': x"), "win32"))
        >>> message.startswith("WeasyPrint cannot load Pango (cannot load library 'pango-1.0-0': x): install it as ")
        True
        >>> message.endswith("/start/windows/ says, or write the web page (-o report.html) and print it from a browser")
        True
        """
        import sys

        reason = " ".join(str(err).split())
        reason = reason if len(reason) <= 120 else reason[:117] + "..."
        page = docs_url(system_page(platform or sys.platform))
        return cls(
            f"WeasyPrint cannot load Pango ({reason}): install it as {page} says, or write the "
            "web page (-o report.html) and print it from a browser"
        )


class UnknownTiebreak(TbxlError, ValueError):
    """A tie-break code that the registry does not know."""


class UnknownRules(TbxlError, ValueError):
    """A convention name that is not one of the presets."""


class UsageError(TbxlError, ValueError):
    """A bad option value or configuration (a category expression, a prize list, a config file key,
    an ``-o`` extension the command does not write, a language or round that does not exist): the
    command line's fault, not the input's (exit code 2)."""


#: How many characters of a user's text a message quotes.
EXCERPT_LENGTH = 40


def excerpt(text: object, limit: int = EXCERPT_LENGTH) -> str:
    """``text`` quoted for a message, at most ``limit`` characters of it: a message names what was
    wrong without echoing a 5,000-digit number or a whole line back.

    >>> excerpt("1:500"), excerpt("9" * 50, 12)
    ("'1:500'", "'999999999999...'")
    """
    s = str(text)
    return repr(s) if len(s) <= limit else repr(s[:limit] + "...")


def did_you_mean(word: object, names: Iterable[object]) -> str:
    """``; did you mean 'BH'?`` when ``word`` is close to one of ``names`` (difflib), else ``""``:
    a typo gets the name it missed, not the whole list.

    >>> did_you_mean("standingz", ["start", "rounds", "standings"]), did_you_mean("xyz", ["BH", "SB"])
    ("; did you mean 'standings'?", '')
    """
    # imported here: only a mistake asks (difflib and what it imports cost every run's start-up)
    import difflib

    by_case = {str(n).lower(): str(n) for n in names}
    close = difflib.get_close_matches(str(word).lower(), list(by_case), n=1, cutoff=0.6)
    return f"; did you mean {by_case[close[0]]!r}?" if close else ""


def error_text(err: BaseException) -> str | None:
    """What a user is told of ``err``, in one line: an input or a usage error's message, the extra
    that brings a missing optional package (imported where its room needs it), a file the system
    refused (``name: reason``); None for anything else, which is a bug."""
    if isinstance(err, TbxlError):
        return str(err)
    if isinstance(err, ImportError):
        missing = MissingDependency.from_import_error(err)
        return None if missing is None else str(missing)
    if isinstance(err, OSError):
        where = f"{err.filename}: " if err.filename else ""
        return f"{where}{err.strerror or err}"
    return None
