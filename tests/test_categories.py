"""Categories (--category), prizes shared by the Hort system (--prizes), by hand-worked examples."""

import json
from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as s

from tbxl import rules as conventions
from tbxl.categories import category_places, classify, fide_age, members, parse_category, parse_expression
from tbxl.errors import UsageError
from tbxl.io.trf import parse_trf
from tbxl.model import Player
from tbxl.prizes import parse_prizes, share
from tbxl.standings import compute_standings


def trf_line(sn, sex, title, name, rating, fed, born, pts, rounds):
    """A TRF-16 001 record (rules/C07.md §10.1 columns)."""
    line = f"001 {sn:>4} {sex}{title:>3} {name:<33} {rating:>4} {fed:>3} {'':>11} {born:<10} {pts:>4} {'':>4}"
    return line + "".join(f"  {opp:>4} {col} {res}" for opp, col, res in rounds)


# Six players, three rounds, an event starting 10 March 2026. Points: 1 and 2 on 2.5, 3 and 4 on 1.5,
# 5 on 1, 6 on 0 (checked below against the engine).
EVENT = (
    "\n".join(
        [
            "012 Categories Open",
            "042 2026/03/10",
            trf_line(
                1, "m", "GM", "Anh", "2400", "VIE", "1990/01/01", "2.5", [(4, "w", "1"), (2, "b", "="), (3, "w", "1")]
            ),
            trf_line(
                2, "w", "WFM", "Binh", "1950", "VIE", "2014/05/05", "2.5", [(5, "b", "1"), (1, "w", "="), (6, "b", "1")]
            ),
            trf_line(3, "w", "", "Chi", "", "MAS", "2015/01/01", "1.5", [(6, "w", "1"), (4, "b", "="), (1, "b", "0")]),
            trf_line(
                4, "m", "", "Dung", "1750", "MAS", "2013/12/31", "1.5", [(1, "b", "0"), (3, "w", "="), (5, "w", "1")]
            ),
            trf_line(
                5, "m", "", "Em", "1790", "VIE", "2014/01/01", "1.0", [(2, "w", "0"), (6, "b", "1"), (4, "b", "0")]
            ),
            trf_line(6, "w", "", "Phuong", "", "SGP", "", "0.0", [(3, "b", "0"), (5, "w", "0"), (2, "w", "0")]),
        ]
    )
    + "\n"
)


@pytest.fixture
def event_file(tmp_path):
    path = tmp_path / "open.trf"
    path.write_text(EVENT, encoding="utf-8")
    return path


def standings():
    return compute_standings(parse_trf(EVENT), "BH,SB", conventions.get("fide-2026"))


# -- the condition language -------------------------------------------------------------------


def test_fide_age_is_counted_before_1_january_of_the_event_year():
    # FIDE D.04.07 art. 6: U12 = "shall not have reached the age of 12 before January 1st of the year";
    # the World Youth/Cadets regulations say "born on or after 1 January" of event year - 12.
    # A 2026 event: U12 = born 2014 or later.
    assert fide_age(2014, 2026) == 2026 - 2014 - 1 == 11  # born any day of 2014: under 12
    assert fide_age(2013, 2026) == 2026 - 2013 - 1 == 12  # born 31 Dec 2013: not under 12
    u12 = parse_category("U12=age<12")
    born = lambda d: Player(1, "x", birth_date=d)
    assert u12.includes(born("2014/01/01"), 2026)  # 12 on 1 Jan 2026, not before: U12
    assert u12.includes(born("2014/12/31"), 2026)
    assert not u12.includes(born("2013/12/31"), 2026)
    assert not u12.includes(born(""), 2026)  # no birth date: in no age category
    assert u12.includes(born("2014"), 2026) and u12.includes(born("2014/00/00"), 2026)
    assert parse_category("U12=born>=2014").includes(born("2014/01/01"), None)


