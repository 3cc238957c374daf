"""The typed package: ``mypy --strict -p tbxl`` passes (pyproject.toml's ``[tool.mypy]``: strict, over the whole
package), so every module, the edges that meet hostile files included, is checked."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
import tomllib

ROOT = Path(__file__).resolve().parents[1]


def test_the_configuration_is_strict_and_covers_the_package():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True
    assert config["packages"] == ["tbxl"]
    assert "files" not in config


@pytest.mark.slow
def test_mypy_strict_passes_on_the_whole_package():
    # A subprocess: mypy reads the [tool.mypy] section from the project root; its cache goes to
    # the temporary folder rather than the work tree.
    cache = Path(tempfile.gettempdir()) / "tbxl-mypy-cache"
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(cache), "--strict", "-p", "tbxl"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr
