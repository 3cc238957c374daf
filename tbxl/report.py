"""PDF reports: final standings with tie-break derivations, and one player's appeal report.

``build_view`` turns :class:`~tbxl.standings.Standings` into plain data (strings, lists, dicts);
``render_html`` fills the Jinja2 templates of ``templates/`` (autoescaped); WeasyPrint makes the
PDF, fetching nothing but files of the templates folder. Labels come from
``templates/labels/<lang>.json``; numbers are exact decimals (``decimal_text``).

Speed: the term rows of a derivation are laid out here as monospace text (aligned columns, the
reason wrapped with a hanging indent), one text block per tie-break. WeasyPrint's cost grows with
the number of elements: a table cell per value made a 200-player, 9-round report with every
derivation take about 50 s instead of about 13 s.
"""

from __future__ import annotations

import functools
import gc
import hashlib
import io
import json
import mimetypes
import os
import sys
import textwrap
import unicodedata
from fractions import Fraction
from importlib import resources
from itertools import groupby
from pathlib import Path
from typing import Iterable, Optional
from urllib.parse import unquote, urlparse
from urllib.request import url2pathname, urlopen

from . import __version__
from .errors import InputError, MissingDependency
from .files import check_output, output_format, write_atomic
from .formatting import decimal_text, visible
from .standings import standings_by_round
from .tiebreaks.codes import CATALOGUE, parse

PAPER = {"a4": "A4", "letter": "letter"}
DERIVATIONS = ("none", "tied", "all", "top:N", "players")
# A round robin gets a matrix crosstable up to this many players (wider does not fit a portrait
# page); beyond it, the per-round ranking crosstable of a Swiss.
MATRIX_MAX = 24
# Bounded rendering: WeasyPrint holds the layout of a whole document in memory (a 9,999-player
# report took 11 GB), so a long report is rendered in parts of at most this many standings or
# crosstable lines (a derivation block counts DERIVATION_WEIGHT lines), each to its own PDF, and
# the parts are joined with pypdf. A report under the limit is one document, as before.
PART_LINES = 1500
DERIVATION_WEIGHT = 25
NAME_WIDTH = 18  # opponent names in term rows are cut to this many characters
# Characters per line of a term row: the text width of the page (report.css: 13 mm side margins)
# over the advance of DejaVu Sans Mono at 6.6 pt (0.602 em), less one for safety.
LINE_CHARS = {"a4": 130, "letter": 134}
# Round-by-round tables (same font as the term rows): spaces between two round columns, spaces
# between two players' tables set side by side, and the least width of one player's table (its
# heading line: a name and "· No. 123 · rank 101-120").
BY_ROUND_SEP = 2
BY_ROUND_GAP = 6
BY_ROUND_MIN_WIDTH = 44


# -- resources ----------------------------------------------------------------------------------

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


@functools.lru_cache(maxsize=1)
def _environment():
    import jinja2
    from markupsafe import Markup

    def finalize(value):
        # Every {{ value }} of a page: control and bidi characters of names made inert (a U+202E
        # in a name must not reverse the digits after it); tabs and line breaks are HTML's white
        # space (and the line breaks of the term blocks); our own Markup (the stylesheet) as is.
        return visible(value, keep="\t\n") if isinstance(value, str) and not isinstance(value, Markup) else value

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(templates_dir())),
                             autoescape=True, trim_blocks=True, lstrip_blocks=True,
                             undefined=jinja2.StrictUndefined, finalize=finalize)
    env.globals["plural"] = plural
    return env


def url_fetcher(url: str) -> dict:
    """Serve only files inside the templates folder and ``data:`` URIs; raise for anything else.

    Returns WeasyPrint's classic dict (string, mime_type, redirected_url)."""
    if url.startswith("data:"):
        with urlopen(url) as r:  # decoded locally: urllib's data handler, no network
            return {"string": r.read(), "mime_type": r.headers.get_content_type(), "redirected_url": url}
    parsed = urlparse(url)
    if parsed.scheme == "file" and parsed.netloc in ("", "localhost"):
        path = Path(url2pathname(unquote(parsed.path))).resolve()
        if path.is_relative_to(templates_dir().resolve()) and path.is_file():
            return {"string": path.read_bytes(), "mime_type": mimetypes.guess_type(path.name)[0],
                    "redirected_url": path.as_uri()}
    raise ValueError(f"refusing to fetch {url!r}: only the report templates are allowed")


def _weasyprint_fetcher():
    """:func:`url_fetcher` in the form WeasyPrint 70 wants (a ``URLFetcher``)."""
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class TemplatesOnly(URLFetcher):
        def fetch(self, url, headers=None):
            r = url_fetcher(url)
            return URLFetcherResponse(r["redirected_url"], r["string"],
                                      {"Content-Type": r["mime_type"] or "application/octet-stream"})

    return TemplatesOnly(allowed_protocols=("file", "data"), allow_redirects=False)


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


# -- view data ----------------------------------------------------------------------------------

class _Fmt:
    """Number formatting of one language."""

    def __init__(self, comma: bool) -> None:
        self.comma = comma

    def __call__(self, v, none: str = "") -> str:
        return decimal_text(v, comma=self.comma, none=none)


def plural(label, n: int) -> str:
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


