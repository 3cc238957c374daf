"""tbxl audit and tbxl compare: published numbers checked against the rules, each difference
traced to the rule set that produces it; standings under several conventions side by side."""

from __future__ import annotations

import csv
import json
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from conftest import DATA, load_json
from tbxl.audit import AGREE, EXPLAINED, RANK, UNEXPLAINED, Published, PublishedValue, audit, candidates
from tbxl.cli import main
from tbxl.changes import changes
from tbxl.compare import compare
from tbxl.tiebreaks import Context, explain, parse
from tbxl.conventions import PRESETS, get
from tbxl.errors import InputError
from tbxl.formatting import decimal_text, to_decimal
from tbxl.model import Pairing
from tbxl.published import published_from_rows, read_published
from tbxl.standings import compute_standings
from tbxl.trf import read_trf, write_trf

SWISS = DATA / "tec-2023" / "held_swiss_5.trf"
RR = DATA / "tec-2023" / "held_round_robin.trf"
COLUMNS = ["BH/C1", "BH", "SB", "FB", "BH/M1", "SB/C1"]


@pytest.fixture(scope="module")
def swiss():
    return read_trf(SWISS)


def run(capsys, *args):
    try:
        code = main([str(a) for a in args])
    except SystemExit as exc:  # argparse usage errors
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def write_csv(path: Path, header: list[str], rows: list[list], delimiter: str = ",", encoding="utf-8") -> Path:
    with open(path, "w", newline="", encoding=encoding) as f:
        w = csv.writer(f, delimiter=delimiter)
        w.writerow(header)
        w.writerows(rows)
    return path


def published_under(t, rules, codes, tmp_path: Path, headers=None) -> Path:
    """A bulletin as a program following ``rules`` would print it: one column per code."""
    st = compute_standings(t, codes, get(rules) if isinstance(rules, str) else rules)
    rows = [[r.rank, r.player.start_number, r.player.name, decimal_text(r.points)]
            + [decimal_text(r.values[c], none="-") for c in codes] for r in st.rows]
    name = (rules if isinstance(rules, str) else rules.name).replace("+", "_").replace("=", "-")
    return write_csv(tmp_path / f"{name}.csv", ["Rk.", "SNo", "Name", "Pts."] + (headers or codes), rows)


# -- values: each named convention is recognised -------------------------------------------------

def _differs(t, a, b, codes) -> set:
    sa, sb = compute_standings(t, codes, a), compute_standings(t, codes, b)
    return {(r.player.start_number, c) for r in sa.rows for c in codes
            if r.values[c] != sb.row(r.player.start_number).values[c]}


@pytest.mark.parametrize("preset", [p for p in PRESETS if p != "fide-2026"])
def test_a_bulletin_made_under_each_convention_is_traced_to_it(swiss, tmp_path, preset):
    path = published_under(swiss, preset, COLUMNS, tmp_path)
    table = read_published(path, swiss, tiebreaks=COLUMNS)
    result = audit(swiss, table, rules="fide-2026", tiebreaks=COLUMNS)
    expected = _differs(swiss, get("fide-2026"), get(preset), COLUMNS)
    assert expected, f"{preset} gives the same numbers as fide-2026 on the exercise: the test could not fail"
    found = {(f.start_number, f.code) for f in result.findings if f.status != AGREE and f.code in COLUMNS}
    assert found == expected
    for f in result.findings:
        if (f.start_number, f.code) in expected:
            assert f.status == EXPLAINED and preset in f.matches, (f.start_number, f.code, f.matches)
            assert f.changes, "an explained difference names the term that makes it"
        elif f.code in COLUMNS or f.code == "PTS":
            assert f.status == AGREE
        else:  # a rank printed by the other rules: explained by them, never unexplained
            assert f.status == AGREE or (f.status == EXPLAINED and preset in f.matches), (f.start_number, f.matches)
    for col in result.columns:
        if any(code == col.code for _, code in expected):
            assert preset in col.reproduced_by, (col.code, col.reproduced_by)
            # the rule set named first for a value is one that gives the whole column
            for f in result.findings:
                if f.code == col.code and f.status == EXPLAINED:
                    assert f.matches[0] in col.reproduced_by
    assert result.ok
    ranks = sum(f.status == EXPLAINED for f in result.findings if f.code == RANK)
    assert result.summary["unexplained"] == 0 and result.summary["explained"] == len(expected) + ranks


def test_david_bh_under_the_2024_text(swiss):
    """C07 §5: David #4 has BH 15 under fide-2024, 14 under fide-2026: his round-2 HPB dummy is
    capped at 0.5 x 5 rounds = 2.5 instead of his own 3.5 points (16.4.2)."""
    table = Published("bulletin", [PublishedValue(4, "BH", "15.0", Fraction(15), 1, "bulletin:5")])
    f = audit(swiss, table, rules="fide-2026").findings[0]
    assert (f.status, f.computed, f.matches[0]) == (EXPLAINED, 14, "fide-2024")
    assert [str(c) for c in f.changes] == [
        "round 2, half-point bye: 3.5 instead of 2.5, without “capped at a draw x 5 rounds”"]


