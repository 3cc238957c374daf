"""The web app (web/, issue 27) in a real browser: Debian's Chromium, headless, driven by Playwright
for Python with its ``executable_path`` (no browser download), the app built once by
``python web/build.py -o DIR`` and served on 127.0.0.1, one browser for the session
(tests/web_support.py, shared with tests/test_web_ui.py) and one page for the whole file.

What the page gives is checked against what the CLI gives in this CPython for the same input and
options: the JSON document (the bundled individual, round-robin and team examples and a generated
200 x 9 open), the standings table of the contract (``tr[data-start-number]``, ``td[data-code]``,
as the CLI's table prints it), the downloads (byte for byte; the workbook cell for cell), the
browser's print (every name, the crosstable inside the page), a click on a player (the derivation's
HTML, its text download the CLI's), a hostile file (the CLI's line in ``#error-line``), the requests
(all to 127.0.0.1), the manifest and its icons, and an offline reload (the service worker).
"""

from __future__ import annotations

import base64
import contextlib
import io
import json
import os
import shutil
from pathlib import Path

import pytest

from generate import generate  # the benchmarks' deterministic Swiss generator (pytest's pythonpath)
from tbxl.cli import main as cli
from web_support import TIMEOUT_MS, web_app, web_browser, web_url  # noqa: F401 (fixtures: one build, one browser)

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "tbxl" / "examples"
TEAM = ROOT / "tests" / "data" / "team" / "generated-16x7x4-seed5.trf"
BAD = ROOT / "tests" / "data" / "bad" / "unknown_result_code.trf"
pytestmark = pytest.mark.slow


def run_cli(argv: list[str], cwd: Path) -> tuple[int, str, str]:
    """``tbxl ARGV`` in this CPython, in ``cwd`` (the file named as the page names it)."""
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli(argv)
    finally:
        os.chdir(here)
    return code, out.getvalue(), err.getvalue()


# -- the app, its server, the browser (one each for this file) -------------------------------------


@pytest.fixture(scope="module")
def context(browser):
    ctx = browser.new_context(accept_downloads=True)
    ctx.set_default_timeout(TIMEOUT_MS)
    ctx.requests = []  # every request of every page of this file (test_every_request_...)
    ctx.on("request", lambda r: ctx.requests.append(r.url))
    yield ctx
    ctx.close()


@pytest.fixture(scope="module")
def page(context, url):
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.evaluate("window.tbxl.ready")
    yield page
    assert not errors, errors


def compute_in_page(page, path: Path, options: dict) -> dict:
    return page.evaluate(
        "([d, name, o]) => window.tbxl.compute(Uint8Array.from(atob(d), c => c.charCodeAt(0)), name, o)",
        [base64.b64encode(path.read_bytes()).decode(), path.name, options],
    )


@pytest.fixture(scope="module")
def open_200x9(tmp_path_factory) -> Path:
    from tbxl.io.trf import write_trf

    path = tmp_path_factory.mktemp("gen") / "open-200x9.trf"
    path.write_text(write_trf(generate(200, 9, seed=7)), encoding="utf-8")
    return path


# -- window.tbxl.compute: the CLI's JSON ----------------------------------------------------------


@pytest.mark.parametrize(
    "name, options, argv",
    [
        ("held_swiss_5", {}, []),
        (
            "held_swiss_5",
            {"rules": "fide-2026", "tiebreaks": "BH/C1,BH,SB,PS"},
            ["--rules", "fide-2026", "--tiebreaks", "BH/C1,BH,SB,PS"],
        ),
        ("held_round_robin", {}, []),
        ("team", {}, []),
        ("open_200x9", {"lang": "vi"}, []),  # compute has no --lang: the option changes nothing of the document
    ],
)
def test_compute_gives_the_cli_json(page, name, options, argv, request):
    path = {"team": lambda: TEAM, "open_200x9": lambda: request.getfixturevalue("open_200x9")}.get(
        name, lambda: EXAMPLES / f"{name}.trf"
    )()
    code, out, err = run_cli(["compute", path.name, "--format", "json", *argv], path.parent)
    assert code == 0, err
    doc = compute_in_page(page, path, options)
    assert doc == json.loads(out)
    # a real number, not only agreement: the TEC exercise's Bruno (SNo 2) has BH 13 and SB 9.5
    if name == "held_swiss_5" and not options:
        bruno = next(r for r in doc["standings"] if r["start_number"] == 2)
        assert (bruno["values"]["BH"], bruno["values"]["SB"]) == (13, 9.5)
    if name == "team":
        assert doc["tournament"]["kind"] == "team" and len(doc["standings"]) == 16


