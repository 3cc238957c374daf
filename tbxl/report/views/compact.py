"""The compact derivations of the standings report: one line per player and tie-break, the terms
inline in round order, the cut ones struck out, an adjusted unplayed round with its article
(C.07 Art. 16), then the sum. The default report prints them for the players whose places a
tie-break decided among the top places (the prize places when prizes are given, else the first
:data:`TOP_PLACES`), so every decisive number on the page is explained on the page; ``--derivations
compact`` prints them for everyone. The full tables stay for appeals (``--derivations``, ``explain``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tbxl.report.text import Fmt, Segment

if TYPE_CHECKING:  # the rooms below the report, as types only
    from tbxl.derivation import Derivation
    from tbxl.standings import Standings

#: The top places whose tie-break decisions the default report explains when no prizes are given.
TOP_PLACES = 10


@dataclass(frozen=True)
class CompactLine:
    """One tie-break of one player: the code, the terms as text segments ("" a kept term, "x" a cut
    one, "a" the article of an adjusted term) and the result (the sum, or sum / divisor -> value)."""

    code: str
    terms: tuple[Segment, ...]
    result: str


@dataclass(frozen=True)
class CompactPlayer:
    """A player's compact derivations: rank, start number, name, points and one line per tie-break."""

    rank: str
    sn: int
    name: str
    points: str
    lines: tuple[CompactLine, ...]


def compact_line(st: Standings, sn: int, code: str, fmt: Fmt) -> CompactLine:
    """The compact form of ``code``'s derivation for player ``sn``: the same terms and sum as the
    full table (:meth:`~tbxl.standings.Standings.explain`), so the two cannot disagree."""
    d = st.explain(sn, code)
    segs: list[Segment] = []
    if d.steps:
        return CompactLine(code, encounter_segments(d, fmt), fmt(d.value, none="–"))
    for k, t in enumerate(d.terms):
        if k:
            segs.append(Segment("", " + "))
        segs.append(Segment("x" if t.is_cut else "", fmt(t.contribution)))
        # An unplayed round adjusted by Art. 16 (a dummy, a virtual opponent, a capped or adjusted
        # score): its article, so the number can be checked against the rule.
        if t.article and "16" in t.article:
            segs.append(Segment("a", f"[{t.article}]"))
    value = fmt(d.value, none="–")
    if not d.terms:
        result = value
    elif d.divisor is not None:
        result = f"{fmt(d.total)} / {d.divisor} → {value}"
    else:
        result = fmt(d.total)
    return CompactLine(code, tuple(segs), result)


def encounter_segments(d: Derivation, fmt: Fmt) -> tuple[Segment, ...]:
    """A direct encounter in one line, numbers only (the same in every language): per mini-table
    the tied group in braces, every game (match) among them as ``r4 2–3 ½–½`` (a match by its game
    points; a game left out of the mini-table struck out), each one's score in it, and the order
    that follows (``›`` ahead of, ``=`` still tied)."""
    segs: list[Segment] = []
    for k, step in enumerate(d.steps):
        if k:
            segs.append(Segment("", " ; "))
        segs.append(Segment("", "{" + ", ".join(map(str, step.group)) + "}: "))
        for j, m in enumerate(step.meetings):
            shown = m.game_points or m.points
            score = f"{fmt(shown[0])}–{fmt(shown[1])}" if shown else m.result
            segs.append(Segment("", (", " if j else "") + f"r{m.round} {m.first}–{m.second} "))
            segs.append(
                Segment("" if m.counted else "x", score + ("" if m.counted or not m.result else f" ({m.result})"))
            )
        segs.append(Segment("", " ⇒ " + ", ".join(f"{r.member}: {fmt(r.score)}" for r in step.rows)))
        if any(r.missing for r in step.rows):
            segs.append(Segment("a", "[6.3]"))
        segs.append(Segment("", " ⇒ " + " › ".join(" = ".join(map(str, t)) for t in step.tiers)))
    return tuple(segs)


def decided_players(st: Standings, places: int) -> list[tuple[int, list[str]]]:
    """The players ranked within the first ``places`` whose place a tie-break decided (they share
    their points with someone), each with the tie-breaks up to the one that separated them from
    their neighbours on the same points (all of them for a shared place), in standings order."""
    rows = st.rows
    codes = st.codes
    out = []
    for k, r in enumerate(rows):
        if r.rank > places:
            break
        neighbours = [rows[j] for j in (k - 1, k + 1) if 0 <= j < len(rows) and rows[j].points == r.points]
        if not neighbours:
            continue
        last = -1
        for other in neighbours:
            code = st.separating(r.number, other.number)
            last = max(last, len(codes) - 1 if code is None else codes.index(code) if code in codes else -1)
        if last >= 0:
            out.append((r.number, codes[: last + 1]))
    return out


def compact_players(
    st: Standings, fmt: Fmt, everyone: bool = False, places: int | None = None
) -> tuple[CompactPlayer, ...]:
    """The compact derivations: of every player and tie-break with ``everyone``, else of the
    players whose places a tie-break decided among the first ``places`` (default :data:`TOP_PLACES`)."""
    wanted = [(r.number, list(st.codes)) for r in st.rows] if everyone else decided_players(st, places or TOP_PLACES)
    out = []
    for sn, codes in wanted:
        r = st.row(sn)
        out.append(
            CompactPlayer(
                r.rank_label, sn, r.player.name, fmt(r.points), tuple(compact_line(st, sn, c, fmt) for c in codes)
            )
        )
    return tuple(out)
