"""The last step of a tie (C.07 Art. 2.2, 4.2): participants equal on points and on every tie-break
of the list are ordered by a play-off the arbiter records, else by drawing lots.

* A **play-off** (Art. 3, over the board) is recorded as the order it gave, best first:
  ``12>7>3`` (start numbers; a team event's team numbers). ``=`` keeps players the play-off did not
  separate together (``12>7>3=9``: a knock-out whose semi-final losers are not ordered). It must name
  every participant of one group equal on everything - a play-off between participants that a
  tie-break already separates is refused with that tie-break's values.
* **Lots** (Art. 4.2: "when the list is exhausted, draw lots") order every group still equal with
  a seed the arbiter announces, so that anyone can draw them again: each participant's lot is the
  SHA-256 of the UTF-8 text ``SEED:NUMBER`` (the seed, a colon, the start number in decimal without
  leading zeros) written in lower-case hexadecimal; the lowest lot is placed first. By hand:
  ``printf '%s' 'Open2026:12' | sha256sum``. SHA-256 is FIPS 180-4: the same on every machine
  and every Python, which :mod:`random` does not promise.

>>> draw_lots("Open2026", [3, 7, 12]) == sorted([3, 7, 12], key=lambda n: lot("Open2026", n))
True
>>> lot("Open2026", 12)[:16]
'086540aa59c298f4'
>>> parse_playoff("12>7>3=9")
((12,), (7,), (3, 9))
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from tbxl.errors import UsageError, excerpt
from tbxl.formatting import decimal_text, visible
from tbxl.limits import MAX_LOTS_SEED, hidden_character
from tbxl.standings import Row, Standings

__all__ = [
    "PLAYOFF",
    "LOTS",
    "ORDER_SEPARATOR",
    "split_orders",
    "Decision",
    "parse_playoff",
    "seed_problem",
    "lot",
    "draw_lots",
    "decide",
]

#: How a place among participants equal on every tie-break was decided (JSON ``decided_by``).
PLAYOFF = "play-off"
LOTS = "lots"

#: What separates several play-offs written in one text (a workbook's Play-off cell, an Excel
#: argument): ``12>7>3;20>9``.
ORDER_SEPARATOR = ";"


def split_orders(text: str) -> tuple[str, ...]:
    """The play-off orders of a text holding several, blanks and empty items left out.

    >>> split_orders(" 12>7>3 ; 20>9;")
    ('12>7>3', '20>9')
    """
    return tuple(p.strip() for p in text.split(ORDER_SEPARATOR) if p.strip())


#: Where the seed of the lots was given, by where the play-offs were: the command line, an Excel
#: function's arguments, a workbook's settings (for messages).
_LOTS_WORD = {"--playoff": "--lots", "playoff": "lots", "Play-off": "Lots seed"}

_NUMBER = re.compile(r"\s*(\d{1,6})\s*")


def parse_playoff(text: str, option: str = "--playoff") -> tuple[tuple[int, ...], ...]:
    """The order of a ``--playoff`` text, best first: tiers of numbers (``=`` joins a tier).
    :class:`UsageError` naming the option (``option``: where the text was given, e.g. a workbook's
    Play-off setting) for anything else."""
    tiers = []
    seen: set[int] = set()
    for part in text.split(">"):
        tier = []
        for item in part.split("="):
            m = _NUMBER.fullmatch(item)
            if not m:
                raise UsageError(
                    f"{_as_given(option, text)}: {excerpt(item.strip())} is not a start number "
                    "(write the play-off's order best first, e.g. 12>7>3)"
                )
            n = int(m.group(1))
            if n in seen:
                raise UsageError(f"{_as_given(option, text)}: {n} is named twice")
            seen.add(n)
            tier.append(n)
        tiers.append(tuple(tier))
    if len(seen) < 2:
        raise UsageError(f"{_as_given(option, text)}: a play-off orders two or more players, e.g. 12>7")
    return tuple(tiers)


def _as_given(option: str, text: str) -> str:
    """A play-off as a message names it: after the option that gave it (``--playoff 12>7``), or as
    the event's tbxl.toml writes it, after its place there (``tbxl.toml:3: playoffs = "12>7"``)."""
    return f'{option} "{_short(text)}"' if option.endswith("=") else f"{option} {_short(text)}"


