"""The typed core: ``mypy --strict`` (configured in pyproject.toml's ``[tool.mypy]``: strict, and
the files it checks) passes on the model, the rules, the tie-break families, the ranking and the modules below them."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_configuration_is_strict_and_covers_the_core():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True
    assert {"tbxl/model", "tbxl/rules", "tbxl/tiebreaks", "tbxl/standings.py", "tbxl/derivation.py",
            "tbxl/errors.py", "tbxl/formatting.py", "tbxl/limits.py"} <= set(config["files"])


@pytest.mark.slow
def test_mypy_strict_passes():
    # A subprocess: mypy reads the [tool.mypy] section from the project root; its cache goes to
    # the temporary folder rather than the work tree.
    cache = Path(tempfile.gettempdir()) / "tbxl-mypy-cache"
    out = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(cache)], cwd=ROOT,
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
