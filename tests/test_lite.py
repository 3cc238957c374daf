"""``tbxl lite``: the main.py and requirements.txt of xlwings Lite (Excel on Mac, Windows and the web).

Two forms: the short main.py (the functions, importing the tbxl that requirements.txt pins, which
xlwings Lite installs from PyPI) and the standalone one (``--standalone``: the core carried inside).
Both run for real, through xlwings' own code (``xlwings.server``: ``custom_functions_meta``,
``custom_functions_call``, ``custom_scripts_call``, what xlwings Lite runs), no stand-in:

* in Pyodide under Node (the Python of xlwings Lite; the npm packages of tests/pyodide, installed
  by setup.sh), both the 0.27 line (Python 3.12) and the 314 line (Python 3.14), with the real
  xlwings wheel (pure Python) at the declared minimum and the newest, and for the short form tbxl's
  wheel built here, each installed by micropip from a local file in place of PyPI, the code path of
  the Lite editor;
* in CPython with the installed xlwings (tests/test_excel_xlwings.py: at the minimum and the newest).

Every function is called on the crosstables of the TEC exercise (compact, Swiss-Manager 3-column,
round-robin matrix) and the seed example, with errors (an Excel #N/A in a result and in a Pts cell
among them), and each result must equal what :mod:`tbxl.excel` gives here, in CPython, with the
installed core; the script button writes the standings STANDINGS gives.
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import DATA
from excel_support import XLWINGS_VERSIONS, as_office_js, wire, xlwings_wheel
from tbxl import __version__, excel, lite
from tbxl import rules as conventions
from tbxl.cli import main
from tbxl.io.grid import to_grid
from tbxl.io.trf import read_trf
from tbxl.model import Pairing
from tbxl.standings import compute_standings

ROOT = Path(__file__).resolve().parents[1]
PYODIDE = ROOT / "tests" / "pyodide"
SWISS = DATA / "tec-2023" / "held_swiss_5.trf"
RR = DATA / "tec-2023" / "held_round_robin.trf"
SEED2 = DATA / "seeds" / "seed002-buchholz-swiss.trf"
FUNCTIONS = [
    "AUDIT",
    "BUCHHOLZ",
    "BUCHHOLZ_CUT",
    "PROGRESSIVE",
    "RATING_CHANGE",
    "SONNEBORN_BERGER",
    "STANDINGS",
    "TEAM_STANDINGS",
    "TEAM_TIEBREAK",
    "TIEBREAK",
]
FORMS = {"short": [], "standalone": ["--standalone"]}


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """The folders ``tbxl lite -o`` and ``tbxl lite --standalone -o`` wrote, by form."""
    out = {}
    for form, options in FORMS.items():
        out[form] = tmp_path_factory.mktemp("lite") / form
        assert main(["lite", *options, "-o", str(out[form])]) == 0
    return out


@pytest.fixture(scope="module")
def tbxl_wheel(tmp_path_factory) -> Path:
    """tbxl's wheel, built from this tree (what the release publishes on PyPI)."""
    out = tmp_path_factory.mktemp("wheel")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    (wheel,) = out.glob(f"tbxl-{__version__}-py3-none-any.whl")
    return wheel


def micropip_wheels(package: str) -> list[Path]:
    """micropip and its dependencies at the versions the npm package's pyodide-lock.json names,
    for its Python, downloaded from PyPI once into tests/pyodide/wheels (git-ignored)."""
    lock = json.loads((PYODIDE / "node_modules" / package / "pyodide-lock.json").read_text(encoding="utf-8"))
    python = ".".join(lock["info"]["python"].split(".")[:2])
    wanted = ["micropip"] + lock["packages"]["micropip"]["depends"]
    folder = PYODIDE / "wheels" / python
    files = []
    for name in wanted:
        entry = lock["packages"][name]
        path = folder / entry["file_name"]
        if not path.exists():
            folder.mkdir(parents=True, exist_ok=True)
            done = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "pip",
                    "download",
                    "-q",
                    "--no-deps",
                    "--only-binary",
                    ":all:",
                    "--python-version",
                    python,
                    "-d",
                    str(folder),
                    f"{name}=={entry['version']}",
                ],
                capture_output=True,
                text=True,
                timeout=300,
            )
            assert done.returncode == 0 and path.exists(), done.stderr[-2000:]
        files.append(path)
    return files


