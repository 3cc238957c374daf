"""What tbxl.excel imports, and the metadata the classic add-in and Office.js see."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from excel_support import ROOT, SWISS, fresh_cache  # noqa: F401 (fixtures)
from tbxl import excel

# -- what the module imports ------------------------------------------------------------------


def test_import_pulls_in_nothing_heavy():
    code = textwrap.dedent("""
        import sys, json
        import tbxl.excel
        heavy = [m for m in ("openpyxl", "jinja2", "weasyprint", "formulas", "pandas", "numpy")
                 if m in sys.modules]
        ours = sorted(m for m in sys.modules if m.startswith("tbxl"))
        print(json.dumps({"heavy": heavy, "ours": ours}))
    """)
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={**os.environ, "XLWINGS_ON_SERVER": ""},
    )
    res = json.loads(out.stdout)
    assert [m for m in res["heavy"] if m in ("openpyxl", "jinja2", "weasyprint", "formulas")] == []
    allowed = {
        "tbxl",
        "tbxl.excel",
        "tbxl.io.grid",
        "tbxl.standings",
        "tbxl.errors",
        "tbxl.io",
        "tbxl.derivation",
        "tbxl.tiebreaks",
        # the one event model (either kind) and the rules: pure Python, each module one idea
        "tbxl.model",
        "tbxl.model.kinds",
        "tbxl.model.scoring",
        "tbxl.model.entry",
        "tbxl.model.event",
        "tbxl.model.team",
        "tbxl.model.table",
        "tbxl.model.rounds",
        "tbxl.model.codes",
        "tbxl.model.decisions",  # the organizer's decisions (expelled, given values), read with the event
        "tbxl.io.decision_rows",  # the decisions argument: the Event sheet's rows, as the workbook reader reads them
        "tbxl.rules",
        "tbxl.rules.settings",
        "tbxl.rules.modes",
        "tbxl.rules.convention",
        "tbxl.rules.presets",
        # AUDIT's core: pure Python (tbxl.io.published imports openpyxl only to read a file)
        "tbxl.audit",
        "tbxl.audit.candidates",
        "tbxl.audit.changes",
        "tbxl.audit.check",
        "tbxl.audit.compare",
        "tbxl.audit.engine",
        "tbxl.io.published",
        "tbxl.io.published_rows",
        "tbxl.io.text",
        "tbxl.formatting",
        # what a published column means, and the paths' type (pure Python, no file opened at import)
        "tbxl.io.columns",
        "tbxl.io.files",
        # the one event model's team kind and the team settings (data and enums, no team ranking)
        "tbxl.catalogue",  # the functions' catalogue: names, arguments, help, how values are computed
        "tbxl.rating_change",  # RATING_CHANGE's core (B.02 8.3): pure Python
        "tbxl.playoffs",  # the playoff argument's orders (STANDINGS, TEAM_STANDINGS): pure Python
        "tbxl.limits",  # the input bounds: constants and a stat() check, standard library only
        "tbxl.function_names",  # the team functions' names (two strings), not the team core
        "tbxl.projection",
    }  # the spill of STANDINGS: the one projection of the standings, pure Python
    # tbxl.excel.*: its own seams (arguments, cache, results)
    assert {
        m
        for m in res["ours"]
        if not m.startswith(("tbxl.tiebreaks.", "tbxl.io.grid", "tbxl.excel.", "tbxl.projection."))
    } <= allowed, res["ours"]
    assert "tbxl.io.grid.cells" in res["ours"]


def test_module_source_imports_only_stdlib_xlwings_and_core():
    import ast

    tree = ast.parse((ROOT / "tbxl" / "excel" / "__init__.py").read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.add(node.module.split(".")[0])
    assert names <= {
        "__future__",
        "os",
        "threading",
        "warnings",
        "collections",
        "decimal",
        "fractions",
        "typing",
        "xlwings",
        "tbxl",
    }, names


# -- metadata: what Excel sees ---------------------------------------------------------------

OFFICE_JS = textwrap.dedent("""
    import asyncio, json, sys
    import xlwings as xw
    from xlwings.server import custom_functions_meta, custom_functions_call
    import tbxl.excel as E
    from tbxl.io.grid import to_grid
    from tbxl import rules as conventions
    from tbxl.standings import compute_standings
    from tbxl.io.trf import read_trf

    t = read_trf(sys.argv[1])
    grid = to_grid(t, "compact")
    grid = [[0 if v in (None, "") else v for v in row] for row in grid]   # Excel desktop's zeros
    st = compute_standings(t, "BH", conventions.get("fide-2024"))
    bulletin = [["SNo", "Name", "BH", 0]] + [[r.player.start_number, r.player.name, float(r.values["BH"]), 0]
                                             for r in st.rows] + [[0, 0, 0, 0]]

    def call(name, *args):
        data = {"func_name": name, "args": list(args), "version": xw.__version__, "client": "Office.js",
                "runtime": "1.4", "culture_info_name": "en-US", "date_format": "m/d/yyyy"}
        try:
            return asyncio.run(custom_functions_call(data, E))
        except Exception as e:
            return {"exception": type(e).__name__, "message": str(e)}

    bad = [list(r) for r in grid]
    bad[6][5] = "12x1"
    print(json.dumps({
        "meta": custom_functions_meta(E),
        "bh_c1": call("BUCHHOLZ_CUT", grid, [[4]], [[1]], [["fide-2024"]]),
        "omitted": call("BUCHHOLZ_CUT", grid, [[4]], None, None),
        "empty_cells": call("BUCHHOLZ_CUT", grid, [[4]], [[1]], [[0]]),
        "sb": call("SONNEBORN_BERGER", grid, [[14]], [["fide-2024"]]),
        "na": call("BUCHHOLZ", grid, [[99]]),
        "column": call("BUCHHOLZ_CUT", grid, [[1], [2], [0], [99]], [[1]], [["fide-2024"]]),
        "bad": call("BUCHHOLZ", bad, [[1]]),
        "standings": call("STANDINGS", grid, [["BH/C1,BH"]], [["fide-2024"]]),
        "audit": call("AUDIT", grid, bulletin, [["fide-2026"]]),
        "audit_agree": call("AUDIT", grid, bulletin, [["fide-2024"]], None),
        "audit_bad": call("AUDIT", grid, [["Name", "BH"], ["David", 15]]),
    }))
