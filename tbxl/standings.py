"""Ranking by points and an ordered tie-break list (C.07 Art. 4.2), DE re-applied per Art. 6,
shared places for participants equal on everything: one ranking for any event.

An individual event ranks its players by points; a team event its teams by the primary score (MP
unless the list says GPTS), and its orders (EDE and its chains, TBR, BBE, DE) rank inside each group
still tied, as DE does for players.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from itertools import groupby
from operator import neg
from typing import TYPE_CHECKING, Any, cast

from tbxl.derivation import REASONS, Derivation, Reason
from tbxl.errors import InputError
from tbxl.model import MP, EventKind, Player, Tournament, for_kind
from tbxl.model.decisions import LONG_EVENT_DAYS, event_days
from tbxl.rules import Convention, TeamSettings
from tbxl.tiebreaks import Context, compute, explain_order, ratings
from tbxl.tiebreaks import explain as explain_value
from tbxl.tiebreaks import order as order_of
from tbxl.tiebreaks.base import Column, Raw
from tbxl.tiebreaks.codes import Descriptor, parse, parse_list
from tbxl.tiebreaks.context import convention_of, getter
from tbxl.tiebreaks.ranking import Ranking

if TYPE_CHECKING:
    # The team model, for the types only: an individual event never loads it (issue 26 item 7).
    from tbxl.model import AnyEvent, Team, TeamTournament

SWISS_DEFAULT = "BH/C1,BH,SB,PS,WIN"
ROUND_ROBIN_DEFAULT = "DE,SB,WIN,KS"
#: A team event's defaults when neither the call nor the file (212/202) gives a list. tbxl's choice,
#: patterned on the FIDE TEC team sample (202 EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP): match points
#: first, then the direct encounter, the extended Sonneborn-Berger and Buchholz on MP (Swiss), game
#: points last. Round robins leave out the Buchholz family (C.07 2026) and use GP before ESB.
TEAM_SWISS_DEFAULT = "MPTS,EDE,EMGSB/C1,BH:MP/C1,MPvGP"
TEAM_ROUND_ROBIN_DEFAULT = "MPTS,EDE,MPvGP,EMGSB"

Value = Fraction | int | None
#: A tie-break list: codes separated by commas, a sequence of codes, or None (the file's, else the defaults).
Tiebreaks = str | Sequence[str] | None

#: How many unrated participants a note names before it counts the rest.
UNRATED_NAMED = 5
#: The rank label of an expelled participant: no rank (checklist 197-198), listed after the ranked.
EXPELLED = "expelled"


@dataclass
class Row:
    """One line of the standings. ``values`` maps each tie-break code to its exact value (DE and a
    team event's orders: the tier within the tied group, 1 = top; None where there is no value).
    ``points`` are a team event's primary score."""

    rank: int
    rank_label: str  # "3" or "3-5" for a shared place
    player: Player | Team  # the participant: a team in a team event (:attr:`team`)
    index: int  # participant index in the context
    standings: Standings = field(repr=False)

    @property
    def team(self) -> Team:
        """The participant of a team event's row."""
        assert not isinstance(self.player, Player)  # a Team (the team model loads for a team event only)
        return self.player

    @property
    def number(self) -> int:
        """The number the participant is known by: a player's start number, a team's number."""
        p = self.player
        return p.start_number if isinstance(p, Player) else p.number

    @property
    def points(self) -> Fraction:
        column = self.standings.points_column
        assert column is not None
        points = column.value(self.index)
        assert points is not None  # every participant has points
        return points

    @property
    def expelled(self) -> bool:
        """Was the participant expelled (no rank, no prize, listed after the ranked)?"""
        return self.rank_label == EXPELLED

    @property
    def decided_by(self) -> str | None:
        """ "play-off" or "lots" when the row's place among participants equal on every tie-break
        was decided so (:mod:`tbxl.playoffs`), else None."""
        decided = self.standings.decided_by
        return decided.get(self.number) if decided else None  # read per row by every writer: most events have none

    @cached_property
    def values(self) -> dict[str, Value]:
        st = self.standings
        return {
            d.code: (st.de_tier.get((d.code, self.index)) if col is None else col.value(self.index))
            for d, col in zip(st.tiebreaks, st.columns)
        }


@dataclass
class TieStep:
    """How one tie-break split a group that was still tied (for the report)."""

    code: str
    group: list[int]  # start numbers, tied before this step
    tiers: list[list[int]]  # start numbers after it, best first


@dataclass
class Standings:
    """The ranking of an individual or a team event. A team event's also has its ``primary``
    score (MP or GP); its ``context`` is the one on the primary score, with the team settings."""

    tournament: AnyEvent
    convention: Convention
    tiebreaks: list[Descriptor]
    rows: list[Row]
    context: Context
    columns: list[Column | None] = field(default_factory=list)  # None for an order (DE, EDE ...)
    points_column: Column | None = None
    steps: list[TieStep] = field(default_factory=list)
    de_tier: dict[tuple[str, int], int] = field(default_factory=dict)  # (code, participant index) -> tier
    groups: dict[tuple[str, int], list[int]] = field(default_factory=dict)  # (code, number) -> tied group
    primary: str | None = None  # a team event's primary score
    #: Participants equal on every tie-break placed by a play-off or by lots (C.07 4.2; number ->
    #: "play-off" | "lots", :mod:`tbxl.playoffs`), and the seed of the lots (None: none drawn).
    decided_by: dict[int, str] = field(default_factory=dict)
    lots_seed: str | None = None

    def raw(self, index: int, k: int) -> tuple[Raw, int]:
        """``(raw, den)`` of tie-break ``k`` for a player index: the fast path for output."""
        col = self.columns[k]
        if col is None:
            return self.de_tier.get((self.tiebreaks[k].code, index)), 1
        return col.raw[index], col.den

    @property
    def codes(self) -> list[str]:
        return [d.code for d in self.tiebreaks]

    @property
    def rules(self) -> str:
        """The name of the rules the standings follow, as outputs print it: a team event's adds the
        team settings changed on the defaults (``fide-2024+ede_bc=higher-first``)."""
        if self.primary is not None:  # a team event's
            return self.settings.named(self.convention)
        return self.convention.name

    @property
    def settings(self) -> TeamSettings:
        """The team settings the standings follow (the defaults for an individual event)."""
        return self.context.settings

    @property
    def listed(self) -> list[str]:
        """The tie-break list that ranks the same way again: a team event's starts with its primary
        score (``MP`` or ``GP``), so that a ranking by it (after each round, say) keeps it."""
        return ([self.primary] if self.primary is not None else []) + self.codes

    def by_round(self) -> list[Standings]:
        """The standings after each round under the same rules, list and team settings
        (:func:`standings_by_round`)."""
        return standings_by_round(
            self.tournament, self.listed, self.convention, settings=self.settings if self.primary is not None else None
        )

    def __contains__(self, number: object) -> bool:
        """Does the event have a participant of this number (a start number, a team's number)?"""
        return number in self._row_of

    @property
    def numbers(self) -> list[int]:
        """The participants' numbers, in increasing order."""
        return sorted(self._row_of)

    def row(self, start_number: int) -> Row:
        """The row of a start number (a team's number; ``KeyError`` if there is none)."""
        return self._row_of[start_number]

    @cached_property
    def _row_of(self) -> dict[int, Row]:
        players = self.context.players
        return {players[row.index].start_number: row for row in self.rows}

    def separating(self, a: int, b: int) -> str | None:
        """The item that puts start numbers ``a`` and ``b`` in their order: ``"PTS"`` when their
        points differ, else the first tie-break of the list on which they differ (Art. 4.2), or
        None when they are equal on everything (a shared place).

        Comparing the values in list order is the ranking itself: two players still tied when a
        DE step comes are in the same DE group, so their DE tiers compare too.

        >>> from importlib.resources import files
        >>> from tbxl.io.trf import read_trf
        >>> t = read_trf(str(files("tbxl.examples") / "held_swiss_5.trf"))
        >>> from tbxl.rules import get
        >>> st = compute_standings(t, "BH/C1,BH,SB", get("fide-2024"))
        >>> st.separating(4, 14), st.separating(4, 1), st.separating(1, 16)
        ('PTS', 'BH/C1', 'SB')
        """
        ra, rb = self.row(a), self.row(b)
        if ra.points != rb.points:
            return "PTS"
        return next((c for c in self.codes if ra.values[c] != rb.values[c]), None)

    @cached_property
    def notes(self) -> list[Reason]:
        """What a reader must know about the whole table, said once (stderr, the report's notes):
        rating tie-breaks left without a value for everybody by unrated participants (D18)."""
        blank: dict[tuple[int, ...], list[str]] = {}
        for d in self.tiebreaks:
            if d.name in ratings.RATING_TIEBREAKS:
                who = ratings.unrated_players(self.context, d)
                if who:
                    blank.setdefault(tuple(who), []).append(d.code)
        out = self._decision_notes()
        event = self.tournament
        for unrated, codes in blank.items():
            assert isinstance(event, Tournament)  # a team event has no rating tie-breaks
            named = ", ".join(f"{sn} {event.player(sn).name}" for sn in unrated[:UNRATED_NAMED])
            if len(unrated) > UNRATED_NAMED:
                named += f" (+{len(unrated) - UNRATED_NAMED})"
            out.append(
                Reason.of(
                    "note.unrated_field",
                    codes=", ".join(codes),
                    count=len(unrated),
                    players=named,
                    example=f"{codes[0]}/U1400",
                )
            )
        return out

    def _decision_notes(self) -> list[Reason]:
        """The notes of the organizer's decisions (checklist 197-216): the expelled, a list
        change, values given, a long event's rating tie-breaks."""
        event = self.tournament
        decisions = event.decisions
        out = []
        players = self.context.players
        name = {p.start_number: p.name for p in players}

        def who(numbers: Sequence[int]) -> str:
            return ", ".join(f"{sn} {name.get(sn, '')}".strip() for sn in numbers)

        if decisions.expelled:
            out.append(Reason.of("note.expelled", players=who(decisions.expelled)))
        change = decisions.list_change
        if change is not None:
            out.append(
                Reason.of(
                    "note.list_change",
                    round=change.after_round,
                    previous=",".join(change.previous),
                    current=",".join(self.codes),
                )
            )
        for code in dict.fromkeys(c for c, _, _ in decisions.given):
            if code in self.codes:
                numbers = [sn for c, sn, _ in decisions.given if c == code]
                out.append(Reason.of("note.given_values", codes=code, players=who(numbers)))
        days = long_event_days(event)
        rating_codes = [d.code for d in self.tiebreaks if d.name in ratings.RATING_TIEBREAKS]
        if days and rating_codes:
            which = "note.round_rating" if self.convention.rating_by == "round" else "note.first_rating"
            out.append(Reason.of("note.long_event", days=days, codes=", ".join(rating_codes), which=REASONS[which]))
        elif days:  # flagged (checklist 210), nothing to warn about
            out.append(Reason.of("note.long_event_flag", days=days))
        return out

    def explain(self, start_number: int, code: str) -> Derivation:
        """The derivation of one value; DE shows its mini-tables (a team event's orders: the steps
        in its tied group); a value given for it (checklist 207) says so."""
        ctx = self.context
        if start_number not in ctx.index:
            raise KeyError(start_number)
        given = ctx.t.decisions.given_value(code, start_number)
        if given is not None and code.upper() in (c.upper() for c in self.codes):
            return Derivation(code, start_number, (), given, notes=(Reason.of("note.given", value=given),))
        team = ctx.team
        d = next((x for x in self.tiebreaks if x.code == code), None) if team else None
        d = d or parse(code, team=team)
        if d.is_order:
            tier = self.de_tier.get((d.code, ctx.index[start_number]))
            return explain_order(ctx, d, start_number, self.groups.get((d.code, start_number)), tier)
        return explain_value(ctx, d, start_number)


def long_event_days(event: AnyEvent) -> int | None:
    """The days an event lasts when its dates span more than 30 days (checklist 210: players may
    be rated more than once; C.07 2026 Art. 10), else None."""
    days = event_days(event.start_date, event.end_date)
    return days if days is not None and days > LONG_EVENT_DAYS else None


def primary_of(codes: Sequence[Descriptor]) -> str:
    """The primary score: the first PTS/MPTS/GPTS of the list (PTS = MP for teams, C07 §10.5)."""
    for d in codes:
        if d.name == "POINTS":
            return d.score or MP
    return MP


#: How each kind of event is ranked: a kind without an entry cannot be ranked (NotSupported); a third
#: kind adds its own, or ranks as one of these (a Scheveningen match's players, as an individual event's).
RANKINGS = {
    EventKind.INDIVIDUAL: Ranking(SWISS_DEFAULT, ROUND_ROBIN_DEFAULT, team_codes=False),
    EventKind.TEAM: Ranking(TEAM_SWISS_DEFAULT, TEAM_ROUND_ROBIN_DEFAULT, team_codes=True, primary_of=primary_of),
}


def _listed(event: AnyEvent, tiebreaks: Tiebreaks = None) -> list[Descriptor]:
    """The tie-break list as given, else the file's 212/202 record, else the defaults, parsed."""
    kind = for_kind(RANKINGS, event, "ranking")
    if tiebreaks is None or (isinstance(tiebreaks, str) and not tiebreaks.strip()):
        tiebreaks = list(event.tiebreaks) or (kind.round_robin if event.is_round_robin else kind.swiss)
    return parse_list(tiebreaks, kind.team_codes)


def resolve_tiebreaks(event: AnyEvent, tiebreaks: Tiebreaks = None) -> list[Descriptor]:
    """The tie-break list to use, without the points that rank first: given, else the file's
    212/202 record, else the defaults (a team event's: :data:`TEAM_SWISS_DEFAULT`,
    :data:`TEAM_ROUND_ROBIN_DEFAULT`). A team event's list drops its first points code when it
    names the primary score (:func:`primary_score`); a later one is a tie-break (``MP,GP``)."""
    ds = _listed(event, tiebreaks)
    kind = for_kind(RANKINGS, event, "ranking")
    return kind.tiebreaks(ds, kind.primary(ds))


def primary_score(event: TeamTournament, tiebreaks: Tiebreaks = None) -> str:
    """The score a team event ranks by first (MP or GP): the first points code of its list."""
    return primary_of(_listed(event, tiebreaks))


def compute_standings(
    event: AnyEvent,
    tiebreaks: Tiebreaks = None,
    rules: Convention | None = None,
    after_round: int | None = None,
    settings: TeamSettings | Mapping[str, Any] | None = None,
) -> Standings:
    """Rank ``event``, individual or team (optionally as it stood after ``after_round``), under
    ``rules`` (None: the edition in force at its start date); ``settings``: a team event's team
    settings (:class:`~tbxl.rules.TeamSettings`, or a mapping of them). A rule set's name is
    resolved at the edge (:func:`tbxl.rules.resolve`), never here."""
    conv = convention_of(rules, event)
    if after_round is not None:
        if not 0 <= after_round <= event.rounds:
            raise InputError(f"--after-round {after_round} is outside 0..{event.rounds}")
        event = event.after_round(after_round)
    kind = for_kind(RANKINGS, event, "ranking")
    parsed = _listed(event, tiebreaks)
    primary = kind.primary(parsed)
    descs = kind.tiebreaks(parsed, primary)  # resolve_tiebreaks's, the list parsed once
    ctx = kind.context(event, conv, primary, settings)
    points = Descriptor("PTS") if primary is None else Descriptor("POINTS", score=primary, text=primary)
    pts = compute(ctx, points)
    cols: list[Column | None] = [None if d.is_order else compute(ctx, d) for d in descs]
    decisions = event.decisions
    if decisions.given:
        listed = [d.code.upper() for d in descs]
        stray = next((f"{c}:{sn}" for c, sn, _ in decisions.given if c not in listed), None)
        if stray is not None:  # never a value given for nothing, silently
            raise InputError(
                f"a value given for {stray}, but {stray.split(':')[0]} is not in the tie-break list "
                f"({', '.join(d.code for d in descs)})"
            )
        cols = [_with_given(ctx, d, col) for d, col in zip(descs, cols)]
    de_tier: dict[tuple[str, int], int] = {}
    de_groups: dict[tuple[str, int], list[int]] = {}
    steps: list[TieStep] = []
    sn = [p.start_number for p in ctx.players]

    keys: dict[int, Sequence[Any]] = {}  # per level: each participant's sort key
    codes = [d.code for d in descs]  # (a descriptor's code is a property that formats it)
    is_order = [d.is_order for d in descs]

    def sort_keys(level: int) -> Sequence[Any]:
        if level not in keys:
            col = cols[level]
            assert col is not None  # a value's column (orders have none)
            if None in col.raw:
                keys[level] = [col.sort_key(i) for i in range(len(col.raw))]
            else:  # the same order as sort_key, without a call per player
                values = cast("Sequence[int | Fraction]", col.raw)
                keys[level] = list(values) if col.ascending else [-v for v in values]
        return keys[level]

    def split(group: list[int], level: int) -> list[list[int]]:
        if len(group) < 2 or level == len(descs):
            return [group]
        tiers: list[list[int]]
        if is_order[level]:  # DE (Art. 6), a team event's EDE, TBR, BBE: tiers of the tied group
            tiers = order_of(ctx, descs[level], group)
            members = [sn[i] for i in group]
            for t, tier in enumerate(tiers, 1):
                for i in tier:
                    de_tier[codes[level], i] = t
                    de_groups[codes[level], sn[i]] = members
        else:
            col = cols[level]
            assert col is not None
            tiers = [
                list(tier) for _, tier in groupby(sorted(group, key=sort_keys(level).__getitem__), col.raw.__getitem__)
            ]
        if len(tiers) > 1:
            steps.append(TieStep(codes[level], [sn[i] for i in group], [[sn[i] for i in t] for t in tiers]))
        if level + 1 == len(descs):
            return tiers
        out = []
        for tier in tiers:
            if len(tier) > 1:
                out.extend(split(tier, level + 1))
            else:
                out.append(tier)
        return out

    points_raw = cast("Sequence[int]", pts.raw)  # units: integers
    by_points = sorted(range(len(ctx.players)), key=getter(list(zip(map(neg, points_raw), sn))))
    expelled = set(decisions.expelled)
    if expelled:  # no rank (checklist 197-198): left out of every tied group, listed after the ranked
        out_of_ranking = [i for i in by_points if sn[i] in expelled]
        by_points = [i for i in by_points if sn[i] not in expelled]
    groups = [list(group) for _, group in groupby(by_points, getter(points_raw))]
    final: list[list[int]] = []
    for g in groups:
        final.extend(split(g, 0))

    st = Standings(event, conv, descs, [], ctx, cols, pts, steps, de_tier, de_groups, primary)
    place = 1
    players = kind.participants(event, ctx)
    rows = st.rows
    for tier in final:
        if len(tier) == 1:
            i = tier[0]
            rows.append(Row(place, str(place), players[i], i, st))
            place += 1
            continue
        label = f"{place}-{place + len(tier) - 1}"
        for i in sorted(tier, key=sn.__getitem__):
            rows.append(Row(place, label, players[i], i, st))
        place += len(tier)
    for i in out_of_ranking if expelled else ():
        rows.append(Row(place, EXPELLED, players[i], i, st))
    return st


def _with_given(ctx: Context, d: Descriptor, col: Column | None) -> Column | None:
    """``col`` with the values given for ``d`` (checklist 207: a play-off's result, a value a
    federation decided) in place of the computed ones."""
    given = {sn: v for code, sn, v in ctx.t.decisions.given if code == d.code.upper()}
    if col is None or not given:
        return col
    raw: list[Raw] = list(col.raw)
    for number, value in given.items():
        if number in ctx.index:
            raw[ctx.index[number]] = value * col.den if (value * col.den).denominator != 1 else int(value * col.den)
    return Column(col.code, col.den, raw, col.ascending)


def standings_by_round(
    event: AnyEvent,
    tiebreaks: Tiebreaks = None,
    rules: Convention | None = None,
    settings: TeamSettings | Mapping[str, Any] | None = None,
) -> list[Standings]:
    """The standings as they stood after each round: element ``k - 1`` is the ranking after round
    ``k``, for k = 1 .. ``event.rounds`` (ChessLivo's round-by-round tables).

    Each one is ``compute_standings(event, tiebreaks, rules, after_round=k, settings)``: only the
    results of rounds 1..k count, under the same rules and the same tie-break list (a team event's:
    the same primary score), so a participant's points, rank label and tie-break values after round
    k are ``result[k - 1].row(start_number)``; the last element equals the final standings. The
    rules and the tie-break list are resolved once, against the whole event, so every round uses
    the same ones (a default taken from the start date or the file's 212 record could not differ
    anyway, but a given ``Convention`` stays that object). Cost: one standings computation per round.
    """
    conv = convention_of(rules, event)
    codes = [d.code for d in resolve_tiebreaks(event, tiebreaks)]
    primary = for_kind(RANKINGS, event, "ranking").primary(_listed(event, tiebreaks))
    if primary is not None:  # the same primary score in every round
        codes.insert(0, "MPTS" if primary == MP else "GPTS")
    return [compute_standings(event, codes, conv, after_round=k, settings=settings) for k in range(1, event.rounds + 1)]
