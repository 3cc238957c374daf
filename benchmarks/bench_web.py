"""Benchmark of the web app (web/) in Debian's headless Chromium (a script, not a test):
``python benchmarks/bench_web.py [--app DIR] [--runs N]``.

What a user of the page waits for (issue 27 item 7, issue 36 item 7), the app built by
``web/build.py`` (or the built folder ``--app DIR``) and served on 127.0.0.1 by Python's http.server,
which counts the bytes it sends:

* **first visit**: a fresh browser profile opens the page: the bytes the server sent until the
  service worker has kept every file (each file should cross the network once), the time from the
  navigation's start to ``window.tbxl.ready`` (Pyodide's runtime, the wheels installed, tbxl
  imported, in the page's Web Worker) and to the end of the warm-up (``window.tbxl.warmed``), what
  ``#status`` said meanwhile, and the main thread's long tasks (PerformanceObserver ``longtask``)
  from the navigation to the warm-up's end;
* **the first files**: on that fresh page, once warm (the user choosing a file), the bundled TEC
  Swiss (16 players) chosen in ``#event-file`` until ``#standings`` has its rows, then a generated
  200 x 9 open (benchmarks/generate.py, seed 7), each the first of its size the page computes;
* **at once**: another fresh profile, the 16-player file chosen the moment the page is ready
  (before the warm-up ends);
* **later visits**: the same page reloaded, its files served by the service worker (and the
  browser's compiled WebAssembly): ready, warm, long tasks, bytes; median of ``--runs``;
* **compute + render**: each generated N x 9 open chosen again, until ``#standings`` has its N
  rows, and ``window.tbxl.compute`` alone; median of ``--runs``.
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


#: Every long task of the main thread from the navigation's start (the observer is installed
#: before the page's scripts run).
LONGTASKS = """window.__longtasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longtasks.push(e.duration); })
  .observe({ type: "longtask", buffered: true });"""

#: What #status says while the page loads (a new text every 50 ms at most).
STATUS = """() => { window.__said = []; const s = document.getElementById('status');
  const note = () => { if (window.__said.at(-1) !== s.textContent) window.__said.push(s.textContent); };
  note(); new MutationObserver(note).observe(s, { childList: true, characterData: true, subtree: true }); }"""


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
    }
    sent: list[tuple[str, int]] = []  # (path, bytes of the body) of every file served

    def copyfile(self, source, outputfile):
        n = 0
        while chunk := source.read(1 << 16):
            outputfile.write(chunk)
            n += len(chunk)
        self.sent.append((self.path, n))

    def log_message(self, *args):
        pass


def mb(n: float) -> str:
    return f"{n / 2**20:.1f} MB"


def seconds(ms: float) -> str:
    return f"{ms / 1000:.2f} s"


def open_page(page, url: str, *, reload: bool = False) -> dict:
    """The page opened (or reloaded) until warm: its timings, long tasks and what #status said."""
    if reload:
        page.reload(wait_until="commit")
    else:
        page.goto(url, wait_until="commit")
    page.wait_for_function("document.getElementById('status')")
    page.evaluate(STATUS)
    page.evaluate("window.tbxl.ready")
    page.evaluate("window.tbxl.warmed")
    return {
        "timings": page.evaluate("window.tbxl.timings"),
        "long": page.evaluate("window.__longtasks"),
        "said": page.evaluate("window.__said"),
    }


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
        size = sum(p.stat().st_size for p in app.rglob("*") if p.is_file())
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(app)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_port}/"
        tec = base64.b64encode((ROOT / "tbxl" / "examples" / "held_swiss_5.trf").read_bytes()).decode()
        sizes = [int(n) for n in a.sizes.split(",")]
        events = {
            n: base64.b64encode(write_trf(generate(n, 9, seed=7)).encode("utf-8")).decode() for n in {200, *sizes}
        }
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            ctx = browser.new_context()
            ctx.set_default_timeout(600_000)
            ctx.add_init_script(LONGTASKS)
            page = ctx.new_page()
            Handler.sent.clear()
            cold = open_page(page, url)
            first16 = page.evaluate(CHOOSE, [tec, "held_swiss_5.trf", 16])
            first200 = page.evaluate(CHOOSE, [events[200], "open-200x9.trf", 200])
            # every file kept by the service worker (sw.js "fill", once warm): the first visit's bytes
            page.wait_for_function(
                """async (n) => { const name = (await caches.keys()).find(k => k.startsWith('tbxl-web-'));
                   return name && (await (await caches.open(name)).keys()).length >= n; }""",
                arg=sum(1 for q in app.rglob("*") if q.is_file()) + 1,  # the files, "./", __files__.json
            )
            sent = sum(n for _, n in Handler.sent)
            twice = sorted({path for path, _ in Handler.sent if [q for q, _ in Handler.sent].count(path) > 1})
            t = cold["timings"]
            print(
                f"first visit: {mb(sent)} sent ({sent:,} bytes; the build is {mb(size)}), "
                f"fetched twice: {', '.join(twice) or 'none'}"
            )
            print(
                f"ready, cold:   {seconds(t['ready'])} (Pyodide {seconds(t['pyodide'])}, wheels "
                f"{seconds(t['wheels'] - t['pyodide'])}, tbxl {seconds(t['ready'] - t['wheels'])}); warm "
                f"{seconds(t['warm'])}; longest main-thread task {max(cold['long'], default=0):.0f} ms "
                f"({len(cold['long'])} over 50 ms)"
            )
            print(f"status said: {' | '.join(cold['said'])}")
            print(f"first files once warm: 16 players {seconds(first16)}, 200 x 9 {seconds(first200)}")
            # another first visit, the 16-player file chosen the moment the page is ready (no time
            # to warm): what a user who chooses at once waits
            early_ctx = browser.new_context()
            early_ctx.set_default_timeout(600_000)
            early = early_ctx.new_page()
            early.goto(url)
            early.evaluate("window.tbxl.ready")
            at_ready = early.evaluate(CHOOSE, [tec, "held_swiss_5.trf", 16])
            early_ctx.close()
            print(f"the 16-player file chosen the moment the page is ready (not yet warm): {seconds(at_ready)}")
            cached, bytes_again = [], []
            for _ in range(a.runs):
                Handler.sent.clear()
                cached.append(open_page(page, url, reload=True))
                bytes_again.append(sum(n for _, n in Handler.sent))
            med = {
                k: statistics.median(c["timings"][k] for c in cached) for k in ("pyodide", "wheels", "ready", "warm")
            }
            longest = max(max(c["long"], default=0) for c in cached)
            print(
                f"ready, cached: {seconds(med['ready'])} median of {a.runs} (Pyodide {seconds(med['pyodide'])}, "
                f"wheels {seconds(med['wheels'] - med['pyodide'])}, tbxl {seconds(med['ready'] - med['wheels'])}); "
                f"warm {seconds(med['warm'])}; longest main-thread task {longest:.0f} ms; "
                f"{max(bytes_again):,} bytes sent"
            )
            for n in sizes:
                b64 = events[n]
                name = f"open-{n}x9.trf"
                ui = [page.evaluate(CHOOSE, [b64, name, n]) for _ in range(a.runs)]
                alone = [page.evaluate(COMPUTE, [b64, name]) for _ in range(a.runs)]
                print(
                    f"{n:5} x 9: standings on the page {seconds(statistics.median(ui))} after choosing the file "
                    f"(tbxl.compute alone {seconds(statistics.median(alone))}), median of {a.runs}"
                )
            browser.close()
        server.shutdown()


if __name__ == "__main__":
    main()
