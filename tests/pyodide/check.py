"""Run in the folder of a generated main.py (by tests/test_lite.py, in Pyodide or in a CPython without
tbxl): import main.py as xlwings Lite does, call its functions as calls.json lists them, and write
what came back to result.json (an exception as its type and message)."""

import importlib.util
import json
import os
import sys

os.environ["XLWINGS_ON_SERVER"] = "true"   # as xlwings Lite sets it: the Office.js decorators
installed = importlib.util.find_spec("tbxl") is not None

import main  # noqa: E402

import tbxl  # noqa: E402  (the copy main.py carries)

results = []
with open("calls.json", encoding="utf-8") as f:
    calls = json.load(f)
for function, args in calls:
    try:
        results.append({"value": getattr(main, function)(*args)})
    except Exception as err:  # the message is what Excel shows: it must be the same
        results.append({"error": type(err).__name__, "message": str(err)})

with open("result.json", "w", encoding="utf-8") as f:
    json.dump({
        "python": sys.version.split()[0],
        "platform": sys.platform,
        "tbxl_installed_before": installed,
        "tbxl_origin": tbxl.__spec__.origin,
        "registered": sorted(n for n, v in vars(main).items() if hasattr(v, "__xlfunc__")),
        "results": results,
    }, f, ensure_ascii=False)
