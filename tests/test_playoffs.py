"""Play-offs and lots (C.07 Art. 2.2, 4.2) for players equal on every tie-break: the order asked
for, ``decided_by`` in every output, lots the same for a seed on every machine, refusals."""

import hashlib
import json
from importlib.resources import files
from pathlib import Path

import pytest

from tbxl.cli import main
from tbxl.errors import UsageError
from tbxl.io.trf import read_trf
from tbxl.playoffs import Decision, decide, draw_lots, lot, parse_playoff
from tbxl.rules import get
from tbxl.standings import compute_standings

SWISS = str(files("tbxl.examples") / "held_swiss_5.trf")


@pytest.fixture(scope="module")
def by_bh():
    """held_swiss_5 ranked by BH alone: Alyx (1) and Stephan (16) share 4-5 on 3.5 points and BH
    12.5; Irina (8) and Maria (11) share 7-8 on 2.5 and BH 13.5."""
    return compute_standings(read_trf(SWISS), "BH", get("fide-2024"))


def places(st):
    return [(r.rank_label, r.player.start_number, r.decided_by) for r in st.rows]


def test_the_groups_left_equal(by_bh):
    assert places(by_bh)[3:8] == [
        ("4-5", 1, None),
        ("4-5", 16, None),
        ("6", 6, None),
        ("7-8", 8, None),
        ("7-8", 11, None),
    ]


def test_a_playoff_orders_its_group_and_nothing_else(by_bh):
    st = decide(by_bh, Decision.of(["16>1"]))
    assert places(st)[3:8] == [
        ("4", 16, "play-off"),
        ("5", 1, "play-off"),
        ("6", 6, None),
        ("7-8", 8, None),
        ("7-8", 11, None),
    ]
    assert st.row(16).rank == 4 and st.row(1).rank == 5 and st.lots_seed is None


def test_lots_by_the_documented_procedure(by_bh):
    # SHA-256("Open2026:8") = 38b0f2..., SHA-256("Open2026:11") = 5ce3fe...: 8 first.
    assert lot("Open2026", 8).startswith("38b0f21d") and lot("Open2026", 11).startswith("5ce3fe8c")
    assert lot("Open2026", 8) == hashlib.sha256(b"Open2026:8").hexdigest()
    st = decide(by_bh, Decision.of(["1>16"], "Open2026"))
    assert places(st)[3:8] == [
        ("4", 1, "play-off"),
        ("5", 16, "play-off"),
        ("6", 6, None),
        ("7", 8, "lots"),
        ("8", 11, "lots"),
    ]
    # Another seed: SHA-256("y:8") = e18d9b3e..., SHA-256("y:11") = 5ebdc509...: 11 first.
    assert lot("y", 8).startswith("e18d9b3e") and lot("y", 11).startswith("5ebdc509")
    assert places(decide(by_bh, Decision.of([], "y")))[6:8] == [("7", 11, "lots"), ("8", 8, "lots")]
    assert st.lots_seed == "Open2026"


def test_the_same_seed_the_same_order():
    numbers = list(range(1, 41))
    assert draw_lots("Club 2026", numbers) == draw_lots("Club 2026", list(reversed(numbers)))
    assert draw_lots("Club 2026", numbers) != draw_lots("Club 2027", numbers)
    # Pinned: the order must never change with a Python version or a machine.
    assert draw_lots("Club 2026", [1, 2, 3, 4, 5]) == sorted(
        [1, 2, 3, 4, 5], key=lambda n: hashlib.sha256(f"Club 2026:{n}".encode()).hexdigest()
    )


def test_a_playoff_between_players_a_tiebreak_separates_is_refused(by_bh):
    with pytest.raises(
        UsageError,
        match=r"--playoff 1>4: 1 and 4 are not equal on every tie-break: "
        r"BH separates them \(1: 12.5, 4: 15\)",
    ):
        decide(by_bh, Decision.of(["1>4"]))
    with pytest.raises(UsageError, match=r"1 and 6 are not equal on every tie-break: 1 has 3.5 points, 6 has 3"):
        decide(by_bh, Decision.of(["1>6"]))


