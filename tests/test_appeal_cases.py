"""Two appeals an arbiter checks from the page alone (issue 35, "done when"), hand-worked.

Case A, ``data/appeal/de-three-tied-forfeit.trf`` (Swiss, 6 players, 4 rounds, ``202 DE,BH``):

    R1 1-4 1-0   5-2 0-1   3-6 1-0        Anna (1)  1 + 1 + 1 + 0 = 3
    R2 2-1 0-1   4-3 0-1   6-5 1-0        Boris (2) 1 + 0 + 1(+) + 1 = 3
    R3 3-2 -/+   5-1 0-1   4-6 ½-½        Clara (3) 1 + 1 + 0(-) + 1 = 3
    R4 1-3 0-1   5-4 1-0   6-2 0-1        Dmitri 0.5, Elena 1, Fyodor 1.5

Among Anna, Boris and Clara (White first): R2 Boris-Anna 0-1, R3 Clara-Boris lost by forfeit (left
out of a Swiss mini-table, 6.1.1), R4 Anna-Clara 0-1. Mini-table: Anna 1 (no game missing, maximum
1), Boris 0 (one missing, maximum 1), Clara 1 (one missing, maximum 2): nobody alone on top
whatever the missing game (6.3), DE separates nobody. BH (fide-2026): Anna 0.5 + 3 + 1 + 3 = 7.5;
Boris 1 + 3 + 3 (forfeit win: dummy with his own 3, capped at Clara's 3, not exceeded) + 1.5 = 8.5;
Clara 1.5 + 0.5 + 3 (forfeit loss: dummy 3, cap Boris's 3) + 3 = 8. Boris › Clara › Anna.

Case B, ``data/appeal/bh-bye-forfeit-withdrawn.trf`` (Swiss, 8 players, 5 rounds, ``202 BH/C1,BH``):
Anna (1) and Hugo (8) tie on 4. Anna: R1 beat Boris (2), who withdrew after round 2 (Z in rounds
3-5: 16.2.5, counted as draws, 0 -> 1.5, 16.3); R2 half-point bye (16.2.3: dummy with her own 4,
capped at a draw x 5 rounds = 2.5, 16.4.2; a VUR); R3 forfeit win over Clara (16.2.2: dummy 4 capped
at Clara's 2, 16.4.1); R4 Elena 2.5; R5 Dmitri 3. BH = 1.5 + 2.5 + 2 + 2.5 + 3 = 11.5; BH/C1 cuts
the VUR's 2.5 (16.5): 9. Hugo: Galina 3, a pairing-allocated bye (16.2.1: 4 capped at 2.5), Dmitri
3, Clara 2, Fyodor 2: BH 12.5, BH/C1 12.5 - 2 = 10.5. Hugo › Anna on BH/C1, 10.5 against 9.
"""

from __future__ import annotations

import json
from fractions import Fraction as F
from pathlib import Path

import pytest

from tbxl.cli import main
from tbxl.io.trf import read_trf
from tbxl.rules import get
from tbxl.standings import compute_standings

DATA = Path(__file__).parent / "data" / "appeal"
CASE_A = DATA / "de-three-tied-forfeit.trf"
CASE_B = DATA / "bh-bye-forfeit-withdrawn.trf"


def standings(path: Path):
    t = read_trf(str(path))
    return compute_standings(t, list(t.tiebreaks), get("fide-2026"))


def test_case_a_hand_worked_numbers():
    st = standings(CASE_A)
    assert [(r.number, r.points, r.values["BH"]) for r in st.rows[:3]] == [
        (2, 3, F(17, 2)),
        (3, 3, 8),
        (1, 3, F(15, 2)),
    ]
    (step,) = st.explain(1, "DE").steps
    assert [(m.round, m.first, m.second, m.result, m.points) for m in step.meetings] == [
        (2, 2, 1, "0", (0, 1)),
        (3, 3, 2, "-", None),
        (4, 1, 3, "0", (0, 1)),
    ]
    assert {r.member: (r.score, r.missing, r.maximum) for r in step.rows} == {1: (1, 0, 1), 2: (0, 1, 1), 3: (1, 1, 2)}
    assert step.tiers == ((1, 2, 3),)
    boris = st.explain(2, "BH")
    assert [t.adjusted for t in boris.terms] == [1, 3, 3, F(3, 2)]
    assert "cap: the opponent's adjusted score 3, not exceeded" in str(boris.terms[2].reason)


def test_case_b_hand_worked_numbers():
    st = standings(CASE_B)
    assert [(r.number, r.values["BH/C1"], r.values["BH"]) for r in st.rows[:2]] == [
        (8, F(21, 2), F(25, 2)),
        (1, 9, F(23, 2)),
    ]
    anna = st.explain(1, "BH/C1")
    assert [(t.round, t.real, t.adjusted, t.is_cut) for t in anna.terms] == [
        (1, 0, F(3, 2), False),
        (2, None, F(5, 2), True),
        (3, 2, 2, False),
        (4, F(5, 2), F(5, 2), False),
        (5, 3, 3, False),
    ]
    assert "the opponent's rounds 3 (Z), 4 (Z), 5 (Z) counted as draws" in str(anna.terms[0].reason)
    assert "capped at a draw x 5 rounds = 2.5" in str(anna.terms[1].reason)
    assert "capped at the opponent's adjusted score 2" in str(anna.terms[2].reason)


