"""tbxl compare: standings under several rule sets side by side, with what changes and why."""

from __future__ import annotations

import json
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

import pytest

from auditing import RR, SWISS, pdf_text
from conftest import load_json
from tbxl.audit.compare import compare
from tbxl.formatting import to_decimal
from tbxl.io.trf import read_trf, write_trf
from tbxl.model import Pairing
from tbxl.rules import get, resolve_each

# -- compare ------------------------------------------------------------------------------------


def _two_places(v) -> Decimal:
    return to_decimal(Fraction(v), 2)


def test_compare_shows_exactly_the_2024_to_2026_changes_of_the_exercise(swiss):
    """C07 §5: the bold cells of the '26 columns are the only changes (values as published: the
    official 2024 answers, AOB to two decimals)."""
    official = load_json("tec-2023/expected-fide2024.json")["files"]["held_swiss_5.trf"]["tiebreaks"]
    section5 = load_json("tec-2023/expected-c07-section5.json")
    codes = ["BH", "BH/C1", "BH/C2", "BH/M1", "SB", "SB/C1", "FB", "AOB"]
    old = {c: {int(k): v for k, v in official.get(c.replace("/", "-"), {}).items()} for c in codes}
    for c in ("BH/C2", "BH/M1"):
        old[c] = {int(k): Fraction(v) for k, v in section5["fide-2024-derived"][c].items()}
    new = {c: {int(k): Fraction(v) for k, v in section5["fide-2026"][c].items()} for c in codes}
    bold = {
        (sn, c) for c in codes for sn in new[c] if sn in old[c] and _two_places(old[c][sn]) != _two_places(new[c][sn])
    }
    assert len(bold) == 27  # the bold cells of the table: 17 of #4, #6, #11, #12 and 10 AOB
    result = compare(swiss, resolve_each("fide-2024,fide-2026", None), codes)
    changed = {(r.start_number, c) for r in result.rows for c in r.changed}
    assert changed == bold
    for r in result.rows:
        for c in r.changed:
            if c != "AOB":  # an average of other players' BH: its change is theirs
                assert r.changes[c, 1], (r.start_number, c)
    david = result.row(4)
    assert [str(x) for x in david.changes["BH", 1]] == [
        "round 2, half-point bye: 2.5 instead of 3.5, with “capped at a draw x 5 rounds = 2.5”"
    ]
    assert [str(x) for x in result.row(11).changes["BH", 1]] == [
        "round 4, forfeit win v. 9: 1.5 instead of 2.5, with “capped at the opponent's adjusted score 1.5”"
    ]
    assert not any(r.rank_changed for r in result.rows if r.start_number not in (8, 11))


def test_compare_shows_the_2026_exceptions_of_15_2_in_the_round_robin():
    """C07 §1.1: in pre-determined pairings the 2026 text keeps every forfeit unplayed for rating
    tie-breaks and forfeit losses unplayed for type-B tie-breaks. The exercise's round robin has
    one forfeit (round 4, Franck #5 - Helene #6): Franck's ARO is (2200 + 2050 + 2150 + 2100) / 4 =
    2125 instead of (... + 2000) / 5 = 2100, Helene's (2150 + 2100 + 2050 + 2200) / 4 = 2125 instead
    of (... + 1950) / 5 = 2090, and Franck elected to play in 4 rounds, not 5. SB, KS and DE, which
    count the forfeit as a game in both texts, keep their official values."""
    t = read_trf(RR, pairing=Pairing.ROUND_ROBIN)
    codes = ["SB", "SB/C1", "KS", "DE", "ARO", "TPR", "WIN", "REP", "BPG"]
    result = compare(t, [get("fide-2024"), get("fide-2026")], codes)
    changed = {(r.start_number, c) for r in result.rows for c in r.changed}
    assert changed == {(5, "ARO"), (5, "TPR"), (5, "REP"), (6, "ARO"), (6, "TPR")}
    assert result.row(5).values["ARO"] == [2100, 2125] and result.row(6).values["ARO"] == [2090, 2125]
    assert result.row(5).values["REP"] == [5, 4]
    assert [str(x) for x in result.row(6).changes["ARO", 1]] == ["leaves out round 4, forfeit win v. 5 (1950)"]
    assert not any(r.rank_changed for r in result.rows)


def test_compare_cli_text_and_json(run_cli):
    code, out, _ = run_cli(
        "compare", SWISS, "--rules", "fide-2024,fide-2026", "--tiebreaks", "BH/C1,BH,SB", "--changed-only"
    )
    assert code == 0
    assert "*13.5/12.5" in out  # Maria #11, BH
    assert "#4 David, BH 15 -> 14 under fide-2026:" in out
    code, out, _ = run_cli(
        "compare", SWISS, "--rules", "fide-2024,fide-2026", "--tiebreaks", "BH/C1,BH,SB", "--format", "json"
    )
    doc = json.loads(out)
    maria = next(p for p in doc["players"] if p["start_number"] == 11)
    assert maria["rank"] == {"fide-2024": "7", "fide-2026": "8"} and maria["rank_changed"]
    assert maria["values"]["BH"] == {"fide-2024": 13.5, "fide-2026": 12.5}
    code, _, err = run_cli("compare", SWISS, "--rules", "fide-2026")
    assert code == 2 and "two or more rule sets" in err


