"""The text of an explanation: how a player's or a team's values were made, what separates two
players, and a team event's published ranks against its standings."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tbxl.formatting import decimal_text
from tbxl.model import team_event
from tbxl.model.codes import result_code
from tbxl.projection.cells import cell
from tbxl.rules import articles_edition

if TYPE_CHECKING:
    from tbxl.model import TeamTournament
    from tbxl.model.team import Board
    from tbxl.standings import Row, Standings

__all__ = ["appellants", "compared_pairs", "players_text", "separation_text", "team_text", "rank_check_text"]

#: A tied group of at most this many is compared pair by pair in full (28 pairs); in a larger one
#: only the pairs with a participant under appeal.
PAIRS_GROUP_LIMIT = 8


def _decided_note(row: Row) -> str:
    """`` (by play-off)`` / `` (by lots)`` after a rank that a play-off or lots decided."""
    return f" (by {row.decided_by})" if row.decided_by else ""


def appellants(st: Standings, numbers: Sequence[int], with_tied: bool = False) -> list[int]:
    """Whom an explanation is of: ``numbers`` (the first is the appellant), with ``with_tied`` every
    participant on the first one's points after them; each once."""
    points = st.row(numbers[0]).points
    tied = [r.number for r in st.rows if r.points == points] if with_tied else []
    return list(dict.fromkeys([*numbers, *tied]))


def compared_pairs(st: Standings, numbers: Sequence[int]) -> list[tuple[int, int]]:
    """The pairs "what separates them" compares (issue 35 item 2): every pair of the participants
    under appeal, and every pair of each one's group on the same points (n(n-1)/2: with three
    tied, 2 against 3 too); of a group larger than :data:`PAIRS_GROUP_LIMIT`, the pairs among
    the participants under appeal. More than :data:`PAIRS_GROUP_LIMIT` participants in all
    (``--with-tied`` on a large group): the appellant against each other one and each against
    the next in the standings, which is what places them (n(n-1)/2 sentences would be hundreds).
    Each pair once, better placed first, in standings order.

    >>> from importlib.resources import files
    >>> from tbxl.io.trf import read_trf
    >>> from tbxl.rules import get
    >>> from tbxl.standings import compute_standings
    >>> st = compute_standings(read_trf(str(files("tbxl.examples") / "held_swiss_5.trf")), "BH/C1", get("fide-2024"))
    >>> compared_pairs(st, [12])  # Reine (15), Nick (12) and Paul (14) are tied on 2 points
    [(15, 12), (15, 14), (12, 14)]
    """
    chosen = set(numbers)
    position = {r.number: k for k, r in enumerate(st.rows)}
    groups: dict[object, list[int]] = {}
    for r in st.rows:
        groups.setdefault(r.points, []).append(r.number)
    people = set(chosen)
    for sn in numbers:
        group = groups[st.row(sn).points]
        if len(group) <= PAIRS_GROUP_LIMIT:
            people.update(group)
    ordered = sorted(people, key=position.__getitem__)
    if len(ordered) > PAIRS_GROUP_LIMIT:
        first = numbers[0]
        pairs = {(first, b) if position[first] < position[b] else (b, first) for b in ordered if b != first}
        pairs |= set(zip(ordered, ordered[1:]))
        return sorted(pairs, key=lambda p: (position[p[0]], position[p[1]]))
    return [
        (a, b)
        for k, a in enumerate(ordered)
        for b in ordered[k + 1 :]
        if (a in chosen and b in chosen) or st.row(a).points == st.row(b).points
    ]


def list_heading(st: Standings) -> str:
    """What an explanation's heading says it ranked by: the rules and the tie-break list - the
    standings ``compute`` and ``report`` give for the same file, options and tbxl.toml (one
    resolution, :class:`~tbxl.projection.Options`), so the ranks it names are theirs (issue 35
    item 6)."""
    codes = ([st.primary] if st.primary else []) + list(st.codes)
    return f"rules {st.rules}, tie-breaks {','.join(codes) or '-'}"


def players_text(st: Standings, players: Sequence[int], codes: Sequence[str]) -> str:
    """The derivations of ``codes`` for one player or several (the first is the appellant), then
    what separates the first from each other one."""
    names = {p.start_number: p.name for p in st.tournament.players}
    articles = articles_edition(st.convention)
    out = []
    for player in players:
        row = st.row(player)
        out += [
            f"{row.player.name} (start number {player}), rank {row.rank_label}{_decided_note(row)}, {list_heading(st)}",
            "",
        ]
        for code in codes:
            out.append(st.explain(player, code).text(lambda v: decimal_text(v), names, articles=articles))
            out.append("")
    pairs = compared_pairs(st, players)
    if pairs:
        out.append("What separates them (every pair)")
        out += [separation_text(st, a, b) for a, b in pairs]
        out.append("")
    return "\n".join(out)


