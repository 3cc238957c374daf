"""Team events (C.07 Arts 11-13): reading, every team tie-break on hand-worked events (the
arithmetic is in the comments), the TEC team sample, the reference engine's values, properties on
generated team Swiss events, errors."""

from __future__ import annotations

import json
import sys
import warnings
from fractions import Fraction as F
from pathlib import Path

import pytest

from generate_team import event_trf, random_event, random_rounds  # noqa: E402
from tbxl.errors import InputError, InputWarning, UnknownTiebreak
from tbxl.io.load import is_team_trf
from tbxl.io.trf import read_team_trf
from tbxl.model import Kind, Outcome, board_points
from tbxl.rules import get
from tbxl.standings import compute_standings
from tbxl.tiebreaks.codes import parse

DATA = Path(__file__).parent / "data" / "team"
TEC = DATA / "grandmommyscup.trf"

# -- event A: 4 teams x 2 boards x 3 rounds, all matches played ------------------------------------
# R1: 1-2 "1=" (1.5-0.5)   3-4 "==" (1-1)
# R2: 1-3 "=0" (0.5-1.5)   2-4 "10" (1-1)
# R3: 1-4 "11" (2-0)       2-3 "==" (1-1)
# MP: T1 2+0+2=4, T2 0+1+1=2, T3 1+2+1=4, T4 1+1+0=2;  GP: T1 4, T2 2.5, T3 3.5, T4 2.
A_ROUNDS = [
    [("M", 1, 2, "1="), ("M", 3, 4, "==")],
    [("M", 1, 3, "=0"), ("M", 2, 4, "10")],
    [("M", 1, 4, "11"), ("M", 2, 3, "==")],
]


@pytest.fixture(scope="module")
def event_a():
    return read_team_trf(event_trf(4, 2, A_ROUNDS), source="a.trf")


def values(t, codes, rules="fide-2024"):
    st = compute_standings(t, "MPTS," + codes, get(rules))
    return {r.team.number: r.values for r in st.rows}


def test_event_a_scores(event_a):
    t = event_a
    assert [tm.mp for tm in t.teams] == [4, 2, 4, 2]
    assert [tm.gp for tm in t.teams] == [4, F(5, 2), F(7, 2), 2]
    r = t.team(1).rounds[0]
    assert (r.kind, r.outcome, r.mp, r.gp, r.opponent, r.colour) == (Kind.PLAYED, Outcome.WIN, 2, F(3, 2), 2, "w")
    assert [b.player for b in r.boards] == [11, 12]


def test_event_a_value_tiebreaks(event_a):
    v = values(
        event_a,
        "GP,MPvGP,BH:MP,BH:GP,EMMSB,EMGSB,EGMSB,EGGSB,EMGSB/C1,SB:MP,BC,SSSC,SSSC/K2,"
        "PS:MP,PS:GP,WIN:GP,WIN:MP,AOB:MP,FB:MP,ESB",
    )
    one, three = v[1], v[3]
    assert one["GP"] == one["MPvGP"] == 4
    # BH:MP: T1 met T2 (2), T3 (4), T4 (2) = 8; T2 met T1 (4), T4 (2), T3 (4) = 10.
    assert (one["BH:MP"], v[2]["BH:MP"], three["BH:MP"], v[4]["BH:MP"]) == (8, 10, 8, 10)
    # BH:GP: T1 2.5 + 3.5 + 2 = 8; T3 2 + 4 + 2.5 = 8.5.
    assert (one["BH:GP"], three["BH:GP"]) == (8, F(17, 2))
    # EMMSB = opponent's MP x MP scored: T1 2x2 + 4x0 + 2x2 = 8; T3 2x1 + 4x2 + 2x1 = 12. SB:MP is EMMSB.
    assert (one["EMMSB"], three["EMMSB"], one["SB:MP"]) == (8, 12, 8)
    # EMGSB = opponent's MP x GP scored: T1 2x1.5 + 4x0.5 + 2x2 = 9; T3 2x1 + 4x1.5 + 2x1 = 10;
    # T2 4x0.5 + 2x1 + 4x1 = 8; T4 4x1 + 2x1 + 4x0 = 6. Plain ESB is EMGSB.
    assert [v[n]["EMGSB"] for n in (1, 2, 3, 4)] == [9, 8, 10, 6] == [v[n]["ESB"] for n in (1, 2, 3, 4)]
    # EGMSB = opponent's GP x MP scored: T1 2.5x2 + 3.5x0 + 2x2 = 9; T3 2x1 + 4x2 + 2.5x1 = 12.5.
    assert (one["EGMSB"], three["EGMSB"]) == (9, F(25, 2))
    # EGGSB: T1 2.5x1.5 + 3.5x0.5 + 2x2 = 9.5; T3 2x1 + 4x1.5 + 2.5x1 = 10.5.
    assert (one["EGGSB"], three["EGGSB"]) == (F(19, 2), F(21, 2))
    # EMGSB/C1 (14.1.2): the opponent with the lowest MP; T1: T2 and T4 both 2, products 3 and 4 ->
    # cut 3 -> 6. T3: T4 and T2 both 2, products 2 and 2 -> cut 2 -> 8.
    assert (one["EMGSB/C1"], three["EMGSB/C1"]) == (6, 8)
    # BC = sum of board number x points: T1 board 1 1+0.5+1 = 2.5, board 2 0.5+0+1 = 1.5 -> 2.5 + 3 = 5.5;
    # T3 board 1 0.5+0.5+0.5 = 1.5, board 2 0.5+1+0.5 = 2 -> 1.5 + 4 = 5.5.
    assert (one["BC"], three["BC"]) == (F(11, 2), F(11, 2))
    # SSSC = GP + BH:MP / floor(2 MP x 3 rounds / 2 GP a match) = GP + BH:MP / 3: T1 4 + 8/3; /K2: 4 + 8/2.
    assert (one["SSSC"], three["SSSC"], one["SSSC/K2"]) == (F(20, 3), F(7, 2) + F(8, 3), 8)
    # PS:MP: T1 2, 2, 4 -> 8; PS:GP: 1.5, 2, 4 -> 7.5. WIN:GP counts boards won (R1 one, R3 two);
    # WIN:MP matches won.
    assert (one["PS:MP"], one["PS:GP"], one["WIN:GP"], one["WIN:MP"]) == (8, F(15, 2), 3, 2)
    # AOB:MP: the BH:MP of T1's opponents 10, 8, 10 -> 28/3.
    assert one["AOB:MP"] == F(28, 3)
    # FB:MP: the last round's matches as draws: T1 3, T2 2, T3 4, T4 3 -> T1's FB 2 + 4 + 3 = 9.
    assert one["FB:MP"] == 9


