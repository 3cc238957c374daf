"""``bh_forfeit_win=zero``: Swiss-Manager's habit of keeping a forfeit-won round in Buchholz as an
opponent worth 0 and cutting that 0 (issue 20, item 5; C07 §8.4), by hand on a 10-player, 7-round
Swiss under ``fide-2026``.

Forfeit Winner (#1, 6.5 points): W v. 6, W v. 7, a half-point bye in round 3, W v. 3, a forfeit
win over Jonas (#10) in round 5, W v. 9, W v. 8. The five opponents met over the board finished
with 4.5 + 2 + 2.5 + 0 + 2.5 = 11.5 (every one played each round but Greta #7, whose round-3
pairing-allocated bye keeps its point, 16.2.1/16.3). Jonas has 0.5 (a draw; his forfeit loss is
16.2.4, face value for the opponents, 16.3).

The rules (C.07 2026):

* round 3, a half-point bye followed by games (16.2.3, a VUR): a dummy with the own 6.5, capped at
  a draw x 7 rounds = 3.5 (16.4.2);
* round 5, the forfeit win (16.2.2): a dummy with the own 6.5, capped at Jonas's adjusted 0.5
  (16.4.1);
* BH = 11.5 + 3.5 + 0.5 = 15.5; BH-C1 cuts the lowest VUR contribution, the bye's 3.5 (16.5.1: it
  is not lower than the least significant value, the 0 of Ines #9): **12**.

Swiss-Manager's habit: round 5 is an opponent worth 0, and Cut-1 removes that 0: BH =
11.5 + 3.5 + 0 = 15 and BH-C1 = 15 - 0 = **15**. So "published 15 where the rules give 12" is
the bye's capped dummy (3.5) kept instead of the forfeit win's capped dummy (0.5): 3 points. It
needs a VUR whose dummy is above the forfeit win's (the 2026 caps); with no VUR the habit cuts the
forfeit win's dummy where the rules cut a lower value, so it can only give less (under the 2024
text, where both dummies are the own score, BH-C1 is 18 either way).
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from tbxl import cli
from tbxl import rules as conventions
from tbxl.errors import UnknownRules
from tbxl.io.trf import read_trf
from tbxl.rules import BhForfeitWin, get
from tbxl.standings import compute_standings
from tbxl.tiebreaks import Context, compute, explain, parse

#: The event: #1 wins round 5 by forfeit against #10 (``10 w +`` / ``1 b -``) and takes a
#: half-point bye in round 3; #7 has the pairing-allocated bye of round 3.
EVENT = """\
012 Swiss-Manager forfeit win
042 2026-04-01
092 Swiss
XXR 7
001    1      Forfeit Winner                    2240                             6.5          6 w 1     7 b 1  0000 - H     3 b 1    10 w +     9 w 1     8 b 1
001    2      Bruno                             2180                             6.0         10 b 1     6 b =     5 w =     9 w 1     8 b 1     7 b 1     4 b 1
001    3      Carla                             2120                             2.5          4 w 0    10 b =     6 w =     1 w 0     5 b 0     8 b =     9 w 1
001    4      Dmitri                            2060                             5.0          3 b 1     9 b 1    10 w 1     8 b 1     7 w 1     6 b 0     2 w 0
001    5      Elena                             2000                             6.0          9 w 1     8 b 1     2 b =     6 w =     3 w 1    10 b 1     7 w 1
001    6      Farid                             1940                             4.5          1 b 0     2 w =     3 b =     5 b =     9 w 1     4 w 1    10 w 1
001    7      Greta                             1880                             2.0          8 b 0     1 w 0  0000 - U    10 w 1     4 b 0     2 w 0     5 b 0
001    8      Hugo                              1820                             2.5          7 w 1     5 w 0     9 b 1     4 w 0     2 w 0     3 w =     1 w 0
001    9      Ines                              1760                             0.0          5 b 0     4 w 0     8 w 0     2 b 0     6 b 0     1 b 0     3 b 0
001   10      Jonas                             1700                             0.5          2 w 0     3 w =     4 b 0     7 b 0     1 b -     5 w 0     6 b 0
"""
WINNER = 1
RULES = get("fide-2026")
HABIT = RULES.with_options(bh_forfeit_win="zero")


@pytest.fixture(scope="module")
def event():
    t = read_trf(EVENT)
    assert t.player(WINNER).points == F(13, 2) and t.player(10).points == F(1, 2)
    assert not t.is_round_robin
    return t


def value(t, conv, code, sn=WINNER):
    ctx = Context(t, conv)
    d = explain(ctx, parse(code), sn)
    d.check()
    v = compute(ctx, parse(code)).value(ctx.index[sn])
    assert v == d.value, (code, conv.name, v, d.value)  # the fast path and the derivation agree
    return v, d


def test_published_15_where_the_rules_give_12(event):
    assert value(event, RULES, "BH")[0] == F(31, 2)  # 11.5 + 3.5 + 0.5
    assert value(event, RULES, "BH/C1")[0] == 12  # the bye's 3.5 cut (16.5.1)
    assert value(event, HABIT, "BH")[0] == 15  # 11.5 + 3.5 + 0
    assert value(event, HABIT, "BH/C1")[0] == 15  # the 0 cut


def test_the_derivation_says_why_the_0_is_there(event):
    _, rules = value(event, RULES, "BH/C1")
    by_round = {t.round: t for t in rules.terms}
    assert by_round[5].contribution == F(1, 2) and not by_round[5].is_cut
    assert by_round[3].contribution == F(7, 2) and str(by_round[3].cut) == "cut: lowest VUR contribution (16.5)"
    _, habit = value(event, HABIT, "BH/C1")
    by_round = {t.round: t for t in habit.terms}
    t5 = by_round[5]
    assert (t5.opponent, t5.result, t5.real, t5.adjusted, t5.contribution, t5.vur) == (10, "+", F(1, 2), 0, 0, False)
    assert str(t5.reason) == "Swiss-Manager habit: forfeit win kept as an opponent worth 0 (bh_forfeit_win=zero)"
    assert str(t5.cut) == "cut: the forfeit win's 0, first (Swiss-Manager habit)"
    assert [t.round for t in habit.terms if t.is_cut] == [5]
    assert "Swiss-Manager habit: forfeit win kept as an opponent worth 0" in habit.text()


def test_later_cuts_follow_the_rules_on_what_remains(event):
    """Cut-2 takes the 0, then the bye's 3.5 (16.5.2: the VUR rule again); Median-1 the 0, then the
    highest, 4.5 (14.3, no exception); the rules' Cut-2 cuts the bye and the 0 of Ines #9."""
    assert value(event, RULES, "BH/C2")[0] == 12  # 15.5 - 3.5 - 0
    assert value(event, HABIT, "BH/C2")[0] == F(23, 2)  # 15 - 0 - 3.5
    assert [t.round for t in value(event, HABIT, "BH/C2")[1].terms if t.is_cut] == [3, 5]
    assert value(event, RULES, "BH/M1")[0] == F(15, 2)  # 15.5 - 3.5 - 4.5
    assert value(event, HABIT, "BH/M1")[0] == F(21, 2)  # 15 - 0 - 4.5