def test_conditions_on_each_field():
    p = Player(7, "x", sex="w", title="WFM", rating=1790, federation="VIE", birth_date="2010/06/01")
    unrated = Player(8, "y", sex="m", federation="mas")
    holds = lambda expr, player=p: parse_expression("C", expr).includes(player, 2026)
    assert holds("sex=w") and holds("sex=f") and holds("SEX = W") and not holds("sex=m")
    assert holds("sex!=m") and not holds("sex=w", unrated)
    assert holds("title=wfm") and not holds("title=GM") and holds("title!=GM")
    assert holds("title=GM", Player(9, "z", title="g")) and holds("title=WIM", Player(9, "z", title="wm"))
    assert holds("fed=VIE") and holds("fed=mas", unrated) and holds("fed!=MAS")
    assert holds("rating<1800") and not holds("rating<1790") and holds("rating<=1790") and holds("elo>1789")
    assert not holds("rating<1800", unrated)  # no rating, no rating band
    assert holds("rating<1800|unrated", unrated) and holds("unrated", unrated) and not holds("unrated")
    assert holds("rated") and not holds("rated", unrated)
    assert holds("born=2010") and holds("born<2011") and not holds("born>=2011")
    assert holds("age=15") and holds("age<16")  # 2026 - 2010 - 1 = 15
    assert holds("sex=w, rating<1800, fed=VIE") and not holds("sex=w, rating<1800, fed=MAS")
    assert holds("fed=MAS|fed=VIE, sex=w")  # "," binds looser than "|"


@pytest.mark.parametrize(
    "text, message",
    [
        ("U12", "write NAME=CONDITIONS"),
        ("=age<12", "write NAME=CONDITIONS"),
        ("U12=", "no condition"),
        ("U12=age<<12", "whole number of at most 9 digits, not '<12'"),
        ("U12=age<twelve", "whole number"),
        ("U12=age", "'age' needs a comparison, e.g. age<12"),
        ("U12=height<150", "unknown field 'height'"),
        ("U12=junior", "unknown condition 'junior'"),
        ("W=sex=x", "sex is m or w"),
        ("W=sex<w", "sex takes = or !="),
        ("W=sex=w,,fed=VIE", "empty condition"),
        ("W=fed=V;E", "not a federation code"),
        ("W=__import__('os')", "is not a condition"),
    ],
)
def test_bad_expressions_name_the_expression(text, message):
    with pytest.raises(UsageError) as err:
        parse_category(text)
    assert message in str(err.value)
    if "=" in text.strip("="):
        assert text.strip() in str(err.value) or "NAME=CONDITIONS" in str(err.value)


def test_category_standings_keep_the_overall_order():
    st = standings()
    # Engine check of the example: the points written in EVENT.
    assert [(r.player.start_number, r.points) for r in st.rows] == [
        (1, F(5, 2)),
        (2, F(5, 2)),
        (4, F(3, 2)),
        (3, F(3, 2)),
        (5, F(1)),
        (6, F(0)),
    ]
    cats = [
        parse_category(t)
        for t in ("U12=age<12", "Women=sex=w", "U1800=rating<1800|unrated", "VIE=fed=VIE", "Nobody=rating>3000")
    ]
    # Ages on 2026: 1 born 1990 -> 35; 2 born 2014 -> 11; 3 born 2015 -> 10; 4 born 2013 -> 12;
    # 5 born 2014 -> 11; 6 no birth date.
    assert members(st, cats) == {
        "U12": [2, 3, 5],
        "Women": [2, 3, 6],
        "U1800": [4, 3, 5, 6],
        "VIE": [1, 2, 5],
        "Nobody": [],
    }


def test_category_places_keep_shared_places():
    from types import SimpleNamespace as R

    assert category_places([]) == []
    assert category_places([R(rank=1), R(rank=3), R(rank=3), R(rank=3), R(rank=7)]) == ["1", "2-4", "2-4", "2-4", "5"]


def test_age_needs_the_event_year():
    st = compute_standings(parse_trf(EVENT.replace("042 2026/03/10\n", "")), "BH", conventions.get("fide-2026"))
    with pytest.raises(UsageError, match="no start date.*born>=YEAR"):
        members(st, [parse_category("U12=age<12")])
    assert members(st, [parse_category("U12=born>=2014")]) == {"U12": [2, 3, 5]}


# -- prizes: the Hort system, worked by hand ---------------------------------------------------


def amounts(rows, prizes, sharing="hort"):
    return {a.player: a.amount for a in share(rows, parse_prizes(prizes), sharing)}


