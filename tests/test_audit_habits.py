"""tbxl audit and Swiss-Manager's habits (C07 §8.4): display habits and program behaviours that
explain a published number without another rule set."""

from __future__ import annotations

from fractions import Fraction

from auditing import published_under
from conftest import TEC_SWISS as DATA_TEC
from tbxl import rules as conventions
from tbxl.audit import AGREE, EXPLAINED, audit
from tbxl.io.published import Published, PublishedValue, read_published
from tbxl.rules import get
from tbxl.standings import compute_standings

# -- Swiss-Manager's habits (C07 §8.4) ----------------------------------------------------------


def test_a_published_zero_for_no_value_is_the_display_habit():
    """Swiss-Manager prints 0 for ARO/TPR of a player with no rated game over the board. Player 1
    wins round 1 by forfeit and has byes after: ARO and TPR have no value."""
    from builders import Builder
    from tbxl.audit import ZERO_FOR_NO_VALUE
    from tbxl.audit.text import render_audit_text

    b = Builder(3)
    for sn, rating in ((1, 1800), (2, 1700), (3, 1600), (4, 1500)):
        b.player(sn, rating=rating)
    b.forfeit(1, 1, 2).bye(2, 1, "H").bye(3, 1, "Z")
    b.game(1, 3, 4, "1-0").game(2, 2, 3, "1/2").game(3, 2, 4, "0-1")
    b.bye(2, 4, "Z").bye(3, 3, "Z")
    t = b.build()
    table = Published(
        "bulletin",
        [
            PublishedValue(1, "ARO", "0", Fraction(0), 0, "bulletin:2"),
            PublishedValue(1, "TPR", "0", Fraction(0), 0, "bulletin:2"),
            PublishedValue(3, "ARO", "1600", Fraction(1600), 0, "bulletin:4"),
        ],
    )
    result = audit(t, table, rules=get("fide-2026"), tiebreaks="ARO,TPR")
    by = {(f.start_number, f.code): f for f in result.findings}
    for code in ("ARO", "TPR"):
        f = by[1, code]
        assert f.computed is None and f.status == EXPLAINED and f.matches == [ZERO_FOR_NO_VALUE]
        assert [str(c) for c in f.changes] == [f"prints 0 where {code} has no value (a display habit of Swiss-Manager)"]
    # 1600 is the average of opponents 2 (1700) and 4 (1500): it agrees, the column follows the rules
    assert by[3, "ARO"].status == AGREE
    assert result.summary["unexplained"] == 0 and result.ok
    assert {c.code: c.reproduced_by for c in result.columns}["ARO"] == ["fide-2026"]
    assert "display habit" in render_audit_text(result)


def test_swiss_manager_sb_2023_scores_a_round_robin_forfeit_win_with_the_own_score(tmp_path):
    """A 9-player round robin by the Berger table (lower number wins, draws where i + j = 7; 3 beats
    2 by forfeit in round 4, (2 + 3 - 2) mod 9 + 1; 1-5 a double forfeit). Scores: 1: 6.5, 2: 5.5, 3: 6.5, 4: 5.5, 5: 4.5, 6: 3.5,
    7: 2, 8: 1, 9: 0. SB of #3 (C.07 15.2, the forfeit counts as a game against #2):
    5.5 (v. 2) + 5.5 / 2 (draw v. 4) + 4.5 + 3.5 + 2 + 1 + 0 (wins v. 5-9) = 19.25. Swiss-Manager's
    'SB (2023)' takes the own 6.5 for the forfeit win instead: 20.25."""
    from test_crosstable import berger_round_robin

    t = berger_round_robin(9)
    assert [t.player(k).points for k in range(1, 10)] == [Fraction(x, 2) for x in (13, 11, 13, 11, 9, 7, 4, 2, 0)]
    sm = get("fide-2024").with_options(rr_forfeit_win="own-score")
    assert compute_standings(t, "SB", conventions.get("fide-2024")).row(3).values["SB"] == Fraction(77, 4)
    assert compute_standings(t, "SB", sm).row(3).values["SB"] == Fraction(81, 4)
    path = published_under(t, sm, ["SB"], tmp_path)
    result = audit(t, read_published(path, t), rules=get("fide-2024"), tiebreaks="SB")
    diffs = [f for f in result.differences if f.code == "SB"]
    assert [(f.start_number, f.status) for f in diffs] == [(3, EXPLAINED)]
    assert diffs[0].matches[0] == "fide-2024+rr_forfeit_win=own-score"
    assert [str(c) for c in diffs[0].changes] == [
        "round 4, forfeit win v. 2: 6.5 (forfeit win scored with the own score, like a dummy "
        "(Swiss-Manager 'SB (2023)')) instead of 5.5 (forfeit counted as a game (pre-determined pairings))"
    ]
    assert result.summary["unexplained"] == 0


def test_the_2026_vur_pick_is_named_by_the_audit():
    """tests/test_vur_cuts.py's record: SB-C1 20.75 under fide-2026, 21.5 when the smallest VUR
    product is offered for the cut."""
    from test_vur_cuts import FOCUS, event

    t = event()
    table = Published("bulletin", [PublishedValue(FOCUS, "SB/C1", "21.5", Fraction(43, 2), 1, "bulletin:2")])
    f = audit(t, table, rules=get("fide-2026"), tiebreaks="SB/C1").findings[0]
    assert f.computed == Fraction(83, 4) and f.status == EXPLAINED
    assert "fide-2026+sb_vur_pick=smallest-product" in f.matches