def test_pairing_bye_cut_first_swiss_manager_style(swiss):
    """C07 §8.4: Swiss-Manager cuts a PAB dummy first. Franck #6 (PAB in round 3, opponents
    14, 3, 10, 8 with 2, 3.5, 1, 2.5): cutting the capped dummy 2.5 instead of opponent 10's 1 gives
    2 + 3.5 + 1 + 2.5 = 9, not the 10.5 of C.07 16.5."""
    table = Published("bulletin", [PublishedValue(6, "BH/C1", "9", Fraction(9), 0, "bulletin:7")])
    f = audit(swiss, table, rules="fide-2026").findings[0]
    assert f.status == EXPLAINED and f.computed == Fraction(21, 2)
    assert "fide-2026+cut_priority=unplayed" in f.matches
    assert "fide-2026" not in f.matches
    rules = get("fide-2026")
    found = changes(explain(Context(swiss, rules), parse("BH/C1"), 6),
                    explain(Context(swiss, rules.with_options(cut_priority="unplayed")), parse("BH/C1"), 6))
    assert [str(c) for c in found] == [
        "cuts round 3, pairing-allocated bye (2.5) instead of round 4, opponent 10 (1)"]


def test_a_whole_column_cut_swiss_manager_style_names_that_setting_first(swiss, tmp_path):
    rules = get("fide-2026").with_options(cut_priority="unplayed")
    path = published_under(swiss, rules, ["BH/C1", "BH/M1"], tmp_path)
    result = audit(swiss, read_published(path, swiss), rules="fide-2026", tiebreaks="BH/C1,BH/M1")
    diffs = [f for f in result.differences if f.code != RANK]
    assert {(f.start_number, f.code) for f in diffs} == {(6, "BH/C1"), (6, "BH/M1")}
    for f in diffs:
        assert f.matches[0].endswith("cut_priority=unplayed"), f.matches
        assert str(f.changes[0]).startswith("cuts round 3, pairing-allocated bye (2.5) instead of round 4")


def test_a_number_no_rule_gives_is_unexplained(swiss, tmp_path, capsys):
    path = write_csv(tmp_path / "b.csv", ["SNo", "BH", "SB"], [[1, "12.5", "8"], [2, "99", "9.5"]])
    result = audit(swiss, read_published(path, swiss), rules="fide-2026")
    by = {(f.start_number, f.code): f for f in result.findings}
    assert by[1, "BH"].status == AGREE and by[1, "SB"].status == AGREE and by[2, "SB"].status == AGREE
    assert by[2, "BH"].status == UNEXPLAINED and by[2, "BH"].matches == []
    assert result.summary == {"checked": 4, "agree": 3, "explained": 0, "unexplained": 1, "skipped": 0}
    assert not result.ok
    code, out, _ = run(capsys, "audit", SWISS, "--published", path, "--rules", "fide-2026")
    assert code == 1
    assert "#2 Bruno, BH: published 99 (b.csv:3, column 'BH'); fide-2026 gives 13" in out
    assert "UNEXPLAINED" in out


def test_rounded_publications_agree(swiss):
    """Published averages are rounded: AOB of David #4 is 107/8 = 13.375, printed 13.38, 13.4 or
    (truncated) 13.37; 13.36 is a different number."""
    def status(text):
        pv = PublishedValue(4, "AOB", text, Fraction(Decimal(text)), len(text.split(".")[1]), "x")
        return audit(swiss, Published("x", [pv]), rules="fide-2024").findings[0].status
    assert [status(x) for x in ("13.38", "13.4", "13.37", "13.375")] == [AGREE] * 4
    assert status("13.36") != AGREE


def test_de_is_not_checked_as_a_number(swiss):
    table = Published("x", [PublishedValue(2, "DE", "1", Fraction(1), 0, "x")])
    f = audit(swiss, table, rules="fide-2024").findings[0]
    assert f.status == "skipped" and "rank check" in f.why_skipped


def test_candidates_cover_every_preset_and_documented_switch():
    names = [c.name for c in candidates(get("fide-2026"))]
    assert set(PRESETS) - {"fide-2026"} <= set(names)
    for setting in ("cut_priority=unplayed", "vur_cut=always", "vur_cut=none", "fpb_returns_to_play=false",
                    "dummy_cap_rounds=scheduled", "short_games=unplayed", "exceptions_15_2=false"):
        assert f"fide-2026+{setting}" in names
    assert len(names) == len(set(names))
    assert names[0] == "fide-2024"  # presets first: an edition as a whole is the most telling answer


