"""The individual kind of event: players ranked on their own points, with their titles, ratings,
federations and clubs, categories and prizes, and rating changes (B.02 8.3)."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from tbxl.formatting import decimal_text, json_number, signed_text, visible
from tbxl.model import EventKind, Player
from tbxl.projection.cells import aligned, cell, csv_name, csv_row, csv_text, json_column, money
from tbxl.projection.explain import players_text
from tbxl.projection.kind import Kind

if TYPE_CHECKING:
    from tbxl.prizes import Award
    from tbxl.projection.lines import Projection
    from tbxl.rating_change import RatingChange
    from tbxl.standings import Standings

__all__ = ["Individual", "change_json", "event_json"]


def _sharing_words(sharing: str) -> str:
    """The English words of a prize sharing (the report's label file, read without the report)."""
    # Imported here: importlib.resources costs every run's start-up, and few events award prizes.
    from importlib import resources

    path = resources.files("tbxl.templates").joinpath("labels/en/report.json")
    words: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))["prize_sharing"]
    return words[sharing]


def change_json(ch: RatingChange | None) -> dict[str, Any] | None:
    """A player's ``rating_change`` object of the JSON (None for an unrated player)."""
    if ch is None:
        return None
    return {
        "k": ch.k,
        "games": ch.games,
        "score": json_number(ch.score),
        "expected": json_number(ch.expected),
        "change": json_number(ch.change),
    }


def event_json(t: Any) -> dict[str, Any]:
    """The event's details besides its name and start date (TRF 022, 032, 052, 102, 112, 122; a
    workbook's Event sheet): null (an empty list for the deputies) where the input has none."""
    return {
        "end_date": t.end_date.isoformat() if t.end_date else None,
        "place": t.city or None,
        "federation": t.federation or None,
        "chief_arbiter": t.chief_arbiter or None,
        "deputy_arbiters": list(t.deputy_arbiters),
        "time_control": t.time_control or None,
    }


def _awards_json(awards: list[Award[Any]]) -> list[dict[str, Any]]:
    return [
        {
            "place": a.place,
            "start_number": a.player,
            "listed": decimal_text(a.listed, places=2),
            "amount": decimal_text(a.amount, places=2),
        }
        for a in awards
    ]


def _change_cells(ch: RatingChange | None) -> list[str]:
    """``K`` and ``rtg+/-`` of a player (``-`` for an unrated one)."""
    return ["-", "-"] if ch is None else [str(ch.k), signed_text(ch.change)]


def _change_csv(ch: RatingChange | None) -> list[object]:
    if ch is None:
        return ["", "", "", "", ""]
    return [ch.k, ch.games, decimal_text(ch.score), decimal_text(ch.expected), decimal_text(ch.change)]


def _player_fields(p: Player) -> list[object]:
    """Title, rating, federation, FIDE id, club: as the input has them ("" when it has not)."""
    return [
        csv_text(p.title),
        "" if p.rating is None else p.rating,
        csv_text(p.federation),
        csv_text(p.known_fide_id or ""),
        csv_text(p.club),
    ]


