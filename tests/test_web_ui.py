"""The web app as a secretary uses it (issue 36), in Debian's Chromium at a phone's viewport (390 x 844,
touch) and a laptop's (1366 x 768): each action leaves its answer inside the viewport and says what
happened in the status line; a corrected file of the same name is read again; the contents links of
a report's page scroll inside their frame; a team event's views say why one is not offered; a new
event drops the last one's bulletin and tbxl.toml; errors name the user's file in plain words; the
page's words come in the chosen language; every target is at least 44 x 44 CSS pixels on a phone;
axe-core finds no serious or critical violation on any view; the page works at 200 % zoom.

The app, its server and the browser are the session's (tests/web_support.py: one build, one
Chromium); each viewport gets one page for the file. With ``TBXL_WEB_PICTURES=1`` the tests write
the docs' pictures of the app (docs/web-app-*.png).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from web_support import ROOT, TIMEOUT_MS, web_app, web_browser, web_url  # noqa: F401 (fixtures: one build, one browser)

EXAMPLES = ROOT / "tbxl" / "examples"
SWISS = EXAMPLES / "held_swiss_5.trf"
TEAM = ROOT / "tests" / "data" / "team" / "generated-16x7x4-seed5.trf"
BULLETIN = ROOT / "tests" / "data" / "team" / "bulletin-fide2024.csv"
AUDITED = ROOT / "tests" / "data" / "team" / "grandmommyscup.trf"
AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"
DOCS = ROOT / "docs"
PICTURES = os.environ.get("TBXL_WEB_PICTURES") == "1"

VIEWPORTS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "laptop": {"viewport": {"width": 1366, "height": 768}},
}

#: Once Python is loaded, an answer of these small events takes a second or two: a missing one fails
#: in a minute rather than in Pyodide's four.
ANSWER_MS = 60_000

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module", params=list(VIEWPORTS))
def screen(request, browser, url):
    """One page at a phone's or a laptop's viewport, Python loaded; page errors fail the test."""
    ctx = browser.new_context(accept_downloads=True, **VIEWPORTS[request.param])
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    page.kind = request.param
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.evaluate("window.tbxl.ready")
    page.wait_for_selector("html[data-ready='1']", state="attached")
    ctx.set_default_timeout(ANSWER_MS)
    yield page
    ctx.close()
    assert not errors, errors


def choose(page, path: Path, wait: str = "#standings tr[data-start-number]") -> None:
    page.evaluate("() => document.getElementById('standings').replaceChildren()")
    page.set_input_files("#event-file", str(path))
    page.wait_for_selector(wait)
    page.wait_for_timeout(150)  # the smooth parts of scrolling done


def open_choices(page) -> None:
    """The files and choices unfolded (on a phone they fold away once an event is shown)."""
    if not page.eval_on_selector("#choices", "d => d.open"):
        page.click("#choices > summary")


def recompute(page, action) -> None:
    """``action`` (a choice that recomputes the event), then wait for the standings to be back."""
    page.evaluate("() => document.getElementById('standings').replaceChildren()")
    action()
    page.wait_for_selector("#standings tr[data-start-number]")


def in_view(page, selector: str) -> dict:
    """The element's box, asserted to start inside the viewport (below the sticky status line)."""
    box = page.eval_on_selector(
        selector,
        """e => { const r = e.getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, height: innerHeight, status: document.getElementById('status').getBoundingClientRect().bottom}; }""",
    )
    assert box["status"] - 1 <= box["top"] < box["height"] - 40, (selector, box)
    return box


def picture(page, name: str) -> None:
    if PICTURES:
        page.screenshot(path=str(DOCS / f"web-app-{page.kind}-{name}.png"))


# -- the answer comes into view ------------------------------------------------------------------


