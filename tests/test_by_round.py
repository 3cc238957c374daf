"""Round-by-round standings (``standings_by_round``) and the report's round-by-round section."""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

import pytest

from tbxl import rules as conventions
from tbxl.io.load import load
from tbxl.standings import compute_standings, standings_by_round

DATA = Path(__file__).parent / "data"
SWISS = DATA / "tec-2023" / "held_swiss_5.trf"
RR = DATA / "tec-2023" / "held_round_robin.trf"
CODES = "BH/C1,BH,SB,DE,PS,AOB,ARO/C1"


def table(st) -> list[tuple]:
    """Everything a standings line shows, in rank order."""
    return [(r.player.start_number, r.rank_label, r.points, r.values) for r in st.rows]


@pytest.fixture(scope="module")
def tec():
    return load(SWISS)


@pytest.fixture(scope="module")
def history(tec):
    return standings_by_round(tec, CODES, conventions.get("fide-2024"))


# -- the core -------------------------------------------------------------------------------------


def test_one_standings_per_round(tec, history):
    assert [st.tournament.rounds for st in history] == [1, 2, 3, 4, 5]
    assert all(st.codes == CODES.split(",") and st.convention.name == "fide-2024" for st in history)


def test_after_the_last_round_equals_the_final_standings(tec, history):
    assert table(history[-1]) == table(compute_standings(tec, CODES, conventions.get("fide-2024")))


def test_each_round_equals_compute_standings_after_that_round(tec, history):
    for k, st in enumerate(history, 1):
        expected = compute_standings(tec, CODES, conventions.get("fide-2024"), after_round=k)
        for row in expected.rows:
            got = st.row(row.player.start_number)
            assert (got.rank_label, got.points) == (row.rank_label, row.points), (k, row.player.start_number)
            for code in expected.codes:
                assert got.values[code] == row.values[code], (k, row.player.start_number, code)


def test_hand_checked_values(history):
    # Round 1 of the TRF: Bruno (2), Alyx (1), David (4), Paul (14), Opal (13) and Genevieve (7)
    # won; every opponent of theirs had 0 after round 1, so all six share places 1-6.
    after_1 = history[0]
    assert [r.player.start_number for r in after_1.rows[:6]] == [1, 2, 4, 7, 13, 14]
    assert {r.rank_label for r in after_1.rows[:6]} == {"1-6"} and after_1.rows[6].rank == 7
    # After round 2 Bruno alone has 2 points (won against Lais and Genevieve).
    bruno = history[1].row(2)
    assert (bruno.rank_label, bruno.points) == ("1", 2)
    # Alyx after round 2: beat Jessica (0 after two rounds), drew Opal (1 + 1/2).
    alyx = history[1].row(1)
    assert alyx.points == F(3, 2)
    assert alyx.values["BH"] == F(3, 2) and alyx.values["BH/C1"] == F(3, 2)  # the 0 is cut
    assert alyx.values["SB"] == F(3, 4)  # 0 x 1 + 3/2 x 1/2
    assert alyx.values["PS"] == 1 + F(3, 2)
    # ARO/C1: Jessica after round 3 (L Alyx 2200, L Lais 1750, H) keeps the higher rating; Nick
    # after round 2 (L David, U) has one rated game, which the cut removes: no value.
    assert history[2].row(9).values["ARO/C1"] == 2200
    assert history[1].row(12).values["ARO/C1"] is None
    # DE orders tied groups only: Bruno, alone on 2 after round 2, has no DE value.
    assert bruno.values["DE"] is None
    # Opal's AOB after round 2 is not a finite decimal: exact inside.
    assert isinstance(history[1].row(13).values["AOB"], F)


def test_default_tiebreaks_and_rules_come_from_the_whole_tournament(tec):
    history = standings_by_round(tec)
    final = compute_standings(tec)
    assert [st.codes for st in history] == [final.codes] * 5
    assert {st.convention.name for st in history} == {final.convention.name}


def test_settings_of_the_rules_are_kept():
    conv = conventions.get("fide-2024").with_settings(["vur_cut=always"])
    history = standings_by_round(load(SWISS), "SB/C1", conv)
    assert all(st.convention is conv for st in history)
    for k, st in enumerate(history, 1):
        assert table(st) == table(compute_standings(load(SWISS), "SB/C1", conv, after_round=k))


def test_a_truncated_tournament_gives_its_own_rounds(tec):
    history = standings_by_round(tec.after_round(3), "BH,SB", conventions.get("fide-2026"))
    assert len(history) == 3
    for k, st in enumerate(history, 1):
        assert table(st) == table(compute_standings(tec, "BH,SB", conventions.get("fide-2026"), after_round=k))


