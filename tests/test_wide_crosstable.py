"""A crosstable of many rounds stays on the paper: its rounds are printed in blocks, each a table
with the player columns and Pts, so every round and the points stand inside the page (a 40-player
50-round Swiss, a 26-player double round robin of 50 rounds)."""

from __future__ import annotations

import random
import re
import subprocess
from html import unescape
from pathlib import Path

import pytest

from tbxl import report
from tbxl import rules as conventions
from tbxl.io.grid import berger_schedule
from tbxl.model import Kind, Outcome, Pairing, Player, Scoring, Tournament, make_entry
from tbxl.report.views.standings import round_blocks
from tbxl.standings import compute_standings

pytest.importorskip("weasyprint")
ROOT = Path(__file__).parent.parent
from generate import generate  # noqa: E402  (the benchmarks' deterministic Swiss generator)

WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')
PAGE = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">')


def double_round_robin(n: int, seed: int = 3) -> Tournament:
    """``n`` players, two cycles of the Berger table (colours reversed in the second)."""
    rnd, s = random.Random(seed), Scoring()
    rows: dict[int, list] = {p: [] for p in range(1, n + 1)}
    sched = berger_schedule(n)
    for cycle in (0, 1):
        for r, pairs in enumerate(sched, start=1 + cycle * len(sched)):
            for w, b in pairs:
                w, b = (b, w) if cycle else (w, b)
                o = rnd.choice([Outcome.WIN, Outcome.DRAW, Outcome.LOSS])
                rows[w].append(make_entry(s, r, Kind.PLAYED, o, b, "w"))
                rows[b].append(make_entry(s, r, Kind.PLAYED, o.reverse, w, "b"))
    players = tuple(Player(p, f"Player {p:02d}", tuple(sorted(rows[p])), rating=2000 + 7 * p) for p in rows)
    return Tournament(players, 2 * len(sched), pairing=Pairing.ROUND_ROBIN, name=f"Double round robin {n}")


def words(pdf: Path) -> list[tuple[float, float, list[tuple[float, float, str]]]]:
    """Per page: its width, height and words (xMin, xMax, text), read by poppler's pdftotext."""
    html = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    pages = []
    for chunk in html.split("<page ")[1:]:
        w, h = map(float, PAGE.match("<page " + chunk).groups())
        pages.append((w, h, [(float(a), float(c), unescape(t)) for a, _, c, _, t in WORD.findall(chunk)]))
    return pages


@pytest.fixture(scope="module", params=["swiss-40x50", "double-rr-26"])
def wide(request, tmp_path_factory):
    t = generate(40, 50, seed=5) if request.param.startswith("swiss") else double_round_robin(26)
    st = compute_standings(t, None, conventions.get("fide-2026"))
    out = tmp_path_factory.mktemp("wide") / f"{request.param}.pdf"
    report.render_pdf(st, out)
    return st, out


@pytest.mark.slow  # the `wide` fixture lays out a PDF
def test_every_word_is_inside_the_page(wide):
    _, pdf = wide
    for width, _, ws in words(pdf):
        outside = [(t, x1) for _, x1, t in ws if x1 > width]
        assert not outside, outside[:5]


@pytest.mark.slow  # the `wide` fixture lays out a PDF
def test_every_round_heads_a_column_and_each_block_has_pts(wide):
    st, pdf = wide
    texts = [t for _, _, ws in words(pdf) for _, _, t in ws]
    heads = [f"R{k}" for k in range(1, st.tournament.rounds + 1)]
    for h in heads:
        assert h in texts, h
    blocks = round_blocks(4, 50)  # the widest cell of either event: "12w½"
    assert blocks == ((0, 17), (17, 34), (34, 50))
    joined = " ".join(texts)
    for a, b in blocks:
        assert f"Rounds {a + 1}–{b}" in joined
    crosstable_pages = [ws for _, _, ws in words(pdf) if any(t.startswith("R50") for _, _, t in ws)]
    assert crosstable_pages


@pytest.mark.slow  # the `wide` fixture lays out a PDF
def test_every_crosstable_line_has_its_cells_and_points_in_each_block(wide):
    from tbxl.report.labels import labels
    from tbxl.report.text import Fmt
    from tbxl.report.views.standings import crosstable

    st, pdf = wide
    L = labels("en")
    xt = crosstable(st, Fmt(False), L)
    assert xt.blocks == ((0, 17), (17, 34), (34, 50))
    from pypdf import PdfReader

    text = "\n".join(p.extract_text() for p in PdfReader(str(pdf)).pages)
    lines = {re.sub(r"\s+", " ", ln).strip() for ln in text.splitlines()}
    for a, b in xt.blocks:
        for r in xt.rows:
            expected = " ".join([str(r.line), str(r.sn), r.name, r.rating, *r.cells[a:b], r.points])
            assert expected in lines, expected


def test_round_blocks_are_even_and_cover_every_round():
    for widest in (3, 4, 6, 8):
        for n in (1, 11, 20, 21, 50, 99):
            blocks = round_blocks(widest, n)
            assert blocks[0][0] == 0 and blocks[-1][1] == n
            assert all(b1 == a2 for (_, b1), (a2, _) in zip(blocks, blocks[1:]))
            sizes = [b - a for a, b in blocks]
            assert max(sizes) - min(sizes) <= 1 and max(sizes) * (widest + 1) <= max(100, widest + 1)
    assert round_blocks(4, 20) == ((0, 20),)  # 20 rounds of "12w½" fit one table, as before