def test_hort_worked_example():
    # Prizes 1000, 500, 350, 200, 150, 100 (the example of the German Wikipedia article "Hort-System").
    rows = [
        ("A", 1, F(8)),
        ("B", 2, F(8)),
        ("C", 3, F(15, 2)),
        ("D", 4, F(7)),
        ("E", 5, F(7)),
        ("F", 6, F(7)),
        ("G", 7, F(6)),
    ]
    got = amounts(rows, "1:1000,2:500,3:350,4:200,5:150,6:100")
    # A, B on 8 points: pot = (1000 + 500) / 2 = 750, 375 each; A keeps 1000 / 2, B 500 / 2.
    assert got["A"] == 500 + 375 == 875
    assert got["B"] == 250 + 375 == 625
    # C alone on 7.5: the whole 3rd prize.
    assert got["C"] == 350
    # D, E, F on 7: pot = (200 + 150 + 100) / 2 = 225, 75 each; they keep 100, 75, 50.
    assert (got["D"], got["E"], got["F"]) == (100 + 75, 75 + 75, 50 + 75) == (175, 150, 125)
    assert "G" not in got  # below the last prize
    assert sum(got.values()) == 1000 + 500 + 350 + 200 + 150 + 100


def test_hort_pot_shared_by_every_player_on_the_points_even_past_the_last_prize():
    # Prizes 1:300, 2:200, 3:100; places 2-4 are on 5 points.
    rows = [(1, 1, F(6)), (2, 2, F(5)), (3, 3, F(5)), (4, 4, F(5)), (5, 5, F(4))]
    got = amounts(rows, "1:300,2:200,3:100")
    # pot = (200 + 100 + 0) / 2 = 150, a third each = 50; kept 100, 50, 0.
    assert got == {1: 300, 2: 100 + 50, 3: 50 + 50, 4: 0 + 50}


def test_hort_thirds_stay_exact_and_print_with_two_decimals():
    rows = [(1, 1, F(3)), (2, 2, F(3)), (3, 3, F(3))]
    got = amounts(rows, "1:100")
    # pot = 100 / 2 = 50, a third each = 50/3; player 1 keeps 50.
    assert got == {1: 50 + F(50, 3), 2: F(50, 3), 3: F(50, 3)}
    assert sum(got.values()) == 100
    from tbxl.formatting import decimal_text

    assert [decimal_text(v, places=2) for v in got.values()] == ["66.67", "16.67", "16.67"]


def test_players_equal_on_every_tiebreak_share_their_kept_halves():
    # Places 1-2 shared (rank 1 twice) and equal on points with place 3 (rank 3).
    rows = [(1, 1, F(4)), (2, 1, F(4)), (3, 3, F(4))]
    got = amounts(rows, "1:600,2:300,3:90")
    # pot = (600 + 300 + 90) / 2 = 495, 165 each; kept 300 and 150 shared by 1 and 2: 225 each; 3 keeps 45.
    assert got == {1: 225 + 165, 2: 225 + 165, 3: 45 + 165}


def test_equal_and_tiebreak_sharing():
    rows = [(1, 1, F(2)), (2, 2, F(2)), (3, 3, F(1))]
    # equal: 1 and 2 split 500 + 300 = 800 -> 400 each.
    assert amounts(rows, "1:500,2:300,3:100", "equal") == {1: 400, 2: 400, 3: 100}
    # tiebreak: nothing pooled.
    assert amounts(rows, "1:500,2:300,3:100", "tiebreak") == {1: 500, 2: 300, 3: 100}
    with pytest.raises(UsageError, match="hort, equal, tiebreak"):
        share(rows, {1: F(1)}, "split")


def test_prize_lists():
    assert parse_prizes("1:500,2:300,4-6:50.5") == {1: 500, 2: 300, 4: F(101, 2), 5: F(101, 2), 6: F(101, 2)}
    assert parse_prizes(" 1 : 1000 ") == {1: 1000}
    for bad, message in (
        ("1:500,x", "'x' is not PLACE:AMOUNT"),
        ("1:500,1:300", "place 1 is given twice"),
        ("0:5", "from 1 up"),
        ("3-2:5", "from 1 up"),
        ("1:-5", "not PLACE:AMOUNT"),
        ("1:1e3", "not PLACE:AMOUNT"),
    ):
        with pytest.raises(UsageError) as err:
            parse_prizes(bad)
        assert message in str(err.value) and repr(bad) in str(err.value)


