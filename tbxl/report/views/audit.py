"""The audit report (``audit.html.j2``) of an individual or a team event: the published file, the
summary, the verdict per published column, every difference with the rule sets that reproduce
it, the groups whose published ranks differ, what was not checked, and the derivations of the
values concerned under the announced rules and under the rule set they follow."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import TYPE_CHECKING

from tbxl.io.files import PathLike
from tbxl.model import EventKind, for_kind, team_event
from tbxl.report.labels import Labels, labels
from tbxl.report.text import LINE_CHARS, Fmt, reason_text
from tbxl.report.views.blocks import DerivationTable, PlayerBlock, derivation, laid_out_groups, player_block
from tbxl.report.views.frame import InputFile, ReportView, frame
from tbxl.report.views.team_derivations import team_block, team_derivation_pair
from tbxl.report.views.team_frame import team_compare_frame

if TYPE_CHECKING:  # the rooms below the report, as types only
    from tbxl.audit import Audit, Finding
    from tbxl.standings import Row, Standings

#: A standings row's number and name (a team's for a team audit).
Who = Callable[["Row"], tuple[int, str]]


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
class AuditReport(ReportView):
    """The audit report (``audit.html.j2``) of an individual or a team event: the published file,
    the summary, the verdict per published column, every difference, the groups whose published
    ranks differ, what was not checked, and the derivations of the values concerned."""

    published: InputFile
    summary: dict[str, int]
    ok: bool
    columns: tuple[AuditColumn, ...]
    findings: tuple[AuditFinding, ...]
    skipped: tuple[str, ...]
    rank_groups: tuple[RankGroup, ...]
    players: tuple[PlayerBlock, ...]


def item_label(code: str, L: Labels) -> str:
    """A published column: a tie-break code, or the rank / points in the report's language."""
    words: dict[str, str] = {"RANK": L["rank"], "PTS": L["col_points"]}
    return words.get(code, code)


def rules_names(names: list[str], L: Labels, shown: int = 3) -> str:
    """The first ``shown`` rule sets of a list, and "and N more"."""
    text = ", ".join(names[:shown])
    return text + (" " + L["audit"]["and_more"].format(n=len(names) - shown) if len(names) > shown else "")


def derivation_pair(
    st_a: Standings, st_b: Standings, sn: int, code: str, fmt: Fmt, L: Labels, names: Mapping[int, str]
) -> list[DerivationTable]:
    """One value's derivation under two rule sets (the announced first), each marked with its rules."""
    return [
        derivation(st, sn, code, fmt, L, names, under=L["audit"]["under"].format(rules=st.convention.name))
        for st in (st_a, st_b)
    ]


def derived_differences(result: Audit) -> Iterator[tuple[Finding, Standings]]:
    """The differences an audit report derives, each with the standings under the rule set it
    follows: explained values (not ranks, display habits or orders such as DE and EDE)."""
    from tbxl.audit import EXPLAINED
    from tbxl.io.published import RANK

    engine = result.engine
    for f in result.differences:
        if f.code == RANK or f.status != EXPLAINED or f.habit or engine.is_order(engine.parse(f.code)):
            continue
        yield f, result.standings_under(f.matches[0])


def build_audit_view(
    result: Audit, *, lang: str = "en", paper: str = "a4", inputs: Sequence[PathLike] = ()
) -> AuditReport:
    """The view of ``tbxl audit -o audit.pdf`` (an individual or a team event): summary, verdict
    per published column, every difference with the rule sets that reproduce it, and the
    derivations of the players (teams) concerned under the announced rules and under the rule set
    their published number follows."""
    st = result.standings
    inputs = list(inputs)
    input_path = inputs[0] if inputs else None
    kind = for_kind(_AUDIT_KINDS, st.tournament, "the audit report")
    head, L, names = kind.head(st, lang, paper, input_path)
    fmt = Fmt(bool(L["decimal_comma"]))
    derivations_of: dict[int, list[DerivationTable]] = {}
    for f, other in derived_differences(result):
        derivations_of.setdefault(f.start_number, []).extend(
            kind.pair(st, other, f.start_number, f.code, fmt, L, names, paper)
        )
    order = {r.number: k for k, r in enumerate(st.rows)}  # a team's number, a player's start number
    shown = sorted(derivations_of, key=order.__getitem__)
    laid_out = laid_out_groups([derivations_of[sn] for sn in shown], L, paper)
    return _audit_report(
        result,
        head,
        fmt,
        inputs[1] if len(inputs) > 1 else None,
        tuple(kind.block(st.row(sn), fmt, derivations=ds) for sn, ds in zip(shown, laid_out)),
        kind.who,
    )


@dataclass(frozen=True)
class _AuditKind:
    """What the audit report of a kind of event does its own way: the header with the labels and
    the participants' names, one value's derivation under two rule sets, a participant's block,
    and a standings row's number and name."""

    head: Callable[[Standings, str, str, PathLike | None], tuple[ReportView, Labels, dict[int, str]]]
    pair: Callable[[Standings, Standings, int, str, Fmt, Labels, Mapping[int, str], str], list[DerivationTable]]
    block: Callable[..., PlayerBlock]
    who: Who


