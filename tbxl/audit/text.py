"""Plain text and JSON of an :class:`~tbxl.audit.check.Audit` and a :class:`~tbxl.audit.compare.Comparison`
of any event (``tbxl audit`` and ``tbxl compare`` without ``-o FILE.pdf``)."""

from __future__ import annotations

import json
import os

from tbxl.audit.check import AGREE, EXPLAINED, RANK_AGAINST_POINTS, SKIPPED, Audit, Finding, describe_match
from tbxl.audit.compare import Comparison
from tbxl.derivation import Reason
from tbxl.formatting import Number, decimal_text, json_number, visible
from tbxl.io.published import RANK
from tbxl.model import EventKind, Tournament, for_kind

SHOWN_MATCHES = 4  # rule sets named per difference in text; JSON has them all


def _num(v: Number | None) -> str:
    return decimal_text(v, none="-")


def _reason(r: Reason) -> str:
    return r.render(None, _num)


def _label(code: str) -> str:
    return {"RANK": "rank", "PTS": "points"}.get(code, code)


def _computed(f: Finding) -> str:
    return f.computed if isinstance(f.computed, str) else _num(f.computed)  # a rank's is its label


def render_audit_text(a: Audit) -> str:
    s = a.summary
    pub = os.path.basename(a.published.source)
    out = [
        f"Audit of {os.path.basename(a.tournament.source or 'input')} against {pub} - rules "
        f"{a.rules_name} - tie-breaks {', '.join(a.tiebreaks)}",
        f"{s['checked']} values checked: {s['agree']} agree, {s['explained']} explained, "
        f"{s['unexplained']} unexplained" + (f" ({s['skipped']} skipped)" if s["skipped"] else ""),
        "",
    ]
    if a.columns:
        out.append("Columns")
        width = max(len(_label(c.code)) for c in a.columns)
        for c in a.columns:
            line = f"  {_label(c.code):<{width}}  {c.checked} checked, {c.agree} agree"
            if c.agree == c.checked:
                line += f" ({a.rules_name})"
            elif c.reproduced_by:
                line += "; the whole column follows " + _names(c.reproduced_by)
                line += f"\n  {'':<{width}}  ({c.reproduced_by[0]}: {describe_match(a, c.reproduced_by[0])})"
            else:
                line += "; no single rule set reproduces the whole column"
            out.append(line)
        out.append("")
    diffs = a.differences
    if diffs:
        out.append("Differences")
        for f in diffs:
            verb = "ranks" if f.code == RANK else "gives"
            out.append(
                f"  #{f.start_number} {f.name}, {_label(f.code)}: published {f.published.text} "
                f"({f.published.place}); {a.rules_name} {verb} {_computed(f)}"
            )
            if f.status == EXPLAINED:
                out.append(f"    follows {_names(f.matches)}")
                out.append(f"    ({f.matches[0]}: {describe_match(a, f.matches[0])})")
                out.extend(f"    - {_reason(c)}" for c in f.changes)
            elif f.why_unexplained == RANK_AGAINST_POINTS:
                out.append(
                    "    UNEXPLAINED: the published rank contradicts the points (a player with more "
                    "points is ranked lower): no tie-break can do that"
                )
            elif f.code == RANK:
                out.append(
                    "    UNEXPLAINED: no named convention or documented setting ranks the players "
                    "equal on points as published"
                )
            else:
                out.append(f"    UNEXPLAINED: no named convention or documented setting gives {f.published.text}")
        out.append("")
    skipped = [f for f in a.findings if f.status == SKIPPED]
    if skipped:
        reasons = sorted({f"{_label(f.code)}: {f.why_skipped}" for f in skipped})
        out.append("Not checked")
        out.extend(f"  {r}" for r in reasons)
        out.append("")
    out.append(
        "Nothing published to check."
        if not s["checked"]
        else "All published values follow the announced rules."
        if not diffs
        else "Every difference follows a named rule set."
        if a.ok
        else "Some differences follow no named rule set."
    )
    return "\n".join(out) + "\n"


def _names(names: list[str]) -> str:
    shown = ", ".join(names[:SHOWN_MATCHES])
    more = len(names) - SHOWN_MATCHES
    return shown + (f" (and {more} more)" if more > 0 else "")


def audit_json(a: Audit) -> dict[str, object]:
    """The ``--format json`` object of ``tbxl audit``."""

    def finding(f: Finding) -> dict[str, object]:
        pv = f.published
        return {
            "start_number": f.start_number,
            "name": f.name,
            "code": f.code,
            "status": f.status,
            "published": pv.text,
            "where": pv.where,
            "column": pv.column,
            "computed": f.computed if isinstance(f.computed, str) else json_number(f.computed),
            "matches": f.matches,
            "follows": describe_match(a, f.matches[0]) if f.matches else None,
            "changes": [_reason(c) for c in f.changes],
            **({"why_unexplained": f.why_unexplained} if f.why_unexplained else {}),
            **({"why_skipped": f.why_skipped} if f.status == SKIPPED else {}),
        }

    return {
        "input": a.tournament.source,
        "published": os.path.basename(a.published.source),
        "rules": a.rules_name,
        "tiebreaks": a.tiebreaks,
        "summary": a.summary,
        "ok": a.ok,
        "columns": [
            {"code": c.code, "checked": c.checked, "agree": c.agree, "reproduced_by": c.reproduced_by}
            for c in a.columns
        ],
        "findings": [finding(f) for f in a.findings if f.status != AGREE],
    }