def test_event_a_orders_and_ranking(event_a):
    st = compute_standings(event_a, "MPTS,EDE,EMGSB/C1,BH:MP/C1,MPvGP", get("fide-2024"))
    # T1 and T3 on 4 MP: T3 won their match -> EDE puts T3 first. T2 and T4 on 2 MP drew 1-1 (MP
    # and GP equal): EDE leaves them tied; EMGSB/C1: T2 products 2 (T1, MP 4), 2 (T4, MP 2), 4 (T3)
    # -> cut the 2 against T4 -> 6; T4 4 (T3), 2 (T2, MP 2), 0 (T1) -> cut 2 -> 4.
    assert [(r.rank, r.team.number) for r in st.rows] == [(1, 3), (2, 1), (3, 2), (4, 4)]
    assert st.row(3).values["EDE"] == 1 and st.row(1).values["EDE"] == 2
    assert st.row(2).values["EDE"] == st.row(4).values["EDE"] == 1
    assert st.row(2).values["EMGSB/C1"] == 6 and st.row(4).values["EMGSB/C1"] == 4
    # GP instead of EDE: T1 4 GP > T3 3.5.
    st = compute_standings(event_a, "MP,GP", get("fide-2024"))
    assert [r.team.number for r in st.rows][:2] == [1, 3]


@pytest.mark.parametrize("code", ["EDEBT", "EDEBB", "EDET", "EDEB"])
def test_event_a_2026_chains(event_a, code):
    # T2-T4 drew 1-1 in R2 ("10" from T2's side): T2 won board 1, T4 board 2. Exactly two teams stay
    # tied after EDE, so the chain looks at their match: BC T2 1x1 = 1 < T4 2x1 = 2 (lower first);
    # TBR board 1: T2 1 > T4 0; BBE boards 1..K-1 (= board 1): T2 1 > T4 0. T2 is ranked first.
    st = compute_standings(event_a, f"MPTS,{code}", get("fide-2026"))
    assert [r.team.number for r in st.rows][2:] == [2, 4]
    assert (st.row(2).values[code], st.row(4).values[code]) == (1, 2)
    d = st.explain(2, code)
    steps = {str(step.compares) for step in d.steps}
    assert any(s.startswith(("board count", "top-board", "bottom-board")) for s in steps)


def test_event_a_tbr_bbe(event_a):
    # T1 and T3 have BC 5.5 each; TBR: board 1 T1 2.5 > T3 1.5; BBE (boards 1..1): the same.
    for code in ("BC,TBR", "BC,BBE"):
        st = compute_standings(event_a, "MPTS," + code, get("fide-2024"))
        assert [r.team.number for r in st.rows][:2] == [1, 3]
    d = compute_standings(event_a, "MPTS,TBR").explain(1, "TBR")
    assert {row["team"]: row["values"] for row in d.table} == {1: "2.5 / 1.5", 3: "1.5 / 2"}


# -- event B: byes, forfeits, a forfeited match, an empty board; Art. 16 --------------------------
# R1: 1-2 "11" (2-0)   3-4 "=1" (1.5-0.5)   5 PAB (1 MP, 2 GP)
# R2: 1-3 forfeited match +-   2-5 "+=" (individual forfeit on board 1: 1.5-0.5)   4 HPB (1 MP, 1 GP)
# R3: 1-5 "E0" (T5's board 1 empty: T1 wins it by forfeit, loses board 2: 1-1)   2-4 "=="   3 absent
# MP: T1 2+2+1=5, T2 0+2+1=3, T3 2+0+0=2, T4 0+1+1=2, T5 1+0+1=2.  GP: 5, 2.5, 1.5, 2.5, 3.5.
B_ROUNDS = [
    [("M", 1, 2, "11"), ("M", 3, 4, "=1"), ("B", 5, "PAB")],
    [("F", 1, 3, "+-"), ("M", 2, 5, "+="), ("B", 4, "HPB")],
    [("M", 1, 5, "E0"), ("M", 2, 4, "=="), ("B", 3, "ZPB")],
]


