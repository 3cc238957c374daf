"""Benchmark of the web app (web/) in Debian's headless Chromium (a script, not a test):
``python benchmarks/bench_web.py [--app DIR] [--runs N]``.

What a user of the page waits for (issue 27, item 7), the app built by ``web/build.py`` (or the
built folder ``--app DIR``) and served on 127.0.0.1 by Python's http.server:

* **ready, cold**: a fresh browser profile opens the page; from the navigation's start to
  ``window.tbxl.ready`` (Pyodide's runtime, the wheels installed, tbxl imported);
* **ready, cached**: the same page reloaded, its files served by the service worker (and the
  browser's compiled WebAssembly); median of ``--runs``;
* **compute + render**: a generated N x 9 open (benchmarks/generate.py, seed 7) chosen in
  ``#event-file``, until ``#standings`` has its N rows (``tbxl compute --format json`` in Pyodide
  and the table's DOM); and ``window.tbxl.compute`` alone; median of ``--runs``.
"""

from __future__ import annotations

import argparse
import base64
import functools
import http.server
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from generate import generate  # noqa: E402
from tbxl.io.trf import write_trf  # noqa: E402

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

CHOOSE = """async ([b64, name, n]) => {
    const bytes = Uint8Array.from(atob(b64), c => c.charCodeAt(0));
    const input = document.getElementById('event-file');
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], name));
    document.getElementById('standings').replaceChildren();
    const t0 = performance.now();
    input.files = dt.files;
    input.dispatchEvent(new Event('change'));
    while (document.querySelectorAll('#standings tr[data-start-number]').length !== n)
        await new Promise(r => setTimeout(r, 5));
    return window.tbxl.timings.standings - t0;   // the table filled (app.js notes the moment)
}"""

COMPUTE = """async ([b64, name]) => {
    const bytes = Uint8Array.from(atob(b64), c => c.charCodeAt(0));
    const t0 = performance.now();
    await window.tbxl.compute(bytes, name, {});
    return performance.now() - t0;
}"""


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
    }

    def log_message(self, *args):
        pass


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--app", help="a built app (default: build one into a temporary folder)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--sizes", default="200,2000", help="players of the generated events (9 rounds)")
    a = ap.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        app = Path(a.app) if a.app else Path(tmp) / "app"
        if not a.app:
            subprocess.run([sys.executable, str(ROOT / "web" / "build.py"), "-o", str(app)], check=True)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(app)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_port}/"
        events = {
            n: base64.b64encode(write_trf(generate(n, 9, seed=7)).encode("utf-8")).decode()
            for n in map(int, a.sizes.split(","))
        }
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            ctx = browser.new_context()
            ctx.set_default_timeout(600_000)
            page = ctx.new_page()
            page.goto(url)
            page.evaluate("window.tbxl.ready")
            cold = page.evaluate("window.tbxl.timings")
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            cached = []
            for _ in range(a.runs):
                page.reload()
                page.evaluate("window.tbxl.ready")
                cached.append(page.evaluate("window.tbxl.timings"))
            print(
                f"ready, cold:   {cold['ready'] / 1000:.2f} s (Pyodide {cold['pyodide'] / 1000:.2f} s, "
                f"wheels {(cold['wheels'] - cold['pyodide']) / 1000:.2f} s, tbxl {(cold['ready'] - cold['wheels']) / 1000:.2f} s)"
            )
            med = {k: statistics.median(t[k] for t in cached) for k in ("pyodide", "wheels", "ready")}
            print(
                f"ready, cached: {med['ready'] / 1000:.2f} s median of {a.runs} (Pyodide {med['pyodide'] / 1000:.2f} s, "
                f"wheels {(med['wheels'] - med['pyodide']) / 1000:.2f} s, tbxl {(med['ready'] - med['wheels']) / 1000:.2f} s)"
            )
            for n, b64 in events.items():
                name = f"open-{n}x9.trf"
                page.evaluate(COMPUTE, [b64, name])  # warm: the first call imports the rooms it needs
                ui = [page.evaluate(CHOOSE, [b64, name, n]) for _ in range(a.runs)]
                alone = [page.evaluate(COMPUTE, [b64, name]) for _ in range(a.runs)]
                print(
                    f"{n:5} x 9: standings on the page {statistics.median(ui) / 1000:.2f} s after choosing the file "
                    f"(tbxl.compute alone {statistics.median(alone) / 1000:.2f} s), median of {a.runs}"
                )
            browser.close()
        server.shutdown()


if __name__ == "__main__":
    main()