# -- ranks --------------------------------------------------------------------------------------

def _with_ranks(t, ranking, tiebreaks) -> str:
    """The tournament as TRF with a 212 list and the rank column of ``ranking`` (positions)."""
    rank = {r.player.start_number: k for k, r in enumerate(ranking.rows, 1)}
    players = tuple(replace(p, declared_rank=rank[p.start_number]) for p in t.players)
    return write_trf(replace(t, players=players, tiebreaks=tuple(tiebreaks)))


def test_rank_column_that_follows_the_212_list_agrees(swiss, tmp_path, capsys):
    codes = ["BH/C1", "BH", "SB"]
    path = tmp_path / "ok.trf"
    path.write_text(_with_ranks(swiss, compute_standings(swiss, codes, "fide-2024"), codes))
    code, out, _ = run(capsys, "audit", path, "--rules", "fide-2024")
    assert code == 0, out
    assert "16 values checked: 16 agree, 0 explained, 0 unexplained" in out


def test_rank_column_that_disagrees_with_the_212_list_is_caught(swiss, tmp_path, capsys):
    """The ranks were made with SB first while the 212 record announces BH/C1, BH, SB."""
    announced, used = ["BH/C1", "BH", "SB"], ["SB", "BH/C1", "BH"]
    real = compute_standings(swiss, announced, "fide-2024")
    printed = compute_standings(swiss, used, "fide-2024")
    path = tmp_path / "wrong.trf"
    path.write_text(_with_ranks(swiss, printed, announced))
    result = audit(read_trf(path), Published("x", []), rules="fide-2024")  # sanity: nothing published
    assert result.summary["checked"] == 0
    from tbxl.published import published_ranks
    t = read_trf(path)
    result = audit(t, published_ranks(t), rules="fide-2024")
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
    code, out, _ = run(capsys, "audit", path, "--rules", "fide-2024", "--format", "json")
    doc = json.loads(out)
    assert code == 0  # explained ...
    assert {f["start_number"] for f in doc["findings"]} == outside
    assert all(f["code"] == RANK for f in doc["findings"])
    code, _, _ = run(capsys, "audit", path, "--rules", "fide-2024", "--fail-on", "difference")
    assert code == 1  # ... but a difference all the same
    pdf = tmp_path / "ranks.pdf"
    run(capsys, "audit", path, "--rules", "fide-2024", "-o", pdf)
    text = _pdf_text(pdf)
    assert "Published ranks that differ, by group equal on points" in text
    assert "tie-breaks in the order SB, BH/C1, BH instead of BH/C1, BH, SB" in text
    # Paul #14 (2 points): published 10th, 12th under the 212 list, 10th with SB first
    assert "14 Paul 10 12 10 9 / 9 11 / 11 4.5 / 4.5" in text


def test_a_rank_against_the_points_is_unexplained(swiss, tmp_path, capsys):
    """No tie-break rule moves a 1.0-point player above a 4.0-point one."""
    st = compute_standings(swiss, "BH/C1,BH,SB", "fide-2024")
    text = _with_ranks(swiss, st, ["BH/C1", "BH", "SB"])
    lines = text.splitlines()
    # swap the ranks of the leader Bruno (#2, 4.0) and the last, Lais (#10, 1.0)
    i2 = next(k for k, l in enumerate(lines) if l.startswith("001    2 "))
    i10 = next(k for k, l in enumerate(lines) if l.startswith("001   10 "))
    r2, r10 = lines[i2][85:89], lines[i10][85:89]
    lines[i2] = lines[i2][:85] + r10 + lines[i2][89:]
    lines[i10] = lines[i10][:85] + r2 + lines[i10][89:]
    path = tmp_path / "swapped.trf"
    path.write_text("\n".join(lines) + "\n")
    code, out, _ = run(capsys, "audit", path, "--rules", "fide-2024")
    assert code == 1
    assert "#2 Bruno, rank: published 16" in out and "#10 Lais, rank: published 1 " in out
    assert out.count("UNEXPLAINED") == 2
    # said as it is: no tie-break order is to blame (C.07 4.2: points rank first)
    assert out.count("contradicts the points") == 2 and "no named convention" not in out


def test_audit_without_a_rank_column_says_what_to_do(tmp_path, capsys):
    t = read_trf(SWISS)
    path = tmp_path / "norank.trf"
    path.write_text(write_trf(replace(t, players=tuple(replace(p, declared_rank=None) for p in t.players))))
    code, _, err = run(capsys, "audit", path)
    assert code == 1 and "no rank column" in err and "--published" in err


# -- reading published tables -------------------------------------------------------------------

