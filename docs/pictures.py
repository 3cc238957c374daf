"""Make the manual's pictures from the bundled examples, not by hand: ``python docs/pictures.py``.

* ``printout-page1.png``, ``printout-crosstable.png``: pages 1 and 4 of ``tbxl report``'s PDF of
  the benchmarks' 200-player, 9-round open (benchmarks/generate.py, seed 7), by pdftoppm;
* ``web-page.png``: that report's web page (``-o standings.html``) in headless Chromium;
* ``browser-print-page1.png``: page 1 of Chromium's print to PDF of the web page.

(The Excel sheets have no picture yet: LibreOffice's PDF of ``workbooks/tec-swiss.xlsx`` cuts each
sheet into page-wide strips, and setting a fit-to-page with openpyxl drops the stored values.)

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
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--no-first-run"]


def run(*args: str) -> None:
    subprocess.run(list(args), check=True, capture_output=True, text=True, timeout=600)


def page_png(pdf: Path, page: int, out: Path, dpi: int = 80) -> None:
    """Page ``page`` of ``pdf`` as ``out`` (pdftoppm writes PREFIX.png with -singlefile)."""
    run("pdftoppm", "-png", "-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile", str(pdf),
        str(out.with_suffix("")))
    print(f"wrote {out.relative_to(ROOT)}")


def main() -> int:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from generate import generate   # the benchmarks' deterministic Swiss generator

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
            run(CHROMIUM, *CHROMIUM_FLAGS, profile, f"--screenshot={DOCS / 'web-page.png'}",
                "--window-size=1100,900", html.as_uri())
            print("wrote docs/web-page.png")
            printed = work / "printed.pdf"
            run(CHROMIUM, *CHROMIUM_FLAGS, profile, "--no-pdf-header-footer", f"--print-to-pdf={printed}",
                html.as_uri())
            if shutil.which("pdftoppm"):
                page_png(printed, 1, DOCS / "browser-print-page1.png")
        else:
            print("skipped the web page: no chromium")
    return 0


if __name__ == "__main__":
    sys.exit(main())
