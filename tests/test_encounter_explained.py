"""Direct encounter shown (issue 28): the games among the tied players travel with the DE
derivation (C.07 Art. 6) and EDE's (Art. 13), and explain, the reports and the appeal print them.

The hand-made round robin ``data/encounter/three_tied_rr.trf`` (6 players, 5 rounds, ``202 DE,SB``):

    R1 1-6 =   2-5 1-0   3-4 1-0      Anna (1)  1/2 + 1 + 1/2 + 1 + 0 = 3
    R2 6-4 =   5-3 =     1-2 1-0      Boris (2) 1 + 0 + 1 + 1(+) + 0  = 3
    R3 2-6 1-0 3-1 =     4-5 1-0      Clara (3) 1 + 1/2 + 1/2 + 0(-) + 1 = 3
    R4 6-5 0-1 1-4 1-0   2-3 +/-      Dmitri 2.5, Elena 2.5, Fyodor 1
    R5 3-6 1-0 4-2 1-0   5-1 1-0

Anna, Boris and Clara are tied on 3. Their games: R2 Anna-Boris 1-0, R3 Clara-Anna 1/2, R4
Boris-Clara won by forfeit, which in a round robin counts as a game (15.2). Mini-table: Anna
1 + 1/2 = 1.5, Boris 0 + 1 = 1, Clara 1/2 + 0 = 0.5, all games played (6.2): Anna, Boris, Clara.
"""

from __future__ import annotations

import re
from fractions import Fraction as F
from pathlib import Path

import pytest

from tbxl.cli import main
from tbxl.derivation import Meeting, Reason
from tbxl.io.trf import read_team_trf, read_trf
from tbxl.rules import get
from tbxl.standings import compute_standings

DATA = Path(__file__).parent / "data"
RR = DATA / "encounter" / "three_tied_rr.trf"
TEAM = DATA / "team" / "grandmommyscup.trf"
SWISS = Path(__file__).parents[1] / "tbxl" / "examples" / "held_swiss_5.trf"
LANGS = ("en", "es", "ru", "vi", "ms")


@pytest.fixture(scope="module")
def rr():
    return compute_standings(read_trf(str(RR)), None, get("fide-2024"))


def test_the_games_travel_with_the_derivation(rr):
    assert [(r.player.start_number, r.rank_label, r.points) for r in rr.rows][:3] == [
        (1, "1", 3),
        (2, "2", 3),
        (3, "3", 3),
    ]
    d = rr.explain(2, "DE")
    assert d.value == 2 and d.tiers == ((1,), (2,), (3,))
    (step,) = d.steps
    assert step.group == (1, 2, 3)
    assert step.meetings == (
        Meeting(2, 1, 2, "1", (1, 0), colour="w"),
        Meeting(3, 3, 1, "=", (F(1, 2), F(1, 2)), colour="w"),  # White first: Clara had White
        Meeting(4, 2, 3, "+", (1, 0), Reason.of("de.counted_rr", what="forfeit-win"), colour="w"),
    )
    assert [(r.member, r.score, r.missing, r.maximum) for r in step.rows] == [
        (1, F(3, 2), 0, F(3, 2)),
        (2, 1, 0, 1),
        (3, F(1, 2), 0, F(1, 2)),
    ]
    assert step.cell(1, 3) == F(1, 2) and step.cell(3, 2) == 0
    assert str(step.outcome) == "complete mini-table (6.2)" and step.tiers == ((1,), (2,), (3,))
    assert [rr.row(n).values["DE"] for n in (1, 2, 3)] == [1, 2, 3]


def test_explain_lists_every_mutual_game(capsys):
    assert main(["explain", str(RR), "--player", "2", "--tiebreak", "DE"]) == 0
    out = capsys.readouterr().out
    assert "direct encounter (PTS) among 1, 2, 3: complete mini-table (6.2)" in out
    assert "round  2: 1 Anna (w) - 2 Boris (b)  1  counts 1-0" in out
    assert "round  3: 3 Clara (w) - 1 Anna (b)  =  counts 0.5-0.5" in out
    assert (
        "round  4: 2 Boris (w) - 3 Clara (b)  +  counts 1-0"
        "  (forfeit win: counted as a game, pairings pre-determined (15.2))"
    ) in out
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines() if re.match(r"    [123] ", line)}
    assert rows == {
        "1": ["x", "1", "0.5", "1.5", "0", "1.5"],
        "2": ["0", "x", "1", "1", "0", "1"],
        "3": ["0.5", "0", "x", "0.5", "0", "0.5"],
    }
    assert "order that follows: 1 > 2 > 3" in out