#: What is taken off either end of a seed: the blanks of a keyboard and a line end (a cell or a file).
_TYPED_BLANKS = " \t\r\n"


def seed_problem(seed: str) -> str | None:
    """What is wrong with the seed of the lots (None: nothing): too long to announce, or holding
    a character nobody can retype (control, bidi, invisible).

    >>> seed_problem("Open2026"), seed_problem("\u2028x")
    (None, 'the seed holds an invisible character (U+2028); give a text anyone can retype')
    """
    seed = seed.strip(_TYPED_BLANKS)
    if len(seed) > MAX_LOTS_SEED:
        return (
            f"the seed has {len(seed):,} characters, at most {MAX_LOTS_SEED} "
            "(a text the arbiter announces and anyone can retype)"
        )
    hidden = hidden_character(seed)
    if visible(seed) == seed and hidden is None:
        return None
    if hidden is None or (visible(seed) != seed and unicodedata.category(hidden) in ("Cc", "Cf")):
        what = "a control or bidi character"
    else:
        what = f"an invisible character (U+{ord(hidden):04X})"
    return f"the seed holds {what}; give a text anyone can retype"


def _short(text: str, limit: int = 60) -> str:
    """A play-off as written, cut for a message: an order of 20,000 steps is not echoed back.

    >>> _short("12>7"), _short(">".join(map(str, range(1, 40))), 20)
    ('12>7', '1>2>3>4>5>6>7>8>9>10...')
    """
    return text if len(text) <= limit else text[:limit] + "..."


def lot(seed: str, number: int) -> str:
    """One participant's lot: the SHA-256 of ``SEED:NUMBER`` (UTF-8) in hexadecimal."""
    return hashlib.sha256(f"{seed}:{number}".encode()).hexdigest()


def draw_lots(seed: str, numbers: Iterable[int]) -> list[int]:
    """``numbers`` in the order the lots of ``seed`` give them (lowest lot first)."""
    return sorted(numbers, key=lambda n: (lot(seed, n), n))


@dataclass(frozen=True)
class Decision:
    """What decides the ties left after the whole list: the play-offs recorded (each a tuple of
    tiers, best first) and the seed of the lots (None: no lots, the places stay shared)."""

    playoffs: tuple[tuple[tuple[int, ...], ...], ...] = ()
    lots: str | None = None
    texts: tuple[str, ...] = field(default=(), compare=False)  # the play-offs as written, for messages
    option: str = field(default="--playoff", compare=False)  # where they were given, for messages
    options: tuple[str, ...] = field(default=(), compare=False)  # where each was given (a file's line)

    @classmethod
    def of(
        cls,
        playoffs: Sequence[str] = (),
        lots: str | None = None,
        option: str = "--playoff",
        where: Mapping[str, str] | None = None,
    ) -> Decision:
        """From the ``--playoff`` texts and the ``--lots`` seed (``option``: what the messages call
        the play-off, e.g. ``Play-off`` for a workbook's setting; ``where``: the place of a play-off
        text, or of ``lots``, given elsewhere, e.g. ``tbxl.toml:3: playoffs =``)."""
        where = where or {}
        word = where.get("lots", _LOTS_WORD.get(option, "--lots"))
        if lots is not None and not lots.strip(_TYPED_BLANKS):
            raise UsageError(f"{word} needs a seed, e.g. Open2026-round9 (announce it to the players)")
        problem = seed_problem(lots) if lots is not None else None
        if lots is not None and problem is not None:
            shown = "" if len(lots.strip(_TYPED_BLANKS)) > MAX_LOTS_SEED else f" {excerpt(lots.strip(_TYPED_BLANKS))}"
            raise UsageError(f"{word}{shown}: {problem}")
        options = tuple(where.get(f"playoffs {p}", option) for p in playoffs)
        return cls(
            tuple(parse_playoff(p, o) for p, o in zip(playoffs, options)),
            lots.strip(_TYPED_BLANKS) if lots is not None else None,
            tuple(playoffs),
            option,
            options,
        )

    def __bool__(self) -> bool:
        return bool(self.playoffs) or self.lots is not None


