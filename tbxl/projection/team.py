"""The team kind of event (C.07 Arts 11-13): teams ranked by their primary score (MP, or GP when
the list starts with GPTS), their orders' values the tier within the tied group."""

from __future__ import annotations

import io
import json
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from tbxl.formatting import decimal_text, json_number, visible
from tbxl.model import EventKind, of_team_kind
from tbxl.projection.cells import aligned, cell, csv_name, csv_row
from tbxl.projection.explain import team_text
from tbxl.projection.individual import event_json
from tbxl.projection.kind import Kind

if TYPE_CHECKING:
    from tbxl.projection.lines import Projection
    from tbxl.rules import TeamSettings
    from tbxl.standings import Standings

__all__ = ["Team"]


class Team(Kind):
    """Teams of players ranked on match and game points (C.07 Arts 11-13)."""

    event_kind = EventKind.TEAM
    noun = "team"
    number_noun = "team number"
    number_head = "TNo"
    spill_number_head = "No"
    name_head = "Team"
    checks_rank_records = True
    report_derivations = ("decided", "players")

    def split_settings(self, items: Iterable[str]) -> tuple[TeamSettings | None, list[str]]:
        from tbxl.rules import split_team_settings

        return split_team_settings(items)

    def points_head(self, st: Standings) -> str:
        assert st.primary is not None
        return st.primary

    def no_such(self, number: int, st: Standings) -> str:
        return f"no team with number {number}"

    def explain_text(self, st: Standings, numbers: Sequence[int], codes: Sequence[str]) -> str:
        return "\n".join(team_text(st, n, codes) for n in numbers)

    def title(self, st: Standings) -> str:
        t = st.tournament
        assert of_team_kind(t)
        return visible(
            f"{t.name or t.source} - {len(t.teams)} teams x {t.boards} boards - {t.rounds} rounds - rules {st.rules}"
        )

    def explain_codes(self, st: Standings) -> list[str]:
        return [self.points_head(st)] + st.codes

    def table(self, p: Projection) -> str:
        """The teams ranked by the primary score (MP or GP), then the tie-breaks."""
        st = p.standings
        head = (
            ["Rank", self.number_head, self.name_head, self.points_head(st)]
            + p.codes
            + (["Decided"] if p.decided else [])
        )
        body = [
            [ln.rank_label, str(ln.number), visible(ln.name), cell(ln.points)]
            + [cell(v) for v in ln.values]
            + p.decided_cells(ln)
            for ln in p.lines
        ]
        return "\n".join([p.title] + aligned(head, body) + self.lots_lines(st)) + "\n"

    def csv(self, p: Projection) -> str:
        """One row per team: rank, team number, name, primary score, the tie-breaks (and
        ``decided_by`` when a play-off or lots placed a team)."""
        buf = io.StringIO()
        buf.write(csv_row(["rank", "team_number", "name", "points"] + p.codes + (["decided_by"] if p.decided else [])))
        for ln in p.lines:
            buf.write(
                csv_row(
                    [ln.rank_label, ln.number, csv_name(ln.name), decimal_text(ln.points)]
                    + [decimal_text(v) for v in ln.values]
                    + p.decided_cells(ln)
                )
            )
        return buf.getvalue()

    def json(self, p: Projection) -> str:
        """The event and its standings: ``points`` is the primary score (MP unless the list starts
        with GPTS); ``values`` are keyed by the codes as given; an order's value is the tier within
        the tied group (1 = top) or null where it did not apply."""
        st = p.standings
        t = st.tournament
        assert of_team_kind(t)
        head: dict[str, Any] = {
            "tournament": {
                "name": t.name,
                "rounds": t.rounds,
                "teams": len(t.teams),
                "boards": t.boards,
                "players": len(t.players),
                "kind": "team",
                "primary": st.primary,
                "start_date": t.start_date.isoformat() if t.start_date else None,
                **event_json(t),
                "links": list(t.links),
            },
            "rules": st.rules,
            "tiebreaks": st.codes,
            "lots_seed": st.lots_seed,
        }
        rows = [
            {
                "rank": None if ln.row.expelled else ln.rank,  # no rank (checklist 197-198)
                "rank_label": ln.rank_label,
                "team_number": ln.number,
                "name": ln.name,
                "points": json_number(ln.points),
                "values": {c: json_number(v) for c, v in zip(p.codes, ln.values)},
                "decided_by": ln.decided_by,
            }
            for ln in p.lines
        ]
        text = json.dumps(head, ensure_ascii=False)[:-1]
        return text + ', "standings": [\n' + ",\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n]}\n"
