"""A third kind of event plugs in as one module (issue 38 item 2): tests/kind_scheveningen.py, a
Scheveningen match, registers a ranking and a projection; the standings, their table, CSV, JSON
and spill work, and every edge it does not implement says "not supported" (NotSupported, exit 1
with one line on the command line), never taking the individual or the team way. A kind that
registers nothing cannot even be ranked."""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import ClassVar

import pytest

import kind_scheveningen as sch
from tbxl.errors import InputError, NotSupported
from tbxl.model import Tournament
from tbxl.projection import csv_document, json_document, spill, table_text
from tbxl.standings import compute_standings

KIND = "scheveningen"


@pytest.fixture
def registered():
    sch.register()
    yield sch.match()
    sch.unregister()


def test_the_kind_ranks_its_players_and_shows_its_standings(registered):
    m = registered
    # Side A: Anna 1 + 1 + 0, Arno 1/2 + 1 + 1/2, Ada 0 + 1/2 + 1 = 5.5 of 9; side B 3.5.
    assert m.side_points() == (Fraction(11, 2), Fraction(7, 2))
    st = compute_standings(m, "PTS,SB")
    # Bo, Arno and Anna on 2 points, by SB: Bo beat Ada (1.5) and Anna (2) = 3.5; Arno drew Bert
    # (0.5) and Bea (1), beat Bo (2) = 2.75; Anna beat Bea (1) and Bert (0.5) = 1.5.
    assert [(r.rank_label, r.number, r.points, r.values["SB"]) for r in st.rows] == [
        ("1", 6, 2, Fraction(7, 2)),
        ("2", 2, 2, Fraction(11, 4)),
        ("3", 1, 2, Fraction(3, 2)),
        ("4", 3, Fraction(3, 2), 1),
        ("5", 4, 1, Fraction(7, 4)),
        ("6", 5, Fraction(1, 2), 1),
    ]
    lines = table_text(st).splitlines()
    assert lines[0] == "Scheveningen: Scheveningen match Amber 5.5 - 3.5 Blue - rules fide-2026"
    assert lines[2].split() == ["1", "6", "Bo", "2", "3.5"]
    assert csv_document(st).splitlines()[1].split(",")[:3] == ["1", "6", "Bo"]
    assert json.loads(json_document(st))["standings"][0]["name"] == "Bo"
    assert spill(st)[0][:3] == ["Rank", "SNo", "Name"]


def test_every_edge_it_does_not_implement_says_so(registered, tmp_path):
    from tbxl import report
    from tbxl.audit import compare as compare_rules
    from tbxl.audit.engine import engine_for
    from tbxl.audit.text import render_compare_text
    from tbxl.io.published import meaning_for, who_for
    from tbxl.io.trf.export import standings_trf
    from tbxl.rules import get
    from tbxl.workbook import write_workbook

    m = registered
    st = compute_standings(m)
    edges = {
        "the report": lambda: report.build_view(st),
        "the audit": lambda: engine_for(m),
        "the comparison's text": lambda: render_compare_text(compare_rules(m, [get("fide-2024"), get("fide-2026")])),
        "the workbook": lambda: write_workbook(m, tmp_path / "w.xlsx"),
        "a TRF of the standings": lambda: standings_trf(st),
        "an audit of published standings": lambda: meaning_for(m),
    }
    for what, edge in edges.items():
        with pytest.raises(NotSupported) as caught:
            edge()
        assert str(caught.value) == f"{what} is not supported for a {KIND} event", what
        assert isinstance(caught.value, InputError)  # a user's mistake: exit 1, never a traceback
    with pytest.raises(NotSupported, match="an audit of published standings is not supported"):
        who_for(m)
    assert not (tmp_path / "w.xlsx").exists()


@pytest.mark.parametrize(
    "argv, what",
    [
        (["report", "-o", "r.html"], "the report"),
        (["workbook", "-o", "w.xlsx"], "the workbook"),
        (["compute", "-o", "final.trf"], "a TRF of the standings"),
        (["audit"], "the audit"),
        (["compare", "--rules", "fide-2024,fide-2026"], "the comparison's text"),
    ],
)
def test_the_command_line_says_it_in_one_line(registered, run_cli, tmp_path, monkeypatch, argv, what):
    from tbxl.cli import commands
    from tbxl.io.trf.writer import write_trf

    path = tmp_path / "match.trf"
    ranked = tuple(replace(p, declared_rank=p.start_number) for p in registered.players)  # for audit to check
    path.write_text(write_trf(Tournament(ranked, registered.rounds, name="Scheveningen")), "utf-8")
    read = commands.load
    monkeypatch.setattr(commands, "load", lambda args, kind: sch.as_scheveningen(read(args, kind)))
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(argv[0], path, *argv[1:], "--no-config")
    assert (code, err) == (1, f"tbxl: error: {what} is not supported for a {KIND} event\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["match.trf"]  # nothing written
    # and what it implements runs: the standings' table with the kind's own title
    code, out, err = run_cli("compute", path, "--no-config")
    assert code == 0 and "Scheveningen match Amber" in out.splitlines()[0], err


class Unregistered(enum.Enum):
    DOUBLE_SWISS = "double-swiss"


@dataclass(frozen=True)
class DoubleSwiss(Tournament):
    kind: ClassVar = Unregistered.DOUBLE_SWISS  # type: ignore[assignment]


def test_a_kind_that_registers_nothing_is_not_ranked_the_individual_way():
    m = sch.match()
    event = DoubleSwiss(m.players, m.rounds, name="x")
    with pytest.raises(NotSupported, match="^ranking is not supported for a double-swiss event$"):
        compute_standings(event)
