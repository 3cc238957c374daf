"""Standings (C.07 Art. 4.2): points first, then the tie-break list in order, shared places for
players equal on everything, DE per Art. 6, and the table as it stood after any round. Every
expected number below is worked by hand from the games written in the test."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from builders import Builder
from tbxl import rules as conventions
from tbxl.errors import InputError, UnknownRules
from tbxl.standings import compute_standings, resolve_tiebreaks, standings_by_round


def four_players():
    """Four players, three rounds, every game played:

    round 1: 1-2 1-0, 3-4 1/2;  round 2: 1-3 0-1, 2-4 1-0;  round 3: 1-4 1-0, 2-3 1/2.
    Points: #1 1+0+1 = 2, #2 0+1+1/2 = 1.5, #3 1/2+1+1/2 = 2, #4 1/2+0+0 = 0.5.
    """
    b = Builder(3)
    b.game(1, 1, 2, "1-0").game(1, 3, 4, "1/2")
    b.game(2, 1, 3, "0-1").game(2, 2, 4, "1-0")
    b.game(3, 1, 4, "1-0").game(3, 2, 3, "1/2")
    return b.build()


def table(st) -> list[tuple]:
    return [(r.rank_label, r.player.start_number) for r in st.rows]


def test_points_then_the_tiebreaks_in_order():
    # BH #1 = 1.5 (#2) + 2 (#3) + 0.5 (#4) = 4; BH #3 = 0.5 (#4) + 2 (#1) + 1.5 (#2) = 4: still tied.
    # SB #1 = 1.5 (beat #2) + 0.5 (beat #4) = 2; SB #3 = 0.25 (drew #4) + 2 (beat #1) + 0.75 (drew #2) = 3.
    st = compute_standings(four_players(), "BH,SB", conventions.get("fide-2024"))
    assert [r.points for r in st.rows] == [2, 2, Fraction(3, 2), Fraction(1, 2)]
    assert table(st) == [("1", 3), ("2", 1), ("3", 2), ("4", 4)]
    assert st.row(1).values == {"BH": 4, "SB": 2}
    assert st.row(3).values == {"BH": 4, "SB": 3}
    # Only SB split a group: BH left #1 and #3 together, so it is no step.
    assert [(s.code, s.group, s.tiers) for s in st.steps] == [("SB", [1, 3], [[3], [1]])]


def test_players_equal_on_everything_share_the_place():
    st = compute_standings(four_players(), "BH", conventions.get("fide-2024"))
    assert table(st) == [("1-2", 1), ("1-2", 3), ("3", 2), ("4", 4)]  # start-number order inside the place
    assert [r.rank for r in st.rows] == [1, 1, 3, 4]


def test_direct_encounter_orders_the_tied_pair_by_their_game():
    st = compute_standings(four_players(), "DE,BH", conventions.get("fide-2024"))
    assert table(st) == [("1", 3), ("2", 1), ("3", 2), ("4", 4)]  # #3 beat #1 in round 2
    assert st.row(3).values["DE"] == 1 and st.row(1).values["DE"] == 2
    assert st.explain(3, "DE").steps  # DE shows its mini-table


def test_each_value_is_the_value_its_derivation_ends_with():
    st = compute_standings(four_players(), "BH,SB,PS", conventions.get("fide-2026"))
    for row in st.rows:
        for code in st.codes:
            assert st.explain(row.player.start_number, code).value == row.values[code]


def test_the_rules_are_a_convention_resolved_at_the_edge():
    from datetime import date

    t = four_players()  # no start date: the rules in force today (fide-2026)
    assert compute_standings(t, "BH,SB").convention == conventions.get("fide-2026")
    assert compute_standings(replace(t, start_date=date(2024, 5, 1)), "BH").convention.name == "fide-2024"  # D16
    given = compute_standings(t, "BH,SB", conventions.resolve("fide-2024", None, ["vur_cut=always"]))
    assert given.convention.name == "fide-2024+vur_cut=always"
    with pytest.raises(TypeError, match=r"tbxl\.rules\.resolve"):
        compute_standings(t, "BH", "fide-2024")  # a name is the edges' business
    with pytest.raises(UnknownRules):
        conventions.resolve("swiss-perfect", None)


def test_after_each_round():
    # After round 1: #1 1 point; #3 and #4 drew (0.5 each, BH 0.5 each, SB 0.25 each): a shared place.
    history = standings_by_round(four_players(), "BH,SB", conventions.get("fide-2024"))
    assert len(history) == 3
    assert table(history[0]) == [("1", 1), ("2-3", 3), ("2-3", 4), ("4", 2)]
    assert history[0].row(3).values == {"BH": Fraction(1, 2), "SB": Fraction(1, 4)}
    assert table(history[-1]) == table(compute_standings(four_players(), "BH,SB", conventions.get("fide-2024")))
    with pytest.raises(InputError, match="outside 0..3"):
        compute_standings(four_players(), "BH", conventions.get("fide-2024"), after_round=4)


def test_the_tiebreak_list_defaults_to_the_file_then_to_the_pairing():
    t = four_players()
    assert [d.code for d in resolve_tiebreaks(t)] == ["BH/C1", "BH", "SB", "PS", "WIN"]
    assert [d.code for d in resolve_tiebreaks(t, "PTS,SB")] == ["SB"]  # points always rank first
    assert [d.code for d in resolve_tiebreaks(replace(t, tiebreaks=("SB", "BH")))] == ["SB", "BH"]
