"""What the web app's browser tests share (tests/test_web.py, tests/test_web_ui.py): the app built
once by ``python web/build.py -o DIR``, served on 127.0.0.1, and one headless Chromium (Debian's,
driven by Playwright for Python with its ``executable_path``: no browser download), for the whole
session: Pyodide's start is the slow part, so every test reuses what it can."""

from __future__ import annotations

import functools
import http.server
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
#: Pyodide's start on a busy 2-core machine takes tens of seconds: the waits are generous.
TIMEOUT_MS = 240_000


#: What the session made once: each test module that imports these fixtures gets its own copy of
#: them from pytest (one per module), so the first makes the build, the server and the browser, and
#: the others reuse them (a second Playwright in the same process cannot start).
_SHARED: dict[str, object] = {}


@pytest.fixture(scope="session", name="app")
def web_app(tmp_path_factory) -> Path:
    if "app" in _SHARED:
        return _SHARED["app"]  # type: ignore[return-value]
    if not Path(CHROMIUM).exists():
        pytest.skip("Chromium is not installed (setup.sh installs Debian's chromium)")
    if shutil.which("npm") is None and not (ROOT / "web" / "node_modules" / "pyodide").exists():
        pytest.skip("npm is not installed (setup.sh installs Node and npm)")
    out = tmp_path_factory.mktemp("web") / "app"
    done = subprocess.run(
        [sys.executable, str(ROOT / "web" / "build.py"), "-o", str(out)], capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, done.stdout + done.stderr
    _SHARED["app"] = out
    return out


class Handler(http.server.SimpleHTTPRequestHandler):
    # WebAssembly needs its own type for streaming compilation; an ES module, a JavaScript type
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
    }

    def log_message(self, *args):
        pass


@pytest.fixture(scope="session", name="url")
def web_url(app):
    if "url" in _SHARED:
        yield _SHARED["url"]
        return
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(app)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    _SHARED["url"] = f"http://127.0.0.1:{server.server_port}/"
    yield _SHARED["url"]
    server.shutdown()
    del _SHARED["url"]


@pytest.fixture(scope="session", name="browser")
def web_browser(url):
    if "browser" in _SHARED:
        yield _SHARED["browser"]
        return
    playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright (the test extra) is not installed")
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        _SHARED["browser"] = browser
        yield browser
        del _SHARED["browser"]
        browser.close()
