"""An adviser's run written out: the text for the terminal, CSV and JSON for other programs, and an
SVG chart of the rates (written by hand: no plotting package). The rates are the
:class:`~tbxl.advise.rates.Tally`'s exact fractions, printed as percentages with one decimal.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from fractions import Fraction
from html import escape

from tbxl.advise.check import CHECKS, Finding
from tbxl.advise.rates import Tally

__all__ = ["percent", "text", "csv_text", "json_text", "svg", "findings_text", "FORMS"]


def percent(value: Fraction | None) -> str:
    """A rate as a percentage with one decimal, half up; "-" when there was nothing to measure.

    >>> percent(Fraction(1, 8)), percent(Fraction(2, 3)), percent(None)
    ('12.5%', '66.7%', '-')
    """
    if value is None:
        return "-"
    tenths = (value * 1000 + Fraction(1, 2)) // 1
    return f"{tenths // 10}.{tenths % 10}%"


def _decimal(value: Fraction | None) -> float | None:
    return None if value is None else round(float(value), 6)


def findings_text(findings: Sequence[Finding]) -> str:
    """A list's findings, one a line ("no finding" when it keeps every check)."""
    return "\n".join(f.line() for f in findings) if findings else "no finding: the list keeps every check"


_ARTICLE = {c.number: f"{c.article}; {c.level.value}" for c in CHECKS}


