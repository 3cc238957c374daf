"""A TRF back out of the standings (``tbxl compute X -o event.trf``): what a federation's rating
officer, a pairing program or chess-results reads (C07 §10.1, §10.3).

The file is TRF-16 with the standings written into it:

* the points of every ``001`` record (columns 81-84) recomputed from the results (D21), and an
  individual event's computed rank in columns 86-89 (a place shared by players equal on every
  tie-break gives each of them its first place: TRF-16 allows equal ranks);
* a ``212`` record with the tie-breaks used (the points first; a ``202`` of the input is kept in
  step, without the points), ``092`` naming the pairing system, dates as ``YYYY/MM/DD``;
* a team event's ``310`` records (TRF-2026) get their MP, GP and rank columns (55-60, 62-67,
  69-71) from the standings;
* the organizer's decisions (expelled players, a list change, ratings given, given values) as
  ``### tbxl`` comment lines (:mod:`tbxl.io.trf.decisions`), read back by tbxl; an expelled player
  has no rank.

From a TRF input every other line is kept as it was read, records tbxl does not read included
(a rating officer's program may need them). From a workbook the file is written from the event
(:func:`tbxl.io.trf.writer.write_trf`). ``edition="2026"`` adds the TRF-2026 records the event has
data for: ``142`` (rounds), ``162`` (scoring, when it is not the default and fits the record) and a
team event's ``310`` records in place of ``013``.

Read back, the file gives the same standings (the round trip of ``tests/test_trf_out.py``).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from tbxl.errors import InputError, UsageError
from tbxl.formatting import short_decimal
from tbxl.io.files import write_atomic
from tbxl.io.text import decode_trf, split_lines
from tbxl.io.trf.decisions import DECISION_COMMENT, comment_lines
from tbxl.io.trf.header import ROUND_ROBIN
from tbxl.io.trf.writer import scoring_record, write_trf
from tbxl.limits import MAX_TEXT_BYTES, read_regular
from tbxl.model import MP, EventKind, Tournament, for_kind, team_event

if TYPE_CHECKING:
    from fractions import Fraction

    from tbxl.standings import Row, Standings

__all__ = ["EDITIONS", "standings_trf", "write_standings_trf", "tiebreak_codes"]

#: The TRF editions ``--trf`` writes.
EDITIONS = ("16", "2026")

# Records that the standings rewrite; the others of a TRF input are kept line for line.
_HEADER_END = ("001", "013", "310")


def tiebreak_codes(st: Standings) -> list[str]:
    """The 212 list of the standings: the points first (a team event's primary score: MPTS or
    GPTS), then the tie-breaks as the standings used them (C07 §10.3)."""
    if st.primary is not None:  # a team event's
        return ["MPTS" if st.primary == MP else "GPTS"] + st.codes
    return ["PTS"] + st.codes


def _ymd(d: date) -> str:
    return f"{d.year:04d}/{d.month:02d}/{d.day:02d}"


def _field(text: str, width: int, what: str, where: str) -> str:
    if len(text) > width:
        raise InputError(f"{what} {text} does not fit in the TRF's {width} columns", file=where)
    return text.rjust(width)


def _columns(line: str, first: int, last: int, text: str) -> str:
    """``line`` with 1-based columns ``first``-``last`` replaced by ``text`` (right-aligned)."""
    line = line.ljust(last)
    return line[: first - 1] + text.rjust(last - first + 1) + line[last:]


def _player_line(line: str, points: Fraction, rank: int | None, where: str) -> str:
    """A 001 record with its points (81-84) and, when given, its rank (86-89) replaced."""
    out = _columns(line, 81, 84, _field(short_decimal(points, 1), 4, "points", where))
    if rank is not None:
        out = _columns(out, 86, 89, _field(str(rank), 4, "rank", where))
    return out.rstrip() if len(line) <= 89 else out


def _team_line(
    number: int, name: str, federation: str, mp: Fraction, gp: Fraction, rank: int, members: Sequence[int], where: str
) -> str:
    """A TRF-2026 310 record (C07 §10.5): number 5-7, name 9-40, federation 42-47, MP 55-60,
    GP 62-67, rank 69-71, members from 74 every 5 columns."""
    head = (
        f"310 {_field(str(number), 3, 'team number', where)} {name[:32]:<32} {federation[:6]:<6}"
        f"       {_field(short_decimal(mp, 1), 6, 'match points', where)} "
        f"{_field(short_decimal(gp, 1), 6, 'game points', where)} {_field(str(rank), 3, 'rank', where)}  "
    )
    return (head + " ".join(f"{m:4d}" for m in members)).rstrip()


def _declares_round_robin(lines: list[str]) -> bool | None:
    types = [line[4:] for line in lines if line[:3] in ("092", "192")]
    return any(ROUND_ROBIN.search(t) for t in types) if types else None


def standings_trf(st: Standings, source: str | None = None, *, edition: str = "16", where: str = "<output>") -> str:
    """The TRF text of standings ``st``: ``source`` is the text of the TRF read (None: write it
    from the event, e.g. for a workbook); ``edition`` one of :data:`EDITIONS`."""
    if edition not in EDITIONS:
        raise UsageError(f"--trf {edition}: expected one of {', '.join(EDITIONS)}")
    event = st.tournament
    kind = for_kind(_KINDS, event, "a TRF of the standings")
    if source is None:
        return kind.from_event(st, edition)
    lines = split_lines(source)
    while lines and not lines[-1].strip():
        lines.pop()
    codes = tiebreak_codes(st)
    ranks, team_rows = kind.rows(st)  # a player's rank by start number (001), a team's row (310, 013)
    has_310 = any(line[:3] == "310" for line in lines)
    declared_rr = _declares_round_robin(lines)
    pairing_text = "Round Robin" if event.is_round_robin else "Swiss"
    out: list[str] = []
    wrote = set()
    team_013 = 0
    for line in lines:
        code = line[:3].upper()
        if line.startswith(DECISION_COMMENT):
            continue  # written again from the event's decisions, below
        if code == "001":
            sn_text = line[4:8].strip()
            try:
                player = event.player(int(sn_text))
            except (KeyError, ValueError):
                player = None  # not read (e.g. a record after --after-round cut nothing): kept as is
            if player is not None:
                line = _player_line(line, player.points, ranks.get(player.start_number), where)
                if player.start_number in event.decisions.expelled:
                    line = _columns(line, 86, 89, "").rstrip() if len(line) <= 89 else _columns(line, 86, 89, "")
        elif code in ("202", "212"):
            if code in wrote:
                continue  # one list per record: the first place of it keeps the list used
            wrote.add(code)
            tail = codes if code == "212" else codes[1:]
            line = f"{code} " + ",".join(tail)
        elif code in ("042", "052"):
            d = event.start_date if code == "042" else event.end_date
            if d is not None:
                line = f"{code} {_ymd(d)}"
        elif code in ("092", "192") and declared_rr is not None and declared_rr != event.is_round_robin:
            # --pairing overrode the file: the record says what the standings used.
            if code == "192":
                continue
            line = f"092 {pairing_text}"
        elif code == "310" and line[4:7].strip().isdigit() and int(line[4:7]) in team_rows:
            r = team_rows[int(line[4:7])]
            line = _columns(
                _columns(_columns(line, 55, 60, short_decimal(r.team.mp, 1)), 62, 67, short_decimal(r.team.gp, 1)),
                69,
                71,
                str(r.rank),
            )
        elif code == "013" and team_rows and edition == "2026" and not has_310:
            team_013 += 1
            r = team_rows[team_013]
            t = r.team
            line = _team_line(t.number, t.name, t.federation, t.mp, t.gp, r.rank, t.players, where)
        out.append(line)
    missing = []
    if declared_rr is None or declared_rr != event.is_round_robin:
        if not any(line[:3] == "092" for line in out):
            missing.append(f"092 {pairing_text}")
    if "212" not in wrote:
        missing.append("212 " + ",".join(codes))
    out = _insert_header(out, missing + comment_lines(event.decisions))
    return _edition_records(out, st, edition)


def _insert_header(lines: list[str], records: list[str]) -> list[str]:
    """``records`` placed after the last tournament record, before the players (and before the
    ``###`` comment lines that head them)."""
    if not records:
        return lines
    at = next((k for k, line in enumerate(lines) if line[:3] in _HEADER_END), len(lines))
    while at > 0 and lines[at - 1].startswith("###"):
        at -= 1
    return lines[:at] + records + lines[at:]


def _warn_cuts(st: Standings, source: str | None, edition: str, strict: bool, where: str) -> None:
    """Every text the TRF's fixed columns cut (a player's name beyond 33 characters, a federation
    beyond 3; a team's name beyond 32 and federation beyond 6 in a 310 record made from a 013):
    a warning naming the player or team, or an error with ``strict``, never a silent cut."""
    from tbxl.errors import excerpt

    fields = for_kind(_KINDS, st.tournament, "a TRF of the standings").cut_fields(st, source, edition)
    for who, what, text, width, columns in fields:
        if text is not None and len(text) > width:
            InputError(
                f"{who}: the {what} {excerpt(text)} has {len(text):,} characters; the TRF's columns "
                f"{columns} hold {width}: written cut to {excerpt(text[:width])}",
                file=where,
            ).raise_or_warn(strict)


#: A text a TRF record holds in fixed columns: who, what, the text, the width, the columns.
Field = tuple[str, str, "str | None", int, str]


class _PlayersTrf:
    """An individual event's TRF: the players' ranks in their 001 records."""

    @staticmethod
    def from_event(st: Standings, edition: str) -> str:
        """The TRF written from the event (a workbook's): its 001 records with the ranks."""
        event = st.tournament
        assert isinstance(event, Tournament)  # this kind's
        players = tuple(  # an expelled player has no rank (checklist 197)
            replace(p, declared_rank=None if st.row(p.start_number).expelled else st.row(p.start_number).rank)
            for p in event.players
        )
        text = write_trf(replace(event, players=players, tiebreaks=tuple(tiebreak_codes(st))))
        return _edition_records(text.splitlines(), st, edition)

    @staticmethod
    def rows(st: Standings) -> tuple[dict[int, int], dict[int, Row]]:
        return {r.number: r.rank for r in st.rows if not r.expelled}, {}  # expelled: no rank (checklist 197)

    @staticmethod
    def cut_fields(st: Standings, source: str | None, edition: str) -> list[Field]:
        if source is not None:  # the 001 records are the file's own
            return []
        return [  # 001 records written from the event (a workbook)
            (f"player {p.start_number}", what, text, width, columns)
            for p in st.tournament.players
            for what, text, width, columns in (
                ("name", p.name, 33, "15-47"),
                ("federation", p.federation, 3, "50-52"),
                ("title", p.title, 3, "11-13"),
                ("FIDE id", p.fide_id, 11, "54-64"),
            )
        ]


class _TeamsTrf:
    """A team event's TRF: the teams' MP, GP and ranks in their 310 records (made from 013)."""

    @staticmethod
    def from_event(st: Standings, edition: str) -> str:
        # A team workbook holds the matches (and at most each board's result), not who played:
        # a TRF's 001 records are players' games, and a rating officer rates players.
        raise UsageError(
            "-o FILE.trf: a team workbook holds the matches, not the players' games a TRF "
            "records (and a rating officer rates); write the TRF from the team TRF of the "
            "pairing program (tbxl compute event.trf -o final.trf)"
        )

    @staticmethod
    def rows(st: Standings) -> tuple[dict[int, int], dict[int, Row]]:
        return {}, {r.team.number: r for r in st.rows}

    @staticmethod
    def cut_fields(st: Standings, source: str | None, edition: str) -> list[Field]:
        if edition != "2026" or source is None or any(line[:3] == "310" for line in split_lines(source)):
            return []
        return [  # 310 records made from 013
            (f"team {t.number}", what, text, width, columns)
            for t in team_event(st.tournament, "a team TRF").teams
            for what, text, width, columns in (("name", t.name, 32, "9-40"), ("federation", t.federation, 6, "42-47"))
        ]


#: The TRF of each kind of event's standings.
_KINDS: dict[EventKind, type[_PlayersTrf] | type[_TeamsTrf]] = {
    EventKind.INDIVIDUAL: _PlayersTrf,
    EventKind.TEAM: _TeamsTrf,
}


def _edition_records(lines: list[str], st: Standings, edition: str) -> str:
    """The TRF-2026 records the event has data for (142, 162), when ``edition`` is 2026."""
    if edition == "2026":
        event = st.tournament
        have = {line[:3] for line in lines}
        extra = []
        if "142" not in have:
            extra.append(f"142 {event.scheduled_rounds or event.rounds}")
        if "162" not in have and not event.scoring.is_standard:
            record = scoring_record(event.scoring)
            if record.startswith("162"):
                extra.append(record)
        lines = _insert_header(lines, extra)
    return "\n".join(lines) + "\n"


def write_standings_trf(
    st: Standings,
    path: str | os.PathLike[str],
    *,
    input_path: str | os.PathLike[str] | None = None,
    edition: str = "16",
    strict: bool = False,
) -> None:
    """Write :func:`standings_trf` to ``path`` atomically; ``input_path`` is the file the event
    was read from (a TRF's lines are kept; never written over). A text cut to its TRF columns is
    warned of (an error with ``strict``)."""
    source = None
    if input_path is not None and Path(input_path).suffix.lower() not in (".xlsx", ".xlsm"):
        source = decode_trf(read_regular(input_path, MAX_TEXT_BYTES))[0]
    text = standings_trf(st, source, edition=edition, where=os.fspath(path))
    _warn_cuts(st, source, edition, strict, os.fspath(path))
    write_atomic(path, text.encode("utf-8"), inputs=[input_path] if input_path else [])