@given(
    s.lists(s.integers(0, 4), min_size=1, max_size=12),
    s.lists(s.integers(0, 1000), max_size=8),
    s.sampled_from(["hort", "equal", "tiebreak"]),
)
def test_prize_money_is_conserved_and_more_points_never_pay_less(scores, money, sharing):
    points = sorted(scores, reverse=True)
    rows = [(k, k + 1, F(p)) for k, p in enumerate(points)]
    prizes = {k + 1: F(v) for k, v in enumerate(sorted(money, reverse=True))}
    awards = share(rows, prizes, sharing)
    # Every prize of a place that somebody took is paid, no more.
    assert sum(a.amount for a in awards) == sum(v for place, v in prizes.items() if place <= len(rows))
    # With prizes falling by place, each player's money lies between the lowest and the highest
    # prize of the places of his points group: a player with more points never gets less.
    by = {a.player: a.amount for a in awards}
    for k in range(len(rows) - 1):
        if rows[k][2] > rows[k + 1][2]:
            assert by.get(k, 0) >= by.get(k + 1, 0)


def test_classify_overall_and_category_prizes():
    st = standings()
    tables = {None: parse_prizes("1:1000,2:600,3:300,4:100"), "U12": parse_prizes("1:50,2:30")}
    cl = classify(st, [parse_category("U12=age<12")], tables, policy="cumulative")
    # Overall: 1 and 2 on 2.5 share places 1-2: pot (1000 + 600) / 2 = 800, 400 each; keep 500, 300.
    # 4 and 3 on 1.5 share places 3-4: pot (300 + 100) / 2 = 200, 100 each; keep 150, 50.
    assert {a.player: a.amount for a in cl.awards[None]} == {1: 900, 2: 700, 4: 250, 3: 150}
    # U12 = 2 (2.5), 3 (1.5), 5 (1): nobody tied, the category's places take the prizes.
    assert {a.player: a.amount for a in cl.awards["U12"]} == {2: 50, 3: 30}
    assert cl.places["U12"] == ["1", "2", "3"]
    # One prize per player (the default): 2 (700 > 50) and 3 (150 > 30) keep their overall prizes;
    # U12 is shared again without them: 5 moves up to the first U12 prize, nobody is left for 30.
    cl = classify(st, [parse_category("U12=age<12")], tables)
    assert {a.player: a.amount for a in cl.awards[None]} == {1: 900, 2: 700, 4: 250, 3: 150}
    assert [(a.player, a.place, a.amount) for a in cl.awards["U12"]] == [(5, 1, 50)]
    assert cl.places["U12"] == ["1", "2", "3"]  # the category's standings do not change
    with pytest.raises(UsageError, match="'Seniors', which is not a category"):
        classify(st, [], {"Seniors": {1: F(1)}})


# -- the command line ---------------------------------------------------------------------------


def test_json_categories_and_prizes(run_cli, event_file):
    code, out, _ = run_cli(
        "compute",
        event_file,
        "--tiebreaks",
        "BH,SB",
        "--format",
        "json",
        "--category",
        "U12=age<12",
        "--category",
        "Women=sex=w",
        "--prizes",
        "1:1000,2:600,3:300,4:100",
        "--prizes",
        "Women=1:80,2:40",
        "--prize-policy",
        "cumulative",
    )
    assert code == 0
    doc = json.loads(out)
    assert doc["prizes"]["policy"] == "cumulative"
    assert doc["categories"] == {"U12": [2, 3, 5], "Women": [2, 3, 6]}
    assert doc["prizes"]["sharing"] == "hort"
    assert doc["prizes"]["overall"] == [
        {"place": 1, "start_number": 1, "listed": "1000.00", "amount": "900.00"},
        {"place": 2, "start_number": 2, "listed": "600.00", "amount": "700.00"},
        {"place": 3, "start_number": 4, "listed": "300.00", "amount": "250.00"},
        {"place": 4, "start_number": 3, "listed": "100.00", "amount": "150.00"},
    ]
    # Women: 2 (2.5), 3 (1.5), 6 (0): nobody tied.
    assert [(a["start_number"], a["amount"]) for a in doc["prizes"]["categories"]["Women"]] == [
        (2, "80.00"),
        (3, "40.00"),
    ]
    first = doc["standings"][0]
    assert (first["title"], first["rating"], first["federation"], first["fide_id"], first["club"]) == (
        "GM",
        2400,
        "VIE",
        None,
        None,
    )
    chi = next(r for r in doc["standings"] if r["start_number"] == 3)
    assert chi["rating"] is None and chi["title"] is None


