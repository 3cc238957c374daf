"""Tie-break descriptors in MTB syntax (C07 §10.4): ``NAME[/Cn|/Mn|/L±n][/P][/F][/R][/Unnnn]``.

>>> parse("bh-c1")
Descriptor(name='BH', low=1, high=0, limit=0, played_forfeits=False, fore=False, reverse=False, unrated=None)
>>> parse("BH/M2").code
'BH/M2'
>>> parse("GE").code
'REP'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

from tbxl.errors import UnknownTiebreak
from tbxl.limits import MAX_TIEBREAKS

#: Every individual tie-break of C.07 Art. 5 (plus PTS), with its article and a one-line meaning.
CATALOGUE: dict[str, tuple[str, str]] = {
    "PTS": ("", "points"),
    "DE": ("6", "direct encounter: score in the games among the tied players"),
    "WIN": ("7.1", "number of wins, with or without playing"),
    "WON": ("7.2", "number of games won over the board"),
    "BPG": ("7.3", "number of games played with Black"),
    "BWG": ("7.4", "number of games won with Black"),
    "PS": ("7.5", "progressive score: sum of the running scores"),
    "REP": ("7.6", "rounds one elected to play in"),
    "STD": ("7.7", "standard points: 1 per won round, 1/2 per drawn round"),
    "TPN": ("7.8", "tournament pairing number (lower first)"),
    "BH": ("8.1", "Buchholz: sum of the opponents' scores"),
    "AOB": ("8.2", "average of the Buchholz of the opponents met over the board"),
    "FB": ("8.3", "Fore Buchholz: Buchholz with the final round's games as draws"),
    "SB": ("9.1", "Sonneborn-Berger: sum of opponent's score x result against them"),
    "KS": ("9.2", "Koya: points against participants with at least 50 % of the maximum"),
    "ARO": ("10.1", "average rating of the opponents met over the board"),
    "TPR": ("10.2", "tournament performance rating"),
    "PTP": ("10.3", "perfect tournament performance"),
    "APRO": ("10.4", "average performance rating of the opponents"),
    "APPO": ("10.5", "average perfect performance of the opponents"),
    "RTNG": ("10.6", "rating (higher first)"),
}

ALIASES = {"GE": "REP", "SONNEBORN-BERGER": "SB", "BUCHHOLZ": "BH", "PROGRESSIVE": "PS",
           "KOYA": "KS", "WINS": "WIN", "POINTS": "PTS", "RATING": "RTNG", "PAIRING": "TPN"}

# ASCII digits, a few of them: int() refuses "²" and strings of thousands of digits.
_PART = re.compile(r"^(?:(?P<cm>[CM])(?P<n>\d{1,4})|L(?P<l>[+-]?\d{1,5})|(?P<flag>[PFR])|U(?P<u>\d{1,5}))$",
                   re.ASCII)


@dataclass(frozen=True)
class Descriptor:
    """A parsed tie-break code: the family name and its modifiers (C.07 Art. 14)."""

    name: str
    low: int = 0          # values cut from the bottom (Cut-n, Median-n)
    high: int = 0         # values cut from the top (Median-n)
    limit: int = 0        # Koya threshold shift in half-points (14.5)
    played_forfeits: bool = False  # /P: forfeits count as games (DE 6.1.1)
    fore: bool = False    # /F: AOB averages FB instead of BH
    reverse: bool = False  # /R: TPN and RTNG in the other order
    unrated: Optional[int] = None  # /Unnnn: rating used for unrated players

    @property
    def code(self) -> str:
        s = self.name
        if self.low and self.high:
            s += f"/M{self.low}"
        elif self.low:
            s += f"/C{self.low}"
        if self.limit:
            s += f"/L{self.limit:+d}"
        if self.played_forfeits:
            s += "/P"
        if self.fore:
            s += "/F"
        if self.reverse:
            s += "/R"
        if self.unrated is not None:
            s += f"/U{self.unrated}"
        return s

    @property
    def article(self) -> str:
        return CATALOGUE[self.name][0]

    @property
    def meaning(self) -> str:
        return CATALOGUE[self.name][1]


def parse(text: str) -> Descriptor:
    """Parse one code; ``BH-C1`` is accepted for ``BH/C1``. Raises :class:`UnknownTiebreak`."""
    raw = text if len(str(text)) <= 40 else f"{str(text)[:40]}..."   # messages stay one short line
    s = text.strip().upper().replace(" ", "")
    if "/" in s:
        head, *parts = s.split("/")
    else:
        head, *parts = re.split(r"-(?=[CMPFRU]\d*$|[CMPFRU]\d*-|L[+-]?\d)", s)
    head = ALIASES.get(head, head)
    if head not in CATALOGUE:
        raise UnknownTiebreak(f"unknown tie-break {raw!r}; known codes: {', '.join(CATALOGUE)}")
    fields: dict = {}
    seen: dict[str, str] = {}
    for part in parts:
        m = _PART.match(part)
        if not m:
            raise UnknownTiebreak(f"unknown modifier '/{part[:20]}' in tie-break {raw!r}")
        kind = "C" if m["cm"] else "L" if m["l"] is not None else "U" if m["u"] is not None else m["flag"]
        if kind in seen:  # BH/C1/C2: which cut? refuse rather than keep the last one silently
            raise UnknownTiebreak(f"tie-break {raw!r} has two modifiers of one kind ('/{seen[kind]}' "
                                  f"and '/{part}'): give one")
        seen[kind] = part
        if m["cm"]:
            n = int(m["n"])
            fields["low"] = n
            fields["high"] = n if m["cm"] == "M" else 0
        elif m["l"] is not None:
            fields["limit"] = int(m["l"])
        elif m["u"] is not None:
            fields["unrated"] = int(m["u"])
        else:
            fields[{"P": "played_forfeits", "F": "fore", "R": "reverse"}[m["flag"]]] = True
    return Descriptor(head, **fields)


def parse_list(text) -> list[Descriptor]:
    """Parse a comma-separated list (or a sequence) of codes, at most :data:`~tbxl.limits.MAX_TIEBREAKS`
    of them (ties are broken level by level: thousands of codes would only exhaust the stack); a
    text of commas only names none, which is an error rather than "no tie-breaks".

    >>> len(parse_list("BH/C1,BH,SB")), parse_list(["ARO/C1"])[0].low
    (3, 1)
    >>> [d.code for d in parse_list("BH-C1, sb")]
    ['BH/C1', 'SB']
    >>> parse_list(",,,")
    Traceback (most recent call last):
    ...
    tbxl.errors.UnknownTiebreak: no tie-break code in ',,,' (e.g. BH/C1,BH,SB)
    """
    items = text.split(",") if isinstance(text, str) else list(text)
    codes = [c for c in items if str(c).strip()]
    if len(codes) > MAX_TIEBREAKS:
        raise UnknownTiebreak(f"{len(codes)} tie-break codes: at most {MAX_TIEBREAKS} are taken")
    if not codes and isinstance(text, str) and text.strip():
        raise UnknownTiebreak(f"no tie-break code in {text!r} (e.g. BH/C1,BH,SB)")
    return [parse(c) for c in codes]