def test_the_report_explains_the_decided_places_with_the_games(rr):
    pytest.importorskip("jinja2")
    from tbxl.report import render_html
    from tbxl.report.views import build_view

    html = render_html(build_view(rr, derivations="decided"), "report.html.j2")
    text = re.sub(r"<[^>]+>", "", html).replace("&gt;", ">")
    # Why these places: DE of Anna, Boris, Clara with their games and their scores in them
    line = "{1, 2, 3}: r2 1–2 1–0, r3 3–1 0.5–0.5, r4 2–3 1–0 ⇒ 1: 1.5, 2: 1, 3: 0.5 ⇒ 1 › 2 › 3"
    assert text.count(line) == 3


@pytest.mark.parametrize(
    "lang, heading, how",
    [
        ("en", "Direct encounter (PTS) among 1, 2, 3: complete mini-table (6.2)", "forfeit win: counted as a game"),
        ("ru", "Личная встреча (PTS) среди 1, 2, 3: полная мини-таблица (6.2)", "учтено как партия"),
        ("es", "Encuentro directo (PTS) entre 1, 2, 3: minitabla completa (6.2)", "cuenta como partida"),
        ("vi", "Đối đầu trực tiếp (PTS) giữa 1, 2, 3: bảng đối đầu đầy đủ (6.2)", "tính như ván đã đấu"),
        ("ms", "Pertemuan terus (PTS) antara 1, 2, 3: jadual mini lengkap (6.2)", "dikira sebagai permainan"),
    ],
)
def test_the_appeal_shows_the_mini_table_in_every_language(rr, lang, heading, how):
    pytest.importorskip("jinja2")
    from tbxl.report import render_html
    from tbxl.report.views import build_view

    html = render_html(build_view(rr, appeal=[3, 2], lang=lang), "appeal.html.j2")
    assert heading in html and how in html
    # White first, in a White and a Black column (issue 35): round 3 was Clara's White
    assert re.search(r"<td>3 Clara</td><td>1 Anna</td><td class=\"r\">½–½</td>", html)
    assert re.search(r"<td>2 Boris</td><td>3 Clara</td><td class=\"r\">\+/−</td>", html)


def test_a_swiss_group_nobody_leads_whatever_the_missing_games():
    # C07 §7, the exercise Swiss on 3.5: only #4-#3 and #4-#1 were played (draws); #4 has 1 of a
    # possible 2, #1 and #3 0.5 of 2.5, #16 0 of 3: nobody is alone on top (6.3).
    st = compute_standings(read_trf(str(SWISS)), "DE,BH", get("fide-2024"))
    (step,) = st.explain(4, "DE").steps
    assert [(m.round, m.first, m.second, m.points) for m in step.meetings] == [
        (4, 4, 3, (F(1, 2), F(1, 2))),  # White first: #4 had White in round 4, Black in round 5
        (5, 1, 4, (F(1, 2), F(1, 2))),
    ]
    assert {r.member: (r.score, r.missing, r.maximum) for r in step.rows} == {
        1: (F(1, 2), 2, F(5, 2)),
        3: (F(1, 2), 2, F(5, 2)),
        4: (1, 1, 2),
        16: (0, 3, 3),
    }
    assert [str(b) for b in step.because] == ["not alone on top whatever the missing games: 4 has 1, 1 could reach 2.5"]
    assert step.tiers == ((1, 3, 4, 16),)


# -- EDE on a team event (the TEC's TRF-2026 sample) ------------------------------------------


@pytest.fixture(scope="module")
def team():
    return compute_standings(read_team_trf(str(TEAM)), None, get("fide-2024"))


def test_ede_shows_the_matches_of_the_tied_teams(team):
    # 19 MP: Israel 19, Azerbaijan 6, Spain 13, Germany 8, Georgia 3, India 2 11, Serbia 18 - every
    # two of them met once (21 matches, no missing one). Their match points among themselves, from
    # the board results of the file: Israel beat Germany (R2 2.5-1.5), Spain (R6 2.5-1.5) and Serbia
    # (R10 2.5-1.5), drew Azerbaijan (R3 2-2) and Georgia (R12 2-2), lost to India 2 (R13 1.5-2.5):
    # 2 + 2 + 2 + 1 + 1 + 0 = 8 MP.
    d = team.explain(6, "EDET/P")
    first = d.steps[0]
    assert set(first.group) == {3, 6, 8, 11, 13, 18, 19}
    assert len(first.meetings) == 21
    assert {frozenset((m.first, m.second)) for m in first.meetings} == {
        frozenset((a, b)) for a in first.group for b in first.group if a < b
    }
    israel = [m for m in first.meetings if 19 in (m.first, m.second)]
    got = {
        (m.second if m.first == 19 else m.first): (m.round, m.game_points if m.first == 19 else m.game_points[::-1])
        for m in israel
    }
    assert got == {
        8: (2, (F(5, 2), F(3, 2))),
        6: (3, (2, 2)),
        13: (6, (F(5, 2), F(3, 2))),
        18: (10, (F(5, 2), F(3, 2))),
        3: (12, (2, 2)),
        11: (13, (F(3, 2), F(5, 2))),
    }
    assert {r.member: r.score for r in first.rows} == {3: 5, 6: 7, 8: 6, 11: 5, 13: 7, 18: 4, 19: 8}
    assert all(r.missing == 0 for r in first.rows)
    assert first.tiers == ((19,), (6, 13), (8,), (3, 11), (18,))
    # Azerbaijan and Spain drew their match 2-2 (R7) and stay equal on GP; EDET's top-board results:
    # board 1 drawn (0.5 each), board 2 won by Azerbaijan (1-0): Azerbaijan ahead.
    last = d.steps[-1]
    assert str(last.compares) == "top-board results in their match(es) (board 2)" and last.group == (6, 13)
    ((m),) = last.meetings
    assert (m.round, m.game_points, m.points) == (7, (2, 2), (1, 0))
    assert d.tiers == ((19,), (6,), (13,), (8,), (3,), (11,), (18,))
    assert (team.row(6).values["EDET/P"], team.row(13).values["EDET/P"]) == (2, 3)