""")


@pytest.fixture(scope="module")
def office_js_run():
    pytest.importorskip("xlwings")  # the script imports xlwings' Office.js machinery
    env = {**os.environ, "XLWINGS_ON_SERVER": "true", "XLWINGS_LICENSE_KEY": "noncommercial"}
    out = subprocess.run(
        [sys.executable, "-c", OFFICE_JS, str(SWISS)], capture_output=True, text=True, cwd=ROOT, env=env
    )
    if out.returncode != 0 and ("LicenseError" in out.stderr or "xlwings.server" in out.stderr):
        pytest.fail("xlwings' Office.js machinery is not available here: " + out.stderr[-300:])
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


@pytest.mark.slow
def test_office_js_metadata(office_js_run):
    meta = office_js_run["meta"]
    funcs = {f["name"]: f for f in meta["functions"]}
    assert set(funcs) == {
        "BUCHHOLZ",
        "BUCHHOLZ_CUT",
        "SONNEBORN_BERGER",
        "PROGRESSIVE",
        "TIEBREAK",
        "STANDINGS",
        "AUDIT",
        "RATING_CHANGE",
        "TEAM_TIEBREAK",
        "TEAM_STANDINGS",
    }
    # SB is classic-only: Office.js needs >= 3 characters; the team functions are in the one module
    for name, f in funcs.items():
        assert len(name) >= 3 and name[0].isalpha()
        assert f["id"] == name
        assert f["description"] and len(f["description"]) <= 255 and "\n" not in f["description"]
        assert "volatile" not in f["options"]
        assert f["parameters"][0]["name"] == "crosstable"
        for p in f["parameters"]:
            assert p["description"] and not p["description"].startswith("Positional argument")
            assert len(p["description"]) <= 255
    params = [(p["name"], p.get("optional", False)) for p in funcs["BUCHHOLZ_CUT"]["parameters"]]
    assert params == [("crosstable", False), ("player", False), ("cut", True), ("rules", True), ("layout", True)]
    assert [p["name"] for p in funcs["TIEBREAK"]["parameters"]][:3] == ["crosstable", "player", "code"]
    assert [p["name"] for p in funcs["STANDINGS"]["parameters"]] == [
        "crosstable",
        "tiebreaks",
        "rules",
        "layout",
        "playoff",
        "lots",
        "decisions",  # the Event sheet's decision rows (issue 37)
    ]
    params = [(p["name"], p.get("optional", False)) for p in funcs["AUDIT"]["parameters"]]
    assert params == [("crosstable", False), ("published_range", False), ("rules", True), ("layout", True)]


@pytest.mark.slow  # the `office_js_run` fixture runs the Office.js functions under Node
def test_office_js_calls(office_js_run):
    r = office_js_run
    assert r["bh_c1"] == [[11.5]]
    assert r["sb"] == [[4.5]]
    assert r["omitted"] == r["empty_cells"]  # cut omitted = 1, rules 0 = default
    assert r["na"] == [[{"type": "Error", "errorType": "NotAvailable"}]]
    assert r["column"] == [[11], [12], [""], [{"type": "Error", "errorType": "NotAvailable"}]]
    assert r["bad"]["exception"] == "ValueError"
    assert r["bad"]["message"].startswith("F7: row 7, round 3: '12x1' is not a result")
    assert r["standings"][0] == ["Rank", "SNo", "Name", "Pts", "BH/C1", "BH"]
    assert r["standings"][1][:4] == [1, 2, "Bruno", 4]
    assert r["audit"][0] == excel.AUDIT_HEADER
    assert [(row[0], row[3], row[4], row[5], row[6]) for row in r["audit"][1:]] == [
        (4, 15, 14, "explained", "fide-2024"),
        (6, 12, 11.5, "explained", "fide-2024"),
        (11, 13.5, 12.5, "explained", "fide-2024"),
    ]
    assert r["audit_agree"] == [["all 16 values agree with fide-2024"]]
    assert r["audit_bad"]["exception"] == "ValueError"
    assert "has no start-number column" in r["audit_bad"]["message"]


CLASSIC = textwrap.dedent("""
    # The classic (Windows, COM) decorators and the VBA that 'Import Functions' generates, on Linux:
    # stand-ins for pywin32, then xlwings.udfs' own xlfunc/xlarg/xlret.
    import io, json, sys, types
    for name in ("pythoncom", "pywintypes", "win32com", "win32com.client"):
        sys.modules[name] = types.ModuleType(name)
    sys.modules["pythoncom"].CoInitialize = lambda: None
    sys.modules["win32com.client"].Dispatch = lambda *a, **k: None
    sys.modules["win32com"].client = sys.modules["win32com.client"]
    import xlwings as xw
    import xlwings.udfs as udfs
    xw.func, xw.arg, xw.ret = udfs.xlfunc, udfs.xlarg, udfs.xlret
    import tbxl.excel as E

    class Book:
        Name = "tec-swiss.xlsm"

    vba = io.StringIO()
    udfs.generate_vba_wrapper("tbxl.excel", E, vba, Book())
    funcs = {}
    for name in dir(E):
        f = getattr(E, name)
        if hasattr(f, "__xlfunc__"):
            x = f.__xlfunc__
            funcs[name] = {"name": x["name"], "category": x["category"], "volatile": x["volatile"],
                           "doc": x["ret"]["doc"],
                           "args": [[a["name"], a["doc"], a["options"], "optional" in a] for a in x["args"]]}
    print(json.dumps({"funcs": funcs, "vba": vba.getvalue()}))
