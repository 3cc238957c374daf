"""The Excel route against the real xlwings at both ends of what the project allows: the declared
minimum (:data:`tbxl.excel.XLWINGS_MINIMUM`) and the newest on the package index, each installed
into a folder of its own (``pip install --target``, kept in a cache folder between runs) and run
in a subprocess with that folder first on the path.

* xlwings Lite's and xlwings Server's Office.js path (``xlwings.server``): ``tbxl lite``'s main.py
  registered (``custom_functions_meta``: every function, a dropdown for every rules and layout
  argument, the script), every function called (``custom_functions_call``, arguments as Excel's
  2-D matrices) and the script button clicked (``custom_scripts_call`` on an Office.js workbook
  payload), compared with what :mod:`tbxl.excel` gives here, whose values are ``tbxl compute``'s
  (:func:`test_the_functions_give_what_tbxl_compute_gives`);
* the classic add-in: ``xlwings.udfs.generate_vba_wrapper`` writes the VBA of all 11 UDFs with
  their optional arguments (on Linux with stand-ins for pywin32).

The same runs in Pyodide are tests/test_lite.py's; this file also checks that the minimum is
written once (pyproject's extras, ``tbxl lite``'s requirements.txt, the docs) and that a main.py
run with an older xlwings says which one it needs.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from excel_support import ROOT, SWISS, XLWINGS_VERSIONS, xlwings_site, xlwings_wheel
from tbxl import __version__, excel, lite
from tbxl.cli import main
from test_excel_metadata import CLASSIC
from test_lite import FORMS, all_calls, assert_computed, expected, run_cpython, run_folder

try:
    import tomllib
except ImportError:  # Python 3.10: tbxl depends on tomli there
    import tomli as tomllib  # type: ignore[no-redef]


@pytest.fixture(scope="module", params=list(XLWINGS_VERSIONS))
def xlwings(request) -> tuple[str, Path]:
    """(version, the folder holding only that xlwings) for the declared minimum and the newest."""
    wheel = xlwings_wheel(XLWINGS_VERSIONS[request.param])
    version = re.match(r"xlwings-([^-]+)-", wheel.name).group(1)
    if request.param == "minimum":
        assert version == excel.XLWINGS_MINIMUM
    return version, xlwings_site(wheel)


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    out = {}
    for form, options in FORMS.items():
        out[form] = tmp_path_factory.mktemp("lite") / form
        assert main(["lite", *options, "-o", str(out[form])]) == 0
    return out


@pytest.fixture(scope="module")
def cases():
    c = all_calls()
    return c, expected(c)


@pytest.mark.slow
def test_lite_registers_computes_and_clicks_at_the_minimum_and_the_newest(xlwings, generated, cases, tmp_path):
    version, site = xlwings
    calls_, want = cases
    for form in FORMS:
        folder = run_folder(generated[form], tmp_path / form, calls_)
        # the standalone form sees that xlwings and nothing else (no site-packages, no tbxl)
        result = run_cpython(folder, site, isolated=form == "standalone")
        assert result["xlwings"] == version
        assert result["tbxl_origin"] == (
            "tbxl/__init__.py (in main.py)" if form == "standalone" else str(ROOT / "tbxl" / "__init__.py")
        )
        assert_computed(result, calls_, want)


@pytest.mark.slow
def test_the_classic_add_in_vba_at_the_minimum_and_the_newest(xlwings):
    """``generate_vba_wrapper`` ('Import Functions' of the classic add-in) on tbxl.excel."""
    version, site = xlwings
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env.update(PYTHONPATH=os.pathsep.join([str(site), str(ROOT)]), XLWINGS_ON_SERVER="")
    out = subprocess.run(
        [sys.executable, "-c", "import xlwings; print(xlwings.__version__)\n" + CLASSIC],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    first, rest = out.stdout.split("\n", 1)
    assert first == version
    run = json.loads(rest)
    vba = run["vba"]
    assert vba.count("End Function") == 11
    for sig in (
        "Function BUCHHOLZ_CUT(crosstable, player, Optional cut, Optional rules, Optional layout)",
        "Function SB(crosstable, player, Optional rules, Optional layout)",
        "Function STANDINGS(crosstable, Optional tiebreaks, Optional rules, Optional layout, "
        "Optional playoff, Optional lots, Optional decisions)",
        "Function AUDIT(crosstable, published_range, Optional rules, Optional layout)",
        "Function RATING_CHANGE(crosstable, player, Optional k, Optional layout)",
        "Function TEAM_TIEBREAK(crosstable, team, code, Optional rules)",
        "Function TEAM_STANDINGS(crosstable, Optional tiebreaks, Optional rules, Optional playoff, Optional lots, "
        "Optional decisions)",
    ):
        assert sig in vba, sig
    assert 'XLPy.CallUDF("tbxl.excel", "BUCHHOLZ_CUT"' in vba
    # an Excel error in the crosstable or the published table arrives as its text (err_to_str)
    for name, f in run["funcs"].items():
        options = {arg: opts for arg, _, opts, _ in f["args"]}
        assert options["crosstable"] == {"ndim": 2, "err_to_str": True}, name
    assert run["funcs"]["AUDIT"]["args"][1][2] == {"ndim": 2, "err_to_str": True}
    # and the Event sheet's rows of the decisions argument (an error cell named, not read as empty)
    for name in ("STANDINGS", "TIEBREAK", "TEAM_STANDINGS"):
        assert run["funcs"][name]["args"][-1][:1] == ["decisions"], name
        assert run["funcs"][name]["args"][-1][2] == {"ndim": 2, "err_to_str": True}, name


def test_the_functions_give_what_tbxl_compute_gives(capsys):
    """The values the runs above compare with are ``tbxl compute``'s: every tie-break column of
    the TEC exercise under fide-2024, and the standings' order, through the Excel functions."""
    from tbxl.io.grid import to_grid
    from tbxl.io.trf import read_trf

    codes = "BH/C1,BH,SB,PS,ARO,KS,WIN,AOB"
    assert main(["compute", str(SWISS), "--rules", "fide-2024", "--tiebreaks", codes, "--format", "json"]) == 0
    computed = json.loads(capsys.readouterr().out)["standings"]
    grid = [[0 if v in (None, "") else v for v in row] for row in to_grid(read_trf(SWISS), "compact")]
    numbers = [[r["start_number"]] for r in computed]
    for code in codes.split(","):
        column = excel.TIEBREAK(grid, numbers, code, "fide-2024")
        # the JSON gives an average without a short decimal form (AOB's 79/6) to two decimals
        assert [v for (v,) in column] == pytest.approx([r["values"][code] for r in computed], abs=0.005), code
    assert [v for (v,) in excel.BUCHHOLZ_CUT(grid, numbers, 1, "fide-2024")] == [r["values"]["BH/C1"] for r in computed]
    assert [v for (v,) in excel.SONNEBORN_BERGER(grid, numbers, "fide-2024")] == [r["values"]["SB"] for r in computed]
    spill = excel.STANDINGS(grid, codes, "fide-2024")
    assert spill[0] == ["Rank", "SNo", "Name", "Pts", *codes.split(",")]
    assert [row[1:4] for row in spill[1:]] == [[r["start_number"], r["name"], r["points"]] for r in computed]
    # the TEC exercise's official values (David, no. 4: BH/C1 11.5, BH 15), not only agreement
    david = next(r for r in computed if r["start_number"] == 4)
    assert (david["values"]["BH/C1"], david["values"]["BH"]) == (11.5, 15)