def text(t: Tally, findings: dict[str, list[Finding]] | None = None) -> str:
    """The run for the terminal: per list the rates, then the pairs of lists, the checks broken
    and the files skipped. ``findings``: each list's findings on a single event, said in full."""
    n = t.prize_places
    out = [
        f"{t.events} event(s) ranked ({', '.join(f'{v} {k}' for k, v in sorted(t.kinds.items()))}); prize places: 1-{n}"
    ]
    out.append("")
    head = ("list", "events", "places shared", f"top {n} shared", f"events, top {n} shared", "to higher-rated")
    rows = [head]
    for name, s in zip(t.lists, t.sums):
        rows.append(
            (
                name,
                str(s.events),
                f"{percent(s.shared_rate)} ({s.shared}/{s.participants})",
                f"{percent(s.prize_rate)} ({s.prize_shared}/{s.prize_places})",
                f"{percent(s.prize_event_rate)} ({s.prize_events}/{s.events})",
                f"{percent(s.higher_rate)} ({s.higher_first}/{s.rated_pairs})",
            )
        )
    widths = [max(len(r[k]) for r in rows) for k in range(len(head))]
    for r in rows:
        out.append("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
    if t.pairs:
        out += ["", "places filled differently by two lists:"]
        for (a, b), p in t.pairs.items():
            out.append(
                f"  {t.lists[a]}  vs  {t.lists[b]}: {percent(p.differ_rate)} of places ({p.differ}/{p.places}), "
                f"{percent(p.prize_rate)} of top {n} places ({p.prize_differ}/{p.prize_places}), "
                f"{percent(p.prize_event_rate)} of events ({p.prize_events}/{p.events})"
            )
    for name, s in zip(t.lists, t.sums):
        if s.unusable:
            out.append(f"{name}: not for {s.unusable} event(s) of another kind ({s.unusable_why})")
    if findings is not None:
        for name, fs in findings.items():
            out += ["", f"checks of {name}:", *(f"  {line}" for line in findings_text(fs).splitlines())]
    else:
        broken = [(name, s) for name, s in zip(t.lists, t.sums) if s.findings]
        if broken:
            out += ["", "checks broken (events):"]
            for name, s in broken:
                for number, count in sorted(s.findings.items()):
                    out.append(f"  {name}: #{number} ({_ARTICLE[number]}) in {count} event(s)")
    if t.skipped:
        out += ["", f"{len(t.skipped)} file(s) skipped:"]
        out += [f"  {error}" for _, error in t.skipped]
    return "\n".join(out) + "\n"


def _list_rows(t: Tally) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for name, s in zip(t.lists, t.sums):
        rows.append(
            {
                "list": name,
                "events": s.events,
                "participants": s.participants,
                "shared": s.shared,
                "tied_groups": s.groups,
                "shared_rate": _decimal(s.shared_rate),
                "prize_places": s.prize_places,
                "prize_shared": s.prize_shared,
                "prize_shared_rate": _decimal(s.prize_rate),
                "prize_events": s.prize_events,
                "prize_event_rate": _decimal(s.prize_event_rate),
                "rated_pairs": s.rated_pairs,
                "higher_first": s.higher_first,
                "higher_rate": _decimal(s.higher_rate),
                "unusable": s.unusable,
                "findings": {str(k): v for k, v in sorted(s.findings.items())},
            }
        )
    return rows


def json_text(t: Tally, findings: dict[str, list[Finding]] | None = None) -> str:
    """The run as one JSON document: counts and rates (0..1) per list and per pair of lists."""
    doc: dict[str, object] = {
        "events": t.events,
        "kinds": dict(sorted(t.kinds.items())),
        "prize_places": t.prize_places,
        "lists": _list_rows(t),
        "pairs": [
            {
                "a": t.lists[a],
                "b": t.lists[b],
                "events": p.events,
                "places": p.places,
                "differ": p.differ,
                "differ_rate": _decimal(p.differ_rate),
                "prize_places": p.prize_places,
                "prize_differ": p.prize_differ,
                "prize_differ_rate": _decimal(p.prize_rate),
                "prize_events": p.prize_events,
            }
            for (a, b), p in t.pairs.items()
        ],
        "skipped": [{"file": path, "error": error} for path, error in t.skipped],
    }
    if findings is not None:
        doc["findings"] = {name: [f.as_dict() for f in fs] for name, fs in findings.items()}
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def csv_text(t: Tally, findings: dict[str, list[Finding]] | None = None) -> str:
    """One CSV row per list (the columns of :func:`json_text`'s lists; findings as ``#n:events``)."""
    rows = _list_rows(t)
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    for row in rows:
        found = row["findings"]
        assert isinstance(found, dict)
        writer.writerow({**row, "findings": " ".join(f"#{k}:{v}" for k, v in found.items())})
    return buf.getvalue()


#: The rates the chart draws, each with its legend and colour.
SERIES = (
    ("shared_rate", "places shared", "#4c72b0"),
    ("prize_rate", "prize places shared", "#dd8452"),
    ("prize_event_rate", "events with a prize place shared", "#c44e52"),
    ("higher_rate", "ties won by the higher-rated", "#55a868"),
)


def svg(t: Tally, findings: object = None) -> str:
    """A grouped bar chart of the rates of each list (0-100 %), each bar with its value, a
    standalone SVG document (its bars' titles say list, rate and counts on hover)."""
    bar, gap, left, top, height = 22, 30, 60, 50, 220
    group = max(bar * len(SERIES), 7 * max(len(name) for name in t.lists)) + gap
    width = left + group * len(t.lists) + 20
    legend_y = top + height + 44
    total_h = legend_y + 20 * len(SERIES) + 10
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{total_h}" '
        f'viewBox="0 0 {width} {total_h}" font-family="sans-serif" font-size="12">',
        f"<title>tbxl advise: {t.events} event(s), prize places 1-{t.prize_places}</title>",
        '<rect width="100%" height="100%" fill="#ffffff"/>',
        f'<text x="{left}" y="24" font-size="14">Tie-break lists on {t.events} event(s), '
        f"prize places 1-{t.prize_places}</text>",
    ]
    for pct in range(0, 101, 25):
        y = top + height - height * pct / 100
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{width - 10}" y2="{y:.1f}" stroke="#dddddd"/>')
        out.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{pct}%</text>')
    for k, (name, s) in enumerate(zip(t.lists, t.sums)):
        x0 = left + k * group + (group - bar * len(SERIES)) / 2
        for j, (attr, label, colour) in enumerate(SERIES):
            value = getattr(s, attr)
            h = 0.0 if value is None else float(value) * height
            x = x0 + j * bar
            tip = f"{escape(name)}: {label} {percent(value)}"
            out.append(
                f'<rect x="{x:.1f}" y="{top + height - h:.1f}" width="{bar - 2}" height="{h:.1f}" '
                f'fill="{colour}"><title>{tip}</title></rect>'
            )
            out.append(
                f'<text x="{x + (bar - 2) / 2:.1f}" y="{top + height - h - 3:.1f}" text-anchor="middle" '
                f'font-size="9">{percent(value).removesuffix("%")}</text>'
            )
        out.append(
            f'<text x="{left + k * group + group / 2:.1f}" y="{top + height + 16}" text-anchor="middle">'
            f"{escape(name)}</text>"
        )
    for j, (_, label, colour) in enumerate(SERIES):
        y = legend_y + 20 * j
        out.append(f'<rect x="{left}" y="{y - 10}" width="12" height="12" fill="{colour}"/>')
        out.append(f'<text x="{left + 18}" y="{y}">{escape(label)} (%)</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


#: The forms ``tbxl advise`` writes, by name (the first is the default).
FORMS = {"text": text, "csv": csv_text, "json": json_text, "svg": svg}