def test_match_counts_with_three_match_points_for_a_win():
    """WIN:MP counts the matches with the points of a win (7.1) in the event's own match points:
    event A under TW 3 TD 1 TL 0. T1 won R1 (1.5-0.5, 3 MP) and R3 (2-0, 3 MP), lost R2 -> 2;
    T3 won R2 (1.5-0.5) and drew R1 and R3 -> 1; T2 and T4 won none. MP: T1 3+0+3 = 6,
    T2 0+1+1 = 2, T3 1+3+1 = 5, T4 1+1+0 = 2."""
    t = read_team_trf(event_trf(4, 2, A_ROUNDS, team_scoring="TW 3 TD 1 TL 0"), source="a3.trf")
    assert [tm.mp for tm in t.teams] == [6, 2, 5, 2]
    v = values(t, "WIN:MP,WON:MP")
    assert [v[n]["WIN:MP"] for n in (1, 2, 3, 4)] == [2, 0, 1, 0]
    assert [v[n]["WON:MP"] for n in (1, 2, 3, 4)] == [2, 0, 1, 0]


@pytest.fixture(scope="module")
def event_b():
    return read_team_trf(event_trf(5, 2, B_ROUNDS, declared=True), source="b.trf", strict=True)


def test_event_b_records(event_b):
    t = event_b
    assert [tm.mp for tm in t.teams] == [5, 3, 2, 2, 2]
    assert [tm.gp for tm in t.teams] == [5, F(5, 2), F(3, 2), F(5, 2), F(7, 2)]
    kinds = {n: [r.kind for r in t.team(n).rounds] for n in (1, 3, 4, 5)}
    assert kinds[1] == [Kind.PLAYED, Kind.FORFEIT_WIN, Kind.PLAYED]
    assert kinds[3] == [Kind.PLAYED, Kind.FORFEIT_LOSS, Kind.ZPB]
    assert kinds[4][1] is Kind.HPB and kinds[5][0] is Kind.PAB
    r3 = t.team(5).rounds[2]
    assert r3.boards[0].player is None and r3.boards[0].entry.kind is Kind.FORFEIT_LOSS
    assert t.team(1).rounds[2].outcome is Outcome.DRAW


def test_event_b_article_16(event_b):
    v24 = values(event_b, "BH:MP,BH:MP/C1,EMGSB,EMGSB/C1,BC,WIN:GP,WON:GP", "fide-2024")
    v26 = values(event_b, "BH:MP,BH:MP/C1,EMGSB", "fide-2026")
    # Adjusted MP (16.3): T3's last round is absent (16.2.5) -> a draw: 2 + 0 + 1 = 3.
    # T1: T2 3 + forfeit win (16.2.2) dummy = own 5 + T5 2 = 10; 2026 caps the dummy at the scheduled
    # opponent's adjusted score, T3's 3 (16.4.1): 3 + 3 + 2 = 8. Cut-1 drops the 2: 8 / 6.
    assert (v24[1]["BH:MP"], v26[1]["BH:MP"], v24[1]["BH:MP/C1"], v26[1]["BH:MP/C1"]) == (10, 8, 8, 6)
    # T3: T4 2 + forfeit loss (VUR) dummy 2 + absence (VUR) dummy 2 = 6; Cut-1 cuts a VUR (16.5): 4.
    assert (v24[3]["BH:MP"], v24[3]["BH:MP/C1"]) == (6, 4)
    # T5: PAB dummy = own 2 (2026 cap 1 MP x 3 rounds = 3 does not bite) + T2 3 + T1 5 = 10.
    assert v24[5]["BH:MP"] == v26[5]["BH:MP"] == 10
    # T4: T3 adjusted 3 + HPB (16.2.3) dummy 2 + T2 3 = 8.
    assert v24[4]["BH:MP"] == 8
    # EMGSB T1: T2's 3 MP x 2 GP + dummy 5 x 2 GP (forfeit win) + T5's 2 x 1 GP = 18; 2026: 3x2 + 3x2 + 2 = 14.
    # Cut-1: the lowest opponent MP is T5's 2 -> 18 - 2 = 16.
    assert (v24[1]["EMGSB"], v26[1]["EMGSB"], v24[1]["EMGSB/C1"]) == (18, 14, 16)
    # BC, board points with forfeits as results and the PAB a won game on every board:
    # T1 board 1 1 + 1 + 1 (forfeit on the empty board) = 3, board 2 1 + 1 + 0 = 2 -> 3 + 4 = 7;
    # T5 board 1 1 (PAB) + 0 (forfeit loss) + 0 (empty) = 1, board 2 1 + 0.5 + 1 = 2.5 -> 1 + 5 = 6.
    assert (v24[1]["BC"], v24[5]["BC"]) == (7, 6)
    # WIN:GP counts boards with the points of a win (forfeits too): T1 2 + 2 + 1 = 5; WON:GP only
    # over the board: 2.
    assert (v24[1]["WIN:GP"], v24[1]["WON:GP"]) == (5, 2)


def test_event_b_match_counts_with_played_forfeits(event_b):
    """/P makes a forfeited match a match against the scheduled opponent (C07 §3.4): T1 won R1 over
    the board (2-0), won R2's forfeited match against T3 and drew R3 (1-1) -> WON:MP 1, WON:MP/P 2.
    T3 lost that forfeited match: its WON stays 1 (R1, 1.5-0.5). The derivation says the same."""
    v = values(event_b, "WON:MP,WON:MP/P")
    assert (v[1]["WON:MP"], v[1]["WON:MP/P"], v[3]["WON:MP"], v[3]["WON:MP/P"]) == (1, 2, 1, 1)
    st = compute_standings(event_b, "MPTS,WON:MP/P", get("fide-2024"))
    assert st.explain(1, "WON:MP/P").value == 2