def separation_text(st: Standings, a: int, b: int) -> str:
    """One line: which of ``a`` and ``b`` is ahead and the item that decided it, with both values.

    >>> from importlib.resources import files
    >>> from tbxl.standings import compute_standings
    >>> from tbxl.io.trf import read_trf
    >>> from tbxl.rules import get
    >>> event = read_trf(str(files("tbxl.examples") / "held_swiss_5.trf"))
    >>> st = compute_standings(event, "BH/C1,BH,SB", get("fide-2024"))
    >>> separation_text(st, 1, 4)
    '  4 David (rank 3) is ahead of 1 Alyx (rank 4): equal on points, separated by BH/C1, 11.5 against 11'
    """
    ra, rb = sorted((st.row(a), st.row(b)), key=lambda r: (r.rank, r.number))

    def who(r: Row) -> str:
        return f"{r.number} {r.player.name} (rank {r.rank_label})"

    if ra.expelled or rb.expelled:  # no rank to compare (checklist 197-198)
        return f"  {who(rb if rb.expelled else ra)} was expelled: no rank, the others rank without them"
    code = st.separating(a, b)
    if code is None:
        how = ra.decided_by if ra.decided_by == rb.decided_by and ra.rank != rb.rank else None
        if how == "lots":
            return (
                f"  {who(ra)} is ahead of {who(rb)}: equal on points and on every tie-break, "
                f"placed by lots (seed '{st.lots_seed}')"
            )
        if how == "play-off":
            return f"  {who(ra)} is ahead of {who(rb)}: equal on points and on every tie-break, placed by the play-off"
        return f"  {who(ra)} and {who(rb)} share the place: equal on points and on every tie-break"
    va, vb = (ra.points, rb.points) if code == "PTS" else (ra.values[code], rb.values[code])
    how = "on points" if code == "PTS" else f"equal on points, separated by {code}"
    return f"  {who(ra)} is ahead of {who(rb)}: {how}, {cell(va)} against {cell(vb)}"


def _board_text(b: Board) -> str:
    who = str(b.player) if b.player is not None else "-"
    opp = f" v {b.entry.opponent}" if b.entry.opponent else ""
    return f"B{b.board} {who}{opp} {result_code(b.entry.kind, b.entry.outcome)}"


def _team_matches(t: TeamTournament, number: int) -> list[str]:
    """The team's rounds board by board."""
    team = t.team(number)
    out = [f"  {'rd':>3} {'opp':>4} {'col':>3} {'kind':<14} {'MP':>4} {'GP':>5}  boards"]
    for r in team.rounds:
        out.append(
            f"  {r.round:>3} {'' if r.opponent is None else r.opponent:>4} {r.colour or '':>3} "
            f"{r.kind.value:<14} {cell(r.mp):>4} {cell(r.gp):>5}  " + "; ".join(_board_text(b) for b in r.boards)
        )
    return out


def team_text(st: Standings, number: int, codes: Sequence[str]) -> str:
    """A team's players, its matches board by board, then the derivation of each of ``codes``."""
    t = team_event(st.tournament, "a team's explanation")
    team = t.team(number)
    row = st.row(number)
    out = [
        f"{team.name} (team {number}), rank {row.rank_label}{_decided_note(row)}, {list_heading(st)}",
        "players: " + ", ".join(f"{p} {t.player(p).name}" for p in team.players),
        "",
    ]
    out.extend(_team_matches(t, number))
    out.append("")
    for code in codes:
        text = st.explain(number, code).text(lambda v: decimal_text(v), {tm.number: tm.name for tm in t.teams}, "team")
        first, _, rest = text.partition("\n")
        out.append(first.replace(" of player ", " of team ", 1) + ("\n" + rest if rest else ""))
        out.append("")
    return "\n".join(out)


def rank_check_text(
    t: TeamTournament, checks: Sequence[tuple[Standings, Sequence[tuple[int, int, str]]]], as_json: bool = False
) -> str:
    """The rank column of the 310 records against the standings under each rule set: ``checks`` is
    ``[(standings, [(team number, published rank, computed label)])]``."""
    out, ok_any = [], False
    published = sum(1 for team in t.teams if team.declared_rank is not None)
    for st, diffs in checks:
        ok_any = ok_any or not diffs
        out.append(
            f"rules {st.rules}, tie-breaks {','.join([st.primary or 'MP'] + st.codes)}: "
            f"{published - len(diffs)} of {published} published ranks agree"
        )
        for n, pub, got in diffs:
            out.append(f"  team {n} {t.team(n).name}: published rank {pub}, computed {got}")
    if as_json:
        return json.dumps({"kind": "team", "report": out, "ok": ok_any}, ensure_ascii=False, indent=1) + "\n"
    return "\n".join(out) + "\n"
