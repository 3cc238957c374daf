"""The catalogue of tbxl's Excel functions: each one's name, arguments, help, and how its value is
computed. :mod:`tbxl.excel` registers the functions with xlwings from it; :mod:`tbxl.workbook`
writes its formulas, their stored values and its Help sheet from it, without calling an Excel
function by name.

Standard library and the core only: it travels into xlwings Lite with :mod:`tbxl.excel`.

>>> from tbxl.tiebreaks.codes import parse
>>> call_for(parse("BH/M1"))
(Function('BUCHHOLZ_CUT'), ('M1',))
>>> [f.name for f in FUNCTIONS if f.rules][:3]
['BUCHHOLZ', 'BUCHHOLZ_CUT', 'SONNEBORN_BERGER']
>>> BY_NAME["PROGRESSIVE"].signature
'PROGRESSIVE(crosstable, player, [cut], [layout])'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional

from .conventions import Convention
from .model import Tournament
from .standings import Standings, compute_standings
from .tiebreaks import Context, compute
from .tiebreaks.codes import Descriptor

__all__ = ["Argument", "Function", "FUNCTIONS", "BY_NAME", "call_for", "value_of", "standings_table"]


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
    functions (the code :func:`call_for` maps to them), :func:`standings_table` for STANDINGS."""

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

    def __repr__(self) -> str:
        return f"Function({self.name!r})"


CROSSTABLE = Argument("crosstable", "The crosstable range: compact (12w1 per round), Swiss-Manager 3 columns per "
                      "round (opponent, colour, result) or a round-robin matrix; header rows are recognised.",
                      optional=False, range=True)
PLAYER = Argument("player", "The player's start number (the No column of the crosstable), or a range of start "
                  "numbers: the values then spill in the range's shape.", optional=False, range=True)
RULES = Argument("rules", "Rules for unplayed rounds, e.g. fide-2026, fide-2024, fide-2017, sm-real-points; "
                 "empty = the FIDE rules in force (fide-2026).")
LAYOUT = Argument("layout", "Optional: compact, sm3 or matrix to force the layout, and/or round-robin or swiss to "
                  "force the pairing system (e.g. \"compact round-robin\"); empty = detected.")
CUT = Argument("cut", "Cut: n drops the n lowest values (BH/Cn); a negative n or M1, M2 is the Median "
               "(drops the n highest too); 0 = none. Default 1.", label="cut (BUCHHOLZ_CUT)")
PS_CUT = Argument("cut", "Cut: n drops the running scores of the first n rounds (PS/Cn). Default 0.",
                  label="cut (PROGRESSIVE)")
CODE = Argument("code", "A tie-break code of FIDE C.07, e.g. BH/C1, BH/M1, SB, KS, PS, WIN, WON, BPG, BWG, REP, "
                "ARO/C1, TPR, APRO, FB, AOB, DE, TPN, RTNG.", optional=False)
TIEBREAKS = Argument("tiebreaks", "Comma-separated tie-break codes in order, e.g. BH/C1,BH,SB (or a range of "
                     "codes); empty = BH/C1,BH,SB,PS,WIN (Swiss) or DE,SB,WIN,KS (round robin).")
PUBLISHED = Argument("published_range", "The published table to check, header row first: a start-number column "
                     "(SNo, Nr.) and columns named by code or name (BH/C1, Buchholz Cut 1, SB), rank (Rk.) or "
                     "points (Pts); numbers or text such as 9,75.", optional=False, range=True,
                     label="published_range (AUDIT)")

#: The arguments in the order the Help sheet explains them.
ARGUMENTS = (CROSSTABLE, PLAYER, CUT, PS_CUT, CODE, TIEBREAKS, PUBLISHED, RULES, LAYOUT)

_SB_HELP = "Sonneborn-Berger (FIDE C.07 9.1): the sum of each opponent's score times the result against them."

#: The functions, in the order of the Help sheet.
FUNCTIONS = (
    Function("BUCHHOLZ", "Buchholz (FIDE C.07 8.1): the sum of the opponents' scores, unplayed rounds as the "
             "rules say.", (CROSSTABLE, PLAYER, RULES, LAYOUT)),
    Function("BUCHHOLZ_CUT", "Buchholz Cut-n or Median-n (FIDE C.07 8.1, 14.1-14.3): Buchholz without the n least "
             "significant values.", (CROSSTABLE, PLAYER, CUT, RULES, LAYOUT)),
    Function("SONNEBORN_BERGER", _SB_HELP, (CROSSTABLE, PLAYER, RULES, LAYOUT)),
    Function("SB", "Sonneborn-Berger (FIDE C.07 9.1), short name for the classic add-in; same as "
             "SONNEBORN_BERGER.", (CROSSTABLE, PLAYER, RULES, LAYOUT), classic_only=True,
             note="classic add-in only; use SONNEBORN_BERGER elsewhere"),
    Function("PROGRESSIVE", "Progressive score (FIDE C.07 7.5): the sum of the running scores after each round; "
             "cut n drops the first n.", (CROSSTABLE, PLAYER, PS_CUT, LAYOUT)),
    Function("TIEBREAK", "Any FIDE C.07 tie-break by its code (BH/C1, SB, KS, ARO, TPR, WIN, DE ...); DE gives the "
             "tier among players tied on points.", (CROSSTABLE, PLAYER, CODE, RULES, LAYOUT)),
    Function("STANDINGS", "The standings to spill: Rank, SNo, Name, Pts and one column per tie-break, best first "
             "(FIDE C.07).", (CROSSTABLE, TIEBREAKS, RULES, LAYOUT)),
    Function("AUDIT", "Checks a published table against the crosstable and spills each differing value with the "
             "rule set it follows (FIDE C.07).", (CROSSTABLE, PUBLISHED, RULES, LAYOUT)),
)

BY_NAME: dict[str, Function] = {f.name: f for f in FUNCTIONS}


def call_for(d: Descriptor, layout: bool = False) -> tuple[Function, tuple]:
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


def value_of(tournament: Tournament, conv: Convention, d: Descriptor, context: Optional[Context] = None,
             de: Optional[Standings] = None) -> Callable[[int], Any]:
    """How a tie-break function computes: the exact value it gives a start number (``KeyError`` for
    one not in ``tournament``), the core's value of ``d`` under ``conv``; DE the player's tier among
    those tied on points (the standings by DE alone, C.07 Art. 6). ``context`` / ``de``: ones
    already built for ``tournament`` and ``conv`` (the Excel functions' cache)."""
    if d.name == "DE":
        st = de or compute_standings(tournament, [d.code], conv)
        rows = {r.player.start_number: r for r in st.rows}
        return lambda sn: rows[sn].values[d.code]
    ctx = context or Context(tournament, conv)
    col, index = compute(ctx, d), ctx.index
    return lambda sn: col.value(index[sn])


def standings_table(st: Standings) -> list[list]:
    """STANDINGS' spill, exact: a header row (Rank, SNo, Name, Pts, the codes), then one row per
    player, best first; a shared place as its label ("3-5")."""
    out: list[list[Any]] = [["Rank", "SNo", "Name", "Pts"] + st.codes]
    for row in st.rows:
        rank = row.rank if row.rank_label == str(row.rank) else row.rank_label
        out.append([rank, row.player.start_number, row.player.name, row.points]
                   + [row.values[c] for c in st.codes])
    return out
