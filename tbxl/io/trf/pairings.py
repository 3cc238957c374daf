"""The player records of a TRF file (001, C07 §10.1) and the pairings their round fields make.

:class:`PlayerRecords` reads each 001 record into an immutable :class:`~tbxl.io.trf.tokens.Row`
(the player and its round fields, checked for their shape in one C call a record), tells which
rounds have results (:meth:`PlayerRecords.rounds_with_results`: an event in progress, Vega's
announced absences) and words what a whole round column refused (:meth:`PlayerRecords.check_fields`,
:meth:`PlayerRecords.check_pairings`), in file order. The builders read the rows:
:mod:`tbxl.io.trf.players` (an individual event), :mod:`tbxl.io.trf.team` (a team event).

D10: games under one move are played games; D21: the points column is recomputed from the results,
a mismatch is reported (``rules/C07.md``).
"""

from __future__ import annotations

import warnings
from dataclasses import replace
from fractions import Fraction

from tbxl.errors import InputError, InputWarning
from tbxl.formatting import exact_text
from tbxl.io.trf.dialects import byte_columns
from tbxl.io.trf.tokens import (
    ANNOUNCED,
    FIRST_ROUND_COLUMN,
    NO_OPPONENT,
    OPPONENTLESS,
    PENDING,
    ROUND_FIELDS,
    ROUND_WIDTH,
    SEPARATED,
    SEPARATORS,
    Row,
    Slot,
    Source,
    digits,
    plausible_birth_date,
)
from tbxl.limits import MAX_ROUNDS
from tbxl.model import Kind, Player, RoundEntry, Scoring, make_entry
from tbxl.model.codes import BYES, FORFEITS, GAMES, RESULT_CODES

__all__ = ["PlayerRecords", "COMPLEMENTS"]

# Result pairs that complement each other on the two lines of one pairing. ("0", "0") is a game both
# players lost over the board (the FIDE Laws allow it: both players' phones, an arbiter's decision;
# Vega publishes one): a played game, 0 points each (issue 29).
COMPLEMENTS = {
    ("1", "0"),
    ("0", "1"),
    ("=", "="),
    ("W", "L"),
    ("L", "W"),
    ("D", "D"),
    ("+", "-"),
    ("-", "+"),
    ("-", "-"),
    ("0", "0"),
}


def both_lost(rounds: dict[int, set[tuple[int, int]]]) -> str:
    """The note on the games both players lost (round -> pairs of start numbers), one line.

    >>> both_lost({9: {(33, 93)}})
    'round 9: players 33 and 93 both lost their game (0-0): read as a played game, 0 points each'
    """
    pairs = "; ".join(
        f"round {r}: players " + ", ".join(f"{a} and {b}" for a, b in sorted(rounds[r])) for r in sorted(rounds)
    )
    return f"{pairs} both lost their game (0-0): read as a played game, 0 points each"


