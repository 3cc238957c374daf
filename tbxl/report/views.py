"""Report views: everything the templates show, built once from
:class:`~tbxl.standings.Standings` (or an audit or a comparison) in the reader's language, with
no Jinja2 or WeasyPrint needed. Labels come from ``templates/labels/<lang>.json``; numbers are
exact decimals (:mod:`tbxl.report.text`)."""

from __future__ import annotations

import hashlib
import json
import os
import sys
from importlib import resources
from itertools import groupby
from pathlib import Path
from dataclasses import dataclass, fields, replace
from typing import Optional, Sequence

from tbxl import __version__
from tbxl.errors import InputError
from tbxl.formatting import decimal_text
from tbxl.standings import standings_by_round
from tbxl.tiebreaks.codes import CODES, parse
from tbxl.report.text import LINE_CHARS, Segment, TermRow, _by_round, _cut_name, _Fmt, _reason, plural, term_blocks

PAPER = {"a4": "A4", "letter": "letter"}
DERIVATIONS = ("none", "tied", "all", "top:N", "players")
# A round robin gets a matrix crosstable up to this many players (wider does not fit a portrait
# page); beyond it, the per-round ranking crosstable of a Swiss.
MATRIX_MAX = 24


def templates_dir() -> Path:
    return Path(str(resources.files("tbxl.templates")))


def languages() -> list[str]:
    return sorted(p.stem for p in (templates_dir() / "labels").glob("*.json"))


def labels(lang: str) -> dict:
    """The labels of one language; :class:`InputError` naming the available ones if unknown."""
    path = templates_dir() / "labels" / f"{lang}.json"
    if not lang.isalpha() or not path.is_file():
        raise InputError(f"unknown report language {lang!r}; available: {', '.join(languages())}")
    return json.loads(path.read_text(encoding="utf-8"))


