"""The report's text: numbers in the reader's language, labels by count, engine reasons, and the
monospace blocks laid out here rather than by WeasyPrint (term rows of a derivation, the
round-by-round tables).

Speed: the term rows of a derivation are laid out as monospace text (aligned columns, the reason
wrapped with a hanging indent), one text block per tie-break. WeasyPrint's cost grows with the
number of elements: a table cell per value made a 200-player, 9-round report with every
derivation take about 50 s instead of about 13 s.
"""

from __future__ import annotations

import re
import textwrap
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from tbxl.derivation import Reason
from tbxl.formatting import Number, decimal_text
from tbxl.model import Player
from tbxl.report.labels import Labels

if TYPE_CHECKING:
    from datetime import date

    from tbxl.standings import Row, Standings

#: The colour marks of a derivation's game lines (issue 35): the same in every language and
#: never a letter, which small print lets read as a digit (Cyrillic "Б" as 6); the pages' key
#: (``colour_key`` of _macros.html.j2) names them with the language's ``colour_names``.
COLOUR_MARKS = {"w": "○", "b": "●"}
NAME_WIDTH = 18  # opponent names in term rows are cut to this many characters

#: The colour in a crosstable cell, individual and team (issue 35 item 5): a mark that no reader
#: takes for a letter or a digit, the same in every language ("10Б0" read as 1060 in Russian, a
#: Latin "w" unexplained in Vietnamese): White ○, Black ●. The crosstable's key (``xt_intro``,
#: the team ``crosstable_intro``) names them in the reader's language.
COLOUR_MARKS = {"w": "○", "b": "●"}
_COLOURED = re.compile(r"(\d+)([wb])(.*)")


def marked_cell(text: str) -> str:
    """A compact crosstable cell (``12w1``, a team's ``4b2½``) with its colour letter turned
    into its mark; any other cell (``+``, ``H``, ``bye``) as it is.

    >>> marked_cell("12w1"), marked_cell("4b2½"), marked_cell("H")
    ('12○1', '4●2½', 'H')
    """
    m = _COLOURED.fullmatch(text)
    return f"{m[1]}{COLOUR_MARKS[m[2]]}{m[3]}" if m else text


def colour_key(text: str) -> str:
    """A crosstable's key with its ``{white}`` and ``{black}`` marks filled in."""
    return text.format(white=COLOUR_MARKS["w"], black=COLOUR_MARKS["b"])


# Characters per line of a term row: the text width of the page (report.css: 13 mm side margins)
# over the advance of DejaVu Sans Mono at 6.6 pt (0.602 em), less one for safety.
LINE_CHARS = {"a4": 130, "letter": 134}
# Round-by-round tables (same font as the term rows): spaces between two round columns, spaces
# between two players' tables set side by side, and the least width of one player's table (its
# heading line: a name and "· No. 123 · rank 101-120").
BY_ROUND_SEP = 2
BY_ROUND_GAP = 6
BY_ROUND_MIN_WIDTH = 44


class Fmt:
    """Number formatting of one language."""

    def __init__(self, comma: bool) -> None:
        self.comma = comma

    def __call__(self, v: Number | None, none: str = "") -> str:
        return decimal_text(v, comma=self.comma, none=none)


