"""Team tie-break codes (C.07 Arts 11-13, MTB syntax, C07 §10.4-10.5).

``NAME[:MP|:GP][/Cn|/Mn|/L±n|/Kx][/P][/F][/R]``; the score may also follow the modifiers
(``BH/C1:MP``, as many lists in the field write it). ESB takes two scores (``ESB:MG`` = EMGSB).

>>> d = parse("BH/C1:MP")
>>> d.name, d.score, d.base.code, d.code
('BH', 'MP', 'BH/C1', 'BH/C1:MP')
>>> parse("bh:mp/c1").base == d.base
True
>>> parse("ESB").scores, parse("EGMSB/C1").scores, parse("ESB:GG").name
(('MP', 'GP'), ('GP', 'MP'), 'ESB')
>>> parse("MPTS").score, parse("GPTS").name, parse("GP").score, parse("SSSC/K3").divisor
('MP', 'POINTS', 'GP', Fraction(3, 1))
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Optional

from tbxl.errors import UnknownTiebreak
from tbxl.tiebreaks.codes import CATALOGUE as INDIVIDUAL, Descriptor, parse as parse_individual
from tbxl.model import GP, MP

#: EDE and its 2026 chains (C.07 Art. 13), by their steps in order: P the primary score, S the
#: secondary score (restarting on every new tied subset), then, when exactly two teams stay tied,
#: the board tie-breaks of :data:`BOARD_STEPS` in their match(es).
CHAINS = {"EDE": "PS", "EDET": "PST", "EDEB": "PSB", "EDEBT": "PSCT", "EDEBB": "PSCB"}
BOARD_STEPS = {"C": "BC", "T": "TBR", "B": "BBE"}

#: Team tie-breaks: code -> (article, meaning). Individual codes (BH, SB, PS ...) on MP or GP
#: come from :data:`tbxl.tiebreaks.codes.CATALOGUE` (C.07 13: "computed on MP or GP").
CATALOGUE: dict[str, tuple[str, str]] = {
    "POINTS": ("11.1", "match points (MP) or game points (GP)"),
    "MPVGP": ("13.1", "the score that is not the primary one (GP when MP ranks, MP when GP ranks)"),
    "BC": ("12", "board count: sum of board number x game points on that board, lower first"),
    "TBR": ("12", "top-board results: game points on board 1, then board 2 ..."),
    "BBE": ("12", "bottom-board elimination: game points without the last board, then without the "
                    "last two ..."),
    "ESB": ("13.2", "extended Sonneborn-Berger: opponent's final MP or GP x the MP or GP scored against them"),
    "EDE": ("13", "extended direct encounter: DE on the primary score, then on the secondary score, "
                    "restarting on every new tied subset"),
    **{code: ("13 (2026)", f"EDE, then {' and '.join(BOARD_STEPS[s] for s in steps[2:])} in the match(es) "
                           "when exactly two teams stay tied")
       for code, steps in CHAINS.items() if steps[2:]},
    "SSSC": ("13", "score strength combination: secondary score + BH on the primary score / a "
                     "normalising factor"),
}
#: Orders, not numbers: they rank inside a tied group (like DE, C.07 Art. 6).
ORDERS = frozenset({"DE", "EDE", "EDET", "EDEB", "EDEBT", "EDEBB", "TBR", "BBE"})
_ESB = {"EMMSB": (MP, MP), "EMGSB": (MP, GP), "EGMSB": (GP, MP), "EGGSB": (GP, GP)}
_PAIRS = {"MM": (MP, MP), "MG": (MP, GP), "GM": (GP, MP), "GG": (GP, GP)}
#: Individual families that have no meaning for teams (teams have no rating in TRF).
_RATINGS = {"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"}
_SCORE = re.compile(r"^(?P<a>.*?):(?P<s>MP|GP|MM|MG|GM|GG)(?P<b>(?:/.*)?)$")


@dataclass(frozen=True)
class TeamDescriptor:
    """A parsed team tie-break. ``text`` is the code as given (outputs spell it so); ``score`` is
    MP, GP or None (the primary score); ``scores`` the two scores of ESB; ``base`` carries the
    modifiers (and, for individual families, is the individual descriptor)."""

    text: str
    name: str
    base: Descriptor
    score: Optional[str] = None
    scores: Optional[tuple[str, str]] = None
    divisor: Optional[Fraction] = None   # SSSC /Kx

    @property
    def code(self) -> str:
        return self.text

    @property
    def is_order(self) -> bool:
        return self.name in ORDERS

    @property
    def is_individual(self) -> bool:
        return self.name in INDIVIDUAL and self.name not in ("PTS",)

    @property
    def played_forfeits(self) -> bool:
        return self.base.played_forfeits

    @property
    def article(self) -> str:
        if self.name in CATALOGUE:
            return CATALOGUE[self.name][0]
        return INDIVIDUAL[self.name][0]

    @property
    def meaning(self) -> str:
        if self.name in CATALOGUE:
            return CATALOGUE[self.name][1]
        return INDIVIDUAL[self.name][1] + " (on MP or GP, C.07 13)"


def parse(text: str) -> TeamDescriptor:
    """Parse one team code. Raises :class:`~tbxl.errors.UnknownTiebreak`."""
    raw = str(text).strip()
    s = raw.upper().replace(" ", "")
    score = pair = None
    m = _SCORE.match(s)
    if m:
        s = m["a"] + m["b"]
        if len(m["s"]) == 2 and m["s"] in _PAIRS and m["s"] not in (MP, GP):
            pair = _PAIRS[m["s"]]
        else:
            score = m["s"]
    head, *parts = s.split("/")
    mods = [p for p in parts if p]
    divisor = None
    if head == "SSSC":
        rest = []
        for p in mods:
            if re.fullmatch(r"K\d+([.,]\d+)?", p):
                divisor = Fraction(p[1:].replace(",", "."))
                if divisor <= 0:
                    raise UnknownTiebreak(f"SSSC divisor must be positive in {raw!r}")
            else:
                rest.append(p)
        mods = rest
    if head in ("PTS", "MPTS", "GPTS", MP, GP):
        if head != "PTS":
            score = MP if head in ("MPTS", MP) else GP
        return TeamDescriptor(raw, "POINTS", Descriptor("PTS"), score)
    if head == "MPVGP":
        return TeamDescriptor(raw, "MPVGP", Descriptor("PTS"))
    if head in _ESB or head == "ESB":
        scores = _ESB.get(head) or pair or (MP, GP)   # plain ESB = EMGSB (C07 §10.5)
        base = _modifiers(raw, "SB", mods)
        return TeamDescriptor(raw, "ESB", base, None, scores)
    if pair is not None:
        raise UnknownTiebreak(f"score ':{m['s']}' in {raw!r} is for ESB only; use :MP or :GP")
    if head in CATALOGUE:
        base = _modifiers(raw, "BH" if head == "SSSC" else "DE", mods)
        return TeamDescriptor(raw, head, base, score, divisor=divisor)
    if head in _RATINGS:
        raise UnknownTiebreak(f"{raw!r}: rating tie-breaks need team ratings, which a team TRF does not give")
    try:
        base = parse_individual("/".join([head] + mods))
    except UnknownTiebreak:
        known = ", ".join(["MP", "GP"] + list(CATALOGUE)[1:] + ["MPTS", "GPTS", "EMMSB", "EMGSB", "EGMSB", "EGGSB"]
                          + [c + ":MP" for c in ("BH", "SB", "PS", "...")])
        raise UnknownTiebreak(f"unknown team tie-break {raw!r}; known codes: {known}") from None
    if base.name == "PTS":
        return TeamDescriptor(raw, "POINTS", base, score)
    return TeamDescriptor(raw, base.name, base, score)


def _modifiers(raw: str, like: str, mods: list[str]) -> Descriptor:
    """Cut/Median, /P, /F through the individual grammar (``like`` is a family that takes them)."""
    try:
        d = parse_individual("/".join([like] + mods))
    except UnknownTiebreak as err:
        raise UnknownTiebreak(f"{err} (in {raw!r})") from None
    return d


def parse_list(text) -> list[TeamDescriptor]:
    items = text.split(",") if isinstance(text, str) else list(text)
    return [parse(c) for c in items if str(c).strip()]
