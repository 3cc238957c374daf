"""Every decisive number explained on the page: the default report prints the compact derivations
of the players whose top places a tie-break decided (after the tie lines); ``--derivations
compact`` prints them for everyone; both stay short (200 x 9: within 12 and 30 pages)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tbxl import cli
from tbxl import rules as conventions
from tbxl.io.load import load
from tbxl.io.trf import read_trf, write_trf_file
from tbxl.report.selection import parse_derivations, select_derivations
from tbxl.report.text import Fmt
from tbxl.report.views.compact import compact_line, compact_players, decided_players
from tbxl.standings import compute_standings

PdfReader = pytest.importorskip("pypdf").PdfReader
ROOT = Path(__file__).parent.parent
SWISS = ROOT / "tbxl" / "examples" / "held_swiss_5.trf"
from generate import generate  # noqa: E402

CODES = "BH/C1,BH,SB,PS,WIN"


@pytest.fixture(scope="module")
def open200(tmp_path_factory):
    path = tmp_path_factory.mktemp("compact") / "open200.trf"
    write_trf_file(generate(200, 9, seed=7), path)
    return path, compute_standings(load(path), CODES, conventions.get("fide-2026"))


def text_of(pdf) -> str:
    return re.sub(r"[ \t\u00a0]+", " ", "\n".join(p.extract_text() for p in PdfReader(str(pdf)).pages))


def test_the_held_example_by_hand():
    # held_swiss_5 under fide-2024, BH/C1,BH,SB: on 3.5 points Charline, David, Alyx, Stephan.
    # David is separated from both neighbours by BH/C1 (13 / 11.5 / 11); Alyx and Stephan are equal
    # on BH/C1 (11) and BH (12.5) and separated by SB (8 against 7.25). Bruno (4) and Franck (3)
    # are alone on their points: no tie-break decided their places.
    st = compute_standings(read_trf(SWISS), "BH/C1,BH,SB", conventions.get("fide-2024"))
    decided = dict(decided_players(st, 10))
    assert decided[4] == ["BH/C1"] and decided[3] == ["BH/C1"]
    assert decided[1] == decided[16] == ["BH/C1", "BH", "SB"]
    assert 2 not in decided and 6 not in decided
    # David's BH/C1 (tbxl explain --player 4): round 1 the opponent's adjusted score 3 (16.3), round 2
    # the half-point bye's dummy 3.5 (16.2.3, 16.4) cut as the lowest VUR contribution (16.5), then
    # 1.5 + 3.5 + 3.5: 3 + 1.5 + 3.5 + 3.5 = 11.5
    line = compact_line(st, 4, "BH/C1", Fmt(False))
    assert [(s.kind, s.text) for s in line.terms] == [
        ("", "3"),
        ("a", "[16.3]"),
        ("", " + "),
        ("x", "3.5"),
        ("a", "[16.2.3, 16.4]"),
        ("", " + "),
        ("", "1.5"),
        ("", " + "),
        ("", "3.5"),
        ("", " + "),
        ("", "3.5"),
    ]
    assert line.result == "11.5"


def test_decided_players_are_the_tied_top_places_with_the_deciding_codes(open200):
    _, st = open200
    decided = decided_players(st, 10)
    assert decided, "a 200-player open has ties among its first 10"
    for sn, codes in decided:
        r = st.row(sn)
        assert r.rank <= 10
        same = [o for o in st.rows if o.points == r.points and o.number != sn]
        assert same
        # the last code listed is the one that separated the player from a neighbour (or all of them)
        neighbours = [
            st.rows[k]
            for k in (st.rows.index(r) - 1, st.rows.index(r) + 1)
            if 0 <= k < len(st.rows) and st.rows[k].points == r.points
        ]
        seps = [st.separating(sn, o.number) for o in neighbours]
        assert codes[-1] in seps or (None in seps and codes == st.codes)
    untied = [r.number for r in st.rows[:10] if sum(o.points == r.points for o in st.rows) == 1]
    assert not set(untied) & {sn for sn, _ in decided}


@pytest.mark.slow
def test_the_default_report_explains_the_decided_top_places_within_12_pages(open200, tmp_path, capsys):
    path, st = open200
    out = tmp_path / "default.pdf"
    assert cli.main(["report", str(path), "--tiebreaks", CODES, "--rules", "fide-2026", "-o", str(out)]) == 0
    pages = len(PdfReader(str(out)).pages)
    assert pages <= 12
    assert f"({pages} pages)" in capsys.readouterr().err
    text = text_of(out)
    assert text.index("How each tie was broken") < text.index("Why these places")
    assert "Derivations" not in text  # the full tables stay opt-in
    for p in compact_players(st, Fmt(False), places=10):
        for c in p.lines:
            terms = "".join(s.text for s in c.terms)
            assert f"{c.code} {terms} = {c.result}".replace("  ", " ") in text.replace("\n", " "), (p.sn, c.code)
            assert c.result == Fmt(False)(st.row(p.sn).values[c.code])


@pytest.mark.slow
def test_derivations_compact_for_everyone_within_30_pages(open200, tmp_path):
    path, st = open200
    out = tmp_path / "compact.pdf"
    assert cli.main(["report", str(path), "--tiebreaks", CODES, "--derivations", "compact", "-o", str(out)]) == 0
    assert len(PdfReader(str(out)).pages) <= 30
    text = text_of(out)
    assert text.count("BH/C1 ") >= len(st.rows)
    last = st.rows[-1]
    assert f"{last.rank_label}. {last.player.name} ({last.number})" in text


def test_prize_places_set_how_far_the_default_looks(open200):
    _, st = open200
    few = {sn for sn, _ in decided_players(st, 3)}
    assert all(st.row(sn).rank <= 3 for sn in few)
    assert few <= {sn for sn, _ in decided_players(st, 10)}


def test_the_choices():
    assert parse_derivations("compact") == ("compact", 0) and parse_derivations("decided") == ("decided", 0)
    st = compute_standings(read_trf(SWISS), "BH/C1,BH,SB", conventions.get("fide-2024"))
    assert select_derivations(st, "compact") == [] == select_derivations(st, "decided")  # no full tables
