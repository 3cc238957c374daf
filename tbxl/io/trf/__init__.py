"""Read and write FIDE tournament report files: TRF-16, TRF-2026 and TRF(x), of individual and team
events (C07 §10.1-§10.5).

One reader (:class:`~tbxl.io.trf.records.Reader`) hands the tokenizer's records
(:mod:`~tbxl.io.trf.tokens`) to the reader of their kind (:mod:`~tbxl.io.trf.header`,
:mod:`~tbxl.io.trf.scoring`, :mod:`~tbxl.io.trf.pairings`, :mod:`~tbxl.io.trf.teamrecords`), whose
immutable records build either kind: the players of an individual event (:func:`read_trf`,
:mod:`tbxl.io.trf.players`), or the teams, matches and boards of a team event (:func:`read_team_trf`,
:mod:`tbxl.io.trf.team`). :mod:`tbxl.io.trf.writer` writes TRF-16. Whether a file is a team event is
told by :func:`tbxl.io.load.is_team_trf`.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Union

from tbxl.errors import InputError
from tbxl.io.text import decode_trf
from tbxl.io.trf.players import build_individual_event
from tbxl.io.trf.records import Reader
from tbxl.limits import MAX_TEXT_BYTES, read_regular, size_text
from tbxl.model import EventKind, Pairing, Tournament

if TYPE_CHECKING:
    from tbxl.io.trf.writer import write_trf, write_trf_file
    from tbxl.model import TeamTournament

__all__ = [
    "read_trf",
    "read_trf_with_notes",
    "parse_trf",
    "read_team_trf",
    "parse_team_trf",
    "write_trf",
    "write_trf_file",
]


def __getattr__(name: str) -> object:
    """The writer's functions, imported on first use (PEP 562): reading an event never loads the
    writer (issue 26 item 7). A plain import, so import-linter and mypy see it."""
    if name not in ("write_trf", "write_trf_file"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from tbxl.io.trf import writer

    value: object = getattr(writer, name)
    globals()[name] = value
    return value


PathOrText = Union[str, bytes, "os.PathLike[str]"]


def text_of(path_or_text: PathOrText, source: str | None) -> tuple[str, str, list[str]]:
    """The text of a TRF input (a path, its bytes, or its text: a ``str`` holding a line break),
    the name errors give it, and the note of an encoding fallback. A file is read only when
    regular and within :data:`~tbxl.limits.MAX_TEXT_BYTES`."""
    if isinstance(path_or_text, (bytes, str)) and len(path_or_text) > MAX_TEXT_BYTES:
        raise InputError(
            f"the text is over {size_text(MAX_TEXT_BYTES)}; tbxl reads TRF files of at most "
            f"{size_text(MAX_TEXT_BYTES)}",
            file=source or "<text>",
        )
    if isinstance(path_or_text, bytes):
        text, note = decode_trf(path_or_text)
        default_source = "<bytes>"
    elif isinstance(path_or_text, str) and ("\n" in path_or_text or "\r" in path_or_text):
        text, note = path_or_text.lstrip("\ufeff"), None
        default_source = "<string>"
    else:
        text, note = decode_trf(read_regular(path_or_text, MAX_TEXT_BYTES))
        default_source = os.path.basename(os.fspath(path_or_text))
    return text, source or default_source, [note] if note else []


@contextmanager
def encoding_named(notes: list[str]) -> Iterator[None]:
    """An error read from a file that was not UTF-8 says how the file was read (its text may
    differ from what the file means: a stray byte elsewhere makes the whole file CP1252)."""
    try:
        yield
    except InputError as err:
        if notes:
            err.message += f" (the file is {notes[0]})"
            err.args = (str(err),)
        raise


def parse_trf(
    text: str, *, source: str = "<string>", strict: bool = False, pairing: Pairing | None = None
) -> Tournament:
    """Parse TRF text into a :class:`Tournament`.

    ``pairing`` overrides the pairing system read from records 092/192 (TRF-16 files often
    have none). With ``strict`` a points column that disagrees with the results raises
    :class:`InputError` instead of warning (D21).
    """
    return build_individual_event(Reader(text, source, strict), pairing)[0]


def read_trf_with_notes(
    path_or_text: PathOrText, *, source: str | None = None, strict: bool = False, pairing: Pairing | None = None
) -> tuple[Tournament, list[str]]:
    """Like :func:`read_trf`, also returning notes on what was ignored or filled in.

    Notes name ignored record codes with their lines, the encoding fallback and players
    whose record is shorter than the tournament (their missing rounds are ZPB).
    """
    text, name, notes = text_of(path_or_text, source)
    with encoding_named(notes):
        tournament, more = build_individual_event(Reader(text, name, strict), pairing)
    return tournament, notes + more


def read_trf(
    path_or_text: PathOrText, *, source: str | None = None, strict: bool = False, pairing: Pairing | None = None
) -> Tournament:
    """Read a TRF file (a path), its bytes, or its text (a ``str`` holding a line break).

    ``source`` names the input in errors and in :attr:`Tournament.source` (default: the
    file's base name). See :func:`parse_trf` for ``strict`` and ``pairing``.
    """
    return read_trf_with_notes(path_or_text, source=source, strict=strict, pairing=pairing)[0]


def read_team_trf(
    path_or_text: PathOrText,
    *,
    source: str | None = None,
    strict: bool = False,
    pairing: Pairing | None = None,
    notes: list[str] | None = None,
) -> TeamTournament:
    """Read a team TRF (a path, its bytes, or its text). ``strict``: a ``310`` MP or GP that
    disagrees with the games is an error rather than a warning (C07 §9 D21); ``notes``, when
    given, receives the reader's remarks."""
    text, name, remarks = text_of(path_or_text, source)
    from tbxl.io.trf.team import build_team_event  # a team event's builder: loaded for one only (issue 26 item 7)

    reader = Reader(text, name, strict, kind=EventKind.TEAM)
    with encoding_named(remarks):
        t = build_team_event(reader, pairing)
    if notes is not None:
        notes.extend(remarks + reader.notes)
    return t


def parse_team_trf(
    text: str, *, source: str = "<string>", strict: bool = False, pairing: Pairing | None = None
) -> TeamTournament:
    """Parse team TRF text into a :class:`~tbxl.model.team.TeamTournament` (see :func:`read_team_trf`)."""
    from tbxl.io.trf.team import build_team_event  # as in read_team_trf

    return build_team_event(Reader(text, source, strict, kind=EventKind.TEAM), pairing)
