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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tbxl.derivation.encounter import EncounterStep as EncounterStep
    from tbxl.derivation.encounter import Meeting as Meeting
    from tbxl.derivation.encounter import MiniTableRow as MiniTableRow

Number = Fraction | int

#: The English text of every reason, note and cut. Reports translate them by key: each language's
#: ``templates/labels/<lang>/report.json`` has a "reasons" table with the same keys and placeholders.
REASONS: dict[str, str] = {
    "game": "opponent's score",
    "forfeit_game": "forfeit counted as a game (pre-determined pairings)",
    "rr_forfeit_own_score": "forfeit win scored with the own score, like a dummy (Swiss-Manager 'SB (2023)')",
    "adjusted": "opponent's adjusted score: rounds of cat. 16.2.5 as draws",
    "adjusted_2022": "opponent's adjusted score: trailing unplayed rounds as draws",
    "unplayed_as_draw": "opponent's score with unplayed games as draws",
    "paired_forfeit": "{what}: the scheduled opponent's score counts",
    "dummy": "{what}, cat. {cat}: dummy with own score {own}",
    "converted": "the opponent's rounds {rounds} counted as draws",
    "cap_opponent": "capped at the opponent's adjusted score {cap}",
    "cap_rounds": "capped at a draw x {rounds} rounds = {cap}",
    "cap_opponent_open": "cap: the opponent's adjusted score {cap}, not exceeded",
    "cap_rounds_open": "cap: a draw x {rounds} rounds = {cap}, not exceeded",
    "virtual": "{what}: virtual opponent = {before} before + {reverse} reverse result + {later} later draws",
    "half_rounds": "{what}: unpaired round counts half the rounds",
    "own_value": "{what}: draw against himself (own value to opponents)",
    "own_with_draw": "{what}: own score with this round counted as a draw",
    "zero": "{what}: a bye adds nothing",
    "vur": "VUR",
    "cut_first": "cut first (cut_priority=unplayed)",
    "forfeit_win_zero": "Swiss-Manager habit: forfeit win kept as an opponent worth 0 (bh_forfeit_win=zero)",
    "pab_sb_zero": "Vega habit: pairing-allocated bye adds nothing to SB (sb_pab=zero)",
    "forfeit_loss_return": (
        "opponent's score: a requested bye before a forfeit loss kept at face value "
        "(Vega habit: forfeit_loss_returns_to_play=true)"
    ),
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
    "opp_rating_round": "opponent's rating in round {round} (rating_by=round)",
    "opp_first_rating": "opponent's first rating, rated again during the event (C.07 2026 Art. 10)",
    "unrated.estimated": "unrated: the rating estimated for the player (unrated_method=estimated)",
    "unrated.zero": "unrated: rating 0 (unrated_method=zero)",
    "unrated.code": "unrated: the code's rating for unrated players (/U)",
    "unrated.setting": "unrated: the rating for unrated players (unrated_rating)",
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
    "note.unrated_field": (
        "{codes}: no value for anybody, because {count} participant(s) have no rating: "
        "{players} (C07 D18). To give unrated players a rating instead: "
        "--set unrated_rating=1400, or the code {example}."
    ),
    "note.list_check": "The tie-break list, check #{number} ({article}; {level}): {codes}: {text}. More: tbxl advise.",
    "note.own_rating": "own rating",
    "note.given": "value given, not computed: {value} (a play-off's result or a value decided outside the results)",
    "note.given_values": "{codes}: values given, not computed, for {players}",
    "note.expelled": (
        "expelled: {players}: no rank and no prize; their games count for their opponents as played, "
        "the rounds after the expulsion as unplayed (C.07 16.1, 16.3)"
    ),
    "note.list_change": (
        "the tie-break list changed after round {round}: previous list {previous}; the standings use "
        "the list in force at the end, {current}"
    ),
    "note.long_event": (
        "the event lasts {days} days, more than 30: a player may have several ratings; rating "
        "tie-breaks ({codes}) are not recommended (C.07 2026 Art. 10) and take {which}"
    ),
    "note.long_event_flag": (
        "the event lasts {days} days, more than 30: a player may have several ratings (C.07 2026 Art. 10)"
    ),
    "note.first_rating": "each player's first rating",
    "note.round_rating": "the rating of each round (rating_by=round)",
    "note.uncapped": (
        "the dummy is not capped under these rules (the caps of 16.4.1 and 16.4.2 came with the 2026 text)"
    ),
    "note.tpr": "TPR = ARO {aro} + dp({p}) {dp}; score {score}, games: {games}",
    "note.ptp": "lowest rating whose expected score reaches {score} (8.1(b) table)",
    "note.average": "average, rounded half up",
    "note.sssc": "secondary score + {code} / {divisor}",
    "note.de_tier": "tier within the tied group, 1 = top (Art. 6)",
    "note.de_alone": "not tied with anyone when DE was applied",
    "de.complete": "complete mini-table (6.2)",
    "de.predetermined": "pre-determined pairings: mini-table as it stands",
    "de.missing": "missing games (6.3): {placed} placed",
    "de.step": "direct encounter ({score})",
    "de.primary": "primary score ({score})",
    "de.secondary": "secondary score ({score})",
    "de.board_count": "board count in their match(es)",
    "de.top_board": "top-board results in their match(es) (board {board})",
    "de.bottom_board": "bottom-board elimination in their match(es) (boards 1-{last})",
    "de.left_out": "{what}: left out of the mini-table (6.1.1)",
    "de.counted_rr": "{what}: counted as a game, pairings pre-determined (15.2)",
    "de.counted_p": "{what}: counted as a game (forfeits included by the rules, /P)",
    "de.average": "met more than once: the average counts (6.1.2)",
    "de.alone_on_top": "{who} alone on top whatever the missing games: {score} > every other maximum",
    "de.nobody_alone": "not alone on top whatever the missing games: {who} has {score}, {other} could reach {maximum}",
    "de.tied": "still tied: equal in the mini-table",
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
    def of(cls, key: str, **args: Any) -> Reason:
        if key not in REASONS:
            raise KeyError(key)
        return cls(((key, tuple(args.items())),))

    def __add__(self, other: Reason) -> Reason:
        return Reason(self.parts + other.parts)

    def render(
        self, table: Mapping[str, str] | None = None, number: Callable[[Number], str] = lambda v: _plain(v)
    ) -> str:
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
    are :class:`Reason` s (``str()`` gives English). ``colour`` is the participant's colour in
    that round as the file records it (``w``, ``b``; a forfeit's scheduled colour; None for a bye
    or when the file gives none): an appeal about colours (BPG, BWG) or a forfeit turns on it.
    """

    round: int | None
    opponent: int | None
    result: str
    real: Number | None
    adjusted: Number | None
    reason: Reason
    article: str
    contribution: Number
    vur: bool = False
    cut: Reason | None = None
    colour: str | None = None

    @property
    def is_cut(self) -> bool:
        return self.cut is not None


@dataclass(frozen=True)
class Derivation:
    """A tie-break value with its terms. A direct encounter (an order) has ``steps``, its
    mini-tables with the games among the tied group, and ``tiers``, the order that follows (start
    numbers, best first); TBR and BBE's board vectors are rows of ``table``."""

    code: str
    player: int
    terms: tuple[Term, ...]
    value: Number | None
    notes: tuple[Reason, ...] = ()
    table: tuple[dict[str, Any], ...] = field(default=())
    divisor: int | None = None  # averages (ARO, AOB, APRO): total / divisor, then rounding
    steps: tuple[EncounterStep, ...] = ()
    tiers: tuple[tuple[int, ...], ...] = ()

    @property
    def total(self) -> Fraction:
        """Sum of the contributions of the terms that were not cut."""
        return sum((Fraction(t.contribution) for t in self.terms if not t.is_cut), Fraction(0))

    def check(self) -> None:
        """Raise AssertionError if the kept terms do not add up to the value (sums only)."""
        if self.divisor is None and not self.table and not self.steps and self.value is not None and self.terms:
            if self.total != self.value:
                raise AssertionError(f"{self.code} of {self.player}: terms add to {self.total}, value {self.value}")

    def text(
        self,
        fmt: Callable[[Number], str] = lambda x: str(x),
        names: Mapping[int, str] | None = None,
        label: str = "player",
        articles: str = "",
    ) -> str:
        """A plain-text rendering for ``tbxl explain``; ``names`` (start number -> name) name the
        members of a direct encounter's group, ``label`` heads its mini-table ("team"), ``articles``
        the text whose articles the reasons cite (:func:`tbxl.rules.articles_edition`)."""
        lines = [f"{self.code} of player {self.player} = {'-' if self.value is None else fmt(self.value)}"]
        # The colour of each game (w White, b Black) when the file records colours (issue 35).
        col = any(t.colour for t in self.terms)
        if self.terms:
            head = f"  {'rd':>3} {'opp':>5} " + ("col " if col else "")
            lines.append(
                head
                + f"{'res':>3} {'real':>6} {'used':>6} {'adds':>6}  reason"
                + (f" [article {articles}]" if articles else "")
            )
        for t in self.terms:
            mark = "x" if t.is_cut else " "
            lines.append(
                f"{mark} {'' if t.round is None else t.round:>3} {'' if t.opponent is None else t.opponent:>5} "
                + (f"{t.colour or '':>3} " if col else "")
                + f"{t.result:>3} {'' if t.real is None else fmt(t.real):>6} "
                f"{'' if t.adjusted is None else fmt(t.adjusted):>6} {fmt(t.contribution):>6}  "
                f"{t.reason}" + (f" [{t.article}]" if t.article else "") + (f"  <-- {t.cut}" if t.cut else "")
            )
        for row in self.table:
            lines.append(
                "  " + ", ".join(f"{k}={fmt(v) if isinstance(v, (Fraction, int)) else v}" for k, v in row.items())
            )
        for step in self.steps:
            lines.extend(encounter_text(step, fmt, names, label))
        if self.tiers:
            lines.append("  order that follows: " + order_text(self.tiers))
        if self.divisor is not None:
            lines.append(f"  total {fmt(self.total)} / {self.divisor}")
        elif self.terms:
            lines.append(f"  total {fmt(self.total)}")
        lines.extend(f"  note: {n}" for n in self.notes)
        return "\n".join(lines)


def order_text(tiers: Sequence[Sequence[int]]) -> str:
    """Tiers as text, best first: ``1 > 2 = 3`` (a tier of several is still tied).

    >>> order_text([(1,), (2, 3)])
    '1 > 2 = 3'
    """
    return " > ".join(" = ".join(map(str, tier)) for tier in tiers)


def encounter_text(
    step: EncounterStep,
    fmt: Callable[[Number], str] = lambda x: str(x),
    names: Mapping[int, str] | None = None,
    label: str = "player",
) -> list[str]:
    """A mini-table as ``tbxl explain`` prints it: what it compares among whom, every meeting
    with its result and what it counted, the mini crosstable with each one's score, missing games
    and maximum, the rule that decided and the order that follows."""
    known: Mapping[int, str] = names or {}

    def who(n: int) -> str:
        return f"{n} {known[n]}".rstrip() if n in known else str(n)

    def cell(a: int, b: int) -> str:
        if a == b:
            return "x"
        v = step.cell(a, b)
        return "" if v is None else fmt(v)

    out = [f"  {step.compares} among {', '.join(map(str, step.group))}: {step.outcome}"]
    for m in step.meetings:
        res = m.result
        if m.game_points is not None:
            res = f"{fmt(m.game_points[0])}-{fmt(m.game_points[1])}" + (f" ({m.result})" if m.result else "")
        counts = f"{fmt(m.points[0])}-{fmt(m.points[1])}" if m.points is not None else "-"
        # White first when the file gives the colours (issue 35), else lower start number first.
        pair = f"{who(m.first)} (w) - {who(m.second)} (b)" if m.colour == "w" else f"{who(m.first)} - {who(m.second)}"
        out.append(
            f"    round {m.round:>2}: {pair}  {res}  counts {counts}"
            + (f"  ({m.reason})" if m.reason else "")
            + ("" if m.colour or m.match_points is not None else "  (colours not in the file)")
        )
    if not step.meetings:
        out.append("    no game among them")
    members = [r.member for r in step.rows]
    width = max([len(str(n)) for n in members] + [3]) + 1
    head = f"    {label:<8}" + "".join(f"{n:>{width}}" for n in members) + f"{'score':>7}{'missing':>8}{'maximum':>8}"
    out.append(head)
    for r in step.rows:
        cells = "".join(f"{cell(r.member, o):>{width}}" for o in members)
        out.append(f"    {r.member:<8}{cells}{fmt(r.score):>7}{r.missing:>8}{fmt(r.maximum):>8}")
    out.extend(f"    {b}" for b in step.because)
    out.append(f"    -> {order_text(step.tiers)}")
    return out


def __getattr__(name: str) -> object:
    """A direct encounter's explanation types (:mod:`tbxl.derivation.encounter`), imported on first
    use (PEP 562): only an explanation builds them, and a ranking never loads their three frozen
    dataclasses (~14 M instructions at import; issue 26 item 7). A plain import, seen by
    import-linter and mypy."""
    if name not in ("EncounterStep", "Meeting", "MiniTableRow"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from tbxl.derivation import encounter

    value: object = getattr(encounter, name)
    globals()[name] = value
    return value
