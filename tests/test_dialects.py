"""Files of other programs (tbxl.io.trf.dialects): each read as its writer meant it.

Each program's file in ``tests/data/dialects/`` has a twin ``*-plain.trf``: the same event written
as plain TRF-16 (UTF-8, LF, ISO dates, ``092``, ``XXR``; TRF-2026 ``142``/``162`` for the 3/1/0
event). Read the way ``tbxl compute --format json`` reads them, the two give the same standings.
"""

import json
from fractions import Fraction
from pathlib import Path

import pytest

from tbxl.cli import main
from tbxl.errors import InputError
from tbxl.io.trf import parse_trf, read_team_trf, read_trf_with_notes, write_trf
from tbxl.model import Scoring

DIALECTS = Path(__file__).parent / "data" / "dialects"
LICHESS = DIALECTS / "lichess-swiss.trf"
SWISS_MANAGER = DIALECTS / "swiss-manager.trf"
VEGA = DIALECTS / "vega.trf"
CHESS_RESULTS = DIALECTS / "chess-results.trf"
JAVAFO = DIALECTS / "javafo-trfx.trf"
TEAM = Path(__file__).parent / "data" / "team" / "grandmommyscup.trf"


def standings(capsys, path):
    assert main(["compute", str(path), "--format", "json", "--no-config"]) == 0
    return json.loads(capsys.readouterr().out)


def plain(path: Path) -> Path:
    return path.with_name(path.stem + "-plain.trf")


@pytest.mark.parametrize("path", [SWISS_MANAGER, VEGA, CHESS_RESULTS, JAVAFO], ids=lambda p: p.stem)
def test_a_dialect_gives_the_standings_of_its_plain_twin(capsys, path):
    """Every field of the standings (points, tie-break values, names with their diacritics,
    ratings, federations, FIDE ids, clubs), the event's part, the rules and the tie-breaks."""
    a, b = standings(capsys, path), standings(capsys, plain(path))
    assert a == b
    assert len(a["standings"]) >= 8


def notes_of(path):
    return read_trf_with_notes(str(path))


def test_lichess_textual_dates_and_links(capsys, tmp_path):
    """lichess writes '042 Dec 10, 2020' and links in 022/102; the same file with ISO dates and
    no links gives the same standings, and the links are the event's."""
    t, notes = notes_of(LICHESS)
    assert t.start_date.isoformat() == "2020-12-10" and t.end_date.isoformat() == "2020-12-10"
    assert t.city == "" and t.chief_arbiter == ""  # links, not a city or an arbiter
    assert t.links == ("https://lichess.org/swiss/j8rtJ5GL", "https://lichess.org/swiss")
    assert "record 022 (line 2) is a link, kept as one: https://lichess.org/swiss/j8rtJ5GL" in notes
    assert "record 102 (line 8) is a link, kept as one: https://lichess.org/swiss" in notes
    iso = tmp_path / "iso.trf"
    iso.write_text(
        LICHESS.read_text()
        .replace("Dec 10, 2020", "2020/12/10")
        .replace("022 https://lichess.org/swiss/j8rtJ5GL\n", "")
        .replace("102 https://lichess.org/swiss\n", "")
    )
    a, b = standings(capsys, LICHESS), standings(capsys, iso)
    assert a["tournament"].pop("links") == list(t.links) and b["tournament"].pop("links") == []
    assert a == b
    assert a["tournament"]["start_date"] == "2020-12-10" and a["rules"] == "fide-2017"  # by the 2020 date
    assert [s["start_number"] for s in a["standings"][:3]] == [2, 3, 4]  # Bruno, Charline, David


def test_lichess_links_are_kept_in_the_trf_out(capsys, tmp_path):
    out = tmp_path / "out.trf"
    assert main(["compute", str(LICHESS), "-o", str(out), "--no-config"]) == 0
    text = out.read_text()
    assert "022 https://lichess.org/swiss/j8rtJ5GL\n" in text and "042 2020/12/10\n" in text
    assert standings(capsys, out) == standings(capsys, LICHESS)


def test_links_survive_the_trf_writer():
    """write_trf has no record for a link: it writes a '### link' comment (TRF-2026 comments are
    skipped by other programs), which tbxl reads back as a link of the event."""
    t, _ = notes_of(LICHESS)
    text = write_trf(t)
    assert "### link https://lichess.org/swiss/j8rtJ5GL\n### link https://lichess.org/swiss\n" in text
    assert "022 " not in text and "102 " not in text
    again = parse_trf(text)
    assert again.links == t.links and again.city == ""
    assert parse_trf(text.replace("### link https://lichess.org/swiss\n", "### a comment\n")).links == t.links[:1]


