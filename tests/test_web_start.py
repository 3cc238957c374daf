"""The web app's start (issue 36, item 7): light and quick, in Chromium with Playwright.

A fresh profile opens the built app served on 127.0.0.1 by a server that counts what it sends: each
file of the build crosses the network once (the service worker keeps what the page fetched, it does
not fetch it again), so the first visit is at most 15 MB; the main thread has no task over 200 ms
while Pyodide starts (it starts in a Web Worker); ``#status`` shows the loading's progress in bytes;
once warm, a first file is answered at once; a new build fetches only its changed files. The
figures themselves are benchmarks/bench_web.py's (docs/reference/benchmarks.md).
"""

from __future__ import annotations

import functools
import hashlib
import http.server
import re
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
TIMEOUT_MS = 240_000

pytestmark = pytest.mark.slow
playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright (the test extra) is not installed")

LONGTASKS = """window.__longtasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longtasks.push(e.duration); })
  .observe({ type: "longtask", buffered: true });
window.__said = [];
document.addEventListener("DOMContentLoaded", () => {
  const s = document.getElementById("status");
  const note = () => { if (window.__said.at(-1) !== s.textContent) window.__said.push(s.textContent); };
  note();
  new MutationObserver(note).observe(s, { childList: true, characterData: true, subtree: true });
});"""


class Counting(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
    }
    sent: list[tuple[str, int]] = []

    def copyfile(self, source, outputfile):
        n = 0
        while chunk := source.read(1 << 16):
            outputfile.write(chunk)
            n += len(chunk)
        self.sent.append((self.path, n))

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def app(tmp_path_factory) -> Path:
    if not Path(CHROMIUM).exists():
        pytest.skip("Chromium is not installed (setup.sh installs Debian's chromium)")
    if shutil.which("npm") is None and not (ROOT / "web" / "node_modules" / "pyodide").exists():
        pytest.skip("npm is not installed (setup.sh installs Node and npm)")
    out = tmp_path_factory.mktemp("web") / "app"
    done = subprocess.run(
        [sys.executable, str(ROOT / "web" / "build.py"), "-o", str(out)], capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return out


def test_the_first_visit_is_light_and_the_page_never_freezes(app):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Counting, directory=str(app)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/"
    files = {p.relative_to(app).as_posix(): p.stat().st_size for p in app.rglob("*") if p.is_file()}
    try:
        with playwright_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            ctx = browser.new_context()
            ctx.set_default_timeout(TIMEOUT_MS)
            ctx.add_init_script(LONGTASKS)
            page = ctx.new_page()
            Counting.sent.clear()
            page.goto(url)
            assert page.evaluate("window.tbxl.ready") is True
            page.evaluate("window.tbxl.warmed")
            # every file kept by the service worker (sw.js "fill"): nothing more will be fetched
            page.wait_for_function(
                """async (n) => { const name = (await caches.keys()).find(k => k.startsWith('tbxl-web-'));
                   return name && (await (await caches.open(name)).keys()).length >= n; }""",
                arg=len(files) + 1,
            )
            sent = sum(n for _, n in Counting.sent)
            paths = [path for path, _ in Counting.sent]
            big = [f"/{name}" for name, size in files.items() if size > 100_000]
            assert all(paths.count(path) == 1 for path in big), sorted(paths)  # the runtime crosses once
            # 15 MB as the page and tbxl count a megabyte (2**20 bytes: engine.js, tbxl.limits.size_text)
            assert sent <= 15 * 2**20, (sent, sorted(Counting.sent, key=lambda s: -s[1])[:8])
            assert sent < sum(files.values()) + 200_000  # the build once, and a few small files again
            long = page.evaluate("window.__longtasks")
            assert max(long, default=0) <= 200, long
            said = page.evaluate("window.__said")
            assert any(re.fullmatch(r"Loading Python… \d+\.\d of \d+\.\d MB", s) for s in said), said
            assert said[-1] == "Ready", said
            # once warm, a first file is answered at once (the figure is bench_web.py's: 0.01 s)
            answered = page.evaluate(
                """async (d) => { const t = performance.now();
                   const doc = await window.tbxl.compute(new TextEncoder().encode(d), 'first.trf', {});
                   return [performance.now() - t, doc.standings.length]; }""",
                (ROOT / "tbxl" / "examples" / "held_swiss_5.trf").read_text(encoding="utf-8"),
            )
            assert answered[1] == 16 and answered[0] < 1000, answered
            # a new build with one file changed: only that file (and sw.js) is fetched on the next visit
            css = (app / "app.css").read_bytes() + b"\n/* a new build */\n"
            (app / "app.css").write_bytes(css)
            sw = (app / "sw.js").read_text(encoding="utf-8")
            sw = re.sub(r'"app\.css": "[0-9a-f]+"', f'"app.css": "{hashlib.sha256(css).hexdigest()[:16]}"', sw)
            (app / "sw.js").write_text(sw.replace('const VERSION = "', 'const VERSION = "new-'), encoding="utf-8")
            Counting.sent.clear()
            page.reload()
            page.evaluate("window.tbxl.ready")
            page.evaluate("window.tbxl.warmed")
            page.wait_for_function("caches.keys().then(k => k.length === 1 && k[0].startsWith('tbxl-web-new-'))")
            assert {path for path, _ in Counting.sent} == {"/sw.js", "/app.css"}, Counting.sent
            ctx.close()
            browser.close()
    finally:
        server.shutdown()
