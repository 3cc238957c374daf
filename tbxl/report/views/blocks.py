"""The lines and blocks the reports share: a player's line (standings row), a tie-break's
derivation (term rows laid out as monospace text, notes, DE table) and a player's or a team's
block of derivations or changed values."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TypeVar

from tbxl.model import Player
from tbxl.report.labels import Labels
from tbxl.report.text import COLOUR_MARKS, LINE_CHARS, Fmt, Segment, TermRow, cut_name, reason_text, term_blocks
from tbxl.report.views.frame import definition
from tbxl.rules import articles_edition

if TYPE_CHECKING:  # the rooms below the report, as types only
    from tbxl.derivation import EncounterStep, Number
    from tbxl.standings import Row, Standings

# A progress report: (what, done, total, extra text); the caller draws it (the CLI: a bar on stderr).
Progress = Callable[[str, int, int, str], None]


@dataclass(frozen=True)
class PlayerLine:
    """A player as a line of a report prints them: start number, title, name, federation, rating
    and points. The standings, crosstable and category rows and the derivation blocks extend it."""

    sn: int
    title: str
    name: str
    fed: str
    rating: str
    points: str

    @classmethod
    def of(cls: type[_Line], row: Row, fmt: Fmt, **parts: Any) -> _Line:
        """The line of a standings row (:class:`~tbxl.standings.Row`), with the subclass's ``parts``."""
        # Any: the parts are the fields of each kind of line, of their own types (the dataclass
        # checks their names when it is made).
        p = row.player
        assert isinstance(p, Player)  # an individual event's row (a team's lines: tbxl.report.views.team)
        return cls(
            sn=p.start_number,
            title=p.title,
            name=p.name,
            fed=p.federation,
            rating="" if p.rating is None else str(p.rating),
            points=fmt(row.points),
            **parts,
        )


#: A kind of line (:meth:`PlayerLine.of` makes one of its class).
_Line = TypeVar("_Line", bound=PlayerLine)


@dataclass(frozen=True)
class StandingRow(PlayerLine):
    """A line of the standings as printed: rank label, who, points and the tie-break values."""

    rank: str
    values: tuple[str, ...]
    club: str = ""
    extra: tuple[str, ...] = ()  # columns after the tie-breaks (K and rtg+/- of a rating change)
    decided: str = ""  # how a place equal on every tie-break was decided (play-off, lots)


def decided_word(row: Row, L: Labels | None) -> str:
    """How ``row``'s place was decided among participants equal on every tie-break, in the
    report's words (``decided_by`` of the labels: play-off, lots); empty when no play-off or lots
    placed it (:attr:`tbxl.standings.Row.decided_by`)."""
    how = row.decided_by
    return L["decided_by"][how] if how and L is not None else ""


def standing_row(
    r: Row, fmt: Fmt, codes: list[str], extra: tuple[str, ...] = (), L: Labels | None = None
) -> StandingRow:
    """The printed line of a standings row: its rank label, its values of ``codes`` and ``extra``,
    and (given the labels ``L``) how a play-off or lots decided its place; an expelled player's
    rank is the word for one (no rank, checklist 197-198)."""
    return StandingRow.of(
        r,
        fmt,
        rank=L["expelled"] if L is not None and r.expelled else r.rank_label,
        values=tuple(fmt(r.values.get(c), none="–") for c in codes),
        club=getattr(r.player, "club", ""),
        extra=extra,
        decided=decided_word(r, L),
    )


@dataclass(frozen=True)
class MeetingLine:
    """A game (a match) among a tied group as a mini-table counts it: the round, who met whom
    (White first when ``coloured``: the file gave the colours), the result as played, what it
    counted for each ("–" left out) and, unplayed, how it counted."""

    round: str
    first: str
    second: str
    result: str
    counts: str
    note: str = ""
    coloured: bool = False


@dataclass(frozen=True)
class MiniLine:
    """A member's line of the mini crosstable: who, what it scored against each member (its own
    cell None), its score, missing games and maximum."""

    member: str
    cells: tuple[str | None, ...]
    score: str
    missing: str
    maximum: str