def sha256_file(path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def _progress(enabled: bool, label: str, done: int, total: int, extra: str = "") -> None:
    if enabled:
        width = 30
        filled = width * done // max(total, 1)
        end = "\n" if done >= total else ""
        sys.stderr.write(f"\r{label:<12} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}{extra}{end}")
        sys.stderr.flush()


def parse_derivations(text: str) -> tuple[str, int]:
    """``--derivations``: ``none``, ``tied``, ``all``, ``players`` (those of ``--players``) or
    ``top:N`` (the first N of the standings) as ``(kind, N)``; :class:`InputError` otherwise.

    >>> parse_derivations("top:10"), parse_derivations("tied")
    (('top', 10), ('tied', 0))
    """
    kind, _, n = text.strip().lower().partition(":")
    if kind == "top" and n.isdigit() and int(n) > 0:
        return "top", int(n)
    if kind in ("none", "tied", "all", "players") and not n:
        return kind, 0
    raise InputError(f"derivations must be one of {', '.join(DERIVATIONS)}, not {text!r}")


def _definition(code: str, L: dict) -> str:
    """One line: the tie-break's meaning (translated) with its article, then its modifiers."""
    d = parse(code)
    parts = [L["tiebreak_meanings"].get(d.name, CODES[d.name].meaning)
             + (f" ({L['article']} {d.article})" if d.article else "")]
    if d.low and d.high:
        parts.append(plural(L["mod_median"], d.low).format(n=d.low))
    elif d.low:
        parts.append(plural(L["mod_cut"], d.low).format(n=d.low))
    if d.limit:
        parts.append(plural(L["mod_limit"], d.limit).format(n=f"{d.limit:+d}"))
    parts += [L[f"mod_{flag}"] for flag in ("played_forfeits", "fore", "reverse") if getattr(d, flag)]
    if d.unrated is not None:
        parts.append(L["mod_unrated"].format(n=d.unrated))
    return "; ".join(parts)


@dataclass(frozen=True)
class RulesText:
    """A rule set as a report names it: its name (with the settings changed on its preset), title
    and source."""

    name: str
    title: str
    source: str


@dataclass(frozen=True)
class TiebreakText:
    """A tie-break of the report's list and its definition (:func:`_definition`)."""

    code: str
    text: str


def _rules_text(conv, L: dict) -> RulesText:
    """The convention's title and source in the report's language (English where not translated);
    a preset changed by settings (``fide-2024+vur_cut=always``) keeps the settings visible."""
    tr = L.get("conventions", {}).get(conv.preset, {})
    return RulesText(conv.name, tr.get("title", conv.title), tr.get("source", conv.source))


@dataclass(frozen=True)
class Footer:
    """The line at the foot of every page: the event, the program, the rules (several, joined,
    in a comparison), the input file and the start of its SHA-256."""

    event: str
    rules_label: str
    rules: str
    file_name: str
    digest: str
    version: str = __version__

    @property
    def text(self) -> str:
        """The footer's line; a comparison's footer names every rule set.

        >>> Footer("Open", "Rules", "fide-2024 | fide-2026", "open.trf", "ab" * 32, "1.0").text
        'Open · tbxl 1.0 · Rules fide-2024 | fide-2026 · open.trf · SHA-256 abababababababab'
        """
        return " · ".join(x for x in (self.event, f"tbxl {self.version}", f"{self.rules_label} {self.rules}",
                                      self.file_name, f"SHA-256 {self.digest[:16]}" if self.digest else "") if x)


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
    def of(cls, row, fmt: _Fmt, **parts):
        """The line of a standings row (:class:`~tbxl.standings.Row`), with the subclass's ``parts``."""
        p = row.player
        return cls(sn=p.start_number, title=p.title, name=p.name, fed=p.federation,
                   rating="" if p.rating is None else str(p.rating), points=fmt(row.points), **parts)


@dataclass(frozen=True)
class StandingRow(PlayerLine):
    """A line of the standings as printed: rank label, who, points and the tie-break values."""

    rank: str
    values: tuple[str, ...]


@dataclass(frozen=True)
class DERow:
    """A line of a direct-encounter mini-table: the group, the player, score, missing, maximum,
    and the step that decided."""

    group: str
    player: str
    score: str
    missing: str
    maximum: str
    step: str


@dataclass(frozen=True)
class DerivationTable:
    """One tie-break's derivation for one player (or team): its value, definition, term rows (laid
    out as monospace text: ``head``, ``body``, ``total_text``, see
    :func:`~tbxl.report.text.term_blocks`), notes and the DE table (a team's EDE table is
    monospace text, ``table_text``); ``under`` names the rule set when two derivations stand side
    by side."""

    code: str
    value: str
    definition: str
    terms: tuple[TermRow, ...]
    total: Optional[str]
    notes: tuple[str, ...]
    table: tuple[DERow, ...]
    under: str = ""
    head: str = ""
    body: tuple[Segment, ...] = ()
    total_text: Optional[str] = None
    table_text: str = ""


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


@dataclass(frozen=True)
class CrosstableRow(PlayerLine):
    """A line of the ranking crosstable: its line number (opponents are named by it) and cells."""

    line: int
    cells: tuple[Optional[str], ...]


@dataclass(frozen=True)
class Crosstable:
    """The ranking crosstable: the matrix of a small round robin or one column per round."""

    matrix: bool
    heads: tuple[str, ...]
    rows: tuple[CrosstableRow, ...]
    intro: str


@dataclass(frozen=True)
class Decided:
    """A tie-break that separated players of a group: how many pairs of neighbours, or both values."""

    code: Optional[str]
    text: str


@dataclass(frozen=True)
class SharedPlace:
    """Players equal on every item, sharing ``place``."""

    place: str
    players: str


@dataclass(frozen=True)
class TiedGroup:
    """Players equal on points: their points, their places ("3-5") and the places shared by
    players equal on every item."""

    points: str
    places: str
    shared: tuple[SharedPlace, ...]


@dataclass(frozen=True)
class TieLine(TiedGroup):
    """How one group equal on points was broken, in one line of the standings report."""

    count: int
    decided: tuple[Decided, ...]


@dataclass(frozen=True)
class Tier:
    players: str
    value: str


@dataclass(frozen=True)
class TieStep:
    """A step of the appeal report's tie detail: the tie-break, the players still tied before it,
    whether it split them (its tiers, best first) and its DE table."""

    code: str
    group: str
    split: bool
    tiers: tuple[Tier, ...]
    table: tuple[DERow, ...] = ()


@dataclass(frozen=True)
class TieGroup(TiedGroup):
    """A group equal on points in the appeal report, with every step that broke it."""

    players: str
    steps: tuple[TieStep, ...]


@dataclass(frozen=True)
class Separation:
    """Why two players stand in their order: the separating item and its sentence."""

    a: int
    b: int
    code: str
    text: str


def _de_rows(table, fmt: _Fmt, names: dict, L: dict) -> tuple[DERow, ...]:
    return tuple(DERow(r["group"], f"{r['player']} {names.get(r['player'], '')}", fmt(r["score"]),
                       fmt(r["missing"]), fmt(r["maximum"]), _reason(r["step"], L, fmt)) for r in table)


def _derivation(st, sn: int, code: str, fmt: _Fmt, L: dict, names: dict, under: str = "") -> DerivationTable:
    """One tie-break's derivation: term rows, the total, notes, DE table (laid out by :func:`_laid_out`)."""
    d = st.explain(sn, code)
    terms = []
    for t in d.terms:
        opp = "" if t.opponent is None else f"{t.opponent:>3} {_cut_name(names.get(t.opponent, ''))}"
        terms.append(TermRow(("" if t.round is None else str(t.round), opp, t.result,
                              fmt(t.real), fmt(t.adjusted), fmt(t.contribution)),
                             _reason(t.reason, L, fmt) + (f" [{t.article}]" if t.article else ""),
                             _reason(t.cut, L, fmt) if t.cut else ""))
    total = None
    if d.terms:
        total = fmt(d.total)
        if d.divisor is not None:
            total += f" / {d.divisor} → {fmt(d.value, none='–')}"
    return DerivationTable(d.code, fmt(d.value, none="–"), _definition(code, L), tuple(terms), total,
                           tuple(_reason(n, L, fmt) for n in d.notes), _de_rows(d.table, fmt, names, L), under)


def _laid_out(derivations: list[DerivationTable], L: dict, paper: str) -> list[DerivationTable]:
    """The derivations with their term rows laid out together (common column widths)."""
    blocks = term_blocks([(d.terms, d.total) for d in derivations], L, LINE_CHARS[paper])
    return [replace(d, head=b.head, body=b.body, total_text=b.total_text) for d, b in zip(derivations, blocks)]


def _laid_out_groups(groups: list[list[DerivationTable]], L: dict, paper: str) -> list[tuple[DerivationTable, ...]]:
    """:func:`_laid_out` over several lists of derivations (a block's, an item's), kept apart."""
    flat = iter(_laid_out([d for group in groups for d in group], L, paper))
    return [tuple(next(flat) for _ in group) for group in groups]


def tied_groups(rows):
    """The groups of standings rows equal on points with two players or more, in order, each as
    ``(points, rows, places)`` with the places they hold ("3-5")."""
    for points, group in groupby(rows, key=lambda r: r.points):
        group = list(group)
        if len(group) > 1:
            yield points, group, f"{group[0].rank}-{group[0].rank + len(group) - 1}"


def _shared(rows, label) -> tuple[SharedPlace, ...]:
    """The places shared by players equal on every item of a group, in order."""
    out = []
    for place, grp in groupby(rows, key=lambda r: r.rank_label):
        grp = list(grp)
        if len(grp) > 1:
            out.append(SharedPlace(place, ", ".join(label(r.player.start_number) for r in grp)))
    return tuple(out)


def _ties(st, fmt: _Fmt, names: dict, L: dict, only: Optional[set] = None) -> list[TieGroup]:
    """For every group equal on points (>= 2 players): which tie-break separated whom."""
    de_codes = [c for c in st.codes if parse(c).name == "DE"]
    order = {c: k for k, c in enumerate(st.codes)}
    label = lambda sn: f"{names[sn]} ({sn})"
    out = []
    for points, rows, places in tied_groups(st.rows):
        members = {r.player.start_number for r in rows}
        if only is not None and not members & only:
            continue
        values = {r.player.start_number: r.values for r in rows}
        # (code, group) -> [split, tiers, DE table]
        steps = {(s.code, frozenset(s.group)): [True, tuple(Tier(", ".join(label(n) for n in sorted(tier)),
                                                                 fmt(values[tier[0]][s.code], none="–"))
                                                            for tier in s.tiers), ()]
                 for s in st.steps if s.group[0] in members}
        for code in de_codes:  # the DE mini-tables, also where DE separated nobody
            tables = {}
            for sn in sorted(members):
                table = st.explain(sn, code).table
                if table:
                    group = frozenset(int(x) for r in table for x in r["group"].split(","))
                    tables.setdefault(group, table)
            for group, table in tables.items():
                step = steps.setdefault((code, group), [False, (Tier(", ".join(label(n) for n in sorted(group)), ""),), ()])
                step[2] = _de_rows(table, fmt, names, L)
        ordered = sorted(steps.items(), key=lambda kv: order.get(kv[0][0], len(order)))
        out.append(TieGroup(points=fmt(points), places=places, shared=_shared(rows, label),
                            players=", ".join(label(r.player.start_number) for r in rows),
                            steps=tuple(TieStep(code, ", ".join(map(str, sorted(group))), split, tiers, table)
                                        for (code, group), (split, tiers, table) in ordered)))
    return out


def _player_block(row, fmt: _Fmt, **parts) -> PlayerBlock:
    """A player's block: who, rank and points, with its derivations or changes."""
    return PlayerBlock.of(row, fmt, rank=row.rank_label, **parts)


def _standing_row(r, fmt: _Fmt, codes: list[str]) -> StandingRow:
    return StandingRow.of(r, fmt, rank=r.rank_label, values=tuple(fmt(r.values.get(c), none="–") for c in codes))


@dataclass(frozen=True)
class CategoryRow(PlayerLine):
    """A line of a category's standings: its place in the category, the overall rank, who, the prize."""

    place: str
    rank: str
    prize: str


@dataclass(frozen=True)
class CategoryTable:
    name: str
    has_prizes: bool
    rows: tuple[CategoryRow, ...]


@dataclass(frozen=True)
class PrizeRow:
    """An award: the place as the list shows it ("2-3" when shared), who, the listed prize and the
    amount after sharing."""

    place: str
    sn: int
    name: str
    listed: str
    amount: str


@dataclass(frozen=True)
class PrizeList:
    name: str
    rows: tuple[PrizeRow, ...]


@dataclass(frozen=True)
class Classes:
    """The categories' standings and the prize lists (``templates/_categories.html.j2``), with the
    sentence saying how tied players share prizes."""

    categories: tuple[CategoryTable, ...] = ()
    prizes: tuple[PrizeList, ...] = ()
    sharing: str = ""


def _classification_view(cl, st, fmt: _Fmt, L: dict) -> Classes:
    """The categories' standings and the prize lists of a :func:`tbxl.categories.classify`."""
    if cl is None:
        return Classes()

    def money(award) -> str:
        return "" if award is None else decimal_text(award.amount, places=2, comma=fmt.comma)

    cats = []
    for name, rows in cl.rows.items():
        award = cl.prize_of(name) if name in cl.awards else None
        cats.append(CategoryTable(name, award is not None, tuple(
            CategoryRow.of(r, fmt, place=place, rank=r.rank_label,
                           prize=money(award.get(r.player.start_number)) if award else "")
            for place, r in zip(cl.places[name], rows))))
    prizes = []
    for name, awards in cl.awards.items():
        # The place as the list shows it: "2-3" for players equal on every tie-break.
        place = ({r.player.start_number: r.rank_label for r in st.rows} if name is None
                 else dict(zip(cl.members[name], cl.places[name])))
        prizes.append(PrizeList(L["prizes_overall"] if name is None else L["category"].format(name=name), tuple(
            PrizeRow(place[a.player], a.player, st.tournament.player(a.player).name,
                     decimal_text(a.listed, places=2, comma=fmt.comma), money(a)) for a in awards)))
    return Classes(tuple(cats), tuple(prizes), L["prize_sharing"][cl.sharing])


def _crosstable(st, fmt: _Fmt, L: dict) -> Crosstable:
    """The ranking crosstable, rows in the order of the standings, opponents by their line in it.

    A Swiss (or a round robin of more than ``MATRIX_MAX`` players) gets one cell per round in
    the compact crosstable form (``12w1``, ``5b½``, ``3w+``, ``bye``, ``H``, ``Z``:
    :func:`~tbxl.io.grid.compact.compact_text`); a round robin gets the matrix, each cell the results
    against the player of that column in round order (a double round robin shows two).
    """
    from tbxl.io.grid.compact import compact_text, result_text
    t = st.tournament
    line = {r.player.start_number: k for k, r in enumerate(st.rows, 1)}
    matrix = t.is_round_robin and len(st.rows) <= MATRIX_MAX
    rows = []
    for k, r in enumerate(st.rows, 1):
        p = r.player
        if matrix:
            met: dict[int, str] = {}
            for e in p.rounds:
                if e.opponent is not None and e.kind.is_paired:
                    met[line[e.opponent]] = met.get(line[e.opponent], "") + result_text(e)
            cells = tuple(None if j == k else met.get(j, "") for j in range(1, len(st.rows) + 1))
        else:
            cells = tuple(compact_text(p.rounds[i] if i < len(p.rounds) else None, line) for i in range(t.rounds))
        rows.append(CrosstableRow.of(r, fmt, line=k, cells=cells))
    heads = tuple(str(j) for j in range(1, len(st.rows) + 1)) if matrix \
        else tuple(L["xt_round"].format(k=i) for i in range(1, t.rounds + 1))
    return Crosstable(matrix, heads, tuple(rows), L["xt_matrix_intro"] if matrix else L["xt_intro"])


def _tie_lines(st, fmt: _Fmt, names: dict, L: dict) -> list[TieLine]:
    """How each tie was broken, one line per group equal on points: for every two neighbours in
    the final order the item that separated them (:meth:`Standings.separating`), counted per
    tie-break; a group of two shows both values; players equal on everything are named."""
    out = []
    for points, rows, places in tied_groups(st.rows):
        count: dict = {}
        for a, b in zip(rows, rows[1:]):
            code = st.separating(a.player.start_number, b.player.start_number)
            count[code] = count.get(code, 0) + 1
        if len(rows) == 2 and count.get(None) is None:
            code = next(iter(count))
            va, vb = (fmt(r.values[code], none="–") for r in rows)
            decided = (Decided(code, f"{va} › {vb}"),)
        else:
            decided = tuple(Decided(c, str(count[c])) for c in st.codes if c in count)
        out.append(TieLine(points=fmt(points), places=places, count=len(rows), decided=decided,
                           shared=_shared(rows, lambda sn: f"{names[sn]} ({sn})")))
    return out


def _separation(st, a: int, b: int, fmt: _Fmt, names: dict, L: dict) -> Separation:
    """Why ``a`` and ``b`` stand in their order: the separating item and both values, best first."""
    ra, rb = st.row(a), st.row(b)
    if (rb.rank, b) < (ra.rank, a):
        ra, rb = rb, ra
    code = st.separating(a, b)
    value = (lambda r: fmt(r.points)) if code == "PTS" else (lambda r: fmt(r.values[code], none="–"))
    who = lambda r: f"{names[r.player.start_number]} ({r.player.start_number})"
    if code is None:
        text = L["sep_equal"].format(a=who(ra), b=who(rb), place=ra.rank_label)
    else:
        text = L["sep_points" if code == "PTS" else "sep_ahead"].format(
            a=who(ra), b=who(rb), code=code, va=value(ra), vb=value(rb), ra=ra.rank_label, rb=rb.rank_label)
    return Separation(ra.player.start_number, rb.player.start_number, code or "", text)


def select_derivations(st, derivations: str = "none", players=None) -> list[int]:
    """The start numbers that get derivation blocks, in standings order (see
    :func:`parse_derivations`); ``players`` also restricts ``tied``, ``all`` and ``top:N``."""
    kind, n = parse_derivations(derivations)
    if kind == "players" and players is None:
        raise InputError("--derivations players needs --players, e.g. --players 3,7,12")
    count: dict = {}
    for r in st.rows:
        count[r.points] = count.get(r.points, 0) + 1
    rows = st.rows[:n] if kind == "top" else st.rows
    selected = [r.player.start_number for r in rows
                if kind in ("all", "top", "players") or (kind == "tied" and count[r.points] > 1)]
    if players is not None:
        wanted = set(players)
        selected = [sn for sn in selected if sn in wanted]
    return selected


@dataclass(frozen=True)
class Event:
    """The report's heading: the event, where and when, its chief arbiter, rounds and players, and
    "after round K of N" for an event in progress."""

    name: str
    city: str
    dates: str
    chief_arbiter: str
    rounds: int
    players: int
    after: str


@dataclass(frozen=True)
class InputFile:
    """A file the report was made from (the event, a published bulletin) and its SHA-256."""

    name: str
    sha256: str

    @classmethod
    def of(cls, path, name: str = "") -> "InputFile":
        """The file at ``path``: its name and digest; without a path, ``name`` alone (the
        tournament's source, or what stands for the file) and no digest."""
        return cls(os.path.basename(os.fspath(path)), sha256_file(path)) if path else cls(name or "", "")


def event_dates(t) -> str:
    """The event's first and last day, as ISO dates."""
    return " – ".join(d.isoformat() for d in (t.start_date, t.end_date) if d)


@dataclass(frozen=True)
class ReportView:
    """What every report shows around its body (``templates/_macros.html.j2``: head, header,
    footer): the labels and language, the paper, the event, the rules, the input file, the footer
    line, and the tie-breaks with their definitions. Each kind of report extends it; a view is
    built once and the templates only read it."""

    L: dict
    lang: str
    paper: str
    event: Event
    rules: RulesText
    input: InputFile
    foot: Footer
    tiebreaks: tuple[TiebreakText, ...]
    codes: tuple[str, ...]
    version: str

    @property
    def sections(self) -> tuple["Section", ...]:
        """The parts of the report in order, for cutting it into bounded parts
        (:func:`tbxl.report.render._parts`): only the standings report has them."""
        return ()

    @classmethod
    def of(cls, frame: "ReportView", **parts):
        """This kind of report around ``frame``'s head and foot, with its own ``parts``."""
        return cls(**{f.name: getattr(frame, f.name) for f in fields(ReportView)}, **parts)


@dataclass(frozen=True)
class RankedView(ReportView):
    """A report that prints standings lines (``m.standings``): whether the DE tier note is due,
    and the standings' notes."""

    has_de: bool
    notes: tuple[str, ...]


@dataclass(frozen=True)
class StandingsReport(RankedView):
    """The standings report (``report.html.j2``): the final standings, the ranking crosstable, one
    line per tied group, the categories and prizes, the round-by-round tables and the derivation
    blocks."""

    rows: tuple[StandingRow, ...]
    xt: Optional[Crosstable]
    tie_lines: tuple[TieLine, ...]
    classes: Classes
    by_round: tuple
    players: tuple[PlayerBlock, ...]

    @property
    def sections(self) -> tuple["Section", ...]:
        """The header, the standings and crosstable lines, the tie lines, the categories, the
        round-by-round tables and the derivation blocks: those the report has."""
        secs = [Section("header")]
        for name, items in (("standings", self.rows), ("crosstable", self.xt.rows if self.xt else ())):
            if items:
                secs.append(Section(name, 0, len(items)))
        secs.append(Section("ties"))
        if self.classes.categories or self.classes.prizes:
            secs.append(Section("classes"))
        for name, items in (("by_round", self.by_round), ("players", self.players)):
            if items:
                secs.append(Section(name, 0, len(items)))
        return tuple(secs)


@dataclass(frozen=True)
class AppealReport(RankedView):
    """The appeal report (``appeal.html.j2``) of one player or several (``appeal`` the first):
    their lines, their groups on the same points and how each tie was broken, what separates the
    first from the others, and their derivations."""

    appeal: StandingRow
    appeal_rows: tuple[StandingRow, ...]
    highlight: tuple[int, ...]
    group_rows: tuple[StandingRow, ...]
    ties: tuple[TieGroup, ...]
    separations: tuple[Separation, ...]
    players: tuple[PlayerBlock, ...]


def paper_size(paper: str) -> str:
    """The CSS page size of ``--paper``; :class:`InputError` naming the available ones if unknown."""
    if paper not in PAPER:
        raise InputError(f"unknown paper size {paper!r}; available: {', '.join(PAPER)}")
    return PAPER[paper]


def _frame(st, L: dict, lang: str, paper: str, input_path) -> ReportView:
    """The head and foot of a report on ``st`` (:class:`ReportView`)."""
    size = paper_size(paper)
    t = st.tournament
    conv = st.convention
    source = InputFile.of(input_path, t.source)
    after = ""
    if t.scheduled_rounds and t.scheduled_rounds != t.rounds:
        after = L["after_round"].format(k=t.rounds, n=t.scheduled_rounds)
    event = t.name or source.name
    return ReportView(L, lang, size,
                      Event(event, t.city, event_dates(t), t.chief_arbiter, t.rounds, len(t.players), after),
                      _rules_text(conv, L), source, Footer(event, L["rules"], conv.name, source.name, source.sha256),
                      tuple(TiebreakText(c, _definition(c, L)) for c in st.codes), tuple(st.codes), __version__)


def _blocks(st, selected: list[int], codes, fmt: _Fmt, L: dict, names: dict, paper: str,
            progress: bool = False) -> tuple[PlayerBlock, ...]:
    """The derivation blocks of the ``selected`` players, every tie-break of ``codes`` laid out
    together."""
    derivations_of = []
    for k, sn in enumerate(selected, 1):
        derivations_of.append([_derivation(st, sn, c, fmt, L, names) for c in codes])
        _progress(progress, "derivations", k, len(selected))
    return tuple(_player_block(st.row(sn), fmt, derivations=ds)
                 for sn, ds in zip(selected, _laid_out_groups(derivations_of, L, paper)))


def build_view(standings, *, lang: str = "en", derivations: str = "none", players=None,
               paper: str = "a4", input_path=None, appeal=None, codes=None,
               progress: bool = False, by_round: bool = False, classification=None) -> RankedView:
    """Everything the templates show (no WeasyPrint needed): a :class:`StandingsReport`, or with
    ``appeal`` an :class:`AppealReport`.

    The standings report (the default) holds the header, the final standings, the ranking
    crosstable and one line per tied group (``tie_lines``); ``derivations`` (see
    :func:`parse_derivations`, default none) picks the players with derivation blocks, and
    ``players`` (start numbers) restricts them. ``by_round`` adds the round-by-round tables
    (``view.by_round``) of every player in standings order, or of ``players`` only.

    ``classification`` (:func:`tbxl.categories.classify`) adds the categories' standings and the
    prize lists (``view.classes``).

    ``appeal`` = a start number or a list of them makes the appeal report of those players:
    their lines, their groups on the same points with how each tie was broken in detail, the
    item that separates the first from each other one, and the derivations of ``codes``
    (default PTS + the tie-breaks) of each.
    """
    st = standings
    L = labels(lang)
    frame = _frame(st, L, lang, paper, input_path)
    fmt = _Fmt(bool(L["decimal_comma"]))
    t = st.tournament
    names = {p.start_number: p.name for p in t.players}
    ranked = dict(has_de=any(parse(c).name == "DE" for c in st.codes),
                  notes=tuple(_reason(n, L, fmt) for n in st.notes))
    if appeal is not None:
        chosen = [appeal] if isinstance(appeal, int) else list(dict.fromkeys(appeal))
        for sn in chosen:
            if sn not in names:
                raise InputError(f"no player with start number {sn}")
        order = {r.player.start_number: k for k, r in enumerate(st.rows)}
        selected = sorted(chosen, key=order.__getitem__)
        points = {st.row(sn).points for sn in chosen}
        return AppealReport.of(
            frame, **ranked, appeal=_standing_row(st.row(chosen[0]), fmt, st.codes),
            appeal_rows=tuple(_standing_row(st.row(sn), fmt, st.codes) for sn in selected),
            highlight=tuple(chosen),
            group_rows=tuple(_standing_row(r, fmt, st.codes) for r in st.rows if r.points in points),
            ties=tuple(_ties(st, fmt, names, L, only=set(chosen))),
            separations=tuple(_separation(st, chosen[0], sn, fmt, names, L) for sn in chosen[1:]),
            players=_blocks(st, selected, list(codes) if codes else ["PTS"] + st.codes, fmt, L, names, paper,
                            progress))
    selected = select_derivations(st, derivations, players)
    shown = []
    if by_round:
        wanted = None if players is None else set(players)
        shown = [r.player.start_number for r in st.rows if wanted is None or r.player.start_number in wanted]
    return StandingsReport.of(
        frame, **ranked, rows=tuple(_standing_row(r, fmt, st.codes) for r in st.rows),
        xt=_crosstable(st, fmt, L), tie_lines=tuple(_tie_lines(st, fmt, names, L)),
        classes=_classification_view(classification, st, fmt, L),
        # The report's own tournament: with --after-round K it already ends at round K.
        by_round=tuple(_by_round(st, standings_by_round(t, st.codes, st.convention), shown, fmt, L,
                                 LINE_CHARS[paper])) if by_round else (),
        players=_blocks(st, selected, st.codes, fmt, L, names, paper, progress))


@dataclass(frozen=True)
class Section:
    """A part of the standings report, in order. One made of lines (standings, crosstable,
    round-by-round tables, derivation blocks) carries the slice ``a:b`` of its list, and
    ``first``/``last`` (to print the heading, the notes) when the report is cut into parts."""

    name: str
    a: Optional[int] = None
    b: Optional[int] = None
    first: bool = True
    last: bool = True

    @property
    def lines(self) -> bool:
        return self.a is not None


@dataclass(frozen=True)
class AuditColumn:
    """A published column's verdict: how many values were checked, how many agree, and which rule
    set it follows."""

    code: str
    checked: int
    agree: int
    verdict: str
    ok: bool


@dataclass(frozen=True)
class AuditFinding:
    """A published value that differs: where it stands, what the rules give, and why."""

    sn: int
    name: str
    code: str
    published: str
    where: str
    computed: str
    status: str
    status_text: str
    follows: str
    changes: tuple[str, ...]
    note: str


@dataclass(frozen=True)
class RankCell:
    text: str
    changed: bool


@dataclass(frozen=True)
class RankMember:
    """A player of a group whose published ranks differ: published rank, rank under the announced
    rules and under the rule set the ranks follow, tie-break values under both."""

    sn: int
    name: str
    published: str
    rank: str
    other_rank: str
    differs: bool
    cells: tuple[RankCell, ...]


@dataclass(frozen=True)
class RankGroup:
    points: str
    rules: str
    follows: str
    codes: list[str]
    members: tuple[RankMember, ...]


@dataclass(frozen=True)
class CompareCell:
    """A tie-break's values under every rule set, marked when they differ."""

    values: tuple[str, ...]
    changed: bool


@dataclass(frozen=True)
class CompareRow:
    sn: int
    name: str
    ranks: list
    rank_changed: bool
    cells: tuple[CompareCell, ...]


def _status_text(status: str, L: dict) -> str:
    return L["audit"][f"status_{status}"]


def _item_label(code: str, L: dict) -> str:
    """A published column: a tie-break code, or the rank / points in the report's language."""
    return {"RANK": L["rank"], "PTS": L["col_points"]}.get(code, code)


def _rules_names(names: list[str], L: dict, shown: int = 3) -> str:
    text = ", ".join(names[:shown])
    return text + (" " + L["audit"]["and_more"].format(n=len(names) - shown) if len(names) > shown else "")


def _derivation_pair(st_a, st_b, sn: int, code: str, fmt: _Fmt, L: dict, names: dict) -> list[DerivationTable]:
    """One value's derivation under two rule sets (the announced first), each marked with its rules."""
    return [_derivation(st, sn, code, fmt, L, names, under=L["audit"]["under"].format(rules=st.convention.name))
            for st in (st_a, st_b)]


@dataclass(frozen=True)
class AuditReport(ReportView):
    """The audit report (``audit.html.j2``) of an individual or a team event: the published file,
    the summary, the verdict per published column, every difference, the groups whose published
    ranks differ, what was not checked, and the derivations of the values concerned."""

    published: InputFile
    summary: dict
    ok: bool
    columns: tuple[AuditColumn, ...]
    findings: tuple[AuditFinding, ...]
    skipped: tuple[str, ...]
    rank_groups: tuple[RankGroup, ...]
    players: tuple[PlayerBlock, ...]


@dataclass(frozen=True)
class CompareReport(ReportView):
    """The comparison report (``compare.html.j2``) of an individual or a team event: the rule
    sets, the standings under each side by side, and the blocks of the changed values."""

    rules_list: tuple[RulesText, ...]
    compare_rows: tuple[CompareRow, ...]
    changed_count: int
    change_blocks: tuple[PlayerBlock, ...]


def build_audit_view(result, *, lang: str = "en", paper: str = "a4", inputs=()) -> AuditReport:
    """The view of ``tbxl audit -o audit.pdf``: summary, verdict per published column, every
    difference with the rule sets that reproduce it, and the derivations of the players concerned
    under the announced rules and under the rule set their published number follows."""
    st = result.standings
    inputs = list(inputs)
    L = labels(lang)
    frame = _frame(st, L, lang, paper, inputs[0] if inputs else None)
    fmt = _Fmt(bool(L["decimal_comma"]))
    names = {p.start_number: p.name for p in st.tournament.players}
    derivations_of: dict[int, list[DerivationTable]] = {}
    for f, other in derived_differences(result):
        derivations_of.setdefault(f.start_number, []).extend(
            _derivation_pair(st, other, f.start_number, f.code, fmt, L, names))
    order = {r.player.start_number: k for k, r in enumerate(st.rows)}
    shown = sorted(derivations_of, key=order.__getitem__)
    laid_out = _laid_out_groups([derivations_of[sn] for sn in shown], L, paper)
    return audit_report(result, frame, fmt, inputs[1] if len(inputs) > 1 else None,
                        tuple(_player_block(st.row(sn), fmt, derivations=ds) for sn, ds in zip(shown, laid_out)))


def derived_differences(result):
    """The differences an audit report derives, each with the standings under the rule set it
    follows: explained values (not ranks, display habits or orders such as DE and EDE)."""
    from tbxl.audit import EXPLAINED
    from tbxl.io.published import RANK
    engine = result.engine
    for f in result.differences:
        if f.code == RANK or f.status != EXPLAINED or f.habit or engine.is_order(engine.parse(f.code)):
            continue
        yield f, result.standings_under(f.matches[0])


def audit_report(result, frame: ReportView, fmt: _Fmt, pub, players: tuple[PlayerBlock, ...],
                 who=lambda r: (r.player.start_number, r.player.name)) -> AuditReport:
    """The audit report of ``result`` around ``frame`` with the derivation blocks ``players``:
    shared by the individual and the team audit reports. ``pub`` is the published file (None:
    the input's rank column); ``who`` gives a standings row's number and name (see
    :func:`_rank_groups`)."""
    from tbxl.audit import EXPLAINED, SKIPPED
    from tbxl.io.published import RANK
    L = frame.L
    A = L["audit"]
    columns = []
    for c in result.columns:
        if c.agree == c.checked:
            verdict = A["column_agrees"].format(rules=result.rules_name)
        elif c.reproduced_by:
            verdict = A["column_follows"].format(rules=_rules_names(c.reproduced_by, L))
        else:
            verdict = A["column_mixed"]
        columns.append(AuditColumn(_item_label(c.code, L), c.checked, c.agree, verdict, c.agree == c.checked))
    findings = []
    for f in result.differences:
        findings.append(AuditFinding(
            f.start_number, f.name, _item_label(f.code, L), f.published.text,
            f.published.where + (f", {L['audit']['column']} '{f.published.column}'" if f.published.column else ""),
            f.computed if f.code == RANK else fmt(f.computed, none="–"), f.status, _status_text(f.status, L),
            _rules_names(f.matches, L) if f.status == EXPLAINED else "", tuple(_reason(c, L, fmt) for c in f.changes),
            A[f.why_unexplained] if f.why_unexplained else A["unexplained_note"]))
    return AuditReport.of(
        frame, published=InputFile.of(pub, A["rank_column"]), summary=result.summary, ok=result.ok,
        columns=tuple(columns), findings=tuple(findings),
        skipped=tuple(sorted({f"{_item_label(f.code, L)}: {f.why_skipped}"
                              for f in result.findings if f.status == SKIPPED})),
        rank_groups=tuple(_rank_groups(result, fmt, L, who)), players=players)


def _rank_groups(result, fmt: _Fmt, L: dict, who=lambda r: (r.player.start_number, r.player.name)) -> list[RankGroup]:
    """For each group equal on points with a published rank that differs: every member's published
    rank, its place under the announced rules and under the rule set the ranks follow, and its
    tie-break values under both (changed cells marked). ``who`` gives a row's number and name (a
    team's for a team audit)."""
    from tbxl.audit import AGREE, EXPLAINED, UNEXPLAINED
    from tbxl.io.published import RANK
    st = result.standings
    published = {f.start_number: f for f in result.findings if f.code == RANK}
    out = []
    for points, rows in groupby(st.rows, key=lambda r: r.points):
        rows = list(rows)
        differing = [published[who(r)[0]] for r in rows
                     if who(r)[0] in published and published[who(r)[0]].status in (EXPLAINED, UNEXPLAINED)]
        if not differing:
            continue
        follows = differing[0].matches[0] if differing[0].status == EXPLAINED else None
        other = result.standings_under(follows) if follows else None
        members = []
        for r in rows:
            sn, name = who(r)
            f = published.get(sn)
            o = other.row(sn) if other else None
            members.append(RankMember(
                sn, name, f.published.text if f else "", r.rank_label, o.rank_label if o else "",
                bool(f) and f.status != AGREE,
                tuple(RankCell(fmt(r.values[c], none="–") + (" / " + fmt(o.values.get(c), none="–")
                                                              if o and c in o.values else ""),
                               bool(o) and c in o.values and o.values[c] != r.values[c]) for c in st.codes)))
        out.append(RankGroup(fmt(points), st.convention.name, follows or "", st.codes, tuple(members)))
    return out


def build_compare_view(result, *, lang: str = "en", paper: str = "a4", input_path=None,
                       changed_only: bool = False) -> CompareReport:
    """The view of ``tbxl compare -o compare.pdf``: the standings under every rule set side by
    side, changed cells marked, then for each change the terms that make it and both derivations."""
    st = result.standings[0]
    L = labels(lang)
    frame = _frame(st, L, lang, paper, input_path)
    fmt = _Fmt(bool(L["decimal_comma"]))
    names = {p.start_number: p.name for p in st.tournament.players}
    rules = [c.name for c in result.conventions]
    rows = []
    for r in (result.changed_rows if changed_only else result.rows):
        rows.append(CompareRow(r.start_number, r.player.name, r.ranks, r.rank_changed,
                               tuple(CompareCell(tuple(fmt(v, none="–") for v in r.values[c]), c in r.changed)
                                     for c in result.codes)))
    changed = [r for r in result.rows if r.changes]
    pairs = [_derivation_pair(st, result.standings[k], r.start_number, code, fmt, L, names)
             for r in changed for code, k in r.changes]
    laid_out = iter(_laid_out_groups(pairs, L, paper))
    blocks = [_player_block(st.row(r.start_number), fmt, items=tuple(
        CompareItem(code, rules[k], fmt(r.values[code][0], none="–"), fmt(r.values[code][k], none="–"),
                    tuple(_reason(x, L, fmt) for x in found), next(laid_out))
        for (code, k), found in r.changes.items())) for r in changed]
    return compare_report(frame, [_rules_text(c, frame.L) for c in result.conventions], rows,
                          len(result.changed_rows), blocks)


def compare_report(frame: ReportView, rules: Sequence[RulesText], rows, changed_count: int,
                   blocks) -> CompareReport:
    """The comparison report around ``frame`` (its footer naming every rule set of ``rules``):
    shared by the individual and the team comparison reports."""
    return CompareReport.of(replace(frame, foot=replace(frame.foot, rules=" | ".join(r.name for r in rules))),
                            rules_list=tuple(rules),
                            compare_rows=tuple(rows), changed_count=changed_count, change_blocks=tuple(blocks))
