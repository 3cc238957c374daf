"""The standings report of an individual event (``report.html.j2``): the final standings, the
ranking crosstable, one line per tied group, the categories and prizes, the round-by-round tables
and the derivation blocks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tbxl.formatting import signed_text
from tbxl.model import Player
from tbxl.projection import RatingChanges, project
from tbxl.report.labels import Labels, labels
from tbxl.report.selection import parse_derivations, select_derivations
from tbxl.report.text import LINE_CHARS, Fmt, Segment, by_round_tables, colour_key, marked_cell, reason_text
from tbxl.report.views.blocks import PlayerBlock, PlayerLine, Progress, StandingRow, derivation_blocks, standing_row
from tbxl.report.views.categories import Classes, classification_view
from tbxl.report.views.compact import TOP_PLACES, CompactPlayer, compact_players
from tbxl.report.views.frame import RankedView, Section, frame
from tbxl.report.views.pages import Card, RoundPage, StartRow, cards, qr_svg, round_pages, start_list
from tbxl.report.views.ties import TieLine, decided_notes, tie_lines
from tbxl.tiebreaks.codes import parse

if TYPE_CHECKING:  # the rooms below the report, as types only
    from tbxl.categories import Classification
    from tbxl.io.files import PathLike
    from tbxl.standings import Row, Standings

# A round robin gets a matrix crosstable up to this many players (wider does not fit a portrait
# page); beyond it, the per-round ranking crosstable of a Swiss.
MATRIX_MAX = 24

# The round columns one crosstable table holds, in characters of its widest cell plus one: a
# portrait A4 or letter page holds 20 rounds of 40 players' cells ("12w½") at the wide table's
# 6.4 pt beside the rank, number, name, rating and points; more rounds (or wider cells) are split
# into blocks of rounds, each a table with the player columns and Pts, so every round stands on
# the page (a 50-round crosstable of 2,000 players included).
ROUND_CHARS = 100


@dataclass(frozen=True)
class CrosstableRow(PlayerLine):
    """A line of the ranking crosstable: its line number (opponents are named by it) and cells."""

    line: int
    cells: tuple[str | None, ...]


@dataclass(frozen=True)
class Crosstable:
    """The ranking crosstable: the matrix of a small round robin or one column per round."""

    matrix: bool
    heads: tuple[str, ...]
    rows: tuple[CrosstableRow, ...]
    intro: str
    blocks: tuple[tuple[int, int], ...] = ()  # the column slices of the tables: (a, b) per block
    block_titles: tuple[str, ...] = ()  # "Rounds 1-17" above each block (one block: none)


def round_blocks(widest: int, columns: int) -> tuple[tuple[int, int], ...]:
    """The column slices of a crosstable of ``columns`` round columns whose widest cell has
    ``widest`` characters: as few blocks as fit :data:`ROUND_CHARS`, as even as they can be.

    >>> round_blocks(4, 20), round_blocks(4, 21), round_blocks(6, 50)
    (((0, 20),), ((0, 11), (11, 21)), ((0, 13), (13, 26), (26, 38), (38, 50)))
    """
    if not columns:
        return ((0, 0),)
    per = max(1, ROUND_CHARS // (widest + 1))
    count = -(-columns // per)
    size, longer = divmod(columns, count)  # the first ``longer`` blocks hold one round more
    ends = [0]
    for k in range(count):
        ends.append(ends[-1] + size + (k < longer))
    return tuple(zip(ends, ends[1:]))


def local_cell(text: str, L: Labels) -> str:
    """A compact crosstable cell in the report's language: the colour as its mark, the same in
    every language (:func:`~tbxl.report.text.marked_cell`: ``12w1`` is ``12○1``), and the bye
    word; the results and codes stay.

    >>> L = {"bye_word": "своб"}
    >>> local_cell("12w1", L), local_cell("5b½", L), local_cell("bye", L), local_cell("H", L)
    ('12○1', '5●½', 'своб', 'H')
    """
    if text == "bye":
        bye: str = L["bye_word"]
        return bye
    return marked_cell(text)


def crosstable(st: Standings, fmt: Fmt, L: Labels) -> Crosstable:
    """The ranking crosstable, rows in the order of the standings, opponents by their line in it.

    A Swiss (or a round robin of more than ``MATRIX_MAX`` players) gets one cell per round in
    the compact crosstable form (``12w1``, ``5b½``, ``3w+``, ``bye``, ``H``, ``Z``:
    :func:`~tbxl.io.grid.compact.compact_text`); a round robin gets the matrix, each cell the results
    against the player of that column in round order (a double round robin shows two).
    """
    from tbxl.io.grid.compact import compact_text, result_text

    t = st.tournament
    line = {r.number: k for k, r in enumerate(st.rows, 1)}
    matrix = t.is_round_robin and len(st.rows) <= MATRIX_MAX
    rows = []
    for k, r in enumerate(st.rows, 1):
        p = r.player
        assert isinstance(p, Player)  # an individual event's row
        if matrix:
            met: dict[int, str] = {}
            for e in p.rounds:
                if e.opponent is not None and e.kind.is_paired:
                    met[line[e.opponent]] = met.get(line[e.opponent], "") + result_text(e)
            cells = tuple(None if j == k else met.get(j, "") for j in range(1, len(st.rows) + 1))
        else:
            cells = tuple(
                local_cell(compact_text(p.rounds[i] if i < len(p.rounds) else None, line), L) for i in range(t.rounds)
            )
        rows.append(CrosstableRow.of(r, fmt, line=k, cells=cells))
    heads = (
        tuple(str(j) for j in range(1, len(st.rows) + 1))
        if matrix
        else tuple(L["xt_round"].format(k=i) for i in range(1, t.rounds + 1))
    )
    widest = max((len(c) for r in rows for c in r.cells if c), default=1)
    blocks = round_blocks(max(widest, max((len(h) for h in heads), default=1)), len(heads))
    titles = (
        ()
        if len(blocks) == 1
        else tuple(
            L["xt_block"].format(a=heads[a] if matrix else a + 1, b=heads[b - 1] if matrix else b) for a, b in blocks
        )
    )
    intro = L["xt_matrix_intro"] if matrix else colour_key(L["xt_intro"])
    return Crosstable(matrix, heads, tuple(rows), intro, blocks, titles)


@dataclass(frozen=True)
class StandingsReport(RankedView):
    """The standings report (``report.html.j2``): the final standings, the ranking crosstable, one
    line per tied group, the categories and prizes, the round-by-round tables and the derivation
    blocks."""

    rows: tuple[StandingRow, ...]
    xt: Crosstable | None
    tie_lines: tuple[TieLine, ...]
    classes: Classes
    by_round: tuple[tuple[Segment, ...], ...]
    players: tuple[PlayerBlock, ...]
    compact: tuple[CompactPlayer, ...] = ()  # the compact derivations (decided top places, or everyone)
    compact_intro: str = ""
    pages: tuple[str, ...] = ()  # --pages: the pages an event posts, in order (empty: the short printout)
    start_rows: tuple[StartRow, ...] = ()
    rounds_pages: tuple[RoundPage, ...] = ()
    after: tuple[tuple[str, tuple[StandingRow, ...]], ...] = ()  # the standings after rounds 1..n-1
    cards: tuple[Card, ...] = ()
    url: str = ""
    qr: str = ""  # the QR code of the url (an SVG data URI)
    clubs: bool = False  # a Club column: the input has clubs
    extra_heads: tuple[str, ...] = ()  # the heads of the rows' extra columns (K, rtg+/-)
    extra_note: str = ""

    @property
    def sections(self) -> tuple[Section, ...]:
        """The header, then the short printout (the standings and crosstable lines, the tie lines,
        the compact derivations, the categories) or the ``pages`` in their order, then the
        round-by-round tables and the derivation blocks: those the report has."""
        secs = [Section("header")]
        for page in self.pages or ("standings", "crosstable", "ties"):
            if page == "start" and self.start_rows:
                secs.append(Section("start", 0, len(self.start_rows)))
            elif page == "rounds":
                secs += [Section("rounds", k, k + 1, first=True, last=True) for k in range(len(self.rounds_pages))]
            elif page == "standings":
                secs += [Section("after", 0, len(rows), block=k) for k, (_, rows) in enumerate(self.after) if rows]
                if self.rows:
                    secs.append(Section("standings", 0, len(self.rows)))
            elif page == "crosstable" and self.xt and self.xt.rows:
                # a crosstable too wide for the page: one section per block of rounds
                secs += [Section("crosstable", 0, len(self.xt.rows), block=k) for k in range(len(self.xt.blocks))]
            elif page == "ties":
                secs.append(Section("ties"))
                if self.compact:
                    secs.append(Section("compact", 0, len(self.compact)))
                if self.classes.categories or self.classes.prizes:
                    secs.append(Section("classes"))
            elif page == "cards" and self.cards:
                secs.append(Section("cards", 0, len(self.cards)))
        for name, items in (("by_round", self.by_round), ("players", self.players)):
            if items:
                secs.append(Section(name, 0, len(items)))
        return tuple(secs)

    def line_weight(self, name: str) -> int:
        """What one item of a section weighs in lines (for cutting a long report into parts)."""
        n = len(self.rows)
        return {
            "rounds": n // 2 + 6,
            "after": 1,
            "cards": (self.xt and len(self.xt.heads) or 9) + 4,
            "compact": 1 + len(self.codes),
        }.get(name, 1)

    @property
    def toc(self) -> tuple[tuple[str, str], ...]:
        """The web page's in-page navigation: (anchor, title) of each part, in order."""
        L = self.L
        titles = {
            "standings": L["standings"],
            "crosstable": L["xt_title"],
            "ties": L["ties"],
            "compact": L["compact_title"],
            "start": L["page_start"],
            "cards": L["page_cards"],
            "classes": L.get("categories_title", "") or "",
        }
        out: list[tuple[str, str]] = []
        for sec in self.sections:
            if sec.name == "rounds":
                assert sec.a is not None  # a round's page, one section each
                out.append((f"round-{sec.a + 1}", self.rounds_pages[sec.a].title))
            elif sec.name == "after":
                out.append((f"after-{sec.block + 1}", self.after[sec.block][0]))
            elif (
                sec.name in titles
                and titles[sec.name]
                and (sec.name, titles[sec.name]) not in out
                and (sec.name != "crosstable" or sec.block == 0)
            ):
                out.append((sec.name, titles[sec.name]))
        return tuple(out)


