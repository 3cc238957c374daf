"""The comparison report (``compare.html.j2``) of an individual or a team event: the rule sets,
the standings under each side by side (changed cells marked), and for each changed value what
changes in its terms and both derivations."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from tbxl.io.files import PathLike
from tbxl.model import EventKind, for_kind, team_event
from tbxl.report.labels import labels
from tbxl.report.text import LINE_CHARS, Fmt, reason_text
from tbxl.report.views.audit import derivation_pair
from tbxl.report.views.blocks import CompareItem, DerivationTable, PlayerBlock, laid_out_groups, player_block
from tbxl.report.views.frame import ReportView, RulesText, frame, rules_text
from tbxl.report.views.team_derivations import team_block, team_derivation_pair
from tbxl.report.views.team_frame import team_compare_frame, team_rules_text
from tbxl.tiebreaks.codes import parse

if TYPE_CHECKING:  # the rooms below the report, as types only
    from tbxl.audit import Comparison
    from tbxl.derivation import Reason
    from tbxl.standings import Row, Standings


@dataclass(frozen=True)
class CompareCell:
    """A tie-break's values under every rule set, marked when they differ."""

    values: tuple[str, ...]
    changed: bool


@dataclass(frozen=True)
class CompareRow:
    sn: int
    name: str
    ranks: list[str]
    rank_changed: bool
    cells: tuple[CompareCell, ...]


@dataclass(frozen=True)
class CompareReport(ReportView):
    """The comparison report (``compare.html.j2``) of an individual or a team event: the rule
    sets, the standings under each side by side, and the blocks of the changed values."""

    rules_list: tuple[RulesText, ...]
    compare_rows: tuple[CompareRow, ...]
    changed_count: int
    change_blocks: tuple[PlayerBlock, ...]


def _compare_report(
    head: ReportView,
    rules: Sequence[RulesText],
    rows: Iterable[CompareRow],
    changed_count: int,
    blocks: Iterable[PlayerBlock],
) -> CompareReport:
    """The comparison report around ``head`` (its footer naming every rule set of ``rules``)."""
    return CompareReport.of(
        replace(head, foot=replace(head.foot, rules=" | ".join(r.name for r in rules))),
        rules_list=tuple(rules),
        compare_rows=tuple(rows),
        changed_count=changed_count,
        change_blocks=tuple(blocks),
    )


def build_compare_view(
    result: Comparison | Sequence[Standings],
    *,
    lang: str = "en",
    paper: str = "a4",
    input_path: PathLike | None = None,
    changed_only: bool = False,
) -> CompareReport:
    """The view of ``tbxl compare -o compare.pdf``: the standings under every rule set side by
    side, changed cells marked, then for each change the terms that make it and both derivations.
    ``result`` is a :func:`tbxl.audit.compare.compare` of any event, or a team event's standings
    under every rule set (the announced first)."""
    from tbxl.audit import Comparison

    sts = list(result.standings) if isinstance(result, Comparison) else list(result)
    other_view = for_kind(_COMPARE_VIEWS, sts[0].tournament, "the comparison report")
    if other_view is not None:  # a team event's (the players' comparison is this function's own)
        return other_view(sts, lang=lang, paper=paper, input_path=input_path, changed_only=changed_only)
    assert isinstance(result, Comparison)  # an individual event's comparison (a team event's: its standings)
    st = result.standings[0]
    L = labels(lang)
    head = frame(st, L, lang, paper, input_path)
    fmt = Fmt(bool(L["decimal_comma"]))
    names = {p.start_number: p.name for p in st.tournament.players}
    rules = [c.name for c in result.conventions]
    rows = []
    for r in result.changed_rows if changed_only else result.rows:
        rows.append(
            CompareRow(
                r.start_number,
                r.player.name,
                r.ranks,
                r.rank_changed,
                tuple(CompareCell(tuple(fmt(v, none="–") for v in r.values[c]), c in r.changed) for c in result.codes),
            )
        )
    changed = [r for r in result.rows if r.changes]
    pairs = [
        derivation_pair(st, result.standings[k], r.start_number, code, fmt, L, names)
        for r in changed
        for code, k in r.changes
    ]
    laid_out = iter(laid_out_groups(pairs, L, paper))
    blocks = [
        player_block(
            st.row(r.start_number),
            fmt,
            items=tuple(
                CompareItem(
                    code,
                    rules[k],
                    fmt(r.values[code][0], none="–"),
                    fmt(r.values[code][k], none="–"),
                    tuple(reason_text(x, L, fmt) for x in found),
                    next(laid_out),
                )
                for (code, k), found in r.changes.items()
            ),
        )
        for r in changed
    ]
    return _compare_report(
        head, [rules_text(c, head.L) for c in result.conventions], rows, len(result.changed_rows), blocks
    )


