"""What separates them (issue 35 item 2): every pair of a tied group, not only the appellant
against each other one. The hand-made round robin ``data/encounter/three_tied_rr.trf``: Anna (1),
Boris (2) and Clara (3) tied on 3, placed by DE 1 › 2 › 3 (tests/test_encounter_explained.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tbxl.cli import main
from tbxl.io.trf import read_trf
from tbxl.projection.explain import PAIRS_GROUP_LIMIT, compared_pairs
from tbxl.rules import get
from tbxl.standings import compute_standings

DATA = Path(__file__).parent / "data"
RR = DATA / "encounter" / "three_tied_rr.trf"
SWISS = Path(__file__).resolve().parents[1] / "tbxl" / "examples" / "held_swiss_5.trf"


def test_three_tied_give_three_pairs_whoever_appeals():
    st = compute_standings(read_trf(str(RR)), "DE,SB", get("fide-2026"))
    for appellant in (1, 2, 3):
        assert compared_pairs(st, [appellant]) == [(1, 2), (1, 3), (2, 3)]
    # Dmitri and Elena (2.5) with Boris: the pairs of both groups and Boris against each of them
    assert compared_pairs(st, [2, 4]) == [(1, 2), (1, 3), (2, 3), (2, 4), (4, 5)]


def test_the_appeal_and_explain_show_two_against_three(capsys):
    pytest.importorskip("jinja2")
    from tbxl import report

    st = compute_standings(read_trf(str(RR)), "DE,SB", get("fide-2026"))
    view = report.build_view(st, appeal=1)
    assert [(s.a, s.b, s.code) for s in view.separations] == [(1, 2, "DE"), (1, 3, "DE"), (2, 3, "DE")]
    html = report.render_html(view, "appeal.html.j2")
    assert "Boris (2) is ahead of Clara (3) (rank 2 and 3): equal on points, separated by DE, 2 against 3" in html
    assert main(["explain", str(RR), "--player", "1"]) == 0
    out = capsys.readouterr().out
    assert "2 Boris (rank 2) is ahead of 3 Clara (rank 3): equal on points, separated by DE, 2 against 3" in out


def test_a_large_group_compares_only_the_players_under_appeal():
    st = compute_standings(read_trf(str(SWISS)), "BH/C1,BH,SB", get("fide-2024"))
    groups: dict[object, list[int]] = {}
    for r in st.rows:
        groups.setdefault(r.points, []).append(r.number)
    for group in groups.values():
        n = len(group)
        pairs = compared_pairs(st, [group[-1]])
        assert len(pairs) == (n * (n - 1) // 2 if n <= PAIRS_GROUP_LIMIT else 0)
        assert len(set(map(frozenset, pairs))) == len(pairs)


def test_with_tied_on_a_large_group_compares_the_appellant_and_the_neighbours():
    st = compute_standings(read_trf(str(SWISS)), "BH/C1,BH,SB", get("fide-2024"))
    everybody = [r.number for r in st.rows]  # more than PAIRS_GROUP_LIMIT: 16
    appellant = everybody[5]
    pairs = compared_pairs(st, [appellant, *everybody])
    n = len(everybody)
    assert len(pairs) == (n - 1) + (n - 1) - 2  # each against the appellant, each neighbour pair, two in both
    assert all(appellant in p for p in pairs if abs(everybody.index(p[0]) - everybody.index(p[1])) > 1)
    assert set(zip(everybody, everybody[1:])) <= set(pairs)
