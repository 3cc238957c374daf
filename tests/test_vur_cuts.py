"""C.07 16.5 with several VURs whose dummies differ (2026 caps, C07 §9 D23).

The record of the issue: 9 rounds, own score 5.5, ``= 1 - 1 0 H 1 = 1``. Round 3 is a forfeit loss
(a VUR, 16.2.4) whose dummy is the own score 5.5 (the forfeit winner has 6, so the 16.4.1 cap does
not bite) and adds 0; round 6 a half-point bye (VUR) whose dummy is capped at a draw x 9 rounds =
4.5 under 2026 (16.4.2) and adds 2.25; under 2024 both dummies are 5.5.
"""

from fractions import Fraction as F

import pytest

from builders import Builder
from tbxl import rules as conventions
from tbxl.tiebreaks import Context, compute, explain, parse

FOCUS = 1
# round: (result for FOCUS, opponent's final score)
GAMES = {
    1: ("1/2", 3),
    2: ("1-0", 4),
    4: ("1-0", 4),
    5: ("0-1", 5),
    7: ("1-0", F(9, 2)),
    8: ("1/2", F(9, 2)),
    9: ("1-0", F(9, 2)),
}


def event():
    b = Builder(9).player(FOCUS, "Focus")
    for k, (r, (res, _)) in enumerate(GAMES.items()):
        b.player(10 + k)
        b.game(r, FOCUS, 10 + k, res)
    b.player(2, "Forfeit winner")
    b.forfeit(3, 2, FOCUS)
    b.bye(6, FOCUS, "H")
    for k, (_, score) in enumerate(GAMES.values()):
        b.top_up(10 + k, score)
    b.top_up(2, 6)
    t = b.build()
    assert t.player(FOCUS).points == F(11, 2)
    return t


def value(t, code, rules, **settings):
    conv = conventions.get(rules).with_options(**settings)
    ctx = Context(t, conv)
    d = explain(ctx, parse(code), FOCUS)
    d.check()
    v = compute(ctx, parse(code)).value(ctx.index[FOCUS])
    assert v == d.value, (code, rules, v, d.value)
    return v, d


def cut_rounds(d):
    return [t.round for t in d.terms if t.is_cut]


def test_sb_totals():
    t = event()
    # 2026: 1.5 + 4 + 0 + 4 + 0 + 4.5/2 + 4.5 + 4.5/2 + 4.5 = 23
    assert value(t, "SB", "fide-2026")[0] == 23
    # 2024: the HPB's dummy is the own 5.5 -> 2.75: 23.5
    assert value(t, "SB", "fide-2024")[0] == F(47, 2)


def test_sb_c1_reference_reading():
    t = event()
    # VURs in 14.1.1 order: round 6 (dummy 4.5, product 2.25) before round 3 (dummy 5.5, product 0).
    # 2.25 is not lower than the least significant value (round 1: opponent 3, product 1.5): cut it.
    v, d = value(t, "SB/C1", "fide-2026")
    assert v == F(83, 4) and cut_rounds(d) == [6]  # 23 - 2.25 = 20.75
    # The other reading offers the smallest product, round 3's 0, lower than 1.5: 1.5 is cut.
    v, d = value(t, "SB/C1", "fide-2026", sb_vur_pick="smallest-product")
    assert v == F(43, 2) and cut_rounds(d) == [1]  # 23 - 1.5 = 21.5
    # 2024: both dummies 5.5, so 14.1.1 puts round 3 (product 0) first; 0 < 1.5: cut 1.5.
    for pick in ("least-significant", "smallest-product"):
        v, d = value(t, "SB/C1", "fide-2024", sb_vur_pick=pick)
        assert v == 22 and cut_rounds(d) == [1]  # 23.5 - 1.5


def test_sb_c2_two_vurs():
    t = event()
    # 1st cut: round 6 (2.25 >= 1.5), as for C1. 2nd cut (16.5.2, again): the VUR left is round 3
    # (product 0), lower than the least significant value left (round 1, 1.5): cut round 1.
    v, d = value(t, "SB/C2", "fide-2026")
    assert v == F(77, 4) and sorted(cut_rounds(d)) == [1, 6]  # 23 - 2.25 - 1.5 = 19.25
    # smallest-product: 1st cut round 1 (1.5); 2nd: round 3's 0 < least significant round 2
    # (opponent 4, product 4): cut round 2.
    v, d = value(t, "SB/C2", "fide-2026", sb_vur_pick="smallest-product")
    assert v == F(35, 2) and sorted(cut_rounds(d)) == [1, 2]  # 23 - 1.5 - 4 = 17.5
    # 2024: round 1 then round 2 (23.5 - 1.5 - 4 = 18).
    assert value(t, "SB/C2", "fide-2024")[0] == 18


def test_sb_median_two_vurs():
    t = event()
    # Low cut with 16.5: round 6 (2.25). High cut without exception (D12): the most significant
    # left is round 3 (dummy 5.5 is the highest opponent value, product 0): 23 - 2.25 - 0 = 20.75.
    v, d = value(t, "SB/M1", "fide-2026")
    assert v == F(83, 4) and sorted(cut_rounds(d)) == [3, 6]
    # smallest-product: low cut round 1 (1.5), high cut round 3 (0): 21.5.
    v, d = value(t, "SB/M1", "fide-2026", sb_vur_pick="smallest-product")
    assert v == F(43, 2) and sorted(cut_rounds(d)) == [1, 3]
    # 2024: low cut round 1 (1.5); high: dummies tie at 5.5, the larger product (round 6, 2.75)
    # is the most significant: 23.5 - 1.5 - 2.75 = 19.25.
    v, d = value(t, "SB/M1", "fide-2024")
    assert v == F(77, 4) and sorted(cut_rounds(d)) == [1, 6]


@pytest.mark.parametrize("rules", ["fide-2024", "fide-2026"])
def test_bh_cuts_do_not_depend_on_the_pick(rules):
    t = event()
    for code in ("BH/C1", "BH/C2", "BH/M1"):
        assert value(t, code, rules)[0] == value(t, code, rules, sb_vur_pick="smallest-product")[0]
