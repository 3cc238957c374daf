"""The release as files in the repository: one home for the version, ``python -m tbxl``, a
changelog entry for this version, and a release workflow that builds, tests the built wheel and
publishes on a version tag (docs/releasing.md)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import tomllib

import tbxl

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"


def test_python_m_tbxl_prints_the_version():
    done = subprocess.run([sys.executable, "-m", "tbxl", "--version"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"tbxl {tbxl.__version__}\n"
    assert re.fullmatch(r"\d+\.\d+\.\d+", tbxl.__version__)


def test_the_version_has_one_home():
    """pyproject.toml reads it from tbxl.__version__; no file of the package spells it again."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"] and project["project"]["dynamic"] == ["version"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "tbxl.__version__"}
    spelled = [
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "tbxl").rglob("*.py")
        if f'"{tbxl.__version__}"' in p.read_text(encoding="utf-8")
    ]
    assert spelled == ["tbxl/__init__.py"]


def test_the_changelog_has_an_entry_for_this_version():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    heading = re.search(rf"^## \[{re.escape(tbxl.__version__)}\] - (\d{{4}}-\d{{2}}-\d{{2}})$", text, re.M)
    assert heading, f"CHANGELOG.md has no '## [{tbxl.__version__}] - YYYY-MM-DD' section"
    section = text[heading.end() : text.find("\n## [", heading.end())]
    assert "### Added" in section and len(section.splitlines()) > 10
    assert "## [Unreleased]" in text  # Keep a Changelog's top section
    assert f"[{tbxl.__version__}]: " in text  # and the link of the heading


def _workflow() -> dict:
    yaml = pytest.importorskip("yaml")
    assert WORKFLOW.exists(), "the release workflow is .github/workflows/release.yml"
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def test_the_release_workflow_runs_on_a_version_tag():
    flow = _workflow()
    on = flow.get("on", flow.get(True))  # YAML 1.1 reads the key `on` as True
    assert on["push"]["tags"] == ["v*.*.*"]


def test_the_release_workflow_builds_tests_the_wheel_and_publishes_by_trusted_publishing():
    jobs = _workflow()["jobs"]
    steps = {
        name: "\n".join(str(s.get("run", "")) + str(s.get("uses", "")) for s in job["steps"])
        for name, job in jobs.items()
    }
    assert "python -m build" in steps["build"] and "twine check --strict" in steps["build"]
    assert "wheel=$(ls dist/*.whl)" in steps["test"] and '-m pip install "$wheel[test]"' in steps["test"]
    assert "pytest" in steps["test"]
    assert "tbxl lite -o" in steps["build"] and "tbxl lite --standalone -o" in steps["build"]
    publish = jobs["publish"]
    assert publish["needs"] == ["build", "test"]
    assert publish["permissions"]["id-token"] == "write"  # trusted publishing (OIDC), no token
    assert "pypa/gh-action-pypi-publish" in steps["publish"]
    assert jobs["github-release"]["needs"] == ["publish"]
    assert "gh release create" in steps["github-release"]
    # the wheel is tested against the repository's tests, not the working tree's code
    assert 'cd "$RUNNER_TEMP"' in steps["test"] and "site-packages" in steps["test"]
