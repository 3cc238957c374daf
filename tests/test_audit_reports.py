"""tbxl audit end to end: PDF reports, the issue's "done when", bulletins published during the
event, old formats and the seed articles' printed numbers."""

from __future__ import annotations

import csv
from dataclasses import replace

import pytest

from auditing import SWISS, pdf_text, write_csv
from tbxl import rules as conventions
from tbxl.audit import EXPLAINED, audit
from tbxl.errors import InputError
from tbxl.formatting import decimal_text
from tbxl.io.published import read_published
from tbxl.io.trf import write_trf
from tbxl.rules import get
from tbxl.standings import compute_standings

# -- reports ------------------------------------------------------------------------------------


@pytest.mark.slow
def test_audit_pdf_explains_each_difference(tmp_path, run_cli):
    bulletin = write_csv(
        tmp_path / "bulletin.csv",
        ["SNo", "Name", "BH-C1", "BH"],
        [[4, "David", "11.5", "15"], [6, "Franck", "9", "12"], [2, "Bruno", "12", "99"]],
    )
    out = tmp_path / "audit.pdf"
    code, _, _ = run_cli("audit", SWISS, "--published", bulletin, "--rules", "fide-2026", "-o", out)
    assert code == 1
    text = pdf_text(out)
    assert "Audit of published tie-breaks" in text and "bulletin.csv" in text
    assert "Differ, unexplained 1" in text
    assert "follows fide-2024" in text
    assert "round 2, half-point bye: 3.5 instead of 2.5" in text
    assert "cuts round 3, pairing-allocated bye (2.5) instead of round 4, opponent 10 (1)" in text
    assert "under fide-2026" in text and "BH = 14" in text and "BH = 15" in text  # both derivations
    out_ru = tmp_path / "audit_ru.pdf"
    run_cli("audit", SWISS, "--published", bulletin, "--rules", "fide-2026", "--lang", "ru", "-o", out_ru)
    text = pdf_text(out_ru)
    assert "Проверка опубликованных дополнительных показателей" in text
    assert "тур 2, пропуск тура с ½ очка: 3,5 вместо 2,5" in text


def test_done_when_a_swiss_manager_export_and_the_trf_in_one_command(swiss, tmp_path, run_cli):
    """The issue's 'done when': a Swiss-Manager-style export (ranks, points, TB1-TB3, printed with a
    program that cuts the pairing bye first) and the tournament's TRF announcing BH/C1, BH, SB:
    one command lists the numbers that do not follow fide-2026 and the rule each one follows."""
    rules = get("fide-2026").with_options(cut_priority="unplayed")
    codes = ["BH/C1", "BH", "SB"]
    st = compute_standings(swiss, codes, rules)
    path = tmp_path / "ranking.csv"
    with open(path, "w", newline="", encoding="cp1252") as f:
        f.write("Final Ranking after 5 Rounds\n\n")
        w = csv.writer(f, delimiter=";")
        w.writerow(["Rk.", "SNo", "", "Name", "FED", "Rtg", "Club/City", "Pts.", " TB1 ", " TB2 ", " TB3 "])
        for k, r in enumerate(st.rows, 1):
            w.writerow(
                [
                    k,
                    r.player.start_number,
                    "",
                    r.player.name,
                    "NOR",
                    r.player.rating,
                    "Oslo",
                    decimal_text(r.points, comma=True),
                ]
                + [decimal_text(r.values[c], 2, comma=True) for c in codes]
            )
        f.write("\nTie Break1: Buchholz Tie-Breaks (variabel with parameter)\n")
    trf = tmp_path / "event.trf"
    trf.write_text(write_trf(replace(swiss, tiebreaks=tuple(codes))))
    code, out, _ = run_cli("audit", trf, "--published", path, "--rules", "fide-2026")
    assert code == 0, out
    assert "80 values checked: 79 agree, 1 explained, 0 unexplained" in out
    assert "BH/C1   16 checked, 15 agree; the whole column follows fide-2026+cut_priority=unplayed," in out
    assert "#6 Franck, BH/C1: published 9,00 (ranking.csv:9, column 'TB1'); fide-2026 gives 10.5" in out
    assert "    follows fide-2026+cut_priority=unplayed, " in out
    assert "cuts round 3, pairing-allocated bye (2.5) instead of round 4, opponent 10 (1)" in out


def test_a_bulletin_published_during_the_event(swiss, tmp_path, run_cli):
    after3 = compute_standings(swiss, "BH,SB", conventions.get("fide-2024"), after_round=3)
    rows = [[r.player.start_number, decimal_text(r.values["BH"]), decimal_text(r.values["SB"])] for r in after3.rows]
    path = write_csv(tmp_path / "round3.csv", ["SNo", "BH", "SB"], rows)
    code, out, _ = run_cli("audit", SWISS, "--published", path, "--rules", "fide-2024", "--after-round", 3)
    assert code == 0 and "32 values checked: 32 agree" in out
    code, out, _ = run_cli("audit", SWISS, "--published", path, "--rules", "fide-2024")
    assert "32 values checked: 32 agree" not in out
    code, _, err = run_cli("audit", SWISS, "--published", path, "--after-round", 9)
    assert code == 2 and "--after-round 9: " in err and "has rounds 1..5" in err  # a usage error


def test_old_formats_get_a_clear_message(swiss, tmp_path):
    path = tmp_path / "ranking.xls"
    path.write_bytes(b"\xd0\xcf\x11\xe0")
    with pytest.raises(InputError, match=r"cannot read \.xls files: export the standings as CSV or \.xlsx"):
        read_published(path, swiss)


@pytest.mark.parametrize(
    "printed, rules",
    [
        # Seed 001 (Zilli, Spanish): Juan's Buchholz as the article prints it under each program's rule.
        ({"BH": "5,5", "BH/C1": "5,5", "BH/M1": "3,5"}, "standard"),
        ({"BH": "14,5", "BH/C1": "12,5", "BH/M1": "9"}, "fide-draws"),
    ],
)
def test_the_seed_articles_printed_numbers_are_traced_to_their_program(printed, rules, tmp_path):
    from test_seeds import juan

    t = juan()
    codes = list(printed)
    path = write_csv(
        tmp_path / "juan.csv", ["Nº", "Nombre"] + codes, [[1, "Juan"] + list(printed.values())], delimiter=";"
    )
    result = audit(t, read_published(path, t, mapping=["Nº=start"]), rules=get("fide-2026"))
    assert result.summary["unexplained"] == 0 and result.summary["agree"] == 0
    for f in result.findings:
        assert f.status == EXPLAINED and rules in f.matches, (f.code, f.matches)
    assert all(rules in c.reproduced_by for c in result.columns)