def test_compute_rejects_with_the_cli_line(page):
    code, _, err = run_cli(["compute", BAD.name, "--format", "json"], BAD.parent)
    assert code == 1
    message = page.evaluate(
        "([d, n]) => window.tbxl.compute(new TextEncoder().encode(d), n, {}).then(() => 'resolved', e => e.message)",
        [BAD.read_text(encoding="utf-8"), BAD.name],
    )
    assert message == err.strip().splitlines()[-1]
    assert message.startswith("tbxl: error: unknown_result_code.trf:14:99: player 12, round 1")


def test_the_api_standings_read_the_tbxl_toml_and_warn_as_the_cli(page, tmp_path):
    """The standings are the Python API's (web/app.py), not a CLI run: with a tbxl.toml beside the
    input (rules, tie-breaks, categories, prizes) and stale points columns (warnings, counted as the
    CLI counts them), the document, the warnings and the CSV are the CLI's."""
    lines = (EXAMPLES / "event.trf").read_text(encoding="utf-8").splitlines(keepends=True)
    stale = [line[:80] + " 9.0" + line[84:] if line.startswith("001") else line for line in lines]
    path = tmp_path / "stale.trf"
    path.write_text("".join(stale), encoding="utf-8")
    toml = tmp_path / "tbxl.toml"
    toml.write_text(
        'rules = "fide-2026"\ntiebreaks = "BH/C1,BH,SB,WIN"\nprizes = "1:500,2:300,3:200"\n'
        '[categories]\nWomen = { where = "sex=w", prizes = "1:100,2:50" }\n',
        encoding="utf-8",
    )
    code, out, err = run_cli(["compute", path.name, "--format", "json"], tmp_path)
    assert code == 0, err
    code, _, _ = run_cli(["compute", path.name, "-o", "standings.csv"], tmp_path)
    assert code == 0
    try:
        choose(page, path)  # the event, then its tbxl.toml (which recomputes it)
        page.evaluate("() => document.getElementById('standings').replaceChildren()")
        page.set_input_files("#config-file", str(toml))
        page.wait_for_selector("#standings tr[data-start-number]")
        answer = page.evaluate("(n) => window.tbxl.call('json_document', n, '{}')", path.name)
        csv = page.evaluate("(n) => window.tbxl.call('csv_text', n, '{}')", path.name)
        shown = page.locator("#warnings li").all_text_contents()
    finally:
        page.set_input_files("#config-file", [])
    doc = json.loads(out)
    assert answer["ok"] == doc and doc["rules"] == "fide-2026" and doc["tiebreaks"] == ["BH/C1", "BH", "SB", "WIN"]
    assert set(doc["categories"]) == {"Women"} and doc["prizes"]["overall"][0]["listed"] == "500.00"
    said = [line for line in err.splitlines() if "warning:" in line]
    assert answer["warnings"] == said == shown and len(said) == 6  # five, then how many more
    assert said[-1].startswith("tbxl: warning: ") and "more warnings like these" in said[-1]
    assert base64.b64decode(csv["ok"]) == (tmp_path / "standings.csv").read_bytes()


# -- the UI --------------------------------------------------------------------------------------


def choose(page, path: Path) -> None:
    # the last event's table and printout gone first (its calls answered), so the waits below see
    # the new event's
    page.wait_for_function("window.tbxl.busy === 0")
    page.evaluate(
        "() => { document.getElementById('standings').replaceChildren(); "
        "document.getElementById('printout').dataset.ready = ''; }"
    )
    page.set_input_files("#event-file", str(path))
    page.wait_for_selector("#standings tr[data-start-number]")


