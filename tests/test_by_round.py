"""Round-by-round standings (``standings_by_round``) and the report's round-by-round section."""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

import pytest

from tbxl import conventions
from tbxl.readers import load
from tbxl.standings import compute_standings, standings_by_round

DATA = Path(__file__).parent / "data"
SWISS = DATA / "tec-2023" / "held_swiss_5.trf"
RR = DATA / "tec-2023" / "held_round_robin.trf"
CODES = "BH/C1,BH,SB,DE,PS,AOB,ARO/C1"


def table(st) -> list[tuple]:
    """Everything a standings line shows, in rank order."""
    return [(r.player.start_number, r.rank_label, r.points, r.values) for r in st.rows]


@pytest.fixture(scope="module")
def tec():
    return load(SWISS)


@pytest.fixture(scope="module")
def history(tec):
    return standings_by_round(tec, CODES, "fide-2024")


# -- the core -------------------------------------------------------------------------------------

def test_one_standings_per_round(tec, history):
    assert [st.tournament.rounds for st in history] == [1, 2, 3, 4, 5]
    assert all(st.codes == CODES.split(",") and st.convention.name == "fide-2024" for st in history)


def test_after_the_last_round_equals_the_final_standings(tec, history):
    assert table(history[-1]) == table(compute_standings(tec, CODES, "fide-2024"))


def test_each_round_equals_compute_standings_after_that_round(tec, history):
    for k, st in enumerate(history, 1):
        expected = compute_standings(tec, CODES, "fide-2024", after_round=k)
        for row in expected.rows:
            got = st.row(row.player.start_number)
            assert (got.rank_label, got.points) == (row.rank_label, row.points), (k, row.player.start_number)
            for code in expected.codes:
                assert got.values[code] == row.values[code], (k, row.player.start_number, code)


def test_hand_checked_values(history):
    # Round 1 of the TRF: Bruno (2), Alyx (1), David (4), Paul (14), Opal (13) and Genevieve (7)
    # won; every opponent of theirs had 0 after round 1, so all six share places 1-6.
    after_1 = history[0]
    assert [r.player.start_number for r in after_1.rows[:6]] == [1, 2, 4, 7, 13, 14]
    assert {r.rank_label for r in after_1.rows[:6]} == {"1-6"} and after_1.rows[6].rank == 7
    # After round 2 Bruno alone has 2 points (won against Lais and Genevieve).
    bruno = history[1].row(2)
    assert (bruno.rank_label, bruno.points) == ("1", 2)
    # Alyx after round 2: beat Jessica (0 after two rounds), drew Opal (1 + 1/2).
    alyx = history[1].row(1)
    assert alyx.points == F(3, 2)
    assert alyx.values["BH"] == F(3, 2) and alyx.values["BH/C1"] == F(3, 2)  # the 0 is cut
    assert alyx.values["SB"] == F(3, 4)                                     # 0 x 1 + 3/2 x 1/2
    assert alyx.values["PS"] == 1 + F(3, 2)
    # ARO/C1: Jessica after round 3 (L Alyx 2200, L Lais 1750, H) keeps the higher rating; Nick
    # after round 2 (L David, U) has one rated game, which the cut removes: no value.
    assert history[2].row(9).values["ARO/C1"] == 2200
    assert history[1].row(12).values["ARO/C1"] is None
    # DE orders tied groups only: Bruno, alone on 2 after round 2, has no DE value.
    assert bruno.values["DE"] is None
    # Opal's AOB after round 2 is not a finite decimal: exact inside.
    assert isinstance(history[1].row(13).values["AOB"], F)


def test_default_tiebreaks_and_rules_come_from_the_whole_tournament(tec):
    history = standings_by_round(tec)
    final = compute_standings(tec)
    assert [st.codes for st in history] == [final.codes] * 5
    assert {st.convention.name for st in history} == {final.convention.name}


def test_settings_of_the_rules_are_kept():
    conv = conventions.get("fide-2024").with_settings(["vur_cut=always"])
    history = standings_by_round(load(SWISS), "SB/C1", conv)
    assert all(st.convention is conv for st in history)
    for k, st in enumerate(history, 1):
        assert table(st) == table(compute_standings(load(SWISS), "SB/C1", conv, after_round=k))


def test_a_truncated_tournament_gives_its_own_rounds(tec):
    history = standings_by_round(tec.after_round(3), "BH,SB", "fide-2026")
    assert len(history) == 3
    for k, st in enumerate(history, 1):
        assert table(st) == table(compute_standings(tec, "BH,SB", "fide-2026", after_round=k))


def test_round_robin_with_direct_encounter():
    rr = load(RR, pairing="round-robin")
    history = standings_by_round(rr, "DE,SB,WIN,KS", "fide-2024")
    assert len(history) == rr.rounds
    assert table(history[-1]) == table(compute_standings(rr, "DE,SB,WIN,KS", "fide-2024"))