def office_js(grid):
    """What Excel desktop sends to an Office.js function: 0 for an empty cell."""
    return [[0 if v in (None, "") else v for v in row] for row in grid]


def calls() -> list:
    """(function, arguments) pairs, JSON-ready, as xlwings Lite passes them after its conversion."""
    swiss, rr, seed = read_trf(SWISS), read_trf(RR, pairing=Pairing.ROUND_ROBIN), read_trf(SEED2)
    grid = office_js(to_grid(swiss, "compact"))
    # first, three official answers of the TEC exercise (see test_the_calls_check_real_numbers)
    out: list = [
        ["BUCHHOLZ_CUT", [grid, 4, 1, "fide-2024"]],
        ["BUCHHOLZ", [grid, 4, "fide-2024"]],
        ["SONNEBORN_BERGER", [grid, 14, "fide-2024"]],
        ["STANDINGS", [grid, "", "fide-2024"]],
    ]
    grids = [
        (swiss, office_js(to_grid(swiss, "compact"))),
        (swiss, office_js(to_grid(swiss, "sm3"))),
        (rr, office_js(to_grid(rr, "matrix"))),
        (seed, office_js(to_grid(seed, "sm3"))),
    ]
    for t, grid in grids:
        numbers = [[p.start_number] for p in t.players]
        out += [
            ["BUCHHOLZ", [grid, numbers]],
            ["BUCHHOLZ", [grid, numbers, "fide-2024"]],
            ["BUCHHOLZ_CUT", [grid, numbers]],
            ["BUCHHOLZ_CUT", [grid, numbers, 1, "fide-2024"]],
            ["BUCHHOLZ_CUT", [grid, numbers, 2, "fide-2017"]],
            ["BUCHHOLZ_CUT", [grid, numbers, "M1"]],
            ["SONNEBORN_BERGER", [grid, numbers]],
            ["PROGRESSIVE", [grid, numbers]],
            ["PROGRESSIVE", [grid, numbers, 1]],
            ["STANDINGS", [grid]],
            ["STANDINGS", [grid, "BH/C1,SB,WIN", "fide-2024"]],
            ["BUCHHOLZ", [grid, 99]],
            ["BUCHHOLZ", [grid, 0]],
        ]
        for code in ("ARO", "TPR", "KS", "DE", "WIN", "AOB", "BH/C1", "SB/C1", "PS", "REP", "RTNG"):
            out.append(["TIEBREAK", [grid, numbers, code]])
        for rules in ("fide-2024", "fide-2026", "sm-real-points"):
            out.append(["TIEBREAK", [grid, numbers, "BH", rules]])
        st = compute_standings(t, ["BH", "SB"], conventions.get("fide-2024"))
        bulletin = [["SNo", "Name", "BH", "SB"]] + [
            [r.player.start_number, r.player.name, float(r.values["BH"]), float(r.values["SB"])] for r in st.rows
        ]
        out += [["AUDIT", [grid, bulletin, "fide-2026"]], ["AUDIT", [grid, bulletin, "fide-2024"]]]
    grid = office_js(to_grid(swiss, "compact"))
    bad = [list(r) for r in grid]
    bad[6][5] = "12x1"
    out += [
        ["BUCHHOLZ", [bad, 1]],
        ["TIEBREAK", [grid, 1, "XYZ"]],
        ["BUCHHOLZ", [grid, 1, "fide-1900"]],
        ["BUCHHOLZ", [grid, 1.5]],
        ["AUDIT", [grid, [["Name", "BH"], ["David", 15]]]],
        ["BUCHHOLZ", [grid, 1, "", "matrix"]],
    ]
    # the organizer's decisions: the Event sheet's rows as a range (0: an empty cell under Office.js)
    numbers = [[p.start_number] for p in swiss.players]
    event = [["Place", "Oslo"], ["Expelled", 4], ["Given value", "BH:1=20"], [0, 0]]
    out += [
        ["STANDINGS", [grid, "BH/C1,BH", "fide-2024", "", "", "", event]],
        ["TIEBREAK", [grid, numbers, "ARO", "fide-2024+rating_by=round", "", [["Rating from round", "2:3:2300"]]]],
        ["STANDINGS", [grid, "", "", "", "", "", [["Place", "Oslo"], ["Expelled", "four"]]]],
    ]
    return out


