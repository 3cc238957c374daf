"""The package as a user installs it: ``python -m build`` without setuptools warnings, a wheel that
carries the templates, labels and examples, and the plain wheel (no extras) in a fresh venv:
``tbxl compute`` works on the bundled example, ``tbxl lite`` too, and every command that needs an
extra says which in one line, exit 1, no traceback."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

from tbxl import __version__, lite

ROOT = Path(__file__).resolve().parents[1]
LANGS = sorted(p.parent.name for p in (ROOT / "templates" / "labels").glob("*/report.json"))  # discovered
pytestmark = pytest.mark.slow

# What setuptools prints when the configuration is wrong or going away ("WARNING `project.license`
# ...", "Package 'tbxl.templates.labels' is absent from the `packages` configuration", ...).
SETUPTOOLS_WARNING = re.compile(
    r"^WARNING [^:]|SetuptoolsDeprecationWarning|SetuptoolsWarning|ambiguous|"
    r"absent from the `packages`|^warning: ",
    re.MULTILINE,
)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """``python -m build`` (sdist, then the wheel from it) and what it printed."""
    out = tmp_path_factory.mktemp("dist")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # its warnings are not ours
    done = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
    )
    assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]
    return out, done.stdout + done.stderr


@pytest.fixture(scope="module")
def wheel(built) -> Path:
    (whl,) = built[0].glob("*.whl")
    return whl


@pytest.fixture(scope="module")
def plain(tmp_path_factory, wheel):
    """A fresh venv with the wheel and nothing else (no extras: the plain package has no dependencies)."""
    home = tmp_path_factory.mktemp("plain-venv")
    venv.create(home, with_pip=True, clear=True)
    python = home / "bin" / "python"
    done = subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return home


def run(home: Path, *args: str, cwd=None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run(
        [str(home / "bin" / "tbxl"), *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=120
    )


def bundled_example(home: Path) -> str:
    code = "from importlib.resources import files; print(files('tbxl.examples') / 'held_swiss_5.trf')"
    return subprocess.run(
        [str(home / "bin" / "python"), "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()


def test_build_prints_no_setuptools_warning(built):
    out, log = built
    assert sorted(p.name for p in out.iterdir()) == [
        f"tbxl-{__version__}-py3-none-any.whl",
        f"tbxl-{__version__}.tar.gz",
    ]
    assert SETUPTOOLS_WARNING.findall(log) == []


def test_the_warning_pattern_catches_what_setuptools_prints():
    # the two warnings the old configuration gave, as setuptools 84 printed them
    assert SETUPTOOLS_WARNING.search(
        "WARNING Package 'tbxl.templates.labels' is absent from the `packages` configuration."
    )
    assert SETUPTOOLS_WARNING.search("WARNING `project.license` as a TOML table is deprecated")
    assert not SETUPTOOLS_WARNING.search("WARNING: Location 'file:///x' is ignored")  # pip's, not setuptools'


def test_wheel_carries_templates_labels_examples_and_no_dependency(wheel):
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        metadata = z.read(f"tbxl-{__version__}.dist-info/METADATA").decode()
    for lang in LANGS:
        assert f"tbxl/templates/labels/{lang}/report.json" in names
        assert f"tbxl/templates/labels/{lang}/team.json" in names
    assert {
        "tbxl/templates/report.html.j2",
        "tbxl/templates/report.css",
        "tbxl/templates/workbook-help.txt",
        "tbxl/examples/held_swiss_5.trf",
        "tbxl/catalogue.py",
        "tbxl/examples/held_round_robin.trf",
        "tbxl/lite/embed.py",
        "tbxl/lite/__init__.py",
        "tbxl/excel/__init__.py",
    } <= names
    assert not any(n.startswith(("tests/", "templates/", "workbooks/")) for n in names)
    requires = [ln for ln in metadata.splitlines() if ln.startswith("Requires-Dist:")]
    # every dependency is an extra's, but for the standard library's tomllib backported to Python 3.10
    assert requires and all(
        "extra ==" in ln or ln == 'Requires-Dist: tomli>=1.1; python_version < "3.11"' for ln in requires
    )
    assert "License-Expression: MIT" in metadata


def test_plain_install_has_no_optional_package(plain):
    code = (
        "import importlib.util as u; "
        "print([m for m in ('jinja2', 'weasyprint', 'openpyxl', 'xlwings', 'markupsafe') if u.find_spec(m)])"
    )
    out = subprocess.run([str(plain / "bin" / "python"), "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_plain_install_computes_the_bundled_example(plain):
    done = run(plain, "compute", bundled_example(plain), "--format", "json")
    assert done.returncode == 0, done.stderr
    st = json.loads(done.stdout)
    assert st["rules"] == "fide-2024" and st["tiebreaks"] == ["BH/C1", "BH", "SB", "PS", "WIN"]
    first = st["standings"][0]
    # the TEC exercise: Bruno (no. 2) first with 4 points, BH/C1 12, BH 13, SB 9.5
    assert (first["start_number"], first["name"], first["points"]) == (2, "Bruno", 4)
    assert [first["values"][c] for c in ("BH/C1", "BH", "SB")] == [12, 13, 9.5]
    david = next(r for r in st["standings"] if r["start_number"] == 4)
    assert david["values"]["BH/C1"] == 11.5 and david["values"]["BH"] == 15  # the official answers


def test_plain_install_copies_the_examples_out_and_the_readmes_commands_run_there(plain, tmp_path):
    """The README's way in after an install: `tbxl examples DIR`, then its commands in DIR (the
    examples come out of site-packages, which the commands never write into)."""
    done = run(plain, "examples", "tbxl-examples", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    folder = tmp_path / "tbxl-examples"
    assert {"event.trf", "team.trf", "bulletin.csv", "held_swiss_5.trf", "held_round_robin.trf"} == {
        p.name for p in folder.iterdir()
    }
    done = run(plain, "compute", "event.trf", "--playoff", "16>1", "--lots", "Open2026", cwd=folder)
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip().endswith("No lots were needed (seed 'Open2026'): no place was still shared")
    done = run(plain, "audit", "event.trf", "--published", "bulletin.csv", "--rules", "fide-2026", cwd=folder)
    assert done.returncode == 0 and "error" not in done.stderr, done.stderr


def test_plain_install_writes_the_xlwings_lite_files(plain, tmp_path):
    done = run(plain, "lite", "-o", str(tmp_path))
    assert done.returncode == 0, done.stderr
    # the same text as the development install writes: main.py is made from the installed modules
    assert (tmp_path / "main.py").read_text(encoding="utf-8") == lite.main_py()


@pytest.mark.parametrize(
    "command, extra, package",
    [
        (["report", "{trf}", "-o", "{out}/standings.pdf"], "report", "jinja2"),
        (["explain", "{trf}", "--player", "4", "-o", "{out}/appeal.pdf"], "report", "jinja2"),
        (["compare", "{trf}", "--rules", "fide-2024,fide-2026", "-o", "{out}/compare.pdf"], "report", "jinja2"),
        (["workbook", "{trf}", "-o", "{out}/tec.xlsx"], "xlsx", "openpyxl"),
        (["compute", "{book}"], "xlsx", "openpyxl"),
        (["audit", "{trf}", "--published", "{book}"], "xlsx", "openpyxl"),
    ],
    ids=["report", "explain-pdf", "compare-pdf", "workbook", "compute-xlsx", "audit-xlsx"],
)
def test_a_command_that_needs_an_extra_says_which(plain, tmp_path, command, extra, package):
    args = [
        a.format(trf=bundled_example(plain), out=tmp_path, book=ROOT / "workbooks" / "tec-swiss.xlsx") for a in command
    ]
    done = run(plain, *args)
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr == f'tbxl: error: this needs {package}: pip install "tbxl[{extra}]"\n'
    assert list(tmp_path.iterdir()) == []  # nothing half-written


def test_every_package_of_the_tree_is_in_the_packages_list():
    """pyproject.toml lists the packages explicitly (the template folders are packages too): a
    package of tbxl/ left out of the list is missing from the wheel."""
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    tree = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "tbxl").rglob("__init__.py")}
    assert tree <= listed, sorted(tree - listed)


# -- the release: metadata, twine, an install from the built files only ---------------------------


def test_sdist_and_wheel_pass_twine_check_strict(built):
    out, _ = built
    done = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", *sorted(map(str, out.iterdir()))],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("PASSED") == 2, done.stdout


def test_wheel_metadata_is_release_ready(wheel):
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        metadata = z.read(f"tbxl-{__version__}.dist-info/METADATA").decode()
    assert "tbxl/py.typed" in names and f"tbxl-{__version__}.dist-info/licenses/LICENSE" in names
    assert "Classifier: Topic :: Games/Entertainment :: Board Games" in metadata
    assert "Classifier: Typing :: Typed" in metadata
    urls = dict(
        ln.removeprefix("Project-URL: ").split(", ", 1)
        for ln in metadata.splitlines()
        if ln.startswith("Project-URL: ")
    )
    assert {"Homepage", "Documentation", "Source", "Changelog", "Issues"} <= set(urls)
    assert "Keywords: chess," in metadata and "Author: tbxl maintainers" in metadata


@pytest.fixture(scope="module")
def find_links(tmp_path_factory, wheel):
    """A folder as a user has it before the release is on PyPI: the built wheel, and the wheels
    of the xlsx extra (openpyxl and what it needs), downloaded from PyPI into the same folder."""
    folder = tmp_path_factory.mktemp("find-links")
    (folder / wheel.name).write_bytes(wheel.read_bytes())
    done = subprocess.run(
        [sys.executable, "-m", "pip", "download", "-q", "--only-binary", ":all:", "-d", str(folder), "openpyxl>=3.1"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return folder


def test_the_xlsx_extra_installs_from_the_built_files_alone_and_computes(find_links, tmp_path_factory):
    """`pip install --no-index --find-links dist "tbxl[xlsx]"` in a fresh venv, then tbxl compute on
    a workbook (which needs the extra)."""
    home = tmp_path_factory.mktemp("xlsx-venv")
    venv.create(home, with_pip=True, clear=True)
    done = subprocess.run(
        [
            str(home / "bin" / "python"),
            "-m",
            "pip",
            "install",
            "-q",
            "--no-index",
            "--find-links",
            str(find_links),
            "tbxl[xlsx]",
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    version = subprocess.run(
        [str(home / "bin" / "python"), "-m", "tbxl", "--version"], capture_output=True, text=True, timeout=60
    )
    assert version.stdout == f"tbxl {__version__}\n"
    done = run(home, "compute", str(ROOT / "workbooks" / "tec-swiss.xlsx"), "--format", "json")
    assert done.returncode == 0, done.stderr
    david = next(r for r in json.loads(done.stdout)["standings"] if r["start_number"] == 4)
    assert (david["name"], david["values"]["BH/C1"], david["values"]["BH"]) == ("David", 11.5, 15)