def test_each_action_leaves_its_answer_in_view(screen):
    page = screen
    assert page.inner_text("#status") == "Ready: choose the event's file."
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0  # nothing wider than the screen
    choose(page, SWISS)
    assert page.inner_text("#status") == "16 players, 5 rounds: standings ready"
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0
    assert page.inner_text("#event-line") == "5 rounds · 16 players · rules FIDE C.07 (2023/2024)"  # named, no code
    in_view(page, "#event-title")
    in_view(page, "#standings tr[data-start-number='2']")  # the winner's line, not only the heading
    if page.kind == "phone":  # the choices folded away: the answer has the screen
        assert page.eval_on_selector("#choices", "d => d.open") is False
    else:  # on a laptop at least 12 players' lines are on the screen at once
        rows = page.eval_on_selector_all(
            "#standings tbody tr", "rs => rs.filter(r => r.getBoundingClientRect().bottom <= innerHeight).length"
        )
        assert rows >= 12, rows
    # the header row stays when the table scrolls inside its box
    page.eval_on_selector("#standings-box", "b => b.scrollTop = 300")
    head, box = page.eval_on_selector(
        "#standings-box",
        "b => [b.querySelector('th').getBoundingClientRect().top, b.getBoundingClientRect().top]",
    )
    assert abs(head - box) <= 2
    page.eval_on_selector("#standings-box", "b => b.scrollTop = 0")
    picture(page, "standings")

    # a click on a player: the derivation in view, focused for a screen reader
    page.click("#standings tr[data-start-number='4'] button.who")
    page.wait_for_selector("#explain:not([hidden]) section.player")
    page.wait_for_timeout(150)
    assert page.inner_text("#status") == "The derivation of David is shown"
    in_view(page, "#explain .pname")
    assert page.evaluate("document.activeElement.id") == "derivation-of"
    # the terms reflow: no cell of a term table reaches past the screen's right edge
    right = page.eval_on_selector_all(
        "#explain table.terms td", "cs => Math.max(...cs.map(c => c.getBoundingClientRect().right))"
    )
    assert right <= page.viewport_size["width"], right
    picture(page, "derivation")

    # Apply: the choices read, the answer in view again
    open_choices(page)
    page.fill("#tiebreaks", "BH,SB")
    page.click("#options button[type=submit]")
    page.wait_for_function(
        "[...document.querySelectorAll('#standings th')].map(t => t.textContent).join(' ').includes('SB')"
        " && !document.querySelector('#standings th abbr[title^=\"Buchholz: sum of the opponents\\' scores (Art. 8.1);\"]')"
    )
    page.wait_for_timeout(150)
    assert [c for c in page.eval_on_selector_all("#standings th", "ts => ts.map(t => t.textContent)")][3:] == [
        "Pts",
        "BH",
        "SB",
    ]
    assert page.inner_text("#status") == "16 players, 5 rounds: standings ready"
    in_view(page, "#standings tr[data-start-number='2']")

    # an error: in view, focused (read out), and the status says so
    open_choices(page)
    page.fill("#tiebreaks", "XYZ")
    page.click("#options button[type=submit]")
    page.wait_for_selector("#error:not([hidden])")
    page.wait_for_timeout(150)
    in_view(page, "#error")
    assert page.evaluate("document.activeElement.id") == "error"
    assert page.inner_text("#status") == "Not done: see the message below"
    assert "unknown tie-break 'XYZ'" in page.inner_text("#error-line")
    assert page.inner_text("#error-what").startswith("A choice above is not one tbxl knows")
    page.fill("#tiebreaks", "")
    page.click("#options button[type=submit]")
    page.wait_for_selector("#error", state="hidden")


def test_a_corrected_file_of_the_same_name_is_read_again(screen, tmp_path):
    page = screen
    event = tmp_path / "event.trf"
    good = SWISS.read_text(encoding="utf-8")
    event.write_text(good.replace("001    4", "001    x", 1), encoding="utf-8")
    choose(page, event, wait="#error:not([hidden])")
    assert page.inner_text("#error-what").startswith("event.trf has something tbxl cannot read")
    assert page.inner_text("#error-line").startswith("tbxl: error: event.trf:")
    assert page.inner_text("#event-title") == ""  # no title of the last event stays
    event.write_text(good, encoding="utf-8")  # corrected, the same name, chosen again
    choose(page, event)
    assert page.is_hidden("#error")
    assert page.inner_text("#status") == "16 players, 5 rounds: standings ready"
    assert page.eval_on_selector("#event-file", "i => i.value") == ""  # the next choice is a change again
    # Read again: the file read afresh, the answer said again
    page.evaluate("document.getElementById('status').textContent = ''")
    open_choices(page)
    page.click("#read-again")
    page.wait_for_function("document.getElementById('status').textContent.endsWith('standings ready')")


# -- views that fit the event --------------------------------------------------------------------


def test_contents_links_scroll_inside_their_view(screen):
    page = screen
    choose(page, SWISS)
    page.click("#tabs [data-view='pages']")
    page.click("#show-pages")
    page.wait_for_selector("#pages-frame[data-ready='1']")
    frame = page.frame_locator("#pages-frame")
    frame.locator("nav.toc a[href='#round-1']").click()
    page.wait_for_timeout(200)
    inside = page.eval_on_selector(
        "#pages-frame",
        """f => ({href: f.contentWindow.location.href, top: f.contentDocument.getElementById('round-1').getBoundingClientRect().top,
                 height: f.clientHeight, app: !!f.contentDocument.getElementById('app')})""",
    )
    assert inside["href"] == "about:srcdoc" and not inside["app"]  # not the whole app again in the frame
    assert -2 <= inside["top"] < inside["height"] / 2, inside
    in_view(page, "#pages-frame")
    page.click("#tabs [data-view='ties']")
    page.click("#show-ties")
    page.wait_for_selector("#ties-frame[data-ready='1']")
    links = page.frame_locator("#ties-frame").locator("nav.toc a[href^='#']")
    if links.count():
        links.first.click()
        page.wait_for_timeout(200)
        assert page.eval_on_selector("#ties-frame", "f => f.contentWindow.location.href") == "about:srcdoc"
    page.click("#tabs [data-view='standings']")