def error_grids(t) -> dict:
    """The compact grid of ``t`` with an Excel error (as xlwings gives it with ``err_to_str``) in a
    result cell of player 6 (row 7, round 1: D7) and in his Pts cell (I7)."""
    grid = to_grid(t, "compact")
    out = {}
    for name, column in (("result", 3), ("points", 8)):
        bad = [list(r) for r in office_js(grid)]
        bad[6][column] = "#N/A"
        out[name] = bad
    return out


def expected(calls_: list) -> list:
    """What tbxl.excel gives in this CPython, as xlwings' Office.js call path returns it (a 2-D
    matrix, #N/A as an error object), through JSON as the runs are."""
    out = []
    for function, args in calls_:
        try:
            out.append({"value": as_office_js(getattr(excel, function)(*args))})
        except Exception as err:
            out.append({"error": type(err).__name__, "message": str(err)})
    return json.loads(json.dumps(out, ensure_ascii=False))


def all_calls() -> list:
    """:func:`calls` and the calls on crosstables holding an Excel error."""
    swiss = read_trf(SWISS)
    out = calls()
    for bad in error_grids(swiss).values():
        out += [["BUCHHOLZ", [bad, 1]], ["STANDINGS", [bad]]]
    return out


@pytest.fixture(scope="module")
def cases():
    c = all_calls()
    return c, expected(c)


def book_json(grid, *more_sheets) -> dict:
    """The Office.js payload xlwings Lite builds a script's Book from: the crosstable's sheet first
    (selected at A1, the crosstable's top-left cell), then ``more_sheets`` (name, values)."""
    sheets = [("Crosstable", grid)] + list(more_sheets)
    return {
        "client": "Office.js",
        "version": "0",
        "book": {"name": "event.xlsx", "active_sheet_index": 0, "selection": "A1"},
        "names": [],
        "sheets": [
            {"name": n, "values": [["" if v is None else v for v in r] for r in values], "pictures": [], "tables": []}
            for n, values in sheets
        ],
    }


def clicks() -> list:
    """The script button clicked three times: fide-2024 on a book without the standings sheet,
    fide-2026 on one that has it (its content replaced), and on a crosstable with #N/A in a result."""
    swiss = read_trf(SWISS)
    grid = to_grid(swiss, "compact")
    bad = [list(r) for r in grid]
    bad[6][3] = "#N/A"
    return [
        [book_json(grid), ["fide-2024", ""]],
        [book_json(grid, (lite.STANDINGS_SHEET, [["old"]])), ["fide-2026", ""]],
        [book_json(bad), ["fide-2024", ""]],
    ]


def run_folder(generated, tmp_path, calls_, wheels=()) -> Path:
    """A folder as check.py expects it: main.py, check.py, calls.json (Office.js's 2-D arguments),
    clicks.json, and for Pyodide install.py with the wheels micropip installs."""
    folder = tmp_path / "run"
    folder.mkdir(parents=True)
    shutil.copy(generated / "main.py", folder / "main.py")
    shutil.copy(PYODIDE / "check.py", folder / "check.py")
    shutil.copy(PYODIDE / "install.py", folder / "install.py")
    for wheel in wheels:
        shutil.copy(wheel, folder / wheel.name)
    wired = [[function, [wire(a) for a in args]] for function, args in calls_]
    (folder / "calls.json").write_text(json.dumps(wired, ensure_ascii=False), encoding="utf-8")
    (folder / "clicks.json").write_text(json.dumps(clicks(), ensure_ascii=False), encoding="utf-8")
    return folder


def assert_clicked(result) -> None:
    """The standings STANDINGS gives, written to the standings sheet (made when missing), which
    is then activated; the #N/A cell named."""
    assert result["scripts"] == [lite.SCRIPT_NAME]
    grid = office_js(to_grid(read_trf(SWISS), "compact"))
    want = [json.loads(json.dumps(excel.STANDINGS(grid, "", rules))) for rules in ("fide-2024", "fide-2026")]
    assert want[0] != want[1] and want[0][1][:3] == [1, 2, "Bruno"]  # the two rule sets differ
    first, second, bad = result["clicks"]
    assert [a["func"] for a in first["actions"]] == ["addSheet", "sheetClearContents", "setValues", "activateSheet"]
    assert first["actions"][0]["args"][1] == lite.STANDINGS_SHEET
    assert [a["values"] for a in first["actions"] if a["func"] == "setValues"] == [want[0]]
    assert [a["func"] for a in second["actions"]] == ["sheetClearContents", "setValues", "activateSheet"]
    assert [a["values"] for a in second["actions"] if a["func"] == "setValues"] == [want[1]]
    assert bad == {
        "error": "ValueError",
        "message": "D7: #N/A: the crosstable holds an Excel error here; correct the cell or the formula that gives it",
    }


