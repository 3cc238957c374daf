"""The documentation: a short README whose two commands are true, and a manual (docs/, MkDocs)
that builds with warnings as errors and whose Python examples run.

The build runs ``mkdocs build --strict`` in a subprocess, as a user or CI would; it is skipped only
where the ``docs`` extra (mkdocs, mkdocs-material, mkdocstrings) is not installed.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"


def _env() -> dict:
    """This interpreter's environment with the tree under test first on the path."""
    paths = [str(ROOT)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    return dict(os.environ, PYTHONPATH=os.pathsep.join(paths), NO_MKDOCS_2_WARNING="1")


def test_readme_is_short():
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 250


def test_readme_gives_the_two_commands_of_a_fresh_machine_and_ci_runs_the_second():
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", text, re.S)
    assert "bash setup.sh\n" in blocks
    assert ".venv/bin/python -m pytest\n" in blocks
    ci = ROOT / ".ci" / "run"
    if ci.exists():
        assert ".venv/bin/python -m pytest" in ci.read_text(encoding="utf-8").splitlines()
    assert (ROOT / "setup.sh").exists()


def test_readme_links_into_docs_exist():
    text = README.read_text(encoding="utf-8")
    links = re.findall(r"\]\((docs/[^)#]+)(?:#[^)]*)?\)", text)
    assert links, "README links into docs/"
    assert [link for link in links if not (ROOT / link).exists()] == []


def test_every_page_is_in_the_navigation():
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    pages = sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md"))
    assert [p for p in pages if f": {p}" not in nav] == []


def test_no_generated_bundle_in_git():
    """tbxl lite's main.py is generated code: made by `tbxl lite -o DIR`, never committed."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    done = subprocess.run(["git", "ls-files", "workbooks/lite"], cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"git ls-files failed: {done.stderr.strip()}")
    assert done.stdout == ""


def test_the_python_api_examples_print_the_exercises_numbers(tmp_path):
    """The ```python blocks of the API page, run in order in one namespace (as every page's are in
    tests/test_docs_examples.py), print the exercise's values."""
    from docs_examples import Folder, blocks

    folder = Folder(tmp_path)
    code = [b for b in blocks(DOCS / "reference" / "api.md") if b.lang == "python"]
    printed = "".join(folder.python(b.text, b.where) for b in code)
    assert "compute_standings" in code[0].text
    assert "total 23/2" in printed  # BH/C1 of David (no. 4), the exercise's 11.5
    assert "4 play-off" in printed  # Stephan placed 4th by the play-off 16>1


@pytest.mark.slow
def test_the_manual_builds_with_warnings_as_errors(tmp_path):
    missing = [
        m
        for m in ("mkdocs", "material", "mkdocstrings", "mkdocstrings_handlers")
        if importlib.util.find_spec(m) is None
    ]
    if missing:
        pytest.skip(f"the docs extra is not installed (no {', '.join(missing)}): pip install -e '.[docs]'")
    site = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, (done.stdout + done.stderr)[-4000:]
    assert (site / "index.html").exists()
    # the command-line reference was written from the parser: every command has its section
    cli = (site / "reference" / "cli" / "index.html").read_text(encoding="utf-8")
    for command in ("compute", "explain", "report", "workbook", "audit", "compare", "rules", "lite", "examples"):
        assert f'id="tbxl-{command}"' in cli, command
    # the Python API was rendered from the docstrings
    api = (site / "reference" / "api" / "index.html").read_text(encoding="utf-8")
    assert 'id="tbxl.standings.compute_standings"' in api