def plural(label: str | Mapping[str, str], n: int | str | Fraction) -> str:
    """A label's form for the count ``n``: a label is one text, or its forms by CLDR plural
    category. English and Spanish give ``one``/``other``, Russian ``one``/``few``/``many`` (1, 21
    значение; 2-4, 22 значения; 5-20 значений); Vietnamese and Malay do not inflect.

    >>> forms = {"one": "{n} value", "other": "{n} values"}
    >>> plural(forms, 1).format(n=1), plural(forms, 2).format(n=2), plural("{n} giá trị", 2)
    ('1 value', '2 values', '{n} giá trị')
    >>> ru = {"one": "значение", "few": "значения", "many": "значений"}
    >>> [plural(ru, n) for n in (1, 2, 5, 11, 21, 22, 112)]
    ['значение', 'значения', 'значений', 'значений', 'значение', 'значения', 'значений']

    A score as printed counts too: 1 point, but 1.5 points (and 1,5 очка).

    >>> plural({"one": "point", "other": "points"}, "1"), plural({"one": "point", "other": "points"}, "1,5")
    ('point', 'points')
    """
    if isinstance(label, str):
        return label
    if not isinstance(n, int):  # a score as printed ("1", "1,5") or a number: 1.5 takes no singular
        value = Fraction(str(n).replace(",", ".")) if isinstance(n, str) else Fraction(n)
        if value.denominator != 1:
            return label["few"] if "few" in label else label["other"]
        n = int(value)
    n = abs(n)
    if "few" in label:  # East Slavic rule
        if n % 10 == 1 and n % 100 != 11:
            return label["one"]
        return label["few"] if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else label["many"]
    return label["one"] if n == 1 else label["other"]


def date_text(d: date, L: Labels) -> str:
    """A date as the report's language writes it (``date_format`` and ``months`` of the labels).

    >>> from datetime import date
    >>> L = {"date_format": "{d} {month} {y}", "months": ["January"] * 5 + ["June"] + [""] * 6}
    >>> date_text(date(2026, 6, 3), L), date_text(date(2026, 6, 3), {"date_format": "{dd}/{mm}/{y}", "months": []})
    ('3 June 2026', '03/06/2026')
    """
    months: list[str] = L.get("months") or []
    form: str = L.get("date_format", "{y}-{mm}-{dd}")
    return form.format(
        d=d.day,
        dd=f"{d.day:02d}",
        m=d.month,
        mm=f"{d.month:02d}",
        y=d.year,
        month=months[d.month - 1] if len(months) == 12 else str(d.month),
    )


def reason_text(reason: Reason | str, L: Labels, fmt: Fmt) -> str:
    """An engine :class:`~tbxl.derivation.Reason` in the report's language (English where a
    label file lacks a key), numbers formatted for the language."""
    return reason.render(L.get("reasons"), fmt) if isinstance(reason, Reason) else str(reason)


def cut_name(name: str, width: int = NAME_WIDTH) -> str:
    name = unicodedata.normalize("NFC", name)
    return name if len(name) <= width else name[: width - 1] + "…"


@dataclass(frozen=True)
class Segment:
    """A run of text in a monospace block: ``kind`` "" is plain text, anything else becomes a
    ``<span class=kind>`` ("x" a struck term, "c" the reason of a cut, "n"/"s"/"h"/"p" the parts
    of a round-by-round table)."""

    kind: str
    text: str


@dataclass(frozen=True)
class TermRow:
    """One term of a derivation as the report prints it: the cells (round, opponent, result,
    real, used, adds), the reason, why the term was cut ("" when it counts) and the participant's
    colour in that round (a mark of ``colour_letters``; "" none)."""

    cells: tuple[str, ...]
    reason: str
    cut: str = ""
    colour: str = ""


@dataclass(frozen=True)
class TermBlock:
    """The term rows of one derivation laid out as monospace text: the column heads, the body
    (:class:`Segment` runs with line breaks) and the total line (None for no terms)."""

    head: str
    body: tuple[Segment, ...]
    total_text: str | None