def assert_registered(result) -> None:
    """Every function with a dropdown for every rules and layout argument, and the script."""
    functions = result["functions"]
    assert sorted(functions) == FUNCTIONS
    assert functions["BUCHHOLZ_CUT"] == {
        "crosstable": None,
        "player": None,
        "cut": None,
        "rules": "BUCHHOLZ_CUT.RULES",
        "layout": "BUCHHOLZ_CUT.LAYOUT",
    }
    dropdowns = sorted(
        f"{name}.{p}".upper() for name, f in functions.items() for p, e in f.items() if e and e == f"{name}.{p}".upper()
    )
    assert dropdowns == sorted(
        f"{name}.{p}".upper() for name, f in functions.items() for p in f if p in ("rules", "layout")
    )
    assert len(dropdowns) == 16  # rules: 8 functions, layout: 8 (RATING_CHANGE has a layout, no rules)
    assert result["enums"]["BUCHHOLZ_CUT.RULES"] == list(conventions.PRESETS)
    assert result["enums"]["STANDINGS.LAYOUT"] == list(lite.layout_choices())


def assert_computed(result, calls_, want) -> None:
    assert_registered(result)
    assert len(result["results"]) == len(want) > 100
    for call, got, exp in zip(calls_, result["results"], want):
        assert got == exp, call[0]
    assert_clicked(result)


