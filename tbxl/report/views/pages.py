"""The pages an event posts (``tbxl report --pages``): the starting rank list by rating, each
round's pairings with board numbers and results, the standings after each round and a card per
player, in the reader's language (colour letters and names, bye words, dates from the labels).

TRF files and crosstables record no board numbers: the boards are numbered as pairings are
printed, the pair with the higher score before the round first (then the higher sum of both
scores, then the better start number of the two), the unpaired players after the boards.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from tbxl.derivation import Reason
from tbxl.errors import UsageError, did_you_mean, excerpt
from tbxl.formatting import signed_text
from tbxl.model import AnyEvent, Kind, Outcome, Player, RoundEntry
from tbxl.report.labels import Labels
from tbxl.report.text import Fmt, reason_text

if TYPE_CHECKING:  # the rooms below the report, as types only
    from tbxl.rating_change import RatingChange
    from tbxl.standings import Standings

#: The pages ``--pages`` may name, in the order they are printed when all are asked.
PAGES = ("start", "rounds", "standings", "crosstable", "ties", "cards")


def parse_pages(text: str) -> tuple[str, ...]:
    """``--pages start,rounds,...``: the pages in the order given; a :class:`UsageError` naming
    an unknown one.

    >>> parse_pages("start, cards,ties")
    ('start', 'cards', 'ties')
    """
    pages = tuple(p.strip().lower() for p in text.split(",") if p.strip())
    bad = [p for p in pages if p not in PAGES]
    if bad or not pages:
        raise UsageError(
            f"--pages {excerpt(text)}: {'no such page ' + excerpt(bad[0]) if bad else 'no page named'}; "
            f"the pages are {','.join(PAGES)}{did_you_mean(bad[0], PAGES) if bad else ''}"
        )
    return tuple(dict.fromkeys(pages))


@dataclass(frozen=True)
class StartRow:
    """A line of the starting rank list."""

    place: int
    sn: int
    title: str
    name: str
    fed: str
    rating: str
    club: str


@dataclass(frozen=True)
class Board:
    """A board of a round: its number, White and Black (start number, name, rating, score before
    the round) and the result as printed (``1 – 0``, ``½ – ½``, ``+ – −``)."""

    board: int
    white: str
    white_score: str
    result: str
    black: str
    black_score: str


@dataclass(frozen=True)
class RoundPage:
    """One round's pairings and results, then the players without a board (byes, absent)."""

    round: int
    title: str
    boards: tuple[Board, ...]
    unpaired: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class CardGame:
    """A round of a player's card."""

    round: int
    opponent: str
    rating: str
    colour: str
    result: str
    score: str
    change: str


@dataclass(frozen=True)
class Card:
    """A player's card: the heading and each round."""

    sn: int
    head: str
    details: str
    games: tuple[CardGame, ...]
    total: str


_SIDE = {Outcome.WIN: "1", Outcome.DRAW: "½", Outcome.LOSS: "0"}


def _who(p: Player) -> str:
    rating = f" {p.rating}" if p.rating else ""
    return f"{p.start_number} {p.name}{rating}"


def start_list(t: AnyEvent) -> tuple[StartRow, ...]:
    """The players by rating, highest first (unrated last), then by start number."""
    ordered = sorted(t.players, key=lambda p: (-(p.rating or 0), p.start_number))
    return tuple(
        StartRow(k, p.start_number, p.title, p.name, p.federation, str(p.rating or ""), p.club)
        for k, p in enumerate(ordered, 1)
    )


def _result(e: RoundEntry) -> str:
    """White's entry as a board result: ``1 – 0``; forfeits ``+ – −``."""
    if e.kind is Kind.FORFEIT_WIN:
        return "+ – −"
    if e.kind is Kind.FORFEIT_LOSS:
        return "− – +"
    if e.kind is Kind.DOUBLE_FORFEIT:
        return "− – −"
    return f"{_SIDE[e.outcome]} – {_SIDE[e.outcome.reverse]}"