def test_the_ui_fills_the_standings_as_the_cli_table_prints_them(page):
    path = EXAMPLES / "held_swiss_5.trf"
    code, table, _ = run_cli(["compute", path.name], path.parent)
    lines = table.splitlines()
    head = lines[1].split()  # Rank SNo Name Pts BH/C1 BH SB PS WIN
    printed = {int(cells[1]): dict(zip(head, cells)) for cells in (line.split() for line in lines[2:18])}
    choose(page, path)
    rows = page.eval_on_selector_all(
        "#standings tr[data-start-number]",
        """rows => rows.map(r => [
        r.dataset.startNumber, Object.fromEntries([...r.querySelectorAll('td[data-code]')].map(c => [c.dataset.code, c.textContent]))])""",
    )
    assert len(rows) == 16
    assert [int(n) for n, _ in rows] == [int(line.split()[1]) for line in lines[2:18]]  # the CLI's order
    for n, cells in rows:
        want = printed[int(n)]
        assert {code: cells[code] for code in head[4:]} == {code: want[code] for code in head[4:]}
    assert page.is_hidden("#error")
    # a click on a player: the derivation as the report's HTML (David, SNo 4: BH/C1 11.5 with his
    # round-2 bye cut, C.07 16.5), and the text download is what `tbxl explain --player N` prints
    _, explained, _ = run_cli(["explain", path.name, "--player", "4"], path.parent)
    page.click("#standings tr[data-start-number='4'] button.who")
    page.wait_for_selector("#explain:not([hidden]) section.player")
    assert page.inner_text("#explain .pname") == "David"
    codes = page.eval_on_selector_all("#explain .deriv h4 .code", "hs => hs.map(h => h.textContent)")
    assert codes == ["PTS = 3.5", "BH/C1 = 11.5", "BH = 15", "SB = 9.75", "PS = 11.5", "WIN = 2"]
    cut = page.eval_on_selector_all(
        "#explain .deriv", "ds => [...ds[1].querySelectorAll('table.terms tr.cut td')].map(t => t.textContent)"
    )
    assert cut[0] == "2" and "16.5" in cut[-1]
    colours = page.eval_on_selector_all(
        "#explain table.cardgames tbody tr", "rs => rs.map(r => r.cells[3].textContent)"
    )
    assert colours == ["Black", "", "White", "White", "Black"]
    links = page.eval_on_selector_all("#explain td.why a", "as => as.map(a => [a.textContent, a.href])")
    assert ["[8.1]", "https://tbxl.github.io/tbxl/reference/rules/"] in links
    assert "tbxl explain" not in page.inner_text("body")
    with page.expect_download() as d:
        page.click("[data-download='explain']")
    assert Path(d.value.path()).read_text(encoding="utf-8") == explained


def test_the_ui_fills_a_team_events_standings(page):
    code, table, _ = run_cli(["compute", TEAM.name], TEAM.parent)
    lines = table.splitlines()[2:18]  # Rank TNo Team(2 words) MP EDE EMGSB/C1 BH:MP/C1 MPvGP
    choose(page, TEAM)
    rows = page.eval_on_selector_all(
        "#standings tr[data-start-number]",
        """rows => rows.map(r =>
        [r.dataset.startNumber, ...[...r.querySelectorAll('td[data-code]')].map(c => c.textContent)])""",
    )
    assert [[int(cells[1]), *cells[4:]] for cells in (line.split() for line in lines)] == [
        [int(n), *values] for n, *values in rows
    ]
    assert rows[0][:3] == ["3", "10", "-"]  # Team 3: 10 match points, EDE not applied ("-")


def test_the_print_holds_every_name_and_the_crosstable_inside_the_page(page, open_200x9, tmp_path):
    pypdf = pytest.importorskip("pypdf")
    from tbxl.io.trf import read_trf

    choose(page, open_200x9)
    page.wait_for_selector("#printout[data-ready='1']", state="attached")
    pdf = tmp_path / "print.pdf"
    page.pdf(path=str(pdf), format="A4", prefer_css_page_size=True)
    reader = pypdf.PdfReader(str(pdf))
    text, outside = [], []
    for number, p in enumerate(reader.pages, 1):
        width = float(p.mediabox.width)

        def visit(t, cm, tm, font, size, number=number, width=width):
            x = cm[0] * tm[4] + cm[2] * tm[5] + cm[4]
            if t.strip() and not (0 <= x <= width):
                outside.append((number, x, t))

        text.append(p.extract_text(visitor_text=visit))
    whole = "\n".join(text)
    names = [p.name for p in read_trf(str(open_200x9)).players]
    assert len(names) == 200
    missing = [n for n in names if n not in whole]
    assert not missing, missing[:5]
    assert "Ranking crosstable" in whole
    assert not outside, outside[:5]


def test_a_hostile_file_shows_one_line_in_error(page, tmp_path):
    hostile = tmp_path / "hostile.trf"
    hostile.write_bytes(b"001 <script>alert(1)</script>\x00\xff\xfe" + b"\n" * 3 + bytes(range(256)))
    code, _, err = run_cli(["compute", hostile.name, "--format", "json"], tmp_path)
    assert code == 1
    page.set_input_files("#event-file", str(hostile))
    page.wait_for_selector("#error:not([hidden])")
    shown = page.inner_text("#error-line")
    assert shown == err.strip().splitlines()[-1]
    assert "\n" not in shown and "Traceback" not in shown and shown.startswith("tbxl: error: hostile.trf")
    assert "hostile.trf" in page.inner_text("#error-what")  # the user's file named, and what to do
    assert page.eval_on_selector_all("#standings tr", "rows => rows.length") == 0
    assert page.evaluate("document.querySelectorAll('script').length") == 1  # app.js only: the name is text


