"""Standings of one event (individual or team) under several conventions, side by side, with
what changed.

The first convention is the reference: for every player or team whose rank or value differs under
another convention, :func:`compare` keeps the term-level change (:mod:`tbxl.audit.changes`) that
makes the difference.

>>> from importlib.resources import files
>>> from tbxl.rules import get
>>> from tbxl.io.trf import read_trf
>>> t = read_trf(files("tbxl.examples").joinpath("held_swiss_5.trf").read_text())
>>> c = compare(t, [get("fide-2024"), get("fide-2026")], "BH")
>>> row = c.row(4)
>>> row.values["BH"], row.changed
([Fraction(15, 1), Fraction(14, 1)], ['BH'])
>>> print(row.changes["BH", 1][0])
round 2, half-point bye: 2.5 instead of 3.5, with “capped at a draw x 5 rounds = 2.5”
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tbxl.audit.changes import changes
from tbxl.derivation import Reason
from tbxl.errors import UnknownRules
from tbxl.model import Event, EventKind
from tbxl.rules import Convention, TeamSettings
from tbxl.standings import Standings, Tiebreaks, Value, compute_standings


@dataclass
class ComparedRow:
    """One player (or team) under every convention: ranks and values in the order of the
    conventions. ``player`` is the participant as a standings row holds it (a team event's: the
    :class:`~tbxl.model.team.Team`), ``start_number`` its number (a team's number)."""

    player: Any
    start_number: int
    ranks: list[str]  # rank labels ("3", "3-5")
    values: dict[str, list[Value]]  # code -> value per convention (DE: tier)
    changed: list[str] = field(default_factory=list)  # codes whose value differs somewhere
    changes: dict[tuple[str, int], list[Reason]] = field(default_factory=dict)  # (code, k) -> changes vs. the first

    @property
    def rank_changed(self) -> bool:
        return len(set(self.ranks)) > 1


@dataclass
class Comparison:
    tournament: Event
    conventions: list[Convention]
    standings: list[Standings]
    codes: list[str]
    rows: list[ComparedRow]  # in the order of the first convention's standings

    @property
    def kind(self) -> EventKind:
        """The kind of the event compared (its outputs differ by kind)."""
        return self.tournament.kind

    @property
    def rules(self) -> list[str]:
        """The rule sets as the outputs name them (:attr:`tbxl.standings.Standings.rules`: on a team
        event with the team settings changed, ``fide-2024+ede_bc=higher-first``)."""
        return [st.rules for st in self.standings]

    def row(self, start_number: int) -> ComparedRow:
        return next(r for r in self.rows if r.start_number == start_number)

    @property
    def changed_rows(self) -> list[ComparedRow]:
        return [r for r in self.rows if r.rank_changed or r.changed]


def _conventions(rules: Sequence[Convention]) -> list[Convention]:
    """The rule sets to compare, each a :class:`Convention` (a list of names is resolved at the edge
    by :func:`tbxl.rules.resolve_each`)."""
    convs = [rules] if isinstance(rules, str) else list(rules)  # (a generator is read once)
    if not all(isinstance(c, Convention) for c in convs):
        raise TypeError(
            f"rules must be Conventions, not {rules!r}: resolve names with "
            "tbxl.rules.resolve_each(rules, start_date, settings) where they are given"
        )
    if len(convs) < 2:
        raise UnknownRules("compare needs at least two rule sets, e.g. --rules fide-2024,fide-2026")
    return convs


def compare(
    event: Event,
    rules: Sequence[Convention],
    tiebreaks: Tiebreaks = None,
    after_round: int | None = None,
    settings: TeamSettings | Mapping[str, Any] | None = None,
) -> Comparison:
    """Standings of ``event`` (individual or team) under each of ``rules`` (two or more
    :class:`Convention`, the first the reference); a rule set's name is resolved at the edge
    (:func:`tbxl.rules.resolve_each`). ``settings``: a team event's team settings,
    the same under every rule set."""
    convs = _conventions(rules)
    stands = [compute_standings(event, tiebreaks, c, after_round, settings) for c in convs]  # type: ignore[arg-type]
    codes = stands[0].codes
    order = {d.code: d.is_order for d in stands[0].tiebreaks}  # DE, a team event's EDE ...: tiers, no terms
    first = stands[0]
    rows = []
    for row in first.rows:
        sn = row.number
        others = [st.row(sn) for st in stands]
        values = {code: [o.values[code] for o in others] for code in codes}
        out = ComparedRow(row.player, sn, [o.rank_label for o in others], values)
        for code in codes:
            vs = values[code]
            if any(v != vs[0] for v in vs[1:]):
                out.changed.append(code)
                if not order[code]:
                    base = first.explain(sn, code)
                    for k in range(1, len(stands)):
                        if vs[k] != vs[0]:
                            out.changes[code, k] = changes(base, stands[k].explain(sn, code))
        rows.append(out)
    return Comparison(stands[0].tournament, convs, stands, codes, rows)
