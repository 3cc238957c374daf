"""Every example of the seed articles (SEED-CONVENTIONS.md), each under its named convention."""

from fractions import Fraction as F

import pytest

from builders import Builder
from conftest import DATA, load_json
from tbxl import rules as conventions
from tbxl.io.trf import read_trf
from tbxl.model import Kind, Pairing
from tbxl.standings import compute_standings
from tbxl.tiebreaks import Context, compute, encounter, explain, parse
from tbxl.tiebreaks.unplayed import categories, opponent_value

VECTORS = {e["id"]: e for e in load_json("seeds/seed-vectors.json")["examples"]}
LETTERS = "ABCDEF"


def per_round(t, sn, rules, code="BH"):
    ctx = Context(t, conventions.get(rules))
    d = explain(ctx, parse(code), sn)
    d.check()
    assert compute(ctx, parse(code)).value(ctx.index[sn]) == d.value
    return {term.round: term.contribution for term in d.terms}, d.value


# -- seed 002: 6-player Swiss, BH-C1 / BH / SB and the order ------------------------------------


def test_s002_buchholz_swiss():
    e = VECTORS["s002-buchholz-swiss"]["expected"]
    t = read_trf(DATA / "seeds" / "seed002-buchholz-swiss.trf")
    st = compute_standings(t, "BH/C1,BH,SB", conventions.get("fide-2024"))
    for code in ("BH/C1", "BH", "SB"):
        for letter, v in e[code.replace("/", "-")].items():
            assert st.row(LETTERS.index(letter) + 1).values[code] == v
    assert [LETTERS[r.player.start_number - 1] for r in st.rows] == e["ranking"]


# -- seed 001: SB in a round robin (consistent crosstable), Progressive, Juan's Buchholz --------


def test_s001_sonneborn_berger_round_robin():
    e = VECTORS["s001-sb-round-robin"]["expected"]
    t = read_trf(DATA / "seeds" / "seed001-sonneborn-berger-rr.trf", pairing=Pairing.ROUND_ROBIN)
    st = compute_standings(t, "SB", conventions.get("fide-2024"))
    for letter, v in e["SB"].items():
        row = st.row(LETTERS.index(letter) + 1)
        assert row.values["SB"] == v and row.points == e["points"][letter]
    assert st.row(2).rank < st.row(3).rank  # B above C, as the article says


def _record(rounds):
    """A player (1) whose results are given, against fresh opponents."""
    b = Builder(len(rounds)).player(1)
    for r, res in enumerate(rounds, 1):
        b.player(10 + r)
        b.game(r, 1, 10 + r, {"1": "1-0", "=": "1/2", "0": "0-1"}[res])
    return b.build()


@pytest.mark.parametrize("who", ["A", "B"])
def test_s001_progressive(who):
    e = VECTORS["s001-progressive"]
    rec = next(p for p in e["players"] if p["id"] == who)
    t = _record([r["result"] for r in rec["rounds"]])
    ctx = Context(t, conventions.get("fide-2024"))
    assert compute(ctx, parse("PS")).value(ctx.index[1]) == e["expected"]["PS"][who]
    d = explain(ctx, parse("PS"), 1)
    assert [term.contribution for term in d.terms] == e["expected"]["running_score"][who]
    # PS-C1 drops the running score after round 1 (derived: A 9.0, B 7.0)
    assert compute(ctx, parse("PS/C1")).value(ctx.index[1]) == {"A": 9, "B": 7}[who]


def test_s003_progressive():
    e = VECTORS["s003-progressive"]
    t = _record([r["result"] for r in e["player"]["rounds"]])
    ctx = Context(t, conventions.get("fide-2024"))
    assert compute(ctx, parse("PS")).value(ctx.index[1]) == e["expected"]["PS"]


def juan():
    """Juan (1): R1 HPB, R2 lost to Maria (2; drew R1, withdrew R3-5), R3 PAB, R4 beat Pedro (3;
    2.0, no unplayed round), R5 forfeit win against Luis (4; 2.0, only R5 unplayed)."""
    b = Builder(5).player(1, "Juan").player(2, "María").player(3, "Pedro").player(4, "Luis")
    b.bye(1, 1, "H").game(2, 2, 1, "1-0").bye(3, 1, "U").game(4, 1, 3, "1-0").forfeit(5, 1, 4)
    b.player(20).game(1, 2, 20, "1/2")
    for r in (3, 4, 5):
        b.bye(r, 2, "Z")
    b.top_up(3, 2).top_up(4, 2)
    t = b.build()
    assert [t.player(n).points for n in (1, 2, 3, 4)] == [F(7, 2), F(3, 2), 2, 2]
    return t


def test_s001_juan_standard_and_fide():
    e = VECTORS["s001-juan-buchholz"]["expected"]
    t = juan()
    for name, rules in (("zilli-standard", "standard"), ("zilli-fide", "fide-draws")):
        rounds, bh = per_round(t, 1, rules)
        assert [rounds.get(r, 0) for r in range(1, 6)] == e[name]["per_round"]
        assert bh == e[name]["BH"]
        assert per_round(t, 1, rules, "BH/C1")[1] == e[name]["BH-Top"]
        assert per_round(t, 1, rules, "BH/M1")[1] == e[name]["BH-Median"]


