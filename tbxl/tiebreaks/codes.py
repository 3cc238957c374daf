"""Tie-break descriptors in MTB syntax (C07 §10.4-10.5), for individual and team events: one
grammar, one :class:`Descriptor`, one catalogue of codes (:data:`CODES`).

``NAME[:MP|:GP][/Cn|/Mn|/L±n|/Kx][/P][/F][/R][/Unnnn]``. An individual event's codes are the
families of C.07 Art. 5 (plus PTS); ``BH-C1`` is accepted for ``BH/C1``:

>>> parse("bh-c1")  # doctest: +NORMALIZE_WHITESPACE
Descriptor(name='BH', low=1, high=0, limit=0, played_forfeits=False, fore=False, reverse=False, unrated=None,
           score=None, scores=None, divisor=None, text=None)
>>> parse("BH/M2").code
'BH/M2'
>>> parse("GE").code
'REP'

A team event's codes (``team=True``, C.07 Arts 11-13) add the score an individual family is
computed on (``:MP`` or ``:GP``, before or after the modifiers, as many lists in the field write
it), ESB with its two scores (``ESB:MG`` = EMGSB), SSSC's divisor ``/K``, EDE and its chains:

>>> d = parse("BH/C1:MP", team=True)
>>> d.name, d.score, d.base.code, d.code
('BH', 'MP', 'BH/C1', 'BH/C1:MP')
>>> parse("bh:mp/c1", team=True).base == d.base
True
>>> parse("ESB", team=True).scores, parse("EGMSB/C1", team=True).scores, parse("ESB:GG", team=True).name
(('MP', 'GP'), ('GP', 'MP'), 'ESB')
>>> parse("MPTS", team=True).score, parse("GPTS", team=True).name, parse("GP", team=True).score
('MP', 'POINTS', 'GP')
>>> parse("SSSC/K3", team=True).divisor
Fraction(3, 1)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, NamedTuple

from tbxl.errors import UnknownTiebreak, did_you_mean, excerpt
from tbxl.limits import MAX_TIEBREAKS

#: The kinds of event a code applies to.
INDIVIDUAL = "individual"
TEAM = "team"
BOTH = frozenset({INDIVIDUAL, TEAM})


class Code(NamedTuple):
    """One entry of the catalogue: the C.07 article, a one-line meaning, the kinds of event."""

    article: str
    meaning: str
    kinds: frozenset[str]


#: EDE and its 2026 chains (C.07 Art. 13), by their steps in order: P the primary score, S the
#: secondary score (restarting on every new tied subset), then, when exactly two teams stay tied,
#: the board tie-breaks of :data:`BOARD_STEPS` in their match(es).
CHAINS = {"EDE": "PS", "EDET": "PST", "EDEB": "PSB", "EDEBT": "PSCT", "EDEBB": "PSCB"}
BOARD_STEPS = {"C": "BC", "T": "TBR", "B": "BBE"}

_I, _T = frozenset({INDIVIDUAL}), frozenset({TEAM})

#: Every tie-break of C.07 (Art. 5 for individuals, plus PTS; Arts 11-13 for teams) with its
#: article, its meaning and the kinds of event it applies to. The individual families apply to
#: teams too, on MP or GP (C.07 13), except the rating ones (a team TRF gives no team ratings).
CODES: dict[str, Code] = {
    "PTS": Code("", "points", _I),
    "DE": Code("6", "direct encounter: score in the games among the tied players", BOTH),
    "WIN": Code("7.1", "number of wins, with or without playing", BOTH),
    "WON": Code("7.2", "number of games won over the board", BOTH),
    "BPG": Code("7.3", "number of games played with Black", BOTH),
    "BWG": Code("7.4", "number of games won with Black", BOTH),
    "PS": Code("7.5", "progressive score: sum of the running scores", BOTH),
    "REP": Code("7.6", "rounds one elected to play in", BOTH),
    "STD": Code("7.7", "standard points: 1 per won round, 1/2 per drawn round", BOTH),
    "TPN": Code("7.8", "tournament pairing number (lower first)", BOTH),
    "BH": Code("8.1", "Buchholz: sum of the opponents' scores", BOTH),
    "AOB": Code("8.2", "average of the Buchholz of the opponents met over the board", BOTH),
    "FB": Code("8.3", "Fore Buchholz: Buchholz with the final round's games as draws", BOTH),
    "SB": Code("9.1", "Sonneborn-Berger: sum of opponent's score x result against them", BOTH),
    "KS": Code("9.2", "Koya: points against participants with at least 50 % of the maximum", BOTH),
    "ARO": Code("10.1", "average rating of the opponents met over the board", _I),
    "TPR": Code("10.2", "tournament performance rating", _I),
    "PTP": Code("10.3", "perfect tournament performance", _I),
    "APRO": Code("10.4", "average performance rating of the opponents", _I),
    "APPO": Code("10.5", "average perfect performance of the opponents", _I),
    "RTNG": Code("10.6", "rating (higher first)", _I),
    "POINTS": Code("11.1", "match points (MP) or game points (GP)", _T),
    "MPVGP": Code("13.1", "the score that is not the primary one (GP when MP ranks, MP when GP ranks)", _T),
    "BC": Code("12", "board count: sum of board number x game points on that board, lower first", _T),
    "TBR": Code("12", "top-board results: game points on board 1, then board 2 ...", _T),
    "BBE": Code(
        "12", "bottom-board elimination: game points without the last board, then without the last two ...", _T
    ),
    "ESB": Code("13.2", "extended Sonneborn-Berger: opponent's final MP or GP x the MP or GP scored against them", _T),
    "EDE": Code(
        "13",
        "extended direct encounter: DE on the primary score, then on the secondary score, "
        "restarting on every new tied subset",
        _T,
    ),
    **{
        code: Code(
            "13 (2026)",
            f"EDE, then {' and '.join(BOARD_STEPS[s] for s in steps[2:])} in the match(es) "
            "when exactly two teams stay tied",
            _T,
        )
        for code, steps in CHAINS.items()
        if steps[2:]
    },
    "SSSC": Code(
        "13", "score strength combination: secondary score + BH on the primary score / a normalising factor", _T
    ),
}


def codes_of(kind: str, only: bool = False) -> dict[str, Code]:
    """The codes that apply to ``kind`` (:data:`INDIVIDUAL` or :data:`TEAM`); ``only``: those
    that apply to no other kind (a team event's own codes)."""
    return {c: v for c, v in CODES.items() if kind in v.kinds and (not only or len(v.kinds) == 1)}


#: Orders, not numbers: they rank inside a tied group (like DE, C.07 Art. 6).
ORDERS = frozenset({"DE", "EDE", "EDET", "EDEB", "EDEBT", "EDEBB", "TBR", "BBE"})
#: The individual family whose modifiers a team code takes (and that a team code is computed by).
_BASE = {
    "POINTS": "PTS",
    "MPVGP": "PTS",
    "ESB": "SB",
    "SSSC": "BH",
    "BC": "DE",
    "TBR": "DE",
    "BBE": "DE",
    **{code: "DE" for code in CHAINS},
}

ALIASES = {
    "GE": "REP",
    "SONNEBORN-BERGER": "SB",
    "BUCHHOLZ": "BH",
    "PROGRESSIVE": "PS",
    "KOYA": "KS",
    "WINS": "WIN",
    "POINTS": "PTS",
    "RATING": "RTNG",
    "PAIRING": "TPN",
}

# ASCII digits, a few of them: int() refuses "²" and strings of thousands of digits.
_PART = re.compile(r"^(?:(?P<cm>[CM])(?P<n>\d{1,4})|L(?P<l>[+-]?\d{1,5})|(?P<flag>[PFR])|U(?P<u>\d{1,5}))$", re.ASCII)
_ESB = {"EMMSB": ("MP", "MP"), "EMGSB": ("MP", "GP"), "EGMSB": ("GP", "MP"), "EGGSB": ("GP", "GP")}
_PAIRS = {"MM": ("MP", "MP"), "MG": ("MP", "GP"), "GM": ("GP", "MP"), "GG": ("GP", "GP")}
_SCORE = re.compile(r"^(?P<a>.*?):(?P<s>MP|GP|MM|MG|GM|GG)(?P<b>(?:/.*)?)$")


@dataclass(frozen=True)
class Descriptor:
    """A parsed tie-break code: the family name and its modifiers (C.07 Art. 14); for a team
    event also the score it is computed on (C.07 13) and the code as given.

    ``score`` is MP, GP or None (the primary score); ``scores`` the two scores of ESB (13.2);
    ``divisor`` SSSC's ``/K``; ``text`` the code as a team event's list gives it (its outputs
    spell it so), None for an individual event's code (spelled :attr:`code`, normalised).
    """

    name: str
    low: int = 0  # values cut from the bottom (Cut-n, Median-n)
    high: int = 0  # values cut from the top (Median-n)
    limit: int = 0  # Koya threshold shift in half-points (14.5)
    played_forfeits: bool = False  # /P: forfeits count as games (DE 6.1.1)
    fore: bool = False  # /F: AOB averages FB instead of BH
    reverse: bool = False  # /R: TPN and RTNG in the other order
    unrated: int | None = None  # /Unnnn: rating used for unrated players
    score: str | None = None  # :MP or :GP (a team event's code)
    scores: tuple[str, str] | None = None  # ESB's two scores
    divisor: Fraction | None = None  # SSSC /Kx
    text: str | None = None  # a team code as given

    @property
    def code(self) -> str:
        if self.text is not None:
            return self.text
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
    def base(self) -> Descriptor:
        """The individual descriptor that carries the modifiers: the family itself for an
        individual family (``BH:MP/C1`` -> ``BH/C1``), the one a team code takes them from
        (ESB -> SB, SSSC -> BH, orders -> DE, MP/GP/MPvGP -> PTS)."""
        if self.text is None:
            return self
        return replace(self, name=_BASE.get(self.name, self.name), score=None, scores=None, divisor=None, text=None)

    @property
    def is_order(self) -> bool:
        """An order inside a tied group (DE, EDE and its chains, TBR, BBE), not a value."""
        return self.name in ORDERS

    @property
    def is_individual(self) -> bool:
        """An individual family (computed on MP or GP in a team event), PTS apart."""
        return INDIVIDUAL in CODES[self.name].kinds and self.name != "PTS"

    @property
    def article(self) -> str:
        return CODES[self.name].article

    @property
    def meaning(self) -> str:
        if self.text is not None and self.is_individual:
            return CODES[self.name].meaning + " (on MP or GP, C.07 13)"
        return CODES[self.name].meaning


def parse(text: str, team: bool = False) -> Descriptor:
    """Parse one code of an individual event, or of a team event (``team``). Raises
    :class:`UnknownTiebreak`."""
    return _team(text) if team else _individual(text)


def _individual(text: str, check: bool = True) -> Descriptor:
    """An individual code; ``check``: refuse the modifiers its family does not take (a team code's
    are checked against the team code)."""
    raw = text if len(str(text)) <= 40 else f"{str(text)[:40]}..."  # messages stay one short line
    s = text.strip().upper().replace(" ", "")
    if "/" in s:
        head, *parts = s.split("/")
    else:
        head, *parts = re.split(r"-(?=[CMPFRU]\d*$|[CMPFRU]\d*-|L[+-]?\d)", s)
    head = ALIASES.get(head, head)
    if head not in CODES or INDIVIDUAL not in CODES[head].kinds:
        raise UnknownTiebreak(
            f"unknown tie-break {raw!r}; known codes: {', '.join(codes_of(INDIVIDUAL))}"
            + did_you_mean(head[:40], codes_of(INDIVIDUAL))
        )
    fields: dict[str, Any] = {}
    seen: dict[str, str] = {}
    for part in parts:
        m = _PART.match(part)
        if not m:
            raise UnknownTiebreak(f"unknown modifier '/{part[:20]}' in tie-break {raw!r}")
        kind = "C" if m["cm"] else "L" if m["l"] is not None else "U" if m["u"] is not None else m["flag"]
        if kind in seen:  # BH/C1/C2: which cut? refuse rather than keep the last one silently
            raise UnknownTiebreak(
                f"tie-break {raw!r} has two modifiers of one kind ('/{seen[kind]}' and '/{part}'): give one"
            )
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
    d = Descriptor(head, **fields)
    if check:
        check_modifiers(head, d, raw)
    return d


#: Which codes take each modifier (C.07 Art. 14, C07 §3.3-3.4): Cut and Median the sums of values,
#: the Limit Koya's threshold, /F the averages of Buchholz, /R the orders that may be reversed, /U
#: the rating tie-breaks. /P (forfeits as games) applies to any code (16.6). A modifier a code does
#: not take would be silently ignored while the column kept its label: it is refused.
TAKES = {
    "C": frozenset({"BH", "FB", "SB", "ARO", "PS", "AOB", "ESB", "SSSC"}),
    "L": frozenset({"KS"}),
    "F": frozenset({"AOB", "SSSC"}),
    "R": frozenset({"TPN", "RTNG"}),
    "U": frozenset({"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"}),
}
_MODIFIER = {"C": "Cut or Median", "L": "Limit", "F": "Fore", "R": "Reverse", "U": "rating for the unrated"}


def check_modifiers(name: str, d: Descriptor, raw: str) -> None:
    """Refuse a modifier of ``d`` that code ``name`` does not take (``raw``: the code as given)."""
    given = {
        "C": f"/M{d.low}" if d.high else f"/C{d.low}" if d.low else "",
        "L": f"/L{d.limit:+d}" if d.limit else "",
        "F": "/F" if d.fore else "",
        "R": "/R" if d.reverse else "",
        "U": f"/U{d.unrated}" if d.unrated is not None else "",
    }
    for kind, part in given.items():
        if part and name not in TAKES[kind]:
            takers = ", ".join(sorted(TAKES[kind]))
            raise UnknownTiebreak(
                f"tie-break {excerpt(raw)}: {name} takes no {_MODIFIER[kind]} modifier "
                f"('{part}'); it applies to {takers}"
            )


def _team(text: str) -> Descriptor:
    raw = str(text).strip()
    s = raw.upper().replace(" ", "")
    score: str | None = None
    pair: tuple[str, str] | None = None
    m = _SCORE.match(s)
    if m:
        s = m["a"] + m["b"]
        if m["s"] in _PAIRS:
            pair = _PAIRS[m["s"]]
        else:
            score = m["s"]
    head, *parts = s.split("/")
    mods = [p for p in parts if p]
    divisor = None
    if head == "SSSC":
        rest = []
        for p in mods:
            if p.startswith("K"):
                # A few ASCII digits: Fraction() refuses strings of thousands of digits.
                if not re.fullmatch(r"K\d{1,6}(?:[.,]\d{1,6})?", p, re.ASCII):
                    raise UnknownTiebreak(
                        f"SSSC divisor {excerpt('/' + p, 20)} in {excerpt(raw)} is not a number "
                        "of at most 6 digits and 6 decimals (e.g. SSSC/K2.5)"
                    )
                divisor = Fraction(p[1:].replace(",", "."))
                if divisor <= 0:
                    raise UnknownTiebreak(f"SSSC divisor must be positive in {excerpt(raw)}")
            else:
                rest.append(p)
        mods = rest
    if head in ("PTS", "MPTS", "GPTS", "MP", "GP"):
        if head != "PTS":
            score = "MP" if head in ("MPTS", "MP") else "GP"
        return Descriptor("POINTS", score=score, text=raw)
    if head == "MPVGP":
        return Descriptor("MPVGP", text=raw)
    if head in _ESB or head == "ESB":
        scores = _ESB.get(head) or pair or ("MP", "GP")  # plain ESB = EMGSB (C07 §10.5)
        return replace(_modifiers(raw, "SB", mods, "ESB"), name="ESB", scores=scores, text=raw)
    if pair is not None and m is not None:
        raise UnknownTiebreak(f"score ':{m['s']}' in {raw!r} is for ESB only; use :MP or :GP")
    if head in CODES and CODES[head].kinds == _T:
        base = _modifiers(raw, "BH" if head == "SSSC" else "DE", mods, head)
        return replace(base, name=head, score=score, divisor=divisor, text=raw)
    if head in CODES and INDIVIDUAL in CODES[head].kinds and TEAM not in CODES[head].kinds and head != "PTS":
        raise UnknownTiebreak(f"{raw!r}: rating tie-breaks need team ratings, which a team TRF does not give")
    try:
        base = _individual("/".join([head] + mods), check=False)
    except UnknownTiebreak:
        known = ", ".join(
            ["MP", "GP"]
            + list(codes_of(TEAM, only=True))[1:]
            + ["MPTS", "GPTS", "EMMSB", "EMGSB", "EGMSB", "EGGSB"]
            + [c + ":MP" for c in ("BH", "SB", "PS", "...")]
        )
        raise UnknownTiebreak(
            f"unknown team tie-break {raw!r}; known codes: {known}" + did_you_mean(head[:40], known.split(", "))
        ) from None
    check_modifiers(base.name, base, raw)
    if base.name == "PTS":
        return replace(base, name="POINTS", score=score, text=raw)
    return replace(base, score=score, text=raw)


def _modifiers(raw: str, like: str, mods: list[str], owner: str) -> Descriptor:
    """Cut/Median, /L, /P, /F, /R, /U through the individual grammar (``like`` is a family that takes
    them), checked against what the team code ``owner`` takes."""
    try:
        d = _individual("/".join([like] + mods), check=False)
    except UnknownTiebreak as err:
        raise UnknownTiebreak(f"{err} (in {raw!r})") from None
    check_modifiers(owner, d, raw)
    return d


def parse_list(text: str | Sequence[str], team: bool = False) -> list[Descriptor]:
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
    return [parse(c, team) for c in codes]
