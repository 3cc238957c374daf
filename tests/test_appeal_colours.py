"""Colours in every game line of the appeal (issue 35 item 1): a derivation's term marks the
player's colour in that round (○ White, ● Black), a direct encounter's games are written White
first. The expected colours are read from the 001 records' colour fields of the TRF (not from the
model), the rendered PDF's text is compared with them: generated events (benchmarks/generate.py)
for the PDF, random events (tests/strategies.py) for the data the pages print.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from strategies import swiss_tournaments
from tbxl.io.trf import read_trf, write_trf
from tbxl.rules import get
from tbxl.standings import compute_standings

ROOT = Path(__file__).resolve().parents[1]
MARK = {"w": "○", "b": "●"}


def trf_colours(text: str) -> dict[tuple[int, int], tuple[int, str]]:
    """(start number, round) -> (opponent, colour) from the round fields of the 001 records
    (TRF-16: from column 92, ten characters a round: opponent, colour, result)."""
    out = {}
    for line in text.splitlines():
        if not line.startswith("001"):
            continue
        sn = int(line[4:8])
        for k in range((len(line) - 91 + 2) // 10):
            field = line[91 + 10 * k : 99 + 10 * k]
            opp, colour = field[0:4].strip(), field[5]
            if opp and opp != "0" and colour in "wb":
                out[sn, k + 1] = (int(opp), colour)
    return out


def generated(players: int, rounds: int, seed: int) -> str:
    spec = importlib.util.spec_from_file_location("bench_generate", ROOT / "benchmarks" / "generate.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return str(write_trf(module.generate(players, rounds, seed)))


@pytest.mark.parametrize("seed", [3, 7])
def test_the_appeal_pdf_writes_each_game_as_the_file_colours_it(tmp_path, seed):
    pytest.importorskip("weasyprint")
    from tbxl import report
    from test_report import pdf_text

    text = generated(24, 6, seed)
    path = tmp_path / "gen.trf"
    path.write_text(text, encoding="utf-8")
    colours = trf_colours(text)
    st = compute_standings(read_trf(str(path)), "DE,BH", get("fide-2026"))
    # an appellant in the largest tied group, so that the direct encounter has games to show
    groups: dict[object, list[int]] = {}
    for r in st.rows:
        groups.setdefault(r.points, []).append(r.number)
    group = max(groups.values(), key=len)
    appellant = group[0]
    out = tmp_path / "appeal.pdf"
    report.render_appeal_pdf(st, appellant, out, input_path=path, codes=["PTS", "DE"])
    pdf = pdf_text(out)
    pts = pdf[pdf.index("PTS = ") : pdf.index("DE = ")]
    # the terms: "rd  opp name  mark  result ..."
    terms = re.findall(r"^(\d+) (\d+) Player \d{4}, Test ([○●]) ", pts, re.M)
    expected = {(rd, opp): c for (sn, rd), (opp, c) in colours.items() if sn == appellant}
    assert len(terms) == len(expected) > 0
    for rd, opp, mark in terms:
        assert MARK[expected[int(rd), int(opp)]] == mark, (rd, opp)
    # the direct encounter's games: "rd  White  Black  result  counts"
    de = pdf[pdf.index("DE = ") :]
    games = re.findall(r"^(\d+) (\d+) Player \d{4}, Test (\d+) Player \d{4}, Test ", de, re.M)
    met = {
        (rd, frozenset((sn, opp)))
        for (sn, rd), (opp, _) in colours.items()
        if sn in group and opp in group and sn != opp
    }
    assert len(games) == len(met) > 0
    for rd, white, black in games:
        assert colours[int(white), int(rd)] == (int(black), "w")
        assert colours[int(black), int(rd)] == (int(white), "b")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(swiss_tournaments(max_players=10, max_rounds=5))
def test_every_term_and_game_carries_the_files_colour(t):
    text = str(write_trf(t))
    colours = trf_colours(text)
    st = compute_standings(t, "DE,BH", get("fide-2026"))
    for r in st.rows:
        sn = r.number
        for term in st.explain(sn, "PTS").terms:
            if term.round is not None and (sn, term.round) in colours:
                assert term.colour == colours[sn, term.round][1]
            else:
                assert term.colour is None
        for step in st.explain(sn, "DE").steps:
            for m in step.meetings:
                if m.colour == "w":
                    assert colours[m.first, m.round] == (m.second, "w")
                    assert colours[m.second, m.round] == (m.first, "b")
                else:  # no colours in the file: lower start number first
                    assert (m.first, m.round) not in colours and m.first < m.second


def test_a_game_without_colours_in_the_file_says_so(tmp_path):
    # The round-robin file with round 4's forfeit (Boris-Clara, +/-) written without colours, as
    # some programs write a forfeit: lower start number first, and the page says why.
    pytest.importorskip("jinja2")
    from tbxl import report

    text = (ROOT / "tests" / "data" / "encounter" / "three_tied_rr.trf").read_text(encoding="utf-8")
    lines = []
    for line in text.splitlines():
        if line.startswith("001") and int(line[4:8]) in (2, 3):
            k = 91 + 10 * 3 + 5  # round 4's colour
            line = line[:k] + "-" + line[k + 1 :]
        lines.append(line)
    path = tmp_path / "rr.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert ((2, 4) not in trf_colours(path.read_text(encoding="utf-8"))) and (1, 2) in trf_colours(text)
    st = compute_standings(read_trf(str(path)), "DE,SB", get("fide-2026"))
    (step,) = st.explain(2, "DE").steps
    assert [(m.round, m.first, m.second, m.colour) for m in step.meetings] == [
        (2, 1, 2, "w"),
        (3, 3, 1, "w"),
        (4, 2, 3, None),
    ]
    html = report.render_html(report.build_view(st, appeal=2), "appeal.html.j2")
    assert "colours not in the file: lower start number first" in html
    assert "round  4: 2 Boris - 3 Clara  +  counts 1-0" in st.explain(2, "DE").text(names={2: "Boris", 3: "Clara"})