@pytest.mark.parametrize(
    "rules,expected,c1",
    [
        ("sm-real-points", [F(5, 2), F(3, 2), F(5, 2), 2, 2], None),
        ("sm-half-point", [F(5, 2), 3, F(5, 2), 2, F(5, 2)], None),
        ("sm-self-draw", [F(5, 2), 3, F(5, 2), 2, F(5, 2)], None),
        ("fide-2017", [F(5, 2), 3, F(3, 2), 2, F(5, 2)], None),
        ("sm-virtual-opponent", [F(5, 2), 3, F(3, 2), 2, F(5, 2)], None),
        ("fide-2024", [F(7, 2), 3, F(7, 2), 2, F(7, 2)], 12),
        ("fide-2026", [F(5, 2), 3, F(5, 2), 2, 2], F(19, 2)),
    ],
)
def test_s001_juan_every_convention(rules, expected, c1):
    # SEED-CONVENTIONS.md S7.2, table of derived values for the other conventions.
    rounds, bh = per_round(juan(), 1, rules)
    assert [rounds[r] for r in range(1, 6)] == expected
    assert bh == sum(expected)
    if c1 is not None:
        assert per_round(juan(), 1, rules, "BH/C1")[1] == c1


def test_s001_withdrawn_opponent():
    # 7 rounds: lost two games, then withdrew: worth 0 + 5 x 1/2 = 2.5 (zilli-fide, 2009, C.07 2023+).
    kinds = [Kind.PLAYED, Kind.PLAYED] + [Kind.ZPB] * 5
    cats = categories(kinds)
    for mode in (conventions.OpponentScore.UNPLAYED_AS_DRAW, conventions.OpponentScore.ADJUSTED):
        assert opponent_value(kinds, [0] * 7, cats, 1, mode) == 5  # units of 1/2


def test_s001_hpb_variants():
    # Juan's round-1 HPB: Swiss Perfect rounds/2 (sm-real-points: an unpaired round), Protos own points (C.07 2024).
    t = juan()
    assert per_round(t, 1, "sm-real-points")[0][1] == F(5, 2)
    assert per_round(t, 1, "fide-2024")[0][1] == F(7, 2)
    b = Builder(9).player(1)
    b.bye(1, 1, "H")
    t9 = b.top_up(1, 5).build()
    assert per_round(t9, 1, "sm-real-points")[0][1] == F(9, 2)  # 4.5 in a 9-round Swiss


# -- seed 000: BHc and the four Swiss-Manager options --------------------------------------------


@pytest.mark.parametrize("case", VECTORS["s000-bhc"]["cases"], ids=lambda c: c["player"])
def test_s000_bhc(case):
    i = case["inputs"]
    p, w, l = F(i["P"]), i["W"], i["L"]
    # build a 4-round record with W unplayed wins, L unplayed losses and games for the rest
    kinds = [Kind.PAB] * w + [Kind.ZPB] * l
    pts = [2] * w + [0] * l
    rest = 2 * p - sum(pts)
    while len(kinds) < 4:
        step = min(2, rest)
        kinds.append(Kind.PLAYED)
        pts.append(step)
        rest -= step
    assert rest == 0
    value = opponent_value(kinds, pts, categories(kinds), 1, conventions.OpponentScore.UNPLAYED_AS_DRAW)
    assert F(value, 2) == case["expected"]


def seed000_b():
    """B (1) in a 4-round event: R1 PAB, R2 absent, R3 beat X, R4 absent; 2 points."""
    b = Builder(4).player(1, "B")
    b.bye(1, 1, "U").bye(2, 1, "Z").player(2, "X").game(3, 1, 2, "1-0").bye(4, 1, "Z")
    return b.top_up(2, 1).build()


def test_s000_virtual_opponent_b():
    e = VECTORS["s000-virtual-opponent-B"]
    t = seed000_b()
    assert t.player(1).points == 2
    rounds, _ = per_round(t, 1, "sm-virtual-opponent")
    assert {str(r): v for r, v in rounds.items() if r != 3} == e["expected"]["sm-virtual-opponent"]["per_round"]
    rounds, _ = per_round(t, 1, "sm-self-draw")
    assert {str(r): v for r, v in rounds.items() if r != 3} == e["derived"]["sm-draw-against-self"]["per_round"]
    rounds, _ = per_round(t, 1, "fide-2024")
    assert {str(r): v for r, v in rounds.items() if r != 3} == e["derived"]["c07-2024"]["per_round"]


# -- seeds 003 and 004: FIDE 2009-2017 --------------------------------------------------------


def test_s003_bye_as_draw():
    # 5 points, one of them from a (pairing-allocated) bye: worth 4.5 under 2009-2017, 5 under C.07 2024.
    kinds = [Kind.PAB] + [Kind.PLAYED] * 6
    pts = [2, 2, 2, 2, 2, 0, 0]
    cats = categories(kinds)
    assert opponent_value(kinds, pts, cats, 1, conventions.OpponentScore.UNPLAYED_AS_DRAW) == 9
    assert opponent_value(kinds, pts, cats, 1, conventions.OpponentScore.ADJUSTED) == 10


