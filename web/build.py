"""Build tbxl's web app: ``python web/build.py -o DIR`` writes the complete static app into DIR.

DIR then holds everything the page loads, and nothing is fetched from anywhere else (issue 27,
item 3): the page (index.html, app.js, app.css), the service worker (sw.js, which keeps every file
for offline use), the Python glue (app.py), the Pyodide runtime (pyodide/, from the npm package
``pyodide`` at the version of web/package-lock.json, the one tests/pyodide pins for the xlwings Lite
tests) and every wheel the page installs (wheels/): tbxl's own, built from this tree, and the pure
wheels of what its report and workbook rooms import (Jinja2, MarkupSafe, openpyxl, et-xmlfile,
segno). Any static server serving DIR gives the app at ``/`` (GitHub Pages does).

What the build needs: Node's ``npm`` (``npm ci`` in web/ when web/node_modules is missing or stale)
and pip with the package index (the pinned wheels are downloaded once into web/.cache/, which git
ignores). MarkupSafe has no pure wheel on the index: it is built from its sdist with no C compiler
(``CC=/bin/false``), so its setup falls back to the pure-Python module and the wheel is
``py3-none-any``, which Pyodide installs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

WEB = Path(__file__).resolve().parent
ROOT = WEB.parent
CACHE = WEB / ".cache" / "wheels"

#: The Python of the pinned Pyodide (0.27.7: CPython 3.12), for ``pip download --python-version``.
PYTHON = "3.12"
#: The pure wheels the page installs beside tbxl's, pinned (a new version is a change of this list).
PURE = ["jinja2==3.1.6", "openpyxl==3.1.5", "et-xmlfile==2.0.0", "segno==1.6.6"]
#: Built from its sdist without the C speedups (see the module's text).
MARKUPSAFE = "markupsafe==3.0.2"
#: The page's own files, copied as they are.
PAGE = ["index.html", "app.js", "app.css", "app.py", "sw.js"]
#: What makes the page installable (a phone's home screen, a desktop's app list): the web app
#: manifest and its icons (web/icons/make.py draws them), copied as they are.
INSTALL = [
    "manifest.webmanifest",
    "icons/icon.svg",
    "icons/icon-192.png",
    "icons/icon-512.png",
    "icons/icon-maskable-512.png",
    "icons/apple-touch-icon.png",
]
#: The runtime files of the npm package that the page loads (the .map files and the Node-only
#: helpers are left out).
RUNTIME = ["pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]


def run(cmd: list[str], cwd: Path | None = None, env: dict | None = None) -> None:
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"build.py: {' '.join(cmd)} failed:\n{(done.stdout + done.stderr)[-3000:]}")


def runtime() -> Path:
    """web/node_modules/pyodide at the locked version (``npm ci`` when it is not there)."""
    wanted = json.loads((WEB / "package.json").read_text(encoding="utf-8"))["dependencies"]["pyodide"]
    have = WEB / "node_modules" / "pyodide" / "package.json"
    if not have.exists() or json.loads(have.read_text(encoding="utf-8"))["version"] != wanted:
        if shutil.which("npm") is None:
            sys.exit("build.py: npm is not installed (setup.sh installs Node and npm)")
        run(["npm", "ci", "--silent", "--no-audit", "--no-fund"], cwd=WEB)
    return have.parent


def pure_wheels() -> list[Path]:
    """The pinned pure wheels, downloaded (or built, MarkupSafe) once into web/.cache/wheels."""
    CACHE.mkdir(parents=True, exist_ok=True)

    def cached(spec: str) -> list[Path]:
        name, version = spec.split("==")
        stem = name.replace("-", "_").lower()
        return [p for p in CACHE.glob("*.whl") if p.name.lower().startswith(f"{stem}-{version}-")]

    missing = [s for s in PURE if not cached(s)]
    if missing:
        run(
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
                PYTHON,
                "-d",
                str(CACHE),
                *missing,
            ]
        )
    if not cached(MARKUPSAFE):
        with tempfile.TemporaryDirectory() as tmp:
            run(
                [
                    sys.executable,
                    "-m",
                    "pip",
                    "wheel",
                    "-q",
                    "--no-deps",
                    "--no-binary",
                    "markupsafe",
                    "-w",
                    tmp,
                    MARKUPSAFE,
                ],
                env={**os.environ, "CC": "/bin/false"},
            )
            (built,) = Path(tmp).glob("*.whl")
            if not built.name.endswith("-py3-none-any.whl"):
                sys.exit(f"build.py: MarkupSafe's wheel is {built.name}, not a pure one (py3-none-any)")
            shutil.copy(built, CACHE / built.name)
    wheels = [w for spec in [*PURE, MARKUPSAFE] for w in cached(spec)]
    for w in wheels:
        if not w.name.endswith("-none-any.whl"):
            sys.exit(f"build.py: {w.name} is not a pure wheel: Pyodide cannot install it")
    return wheels


def tbxl_wheel(into: Path) -> Path:
    """tbxl's wheel, built from this tree (what the release publishes)."""
    with tempfile.TemporaryDirectory() as tmp:
        run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", tmp, str(ROOT)])
        (built,) = Path(tmp).glob("tbxl-*.whl")
        return Path(shutil.copy(built, into / built.name))


def build(out: Path) -> None:
    out = out.resolve()
    if out.exists() and any(out.iterdir()) and not (out / "sw.js").exists():
        sys.exit(f"build.py: {out} is not empty and holds no earlier build: name a new folder")
    out.parent.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(prefix=".web-", dir=out.parent))  # beside DIR: renamed into place at the end
    stage.chmod(0o755)
    try:
        (stage / "pyodide").mkdir()
        (stage / "wheels").mkdir()
        npm = runtime()
        for name in RUNTIME:
            shutil.copy(npm / name, stage / "pyodide" / name)
        wheels = [Path(shutil.copy(w, stage / "wheels" / w.name)) for w in pure_wheels()]
        wheels.append(tbxl_wheel(stage / "wheels"))
        for name in PAGE:
            shutil.copy(WEB / name, stage / name)
        (stage / "icons").mkdir()
        for name in INSTALL:
            shutil.copy(WEB / name, stage / name)
        # The wheels the page installs, in an order where each comes after what it needs.
        order = sorted((w.name for w in wheels), key=lambda n: (n.startswith("tbxl-"), n.lower()))
        (stage / "wheels.json").write_text(json.dumps(order) + "\n", encoding="utf-8")
        # The service worker's list of files and the name of its cache: a new build (any file
        # changed) is a new cache, and the old one is dropped when the new worker takes over.
        files = sorted(p.relative_to(stage).as_posix() for p in stage.rglob("*") if p.is_file() and p.name != "sw.js")
        digest = hashlib.sha256()
        for name in files:
            digest.update(name.encode() + b"\0" + (stage / name).read_bytes())
        sw = (stage / "sw.js").read_text(encoding="utf-8")
        sw = sw.replace('"__VERSION__"', json.dumps(digest.hexdigest()[:16]))
        sw = sw.replace("[/*__FILES__*/]", json.dumps(["./", *files]))
        (stage / "sw.js").write_text(sw, encoding="utf-8")
        if out.exists():
            shutil.rmtree(out)
        stage.rename(out)
    finally:
        if stage.exists():
            shutil.rmtree(stage)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build tbxl's web app (a static folder) into DIR.")
    parser.add_argument("-o", "--output", required=True, metavar="DIR", help="the folder to write")
    args = parser.parse_args(argv)
    build(Path(args.output))
    print(f"wrote the web app into {args.output}: serve that folder and open /")
    return 0


if __name__ == "__main__":
    sys.exit(main())
