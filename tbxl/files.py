"""Writing outputs safely: atomically (temp file + rename), never over an input file."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Iterable, Union

from .errors import InputError

PathLike = Union[str, "os.PathLike[str]"]


def check_not_input(output: PathLike, inputs: Iterable[PathLike]) -> None:
    """Refuse to write over one of the inputs."""
    out = Path(output).resolve()
    for i in inputs:
        if i and Path(i).resolve() == out:
            raise InputError(f"refusing to overwrite the input file {i}")


def write_atomic(path: PathLike, data: Union[bytes, str], *, inputs: Iterable[PathLike] = ()) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder and ``os.replace``,
    so a reader never sees a half-written file and a failure leaves the old file intact."""
    check_not_input(path, inputs)
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
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
