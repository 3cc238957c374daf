"""The records of a TRF file (C07 §10.1-§10.5): one tokenizer for TRF-16, TRF-2026 and TRF(x) lines,
the layout of each record, and the 001 round fields checked pairing by pairing.

One :class:`Reader` reads every file. It collects the event's records (012-102, 092/192, XXR/142, 162,
XXS, 202/212, 001) and, for a team event (``team=True``), the team records 013/240/300/310/320/330/352/
362 too; the players are built here (:meth:`Reader.read`), the teams by :mod:`tbxl.io.trf.team`.

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

import re
import warnings
from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction
from typing import NamedTuple, Optional

from tbxl.errors import InputError, InputWarning
from tbxl.formatting import exact_text
from tbxl.io.grid.cells import parse_number
from tbxl.io.trf.dialects import LINK_COMMENT, byte_columns, initial_colour, is_link, is_ruler, textual_date
from tbxl.io.text import split_lines
from tbxl.limits import MAX_HEADER_TEXT, MAX_ROUNDS, MAX_TIEBREAKS
from tbxl.model import (Kind, Pairing, Player, RoundEntry,
                        Scoring, make_entry)
from tbxl.model.codes import BYES, FORFEITS, GAMES, RESULT_CODES
from tbxl.model import EventKind, TeamScoring

__all__ = ["Reader", "Row", "Slot", "ROUND_ROBIN", "ROUND_WIDTH", "COMPLEMENTS", "XXS_FIELDS", "TEAM_RECORDS"]

#: The team records (§10.5) a team event's reader collects (801/802 are informative, not read).
TEAM_RECORDS = ("013", "240", "300", "310", "320", "330", "352", "362", "801", "802")

#: What the records tbxl knows but does not read are, for the notes on them (C07 §10.1-§10.3 and the
#: JaVaFo TRF(x) spec; Tornelo's DAT; bbpPairings' BB* values): a reader of the notes learns what was
#: left out, not only its code.
RECORD_NAMES = {
    "062": "the number of players", "072": "the number of rated players", "082": "the number of teams",
    "132": "the dates of the rounds", "172": "the starting-rank method", "182": "the pairing controller",
    "222": "the encoded time control", "240": "byes of the round to pair", "250": "accelerations",
    "260": "prohibited pairings", "299": "abnormal point assignments", "XXA": "accelerations",
    "XXP": "forbidden pairs", "XXZ": "players absent from the round to pair", "DAT": "Tornelo player data",
    "NRS": "national ratings", "013": "team records",
}

# Result pairs that complement each other on the two lines of one pairing.
COMPLEMENTS = {("1", "0"), ("0", "1"), ("=", "="), ("W", "L"), ("L", "W"), ("D", "D"),
                ("+", "-"), ("-", "+"), ("-", "-")}

# §10.1 001 record: 1-based columns that separate the fixed fields (they must be blank).
_SEPARATORS = (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91)
# A 001 line of at least 91 columns with every separator blank.
_SEPARATED = re.compile(r".{3} .{4} .{4} .{33} .{4} .{3} .{11} .{10} .{4} .{4}  ")
_FIRST_ROUND_COLUMN = 92   # round r starts at column 92 + 10 (r - 1)
ROUND_WIDTH = 10

# A round field (§10.1), ten columns: the opponent's start number (4 columns of digits and blanks),
# a blank, the colour, a blank, the result code, two blanks. A record's fields are read as one
# string padded to whole fields and checked for this shape in one C call; what the characters mean
# together (the digits a number, an opponent with a game and none with a bye, a pairing seen from
# both sides) is checked on whole round columns (Reader.build_players).
# The code of a slot paired without a result yet (an opponent and a blank result column).
_PENDING = "?"
#: The result codes of Vega's absences announced for the next round, with no opponent (0000 - -).
_ANNOUNCED = "-="
#: The first round field (of round fields padded to whole fields) whose - or = has no opponent.
_OPPONENTLESS = re.compile(r"(?:.{10})*?([0\s]{4} [wWbB\- ] [-=])", re.S)
#: An opponent field naming nobody, as :meth:`Row.slot` reads it: blanks (tabs too) and zeros.
_NO_OPPONENT = re.compile(r"[0\s]{4}")
_ROUND_FIELDS = re.compile(r"(?:[\s0-9]{4} [wWbB\- ] [10=WDLwdl+\-HFUZhfuz ]  )*")


# 092 / 192 tournament type (§10.1, §10.3): pre-determined pairings for round robins.
ROUND_ROBIN = re.compile(r"robin|berger|(?<![a-z0-9])rr(?![a-z0-9])", re.IGNORECASE)

# Fine-grained scoring keys of TRF(x) XXS (§10.2) and the Scoring field each one feeds.
XXS_FIELDS = {"WW": "win", "BW": "win", "WD": "draw", "BD": "draw", "WL": "loss", "BL": "loss",
               "ZPB": "zpb", "HPB": "hpb", "FPB": "fpb", "PAB": "pab", "FW": "forfeit_win",
               "FL": "forfeit_loss"}
_XXS_SHORTCUTS = {"W": ("WW", "BW", "FW", "FPB"), "D": ("WD", "BD", "HPB")}
# bbpPairings' TRF(bx) point records and the XXS keys each one sets (its README and getPoints).
_BBP_CODES = {"BBW": ("WW", "BW", "FW", "FPB", "PAB"), "BBD": ("WD", "BD", "HPB"), "BBL": ("WL", "BL"),
              "BBZ": ("ZPB",), "BBF": ("FL",), "BBU": ("PAB",)}
# TRF-2026 162 codes (§10.3); P defaults to W within the record, X (unknown) is not scored.
_162_CODES = {"W": ("WW", "BW", "FW", "FPB"), "D": ("WD", "BD", "HPB"), "L": ("WL", "BL"),
              "A": ("ZPB", "FL"), "P": ("PAB",), "X": ()}




_BIRTH = re.compile(r"(\d{4})(?:[/.-](\d{2})[/.-](\d{2}))?", re.ASCII)


def plausible_birth_date(text: str) -> bool:
    """A TRF birth date (§10.1 columns 70-79) that can be one: ``YYYY/MM/DD`` (``.`` or ``-`` also
    separate, 00 for an unknown month or day) or ``YYYY``.

    >>> [plausible_birth_date(t) for t in ("2014/12/31", "1985/00/00", "1990", "2026/13/45", "2023/02/29")]
    [True, True, True, False, False]
    """
    m = _BIRTH.fullmatch(text)
    if not m:
        return False
    if m.group(2) is None:
        return True
    year, month, day = int(m.group(1)), int(m.group(2)), int(m.group(3))
    if month == 0 or day == 0:
        return month <= 12 and day <= 31
    try:
        date(year or 2000, month, day)
    except ValueError:
        return False
    return True


def _digits(text: str, width: int = 4) -> bool:
    """ASCII digits only, at most ``width`` of them: ``str.isdigit`` also passes ``²`` (CP1252 byte
    0xB2), which ``int`` refuses.

    >>> _digits("12"), _digits("\u00b2"), _digits(""), _digits("12345")
    (True, False, False, False)
    """
    return 0 < len(text) <= width and text.isascii() and text.isdigit()


class Slot(NamedTuple):
    """One round field of a 001 record as written (§10.1), for the messages on a bad one."""

    round: int
    code: str                 # upper-case result code, " " when blank
    opponent: Optional[int]
    colour: Optional[str]
    column: int               # 1-based column of the opponent field

    @property
    def result_column(self) -> int:
        return self.column + 7


@dataclass
class Row:
    """A parsed 001 record: the player and its round fields, padded to whole fields."""

    player: Player
    line: int
    fields: str = ""
    points: Optional[str] = None  # the points column's text
    played: int = 0               # the last round with a result from a pairing (0: none)

    @property
    def rounds(self) -> int:
        return len(self.fields) // ROUND_WIDTH

    @property
    def slots(self) -> list[Slot]:
        return [self.slot(r) for r in range(1, self.rounds + 1)]

    def slot(self, r: int) -> Slot:
        """Round ``r``'s field (well formed, checked by check_field); a short record reads as ZPB."""
        column = _FIRST_ROUND_COLUMN + ROUND_WIDTH * (r - 1)
        f = self.fields[ROUND_WIDTH * (r - 1):ROUND_WIDTH * r]
        if not f:
            return Slot(r, " ", None, None, column)
        opponent = int(f[0:4]) if f[0:4].strip() else 0
        colour, code = f[5].lower(), f[7].upper()
        if opponent and code == " ":  # paired, no result yet
            return Slot(r, _PENDING, opponent, colour if colour in "wb" else None, column)
        return Slot(r, code, opponent or None, colour if colour in "wb" and opponent else None, column)


