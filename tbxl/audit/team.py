"""Audit a published team standings table against the announced rules (``tbxl audit TEAM.trf
--published FILE``), and name the rule set each differing number follows.

The checks are :mod:`tbxl.audit`'s (the same candidates, findings, column verdicts, exit status);
this module gives them a team event: its header words (a team-number column, ``MP``, ``GP``, team
codes such as ``BH:MP/C1`` or ``EMGSB``, ``TB1`` ... mapped onto the tie-break list) and an engine
that computes team values and rankings under each rule set tried.

>>> team_column_meaning("Team No."), team_column_meaning("MP"), team_column_meaning("GP")
('START', 'MP', 'GP')
>>> team_column_meaning("TB2", ["EDET/P", "EMGSB/C1/P"]), team_column_meaning("BH/C1:MP")
('EMGSB/C1/P', 'BH/C1:MP')
>>> team_column_meaning("Team"), team_column_meaning("Rk."), team_column_meaning("Buchholz Cut 1")
('IGNORE', 'RANK', 'BH/C1')
"""

from __future__ import annotations

from typing import Mapping, Optional, Sequence, Union

from tbxl.audit import Audit, Candidate, Published, _Engine, check
from tbxl.rules.conventions import Convention, spelled_changes
from tbxl.errors import UnknownTiebreak
from tbxl.io.grid.cells import header_key, header_role
from tbxl.io.published import IGNORE, POINTS, START, column_meaning, numbered_column
from tbxl.tiebreaks.context import convention_of
from tbxl.tiebreaks.codes import CHAINS, Descriptor, parse
from tbxl.model.team import GP, MP, TeamTournament
from tbxl.rules.team import TEAM_SETTINGS, TeamSettings, settings as team_settings
from tbxl.standings import Standings, compute_standings, primary_score, resolve_tiebreaks

#: Header words of a team-number column (normalised as :func:`~tbxl.io.grid.cells.header_key` does);
#: ``No``, ``SNo``, ``Nr.`` ... are :data:`~tbxl.io.grid.cells.HEADER_WORDS`' start numbers.
TEAM_NUMBER_WORDS = frozenset({
    "teamno", "teamnr", "teamnumber", "team#", "tno", "tnr", "tsno", "mannschaftnr", "mnr", "equipono",
    "nºequipo", "noequipo", "sốđội", "номеркоманды", "nopasukan"})
#: Header words of the team's name column (ignored, as a player's name is).
TEAM_NAME_WORDS = frozenset({
    "team", "teams", "teamname", "mannschaft", "equipo", "équipe", "equipe", "đội", "команда", "pasukan"})
#: Match and game points spelled as columns: the codes MP and GP.
SCORE_WORDS = {"mp": MP, "mpts": MP, "matchpoints": MP, "mannschaftspunkte": MP, "gp": GP, "gpts": GP,
               "gamepoints": GP, "bp": GP, "boardpoints": GP, "brettpunkte": GP}


def team_column_meaning(header: str, tiebreaks: Sequence[str] = (), mapping: Optional[dict] = None) -> Optional[str]:
    """What a column of published team standings holds: ``START`` (the team number), ``RANK``,
    ``PTS`` (the primary score), ``MP``, ``GP``, a team tie-break code as spelled, ``IGNORE`` or None.
    ``TBn`` is the n-th code of ``tiebreaks`` (the ranking's list without the points)."""
    key = header_key(header)
    if mapping and key in mapping:
        return mapping[key]
    if not key:
        return None
    if key in TEAM_NUMBER_WORDS:
        return START
    if key in TEAM_NAME_WORDS:
        return IGNORE
    if key in SCORE_WORDS:
        return SCORE_WORDS[key]
    if header_role(key) is not None:
        return column_meaning(header)
    code = numbered_column(header, tiebreaks, parse_team)
    if code is not None:
        return code
    try:
        d = parse(str(header), team=True)
    except UnknownTiebreak:
        long = column_meaning(header)   # "Buchholz Cut 1" -> BH/C1 (on the primary score)
        return long if long not in (None, IGNORE) and _parses(long) else None
    return POINTS if d.name == "POINTS" and d.score is None else d.code


def parse_team(code: str) -> Descriptor:
    """A team event's code (:func:`tbxl.tiebreaks.codes.parse` with ``team``)."""
    return parse(code, team=True)