def test_fore_buchholz_is_a_buchholz_sb_keeps_the_rules(event):
    """FB (8.3): the last round a draw (#1 6 points, Hugo 3; Jonas's dummy cap 1); the round-5
    forfeit win is still unplayed, so the habit applies: 16.5 - 1 = 15.5, and FB-C1 15.5 (the rules
    cut the bye's 3.5: 13). SB is left alone (no Sonneborn-Berger publication shows the habit): the
    forfeit win adds its capped dummy 0.5 x 1 either way."""
    assert value(event, RULES, "FB")[0] == F(33, 2) and value(event, HABIT, "FB")[0] == F(31, 2)
    assert value(event, RULES, "FB/C1")[0] == 13 and value(event, HABIT, "FB/C1")[0] == F(31, 2)
    for code in ("SB", "SB/C1"):
        assert value(event, HABIT, code)[0] == value(event, RULES, code)[0]
    assert value(event, RULES, "SB")[0] == F(55, 4)  # 4.5 + 2 + 1.75 + 2.5 + 0.5 + 0 + 2.5


def test_only_a_forfeit_winner_changes_and_the_aob_of_those_who_met_him(event):
    """What the player is worth to the opponents is untouched (16.3: Jonas's 0.5 and the winner's
    6.5); AOB (8.2) averages the opponents' BH, so those who met #1 over the board see his BH 15
    instead of 15.5: their AOB is 0.5 / (their games over the board) lower (Greta #7: 6 games)."""
    codes = ["BH/C1", "BH", "BH/M1", "FB", "SB", "AOB"]
    rules, habit = compute_standings(event, codes, RULES), compute_standings(event, codes, HABIT)
    changed = {
        (r.player.start_number, c)
        for r in rules.rows
        for c in codes
        if r.values[c] != habit.row(r.player.start_number).values[c]
    }
    met = {6, 7, 3, 9, 8}  # over the board: Jonas #10 lost by forfeit, AOB counts games only
    assert changed == {(WINNER, "BH/C1"), (WINNER, "BH"), (WINNER, "BH/M1"), (WINNER, "FB")} | {
        (sn, "AOB") for sn in met
    }
    for sn in met:
        games = sum(e.kind.is_game for e in event.player(sn).rounds)
        assert rules.row(sn).values["AOB"] - habit.row(sn).values["AOB"] == F(1, 2) / games


