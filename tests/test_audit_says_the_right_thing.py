"""tbxl audit on two common inputs (issue 28): a TRF whose rank column only repeats the start
numbers publishes no ranks; a bulletin's rank differences are traced to the rule set its values
follow, with its own numbers quoted."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from auditing import published_under
from tbxl.audit import SKIPPED, UNEXPLAINED, audit
from tbxl.io.published import RANK, published_ranks, read_published
from tbxl.io.trf import read_trf
from tbxl.rules import get

EXAMPLE = Path(__file__).parents[1] / "tbxl" / "examples" / "held_swiss_5.trf"


def test_the_bundled_swiss_audits_clean(run_cli):
    # held_swiss_5.trf is the documented no-bulletin form: its rank column (86-89) is 1, 2 ... 16,
    # the start numbers, while the standings under fide-2024 begin 2, 3, 4, 1, 16 ...
    t = read_trf(str(EXAMPLE))
    assert [p.declared_rank for p in t.players] == list(range(1, 17))
    a = audit(t, published_ranks(t), rules=get("fide-2024"))
    assert a.ok and a.summary == {"checked": 0, "agree": 0, "explained": 0, "unexplained": 0, "skipped": 16}
    assert all(f.status == SKIPPED and f.code == RANK for f in a.findings)
    code, out, _ = run_cli("audit", EXAMPLE)
    assert code == 0
    assert "UNEXPLAINED" not in out
    assert "the rank column repeats the start numbers (an unranked file)" in out
    assert out.rstrip().endswith("Nothing published to check.")


def test_ranks_equal_to_the_start_numbers_that_are_the_standings_agree():
    # A ranking that is 1..n in start-number order is a real ranking: checked, it agrees. The
    # hand-made round robin ranks Anna, Boris, Clara (DE), Dmitri, Elena (DE), Fyodor: 1 ... 6.
    t = read_trf(str(Path(__file__).parent / "data" / "encounter" / "three_tied_rr.trf"))
    a = audit(t, published_ranks(t), rules=get("fide-2024"))
    assert a.ok and a.summary["checked"] == a.summary["agree"] == 6
    # One rank alone is no column of start numbers: Alyx published 1st is 4th under fide-2024.
    t = read_trf(str(EXAMPLE))
    ranks = published_ranks(t)
    ranks.values[:] = ranks.values[:1]
    assert [f.status for f in audit(t, ranks, rules=get("fide-2024")).findings] == [UNEXPLAINED]


@pytest.mark.parametrize(
    "rank, why",
    [
        (lambda sn: 0, "the rank column holds 0 (an unranked file)"),
        (lambda sn: 1, "the rank column holds the same rank for everybody (an unranked file)"),
        (lambda sn: 7, "the rank column holds the same rank for everybody (an unranked file)"),
    ],
)
def test_a_file_without_real_ranks_is_said_once_and_not_checked(tmp_path, run_cli, rank, why):
    # issue 35 item 7: zeros (or one rank on every line) gave 8 UNEXPLAINED findings "ranks the
    # players equal on points as published", players not tied among them.
    lines = []
    for line in EXAMPLE.read_text(encoding="utf-8").splitlines():
        if line.startswith("001"):
            line = line[:85] + f"{rank(int(line[4:8])):>4}" + line[89:]
        lines.append(line)
    path = tmp_path / "unranked.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    t = read_trf(str(path))
    a = audit(t, published_ranks(t), rules=get("fide-2024"))
    assert a.ok and a.summary["checked"] == 0 and a.summary["skipped"] == 16
    code, out, _ = run_cli("audit", path)
    assert code == 0 and "UNEXPLAINED" not in out
    assert out.count(why) == 1  # said once
    assert out.rstrip().endswith("Nothing published to check.")


def test_zeros_among_real_ranks_leave_the_others_checked():
    # Only what the file publishes is checked: the lines with 0 are skipped, the others compared.
    t = read_trf(str(Path(__file__).parent / "data" / "encounter" / "three_tied_rr.trf"))
    ranks = published_ranks(t)
    ranks.values[:] = [replace(pv, value=0) if pv.start_number in (5, 6) else pv for pv in ranks.values]
    a = audit(t, ranks, rules=get("fide-2024"))
    assert a.ok and a.summary["checked"] == a.summary["agree"] == 4 and a.summary["skipped"] == 2


def test_a_rank_finding_names_the_rules_of_the_bulletin_and_quotes_it(tmp_path, run_cli):
    # A bulletin written under sm-half-point (Swiss-Manager's "1/2 point" Buchholz), audited against
    # fide-2024. Nick (12): the bulletin prints BH/C1 11.5, BH 14, SB 5.5 (his unplayed rounds count
    # half a point each: with his two zero-point byes); fide-2024 gives 9.5, 11.5, 4; fide-2017 (the
    # virtual opponent) would give 12 for BH/C1 - the number the audit used to quote.
    t = read_trf(str(EXAMPLE))
    codes = ["BH/C1", "BH", "SB"]
    bulletin = published_under(t, "sm-half-point", codes, tmp_path)
    a = audit(t, read_published(str(bulletin), t, tiebreaks=codes), rules=get("fide-2024"), tiebreaks=codes)
    rank = next(c for c in a.columns if c.code == RANK)
    assert rank.reproduced_by[0] == "sm-half-point"
    nick = next(f for f in a.findings if f.code == RANK and f.start_number == 12)
    assert nick.matches[0] == "sm-half-point"
    assert [str(c) for c in nick.changes] == [
        "BH/C1 11.5 instead of 9.5",
        "BH 14 instead of 11.5",
        "SB 5.5 instead of 4",
    ]
    assert {(f.code, f.published.value) for f in a.findings if f.start_number == 12 and f.code != RANK} >= {
        ("BH/C1", 11.5),
        ("BH", 14),
        ("SB", 5.5),
    }
    code, out, _ = run_cli(
        "audit", EXAMPLE, "--published", bulletin, "--rules", "fide-2024", "--tiebreaks", ",".join(codes)
    )
    assert code == 0
    assert "the whole column follows sm-half-point" in out.split("rank ", 1)[1].splitlines()[0]