def test_swiss_manager_style_export(swiss, tmp_path):
    """Title lines above the header, semicolons, decimal commas, CP1252, numbered TB columns
    mapped onto the file's tie-break list."""
    st = compute_standings(swiss, "BH/C1,BH,SB", "fide-2024")
    rows = [[r.rank, r.player.start_number, "", r.player.name, "NOR", r.player.rating,
             decimal_text(r.points, comma=True)]
            + [decimal_text(r.values[c], comma=True) for c in ("BH/C1", "BH", "SB")] for r in st.rows]
    path = tmp_path / "sm.csv"
    with open(path, "w", newline="", encoding="cp1252") as f:
        f.write("Final Ranking crosstable after 5 Rounds\n\n")
        w = csv.writer(f, delimiter=";")
        w.writerow(["Rk.", "SNo", "", "Name", "FED", "Rtg", "Pts.", "TB1", "TB2", "TB3"])
        w.writerows(rows)
        f.write("\nTie Break1: Buchholz Tie-Breaks (variabel with parameter)\n")
    table = read_published(path, swiss, tiebreaks=["BH/C1", "BH", "SB"])
    assert table.tiebreaks == ["BH/C1", "BH", "SB"]
    codes = {v.code for v in table.values}
    assert codes == {"RANK", "PTS", "BH/C1", "BH", "SB"}
    david = {v.code: v for v in table.values if v.start_number == 4}
    assert david["SB"].value == Fraction(39, 4) and david["SB"].text == "9,75"
    assert david["BH"].place == "sm.csv:6, column 'TB2'"
    result = audit(swiss, table, rules="fide-2024")
    assert result.summary == {"checked": 80, "agree": 80, "explained": 0, "unexplained": 0, "skipped": 0}


