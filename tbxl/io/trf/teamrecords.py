"""The team records of a TRF file (C07 §10.5): the teams (TRF-2026 ``310``, else TRF-16 ``013``), the
board colours (``352``), the team scoring (``362``, and the PAB's points of ``320``), the line-ups
(``300``), the PAB (``320``), the byes of the round (``240``) and the forfeited matches (``330``).

:class:`TeamRecords` keeps these records as the tokenizer gives them and reads each kind into
immutable records for :mod:`tbxl.io.trf.team`, which builds the teams, matches and boards. 801/802
are informative: kept, noted, not read.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import NamedTuple

from tbxl.io.trf.tokens import Line, Source
from tbxl.model import Kind, TeamScoring
from tbxl.model.codes import BYES

__all__ = ["TeamRecords", "TeamRecord", "Lineup", "Forfeit", "TEAM_RECORDS"]

#: The team records (§10.5) a team event's reader collects (801/802 are informative, not read).
TEAM_RECORDS = ("013", "240", "300", "310", "320", "330", "352", "362", "801", "802")


class TeamRecord(NamedTuple):
    """A team as its 310 (or 013) record gives it."""

    number: int
    name: str
    members: tuple[int, ...]
    line: int
    federation: str = ""
    mp: Fraction | None = None  # the MP, GP and rank the 310 record declares
    gp: Fraction | None = None
    rank: int | None = None


class Lineup(NamedTuple):
    """A 300 record's line-up of a team in a round: board i is ``players[i - 1]`` (None: empty)."""

    players: list[int | None]
    line: int


class Forfeit(NamedTuple):
    """One side of a 330 record: the opponent team, this team's code (+ or -), the record's line."""

    opponent: int
    code: str
    line: int


