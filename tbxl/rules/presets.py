"""The named rule sets (:data:`PRESETS`: the FIDE editions and the programs of the seed articles)
and how the edges pick one: by name (:func:`get`), by the start date (:func:`default_for`), or
with ``NAME=VALUE`` settings on top (:func:`resolve`).

>>> get("fide-2026").dummy_cap
True
>>> default_for(None).name
'fide-2026'
>>> c = resolve("fide-2024", None, ["vur_cut=always"])
>>> c.name, c.preset, c.vur_cut is VurCut.ALWAYS
('fide-2024+vur_cut=always', 'fide-2024', True)
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from tbxl.errors import UnknownRules, did_you_mean, excerpt
from tbxl.rules.convention import Convention
from tbxl.rules.modes import OpponentScore, OwnUnplayed, VurCut

__all__ = [
    "PRESETS",
    "ALIASES",
    "FIDE_2026_START",
    "FIDE_2023_START",
    "FIDE_2012_START",
    "get",
    "default_for",
    "not_in_force",
    "in_force_warning",
    "articles_edition",
    "resolve",
    "resolve_each",
]


#: The named rule sets, by name.
PRESETS: dict[str, Convention] = {
    c.name: c
    for c in (
        Convention(
            "fide-2026",
            "FIDE C.07 (2026)",
            "FIDE Handbook C.07, TieBreakRegulations032026, in force from 1 March 2026: Art. 16 with the "
            "capped dummy (16.4.1, 16.4.2) and the 15.2 exceptions.",
            dummy_cap=True,
            exceptions_15_2=True,
        ),
        Convention(
            "fide-2024",
            "FIDE C.07 (2023/2024)",
            "FIDE Handbook C.07, texts of Sep 2023, Apr 2024 and Aug 2024 (in force 1 Sep 2023 - 28 Feb 2026): "
            "Art. 16 with an uncapped dummy.",
        ),
        Convention(
            "fide-2022",
            "FIDE C.07 (2022, game against oneself)",
            "TieBreakRegulations2022 Arts 14.3-14.7 (EVE/GSC, mid 2023): trailing forfeit losses become "
            "draws for the opponents, unplayed rounds are cut first unconditionally.",
            opponent_score=OpponentScore.ADJUSTED_2022,
            vur_cut=VurCut.ALWAYS,
        ),
        Convention(
            "fide-2017",
            "FIDE 2009-2017 (virtual opponent)",
            "FIDE Congress 2009 / Handbook C.02 13.15 (1 July 2012 - Aug 2023): opponents' unplayed games "
            "count as draws; own unplayed rounds against a virtual opponent Svon = SPR + (1 - SfPR) + "
            "0.5 (n - R), as taught in the MASISWA arbiters' course (Malaysia, 27-28 Nov 2015).",
            opponent_score=OpponentScore.UNPLAYED_AS_DRAW,
            own_unplayed=OwnUnplayed.VIRTUAL_OPPONENT,
            vur_cut=VurCut.NONE,
        ),
        Convention(
            "sm-real-points",
            "Swiss-Manager: computed with real points",
            'Swiss-Manager, as described in the Vietnamese article "Cách tính hệ số Buchholz có điều chỉnh" '
            "(how to compute the adjusted Buchholz): opponents' real scores; an own unpaired round counts rounds/2; "
            "a paired "
            "round decided by forfeit counts the opponent's score.",
            opponent_score=OpponentScore.REAL,
            own_unplayed=OwnUnplayed.HALF_ROUNDS,
            paired_forfeit_uses_opponent=True,
            vur_cut=VurCut.NONE,
        ),
        Convention(
            "sm-half-point",
            "Swiss-Manager: computed with 1/2 point (modified points)",
            'Swiss-Manager, as described in the Vietnamese article "Cách tính hệ số Buchholz có điều chỉnh" '
            "(how to compute the adjusted Buchholz): as real points, but every opponent is worth "
            "BHc = P + (L - W) x 0.5.",
            opponent_score=OpponentScore.UNPLAYED_AS_DRAW,
            own_unplayed=OwnUnplayed.HALF_ROUNDS,
            paired_forfeit_uses_opponent=True,
            vur_cut=VurCut.NONE,
        ),
        Convention(
            "sm-self-draw",
            "Swiss-Manager: counted as a draw against the player himself",
            'Swiss-Manager, as described in the Vietnamese article "Cách tính hệ số Buchholz có điều chỉnh" '
            "(how to compute the adjusted Buchholz): every own unplayed round (byes and forfeits, paired or not) "
            "counts the "
            "player's own BHc; opponents are worth their BHc.",
            opponent_score=OpponentScore.UNPLAYED_AS_DRAW,
            own_unplayed=OwnUnplayed.OWN_VALUE,
            vur_cut=VurCut.NONE,
        ),
        Convention(
            "sm-virtual-opponent",
            "Swiss-Manager: counted as a game against a virtual opponent",
            'Swiss-Manager, as described in the Vietnamese article "Cách tính hệ số Buchholz có điều chỉnh" '
            "(how to compute the adjusted Buchholz): opponents are worth their BHc; each own unplayed round R counts "
            "points before R + reverse result + (rounds - R) x 0.5 (the FIDE 2009 formula).",
            opponent_score=OpponentScore.UNPLAYED_AS_DRAW,
            own_unplayed=OwnUnplayed.VIRTUAL_OPPONENT,
            vur_cut=VurCut.NONE,
        ),
        Convention(
            "standard",
            "Buchholz 'Standard' (Mario Zilli)",
            'IA Mario Zilli, "Sistemas de desempate" (Columna Técnica): the opponents\' real scores, forfeited games '
            "included; a "
            "bye (requested or allocated) adds 0.",
            opponent_score=OpponentScore.REAL,
            own_unplayed=OwnUnplayed.ZERO,
            paired_forfeit_uses_opponent=True,
            vur_cut=VurCut.NONE,
        ),
        Convention(
            "fide-draws",
            "Buchholz 'FIDE' (Mario Zilli)",
            'IA Mario Zilli, "Sistemas de desempate" (Columna Técnica): every unplayed game counts as a draw - for '
            "opponents, and "
            "an own unplayed round adds the own score with that round turned into a draw.",
            opponent_score=OpponentScore.UNPLAYED_AS_DRAW,
            own_unplayed=OwnUnplayed.OWN_WITH_DRAW,
            vur_cut=VurCut.NONE,
        ),
        Convention(
            "plain",
            "Plain (no adjustment)",
            "No adjustment at all: only games played over the board count, with the opponents' real "
            "scores; every unplayed round is skipped (the 'skip unplayed rounds' habit of older programs).",
            opponent_score=OpponentScore.REAL,
            own_unplayed=OwnUnplayed.SKIP,
            vur_cut=VurCut.NONE,
        ),
    )
}

#: Accepted alternative spellings.
ALIASES: dict[str, str] = {
    "fide": "fide-2026",
    "current": "fide-2026",
    "fide-2023": "fide-2024",
    "2026": "fide-2026",
    "2024": "fide-2024",
    "2023": "fide-2024",
    "2017": "fide-2017",
    "fide-2009": "fide-2017",
    "virtual-opponent": "fide-2017",
    "sm-half-point-modified": "sm-half-point",
    "sm-draw-against-self": "sm-self-draw",
    "zilli-standard": "standard",
    "zilli-fide": "fide-draws",
    "none": "plain",
}

FIDE_2026_START = date(2026, 3, 1)
FIDE_2023_START = date(2023, 9, 1)
FIDE_2012_START = date(2012, 7, 1)


def get(name: str) -> Convention:
    """The preset called ``name`` (case-insensitive, aliases accepted)."""
    key = name.strip().lower().replace("_", "-")
    key = ALIASES.get(key, key)
    try:
        return PRESETS[key]
    except KeyError:
        raise UnknownRules(
            f"unknown rules {excerpt(name)}; choose one of {', '.join(PRESETS)}{did_you_mean(name, PRESETS)}"
        ) from None


def default_for(start_date: date | None) -> Convention:
    """The edition in force on the start date (C07 §9 D16); no date means the current rules."""
    if start_date is None or start_date >= FIDE_2026_START:
        return PRESETS["fide-2026"]
    if start_date >= FIDE_2023_START:
        return PRESETS["fide-2024"]
    if start_date >= FIDE_2012_START:
        return PRESETS["fide-2017"]
    return PRESETS["fide-2017"]


def not_in_force(conv: Convention, start_date: date | None) -> Convention | None:
    """The edition in force on the event's ``start_date`` when ``conv`` does not start from it (an
    event of 2024 ranked with ``--rules fide-2026``: issue 35 item 3); None when it does, or when
    the event has no date.

    >>> not_in_force(get("fide-2026"), date(2024, 5, 1)).name, not_in_force(get("fide-2026"), date(2026, 3, 1))
    ('fide-2024', None)
    """
    if start_date is None:
        return None
    in_force = default_for(start_date)
    return None if conv.preset == in_force.preset else in_force


def in_force_warning(conv: Convention, start_date: date | None) -> str | None:
    """The warning (English, for standard error) when ``conv`` is not the edition in force on
    the event's ``start_date`` (:func:`not_in_force`); None when it is.

    >>> in_force_warning(get("fide-2026"), date(2024, 8, 1))
    'rules fide-2026 are not those in force when the event started (2024-08-01): fide-2024, FIDE C.07 (2023/2024)'
    """
    in_force = not_in_force(conv, start_date)
    if in_force is None:
        return None
    return (
        f"rules {conv.name} are not those in force when the event started ({start_date}): "
        f"{in_force.name}, {in_force.title}"
    )


def articles_edition(conv: Convention) -> str:
    """The C.07 text whose article numbers a derivation under ``conv`` cites ("16.4" of the 2026
    text is the capped dummy, of the 2023/2024 text the uncapped one). The numbering of Arts 4-16
    is that of the 2023 rewrite in both texts; the older rules cite their own texts beside it
    ("2022 14.4", "C.02 13.15 (2009)"), and the programs' habits follow the current text.

    >>> articles_edition(get("fide-2024")), articles_edition(get("sm-real-points"))
    ('C.07 (2023/2024)', 'C.07 (2026)')
    """
    return "C.07 (2023/2024)" if conv.preset == "fide-2024" else "C.07 (2026)"


def resolve(rules: str | Convention | None, start_date: date | None, settings: Iterable[str] = ()) -> Convention:
    """The convention the user asked for: the preset ``rules`` names (or ``rules`` itself), else
    the edition in force on ``start_date``, with the ``NAME=VALUE`` ``settings`` applied. The edges
    (command line, configuration, Excel, workbook, report) call this; the core gets the result.

    A name as tbxl writes it (:attr:`Convention.name`: the preset and ``+NAME=VALUE`` for each
    changed setting) reads back as that rule set, so a workbook's Rules cell may carry settings:

    >>> resolve(None, date(2024, 5, 1), ["cut_priority=unplayed"]).name
    'fide-2024+cut_priority=unplayed'
    >>> resolve("fide-2026 + unrated_method=estimated", None).unrated_method.value
    'estimated'
    """
    if not isinstance(rules, Convention):
        name, *named = (rules or "").split("+")
        rules = get(name) if name.strip() else default_for(start_date)
        settings = [*named, *settings]
    return rules.with_settings(settings)


def resolve_each(rules: str, start_date: date | None, settings: Iterable[str] = ()) -> list[Convention]:
    """The rule sets of a comma-separated list (``--rules fide-2024,fide-2026``), each resolved
    by :func:`resolve` with the same ``settings``; empty names are skipped.

    >>> [c.name for c in resolve_each("fide-2024, fide-2026", None, ["vur_cut=always"])]
    ['fide-2024+vur_cut=always', 'fide-2026+vur_cut=always']
    """
    return [resolve(name.strip(), start_date, settings) for name in rules.split(",") if name.strip()]