def test_csv_category_and_prize_columns(run_cli, event_file):
    code, out, _ = run_cli(
        "compute",
        event_file,
        "--tiebreaks",
        "BH",
        "--format",
        "csv",
        "--category",
        "U12=age<12",
        "--prizes",
        "1:1000,2:600",
    )
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "rank,start_number,name,points,BH,title,rating,federation,fide_id,club,category:U12,prize"
    # 1 and 2 share places 1-2: pot 800, 400 each; keep 500 and 300.
    assert lines[1].endswith(",GM,2400,VIE,,,,900.00") and lines[2].endswith(",WFM,1950,VIE,,,1,700.00")


def test_bad_category_is_a_usage_error(run_cli, event_file):
    code, _, err = run_cli("compute", event_file, "--category", "U12=age<<12")
    assert code == 2 and "category U12=age<<12" in err
    code, _, err = run_cli("compute", event_file, "--prizes", "1:500;2:300")
    assert code == 2 and "prizes '1:500;2:300'" in err
    code, _, err = run_cli("compute", event_file, "--prizes", "U12=1:5")
    assert code == 2 and "'U12', which is not a category" in err


def test_report_has_the_category_and_prize_sections(tmp_path, event_file, run_cli):
    pytest.importorskip("jinja2")
    out = tmp_path / "r.html"
    code, _, _ = run_cli(
        "report",
        event_file,
        "-o",
        out,
        "--html",
        "--lang",
        "vi",
        "--tiebreaks",
        "BH,SB",
        "--category",
        "U12=age<12",
        "--prizes",
        "1:1000,2:600,3:300,4:100",
        "--prizes",
        "U12=1:50,2:30",
    )
    assert code == 0
    html = out.read_text(encoding="utf-8")
    assert "Bảng xếp hạng riêng: U12" in html and "hệ thống Hort" in html
    assert ">900,00<" in html and ">700,00<" in html and ">50,00<" in html  # decimal comma in vi


# -- one prize per player (--prize-policy one-per-player, the default) ------------------------------
# The standings of EVENT by BH,SB: 1 Anh (2.5), 2 Binh (2.5, w), 4 Dung (1.5), 3 Chi (1.5, w),
# 5 Em (1), 6 Phuong (0, w). Women = 2, 3, 6. Sharing "tiebreak" keeps the arithmetic to the places.


def women_prizes(women: str, first: str = "overall"):
    tables = {None: parse_prizes("1:1000,2:600,3:300"), "Women": parse_prizes(women)}
    if first == "Women":
        tables = dict(reversed(tables.items()))
    cl = classify(standings(), [parse_category("Women=sex=w")], tables, "tiebreak")
    return (
        {a.player: a.amount for a in cl.awards[None] if a.amount},
        {a.player: a.amount for a in cl.awards["Women"] if a.amount},
    )


def test_a_woman_second_overall_takes_the_overall_prize_and_the_next_woman_moves_up():
    # Binh (2) is 2nd overall (600) and 1st woman (200): she keeps 600; Chi (3) moves up to the
    # women's 1st prize (200), Phuong (6) to the 2nd (100). Nobody holds two prizes.
    overall, women = women_prizes("1:200,2:100")
    assert overall == {1: 1000, 2: 600, 4: 300}
    assert women == {3: 200, 6: 100}
    assert not set(overall) & set(women)


def test_a_higher_category_prize_moves_the_overall_list_up():
    # Binh's women's prize (700) beats her 2nd overall (600): she keeps 700; Dung (4) moves up to
    # the 2nd overall prize (600), Chi (3) to the 3rd (300), which beats her 2nd women's prize (100),
    # so Phuong (6) takes that.
    overall, women = women_prizes("1:700,2:100")
    assert overall == {1: 1000, 4: 600, 3: 300}
    assert women == {2: 700, 6: 100}
    assert sum(overall.values()) + sum(women.values()) == 1000 + 600 + 300 + 700 + 100