def test_a_team_event_says_which_views_it_has(screen):
    page = screen
    choose(page, TEAM)
    assert page.inner_text("#status") == "16 teams, 7 rounds: standings ready"
    page.click("#tabs [data-view='pages']")
    assert page.is_hidden("#show-pages")
    assert page.inner_text("#view-pages").startswith("Posted pages (start list, rounds, cards) are made for individual")
    page.click("#view-pages [data-team-report]")
    page.wait_for_selector("#pages-team-frame[data-ready='1']")
    page.click("#tabs [data-view='ties']")
    assert page.is_hidden("#show-ties") and "team report" in page.inner_text("#view-ties")
    # a team's derivation
    page.click("#tabs [data-view='standings']")
    page.click("#standings tr[data-start-number='3'] button.who")
    page.wait_for_selector("#explain:not([hidden]) section.player")
    assert page.inner_text("#explain .pname") == "Team 3"
    assert page.eval_on_selector_all("#explain .deriv h4 .code", "hs => hs[0].textContent") == "MP = 10"


def test_a_new_event_drops_the_last_ones_bulletin_and_tbxl_toml(screen, tmp_path):
    page = screen
    choose(page, AUDITED)  # the event first, then its bulletin: audited
    recompute(page, lambda: page.set_input_files("#bulletin-file", str(BULLETIN)))
    page.wait_for_selector("#audit-frame[data-ready='1']", state="attached")
    choose(page, TEAM)  # another event: the bulletin was the last one's
    assert page.eval_on_selector("#bulletin-file", "i => i.files.length") == 0
    assert page.eval_on_selector("#audit", "p => p.textContent").startswith("Choose a bulletin")
    assert page.eval_on_selector("#audit-frame", "f => f.hidden")
    # a tbxl.toml kept on purpose goes on to the next event
    toml = tmp_path / "club.toml"
    toml.write_text('tiebreaks = "BH,SB"\n', encoding="utf-8")
    choose(page, SWISS)
    recompute(page, lambda: page.set_input_files("#config-file", str(toml)))
    assert page.eval_on_selector_all("#standings th", "ts => ts.map(t => t.textContent)")[4:] == ["BH", "SB"]
    open_choices(page)
    page.check("#keep-config")
    choose(page, EXAMPLES / "held_round_robin.trf")
    assert page.eval_on_selector("#config-file", "i => i.files.length") == 1
    assert page.eval_on_selector_all("#standings th", "ts => ts.map(t => t.textContent)")[4:] == ["BH", "SB"]
    open_choices(page)
    page.uncheck("#keep-config")
    choose(page, SWISS)
    assert page.eval_on_selector("#config-file", "i => i.files.length") == 0
    assert page.eval_on_selector_all("#standings th", "ts => ts.map(t => t.textContent)")[4:] != ["BH", "SB"]


# -- plain words ---------------------------------------------------------------------------------


def test_errors_name_the_users_file_and_say_what_to_do(screen, tmp_path):
    page = screen
    random = tmp_path / "random.txt"
    random.write_text("".join(f"BBW value {k} of some text that is no tournament\n" for k in range(4000)))
    choose(page, random, wait="#error:not([hidden])")
    assert page.inner_text("#error-what") == (
        "random.txt is not a tournament file tbxl can read (a TRF, or a crosstable workbook .xlsx or .xlsm). "
        "Choose the event's TRF or workbook."
    )
    assert page.inner_text("#error-line").startswith("tbxl: error: random.txt")  # the located detail, beside
    big = tmp_path / "club-rules.toml"
    big.write_text('rules = "fide-2024"\n' + "# a comment\n" * 30_000, encoding="utf-8")
    choose(page, SWISS)
    page.set_input_files("#config-file", str(big))
    page.wait_for_selector("#error:not([hidden])")
    assert "/event/" not in page.inner_text("#error")
    assert page.inner_text("#error-line").startswith("tbxl: error: club-rules.toml")
    # refused by its size before it is read (engine.readFile), in plain words naming it
    assert page.inner_text("#error-what").startswith("club-rules.toml is larger than tbxl reads")
    recompute(page, lambda: page.set_input_files("#config-file", []))  # none: the event is read again