""")


@pytest.fixture(scope="module")
def classic_run():
    pytest.importorskip("xlwings")  # the script imports xlwings.udfs
    out = subprocess.run(
        [sys.executable, "-c", CLASSIC],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "XLWINGS_ON_SERVER": ""},
    )
    if out.returncode != 0 and "xlwings.udfs" in out.stderr:
        pytest.fail("xlwings.udfs cannot be loaded with stand-ins here: " + out.stderr[-300:])
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


VBA_RESERVED = {
    "name",
    "type",
    "option",
    "date",
    "string",
    "long",
    "integer",
    "end",
    "function",
    "sub",
    "call",
    "set",
    "let",
    "dim",
    "next",
    "for",
    "to",
    "step",
    "if",
    "then",
    "else",
    "error",
    "resume",
    "on",
    "goto",
    "print",
    "open",
    "close",
    "input",
    "get",
    "put",
    "like",
    "is",
    "mod",
    "and",
    "or",
    "not",
    "xor",
    "me",
    "new",
    "nothing",
    "empty",
    "null",
    "true",
    "false",
}


def test_classic_metadata(classic_run):
    funcs = classic_run["funcs"]
    assert set(funcs) == {
        "BUCHHOLZ",
        "BUCHHOLZ_CUT",
        "SB",
        "SONNEBORN_BERGER",
        "PROGRESSIVE",
        "TIEBREAK",
        "STANDINGS",
        "AUDIT",
        "RATING_CHANGE",
        "TEAM_TIEBREAK",
        "TEAM_STANDINGS",
    }  # one UDF module: tbxl.excel
    for name, f in funcs.items():
        assert f["name"] == name
        assert f["category"] == "Chess tie-breaks"
        assert f["volatile"] is False
        assert f["doc"] and len(f["doc"]) <= 255 and "\n" not in f["doc"]
        for arg, doc, options, optional in f["args"]:
            assert doc and len(doc) <= 255 and not doc.startswith("Positional argument")
            assert arg.lower() not in VBA_RESERVED
        # the crosstable always as a list of rows, an error cell as its text (#N/A), not as an empty cell
        assert f["args"][0][2] == {"ndim": 2, "err_to_str": True}


def test_classic_vba_wrappers(classic_run):
    vba = classic_run["vba"]
    for sig in (
        "Function BUCHHOLZ(crosstable, player, Optional rules, Optional layout)",
        "Function BUCHHOLZ_CUT(crosstable, player, Optional cut, Optional rules, Optional layout)",
        "Function SB(crosstable, player, Optional rules, Optional layout)",
        "Function SONNEBORN_BERGER(crosstable, player, Optional rules, Optional layout)",
        "Function PROGRESSIVE(crosstable, player, Optional cut, Optional layout)",
        "Function TIEBREAK(crosstable, player, code, Optional rules, Optional layout, Optional decisions)",
        "Function STANDINGS(crosstable, Optional tiebreaks, Optional rules, Optional layout, Optional playoff, Optional lots, Optional decisions)",
        "Function AUDIT(crosstable, published_range, Optional rules, Optional layout)",
        "Function RATING_CHANGE(crosstable, player, Optional k, Optional layout)",
    ):
        assert sig in vba
    assert 'XLPy.CallUDF("tbxl.excel", "BUCHHOLZ_CUT"' in vba
    assert "Application.Volatile" not in vba
    assert vba.count("End Function") == 11


def test_decorators_are_transparent_here():
    # On Linux without XLWINGS_ON_SERVER the decorators return the plain functions.
    assert excel.BUCHHOLZ.__name__ == "BUCHHOLZ" and callable(excel.SB)
    for f in excel.FUNCTIONS:
        assert f.__doc__ and len(f.__doc__) <= 255 and "\n" not in f.__doc__


def test_the_catalogue_describes_the_functions_as_defined():
    """tbxl.catalogue is the one home of names, arguments and help: every function excel.py defines
    is in it, with the same arguments in the same order, optional exactly where it has a default."""
    import inspect

    from tbxl.catalogue import ARGUMENTS, BY_NAME, FUNCTIONS

    assert [f.__name__ for f in excel.FUNCTIONS] == [f.name for f in FUNCTIONS]
    for f in excel.FUNCTIONS:
        entry = BY_NAME[f.__name__]
        params = inspect.signature(f).parameters
        assert [a.name for a in entry.arguments] == list(params)
        assert [a.optional for a in entry.arguments] == [
            p.default is not inspect.Parameter.empty for p in params.values()
        ]
        assert f.__doc__ == entry.help
    assert all(len(a.help) <= 255 for a in ARGUMENTS)  # the Function Wizard's limit
    assert excel.OFFICE_JS_FUNCTIONS == tuple(f.name for f in FUNCTIONS if f.name != "SB")


def test_the_catalogue_describes_the_team_functions_as_defined():
    """The team functions (C.07 Arts 11-13) have their one home in the catalogue too: tbxl.excel
    registers them from it, beside the individual ones, and the team workbook writes their formulas and Help from it."""
    import inspect

    from tbxl.catalogue import BY_NAME, TEAM_ARGUMENTS, TEAM_FUNCTIONS

    assert excel.TEAM_FUNCTIONS == ("TEAM_TIEBREAK", "TEAM_STANDINGS") == tuple(f.name for f in TEAM_FUNCTIONS)
    for name in excel.TEAM_FUNCTIONS:
        f, entry = getattr(excel, name), BY_NAME[name]
        params = inspect.signature(f).parameters
        assert [a.name for a in entry.arguments] == list(params)
        assert [a.optional for a in entry.arguments] == [
            p.default is not inspect.Parameter.empty for p in params.values()
        ]
        assert f.__doc__ == entry.help and len(entry.help) <= 255 and "\n" not in entry.help
    assert all(len(a.help) <= 255 for a in TEAM_ARGUMENTS)
    assert BY_NAME["TEAM_TIEBREAK"].signature == "TEAM_TIEBREAK(crosstable, team, code, [rules])"
    assert (
        BY_NAME["TEAM_TIEBREAK"].call("$A$1:$E$5", "$A2", "G$1", "Standings!$B$3")
        == "TEAM_TIEBREAK($A$1:$E$5,$A2,G$1,Standings!$B$3)"
    )
