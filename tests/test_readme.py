"""What the README promises of the examples tbxl ships (issue 30), beyond its commands running
(every block of README.md and docs/ runs in tests/test_docs_examples.py): the categories and the
play-off it names, a tbxl.toml beside the event, the web page on a phone. They run in a folder
the examples were copied to by ``tbxl examples DIR``, as the README says."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tbxl.cli import main

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_copies_the_examples_out_and_never_runs_in_the_package():
    blocks = re.findall(r"```sh\n(.*?)```", README, re.S)
    assert any(b.startswith("tbxl examples ") for b in blocks)
    assert "cd tbxl/examples" not in README and 'tbxl.read("tbxl/examples' not in README


@pytest.fixture(scope="module")
def examples(tmp_path_factory) -> Path:
    """The examples as ``tbxl examples DIR`` copies them out."""
    from tbxl.examples import copy_examples

    folder = tmp_path_factory.mktemp("examples")
    copy_examples(folder)
    return folder


def test_what_the_readme_promises_of_the_examples(examples, monkeypatch, capsys):
    """Women, juniors and a tie a play-off decides: the categories are not empty, and 16>1 places
    Stephan (16) before Alyx (1), equal on 3.5 points, BH/C1 11, BH 12.5 and ARO 1820 (the file's
    212 list) under fide-2026."""
    import json

    monkeypatch.chdir(examples)
    assert (
        main(["compute", "event.trf", "--category", "U12=age<12", "--category", "Women=sex=w", "--format", "json"]) == 0
    )
    doc = json.loads(capsys.readouterr().out)
    assert doc["categories"]["U12"] == [16, 15, 13, 9, 10]  # born 2014-2016: under 12 before 1 January 2026
    assert len(doc["categories"]["Women"]) == 9
    tied = [s for s in doc["standings"] if s["start_number"] in (1, 16)]
    assert [s["rank_label"] for s in tied] == ["4-5", "4-5"]
    assert {json.dumps(s["values"]) for s in tied} == {'{"BH/C1": 11, "BH": 12.5, "ARO": 1820}'}
    assert main(["compute", "event.trf", "--playoff", "16>1", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [(s["start_number"], s["rank"], s["decided_by"]) for s in doc["standings"][3:5]] == [
        (16, 4, "play-off"),
        (1, 5, "play-off"),
    ]


def test_report_with_only_a_tbxl_toml_beside_it(examples, tmp_path, monkeypatch, capsys):
    """`tbxl report event.trf` with a tbxl.toml beside it, "all you type during the event": it
    writes the PDF (the input's name, or the file's output) and says where."""
    pytest.importorskip("weasyprint")
    folder = tmp_path / "event"
    folder.mkdir()
    shutil.copy(examples / "event.trf", folder)
    (folder / "tbxl.toml").write_text('lang = "en"\n[categories]\nU12 = "age<12"\n', encoding="utf-8")
    monkeypatch.chdir(folder)
    assert main(["report", "event.trf"]) == 0
    assert capsys.readouterr().err.startswith("wrote event.pdf (")
    assert (folder / "event.pdf").read_bytes()[:5] == b"%PDF-"
    (folder / "tbxl.toml").write_text('output = "standings.pdf"\n', encoding="utf-8")
    assert main(["report", "event.trf"]) == 0
    assert f"wrote {folder / 'standings.pdf'} (" in capsys.readouterr().err
    assert (folder / "standings.pdf").is_file()


# -- the web pages on a phone -------------------------------------------------------------------------

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")

#: A 390 px frame (a phone's width: headless Chromium's window is at least 500 px) holding the page;
#: its script writes the page's width and what sticks out of the frame outside a scrolling region.
_FRAME = """<!DOCTYPE html><html><body style="margin:0"><iframe id="f" src="%s" style="width:390px;height:844px;border:0"></iframe>
<script>document.getElementById('f').onload = function () {
  var d = this.contentDocument, w = this.contentWindow;
  var over = Array.from(d.querySelectorAll('body *')).filter(function (e) {
    return e.getBoundingClientRect().right > w.innerWidth + 1 && !e.closest('.scroll'); });
  document.body.setAttribute('data-w', d.documentElement.scrollWidth + ' ' + w.innerWidth + ' ' +
    over.slice(0, 3).map(function (e) { return e.tagName + '.' + e.className; }).join(','));
};</script></body></html>"""


def phone_width(page: Path, tmp_path: Path) -> tuple[int, int, str]:
    """The width ``page`` takes on a 390 px screen, the frame's width, and what overflows."""
    import subprocess

    frame = page.with_suffix(".frame.html")
    frame.write_text(_FRAME % page.name, encoding="utf-8")
    dom = subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--allow-file-access-from-files",
            "--virtual-time-budget=10000",
            f"--user-data-dir={tmp_path / 'profile'}",
            "--window-size=800,900",
            "--dump-dom",
            frame.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    ).stdout
    width, inner, *over = re.search(r'data-w="([^"]*)"', dom).group(1).split(" ")
    return int(width), int(inner), " ".join(over)


@pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium (setup.sh installs it)")
@pytest.mark.parametrize("event", ["team.trf", "event.trf"])
def test_the_web_page_fits_a_phone(event, examples, tmp_path, capsys):
    """The team page as the individual one: 390 px wide on a phone, its wide tables (crosstable,
    standings, board prizes) scrolling sideways in their own region (the team page was 730 px)."""
    pytest.importorskip("weasyprint")
    page = tmp_path / "page.html"
    assert main(["report", str(examples / event), "-o", str(page)]) == 0
    html = page.read_text(encoding="utf-8")
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    width, inner, over = phone_width(page, tmp_path)
    assert inner == 390 and width <= 390 and over == "", (width, over)
