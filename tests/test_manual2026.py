"""Arbiters' Manual 2026 examples (C07.md section 6) as small hand-built tournaments:
the same record under fide-2024 and fide-2026."""

from fractions import Fraction as F

from builders import Builder
from tbxl import rules as conventions
from tbxl.tiebreaks import Context, compute, explain, parse

FOCUS = 1


def values(t, code, rules):
    ctx = Context(t, conventions.get(rules))
    d = explain(ctx, parse(code), FOCUS)
    d.check()
    v = compute(ctx, parse(code)).value(ctx.index[FOCUS])
    assert v == d.value
    return v


def test_laxman_one_round_zpb():
    # 10 rounds, 7.0 points, ZPB in round 4 (cat. 16.2.3, a VUR); played opponents sum to 50.
    b = Builder(10).player(FOCUS, "Laxman")
    opponents = {
        1: ("1-0", 5),
        2: ("1-0", 5),
        3: ("1-0", 5),
        5: ("1-0", 5),
        6: ("1-0", F(11, 2)),
        7: ("1-0", F(11, 2)),
        8: ("1/2", 6),
        9: ("1/2", F(13, 2)),
        10: ("0-1", F(13, 2)),
    }
    for k, (r, (res, score)) in enumerate(opponents.items()):
        b.player(10 + k)
        b.game(r, FOCUS, 10 + k, res)
    b.bye(4, FOCUS, "Z")
    for k, (res, score) in enumerate(opponents.values()):
        b.top_up(10 + k, score)
    t = b.build()
    assert t.player(FOCUS).points == 7
    assert values(t, "BH", "fide-2024") == 57
    assert values(t, "BH", "fide-2026") == 55  # dummy capped at 0.5 x 10
    assert values(t, "BH/C1", "fide-2024") == 50 == values(t, "BH/C1", "fide-2026")
    assert values(t, "SB", "fide-2024") == F(149, 4) == values(t, "SB", "fide-2026")


def test_ex01_forfeit_win_against_a_later_withdrawal():
    # 9 rounds, 7.0 points, forfeit win in R7 against an opponent real 4.5, adjusted 5.5.
    b = Builder(9).player(FOCUS)
    b.player(2, "Withdrawn")
    b.forfeit(7, FOCUS, 2)
    b.bye(8, 2, "Z").bye(9, 2, "Z")
    opp_rounds = [1, 2, 3, 4, 5, 6, 8, 9]
    for k, r in enumerate(opp_rounds):
        b.player(10 + k)
        b.game(r, FOCUS, 10 + k, "1-0" if k < 6 else "0-1")
    # played opponents sum to 44 (BH 2024 = 44 + dummy 7 = 51)
    targets = [4, 5, 5, 5, 6, 6, F(13, 2), F(13, 2)]
    for k, s in enumerate(targets):
        b.top_up(10 + k, s)
    b.top_up(2, F(9, 2))
    t = b.build()
    assert t.player(FOCUS).points == 7 and t.player(2).points == F(9, 2)
    ctx = Context(t, conventions.get("fide-2026"))
    assert ctx.frac(ctx.value[ctx.index[2]]) == F(11, 2)
    assert values(t, "BH", "fide-2024") == 51
    assert values(t, "BH", "fide-2026") == F(99, 2)


def test_ex03_forfeit_loss_then_withdrawal():
    # 10 rounds, 6.5 points, forfeit loss in R9 against a 7.5-pointer, withdrew for R10.
    b = Builder(10).player(FOCUS).player(2, "Strong")
    b.forfeit(9, 2, FOCUS)
    b.bye(10, FOCUS, "Z")
    for k, r in enumerate(range(1, 9)):
        b.player(10 + k)
        b.game(r, FOCUS, 10 + k, "1-0" if k < 5 else "1/2")
    targets = [6, 6, F(13, 2), F(13, 2), F(13, 2), F(13, 2), F(13, 2), 7]  # sum 51.5
    for k, s in enumerate(targets):
        b.top_up(10 + k, s)
    b.top_up(2, F(15, 2))
    t = b.build()
    assert t.player(FOCUS).points == F(13, 2)
    assert values(t, "BH", "fide-2024") == F(129, 2)
    assert values(t, "BH", "fide-2026") == 63


def test_ex04_exact_numbers():
    b = Builder(10).player(FOCUS).player(2, "Excluded")
    b.forfeit(1, FOCUS, 2)
    for k, r in enumerate(range(2, 11)):
        b.player(10 + k)
        b.game(r, FOCUS, 10 + k, "1-0" if k < 8 else "1/2")
    for k, s in enumerate([6, 6, 7, 7, 7, F(15, 2), F(15, 2), F(15, 2), 9]):  # sum 64.5
        b.top_up(10 + k, s)
    for r, res in ((2, "1-0"), (3, "1-0"), (4, "1/2"), (5, "0-1"), (6, "0-1")):
        b.player(50 + r)
        b.game(r, 2, 50 + r, res)
    for r in range(7, 11):
        b.bye(r, 2, "Z")
    t = b.build()
    ctx = Context(t, conventions.get("fide-2026"))
    assert ctx.frac(ctx.value[ctx.index[2]]) == F(9, 2)
    assert values(t, "BH", "fide-2024") == 74
    assert values(t, "BH", "fide-2026") == 69
