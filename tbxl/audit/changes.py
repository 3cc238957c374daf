"""What makes one derivation differ from another: the term-level changes between the value of a
tie-break under two conventions (used by ``tbxl audit`` and ``tbxl compare``).

Terms are matched by round and opponent. A change is a :class:`~tbxl.derivation.Reason`, so reports
translate it like every other reason of a derivation.

>>> from fractions import Fraction as F
>>> from tbxl.derivation import Derivation, Reason, Term
>>> game = lambda rd, opp, v, cut=None: Term(rd, opp, "1", v, v, Reason.of("game"), "8.1", v, cut=cut)
>>> bye = lambda cut=None: Term(2, None, "U", None, F(9, 2), Reason.of("dummy", what="pab", cat="16.2.1", own=F(9, 2)),
...                             "16.4", F(9, 2), cut=cut)
>>> fide = Derivation("BH/C1", 4, (game(1, 88, F(7, 2), Reason.of("cut.least")), bye()), F(9, 2))
>>> sm = Derivation("BH/C1", 4, (game(1, 88, F(7, 2)), bye(Reason.of("cut_first"))), F(7, 2))
>>> [str(c) for c in changes(fide, sm)]
['cuts round 2, pairing-allocated bye (4.5) instead of round 1, opponent 88 (3.5)']
"""

from __future__ import annotations

from tbxl.derivation import Derivation, Reason, Term
from tbxl.model import Kind
from tbxl.model.codes import result_code

#: The kind key of :data:`~tbxl.derivation.REASONS` ("kind.<key>") for a round without an opponent.
_UNPLAYED_KIND = {result_code(k, 0): k.value for k in Kind if not k.is_game}


def term_label(t: Term) -> Reason:
    """``opponent 88``, ``forfeit win v. 14`` or the kind of a bye (``pairing-allocated bye``)."""
    kind = _UNPLAYED_KIND.get(t.result)
    if kind and t.opponent is not None:
        return Reason.of("term.unplayed_vs", what=kind, opp=t.opponent)
    if kind:
        return Reason.of("term.kind", what=kind)
    if t.opponent is not None:
        return Reason.of("term.opponent", opp=t.opponent)
    return Reason.of("term.round")


#: A term as two derivations are matched: its round, its opponent, and which of the terms with both.
_Key = tuple[int | None, int | None, int]


def _key(t: Term, seen: dict[tuple[int | None, int | None], int]) -> _Key:
    base = (t.round, t.opponent)
    seen[base] = seen.get(base, 0) + 1
    return base + (seen[base],)


def _index(d: Derivation) -> dict[_Key, Term]:
    seen: dict[tuple[int | None, int | None], int] = {}
    return {_key(t, seen): t for t in d.terms}


def _value_change(ta: Term, tb: Term) -> Reason:
    """A term whose contribution changed, with the part of its reason that changed."""
    gained = Reason(tuple(p for p in tb.reason.parts if p not in ta.reason.parts))
    lost = Reason(tuple(p for p in ta.reason.parts if p not in tb.reason.parts))
    args = dict(rd=tb.round, term=term_label(tb), old=ta.contribution, new=tb.contribution)
    if gained.parts and lost.parts:
        return Reason.of("change.value_why", reason=gained, reason0=lost, **args)
    if gained.parts:
        return Reason.of("change.value_with", reason=gained, **args)
    if lost.parts:
        return Reason.of("change.value_without", reason0=lost, **args)
    return Reason.of("change.value", reason=tb.reason, **args)


def changes(before: Derivation, after: Derivation) -> list[Reason]:
    """The term-level changes that turn ``before`` into ``after`` (empty when the terms agree).

    Cut swaps come first ("cuts round 7 ... instead of round 3 ..."), then values that changed,
    terms counted or left out, and cuts added or dropped; a note that differs closes the list.
    """
    a, b = _index(before), _index(after)
    out: list[Reason] = []
    newly_cut, uncut = [], []
    for key in list(a) + [k for k in b if k not in a]:
        ta, tb = a.get(key), b.get(key)
        if ta is None:
            assert tb is not None  # a key of after's alone
            out.append(
                Reason.of("change.added", rd=tb.round, term=term_label(tb), new=tb.contribution, reason=tb.reason)
            )
            if tb.is_cut:
                newly_cut.append(tb)
            continue
        if tb is None:
            out.append(Reason.of("change.dropped", rd=ta.round, term=term_label(ta), old=ta.contribution))
            continue
        if ta.contribution != tb.contribution:
            out.append(_value_change(ta, tb))
        if tb.is_cut and not ta.is_cut:
            newly_cut.append(tb)
        elif ta.is_cut and not tb.is_cut:
            uncut.append(ta)
    cuts: list[Reason] = []
    for tb in newly_cut:
        if uncut:
            ta = uncut.pop(0)
            cuts.append(
                Reason.of(
                    "change.cut_instead",
                    rd=tb.round,
                    term=term_label(tb),
                    value=tb.contribution,
                    rd0=ta.round,
                    term0=term_label(ta),
                    value0=ta.contribution,
                )
            )
        else:
            cuts.append(Reason.of("change.cut", rd=tb.round, term=term_label(tb), value=tb.contribution))
    cuts += [Reason.of("change.kept", rd=t.round, term=term_label(t), value=t.contribution) for t in uncut]
    out = cuts + out
    if not out and before.value != after.value:
        if before.divisor != after.divisor and after.divisor is not None:
            out.append(Reason.of("change.divisor", old=before.divisor or 0, new=after.divisor))
        for n in after.notes:
            if n not in before.notes:
                out.append(n)
    return out


def first_change(before: Derivation, after: Derivation) -> Reason | None:
    """The leading change, or None."""
    found = changes(before, after)
    return found[0] if found else None