def test_a_team_event_keeps_its_links():
    text = TEAM.read_text(encoding="utf-8")
    lines = text.splitlines()
    lines.insert(1, "022 https://example.org/grandmommys-cup")
    t = read_team_trf("\n".join(lines) + "\n")
    assert t.links == ("https://example.org/grandmommys-cup",)


def test_a_bad_textual_date_is_still_an_error(capsys, tmp_path):
    bad = tmp_path / "bad.trf"
    bad.write_text(LICHESS.read_text().replace("042 Dec 10, 2020", "042 Dez 40, 2020"))
    assert main(["compute", str(bad), "--no-config"]) == 1
    assert "bad.trf:4:5: bad date 'Dez 40, 2020'" in capsys.readouterr().err


# -- Swiss-Manager ------------------------------------------------------------------------------


def test_swiss_manager_cp1252_crlf_ruler_and_teams():
    """An ANSI Swiss-Manager export: CP1252 with CRLF, 142 for the rounds, a column ruler between
    the header and the players, and 013 records listing the clubs of a team prize."""
    data = SWISS_MANAGER.read_bytes()
    assert b"\r\n" in data and b"\n" not in data.replace(b"\r\n", b"")
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")
    t, notes = notes_of(SWISS_MANAGER)
    assert notes[0].startswith("not valid UTF-8 (line 1, column 36: byte 0xED): decoded as CP1252")
    assert t.name == "Open Internacional de Sant Martí 2025" and t.scheduled_rounds == 5 and t.rounds == 5
    assert t.chief_arbiter == "IA Núñez Peña, Begoña (22212345)"
    assert t.deputy_arbiters == ("FA Gonçalves Antúnez, João",)
    assert t.player(1).name == "Núñez Peña,José Ángel" and t.player(2).sex == "f" and t.player(2).title == "WIM"
    assert "lines 16, 17, 18: Swiss-Manager's column ruler, skipped" in notes
    assert "records 013 (lines 31, 32, 33) of an individual event: read as the players' clubs" in notes
    assert t.player(4).club == "C.E. Sant Martí" and t.player(11).club == "Penya Escacs Núria"
    assert t.player(6).club == ""  # in no 013 record
    for code, line, what in (
        ("062", 6, "the number of players"),
        ("072", 7, "the number of rated players"),
        ("082", 8, "the number of teams"),
        ("132", 14, "the dates of the rounds"),
    ):
        assert f"record {code} ignored (line {line}): {what}" in notes


def test_a_013_record_that_is_no_team_list_is_noted_not_read():
    text = (
        SWISS_MANAGER.read_bytes()
        .decode("cp1252")
        .replace("013 Penya Escacs Núria                 3   11", "013 Penya Escacs Núria                 3   99")
    )
    t, notes = read_trf_with_notes(text)
    assert "record 013 (line 33) ignored: not a team name with its players' start numbers" in notes
    assert t.player(3).club == "" and t.player(1).club == "C.E. Sant Martí"


# -- Vega ---------------------------------------------------------------------------------------


def test_vega_names_padded_by_bytes():
    """Vega counts bytes: a UTF-8 name is padded to 33 bytes, so the columns after 'Dvořáková,
    Tereza' stand three places to the left. Read by bytes, every field is where it belongs."""
    line = next(ln for ln in VEGA.read_text(encoding="utf-8").splitlines() if "Dvořáková" in ln)
    assert line[48:52] != "1932" and line.encode("utf-8")[48:52] == b"1932"
    t, notes = notes_of(VEGA)
    p = t.player(5)
    assert (p.name, p.rating, p.federation, p.fide_id, p.birth_date) == (
        "Dvořáková, Tereza",
        1932,
        "CZE",
        "365432",
        "2010",
    )
    assert t.player(8).name == "Bělohlávková, Zdeňka" and t.player(2).title == "WFM" and t.player(1).title == "FM"
    assert any(n.startswith("records 001 (lines 14, 15, 16") and "padded to 33 bytes" in n for n in notes)
    assert t.start_date.isoformat() == "2025-03-08" and t.scheduled_rounds == 5 and t.scoring == Scoring()
    assert "record 152 (line 12): initial colour White, a pairing setting; the standings do not depend on it" in notes


def test_a_stray_symbol_is_not_read_as_a_byte_padded_name():
    """Only letters make a name longer in bytes: a record shifted by anything else stays an error."""
    text = VEGA.read_text(encoding="utf-8").replace("Novák, Petr ", "Novák, Petr²", 1)
    with pytest.raises(InputError, match=r":20:48: player 7: expected a blank at column 48"):
        read_trf_with_notes(text)


# -- chess-results ------------------------------------------------------------------------------


