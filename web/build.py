"""Build tbxl's web app: ``python web/build.py -o DIR`` writes the complete static app into DIR.

DIR then holds everything the page loads, and nothing is fetched from anywhere else (issue 27,
item 3): the page (index.html with its language menu, app.js, app.css), the engine's side of the
page and its Web Worker (engine.js, worker.js), the web app manifest and its icons (manifest.webmanifest,
icons/), the service worker (sw.js, which keeps every file for offline use), build.json, the Python
glue (app.py), the Pyodide runtime (pyodide/, from the npm package
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
import html
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
PAGE = ["index.html", "app.js", "engine.js", "worker.js", "app.css", "app.py", "sw.js"]
#: The label folders, one per language (templates/labels/<lang>/report.json); the language menu of
#: index.html is made from them (a new folder is a new entry, nothing written out here or in the page).
LABELS = ROOT / "templates" / "labels"
#: Where index.html's language menu takes its options.
MENU = "<!--__LANGUAGES__-->"
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
#: The runtime files Pyodide fetches with ``fetch`` (worker.js counts their bytes for the progress
#: shown while loading; the two scripts are imported, not fetched).
FETCHED = ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]


def limits() -> dict[str, int]:
    """tbxl.limits' byte limits, which the page checks from a File's size before reading it: their
    one home stays tbxl.limits (this tree's, as in the wheel)."""
    sys.path.insert(0, str(ROOT))
    try:
        from tbxl import limits as bounds
    finally:
        sys.path.remove(str(ROOT))
    return {name: getattr(bounds, name) for name in ("MAX_TEXT_BYTES", "MAX_WORKBOOK_BYTES", "MAX_CONFIG_BYTES")}


def run(cmd: list[str], cwd: Path | None = None, env: dict | None = None) -> None:
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"build.py: {' '.join(cmd)} failed:\n{(done.stdout + done.stderr)[-3000:]}")


def runtime() -> Path:
    """web/node_modules/pyodide at the locked version (``npm ci`` when it, or another package of
    package.json at its version, is not there: a checkout that gained a package, e.g. axe-core for
    the tests, gets it on its next build)."""
    package = json.loads((WEB / "package.json").read_text(encoding="utf-8"))
    wanted = {**package.get("dependencies", {}), **package.get("devDependencies", {})}

    def installed(name: str) -> str | None:
        found = WEB / "node_modules" / name / "package.json"
        return json.loads(found.read_text(encoding="utf-8"))["version"] if found.exists() else None

    have = WEB / "node_modules" / "pyodide" / "package.json"
    if any(installed(name) != version.lstrip("=") for name, version in wanted.items()):
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


def language_options(labels: Path = LABELS) -> str:
    """The language menu's options: one per label folder (the folders tbxl.report.labels.languages
    finds, in the same order), each named by its own ``language`` label ("Tiếng Việt")."""
    found = sorted(p.parent.name for p in labels.glob("*/report.json"))
    names = [json.loads((labels / code / "report.json").read_text(encoding="utf-8"))["language"] for code in found]
    return "".join(
        f'<option value="{html.escape(code)}">{html.escape(name)}</option>' for code, name in zip(found, names)
    )


def page(index: str, labels: Path = LABELS) -> str:
    """index.html with its language menu filled in (:func:`language_options`)."""
    if MENU not in index:
        sys.exit(f"build.py: web/index.html has no {MENU} for the language menu")
    return index.replace(MENU, language_options(labels))


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
        index = (stage / "index.html").read_text(encoding="utf-8")
        (stage / "index.html").write_text(page(index), encoding="utf-8")
        (stage / "icons").mkdir()
        for name in INSTALL:
            shutil.copy(WEB / name, stage / name)
        # What the page and its worker read first (build.json): the wheels to install, in an order
        # where each comes after what it needs; tbxl's byte limits; the bytes Pyodide will fetch.
        order = sorted((w.name for w in wheels), key=lambda n: (n.startswith("tbxl-"), n.lower()))
        fetched = sum((stage / "pyodide" / n).stat().st_size for n in FETCHED) + sum(w.stat().st_size for w in wheels)
        facts = {"wheels": order, "limits": limits(), "fetched": fetched}
        (stage / "build.json").write_text(json.dumps(facts, indent=1) + "\n", encoding="utf-8")
        # The service worker's files with their digests, and the name of its cache: a new build (any
        # file changed) is a new cache; a file of the same digest is copied from the old one.
        files = sorted(p.relative_to(stage).as_posix() for p in stage.rglob("*") if p.is_file() and p.name != "sw.js")
        digests = {name: hashlib.sha256((stage / name).read_bytes()).hexdigest()[:16] for name in files}
        digest = hashlib.sha256()
        for name in files:
            digest.update(name.encode() + b"\0" + digests[name].encode())
        sw = (stage / "sw.js").read_text(encoding="utf-8")
        sw = sw.replace('"__VERSION__"', json.dumps(digest.hexdigest()[:16]))
        sw = sw.replace("{/*__FILES__*/}", json.dumps({"./": digests["index.html"], **digests}))
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
