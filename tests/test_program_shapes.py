"""Files as the programs write them (issue 29): a game both players lost (Vega publishes a 0-0), a
Swiss-Manager team export without line-ups, the TRF-2026 320 record's empty rounds. Every value is
worked by hand in the comments."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from tbxl.errors import InputError
from tbxl.io.grid import read_grid
from tbxl.io.trf import read_team_trf, read_trf_with_notes
from tbxl.model import Kind, Outcome
from tbxl.rules import get
from tbxl.standings import compute_standings


def record(sn: int, name: str, rating: int, points: str, rounds: list[tuple[int, str, str]]) -> str:
    """A 001 record in TRF-16 columns, as Vega writes it (a round field: opponent, colour, result)."""
    head = f"001 {sn:4d}      {name:<33} {rating:4d} {'':3} {'':>11} {'':10} {points:>4} {sn:>4}  "
    return head + "".join(f"{o:4} {c} {r}  " for o, c, r in rounds)


# -- 1. a game both players lost (0-0) ---------------------------------------------------------------
# A Vega club crosstable, 4 players x 3 rounds:
# R1: 1-2 1-0 (1 White),  3-4 0-0 (3 White: both lost over the board)
# R2: 3-1 =   (3 White),  4-2 0-1 (4 White)
# R3: 1-4 1-0 (1 White),  2-3 0-1 (2 White)
# Points: #1 1 + .5 + 1 = 2.5; #2 0 + 1 + 0 = 1; #3 0 + .5 + 1 = 1.5; #4 0 (5 points in 6 games).
VEGA_0_0 = (
    "\n".join(
        [
            "012 Club championship",
            "092 Swiss (Vega)",
            "XXR 3",
            record(1, "Alpha", 1800, "2.5", [(2, "w", "1"), (3, "b", "="), (4, "w", "1")]),
            record(2, "Beta", 1700, "1.0", [(1, "b", "0"), (4, "b", "1"), (3, "w", "0")]),
            record(3, "Gamma", 1600, "1.5", [(4, "w", "0"), (1, "w", "="), (2, "b", "1")]),
            record(4, "Delta", 1500, "0.0", [(3, "b", "0"), (2, "w", "0"), (1, "b", "0")]),
        ]
    )
    + "\n"
)


def test_a_game_both_lost_is_a_played_game_of_0_points_each():
    t, notes = read_trf_with_notes(VEGA_0_0, source="vega.trf")
    three, four = t.player(3).rounds[0], t.player(4).rounds[0]
    assert (three.kind, three.outcome, three.points, three.opponent, three.colour) == (
        Kind.PLAYED,
        Outcome.LOSS,
        0,
        4,
        "w",
    )
    assert (four.kind, four.outcome, four.points, four.opponent, four.colour) == (Kind.PLAYED, Outcome.LOSS, 0, 3, "b")
    assert [t.player(k).points for k in (1, 2, 3, 4)] == [F(5, 2), 1, F(3, 2), 0]
    assert "round 1: players 3 and 4 both lost their game (0-0): read as a played game, 0 points each" in notes
    st = compute_standings(t, "BH,SB,BPG,BWG,WON", get("fide-2026"))
    v = {r.player.start_number: r.values for r in st.rows}
    # BH, every round a game (no unplayed round, no dummy): #3 0 (#4) + 2.5 (#1) + 1 (#2) = 3.5;
    # #4 1.5 (#3) + 1 (#2) + 2.5 (#1) = 5.
    assert (v[3]["BH"], v[4]["BH"], v[1]["BH"], v[2]["BH"]) == (F(7, 2), 5, F(5, 2), 4)
    # SB: #3 0 x 0 + 2.5 x 1/2 + 1 x 1 = 2.25; #1 1 x 1 + 1.5 x 1/2 + 0 x 1 = 1.75; #4 0.
    assert (v[3]["SB"], v[1]["SB"], v[4]["SB"]) == (F(9, 4), F(7, 4), 0)
    # Games played with Black (BPG): #4 rounds 1 and 3 = 2; #3 round 3 = 1. Won with Black (BWG): #3 round 3.
    assert (v[4]["BPG"], v[3]["BPG"], v[3]["BWG"]) == (2, 1, 1)
    # Games won (WON): #1 rounds 1 and 3 = 2, #3 round 3 = 1, #4 none (the 0-0 is a loss for both).
    assert (v[1]["WON"], v[3]["WON"], v[4]["WON"]) == (2, 1, 0)


def test_a_game_both_lost_against_a_win_or_a_draw_stays_an_error():
    text = VEGA_0_0.replace(
        record(4, "Delta", 1500, "0.0", [(3, "b", "0"), (2, "w", "0"), (1, "b", "0")]),
        record(4, "Delta", 1500, "0.0", [(3, "b", "="), (2, "w", "0"), (1, "b", "0")]),
    )
    with pytest.raises(InputError) as e:
        read_trf_with_notes(text, source="vega.trf")
    assert str(e.value) == (
        "vega.trf:6:99: player 3, round 1: results do not complement: '0' here, '=' for player 4 (line 7)"
    )


def test_a_game_both_lost_from_a_workbook_and_in_explain():
    """The same crosstable as workbook cells: 4w0 and 3b0 both ways."""
    grid = [[1, "2w1", "3b½", "4w1"], [2, "1b0", "4b1", "3w0"], [3, "4w0", "1w½", "2b1"], [4, "3b0", "2w0", "1b0"]]
    notes: list[str] = []
    t = read_grid(grid, notes=notes)
    assert [t.player(k).points for k in (1, 2, 3, 4)] == [F(5, 2), 1, F(3, 2), 0]
    assert (t.player(4).rounds[0].kind, t.player(4).rounds[0].opponent) == (Kind.PLAYED, 3)
    assert "round 1: players 3 and 4 both lost their game (0-0): read as a played game, 0 points each" in notes
    st = compute_standings(t, "BH,SB", get("fide-2026"))
    assert st.row(4).values["BH"] == 5 and st.row(3).values["SB"] == F(9, 4)
    # explain: the 0-0 round is a game against #3, worth #3's 1.5 to #4's Buchholz
    from tbxl.tiebreaks import explain

    d = explain(st.context, st.tiebreaks[0], 4)
    assert d.total == 5 and (d.terms[0].round, d.terms[0].opponent, d.terms[0].result, d.terms[0].adjusted) == (
        1,
        3,
        "0",
        F(3, 2),
    )
    # a one-sided 0 against a win stays an error
    with pytest.raises(InputError, match="a result on one side only|do not match"):
        read_grid([[1, "2w0"], [2, "1b½"]])


# -- 3. the 320 record's empty rounds -------------------------------------------------------------
# 3 teams x 2 boards x 3 rounds (TW 2, TD 1; the PAB 1 MP and 2 GP, as the 320 says):
# R1: 1-2 "1=" (1.5-0.5), team 3 the PAB;  R2: 1-3 "00" (0-2), team 2 a half-point bye (240: 1 MP, 1 GP),
# no PAB: the 320 writes 000;  R3: 2-3 "==" (1-1), team 1 the PAB.
# MP: T1 2 + 0 + 1 = 3, T2 0 + 1 + 1 = 2, T3 1 + 2 + 1 = 4.  GP: T1 1.5 + 0 + 2 = 3.5, T2 0.5 + 1 + 1 = 2.5,
# T3 2 + 2 + 1 = 5.
TRF_2026_320 = """012 Team event
092 Team Swiss
142 3
192 FIDE_TEAM_BAKU
352 WB
001   11      Player 11                                                          2.0         21 w 1    31 w 0  0000 - U
001   12      Player 12                                                          1.5         22 b =    32 b 0  0000 - U
001   21      Player 21                                                          1.0         11 b 0  0000 - H    31 w =
001   22      Player 22                                                          1.5         12 w =  0000 - H    32 b =
001   31      Player 31                                                          2.5       0000 - U    11 b 1    21 b =
001   32      Player 32                                                          2.5       0000 - U    12 w 1    22 w =
310   1 Team 1                                                             11   12
310   2 Team 2                                                             21   22
310   3 Team 3                                                             31   32
320  1.0  2.0   3 000   1
240 H   2    2
"""


@pytest.mark.parametrize("empty", ["000", "  0", "   "])
def test_a_320_round_without_a_pab_reads(empty):
    t = read_team_trf(TRF_2026_320.replace("3 000   1", f"3 {empty}   1"), source="t.trf")
    assert [tm.mp for tm in t.teams] == [3, 2, 4]
    assert [tm.gp for tm in t.teams] == [F(7, 2), F(5, 2), 5]
    assert [r.kind for r in t.team(3).rounds] == [Kind.PAB, Kind.PLAYED, Kind.PLAYED]
    assert t.team(2).rounds[1].kind is Kind.HPB


def test_a_320_team_number_naming_no_team_stays_an_error():
    with pytest.raises(InputError) as e:
        read_team_trf(TRF_2026_320.replace("3 000   1", "3   9   1"), source="t.trf")
    assert str(e.value) == "t.trf:15:19: round 2: record 320 names team 9, which has no 310/013 record"


# -- 4. Vega's habits, named by the audit --------------------------------------------------------------
# A Vega club Swiss of 2026, 6 players x 3 rounds (fide-2026):
# R1: 1-2 1-0, 3-4 1-0, 5-6 1-0;  R2: 3-1 0-1, 5-2 =, #4 a requested zero-point bye (Z), #6 the PAB (U);
# R3: 6-4 +/- (#4 lost by forfeit), 1-5 1-0, 2-3 =.
# Points: #1 3, #2 1, #3 1.5, #4 0, #5 1.5, #6 2.
# #4's adjusted score (16.3): the Z is followed only by a VUR (the forfeit loss, 16.1), so it is 16.2.5 and
# counts as a draw: 0.5. Vega counts the forfeit loss as a return to play: the Z is 16.2.3, face value: 0.
# #3 (met #4 in round 1): BH 0.5 + 3 + 1 = 4.5, SB 0.5 x 1 + 3 x 0 + 1 x 1/2 = 1; Vega 4 and 0.5.
# #6: BH 1.5 (#5) + the PAB's dummy, own 2 capped at a draw x 3 rounds = 1.5 (16.4.2) + the forfeit win's
# dummy, capped at #4's adjusted score (16.4.1): 0.5 -> 3.5; SB 1.5 x 0 + 1.5 x 1 + 0.5 x 1 = 2.
# Vega: the forfeit win's cap 0 -> BH 3, SB 1.5; in 2026 events Vega's PAB adds nothing to SB -> SB 0.5.
VEGA_HABITS = (
    "\n".join(
        [
            "012 Vega club 2026",
            "042 2026/04/01",
            "092 Swiss (Vega)",
            "XXR 3",
            record(1, "Alpha", 1800, "3.0", [(2, "w", "1"), (3, "b", "1"), (5, "w", "1")]),
            record(2, "Beta", 1700, "1.0", [(1, "b", "0"), (5, "b", "="), (3, "w", "=")]),
            record(3, "Gamma", 1600, "1.5", [(4, "w", "1"), (1, "w", "0"), (2, "b", "=")]),
            record(4, "Delta", 1500, "0.0", [(3, "b", "0"), (0, "-", "Z"), (6, "b", "-")]),
            record(5, "Epsilon", 1400, "1.5", [(6, "w", "1"), (2, "w", "="), (1, "b", "0")]),
            record(6, "Zeta", 1300, "2.0", [(5, "b", "0"), (0, "-", "U"), (4, "w", "+")]),
        ]
    )
    + "\n"
)
FORFEIT_LOSS = "fide-2026+forfeit_loss_returns_to_play=true"
SB_PAB = "fide-2026+sb_pab=zero"


def _rules(name):
    conv = get("fide-2026")
    for item in name.split("+")[1:]:
        key, value = item.split("=")
        conv = conv.with_options(**{key: value})
    return conv


def test_vega_habits_change_only_what_they_say():
    t = read_trf_with_notes(VEGA_HABITS)[0]
    values = {
        name: {
            r.player.start_number: (r.values["BH"], r.values["SB"])
            for r in compute_standings(t, "BH,SB", _rules(name)).rows
        }
        for name in ("fide-2026", FORFEIT_LOSS, SB_PAB)
    }
    rules, vega, pab = values["fide-2026"], values[FORFEIT_LOSS], values[SB_PAB]
    assert (rules[3], rules[6]) == ((F(9, 2), 1), (F(7, 2), 2))
    assert (vega[3], vega[6]) == ((4, F(1, 2)), (3, F(3, 2)))
    assert pab[6] == (F(7, 2), F(1, 2)) and pab[3] == rules[3]
    assert {n: v for n, v in vega.items() if n not in (3, 6)} == {n: v for n, v in rules.items() if n not in (3, 6)}
    assert {n: v for n, v in pab.items() if n != 6} == {n: v for n, v in rules.items() if n != 6}


@pytest.mark.parametrize(
    "habit,changed", [(FORFEIT_LOSS, [(3, "BH"), (3, "SB"), (6, "BH"), (6, "SB")]), (SB_PAB, [(6, "SB")])]
)
def test_an_audit_names_vegas_habit_with_no_value_unexplained(tmp_path, habit, changed):
    from auditing import published_under
    from tbxl.audit import EXPLAINED, audit
    from tbxl.audit.text import render_audit_text
    from tbxl.io.published import read_published

    t = read_trf_with_notes(VEGA_HABITS)[0]
    bulletin = published_under(t, _rules(habit), ["BH", "SB"], tmp_path)
    result = audit(t, read_published(bulletin, t), rules=get("fide-2026"), tiebreaks="BH,SB")
    diffs = result.differences
    assert sorted((f.start_number, f.code) for f in diffs) == changed
    assert all(f.status == EXPLAINED and f.matches[0] == habit for f in diffs)
    assert result.summary["unexplained"] == 0 and result.ok
    assert "(Vega)" in render_audit_text(result)


def test_derivations_say_why_under_vegas_habits():
    from tbxl.tiebreaks import explain

    t = read_trf_with_notes(VEGA_HABITS)[0]
    st = compute_standings(t, "BH,SB", _rules(FORFEIT_LOSS))
    bh = explain(st.context, st.tiebreaks[0], 3)
    first = bh.terms[0]
    assert (first.round, first.opponent, first.adjusted, bh.total) == (1, 4, 0, 4)
    assert str(first.reason) == (
        "opponent's score: a requested bye before a forfeit loss kept at face value "
        "(Vega habit: forfeit_loss_returns_to_play=true)"
    )
    st = compute_standings(t, "BH,SB", _rules(SB_PAB))
    sb = explain(st.context, st.tiebreaks[1], 6)
    pab = sb.terms[1]
    assert (pab.round, pab.opponent, pab.contribution, sb.total) == (2, None, 0, F(1, 2))
    assert str(pab.reason) == "Vega habit: pairing-allocated bye adds nothing to SB (sb_pab=zero)"
    from tbxl.report.labels import labels

    for lang, word in (
        ("en", "Vega habit"),
        ("es", "costumbre de Vega"),
        ("ru", "привычка Vega"),
        ("vi", "thói quen của Vega"),
        ("ms", "tabiat Vega"),
    ):
        table = labels(lang)["reasons"]
        assert pab.reason.render(table).startswith(word) and word in first.reason.render(table)


# -- 2. a Swiss-Manager team export without line-ups ----------------------------------------------------
# TRF-16 as Swiss-Manager exports a team event: 001 records and the teams' 013 records, no 300 line-ups.
# 4 teams x 3 boards x 2 rounds (TW 2, TD 1); team 1 has a reserve, #14.
# R1: T1-T2 11-21 1-0, 12-22 =, 13-23 0-1 (1.5-1.5);  T3-T4 31-41 1-0, board 2 empty on T3's side (#32
#     absent, #42 wins by forfeit, 0000 - +), 33-43 1-0: T3 fields #31 and #33, whose order puts #33 on
#     board 2 against #43 on board 3: the boards come from T4's order, board 2 lost by forfeit (2-1).
# R2: T3-T1 31-11 =, 32-13 0-1, 33-14 0-1 (#12 rests, the reserve #14 plays board 3: 0.5-2.5);
#     T2-T4 21-41 0-1, 22-42 0-1, 23-43 = (0.5-2.5).
# MP: T1 1 + 2 = 3, T2 1 + 0 = 1, T3 2 + 0 = 2, T4 0 + 2 = 2.  GP: T1 1.5 + 2.5 = 4, T2 1.5 + 0.5 = 2,
# T3 2 + 0.5 = 2.5, T4 1 + 2.5 = 3.5.  BH:MP: T1 1 + 2 = 3, T2 3 + 2 = 5, T3 2 + 3 = 5, T4 2 + 1 = 3.
# EGGSB (opponent's GP x GP scored): T1 2 x 1.5 + 2.5 x 2.5 = 9.25, T2 4 x 1.5 + 3.5 x 0.5 = 7.75,
# T3 3.5 x 2 + 4 x 0.5 = 9, T4 2.5 x 1 + 2 x 2.5 = 7.5.  WON (matches won): T1 1, T2 0, T3 1, T4 1.
NOBODY = ("0000", "-", "-")
SWISS_MANAGER_TEAMS = (
    "\n".join(
        [
            "012 Inter-club league",
            "042 2025/10/04",
            "092 Team Swiss System",
            record(11, "Eleven", 2000, "1.5", [(21, "w", "1"), (31, "b", "=")]),
            record(12, "Twelve", 1900, "0.5", [(22, "b", "="), NOBODY]),
            record(13, "Thirteen", 1800, "1.0", [(23, "w", "0"), (32, "w", "1")]),
            record(14, "Fourteen", 1700, "1.0", [NOBODY, (33, "b", "1")]),
            record(21, "Twentyone", 1950, "0.0", [(11, "b", "0"), (41, "w", "0")]),
            record(22, "Twentytwo", 1850, "0.5", [(12, "w", "="), (42, "b", "0")]),
            record(23, "Twentythree", 1750, "1.5", [(13, "b", "1"), (43, "w", "=")]),
            record(31, "Thirtyone", 1990, "1.5", [(41, "w", "1"), (11, "w", "=")]),
            record(32, "Thirtytwo", 1890, "0.0", [NOBODY, (13, "b", "0")]),
            record(33, "Thirtythree", 1790, "1.0", [(43, "w", "1"), (14, "w", "0")]),
            record(41, "Fortyone", 1980, "1.0", [(31, "b", "0"), (21, "b", "1")]),
            record(42, "Fortytwo", 1880, "2.0", [("0000", "-", "+"), (22, "w", "1")]),
            record(43, "Fortythree", 1780, "0.5", [(33, "b", "0"), (23, "b", "=")]),
            "013 Club One                           11   12   13   14",
            "013 Club Two                           21   22   23",
            "013 Club Three                         31   32   33",
            "013 Club Four                          41   42   43",
        ]
    )
    + "\n"
)


def test_a_swiss_manager_team_export_without_line_ups_computes():
    notes: list[str] = []
    t = read_team_trf(SWISS_MANAGER_TEAMS, source="sm.trf", notes=notes)
    assert [tm.mp for tm in t.teams] == [3, 1, 2, 2]
    assert [tm.gp for tm in t.teams] == [4, 2, F(5, 2), F(7, 2)]
    three = t.team(3).rounds[0]
    assert [(b.board, b.player, b.entry.kind) for b in three.boards] == [
        (1, 31, Kind.PLAYED),
        (2, None, Kind.FORFEIT_LOSS),
        (3, 33, Kind.PLAYED),
    ]
    assert [b.player for b in t.team(4).rounds[0].boards] == [41, 42, 43]
    assert [b.player for b in t.team(1).rounds[1].boards] == [11, 13, 14]  # the reserve on board 3
    assert (
        "round 1: the boards of teams 3 and 4 disagree (board 2 of team 3, player 33, meets player 43, board 3 "
        "of team 4) and no 300 record gives the line-ups: the games are kept, the boards numbered from team "
        "4's order"
    ) in notes
    st = compute_standings(t, "MPTS,GP,BH:MP,EGGSB,WON", get("fide-2024"))
    v = {r.team.number: r.values for r in st.rows}
    assert [v[n]["BH:MP"] for n in (1, 2, 3, 4)] == [3, 5, 5, 3]
    assert [v[n]["EGGSB"] for n in (1, 2, 3, 4)] == [F(37, 4), F(31, 4), 9, F(15, 2)]
    assert [v[n]["WON"] for n in (1, 2, 3, 4)] == [1, 0, 1, 1]


def test_vegas_habits_are_not_tried_where_the_event_has_nothing_they_change():
    """VEGA_0_0 has no bye and no forfeit: neither habit can change a number, neither is tried."""
    from tbxl.audit import audit
    from tbxl.io.published import Published, PublishedValue

    t = read_trf_with_notes(VEGA_0_0)[0]
    table = Published("b", [PublishedValue(4, "BH", "4", F(4), 0, "b:2")])  # fide-2026 gives 5
    result = audit(t, table, rules=get("fide-2026"), tiebreaks="BH")
    tried = set(result.engine.tried)
    assert not {name for name in tried if "forfeit_loss_returns_to_play" in name or "sb_pab" in name}
    assert result.summary["unexplained"] == 1