def _parses(code: str) -> bool:
    try:
        parse(code, team=True)
    except UnknownTiebreak:
        return False
    return True


class TeamAuditEngine(_Engine):
    """:class:`tbxl.audit._Engine` on a team event: team codes, team names, team standings (each
    rule set ranked once, with the primary score first, under the same team settings)."""

    parse = staticmethod(parse_team)

    def __init__(self, tournament: TeamTournament, primary: str, tiebreaks: list[str],
                 settings: Union[TeamSettings, Mapping, None] = None) -> None:
        super().__init__(tournament, tiebreaks)   # type: ignore[arg-type]
        self.points_code = "MPTS" if primary == MP else "GPTS"
        self.settings = team_settings(settings)

    @staticmethod
    def is_order(d: Descriptor) -> bool:
        return d.is_order

    def name(self, number: int) -> str:
        return self.t.team(number).name

    def standings(self, conv: Convention, tiebreaks: Optional[tuple[str, ...]] = None,
                  settings: Optional[TeamSettings] = None) -> Standings:
        """The standings under ``conv`` and the team ``settings`` (None: the audit's)."""
        settings = self.settings if settings is None else settings
        key = (conv.name, tiebreaks, settings)
        if key not in self._standings:
            codes = [self.points_code] + list(tiebreaks or self.tiebreaks)
            self._standings[key] = compute_standings(self.t, codes, conv, settings=settings)
        return self._standings[key]

    def ranking(self, c: Candidate) -> Standings:
        return self.standings(c.convention, c.tiebreaks, c.settings)

    def rank_candidates(self, conv: Convention, tried: list[Candidate]) -> list[Candidate]:
        """Each rule set (the announced ``conv`` first, then those ``tried``) with a team setting
        changed that can change this ranking (:func:`_matters`). Team settings change orders only
        (EDEBT/EDEBB rank inside a tied group), so only ranks are checked against them."""
        out = []
        for option, setting in TEAM_SETTINGS.items():
            if not _matters(option, self.tiebreaks):
                continue
            for value in setting.values:
                if value == getattr(self.settings, option):
                    continue
                changed = self.settings.with_options(**{option: value})
                spelled, said = spelled_changes(TEAM_SETTINGS, [(option, value)]), setting.text(value)
                out += [Candidate(rules, settings=changed, spelled=spelled, said=said)
                        for rules in [conv] + [c.convention for c in tried if c.tiebreaks is None]]
        return out

    def value(self, conv: Convention, d: Descriptor, number: int):
        engine = self.standings(conv).engine
        return engine.compute(d).value(engine.index[number])

    def explain(self, conv: Convention, d: Descriptor, number: int):
        return self.standings(conv).engine.explain(d, number)


def _matters(option: str, tiebreaks: Sequence[str]) -> bool:
    """Can changing the team setting ``option`` change a ranking by ``tiebreaks``? ``ede_bc`` only
    where an EDE chain has the board-count step (EDEBT, EDEBB: C.07 13, 2026)."""
    if option == "ede_bc":   # "C": the chain's BC step (BOARD_STEPS)
        return any("C" in CHAINS.get(parse(code, team=True).name, "")[2:] for code in tiebreaks)
    return True


def team_audit(t: TeamTournament, published: Published, *, rules: Optional[Convention] = None,
               tiebreaks=None, settings: Union[TeamSettings, Mapping, None] = None) -> Audit:
    """Check every published number of a team table against ``rules`` (a :class:`Convention`,
    resolved at the edge; None: the edition in force at the start date), trying
    :func:`tbxl.audit.candidates` on each difference, every rule set under the team ``settings``.
    ``tiebreaks``: the ranking's list (default: the file's 212/202, else the published tie-break
    columns in order, else tbxl's team defaults). The result is an :class:`~tbxl.audit.Audit`
    (``start_number`` = team number).
    """
    conv = convention_of(rules, t)
    if tiebreaks is None and not t.tiebreaks and published.tiebreaks:
        tiebreaks = published.tiebreaks
    primary, descs = primary_score(t, tiebreaks), resolve_tiebreaks(t, tiebreaks)
    engine = TeamAuditEngine(t, primary, [d.code for d in descs], settings)
    return check(engine, published, conv, "team with number")   # type: ignore[arg-type]