def _build_team_compare_view(
    sts: list[Standings], *, lang: str, paper: str, input_path: PathLike | None, changed_only: bool
) -> CompareReport:
    """The comparison of a team event's standings ``sts`` under every rule set: the team
    standings side by side, changed cells marked, then for each changed value what changes in its
    terms and both derivations."""
    from tbxl.audit.changes import changes

    st = sts[0]
    head = team_compare_frame(st, lang=lang, paper=paper, input_path=input_path)
    L = head.L
    fmt = Fmt(bool(L["decimal_comma"]))
    t = team_event(st.tournament, "the team comparison")
    names = {team.number: team.name for team in t.teams}
    rules = [s.rules for s in sts]
    rows: list[CompareRow] = []
    changed_rows: list[tuple[Row, list[tuple[CompareItem, list[DerivationTable]]]]] = []
    changed_count = 0
    for r0 in st.rows:
        n = r0.team.number
        per = [s.row(n) for s in sts]
        changed = {c for c in st.codes if any(p.values[c] != r0.values[c] for p in per)}
        rank_changed = any(p.rank_label != r0.rank_label for p in per)
        changed_count += bool(changed or rank_changed)
        if changed_only and not (changed or rank_changed):
            continue
        rows.append(
            CompareRow(
                n,
                r0.team.name,
                [p.rank_label for p in per],
                rank_changed,
                tuple(CompareCell(tuple(fmt(p.values[c], none="–") for p in per), c in changed) for c in st.codes),
            )
        )
        items: list[tuple[CompareItem, list[DerivationTable]]] = []
        for c in st.codes:
            d = parse(c, team=True)
            for k in range(1, len(sts)):
                if per[k].values[c] == r0.values[c]:
                    continue
                pair: list[DerivationTable] = (
                    [] if d.is_order else team_derivation_pair(st, sts[k], n, c, fmt, L, names, LINE_CHARS[paper])
                )
                found: list[Reason] = [] if d.is_order else changes(st.explain(n, c), sts[k].explain(n, c))
                items.append(
                    (
                        CompareItem(
                            c,
                            rules[k],
                            fmt(r0.values[c], none="–"),
                            fmt(per[k].values[c], none="–"),
                            tuple(reason_text(x, L, fmt) for x in found),
                            (),
                        ),
                        pair,
                    )
                )
        if items:
            changed_rows.append((r0, items))
    # every derivation laid out together (common column widths), then put back in its item
    laid_out = iter(laid_out_groups([pair for _, items in changed_rows for _, pair in items], L, paper))
    blocks = [
        team_block(r0, fmt, items=tuple(replace(item, derivations=next(laid_out)) for item, _ in items))
        for r0, items in changed_rows
    ]
    return _compare_report(head, [team_rules_text(s, L) for s in sts], rows, changed_count, blocks)


#: The comparison view of each kind of event besides the players' (build_compare_view's own body).
_COMPARE_VIEWS: dict[EventKind, Callable[..., CompareReport] | None] = {
    EventKind.INDIVIDUAL: None,
    EventKind.TEAM: _build_team_compare_view,
}
