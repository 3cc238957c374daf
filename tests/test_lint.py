"""The tree is linted and formatted: ``ruff check`` and ``ruff format --check`` pass with pyproject.toml's
``[tool.ruff]`` (the rules, the line length), as the pre-commit hooks and CONTRIBUTING.md say."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def ruff(*args: str) -> subprocess.CompletedProcess[str]:
    # ruff's cache goes nowhere: the work tree stays as it was
    return subprocess.run(
        [sys.executable, "-m", "ruff", *args, "--no-cache", "."], cwd=ROOT, capture_output=True, text=True
    )


def test_ruff_check_passes():
    out = ruff("check")
    assert out.returncode == 0, out.stdout + out.stderr


def test_ruff_format_leaves_every_file_as_it_is():
    out = ruff("format", "--check")
    assert out.returncode == 0, out.stdout + out.stderr