def ranked_parts(st: Standings, L: Labels, fmt: Fmt) -> dict[str, object]:
    """The parts of a :class:`~tbxl.report.views.frame.RankedView` of ``st``: whether the DE
    tier note is due, and the standings' notes in the report's language."""
    return dict(
        has_de=any(parse(c).name == "DE" for c in st.codes),
        decided=bool(st.decided_by),
        notes=tuple(reason_text(n, L, fmt) for n in st.notes) + decided_notes(st, L),
    )


def build_standings_view(
    st: Standings,
    *,
    lang: str = "en",
    derivations: str = "none",
    players: Sequence[int] | None = None,
    paper: str = "a4",
    input_path: PathLike | None = None,
    progress: Progress | None = None,
    by_round: bool = False,
    classification: Classification | None = None,
    rating_changes: RatingChanges | None = None,
    pages: tuple[str, ...] = (),
    url: str = "",
) -> StandingsReport:
    """The standings report of an individual event: the header, the final standings, the ranking
    crosstable and one line per tied group (``tie_lines``); ``derivations`` (see
    :func:`~tbxl.report.selection.parse_derivations`, default none) picks the players with
    derivation blocks, and ``players`` (start numbers) restricts them. ``by_round`` adds the
    round-by-round tables (``view.by_round``) of every player in standings order, or of
    ``players`` only. ``classification`` (:func:`tbxl.categories.classify`) adds the categories'
    standings and the prize lists (``view.classes``). ``rating_changes``
    (:func:`tbxl.rating_change.rating_changes`) adds the ``K`` and ``rtg+/-`` columns.
    ``pages`` (:data:`~tbxl.report.views.pages.PAGES`) makes the pages an event posts instead of
    the short printout; ``url`` adds a link and its QR code under the header.
    ``progress`` hears of each derivation block."""
    L = labels(lang)
    head = frame(st, L, lang, paper, input_path)
    fmt = Fmt(bool(L["decimal_comma"]))
    t = st.tournament
    proj = project(st, classification, rating_changes)  # the standings after each round: once
    names = {p.start_number: p.name for p in t.players}
    selected = select_derivations(st, derivations, players)
    shown = []
    if by_round:
        wanted = None if players is None else set(players)
        shown = [r.number for r in st.rows if wanted is None or r.number in wanted]
    kind, _ = parse_derivations(derivations)
    compact: tuple[CompactPlayer, ...] = ()
    intro = ""
    if kind in ("decided", "compact"):
        prizes = classification.awards.get(None) if classification is not None else None
        places = max((a.place for a in prizes), default=TOP_PLACES) if prizes else TOP_PLACES
        compact = compact_players(st, fmt, everyone=kind == "compact", places=places)
        intro = L["compact_intro"].format(n=len(st.rows) if kind == "compact" else places)

    def extra(r: Row) -> tuple[str, ...]:
        if rating_changes is None:
            return ()
        ch = rating_changes.get(r.number)
        return ("–", "–") if ch is None else (str(ch.k), signed_text(ch.change, comma=fmt.comma))

    return StandingsReport.of(
        head,
        **ranked_parts(st, L, fmt),
        rows=tuple(standing_row(r, fmt, st.codes, extra(r), L) for r in st.rows),
        compact=compact,
        compact_intro=intro,
        clubs=any(p.club for p in t.players),
        pages=tuple(pages),
        url=url,
        qr=(qr_svg(url) or "") if url else "",
        start_rows=start_list(t) if "start" in pages else (),
        rounds_pages=round_pages(t, fmt, L) if "rounds" in pages else (),
        after=tuple(
            (L["page_after"].format(k=k), tuple(standing_row(r, fmt, st.codes) for r in s_k.rows))
            for k, s_k in enumerate(proj.by_round[:-1], 1)
        )
        if "standings" in pages
        else (),
        cards=cards(st, fmt, L, rating_changes) if "cards" in pages else (),
        extra_heads=(L["col_k"], L["col_rating_change"]) if rating_changes is not None else (),
        extra_note=L["rating_change_note"] if rating_changes is not None else "",
        xt=crosstable(st, fmt, L),
        tie_lines=tuple(tie_lines(st, fmt, names, L)),
        classes=classification_view(classification, st, fmt, L),
        # The report's own tournament: with --after-round K it already ends at round K.
        by_round=tuple(by_round_tables(st, list(proj.by_round), shown, fmt, L, LINE_CHARS[paper])) if by_round else (),
        players=derivation_blocks(st, selected, st.codes, fmt, L, names, paper, progress),
    )