def test_event_b_derivation(event_b):
    st = compute_standings(event_b, "MPTS,BH:MP/C1,EMGSB/C1", get("fide-2026"))
    d = st.explain(1, "BH:MP/C1")
    assert d.value == 6 and d.total == 6
    cap = [term for term in d.terms if term.round == 2][0]
    assert cap.adjusted == 3 and "capped at the opponent" in str(cap.reason) and cap.article.startswith("16.2.2")
    assert [term.round for term in d.terms if term.is_cut] == [3]
    e = st.explain(1, "EMGSB/C1")
    e.check()
    assert e.value == 12  # 6 + 6 + 2, the 2 against T5 (MP 2, the lowest) cut


# -- the TEC team sample -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def tec():
    with warnings.catch_warnings():
        warnings.simplefilter("error", InputWarning)
        return read_team_trf(TEC, strict=True)


def test_tec_sample_read(tec):
    assert is_team_trf(TEC)
    assert (len(tec.teams), tec.boards, tec.rounds, len(tec.players)) == (50, 4, 14, 249)
    assert (tec.team_scoring.win, tec.team_scoring.draw, tec.team_scoring.pab_mp, tec.team_scoring.pab_gp) == (
        2,
        1,
        1,
        2,
    )
    assert tec.tiebreaks == ("PTS", "EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP")
    assert tec.team(1).name == "India" and tec.team(1).players == (1, 5, 15, 28, 44)


def test_tec_sample_mp_gp_equal_the_310_records(tec):
    # The README's known fact: MP (columns 55-60) and GP (62-67) of every 310 record equal the games.
    assert all(t.mp == t.declared_mp and t.gp == t.declared_gp for t in tec.teams)
    assert (tec.team(18).mp, tec.team(18).gp) == (19, 34)


REFERENCE = json.loads((DATA / "reference-engine.json").read_text())["runs"]


@pytest.fixture(scope="module")
def events(tec):
    return {
        "grandmommyscup.trf": tec,
        "generated-16x7x4-seed5.trf": read_team_trf(DATA / "generated-16x7x4-seed5.trf", strict=True),
    }


def test_the_generated_reference_event_is_what_the_generator_writes():
    assert (DATA / "generated-16x7x4-seed5.trf").read_text() == random_event(16, 7, 4, 5)


@pytest.mark.parametrize("run", REFERENCE, ids=lambda r: f"{r['file'][:9]}:{r['rules']}:{','.join(r['tiebreaks'])}")
def test_against_the_reference_engine(events, run):
    tec = events[run["file"]]
    codes = run["tiebreaks"]
    # Inside EDEBT/EDEBB the engine ranks the higher board count first (tbxl's default is the lower,
    # as BC itself: the setting ede_bc=higher-first reproduces the engine; see the next test).
    chains = any(c.split("/")[0] in ("EDEBT", "EDEBB") for c in codes)
    st = compute_standings(tec, codes, get(run["rules"]), settings={"ede_bc": "higher-first"} if chains else None)
    for number, expected in run["teams"].items():
        row = st.row(int(number))
        assert row.rank == expected["rank"], (number, codes)
        got = [row.points] + [row.values[c] for c in codes[1:]]
        for code, want, have in zip(codes, expected["values"], got):
            if parse(code, team=True).is_order:
                continue  # the engine prints 0 where an order did not apply; the rank checks it
            # The engine rounds AOB and SSSC to 2 decimals; tbxl keeps them exact.
            assert abs(F(want) - F(have)) <= F(1, 200), (number, code, want, have)


def test_tec_sample_ede_board_count_direction(tec):
    # Two pairs stay tied after EDE and are separated by the BC step of EDEBT (their match was drawn
    # 2-2): Azerbaijan (6) and Spain (13), Turkey (41) and Belgium (49). The lower board count first
    # (tbxl's default) and the higher first (the reference engine) order each pair the other way.
    lower = compute_standings(tec, "MPTS,EDEBT,BH:MP", get("fide-2024"))
    higher = compute_standings(tec, "MPTS,EDEBT,BH:MP", get("fide-2024"), settings={"ede_bc": "higher-first"})
    assert [(lower.row(n).rank, higher.row(n).rank) for n in (6, 13, 41, 49)] == [(4, 5), (5, 4), (49, 48), (48, 49)]
    d = lower.explain(6, "EDEBT")
    assert any(str(s.compares).startswith("board count") and set(s.group) == {6, 13} for s in d.steps)


# -- properties on generated team Swiss events ----------------------------------------------------


@pytest.mark.parametrize("seed", range(1, 9))
def test_generated_events_properties(seed):
    text = random_event(16, 7, 4, seed)
    with warnings.catch_warnings():
        warnings.simplefilter("error", InputWarning)
        t = read_team_trf(text, strict=True)  # the generator's own MP/GP count is in the 310 records
    ts, s = t.team_scoring, t.scoring
    for team in t.teams:
        for r in team.rounds:
            if r.kind is Kind.PAB:
                continue
            # GP = sum of the board points (a bye: its points on every board); MP from the scoring
            # table (2/1/0 by comparing GP).
            assert r.gp == sum(board_points(r, t.boards, s))
            if r.boards:
                assert r.gp == sum((b.entry.points for b in r.boards), F(0))
            if r.opponent is not None:
                other = t.team(r.opponent).rounds[r.round - 1]
                assert other.opponent == team.number
                if r.kind is not Kind.DOUBLE_FORFEIT:
                    assert r.outcome == ts.outcome(r.gp, other.gp)
                assert r.mp == ts.match_points(r.outcome)
            assert len(board_points(r, t.boards, s)) == t.boards


CODES = "MPTS,EDE,EMGSB/C1,BH:MP/C1,BH:GP,SB:MP,PS:MP,FB:MP,AOB:MP,BC,TBR,BBE,SSSC,EDEBT/P,WIN:GP"


