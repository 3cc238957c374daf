"""What a column of published standings holds, read from its header: a start number, the rank, the
points, a tie-break (an MTB code, a long name such as ``Buchholz Cut 1``, a numbered column ``TB2``
mapped onto the tie-break list) or nothing of interest; a team event's headers (a team number, ``MP``,
``GP``, team codes); and the ``--map COLUMN=CODE`` items that settle what is not obvious.
:mod:`tbxl.io.published` reads the tables.

>>> column_meaning("Buchholz Cut 1"), column_meaning("TB2", ["BH/C1", "BH", "SB"])
('BH/C1', 'BH')
>>> team_column_meaning("Team No."), team_column_meaning("MP")
('START', 'MP')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Protocol

from tbxl.errors import UnknownTiebreak
from tbxl.io.grid.cells import header_key, header_role
from tbxl.model import GP, MP
from tbxl.tiebreaks.codes import Descriptor, parse

__all__ = [
    "START",
    "IGNORE",
    "POINTS",
    "RANK",
    "NumberedColumn",
    "Meaning",
    "column_meaning",
    "numbered_column",
    "team_column_meaning",
    "parse_mapping",
    "TEAM_NUMBER_WORDS",
    "TEAM_NAME_WORDS",
    "SCORE_WORDS",
]

START = "START"
IGNORE = "IGNORE"
POINTS = "PTS"
#: The code of a published rank (a place in the standings, not a tie-break value).
RANK = "RANK"


class NumberedColumn(UnknownTiebreak):
    """A numbered column (``TB3``) beyond the tie-break list: which list it means is unknown.

    ``header`` is the column's text, ``number`` its tie-break number; the message tells the
    command line what to give (the Excel functions say it their own way)."""

    def __init__(self, header: str, number: int, tiebreaks: Sequence[str]) -> None:
        self.header = header
        self.number = number
        super().__init__(
            f"column {header!r} is tie-break {number}, but the tie-break list has {len(tiebreaks)}"
            + (f" ({', '.join(tiebreaks)})" if tiebreaks else "")
            + f": give --tiebreaks CODES or --map '{header}=CODE'"
        )


#: What a column a header word names (:data:`tbxl.io.grid.cells.HEADER_WORDS`) holds in published standings.
_MEANING = {"sno": START, "rank": RANK, "points": POINTS}

#: Long names of tie-breaks (normalised: lower case, letters and digits only) -> family.
_FAMILIES = [
    ("forebuchholz", "FB"),
    ("buchholz", "BH"),
    ("buch", "BH"),
    ("sonnebornberger", "SB"),
    ("sonneborn", "SB"),
    ("berger", "SB"),
    ("progressive", "PS"),
    ("progressivescore", "PS"),
    ("cumulative", "PS"),
    ("koya", "KS"),
    ("directencounter", "DE"),
    ("direct", "DE"),
    ("numberofwins", "WIN"),
    ("wins", "WIN"),
    ("gameswon", "WON"),
    ("gameswithblack", "BPG"),
    ("blackgames", "BPG"),
    ("averagerating", "ARO"),
    ("averageratingofopponents", "ARO"),
    ("performance", "TPR"),
    ("performancerating", "TPR"),
    ("averageofopponentsbuchholz", "AOB"),
    ("progresivo", "PS"),
    ("progresiva", "PS"),
    ("victorias", "WIN"),
    ("encuentrodirecto", "DE"),
    ("resultadoparticular", "DE"),
    ("бухгольц", "BH"),
    ("бергер", "SB"),
    ("зоннеборнбергер", "SB"),
    ("коэффициентбергера", "SB"),
    ("прогресс", "PS"),
    ("личнаявстреча", "DE"),
    ("победы", "WIN"),
    ("koya", "KS"),
    ("kemenangan", "WIN"),
]
_NUMBERED = re.compile(r"^(?:tb|tiebreak|wtg|wertung|fw|desempate|des|dop|доп|tiêuchí|tc|pp)(\d{1,4})$", re.ASCII)
_LONG = re.compile(
    r"^(?P<family>[^\W\d_]+?)(?:(?P<mod>cut|corte|median|mediana|c|m)?(?P<n>\d+)"
    r"|(?P<bare>cut|corte|median|mediana))?$"
)


class Meaning(Protocol):
    """What reads a published header: ``(header, tiebreaks, mapping) -> meaning`` as :func:`column_meaning`."""

    def __call__(
        self, header: str, tiebreaks: Sequence[str] = (), mapping: dict[str, str] | None = None
    ) -> str | None: ...


def column_meaning(header: str, tiebreaks: Sequence[str] = (), mapping: dict[str, str] | None = None) -> str | None:
    """What a published column holds: ``START``, ``RANK``, ``PTS``, a tie-break code, ``IGNORE``
    (a known column of no interest, e.g. the name) or None (not recognised)."""
    key = header_key(header)
    if mapping and key in mapping:
        return mapping[key]
    if not key:
        return None
    role = header_role(key)
    if role is not None:
        return _MEANING.get(role, IGNORE)
    code = numbered_column(header, tiebreaks)
    if code is not None:
        return code
    try:
        code = parse(str(header)).code
        return POINTS if code == "PTS" else code
    except UnknownTiebreak:
        pass
    m = _LONG.match(key)
    if m:
        family = dict(_FAMILIES).get(m["family"])
        if family:
            if m["bare"]:
                return f"{family}/{'M' if m['bare'].startswith('median') else 'C'}1"
            if m["n"]:
                return f"{family}/{'M' if m['mod'] and m['mod'][0] == 'm' else 'C'}{m['n']}"
            return family
    return None


def numbered_column(
    header: str, tiebreaks: Sequence[str], parse_code: Callable[[str], Descriptor] = parse
) -> str | None:
    """The code of a numbered column (``TB2``: the second of ``tiebreaks``, as ``parse_code`` spells
    it); None when the header is not numbered; :class:`NumberedColumn` beyond the list."""
    m = _NUMBERED.match(header_key(header))
    if not m:
        return None
    k = int(m.group(1))
    if 1 <= k <= len(tiebreaks):
        return parse_code(tiebreaks[k - 1]).code
    raise NumberedColumn(str(header), k, tiebreaks)


#: Header words of a team-number column (normalised as :func:`~tbxl.io.grid.cells.header_key` does);
#: ``No``, ``SNo``, ``Nr.`` ... are :data:`~tbxl.io.grid.cells.HEADER_WORDS`' start numbers.
TEAM_NUMBER_WORDS = frozenset(
    {
        "teamno",
        "teamnr",
        "teamnumber",
        "team#",
        "tno",
        "tnr",
        "tsno",
        "mannschaftnr",
        "mnr",
        "equipono",
        "nºequipo",
        "noequipo",
        "sốđội",
        "номеркоманды",
        "nopasukan",
    }
)
#: Header words of the team's name column (ignored, as a player's name is).
TEAM_NAME_WORDS = frozenset(
    {"team", "teams", "teamname", "mannschaft", "equipo", "équipe", "equipe", "đội", "команда", "pasukan"}
)
#: Match and game points spelled as columns: the codes MP and GP.
SCORE_WORDS = {
    "mp": MP,
    "mpts": MP,
    "matchpoints": MP,
    "mannschaftspunkte": MP,
    "gp": GP,
    "gpts": GP,
    "gamepoints": GP,
    "bp": GP,
    "boardpoints": GP,
    "brettpunkte": GP,
}


def team_column_meaning(
    header: str, tiebreaks: Sequence[str] = (), mapping: dict[str, str] | None = None
) -> str | None:
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
    code = numbered_column(header, tiebreaks, lambda code: parse(code, team=True))
    if code is not None:
        return code
    try:
        d = parse(str(header), team=True)
    except UnknownTiebreak:
        long = column_meaning(header)  # "Buchholz Cut 1" -> BH/C1 (on the primary score)
        return long if long not in (None, IGNORE) and _parses_team(long) else None
    return POINTS if d.name == "POINTS" and d.score is None else d.code


def _parses_team(code: str) -> bool:
    try:
        parse(code, team=True)
    except UnknownTiebreak:
        return False
    return True


def parse_mapping(items: Sequence[str], meaning: Meaning | None = None) -> dict[str, str]:
    """``--map`` items ``COLUMN=CODE`` (CODE: a tie-break code, ``start``, ``rank``, ``points`` or
    ``ignore``), keyed by the normalised column name."""
    out: dict[str, str] = {}
    special = {
        "start": START,
        "startnumber": START,
        "sno": START,
        "rank": RANK,
        "points": POINTS,
        "pts": POINTS,
        "ignore": IGNORE,
    }
    for item in items:
        column, sep, code = item.rpartition("=")
        if not sep or not column.strip() or not code.strip():
            raise UnknownTiebreak(f"--map expects COLUMN=CODE (e.g. 'TB1=BH/C1'), not {item!r}")
        meant = special.get(header_key(code)) or (meaning(code) if meaning else parse(code).code)
        if meant is None:  # a team event's reading knows no such code: an error, as the individual parse says
            raise UnknownTiebreak(f"--map {item!r}: {code.strip()!r} is not a tie-break code")
        out[header_key(column)] = meant
    return out
