"""The organizer's decisions (:class:`~tbxl.model.decisions.Decisions`) in a TRF: ``###`` comment
lines (TRF-2026 comments, which other programs skip), written by tbxl and read back. TRF-16 and
TRF-2026 have no record for an expelled player, an estimated rating, a rating by round or a given
value; the tie-break list in force is the ``212`` record, and the checklist (201-202) asks for a
list change as a ``###`` comment giving the round and the previous list.

>>> from tbxl.model import Decisions
>>> lines = comment_lines(Decisions.of(expelled=["12"], list_change="4:BH,SB"))
>>> for line in lines: print(line)
### tbxl expelled 12
### tbxl list-change 4:BH,SB - the tie-break list changed after round 4; the list before: BH,SB
>>> read_comments([(1, lines[0]), (2, lines[1])], "a.trf").list_change
ListChange(after_round=4, previous=('BH', 'SB'))
"""

from __future__ import annotations

from collections.abc import Iterable

from tbxl.errors import InputError
from tbxl.model.decisions import Decisions, parse_item

__all__ = ["DECISION_COMMENT", "comment_lines", "read_comments"]

#: How a decision's comment line starts.
DECISION_COMMENT = "### tbxl "
#: The word of each kind of decision in its comment line, and the :meth:`Decisions.of` keyword.
WORDS = {
    "expelled": "expelled",
    "estimated": "estimated",
    "rating": "ratings",
    "list-change": "list_change",
    "given": "given",
}
#: The kind of item (:data:`~tbxl.model.decisions.KINDS`) of each word.
KIND = {
    "expelled": "expelled",
    "estimated": "estimated rating",
    "rating": "rating by round",
    "list-change": "list change",
    "given": "given value",
}


def comment_lines(decisions: Decisions) -> list[str]:
    """The ``###`` lines of ``decisions``, one a decision (all expelled players on one line)."""
    out = []
    if decisions.expelled:
        out.append(f"{DECISION_COMMENT}expelled {','.join(map(str, decisions.expelled))}")
    change = decisions.list_change
    if change is not None:
        out.append(
            f"{DECISION_COMMENT}list-change {change.item} - the tie-break list changed after round "
            f"{change.after_round}; the list before: {','.join(change.previous)}"
        )
    out += [f"{DECISION_COMMENT}estimated {sn}:{r}" for sn, r in decisions.estimated]
    out += [f"{DECISION_COMMENT}rating {sn}:{rd}:{r}" for sn, rd, r in decisions.ratings]
    out += [f"{DECISION_COMMENT}given {code}:{sn}={v}" for code, sn, v in decisions.given]
    return out


def read_comments(lines: Iterable[tuple[int, str]], where: str) -> Decisions:
    """The decisions of tbxl's comment lines ``(line number, text)``; an :class:`InputError`
    naming the file and the line of one that does not read."""
    items: dict[str, list[str]] = {}
    for number, text in lines:
        word, _, rest = text[len(DECISION_COMMENT) :].strip().partition(" ")
        item = rest.split(" - ", 1)[0].strip()
        if word not in WORDS:
            raise InputError(
                f"'### tbxl {word[:20]}': tbxl writes {', '.join(WORDS)} here", file=where, line=number, column=10
            )
        try:
            parse_item(KIND[word], item)
        except InputError as err:
            raise InputError(err.message, file=where, line=number) from None
        items.setdefault(WORDS[word], []).append(item)
    changes = items.pop("list_change", [])
    return Decisions.of(list_change=changes[-1] if changes else None, **items)
