"""The organizer's decisions in the web app: a tbxl.toml chosen beside the event expels a player and
records a list change; the page's standings are the CLI's and its warnings say both notes."""

import json

import pytest

from test_web import choose, context, page, run_cli  # noqa: F401 (the web tests' fixtures)
from web_support import web_app, web_browser, web_url  # noqa: F401 (fixtures: one build, one browser)

pytestmark = pytest.mark.slow

EVENT = """\
012 Checklist test
042 2026/03/01
052 2026/03/03
XXR 3
001    1 m    Anna                              2000 NOR           0 1990/01/01  2.5    1     2 w 1     3 b =     4 w 1
001    2 m    Boris                             1900 NOR           0 1990/01/01  0.0    2     1 b 0     4 w 0  0000 - Z
001    3 m    Carl                              1800 NOR           0 1990/01/01  2.0    3     4 b =     1 w =  0000 - U
001    4 m    Dora                              1700 NOR           0 1990/01/01  1.5    4     3 w =     2 b 1     1 b 0
"""


def test_the_web_app_ranks_with_the_decisions_of_its_tbxl_toml(page, tmp_path):  # noqa: F811
    path = tmp_path / "checklist.trf"
    path.write_text(EVENT, encoding="utf-8")
    toml = tmp_path / "tbxl.toml"
    toml.write_text('tiebreaks = "BH,SB"\nexpelled = [2]\nlist_change = "2:SB,BH"\n', encoding="utf-8")
    code, out, err = run_cli(["compute", path.name, "--format", "json"], tmp_path)
    assert code == 0, err
    try:
        choose(page, path)  # the event, then its tbxl.toml (which recomputes it)
        page.evaluate("() => document.getElementById('standings').replaceChildren()")
        page.set_input_files("#config-file", str(toml))
        page.wait_for_selector("#standings tr[data-start-number]")
        answer = page.evaluate("(n) => window.tbxl.call('json_document', n, '{}')", path.name)
        shown = page.locator("#warnings li").all_text_contents()
    finally:
        page.set_input_files("#config-file", [])
    doc = json.loads(out)
    assert answer["ok"] == doc and doc["standings"][-1]["rank_label"] == "expelled"
    notes = [line for line in err.splitlines() if "note:" in line]
    assert answer["warnings"] == notes == shown and len(notes) == 2
    assert "expelled: 2 Boris" in notes[0] and "changed after round 2" in notes[1]
