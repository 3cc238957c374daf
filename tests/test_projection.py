"""The projection of the standings (tbxl.projection): the forms of `tbxl compute` are one call of
the Python API each, byte for byte what the command prints for the same options."""

from __future__ import annotations

from pathlib import Path

import pytest

import tbxl
from tbxl.categories import classify, parse_category
from tbxl.cli import main
from tbxl.playoffs import Decision, decide
from tbxl.prizes import parse_prizes
from tbxl.rating_change import rating_changes

ROOT = Path(__file__).parents[1]
SWISS = str(ROOT / "tbxl" / "examples" / "held_swiss_5.trf")
TEAM = str(ROOT / "tests" / "data" / "team" / "grandmommyscup.trf")


def printed(capsys, *args: str) -> str:
    capsys.readouterr()
    assert main(list(args)) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(
    "fmt, call", [("json", tbxl.json_document), ("csv", tbxl.csv_document), ("table", tbxl.table_text)]
)
def test_each_form_is_what_compute_prints(capsys, fmt, call):
    st = tbxl.rank(tbxl.read(SWISS), "BH/C1", tbxl.resolve("fide-2024", None))
    st = decide(st, Decision.of(["16>1"], "Open2026"))  # 1 and 16 share 4-5; 8 and 11 share 7-8: lots
    cl = classify(st, [parse_category("Strong=rating>=2000")], {None: parse_prizes("1:500,2:300,3:200")})
    changes = rating_changes(st.tournament)
    out = printed(
        capsys,
        "compute",
        SWISS,
        "--tiebreaks",
        "BH/C1",
        "--rules",
        "fide-2024",
        "--format",
        fmt,
        "--playoff",
        "16>1",
        "--lots",
        "Open2026",
        "--category",
        "Strong=rating>=2000",
        "--prizes",
        "1:500,2:300,3:200",
        "--rating-change",
        "--no-config",
    )
    assert call(st, cl, changes) == out
    team = tbxl.rank(tbxl.read(TEAM), "MPTS,EDE,BH:MP", tbxl.resolve("fide-2024", None))
    assert call(team) == printed(
        capsys, "compute", TEAM, "--tiebreaks", "MPTS,EDE,BH:MP", "--rules", "fide-2024", "--format", fmt, "--no-config"
    )


def test_the_lines_are_the_standings_exactly():
    st = tbxl.rank(tbxl.read(SWISS), "BH/C1,BH,SB", tbxl.preset("fide-2024"))
    p = tbxl.project(st)
    david = next(line for line in p.lines if line.number == 4)
    # The TEC exercise: David (no. 4) has BH/C1 11.5, rank 3 ahead of Alyx (no. 1) on it.
    assert (david.rank_label, david.values[0]) == ("3", st.row(4).values["BH/C1"]) and david.values[0] * 2 == 23
    assert len(p.by_round) == st.tournament.rounds and p.by_round[-1].row(4).rank_label == "3"
    assert p.kind.noun == "player" and tbxl.project(tbxl.rank(tbxl.read(TEAM))).kind.noun == "team"


def test_a_team_event_has_no_prizes_or_rating_changes():
    team = tbxl.rank(tbxl.read(TEAM))
    with pytest.raises(TypeError):
        tbxl.json_document(team, rating_changes={})