def test_swiss_manager_keeps_a_forfeit_win_as_an_opponent_worth_0_and_cuts_it(tmp_path, run_cli):
    """Issue 20, item 5: tests/data/bulletins/sm-forfeit-win.csv, the Swiss-Manager bulletin of
    tests/test_bh_forfeit_win.py's event (worked there by hand). #1 won round 5 by forfeit and
    took a half-point bye in round 3: published BH-C1 15 and BH 15, where fide-2026 gives 12 (the
    bye's 3.5 cut, 16.5.1) and 15.5 (the forfeit win's dummy 0.5, 16.4.1). Every other number
    agrees.

    ``bh_forfeit_win=zero`` is the one rule set reproducing both whole columns. ``cut_priority=
    unplayed`` gives #1 the same BH-C1 15 (cutting his least own unplayed round, the forfeit win's
    0.5, comes to the same), but it would also cut Greta #7's pairing-allocated bye (28 -> 26.5)
    and leaves BH at 15.5, so it is not the one named."""
    from conftest import DATA
    from tbxl.audit.text import render_audit_text
    from tbxl.io.trf import read_trf
    from test_bh_forfeit_win import EVENT

    bulletin = DATA / "bulletins" / "sm-forfeit-win.csv"
    t = read_trf(EVENT)
    result = audit(t, read_published(bulletin, t), rules=get("fide-2026"), tiebreaks="BH/C1,BH")
    named = "fide-2026+bh_forfeit_win=zero"
    diffs = result.differences
    assert [(f.start_number, f.code, f.published.value, f.computed) for f in diffs] == [
        (1, "BH/C1", 15, 12),
        (1, "BH", 15, Fraction(31, 2)),
    ]
    c1, bh = diffs
    assert c1.status == bh.status == EXPLAINED and c1.matches[0] == bh.matches[0] == named
    assert "fide-2026+cut_priority=unplayed" in c1.matches and "fide-2026+cut_priority=unplayed" not in bh.matches
    columns = {c.code: c.reproduced_by for c in result.columns}
    assert (columns["BH/C1"], columns["BH"], columns["PTS"], columns["RANK"]) == (
        [named],
        [named],
        ["fide-2026"],
        ["fide-2026"],
    )
    assert [str(c) for c in c1.changes] == [
        "cuts round 5, forfeit win v. 10 (0) instead of round 3, half-point bye (3.5)",
        "round 5, forfeit win v. 10: 0 (Swiss-Manager habit: forfeit win kept as an opponent worth 0 "
        "(bh_forfeit_win=zero)) instead of 0.5 (forfeit win, cat. 16.2.2: dummy with own score 6.5; "
        "capped at the opponent's adjusted score 0.5)",
    ]
    assert result.ok and result.summary["unexplained"] == 0
    text = render_audit_text(result)
    assert (
        "the whole column follows fide-2026+bh_forfeit_win=zero\n"
        "          (fide-2026+bh_forfeit_win=zero: FIDE C.07 (2026), but a forfeit win counts in Buchholz as an "
        "opponent worth 0, the first value cut (Swiss-Manager))"
    ) in text
    # the command line: the event as a TRF file, the bulletin as published
    path = tmp_path / "event.trf"
    path.write_text(EVENT, encoding="utf-8")
    code, out, _ = run_cli("audit", path, "--published", bulletin, "--rules", "fide-2026", "--tiebreaks", "BH/C1,BH")
    assert code == 0
    assert (
        "#1 Forfeit Winner, BH/C1: published 15 (sm-forfeit-win.csv:5, column 'Buchholz Cut 1'); "
        "fide-2026 gives 12\n    follows fide-2026+bh_forfeit_win=zero, " in out
    )


def test_the_forfeit_win_habit_is_tried_only_where_it_can_change_a_published_number():
    """Only with a forfeit win and a cut Buchholz, and for a number it reaches: the TEC exercise has
    forfeit wins (Maria #11, Nick #12), but David #4's BH/C1 is not theirs."""
    from tbxl.audit.candidates import candidates, cuts_buchholz, forfeit_winners
    from tbxl.io.trf import read_trf
    from tbxl.tiebreaks import parse
    from test_bh_forfeit_win import EVENT

    t = read_trf(EVENT)
    assert forfeit_winners(t) == {1: {3, 6, 7, 8, 9, 10}}
    assert cuts_buchholz([parse("SB"), parse("FB/M1")]) and not cuts_buchholz([parse("BH"), parse("SB/C1")])
    rules = get("fide-2026")
    tried = lambda table, tiebreaks: {
        c.name for c in audit(t, table, rules=rules, tiebreaks=tiebreaks).engine.tried.values()
    }
    one = lambda sn, code, v: Published("b", [PublishedValue(sn, code, str(v), Fraction(v), 0, "b:2")])
    named = "fide-2026+bh_forfeit_win=zero"
    assert named in tried(one(1, "BH/C1", 15), "BH/C1")
    assert named not in tried(one(1, "BH", 15), "BH")  # no cut: not the habit seen
    assert named not in tried(one(2, "BH/C1", 20), "BH/C1")  # Bruno won no round by forfeit
    assert named in tried(one(6, "AOB/C1", 28), "AOB/C1")  # Farid met #1: his AOB/C1 reads #1's BH/C1
    assert named in tried(one(1, "RANK", 1), "BH/C1")  # a rank in #1's points group
    assert named not in tried(one(2, "RANK", 2), "BH/C1")  # 6 points: no forfeit winner there
    assert named not in {c.name for c in candidates(rules, round_robin=True)}
    swiss = read_trf(DATA_TEC)
    david = Published("b", [PublishedValue(4, "BH/C1", "11.5", Fraction(23, 2), 1, "b:2")])
    assert named not in {c.name for c in audit(swiss, david, rules=rules).engine.tried.values()}