@pytest.mark.parametrize("seed", [3, 7])
def test_team_order_permutation_changes_nothing(seed):
    import random

    rounds = random_rounds(12, 6, 3, seed)
    perm = list(range(1, 13))
    random.Random(seed).shuffle(perm)
    pi = dict(zip(range(1, 13), perm))
    moved = [[tuple(pi[x] if isinstance(x, int) else x for x in item) for item in rd] for rd in rounds]
    a = read_team_trf(event_trf(12, 3, rounds))
    b = read_team_trf(event_trf(12, 3, moved))
    for rules in ("fide-2024", "fide-2026"):
        sa = compute_standings(a, CODES, get(rules))
        sb = compute_standings(b, CODES, get(rules))
        for row in sa.rows:
            other = sb.row(pi[row.team.number])
            assert other.rank_label == row.rank_label
            assert other.values == row.values


def test_generated_event_derivations_add_up():
    t = read_team_trf(random_event(20, 7, 4, 11))
    st = compute_standings(t, CODES, get("fide-2026"))
    for row in st.rows[:8]:
        for code in ["MPTS"] + st.codes:
            d = st.explain(row.team.number, code)
            d.check()


@pytest.mark.parametrize("team_scoring", ["", "TW 3 TD 1 TL 0"])
def test_generated_event_counts_equal_their_derivations(team_scoring):
    """The counts on MP (7.1-7.6 over matches) are computed for every team at once and explained
    match by match: both must agree, with or without /P (forfeited matches as matches) and with
    3 match points a win, where a match won is worth 3 (the points of a win, 7.1)."""
    t = read_team_trf(event_trf(14, 3, random_rounds(14, 7, 3, 11), team_scoring=team_scoring))
    codes = ["WIN:MP", "WON:MP", "BPG:MP", "BWG:MP", "REP:MP", "WIN:MP/P", "WON:MP/P", "BPG:MP/P", "REP:MP/P"]
    st = compute_standings(t, ["MPTS"] + codes, get("fide-2026"))
    assert any(row.values["WON:MP/P"] != row.values["WON:MP"] for row in st.rows)  # a forfeited match
    for row in st.rows:
        for code in codes:
            assert st.explain(row.team.number, code).value == row.values[code], (row.team.number, code)


# -- codes ------------------------------------------------------------------------------------------


def test_codes_both_spellings_and_names(event_a):
    v = values(event_a, "BH/C1:MP,BH:MP/C1,GPTS,MPvGP")
    assert v[1]["BH/C1:MP"] == v[1]["BH:MP/C1"] == 6  # 8 - the lowest of 2, 4, 2
    assert v[1]["GPTS"] == v[1]["MPvGP"] == 4
    st = compute_standings(event_a, "GPTS,MPvGP")
    assert st.primary == "GP" and st.rows[0].points == 4 and st.rows[0].values["MPvGP"] == 4
    with pytest.raises(UnknownTiebreak, match="team ratings"):
        parse("ARO", team=True)
    with pytest.raises(UnknownTiebreak, match="unknown team tie-break"):
        parse("XYZ:MP", team=True)


# -- errors -----------------------------------------------------------------------------------------