@dataclass(frozen=True)
class MiniTable:
    """One direct-encounter step as printed (:class:`~tbxl.derivation.EncounterStep`): a heading
    that reads as a sentence, the games among the group, the mini crosstable (``heads``: the
    members' numbers), why it decided as it did and the order that follows."""

    heading: str
    meetings: tuple[MeetingLine, ...]
    heads: tuple[str, ...]
    rows: tuple[MiniLine, ...]
    because: tuple[str, ...]
    order: str

    @property
    def coloured(self) -> bool:
        """Whether a game has its colours: the games are then printed in White and Black columns."""
        return any(m.coloured for m in self.meetings)


#: A game's result as the score of the game, first player's first (White's when the colours
#: are known): "1–0" rather than the TRF code "1", which reads as either side's.
GAME_SCORES = {"1": "1–0", "=": "½–½", "0": "0–1", "+": "+/−", "-": "−/+", "--": "−/−"}


def order_words(tiers: Iterable[Iterable[int]], names: Mapping[int, str]) -> str:
    """Tiers best first as words: ``1 Alyx › 2 Bruno = 3 Charline``."""
    return " › ".join(" = ".join(f"{n} {names.get(n, '')}".rstrip() for n in tier) for tier in tiers)


def mini_tables(steps: Iterable[EncounterStep], fmt: Fmt, names: Mapping[int, str], L: Labels) -> tuple[MiniTable, ...]:
    """The mini-tables of a direct encounter's derivation (its ``steps``) in the report's words."""
    half: Callable[[Number | None], str] = lambda v: fmt(v)  # noqa: E731
    out: list[MiniTable] = []
    idle: list[EncounterStep] = []  # steps in a row over one group that never met: said once, in one sentence

    def flush() -> None:
        if idle:
            group = ", ".join(map(str, idle[0].group))
            out.append(
                MiniTable(
                    L["de_never_met"].format(
                        group=group, compares="; ".join(dict.fromkeys(reason_text(x.compares, L, fmt) for x in idle))
                    ),
                    (),
                    (),
                    (),
                    (),
                    order_words(idle[-1].tiers, names),
                )
            )
            idle.clear()

    for step in steps:
        if not step.meetings:
            if idle and idle[0].group != step.group:
                flush()
            idle.append(step)
            continue
        flush()
        meetings = []
        for m in step.meetings:
            result = GAME_SCORES.get(m.result, m.result)
            if m.game_points is not None:
                result = f"{half(m.game_points[0])}–{half(m.game_points[1])}" + (f" ({m.result})" if m.result else "")
            counts = "–" if m.points is None else f"{half(m.points[0])}–{half(m.points[1])}"
            meetings.append(
                MeetingLine(
                    str(m.round),
                    f"{m.first} {cut_name(names.get(m.first, ''))}".rstrip(),
                    f"{m.second} {cut_name(names.get(m.second, ''))}".rstrip(),
                    result,
                    counts,
                    reason_text(m.reason, L, fmt) if m.reason else "",
                    m.colour == "w",
                )
            )
        members = [r.member for r in step.rows]
        rows = []
        for r in step.rows:
            cells = tuple(
                None if o == r.member else ("" if step.cell(r.member, o) is None else half(step.cell(r.member, o)))
                for o in members
            )
            rows.append(
                MiniLine(
                    f"{r.member} {cut_name(names.get(r.member, ''))}".rstrip(),
                    cells,
                    half(r.score),
                    str(r.missing),
                    half(r.maximum),
                )
            )
        heading = L["de_heading"].format(
            compares=reason_text(step.compares, L, fmt),
            group=", ".join(map(str, step.group)),
            outcome=reason_text(step.outcome, L, fmt),
        )
        out.append(
            MiniTable(
                heading[:1].upper() + heading[1:],
                tuple(meetings),
                tuple(map(str, members)),
                tuple(rows),
                tuple(reason_text(b, L, fmt) for b in step.because),
                order_words(step.tiers, names),
            )
        )
    flush()
    return tuple(out)


@dataclass(frozen=True)
class DerivationTable:
    """One tie-break's derivation for one player (or team): its value, definition, term rows (laid
    out as monospace text: ``head``, ``body``, ``total_text``, see
    :func:`~tbxl.report.text.term_blocks`), notes, a direct encounter's mini-tables with the games
    of the tied group (``encounters``) and the order that follows (``order``), TBR and BBE's board
    vectors (``table_text``, monospace); ``under`` names the rule set when two derivations stand
    side by side."""

    code: str
    value: str
    definition: str
    terms: tuple[TermRow, ...]
    total: str | None
    notes: tuple[str, ...]
    encounters: tuple[MiniTable, ...] = ()
    under: str = ""
    head: str = ""
    body: tuple[Segment, ...] = ()
    total_text: str | None = None
    table_text: str = ""
    order: str = ""

    @property
    def coloured(self) -> bool:
        """Whether a term has its colour (the key of the marks is then said, colour_key)."""
        return any(t.colour for t in self.terms)


