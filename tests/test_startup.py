"""What a run imports (issue 26 item 7): an individual event's ``tbxl compute`` loads no team code,
no explanation-only type and no report option, so their import cost (frozen dataclasses compile
their methods at import) cannot silently come back. Each run is a fresh interpreter."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import tbxl

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = Path(tbxl.__file__).resolve().parent / "examples"

#: Loaded on first use, never by an individual event's ranking.
LAZY = {
    "tbxl.model.team",
    "tbxl.io.trf.team",
    "tbxl.io.trf.teamrecords",
    "tbxl.io.trf.writer",
    "tbxl.tiebreaks.boards",
    "tbxl.tiebreaks.extended",
    "tbxl.derivation.encounter",
    "tbxl.projection.report_options",
}

_RUN = """
import contextlib, io, json, sys
from tbxl.cli import main
sys.argv[:] = ["tbxl", "compute", *sys.argv[1:]]
with contextlib.redirect_stdout(io.StringIO()):
    code = main()
print(json.dumps({"code": code, "modules": sorted(m for m in sys.modules if m.startswith("tbxl"))}))
"""


def modules_of(*args: str) -> set[str]:
    """The tbxl modules a fresh ``tbxl compute ARGS`` has loaded when it ends."""
    done = subprocess.run(
        [sys.executable, "-c", _RUN, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads(done.stdout.splitlines()[-1])
    assert out["code"] in (0, None)
    return set(out["modules"])


def test_an_individual_event_loads_no_team_or_explanation_code():
    loaded = modules_of(str(EXAMPLES / "held_swiss_5.trf"), "--no-config", "--tiebreaks", "DE,BH/C1,BH,SB,PS")
    assert "tbxl.tiebreaks.encounter" in loaded  # it ranked by DE
    assert loaded & LAZY == set()


def test_a_list_without_de_loads_no_direct_encounter():
    loaded = modules_of(str(EXAMPLES / "held_swiss_5.trf"), "--no-config", "--tiebreaks", "BH/C1,BH,SB,PS")
    assert "tbxl.standings" in loaded
    assert loaded & (LAZY | {"tbxl.tiebreaks.encounter"}) == set()


def test_a_team_event_loads_the_team_code_it_needs():
    trf = EXAMPLES / "team.trf"
    loaded = modules_of(str(trf), "--no-config", "--tiebreaks", "MP,GP,EDE,BH:MP,SB:MP,ESB")
    assert {"tbxl.model.team", "tbxl.io.trf.team", "tbxl.io.trf.teamrecords", "tbxl.tiebreaks.extended"} <= loaded
    assert "tbxl.derivation.encounter" not in loaded  # a ranking still explains nothing