def run_cpython(folder: Path, site: Path | None, isolated: bool) -> dict:
    """check.py in this CPython, with the xlwings of ``site`` first on the path (None: the installed
    one); ``isolated``: no site-packages (-S), so only that xlwings is importable, and no tbxl."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    path = [str(site)] if site else []
    if not isolated:
        path.append(str(ROOT))
    env.update(PYTHONPATH=os.pathsep.join(path), XLWINGS_ON_SERVER="true", XLWINGS_LICENSE_KEY="noncommercial")
    done = subprocess.run(
        [sys.executable, *(["-S"] if isolated else []), "check.py"],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads((folder / "result.json").read_text(encoding="utf-8"))


# -- the files ------------------------------------------------------------------------------------


def requirements(folder: Path) -> list[str]:
    lines = (folder / "requirements.txt").read_text(encoding="utf-8").splitlines()
    return [ln.strip() for ln in lines if ln.strip() and not ln.startswith("#")]


def test_requirements_pin_this_tbxl_next_to_xlwings(generated):
    assert requirements(generated["short"]) == ["xlwings>=0.36.2", f"tbxl=={__version__}"]
    # the standalone main.py carries tbxl: only xlwings, which xlwings Lite installs anyway
    assert requirements(generated["standalone"]) == ["xlwings>=0.36.2"]


def test_the_short_main_py_is_the_functions_and_a_script_importing_tbxl(generated):
    text = (generated["short"] / "main.py").read_text(encoding="utf-8")
    assert len(text.encode()) < 20_000
    tree = ast.parse(text)
    assert ast.get_docstring(tree).startswith(f"# tbxl {__version__}: chess tie-breaks (FIDE C.07)")
    imports = [n for n in tree.body if isinstance(n, ast.ImportFrom)]
    assert [(n.module, [a.name for a in n.names]) for n in imports] == [
        ("typing", ["Literal"]),
        ("xlwings", ["arg", "func", "script"]),
        ("tbxl", ["excel"]),
    ]
    defs = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    assert sorted(defs) == sorted(FUNCTIONS + ["write_standings"])
    assert "TBXL_MODULES" not in text and "EmbeddedModules" not in text
    # every rules and layout argument is a dropdown; the others are untyped, as tbxl.excel's
    for name in FUNCTIONS:
        hints = {a.arg: ast.unparse(a.annotation) if a.annotation else None for a in defs[name].args.args}
        assert {k: v for k, v in hints.items() if v} == {
            k: {"rules": "Rules", "layout": "Layout"}[k] for k in hints if k in ("rules", "layout")
        }, name
    namespace: dict = {}
    exec(
        compile(
            ast.Module(body=[n for n in tree.body if isinstance(n, ast.Assign)], type_ignores=[]), "main.py", "exec"
        ),
        {"Literal": __import__("typing").Literal},
        namespace,
    )
    assert namespace["Rules"].__args__ == tuple(conventions.PRESETS)
    assert namespace["Layout"].__args__[:5] == ("compact", "sm3", "matrix", "round-robin", "swiss")


@pytest.mark.slow
def test_the_standalone_main_py_carries_the_core_and_the_same_functions(generated):
    text = (generated["standalone"] / "main.py").read_text(encoding="utf-8")
    short = (generated["short"] / "main.py").read_text(encoding="utf-8")
    tree = ast.parse(text)
    assert ast.get_docstring(tree).startswith(f"# tbxl {__version__}: chess tie-breaks (FIDE C.07)")
    # after the carried modules: the short main.py's code, word for word
    assert text.endswith(short[short.index("from typing import Literal") :])
    modules = lite.carried_modules()
    assert f"# The {len(modules)} tbxl modules the functions need" in text
    # the modules' text, exactly as installed
    namespace: dict = {}
    body = [n for n in tree.body if isinstance(n, ast.Assign) and ast.unparse(n.targets[0]) == "TBXL_MODULES"]
    exec(compile(ast.Module(body=body, type_ignores=[]), "main.py", "exec"), namespace)
    assert namespace["TBXL_MODULES"] == modules
    assert {"tbxl", "tbxl.excel", "tbxl.tiebreaks", "tbxl.tiebreaks.buchholz"} <= set(modules)
    # every module of the grid package: the crosstable reader is pure and travels whole
    import pkgutil

    import tbxl.io.grid

    grid = {"tbxl.io.grid"} | {m.name for m in pkgutil.iter_modules(tbxl.io.grid.__path__, "tbxl.io.grid.")}
    assert {"tbxl.io.grid.cells", "tbxl.io.grid.compact", "tbxl.io.grid.sm3", "tbxl.io.grid.matrix"} <= grid
    assert grid <= set(modules)
    assert not {"tbxl.cli", "tbxl.report", "tbxl.io.workbook", "tbxl.workbook", "tbxl.lite", "tbxl.io.trf"} & set(
        modules
    )
    # The team functions and their core (C.07 Arts 11-13), not their TRF reader or report.
    assert {"tbxl.excel.cache", "tbxl.io.grid.team", "tbxl.tiebreaks.extended"} <= set(modules)
    assert not {"tbxl.io.trf.team", "tbxl.report.views.team", "tbxl.workbook.team", "tbxl.workbook"} & set(modules)


@pytest.mark.slow
def test_generation_is_reproducible(generated, tmp_path):
    for form, options in FORMS.items():
        assert main(["lite", *options, "-o", str(tmp_path / form)]) == 0
        for name in ("main.py", "requirements.txt"):
            assert (tmp_path / form / name).read_bytes() == (generated[form] / name).read_bytes()


@pytest.mark.slow
def test_lite_says_what_it_wrote(capsys, tmp_path):
    assert main(["lite", "-o", str(tmp_path / "new" / "lite")]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"wrote {tmp_path / 'new' / 'lite' / 'main.py'} (") and "requirements.txt" in out
    assert (
        f"xlwings Lite then installs tbxl {__version__} from PyPI (where that release is not on PyPI yet, use "
        "`tbxl lite --standalone`" in out
    )
    assert main(["lite", "--standalone", "-o", str(tmp_path / "alone")]) == 0
    assert "PyPI" not in capsys.readouterr().out


def test_lite_refuses_a_file_as_folder(capsys, tmp_path):
    target = tmp_path / "main.py"
    target.write_text("mine\n")
    assert main(["lite", "-o", str(target)]) == 1
    assert "is a file, not a folder" in capsys.readouterr().err
    assert target.read_text() == "mine\n"


def test_a_module_importing_a_package_outside_the_standard_library_is_refused(tmp_path, monkeypatch):
    pkg = tmp_path / "tbxlfake"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("from . import core\n")
    (pkg / "core.py").write_text("import json\n\ndef later():\n    import openpyxl\n\nimport numpy\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(lite.NotPure, match=r"core.py:6: tbxlfake.core imports numpy"):
        lite.core_modules("tbxlfake")
    (pkg / "core.py").write_text("import json\n\ndef later():\n    import openpyxl\n")  # only when called
    assert sorted(lite.core_modules("tbxlfake")) == ["tbxlfake", "tbxlfake.core"]


def test_a_module_whose_import_fails_here_is_refused_not_skipped(tmp_path, monkeypatch):
    """``from . import core`` where core imports a package this machine lacks: looking for the
    module must not import the package (which would fail and make core look absent)."""
    pkg = tmp_path / "tbxlfake2"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("from . import core\n")
    (pkg / "core.py").write_text("import tbxl_no_such_package_anywhere\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(lite.NotPure, match=r"core.py:1: tbxlfake2.core imports tbxl_no_such_package_anywhere"):
        lite.core_modules("tbxlfake2")
    assert "tbxlfake2" not in sys.modules


@pytest.mark.slow
def test_the_standalone_main_py_shadows_an_installed_tbxl_and_can_run_again(generated, tmp_path):
    """Where a tbxl is installed (here: this development install), the standalone main.py's copy is
    the one used; running main.py again (xlwings Lite after an edit) replaces the modules instead of
    stacking finders."""
    folder = run_folder(generated["standalone"], tmp_path, [])
    code = (
        "import runpy, sys, importlib.util\n"
        "assert importlib.util.find_spec('tbxl') is not None   # the development install\n"
        "first = runpy.run_path('main.py')\n"
        "import tbxl.excel\n"
        "one = tbxl.excel\n"
        "second = runpy.run_path('main.py')\n"
        "import tbxl.excel\n"
        "finders = [f for f in sys.meta_path if type(f).__name__ == 'EmbeddedModules']\n"
        "print(tbxl.__spec__.origin, len(finders), one is not tbxl.excel,\n"
        "      second['tbxl_excel'] is tbxl.excel, first['tbxl_excel'] is not second['tbxl_excel'])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=folder,
        capture_output=True,
        text=True,
        env={
            **os.environ,
            "XLWINGS_ON_SERVER": "true",
            "XLWINGS_LICENSE_KEY": "noncommercial",
            "PYTHONPATH": str(folder),
        },
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["tbxl/__init__.py", "(in", "main.py)", "1", "True", "True", "True"]


# -- CPython, the real xlwings ------------------------------------------------------------------------


@pytest.mark.slow
def test_both_forms_register_and_compute_with_the_installed_xlwings(generated, tmp_path, cases):
    """xlwings' own Office.js decorators, registration, call path and script call (what xlwings Lite
    runs), with the xlwings of this environment; the standalone form in a Python that sees xlwings
    but not tbxl (site-packages off, only xlwings on the path). tests/test_excel_xlwings.py runs
    the same at the declared minimum and the newest xlwings."""
    xlwings = pytest.importorskip("xlwings")
    calls_, want = cases
    only = tmp_path / "only-xlwings"
    only.mkdir()
    (only / "xlwings").symlink_to(Path(xlwings.__file__).parent, target_is_directory=True)
    for form in FORMS:
        folder = run_folder(generated[form], tmp_path / form, calls_)
        result = run_cpython(folder, only if form == "standalone" else None, isolated=form == "standalone")
        assert result["xlwings"] == xlwings.__version__
        if form == "standalone":
            assert result["tbxl_installed_before"] is False
            assert result["tbxl_origin"] == "tbxl/__init__.py (in main.py)"
        else:
            assert result["tbxl_installed_before"] is True
            assert result["tbxl_origin"] == str(Path(__import__("tbxl").__file__))
        assert_computed(result, calls_, want)


# -- Pyodide under Node -----------------------------------------------------------------------------


def node() -> str:
    exe = shutil.which("node") or shutil.which("nodejs")
    if exe is None:
        pytest.skip(
            "node is not installed (setup.sh installs Debian's nodejs and npm, then the Pyodide "
            "npm packages of tests/pyodide)"
        )
    return exe


@pytest.mark.slow
@pytest.mark.parametrize("version", list(XLWINGS_VERSIONS))
@pytest.mark.parametrize("form", ["short", "standalone"])
@pytest.mark.parametrize("package, python", [("pyodide", "3.12."), ("pyodide-314", "3.14.")])
def test_main_py_in_pyodide_gives_what_the_core_gives(
    generated, tmp_path, cases, package, python, form, version, request
):
    """The real xlwings wheel (the declared minimum, the newest) and, for the short form, tbxl's
    wheel, installed by micropip from local files as xlwings Lite installs requirements.txt."""
    exe = node()
    if not (PYODIDE / "node_modules" / package / "package.json").exists():
        pytest.fail(f"the npm package {package} is missing: run `npm ci` in tests/pyodide (setup.sh does)")
    calls_, want = cases
    short = form == "short"
    xlwings = xlwings_wheel(XLWINGS_VERSIONS[version])
    wheels = [xlwings, *micropip_wheels(package)] + ([request.getfixturevalue("tbxl_wheel")] if short else [])
    folder = run_folder(generated[form], tmp_path, calls_, wheels=wheels)
    done = subprocess.run(
        [exe, str(PYODIDE / "run.mjs"), str(folder), "install.py"],
        env={**os.environ, "TBXL_PYODIDE": package},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads((folder / "result.json").read_text(encoding="utf-8"))
    assert result["platform"] == "emscripten" and result["python"].startswith(python)
    assert xlwings.name.startswith(f"xlwings-{result['xlwings']}-")
    if short:  # tbxl from the wheel, in Pyodide's site-packages
        assert result["tbxl_installed_before"] is True
        assert result["tbxl_origin"] == f"/lib/python{python[:-1]}/site-packages/tbxl/__init__.py"
    else:
        assert result["tbxl_installed_before"] is False
        assert result["tbxl_origin"] == "tbxl/__init__.py (in main.py)"
    assert_computed(result, calls_, want)


def test_the_calls_check_real_numbers(cases):
    """The comparison is not between two empty answers: the TEC exercise's official values are
    among them (David, no. 4: BH/C1 11.5 and BH 15 under fide-2024; Paul, no. 14: SB 4.5), and the
    errors carry their messages."""
    calls_, want = cases
    assert [w["value"] for w in want[:3]] == [[[11.5]], [[15]], [[4.5]]]
    assert want[3]["value"][1][:5] == [1, 2, "Bruno", 4, 12]  # STANDINGS: Bruno, BH/C1 12
    column = want[4 + 3]["value"]  # BH/C1 fide-2024, all players
    assert len(column) == 16 and column[3] == [11.5]
    assert {"value": [[{"type": "Error", "errorType": "NotAvailable"}]]} in want
    # the decisions argument: David (4) expelled, listed apart; Alyx's (1) BH given; a bad item named
    expelled = next(w["value"] for (f, a), w in zip(calls_, want) if f == "STANDINGS" and len(a) == 7 and "value" in w)
    assert expelled[-1][:3] == ["expelled", 4, "David"] and [r[5] for r in expelled if r[1] == 1] == [20]
    assert {"error": "ValueError", "message": "Event!B2: expelled 'four': expected START[,START...], e.g. 12"} in want
    # an Excel error in a result or in the Pts cell: named, not read as an empty cell
    named = [
        w["message"]
        for w in want
        if w.get("message", "").endswith("holds an Excel error here; correct the cell or the formula that gives it")
    ]
    assert (
        named
        == ["D7: #N/A: the crosstable holds an Excel error here; correct the cell or the formula that gives it"] * 2
        + ["I7: #N/A: the crosstable holds an Excel error here; correct the cell or the formula that gives it"] * 2
    )
    errors = [w for w in want if "error" in w]
    assert errors[0] == {
        "error": "ValueError",
        "message": "F7: row 7, round 3: '12x1' is not a result " + errors[0]["message"].split("is not a result ", 1)[1],
    }
    assert len(errors) >= 5 and all(e["error"] == "ValueError" for e in errors)


def test_the_sizes_the_docs_quote_are_what_tbxl_lite_prints(generated):
    """The docs quote main.py's sizes as ``tbxl lite`` prints them (:func:`tbxl.lite.size_text`);
    they may lag the code by a little, never by more than a tenth."""
    import re

    sizes = {form: (generated[form] / "main.py").stat().st_size for form in FORMS}
    quoted = {}
    for page in ("docs/organizer/lite.md", "docs/start/web.md"):
        text = (ROOT / page).read_text(encoding="utf-8")
        quoted[page] = [float(n) * 1000 for n in re.findall(r"about\s+([0-9]+(?:\.[0-9])?)\s+KB", text)]
    assert len(quoted["docs/organizer/lite.md"]) == 2
    for page, numbers in quoted.items():
        for n in numbers:
            nearest = min(sizes.values(), key=lambda s: abs(s - n))
            assert abs(nearest - n) <= nearest / 10, (page, lite.size_text(int(n)), lite.size_text(nearest))