@dataclass(frozen=True)
class CompareItem:
    """One changed value of a comparison: before and after, what made it change, both derivations."""

    code: str
    rules: str
    before: str
    after: str
    changes: tuple[str, ...]
    derivations: tuple[DerivationTable, ...]


@dataclass(frozen=True)
class PlayerBlock(PlayerLine):
    """A player's (or a team's) block: the heading (who, rank, points) and the derivations
    (standings, appeal, audit) or the changed values (comparison)."""

    rank: str
    derivations: tuple[DerivationTable, ...] = ()
    items: tuple[CompareItem, ...] = ()


def player_block(row: Row, fmt: Fmt, **parts: Any) -> PlayerBlock:
    """A player's block: who, rank and points, with its derivations or changes."""
    return PlayerBlock.of(row, fmt, rank=row.rank_label, **parts)


def derivation(
    st: Standings, sn: int, code: str, fmt: Fmt, L: Labels, names: Mapping[int, str], under: str = ""
) -> DerivationTable:
    """One tie-break's derivation: term rows, the total, notes, DE table (laid out by :func:`laid_out`)."""
    d = st.explain(sn, code)
    terms = []
    for t in d.terms:
        opp = "" if t.opponent is None else f"{t.opponent:>3} {cut_name(names.get(t.opponent, ''))}"
        terms.append(
            TermRow(
                (
                    "" if t.round is None else str(t.round),
                    opp,
                    t.result,
                    fmt(t.real),
                    fmt(t.adjusted),
                    fmt(t.contribution),
                ),
                reason_text(t.reason, L, fmt) + (f" [{t.article}]" if t.article else ""),
                reason_text(t.cut, L, fmt) if t.cut else "",
                COLOUR_MARKS.get(t.colour or "", ""),
            )
        )
    total = None
    if d.terms:
        total = fmt(d.total)
        if d.divisor is not None:
            total += f" / {d.divisor} → {fmt(d.value, none='–')}"
    return DerivationTable(
        d.code,
        fmt(d.value, none="–"),
        definition(code, L),
        tuple(terms),
        total,
        tuple(reason_text(n, L, fmt) for n in d.notes),
        mini_tables(d.steps, fmt, names, L),
        under,
        order=order_words(d.tiers, names) if d.tiers else "",
    )


def laid_out(derivations: list[DerivationTable], L: Labels, paper: str, edition: str = "") -> list[DerivationTable]:
    """The derivations with their term rows laid out together (common column widths); ``edition``
    names the text whose articles they cite."""
    blocks = term_blocks([(d.terms, d.total) for d in derivations], L, LINE_CHARS[paper], edition)
    return [replace(d, head=b.head, body=b.body, total_text=b.total_text) for d, b in zip(derivations, blocks)]


def laid_out_groups(
    groups: list[list[DerivationTable]], L: Labels, paper: str, edition: str = ""
) -> list[tuple[DerivationTable, ...]]:
    """:func:`laid_out` over several lists of derivations (a block's, an item's), kept apart."""
    flat = iter(laid_out([d for group in groups for d in group], L, paper, edition))
    return [tuple(next(flat) for _ in group) for group in groups]


def derivation_blocks(
    st: Standings,
    selected: list[int],
    codes: Sequence[str],
    fmt: Fmt,
    L: Labels,
    names: Mapping[int, str],
    paper: str,
    progress: Progress | None = None,
) -> tuple[PlayerBlock, ...]:
    """The derivation blocks of the ``selected`` players, every tie-break of ``codes`` laid out
    together; ``progress`` (if given) hears of each player done."""
    derivations_of = []
    for k, sn in enumerate(selected, 1):
        derivations_of.append([derivation(st, sn, c, fmt, L, names) for c in codes])
        if progress:
            progress("derivations", k, len(selected), "")
    return tuple(
        player_block(st.row(sn), fmt, derivations=ds)
        for sn, ds in zip(selected, laid_out_groups(derivations_of, L, paper, articles_edition(st.convention)))
    )
