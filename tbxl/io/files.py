"""Writing outputs safely: atomically (temp file + rename), never over an input file."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Union

from tbxl.errors import InputError, UsageError

PathLike = Union[str, "os.PathLike[str]"]

#: What ``-o FILE`` writes, by the file's extension: the one table the command line and the
#: report writer read (``text`` is the plain-text form a terminal shows).
OUTPUT_FORMATS = {
    ".txt": "text",
    ".csv": "csv",
    ".json": "json",
    ".pdf": "pdf",
    ".html": "html",
    ".htm": "html",
    ".xlsx": "xlsx",
    ".xlsm": "xlsx",
    ".trf": "trf",
    ".svg": "svg",
}


def output_format(path: PathLike, allowed: Iterable[str] = tuple(OUTPUT_FORMATS.values())) -> str | None:
    """The format ``path``'s extension names, None for a name without one (``/dev/stdout``);
    :class:`UsageError` for an extension that is not one of ``allowed``.

    >>> output_format("standings.PDF"), output_format("out/table"), output_format("a.htm")
    ('pdf', None, 'html')
    >>> output_format("a.docx", ("text", "csv"))
    Traceback (most recent call last):
    ...
    tbxl.errors.UsageError: -o a.docx: unknown extension '.docx' (expected .txt or .csv)
    """
    allowed = tuple(allowed)
    suffix = Path(path).suffix.lower()
    if not suffix:
        return None
    fmt = OUTPUT_FORMATS.get(suffix)
    if fmt not in allowed:
        names = [ext for ext, f in OUTPUT_FORMATS.items() if f in allowed]
        expected = ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]
        what = "unknown extension" if fmt is None else "this command does not write"
        shown = os.fspath(path) if len(os.fspath(path)) <= 80 else os.fspath(path)[:77] + "..."
        raise UsageError(f"-o {shown}: {what} {suffix[:20]!r} (expected {expected})")
    return fmt


def check_output(output: PathLike, inputs: Iterable[PathLike | None] = ()) -> None:
    """Before any work: the output is not an input, and its folder exists (named in the error,
    rather than the temporary file the atomic write would fail to create there)."""
    check_not_input(output, inputs)
    folder = Path(output).parent
    if str(folder) and not folder.is_dir():
        what = "is not a folder" if folder.exists() else "no such folder"
        raise InputError(f"{what} (for the output {os.fspath(output)})", file=os.fspath(folder))


def check_not_input(output: PathLike, inputs: Iterable[PathLike | None]) -> None:
    """Refuse to write over one of the inputs (None or "": no input file)."""
    out = Path(output).resolve()
    for i in inputs:
        if i and Path(i).resolve() == out:
            raise InputError(f"refusing to overwrite the input file {i}")


def write_atomic(path: PathLike, data: bytes | str, *, inputs: Iterable[PathLike | None] = ()) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder and ``os.replace``,
    so a reader never sees a half-written file and a failure leaves the old file intact. A failure
    to write (a read-only folder, a full disk, ``/dev/full``) is an :class:`InputError` naming
    ``path``, the file asked for, not the temporary file."""
    check_output(path, inputs)
    try:
        _write_atomic(path, data)
    except OSError as err:
        folder = Path(path).parent if str(Path(path).parent) else Path(".")
        why = err.strerror or type(err).__name__
        if isinstance(err, PermissionError):
            why += f": no file can be made in the folder {os.fspath(folder)}; write into another one"
        raise InputError(f"cannot write it ({why})", file=os.fspath(path)) from None


def _write_atomic(path: PathLike, data: bytes | str) -> None:
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if isinstance(data, str):
        data = data.encode("utf-8")
    if target.exists() and not target.is_file():
        # A device or a pipe (/dev/null, /dev/stdout): write through it; renaming over it would
        # replace the device itself.
        with open(target, "wb") as f:
            f.write(data)
        return
    import tempfile  # here: tempfile (and random, shutil with it) costs every run's start-up

    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        # mkstemp makes 0600 files: keep an existing file's mode, else the usual 0644 less umask.
        if target.exists():
            mode = target.stat().st_mode & 0o777
        else:
            umask = os.umask(0)
            os.umask(umask)
            # The owner always reads and writes what tbxl wrote for them: Emscripten's file system
            # (Pyodide: the web app, xlwings Lite) starts with a umask of 0o777.
            mode = (0o666 & ~umask) | 0o600
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