class Reader:
    """One pass over the lines collecting records, then a check of the pairings.

    ``kind``: the kind of event to read; a team event's team records are collected in
    :attr:`team_lines` (an individual event's reader notes them as ignored), and a forfeit may name
    no opponent. The builders make the event: :func:`tbxl.io.trf.players.build_individual_event`,
    :func:`tbxl.io.trf.team.build_team_event`.
    """

    def __init__(self, text: str, source: str, strict: bool, *, kind: EventKind = EventKind.INDIVIDUAL) -> None:
        team = kind is EventKind.TEAM
        self.source = source
        self.strict = strict
        self.lines = split_lines(text)
        #: The team records by code, each as (line number, text); None for an individual event.
        self.team_lines: Optional[dict[str, list[tuple[int, str]]]] = (
            {c: [] for c in TEAM_RECORDS} if team else None)
        self.notes: list[str] = []
        self.ignored: dict[str, list[int]] = {}
        self.meta: dict[str, object] = {}
        self.links: list[str] = []   # web addresses where TRF-16 has names (tbxl.io.trf.dialects)
        self.ruler: list[int] = []   # the lines of Swiss-Manager's column ruler (tbxl.io.trf.dialects)
        self.byte_padded: list[int] = []   # 001 records read by bytes (Vega; tbxl.io.trf.dialects)
        # The initial colour (XXC white1/black1, 152 W/B): (colour, line, record).
        self.initial: Optional[tuple[str, int, str]] = None
        self.club_lines: list[tuple[int, str]] = []   # an individual event's 013 records
        self.scoring: dict[str, Fraction] = {}
        self.scoring_line = 0
        self.scoring_at: dict[str, tuple[int, int]] = {}   # a scoring key -> (line, column) it was set at
        self.types: list[str] = []
        self.tiebreak_lists: dict[str, tuple[str, ...]] = {}
        self.declared_rounds: Optional[int] = None
        self.declared_rounds_at: Optional[tuple[int, str]] = None   # (line, record) of XXR / 142
        self.rows: list[Row] = []
        self.line_of: dict[int, int] = {}  # start number -> line, for duplicate checks
        self.points_of: dict[str, Fraction] = {}  # a points column's text -> its value
        self.in_progress: Optional[InputWarning] = None  # rounds announced without results (said once)
        # A team event's round fields have a rule of their own (slow_slot): checked one by one.
        self.field_by_field = team
        self.pending: list[InputError] = []   # games paired without a result yet, in file order
        self.announced: set[int] = set()      # rounds with Vega's announced absences (0000 - -, 0000 - =)
        self.bbp_seen: set[str] = set()       # bbpPairings' BB* records read (BBU overrides BBW's PAB)

    def error(self, message: str, line: int, column: Optional[int] = None,
              player: Optional[int] = None, round: Optional[int] = None) -> InputError:
        return InputError(message, file=self.source, line=line, column=column, player=player, round=round)

    # -- records -------------------------------------------------------------------------

    def collect(self) -> None:
        """Read the record of every line. Blank lines and TRF-2026 ``###`` comments are skipped (a
        ``### link`` comment tbxl wrote is a link of the event), and so is Swiss-Manager's column
        ruler (noted once)."""
        for number, line in enumerate(self.lines, 1):
            if not line or line.isspace():
                continue
            if line.startswith("###"):
                if line.startswith(LINK_COMMENT) and is_link(line[len(LINK_COMMENT):]):
                    self.link(line[len(LINK_COMMENT):].strip(), number, "###")
                continue
            if is_ruler(line):
                self.ruler.append(number)
                continue
            self.record(line.rstrip(), number)
        if not self.rows:
            raise InputError("no player records (001)", file=self.source)
        if self.ruler:
            self.notes.append(f"line{'s' if len(self.ruler) > 1 else ''} {', '.join(map(str, self.ruler))}: "
                              "Swiss-Manager's column ruler, skipped")
        if self.byte_padded:
            s = "s" if len(self.byte_padded) > 1 else ""
            self.notes.append(f"record{s} 001 (line{s} {', '.join(map(str, self.byte_padded))}): the name is "
                              "padded to 33 bytes, not characters (as Vega writes UTF-8): the columns after it "
                              "are read by bytes")
        if self.club_lines:
            self.read_clubs()

    def link(self, value: str, number: int, code: str) -> None:
        """A web address of the event (lichess 022/102, tbxl's ``### link``), kept in :attr:`meta`."""
        if len(value) > MAX_HEADER_TEXT:
            raise self.error(f"record {code}: a link of {len(value):,} characters; a header field holds at "
                             f"most {MAX_HEADER_TEXT}", number, 5)
        self.links.append(value)
        self.meta["links"] = tuple(self.links)
        if code != "###":
            self.notes.append(f"record {code} (line {number}) is a link, kept as one: {value[:80]}")

    def read_clubs(self) -> None:
        """An individual event's 013 records (Swiss-Manager lists the teams of a team prize): each
        listed player's club is the team's name (C07 §10.1: name at columns 5-36, the members'
        start numbers from column 37, every 5 columns). A record that is not one is noted and
        left out, never read into a wrong field."""
        by_number = {row.player.start_number: row for row in self.rows}
        read = []
        for number, line in self.club_lines:
            name = line[4:36].strip()
            members = line[36:].split()
            if not name or not members or not all(_digits(m) and int(m) in by_number for m in members):
                self.notes.append(f"record 013 (line {number}) ignored: not a team name with its players' "
                                  "start numbers")
                continue
            for m in members:
                row = by_number[int(m)]
                if row.player.club:
                    self.notes.append(f"record 013 (line {number}): player {m} is already in team "
                                      f"'{row.player.club}'; kept there")
                else:
                    row.player = replace(row.player, club=name)
            read.append(str(number))
        if read:
            s = "s" if len(read) > 1 else ""
            self.notes.append(f"record{s} 013 (line{s} {', '.join(read)}) of an individual event: read as "
                              "the players' clubs")

    def note_initial_colour(self) -> None:
        """Note the initial colour (XXC white1/black1, 152): a pairing setting (JaVaFo TRF(x) spec:
        the colour of player 1 in round 1; TRF-2026 152: of the highest-ranked player paired in round
        1) that the standings do not depend on, and whether round 1 agrees with it."""
        if self.initial is None:
            return
        colour, number, code = self.initial
        name = "White" if colour == "w" else "Black"
        note = (f"record {code} (line {number}): initial colour {name}, a pairing setting; the standings "
                "do not depend on it")
        first = next((row for row in self.rows if row.player.start_number == 1), None)
        if first is not None and first.rounds:
            played = first.slot(1).colour
            if played and played != colour:
                note += f" (player 1 had {'White' if played == 'w' else 'Black'} in round 1)"
        self.notes.append(note)

    def declared_pairing(self) -> Optional[Pairing]:
        """The pairing system records 092/192 name (§10.1, §10.3), None without one."""
        if not self.types:
            return None
        return Pairing.ROUND_ROBIN if any(ROUND_ROBIN.search(t) for t in self.types) else Pairing.SWISS

    def note_ignored(self) -> None:
        """Note the records not read, with their lines and, for a record TRF or a program defines,
        what it holds (:data:`RECORD_NAMES`)."""
        self.note_initial_colour()
        for code, where in self.ignored.items():
            s = "s" if len(where) > 1 else ""
            shown = code if code.strip() else repr(code)
            what = RECORD_NAMES.get(code.upper())
            self.notes.append(f"record {shown} ignored (line{s} {', '.join(map(str, where))})"
                              + (f": {what}" if what else ""))

    def rounds_with_results(self) -> int:
        """The rounds to rank: up to the last one with a result that comes from a pairing (a game,
        a forfeit or a pairing-allocated bye). An event in progress announces more rounds (XXR / 142)
        than have results, and its file may already hold the next round's pairings without results
        and the byes requested for later rounds: those rounds are left out, said on one line (an
        InputWarning), and the standings are those after the last round played, as ``--after-round``
        gives them (README "Events in progress"). 0 when no round has a result (e.g. every record
        ends at column 91)."""
        written = max(row.rounds for row in self.rows)
        played = max(row.played for row in self.rows)
        for row in self.rows:
            if row.rounds > played:  # the fields of the rounds not ranked (the ranked: build_players)
                line = " " * (_FIRST_ROUND_COLUMN - 1) + row.fields
                for r in range(played + 1, row.rounds + 1):
                    try:
                        self.check_field(line, row.line, row.player.start_number, r)
                    except InputError:
                        self.check_fields()  # the first in file order
                        raise
        for err in self.pending:
            if err.round <= played:        # a game of a round that has results: its result is missing
                raise err
        later = sorted(r for r in self.announced if r > played)
        if later:
            self.notes.append(f"round {', '.join(map(str, later))}: absences announced for the next round "
                              "(Vega's 0000 - - and 0000 - =), not results: left out with the round")
        if self.declared_rounds is not None and self.declared_rounds < played and self.declared_rounds_at:
            # The round fields hold results beyond the announced rounds: the fields count, and
            # what reads the scheduled rounds (dummy_cap_rounds=scheduled) reads them too.
            line, code = self.declared_rounds_at
            self.error(f"{code} announces {self.declared_rounds} rounds, but the round fields hold results for "
                       f"{played}: read as {played} rounds", line, 5).raise_or_warn(self.strict, stacklevel=3)
            self.declared_rounds = played
        announced = max(self.declared_rounds or 0, written)
        if announced > played > 0:   # none played: the command line refuses (readers.load)
            later = f"round {announced} has" if announced == played + 1 else f"rounds {played + 1}-{announced} have"
            # Said once the round fields are known to be good (announce_rounds), as the line-by-line
            # reading said it only after every field's own check.
            self.in_progress = InputWarning(str(InputError(f"{later} no results yet: standings after round "
                                                           f"{played}", file=self.source)))
            if self.declared_rounds is None:
                self.declared_rounds = announced
        return played

    def announce_rounds(self, stacklevel: int = 4) -> None:
        """Warn (once) that the last rounds announced have no results yet (rounds_with_results)."""
        if self.in_progress is not None:
            warnings.warn(self.in_progress, stacklevel=stacklevel)
            self.in_progress = None

    def tiebreaks(self) -> tuple[str, ...]:
        """§10.3: 212 defines the standings as is; 202 breaks ties, so ``PTS`` goes first."""
        if "212" in self.tiebreak_lists:
            return self.tiebreak_lists["212"]
        codes = self.tiebreak_lists.get("202", ())
        if codes and codes[0].upper() != "PTS":
            codes = ("PTS",) + codes
        return codes

    def record(self, line: str, number: int) -> None:
        if self.team_lines is not None and line[:3] in self.team_lines:
            self.team_lines[line[:3]].append((number, line))
            return
        code = line[:3].upper()
        if code == "001":
            self.rows.append(self.player_record(line, number))
            return
        value = line[4:].strip()
        if code in ("022", "102") and is_link(value):   # lichess: a page, not a city or an arbiter
            self.link(value, number, code)
        elif code in ("XXC", "152"):
            self.configuration(code, line, number)
        elif code == "013" and self.team_lines is None:   # an individual event's teams (Swiss-Manager)
            self.club_lines.append((number, line))
        elif code in ("012", "022", "032", "102", "112", "122"):
            key = {"012": "name", "022": "city", "032": "federation", "102": "chief_arbiter",
                   "112": "deputy_arbiters", "122": "time_control"}[code]
            if len(value) > MAX_HEADER_TEXT:   # a page lays out every character of it (a 100 KB name hung the report)
                raise self.error(f"record {code}: {len(value):,} characters; a header field holds at most "
                                 f"{MAX_HEADER_TEXT}", number, 5)
            if code == "112":   # one deputy arbiter per record (§10.1)
                deputies = self.meta.get(key, ())
                assert isinstance(deputies, tuple)
                self.meta[key] = (*deputies, value) if value else deputies
            else:
                self.meta[key] = value
        elif code in ("042", "052"):
            self.meta["start_date" if code == "042" else "end_date"] = self.date(value, number)
        elif code in ("092", "192"):
            self.types.append(value)
        elif code in ("142", "XXR"):
            if not (value.isascii() and value.isdigit()):
                raise self.error(f"number of rounds '{value[:20]}' is not a number", number, 5)
            if len(value) > 6 or int(value) > MAX_ROUNDS:
                raise self.error(f"{value[:20]} rounds: tbxl reads events of at most {MAX_ROUNDS} rounds", number, 5)
            self.declared_rounds = int(value)
            self.declared_rounds_at = (number, code)
        elif code == "162":
            self.scoring_162(line, number)
        elif code == "XXS":
            self.scoring_xxs(line, number)
        elif code in _BBP_CODES:
            self.scoring_bbp(code, line, number)
        elif code in ("202", "212"):
            codes = tuple(c for c in re.split(r"[,;\s]+", value) if c)
            if len(codes) > MAX_TIEBREAKS:
                raise self.error(f"{len(codes)} tie-break codes: tbxl takes at most {MAX_TIEBREAKS}", number, 5)
            self.tiebreak_lists[code] = codes
        else:
            self.ignored.setdefault(line[:3], []).append(number)

    def configuration(self, code: str, line: str, number: int) -> None:
        """``XXC`` (JaVaFo TRF(x) spec: ``rank``, ``white1``, ``black1``, cumulative) and TRF-2026
        ``152`` (``W``/``B``): the initial colour is kept for a note (:meth:`note_initial_colour`);
        ``rank`` and any word not understood are noted, never read into a field."""
        for m in re.finditer(r"\S+", line[3:]):
            word, column = m.group(), m.start() + 4
            colour = initial_colour(word) if (code == "152") == (len(word) == 1) else None
            if colour is not None:
                if self.initial is not None and self.initial[0] != colour:
                    self.notes.append(f"record {code} (line {number}): initial colour "
                                      f"{'White' if colour == 'w' else 'Black'}, after "
                                      f"{'White' if self.initial[0] == 'w' else 'Black'} on line "
                                      f"{self.initial[1]}: the later one kept")
                self.initial = (colour, number, code)
            elif code == "XXC" and word.lower() == "rank":
                self.notes.append(f"record XXC (line {number}): 'rank' tells a pairing engine to pair by rank "
                                  "(JaVaFo TRF(x) spec); the standings do not depend on it")
            else:
                self.notes.append(f"record {code} (line {number}, column {column}): '{word[:20]}' not "
                                  f"understood, ignored")

    def date(self, value: str, number: int) -> Optional[date]:
        """042/052 dates: YYYY/MM/DD (also with - or .), YY/MM/DD, or DD.MM.YYYY."""
        if not value:
            return None
        patterns = ((r"(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})", (0, 1, 2)),
                    (r"(\d{2})/(\d{2})/(\d{2})", (0, 1, 2)),
                    (r"(\d{1,2})\.(\d{1,2})\.(\d{4})", (2, 1, 0)))
        for pattern, order in patterns:
            m = re.fullmatch(pattern, value)
            if m:
                y, mo, d = (int(m.group(i + 1)) for i in order)
                if len(m.group(order[0] + 1)) == 2:        # YY: 70-99 -> 19YY, else 20YY
                    y += 2000 if y < 70 else 1900
                try:
                    return date(y, mo, d)
                except ValueError:
                    break
        spelled = textual_date(value)   # lichess: "Dec 10, 2020" (tbxl.io.trf.dialects)
        if spelled is not None:
            return spelled
        shown = value if len(value) <= 40 else value[:40] + "…"   # a line of any length stays one short message
        raise self.error(f"bad date '{shown}' (expected YYYY/MM/DD)", number, 5)

    # -- scoring (§10.3 record 162, §10.2 XXS) ----------------------------------------------

    def number(self, text: str, number: int, column: int, what: str,
               player: Optional[int] = None) -> Fraction:
        parsed = parse_number(text, signed=True)
        if parsed is None:
            raise self.error(f"{what} '{text[:20]}' is not a number", number, column, player)
        return parsed[0]

    def scoring_162(self, line: str, number: int) -> None:
        body = line[3:]
        found: dict[str, Fraction] = {}
        at: dict[str, int] = {}                    # a code -> its column
        pos, pending = 0, ""
        for m in re.finditer(r"\S+", body):
            token, column = m.group(), m.start() + 4   # body starts at column 4
            if pos % 2 == 0:                       # a code (column 6, 15, 24, ...)
                code = token[0].upper()
                if code not in _162_CODES:
                    raise self.error(f"unknown scoring code '{token[0]}' in record 162 "
                                     f"(expected one of W D L A P X)", number, column)
                at[code] = column
                if len(token) > 1:                 # a value that fills columns 7-10 touches the code
                    found[code] = self.number(token[1:], number, column + 1, "points")
                    continue
                pending = code
            else:                                  # its value (columns 7-10, 16-19, ...)
                found[pending] = self.number(token, number, column, "points")
            pos += 1
        if pos % 2:
            raise self.error(f"scoring code '{pending}' in record 162 has no value", number, len(line))
        for code, value in found.items():
            for key in _162_CODES[code]:
                self.scoring[key] = value
                self.scoring_at[key] = (number, at[code])
        if "W" in found and "P" not in found:      # "P: PAB (same as W)"
            self.scoring["PAB"] = found["W"]
        self.scoring_line = number

    def scoring_xxs(self, line: str, number: int) -> None:
        # JaVaFo: CODE=VALUE pairs, left to right and top down, later ones override (§10.2).
        for m in re.finditer(r"\S+", line[3:]):
            token, column = m.group(), m.start() + 4   # body starts at column 4
            key, eq, value = token.partition("=")
            key = key.upper()
            if not eq or (key not in XXS_FIELDS and key not in _XXS_SHORTCUTS):
                raise self.error(f"bad XXS item '{token}' (expected CODE=VALUE with CODE one of "
                                 f"{' '.join(list(XXS_FIELDS) + list(_XXS_SHORTCUTS))})", number, column)
            points = self.number(value, number, column + len(key) + 1, f"XXS {key} value")
            for k in _XXS_SHORTCUTS.get(key, (key,)):
                self.scoring[k] = points
                self.scoring_at[k] = (number, column)
        self.scoring_line = number

    def scoring_bbp(self, code: str, line: str, number: int) -> None:
        # bbpPairings' TRF(bx) (its README): "BBW  3.0", one value a record. Its getPoints scores
        # a forfeit win and an FPB as a win, an HPB as a draw; BBU (the PAB) defaults to BBW.
        m = re.search(r"\S+", line[3:])
        if m is None:
            raise self.error(f"record {code} has no value (e.g. {code}  1.0)", number, 5)
        points = self.number(m.group(), number, m.start() + 4, f"{code} value")
        for key in _BBP_CODES[code]:
            if key == "PAB" and code == "BBW" and "BBU" in self.bbp_seen:
                continue
            self.scoring[key] = points
            self.scoring_at[key] = (number, m.start() + 4)
        self.bbp_seen.add(code)
        self.scoring_line = number

    def build_scoring(self) -> Scoring:
        if not self.scoring:
            return Scoring()
        values = {k: getattr(Scoring(), f) for k, f in XXS_FIELDS.items()}
        values.update(self.scoring)
        for white, black in (("WW", "BW"), ("WD", "BD"), ("WL", "BL")):
            if values[white] != values[black]:
                # Named where the later of the two was set (the other may be the default).
                line, column = max((self.scoring_at[k] for k in (white, black) if k in self.scoring_at),
                                   default=(self.scoring_line, 5))
                raise self.error(f"colour-dependent scoring is not supported ({white}="
                                 f"{exact_text(values[white], 1)}, {black}={exact_text(values[black], 1)}): "
                                 "tbxl scores a game alike for White and Black", line, column)
        return Scoring(**{f: values[k] for k, f in XXS_FIELDS.items()})

    # -- 001 player records (§10.1) --------------------------------------------------------

    def player_record(self, line: str, number: int) -> Row:
        text = line[4:8].strip()                   # columns 5-8 (1-based, inclusive)
        if not _digits(text) or int(text) < 1:
            raise self.error(f"bad start number '{text}' (columns 5-8)", number, 5)
        sn = int(text)
        if sn in self.line_of:
            raise self.error(f"duplicate start number {sn} (also on line {self.line_of[sn]})", number, 5, sn)
        self.line_of[sn] = number
        count = -(-(len(line) - _FIRST_ROUND_COLUMN + 1) // ROUND_WIDTH)
        if count > MAX_ROUNDS:   # e.g. one 50 MB line: refused before it is read field by field
            raise self.error(f"the record has {count} round fields: tbxl reads events of at most "
                             f"{MAX_ROUNDS} rounds", number, _FIRST_ROUND_COLUMN, sn)
        if not line.isascii() and not _SEPARATED.match(line):
            relaid = byte_columns(line)   # Vega pads a UTF-8 name to 33 bytes (tbxl.io.trf.dialects)
            if relaid is not None:
                line = relaid
                self.byte_padded.append(number)
                count = -(-(len(line) - _FIRST_ROUND_COLUMN + 1) // ROUND_WIDTH)
        if not _SEPARATED.match(line):  # the usual full-width line passes in one C call
            for c in _SEPARATORS:
                if c <= len(line) and line[c - 1] != " ":
                    raise self.error(f"expected a blank at column {c}, found '{line[c - 1]}' "
                                     f"(fields must be in TRF-16 columns)", number, c, sn)

        rating_text = line[48:52].strip()
        if rating_text and not _digits(rating_text):
            raise self.error(f"rating '{rating_text}' is not a number (columns 49-52)", number, 49, sn)
        points_text = line[80:84].strip()
        declared = None
        if points_text:
            declared = self.points_of.get(points_text)
            if declared is None:
                declared = self.points_of[points_text] = self.number(points_text, number, 81, "points", sn)
        birth = line[69:79].strip()
        if birth and not plausible_birth_date(birth):
            # Age categories read the year: a date that cannot be is not one to count with.
            self.error(f"birth date {birth[:10]!r} is not a date (columns 70-79: YYYY/MM/DD, or YYYY); "
                       "read as unknown", number, 70, sn).raise_or_warn(self.strict, stacklevel=4)
            birth = ""
        rank_text = line[85:89].strip()
        if rank_text and not _digits(rank_text):
            raise self.error(f"rank '{rank_text}' is not a number (columns 86-89)", number, 86, sn)
        player = Player(
            start_number=sn, name=line[14:47].strip(), sex=line[9:10].strip(), title=line[10:13].strip(),
            rating=(int(rating_text) or None) if rating_text else None,   # blank or 0 = unrated
            federation=line[53:56].strip(), fide_id=line[57:68].strip(), birth_date=birth,
            declared_points=declared, declared_rank=int(rank_text) if rank_text else None)

        row = Row(player, number, points=points_text or None)
        fields = line[_FIRST_ROUND_COLUMN - 1:]
        if fields:
            row.fields = fields = fields.ljust(count * ROUND_WIDTH)
            if self.field_by_field:  # a team event's rules for a field: each one checked by them
                for r in range(1, count + 1):
                    pending = self.check_field(line, number, sn, r)
                    if pending:
                        self.pending.append(pending)
                return row
            if not _ROUND_FIELDS.fullmatch(fields):  # one C call for the whole record
                for r in range(1, count + 1):
                    self.check_field(line, number, sn, r)
                raise AssertionError("a round field was refused but no check says why")  # pragma: no cover
            codes = fields[7::ROUND_WIDTH].upper()
            # The last round with a result that comes from a pairing (a game, a forfeit, a PAB).
            played = len(codes.rstrip(" FHZ"))
            while played and codes[played - 1] in _ANNOUNCED and \
                    _NO_OPPONENT.fullmatch(fields, ROUND_WIDTH * (played - 1), ROUND_WIDTH * (played - 1) + 4):
                # Vega's absence announced for the next round ("0000 - -", "0000 - ="), no result yet;
                # an error if that round has results elsewhere (rounds_with_results raises it then).
                self.announced.add(played)
                pending = self.check_field(line, number, sn, played)
                if pending:
                    self.pending.append(pending)
                played = len(codes[:played - 1].rstrip(" FHZ"))
            row.played = played
            mark = _OPPONENTLESS.match(fields)   # an opponent-less - or = (one C call a record)
            if mark and mark.start(1) // ROUND_WIDTH < played:   # before the record's last result
                at = mark.start(1)
                raise self.error(f"result '{fields[at + 7]}' needs an opponent", number,
                                 _FIRST_ROUND_COLUMN + at, sn, at // ROUND_WIDTH + 1)
            if " " in codes:       # a blank result: a ZPB, or a game paired without a result yet
                for r, code in enumerate(codes, 1):
                    if code == " " and fields[ROUND_WIDTH * (r - 1):ROUND_WIDTH * (r - 1) + 4].strip():
                        pending = self.check_field(line, number, sn, r)
                        if pending:
                            self.pending.append(pending)
        return row

    def check_field(self, line: str, number: int, sn: int, r: int) -> Optional[InputError]:
        """Raise the error of round r's field, if it has one: opponent (4 columns), colour at +5,
        result at +7 (§10.1). Called to word what the record-wide checks found wrong. A game
        paired without a result yet returns its error, raised if the round is ranked."""
        column = _FIRST_ROUND_COLUMN + ROUND_WIDTH * (r - 1)
        s = column - 1
        field_text = line[s:s + ROUND_WIDTH].ljust(ROUND_WIDTH)
        if field_text[4] != " " or field_text[6] != " " or field_text[8:10] != "  ":
            self.separator_error(field_text, number, column, sn, r)
        opp_text, colour, code = field_text[0:4].strip(), field_text[5].lower(), field_text[7].upper()
        slot = self.slow_slot(field_text, opp_text, colour, code, number, sn, r, column)
        return self.pending.pop() if slot.code == _PENDING else None

    def slow_slot(self, field_text: str, opp_text: str, colour: str, code: str, number: int, sn: int,
                  r: int, column: int) -> Slot:
        """The rules of one round field, one by one."""
        if self.team_lines is not None and code in FORFEITS and (
                not opp_text or (opp_text.isdigit() and int(opp_text) == 0)):
            # TRF-2026 writes a board won or lost by forfeit without naming the opponent: "0000 - +".
            return Slot(r, code, None, None, column)
        if opp_text and not _digits(opp_text):
            raise self.error(f"opponent '{opp_text}' is not a start number", number, column, sn, r)
        opponent = int(opp_text) if opp_text and int(opp_text) else None   # 0000, 0, blank = none
        if colour not in "wb- ":
            raise self.error(f"unknown colour '{field_text[5]}' (expected w, b or -)", number, column + 5, sn, r)
        if code not in GAMES and code not in FORFEITS and code not in BYES:
            raise self.error(f"unknown result code '{field_text[7]}' (expected one of {RESULT_CODES})",
                             number, column + 7, sn, r)
        if opponent is None and code in _ANNOUNCED and self.team_lines is None:
            # Vega's .trfx, saved at the start of a round, marks the absences announced for it:
            # "0000 - -" (absent, a loss) and "0000 - =" (absent, a draw) (Vega manual, TRF(x)).
            # Fine after the last round with results (rounds_with_results), an error in one before.
            self.pending.append(self.error(f"result '{field_text[7]}' needs an opponent (Vega's 0000 - "
                                           f"{field_text[7]} marks an absence announced for the next round, "
                                           "after the last round with results)", number, column, sn, r))
            return Slot(r, _PENDING, None, None, column)
        if opponent is None and code not in BYES:
            raise self.error(f"result '{field_text[7]}' needs an opponent", number, column, sn, r)
        if opponent == sn:
            raise self.error("player paired with himself", number, column, sn, r)
        if opponent is not None and code == " ":
            # Paired, result not in yet: an event exported after its pairings. Fine in a round after
            # the last one with results (rounds_with_results), an error in one before.
            self.pending.append(self.error(f"a blank result cannot have an opponent ({opponent})",
                                           number, column + 7, sn, r))
            return Slot(r, _PENDING, opponent, colour if colour in "wb" else None, column)
        if opponent is not None and code in BYES:
            raise self.error(f"result '{field_text[7]}' (a bye) cannot have an opponent ({opponent})",
                             number, column + 7, sn, r)
        return Slot(r, code, opponent, colour if colour in "wb" and opponent else None, column)

    def separator_error(self, field_text: str, number: int, column: int, sn: int, r: int) -> None:
        for offset in (4, 6, 8, 9):
            if field_text[offset] != " ":
                raise self.error(f"expected a blank at column {column + offset}, found "
                                 f"'{field_text[offset]}' (round fields are 10 columns wide)",
                                 number, column + offset, sn, r)

    def check_fields(self) -> None:
        """Raise the first error of a round field of the records read so far, in file order (a game
        without a result yet is no error here: see rounds_with_results)."""
        for row in self.rows:
            sn = row.player.start_number
            line = " " * (_FIRST_ROUND_COLUMN - 1) + row.fields
            for r in range(1, row.rounds + 1):
                self.check_field(line, row.line, sn, r)

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
            raise self.error(f"pairing is not symmetric: this line lists {slot.opponent}, but player "
                             f"{slot.opponent} (line {other.line}) {has} in this round",
                             row.line, slot.column, sn, r)
        if (slot.code, mate.code) not in COMPLEMENTS:
            raise self.error(f"results do not complement: '{slot.code}' here, '{mate.code}' for "
                             f"player {slot.opponent} (line {other.line})",
                             row.line, slot.result_column, sn, r)
        if slot.colour and slot.colour == mate.colour:   # a game, or the scheduled colours of a forfeit
            raise self.error(f"both players have colour '{slot.colour}' (player {slot.opponent}, "
                             f"line {other.line})", row.line, slot.column + 5, sn, r)

    def entry(self, scoring: Scoring, row: Row, slot: Slot, by_number: dict[int, Row]) -> RoundEntry:
        """Check ``slot`` against the opponent's line and build the round entry."""
        self.check_pairing(row, slot, by_number)
        r = slot.round
        if slot.opponent is None:
            return make_entry(scoring, r, BYES[slot.code])
        if slot.code in GAMES:
            kind, outcome = GAMES[slot.code]
            return make_entry(scoring, r, kind, outcome, slot.opponent, slot.colour)
        kind = FORFEITS[slot.code]
        if slot.code == "-" and by_number[slot.opponent].slot(r).code == "-":  # both lose by forfeit (D8)
            kind = Kind.DOUBLE_FORFEIT
        return make_entry(scoring, r, kind, None, slot.opponent, slot.colour)

    def check_points(self, player: Player, line: int) -> None:
        """D21: the points column must match the results under the scoring system."""
        declared = player.declared_points
        if declared is None or declared == player.points:
            return
        err = self.error(f"declared points {exact_text(declared, 1)} (columns 81-84) differ from the "
                         f"results, which give {exact_text(player.points, 1)}", line, 81, player.start_number)
        err.raise_or_warn(self.strict)

    # -- team records (§10.5) -------------------------------------------------------------------

    def fields(self, line: str, number: int, what: str, start: int = 4) -> list[int]:
        out = []
        for m in re.finditer(r"\S+", line[start:]):
            if not m.group().isdigit():
                raise self.error(f"{what}: '{m.group()}' is not a number", number, start + m.start() + 1)
            out.append(int(m.group()))
        return out

    def teams_from_records(self) -> list[tuple[int, str, tuple[int, ...], dict, int]]:
        """(number, name, members, declared, line) from 310 records, else from 013 (C07 §10.5)."""
        out = []
        if self.team_lines["310"]:
            for number, line in self.team_lines["310"]:
                text = line[4:7].strip()
                if not text.isdigit():
                    raise self.error(f"team number '{text}' is not a number (columns 5-7)", number, 5)
                declared = {}
                for key, a, b in (("mp", 55, 60), ("gp", 62, 67)):
                    v = line[a - 1:b].strip()
                    if v:
                        declared[key] = self.number(v, number, a, f"team {key.upper()}")
                rank = line[68:71].strip()
                if rank.isdigit():
                    declared["rank"] = int(rank)
                members = tuple(m for m in self.fields(line[:73].ljust(73) + line[73:], number,
                                                       "team member", 73) if m)
                out.append((int(text), line[8:40].strip(), members, declared, number,
                            line[41:47].strip()))
            if self.team_lines["013"]:
                self.notes.append("records 013 ignored: the 310 records define the teams")
        else:
            for k, (number, line) in enumerate(self.team_lines["013"], 1):
                members = tuple(m for m in self.fields(line[:36].ljust(36) + line[36:], number,
                                                       "team member", 36) if m)
                out.append((k, line[4:36].strip(), members, {}, number, ""))
        return out

    def colours(self) -> str:
        lines = self.team_lines["352"]
        return lines[-1][1][4:].strip().upper() if lines else ""

    def team_scoring(self) -> TeamScoring:
        values: dict = {}
        for number, line in self.team_lines["362"]:
            # TW/TD/TL: code at column 5-6 then points, every 9 columns; read as tokens.
            tokens = line[4:].split()
            k = 0
            while k < len(tokens):
                tok = tokens[k]
                code, rest = tok[:2].upper(), tok[2:]
                if code not in ("TW", "TD", "TL"):
                    raise self.error(f"unknown team scoring code '{tok}' in record 362 (expected TW TD TL)",
                                     number, line.find(tok) + 1)
                if not rest:
                    k += 1
                    if k >= len(tokens):
                        raise self.error(f"team scoring code '{code}' in record 362 has no value", number, len(line))
                    rest = tokens[k]
                values[{"TW": "win", "TD": "draw", "TL": "loss"}[code]] = self.number(
                    rest, number, line.find(rest) + 1, "match points")
                k += 1
        for number, line in self.team_lines["320"]:
            mp, gp = line[4:8].strip(), line[9:13].strip()
            if mp:
                values["pab_mp"] = self.number(mp, number, 5, "PAB match points")
            if gp:
                values["pab_gp"] = self.number(gp, number, 10, "PAB game points")
        return TeamScoring(**values)