def test_a_playoff_must_name_the_whole_group():
    st = compute_standings(read_trf(SWISS), "WIN", get("fide-2024"))  # 3.5 points, 2 wins: 1, 3, 4
    group = [r.player.start_number for r in st.rows if r.rank_label == st.row(1).rank_label]
    assert group == [1, 3, 4]
    with pytest.raises(
        UsageError,
        match=r"--playoff 3>1: 4 is also equal with them on every tie-break "
        r"\(place 3-5\); name the whole group, e.g. 3>1>4",
    ):
        decide(st, Decision.of(["3>1"]))
    # A knock-out: 3 won the final, 1 and 4 lost the semi-finals; lots then part 1 and 4.
    st2 = decide(st, Decision.of(["3>1=4"]))
    assert places(st2)[2:5] == [("3", 3, "play-off"), ("4-5", 1, "play-off"), ("4-5", 4, "play-off")]
    st3 = decide(st, Decision.of(["3>1=4"], "x"))
    assert [r.decided_by for r in st3.rows[2:5]] == ["play-off", "lots", "lots"]
    assert [r.rank for r in st3.rows[2:5]] == [3, 4, 5]


@pytest.mark.parametrize(
    "text, message",
    [
        ("12", "two or more players"),
        ("12>x", "'x' is not a start number"),
        ("3>3", "3 is named twice"),
        ("1>>2", "'' is not a start number"),
    ],
)
def test_playoff_texts(text, message):
    with pytest.raises(UsageError, match=message):
        parse_playoff(text)