def term_blocks(
    derivations: Sequence[tuple[Sequence[TermRow], str | None]], L: Labels, line_chars: int, edition: str = ""
) -> list[TermBlock]:
    """Lay out the term rows of every derivation (its rows and its total) as monospace text.

    Columns get common widths over the whole report; the reason follows them and is wrapped here
    to ``line_chars`` with a hanging indent; the cut reason under a struck term. When a term has a
    colour, a colour column (``col_colour``) follows the opponent's; ``edition`` (the text whose
    articles the reasons cite, :func:`tbxl.rules.articles_edition`) goes in the reason's head
    ("Reason [article C.07 (2026)]", issue 35).

    >>> L = {"col_round": "Rd", "col_opponent": "Opp", "col_result": "Res", "col_real": "Real",
    ...      "col_used": "Used", "col_adds": "Adds", "col_reason": "Why", "total": "Total"}
    >>> block, = term_blocks([([TermRow(("1", "5 Bo", "1", "2", "2", "2"), "played"),
    ...                         TermRow(("2", "", "½", "1", "1", "0"), "bye", "the lowest")], "2")], L, 60)
    >>> print(block.head); print("".join(s.text for s in block.body)); print(block.total_text)
    Rd  Opp   Res  Real  Used  Adds  Why
     1  5 Bo    1     2     2     2  played
     2          ½     1     1     0  bye
                                     the lowest
    Total                         2
    >>> [s.kind for s in block.body]
    ['', '', 'x', '', 'c']
    """
    heads: list[str] = [L["col_round"], L["col_opponent"], L["col_result"], L["col_real"], L["col_used"], L["col_adds"]]
    coloured = any(t.colour for terms, _ in derivations for t in terms)

    def cells_of(t: TermRow) -> tuple[str, ...]:
        return (*t.cells[:2], t.colour, *t.cells[2:]) if coloured else t.cells

    if coloured:
        heads.insert(2, L["col_colour"])
    widths = [len(h) for h in heads]
    for terms, _ in derivations:
        for t in terms:
            widths = [max(w, len(c)) for w, c in zip(widths, cells_of(t))]
    hang = sum(widths) + 2 * len(widths)
    indent = " " * hang

    def pad(cells: Sequence[str]) -> str:
        return "".join(
            (c.ljust(w) if k == 1 else c.center(w) if coloured and k == 2 else c.rjust(w)) + "  "
            for k, (c, w) in enumerate(zip(cells, widths))
        )

    def wrap(text: str) -> list[str]:
        return textwrap.wrap(text, max(line_chars - hang, 20), break_on_hyphens=False) or [""]

    head = pad(heads) + (L["col_reason"].replace("]", f" {edition}]") if edition else L["col_reason"])
    out = []
    for terms, total in derivations:
        body: list[Segment] = []
        for t in terms:
            lines = wrap(t.reason)
            body.append(Segment("x" if t.cut else "", pad(cells_of(t)) + lines[0]))
            for line in lines[1:]:
                body += [Segment("", "\n" + indent), Segment("x" if t.cut else "", line)]
            for line in wrap(t.cut) if t.cut else ():
                body += [Segment("", "\n" + indent), Segment("c", line)]
            body.append(Segment("", "\n"))
        total_text: str | None = (
            None if total is None else L["total"].ljust(hang - 2 - widths[-1]) + total.rjust(widths[-1])
        )
        out.append(TermBlock(head, tuple(body[:-1]), total_text))
    return out


def segments(parts: Iterable[tuple[str, str]]) -> tuple[Segment, ...]:
    """Text segments for a monospace block, neighbours of the same kind merged (fewer elements for
    WeasyPrint)."""
    out: list[list[str]] = []
    for kind, text in parts:
        if not text:
            continue
        if out and out[-1][0] == kind:
            out[-1][1] += text
        else:
            out.append([kind, text])
    return tuple(Segment(kind, text) for kind, text in out)


def aligned(
    head: list[str], rows: list[list[str]], line_chars: int, last_wraps: bool = True, right: Sequence[int] = ()
) -> str:
    """Monospace text: columns padded to common widths (the columns of ``right``, numbers,
    right-aligned), the last column wrapped with a hanging indent (one text block instead of a
    table cell per value: far fewer elements for WeasyPrint).

    >>> print(aligned(["Rd", "Who"], [["1", "a b c d"], ["10", "e"]], 24))
    Rd  Who
    1   a b c d
    10  e
    >>> print(aligned(["Rd", "Who"], [["1", "a"], ["10", "e"]], 24, right=[0]))
    Rd  Who
     1  a
    10  e
    """
    widths = [max(len(r[k]) for r in [head] + rows) for k in range(len(head) - 1)]
    hang = sum(widths) + 2 * len(widths)
    out = []
    for r in [head] + rows:
        lead = "".join(
            (c.rjust(w) if k in right else c.ljust(w)) + "  " for k, (c, w) in enumerate(zip(r[:-1], widths))
        )
        lines = textwrap.wrap(r[-1], max(line_chars - hang, 20), break_on_hyphens=False) if last_wraps else [r[-1]]
        out.append(lead + (lines[0] if lines else ""))
        out.extend(" " * hang + line for line in lines[1:])
    return "\n".join(out)


