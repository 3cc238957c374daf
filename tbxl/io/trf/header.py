"""The header records of a TRF file (C07 §10.1, §10.3; the JaVaFo TRF(x) spec): the event's name,
place, dates, arbiters and time control (012-122), the pairing system (092/192), the rounds (XXR/142),
the tie-break lists (202/212), the initial colour (XXC/152) and lichess's links (022/102).

:class:`HeaderRecords` takes these records one by one; :meth:`HeaderRecords.header` gives the
immutable :class:`Header` the builders read. A record that no reader of :mod:`tbxl.io.trf` takes is
kept here to be noted with its lines (:func:`note_ignored`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from types import MappingProxyType

from tbxl.io.trf.decisions import DECISION_COMMENT, read_comments
from tbxl.io.trf.dialects import initial_colour, is_link, textual_date
from tbxl.io.trf.tokens import Line, Row, Source
from tbxl.limits import MAX_HEADER_TEXT, MAX_ROUNDS, MAX_TIEBREAKS
from tbxl.model import Pairing

__all__ = ["Header", "HeaderRecords", "HEADER_CODES", "RECORD_NAMES", "ROUND_ROBIN", "note_ignored"]

#: What the records tbxl knows but does not read are, for the notes on them (C07 §10.1-§10.3 and the
#: JaVaFo TRF(x) spec; Tornelo's DAT; bbpPairings' BB* values): a reader of the notes learns what was
#: left out, not only its code.
RECORD_NAMES = {
    "062": "the number of players",
    "072": "the number of rated players",
    "082": "the number of teams",
    "132": "the dates of the rounds",
    "172": "the starting-rank method",
    "182": "the pairing controller",
    "222": "the encoded time control",
    "240": "byes of the round to pair",
    "250": "accelerations",
    "260": "prohibited pairings",
    "299": "abnormal point assignments",
    "XXA": "accelerations",
    "XXP": "forbidden pairs",
    "XXZ": "players absent from the round to pair",
    "DAT": "Tornelo player data",
    "NRS": "national ratings",
    "013": "team records",
}

# 092 / 192 tournament type (§10.1, §10.3): pre-determined pairings for round robins.
ROUND_ROBIN = re.compile(r"robin|berger|(?<![a-z0-9])rr(?![a-z0-9])", re.IGNORECASE)

_TEXT_FIELDS = {
    "012": "name",
    "022": "city",
    "032": "federation",
    "102": "chief_arbiter",
    "112": "deputy_arbiters",
    "122": "time_control",
}
#: The codes (upper case) :class:`HeaderRecords` reads, with ``###`` (tbxl's link comment).
HEADER_CODES = frozenset(_TEXT_FIELDS) | {"###", "042", "052", "092", "192", "142", "XXR", "XXC", "152", "202", "212"}


@dataclass(frozen=True)
class Header:
    """What the header records say of the event."""

    meta: Mapping[str, object]  # the Tournament fields: name, city, dates, links ...
    types: tuple[str, ...] = ()  # 092/192 texts
    tiebreak_lists: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # 202/212
    declared_rounds: int | None = None  # XXR/142
    declared_rounds_at: tuple[int, str] | None = None  # (line, record) of XXR/142
    initial: tuple[str, int, str] | None = None  # XXC white1/black1, 152 W/B: (colour, line, record)
    ignored: tuple[tuple[str, tuple[int, ...]], ...] = ()  # records not read: (code, lines)

    @property
    def pairing(self) -> Pairing | None:
        """The pairing system records 092/192 name (§10.1, §10.3), None without one."""
        if not self.types:
            return None
        return Pairing.ROUND_ROBIN if any(ROUND_ROBIN.search(t) for t in self.types) else Pairing.SWISS

    @property
    def tiebreaks(self) -> tuple[str, ...]:
        """§10.3: 212 defines the standings as is; 202 breaks ties, so ``PTS`` goes first."""
        if "212" in self.tiebreak_lists:
            return self.tiebreak_lists["212"]
        codes = self.tiebreak_lists.get("202", ())
        if codes and codes[0].upper() != "PTS":
            codes = ("PTS",) + codes
        return codes


class HeaderRecords:
    """The reader of the header records, one :meth:`read` a record, in file order; ``notes`` receives
    what is said of them as they are read (a link kept, a configuration word not understood)."""

    def __init__(self, source: Source, notes: list[str]) -> None:
        self.source = source
        self.notes = notes
        self.meta: dict[str, object] = {}
        self.links: list[str] = []  # web addresses where TRF-16 has names (tbxl.io.trf.dialects)
        self.decision_lines: list[tuple[int, str]] = []  # tbxl's "### tbxl" comments
        self.initial: tuple[str, int, str] | None = None
        self.types: list[str] = []
        self.tiebreak_lists: dict[str, tuple[str, ...]] = {}
        self.declared_rounds: int | None = None
        self.declared_rounds_at: tuple[int, str] | None = None
        self.ignored: dict[str, list[int]] = {}

    def header(self) -> Header:
        return Header(
            MappingProxyType(dict(self.meta)),
            tuple(self.types),
            MappingProxyType(dict(self.tiebreak_lists)),
            self.declared_rounds,
            self.declared_rounds_at,
            self.initial,
            tuple((code, tuple(lines)) for code, lines in self.ignored.items()),
        )

    def ignore(self, record: Line) -> None:
        """A record no reader takes, noted with its lines (:func:`note_ignored`)."""
        self.ignored.setdefault(record.code, []).append(record.number)

    def read(self, record: Line) -> None:
        """Read a header record (its code upper case in :data:`HEADER_CODES`)."""
        number, line = record.number, record.text
        code = record.code.upper()
        if code == "###":
            if line.startswith(DECISION_COMMENT):  # a decision (tbxl.io.trf.decisions), kept in meta
                self.decision_lines.append((number, line))
                self.meta["decisions"] = read_comments(self.decision_lines, self.source.name)
            else:
                self.link(line, number, code)
            return
        value = line[4:].strip()
        if code in ("022", "102") and is_link(value):  # lichess: a page, not a city or an arbiter
            self.link(value, number, code)
        elif code in ("XXC", "152"):
            self.configuration(code, line, number)
        elif code in _TEXT_FIELDS:
            key = _TEXT_FIELDS[code]
            if len(value) > MAX_HEADER_TEXT:  # a page lays out every character of it (a 100 KB name hung the report)
                raise self.source.error(
                    f"record {code}: {len(value):,} characters; a header field holds at most {MAX_HEADER_TEXT}",
                    number,
                    5,
                )
            if code == "112":  # one deputy arbiter per record (§10.1)
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
                raise self.source.error(f"number of rounds '{value[:20]}' is not a number", number, 5)
            if len(value) > 6 or int(value) > MAX_ROUNDS:
                raise self.source.error(
                    f"{value[:20]} rounds: tbxl reads events of at most {MAX_ROUNDS} rounds", number, 5
                )
            if self.declared_rounds is not None and self.declared_rounds != int(value) and self.declared_rounds_at:
                # 142 (TRF-2026) and XXR (TRF-16's extension) both said, differently (e.g. 142 0
                # and XXR 5, read silently before issue 39): the round fields decide
                # (Reader.rounds_with_results), and the reader is told of the clash.
                first, first_code = self.declared_rounds_at
                self.source.error(
                    f"record {code} announces {int(value)} rounds, record {first_code} (line {first}) "
                    f"{self.declared_rounds}: the round fields decide",
                    number,
                    5,
                ).raise_or_warn(self.source.strict, stacklevel=3)
            self.declared_rounds = int(value)
            self.declared_rounds_at = (number, code)
        else:  # 202, 212
            codes = tuple(c for c in re.split(r"[,;\s]+", value) if c)
            if len(codes) > MAX_TIEBREAKS:
                raise self.source.error(f"{len(codes)} tie-break codes: tbxl takes at most {MAX_TIEBREAKS}", number, 5)
            self.tiebreak_lists[code] = codes

    def link(self, value: str, number: int, code: str) -> None:
        """A web address of the event (lichess 022/102, tbxl's ``### link``), kept in :attr:`meta`."""
        if len(value) > MAX_HEADER_TEXT:
            raise self.source.error(
                f"record {code}: a link of {len(value):,} characters; a header field holds at most {MAX_HEADER_TEXT}",
                number,
                5,
            )
        self.links.append(value)
        self.meta["links"] = tuple(self.links)
        if code != "###":
            self.notes.append(f"record {code} (line {number}) is a link, kept as one: {value[:80]}")

    def configuration(self, code: str, line: str, number: int) -> None:
        """``XXC`` (JaVaFo TRF(x) spec: ``rank``, ``white1``, ``black1``, cumulative) and TRF-2026
        ``152`` (``W``/``B``): the initial colour is kept for a note (:func:`note_ignored`);
        ``rank`` and any word not understood are noted, never read into a field."""
        for m in re.finditer(r"\S+", line[3:]):
            word, column = m.group(), m.start() + 4
            colour = initial_colour(word) if (code == "152") == (len(word) == 1) else None
            if colour is not None:
                if self.initial is not None and self.initial[0] != colour:
                    self.notes.append(
                        f"record {code} (line {number}): initial colour "
                        f"{'White' if colour == 'w' else 'Black'}, after "
                        f"{'White' if self.initial[0] == 'w' else 'Black'} on line "
                        f"{self.initial[1]}: the later one kept"
                    )
                self.initial = (colour, number, code)
            elif code == "XXC" and word.lower() == "rank":
                self.notes.append(
                    f"record XXC (line {number}): 'rank' tells a pairing engine to pair by rank "
                    "(JaVaFo TRF(x) spec); the standings do not depend on it"
                )
            else:
                self.notes.append(
                    f"record {code} (line {number}, column {column}): '{word[:20]}' not understood, ignored"
                )

    def date(self, value: str, number: int) -> date | None:
        """042/052 dates: YYYY/MM/DD (also with - or .), YY/MM/DD, or DD.MM.YYYY."""
        if not value:
            return None
        patterns = (
            (r"(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})", (0, 1, 2)),
            (r"(\d{2})/(\d{2})/(\d{2})", (0, 1, 2)),
            (r"(\d{1,2})\.(\d{1,2})\.(\d{4})", (2, 1, 0)),
        )
        for pattern, order in patterns:
            m = re.fullmatch(pattern, value)
            if m:
                y, mo, d = (int(m.group(i + 1)) for i in order)
                if len(m.group(order[0] + 1)) == 2:  # YY: 70-99 -> 19YY, else 20YY
                    y += 2000 if y < 70 else 1900
                try:
                    return date(y, mo, d)
                except ValueError:
                    break
        spelled = textual_date(value)  # lichess: "Dec 10, 2020" (tbxl.io.trf.dialects)
        if spelled is not None:
            return spelled
        shown = value if len(value) <= 40 else value[:40] + "…"  # a line of any length stays one short message
        raise self.source.error(f"bad date '{shown}' (expected YYYY/MM/DD)", number, 5)


def note_initial_colour(header: Header, rows: Sequence[Row], notes: list[str]) -> None:
    """Note the initial colour (XXC white1/black1, 152): a pairing setting (JaVaFo TRF(x) spec:
    the colour of player 1 in round 1; TRF-2026 152: of the highest-ranked player paired in round
    1) that the standings do not depend on, and whether round 1 agrees with it."""
    if header.initial is None:
        return
    colour, number, code = header.initial
    name = "White" if colour == "w" else "Black"
    note = f"record {code} (line {number}): initial colour {name}, a pairing setting; the standings do not depend on it"
    first = next((row for row in rows if row.player.start_number == 1), None)
    if first is not None and first.rounds:
        played = first.slot(1).colour
        if played and played != colour:
            note += f" (player 1 had {'White' if played == 'w' else 'Black'} in round 1)"
    notes.append(note)


def note_ignored(header: Header, rows: Sequence[Row], notes: list[str]) -> None:
    """Note the initial colour and the records not read, with their lines and, for a record TRF or a
    program defines, what it holds (:data:`RECORD_NAMES`)."""
    note_initial_colour(header, rows, notes)
    for code, where in header.ignored:
        s = "s" if len(where) > 1 else ""
        shown = code if code.strip() else repr(code)
        what = RECORD_NAMES.get(code.upper())
        notes.append(f"record {shown} ignored (line{s} {', '.join(map(str, where))})" + (f": {what}" if what else ""))
