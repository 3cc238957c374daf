"""Write a tournament as TRF-16 text (C07 §10.1), with the TRF-2026 and TRF(x) records its
settings need (§10.2, §10.3)."""

from __future__ import annotations

import os
from dataclasses import replace
from datetime import date

from tbxl.formatting import short_decimal
from tbxl.io.files import write_atomic
from tbxl.io.trf.decisions import comment_lines
from tbxl.io.trf.dialects import LINK_COMMENT, is_link
from tbxl.io.trf.records import XXS_FIELDS
from tbxl.model import Player, RoundEntry, Scoring, Tournament
from tbxl.model.codes import field_code

__all__ = ["write_trf", "write_trf_file", "scoring_record"]


def _fit(text: str, width: int, what: str) -> str:
    if len(text) > width:
        raise ValueError(f"{what} '{text}' does not fit in {width} columns")
    return text.rjust(width)


def _round_field(entry: RoundEntry | None) -> str:
    """Ten columns: two blanks, opponent (4), blank, colour, blank, result (§10.1)."""
    if entry is None:
        return "  0000 - Z"
    code = field_code(entry.kind, entry.outcome)
    opponent = f"{entry.opponent:4d}" if entry.opponent else "0000"
    return f"  {_fit(opponent, 4, 'opponent')} {entry.colour or '-'} {code}"


def _player_line(player: Player, rounds: int) -> str:
    """A 001 record in exact TRF-16 columns (§10.1)."""
    rating = str(player.rating) if player.rating else ""
    rank = str(player.declared_rank) if player.declared_rank is not None else ""
    head = (
        f"001 {_fit(str(player.start_number), 4, 'start number')} {player.sex[:1]:1}"
        f"{player.title[:3]:>3} {player.name[:33]:<33} {_fit(rating, 4, 'rating')} "
        f"{player.federation[:3]:<3} {player.fide_id[:11]:>11} {player.birth_date[:10]:<10} "
        f"{_fit(short_decimal(player.points, 1), 4, 'points')} {_fit(rank, 4, 'rank')}"
    )
    fields = (_round_field(player.rounds[r] if r < len(player.rounds) else None) for r in range(rounds))
    return (head + "".join(fields)).rstrip()


def scoring_record(scoring: Scoring) -> str:
    """Record 162 when the values fit its codes (§10.3), else TRF(x) XXS (§10.2)."""
    s = scoring
    if s.win == s.forfeit_win == s.fpb and s.draw == s.hpb and s.zpb == s.forfeit_loss:
        codes = (("W", s.win), ("D", s.draw), ("L", s.loss), ("A", s.zpb), ("P", s.pab))
        return "162  " + "    ".join(f"{c}{_fit(short_decimal(v, 1), 4, 'points')}" for c, v in codes)
    items = {k: getattr(s, f) for k, f in XXS_FIELDS.items()}
    return "XXS " + " ".join(f"{k}={short_decimal(v, 1)}" for k, v in items.items())


def write_trf(tournament: Tournament) -> str:
    """The tournament as TRF-16 text with LF line ends.

    Writes 012/022/032/042/052/102 when set, 092 ``Round Robin`` for pre-determined
    pairings and ``Swiss`` otherwise (a file without 092 is read by its pairings, and a small Swiss
    can pair like a round robin), the event's links as ``### link URL`` comments (TRF-2026 comment
    lines, which other programs skip and tbxl reads back as links), the organizer's decisions as
    ``### tbxl`` comments (:mod:`tbxl.io.trf.decisions`), ``XXR``, 162 (or ``XXS``) when
    the scoring is not standard, 212 with the
    tie-breaks, then one 001 record per player in start-number order. The points column
    holds the points computed from the results; names longer than 33 characters are cut.
    """
    t = tournament

    def one_line(text: str) -> str:
        return " ".join(text.split())

    def ymd(d: date | None) -> str:
        return f"{d.year:04d}/{d.month:02d}/{d.day:02d}" if d else ""

    out = []
    for code, value in (
        ("012", t.name),
        ("022", t.city),
        ("032", t.federation),
        ("042", ymd(t.start_date)),
        ("052", ymd(t.end_date)),
        ("092", "Round Robin" if t.is_round_robin else "Swiss"),
        ("102", t.chief_arbiter),
    ):
        if value:
            out.append(f"{code} {one_line(value)}")
    for link in t.links:
        if is_link(one_line(link)):  # a web address of one word: anything else is no link to keep
            out.append(LINK_COMMENT + one_line(link))
    out += comment_lines(t.decisions)
    out.append(f"XXR {t.rounds}")
    if not t.scoring.is_standard:
        out.append(scoring_record(t.scoring))
    if t.tiebreaks:
        out.append("212 " + ",".join(t.tiebreaks))
    for player in sorted(t.players, key=lambda p: p.start_number):
        out.append(_player_line(replace(player, name=one_line(player.name)), t.rounds))
    return "\n".join(out) + "\n"


def write_trf_file(tournament: Tournament, path: str | os.PathLike[str], *, encoding: str = "utf-8") -> None:
    """Write :func:`write_trf` to ``path`` atomically (temporary file + ``os.replace``)."""
    write_atomic(path, write_trf(tournament).encode(encoding))
