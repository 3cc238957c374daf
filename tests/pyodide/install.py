"""Run in Pyodide before check.py (by tests/test_lite.py), the way xlwings Lite installs its
requirements.txt: micropip, unpacked from its own wheel (the npm package of Pyodide does not ship
it), installs the real xlwings wheel and, for the short main.py, tbxl's wheel, each from a local file
in place of PyPI (both are pure Python, ``py3-none-any``); then check.py runs. Every wheel is a file
of the home folder (micropip-*.whl and its dependencies, xlwings-*.whl, tbxl-*.whl)."""

import glob
import importlib
import sys
import zipfile

site = next(p for p in sys.path if p.endswith("site-packages"))
ours = set(glob.glob("xlwings-*.whl")) | set(glob.glob("tbxl-*.whl"))
for wheel in sorted(set(glob.glob("*.whl")) - ours):  # micropip and what it needs
    with zipfile.ZipFile(wheel) as z:
        z.extractall(site)
importlib.invalidate_caches()

import micropip  # noqa: E402

for wheel in sorted(ours, key=lambda w: not w.startswith("xlwings")):  # xlwings first, as requirements.txt lists it
    await micropip.install(f"emfs:/home/pyodide/{wheel}", deps=False)  # noqa: F704  (run.mjs: top-level await)
namespace = {"__name__": "check"}
with open("check.py", encoding="utf-8") as f:
    exec(compile(f.read(), "check.py", "exec"), namespace)
await namespace["run"]()  # noqa: F704