def _player_heading(row: Row) -> str:
    """A player's name as a round-by-round block heads it: title and name."""
    p = row.player
    title = p.title if isinstance(p, Player) else ""  # a team has none
    return f"{title} {p.name}" if title else p.name


def by_round_tables(
    st: Standings,
    history: list[Standings],
    selected: list[int],
    fmt: Fmt,
    L: Labels,
    line_chars: int,
    heading: Callable[[Row], str] = _player_heading,
) -> list[tuple[Segment, ...]]:
    """The round-by-round section: per player a small monospace table (rows: the points, the rank
    label and each tie-break; columns: the standings after round 1, 2 ...), values exact as in the
    standings, DE as the tier, "–" for no value.

    ``history`` is :func:`~tbxl.standings.standings_by_round` of the report's tournament;
    ``selected`` the start numbers, in the report's standings order. The column widths are common
    to the whole section, so every table has the same shape: as many as fit in ``line_chars``
    stand side by side, and an event with more rounds than fit on a line gets its rounds in
    chunks, one under the other. Returns one list of text segments (see :func:`segments`) per
    line of tables: one block each, kept on one page (kinds: "n" name, "s" the rest of the
    heading, "h" the rounds row, "p" the points row).
    """
    if not history or not selected:
        return []
    rounds = len(history)
    labels: list[str] = [L["by_round_after"], L["col_points"], L["by_round_rank"], *st.codes]
    cells: dict[int, list[list[str]]] = {}
    for sn in selected:
        rows = [history[k].row(sn) for k in range(rounds)]
        cells[sn] = [
            [str(k) for k in range(1, rounds + 1)],
            [fmt(r.points) for r in rows],
            [r.rank_label for r in rows],
        ] + [[fmt(r.values[c], none="–") for r in rows] for c in st.codes]
    label_w = max(len(x) for x in labels)
    col_w = max(len(c) for table in cells.values() for line in table for c in line)
    step = col_w + BY_ROUND_SEP
    per_chunk = max(1, (line_chars - label_w) // step)
    chunks = [range(a, min(a + per_chunk, rounds)) for a in range(0, rounds, per_chunk)]
    width = min(max(label_w + min(rounds, per_chunk) * step, BY_ROUND_MIN_WIDTH), line_chars)
    per_line = max(1, (line_chars + BY_ROUND_GAP) // (width + BY_ROUND_GAP))
    kinds = ["h", "p"] + [""] * (len(labels) - 2)

    def block(sn: int) -> list[list[tuple[str, str]]]:
        """One player's table: a list of lines, each a list of (kind, text) of ``width`` chars."""
        row = st.row(sn)
        rest = f" · {L['col_sno']} {sn} · {L['rank']} {row.rank_label}"
        name = cut_name(heading(row), max(width - len(rest), 8))
        lines = [[("n", name), ("s", rest[: width - len(name)])]]
        for chunk in chunks:
            for kind, label, values in zip(kinds, labels, cells[sn]):
                lines.append([(kind, label.ljust(label_w) + "".join(values[k].rjust(step) for k in chunk))])
        for line in lines:
            used = sum(len(text) for _, text in line)
            line.append(("", " " * (width - used)))
        return lines

    groups = []
    for a in range(0, len(selected), per_line):
        blocks = [block(sn) for sn in selected[a : a + per_line]]
        parts: list[tuple[str, str]] = []
        for i in range(len(blocks[0])):
            for j, b in enumerate(blocks):
                parts += b[i] if j < len(blocks) - 1 else b[i][:-1]  # no padding at the line's end
                parts.append(("", " " * BY_ROUND_GAP if j < len(blocks) - 1 else "\n"))
        parts.pop()
        groups.append(segments(parts))
    return groups