def test_chess_results_download():
    """UTF-8 with a BOM and CRLF, blanks after every line, no 092, the players listed in rank order
    with their rank in columns 86-89."""
    data = CHESS_RESULTS.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and b"\r\n" in data
    t, notes = notes_of(CHESS_RESULTS)
    assert t.name == "Giải Cờ vua Hà Nội mở rộng 2025" and t.city == "Hà Nội"
    assert t.player(4).name == "Lê Hoàng Đức" and t.player(2).title == "WGM"
    first = next(ln for ln in data.decode("utf-8-sig").splitlines() if ln.startswith("001"))
    assert t.player(int(first[4:8])).declared_rank == 1
    assert any(n.startswith("no pairing system named: ranked as a Swiss") for n in notes)
    assert t.player(13).entry(6).points == 0 and t.rounds == 6  # withdrawn after round 4: Z


# -- JaVaFo TRF(x) ------------------------------------------------------------------------------


def test_javafo_xxs_and_xxc():
    """XXS (JaVaFo TRF(x) spec) maps to the Scoring that TRF-2026 162 gives: shortcuts W and D, PAB
    set on its own; XXC's two words are noted for what they are."""
    t, notes = notes_of(JAVAFO)
    twin = parse_trf(plain(JAVAFO).read_text(encoding="utf-8"))
    assert (
        t.scoring
        == twin.scoring
        == Scoring(
            win=Fraction(3),
            draw=Fraction(1),
            forfeit_win=Fraction(3),
            fpb=Fraction(3),
            hpb=Fraction(1),
            pab=Fraction(3),
        )
    )
    assert any(n.startswith("record XXC (line 9): 'rank' tells a pairing engine to pair by rank") for n in notes)
    assert "record XXC (line 9): initial colour White, a pairing setting; the standings do not depend on it" in notes


@pytest.mark.parametrize(
    "record, message",
    [
        ("XXS W=3 D=one", r"^<string>:1:11: XXS D value 'one' is not a number"),
        ("XXS W=3 WIN=3", r"^<string>:1:9: bad XXS item 'WIN=3' \(expected CODE=VALUE"),
        ("XXS W=3 D", r"^<string>:1:9: bad XXS item 'D'"),
        ("XXS WD=0.5 BD=0.25", r"^<string>:1:12: colour-dependent scoring is not supported \(WD=0\.5, BD=0\.25\)"),
        ("XXS W=3\nXXS BW=2", r"^<string>:2:5: colour-dependent scoring is not supported \(WW=3\.0, BW=2\.0\)"),
    ],
)
def test_bad_xxs_values_name_line_and_column(record, message):
    with pytest.raises(InputError, match=message):
        parse_trf(record + "\n001    1      A\n")


def test_unknown_records_and_words_are_noted_with_their_lines():
    text = JAVAFO.read_text(encoding="utf-8").replace(
        "XXR 4\n", "XXR 4\nXXC white1 blue2\nZZZ something\nDAT 0001 EMAIL someone@example.org\n"
    )
    t, notes = read_trf_with_notes(text)
    assert "record XXC (line 9, column 12): 'blue2' not understood, ignored" in notes
    assert "record ZZZ ignored (line 10)" in notes
    assert "record DAT ignored (line 11): Tornelo player data" in notes
    assert standings_of(t) == standings_of(parse_trf(plain(JAVAFO).read_text(encoding="utf-8")))


def standings_of(t):
    return [(p.start_number, p.points) for p in t.players]


def test_two_initial_colours_keep_the_later():
    t, notes = read_trf_with_notes("XXC white1\n152 B\n001    1      A\n")
    assert "record 152 (line 2): initial colour Black, after White on line 1: the later one kept" in notes


def test_the_report_heading_links_the_events_pages():
    """lichess's 022/102 addresses are printed as links under "On the web", never as the place or
    the chief arbiter; a one-day event prints its day once."""
    from tbxl.io.load import load
    from tbxl.report.views.standings import build_standings_view
    from tbxl.rules import get
    from tbxl.standings import compute_standings

    event = load(DIALECTS / "lichess-swiss.trf")
    view = build_standings_view(compute_standings(event, "BH", get("fide-2024")), lang="en")
    assert view.event.links == ("https://lichess.org/swiss/j8rtJ5GL", "https://lichess.org/swiss")
    assert "http" not in view.event.city + view.event.chief_arbiter
    assert view.event.dates == "10 December 2020"
    pytest.importorskip("jinja2")
    from tbxl.report.render import render_html

    assert '<a href="https://lichess.org/swiss/j8rtJ5GL">' in render_html(view)


