"""Properties that must hold for any tournament and every convention."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategies import relabel, swiss_tournaments
from tbxl import rules as conventions
from tbxl.standings import compute_standings
from tbxl.tiebreaks import Context, compute, explain, parse

CODES = [
    "BH",
    "BH/C1",
    "BH/C2",
    "BH/M1",
    "SB",
    "SB/C1",
    "SB/M1",
    "FB",
    "FB/C1",
    "PS",
    "PS/C1",
    "WIN",
    "WON",
    "BPG",
    "BWG",
    "REP",
    "STD",
    "ARO",
    "ARO/C1",
    "TPR",
    "PTP",
    "AOB",
    "KS",
    "APRO",
    "APPO",
]
RULES = sorted(conventions.PRESETS)
common = settings(max_examples=60, deadline=None)


@pytest.mark.slow
@common
@given(swiss_tournaments(), st.sampled_from(RULES), st.randoms(use_true_random=False))
def test_player_order_does_not_matter(t, rules, rnd):
    numbers = [p.start_number for p in t.players]
    shuffled = numbers[:]
    rnd.shuffle(shuffled)
    perm = dict(zip(numbers, shuffled))
    t2 = relabel(t, perm)
    c1, c2 = Context(t, conventions.get(rules)), Context(t2, conventions.get(rules))
    for code in CODES:
        a, b = compute(c1, parse(code)), compute(c2, parse(code))
        for n in numbers:
            assert a.value(c1.index[n]) == b.value(c2.index[perm[n]]), (code, n)


@pytest.mark.slow
@common
@given(swiss_tournaments(), st.sampled_from(RULES))
def test_cuts_never_exceed_totals(t, rules):
    ctx = Context(t, conventions.get(rules))
    for fam in ("BH", "SB", "FB", "PS"):
        total, c1, c2, m1 = (compute(ctx, parse(f"{fam}{m}")) for m in ("", "/C1", "/C2", "/M1"))
        for i in range(len(t.players)):
            assert c2.value(i) <= c1.value(i) <= total.value(i)
            assert m1.value(i) <= c1.value(i)


@pytest.mark.slow
@common
@given(swiss_tournaments(), st.sampled_from(RULES))
def test_sb_not_above_bh_in_standard_scoring(t, rules):
    ctx = Context(t, conventions.get(rules))
    sb, bh = compute(ctx, parse("SB")), compute(ctx, parse("BH"))
    for i in range(len(t.players)):
        assert sb.value(i) <= bh.value(i)


#: Every preset, and settings no preset has that change which unplayed round a cut removes (16.5).
CONVENTIONS = [conventions.get(r) for r in RULES] + [
    conventions.resolve("fide-2026", None, ["sb_vur_pick=smallest-product"]),
    conventions.resolve("fide-2026", None, ["vur_cut=always"]),
    conventions.resolve("fide-2024", None, ["sb_vur_pick=smallest-product", "cut_priority=unplayed"]),
]


@pytest.mark.slow
@common
@given(swiss_tournaments(), st.sampled_from(CONVENTIONS))
def test_derivations_add_up_to_values(t, conv):
    ctx = Context(t, conv)
    for code in CODES:
        col = compute(ctx, parse(code))
        for p in t.players:
            d = explain(ctx, parse(code), p.start_number)
            assert d.value == col.value(ctx.index[p.start_number]), code
            d.check()


@pytest.mark.slow
@common
@given(swiss_tournaments(), st.sampled_from(RULES))
def test_after_last_round_equals_final(t, rules):
    codes = "BH/C1,BH,SB,PS,WIN,ARO,FB,AOB"
    a = compute_standings(t, codes, conventions.get(rules))
    b = compute_standings(t, codes, conventions.get(rules), after_round=t.rounds)
    assert [(r.player.start_number, r.rank_label, r.values) for r in a.rows] == [
        (r.player.start_number, r.rank_label, r.values) for r in b.rows
    ]


@pytest.mark.slow
@common
@given(swiss_tournaments(max_rounds=5), st.data())
def test_after_round_k_only_sees_k_rounds(t, data):
    k = data.draw(st.integers(0, t.rounds))
    st_k = compute_standings(t, "BH,SB,PS", conventions.get("fide-2024"), after_round=k)
    for row in st_k.rows:
        assert row.points == sum(e.points for e in t.player(row.player.start_number).rounds[:k])


@pytest.mark.slow
@common
@given(swiss_tournaments())
def test_ranking_is_sorted_and_places_are_consistent(t):
    st_ = compute_standings(t, "BH/C1,BH,SB", conventions.get("fide-2026"))
    keys = [(r.points, r.values["BH/C1"], r.values["BH"], r.values["SB"]) for r in st_.rows]
    assert keys == sorted(keys, reverse=True)
    for a, b in zip(st_.rows, st_.rows[1:]):
        assert (a.rank == b.rank) == (keys[st_.rows.index(a)] == keys[st_.rows.index(b)])


@pytest.mark.slow
@common
@given(swiss_tournaments(), st.sampled_from(RULES), st.booleans(), st.integers(0, 3))
def test_counts_by_column_equal_counts_by_round(t, rules, round_robin, shorten):
    """WIN WON BPG BWG REP are computed a round column at a time from the result classes
    (counts._count_columns) and explained round by round (counts.round_flags): both must agree, in
    Swiss events and round robins (15.2: forfeits as games), with records shorter than the event."""
    from dataclasses import replace

    from tbxl.model import Pairing

    first = t.players[0]
    players = (replace(first, rounds=first.rounds[: max(0, len(first.rounds) - shorten)]),) + t.players[1:]
    t = replace(t, players=players, pairing=Pairing.ROUND_ROBIN if round_robin else Pairing.SWISS)
    ctx = Context(t, conventions.get(rules))
    for code in ("WIN", "WON", "BPG", "BWG", "REP"):
        col = compute(ctx, parse(code))
        for p in t.players:
            assert explain(ctx, parse(code), p.start_number).value == col.value(ctx.index[p.start_number]), code


def test_expected_score_follows_the_table_of_8_1b():
    """C.07 8.1(b)'s table: a difference up to 3 points gives 0.50, 4-10 gives 0.51 ... 620-735
    gives 0.99 and above 735 gives 1.00; the lower-rated player gets the complement."""
    from tbxl.tiebreaks.ratings import expected_hundredths

    bounds = [
        3,
        10,
        17,
        25,
        32,
        39,
        46,
        53,
        61,
        68,
        76,
        83,
        91,
        98,
        106,
        113,
        121,
        129,
        137,
        145,
        153,
        162,
        170,
        179,
        188,
        197,
        206,
        215,
        225,
        235,
        245,
        256,
        267,
        278,
        290,
        302,
        315,
        328,
        344,
        357,
        374,
        391,
        411,
        432,
        456,
        484,
        517,
        559,
        619,
        735,
    ]
    assert expected_hundredths(0) == 50
    for k, bound in enumerate(bounds):
        assert expected_hundredths(bound) == 50 + k and expected_hundredths(-bound) == 50 - k
        assert expected_hundredths(bound + 1) == 51 + k and expected_hundredths(-bound - 1) == 49 - k
    assert expected_hundredths(5000) == 100 and expected_hundredths(-5000) == 0
