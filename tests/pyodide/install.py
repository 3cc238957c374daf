"""Run in Pyodide before check.py (by tests/test_lite.py), the way xlwings Lite installs its
requirements.txt: micropip, unpacked from its own wheel (the npm package of Pyodide does not ship
it), installs tbxl's wheel from a local file in place of PyPI; then check.py runs as usual. Every
wheel is a file of the home folder (micropip-*.whl, its dependencies, tbxl-*.whl)."""

import glob
import importlib
import sys
import zipfile

site = next(p for p in sys.path if p.endswith("site-packages"))
for wheel in sorted(set(glob.glob("*.whl")) - set(glob.glob("tbxl-*.whl"))):   # micropip and what it needs
    with zipfile.ZipFile(wheel) as z:
        z.extractall(site)
importlib.invalidate_caches()

import micropip  # noqa: E402

(tbxl_wheel,) = glob.glob("tbxl-*.whl")
await micropip.install(f"emfs:/home/pyodide/{tbxl_wheel}")  # noqa: F704  (run.mjs runs this with top-level await)
with open("check.py", encoding="utf-8") as f:
    exec(compile(f.read(), "check.py", "exec"), {"__name__": "__main__"})