def _with(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


def test_error_player_in_two_teams():
    text = event_trf(4, 2, A_ROUNDS)
    line = [ln for ln in text.splitlines() if ln.startswith("310   2")][0]
    bad = _with(text, line, line[:73] + "  11   22")
    with pytest.raises(InputError, match="player 11 is in two teams: 1 .* and 2"):
        read_team_trf(bad, source="x.trf")


def test_error_board_meets_another_board():
    # Team 2 lists its players 22, 21 in a 300 record for round 1: board 1 of team 1 (player 11)
    # then meets player 21, who is on board 2.
    text = event_trf(4, 2, A_ROUNDS) + "300   1   2   1   22   21\n"
    with pytest.raises(InputError, match="board 1 of team 1 .player 11. meets player 21, who is on board 2 of team 2"):
        read_team_trf(text, source="x.trf")


def test_error_team_meets_two_teams():
    text = event_trf(4, 2, A_ROUNDS)
    # Player 12 (team 1, board 2) is listed against player 32 (team 3) in round 1.
    bad = text.replace("001   12", "001   12").splitlines()
    out = []
    for ln in bad:
        if ln.startswith("001   12"):
            ln = ln[:89] + "    32 b 0" + ln[99:]
        if ln.startswith("001   32"):
            ln = ln[:89] + "    12 w 1" + ln[99:]
        out.append(ln)
    with pytest.raises(InputError, match="team 1 meets teams 2 .board 1. and 3 .board 2. in round 1"):
        read_team_trf("\n".join(out) + "\n", source="x.trf")


def test_error_more_boards_than_352():
    text = _with(event_trf(4, 2, A_ROUNDS), "352 WB", "352 W")
    with pytest.raises(InputError, match="fields 2 boards in round 1; the event has 1 boards"):
        read_team_trf(text, source="x.trf")


def test_error_330_on_a_played_match():
    text = event_trf(4, 2, A_ROUNDS) + "330 +-   1   1   2\n"
    with pytest.raises(
        InputError, match="record 330 says the match of teams 1 and 2 was forfeited, but a board was played"
    ):
        read_team_trf(text, source="x.trf")


def test_error_bye_on_a_board_of_a_match():
    # Player 22 (team 2, board 2) is written as a half-point bye in round 1, where team 2 meets team 1.
    text = event_trf(4, 2, A_ROUNDS)
    out = []
    for ln in text.splitlines():
        if ln.startswith("001   22"):
            ln = ln[:89] + "  0000 - H" + ln[99:]
        if ln.startswith("001   12"):
            ln = ln[:89] + "  0000 - +" + ln[99:]
        out.append(ln)
    with pytest.raises(
        InputError,
        match=r"player 22 \(board 2 of team 2\) has a bye \('H'\) in round 1, but the "
        r"team meets team 1",
    ):
        read_team_trf("\n".join(out) + "\n", source="x.trf")


def test_declared_mp_mismatch_warns_or_fails():
    text = event_trf(4, 2, A_ROUNDS, declared=True)
    line = [ln for ln in text.splitlines() if ln.startswith("310   1")][0]
    bad = _with(text, line, line[:54] + "   5.0" + line[60:])
    with pytest.warns(InputWarning, match="team 1: declared MP 5.0 differs from the games, which give 4.0"):
        read_team_trf(bad, source="x.trf")
    with pytest.raises(InputError, match=r"x.trf:\d+:55: team 1: declared MP"):
        read_team_trf(bad, source="x.trf", strict=True)


def test_trf16_013_team_records():
    # TRF-16: 013 records (name at 5-36, members from column 37) instead of 310.
    text = event_trf(4, 2, A_ROUNDS)
    lines = [ln for ln in text.splitlines() if not ln.startswith(("310", "352", "192"))]
    for n in range(1, 5):
        lines.append(f"013 {'Club ' + str(n):<32}" + "".join(f"{10 * n + k:5d}" for k in (1, 2)))
    t = read_team_trf("\n".join(lines) + "\n")
    assert [tm.name for tm in t.teams] == ["Club 1", "Club 2", "Club 3", "Club 4"]
    assert [tm.mp for tm in t.teams] == [4, 2, 4, 2] and t.boards == 2
    assert is_team_trf("\n".join(lines) + "\n") and not is_team_trf("012 x\n001    1\n")


def test_trf16_pab_without_320_and_a_match_forfeited_on_every_board():
    # TRF-16 style: the PAB is the fielded players' "0000 - U" (no 320): a drawn match (1 MP) worth a
    # won game on every board (2 GP with 2 boards). Teams 1-2 in round 1: every board "+"/"-" with
    # the opponents named: no board played, so a forfeited match won by team 1 (2 MP, 2 GP).
    rounds = [[("M", 1, 2, "++"), ("B", 3, "PAB")], [("M", 1, 3, "=="), ("M", 2, 3, "1=")]]
    text = event_trf(3, 2, rounds[:1])
    lines = [ln for ln in text.splitlines() if not ln.startswith(("310", "352", "192", "320"))]
    for n in range(1, 4):
        lines.append(f"013 {'Club ' + str(n):<32}" + "".join(f"{10 * n + k:5d}" for k in (1, 2)))
    t = read_team_trf("\n".join(lines) + "\n")
    one, two, three = (t.team(n).rounds[0] for n in (1, 2, 3))
    assert (one.kind, one.mp, one.gp, two.kind, two.mp, two.gp) == (Kind.FORFEIT_WIN, 2, 2, Kind.FORFEIT_LOSS, 0, 0)
    assert (three.kind, three.outcome, three.mp, three.gp) == (Kind.PAB, Outcome.DRAW, 1, 2)


def test_de_on_a_score_and_its_derivation(event_a):
    # DE:GP on T1-T3 (4 MP each): their match 0.5-1.5 -> T3 first.
    st = compute_standings(event_a, "MPTS,DE:GP", get("fide-2024"))
    assert [r.team.number for r in st.rows][:2] == [3, 1]
    d = st.explain(1, "DE:GP")
    assert d.value == 2 and {row.member: row.score for row in d.steps[0].rows} == {1: F(1, 2), 3: F(3, 2)}
    # Their one match, 0.5-1.5 in game points, counts as it was scored (C.07 6.1).
    (m,) = d.steps[0].meetings
    assert (m.first, m.second, m.game_points, m.points) == (1, 3, (F(1, 2), F(3, 2)), (F(1, 2), F(3, 2)))
    assert "direct encounter (GP)" in d.text()


def test_after_round(event_a):
    t1 = event_a.after_round(1)
    assert [tm.mp for tm in t1.teams] == [2, 0, 1, 1]
    st = compute_standings(t1, "MPTS,GP")
    assert [r.team.number for r in st.rows] == [1, 3, 4, 2] and st.rows[1].rank_label == "2-3"


# -- the team crosstable grid (spreadsheets) ---------------------------------------------------------

from tbxl.io.grid.team import read_team_grid  # noqa: E402

# Event A as a grid, once with board results and once with game points only.
GRID_BOARDS = [
    ["No", "Team", "R1", "R2", "R3"],
    [1, "T1", "2w:1=", "3b:=0", "4w:11"],
    [2, "T2", "1b:0=", "4w:10", "3b:=="],
    [3, "T3", "4w:==", "1w:=1", "2w:=="],
    [4, "T4", "3b:==", "2b1", "1b:00"],
]
GRID_POINTS = [
    ["No", "Team", "R1", "R2", "R3"],
    [1, "T1", "2w1½", "3b½", "4w2"],
    [2, "T2", "1b½", "4w1", "3b1"],
    [3, "T3", "4w1", "1w1½", "2w1"],
    [4, "T4", "3b1", "2b1", "1b0"],
]


def test_grid_equals_the_trf(event_a):
    codes = "MPTS,EDE,GP,EMGSB/C1,BH:MP/C1,SB:MP,SSSC,FB:MP,AOB:MP"
    want = {r.team.number: (r.rank_label, r.values) for r in compute_standings(event_a, codes).rows}
    for grid in (GRID_BOARDS, GRID_POINTS):
        t = read_team_grid(grid)
        assert t.boards == 2 and [tm.mp for tm in t.teams] == [4, 2, 4, 2]
        got = {r.team.number: (r.rank_label, r.values) for r in compute_standings(t, codes).rows}
        assert got == want
    board_codes = "MPTS,BC,TBR,EDEBT,WIN:GP"
    want = {r.team.number: r.values for r in compute_standings(event_a, board_codes).rows}
    got = {r.team.number: r.values for r in compute_standings(read_team_grid(GRID_BOARDS), board_codes).rows}
    assert got == want


def test_grid_byes_and_forfeits():
    grid = [["No", "Team", "R1", "R2"], [1, "A", "2+", "3w:1="], [2, "B", "1-", "PAB"], [3, "C", "H", "1b:0="]]
    t = read_team_grid(grid)
    a, b, c = t.teams
    assert [(r.kind, r.mp, r.gp) for r in a.rounds] == [(Kind.FORFEIT_WIN, 2, 2), (Kind.PLAYED, 2, F(3, 2))]
    assert [(r.kind, r.mp, r.gp) for r in b.rounds] == [(Kind.FORFEIT_LOSS, 0, 0), (Kind.PAB, 1, 2)]
    assert (c.rounds[0].kind, c.rounds[0].mp, c.rounds[0].gp) == (Kind.HPB, 1, 1)


@pytest.mark.parametrize(
    "cell, message",
    [
        ("2x1", r"C2: row 2, round 1: '2x1' is not a team result"),
        ("3w1", r"C2: row 2, round 1: '3w1' names team 3, but team 3's cell C4 is '4w:=='"),
        ("2b1½", r"C2: row 2, round 1: both teams have colour 'b' on board 1 \(cell C3\)"),
        ("2w:11", r"C2: row 2, round 1: board results '11' and team 2's '0=' \(C3\) do not complement"),
        ("2w2:1=", r"C2: row 2, round 1: game points 2 differ from the board results '1=' \(1.5\)"),
    ],
)
def test_grid_errors(cell, message):
    grid = [list(r) for r in GRID_BOARDS]
    grid[1][2] = cell
    with pytest.raises(InputError, match=message):
        read_team_grid(grid)


def test_grid_board_tiebreaks_need_board_results():
    with pytest.raises(InputError, match="BC needs the board results of every match"):
        compute_standings(read_team_grid(GRID_POINTS), "MPTS,BC")


@pytest.mark.slow
def test_mutated_team_files_give_standings_or_a_located_error():
    # 300 random edits of the TEC sample and of a generated event (a character, a cut line, an empty
    # line, a stray team record): each reads and ranks, or raises an InputError naming the line.
    import random

    base = [TEC.read_text(), random_event(12, 5, 3, 2)]
    rnd = random.Random(7)
    outcomes = {"ok": 0, "error": 0}
    for k in range(300):
        lines = base[k % 2].splitlines()
        for _ in range(rnd.randint(1, 3)):
            i = rnd.randrange(len(lines))
            ln = lines[i]
            op = rnd.random()
            if op < 0.4 and ln:
                j = rnd.randrange(len(ln))
                ln = ln[:j] + rnd.choice("0123456789 +-=WBwbUHFZ:x") + ln[j + 1 :]
            elif op < 0.6:
                ln = ""
            elif op < 0.8 and ln:
                ln = ln[: rnd.randrange(len(ln))]
            else:
                ln = rnd.choice(
                    [
                        "330 +-   1   1   2",
                        "320  1    2.0    5",
                        "300   1   1   2   11 12",
                        "240 H   1    1",
                        "352 WB",
                        "362 TW 3 TD 1 TL 0",
                    ]
                )
            lines[i] = ln
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", InputWarning)
                t = read_team_trf("\n".join(lines) + "\n", source="m.trf")
            compute_standings(t, "MPTS,EDEBT/P,EMGSB/C1,BH:MP/C1,SSSC,TBR,BBE,WIN:GP", get("fide-2026"))
            outcomes["ok"] += 1
        except InputError as err:
            assert str(err).startswith("m.trf") and err.line is not None or "no " in err.message, str(err)
            outcomes["error"] += 1
    assert outcomes["ok"] > 20 and outcomes["error"] > 100


def test_013_clubs_of_an_individual_event_are_not_a_team_event():
    # An individual Swiss whose 013 records list clubs for a team prize: players of club 1 meet
    # players of clubs 2 and 3 in the same round, so the games are not team matches.
    from tbxl.io.trf import read_trf

    text = (DATA.parent / "tec-2023" / "held_swiss_5.trf").read_text()
    clubs = "".join(
        f"013 {'Club ' + str(k):<32}" + "".join(f"{n:5d}" for n in range(4 * k - 3, 4 * k + 1)) + "\n"
        for k in range(1, 5)
    )
    assert not is_team_trf(text + clubs)
    assert len(read_trf(text + clubs).players) == 16
    # The same 013 records with a 352 record, or a TEAM type, make it a team event.
    assert is_team_trf(text + clubs + "352 WB\n") and is_team_trf(text + clubs + "192 FIDE_TEAM_BAKU\n")


def test_after_round_cuts_teams_and_players_alike(tec):
    # One rule for individual and team events (tbxl.model.rounds): the first k rounds of every team and
    # player, declared totals dropped (they describe the end), the scheduled rounds kept.
    assert (tec.teams[0].declared_mp, tec.players[0].declared_points) == (15, 8)  # the file declares them
    early = tec.after_round(5)
    assert (early.rounds, early.scheduled_rounds, tec.rounds) == (5, 14, 14)
    for before, team in zip(tec.teams, early.teams):
        assert team.rounds == before.rounds[:5] and team.mp == sum((r.mp for r in before.rounds[:5]), F(0))
        assert (team.declared_mp, team.declared_gp, team.declared_rank) == (None, None, None)
    assert all(p.rounds == q.rounds[:5] and p.declared_points is None for p, q in zip(early.players, tec.players))
    assert tec.after_round(14) is tec and early.after_round(0).teams[0].rounds == ()
    with pytest.raises(ValueError, match="round 15 is outside 0..14"):
        tec.after_round(15)


def test_the_team_core_takes_a_convention_never_a_name(tec):
    # Names become Conventions at the edges (tbxl.rules.resolve); the core refuses a name as the
    # individual core does, and None is the edition in force at the start date (042 2024/12/01).
    from tbxl.audit import audit
    from tbxl.io.published import Published
    from tbxl.standings import standings_by_round
    from tbxl.tiebreaks.context import Context, Score

    for call in (
        lambda: compute_standings(tec, "MPTS,BC", "fide-2024"),
        lambda: standings_by_round(tec, "MPTS,BC", "fide-2026"),
        lambda: Context(tec, "fide-2024", Score.MP),
        lambda: audit(tec, Published("bulletin", []), rules="fide-2024"),
    ):
        with pytest.raises(TypeError, match=r"rules must be a Convention, not 'fide-20\d\d': resolve a name"):
            call()
    assert compute_standings(tec, "MPTS,BC").convention is get("fide-2024")
    assert compute_standings(tec, "MPTS,BC", get("fide-2026")).rules == "fide-2026"


@pytest.mark.parametrize("line_end", ["\n", "\r\n", "\r"])
@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])
def test_a_team_trf_is_told_whatever_its_line_ends(tmp_path, line_end, encoding):
    """The reader splits lines at LF, CRLF and a lone CR (old Mac files); the light test for a team
    record at a line start must see the same lines, or such a file is ranked as an individual
    event. Event A's 013/310 records follow its 012 line, so none starts the file."""
    from tbxl.io.load import is_team_input

    path = tmp_path / "event.trf"
    path.write_bytes(event_trf(4, 2, A_ROUNDS).replace("\n", line_end).encode(encoding))
    assert is_team_input(path) and is_team_trf(path)
    assert [tm.mp for tm in read_team_trf(path).teams] == [4, 2, 4, 2]


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_a_team_trf_whose_first_line_is_a_team_record_is_told_in_utf_16(tmp_path, encoding):
    """A UTF-16 file begins with its byte-order mark: a team record on the first line follows it
    (here the file's only team record, a 310 line, so no later line start can tell)."""
    from tbxl.io.load import is_team_input

    lines = event_trf(4, 2, A_ROUNDS).splitlines()
    first = next(line for line in lines if line.startswith("310"))
    text = "\n".join([first] + [line for line in lines if not line.startswith(("013", "310"))]) + "\n"
    path = tmp_path / "event.trf"
    path.write_bytes(("\ufeff" + text).encode(encoding))
    assert is_team_input(path)


