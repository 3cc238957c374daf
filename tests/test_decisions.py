"""The organizer's decisions of FIDE's 2026 software checklist (questions 197-216): expelled players,
unrated methods, ratings by round, a list change, given values; the same from the command line,
tbxl.toml, a workbook's Event sheet, tbxl's TRF comments and the web app's configuration, with the
values worked by hand below."""

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import DATA
from strategies import swiss_tournaments
from tbxl import config
from tbxl.io.trf import read_trf
from tbxl.model import Decisions
from tbxl.rules import get
from tbxl.standings import compute_standings

# Four players, three rounds. Anna beats Boris, draws Carl, beats Dora; Boris loses to Anna and to
# Dora, then is expelled (round 3: a zero-point bye); Carl draws Dora and Anna, then has the bye
# (U: a pairing-allocated bye, 1 point); Dora draws Carl, beats Boris, loses to Anna.
# Scores: Anna 2.5, Carl 2, Dora 1.5, Boris 0.
EVENT = """\
012 Checklist test
042 2026/03/01
052 2026/03/03
XXR 3
001    1 m    Anna                              2000 NOR           0 1990/01/01  2.5    1     2 w 1     3 b =     4 w 1
001    2 m    Boris                             1900 NOR           0 1990/01/01  0.0    2     1 b 0     4 w 0  0000 - Z
001    3 m    Carl                              1800 NOR           0 1990/01/01  2.0    3     4 b =     1 w =  0000 - U
001    4 m    Dora                              {dora} NOR           0 1990/01/01  1.5    4     3 w =     2 b 1     1 b 0
"""


@pytest.fixture
def event(tmp_path):
    path = tmp_path / "event.trf"
    path.write_text(EVENT.format(dora="1700"), encoding="utf-8")
    return path


@pytest.fixture
def unrated(tmp_path):
    """The same event with Dora unrated."""
    path = tmp_path / "event.trf"
    path.write_text(EVENT.format(dora="    "), encoding="utf-8")
    return path