def test_under_the_2024_text_the_cut_is_the_same(event):
    """fide-2024 has no caps: both dummies are the own 6.5, so cutting the forfeit win (habit) or the
    bye (16.5) leaves 11.5 + 6.5 = 18; BH itself loses the forfeit win's 6.5."""
    old = get("fide-2024")
    assert value(event, old, "BH/C1")[0] == value(event, old.with_options(bh_forfeit_win="zero"), "BH/C1")[0] == 18
    assert value(event, old, "BH")[0] == F(49, 2)
    assert value(event, old.with_options(bh_forfeit_win="zero"), "BH")[0] == 18


def test_a_round_robin_forfeit_is_a_game():
    """In pre-determined pairings a forfeit is a game against the scheduled opponent (15.2): the
    habit has no forfeit win to change (Swiss-Manager's round-robin habit is ``rr_forfeit_win``)."""
    from test_crosstable import berger_round_robin

    t = berger_round_robin(9)  # 3 beats 2 by forfeit in round 4
    for code in ("BH/C1", "BH", "SB"):
        assert (
            value(t, get("fide-2024").with_options(bh_forfeit_win="zero"), code, 3)[0]
            == value(t, get("fide-2024"), code, 3)[0]
        )


def test_the_setting_is_named_and_described_like_the_others():
    assert RULES.bh_forfeit_win is BhForfeitWin.UNPLAYED  # the default: the rules
    assert all(p.bh_forfeit_win is BhForfeitWin.UNPLAYED for p in conventions.PRESETS.values())
    conv = RULES.with_settings(["bh-forfeit-win=zero"])
    assert conv.bh_forfeit_win is BhForfeitWin.ZERO and conv.name == "fide-2026+bh_forfeit_win=zero"
    assert conv.describe() == (
        "FIDE C.07 (2026), but a forfeit win counts in Buchholz as an opponent worth 0, "
        "the first value cut (Swiss-Manager)"
    )
    assert conventions.resolve("fide-2026", None, ["bh_forfeit_win=zero"]).settings == HABIT.settings
    with pytest.raises(UnknownRules, match="bh_forfeit_win must be one of unplayed, zero, not 'yes'"):
        RULES.with_settings(["bh_forfeit_win=yes"])


def test_compute_with_the_setting(tmp_path, capsys):
    path = tmp_path / "event.trf"
    path.write_text(EVENT, encoding="utf-8")
    assert (
        cli.main(["compute", str(path), "--tiebreaks", "BH/C1,BH", "--format", "csv", "--set", "bh_forfeit_win=zero"])
        == 0
    )
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if "Forfeit Winner" in line)
    assert row.split(",")[:6] == ["1", "1", "Forfeit Winner", "6.5", "15", "15"], out
