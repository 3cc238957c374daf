"""Make the manual's pictures from the bundled examples, not by hand: ``python docs/pictures.py``.

* ``printout-page1.png``, ``printout-crosstable.png``: pages 1 and 4 of ``tbxl report``'s PDF of
  the benchmarks' 200-player, 9-round open (benchmarks/generate.py, seed 7), by pdftoppm;
* ``web-page.png``: that report's web page (``-o standings.html``) in headless Chromium;
* ``browser-print-page1.png``: page 1 of Chromium's print to PDF of the web page;
* ``crosstable-<lang>.png``: the crosstable cells of the bundled Swiss in each report language
  (``--pages crosstable``, cropped): the colour a mark, ○ White and ● Black, in every language;
* ``de-appeal.png``: the appeal PDF's direct encounter of the bundled round robin (its mini-table,
  the games among the tied players); ``team-derivation.png``: a team derivation page of
  ``tests/data/team/grandmommyscup.trf`` (``--derivations players --players 6``);
  ``python docs/pictures.py explain`` draws only these;
* ``arbiter/team-appeal-<lang>-<page>.png``: every page of the team appeal of Azerbaijan and Spain
  (``explain grandmommyscup.trf --team 6,13``) in English, Vietnamese and Russian;
  ``python docs/pictures.py team-appeal`` draws only these;
* ``workbook-crosstable.png``, ``workbook-standings.png``: the Crosstable and Standings sheets of
  ``workbooks/tec-swiss.xlsx`` as a spreadsheet shows them: the values the workbook stores for its
  formulas, the cells in their columns and rows, and the formula of one cell above, drawn from the
  workbook by openpyxl (LibreOffice's PDF of the sheets cuts them into page-wide strips).

Needs tbxl with the report extra, and poppler-utils and chromium from the system (a picture whose
tool is missing is skipped, with a line saying so).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


def run(*args: str) -> None:
    subprocess.run(list(args), check=True, capture_output=True, text=True, timeout=600)


def page_png(pdf: Path, page: int, out: Path, dpi: int = 80) -> None:
    """Page ``page`` of ``pdf`` as ``out`` (pdftoppm writes PREFIX.png with -singlefile)."""
    run(
        "pdftoppm",
        "-png",
        "-r",
        str(dpi),
        "-f",
        str(page),
        "-l",
        str(page),
        "-singlefile",
        str(pdf),
        str(out.with_suffix("")),
    )
    print(f"wrote {out.relative_to(ROOT)}")


def sheet_html(path: Path, sheet: str, formula_cell: str, columns: int, rows: int) -> str:
    """A sheet of the workbook at ``path`` as a spreadsheet draws it: column letters, row numbers,
    the stored values (what Excel shows before it recalculates) and a formula bar with the formula
    of ``formula_cell``."""
    import html

    import openpyxl
    from openpyxl.utils import get_column_letter

    values = openpyxl.load_workbook(path, data_only=True)[sheet]
    formulas = openpyxl.load_workbook(path)[sheet]
    formula = formulas[formula_cell].value
    formula = getattr(formula, "text", formula)  # an array formula
    head = "".join(f"<th>{get_column_letter(c)}</th>" for c in range(1, columns + 1))
    body = []
    for r in range(1, rows + 1):
        cells = []
        for c in range(1, columns + 1):
            v = values.cell(r, c).value
            text = "" if v is None else (v.strftime("%Y-%m-%d") if hasattr(v, "strftime") else str(v))
            text = (
                text if len(text) <= 40 else text[:39] + "…"
            )  # a note across the sheet, cut as a narrow column shows it
            ref = f"{get_column_letter(c)}{r}"
            mark = ' class="sel"' if ref == formula_cell else ' class="num"' if isinstance(v, (int, float)) else ""
            cells.append(f"<td{mark}>{html.escape(text)}</td>")
        body.append(f"<tr><th>{r}</th>{''.join(cells)}</tr>")
    return (
        "<!doctype html><meta charset=utf-8><style>body{font:13px Calibri,Carlito,DejaVu Sans,sans-serif;margin:8px}"
        ".bar{border:1px solid #bbb;padding:3px 6px;margin-bottom:6px;font-family:DejaVu Sans Mono,monospace}"
        "table{border-collapse:collapse}td,th{border:1px solid #d4d4d4;padding:1px 6px;white-space:nowrap;height:18px}"
        "th{background:#f0f0f0;color:#555;font-weight:normal}td.num{text-align:right}"
        "td.sel{outline:2px solid #217346;text-align:right}.tab{margin-top:6px;color:#217346}</style>"
        f"<div class=bar><b>{formula_cell}</b> &nbsp; {html.escape(str(formula))}</div>"
        f"<table><tr><th></th>{head}</tr>{''.join(body)}</table><div class=tab>{html.escape(sheet)}</div>"
    )


def crop_png(pdf: Path, page: int, out: Path, box: tuple[int, int, int, int], dpi: int = 150) -> None:
    """A part of page ``page`` of ``pdf`` (``box``: x, y, width, height in pixels at ``dpi``)."""
    x, y, w, h = box
    run(
        "pdftoppm",
        "-png",
        "-r",
        str(dpi),
        "-f",
        str(page),
        "-l",
        str(page),
        "-singlefile",
        "-x",
        str(x),
        "-y",
        str(y),
        "-W",
        str(w),
        "-H",
        str(h),
        str(pdf),
        str(out.with_suffix("")),
    )
    print(f"wrote {out.relative_to(ROOT)}")


def explain_pictures(work: Path) -> None:
    """The pictures of issue 28: every language's crosstable cells, a direct encounter in the
    appeal PDF, a team derivation page."""
    from tbxl.cli import main as tbxl

    if not shutil.which("pdftoppm"):
        print("skipped the explain pictures: no pdftoppm (Debian: poppler-utils)")
        return
    examples = ROOT / "tbxl" / "examples"
    for lang in ("en", "es", "ru", "vi", "ms"):
        pdf = work / f"crosstable-{lang}.pdf"
        assert (
            tbxl(
                ["report", str(examples / "held_swiss_5.trf"), "-o", str(pdf), "--lang", lang, "--pages", "crosstable"]
            )
            == 0
        )
        crop_png(pdf, 1, DOCS / f"crosstable-{lang}.png", (60, 700, 1150, 230))
    appeal = work / "appeal.pdf"
    assert tbxl(["explain", str(examples / "held_round_robin.trf"), "--player", "4,5", "-o", str(appeal)]) == 0
    crop_png(appeal, 1, DOCS / "de-appeal.png", (60, 1120, 1150, 560))
    team = work / "team.pdf"
    assert (
        tbxl(
            [
                "report",
                str(ROOT / "tests" / "data" / "team" / "grandmommyscup.trf"),
                "-o",
                str(team),
                "--derivations",
                "players",
                "--players",
                "6",
            ]
        )
        == 0
    )
    page_png(team, 12, DOCS / "team-derivation.png")


def team_appeal_pictures(work: Path) -> None:
    """The pictures of issue 35 item 4: every page of a two-team EDE appeal in en, vi and ru."""
    from tbxl.cli import main as tbxl

    if not shutil.which("pdftoppm"):
        print("skipped the team appeal pictures: no pdftoppm (Debian: poppler-utils)")
        return
    trf = ROOT / "tests" / "data" / "team" / "grandmommyscup.trf"
    for old in (DOCS / "arbiter").glob("team-appeal-*.png"):
        old.unlink()
    for lang in ("en", "vi", "ru"):
        pdf = work / f"team-appeal-{lang}.pdf"
        assert tbxl(["explain", str(trf), "--team", "6,13", "--lang", lang, "-o", str(pdf)]) == 0
        from pypdf import PdfReader

        for page in range(1, len(PdfReader(str(pdf)).pages) + 1):
            page_png(pdf, page, DOCS / "arbiter" / f"team-appeal-{lang}-{page}.png", dpi=70)


def main() -> int:
    if sys.argv[1:] == ["team-appeal"]:
        with tempfile.TemporaryDirectory() as tmp:
            team_appeal_pictures(Path(tmp))
        return 0
    if sys.argv[1:] == ["explain"]:
        with tempfile.TemporaryDirectory() as tmp:
            explain_pictures(Path(tmp))
        return 0
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from generate import generate  # the benchmarks' deterministic Swiss generator
    from tbxl.cli import main as tbxl
    from tbxl.io.trf import write_trf_file

    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        trf = work / "open200.trf"
        write_trf_file(generate(200, 9, seed=7), trf)
        pdf, html = work / "standings.pdf", work / "standings.html"
        assert tbxl(["report", str(trf), "-o", str(pdf)]) == 0
        assert tbxl(["report", str(trf), "-o", str(html)]) == 0
        if shutil.which("pdftoppm"):
            page_png(pdf, 1, DOCS / "printout-page1.png")
            page_png(pdf, 4, DOCS / "printout-crosstable.png")
        else:
            print("skipped the PDF pages: no pdftoppm (Debian: poppler-utils)")
        if CHROMIUM:
            profile = f"--user-data-dir={work / 'profile'}"
            run(
                CHROMIUM,
                *CHROMIUM_FLAGS,
                profile,
                f"--screenshot={DOCS / 'web-page.png'}",
                "--window-size=1100,900",
                html.as_uri(),
            )
            print("wrote docs/web-page.png")
            printed = work / "printed.pdf"
            run(
                CHROMIUM, *CHROMIUM_FLAGS, profile, "--no-pdf-header-footer", f"--print-to-pdf={printed}", html.as_uri()
            )
            if shutil.which("pdftoppm"):
                page_png(printed, 1, DOCS / "browser-print-page1.png")
        else:
            print("skipped the web page: no chromium")
        book = ROOT / "workbooks" / "tec-swiss.xlsx"
        if CHROMIUM:
            for name, sheet, cell, columns, rows, size in (
                ("workbook-crosstable.png", "Crosstable", "N5", 18, 17, "1300,470"),
                ("workbook-standings.png", "Standings", "A6", 9, 22, "1000,600"),
            ):
                page = work / f"{sheet}.html"
                page.write_text(sheet_html(book, sheet, cell, columns, rows), encoding="utf-8")
                run(
                    CHROMIUM,
                    *CHROMIUM_FLAGS,
                    f"--user-data-dir={work / 'profile'}",
                    f"--screenshot={DOCS / name}",
                    f"--window-size={size}",
                    page.as_uri(),
                )
                print(f"wrote docs/{name}")
        explain_pictures(work)
        team_appeal_pictures(work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
