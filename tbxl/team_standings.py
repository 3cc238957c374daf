"""Team standings: rank by the primary score (MP unless the list says GPTS) and the ordered
tie-break list (C.07 Art. 4.2); orders (EDE and its chains, TBR, BBE, DE) rank inside each group
still tied, as DE does for individuals (tbxl.standings).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Optional, Union

from tbxl.rules.conventions import Convention
from tbxl.derivation import Derivation
from tbxl.errors import InputError
from tbxl.standings import Row, TieStep, convention_of
from tbxl.tiebreaks.base import Column
from tbxl.tiebreaks.codes import Descriptor, parse, parse_list
from tbxl.model.team import Team, TeamTournament
from tbxl.rules.team import TeamSettings
from tbxl.tiebreaks.team import TeamEngine, primary_of

#: Defaults when neither the call nor the file (212/202) gives a list. tbxl's choice, patterned on
#: the FIDE TEC team sample (202 EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP): match points first, then the
#: direct encounter, the extended Sonneborn-Berger and Buchholz on MP (Swiss), game points last.
#: Round robins leave out the Buchholz family (C.07 2026) and use GP before ESB.
SWISS_DEFAULT = "MPTS,EDE,EMGSB/C1,BH:MP/C1,MPvGP"
ROUND_ROBIN_DEFAULT = "MPTS,EDE,MPvGP,EMGSB"


@dataclass
class TeamRow(Row):
    """One line of the team standings: a :class:`~tbxl.standings.Row` whose participant is a team
    (``player`` holds the :class:`Team`, which :attr:`team` names); ``points`` are the primary
    score, ``values`` map each code (as given) to its exact value (an order: the tier within the
    tied group, 1 = top; None where there is no value)."""

    @property
    def team(self) -> Team:
        return self.player  # type: ignore[return-value]


@dataclass
class TeamStandings:
    tournament: TeamTournament
    convention: Convention
    tiebreaks: list[Descriptor]
    primary: str
    engine: TeamEngine
    points_column: Column
    columns: list[Optional[Column]]
    rows: list[TeamRow] = field(default_factory=list)
    de_tier: dict = field(default_factory=dict)    # (code, team index) -> tier of an order (as DE's)
    groups: dict = field(default_factory=dict)     # (code, team number) -> tied group (numbers)
    steps: list = field(default_factory=list)      # TieStep: which code split which tied group

    @property
    def codes(self) -> list[str]:
        return [d.code for d in self.tiebreaks]

    @property
    def rules(self) -> str:
        """The name of the rules the teams are ranked by, as the outputs print it: the convention's,
        with the team settings changed on the defaults (``fide-2024+ede_bc=higher-first``)."""
        return self.engine.settings.named(self.convention)

    def row(self, number: int) -> TeamRow:
        for r in self.rows:
            if r.team.number == number:
                return r
        raise KeyError(number)

    def explain(self, number: int, code: str) -> Derivation:
        """The derivation of one value of team ``number`` (orders: the steps in its tied group)."""
        if number not in self.engine.index:
            raise KeyError(number)
        d = next((x for x in self.tiebreaks if x.code == code), None) or parse(code, team=True)
        if d.is_order:
            tier = self.de_tier.get((d.code, self.engine.index[number]))
            return self.engine.explain(d, number, self.groups.get((d.code, number)), tier)
        return self.engine.explain(d, number)


def resolve_team_tiebreaks(t: TeamTournament, tiebreaks=None) -> tuple[str, list[Descriptor]]:
    """(primary score, tie-breaks without the points code): given, else the file's 212/202, else
    the defaults."""
    if tiebreaks is None or (isinstance(tiebreaks, str) and not tiebreaks.strip()):
        tiebreaks = list(t.tiebreaks) or (ROUND_ROBIN_DEFAULT if t.is_round_robin else SWISS_DEFAULT)
    ds = parse_list(tiebreaks, team=True)
    primary = primary_of(ds)
    first = next((k for k, d in enumerate(ds) if d.name == "POINTS"), None)
    if first is not None and (ds[first].score or primary) == primary:
        ds = ds[:first] + ds[first + 1:]
    return primary, ds


def compute_team_standings(t: TeamTournament, tiebreaks=None, rules: Optional[Convention] = None,
                           settings: Union[TeamSettings, Mapping, None] = None) -> TeamStandings:
    """Rank the teams of ``t`` under ``rules`` (None: the edition in force at its start date);
    ``settings``: the team settings (:class:`~tbxl.rules.team.TeamSettings`). A rule set's name
    is resolved at the edge (:func:`tbxl.rules.conventions.resolve`), never here."""
    conv = convention_of(rules, t)
    primary, descs = resolve_team_tiebreaks(t, tiebreaks)
    engine = TeamEngine(t, conv, primary, settings)
    pts = engine.compute(Descriptor("POINTS", score=primary, text=primary))
    cols = [None if d.is_order else engine.compute(d) for d in descs]
    st = TeamStandings(t, conv, descs, primary, engine, pts, cols)
    numbers = [team.number for team in t.teams]

    def split(group: list[int], level: int) -> list[list[int]]:
        if len(group) < 2 or level == len(descs):
            return [group]
        d = descs[level]
        if d.is_order:
            tiers = engine.order(d, group)
            members = [numbers[i] for i in group]
            for k, tier in enumerate(tiers, 1):
                for i in tier:
                    st.de_tier[d.code, i] = k
                    st.groups[d.code, numbers[i]] = members
        else:
            col = cols[level]
            ordered = sorted(group, key=col.sort_key)
            tiers = []
            for i in ordered:
                if tiers and col.raw[tiers[-1][0]] == col.raw[i]:
                    tiers[-1].append(i)
                else:
                    tiers.append([i])
        if len(tiers) > 1:
            st.steps.append(TieStep(d.code, [numbers[i] for i in group], [[numbers[i] for i in t] for t in tiers]))
        out: list[list[int]] = []
        for tier in tiers:
            out.extend(split(tier, level + 1))
        return out

    by_points = sorted(range(len(t.teams)), key=lambda i: (pts.sort_key(i), numbers[i]))
    groups: list[list[int]] = []
    for i in by_points:
        if groups and pts.raw[groups[-1][0]] == pts.raw[i]:
            groups[-1].append(i)
        else:
            groups.append([i])
    place = 1
    for g in groups:
        for tier in split(g, 0):
            label = str(place) if len(tier) == 1 else f"{place}-{place + len(tier) - 1}"
            for i in sorted(tier, key=lambda i: numbers[i]):
                st.rows.append(TeamRow(place, label, t.teams[i], i, st))
            place += len(tier)
    return st


def check_team(st: TeamStandings, number: int, source: str = "") -> None:
    if number not in st.engine.index:
        raise InputError(f"no team with number {number}", file=source or None)


def team_standings_by_round(t: TeamTournament, tiebreaks=None, rules: Optional[Convention] = None,
                            settings: Union[TeamSettings, Mapping, None] = None) -> list[TeamStandings]:
    """The team standings as they stood after each round: element ``k - 1`` ranks the matches of
    rounds 1..k, with the same rules, primary score and tie-break list (resolved once against the
    whole event); the last equals the final standings. Cost: one ranking per round."""
    conv = convention_of(rules, t)
    primary, descs = resolve_team_tiebreaks(t, tiebreaks)
    codes = ["MPTS" if primary == "MP" else "GPTS"] + [d.code for d in descs]
    return [compute_team_standings(t.after_round(k), codes, conv, settings) for k in range(1, t.rounds + 1)]

