"""The pages an event posts (``report --pages``): the starting rank list by rating, each round's
boards and results, the standings after each round, the crosstable, the tie lines and a card per
player, in the five languages, with a link and its QR code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tbxl import cli
from tbxl import rules as conventions
from tbxl.errors import UsageError
from tbxl.io.trf import read_trf
from tbxl.rating_change import rating_changes
from tbxl.report.labels import labels, languages
from tbxl.report.text import Fmt
from tbxl.report.views.pages import Board, cards, check_url, parse_pages, round_pages, start_list
from tbxl.standings import compute_standings

PdfReader = pytest.importorskip("pypdf").PdfReader
ROOT = Path(__file__).parent.parent
SWISS = ROOT / "tbxl" / "examples" / "held_swiss_5.trf"
ALL = "start,rounds,standings,crosstable,ties,cards"


def test_parse_pages():
    assert parse_pages(ALL) == ("start", "rounds", "standings", "crosstable", "ties", "cards")
    with pytest.raises(UsageError, match="no such page 'pairings'; the pages are start,rounds"):
        parse_pages("start,pairings")
    assert check_url("https://example.org/e") == "https://example.org/e"
    with pytest.raises(UsageError, match="http:// or https://"):
        check_url("javascript:alert(1)")


def test_start_list_rounds_and_cards_of_the_held_example():
    t = read_trf(SWISS)
    st = compute_standings(t, "BH/C1,BH,SB", conventions.get("fide-2024"))
    L = labels("en")
    start = start_list(t)
    assert [(r.place, r.sn, r.rating) for r in start[:3]] == [(1, 1, "2200"), (2, 2, "2150"), (3, 3, "2100")]
    r1 = round_pages(t, Fmt(False), L)[0]
    # round 1: every score 0, boards by start number; Alyx (1, White) beat Jessica (9)
    assert r1.boards[0] == Board(1, "1 Alyx 2200", "0", "1 – 0", "9 Jessica 1800", "0")
    r5 = round_pages(t, Fmt(False), L)[4]
    # round 5: the leaders first: Charline (3, 3 points) v Bruno (2, 3.5 points) on board 1
    assert (r5.boards[0].white, r5.boards[0].white_score, r5.boards[0].black, r5.boards[0].black_score) == (
        "3 Charline 2100",
        "3",
        "2 Bruno 2150",
        "3.5",
    )
    assert r5.unpaired == (
        ("9 Jessica 1800", "pairing-allocated bye"),
        ("12 Nick 1650", "zero-point bye / absent"),
    )  # TRF U, Z
    card = cards(st, Fmt(False), L, rating_changes(t, k=20))[0]
    # Alyx (2200) beat Jessica (1800) with White: D 400, PD 0.92, 20 x 0.08 = +1.6
    g = card.games[0]
    assert (g.round, g.opponent, g.rating, g.colour, g.result, g.score, g.change) == (
        1,
        "9 Jessica",
        "1800",
        "w",
        "1",
        "1",
        "+1.6",
    )
    assert card.total == "3.5 · K 20 · -10.6"
    # in Russian the colour letter is Б (белые: a lowercase б reads 6 beside digits), decimal comma
    ru = cards(st, Fmt(True), labels("ru"), rating_changes(t, k=20))[0]
    assert (ru.games[0].colour, ru.games[1].colour, ru.games[1].score) == ("Б", "Ч", "1,5")


@pytest.mark.slow  # a PDF of every page per language
@pytest.mark.parametrize("lang", ["en", "vi", "es", "ru", "ms"])
def test_every_page_in_every_language(lang, tmp_path):
    assert lang in languages()
    L = labels(lang)
    out = tmp_path / f"pages-{lang}.pdf"
    assert (
        cli.main(
            [
                "report",
                str(SWISS),
                "--rules",
                "fide-2024",
                "--lang",
                lang,
                "--pages",
                ALL,
                "--rating-change",
                "--url",
                "https://example.org/held",
                "-o",
                str(out),
            ]
        )
        == 0
    )
    text = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(str(out)).pages))
    for title in (
        [
            L["page_start"],
            L["page_cards"],
            L["xt_title"],
            L["ties"],
            L["compact_title"],
            L["page_link"].format(url="https://example.org/held"),
        ]
        + [L["page_round"].format(k=k) for k in range(1, 6)]
        + [L["page_after"].format(k=k) for k in range(1, 5)]
    ):
        assert title in text, title
    assert (
        text.index(L["page_start"])
        < text.index(L["page_round"].format(k=1))
        < text.index(L["page_after"].format(k=1))
        < text.index(L["xt_title"])
        < text.index(L["page_cards"])
    )
    # the crosstable's colour as a mark, the same in every language (issue 35: a Cyrillic letter
    # between two numbers read as a digit): Alyx's round 1, 15 with White, a win
    from tbxl.report.text import marked_cell

    assert marked_cell("15w1") in text
    month = L["months"][7]  # 1 August 2024, the start date (TRF 042)
    assert (month in text) if "{month}" in L["date_format"] else ("01/08/2024" in text)


def test_the_web_page_has_navigation_and_the_qr_code(tmp_path):
    out = tmp_path / "pages.html"
    assert cli.main(["report", str(SWISS), "--pages", ALL, "--url", "https://example.org/held", "-o", str(out)]) == 0
    html = out.read_text(encoding="utf-8")
    nav = re.search(r'<nav class="toc".*?</nav>', html, re.S).group()
    for anchor in ("#start", "#round-1", "#round-5", "#after-4", "#standings", "#crosstable", "#ties", "#cards"):
        assert f'href="{anchor}"' in nav
        assert f'id="{anchor[1:]}"' in html
    assert 'src="data:image/svg+xml' in html and 'href="https://example.org/held"' in html


def test_bad_pages_and_url_are_usage_errors(capsys):
    for argv in (["--pages", "start,bogus"], ["--url", "ftp://x"]):
        with pytest.raises(SystemExit) as ei:
            cli.main(["report", str(SWISS), "-o", "/tmp/never.pdf", *argv])
        assert ei.value.code == 2
    assert "no such page 'bogus'" in capsys.readouterr().err