def test_s003_withdrawal():
    kinds = [Kind.PLAYED] + [Kind.ZPB] * 8
    pts = [2] + [0] * 8
    cats = categories(kinds)
    assert opponent_value(kinds, pts, cats, 1, conventions.OpponentScore.UNPLAYED_AS_DRAW) == 10  # 5 points
    assert opponent_value(kinds, pts, cats, 1, conventions.OpponentScore.ADJUSTED) == 10


@pytest.mark.parametrize(
    "vid,rounds,unplayed,kind,before",
    [
        ("s004-virtual-opponent-6", 6, 1, "forfeit-win", 0),
        ("s004-virtual-opponent-9", 9, 3, "forfeit-loss", F(3, 2)),
    ],
)
def test_s004_virtual_opponent(vid, rounds, unplayed, kind, before):
    case = VECTORS[vid]["cases"][0]
    b = Builder(rounds).player(1, "A").player(2, "absent")
    if kind == "forfeit-win":
        b.forfeit(unplayed, 1, 2)
    else:
        b.forfeit(unplayed, 2, 1)
    # score before the round: games in the earlier rounds
    got = F(0)
    for r in range(1, unplayed):
        b.player(100 + r)
        res = "1-0" if before - got >= 1 else "1/2" if before - got == F(1, 2) else "0-1"
        got += {"1-0": 1, "1/2": F(1, 2), "0-1": 0}[res]
        b.game(r, 1, 100 + r, res)
    t = b.top_up(1, b.points(1)).build()
    rounds_bh, _ = per_round(t, 1, "fide-2017")
    assert rounds_bh[unplayed] == case["expected"]


def test_s004_indirect_e():
    e = VECTORS["s004-indirect-e"]["expected"]
    # e (1) met b (2), a (3), g (4), d (5) over the board in rounds 1-4 (order as listed).
    b = Builder(4).player(1, "e").player(2, "b").player(3, "a").player(4, "g").player(5, "d")
    b.game(1, 2, 1, "0-1")  # b: R1 0
    b.player(20).game(2, 2, 20, "1-0")
    b.player(21).forfeit(3, 21, 2)  # b: R3 forfeit loss
    # e's games: R1 b, R2 a, R3 g, R4 d
    b.game(2, 1, 3, "1/2")
    b.bye(1, 4, "U")
    b.player(22).forfeit(2, 4, 22)
    b.game(3, 4, 1, "1-0")  # g: R3 win (vs e)
    b.player(23).game(4, 4, 23, "0-1")
    b.player(24).game(1, 5, 24, "0-1")
    b.player(25).game(2, 5, 25, "0-1")
    b.bye(3, 5, "U")
    b.game(4, 5, 1, "1-0")  # d: R4 win (vs e)
    b.player(26).game(4, 2, 26, "1-0")  # b: R4 win
    b.top_up(3, 2)
    t = b.build()
    assert [t.player(n).points for n in (2, 3, 4, 5)] == [2, 2, 3, 2]
    assert per_round(t, 1, "fide-2024")[1] == e["BH_real"]
    rounds, bh = per_round(t, 1, "fide-2017")
    assert bh == e["BH_adjusted"]
    assert [rounds[r] for r in (1, 2, 3, 4)] == [e["opponent_adjusted"][x] for x in "bagd"]


# -- seed 003: Direct Encounter ---------------------------------------------------------------


@pytest.mark.parametrize("vid", ["s003-de-example-1", "s003-de-example-2"])
def test_s003_direct_encounter(vid):
    e = VECTORS[vid]
    names = e["tied"]
    no = {n: k + 1 for k, n in enumerate(names)}
    b = Builder(len(e["games"]) + 3)
    for n in names:
        b.player(no[n], n)
    for r, (x, y, res) in enumerate(e["games"], 1):
        b.game(r, no[x], no[y], {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2"}[res])
    t = b.build()
    ctx = Context(t, conventions.get("fide-2024"))
    tiers = encounter.order(ctx, [ctx.index[no[n]] for n in names])
    assert [[names[ctx.players[i].start_number - 1] for i in tier] for tier in tiers] == e["expected"]["order"]


def test_de_complete_mini_table_reapplied():
    # C07.md section 7: A-B 1/2, A-C 1, A-D 1/2, B-C 1, B-D 1/2, C-D 1 -> A = B, C, D.
    b = Builder(6)
    for n in range(1, 5):
        b.player(n)
    b.game(1, 1, 2, "1/2").game(2, 1, 3, "1-0").game(3, 1, 4, "1/2")
    b.game(4, 2, 3, "1-0").game(5, 2, 4, "1/2").game(6, 3, 4, "1-0")
    t = b.build()
    ctx = Context(t, conventions.get("fide-2024"))
    tiers = encounter.order(ctx, [0, 1, 2, 3])
    assert [[ctx.players[i].start_number for i in tier] for tier in tiers] == [[1, 2], [3], [4]]