def test_the_page_speaks_the_chosen_language_without_command_names(screen):
    page = screen
    choose(page, SWISS)
    text = page.inner_text("#app")
    for command in ("tbxl explain", "tbxl compute", "tbxl report", "`tbxl"):
        assert command not in text
    open_choices(page)
    page.select_option("#lang", "vi")
    page.click("#options button[type=submit]")
    page.wait_for_function("document.getElementById('status').textContent.includes('kỳ thủ')")
    assert page.inner_text("#status") == "16 kỳ thủ, 5 vòng: bảng xếp hạng đã sẵn sàng"
    assert page.inner_text("#tabs [data-view='standings']") == "Bảng xếp hạng"
    options = page.eval_on_selector_all("#rules option", "os => os.map(o => o.textContent)")
    assert "Swiss-Manager: tính theo điểm thực (sm-real-points)" in options  # the name, the code after it
    names = page.eval_on_selector_all("#standings th abbr", "as => as.map(a => a.title)")
    assert any(n.startswith("Buchholz: tổng điểm của các đối thủ") for n in names)
    open_choices(page)
    page.select_option("#lang", "")
    page.click("#options button[type=submit]")
    page.wait_for_function("document.getElementById('status').textContent.includes('players')")


# -- touch and accessibility ---------------------------------------------------------------------


def test_targets_are_large_enough_to_touch_on_a_phone(screen):
    page = screen
    if page.kind != "phone":
        pytest.skip("the 44-pixel targets are a phone's")
    choose(page, SWISS)
    open_choices(page)
    small = page.evaluate(
        """() => [...document.querySelectorAll('#app button, #app select, #app input, #app textarea, #app summary')]
        .filter(e => e.offsetParent !== null)
        .map(e => { const r = (e.type === 'checkbox' ? e.closest('label') : e).getBoundingClientRect();
                    return [e.id || e.dataset.view || e.dataset.download || e.type || e.tagName, r.width, r.height]; })
        .filter(([, w, h]) => w < 44 || h < 44)"""
    )
    assert small == []
    # every control has its label (a <label for>, or inside one)
    unlabelled = page.evaluate(
        """() => [...document.querySelectorAll('#app input, #app select, #app textarea')]
        .filter(e => !e.labels || e.labels.length === 0).map(e => e.id)"""
    )
    assert unlabelled == []


def axe_violations(page) -> list:
    page.add_script_tag(path=str(AXE))
    return page.evaluate(
        """() => axe.run(document, {resultTypes: ['violations']}).then(r => r.violations
        .filter(v => v.impact === 'serious' || v.impact === 'critical')
        .map(v => [v.id, v.impact, v.nodes.slice(0, 3).map(n => n.target.join(' '))]))"""
    )


def test_axe_finds_nothing_serious_on_any_view(screen):
    if not AXE.exists():
        pytest.fail("axe-core is missing: run `npm ci` in web/ (its devDependencies)")
    page = screen
    choose(page, SWISS)
    page.click("#standings tr[data-start-number='4'] button.who")
    page.wait_for_selector("#explain:not([hidden]) section.player")
    found = {"standings": axe_violations(page)}
    for view, button in (
        ("ties", "#show-ties"),
        ("audit", None),
        ("compare", "#show-compare"),
        ("pages", "#show-pages"),
        ("downloads", None),
    ):
        page.click(f"#tabs [data-view='{view}']")
        if button:
            page.click(button)
            page.wait_for_timeout(300)
        found[view] = axe_violations(page)
    choose(page, TEAM)
    found["team"] = axe_violations(page)
    open_choices(page)
    found["choices"] = axe_violations(page)
    assert {view: v for view, v in found.items() if v} == {}


def test_the_page_works_at_200_percent_zoom(browser, url):
    """A laptop at 200 %: 683 x 384 CSS pixels; nothing wider than the screen, the answer in view."""
    ctx = browser.new_context(viewport={"width": 683, "height": 384}, device_scale_factor=2)
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    try:
        page.goto(url)
        page.evaluate("window.tbxl.ready")
        page.wait_for_selector("html[data-ready='1']", state="attached")
        choose(page, SWISS)
        in_view(page, "#event-title")
        for view in ("standings", "ties", "audit", "compare", "pages", "downloads"):
            page.click(f"#tabs [data-view='{view}']")
            wide = page.evaluate("document.documentElement.scrollWidth - innerWidth")
            assert wide <= 0, (view, wide)
    finally:
        ctx.close()
