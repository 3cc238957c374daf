"""A long report is rendered in parts on all cores and joined: every line is there once, in order,
and every page is numbered "page k of N" (the parts rendered by worker processes)."""

from __future__ import annotations

import pytest

from tbxl import report
from tbxl.report import pdf
from test_printout import expected_crosstable_line, lines_of, open200, page_texts  # noqa: F401  (the fixture)


@pytest.mark.slow
def test_parts_in_parallel_are_complete_and_numbered(open200, tmp_path, monkeypatch):  # noqa: F811
    path, st = open200
    monkeypatch.setenv("TBXL_WORKERS", "2")
    monkeypatch.setattr(pdf, "PARALLEL_FROM", 100)  # the 200 x 9 open (about 440 lines) in parallel
    pools = []
    real_pool = pdf._pool
    monkeypatch.setattr(pdf, "_pool", lambda n: pools.append(n) or real_pool(n))
    out = tmp_path / "parallel.pdf"
    pages = report.render_pdf(st, out, input_path=path)
    assert pools == [2]  # two worker processes rendered the parts
    texts = page_texts(out)
    assert pages == len(texts)
    for k, t in enumerate(texts, 1):
        assert t.count(f"page {k} of {pages}") == 1
    lines = lines_of(texts)
    found = [lines.index(expected_crosstable_line(st, row)) for row in st.rows]
    assert found == sorted(found)  # every crosstable line, in standings order


def test_workers_follow_the_environment(monkeypatch):
    monkeypatch.setenv("TBXL_WORKERS", "3")
    assert pdf.workers() == 3
    monkeypatch.setenv("TBXL_WORKERS", "")
    assert pdf.workers() >= 1
