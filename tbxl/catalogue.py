"""The catalogue of tbxl's Excel functions: each one's name, arguments, help, and how its value is
computed, individual and team functions alike. :mod:`tbxl.excel` registers them with xlwings from it;
:mod:`tbxl.workbook` writes their formulas, the formulas' stored values
and their Help sheets from it, without calling an Excel function by name.

Standard library and the core only (the team core for the team functions, C.07 Arts 11-13, imported
where their values are computed): it travels into xlwings Lite with :mod:`tbxl.excel`.

>>> from tbxl.tiebreaks.codes import parse
>>> call_for(parse("BH/M1"))
(Function('BUCHHOLZ_CUT'), ('M1',))
>>> [f.name for f in FUNCTIONS if f.rules][:3]
['BUCHHOLZ', 'BUCHHOLZ_CUT', 'SONNEBORN_BERGER']
>>> BY_NAME["PROGRESSIVE"].signature
'PROGRESSIVE(crosstable, player, [cut], [layout])'
>>> BY_NAME["TEAM_STANDINGS"].call("$A$1:$E$5", "$B$4")
'TEAM_STANDINGS($A$1:$E$5,$B$4)'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tbxl.function_names import TEAM_STANDINGS, TEAM_TIEBREAK
from tbxl.io.grid.cells import cell_number
from tbxl.model import Tournament
from tbxl.projection import spill
from tbxl.rules import Convention
from tbxl.standings import Standings, compute_standings
from tbxl.tiebreaks import Context, compute
from tbxl.tiebreaks.codes import Descriptor

if TYPE_CHECKING:
    from tbxl.model import TeamTournament
    from tbxl.standings import Standings

__all__ = [
    "Argument",
    "Function",
    "FUNCTIONS",
    "TEAM_FUNCTIONS",
    "BY_NAME",
    "call_for",
    "value_of",
    "standings_table",
    "team_value_of",
    "team_standings_table",
    "in_cells",
]


@dataclass(frozen=True)
class Argument:
    """One argument: its name, its help (at most 255 characters: the Function Wizard's limit),
    whether it may be omitted, and whether it is a range (xlwings' ``ndim=2``). ``label`` is how
    the Help sheet names it where two functions give one name two meanings."""

    name: str
    help: str
    optional: bool = True
    range: bool = False
    label: str = ""


@dataclass(frozen=True)
class Function:
    """One Excel function: its name, its one-line help (what Excel shows), its arguments in order;
    ``classic_only``: registered for the classic add-in only (Office.js needs names of at least 3
    characters), ``note`` says so on the Help sheet. Its value: :func:`value_of` for the tie-break
    functions (the code :func:`call_for` maps to them), :func:`standings_table` for STANDINGS,
    :func:`team_value_of` for TEAM_TIEBREAK, :func:`team_standings_table` for TEAM_STANDINGS."""

    name: str
    help: str
    arguments: tuple[Argument, ...]
    classic_only: bool = False
    note: str = ""

    @property
    def rules(self) -> bool:
        return any(a.name == "rules" for a in self.arguments)

    @property
    def signature(self) -> str:
        """``BUCHHOLZ_CUT(crosstable, player, [cut], [rules], [layout])``: optional ones bracketed."""
        return f"{self.name}({', '.join(f'[{a.name}]' if a.optional else a.name for a in self.arguments)})"

    def call(self, *arguments: str) -> str:
        """The formula text calling this function with ``arguments`` (cell references, literals)."""
        return f"{self.name}({','.join(arguments)})"

    def __repr__(self) -> str:
        return f"Function({self.name!r})"


CROSSTABLE = Argument(
    "crosstable",
    "The crosstable range: compact (12w1 per round), Swiss-Manager 3 columns per "
    "round (opponent, colour, result) or a round-robin matrix; header rows are recognised.",
    optional=False,
    range=True,
)
PLAYER = Argument(
    "player",
    "The player's start number (the No column of the crosstable), or a range of start "
    "numbers: the values then spill in the range's shape.",
    optional=False,
    range=True,
)
RULES = Argument(
    "rules",
    "Rules for unplayed rounds, e.g. fide-2026, fide-2024, fide-2017, sm-real-points; settings after +, "
    "e.g. fide-2026+unrated_method=estimated; empty = the FIDE rules in force (fide-2026).",
)
LAYOUT = Argument(
    "layout",
    "Optional: compact, sm3 or matrix to force the layout, and/or round-robin or swiss to "
    'force the pairing system (e.g. "compact round-robin"); empty = detected.',
)
CUT = Argument(
    "cut",
    "Cut: n drops the n lowest values (BH/Cn); a negative n or M1, M2 is the Median "
    "(drops the n highest too); 0 = none. Default 1.",
    label="cut (BUCHHOLZ_CUT)",
)
PS_CUT = Argument(
    "cut", "Cut: n drops the running scores of the first n rounds (PS/Cn). Default 0.", label="cut (PROGRESSIVE)"
)
CODE = Argument(
    "code",
    "A tie-break code of FIDE C.07, e.g. BH/C1, BH/M1, SB, KS, PS, WIN, WON, BPG, BWG, REP, "
    "ARO/C1, TPR, APRO, FB, AOB, DE, TPN, RTNG.",
    optional=False,
)
TIEBREAKS = Argument(
    "tiebreaks",
    "Comma-separated tie-break codes in order, e.g. BH/C1,BH,SB (or a range of "
    "codes); empty = BH/C1,BH,SB,PS,WIN (Swiss) or DE,SB,WIN,KS (round robin).",
)
PUBLISHED = Argument(
    "published_range",
    "The published table to check, header row first: a start-number column "
    "(SNo, Nr.) and columns named by code or name (BH/C1, Buchholz Cut 1, SB), rank (Rk.) or "
    "points (Pts); numbers or text such as 9,75.",
    optional=False,
    range=True,
    label="published_range (AUDIT)",
)

PLAYOFF = Argument(
    "playoff",
    "Play-offs among players equal on every tie-break, best first: 12>7>3 (start numbers; = "
    "for a tier left equal), several separated by ; (or a range, one a cell); empty = none.",
    label="playoff (STANDINGS)",
)
LOTS = Argument(
    "lots",
    "The seed of the lots for players still equal on every tie-break (e.g. Open2026-r9: each "
    "lot is the SHA-256 of SEED:NUMBER, lowest first); empty = no lots, the place stays shared.",
    label="lots (STANDINGS)",
)

DECISIONS = Argument(
    "decisions",
    "The organizer's decisions: the Event sheet's rows (Event!$A$1:$B$100), a label in A and "
    "items in B: Expelled 12; Estimated rating 12:1650; Rating from round 12:5:2150; Given value "
    "BH:12=15.5; List change 4:BH,SB. Empty = none.",
    range=True,
)

K = Argument(
    "k",
    "K factor (FIDE rating regulations B.02 8.3.3: 10, 20 or 40) for players the crosstable's K "
    "column leaves blank; empty = by 8.3.3 from the rating (and birth date), within 8.3.3's K x n <= 700.",
    label="k (RATING_CHANGE)",
)

#: The arguments in the order the Help sheet explains them.
ARGUMENTS = (CROSSTABLE, PLAYER, CUT, PS_CUT, CODE, TIEBREAKS, PUBLISHED, K, RULES, LAYOUT, PLAYOFF, LOTS, DECISIONS)

_SB_HELP = "Sonneborn-Berger (FIDE C.07 9.1): the sum of each opponent's score times the result against them."

#: The functions, in the order of the Help sheet.
FUNCTIONS = (
    Function(
        "BUCHHOLZ",
        "Buchholz (FIDE C.07 8.1): the sum of the opponents' scores, unplayed rounds as the rules say.",
        (CROSSTABLE, PLAYER, RULES, LAYOUT),
    ),
    Function(
        "BUCHHOLZ_CUT",
        "Buchholz Cut-n or Median-n (FIDE C.07 8.1, 14.1-14.3): Buchholz without the n least significant values.",
        (CROSSTABLE, PLAYER, CUT, RULES, LAYOUT),
    ),
    Function("SONNEBORN_BERGER", _SB_HELP, (CROSSTABLE, PLAYER, RULES, LAYOUT)),
    Function(
        "SB",
        "Sonneborn-Berger (FIDE C.07 9.1), short name for the classic add-in; same as SONNEBORN_BERGER.",
        (CROSSTABLE, PLAYER, RULES, LAYOUT),
        classic_only=True,
        note="classic add-in only; use SONNEBORN_BERGER elsewhere",
    ),
    Function(
        "PROGRESSIVE",
        "Progressive score (FIDE C.07 7.5): the sum of the running scores after each round; cut n drops the first n.",
        (CROSSTABLE, PLAYER, PS_CUT, LAYOUT),
    ),
    Function(
        "TIEBREAK",
        "Any FIDE C.07 tie-break by its code (BH/C1, SB, KS, ARO, TPR, WIN, DE ...); DE gives the "
        "tier among players tied on points.",
        (CROSSTABLE, PLAYER, CODE, RULES, LAYOUT, DECISIONS),
    ),
    Function(
        "STANDINGS",
        "The standings to spill: Rank, SNo, Name, Pts and one column per tie-break, best first "
        "(FIDE C.07); a Decided column when a play-off or lots placed someone.",
        (CROSSTABLE, TIEBREAKS, RULES, LAYOUT, PLAYOFF, LOTS, DECISIONS),
    ),
    Function(
        "AUDIT",
        "Checks a published table against the crosstable and spills each differing value with the "
        "rule set it follows (FIDE C.07).",
        (CROSSTABLE, PUBLISHED, RULES, LAYOUT),
    ),
    Function(
        "RATING_CHANGE",
        "Rating change (FIDE rating regulations B.02 8.3): K x (W - We) over the games "
        "against rated opponents (the Rtg column); empty for an unrated player.",
        (CROSSTABLE, PLAYER, K, LAYOUT),
    ),
)

# -- team events (C.07 Arts 11-13) on a team crosstable grid (tbxl.io.grid.team) ---------------------

TEAM_GRID = Argument(
    "crosstable",
    "The team crosstable: No, Team, then one cell per round: opponent, colour of "
    "board 1, game points and optionally board results (7w2½, 7w:1=10), 7+ / 7- forfeits, PAB, H, "
    "F, - byes.",
    optional=False,
    range=True,
    label="crosstable (TEAM_*)",
)
TEAM = Argument(
    "team",
    "The team number (the No column), or a range of team numbers: the values then spill in its shape.",
    optional=False,
    range=True,
)
TEAM_CODE = Argument(
    "code",
    "A team tie-break code: MP, GP, MPvGP, BC, TBR, BBE, EMGSB/C1, ESB, EDE, EDEBT, SSSC, "
    "or any individual code on MP or GP such as BH:MP/C1, SB:GP, PS:MP, WIN:GP.",
    optional=False,
    label="code (TEAM_TIEBREAK)",
)
TEAM_TIEBREAKS = Argument(
    "tiebreaks",
    "Comma-separated team tie-break codes in order, the first MPTS or GPTS "
    "choosing the primary score, e.g. MPTS,EDE,EMGSB/C1,BH:MP/C1,MPvGP; empty = that list.",
    label="tiebreaks (TEAM_STANDINGS)",
)
TEAM_RULES = Argument(
    "rules", "Rules for unplayed rounds, e.g. fide-2026, fide-2024; empty = the FIDE rules in force (fide-2026)."
)

TEAM_PLAYOFF = Argument(
    "playoff",
    "Play-offs among teams equal on every tie-break, best first: 12>7>3 (team "
    "numbers; = for a tier left equal), several separated by ; (or a range, one a cell); empty = "
    "none.",
    label="playoff (TEAM_STANDINGS)",
)
TEAM_LOTS = Argument(
    "lots",
    "The seed of the lots for teams still equal on every tie-break (each lot is the "
    "SHA-256 of SEED:NUMBER, lowest first); empty = no lots, the place stays shared.",
    label="lots (TEAM_STANDINGS)",
)

TEAM_DECISIONS = Argument(
    "decisions",
    "The organizer's decisions: the Event sheet's rows (Event!$A$1:$B$100), a label in A and "
    "items in B: Expelled 6 (team numbers); Given value EMGSB:6=41.5; List change 4:EDE,BH:MP. "
    "Empty = none.",
    range=True,
    label="decisions (TEAM_STANDINGS)",
)

#: The team functions' arguments in the order the team Help sheet explains them.
TEAM_ARGUMENTS = (TEAM_GRID, TEAM, TEAM_CODE, TEAM_TIEBREAKS, TEAM_RULES, TEAM_PLAYOFF, TEAM_LOTS, TEAM_DECISIONS)

#: The team functions, in the order of the team Help sheet. Their match scoring is the grid's 2/1/0.
TEAM_FUNCTIONS = (
    Function(
        TEAM_TIEBREAK,
        "A team tie-break of FIDE C.07 Arts 11-13 by its code (EDE and other orders: the tier "
        "among teams tied before it).",
        (TEAM_GRID, TEAM, TEAM_CODE, TEAM_RULES),
    ),
    Function(
        TEAM_STANDINGS,
        "The team standings to spill: Rank, No, Team, MP (or GP) and one column per "
        "tie-break (FIDE C.07); a Decided column when a play-off or lots placed a team.",
        (TEAM_GRID, TEAM_TIEBREAKS, TEAM_RULES, TEAM_PLAYOFF, TEAM_LOTS, TEAM_DECISIONS),
    ),
)

BY_NAME: dict[str, Function] = {f.name: f for f in FUNCTIONS + TEAM_FUNCTIONS}


def call_for(d: Descriptor, layout: bool = False) -> tuple[Function, tuple[object, ...]]:
    """The function a workbook writes for the tie-break ``d``, and its arguments between the
    player and the rules: the named function where one says it (plainly), else TIEBREAK with the
    code. ``layout``: the formula passes a ``layout`` argument too (so PROGRESSIVE needs its cut).

    >>> from tbxl.tiebreaks.codes import parse
    >>> call_for(parse("BH/C2")), call_for(parse("PS")), call_for(parse("PS"), layout=True)
    ((Function('BUCHHOLZ_CUT'), (2,)), (Function('PROGRESSIVE'), ()), (Function('PROGRESSIVE'), (0,)))
    >>> call_for(parse("SB/C1"))
    (Function('TIEBREAK'), ('SB/C1',))
    """
    plain = not (d.limit or d.played_forfeits or d.fore or d.reverse or d.unrated is not None)
    if plain and d.name == "BH":
        if not d.low:
            return BY_NAME["BUCHHOLZ"], ()
        if not d.high:
            return BY_NAME["BUCHHOLZ_CUT"], (d.low,)
        if d.high == d.low:
            return BY_NAME["BUCHHOLZ_CUT"], (f"M{d.low}",)
    if plain and d.name == "SB" and not d.low:
        return BY_NAME["SONNEBORN_BERGER"], ()
    if plain and d.name == "PS" and not d.high:
        return BY_NAME["PROGRESSIVE"], ((d.low,) if d.low or layout else ())
    return BY_NAME["TIEBREAK"], (d.code,)


def value_of(
    tournament: Tournament, conv: Convention, d: Descriptor, context: Context | None = None, de: Standings | None = None
) -> Callable[[int], Any]:
    """How a tie-break function computes: the exact value it gives a start number (``KeyError`` for
    one not in ``tournament``), the core's value of ``d`` under ``conv``; DE the player's tier among
    those tied on points (the standings by DE alone, C.07 Art. 6). ``context`` / ``de``: ones
    already built for ``tournament`` and ``conv`` (the Excel functions' cache)."""
    if d.name == "DE":
        st = de or compute_standings(tournament, [d.code], conv)
        rows = {r.number: r for r in st.rows}  # by start number
        return lambda sn: rows[sn].values[d.code]
    ctx = context or Context(tournament, conv)
    col, index = compute(ctx, d), ctx.index
    return lambda sn: col.value(index[sn])


def standings_table(st: Standings) -> list[list[object]]:
    """STANDINGS' spill, exact: a header row (Rank, SNo, Name, Pts, the codes), then one row per
    player, best first; a shared place as its label ("3-5"). When a play-off or lots placed someone
    (:func:`tbxl.playoffs.decide`), a last column ``Decided`` says how (``play-off``, ``lots``,
    empty for the others): the projection's spill (:func:`tbxl.projection.spill`), which the
    command line's table also reads."""
    return spill(st)


def in_cells(table: list[list[object]]) -> list[list[object]]:
    """A spill of :func:`standings_table` or :func:`team_standings_table` as Excel shows it: the
    rank, number and name as they are, every number after them an Excel number."""
    return [row[:3] + [cell_number(v) for v in row[3:]] for row in table]


def team_value_of(
    t: TeamTournament, conv: Convention, code: str, standings: Standings | None = None
) -> Callable[[int], Any]:
    """How TEAM_TIEBREAK computes: the exact value of ``code`` it gives a team number (``KeyError``
    for one not in ``t``), from the team standings by ``code`` alone (the primary score alone for
    MPTS, GPTS, MP, GP), so an order such as EDE gives the tier among the teams tied on the primary
    score. ``standings``: those already computed for ``t``, ``conv`` and ``[code]`` (the cache).

    One match of four boards, A 1 = 1 0 against B: BC (Art. 12) is 1x1 + 2x½ + 3x1 + 4x0 = 5 for A,
    1x0 + 2x½ + 3x0 + 4x1 = 5 for B; A's match won is worth 2 MP.

    >>> from tbxl.rules import get
    >>> from tbxl.io.grid.team import read_team_grid
    >>> t = read_team_grid([["No", "Team", "R1"], [1, "A", "2w2½:1=10"], [2, "B", "1b1½:0=01"]])
    >>> bc, mp = team_value_of(t, get("fide-2026"), "BC"), team_value_of(t, get("fide-2026"), "MPTS")
    >>> bc(1), bc(2), mp(1), mp(2)
    (Fraction(5, 1), Fraction(5, 1), Fraction(2, 1), Fraction(0, 1))
    """
    from tbxl.standings import compute_standings

    st = standings or compute_standings(t, [code], conv)
    rows = {r.team.number: r for r in st.rows}
    given = st.codes[-1] if st.codes else None
    return lambda n: rows[n].points if given is None else rows[n].values[given]


def team_standings_table(st: Standings) -> list[list[object]]:
    """TEAM_STANDINGS' spill, exact: a header row (Rank, No, Team, the primary score MP or GP, the
    codes), then one row per team, best first; a shared place as its label ("3-5"); a last column
    ``Decided`` when a play-off or lots placed a team (as :func:`standings_table`).

    >>> from tbxl.rules import get
    >>> from tbxl.io.grid.team import read_team_grid
    >>> from tbxl.standings import compute_standings
    >>> t = read_team_grid([["No", "Team", "R1"], [1, "A", "2w2½:1=10"], [2, "B", "1b1½:0=01"]])
    >>> in_cells(team_standings_table(compute_standings(t, "MPTS,BC", get("fide-2026"))))
    [['Rank', 'No', 'Team', 'MP', 'BC'], [1, 1, 'A', 2, 5], [2, 2, 'B', 0, 5]]
    """
    return spill(st)