class TeamRecords:
    """The team records of a file by code, each as (line number, text), and their readers."""

    def __init__(self, source: Source, notes: list[str]) -> None:
        self.source = source
        self.notes = notes
        self.lines: dict[str, list[tuple[int, str]]] = {c: [] for c in TEAM_RECORDS}

    def read(self, record: Line) -> None:
        self.lines[record.code].append((record.number, record.text))

    def teams(self) -> tuple[TeamRecord, ...]:
        """The teams from 310 records, else from 013 (C07 §10.5)."""
        source, out = self.source, []
        if self.lines["310"]:
            for number, line in self.lines["310"]:
                text = line[4:7].strip()
                if not text.isdigit():
                    raise source.error(f"team number '{text}' is not a number (columns 5-7)", number, 5)
                declared: list[Fraction | None] = []
                for key, a, b in (("mp", 55, 60), ("gp", 62, 67)):
                    v = line[a - 1 : b].strip()
                    declared.append(source.number(v, number, a, f"team {key.upper()}") if v else None)
                rank = line[68:71].strip()
                members = tuple(
                    m for m in source.numbers(line[:73].ljust(73) + line[73:], number, "team member", 73) if m
                )
                out.append(
                    TeamRecord(
                        int(text),
                        line[8:40].strip(),
                        members,
                        number,
                        line[41:47].strip(),
                        declared[0],
                        declared[1],
                        int(rank) if rank.isdigit() else None,
                    )
                )
            if self.lines["013"]:
                self.notes.append("records 013 ignored: the 310 records define the teams")
        else:
            for k, (number, line) in enumerate(self.lines["013"], 1):
                members = tuple(
                    m for m in source.numbers(line[:36].ljust(36) + line[36:], number, "team member", 36) if m
                )
                out.append(TeamRecord(k, line[4:36].strip(), members, number))
        return tuple(out)

    def colours(self) -> str:
        """The board colours of record 352 (``WBWB``), "" without one."""
        lines = self.lines["352"]
        return lines[-1][1][4:].strip().upper() if lines else ""

    def team_scoring(self) -> TeamScoring:
        """The match points of record 362 (TW TD TL) and the PAB's points of 320."""
        values: dict[str, Fraction] = {}
        for number, line in self.lines["362"]:
            # TW/TD/TL: code at column 5-6 then points, every 9 columns; read as tokens.
            tokens = line[4:].split()
            k = 0
            while k < len(tokens):
                tok = tokens[k]
                code, rest = tok[:2].upper(), tok[2:]
                if code not in ("TW", "TD", "TL"):
                    raise self.source.error(
                        f"unknown team scoring code '{tok}' in record 362 (expected TW TD TL)",
                        number,
                        line.find(tok) + 1,
                    )
                if not rest:
                    k += 1
                    if k >= len(tokens):
                        raise self.source.error(
                            f"team scoring code '{code}' in record 362 has no value", number, len(line)
                        )
                    rest = tokens[k]
                values[{"TW": "win", "TD": "draw", "TL": "loss"}[code]] = self.source.number(
                    rest, number, line.find(rest) + 1, "match points"
                )
                k += 1
        for number, line in self.lines["320"]:
            mp, gp = line[4:8].strip(), line[9:13].strip()
            if mp:
                values["pab_mp"] = self.source.number(mp, number, 5, "PAB match points")
            if gp:
                values["pab_gp"] = self.source.number(gp, number, 10, "PAB game points")
        return TeamScoring(**values)

    # -- the records of the rounds, read against the teams (``known``: team number -> its line) ---

    def lineups(self, known: Mapping[int, int], team_of: Mapping[int, int]) -> dict[tuple[int, int], Lineup]:
        """The 300 line-ups by (round, team)."""
        out = {}
        for number, line in self.lines["300"]:
            f = self.source.numbers(line, number, "record 300")
            if len(f) < 3:
                raise self.source.error("record 300 needs a round, a team, its opponent and the line-up", number)
            rd, team, _opp, players = f[0], f[1], f[2], f[3:]
            if team not in known:
                raise self.source.error(f"record 300 names team {team}, which has no 310/013 record", number)
            for p in players:
                if p and team_of.get(p) != team:
                    raise self.source.error(f"record 300: player {p} is not in team {team}", number, player=p, round=rd)
            out[rd, team] = Lineup([p or None for p in players], number)
        return out

    def pabs(self, known: Mapping[int, int], rounds: int) -> dict[tuple[int, int], int]:
        """The 320 PAB by (round, team): the record's line. A round field of ``000`` or blanks is a
        round in which no team had the PAB (the reference engine and tbxl 0.1 read it so); a number
        naming no team is an error."""
        out = {}
        for number, line in self.lines["320"]:
            for rd in range(1, rounds + 1):
                a = 14 + 4 * (rd - 1)
                text = line[a : a + 3].strip()
                if text:
                    if not (text.isascii() and text.isdigit()):
                        raise self.source.error(
                            f"record 320: team '{text}' is not a number", number, column=a + 1, round=rd
                        )
                    if int(text) == 0:  # TRF-2026 writes 000 for a round in which no team had the PAB
                        continue
                    if int(text) not in known:  # as 300 and 330 do: a bye is a team's
                        raise self.source.error(
                            f"record 320 names team {int(text)}, which has no 310/013 record",
                            number,
                            column=a + 1,
                            round=rd,
                        )
                    out[rd, int(text)] = number
        return out

    def byes(self, known: Mapping[int, int]) -> dict[tuple[int, int], tuple[Kind, int]]:
        """The 240 byes by (round, team): the kind of bye and the record's line."""
        out = {}
        for number, line in self.lines["240"]:
            code = line[4:5].upper()
            if code not in ("F", "H", "Z"):
                raise self.source.error(f"record 240: bye type '{code}' (expected F, H or Z)", number, column=5)
            f = self.source.numbers(line, number, "record 240", 5)
            if not f:
                raise self.source.error("record 240 needs a round", number)
            for team in f[1:]:
                if team not in known:
                    raise self.source.error(
                        f"record 240 names team {team}, which has no 310/013 record", number, round=f[0]
                    )
                out[f[0], team] = (BYES[code], number)
        return out

    def forfeits(self, known: Mapping[int, int]) -> dict[tuple[int, int], Forfeit]:
        """The 330 forfeited matches by (round, team), one entry for each side."""
        out = {}
        for number, line in self.lines["330"]:
            code = line[4:6]
            if code not in ("+-", "-+", "--"):
                raise self.source.error(f"record 330: result '{code}' (expected +-, -+ or --)", number, column=5)
            f = self.source.numbers(line, number, "record 330", 6)
            if len(f) != 3:
                raise self.source.error("record 330 needs a round and two teams", number)
            rd, a, b = f
            for team in (a, b):
                if team not in known:
                    raise self.source.error(
                        f"record 330 names team {team}, which has no 310/013 record", number, round=rd
                    )
            out[rd, a] = Forfeit(b, code[0], number)
            out[rd, b] = Forfeit(a, code[1], number)
        return out
