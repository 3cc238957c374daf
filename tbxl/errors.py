"""Errors with a location, raised by readers and the core; the rooms around turn them into their own form."""

from __future__ import annotations

from typing import Optional


class TbxlError(Exception):
    """Base of all tbxl errors."""


class InputError(TbxlError):
    """Bad input, with where it was found (file:line:column, sheet!cell, player, round).

    >>> str(InputError("unknown result code 'x'", file="a.trf", line=7, column=99, player=12, round=1))
    "a.trf:7:99: player 12, round 1: unknown result code 'x'"
    """

    def __init__(self, message: str, *, file: Optional[str] = None, line: Optional[int] = None,
                 column: Optional[int] = None, cell: Optional[str] = None,
                 player: Optional[int] = None, round: Optional[int] = None) -> None:
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


class InputWarning(UserWarning):
    """A recoverable problem in the input (e.g. a points column that disagrees with the results)."""


class UsageError(TbxlError):
    """A command line that cannot mean anything (an option against the output's extension, a
    language or round that does not exist): the CLI exits 2 with one line."""


class MissingDependency(TbxlError):
    """An optional room's packages are not installed; the message names the extra to install."""

    def __init__(self, package: str, extra: str) -> None:
        super().__init__(f"this needs {package}: pip install 'tbxl[{extra}]'")


class UnknownTiebreak(TbxlError, ValueError):
    """A tie-break code that the registry does not know."""


class UnknownRules(TbxlError, ValueError):
    """A convention name that is not one of the presets."""