def test_round_robin_with_direct_encounter():
    rr = load(RR, pairing="round-robin")
    history = standings_by_round(rr, "DE,SB,WIN,KS", conventions.get("fide-2024"))
    assert len(history) == rr.rounds
    assert table(history[-1]) == table(compute_standings(rr, "DE,SB,WIN,KS", conventions.get("fide-2024")))


# -- the report section -----------------------------------------------------------------------------

import re  # noqa: E402

from tbxl import cli, report  # noqa: E402
from tbxl.formatting import decimal_text  # noqa: E402
from tbxl.io.trf import parse_trf  # noqa: E402
from tbxl.report.labels import PAPER  # noqa: E402
from tbxl.report.text import LINE_CHARS, Fmt, by_round_tables  # noqa: E402
from test_report import edited_trf, pdf_text  # noqa: E402

REPORT_CODES = "BH/C1,BH,SB,DE"


def section_text(view) -> str:
    return "\n\n".join("".join(s.text for s in group) for group in view.by_round)


def parse_section(text: str, codes: list[str], rounds: int) -> dict:
    """The English section back into {start number: {row label: [cells]}} (tables side by side)."""
    out, current = {}, []
    for line in text.splitlines():
        heads = re.findall(r"(\S[^·]*?) · No\. (\d+) · rank (\S+)", line)
        if heads:
            current = [int(sn) for _, sn, _ in heads]
            for sn in current:
                out[sn] = {}
            continue
        if not line.strip():
            continue
        tokens = line.replace("After round", "After").split()
        assert len(tokens) == len(current) * (rounds + 1), line
        for k, sn in enumerate(current):
            label, *cells = tokens[k * (rounds + 1) : (k + 1) * (rounds + 1)]
            assert label in ["After", "Pts", "Rank"] + codes, label
            out[sn][label] = cells
    return out


def test_section_values_equal_the_standings_after_each_round(tec):
    st = compute_standings(tec, REPORT_CODES, conventions.get("fide-2024"))
    view = report.build_view(st, by_round=True, derivations="none")
    tables = parse_section(section_text(view), st.codes, 5)
    assert list(tables) == [r.player.start_number for r in st.rows]  # every player, in order
    for k in range(1, 6):
        after = compute_standings(tec, REPORT_CODES, conventions.get("fide-2024"), after_round=k)
        for row in after.rows:
            t = tables[row.player.start_number]
            assert t["After"][k - 1] == str(k)
            assert t["Pts"][k - 1] == decimal_text(row.points)
            assert t["Rank"][k - 1] == row.rank_label
            for code in st.codes:
                assert t[code][k - 1] == decimal_text(row.values[code], none="–"), (k, code)
    # the last column is the final standings table of the same report
    for r in view.rows:
        t = tables[r.sn]
        assert [t["Rank"][-1], t["Pts"][-1]] + [t[c][-1] for c in st.codes] == [r.rank, r.points, *r.values]


def test_section_hand_checked_rows(tec):
    text = section_text(
        report.build_view(
            compute_standings(tec, REPORT_CODES, conventions.get("fide-2024")), by_round=True, derivations="none"
        )
    )
    tables = parse_section(text, REPORT_CODES.split(","), 5)
    assert tables[2]["Pts"] == ["1", "2", "2.5", "3.5", "4"]  # Bruno: W W = W =
    assert tables[2]["DE"] == ["1", "–", "–", "–", "–"]  # alone on points after round 1
    assert tables[1]["Rank"] == ["1-6", "4-5", "6", "4", "4"]  # Alyx
    assert tables[1]["SB"] == ["0", "0.75", "2.5", "5", "8"]
    assert tables[10]["Pts"] == ["0", "1", "1", "1", "1"]  # Lais: L W L L L


def test_section_selection_and_default_off(tec):
    st = compute_standings(tec, REPORT_CODES, conventions.get("fide-2024"))
    assert report.build_view(st, derivations="all").by_round == ()
    assert "Round by round" not in report.render_html(report.build_view(st, derivations="none"))
    view = report.build_view(st, by_round=True, derivations="tied", players=[14, 4])
    assert list(parse_section(section_text(view), st.codes, 5)) == [4, 14]  # standings order
    view = report.build_view(st, by_round=True, derivations="tied")  # not only the tied players
    assert len(parse_section(section_text(view), st.codes, 5)) == 16
    assert not hasattr(report.build_view(st, by_round=True, appeal=14), "by_round")  # an appeal report has none


def test_section_after_round_k_has_k_rounds(tec):
    st = compute_standings(tec, REPORT_CODES, conventions.get("fide-2024"), after_round=3)
    tables = parse_section(section_text(report.build_view(st, by_round=True, derivations="none")), st.codes, 3)
    assert tables[2]["Pts"] == ["1", "2", "2.5"] and tables[2]["After"] == ["1", "2", "3"]