def compute(run_cli, *args):
    code, out, err = run_cli("compute", *args, "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    return {r["start_number"]: r for r in doc["standings"]}, doc, err


def values(rows, code):
    return {sn: r["values"][code] for sn, r in rows.items()}


# -- 1. expelled players (checklist 197-198) -----------------------------------------------------


def test_an_expelled_player_has_no_rank_and_his_games_count_for_his_opponents(run_cli, event):
    rows, doc, err = compute(run_cli, event, "--tiebreaks", "BH,SB", "--rules", "fide-2024", "--expelled", "2")
    # Ranked: Anna, Carl, Dora; Boris listed after them, without a rank.
    assert [r["start_number"] for r in doc["standings"]] == [1, 3, 4, 2]
    assert [r["rank_label"] for r in doc["standings"]] == ["1", "2", "3", "expelled"]
    assert rows[2]["rank"] is None and rows[4]["rank"] == 3
    # Boris's adjusted score (16.3): 0 + a draw for the round after the expulsion (16.2.5) = 0.5.
    # Anna's BH: Boris 0.5 + Carl 2 + Dora 1.5 = 4; Dora's: Carl 2 + Boris 0.5 + Anna 2.5 = 5.
    # Carl's: Dora 1.5 + Anna 2.5 + his bye's dummy (own score 2, fide-2024) = 6.
    assert values(rows, "BH") == {1: 4, 3: 6, 4: 5, 2: 4}
    # Anna's SB: a win over Boris (0.5) + a draw with Carl (1) + a win over Dora (1.5) = 3.
    assert values(rows, "SB")[1] == 3
    assert "expelled: 2 Boris: no rank and no prize" in err


def test_an_expelled_player_gets_no_prize_and_the_next_player_moves_up(run_cli, event):
    code, out, _ = run_cli("compute", event, "--expelled", "1", "--prizes", "1:100,2:50", "--prize-sharing", "equal")
    assert code == 0
    lines = {ln.split()[1]: ln for ln in out.splitlines()[2:6]}
    assert lines["3"].split()[0] == "1" and lines["3"].endswith("100.00")  # Carl first without Anna
    assert lines["1"].startswith("expelled") and not lines["1"].endswith("0.00")


def test_expelled_from_the_trf_comment_tbxl_writes_and_reads_back(run_cli, event, tmp_path):
    out = tmp_path / "out.trf"
    code, _, err = run_cli("compute", event, "--expelled", "2", "-o", out)
    assert code == 0, err
    text = out.read_text(encoding="utf-8")
    assert "### tbxl expelled 2" in text
    boris = next(line for line in text.splitlines() if "Boris" in line)
    assert boris[85:89].strip() == ""  # no rank in columns 86-89
    assert read_trf(str(out)).decisions.expelled == (2,)
    rows, _, _ = compute(run_cli, out)
    assert rows[2]["rank_label"] == "expelled"


def test_expelled_from_tbxl_toml_and_a_workbook(run_cli, event, tmp_path):
    (event.parent / "tbxl.toml").write_text("expelled = [2]\n", encoding="utf-8")
    rows, _, _ = compute(run_cli, event)
    assert rows[2]["rank_label"] == "expelled"
    book = tmp_path / "event.xlsx"
    code, _, err = run_cli("workbook", event, "-o", book)
    assert code == 0, err
    (event.parent / "tbxl.toml").unlink()
    rows, _, _ = compute(run_cli, book)  # the Event sheet's Expelled row
    assert rows[2]["rank_label"] == "expelled"


def test_the_web_apps_configuration_carries_the_decisions(event):
    (event.parent / "tbxl.toml").write_text(
        'expelled = [2]\nsettings = ["unrated_method=zero"]\nlist_change = "2:SB,BH"\n', encoding="utf-8"
    )
    o = config.options({"tiebreaks": "BH,SB"}, config.load(config.find(str(event))))
    st = o.rank(read_trf(str(event)))
    assert st.row(2).expelled and st.tournament.decisions.list_change.after_round == 2
    assert st.convention.unrated_method == "zero"


# -- 4. unrated players (checklist 208-209) ------------------------------------------------------


@pytest.mark.parametrize(
    "options, anna, carl",
    [
        ((), None, None),  # C.07's default: no value for anybody (D18)
        (("--set", "unrated_method=zero"), 1233, 1000),  # (1900 + 1800 + 0) / 3; (0 + 2000) / 2
        (("--set", "unrated_method=estimated", "--estimated", "4:1650"), 1783, 1825),  # 5350 / 3; 3650 / 2
        (("--set", "unrated_method=estimated", "--set", "unrated_rating=1400"), 1700, 1700),  # no estimate: 1400
        (("--estimated", "4:1650"), None, None),  # an estimate without the method: C.07's default
    ],
)
def test_the_unrated_method_gives_an_unrated_player_a_rating(run_cli, unrated, options, anna, carl):
    rows, _, _ = compute(run_cli, unrated, "--tiebreaks", "ARO", *options)
    assert (rows[1]["values"]["ARO"], rows[3]["values"]["ARO"]) == (anna, carl)


def test_the_derivation_names_how_an_unrated_opponent_was_rated(run_cli, unrated):
    code, out, err = run_cli(
        "explain", unrated, "--player", "1", "--tiebreak", "ARO", "--set", "unrated_method=estimated",
        "--estimated", "4:1650",
    )  # fmt: skip
    assert code == 0, err
    assert "unrated: the rating estimated for the player (unrated_method=estimated)" in out
    assert "1650" in out


# -- 5. ratings by round (checklist 210-216) -----------------------------------------------------


@pytest.fixture
def ratings(tmp_path):
    """Anna rated 2100 from round 3, Dora 1600 from round 2."""
    path = tmp_path / "ratings.csv"
    path.write_text("start number,first round,rating\n1,3,2100\n4,2,1600\n", encoding="utf-8")
    return path


def test_rating_tiebreaks_take_the_first_rating_by_default(run_cli, event, ratings):
    rows, _, _ = compute(run_cli, event, "--tiebreaks", "ARO", "--ratings", ratings)
    # The first ratings (round 1): Anna 2000, Dora 1700, whatever came later.
    # Anna: Boris 1900, Carl 1800, Dora 1700 -> 1800; Dora: Carl 1800, Boris 1900, Anna 2000 -> 1900;
    # Boris: Anna 2000, Dora 1700 -> 1850.
    assert values(rows, "ARO") == {1: 1800, 3: 1850, 4: 1900, 2: 1850}


def test_rating_tiebreaks_take_each_rounds_rating_as_a_setting(run_cli, event, ratings):
    rows, _, _ = compute(run_cli, event, "--tiebreaks", "ARO", "--ratings", ratings, "--set", "rating_by=round")
    # Anna: Boris 1900 (r1), Carl 1800 (r2), Dora 1600 (r3) -> 5300 / 3 = 1766.7 -> 1767;
    # Dora: Carl 1800 (r1), Boris 1900 (r2), Anna 2100 (r3) -> 1933.3 -> 1933;
    # Boris: Anna 2000 (r1), Dora 1600 (r2) -> 1800; Carl: Dora 1700 (r1), Anna 2000 (r2) -> 1850.
    assert values(rows, "ARO") == {1: 1767, 3: 1850, 4: 1933, 2: 1800}


def test_a_rating_from_round_one_is_the_first_rating(run_cli, event):
    rows, _, _ = compute(run_cli, event, "--tiebreaks", "ARO", "--ratings", "2:1:1950")
    assert rows[1]["values"]["ARO"] == 1817  # (1950 + 1800 + 1700) / 3 = 1816.7


def test_a_long_event_is_flagged_and_its_rating_tiebreaks_warned_about(run_cli, tmp_path):
    path = tmp_path / "long.trf"
    path.write_text(EVENT.format(dora="1700").replace("2026/03/03", "2026/04/15"), encoding="utf-8")
    _, _, err = compute(run_cli, path, "--tiebreaks", "BH,ARO")
    assert "lasts 45 days, more than 30" in err and "(ARO)" in err and "first rating" in err
    _, _, err = compute(run_cli, path, "--tiebreaks", "BH,SB")
    assert "lasts 45 days, more than 30: a player may have several ratings" in err  # flagged
    assert "not recommended" not in err  # no rating tie-break: nothing to warn about


def test_ratings_by_round_in_the_derivation_and_the_trf(run_cli, event, ratings, tmp_path):
    code, out, _ = run_cli(
        "explain", event, "--player", "4", "--tiebreak", "ARO", "--ratings", ratings, "--set", "rating_by=round"
    )
    assert code == 0 and "opponent's rating in round 3 (rating_by=round)" in out and "2100" in out
    trf = tmp_path / "out.trf"
    assert run_cli("compute", event, "--ratings", ratings, "-o", trf)[0] == 0
    assert read_trf(str(trf)).decisions.ratings == ((1, 3, 2100), (4, 2, 1600))


# -- 2. a list change (checklist 201-202) --------------------------------------------------------


def test_a_list_change_is_warned_about_written_and_read_back(run_cli, event, tmp_path):
    _, doc, err = compute(run_cli, event, "--tiebreaks", "BH,SB", "--list-change", "2:SB,BH")
    assert doc["tiebreaks"] == ["BH", "SB"]  # the list in force at the end
    assert "changed after round 2: previous list SB,BH" in err
    trf = tmp_path / "out.trf"
    assert run_cli("compute", event, "--tiebreaks", "BH,SB", "--list-change", "2:SB,BH", "-o", trf)[0] == 0
    text = trf.read_text(encoding="utf-8")
    assert "212 PTS,BH,SB" in text
    assert "### tbxl list-change 2:SB,BH - the tie-break list changed after round 2; the list before: SB,BH" in text
    _, _, err = compute(run_cli, trf)
    assert "changed after round 2" in err


def test_a_list_change_shows_on_the_report_page(run_cli, event, tmp_path):
    page = tmp_path / "page.html"
    code, _, err = run_cli("report", event, "--html", "-o", page, "--list-change", "2:SB,BH")
    assert code == 0, err
    assert "the tie-break list changed after round 2" in page.read_text(encoding="utf-8")


# -- 3. given values (checklist 205, 207) --------------------------------------------------------


def test_a_given_value_ranks_and_its_derivation_says_given(run_cli, tmp_path):
    swiss = DATA / "tec-2023" / "held_swiss_5.trf"
    rows, doc, err = compute(run_cli, swiss, "--tiebreaks", "BH/C1,BH,SB", "--rules", "fide-2024")
    # 3.5 points: Charline 13, David 11.5, Alyx 11, Stephan 11 on BH/C1.
    assert [r["start_number"] for r in doc["standings"][1:5]] == [3, 4, 1, 16]
    rows, doc, err = compute(
        run_cli, swiss, "--tiebreaks", "BH/C1,BH,SB", "--rules", "fide-2024", "--given", "BH/C1:16=12"
    )
    assert [r["start_number"] for r in doc["standings"][1:5]] == [3, 16, 4, 1]
    assert rows[16]["values"]["BH/C1"] == 12 and "BH/C1: values given, not computed, for 16 Stephan" in err
    code, out, _ = run_cli("explain", swiss, "--player", "16", "--tiebreak", "BH/C1", "--given", "BH/C1:16=12")
    assert code == 0 and "value given, not computed: 12" in out


def test_given_values_from_a_csv_file_and_tbxl_toml(run_cli, event, tmp_path):
    (tmp_path / "given.csv").write_text("code,start,value\nBH,4,31/2\n", encoding="utf-8")
    rows, _, _ = compute(run_cli, event, "--tiebreaks", "BH", "--given", tmp_path / "given.csv")
    assert rows[4]["values"]["BH"] == 15.5
    (tmp_path / "tbxl.toml").write_text('[given.BH]\n3 = "7.5"\n', encoding="utf-8")
    rows, _, _ = compute(run_cli, event, "--tiebreaks", "BH")
    assert rows[3]["values"]["BH"] == 7.5


# -- hostile values: an error naming where ------------------------------------------------------


@pytest.mark.parametrize(
    "args, message",
    [
        (("--expelled", "9"), "player 9: expelled: the event has no start number 9"),
        (("--expelled", "two"), "--expelled: 'two': expected START[,START...]"),
        (("--estimated", "4:16x0"), "--estimated: '4:16x0': expected START:RATING"),
        (("--ratings", "4:9:1600"), "player 4, round 9: rating by round: round 9 is beyond the 3 rounds"),
        (("--ratings", "nothere.csv"), "--ratings: no such file 'nothere.csv'"),
        (("--list-change", "x"), "--list-change list change 'x': expected ROUND:CODES"),
        (("--given", "BH:1=1.5.5"), "--given: 'BH:1=1.5.5': expected CODE:START=VALUE"),
        (("--estimated", "4:99999"), "a rating is at most 4000"),
        (
            ("--given", "SB:1=3", "--tiebreaks", "BH,PS"),
            "a value given for SB:1, but SB is not in the tie-break list (BH, PS)",
        ),
    ],
)
def test_hostile_options_are_refused_with_where(run_cli, event, args, message):
    code, _, err = run_cli("compute", event, *args)
    assert code in (1, 2) and message in err and "Traceback" not in err


@pytest.mark.parametrize(
    "toml, message",
    [
        ('expelled = "x"\n', "tbxl.toml:1: expelled: 'x': expected START"),
        ('\n\n[list_change]\nafter_round = "4"\n', "tbxl.toml:3: list_change: a table: after_round = 4"),
        ("[given]\nBH = 3\n", "tbxl.toml:1: given: a table of tables"),
        ('ratings = "r.csv"\n', "r.csv:2: rating by round '1:x:2': expected START:ROUND:RATING"),
        ("[estimated]\n4 = 1650.5\n", "tbxl.toml:1: estimated: values as whole numbers or strings"),
    ],
)
def test_hostile_configuration_is_refused_with_its_line(run_cli, event, toml, message):
    (event.parent / "r.csv").write_text("start,round,rating\n1,x,2\n", encoding="utf-8")
    (event.parent / "tbxl.toml").write_text(toml, encoding="utf-8")
    code, _, err = run_cli("compute", event)
    assert code in (1, 2) and message in err and "Traceback" not in err


def test_a_bad_trf_comment_names_its_line(run_cli, event):
    event.write_text("### tbxl rating 1:x\n" + event.read_text(encoding="utf-8"), encoding="utf-8")
    code, _, err = run_cli("compute", event)
    assert code == 1 and "event.trf:1: rating by round '1:x'" in err


def test_a_trf_comment_naming_nobody_names_the_file(run_cli, event):
    event.write_text("### tbxl expelled 9\n" + event.read_text(encoding="utf-8"), encoding="utf-8")
    code, _, err = run_cli("compute", event)
    assert code == 1 and "event.trf: player 9: expelled: the event has no start number 9" in err


def test_an_expelled_team_has_no_rank(run_cli):
    from tbxl import example

    rows = json.loads(run_cli("compute", example("team.trf"), "--expelled", "2", "--format", "json")[1])["standings"]
    assert rows[-1]["team_number"] == 2 and rows[-1]["rank"] is None and rows[-1]["rank_label"] == "expelled"
    assert [r["rank"] for r in rows[:-1]] == list(range(1, len(rows)))  # the others rank without it


def test_a_workbooks_event_sheet_keeps_the_decisions_and_a_bad_one_names_its_cell(run_cli, event, tmp_path):
    from openpyxl import load_workbook

    book = tmp_path / "event.xlsx"
    code, _, err = run_cli(
        "workbook", event, "-o", book, "--expelled", "2", "--ratings", "4:2:1600", "--list-change", "2:SB,BH"
    )
    assert code == 0, err
    wb = load_workbook(book)
    rows = {ws_row[0].value: (ws_row[1].value, ws_row[0].row) for ws_row in wb["Event"].iter_rows()}
    assert rows["Expelled"][0] == "2" and rows["Rating from round"][0] == "4:2:1600"
    assert rows["List change"][0] == "2:SB,BH"
    rows_, _, err = compute(run_cli, book, "--tiebreaks", "ARO", "--set", "rating_by=round")
    assert rows_[1]["values"]["ARO"] == 1767 and "changed after round 2" in err  # as from the TRF above
    line = rows["Rating from round"][1]
    wb["Event"].cell(line, 2, "4:two:1600")
    wb.save(book)
    code, _, err = run_cli("compute", book)
    assert code == 1 and f"Event!B{line}: rating by round '4:two:1600'" in err


# -- properties ----------------------------------------------------------------------------------

LIST = "BH/C1,BH,SB,PS,WIN,ARO"


@settings(max_examples=40, deadline=None)
@given(swiss_tournaments(), st.data())
def test_expelling_changes_no_value_and_keeps_the_others_order(t, data):
    """An expulsion takes a player out of the ranking only: every value stays what the record gives
    (C.07 16.1, 16.3), and the others keep their order (a list without DE, which compares a group)."""
    sn = data.draw(st.sampled_from([p.start_number for p in t.players]))
    before = compute_standings(t, LIST, get("fide-2026"))
    after = compute_standings(replace(t, decisions=Decisions(expelled=(sn,))), LIST, get("fide-2026"))
    assert {r.number: r.values for r in after.rows} == {r.number: r.values for r in before.rows}
    assert [r.number for r in after.rows] == [r.number for r in before.rows if r.number != sn] + [sn]
    assert after.row(sn).expelled and not any(r.expelled for r in after.rows if r.number != sn)
    ranks = [r.rank for r in after.rows if not r.expelled]
    assert ranks == sorted(ranks) and (not ranks or ranks[0] == 1)


@settings(max_examples=40, deadline=None)
@given(swiss_tournaments())
def test_ratings_by_round_equal_to_the_first_change_nothing(t):
    """A rating by round equal to the player's rating gives the same values under either setting."""
    same = Decisions(ratings=tuple((p.start_number, 2, p.rating) for p in t.players if p.rating))
    plain = compute_standings(t, LIST, get("fide-2026"))
    for rating_by in ("first", "round"):
        conv = get("fide-2026").with_options(rating_by=rating_by)
        st_ = compute_standings(replace(t, decisions=same), LIST, conv)
        assert [(r.number, r.values) for r in st_.rows] == [(r.number, r.values) for r in plain.rows]
