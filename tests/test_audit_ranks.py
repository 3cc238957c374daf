"""tbxl audit, published ranks: checked against the ranking, differences traced to a rule set or
to the tie-breaks applied in another order; ranks against the points said as they are."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from auditing import SWISS, pdf_text, with_ranks
from tbxl import rules as conventions
from tbxl.audit import AGREE, EXPLAINED, audit
from tbxl.io.published import RANK, Published
from tbxl.io.trf import read_trf, write_trf
from tbxl.rules import get
from tbxl.standings import compute_standings


def test_rank_column_that_follows_the_212_list_agrees(swiss, tmp_path, run_cli):
    codes = ["BH/C1", "BH", "SB"]
    path = tmp_path / "ok.trf"
    path.write_text(with_ranks(swiss, compute_standings(swiss, codes, conventions.get("fide-2024")), codes))
    code, out, _ = run_cli("audit", path, "--rules", "fide-2024")
    assert code == 0, out
    assert "16 values checked: 16 agree, 0 explained, 0 unexplained" in out


@pytest.mark.slow
def test_rank_column_that_disagrees_with_the_212_list_is_caught(swiss, tmp_path, run_cli):
    """The ranks were made with SB first while the 212 record announces BH/C1, BH, SB."""
    announced, used = ["BH/C1", "BH", "SB"], ["SB", "BH/C1", "BH"]
    real = compute_standings(swiss, announced, conventions.get("fide-2024"))
    printed = compute_standings(swiss, used, conventions.get("fide-2024"))
    path = tmp_path / "wrong.trf"
    path.write_text(with_ranks(swiss, printed, announced))
    result = audit(read_trf(path), Published("x", []), rules=get("fide-2024"))  # sanity: nothing published
    assert result.summary["checked"] == 0
    from tbxl.io.published import published_ranks

    t = read_trf(path)
    result = audit(t, published_ranks(t), rules=get("fide-2024"))
    position = {r.player.start_number: k for k, r in enumerate(printed.rows, 1)}
    outside = set()
    for r in real.rows:
        first, _, last = r.rank_label.partition("-")
        if not int(first) <= position[r.player.start_number] <= int(last or first):
            outside.add(r.player.start_number)
    assert outside, "the two lists rank the exercise alike: the test could not fail"
    assert {f.start_number for f in result.findings if f.status != AGREE} == outside
    # every difference is traced to the list applied in the other order, the column as a whole too
    for f in result.findings:
        if f.status != AGREE:
            assert f.status == EXPLAINED and f.matches[0] == "fide-2024 with tie-breaks SB,BH/C1,BH"
            assert str(f.changes[0]) == "tie-breaks in the order SB, BH/C1, BH instead of BH/C1, BH, SB"
    assert result.columns[0].reproduced_by[0] == "fide-2024 with tie-breaks SB,BH/C1,BH"
    code, out, _ = run_cli("audit", path, "--rules", "fide-2024", "--format", "json")
    doc = json.loads(out)
    assert code == 0  # explained ...
    assert {f["start_number"] for f in doc["findings"]} == outside
    assert all(f["code"] == RANK for f in doc["findings"])
    code, _, _ = run_cli("audit", path, "--rules", "fide-2024", "--fail-on", "difference")
    assert code == 1  # ... but a difference all the same
    pdf = tmp_path / "ranks.pdf"
    run_cli("audit", path, "--rules", "fide-2024", "-o", pdf)
    text = pdf_text(pdf)
    assert "Published ranks that differ, by group equal on points" in text
    assert "tie-breaks in the order SB, BH/C1, BH instead of BH/C1, BH, SB" in text
    # Paul #14 (2 points): published 10th, 12th under the 212 list, 10th with SB first
    assert "14 Paul 10 12 10 9 / 9 11 / 11 4.5 / 4.5" in text


def test_a_rank_against_the_points_is_unexplained(swiss, tmp_path, run_cli):
    """No tie-break rule moves a 1.0-point player above a 4.0-point one."""
    st = compute_standings(swiss, "BH/C1,BH,SB", conventions.get("fide-2024"))
    text = with_ranks(swiss, st, ["BH/C1", "BH", "SB"])
    lines = text.splitlines()
    # swap the ranks of the leader Bruno (#2, 4.0) and the last, Lais (#10, 1.0)
    i2 = next(k for k, l in enumerate(lines) if l.startswith("001    2 "))
    i10 = next(k for k, l in enumerate(lines) if l.startswith("001   10 "))
    r2, r10 = lines[i2][85:89], lines[i10][85:89]
    lines[i2] = lines[i2][:85] + r10 + lines[i2][89:]
    lines[i10] = lines[i10][:85] + r2 + lines[i10][89:]
    path = tmp_path / "swapped.trf"
    path.write_text("\n".join(lines) + "\n")
    code, out, _ = run_cli("audit", path, "--rules", "fide-2024")
    assert code == 1
    assert "#2 Bruno, rank: published 16" in out and "#10 Lais, rank: published 1 " in out
    assert out.count("UNEXPLAINED") == 2
    # said as it is: no tie-break order is to blame (C.07 4.2: points rank first)
    assert out.count("contradicts the points") == 2 and "no named convention" not in out


def test_audit_without_a_rank_column_says_what_to_do(tmp_path, run_cli):
    t = read_trf(SWISS)
    path = tmp_path / "norank.trf"
    path.write_text(write_trf(replace(t, players=tuple(replace(p, declared_rank=None) for p in t.players))))
    code, _, err = run_cli("audit", path)
    assert code == 1 and "no rank column" in err and "--published" in err
