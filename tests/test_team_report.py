"""The team report: view data (standings, crosstable, boards, board prizes, ties, derivations), the
five languages, escaping of untrusted names, and a small PDF."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tbxl.cli import main
from tbxl.team.report import build_team_view, render_team_pdf, team_labels
from tbxl.team.standings import compute_team_standings
from tbxl.team.trf import read_team_trf

sys.path.insert(0, str(Path(__file__).parents[1] / "benchmarks"))
from generate_team import event_trf  # noqa: E402

A_ROUNDS = [[("M", 1, 2, "1="), ("M", 3, 4, "==")],
            [("M", 1, 3, "=0"), ("M", 2, 4, "10")],
            [("M", 1, 4, "11"), ("M", 2, 3, "==")]]
LANGS = ("en", "es", "ru", "vi", "ms")


@pytest.fixture(scope="module")
def standings():
    return compute_team_standings(read_team_trf(event_trf(4, 2, A_ROUNDS)), "MPTS,EDE,EMGSB/C1,BC", "fide-2024")


def test_view(standings):
    v = build_team_view(standings, min_games=3)
    assert [(r["rank"], r["no"], r["points"], r["values"]) for r in v["rows"]] == [
        ("1", 3, "4", ["1", "8", "5.5"]), ("2", 1, "4", ["2", "6", "5.5"]),
        ("3", 2, "2", ["1", "6", "3.5"]), ("4", 4, "2", ["1", "4", "3.5"])]
    assert v["crosstable"][1] == {"no": 1, "name": "Team 1", "cells": ["2w1½", "3w½", "4w2"]}
    # Ties: T3 over T1 by EDE (their match 1.5-0.5); T2 over T4 by EMGSB/C1 (6 > 4).
    assert [[s["code"] for s in g["steps"]] for g in v["ties"]] == [["EDE"], ["EMGSB/C1"]]
    one = [b for b in v["boards"] if b["no"] == 1][0]
    assert one["rounds"][0][5] == "1. Player 11 1 (Player 21); 2. Player 12 = (Player 22)"
    # Board 1: player 11 scored 1 + 0.5 + 1 = 2.5 of 3 (83.3 %).
    b1 = v["prizes"][0]
    assert b1["board"] == 1 and b1["rows"][0]["sn"] == 11 and b1["rows"][0]["points"] == "2.5"
    assert b1["rows"][0]["percent"] == "83.3" and b1["rows"][0]["ranked"]
    # Every team is tied on MP with another: derivations of MP + the three codes for all four.
    assert len(v["teams"]) == 4 and [d["code"] for d in v["teams"][0]["derivations"]] == ["MP", "EDE", "EMGSB/C1", "BC"]
    ede = v["teams"][0]["derivations"][1]
    assert ede["value"] == "1" and ede["table"].splitlines()[1].startswith("primary score (MP)")


@pytest.mark.parametrize("lang", LANGS)
def test_languages(standings, lang):
    L = team_labels(lang)
    assert set(L["team"]) == set(team_labels("en")["team"])
    v = build_team_view(standings, lang=lang)
    from tbxl.report import render_html
    html = render_html(v, "team.html.j2")
    assert L["team"]["title"] in html and L["team"]["crosstable"] in html
    if lang in ("es", "ru", "vi"):
        assert "5,5" in html  # decimal comma


def test_names_are_escaped():
    text = event_trf(4, 2, A_ROUNDS).replace("Team 1  ", "<b>x</b>", 1)
    st = compute_team_standings(read_team_trf(text), "MPTS,EDE")
    from tbxl.report import render_html
    html = render_html(build_team_view(st), "team.html.j2")
    assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html


def test_pdf(standings, tmp_path):
    pytest.importorskip("weasyprint")
    out = tmp_path / "team.pdf"
    render_team_pdf(standings, out, lang="vi")
    assert out.read_bytes()[:5] == b"%PDF-"


def test_cli_report(tmp_path, capsys):
    src = tmp_path / "a.trf"
    src.write_text(event_trf(4, 2, A_ROUNDS))
    out = tmp_path / "a.html"
    assert main(["report", str(src), "-o", str(out), "--html", "--min-games", "3", "--players", "1,3"]) == 0
    html = out.read_text()
    assert "Board prizes" in html and "Match crosstable" in html
    assert main(["report", str(src), "-o", str(out), "--players", "9"]) == 1


def test_ede_steps_are_translated(standings):
    v = build_team_view(standings, lang="es")
    ede = v["teams"][0]["derivations"][1]
    assert "puntuación principal (MP)" in ede["table"] and "primary score" not in ede["table"]
