"""The Cut and Median modifiers (C.07 14.1-14.4) with the VUR exception of 16.5.

An *item* is ``(contribution, key, vur, round_index)``: ``key`` orders significance (for BH
the contribution itself; for SB the opponent's score, 14.1.1 d), ``vur`` marks a contribution
from a voluntary unplayed round.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import NamedTuple, TypeVar

from tbxl import rules as cv

T = TypeVar("T")

# Run per row of a column: an enum member looked up on its class costs five times a global.
_NO_VUR_CUT, _ALWAYS, _SMALLEST_PRODUCT = cv.VurCut.NONE, cv.VurCut.ALWAYS, cv.SbVurPick.SMALLEST_PRODUCT


class Item(NamedTuple):
    """One round's contribution to a sum that Cut and Median modifiers cut (units of the family)."""

    contribution: int
    key: int  # orders significance (14.1.1): BH the contribution, SB the opponent's score
    vur: bool  # from a voluntarily unplayed round (16.5)
    round: int  # 0-based


#: An item as the sums build it by the thousand: a plain tuple of :class:`Item`'s fields, in its
#: order (an :class:`Item` is one; a plain tuple costs a tenth of a named one to make).
Contribution = tuple[int, int, bool, int]
C = TypeVar("C", bound=Contribution)


class InOrder(list[Contribution]):
    """Items in order of significance (:func:`significance`): a row whose cuts 16.5's VUR exception
    may change, told apart from a row of plain values by its type."""


#: 14.1.1's order of significance of an item: its key, then its contribution (sorts are stable: ties
#: stay in round order).
_SIGNIFICANCE = itemgetter(1, 0)

#: The key of an item cut before any other: below every value (values are never negative), so the
#: item is the least significant of all (14.1.1) and the first of the cut-first items, whatever
#: ``vur_cut`` (a forfeit win under ``bh_forfeit_win=zero``, a Swiss-Manager habit, C07 §8.4).
CUT_FIRST_KEY = -1

# Reason keys (tbxl.derivation.REASONS) of the three kinds of cut.
LEAST = "cut.least"
VUR_FIRST = "cut.vur"
MOST = "cut.most"


def select(
    items: Sequence[Contribution], low: int, high: int, vur_rule: str, vur_pick: str = cv.SbVurPick.LEAST_SIGNIFICANT
) -> list[tuple[int, str]]:
    """Indexes of the items to cut, in cutting order, each with its reason.

    Low cuts come first, each applying 16.5 again (16.5.2); then the high cuts of Median on
    what remains, without exception (14.3 "in that order", C07 §9 D12). ``vur_pick`` says which
    VUR is "the lowest contribution coming from a VUR" (C07 §9 D23).

    >>> select([(3, 3, False, 0), (1, 1, False, 1), (2, 2, True, 2)], 1, 0, "higher-of")
    [(2, 'cut.vur')]
    >>> select([(3, 3, False, 0), (1, 1, False, 1), (2, 2, True, 2)], 1, 1, "none")
    [(1, 'cut.least'), (0, 'cut.most')]

    SB items of two VURs with different (2026-capped) dummies: the reference engine's reading takes
    the VUR that 14.1.1 makes least significant (dummy 9 half-points, product 9), the other reading the
    smallest product (dummy 11, product 0), which is below the least significant value (6):

    >>> sb = [(6, 6, False, 0), (0, 11, True, 2), (9, 9, True, 5), (18, 9, False, 6)]
    >>> select(sb, 1, 0, "higher-of"), select(sb, 1, 0, "higher-of", "smallest-product")
    ([(2, 'cut.vur')], [(0, 'cut.least')])
    """
    order = significance_order(items)
    return [(order[k], why) for k, why in select_sorted([items[k] for k in order], low, high, vur_rule, vur_pick)]