@pytest.mark.parametrize(
    "first, overall, women",
    [
        ("overall", {1: 1000, 2: 600, 4: 300}, {3: 600}),  # equal 600: the overall list, named first
        ("Women", {1: 1000, 4: 600, 3: 300}, {2: 600}),
    ],
)  # the women's list named first
def test_equal_amounts_go_by_the_list_named_first(first, overall, women):
    assert women_prizes("1:600", first) == (overall, women)


def test_hort_with_one_prize_per_player_keeps_the_money_exact():
    # Overall by Hort (test_classify_overall_and_category_prizes): 1: 900, 2: 700, 4: 250, 3: 150.
    # Women 1:100,2:60: Binh (700) and Chi (150) keep their overall prizes; Phuong takes 100 and 60
    # finds nobody.
    cl = classify(
        standings(),
        [parse_category("Women=sex=w")],
        {None: parse_prizes("1:1000,2:600,3:300,4:100"), "Women": parse_prizes("1:100,2:60")},
    )
    assert {a.player: a.amount for a in cl.awards[None]} == {1: 900, 2: 700, 4: 250, 3: 150}
    assert {a.player: a.amount for a in cl.awards["Women"]} == {6: 100}


def test_cli_one_prize_per_player_is_the_default(run_cli, event_file):
    code, out, _ = run_cli(
        "compute",
        event_file,
        "--tiebreaks",
        "BH,SB",
        "--format",
        "json",
        "--category",
        "Women=sex=w",
        "--prizes",
        "1:1000,2:600,3:300",
        "--prizes",
        "Women=1:200,2:100",
        "--prize-sharing",
        "tiebreak",
    )
    assert code == 0
    prizes = json.loads(out)["prizes"]
    assert prizes["policy"] == "one-per-player"
    assert [(a["place"], a["start_number"], a["amount"]) for a in prizes["categories"]["Women"]] == [
        (1, 3, "200.00"),
        (2, 6, "100.00"),
    ]
    code, out, _ = run_cli(
        "compute",
        event_file,
        "--tiebreaks",
        "BH,SB",
        "--category",
        "Women=sex=w",
        "--prizes",
        "1:1000,2:600,3:300",
        "--prizes",
        "Women=1:200,2:100",
        "--prize-policy",
        "cumulative",
        "--format",
        "json",
        "--prize-sharing",
        "tiebreak",
    )
    women = json.loads(out)["prizes"]["categories"]["Women"]
    assert [(a["start_number"], a["amount"]) for a in women] == [(2, "200.00"), (3, "100.00")]


def test_cli_prize_first_decides_equal_amounts(run_cli, event_file):
    # Binh: 600 overall and 600 as the first woman. Overall first (default): she keeps the overall
    # prize and Chi takes the women's; --prize-first Women: she keeps the women's, Dung moves up to 600.
    base = [
        "compute",
        event_file,
        "--tiebreaks",
        "BH,SB",
        "--format",
        "json",
        "--category",
        "Women=sex=w",
        "--prizes",
        "1:1000,2:600,3:300",
        "--prizes",
        "Women=1:600",
        "--prize-sharing",
        "tiebreak",
    ]
    for extra, overall, women in (([], [1, 2, 4], [3]), (["--prize-first", "Women"], [1, 4, 3], [2])):
        code, out, _ = run_cli(*base, *extra)
        prizes = json.loads(out)["prizes"]
        assert [a["start_number"] for a in prizes["overall"] if a["amount"] != "0.00"] == overall
        assert [a["start_number"] for a in prizes["categories"]["Women"] if a["amount"] != "0.00"] == women
    code, _, err = run_cli(*base, "--prize-first", "U12")
    assert code == 2 and "--prize-first U12: no such prize list (lists: overall, Women)" in err
    (event_file.parent / "tbxl.toml").write_text('prize_policy = "cumulative"\n', encoding="utf-8")
    code, out, _ = run_cli(*base)
    assert json.loads(out)["prizes"]["policy"] == "cumulative"
