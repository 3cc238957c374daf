"""The reader of a TRF file (C07 §10.1-§10.5): the tokenizer's records handed, in file order, to the
reader of their kind, as python-chess hands the tokens of a PGN game to a visitor.

* :mod:`tbxl.io.trf.tokens`: the lines as records, the layout of a round field, the immutable
  :class:`~tbxl.io.trf.tokens.Row` and :class:`~tbxl.io.trf.tokens.Slot`;
* :mod:`tbxl.io.trf.header`: the event's header records (012-122, 092/192, XXR/142, 202/212, XXC/152);
* :mod:`tbxl.io.trf.scoring`: the scoring dialects (162, XXS, bbpPairings' BB*);
* :mod:`tbxl.io.trf.pairings`: the 001 records and the pairings their round fields make;
* :mod:`tbxl.io.trf.teamrecords`: a team event's records (013/240/300/310/320/330/352/362).

The builders make the event from what these give: :mod:`tbxl.io.trf.players` (an individual event)
and :mod:`tbxl.io.trf.team` (a team event).

References are to ``rules/C07.md``: §10.1 (TRF-16 columns and result codes, :mod:`tbxl.model.codes`),
§10.2 (TRF(x) ``XXR``/``XXS``), §10.3 (TRF-2026 ``142``/``162``/``192``/``202``/``212``), §10.5 (team
records) and the decisions D10 (games under one move are played games) and D21 (the points column is
recomputed from the results; a mismatch is reported).

The reader is tolerant of the forms met in the wild (§10.1 "Files in the wild deviate"):
CR, LF or CRLF line ends, a UTF-8 BOM, CP1252 files, short lines, byes written ``0000``,
``   0`` or blank, ISO dates, and the forms of the programs in the field (lichess, Swiss-Manager,
Vega, JaVaFo TRF(x): :mod:`tbxl.io.trf.dialects`). A record it does not read is noted with its
line (:meth:`Reader.note_ignored`). Anything else is reported as an :class:`InputError` with the
file, line, column, player and round rather than guessed.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from tbxl.errors import InputError
from tbxl.io.trf.header import HEADER_CODES, ROUND_ROBIN, Header, HeaderRecords, note_ignored
from tbxl.io.trf.pairings import COMPLEMENTS, PlayerRecords
from tbxl.io.trf.scoring import SCORING_CODES, XXS_FIELDS, ScoringRecords
from tbxl.io.trf.tokens import ROUND_WIDTH, Row, Slot, Source, tokenize
from tbxl.model import EventKind, Pairing, Scoring

if TYPE_CHECKING:
    from tbxl.io.trf.teamrecords import TeamRecords

__all__ = ["Reader", "Row", "Slot", "ROUND_ROBIN", "ROUND_WIDTH", "COMPLEMENTS", "XXS_FIELDS"]


class Reader:
    """One pass over the records, each handed to the reader of its kind, then a check of the pairings.

    ``kind``: the kind of event to read; a team event's team records are collected by
    :attr:`team` (an individual event's reader notes them as ignored), and a forfeit may name
    no opponent. The builders make the event: :func:`tbxl.io.trf.players.build_individual_event`,
    :func:`tbxl.io.trf.team.build_team_event`.
    """

    def __init__(self, text: str, source: str, strict: bool, *, kind: EventKind = EventKind.INDIVIDUAL) -> None:
        self.text = text
        self.where = Source(source, strict)
        #: What the reading says of the file, in the order said (every part adds to it).
        self.notes: list[str] = []
        self.header_records = HeaderRecords(self.where, self.notes)
        self.scoring_records = ScoringRecords(self.where)
        # The reader that decides the kind (tbxl.io.trf sniffs a team file) reads its records so.
        team = kind is EventKind.TEAM
        self.players = PlayerRecords(self.where, self.notes, team=team)
        #: The team records; None for an individual event.
        self.team: TeamRecords | None = None
        if team:
            # Imported here: the team records' reader loads for a team event only (issue 26 item 7).
            from tbxl.io.trf.teamrecords import TeamRecords

            self.team = TeamRecords(self.where, self.notes)
        self.club_lines: list[tuple[int, str]] = []  # an individual event's 013 records
        self.header = Header({})
        #: The rounds the event announces (XXR / 142), as the round fields correct them.
        self.declared_rounds: int | None = None

    @property
    def source(self) -> str:
        return self.where.name

    @property
    def strict(self) -> bool:
        return self.where.strict

    @property
    def rows(self) -> list[Row]:
        return self.players.rows

    @property
    def points_of(self) -> Mapping[str, Fraction]:
        return self.players.points_of

    @property
    def meta(self) -> Mapping[str, object]:
        return self.header.meta

    def error(
        self,
        message: str,
        line: int | None,
        column: int | None = None,
        player: int | None = None,
        round: int | None = None,
    ) -> InputError:
        return self.where.error(message, line, column, player, round)

    def collect(self) -> None:
        """Read every record, in file order, each by the reader of its kind (a record none reads is
        kept for :meth:`note_ignored`); then the notes on the file as a whole."""
        tokens = tokenize(self.text)
        team = self.team
        players = self.players
        header = self.header_records
        for record in tokens.records:
            code = record.code
            if code == "001":
                players.read(record.text, record.number)
                continue
            if team is not None and code in team.lines:
                team.read(record)
                continue
            upper = code.upper()
            if upper in HEADER_CODES:
                header.read(record)
            elif upper in SCORING_CODES:
                self.scoring_records.read(record)
            elif upper == "013" and team is None:  # an individual event's teams (Swiss-Manager)
                self.club_lines.append((record.number, record.text))
            else:
                header.ignore(record)
        if not players.rows:
            raise InputError("no player records (001)", file=self.source)
        for number, length, last in tokens.damaged_ruler:
            # Said without -v: a cut or overrun ruler may hide a record run into it (issue 39).
            self.error(
                f"a line of {length:,} characters that starts as Swiss-Manager's column ruler "
                f"but ends in {last!r}, so is no ruler and no record: skipped",
                number,
            ).raise_or_warn(strict=False, stacklevel=2)
        if tokens.ruler:
            self.notes.append(
                f"line{'s' if len(tokens.ruler) > 1 else ''} {', '.join(map(str, tokens.ruler))}: "
                "Swiss-Manager's column ruler, skipped"
            )
        players.note_read()
        if self.club_lines:
            players.read_clubs(self.club_lines)
        self.header = header.header()
        self.declared_rounds = self.header.declared_rounds

    def build_scoring(self) -> Scoring:
        return self.scoring_records.scoring()

    def declared_pairing(self) -> Pairing | None:
        """The pairing system records 092/192 name (§10.1, §10.3), None without one."""
        return self.header.pairing

    def tiebreaks(self) -> tuple[str, ...]:
        """§10.3: 212 defines the standings as is; 202 breaks ties, so ``PTS`` goes first."""
        return self.header.tiebreaks

    def note_ignored(self) -> None:
        """Note the initial colour and the records not read (:func:`~tbxl.io.trf.header.note_ignored`)."""
        note_ignored(self.header, self.rows, self.notes)

    def rounds_with_results(self) -> int:
        """The rounds to rank (:meth:`~tbxl.io.trf.pairings.PlayerRecords.rounds_with_results`);
        :attr:`declared_rounds` as the round fields correct it."""
        played, self.declared_rounds = self.players.rounds_with_results(
            self.declared_rounds, self.header.declared_rounds_at
        )
        return played

    def announce_rounds(self, stacklevel: int = 4) -> None:
        """Warn (once) that the last rounds announced have no results yet (rounds_with_results)."""
        self.players.announce_rounds(stacklevel + 1)

    def check_fields(self) -> None:
        self.players.check_fields()

    def check_pairings(self, scoring: Scoring, rounds: int) -> None:
        self.players.check_pairings(scoring, rounds)