def _players_head(
    st: Standings, lang: str, paper: str, input_path: PathLike | None
) -> tuple[ReportView, Labels, dict[int, str]]:
    L = labels(lang)
    return frame(st, L, lang, paper, input_path), L, {p.start_number: p.name for p in st.tournament.players}


def _teams_head(
    st: Standings, lang: str, paper: str, input_path: PathLike | None
) -> tuple[ReportView, Labels, dict[int, str]]:
    head = team_compare_frame(st, lang=lang, paper=paper, input_path=input_path)
    return head, head.L, {t.number: t.name for t in team_event(st.tournament, "the team audit").teams}


#: The audit report's ways, by the kind of event.
_AUDIT_KINDS = {
    EventKind.INDIVIDUAL: _AuditKind(
        _players_head,
        lambda a, b, sn, code, fmt, L, names, paper: derivation_pair(a, b, sn, code, fmt, L, names),
        player_block,
        lambda r: (r.number, r.player.name),
    ),
    EventKind.TEAM: _AuditKind(
        _teams_head,
        lambda a, b, n, code, fmt, L, names, paper: team_derivation_pair(
            a, b, n, code, fmt, L, names, LINE_CHARS[paper]
        ),
        team_block,
        lambda r: (r.team.number, r.team.name),
    ),
}


def _audit_report(
    result: Audit, head: ReportView, fmt: Fmt, pub: PathLike | None, players: tuple[PlayerBlock, ...], who: Who
) -> AuditReport:
    """The audit report of ``result`` around ``head`` with the derivation blocks ``players``.
    ``pub`` is the published file (None: the input's rank column); ``who`` gives a standings row's
    number and name (see :func:`_rank_groups`)."""
    from tbxl.audit import EXPLAINED, SKIPPED

    L = head.L
    A = L["audit"]
    columns = []
    for c in result.columns:
        if c.agree == c.checked:
            verdict = A["column_agrees"].format(rules=result.rules_name)
        elif c.reproduced_by:
            verdict = A["column_follows"].format(rules=rules_names(c.reproduced_by, L))
        else:
            verdict = A["column_mixed"]
        columns.append(AuditColumn(item_label(c.code, L), c.checked, c.agree, verdict, c.agree == c.checked))
    findings = []
    for f in result.differences:
        findings.append(
            AuditFinding(
                f.start_number,
                f.name,
                item_label(f.code, L),
                f.published.text,
                f.published.where + (f", {L['audit']['column']} '{f.published.column}'" if f.published.column else ""),
                f.computed if isinstance(f.computed, str) else fmt(f.computed, none="–"),  # a rank's is its label
                f.status,
                L["audit"][f"status_{f.status}"],
                rules_names(f.matches, L) if f.status == EXPLAINED else "",
                tuple(reason_text(c, L, fmt) for c in f.changes),
                A[f.why_unexplained] if f.why_unexplained else A["unexplained_note"],
            )
        )
    return AuditReport.of(
        head,
        published=InputFile.of(pub, A["rank_column"]),
        summary=result.summary,
        ok=result.ok,
        columns=tuple(columns),
        findings=tuple(findings),
        skipped=tuple(
            sorted({f"{item_label(f.code, L)}: {f.why_skipped}" for f in result.findings if f.status == SKIPPED})
        ),
        rank_groups=tuple(_rank_groups(result, fmt, L, who)),
        players=players,
    )


def _rank_groups(result: Audit, fmt: Fmt, L: Labels, who: Who) -> list[RankGroup]:
    """For each group equal on points with a published rank that differs: every member's published
    rank, its place under the announced rules and under the rule set the ranks follow, and its
    tie-break values under both (changed cells marked). ``who`` gives a row's number and name (a
    team's for a team audit)."""
    from tbxl.audit import AGREE, EXPLAINED, UNEXPLAINED
    from tbxl.io.published import RANK

    st = result.standings
    published = {f.start_number: f for f in result.findings if f.code == RANK}
    out = []
    for points, grouped in groupby(st.rows, key=lambda r: r.points):
        rows = list(grouped)
        differing = [
            published[who(r)[0]]
            for r in rows
            if who(r)[0] in published and published[who(r)[0]].status in (EXPLAINED, UNEXPLAINED)
        ]
        if not differing:
            continue
        follows = differing[0].matches[0] if differing[0].status == EXPLAINED else None
        other = result.standings_under(follows) if follows else None
        members = []
        for r in rows:
            sn, name = who(r)
            f = published.get(sn)
            o = other.row(sn) if other else None
            members.append(
                RankMember(
                    sn,
                    name,
                    f.published.text if f else "",
                    r.rank_label,
                    o.rank_label if o else "",
                    f is not None and f.status != AGREE,
                    tuple(
                        RankCell(
                            fmt(r.values[c], none="–")
                            + (" / " + fmt(o.values.get(c), none="–") if o and c in o.values else ""),
                            o is not None and c in o.values and o.values[c] != r.values[c],
                        )
                        for c in st.codes
                    ),
                )
            )
        out.append(RankGroup(fmt(points), st.convention.name, follows or "", st.codes, tuple(members)))
    return out