class Individual(Kind):
    """Players ranked on their own points (C.07 Arts 4-10)."""

    event_kind = EventKind.INDIVIDUAL
    noun = "player"
    number_noun = "start number"
    number_head = "SNo"
    spill_number_head = "SNo"
    name_head = "Name"
    checks_rank_records = False
    classifies = True
    report_derivations = ("decided", "players")

    def points_head(self, st: Standings) -> str:
        return "Pts"

    def no_such(self, number: int, st: Standings) -> str:
        known = st.numbers
        has = (
            f"start numbers {known[0]}-{known[-1]}"
            if known == list(range(known[0], known[-1] + 1))
            else f"{len(known)} players, start numbers {known[0]}-{known[-1]} with gaps"
        )
        return f"no player with start number {number} ({has})"

    def explain_text(self, st: Standings, numbers: Sequence[int], codes: Sequence[str]) -> str:
        return players_text(st, numbers, codes)

    def title(self, st: Standings) -> str:
        t = st.tournament
        return visible(f"{t.name or t.source} - {t.rounds} rounds - rules {st.rules}")

    def explain_codes(self, st: Standings) -> list[str]:
        return ["PTS"] + st.codes

    def table(self, p: Projection) -> str:
        """A readable aligned table; then each category's standings and the prizes. With rating
        changes, the ``K`` and ``rtg+/-`` columns."""
        st, cl, changes = p.standings, p.classification, p.changes
        prize = cl.prize_of(None) if cl and None in cl.awards else None
        head = (
            ["Rank", self.number_head, self.name_head, self.points_head(st)]
            + p.codes
            + (["Decided"] if p.decided else [])
            + (["Prize"] if prize is not None else [])
            + (["K", "rtg+/-"] if changes is not None else [])
        )
        body = [
            [ln.rank_label, str(ln.number), visible(ln.name), cell(ln.points)]
            + [cell(v) for v in ln.values]
            + p.decided_cells(ln)
            + ([money(prize.get(ln.number))] if prize is not None else [])
            + (_change_cells(changes.get(ln.number)) if changes is not None else [])
            for ln in p.lines
        ]
        lines = [p.title] + aligned(head, body) + self.lots_lines(st)
        for name, rows in cl.rows.items() if cl else ():
            award = cl.prize_of(name) if cl and name in cl.awards else None
            lines += ["", f"Category {name}: {len(rows)} player{'' if len(rows) == 1 else 's'}"]
            if cl and rows:
                lines += aligned(
                    ["Place", "SNo", "Name", "Pts", "Rank"] + (["Prize"] if award is not None else []),
                    [
                        [place, str(r.number), visible(r.player.name), cell(r.points), r.rank_label]
                        + ([money(award.get(r.number))] if award is not None else [])
                        for place, r in zip(cl.places[name], rows)
                    ],
                )
        if cl and cl.awards:
            lines += ["", f"Prizes ({cl.sharing}): {_sharing_words(cl.sharing)}"]
            if cl.policy == "one-per-player" and len(cl.awards) > 1:
                lines.append(
                    "One prize per player: the higher (equal amounts: the list given first); "
                    "the next player of the other list moves up"
                )
        return "\n".join(lines) + "\n"

    def csv(self, p: Projection) -> str:
        """One row per player: rank, start number, name, points, the tie-breaks, then the player's
        title, rating, federation, FIDE id and club; with categories a ``category:NAME`` column (the
        place in that category, empty for others); with prizes ``prize`` and ``prize:NAME`` columns;
        ``decided_by`` when a play-off or lots placed someone. With rating changes: ``k``,
        ``rated_games``, ``rated_score``, ``expected_score`` and ``rating_change``."""
        cl, changes = p.classification, p.changes
        buf = io.StringIO()
        names = list(cl.rows) if cl else []
        lists = list(cl.awards) if cl else []
        buf.write(
            csv_row(
                ["rank", "start_number", "name", "points"]
                + p.codes
                + ["title", "rating", "federation", "fide_id", "club"]
                + [csv_name(f"category:{n}") for n in names]
                + ["prize" if n is None else csv_name(f"prize:{n}") for n in lists]
                + (["decided_by"] if p.decided else [])
                + (
                    ["k", "rated_games", "rated_score", "expected_score", "rating_change"]
                    if changes is not None
                    else []
                )
            )
        )
        places = {n: dict(zip(cl.members[n], cl.places[n])) for n in names} if cl else {}
        awards = {n: cl.prize_of(n) for n in lists} if cl else {}
        for ln in p.lines:
            sn = ln.number
            player = ln.row.player
            assert isinstance(player, Player)
            buf.write(
                csv_row(
                    [ln.rank_label, sn, csv_name(ln.name), decimal_text(ln.points)]
                    + [decimal_text(v) for v in ln.values]
                    + _player_fields(player)
                    + [places[n].get(sn, "") for n in names]
                    + [money(awards[n].get(sn)) for n in lists]
                    + p.decided_cells(ln)
                    + (_change_csv(changes.get(sn)) if changes is not None else [])
                )
            )
        return buf.getvalue()

    def _json_head(self, p: Projection) -> dict[str, Any]:
        """The JSON object (the contract the Excel layer and outside checks rely on) without its
        standings, which :meth:`json` writes one entry per line."""
        st, cl = p.standings, p.classification
        t = st.tournament
        prizes = None
        if cl and cl.awards:
            prizes = {
                "sharing": cl.sharing,
                "policy": cl.policy,
                "overall": _awards_json(cl.awards.get(None, [])),
                "categories": {n: _awards_json(a) for n, a in cl.awards.items() if n is not None},
            }
        return {
            "tournament": {
                "name": t.name,
                "rounds": t.rounds,
                "players": len(t.players),
                "start_date": t.start_date.isoformat() if t.start_date else None,
                "pairing": t.pairing.value,
                **event_json(t),
                "links": list(t.links),
            },
            "rules": st.rules,
            "tiebreaks": st.codes,
            "categories": cl.members if cl else {},
            "prizes": prizes,
            "lots_seed": st.lots_seed,
        }

    def _json_rows(self, p: Projection) -> Iterator[dict[str, Any]]:
        """The standings entries one at a time, their numbers taken column by column (the JSON
        of 10^4 players is written without a Fraction per value)."""
        st, changes = p.standings, p.changes
        codes = st.codes
        n = len(st.rows)  # every participant has a row
        assert st.points_column is not None
        pts = json_column(list(st.points_column.raw), st.points_column.den)
        cols: list[list[object]] = []
        for k, col in enumerate(st.columns):
            if col is None:  # DE: the tier, where it applied
                cols.append([st.de_tier.get((codes[k], i)) for i in range(n)])
            else:
                cols.append(json_column(list(col.raw), col.den))
        for r in st.rows:
            player = r.player
            assert isinstance(player, Player)
            yield {
                "rank": None if r.expelled else r.rank,  # no rank (checklist 197-198)
                "rank_label": r.rank_label,
                "start_number": player.start_number,
                "name": player.name,
                "points": pts[r.index],
                "values": dict(zip(codes, [c[r.index] for c in cols])),
                "title": player.title or None,
                "rating": player.rating,
                "federation": player.federation or None,
                "fide_id": player.known_fide_id,
                "club": player.club or None,
                "decided_by": r.decided_by,
                **({"rating_change": change_json(changes.get(player.start_number))} if changes is not None else {}),
            }

    def json(self, p: Projection) -> str:
        """The event, the rules, the tie-breaks, the categories and prizes, then one standings
        entry per line (through the C encoder: an indent would force the slow one)."""
        head = json.dumps(self._json_head(p), ensure_ascii=False)[:-1]
        dump = json.JSONEncoder(ensure_ascii=False).encode
        return head + ', "standings": [\n' + ",\n".join(map(dump, self._json_rows(p))) + "\n]}\n"