def test_a_team_workbook_is_told_by_the_catalogues_team_functions(tmp_path):
    # The test looks for a formula calling a team function of the catalogue (names kept in the light
    # tbxl.function_names, so the CLI's detection imports neither the catalogue nor the core).
    import subprocess
    import zipfile

    from tbxl.catalogue import TEAM_FUNCTIONS
    from tbxl.function_names import TEAM_FUNCTION_NAMES
    from tbxl.io.load import is_team_input

    assert tuple(f.name for f in TEAM_FUNCTIONS) == TEAM_FUNCTION_NAMES
    books = Path(__file__).parents[1] / "workbooks"
    assert is_team_input(books / "grandmommyscup-team.xlsx")
    assert not any(is_team_input(books / n) for n in ("tec-swiss.xlsx", "tec-swiss.xlsm", "template.xlsx"))

    def book(name: str, sheet: bytes):
        with zipfile.ZipFile(tmp_path / name, "w") as z:
            z.writestr(
                "xl/worksheets/sheet1.xml", b"<worksheet><sheetData><row>" + sheet + b"</row></sheetData></worksheet>"
            )
        return tmp_path / name

    assert is_team_input(book("a.xlsx", b'<c r="A6"><f t="array" ref="A6:H9">TEAM_STANDINGS(X!A1:P9,$B$4)</f></c>'))
    assert is_team_input(book("b.xlsx", b'<c r="G2"><f>_xludf.team_tiebreak($A$1:$P$51,$A2,G$1)</f></c>'))
    # A team function named in a text cell, another function ending in its name, a cached value: no call.
    assert not is_team_input(book("c.xlsx", b'<c r="A1" t="inlineStr"><is><t>TEAM_STANDINGS(crosstable)</t></is></c>'))
    assert not is_team_input(book("d.xlsx", b'<c r="A1"><f>MYTEAM_TIEBREAK(A2)</f><v>TEAM_TIEBREAK(</v></c>'))
    code = "import sys, tbxl.io.load; print(sorted(m for m in sys.modules if m.startswith('tbxl')))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == (
        "['tbxl', 'tbxl.errors', 'tbxl.function_names', 'tbxl.io', 'tbxl.io.load', 'tbxl.io.text', 'tbxl.limits']"
    )