def significance_order(items: Sequence[Contribution]) -> list[int]:
    """Indexes of the items in order of significance (14.1.1: the key, then the contribution),
    ties in round order."""
    return sorted(range(len(items)), key=lambda k: _SIGNIFICANCE(items[k]))


def select_sorted(
    items: Sequence[Contribution], low: int, high: int, vur_rule: str, vur_pick: str = cv.SbVurPick.LEAST_SIGNIFICANT
) -> list[tuple[int, str]]:
    """:func:`select` on items already in order of significance (:func:`significance`): positions
    in that order. The least significant alive item is the first; ties between equal items go to
    the earlier round, for the low cuts as for the high ones."""
    alive = list(range(len(items)))
    cuts: list[tuple[int, str]] = []
    for _ in range(low):
        if not alive:
            break
        pick, why = alive[0], LEAST
        if vur_rule != _NO_VUR_CUT:
            vurs = [k for k in alive if items[k][2]]
            if vurs:
                if vur_pick == _SMALLEST_PRODUCT:
                    v = min(vurs, key=lambda k: (items[k][0], items[k][3]))
                else:  # 14.1.1's order: the lowest opponent (dummy) value, then the smallest product
                    v = vurs[0]
                # 16.5.1: the VUR goes "as long as it is not lower than the least significant value".
                if vur_rule == _ALWAYS or items[v][0] >= items[alive[0]][0]:
                    pick, why = v, VUR_FIRST
        alive.remove(pick)
        cuts.append((pick, why))
    for _ in range(high):
        if not alive:
            break
        k = len(alive) - 1
        while k and items[alive[k - 1]][:2] == items[alive[-1]][:2]:  # the first of equal items
            k -= 1
        cuts.append((alive.pop(k), MOST))
    return cuts


def kept(order: Sequence[T], low: int, high: int) -> Sequence[T]:
    """The part of a list sorted by significance that Cut-``low`` / Median keep: without VURs the
    cuts are plain order statistics (14.1-14.4).

    >>> kept([1, 2, 3, 4, 5], 1, 0), kept([1, 2, 3, 4, 5], 1, 1), kept([1, 2], 2, 1)
    ([2, 3, 4, 5], [2, 3, 4], [])
    """
    n = len(order)
    lo = min(low, n)
    return order[lo : max(lo, n - high)]


def kept_sum(
    items: Sequence[Contribution], low: int, high: int, vur_rule: str, vur_pick: str = cv.SbVurPick.LEAST_SIGNIFICANT
) -> int:
    """Sum of the contributions left after the cuts (the fast path of :func:`select`)."""
    if low == 0 and high == 0:
        return sum(it[0] for it in items)
    if vur_rule == _NO_VUR_CUT or not any(it[2] for it in items):
        return sum(c for _, c in kept(sorted((it[1], it[0]) for it in items), low, high))
    return sum(it[0] for it in items) - sum(items[k][0] for k, _ in select(items, low, high, vur_rule, vur_pick))


def significance(items: Sequence[C]) -> list[C]:
    """The items in order of significance (14.1.1: the key, then the contribution), ties in round
    order: the order :func:`select` finds its least significant items in."""
    return sorted(items, key=_SIGNIFICANCE)


def kept_sum_sorted(
    items: Sequence[Contribution], low: int, high: int, vur_rule: str, vur_pick: str = cv.SbVurPick.LEAST_SIGNIFICANT
) -> int:
    """:func:`kept_sum` of items already in :func:`significance` order, sorted once for Cut-1,
    Cut-2, Median ...: the cuts of :func:`select_sorted`, the rule the derivations show.

    >>> its = significance([(3, 3, False, 0), (1, 1, False, 1), (2, 2, True, 2)])
    >>> kept_sum_sorted(its, 1, 0, "higher-of"), kept_sum_sorted(its, 1, 1, "none")
    (4, 2)
    """
    total = sum([it[0] for it in items])
    if low or high:
        total -= sum([items[k][0] for k, _ in select_sorted(items, low, high, vur_rule, vur_pick)])
    return total