# -- the downloads: what the CLI writes ----------------------------------------------------------


def test_each_download_is_what_the_cli_writes(page, tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    src = EXAMPLES / "held_swiss_5.trf"
    shutil.copy(src, tmp_path / src.name)
    options = {"rules": "fide-2024", "tiebreaks": "BH/C1,BH,SB,PS"}
    argv = ["--rules", "fide-2024", "--tiebreaks", "BH/C1,BH,SB,PS"]
    choose(page, src)
    page.evaluate(
        "o => { document.getElementById('rules').value = o.rules; document.getElementById('tiebreaks').value = o.tiebreaks; }",
        options,
    )

    def adapter(name, *args):
        return page.evaluate("([n, a]) => window.tbxl.call(n, ...a).then(r => r.ok)", [name, list(args)])

    page.click("#tabs [data-view='downloads']")

    def download(kind) -> bytes:
        with page.expect_download() as d:
            page.click(f"[data-download='{kind}']")
        return Path(d.value.path()).read_bytes()

    for kind, out in (("csv", "s.csv"), ("json", "s.json"), ("trf", "s.trf")):
        assert run_cli(["compute", src.name, "-o", out, *argv], tmp_path)[0] == 0
        assert download(kind) == (tmp_path / out).read_bytes(), kind
    # the workbook: the same cells and formulas
    assert run_cli(["workbook", src.name, "-o", "held_swiss_5.xlsx", *argv], tmp_path)[0] == 0
    (tmp_path / "page.xlsx").write_bytes(download("xlsx"))
    ours, theirs = (
        openpyxl.load_workbook(tmp_path / "page.xlsx"),
        openpyxl.load_workbook(tmp_path / "held_swiss_5.xlsx"),
    )
    assert ours.sheetnames == theirs.sheetnames

    def value(v):  # an array formula as its range and text
        return (type(v).__name__, v.ref, v.text) if hasattr(v, "text") and hasattr(v, "ref") else v

    for sheet in theirs.sheetnames:
        cells = lambda wb: [[value(c.value) for c in row] for row in wb[sheet].iter_rows()]  # noqa: E731
        assert cells(ours) == cells(theirs), sheet
    formulas = [
        c.value
        for ws in ours.worksheets
        for row in ws.iter_rows()
        for c in row
        if isinstance(c.value, str) and c.value.startswith("=")
    ]
    assert any("BUCHHOLZ" in f.upper() or "SUM" in f.upper() for f in formulas), formulas[:5]
    # the xlwings Lite standalone files
    assert run_cli(["lite", "--standalone", "-o", "lite"], tmp_path)[0] == 0
    assert download("lite-main") == (tmp_path / "lite" / "main.py").read_bytes()
    assert download("lite-requirements") == (tmp_path / "lite" / "requirements.txt").read_bytes()
    # the printout and the posted pages: the HTML of `tbxl report -o x.html`
    assert (
        run_cli(
            ["report", src.name, "-o", "r.html", "--pages", "start,rounds,crosstable,cards", "--lang", "vi", *argv],
            tmp_path,
        )[0]
        == 0
    )
    html = adapter("report_html", src.name, json.dumps({**options, "lang": "vi"}), "start,rounds,crosstable,cards")
    assert html == (tmp_path / "r.html").read_text(encoding="utf-8")
    page.click("#tabs [data-view='standings']")
    page.evaluate(
        "() => { document.getElementById('rules').value = ''; document.getElementById('tiebreaks').value = ''; }"
    )


def test_audit_and_compare_are_the_cli_texts(page, tmp_path):
    src = TEAM.parent / "grandmommyscup.trf"
    bulletin = TEAM.parent / "bulletin-fide2024.csv"
    code, audited, _ = run_cli(["audit", src.name, "--published", bulletin.name], src.parent)
    assert run_cli(["audit", src.name, "--published", bulletin.name, "-o", str(tmp_path / "a.html")], src.parent)[
        0
    ] in (0, 1)
    choose(page, src)  # the event, then its bulletin (which recomputes it and audits)
    page.set_input_files("#bulletin-file", str(bulletin))
    page.wait_for_selector("#audit-frame[data-ready='1']", state="attached")
    # the view shows the audit report's page (`tbxl audit -o a.html`); its text is the download
    shown = page.eval_on_selector("#audit-frame", "f => f.srcdoc")
    assert shown == (tmp_path / "a.html").read_text(encoding="utf-8")
    page.click("#tabs [data-view='audit']")
    with page.expect_download() as d:
        page.click("[data-download='audit']")
    assert Path(d.value.path()).read_text(encoding="utf-8") == audited
    code, compared, _ = run_cli(["compare", src.name, "--rules", "fide-2024,fide-2026"], src.parent)
    assert code == 0
    page.evaluate("document.getElementById('bulletin-file').value = ''")
    text = page.evaluate(
        "n => window.tbxl.call('compare_text', n, 'fide-2024,fide-2026', '{}').then(r => r.ok)", src.name
    )
    assert text == compared
    assert (
        run_cli(["compare", src.name, "--rules", "fide-2024,fide-2026", "-o", str(tmp_path / "c.html")], src.parent)[0]
        == 0
    )
    html = page.evaluate(
        "n => window.tbxl.call('compare_html', n, 'fide-2024,fide-2026', '{}').then(r => r.ok)", src.name
    )
    assert html == (tmp_path / "c.html").read_text(encoding="utf-8")
    page.click("#tabs [data-view='standings']")


# -- private and offline -------------------------------------------------------------------------


def test_every_request_goes_to_127_0_0_1(page, context, url):
    assert context.requests, "no request was recorded"
    elsewhere = [
        u
        for u in context.requests
        if not (u.startswith(url) or u.startswith(f"blob:{url[:-1]}") or u.startswith("data:"))
    ]
    assert not elsewhere, elsewhere[:5]
    # Pyodide and every wheel came from the page's own folder
    assert any(u.endswith("pyodide.asm.wasm") for u in context.requests)
    assert any("/wheels/tbxl-" in u for u in context.requests)


def test_a_reload_offline_reaches_ready(page, context, url):
    # the worker is active once it has kept every file of the build (sw.js: install, then activate)
    kept = page.evaluate("""() => navigator.serviceWorker.ready.then(async () => {
        const name = (await caches.keys()).find(n => n.startsWith('tbxl-web-'));
        return (await (await caches.open(name)).keys()).map(r => r.url); })""")
    assert f"{url}pyodide/pyodide.asm.wasm" in kept and f"{url}index.html" in kept
    context.set_offline(True)
    try:
        page.reload()
        assert page.evaluate("window.tbxl.ready") is True
        assert page.evaluate("navigator.serviceWorker.controller !== null")  # served by the worker
        doc = compute_in_page(page, EXAMPLES / "held_swiss_5.trf", {})
        assert [r["name"] for r in doc["standings"][:2]] == ["Bruno", "Charline"]
    finally:
        context.set_offline(False)


# -- the installable app -------------------------------------------------------------------------


def test_the_manifest_makes_the_app_installable(page, url, app):
    """A valid web app manifest linked from the page (name, start URL, standalone display, icons of
    192 and 512 pixels and a maskable one, each served and of its size), the start URL in the
    service worker's cache (the offline test below loads it offline)."""
    Image = pytest.importorskip("PIL.Image")
    href = page.eval_on_selector("link[rel=manifest]", "l => l.href")
    manifest = json.loads((app / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert href == f"{url}manifest.webmanifest"
    assert manifest["name"] and manifest["short_name"] == "tbxl" and manifest["display"] == "standalone"
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    sizes = {}
    for icon in manifest["icons"]:
        status = page.evaluate("u => fetch(u).then(r => r.status)", url + icon["src"])
        assert status == 200, icon
        if icon["type"] == "image/png":
            with Image.open(app / icon["src"]) as im:
                assert f"{im.width}x{im.height}" == icon["sizes"], icon
            sizes[icon.get("purpose", "any")] = sizes.get(icon.get("purpose", "any"), []) + [icon["sizes"]]
    assert {"192x192", "512x512"} <= set(sizes["any"]) and sizes["maskable"] == ["512x512"]
    kept = page.evaluate("""() => navigator.serviceWorker.ready.then(async () => {
        const name = (await caches.keys()).find(n => n.startsWith('tbxl-web-'));
        return (await (await caches.open(name)).keys()).map(r => r.url); })""")
    assert url in kept and f"{url}manifest.webmanifest" in kept
    assert all(url + icon["src"] in kept for icon in manifest["icons"])