def _with_round_6_marks(tmp_path, marks: dict) -> Path:
    """held_swiss_5 as Vega saves it at the start of round 6 (its .trfx): XXR 6, and the absences
    announced for round 6 written in the round 6 field ("0000 - -" absent with a loss, "0000 - ="
    with a draw; Vega manual, appendix on TRF(x))."""
    from importlib.resources import files

    lines = (files("tbxl.examples") / "held_swiss_5.trf").read_text(encoding="utf-8").splitlines()
    out = []
    for line in lines:
        if line.startswith("001") and int(line[4:8]) in marks:
            r, mark = marks[int(line[4:8])]
            at = 91 + 10 * (r - 1)  # round r at columns 92 + 10 (r - 1) onwards
            line = (line[:at] + mark + line[at + len(mark) :]) if r <= 5 else line.ljust(at) + mark
        out.append("XXR 6" if line.startswith("XXR") else line)
    path = tmp_path / "vega.trfx"
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    return path


def test_vega_absences_announced_for_the_next_round(tmp_path, capsys):
    """Marks in the round not played yet are no results: the standings are those after round 5,
    with a note saying what was left out; the same marks in a played round are refused."""
    from importlib.resources import files

    path = _with_round_6_marks(tmp_path, {3: (6, "0000 - -"), 5: (6, "0000 - =")})
    from tbxl.errors import InputWarning

    with pytest.warns(InputWarning, match="round 6 has no results yet: standings after round 5"):
        t, notes = read_trf_with_notes(str(path))
    assert t.rounds == 5
    assert any("round 6: absences announced for the next round (Vega's 0000 - - and 0000 - =)" in n for n in notes)
    assert main(["compute", str(files("tbxl.examples") / "held_swiss_5.trf"), "--format", "json"]) == 0
    plain = json.loads(capsys.readouterr().out)["standings"]
    assert main(["compute", str(path), "--format", "json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["standings"] == plain
    assert "round 6 has no results yet: standings after round 5" in err
    bad = _with_round_6_marks(tmp_path, {3: (2, "0000 - =")})
    with pytest.raises(InputError, match=r"vega\.trfx:\d+:102: player 3, round 2: result '=' needs an opponent"):
        read_trf_with_notes(str(bad))


def _with_lines(tmp_path, name: str, extra: list[str]) -> Path:
    """held_swiss_5 with ``extra`` records after XXR and the points column left blank (the
    scoring below gives other totals than the file's)."""
    from importlib.resources import files

    out = []
    for line in (files("tbxl.examples") / "held_swiss_5.trf").read_text(encoding="utf-8").splitlines():
        out.append(line[:80] + "    " + line[84:] if line.startswith("001") else line)
        if line.startswith("XXR"):
            out.extend(extra)
    path = tmp_path / name
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    return path


def test_bbp_pairings_point_records_are_the_scoring(tmp_path, capsys):
    """bbpPairings' TRF(bx) BBW/BBD (its README): 3 points a win, 1 a draw, as XXS W=3 D=1 (a
    forfeit win, an FPB and, without BBU, the PAB score as a win; an HPB as a draw). Bruno (2):
    3 wins and 2 draws = 11."""
    bbp = _with_lines(tmp_path, "bbp.trf", ["BBW  3.0", "BBD  1.0"])
    xxs = _with_lines(tmp_path, "xxs.trf", ["XXS W=3 D=1 PAB=3"])
    docs = []
    for path in (bbp, xxs):
        assert main(["compute", str(path), "--format", "json"]) == 0
        docs.append(json.loads(capsys.readouterr().out)["standings"])
    assert docs[0] == docs[1]
    assert next(s for s in docs[0] if s["start_number"] == 2)["points"] == 11
    t, _ = read_trf_with_notes(str(_with_lines(tmp_path, "bbu.trf", ["BBU  1.0", "BBW  3.0", "BBZ  0.0"])))
    assert (t.scoring.win, t.scoring.forfeit_win, t.scoring.fpb, t.scoring.pab, t.scoring.hpb) == (
        3,
        3,
        3,
        1,
        Fraction(1, 2),
    )
    with pytest.raises(InputError, match=r"bad\.trf:5:6: BBD value 'x' is not a number"):
        read_trf_with_notes(str(_with_lines(tmp_path, "bad.trf", ["BBD  x"])))


def test_a_mark_in_a_round_others_played_is_refused(tmp_path):
    """An opponent-less = in a player's last field is an announced absence only when nobody has a
    result in that round: in round 5 of held_swiss_5 it is refused (found by the fuzz test)."""
    bad = _with_round_6_marks(tmp_path, {2: (5, "     b =")})
    with pytest.raises(InputError, match=r"vega\.trfx:\d+:132: player 2, round 5: result '=' needs an opponent"):
        read_trf_with_notes(str(bad))
