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
import threading
from pathlib import Path

import pytest

from web_support import ROOT, TIMEOUT_MS, web_app, web_browser, web_url  # noqa: F401 (fixtures: one build, one browser)

pytestmark = pytest.mark.slow

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


@pytest.fixture
def fresh(app, tmp_path) -> Path:
    """A copy of the session's build (this test changes a file of it, as a new build would)."""
    return Path(shutil.copytree(app, tmp_path / "app"))


def test_the_first_visit_is_light_and_the_page_never_freezes(fresh, browser):
    app = fresh
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Counting, directory=str(app)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/"
    files = {p.relative_to(app).as_posix(): p.stat().st_size for p in app.rglob("*") if p.is_file()}
    try:
        # a fresh profile: a context of its own (its own service worker and caches)
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
        assert said[-1] == "Ready: choose the event's file.", said
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
        # (and the manifest, which Chromium fetches itself on each load, not through the page's
        # service worker: 681 bytes)
        assert {path for path, _ in Counting.sent} - {"/manifest.webmanifest"} == {"/sw.js", "/app.css"}, Counting.sent
        ctx.close()
    finally:
        server.shutdown()