def _reason(st: Standings, a: Row, b: Row) -> str:
    """Why two rows are not equal on every tie-break: the item that separates them, both values."""
    code = st.separating(a.number, b.number)
    if code is None:  # pragma: no cover - rows of different groups differ somewhere
        return "they differ"
    if code == "PTS":
        return f"{a.number} has {decimal_text(a.points)} points, {b.number} has {decimal_text(b.points)}"
    return (
        f"{code} separates them ({a.number}: {decimal_text(a.values[code], none='-')}, "
        f"{b.number}: {decimal_text(b.values[code], none='-')})"
    )


def decide(st: Standings, decision: Decision) -> Standings:
    """The standings with the play-offs' orders and the lots applied to the groups equal on
    every tie-break; each row so placed says how (:attr:`Standings.decided_by`)."""
    if not decision:
        return st
    groups: list[list[Row]] = []
    for row in st.rows:
        if groups and groups[-1][0].rank == row.rank:
            groups[-1].append(row)
        else:
            groups.append([row])
    group_of = {row.number: g for g in groups for row in g}
    orders: dict[int, tuple[tuple[int, ...], ...]] = {}  # group's first rank -> the play-off's tiers
    texts = decision.texts or ("",) * len(decision.playoffs)
    options = decision.options or (decision.option,) * len(decision.playoffs)
    for text, tiers, option in zip(texts, decision.playoffs, options):
        named = [n for tier in tiers for n in tier]
        missing = [n for n in named if n not in group_of]
        if missing:
            raise UsageError(f"{_as_given(option, text)}: no participant with number {missing[0]}")
        group = group_of[named[0]]
        for n in named[1:]:
            if group_of[n] is not group:
                a, b = st.row(named[0]), st.row(n)
                raise UsageError(
                    f"{_as_given(option, text)}: {named[0]} and {n} are not equal on every tie-break: "
                    f"{_reason(st, a, b)}; a play-off decides only a place they share"
                )
        left = [r.number for r in group if r.number not in named]
        if left:
            raise UsageError(
                f"{_as_given(option, text)}: {_short(', '.join(map(str, left)))} "
                f"{'is' if len(left) == 1 else 'are'} also equal with them on every tie-break "
                f"(place {group[0].rank_label}); name the whole group, e.g. "
                f"{_short('>'.join(map(str, named + left)))}"
            )
        if group[0].rank in orders:
            raise UsageError(f"{_as_given(option, text)}: place {group[0].rank_label} has a play-off already")
        orders[group[0].rank] = tiers
    decided: dict[int, str] = {}
    out = replace(st, rows=[], decided_by=decided, lots_seed=decision.lots)
    for group in groups:
        by_number = {r.number: r for r in group}
        order: list[list[int]] = [list(t) for t in orders.get(group[0].rank, ())] or [[r.number for r in group]]
        if group[0].rank in orders:
            for n in by_number:
                decided[n] = PLAYOFF
        place = group[0].rank
        for tier in order:
            pieces: list[list[int]]
            if len(tier) > 1 and decision.lots is not None:
                for n in tier:
                    decided[n] = LOTS
                pieces = [[n] for n in draw_lots(decision.lots, tier)]
            else:
                pieces = [sorted(tier)]
            for piece in pieces:
                label = str(place) if len(piece) == 1 else f"{place}-{place + len(piece) - 1}"
                for n in piece:
                    r = by_number[n]
                    out.rows.append(Row(place, label, r.player, r.index, out))
                place += len(piece)
    return out