def round_pages(t: AnyEvent, fmt: Fmt, L: Labels) -> tuple[RoundPage, ...]:
    """Each round's boards (numbered as the module says) and unpaired players."""
    score = {p.start_number: Fraction(0) for p in t.players}
    pages = []
    for k in range(1, t.rounds + 1):
        pairs: list[tuple[Player, Player, RoundEntry]] = []
        unpaired: list[tuple[Player, RoundEntry]] = []
        for p in t.players:
            e = p.rounds[k - 1] if k <= len(p.rounds) else None
            if e is None:
                continue
            if e.kind.is_paired and e.opponent is not None and e.opponent in score:
                white = e.colour == "w" or (e.colour is None and p.start_number < e.opponent)
                if white:
                    pairs.append((p, t.player(e.opponent), e))
            else:
                unpaired.append((p, e))
        pairs.sort(
            key=lambda x: (
                -max(score[x[0].start_number], score[x[1].start_number]),
                -(score[x[0].start_number] + score[x[1].start_number]),
                min(x[0].start_number, x[1].start_number),
            )
        )
        boards = tuple(
            Board(n, _who(w), fmt(score[w.start_number]), _result(e), _who(b), fmt(score[b.start_number]))
            for n, (w, b, e) in enumerate(pairs, 1)
        )
        lines = tuple((_who(p), reason_text(_kind_reason(e.kind), L, fmt)) for p, e in unpaired)
        pages.append(RoundPage(k, L["page_round"].format(k=k), boards, lines))
        for p in t.players:
            if k <= len(p.rounds):
                score[p.start_number] += p.rounds[k - 1].points
    return tuple(pages)


def _kind_reason(kind: Kind) -> Reason:
    return Reason.of("kind." + kind.value)


def cards(
    st: Standings, fmt: Fmt, L: Labels, changes: Mapping[int, RatingChange | None] | None = None
) -> tuple[Card, ...]:
    """A card per player, in start-number order: each round's opponent, rating, colour, result,
    the running score, and the game's rating change when ``changes`` are given."""
    t = st.tournament
    out = []
    letters = L["colour_letters"]
    for p in t.players:
        r = st.row(p.start_number)
        ch = changes.get(p.start_number) if changes else None
        per_round = {g.round: g.change for g in ch.rated} if ch else {}
        running = Fraction(0)
        games = []
        for e in p.rounds:
            running += e.points
            opp = t.player(e.opponent) if e.opponent is not None and e.opponent in t else None
            if e.kind.is_paired and opp is not None:
                res = {Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "−", Kind.DOUBLE_FORFEIT: "−"}.get(e.kind) or _SIDE[
                    e.outcome
                ]
                games.append(
                    CardGame(
                        e.round,
                        f"{opp.start_number} {opp.name}",
                        str(opp.rating or ""),
                        letters.get(e.colour or "", ""),
                        res,
                        fmt(running),
                        signed_text(per_round[e.round], comma=fmt.comma) if e.round in per_round else "",
                    )
                )
            else:
                games.append(
                    CardGame(
                        e.round, reason_text(_kind_reason(e.kind), L, fmt), "", "", fmt(e.points), fmt(running), ""
                    )
                )
        details = " · ".join(x for x in (p.title, p.federation, str(p.rating or ""), p.club) if x)
        total = fmt(r.points) + (f" · K {ch.k} · {signed_text(ch.change, comma=fmt.comma)}" if ch else "")
        out.append(
            Card(
                p.start_number,
                L["card_head"].format(name=p.name, sn=p.start_number, rank=r.rank_label, points=fmt(r.points)),
                details,
                tuple(games),
                total,
            )
        )
    return tuple(out)


def qr_svg(url: str) -> str | None:
    """The QR code of ``url`` as an SVG data URI (segno, pure Python), or None without segno."""
    try:
        import segno
    except ImportError:
        return None
    try:
        return str(segno.make(url, error="m").svg_data_uri(scale=3, border=2))
    except segno.DataOverflowError:  # (check_url bounds the address first; an API caller may not)
        return None


def check_url(url: str) -> str:
    """``--url``: an http(s) address, a :class:`UsageError` for anything else (a page is no place
    for a ``javascript:`` link)."""
    from urllib.parse import urlparse

    from tbxl.limits import MAX_URL, hidden_character

    url = url.strip()
    if len(url) > MAX_URL:  # before the QR code is made: segno cannot hold more than ~2,300
        raise UsageError(
            f"--url {excerpt(url)}: an address of {len(url):,} characters; at most {MAX_URL}, "
            "which its QR code can hold (give a shorter link)"
        )
    hidden = hidden_character(url)
    if hidden:
        raise UsageError(
            f"--url {excerpt(url)}: the address holds an invisible or bidi character "
            f"(U+{ord(hidden):04X}), which would send a reader elsewhere than it shows"
        )
    try:
        parsed = urlparse(url)
    except ValueError:
        parsed = None
    if parsed is None or parsed.scheme not in ("http", "https") or not parsed.netloc:
        raise UsageError(f"--url {excerpt(url)}: give an http:// or https:// address")
    return url
