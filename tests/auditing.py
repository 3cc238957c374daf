"""What the audit and compare tests share: the TEC exercise, the CLI runner and bulletins as a
program following some rules would print them."""

from __future__ import annotations

import csv
from dataclasses import replace
from pathlib import Path

from conftest import DATA, TEC_SWISS
from tbxl.formatting import decimal_text
from tbxl.io.trf import write_trf
from tbxl.rules import get
from tbxl.standings import compute_standings

SWISS = TEC_SWISS
RR = DATA / "tec-2023" / "held_round_robin.trf"
COLUMNS = ["BH/C1", "BH", "SB", "FB", "BH/M1", "SB/C1"]


def write_csv(path: Path, header: list[str], rows: list[list], delimiter: str = ",", encoding="utf-8") -> Path:
    with open(path, "w", newline="", encoding=encoding) as f:
        w = csv.writer(f, delimiter=delimiter)
        w.writerow(header)
        w.writerows(rows)
    return path


def published_under(t, rules, codes, tmp_path: Path, headers=None) -> Path:
    """A bulletin as a program following ``rules`` would print it: one column per code."""
    st = compute_standings(t, codes, get(rules) if isinstance(rules, str) else rules)
    rows = [
        [r.rank, r.player.start_number, r.player.name, decimal_text(r.points)]
        + [decimal_text(r.values[c], none="-") for c in codes]
        for r in st.rows
    ]
    name = (rules if isinstance(rules, str) else rules.name).replace("+", "_").replace("=", "-")
    return write_csv(tmp_path / f"{name}.csv", ["Rk.", "SNo", "Name", "Pts."] + (headers or codes), rows)


def with_ranks(t, ranking, tiebreaks) -> str:
    """The tournament as TRF with a 212 list and the rank column of ``ranking`` (positions)."""
    rank = {r.player.start_number: k for k, r in enumerate(ranking.rows, 1)}
    players = tuple(replace(p, declared_rank=rank[p.start_number]) for p in t.players)
    return write_trf(replace(t, players=players, tiebreaks=tuple(tiebreaks)))


def pdf_text(path) -> str:
    from test_report import pdf_text as text

    return text(path)
