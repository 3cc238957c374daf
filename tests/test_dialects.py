"""Files of other programs (tbxl.io.trf.dialects): each read as its writer meant it."""

import json
from pathlib import Path

from tbxl.cli import main
from tbxl.io.trf import parse_trf, read_team_trf, read_trf_with_notes, write_trf

DIALECTS = Path(__file__).parent / "data" / "dialects"
LICHESS = DIALECTS / "lichess-swiss.trf"
TEAM = Path(__file__).parent / "data" / "team" / "grandmommyscup.trf"


def standings(capsys, path):
    assert main(["compute", str(path), "--format", "json", "--no-config"]) == 0
    return json.loads(capsys.readouterr().out)


def notes_of(path):
    return read_trf_with_notes(str(path))


def test_lichess_textual_dates_and_links(capsys, tmp_path):
    """lichess writes '042 Dec 10, 2020' and links in 022/102; the same file with ISO dates and
    no links gives the same standings, and the links are the event's."""
    t, notes = notes_of(LICHESS)
    assert t.start_date.isoformat() == "2020-12-10" and t.end_date.isoformat() == "2020-12-10"
    assert t.city == "" and t.chief_arbiter == ""      # links, not a city or an arbiter
    assert t.links == ("https://lichess.org/swiss/j8rtJ5GL", "https://lichess.org/swiss")
    assert "record 022 (line 2) is a link, kept as one: https://lichess.org/swiss/j8rtJ5GL" in notes
    assert "record 102 (line 8) is a link, kept as one: https://lichess.org/swiss" in notes
    iso = tmp_path / "iso.trf"
    iso.write_text(LICHESS.read_text().replace("Dec 10, 2020", "2020/12/10")
                   .replace("022 https://lichess.org/swiss/j8rtJ5GL\n", "").replace("102 https://lichess.org/swiss\n", ""))
    a, b = standings(capsys, LICHESS), standings(capsys, iso)
    assert a["tournament"].pop("links") == list(t.links) and b["tournament"].pop("links") == []
    assert a == b
    assert a["tournament"]["start_date"] == "2020-12-10" and a["rules"] == "fide-2017"   # by the 2020 date
    assert [s["start_number"] for s in a["standings"][:3]] == [2, 3, 4]   # Bruno, Charline, David


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