@pytest.mark.slow
def test_main_py_names_an_xlwings_older_than_the_minimum(generated, tmp_path):
    """xlwings Lite keeps the version it first installed (requirements-pinned.txt): with 0.35.3
    (whose @script refuses the button's arguments) main.py says what it needs instead."""
    site = xlwings_site(xlwings_wheel("0.35.3"))
    folder = run_folder(generated["standalone"], tmp_path, [])
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env.update(PYTHONPATH=str(site), XLWINGS_ON_SERVER="true", XLWINGS_LICENSE_KEY="noncommercial")
    done = subprocess.run(
        [sys.executable, "-S", "-c", "import main"], cwd=folder, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 1
    assert done.stderr.rstrip().endswith(
        f"ImportError: xlwings 0.35.3 is installed, but tbxl needs xlwings {excel.XLWINGS_MINIMUM} or later: "
        f"write xlwings>={excel.XLWINGS_MINIMUM} in requirements.txt, then restart xlwings Lite"
    )


# -- the minimum, written once ----------------------------------------------------------------------


@pytest.mark.parametrize("extra", ["excel", "all"])
def test_pyproject_extras_declare_the_minimum(extra):
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = [r for r in project["optional-dependencies"][extra] if r.startswith("xlwings")]
    assert wanted == [excel.XLWINGS_REQUIREMENT]


def test_lite_requirements_and_the_docs_say_the_minimum():
    assert f"\n{excel.XLWINGS_REQUIREMENT}\ntbxl=={__version__}\n" in lite.requirements_txt()
    assert lite.requirements_txt(standalone=True).endswith(f"\n{excel.XLWINGS_REQUIREMENT}\n")
    texts = {
        p.relative_to(ROOT).as_posix(): p.read_text(encoding="utf-8")
        for p in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    }
    said = {name: re.findall(r"xlwings\s*(?:>=|≥)\s*([0-9][0-9.]*[0-9])", text) for name, text in texts.items()}
    said = {name: versions for name, versions in said.items() if versions}
    assert {"docs/organizer/lite.md", "docs/organizer/classic-addin.md"} <= set(said)
    assert {v for versions in said.values() for v in versions} == {excel.XLWINGS_MINIMUM}, said