def _definition(code: str, L: dict) -> str:
    """One line: the tie-break's meaning (translated) with its article, then its modifiers."""
    d = parse(code)
    parts = [L["tiebreak_meanings"].get(d.name, CATALOGUE[d.name][1])
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


def _reason(reason, L: dict, fmt: "_Fmt") -> str:
    """An engine :class:`~tbxl.derivation.Reason` in the report's language (English where a
    label file lacks a key), numbers formatted for the language."""
    return reason.render(L.get("reasons"), fmt) if hasattr(reason, "render") else str(reason)


def _rules_text(conv, L: dict) -> dict:
    """The convention's title and source in the report's language (English where not translated);
    a preset changed by settings (``fide-2024+vur_cut=always``) keeps the settings visible."""
    tr = L.get("conventions", {}).get(conv.preset, {})
    return {"name": conv.name, "title": tr.get("title", conv.title), "source": tr.get("source", conv.source)}


def _cut_name(name: str, width: int = NAME_WIDTH) -> str:
    name = unicodedata.normalize("NFC", name)
    return name if len(name) <= width else name[:width - 1] + "…"


def _de_rows(table, fmt: _Fmt, names: dict, L: dict) -> list[dict]:
    return [{"group": r["group"], "player": f"{r['player']} {names.get(r['player'], '')}",
             "score": fmt(r["score"]), "missing": fmt(r["missing"]), "maximum": fmt(r["maximum"]),
             "step": _reason(r["step"], L, fmt)} for r in table]


def _derivation(st, sn: int, code: str, fmt: _Fmt, L: dict, names: dict) -> dict:
    """One tie-break's derivation: term rows as aligned monospace text, the total, notes, DE table."""
    d = st.explain(sn, code)
    terms = []
    for t in d.terms:
        opp = "" if t.opponent is None else f"{t.opponent:>3} {_cut_name(names.get(t.opponent, ''))}"
        terms.append({"cells": ["" if t.round is None else str(t.round), opp, t.result,
                                fmt(t.real), fmt(t.adjusted), fmt(t.contribution)],
                      "reason": _reason(t.reason, L, fmt) + (f" [{t.article}]" if t.article else ""),
                      "cut": t.cut and _reason(t.cut, L, fmt)})
    total = None
    if d.terms:
        total = fmt(d.total)
        if d.divisor is not None:
            total += f" / {d.divisor} → {fmt(d.value, none='–')}"
    return {"code": d.code, "value": fmt(d.value, none="–"), "terms": terms, "total": total,
            "notes": [_reason(n, L, fmt) for n in d.notes], "table": _de_rows(d.table, fmt, names, L),
            "definition": _definition(code, L)}


def _term_lines(derivations: Iterable[dict], L: dict, line_chars: int) -> None:
    """Lay out the term rows of every derivation as monospace text, in place.

    Columns get common widths over the whole report; the reason follows them and is wrapped here
    to ``line_chars`` with a hanging indent. ``body`` is a list of segments: plain text, "x"
    (struck: a cut term) and "c" (the reason of the cut).
    """
    heads = [L["col_round"], L["col_opponent"], L["col_result"], L["col_real"], L["col_used"], L["col_adds"]]
    derivations = list(derivations)
    widths = [len(h) for h in heads]
    for d in derivations:
        for t in d["terms"]:
            widths = [max(w, len(c)) for w, c in zip(widths, t["cells"])]
    pad = lambda cells: "".join((c.ljust(w) if k == 1 else c.rjust(w)) + "  "
                                for k, (c, w) in enumerate(zip(cells, widths)))
    hang = sum(widths) + 2 * len(widths)
    indent = " " * hang
    wrap = lambda text: textwrap.wrap(text, max(line_chars - hang, 20), break_on_hyphens=False) or [""]
    for d in derivations:
        d["head"] = pad(heads) + L["col_reason"]
        body = []
        for t in d["terms"]:
            lines = wrap(t["reason"])
            body.append({"kind": "x" if t["cut"] else "", "text": pad(t["cells"]) + lines[0]})
            for line in lines[1:]:
                body += [{"kind": "", "text": "\n" + indent}, {"kind": "x" if t["cut"] else "", "text": line}]
            for line in wrap(t["cut"]) if t["cut"] else ():
                body += [{"kind": "", "text": "\n" + indent}, {"kind": "c", "text": line}]
            body.append({"kind": "", "text": "\n"})
        if body:
            body.pop()
        d["body"] = body
        if d["total"] is not None:
            d["total_text"] = L["total"].ljust(hang - 2 - widths[-1]) + d["total"].rjust(widths[-1])


def _segments(parts: Iterable[tuple[str, str]]) -> list[dict]:
    """Text segments for a monospace block, neighbours of the same kind merged (fewer elements for
    WeasyPrint). ``kind`` "" is plain text, anything else becomes a ``<span class=kind>``."""
    out: list[dict] = []
    for kind, text in parts:
        if not text:
            continue
        if out and out[-1]["kind"] == kind:
            out[-1]["text"] += text
        else:
            out.append({"kind": kind, "text": text})
    return out


def _by_round(st, history: list, selected: list[int], fmt: _Fmt, L: dict, line_chars: int) -> list[list[dict]]:
    """The round-by-round section: per player a small monospace table (rows: the points, the rank
    label and each tie-break; columns: the standings after round 1, 2 ...), values exact as in the
    standings, DE as the tier, "–" for no value.

    ``history`` is :func:`~tbxl.standings.standings_by_round` of the report's tournament;
    ``selected`` the start numbers, in the report's standings order. The column widths are common
    to the whole section, so every table has the same shape: as many as fit in ``line_chars``
    stand side by side, and an event with more rounds than fit on a line gets its rounds in
    chunks, one under the other. Returns one list of text segments (see :func:`_segments`) per
    line of tables: one block each, kept on one page (kinds: "n" name, "s" the rest of the
    heading, "h" the rounds row, "p" the points row).
    """
    if not history or not selected:
        return []
    rounds = len(history)
    labels = [L["by_round_after"], L["col_points"], L["by_round_rank"]] + st.codes
    cells = {}
    for sn in selected:
        rows = [history[k].row(sn) for k in range(rounds)]
        cells[sn] = [[str(k) for k in range(1, rounds + 1)], [fmt(r.points) for r in rows],
                     [r.rank_label for r in rows]] + [[fmt(r.values[c], none="–") for r in rows] for c in st.codes]
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
        p = row.player
        rest = f" · {L['col_sno']} {sn} · {L['rank']} {row.rank_label}"
        name = _cut_name(f"{p.title} {p.name}" if p.title else p.name, max(width - len(rest), 8))
        lines = [[("n", name), ("s", rest[:width - len(name)])]]
        for chunk in chunks:
            for kind, label, values in zip(kinds, labels, cells[sn]):
                lines.append([(kind, label.ljust(label_w) + "".join(values[k].rjust(step) for k in chunk))])
        for line in lines:
            used = sum(len(text) for _, text in line)
            line.append(("", " " * (width - used)))
        return lines

    groups = []
    for a in range(0, len(selected), per_line):
        blocks = [block(sn) for sn in selected[a:a + per_line]]
        parts: list[tuple[str, str]] = []
        for i in range(len(blocks[0])):
            for j, b in enumerate(blocks):
                parts += b[i] if j < len(blocks) - 1 else b[i][:-1]  # no padding at the line's end
                parts.append(("", " " * BY_ROUND_GAP if j < len(blocks) - 1 else "\n"))
        parts.pop()
        groups.append(_segments(parts))
    return groups


def _ties(st, fmt: _Fmt, names: dict, L: dict, only: Optional[set] = None) -> list[dict]:
    """For every group equal on points (>= 2 players): which tie-break separated whom."""
    de_codes = [c for c in st.codes if parse(c).name == "DE"]
    order = {c: k for k, c in enumerate(st.codes)}
    label = lambda sn: f"{names[sn]} ({sn})"
    out = []
    for points, rows in groupby(st.rows, key=lambda r: r.points):
        rows = list(rows)
        members = {r.player.start_number for r in rows}
        if len(rows) < 2 or (only is not None and not members & only):
            continue
        values = {r.player.start_number: r.values for r in rows}
        steps = [{"code": s.code, "group": frozenset(s.group), "split": True, "table": [],
                  "tiers": [{"players": ", ".join(label(n) for n in sorted(tier)),
                             "value": fmt(values[tier[0]][s.code], none="–")} for tier in s.tiers]}
                 for s in st.steps if s.group[0] in members]
        for code in de_codes:  # the DE mini-tables, also where DE separated nobody
            tables = {}
            for sn in sorted(members):
                table = st.explain(sn, code).table
                if table:
                    group = frozenset(int(x) for r in table for x in r["group"].split(","))
                    tables.setdefault(group, table)
            for group, table in tables.items():
                step = next((s for s in steps if s["code"] == code and s["group"] == group), None)
                if step is None:
                    step = {"code": code, "group": group, "split": False,
                            "tiers": [{"players": ", ".join(label(n) for n in sorted(group)), "value": ""}]}
                    steps.append(step)
                step["table"] = _de_rows(table, fmt, names, L)
        steps.sort(key=lambda s: order.get(s["code"], len(order)))
        for s in steps:
            s["group"] = ", ".join(map(str, sorted(s["group"])))
        shared = []
        for place, grp in groupby(rows, key=lambda r: r.rank_label):
            grp = list(grp)
            if len(grp) > 1:
                shared.append({"place": place, "players": ", ".join(label(r.player.start_number) for r in grp)})
        first = rows[0].rank
        out.append({"points": fmt(points), "places": f"{first}-{first + len(rows) - 1}",
                    "players": ", ".join(label(r.player.start_number) for r in rows),
                    "steps": steps, "shared": shared})
    return out


def _player_block(row, fmt: _Fmt, **extra) -> dict:
    """The heading data of a player's block (derivations, changes): who, rank and points."""
    p = row.player
    return {"sn": p.start_number, "name": p.name, "title": p.title, "fed": p.federation,
            "rating": "" if p.rating is None else str(p.rating), "rank": row.rank_label,
            "points": fmt(row.points), **extra}


def _standing_row(r, fmt: _Fmt, codes: list[str]) -> dict:
    p = r.player
    return {"rank": r.rank_label, "sn": p.start_number, "title": p.title, "name": p.name,
            "rating": "" if p.rating is None else str(p.rating), "fed": p.federation,
            "points": fmt(r.points), "values": [fmt(r.values.get(c), none="–") for c in codes]}


def _classification_view(cl, st, fmt: _Fmt, L: dict) -> dict:
    """The categories' standings and the prize lists (``templates/_categories.html.j2``)."""
    if cl is None:
        return {"categories": [], "prizes": []}

    def money(award) -> str:
        return "" if award is None else decimal_text(award.amount, places=2, comma=fmt.comma)

    cats = []
    for name, rows in cl.rows.items():
        award = cl.prize_of(name) if name in cl.awards else None
        cats.append({"name": name, "has_prizes": award is not None,
                     "rows": [{"place": place, "rank": r.rank_label, "sn": r.player.start_number,
                               "title": r.player.title, "name": r.player.name, "fed": r.player.federation,
                               "rating": "" if r.player.rating is None else str(r.player.rating),
                               "points": fmt(r.points),
                               "prize": money(award.get(r.player.start_number)) if award else ""}
                              for place, r in zip(cl.places[name], rows)]})
    prizes = []
    for name, awards in cl.awards.items():
        # The place as the list shows it: "2-3" for players equal on every tie-break.
        place = ({r.player.start_number: r.rank_label for r in st.rows} if name is None
                 else dict(zip(cl.members[name], cl.places[name])))
        prizes.append({"name": L["prizes_overall"] if name is None else L["category"].format(name=name),
                       "rows": [{"place": place[a.player], "sn": a.player,
                                 "name": st.tournament.player(a.player).name,
                                 "listed": decimal_text(a.listed, places=2, comma=fmt.comma),
                                 "amount": money(a)} for a in awards]})
    return {"categories": cats, "prizes": prizes, "sharing": L["prize_sharing"][cl.sharing]}


def _crosstable(st, fmt: _Fmt, L: dict) -> dict:
    """The ranking crosstable, rows in the order of the standings, opponents by their line in it.

    A Swiss (or a round robin of more than ``MATRIX_MAX`` players) gets one cell per round in
    the compact crosstable form (``12w1``, ``5b½``, ``3w+``, ``bye``, ``H``, ``Z``:
    :func:`~tbxl.grid.compact.compact_text`); a round robin gets the matrix, each cell the results
    against the player of that column in round order (a double round robin shows two).
    """
    from .grid.compact import compact_text, result_text
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
            cells = [None if j == k else met.get(j, "") for j in range(1, len(st.rows) + 1)]
        else:
            cells = [compact_text(p.rounds[i] if i < len(p.rounds) else None, line) for i in range(t.rounds)]
        rows.append({"line": k, "sn": p.start_number, "title": p.title, "name": p.name,
                     "rating": "" if p.rating is None else str(p.rating), "fed": p.federation,
                     "points": fmt(r.points), "cells": cells})
    heads = ([str(j) for j in range(1, len(st.rows) + 1)] if matrix
             else [L["xt_round"].format(k=i) for i in range(1, t.rounds + 1)])
    return {"matrix": matrix, "heads": heads, "rows": rows,
            "intro": L["xt_matrix_intro"] if matrix else L["xt_intro"]}


def _tie_lines(st, fmt: _Fmt, names: dict, L: dict) -> list[dict]:
    """How each tie was broken, one line per group equal on points: for every two neighbours in
    the final order the item that separated them (:meth:`Standings.separating`), counted per
    tie-break; a group of two shows both values; players equal on everything are named."""
    out = []
    for points, rows in groupby(st.rows, key=lambda r: r.points):
        rows = list(rows)
        if len(rows) < 2:
            continue
        count: dict = {}
        for a, b in zip(rows, rows[1:]):
            code = st.separating(a.player.start_number, b.player.start_number)
            count[code] = count.get(code, 0) + 1
        if len(rows) == 2 and count.get(None) is None:
            code = next(iter(count))
            va, vb = (fmt(r.values[code], none="–") for r in rows)
            decided = [{"code": code, "text": f"{va} › {vb}"}]
        else:
            decided = [{"code": c, "text": str(count[c])} for c in st.codes if c in count]
        shared = []
        for place, grp in groupby(rows, key=lambda r: r.rank_label):
            grp = list(grp)
            if len(grp) > 1:
                shared.append({"place": place, "players": ", ".join(
                    f"{names[r.player.start_number]} ({r.player.start_number})" for r in grp)})
        first = rows[0].rank
        out.append({"points": fmt(points), "places": f"{first}-{first + len(rows) - 1}",
                    "count": len(rows), "decided": decided, "shared": shared})
    return out


def _separation(st, a: int, b: int, fmt: _Fmt, names: dict, L: dict) -> dict:
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
    return {"a": ra.player.start_number, "b": rb.player.start_number, "code": code or "", "text": text}


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


def build_view(standings, *, lang: str = "en", derivations: str = "none", players=None,
               paper: str = "a4", input_path=None, appeal=None, codes=None,
               progress: bool = False, by_round: bool = False, classification=None) -> dict:
    """Everything the templates show, as plain Python data (no WeasyPrint needed).

    The standings report (the default) holds the header, the final standings, the ranking
    crosstable and one line per tied group (``tie_lines``); ``derivations`` (see
    :func:`parse_derivations`, default none) picks the players with derivation blocks, and
    ``players`` (start numbers) restricts them. ``by_round`` adds the round-by-round tables
    (``view["by_round"]``) of every player in standings order, or of ``players`` only.

    ``classification`` (:func:`tbxl.categories.classify`) adds the categories' standings and the
    prize lists (``view["classes"]``).

    ``appeal`` = a start number or a list of them makes the appeal report of those players:
    their lines, their groups on the same points with how each tie was broken in detail, the
    item that separates the first from each other one, and the derivations of ``codes``
    (default PTS + the tie-breaks) of each.
    """
    st = standings
    L = labels(lang)
    if paper not in PAPER:
        raise InputError(f"unknown paper size {paper!r}; available: {', '.join(PAPER)}")
    fmt = _Fmt(bool(L["decimal_comma"]))
    t = st.tournament
    names = {p.start_number: p.name for p in t.players}
    conv = st.convention
    digest = sha256_file(input_path) if input_path else ""
    file_name = os.path.basename(os.fspath(input_path)) if input_path else (t.source or "")
    dates = " – ".join(d.isoformat() for d in (t.start_date, t.end_date) if d)
    after = ""
    if t.scheduled_rounds and t.scheduled_rounds != t.rounds:
        after = L["after_round"].format(k=t.rounds, n=t.scheduled_rounds)
    event = t.name or file_name
    foot = " · ".join(x for x in (event, f"tbxl {__version__}", f"{L['rules']} {conv.name}", file_name,
                                  f"SHA-256 {digest[:16]}" if digest else "") if x)
    view = {
        "L": L, "lang": lang, "paper": PAPER[paper], "version": __version__,
        "event": {"name": event, "city": t.city, "dates": dates,
                  "chief_arbiter": t.chief_arbiter, "rounds": t.rounds, "players": len(t.players),
                  "after": after},
        "rules": _rules_text(conv, L),
        "input": {"name": file_name, "sha256": digest},
        "foot": foot,
        "tiebreaks": [{"code": c, "text": _definition(c, L)} for c in st.codes],
        "codes": st.codes,
        "has_de": any(parse(c).name == "DE" for c in st.codes),
        "notes": [_reason(n, L, fmt) for n in st.notes],
        "rows": [_standing_row(r, fmt, st.codes) for r in st.rows],
        "by_round": [],
        "xt": None,
        "tie_lines": [],
        "classes": _classification_view(classification, st, fmt, L),
    }
    if appeal is not None:
        chosen = [appeal] if isinstance(appeal, int) else list(dict.fromkeys(appeal))
        for sn in chosen:
            if sn not in names:
                raise InputError(f"no player with start number {sn}")
        order = {r.player.start_number: k for k, r in enumerate(st.rows)}
        selected = sorted(chosen, key=order.__getitem__)
        codes = list(codes) if codes else ["PTS"] + st.codes
        points = {st.row(sn).points for sn in chosen}
        view["appeal"] = _standing_row(st.row(chosen[0]), fmt, st.codes)
        view["appeal_rows"] = [_standing_row(st.row(sn), fmt, st.codes) for sn in selected]
        view["highlight"] = chosen
        view["group_rows"] = [_standing_row(r, fmt, st.codes) for r in st.rows if r.points in points]
        view["ties"] = _ties(st, fmt, names, L, only=set(chosen))
        view["separations"] = [_separation(st, chosen[0], sn, fmt, names, L) for sn in chosen[1:]]
    else:
        selected = select_derivations(st, derivations, players)
        codes = st.codes
        view["xt"] = _crosstable(st, fmt, L)
        view["tie_lines"] = _tie_lines(st, fmt, names, L)
        if by_round:
            wanted = None if players is None else set(players)
            shown = [r.player.start_number for r in st.rows if wanted is None or r.player.start_number in wanted]
            # The report's own tournament: with --after-round K it already ends at round K.
            history = standings_by_round(t, st.codes, conv)
            view["by_round"] = _by_round(st, history, shown, fmt, L, LINE_CHARS[paper])
    blocks = []
    for k, sn in enumerate(selected, 1):
        blocks.append(_player_block(st.row(sn), fmt,
                                    derivations=[_derivation(st, sn, c, fmt, L, names) for c in codes]))
        _progress(progress, "derivations", k, len(selected))
    view["players"] = blocks
    _term_lines((d for b in blocks for d in b["derivations"]), L, LINE_CHARS[paper])
    view["sections"] = _sections(view)
    return view


def _sections(view: dict) -> list[dict]:
    """The parts of the standings report in order; the ones made of lines carry ``a``/``b``
    (the slice of their list) and ``first``/``last`` (to print the heading, the notes)."""
    if "appeal" in view:
        return []
    secs = [{"name": "header"}]
    for name, items in (("standings", view["rows"]), ("crosstable", view["xt"]["rows"] if view["xt"] else [])):
        if items:
            secs.append({"name": name, "a": 0, "b": len(items), "first": True, "last": True})
    secs.append({"name": "ties"})
    if view["classes"]["categories"] or view["classes"]["prizes"]:
        secs.append({"name": "classes"})
    for name, items in (("by_round", view["by_round"]), ("players", view["players"])):
        if items:
            secs.append({"name": name, "a": 0, "b": len(items), "first": True, "last": True})
    return secs


def _weight(section: dict, view: dict) -> int:
    """Lines of a section piece, for cutting the report into bounded parts."""
    if section["name"] == "classes":
        cls = view["classes"]
        return 40 + sum(len(c["rows"]) for c in cls["categories"]) + sum(len(p["rows"]) for p in cls["prizes"])
    if "a" not in section:
        return 40
    per = {"players": DERIVATION_WEIGHT, "by_round": DERIVATION_WEIGHT}.get(section["name"], 1)
    return per * (section["b"] - section["a"])


def _section_size(section: dict, view: dict) -> int:
    return len({"standings": view["rows"], "crosstable": view["xt"]["rows"] if view["xt"] else [],
                "by_round": view["by_round"], "players": view["players"]}[section["name"]])


def _parts(view: dict, limit: Optional[int] = None) -> list[list[dict]]:
    """The report's sections cut into parts of at most ``limit`` lines (default ``PART_LINES``; a
    section made of lines is split between parts; a heading always stays with the first lines
    under it)."""
    limit = PART_LINES if limit is None else limit
    parts: list[list[dict]] = [[]]
    used = 0
    for sec in view["sections"]:
        if "a" not in sec:
            parts[-1].append(sec)
            used += _weight(sec, view)
            continue
        per = _weight({**sec, "a": 0, "b": 1}, view)
        a = sec["a"]
        while a < sec["b"]:
            room = (limit - used) // per
            if room <= 0:
                parts.append([])
                used = 0
                room = max(limit // per, 1)
            b = min(a + room, sec["b"])
            parts[-1].append({**sec, "a": a, "b": b, "first": a == sec["a"], "last": b == sec["b"]})
            used += per * (b - a)
            a = b
    return [p for p in parts if p]


# -- rendering ----------------------------------------------------------------------------------

def render_html(view: dict, template: str = "report.html.j2", *, inline_css: bool = False,
                part: Optional[list] = None, web: bool = False) -> str:
    """The HTML of a view. ``inline_css`` embeds report.css (for a standalone HTML file); ``web``
    makes the page for a web site (responsive, web.css inlined too); ``part`` renders only those
    sections of the standings report (see :func:`_parts`), with the page numbers left to the
    caller."""
    css = None
    if inline_css or web:  # our own stylesheets, not data: mark them safe so that autoescape leaves them intact
        from markupsafe import Markup
        css = (templates_dir() / "report.css").read_text(encoding="utf-8")
        if web:
            css += "\n" + (templates_dir() / "web.css").read_text(encoding="utf-8")
        css = Markup(css)
    sections = view.get("sections", []) if part is None else part
    return _environment().get_template(template).render(view=view, L=view["L"], css=css, web=web,
                                                        part=sections, numbered=part is None)


def _weasy():
    try:
        from weasyprint import HTML
    except ImportError:
        raise MissingDependency("WeasyPrint", "report") from None
    return HTML


def _render_doc(html: str):
    HTML = _weasy()
    return HTML(string=html, base_url=templates_dir().as_uri() + "/", url_fetcher=_weasyprint_fetcher()).render()


def _to_pdf(view: dict, template: str, progress: bool) -> tuple[bytes, int]:
    """The PDF of a view and its number of pages. The standings report is rendered in parts when
    it is long (see ``PART_LINES``): each part to its own PDF, joined by :func:`_join`."""
    parts = _parts(view) if template == "report.html.j2" else [None]
    if len(parts) == 1:
        _progress(progress, "rendering", 0, 1)
        doc = _render_doc(render_html(view, template))
        pages = len(doc.pages)
        data = doc.write_pdf()
        _progress(progress, "rendering", 1, 1, f" · {pages} pages")
        return data, pages
    total = sum(_weight(s, view) for p in parts for s in p)
    done = pages = 0
    pdfs = []
    _progress(progress, "rendering", 0, total, " lines")
    for part in parts:
        last = part[-1]
        doc = _render_doc(render_html(view, template, part=part))
        pages += len(doc.pages)
        pdfs.append(doc.write_pdf())
        # A laid-out document is full of reference cycles (boxes and their parents), and the CLI
        # pauses the cyclic collector: free each part's layout before the next one.
        del doc
        gc.collect()
        done += sum(_weight(s, view) for s in part)
        where = f" · {last['name']} {last['b']}/{_section_size(last, view)}" if "b" in last else ""
        _progress(progress, "rendering", done, total, f" lines{where} · {pages} pages")
    return _join(pdfs, view), pages


def _join(pdfs: list[bytes], view: dict) -> bytes:
    """One PDF of the parts, with "page N of M" stamped on every page: the parts leave the page
    number out (their own counter would restart), a document of empty pages carrying only the
    numbers is rendered with the same stylesheet and laid over them.

    pypdf (pure Python) does the joining: WeasyPrint can only join documents whose layouts are
    all in memory at once, which is what the parts avoid."""
    try:
        from pypdf import PdfReader, PdfWriter
    except ImportError:
        raise MissingDependency("pypdf", "report") from None
    readers = [PdfReader(io.BytesIO(b)) for b in pdfs]
    total = sum(len(r.pages) for r in readers)
    numbers = PdfReader(io.BytesIO(_render_doc(
        _environment().get_template("pages.html.j2").render(view=view, L=view["L"], pages=total)).write_pdf()))
    writer = PdfWriter()
    k = 0
    for r in readers:
        for page in r.pages:
            added = writer.add_page(page)
            added.merge_page(numbers.pages[k])
            added.compress_content_streams()  # merging leaves the page's content uncompressed
            k += 1
    writer.compress_identical_objects()  # e.g. the page numbers' font, once for every page
    if readers[0].metadata:
        writer.add_metadata({key: str(v) for key, v in readers[0].metadata.items()})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _is_html(output) -> bool:
    return output_format(output, ("pdf", "html")) == "html"


def _write_report(view: dict, template: str, output, inputs: list, *, html: bool = False,
                  progress: bool = False) -> Optional[int]:
    """Render a view and write it atomically: the PDF, or with ``html`` the standalone web page
    (stylesheets inlined). Returns the number of PDF pages (None for HTML)."""
    if html:
        text = render_html(view, template, web=True)
        write_atomic(output, text.encode("utf-8"), inputs=inputs)
        return None
    data, pages = _to_pdf(view, template, progress)
    write_atomic(output, data, inputs=inputs)
    return pages


def render_pdf(standings, output, *, lang: str = "en", derivations: str = "none", players=None,
               paper: str = "a4", input_path=None, html: Optional[bool] = None, progress: bool = False,
               by_round: bool = False, classification=None) -> Optional[int]:
    """Write the standings report (PDF, or the web page with ``html=True``; by default as
    ``output``'s extension says) to ``output``: the final standings, the ranking crosstable, how
    each tie was broken, the categories' standings and the prizes of ``classification``
    (:func:`tbxl.categories.classify`), the derivations asked for (see :func:`build_view`).
    Returns the number of pages of the PDF (None for the web page)."""
    check_output(output, [input_path])
    if html is None:
        html = _is_html(output)
    view = build_view(standings, lang=lang, derivations=derivations, players=players, paper=paper,
                      input_path=input_path, progress=progress, by_round=by_round,
                      classification=classification)
    return _write_report(view, "report.html.j2", output, [input_path], html=html, progress=progress)


def render_appeal_pdf(standings, start_number, output, *, lang: str = "en", paper: str = "a4",
                      input_path=None, codes=None, html: Optional[bool] = None) -> Optional[int]:
    """Write the appeal report of one player or of several (a list of start numbers: the first is
    the appellant): the standings lines, the groups on the same points and how each tie was
    broken, what separates the first from the others, and the derivation of every tie-break in
    ``codes`` (default PTS + the standings' tie-breaks) of each; PDF, or the web page (by default
    when ``output`` ends in .html). Returns the number of pages (None for the web page)."""
    check_output(output, [input_path])
    if html is None:
        html = _is_html(output)
    view = build_view(standings, lang=lang, paper=paper, input_path=input_path,
                      appeal=start_number, codes=codes)
    return _write_report(view, "appeal.html.j2", output, [input_path], html=html)


# -- audit and compare reports ------------------------------------------------------------------

def _status_text(status: str, L: dict) -> str:
    return L["audit"][f"status_{status}"]


def _item_label(code: str, L: dict) -> str:
    """A published column: a tie-break code, or the rank / points in the report's language."""
    return {"RANK": L["rank"], "PTS": L["col_points"]}.get(code, code)


def _rules_names(names: list[str], L: dict, shown: int = 3) -> str:
    text = ", ".join(names[:shown])
    return text + (" " + L["audit"]["and_more"].format(n=len(names) - shown) if len(names) > shown else "")


def _derivation_pair(st_a, st_b, sn: int, code: str, fmt: _Fmt, L: dict, names: dict) -> list[dict]:
    """One value's derivation under two rule sets (the announced first), each marked with its rules."""
    out = []
    for st in (st_a, st_b):
        d = _derivation(st, sn, code, fmt, L, names)
        d["under"] = L["audit"]["under"].format(rules=st.convention.name)
        out.append(d)
    return out


def build_audit_view(result, *, lang: str = "en", paper: str = "a4", inputs=()) -> dict:
    """The view of ``tbxl audit -o audit.pdf``: summary, verdict per published column, every
    difference with the rule sets that reproduce it, and the derivations of the players concerned
    under the announced rules and under the rule set their published number follows."""
    from .audit import EXPLAINED, RANK, SKIPPED, UNEXPLAINED
    st = result.standings
    inputs = list(inputs)
    view = build_view(st, lang=lang, derivations="none", paper=paper, input_path=inputs[0] if inputs else None)
    L = view["L"]
    A = L["audit"]
    fmt = _Fmt(bool(L["decimal_comma"]))
    names = {p.start_number: p.name for p in st.tournament.players}
    pub = inputs[1] if len(inputs) > 1 else None
    view["published"] = {"name": os.path.basename(os.fspath(pub)) if pub else A["rank_column"],
                         "sha256": sha256_file(pub) if pub else ""}
    view["summary"] = result.summary
    view["ok"] = result.ok
    columns = []
    for c in result.columns:
        if c.agree == c.checked:
            verdict = A["column_agrees"].format(rules=result.rules.name)
        elif c.reproduced_by:
            verdict = A["column_follows"].format(rules=_rules_names(c.reproduced_by, L))
        else:
            verdict = A["column_mixed"]
        columns.append({"code": _item_label(c.code, L), "checked": c.checked, "agree": c.agree,
                        "verdict": verdict, "ok": c.agree == c.checked})
    view["columns"] = columns
    findings = []
    for f in result.differences:
        findings.append({
            "sn": f.start_number, "name": f.name, "code": _item_label(f.code, L),
            "published": f.published.text,
            "where": f.published.where + (f", {L['audit']['column']} '{f.published.column}'"
                                          if f.published.column else ""),
            "computed": f.computed if f.code == RANK else fmt(f.computed, none="–"),
            "status": f.status, "status_text": _status_text(f.status, L),
            "follows": _rules_names(f.matches, L) if f.status == EXPLAINED else "",
            "changes": [_reason(c, L, fmt) for c in f.changes],
            "note": A[f.why_unexplained] if f.why_unexplained else A["unexplained_note"]})
    view["findings"] = findings
    view["skipped"] = sorted({f"{_item_label(f.code, L)}: {f.why_skipped}"
                              for f in result.findings if f.status == SKIPPED})
    blocks: dict[int, dict] = {}
    for f in result.differences:
        if f.code == RANK or f.status != EXPLAINED or f.habit or parse(f.code).name == "DE":
            continue
        other = result.standings_under(f.matches[0])
        if f.start_number not in blocks:
            blocks[f.start_number] = _player_block(st.row(f.start_number), fmt, derivations=[])
        block = blocks[f.start_number]
        block["derivations"] += _derivation_pair(st, other, f.start_number, f.code, fmt, L, names)
    order = {r.player.start_number: k for k, r in enumerate(st.rows)}
    view["players"] = sorted(blocks.values(), key=lambda b: order[b["sn"]])
    _term_lines((d for b in view["players"] for d in b["derivations"]), L, LINE_CHARS[paper])
    view["unexplained"] = sum(f.status == UNEXPLAINED for f in result.findings)
    view["rank_groups"] = _rank_groups(result, fmt, L)
    return view


def _rank_groups(result, fmt: _Fmt, L: dict) -> list[dict]:
    """For each group equal on points with a published rank that differs: every member's published
    rank, its place under the announced rules and under the rule set the ranks follow, and its
    tie-break values under both (changed cells marked)."""
    from .audit import AGREE, EXPLAINED, RANK, UNEXPLAINED
    st = result.standings
    published = {f.start_number: f for f in result.findings if f.code == RANK}
    out = []
    for points, rows in groupby(st.rows, key=lambda r: r.points):
        rows = list(rows)
        differing = [published[r.player.start_number] for r in rows
                     if r.player.start_number in published and published[r.player.start_number].status in
                     (EXPLAINED, UNEXPLAINED)]
        if not differing:
            continue
        follows = differing[0].matches[0] if differing[0].status == EXPLAINED else None
        other = result.standings_under(follows) if follows else None
        members = []
        for r in rows:
            sn = r.player.start_number
            f = published.get(sn)
            o = other.row(sn) if other else None
            members.append({
                "sn": sn, "name": r.player.name, "published": f.published.text if f else "",
                "rank": r.rank_label, "other_rank": o.rank_label if o else "",
                "differs": bool(f) and f.status != AGREE,
                "cells": [{"text": fmt(r.values[c], none="–") + (
                    " / " + fmt(o.values.get(c), none="–") if o and c in o.values else ""),
                    "changed": bool(o) and c in o.values and o.values[c] != r.values[c]} for c in st.codes]})
        out.append({"points": fmt(points), "rules": st.convention.name, "follows": follows or "",
                    "codes": st.codes, "members": members})
    return out


def render_audit_pdf(result, output, *, lang: str = "en", paper: str = "a4", inputs=()) -> None:
    """Write the audit report (PDF; HTML when ``output`` ends in .html)."""
    check_output(output, list(inputs))
    view = build_audit_view(result, lang=lang, paper=paper, inputs=inputs)
    _write_report(view, "audit.html.j2", output, list(inputs), html=_is_html(output))


def build_compare_view(result, *, lang: str = "en", paper: str = "a4", input_path=None,
                       changed_only: bool = False) -> dict:
    """The view of ``tbxl compare -o compare.pdf``: the standings under every rule set side by
    side, changed cells marked, then for each change the terms that make it and both derivations."""
    st = result.standings[0]
    view = build_view(st, lang=lang, derivations="none", paper=paper, input_path=input_path)
    L = view["L"]
    fmt = _Fmt(bool(L["decimal_comma"]))
    names = {p.start_number: p.name for p in st.tournament.players}
    rules = [c.name for c in result.conventions]
    view["rules_list"] = [_rules_text(c, L) for c in result.conventions]
    view["foot"] = view["foot"].replace(f"{L['rules']} {st.convention.name}", f"{L['rules']} {' | '.join(rules)}")
    rows = []
    for r in (result.changed_rows if changed_only else result.rows):
        rows.append({"sn": r.start_number, "name": r.player.name,
                     "ranks": r.ranks, "rank_changed": r.rank_changed,
                     "cells": [{"values": [fmt(v, none="–") for v in r.values[c]], "changed": c in r.changed}
                               for c in result.codes]})
    view["compare_rows"] = rows
    view["changed_count"] = len(result.changed_rows)
    blocks = []
    for r in result.rows:
        if not r.changes:
            continue
        items = []
        for (code, k), found in r.changes.items():
            items.append({"code": code, "rules": rules[k],
                          "before": fmt(r.values[code][0], none="–"), "after": fmt(r.values[code][k], none="–"),
                          "changes": [_reason(x, L, fmt) for x in found],
                          "derivations": _derivation_pair(st, result.standings[k], r.start_number, code, fmt, L, names)})
        blocks.append(_player_block(st.row(r.start_number), fmt, items=items))
    view["change_blocks"] = blocks
    _term_lines((d for b in blocks for i in b["items"] for d in i["derivations"]), L, LINE_CHARS[paper])
    return view


def render_compare_pdf(result, output, *, lang: str = "en", paper: str = "a4", input_path=None,
                       changed_only: bool = False) -> None:
    """Write the comparison report (PDF; HTML when ``output`` ends in .html)."""
    check_output(output, [input_path])
    view = build_compare_view(result, lang=lang, paper=paper, input_path=input_path, changed_only=changed_only)
    _write_report(view, "compare.html.j2", output, [input_path], html=_is_html(output))
