"""The examples tbxl ships (:func:`tbxl.example` gives one's path) and ``tbxl examples DIR``,
which copies them into a folder of the user's: the manual's commands run there, never inside the
installed package (whose folder may be read-only, and is no place for a user's outputs)."""

from __future__ import annotations

from os import PathLike
from pathlib import Path

__all__ = ["NAMES", "copy_examples", "copied_text"]

#: The bundled examples, in the order the manual meets them.
NAMES = ("event.trf", "team.trf", "bulletin.csv", "held_swiss_5.trf", "held_round_robin.trf")


def copy_examples(folder: str | PathLike[str]) -> tuple[list[Path], list[Path]]:
    """Copy the bundled examples into ``folder`` (made if missing), each written atomically; a
    file of that name already there is kept, unless it is the example itself. The files copied
    (or already equal), and those kept because they differ (a user's own ``event.trf``)."""
    from tbxl.errors import InputError
    from tbxl.io.files import write_atomic

    out = Path(folder)
    if out.exists() and not out.is_dir():
        raise InputError(f"{out} is a file, not a folder for the examples")
    out.mkdir(parents=True, exist_ok=True)
    here = Path(__file__).parent
    copied, kept = [], []
    for name in NAMES:
        data, target = (here / name).read_bytes(), out / name
        if target.exists() and target.read_bytes() != data:
            kept.append(target)
            continue
        if not target.exists():
            write_atomic(target, data)
        copied.append(target)
    return copied, kept


def copied_text(folder: str | PathLike[str]) -> str:
    """What ``tbxl examples DIR`` says: the files copied, those kept, and the first command to try."""
    copied, kept = copy_examples(folder)
    lines = [f"copied {', '.join(p.name for p in copied)} to {folder}"] if copied else []
    lines += [f"kept {p} (not the example: a file of yours?)" for p in kept]
    lines.append(f"next: cd {folder} and try: tbxl compute event.trf")
    return "\n".join(lines)