def render_audit_json(a: Audit) -> str:
    return json.dumps(audit_json(a), ensure_ascii=False, indent=1) + "\n"


# -- compare ------------------------------------------------------------------------------------


def render_compare_text(c: Comparison, changed_only: bool = False) -> str:
    """The comparison as text: a table of every player (``changed_only``: of those whose rank or a
    value changes), then what changes from the first rule set; a team event's, one line a team."""
    return for_kind(_COMPARE_TEXT, c.tournament, "the comparison's text")(c, changed_only)


def _players_compare_text(c: Comparison, changed_only: bool) -> str:
    names = [conv.name for conv in c.conventions]
    t = c.tournament
    assert isinstance(t, Tournament)  # chosen by the comparison's kind (_COMPARE_TEXT)
    out = [
        f"{t.name or t.source} - {t.rounds} rounds - rules " + " | ".join(names),
        f"{len(c.changed_rows)} of {len(c.rows)} players change rank or value (marked *); "
        f"columns per item: {' / '.join(names)}",
        "",
    ]
    head = ["SNo", "Name", "Rank"] + c.codes
    body = []
    rows = c.changed_rows if changed_only else c.rows
    for r in rows:
        cells = [str(r.start_number), visible(r.player.name), _joined(r.ranks, r.rank_changed)]
        cells += [_joined([_num(v) for v in r.values[code]], code in r.changed) for code in c.codes]
        body.append(cells)
    widths = [max(len(row[k]) for row in [head] + body) for k in range(len(head))]
    for row in [head] + body:
        out.append("  ".join(x.ljust(widths[k]) if k == 1 else x.rjust(widths[k]) for k, x in enumerate(row)).rstrip())
    changed = [r for r in c.rows if r.changes]
    if changed:
        out += ["", f"What changes from {names[0]}"]
        for r in changed:
            for (code, k), found in r.changes.items():
                before, after = r.values[code][0], r.values[code][k]
                out.append(
                    f"  #{r.start_number} {r.player.name}, {code} {_num(before)} -> {_num(after)} under {names[k]}:"
                )
                out.extend(f"    - {_reason(x)}" for x in found)
    return "\n".join(out) + "\n"


def _team_compare_text(c: Comparison, changed_only: bool) -> str:
    t = c.tournament
    out = [f"{t.name or t.source}: " + " | ".join(c.rules)]
    for r in c.changed_rows if changed_only else c.rows:
        ch = r.rank_changed or bool(r.changed)
        cells = " | ".join(
            f"{rank:>5} " + " ".join(f"{code}={_num(r.values[code][k])}" for code in c.codes)
            for k, rank in enumerate(r.ranks)
        )
        out.append(f"{'*' if ch else ' '} {r.start_number:>4} {r.player.name[:24]:<24} {cells}")
    return "\n".join(out) + "\n"


#: The comparison's text by the kind of event.
_COMPARE_TEXT = {EventKind.INDIVIDUAL: _players_compare_text, EventKind.TEAM: _team_compare_text}


def _joined(items: list[str], changed: bool) -> str:
    return ("*" if changed else "") + "/".join(items)


def compare_json(c: Comparison, changed_only: bool = False) -> dict[str, object]:
    """The ``--format json`` object of ``tbxl compare`` (a team event's: ``"kind": "team"``, the
    teams whose rank or a value changes with ``changed_only``)."""
    return for_kind(_COMPARE_JSON, c.tournament, "the comparison's JSON")(c, changed_only)


def _team_compare_json(c: Comparison, changed_only: bool) -> dict[str, object]:
    return {
        "rules": c.rules,
        "tiebreaks": c.codes,
        "kind": "team",
        "teams": [
            {
                "team_number": r.start_number,
                "name": r.player.name,
                "changed": r.rank_changed or bool(r.changed),
                "by_rules": {
                    rules: {
                        "rank": r.ranks[k],
                        "values": {code: json_number(r.values[code][k]) for code in c.codes},
                    }
                    for k, rules in enumerate(c.rules)
                },
            }
            for r in (c.changed_rows if changed_only else c.rows)
        ],
    }


def _players_compare_json(c: Comparison, changed_only: bool) -> dict[str, object]:
    names = [conv.name for conv in c.conventions]
    rows = []
    for r in c.rows:
        rows.append(
            {
                "start_number": r.start_number,
                "name": r.player.name,
                "rank": dict(zip(names, r.ranks)),
                "rank_changed": r.rank_changed,
                "values": {code: dict(zip(names, [json_number(v) for v in r.values[code]])) for code in c.codes},
                "changed": r.changed,
                "changes": [
                    {"code": code, "rules": names[k], "changes": [_reason(x) for x in found]}
                    for (code, k), found in r.changes.items()
                ],
            }
        )
    t = c.tournament
    assert isinstance(t, Tournament)  # chosen by the comparison's kind (_COMPARE_JSON)
    return {
        "tournament": {"name": t.name, "rounds": t.rounds, "players": len(t.players)},
        "rules": names,
        "tiebreaks": c.codes,
        "players": rows,
    }


#: The comparison's JSON by the kind of event.
_COMPARE_JSON = {EventKind.INDIVIDUAL: _players_compare_json, EventKind.TEAM: _team_compare_json}


def render_compare_json(c: Comparison, changed_only: bool = False) -> str:
    return json.dumps(compare_json(c, changed_only), ensure_ascii=False, indent=1) + "\n"
