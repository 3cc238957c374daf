"""The progress bar of a long report on stderr: the report tells what it did (what, done, total,
extra text), the CLI draws it."""

from __future__ import annotations

import sys


def progress_bar(label: str, done: int, total: int, extra: str = "") -> None:
    """Draw one step of a progress bar on stderr (a line of its own once ``done`` reaches ``total``)."""
    width = 30
    filled = width * done // max(total, 1)
    end = "\n" if done >= total else ""
    sys.stderr.write(f"\r{label:<12} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}{extra}{end}")
    sys.stderr.flush()
