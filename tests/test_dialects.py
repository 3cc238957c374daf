"""Files of other programs (tbxl.io.trf.dialects): each read as its writer meant it."""

import json
from pathlib import Path

from tbxl.cli import main
from tbxl.io.trf import read_trf_with_notes

LICHESS = Path(__file__).parent / "data" / "dialects" / "lichess-swiss.trf"


def standings(capsys, path):
    assert main(["compute", str(path), "--format", "json", "--no-config"]) == 0
    return json.loads(capsys.readouterr().out)


def test_lichess_textual_dates_and_links(capsys, tmp_path):
    """lichess writes '042 Dec 10, 2020' and links in 022/102; the same file with ISO dates and
    no links gives the same standings."""
    t, notes = read_trf_with_notes(str(LICHESS))
    assert t.start_date.isoformat() == "2020-12-10" and t.end_date.isoformat() == "2020-12-10"
    assert t.city == "" and t.chief_arbiter == ""      # links, not a city or an arbiter
    assert "record 022 (line 2) is a link, kept as one: https://lichess.org/swiss/j8rtJ5GL" in notes
    assert "record 102 (line 8) is a link, kept as one: https://lichess.org/swiss" in notes
    iso = tmp_path / "iso.trf"
    iso.write_text(LICHESS.read_text().replace("Dec 10, 2020", "2020/12/10")
                   .replace("022 https://lichess.org/swiss/j8rtJ5GL\n", "").replace("102 https://lichess.org/swiss\n", ""))
    a, b = standings(capsys, LICHESS), standings(capsys, iso)
    assert a == b
    assert a["tournament"]["start_date"] == "2020-12-10" and a["rules"] == "fide-2017"   # by the 2020 date
    assert [s["start_number"] for s in a["standings"][:3]] == [2, 3, 4]   # Bruno, Charline, David


def test_lichess_links_are_kept_in_the_trf_out(capsys, tmp_path):
    out = tmp_path / "out.trf"
    assert main(["compute", str(LICHESS), "-o", str(out), "--no-config"]) == 0
    text = out.read_text()
    assert "022 https://lichess.org/swiss/j8rtJ5GL\n" in text and "042 2020/12/10\n" in text
    assert standings(capsys, out)["standings"] == standings(capsys, LICHESS)["standings"]


def test_a_bad_textual_date_is_still_an_error(capsys, tmp_path):
    bad = tmp_path / "bad.trf"
    bad.write_text(LICHESS.read_text().replace("042 Dec 10, 2020", "042 Dez 40, 2020"))
    assert main(["compute", str(bad), "--no-config"]) == 1
    assert "bad.trf:4:5: bad date 'Dez 40, 2020'" in capsys.readouterr().err