def test_each_ede_step_is_shown_once(team):
    # EDE's loop (Art. 13) compares Azerbaijan and Spain on MP inside the first step's recursion and
    # again before the secondary score, with the same mini-table: the explanation says it once, and
    # then GP, board 1 and board 2 (the chain of EDET).
    d = team.explain(6, "EDET/P")
    assert [(str(s.compares), s.group) for s in d.steps] == [
        ("primary score (MP)", (3, 6, 8, 11, 13, 18, 19)),
        ("primary score (MP)", (6, 13)),
        ("primary score (MP)", (3, 11)),
        ("secondary score (GP)", (6, 13)),
        ("top-board results in their match(es) (board 1)", (6, 13)),
        ("top-board results in their match(es) (board 2)", (6, 13)),
    ]


def test_explain_and_the_team_report_list_the_matches(team, capsys):
    assert main(["explain", str(TEAM), "--team", "13", "--tiebreak", "EDET/P"]) == 0
    out = capsys.readouterr().out
    assert "round  7: 6 Azerbaijan - 13 Spain  2-2  counts 1-1" in out
    assert "top-board results in their match(es) (board 2) among 6, 13: complete mini-table (6.2)" in out
    pytest.importorskip("jinja2")
    from tbxl.report import render_html
    from tbxl.report.views.team import build_team_view

    view = build_team_view(team, derivations="players", teams=[13])
    ede = view.teams[0].derivations[1]
    assert ede.code == "EDET/P" and ede.value == "3"
    assert ede.encounters[0].heading == "Primary score (MP) among 3, 6, 8, 11, 13, 18, 19: complete mini-table (6.2)"
    assert ede.order == ("19 Israel › 6 Azerbaijan › 13 Spain › 8 Germany › 3 Georgia › 11 India 2 › 18 Serbia")
    html = render_html(view, "team.html.j2")
    # the match written White on board 1 first (Azerbaijan had Black on board 1 in round 7)
    assert "13 Spain – 6 Azerbaijan" in html and "Top-board results in their match(es) (board 2) among 6, 13" in html
    # the compact line of the default printout: the matches of the tied teams by their game points
    default = build_team_view(team, derivations="decided")
    spain = next(p for p in default.compact if p.sn == 13)
    line = "".join(s.text for s in spain.lines[0].terms)
    assert line.startswith("{3, 6, 8, 11, 13, 18, 19}: r1 6–18 2.5–1.5, r2 8–19 1.5–2.5")
    assert "{6, 13}: r7 6–13 2–2 ⇒ 6: 1, 13: 0 ⇒ 6 › 13" in line


# -- the team report's default printout -----------------------------------------------------------


@pytest.mark.slow
def test_the_50_team_default_printout_is_short(tmp_path):
    pytest.importorskip("weasyprint")
    out = tmp_path / "team.pdf"
    assert main(["report", str(TEAM), "-o", str(out)]) == 0
    from pypdf import PdfReader

    pages = len(PdfReader(str(out)).pages)
    assert pages <= 15, pages


# -- crosstables: no colour letter that reads as a digit -----------------------------------------

#: Letters that a reader takes for a digit at print size in DejaVu Sans: Cyrillic б for 6 (the
#: issue's "13б1" read "1361"), З/з for 3, О/о/O/o for 0, l/I for 1, S/s for 5, Z/z for 2, g/q for 9.
DIGIT_LIKE = set("бЗзОоOolISsZzgq")


@pytest.mark.parametrize("lang", LANGS)
def test_no_colour_letter_reads_as_a_digit(lang):
    from tbxl.report.labels import labels
    from tbxl.report.views.standings import local_cell

    L = labels(lang)
    letters = L["colour_letters"]
    assert not set("".join(letters.values())) & DIGIT_LIKE, letters
    assert letters["w"] != letters["b"]  # the cards' colour column
    # the crosstable's cells: a mark, not a letter (issue 35 item 5)
    assert local_cell("13w1", L) == "13○1" and local_cell("13b1", L) == "13●1"