# The same numbers on the rendered page, in each language (numbers with the language's decimal mark).
PAGE = {
    "en": (
        [
            "2 2 Boris 1 Anna 0–1 0–1",
            "3 3 Clara 2 Boris −/+ –",
            "4 1 Anna 3 Clara 0–1 0–1",
            "Boris (2): 8.5 › Clara (3): 8 › Anna (1): 7.5",
        ],
        ["BH/C1 = 9", "BH = 11.5", "3 (Z), 4 (Z), 5 (Z)", "Hugo (8) is ahead of Anna (1)", "10.5 against 9"],
    ),
    "vi": (
        ["2 2 Boris 1 Anna 0–1 0–1", "3 3 Clara 2 Boris −/+ –", "Boris (2): 8,5 › Clara (3): 8 › Anna (1): 7,5"],
        ["BH/C1 = 9", "BH = 11,5", "3 (Z), 4 (Z), 5 (Z)", "10,5"],
    ),
    "ru": (
        ["2 2 Boris 1 Anna 0–1 0–1", "3 3 Clara 2 Boris −/+ –", "Boris (2): 8,5 › Clara (3): 8 › Anna (1): 7,5"],
        ["BH/C1 = 9", "BH = 11,5", "3 (Z), 4 (Z), 5 (Z)", "10,5"],
    ),
}


@pytest.mark.parametrize("lang", sorted(PAGE))
def test_the_appeal_pdfs_show_every_number(tmp_path, lang):
    pytest.importorskip("weasyprint")
    from test_report import pdf_text

    a_lines, b_lines = PAGE[lang]
    for path, players, lines in ((CASE_A, "1,2,3", a_lines), (CASE_B, "1,8", b_lines)):
        out = tmp_path / f"{path.stem}-{lang}.pdf"
        assert main(["explain", str(path), "--player", players, "--lang", lang, "-o", str(out)]) == 0
        text = " ".join(pdf_text(out).split())  # a reason wrapped over lines reads as one
        for line in lines:
            assert line in text, (path.name, lang, line)
        assert "○" in text and "●" in text  # the colour marks, with their key


def test_forcing_other_rules_warns_on_stderr_and_on_the_page(tmp_path, capsys):
    pytest.importorskip("jinja2")
    assert main(["explain", str(CASE_B), "--player", "1", "--rules", "fide-2024"]) == 0
    err = capsys.readouterr().err
    assert "warning: rules fide-2024 are not those in force when the event started (2026-06-01): fide-2026" in err
    out = tmp_path / "b.html"
    assert main(["explain", str(CASE_B), "--player", "1", "--rules", "fide-2024", "-o", str(out)]) == 0
    html = out.read_text(encoding="utf-8")
    assert "the rules in force then were FIDE C.07 (2026) (fide-2026), not these" in html
    assert "Reason [article C.07 (2023/2024)]" in html
    capsys.readouterr()
    assert main(["explain", str(CASE_B), "--player", "1"]) == 0
    assert "warning" not in capsys.readouterr().err


def test_explain_names_its_list_and_ranks_as_compute(capsys):
    # issue 35 item 6: `explain --team 6` and `compute` on the same file and options give one rank
    team = Path(__file__).resolve().parents[1] / "tbxl" / "examples" / "team.trf"
    for extra, rank in (([], "4"), (["--tiebreaks", "MP,GP,EDE,BH:MP"], "6")):
        assert main(["compute", str(team), "--no-config", "--format", "json", *extra]) == 0
        doc = json.loads(capsys.readouterr().out)
        assert next(s["rank_label"] for s in doc["standings"] if s["team_number"] == 6) == rank
        assert main(["explain", str(team), "--no-config", "--team", "6", *extra]) == 0
        out = capsys.readouterr().out.splitlines()
        assert out[0].startswith(f"Azerbaijan (team 6), rank {rank}, rules fide-2024, tie-breaks MP,")


def test_a_dummy_always_says_its_cap_or_that_the_rules_have_none():
    t = read_trf(str(CASE_B))
    new = compute_standings(t, ["BH"], get("fide-2026"))
    old = compute_standings(t, ["BH"], get("fide-2024"))
    # 2026: Anna's half-point bye is capped (4 > 2.5)
    assert "capped at a draw x 5 rounds = 2.5" in str(new.explain(1, "BH").terms[1].reason)
    assert not new.explain(1, "BH").notes
    # 2023/2024: the dummy is the own score, uncapped, and the derivation says there is no cap
    anna = old.explain(1, "BH")
    assert [t.adjusted for t in anna.terms] == [F(3, 2), 4, 4, F(5, 2), 3]
    assert [str(n) for n in anna.notes] == [
        "the dummy is not capped under these rules (the caps of 16.4.1 and 16.4.2 came with the 2026 text)"
    ]