def test_cli_json_table_csv(capsys):
    assert (
        main(["compute", SWISS, "--tiebreaks", "BH", "--playoff", "16>1", "--lots", "Open2026", "--format", "json"])
        == 0
    )
    doc = json.loads(capsys.readouterr().out)
    assert doc["lots_seed"] == "Open2026"
    got = [(s["rank"], s["start_number"], s["decided_by"]) for s in doc["standings"]][3:8]
    assert got == [(4, 16, "play-off"), (5, 1, "play-off"), (6, 6, None), (7, 8, "lots"), (8, 11, "lots")]
    assert main(["compute", SWISS, "--tiebreaks", "BH", "--playoff", "16>1", "--lots", "Open2026"]) == 0
    table = capsys.readouterr().out
    assert "   4   16  Stephan    3.5  12.5  play-off" in table and "seed 'Open2026'" in table
    assert main(["compute", SWISS, "--tiebreaks", "BH", "--lots", "Open2026", "--format", "csv"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].endswith(",decided_by") and rows[7].startswith("7,8,Irina,") and rows[7].endswith(",lots")


def test_cli_refuses_with_the_reason(capsys):
    assert main(["compute", SWISS, "--tiebreaks", "BH", "--playoff", "1>4"]) == 2
    assert "1 and 4 are not equal on every tie-break: BH separates them (1: 12.5, 4: 15)" in capsys.readouterr().err
    assert main(["compute", SWISS, "--playoff", "1>99"]) == 2
    assert "no participant with number 99" in capsys.readouterr().err


def test_explain_says_how(capsys):
    assert (
        main(["explain", SWISS, "--tiebreaks", "BH", "--lots", "Open2026", "--player", "11,8", "--tiebreak", "BH"]) == 0
    )
    out = capsys.readouterr().out
    assert out.startswith("Maria (start number 11), rank 8 (by lots), rules fide-2024")
    assert (
        "8 Irina (rank 7) is ahead of 11 Maria (rank 8): equal on points and on every tie-break, "
        "placed by lots (seed 'Open2026')" in out
    )


def test_trf_out_has_the_decided_ranks(capsys, tmp_path):
    out = tmp_path / "out.trf"
    assert main(["compute", SWISS, "--tiebreaks", "BH", "--playoff", "16>1", "-o", str(out)]) == 0
    ranks = {int(line[4:8]): int(line[85:89]) for line in out.read_text().splitlines() if line.startswith("001")}
    assert (ranks[16], ranks[1], ranks[8], ranks[11]) == (4, 5, 7, 7)


def test_team_playoff(capsys):
    """Teams 5 and 8 share 2-3 on 9 MP (ranked on MP alone); a play-off puts 8 first."""
    team = str(Path(__file__).parent / "data" / "team" / "generated-16x7x4-seed5.trf")
    args = ["compute", team, "--tiebreaks", "MPTS", "--format", "json"]
    assert main(args) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [(s["rank_label"], s["team_number"], s["points"]) for s in doc["standings"][1:3]] == [
        ("2-3", 5, 9),
        ("2-3", 8, 9),
    ]
    assert main(args + ["--playoff", "8>5"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [(s["rank"], s["team_number"], s["decided_by"]) for s in doc["standings"][:4]] == [
        (1, 3, None),
        (2, 8, "play-off"),
        (3, 5, "play-off"),
        (4, 7, None),
    ]


def test_the_event_file_records_playoffs_and_lots(capsys, tmp_path):
    event = tmp_path / "open.trf"
    event.write_bytes(Path(SWISS).read_bytes())
    (tmp_path / "tbxl.toml").write_text('playoffs = ["16>1"]\nlots = "Open2026"\n', encoding="utf-8")
    assert main(["compute", str(event), "--tiebreaks", "BH", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["lots_seed"] == "Open2026"
    assert [(s["rank"], s["start_number"], s["decided_by"]) for s in doc["standings"]][3:8] == [
        (4, 16, "play-off"),
        (5, 1, "play-off"),
        (6, 6, None),
        (7, 8, "lots"),
        (8, 11, "lots"),
    ]
    # The command line's play-offs replace the file's.
    assert main(["compute", str(event), "--tiebreaks", "BH", "--playoff", "1>16", "--format", "json"]) == 0
    assert [s["start_number"] for s in json.loads(capsys.readouterr().out)["standings"]][3:5] == [1, 16]
    (tmp_path / "tbxl.toml").write_text('playoffs = "1>x"\n', encoding="utf-8")
    assert main(["compute", str(event)]) == 2
    assert "tbxl.toml:1: playoffs = \"1>x\": 'x' is not a start number" in capsys.readouterr().err


def test_a_seed_that_decided_nothing_says_no_lots_were_needed(capsys):
    """`--playoff 16>1 --lots Open2026` on the bundled open: the play-off settles the one shared
    place, so no lots were drawn and the text, the JSON and the report say so (issue 38: the line
    said "Lots drawn" though the Decided column shows only play-off)."""
    event = str(files("tbxl.examples") / "event.trf")
    assert main(["compute", event, "--playoff", "16>1", "--lots", "Open2026"]) == 0
    out = capsys.readouterr().out
    assert "Lots drawn" not in out
    assert out.rstrip().endswith("No lots were needed (seed 'Open2026'): no place was still shared")
    assert main(["compute", event, "--playoff", "16>1", "--lots", "Open2026", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert {s["decided_by"] for s in doc["standings"]} == {None, "play-off"}
    # held_swiss_5 by BH alone leaves 7-8 shared after the play-off: there the lots are drawn.
    assert main(["compute", SWISS, "--tiebreaks", "BH", "--playoff", "16>1", "--lots", "Open2026"]) == 0
    assert "Lots drawn with the seed 'Open2026'" in capsys.readouterr().out


def test_the_report_note_says_no_lots_were_needed(by_bh):
    from tbxl.report.views.standings import build_standings_view

    st = decide(by_bh, Decision.of(["16>1", "8>11"], "Open2026"))
    assert set(st.decided_by.values()) == {"play-off"}
    notes = build_standings_view(st, lang="en").notes
    assert not any("drawn with the seed" in n for n in notes)
    assert any(n.startswith("lots: none were needed with the seed «Open2026»") for n in notes)
    for lang in ("es", "ru", "vi", "ms"):
        assert any("«Open2026»" in n for n in build_standings_view(st, lang=lang).notes), lang


# -- the report says how a place was decided -------------------------------------------------------


def test_the_report_view_says_play_off_and_lots(by_bh):
    from tbxl.report.views.standings import build_standings_view
    from tbxl.report.views.ties import tie_lines

    st = decide(by_bh, Decision.of(["16>1"], "Open2026"))
    view = build_standings_view(st, lang="en")
    assert view.decided
    assert [(r.rank, r.sn, r.decided) for r in view.rows][3:8] == [
        ("4", 16, "play-off"),
        ("5", 1, "play-off"),
        ("6", 6, ""),
        ("7", 8, "lots"),
        ("8", 11, "lots"),
    ]
    assert any("«Open2026:START_NUMBER»" in n for n in view.notes)
    assert any(n.startswith("play-off:") and "Art. 3" in n for n in view.notes)
    # The tie lines count the play-off and the lots where no tie-break separated the neighbours.
    from tbxl.report.text import Fmt

    names = {p.start_number: p.name for p in st.tournament.players}
    lines = {t.points: t for t in tie_lines(st, Fmt(False), names, view.L)}
    # 3.5 points: Charline (3) > David (4) > Stephan (16) by BH, then Stephan > Alyx (1) by the play-off.
    assert [(d.code, d.text) for d in lines["3.5"].decided] == [("BH", "2"), ("play-off", "1")]
    assert [(d.code, d.text) for d in lines["2.5"].decided] == [("BH", "1"), ("lots", "1")]
    assert lines["3.5"].shared == () and lines["2.5"].shared == ()
    # Undecided standings: no column, no note.
    plain = build_standings_view(by_bh, lang="en")
    assert not plain.decided and not any("lots" in n for n in plain.notes)


@pytest.mark.parametrize(
    "lang, playoff, lots",
    [
        ("es", "desempate", "sorteo"),
        ("ru", "доп. партии", "жребий"),
        ("vi", "đấu phụ", "bốc thăm"),
        ("ms", "perlawanan penentu", "cabutan undi"),
    ],
)
def test_the_report_speaks_the_readers_language(by_bh, lang, playoff, lots):
    from tbxl.report.views.standings import build_standings_view

    view = build_standings_view(decide(by_bh, Decision.of(["16>1"], "Open2026")), lang=lang)
    assert [r.decided for r in view.rows][3:8] == [playoff, playoff, "", lots, lots]
    assert any("Open2026" in n for n in view.notes)


def test_every_language_names_both_ways():
    from tbxl.playoffs import LOTS, PLAYOFF
    from tbxl.report.labels import labels, languages

    for lang in languages():
        L = labels(lang)
        assert set(L["decided_by"]) == {PLAYOFF, LOTS}, lang
        assert "{seed}" in L["lots_note"] and "{seed}" in L["lots_none_note"] and L["col_decided"], lang


@pytest.mark.slow
def test_the_pdf_prints_the_decided_column(tmp_path):
    pytest.importorskip("weasyprint")
    from pypdf import PdfReader

    out = tmp_path / "po.pdf"
    assert main(["report", SWISS, "--tiebreaks", "BH", "--playoff", "16>1", "--lots", "Open2026", "-o", str(out)]) == 0
    text = "\n".join(page.extract_text() for page in PdfReader(out).pages)
    assert "Decided" in text and "play-off" in text
    assert "«Open2026»" in text


def test_the_team_report_says_play_off(capsys):
    from tbxl.io.load import load
    from tbxl.report.views.team import build_team_view

    team = load(Path(__file__).parent / "data" / "team" / "grandmommyscup.trf")
    st = decide(compute_standings(team, "MP", get("fide-2024")), Decision.of(["22>16"], "x"))
    view = build_team_view(st, lang="en")
    assert view.decided and [(r.rank, r.no, r.decided) for r in view.rows][:3] == [
        ("1", 22, "play-off"),
        ("2", 16, "play-off"),
        ("3", 19, "lots"),
    ]
    assert len(view.decided_notes) == 2
    # The heading keeps the boards and the federation apart (a positional slip once printed 4 as the federation).
    assert (view.event.boards, view.event.federation) == (4, "FID")


@pytest.mark.parametrize(
    "seed, message", [("x" * 201, "201 characters, at most 200"), ("Open\x1b[2J", "control or bidi character")]
)
def test_a_seed_anyone_can_retype(seed, message):
    with pytest.raises(UsageError, match=message.replace("(", r"\(")):
        Decision.of([], seed)