@pytest.mark.parametrize("paper", sorted(PAPER))
def test_lines_fit_the_page_and_long_events_wrap_in_chunks(tec, paper):
    st = compute_standings(tec, "BH/C1,BH,SB,PS,AOB,ARO/C1", conventions.get("fide-2024"))
    for lang in report.languages():
        text = section_text(report.build_view(st, by_round=True, derivations="none", lang=lang, paper=paper))
        assert max(len(line) for line in text.splitlines()) <= LINE_CHARS[paper], lang
    # A page too narrow for five rounds: the rounds come in chunks, one table under the other.
    history = standings_by_round(st.tournament, st.codes, st.convention)
    groups = by_round_tables(st, history, [1], Fmt(False), report.labels("en"), 40)
    lines = "".join(s.text for s in groups[0]).splitlines()
    assert max(len(line) for line in lines) <= 40
    heads = [line.split()[2:] for line in lines if line.startswith("After round")]
    assert len(heads) > 1 and sum(heads, []) == ["1", "2", "3", "4", "5"]


LANG_ROWS = {  # Alyx (1): heading, rounds row, points row (decimal comma in vi, es, ru)
    "en": ("Round by round", "After round 1 2 3 4 5", "Pts 1 1.5 2 3 3.5"),
    "vi": ("Diễn biến qua từng vòng", "Sau vòng 1 2 3 4 5", "Điểm 1 1,5 2 3 3,5"),
    "es": ("Ronda a ronda", "Tras la ronda 1 2 3 4 5", "Ptos 1 1,5 2 3 3,5"),
    "ru": ("По турам", "После тура 1 2 3 4 5", "Очки 1 1,5 2 3 3,5"),
    "ms": ("Pusingan demi pusingan", "Selepas pusingan 1 2 3 4 5", "Mata 1 1.5 2 3 3.5"),
}


@pytest.mark.slow
@pytest.mark.parametrize("lang", sorted(LANG_ROWS))
def test_pdf_section_in_each_language(tmp_path, tec, lang):
    out = tmp_path / f"{lang}.pdf"
    st = compute_standings(tec, REPORT_CODES, conventions.get("fide-2024"))
    report.render_pdf(st, out, lang=lang, derivations="none", players=[1], by_round=True, input_path=SWISS)
    text = pdf_text(out)
    heading, rounds_row, points_row = LANG_ROWS[lang]
    L = report.labels(lang)
    assert heading == L["by_round"] and heading in text
    assert rounds_row in text and points_row in text
    assert f"{L['by_round_rank']} 1-6 4-5 6 4 4" in text
    assert "DE 1 1 – – –" in text


def test_hostile_name_stays_text(tmp_path):
    hostile = '<b>X</b> & "Y"'
    path = edited_trf(tmp_path, {"Bruno": hostile})
    st = compute_standings(
        parse_trf(path.read_text(encoding="utf-8"), source=path.name), REPORT_CODES, conventions.get("fide-2024")
    )
    html_out = tmp_path / "hostile.html"
    report.render_pdf(st, html_out, derivations="none", by_round=True, input_path=path, html=True)
    html = html_out.read_text(encoding="utf-8")
    section = html[html.index('class="byround"') :]
    assert "<b>X</b>" not in html
    assert '<span class="n">&lt;b&gt;X&lt;/b&gt; &amp; &#34;Y&#34;</span>' in section
    pdf = tmp_path / "hostile.pdf"
    report.render_pdf(st, pdf, derivations="none", by_round=True, input_path=path)
    assert f"{hostile} · No. 2 · rank 1" in pdf_text(pdf)


@pytest.mark.slow
def test_cli_by_round(tmp_path):
    out = tmp_path / "cli.pdf"
    assert (
        cli.main(
            [
                "report",
                str(SWISS),
                "--rules",
                "fide-2024",
                "--tiebreaks",
                "BH/C1,BH,SB",
                "--by-round",
                "--derivations",
                "none",
                "--players",
                "1",
                "-o",
                str(out),
            ]
        )
        == 0
    )
    text = pdf_text(out)
    assert "Round by round" in text and "Alyx · No. 1 · rank 4" in text
    assert "BH/C1 0 1.5 4 7 11" in text and "SB 0 0.75 2.5 5 8" in text
    html = tmp_path / "cli.html"
    assert (
        cli.main(
            [
                "report",
                str(SWISS),
                "--rules",
                "fide-2024",
                "--by-round",
                "--html",
                "--after-round",
                "2",
                "-o",
                str(html),
            ]
        )
        == 0
    )
    page = html.read_text(encoding="utf-8")
    assert 'class="byround"' in page and page.count('class="rb"') == 8  # 16 players, two a line
    plain = tmp_path / "plain.pdf"
    assert cli.main(["report", str(SWISS), "-o", str(plain)]) == 0
    assert "Round by round" not in pdf_text(plain)