def test_xlsx_published_table(swiss, tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Standings"
    ws.append(["Start No", "Player", "Buchholz Cut 1", "Sonneborn-Berger"])
    ws.append([4, "David", 11.5, 9.75])
    ws.append([6, "Franck", 11, "6,5"])
    path = tmp_path / "bulletin.xlsx"
    wb.save(path)
    table = read_published(path, swiss)
    assert [(v.start_number, v.code, v.value) for v in table.values] == [
        (4, "BH/C1", Fraction(23, 2)), (4, "SB", Fraction(39, 4)), (6, "BH/C1", 11), (6, "SB", Fraction(13, 2))]
    assert table.values[0].place == "bulletin.xlsx!Standings!C2, column 'Buchholz Cut 1'"
    assert audit(swiss, table, rules="fide-2024").summary["agree"] == 4


def test_published_from_rows_reads_cells_as_a_spreadsheet_shows_them(swiss):
    """Rows of cells (what a spreadsheet range holds) read like a CSV: floats as the decimal they
    show, at most Excel's 15 significant digits (79/6 computed in Excel is 13.166666666666666,
    shown as 13.1666666666667), text with a decimal comma, empty cells not published."""
    table = published_from_rows(["SNo", "Name", "AOB", "SB", "Rk."],
                                [[14.0, "Paul", float(Fraction(79, 6)), "4,5", None],
                                 [4, "David", 13.375, 9.75, 3.0],
                                 [None, None, None, None, None]], swiss, source="sheet")
    assert [(v.start_number, v.code, v.text, v.value, v.decimals, v.place) for v in table.values] == [
        (14, "AOB", "13.1666666666667", Fraction(131666666666667, 10 ** 13), 13, "C2, column 'AOB'"),
        (14, "SB", "4,5", Fraction(9, 2), 2, "D2, column 'SB'"),
        (4, "AOB", "13.375", Fraction(107, 8), 13, "C3, column 'AOB'"),
        (4, "SB", "9.75", Fraction(39, 4), 2, "D3, column 'SB'"),
        (4, RANK, "3", 3, 0, "E3, column 'Rk.'")]
    assert table.tiebreaks == ["AOB", "SB"] and table.source == "sheet"
    assert audit(swiss, table, rules="fide-2024").summary == {"checked": 5, "agree": 5, "explained": 0,
                                                              "unexplained": 0, "skipped": 0}
    with pytest.raises(InputError, match=r"^E3: player 4: column 'Rk.': rank '3.5' is not a whole number"):
        published_from_rows(["SNo", "Name", "AOB", "SB", "Rk."], [[], [4, "David", 13.375, 9.75, 3.5]], swiss)
    with pytest.raises(InputError, match=r"the header row \('Name', 'BH'\) has no start-number column"):
        published_from_rows(["Name", "BH"], [["David", 15]], swiss)
    with pytest.raises(InputError, match=r"the header row \('SNo', 'Name'\) has no tie-break, rank or points"):
        published_from_rows(["SNo", "Name"], [[4, "David"]], swiss)


def test_map_names_what_is_not_obvious(swiss, tmp_path):
    path = write_csv(tmp_path / "m.csv", ["Nr", "Wert A", "Wert B"], [[4, "15", "9.75"]])
    with pytest.raises(InputError, match="no header row"):
        read_published(path, swiss)
    table = read_published(path, swiss, mapping=["Wert A=BH", "Wert B=SB"])
    assert [(v.code, v.value) for v in table.values] == [("BH", 15), ("SB", Fraction(39, 4))]


@pytest.mark.parametrize("rows, message", [
    ([["SNo", "BH"], ["4", "1x"]], r"b\.csv:2: player 4: column 'BH' \(BH\): '1x' is not a number"),
    ([["SNo", "BH"], ["77", "12"]], r"b\.csv:2: no player with start number 77"),
    ([["SNo", "BH"], ["4", "12"], ["4", "13"]], r"b\.csv:3: start number 4 appears twice \(first at b\.csv:2\)"),
    ([["SNo", "BH", "BH-C1", "Buchholz"], ["4", "1", "2", "3"]], r"two columns hold BH"),
    ([["SNo", "TB1", "TB2"], ["4", "1", "2"]], r"column 'TB1' is tie-break 1, but the tie-break list has 0.*--map"),
    ([["Name", "Club"], ["A", "B"]], r"no header row"),
])
def test_bad_published_tables_are_located(swiss, tmp_path, rows, message):
    path = write_csv(tmp_path / "b.csv", rows[0], rows[1:])
    with pytest.raises(InputError, match=message):
        read_published(path, swiss)


def test_cli_errors_and_outputs(tmp_path, capsys):
    path = write_csv(tmp_path / "b.csv", ["SNo", "BH"], [["4", "15"]])
    code, _, err = run(capsys, "audit", SWISS, "--map", "TB1=BH")
    assert code == 2 and "--map names columns of a --published file" in err
    code, _, err = run(capsys, "audit", SWISS, "--published", tmp_path / "missing.csv")
    assert code == 1 and "missing.csv: no such file" in err
    code, _, err = run(capsys, "audit", SWISS, "--published", path, "-o", path)
    assert code == 1 and path.read_text().startswith("SNo")  # the input is never overwritten
    out_file = tmp_path / "audit.json"
    code, _, _ = run(capsys, "audit", SWISS, "--published", path, "--rules", "fide-2026", "--format", "json",
                     "-o", out_file)
    doc = json.loads(out_file.read_text())
    assert code == 0 and doc["ok"] is True
    assert doc["summary"] == {"checked": 1, "agree": 0, "explained": 1, "unexplained": 0, "skipped": 0}
    f = doc["findings"][0]
    assert (f["start_number"], f["code"], f["published"], f["computed"], f["matches"][0]) == (4, "BH", "15", 14, "fide-2024")


# -- compare ------------------------------------------------------------------------------------

def _two_places(v) -> Decimal:
    return to_decimal(Fraction(v), 2)


def test_compare_shows_exactly_the_2024_to_2026_changes_of_the_exercise(swiss):
    """C07 §5: the bold cells of the '26 columns are the only changes (values as published: the
    official 2024 answers, AOB to two decimals)."""
    official = load_json("tec-2023/expected-fide2024.json")["files"]["held_swiss_5.trf"]["tiebreaks"]
    section5 = load_json("tec-2023/expected-c07-section5.json")
    codes = ["BH", "BH/C1", "BH/C2", "BH/M1", "SB", "SB/C1", "FB", "AOB"]
    old = {c: {int(k): v for k, v in official.get(c.replace("/", "-"), {}).items()} for c in codes}
    for c in ("BH/C2", "BH/M1"):
        old[c] = {int(k): Fraction(v) for k, v in section5["fide-2024-derived"][c].items()}
    new = {c: {int(k): Fraction(v) for k, v in section5["fide-2026"][c].items()} for c in codes}
    bold = {(sn, c) for c in codes for sn in new[c] if sn in old[c]
            and _two_places(old[c][sn]) != _two_places(new[c][sn])}
    assert len(bold) == 27  # the bold cells of the table: 17 of #4, #6, #11, #12 and 10 AOB
    result = compare(swiss, "fide-2024,fide-2026", codes)
    changed = {(r.start_number, c) for r in result.rows for c in r.changed}
    assert changed == bold
    for r in result.rows:
        for c in r.changed:
            if c != "AOB":  # an average of other players' BH: its change is theirs
                assert r.changes[c, 1], (r.start_number, c)
    david = result.row(4)
    assert [str(x) for x in david.changes["BH", 1]] == [
        "round 2, half-point bye: 2.5 instead of 3.5, with “capped at a draw x 5 rounds”"]
    assert [str(x) for x in result.row(11).changes["BH", 1]] == [
        "round 4, forfeit win v. 9: 1.5 instead of 2.5, with “capped at the opponent's adjusted score”"]
    assert not any(r.rank_changed for r in result.rows if r.start_number not in (8, 11))


def test_compare_shows_the_2026_exceptions_of_15_2_in_the_round_robin():
    """C07 §1.1: in pre-determined pairings the 2026 text keeps every forfeit unplayed for rating
    tie-breaks and forfeit losses unplayed for type-B tie-breaks. The exercise's round robin has
    one forfeit (round 4, Franck #5 - Helene #6): Franck's ARO is (2200 + 2050 + 2150 + 2100) / 4 =
    2125 instead of (... + 2000) / 5 = 2100, Helene's (2150 + 2100 + 2050 + 2200) / 4 = 2125 instead
    of (... + 1950) / 5 = 2090, and Franck elected to play in 4 rounds, not 5. SB, KS and DE, which
    count the forfeit as a game in both texts, keep their official values."""
    t = read_trf(RR, pairing=Pairing.ROUND_ROBIN)
    codes = ["SB", "SB/C1", "KS", "DE", "ARO", "TPR", "WIN", "REP", "BPG"]
    result = compare(t, ["fide-2024", "fide-2026"], codes)
    changed = {(r.start_number, c) for r in result.rows for c in r.changed}
    assert changed == {(5, "ARO"), (5, "TPR"), (5, "REP"), (6, "ARO"), (6, "TPR")}
    assert result.row(5).values["ARO"] == [2100, 2125] and result.row(6).values["ARO"] == [2090, 2125]
    assert result.row(5).values["REP"] == [5, 4]
    assert [str(x) for x in result.row(6).changes["ARO", 1]] == ["leaves out round 4, forfeit win v. 5 (1950)"]
    assert not any(r.rank_changed for r in result.rows)


def test_compare_cli_text_and_json(capsys):
    code, out, _ = run(capsys, "compare", SWISS, "--rules", "fide-2024,fide-2026", "--tiebreaks", "BH/C1,BH,SB",
                       "--changed-only")
    assert code == 0
    assert "*13.5/12.5" in out  # Maria #11, BH
    assert "#4 David, BH 15 -> 14 under fide-2026:" in out
    code, out, _ = run(capsys, "compare", SWISS, "--rules", "fide-2024,fide-2026", "--tiebreaks", "BH/C1,BH,SB",
                       "--format", "json")
    doc = json.loads(out)
    maria = next(p for p in doc["players"] if p["start_number"] == 11)
    assert maria["rank"] == {"fide-2024": "7", "fide-2026": "8"} and maria["rank_changed"]
    assert maria["values"]["BH"] == {"fide-2024": 13.5, "fide-2026": 12.5}
    code, _, err = run(capsys, "compare", SWISS, "--rules", "fide-2026")
    assert code == 2 and "two or more rule sets" in err


def test_compare_is_independent_of_player_order(swiss):
    shuffled = replace(swiss, players=tuple(reversed(swiss.players)))
    a = compare(swiss, "fide-2017,fide-2026", "BH/C1,SB")
    b = compare(shuffled, "fide-2017,fide-2026", "BH/C1,SB")
    key = lambda c: {(r.start_number, tuple(r.ranks), tuple(map(tuple, r.values.values()))) for r in c.rows}
    assert key(a) == key(b)


# -- reports ------------------------------------------------------------------------------------

def _pdf_text(path) -> str:
    from test_report import pdf_text
    return pdf_text(path)


def test_audit_pdf_explains_each_difference(tmp_path, capsys):
    bulletin = write_csv(tmp_path / "bulletin.csv", ["SNo", "Name", "BH-C1", "BH"],
                         [[4, "David", "11.5", "15"], [6, "Franck", "9", "12"], [2, "Bruno", "12", "99"]])
    out = tmp_path / "audit.pdf"
    code, _, _ = run(capsys, "audit", SWISS, "--published", bulletin, "--rules", "fide-2026", "-o", out)
    assert code == 1
    text = _pdf_text(out)
    assert "Audit of published tie-breaks" in text and "bulletin.csv" in text
    assert "Differ, unexplained 1" in text
    assert "follows fide-2024" in text
    assert "round 2, half-point bye: 3.5 instead of 2.5" in text
    assert "cuts round 3, pairing-allocated bye (2.5) instead of round 4, opponent 10 (1)" in text
    assert "under fide-2026" in text and "BH = 14" in text and "BH = 15" in text  # both derivations
    out_ru = tmp_path / "audit_ru.pdf"
    run(capsys, "audit", SWISS, "--published", bulletin, "--rules", "fide-2026", "--lang", "ru", "-o", out_ru)
    text = _pdf_text(out_ru)
    assert "Проверка опубликованных дополнительных показателей" in text
    assert "тур 2, пропуск тура с ½ очка: 3,5 вместо 2,5" in text


def test_compare_pdf_marks_changes_and_escapes_names(swiss, tmp_path, capsys):
    hostile = replace(swiss, players=tuple(replace(p, name="<b>Dávid</b> Иванов") if p.start_number == 4 else p
                                           for p in swiss.players))
    path = tmp_path / "t.trf"
    path.write_text(write_trf(hostile), encoding="utf-8")
    out = tmp_path / "compare.html"
    code, _, _ = run(capsys, "compare", path, "--rules", "fide-2024,fide-2026", "--tiebreaks", "BH,SB", "-o", out)
    html = out.read_text(encoding="utf-8")
    assert code == 0
    assert "&lt;b&gt;Dávid&lt;/b&gt; Иванов" in html and "<b>Dávid" not in html
    assert html.count('class="r chg"') == 8  # BH and SB of #4, #6, #11; the ranks of #11 and #8 swap
    pdf = tmp_path / "compare.pdf"
    run(capsys, "compare", path, "--rules", "fide-2024,fide-2026", "--tiebreaks", "BH,SB", "-o", pdf)
    text = _pdf_text(pdf)
    assert "What changes from fide-2024" in text
    assert "BH 15 → 14 under fide-2026" in text


def test_done_when_a_swiss_manager_export_and_the_trf_in_one_command(swiss, tmp_path, capsys):
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
            w.writerow([k, r.player.start_number, "", r.player.name, "NOR", r.player.rating, "Oslo",
                        decimal_text(r.points, comma=True)]
                       + [decimal_text(r.values[c], 2, comma=True) for c in codes])
        f.write("\nTie Break1: Buchholz Tie-Breaks (variabel with parameter)\n")
    trf = tmp_path / "event.trf"
    trf.write_text(write_trf(replace(swiss, tiebreaks=tuple(codes))))
    code, out, _ = run(capsys, "audit", trf, "--published", path, "--rules", "fide-2026")
    assert code == 0, out
    assert "80 values checked: 79 agree, 1 explained, 0 unexplained" in out
    assert "BH/C1   16 checked, 15 agree; the whole column follows fide-2026+cut_priority=unplayed," in out
    assert "#6 Franck, BH/C1: published 9,00 (ranking.csv:9, column 'TB1'); fide-2026 gives 10.5" in out
    assert "    follows fide-2026+cut_priority=unplayed, " in out
    assert "cuts round 3, pairing-allocated bye (2.5) instead of round 4, opponent 10 (1)" in out


def test_a_bulletin_published_during_the_event(swiss, tmp_path, capsys):
    after3 = compute_standings(swiss, "BH,SB", "fide-2024", after_round=3)
    rows = [[r.player.start_number, decimal_text(r.values["BH"]), decimal_text(r.values["SB"])] for r in after3.rows]
    path = write_csv(tmp_path / "round3.csv", ["SNo", "BH", "SB"], rows)
    code, out, _ = run(capsys, "audit", SWISS, "--published", path, "--rules", "fide-2024", "--after-round", 3)
    assert code == 0 and "32 values checked: 32 agree" in out
    code, out, _ = run(capsys, "audit", SWISS, "--published", path, "--rules", "fide-2024")
    assert "32 values checked: 32 agree" not in out
    code, _, err = run(capsys, "audit", SWISS, "--published", path, "--after-round", 9)
    assert code == 2 and "--after-round 9: " in err and "has rounds 1..5" in err  # a usage error


def test_old_formats_get_a_clear_message(swiss, tmp_path):
    path = tmp_path / "ranking.xls"
    path.write_bytes(b"\xd0\xcf\x11\xe0")
    with pytest.raises(InputError, match=r"cannot read \.xls files: export the standings as CSV or \.xlsx"):
        read_published(path, swiss)


@pytest.mark.parametrize("printed, rules", [
    # Seed 001 (Zilli, Spanish): Juan's Buchholz as the article prints it under each program's rule.
    ({"BH": "5,5", "BH/C1": "5,5", "BH/M1": "3,5"}, "standard"),
    ({"BH": "14,5", "BH/C1": "12,5", "BH/M1": "9"}, "fide-draws"),
])
def test_the_seed_articles_printed_numbers_are_traced_to_their_program(printed, rules, tmp_path):
    from test_seeds import juan
    t = juan()
    codes = list(printed)
    path = write_csv(tmp_path / "juan.csv", ["Nº", "Nombre"] + codes,
                     [[1, "Juan"] + list(printed.values())], delimiter=";")
    result = audit(t, read_published(path, t, mapping=["Nº=start"]), rules="fide-2026")
    assert result.summary["unexplained"] == 0 and result.summary["agree"] == 0
    for f in result.findings:
        assert f.status == EXPLAINED and rules in f.matches, (f.code, f.matches)
    assert all(rules in c.reproduced_by for c in result.columns)


# -- Swiss-Manager's habits (C07 §8.4) ----------------------------------------------------------

def test_a_published_zero_for_no_value_is_the_display_habit():
    """Swiss-Manager prints 0 for ARO/TPR of a player with no rated game over the board. Player 1
    wins round 1 by forfeit and has byes after: ARO and TPR have no value."""
    from builders import Builder
    from tbxl.audit import ZERO_FOR_NO_VALUE
    from tbxl.audit_text import render_audit_text
    b = Builder(3)
    for sn, rating in ((1, 1800), (2, 1700), (3, 1600), (4, 1500)):
        b.player(sn, rating=rating)
    b.forfeit(1, 1, 2).bye(2, 1, "H").bye(3, 1, "Z")
    b.game(1, 3, 4, "1-0").game(2, 2, 3, "1/2").game(3, 2, 4, "0-1")
    b.bye(2, 4, "Z").bye(3, 3, "Z")
    t = b.build()
    table = Published("bulletin", [PublishedValue(1, "ARO", "0", Fraction(0), 0, "bulletin:2"),
                                   PublishedValue(1, "TPR", "0", Fraction(0), 0, "bulletin:2"),
                                   PublishedValue(3, "ARO", "1600", Fraction(1600), 0, "bulletin:4")])
    result = audit(t, table, rules="fide-2026", tiebreaks="ARO,TPR")
    by = {(f.start_number, f.code): f for f in result.findings}
    for code in ("ARO", "TPR"):
        f = by[1, code]
        assert f.computed is None and f.status == EXPLAINED and f.matches == [ZERO_FOR_NO_VALUE]
        assert [str(c) for c in f.changes] == [f"prints 0 where {code} has no value (a display habit of Swiss-Manager)"]
    # 1600 is the average of opponents 2 (1700) and 4 (1500): it agrees, the column follows the rules
    assert by[3, "ARO"].status == AGREE
    assert result.summary["unexplained"] == 0 and result.ok
    assert {c.code: c.reproduced_by for c in result.columns}["ARO"] == ["fide-2026"]
    assert "display habit" in render_audit_text(result)


def test_swiss_manager_sb_2023_scores_a_round_robin_forfeit_win_with_the_own_score(tmp_path):
    """A 9-player round robin by the Berger table (lower number wins, draws where i + j = 7; 3 beats
    2 by forfeit in round 4, (2 + 3 - 2) mod 9 + 1; 1-5 a double forfeit). Scores: 1: 6.5, 2: 5.5, 3: 6.5, 4: 5.5, 5: 4.5, 6: 3.5,
    7: 2, 8: 1, 9: 0. SB of #3 (C.07 15.2, the forfeit counts as a game against #2):
    5.5 (v. 2) + 5.5 / 2 (draw v. 4) + 4.5 + 3.5 + 2 + 1 + 0 (wins v. 5-9) = 19.25. Swiss-Manager's
    'SB (2023)' takes the own 6.5 for the forfeit win instead: 20.25."""
    from test_crosstable import berger_round_robin
    t = berger_round_robin(9)
    assert [t.player(k).points for k in range(1, 10)] == [Fraction(x, 2) for x in (13, 11, 13, 11, 9, 7, 4, 2, 0)]
    sm = get("fide-2024").with_options(rr_forfeit_win="own-score")
    assert compute_standings(t, "SB", "fide-2024").row(3).values["SB"] == Fraction(77, 4)
    assert compute_standings(t, "SB", sm).row(3).values["SB"] == Fraction(81, 4)
    path = published_under(t, sm, ["SB"], tmp_path)
    result = audit(t, read_published(path, t), rules="fide-2024", tiebreaks="SB")
    diffs = [f for f in result.differences if f.code == "SB"]
    assert [(f.start_number, f.status) for f in diffs] == [(3, EXPLAINED)]
    assert diffs[0].matches[0] == "fide-2024+rr_forfeit_win=own-score"
    assert [str(c) for c in diffs[0].changes] == [
        "round 4, forfeit win v. 2: 6.5 (forfeit win scored with the own score, like a dummy "
        "(Swiss-Manager 'SB (2023)')) instead of 5.5 (forfeit counted as a game (pre-determined pairings))"]
    assert result.summary["unexplained"] == 0


def test_the_2026_vur_pick_is_named_by_the_audit():
    """tests/test_vur_cuts.py's record: SB-C1 20.75 under fide-2026, 21.5 when the smallest VUR
    product is offered for the cut."""
    from test_vur_cuts import FOCUS, event
    t = event()
    table = Published("bulletin", [PublishedValue(FOCUS, "SB/C1", "21.5", Fraction(43, 2), 1, "bulletin:2")])
    f = audit(t, table, rules="fide-2026", tiebreaks="SB/C1").findings[0]
    assert f.computed == Fraction(83, 4) and f.status == EXPLAINED
    assert "fide-2026+sb_vur_pick=smallest-product" in f.matches