def test_compare_is_independent_of_player_order(swiss):
    shuffled = replace(swiss, players=tuple(reversed(swiss.players)))
    a = compare(swiss, resolve_each("fide-2017,fide-2026", None), "BH/C1,SB")
    b = compare(shuffled, resolve_each("fide-2017,fide-2026", None), "BH/C1,SB")
    key = lambda c: {(r.start_number, tuple(r.ranks), tuple(map(tuple, r.values.values()))) for r in c.rows}
    assert key(a) == key(b)


def test_compare_pdf_marks_changes_and_escapes_names(swiss, tmp_path, run_cli):
    hostile = replace(
        swiss,
        players=tuple(replace(p, name="<b>Dávid</b> Иванов") if p.start_number == 4 else p for p in swiss.players),
    )
    path = tmp_path / "t.trf"
    path.write_text(write_trf(hostile), encoding="utf-8")
    out = tmp_path / "compare.html"
    code, _, _ = run_cli("compare", path, "--rules", "fide-2024,fide-2026", "--tiebreaks", "BH,SB", "-o", out)
    html = out.read_text(encoding="utf-8")
    assert code == 0
    assert "&lt;b&gt;Dávid&lt;/b&gt; Иванов" in html and "<b>Dávid" not in html
    assert html.count('class="r chg"') == 8  # BH and SB of #4, #6, #11; the ranks of #11 and #8 swap
    pdf = tmp_path / "compare.pdf"
    run_cli("compare", path, "--rules", "fide-2024,fide-2026", "--tiebreaks", "BH,SB", "-o", pdf)
    text = pdf_text(pdf)
    assert "What changes from fide-2024" in text
    assert "BH 15 → 14 under fide-2026" in text


# -- hand-worked ----------------------------------------------------------------------------------


def with_a_half_point_bye():
    """Four players, three rounds: round 1: 1-2 1-0, 3-4 1/2; round 2: 1-3 1/2, 2-4 1-0;
    round 3: #1 takes a half-point bye, 2-3 0-1 (#4 not paired: a zero-point bye).
    Points: #1 1 + 1/2 + 1/2 = 2, #2 0 + 1 + 0 = 1, #3 1/2 + 1/2 + 1 = 2, #4 1/2 + 0 + 0 = 1/2."""
    from builders import Builder

    b = Builder(3)
    b.game(1, 1, 2, "1-0").game(1, 3, 4, "1/2")
    b.game(2, 1, 3, "1/2").game(2, 2, 4, "1-0")
    b.bye(3, 1, "H").game(3, 2, 3, "0-1")
    return b.build()


def test_a_bye_counted_three_ways():
    # #1's opponents #2 and #3 played every round: their scores count as they are, 1 and 2.
    # fide-2024 (16.4): the bye counts a dummy with #1's own score, 2: BH = 1 + 2 + 2 = 5.
    # fide-2026 (16.4.1): the dummy is capped at a draw over the rounds: 1.5: BH = 1 + 2 + 1.5 = 4.5.
    # plain: the bye is skipped: BH = 1 + 2 = 3.
    c = compare(with_a_half_point_bye(), resolve_each("fide-2024,fide-2026,plain", None), "BH")
    assert [conv.name for conv in c.conventions] == ["fide-2024", "fide-2026", "plain"]
    row = c.row(1)
    assert row.values["BH"] == [5, Fraction(9, 2), 3]
    assert row.changed == ["BH"]
    assert set(row.changes) == {("BH", 1), ("BH", 2)}  # each changed value against the first rules
    assert all(row.changes[k] for k in row.changes)


def test_the_same_rules_twice_change_nothing():
    c = compare(with_a_half_point_bye(), [get("fide-2024"), get("fide-2024")], "BH,SB")
    assert c.changed_rows == []
    assert all(len(set(r.ranks)) == 1 for r in c.rows)


def test_settings_apply_to_every_rule_set_and_one_rule_set_is_refused():
    from tbxl.errors import UnknownRules

    c = compare(with_a_half_point_bye(), resolve_each("fide-2024,fide-2026", None, ["vur_cut=always"]), "BH")
    assert [conv.name for conv in c.conventions] == ["fide-2024+vur_cut=always", "fide-2026+vur_cut=always"]
    assert [conv.preset for conv in c.conventions] == ["fide-2024", "fide-2026"]
    with pytest.raises(UnknownRules, match="at least two"):
        compare(with_a_half_point_bye(), [get("fide-2024")], "BH")
    # any iterable of Conventions, a generator too (read once)
    gen = compare(with_a_half_point_bye(), (get(n) for n in ("fide-2024", "fide-2026")), "BH")
    assert [conv.name for conv in gen.conventions] == ["fide-2024", "fide-2026"]


def test_rule_set_names_are_refused_the_core_takes_conventions():
    # issue 13: a name is resolved at the edge (CLI, Excel, workbook), never in the core.
    for rules in ("fide-2024,fide-2026", ["fide-2024", "fide-2026"], [get("fide-2024"), "fide-2026"]):
        with pytest.raises(TypeError, match="resolve_each"):
            compare(with_a_half_point_bye(), rules, "BH")
