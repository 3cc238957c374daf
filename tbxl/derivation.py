"""Derivations: how a tie-break value was made, as data.

A :class:`Derivation` lists its :class:`Term` s (one per round that contributes),
says which terms were cut and why, and carries the total. The total is the sum
of the contributions of the terms that were not cut; the tie-break code builds
both from the same list, so they cannot disagree.

>>> from fractions import Fraction as F
>>> d = Derivation("BH/C1", player=4, terms=(
...     Term(1, 12, "1", F(2), F(2), Reason.of("game"), "8.1", F(2)),
...     Term(2, None, "H", None, F(7, 2), Reason.of("dummy", what="hpb", cat="16.2.3", own=F(7, 2)), "16.2.3, 16.4",
...          F(7, 2), vur=True, cut=Reason.of("cut.vur"))),
...     value=F(2))
>>> d.check()
>>> d.total
Fraction(2, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Mapping, Optional

Number = Fraction | int

#: The English text of every reason, note and cut. Reports translate them by key: each language's
#: ``templates/labels/<lang>.json`` has a "reasons" table with the same keys and placeholders.
REASONS: dict[str, str] = {
    "game": "opponent's score",
    "forfeit_game": "forfeit counted as a game (pre-determined pairings)",
    "rr_forfeit_own_score": "forfeit win scored with the own score, like a dummy (Swiss-Manager 'SB (2023)')",
    "adjusted": "opponent's adjusted score: rounds of cat. 16.2.5 as draws",
    "adjusted_2022": "opponent's adjusted score: trailing unplayed rounds as draws",
    "unplayed_as_draw": "opponent's score with unplayed games as draws",
    "paired_forfeit": "{what}: the scheduled opponent's score counts",
    "dummy": "{what}, cat. {cat}: dummy with own score {own}",
    "cap_opponent": "capped at the opponent's adjusted score {cap}",
    "cap_rounds": "capped at a draw x {rounds} rounds = {cap}",
    "virtual": "{what}: virtual opponent = {before} before + {reverse} reverse result + {later} later draws",
    "half_rounds": "{what}: unpaired round counts half the rounds",
    "own_value": "{what}: draw against himself (own value to opponents)",
    "own_with_draw": "{what}: own score with this round counted as a draw",
    "zero": "{what}: a bye adds nothing",
    "vur": "VUR",
    "cut_first": "cut first (cut_priority=unplayed)",
    "forfeit_win_zero": "Swiss-Manager habit: forfeit win kept as an opponent worth 0 (bh_forfeit_win=zero)",
    "times_result": "x {factor} (result)",
    "koya": "opponent reached the threshold",
    "running": "running score after the round",
    "points": "points awarded",
    "win": "round with the points of a win",
    "won": "game won over the board",
    "bpg": "game played with Black",
    "bwg": "game won with Black",
    "elected": "round elected to play in",
    "not_elected": "not elected (HPB, ZPB or forfeit loss)",
    "std": "standard points of the round",
    "opp_tiebreak": "opponent's {code}",
    "opp_rating": "opponent's rating",
    "opp_tpr": "opponent's TPR",
    "opp_ptp": "opponent's PTP",
    "kind.forfeit-win": "forfeit win",
    "kind.forfeit-loss": "forfeit loss",
    "kind.double-forfeit": "double forfeit",
    "kind.pab": "pairing-allocated bye",
    "kind.fpb": "full-point bye",
    "kind.hpb": "half-point bye",
    "kind.zpb": "zero-point bye / absent",
    "kind.played": "game",
    "kind.short": "game (under one move)",
    "cut.least": "cut: least significant value (14.1)",
    "cut.vur": "cut: lowest VUR contribution (16.5)",
    "cut.most": "cut: most significant value (14.3)",
    "cut.forfeit_win_zero": "cut: the forfeit win's 0, first (Swiss-Manager habit)",
    "cut.first_rounds": "cut: running score of the first rounds (14.1)",
    "cut.last_rounds": "cut: running score of the last rounds (14.3)",
    "cut.lowest_rating": "cut: lowest rating (14.1)",
    "cut.highest_rating": "cut: highest rating (14.3)",
    "note.fore": "every paired game of the final round scored as a draw (8.3)",
    "note.otb_only": "only opponents met over the board",
    "note.koya": "threshold: {threshold} points (50 % of the maximum, moved {limit} half-points)",
    "note.tpn": "pairing number, lower first",
    "note.tpn_reverse": "pairing number, higher first",
    "note.unrated": "unrated participants present and no rating set for them (/Unnnn): no value (C07 D18)",
    "note.unrated_field": ("{codes}: no value for anybody, because {count} participant(s) have no rating: "
                           "{players} (C07 D18). To give unrated players a rating instead: "
                           "--set unrated_rating=1400, or the code {example}."),
    "note.own_rating": "own rating",
    "note.tpr": "TPR = ARO {aro} + dp({p}) {dp}; score {score}, games: {games}",
    "note.ptp": "lowest rating whose expected score reaches {score} (8.1(b) table)",
    "note.average": "average, rounded half up",
    "note.sssc": "secondary score + {code} / {divisor}",
    "note.de_tier": "tier within the tied group, 1 = top (Art. 6)",
    "note.de_alone": "not tied with anyone when DE was applied",
    "de.complete": "complete mini-table (6.2)",
    "de.predetermined": "pre-determined pairings: mini-table as it stands",
    "de.missing": "missing games (6.3): {placed} placed",
    # What changes a value from one convention to another (tbxl.audit.changes).
    "term.opponent": "opponent {opp}",
    "term.unplayed_vs": "{what} v. {opp}",
    "term.kind": "{what}",
    "term.round": "the round",
    "change.cut_instead": "cuts round {rd}, {term} ({value}) instead of round {rd0}, {term0} ({value0})",
    "change.cut": "also cuts round {rd}, {term} ({value})",
    "change.kept": "keeps round {rd}, {term} ({value}), which was cut",
    "change.value": "round {rd}, {term}: {new} instead of {old} ({reason})",
    "change.value_why": "round {rd}, {term}: {new} ({reason}) instead of {old} ({reason0})",
    "change.value_with": "round {rd}, {term}: {new} instead of {old}, with “{reason}”",
    "change.value_without": "round {rd}, {term}: {new} instead of {old}, without “{reason0}”",
    "change.added": "counts round {rd}, {term}: {new} ({reason})",
    "change.dropped": "leaves out round {rd}, {term} ({old})",
    "change.divisor": "averages over {new} instead of {old}",
    "change.tiebreak": "{code} {new} instead of {old}",
    "change.order": "tie-breaks in the order {order} instead of {announced}",
    "change.zero_for_no_value": "prints 0 where {code} has no value (a display habit of Swiss-Manager)",
}


@dataclass(frozen=True)
class Reason:
    """A reason, note or cut as data: parts ``(key, ((name, value), ...))`` rendered through
    :data:`REASONS` (English) or a report language's table. ``str()`` gives the English text.

    >>> str(Reason.of("dummy", what="hpb", cat="16.2.3", own=7) + Reason.of("vur"))
    'half-point bye, cat. 16.2.3: dummy with own score 7; VUR'
    """

    parts: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()

    @classmethod
    def of(cls, key: str, **args: Any) -> "Reason":
        if key not in REASONS:
            raise KeyError(key)
        return cls(((key, tuple(args.items())),))

    def __add__(self, other: "Reason") -> "Reason":
        return Reason(self.parts + other.parts)

    def render(self, table: Optional[Mapping[str, str]] = None,
               number: Callable[[Number], str] = lambda v: _plain(v)) -> str:
        """The text in a language: ``table`` maps keys to templates (missing keys: English)."""
        table = table or {}
        out = []
        for key, args in self.parts:
            values = {}
            for name, value in args:
                if name == "what":
                    value = table.get("kind." + value) or REASONS["kind." + value]
                elif isinstance(value, Reason):  # a reason inside a reason (tbxl.audit.changes)
                    value = value.render(table, number)
                elif isinstance(value, (int, Fraction)) and not isinstance(value, bool):
                    value = number(value)
                values[name] = value
            out.append((table.get(key) or REASONS[key]).format(**values))
        return "; ".join(out)

    def __str__(self) -> str:
        return self.render()

    def __contains__(self, text: str) -> bool:
        return text in str(self)


def _plain(v: Number) -> str:
    f = Fraction(v)
    return str(f.numerator) if f.denominator == 1 else format(float(f), "g")


@dataclass(frozen=True)
class Term:
    """One contribution to a tie-break value.

    ``opponent`` is the start number (None for a bye or a dummy); ``result`` the
    participant's result in that round as a TRF code; ``real`` the opponent's
    real final score; ``adjusted`` the value actually used (adjusted score,
    dummy, virtual opponent ...); ``reason`` and ``article`` say why;
    ``contribution`` is what the term adds (for SB: adjusted x result). ``reason`` and ``cut``
    are :class:`Reason` s (``str()`` gives English).
    """

    round: Optional[int]
    opponent: Optional[int]
    result: str
    real: Optional[Number]
    adjusted: Optional[Number]
    reason: Reason
    article: str
    contribution: Number
    vur: bool = False
    cut: Optional[Reason] = None

    @property
    def is_cut(self) -> bool:
        return self.cut is not None


@dataclass(frozen=True)
class Derivation:
    """A tie-break value with its terms. For DE, ``table`` holds the mini-table rows."""

    code: str
    player: int
    terms: tuple[Term, ...]
    value: Optional[Number]
    notes: tuple[Reason, ...] = ()
    table: tuple[dict[str, Any], ...] = field(default=())
    divisor: Optional[int] = None  # averages (ARO, AOB, APRO): total / divisor, then rounding

    @property
    def total(self) -> Fraction:
        """Sum of the contributions of the terms that were not cut."""
        return sum((Fraction(t.contribution) for t in self.terms if not t.is_cut), Fraction(0))

    def check(self) -> None:
        """Raise AssertionError if the kept terms do not add up to the value (sums only)."""
        if self.divisor is None and not self.table and self.value is not None and self.terms:
            if self.total != self.value:
                raise AssertionError(f"{self.code} of {self.player}: terms add to {self.total}, value {self.value}")

    def text(self, fmt: Callable[[Number], str] = lambda x: str(x)) -> str:
        """A plain-text rendering for ``tbxl explain``."""
        lines = [f"{self.code} of player {self.player} = {'-' if self.value is None else fmt(self.value)}"]
        if self.terms:
            lines.append(f"  {'rd':>3} {'opp':>5} {'res':>3} {'real':>6} {'used':>6} {'adds':>6}  reason")
        for t in self.terms:
            mark = "x" if t.is_cut else " "
            lines.append(
                f"{mark} {'' if t.round is None else t.round:>3} {'' if t.opponent is None else t.opponent:>5} "
                f"{t.result:>3} {'' if t.real is None else fmt(t.real):>6} "
                f"{'' if t.adjusted is None else fmt(t.adjusted):>6} {fmt(t.contribution):>6}  "
                f"{t.reason}" + (f" [{t.article}]" if t.article else "") + (f"  <-- {t.cut}" if t.cut else ""))
        for row in self.table:
            lines.append("  " + ", ".join(f"{k}={fmt(v) if isinstance(v, (Fraction, int)) else v}" for k, v in row.items()))
        if self.divisor is not None:
            lines.append(f"  total {fmt(self.total)} / {self.divisor}")
        elif self.terms:
            lines.append(f"  total {fmt(self.total)}")
        lines.extend(f"  note: {n}" for n in self.notes)
        return "\n".join(lines)