class PlayerRecords:
    """The reader of the 001 records, one :meth:`read` a record, in file order.

    ``team``: a team event's round fields, where a forfeit may name no opponent (TRF-2026
    ``0000 - +``), are checked field by field; an individual event's in one C call a record.
    """

    def __init__(self, source: Source, notes: list[str], *, team: bool = False) -> None:
        self.source = source
        self.notes = notes
        self.team = team
        self.rows: list[Row] = []
        self.line_of: dict[int, int] = {}  # start number -> line, for duplicate checks
        self.points_of: dict[str, Fraction] = {}  # a points column's text -> its value
        self.byte_padded: list[int] = []  # 001 records read by bytes (Vega; tbxl.io.trf.dialects)
        self.pending: list[InputError] = []  # games paired without a result yet, in file order
        self.announced: set[int] = set()  # rounds with Vega's announced absences (0000 - -, 0000 - =)
        self.in_progress: InputWarning | None = None  # rounds announced without results (said once)
        self.zero_zero: dict[int, set[tuple[int, int]]] = {}  # games both lost (0-0), by round

    def error(
        self, message: str, line: int, column: int | None = None, player: int | None = None, round: int | None = None
    ) -> InputError:
        return self.source.error(message, line, column, player, round)

    def read(self, line: str, number: int) -> None:
        self.rows.append(self.player_record(line, number))

    def player_record(self, line: str, number: int) -> Row:
        text = line[4:8].strip()  # columns 5-8 (1-based, inclusive)
        if not digits(text) or int(text) < 1:
            raise self.error(f"bad start number '{text}' (columns 5-8)", number, 5)
        sn = int(text)
        if sn in self.line_of:
            raise self.error(f"duplicate start number {sn} (also on line {self.line_of[sn]})", number, 5, sn)
        self.line_of[sn] = number
        count = -(-(len(line) - FIRST_ROUND_COLUMN + 1) // ROUND_WIDTH)
        if count > MAX_ROUNDS:  # e.g. one 50 MB line: refused before it is read field by field
            raise self.error(
                f"the record has {count} round fields: tbxl reads events of at most {MAX_ROUNDS} rounds",
                number,
                FIRST_ROUND_COLUMN,
                sn,
            )
        if not line.isascii() and not SEPARATED.match(line):
            relaid = byte_columns(line)  # Vega pads a UTF-8 name to 33 bytes (tbxl.io.trf.dialects)
            if relaid is not None:
                line = relaid
                self.byte_padded.append(number)
                count = -(-(len(line) - FIRST_ROUND_COLUMN + 1) // ROUND_WIDTH)
        if not SEPARATED.match(line):  # the usual full-width line passes in one C call
            for c in SEPARATORS:
                if c <= len(line) and line[c - 1] != " ":
                    raise self.error(
                        f"expected a blank at column {c}, found '{line[c - 1]}' (fields must be in TRF-16 columns)",
                        number,
                        c,
                        sn,
                    )

        rating_text = line[48:52].strip()
        if rating_text and not digits(rating_text):
            raise self.error(f"rating '{rating_text}' is not a number (columns 49-52)", number, 49, sn)
        points_text = line[80:84].strip()
        declared = None
        if points_text:
            declared = self.points_of.get(points_text)
            if declared is None:
                declared = self.points_of[points_text] = self.source.number(points_text, number, 81, "points", sn)
        birth = line[69:79].strip()
        if birth and not plausible_birth_date(birth):
            # Age categories read the year: a date that cannot be is not one to count with.
            self.error(
                f"birth date {birth[:10]!r} is not a date (columns 70-79: YYYY/MM/DD, or YYYY); read as unknown",
                number,
                70,
                sn,
            ).raise_or_warn(self.source.strict, stacklevel=4)
            birth = ""
        rank_text = line[85:89].strip()
        if rank_text and not digits(rank_text):
            raise self.error(f"rank '{rank_text}' is not a number (columns 86-89)", number, 86, sn)
        player = Player(
            start_number=sn,
            name=line[14:47].strip(),
            sex=line[9:10].strip(),
            title=line[10:13].strip(),
            rating=(int(rating_text) or None) if rating_text else None,  # blank or 0 = unrated
            federation=line[53:56].strip(),
            fide_id=line[57:68].strip(),
            birth_date=birth,
            declared_points=declared,
            declared_rank=int(rank_text) if rank_text else None,
        )

        fields = line[FIRST_ROUND_COLUMN - 1 :]
        if not fields:
            return Row(player, number, points=points_text or None)
        fields = fields.ljust(count * ROUND_WIDTH)
        if self.team:  # a team event's rules for a field: each one checked by them
            for r in range(1, count + 1):
                self.keep_pending(self.check_field(line, number, sn, r))
            return Row(player, number, fields, points_text or None)
        if not ROUND_FIELDS.fullmatch(fields):  # one C call for the whole record
            for r in range(1, count + 1):
                self.check_field(line, number, sn, r)
            raise AssertionError("a round field was refused but no check says why")  # pragma: no cover
        codes = fields[7::ROUND_WIDTH].upper()
        # The last round with a result that comes from a pairing (a game, a forfeit, a PAB).
        played = len(codes.rstrip(" FHZ"))
        while (
            played
            and codes[played - 1] in ANNOUNCED
            and NO_OPPONENT.fullmatch(fields, ROUND_WIDTH * (played - 1), ROUND_WIDTH * (played - 1) + 4)
        ):
            # Vega's absence announced for the next round ("0000 - -", "0000 - ="), no result yet;
            # an error if that round has results elsewhere (rounds_with_results raises it then).
            self.announced.add(played)
            self.keep_pending(self.check_field(line, number, sn, played))
            played = len(codes[: played - 1].rstrip(" FHZ"))
        # An opponent-less - or = (one C call a record, only for a record with a - or = at all).
        mark = OPPONENTLESS.match(fields) if "-" in codes or "=" in codes else None
        if mark and mark.start(1) // ROUND_WIDTH < played:  # before the record's last result
            at = mark.start(1)
            raise self.error(
                f"result '{fields[at + 7]}' needs an opponent",
                number,
                FIRST_ROUND_COLUMN + at,
                sn,
                at // ROUND_WIDTH + 1,
            )
        if " " in codes:  # a blank result: a ZPB, or a game paired without a result yet
            for r, code in enumerate(codes, 1):
                if code == " " and fields[ROUND_WIDTH * (r - 1) : ROUND_WIDTH * (r - 1) + 4].strip():
                    self.keep_pending(self.check_field(line, number, sn, r))
        return Row(player, number, fields, points_text or None, played)

    def keep_pending(self, pending: InputError | None) -> None:
        if pending:
            self.pending.append(pending)

    def check_field(self, line: str, number: int, sn: int, r: int) -> InputError | None:
        """Raise the error of round r's field, if it has one: opponent (4 columns), colour at +5,
        result at +7 (§10.1). Called to word what the record-wide checks found wrong. A game
        paired without a result yet returns its error, raised if the round is ranked."""
        column = FIRST_ROUND_COLUMN + ROUND_WIDTH * (r - 1)
        s = column - 1
        field_text = line[s : s + ROUND_WIDTH].ljust(ROUND_WIDTH)
        if field_text[4] != " " or field_text[6] != " " or field_text[8:10] != "  ":
            self.separator_error(field_text, number, column, sn, r)
        opp_text, colour, code = field_text[0:4].strip(), field_text[5].lower(), field_text[7].upper()
        slot = self.slow_slot(field_text, opp_text, colour, code, number, sn, r, column)
        return self.pending.pop() if slot.code == PENDING else None

    def slow_slot(
        self, field_text: str, opp_text: str, colour: str, code: str, number: int, sn: int, r: int, column: int
    ) -> Slot:
        """The rules of one round field, one by one."""
        if self.team and code in FORFEITS and (not opp_text or (opp_text.isdigit() and int(opp_text) == 0)):
            # TRF-2026 writes a board won or lost by forfeit without naming the opponent: "0000 - +".
            return Slot(r, code, None, None, column)
        if opp_text and not digits(opp_text):
            raise self.error(f"opponent '{opp_text}' is not a start number", number, column, sn, r)
        opponent = int(opp_text) if opp_text and int(opp_text) else None  # 0000, 0, blank = none
        if colour not in "wb- ":
            raise self.error(f"unknown colour '{field_text[5]}' (expected w, b or -)", number, column + 5, sn, r)
        if code not in GAMES and code not in FORFEITS and code not in BYES:
            raise self.error(
                f"unknown result code '{field_text[7]}' (expected one of {RESULT_CODES})", number, column + 7, sn, r
            )
        if opponent is None and code in ANNOUNCED and not self.team:
            # Vega's .trfx, saved at the start of a round, marks the absences announced for it:
            # "0000 - -" (absent, a loss) and "0000 - =" (absent, a draw) (Vega manual, TRF(x)).
            # Fine after the last round with results (rounds_with_results), an error in one before.
            self.pending.append(
                self.error(
                    f"result '{field_text[7]}' needs an opponent (Vega's 0000 - "
                    f"{field_text[7]} marks an absence announced for the next round, "
                    "after the last round with results)",
                    number,
                    column,
                    sn,
                    r,
                )
            )
            return Slot(r, PENDING, None, None, column)
        if opponent is None and code not in BYES:
            raise self.error(f"result '{field_text[7]}' needs an opponent", number, column, sn, r)
        if opponent == sn:
            raise self.error("player paired with himself", number, column, sn, r)
        if opponent is not None and code == " ":
            # Paired, result not in yet: an event exported after its pairings. Fine in a round after
            # the last one with results (rounds_with_results), an error in one before.
            self.pending.append(
                self.error(f"a blank result cannot have an opponent ({opponent})", number, column + 7, sn, r)
            )
            return Slot(r, PENDING, opponent, colour if colour in "wb" else None, column)
        if opponent is not None and code in BYES:
            raise self.error(
                f"result '{field_text[7]}' (a bye) cannot have an opponent ({opponent})", number, column + 7, sn, r
            )
        return Slot(r, code, opponent, colour if colour in "wb" and opponent else None, column)

    def separator_error(self, field_text: str, number: int, column: int, sn: int, r: int) -> None:
        for offset in (4, 6, 8, 9):
            if field_text[offset] != " ":
                raise self.error(
                    f"expected a blank at column {column + offset}, found "
                    f"'{field_text[offset]}' (round fields are 10 columns wide)",
                    number,
                    column + offset,
                    sn,
                    r,
                )

    def check_fields(self) -> None:
        """Raise the first error of a round field of the records read so far, in file order (a game
        without a result yet is no error here: see rounds_with_results)."""
        for row in self.rows:
            sn = row.player.start_number
            line = " " * (FIRST_ROUND_COLUMN - 1) + row.fields
            for r in range(1, row.rounds + 1):
                self.check_field(line, row.line, sn, r)

    def note_read(self) -> None:
        """The note on the records read by bytes (Vega's UTF-8 names), once all are read."""
        if self.byte_padded:
            s = "s" if len(self.byte_padded) > 1 else ""
            self.notes.append(
                f"record{s} 001 (line{s} {', '.join(map(str, self.byte_padded))}): the name is "
                "padded to 33 bytes, not characters (as Vega writes UTF-8): the columns after it "
                "are read by bytes"
            )

    def read_clubs(self, club_lines: list[tuple[int, str]]) -> None:
        """An individual event's 013 records (Swiss-Manager lists the teams of a team prize): each
        listed player's club is the team's name (C07 §10.1: name at columns 5-36, the members'
        start numbers from column 37, every 5 columns). A record that is not one is noted and
        left out, never read into a wrong field."""
        index = {row.player.start_number: k for k, row in enumerate(self.rows)}
        read = []
        for number, line in club_lines:
            name = line[4:36].strip()
            members = line[36:].split()
            if not name or not members or not all(digits(m) and int(m) in index for m in members):
                self.notes.append(
                    f"record 013 (line {number}) ignored: not a team name with its players' start numbers"
                )
                continue
            for m in members:
                row = self.rows[index[int(m)]]
                if row.player.club:
                    self.notes.append(
                        f"record 013 (line {number}): player {m} is already in team '{row.player.club}'; kept there"
                    )
                else:
                    self.rows[index[int(m)]] = row._replace(player=replace(row.player, club=name))
            read.append(str(number))
        if read:
            s = "s" if len(read) > 1 else ""
            self.notes.append(
                f"record{s} 013 (line{s} {', '.join(read)}) of an individual event: read as the players' clubs"
            )

    # -- the rounds to rank ----------------------------------------------------------------------

    def rounds_with_results(
        self, declared_rounds: int | None, declared_at: tuple[int, str] | None
    ) -> tuple[int, int | None]:
        """The rounds to rank, and the rounds the event announces (XXR / 142, read as the round
        fields say). The rounds to rank go up to the last one with a result that comes from a
        pairing (a game, a forfeit or a pairing-allocated bye). An event in progress announces more
        rounds than have results, and its file may already hold the next round's pairings without
        results and the byes requested for later rounds: those rounds are left out, said on one line
        (an InputWarning), and the standings are those after the last round played, as
        ``--after-round`` gives them (README "Events in progress"). 0 when no round has a result
        (e.g. every record ends at column 91)."""
        written = max(row.rounds for row in self.rows)
        played = max(row.played for row in self.rows)
        for row in self.rows:
            if row.rounds > played:  # the fields of the rounds not ranked (the ranked: build_players)
                line = " " * (FIRST_ROUND_COLUMN - 1) + row.fields
                for r in range(played + 1, row.rounds + 1):
                    try:
                        self.check_field(line, row.line, row.player.start_number, r)
                    except InputError:
                        self.check_fields()  # the first in file order
                        raise
        for err in self.pending:
            if err.round is not None and err.round <= played:  # a game of a round that has results
                raise err
        later = sorted(r for r in self.announced if r > played)
        if later:
            self.notes.append(
                f"round {', '.join(map(str, later))}: absences announced for the next round "
                "(Vega's 0000 - - and 0000 - =), not results: left out with the round"
            )
        if declared_rounds is not None and declared_rounds < played and declared_at:
            # The round fields hold results beyond the announced rounds: the fields count, and
            # what reads the scheduled rounds (dummy_cap_rounds=scheduled) reads them too.
            line_number, code = declared_at
            self.error(
                f"{code} announces {declared_rounds} rounds, but the round fields hold results for "
                f"{played}: read as {played} rounds",
                line_number,
                5,
            ).raise_or_warn(self.source.strict, stacklevel=4)
            declared_rounds = played
        announced = max(declared_rounds or 0, written)
        if announced > played > 0:  # none played: the command line refuses (readers.load)
            later_text = (
                f"round {announced} has" if announced == played + 1 else f"rounds {played + 1}-{announced} have"
            )
            # Said once the round fields are known to be good (announce_rounds), as the line-by-line
            # reading said it only after every field's own check.
            self.in_progress = InputWarning(
                str(InputError(f"{later_text} no results yet: standings after round {played}", file=self.source.name))
            )
            if declared_rounds is None:
                declared_rounds = announced
        return played, declared_rounds

    def announce_rounds(self, stacklevel: int = 4) -> None:
        """Warn (once) that the last rounds announced have no results yet (rounds_with_results)."""
        if self.in_progress is not None:
            warnings.warn(self.in_progress, stacklevel=stacklevel)
            self.in_progress = None

    # -- pairings ----------------------------------------------------------------------------

    def check_pairings(self, scoring: Scoring, rounds: int) -> None:
        """Raise the first pairing error, in file order, after the D21 checks of the records before it."""
        by_number = {row.player.start_number: row for row in self.rows}
        for row in self.rows:
            entries = tuple(self.entry(scoring, row, row.slot(r), by_number) for r in range(1, rounds + 1))
            self.check_points(replace(row.player, rounds=entries), row.line)

    def check_pairing(self, row: Row, slot: Slot, by_number: dict[int, Row]) -> None:
        """Check ``slot`` against the opponent's line (§10.1)."""
        sn, r = row.player.start_number, slot.round
        if slot.opponent is None:
            return
        other = by_number.get(slot.opponent)
        if other is None:
            raise self.error(f"opponent {slot.opponent} is not a listed player", row.line, slot.column, sn, r)
        mate = other.slot(r)
        if mate.opponent != sn:
            has = f"lists {mate.opponent}" if mate.opponent else f"has no opponent (result '{mate.code.strip()}')"
            raise self.error(
                f"pairing is not symmetric: this line lists {slot.opponent}, but player "
                f"{slot.opponent} (line {other.line}) {has} in this round",
                row.line,
                slot.column,
                sn,
                r,
            )
        if (slot.code, mate.code) not in COMPLEMENTS:
            raise self.error(
                f"results do not complement: '{slot.code}' here, '{mate.code}' for "
                f"player {slot.opponent} (line {other.line})",
                row.line,
                slot.result_column,
                sn,
                r,
            )
        if slot.colour and slot.colour == mate.colour:  # a game, or the scheduled colours of a forfeit
            raise self.error(
                f"both players have colour '{slot.colour}' (player {slot.opponent}, line {other.line})",
                row.line,
                slot.column + 5,
                sn,
                r,
            )

    def entry(self, scoring: Scoring, row: Row, slot: Slot, by_number: dict[int, Row]) -> RoundEntry:
        """Check ``slot`` against the opponent's line and build the round entry."""
        self.check_pairing(row, slot, by_number)
        r = slot.round
        if slot.opponent is None:
            return make_entry(scoring, r, BYES[slot.code])
        if slot.code in GAMES:
            kind, outcome = GAMES[slot.code]
            if slot.code == "0" and by_number[slot.opponent].slot(r).code == "0":  # a game both lost
                self.zero_zero.setdefault(r, set()).add(tuple(sorted((row.player.start_number, slot.opponent))))  # type: ignore[arg-type]
            return make_entry(scoring, r, kind, outcome, slot.opponent, slot.colour)
        kind = FORFEITS[slot.code]
        if slot.code == "-" and by_number[slot.opponent].slot(r).code == "-":  # both lose by forfeit (D8)
            kind = Kind.DOUBLE_FORFEIT
        return make_entry(scoring, r, kind, None, slot.opponent, slot.colour)

    def check_points(self, player: Player, line: int, stacklevel: int = 2) -> None:
        """D21: the points column must match the results under the scoring system."""
        declared = player.declared_points
        if declared is None or declared == player.points:
            return
        err = self.error(
            f"declared points {exact_text(declared, 1)} (columns 81-84) differ from the "
            f"results, which give {exact_text(player.points, 1)}",
            line,
            81,
            player.start_number,
        )
        err.raise_or_warn(self.source.strict, stacklevel)
