"""Run in the folder of a generated main.py (by tests/test_lite.py, in Pyodide or in a CPython without
tbxl): import main.py as xlwings Lite does, call its functions as calls.json lists them, click its
script button on a stand-in workbook whose crosstable is the first call's, and write what came back
to result.json (an exception as its type and message)."""

import asyncio
import importlib.util
import inspect
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



class Range:
    """A stand-in for the little of xlwings' Range the script uses: value, expand, sheet."""

    def __init__(self, sheet, value=None, address=None):
        self.sheet, self._value, self.address = sheet, value, address

    @property
    def value(self):
        return self._value

    def expand(self, mode="table"):
        assert mode == "table" and self.address == "A1", (mode, self.address)
        return Range(self.sheet, self.sheet.cells)

    @value.setter
    def value(self, rows):
        assert self.address == "A1", self.address
        self.sheet.cells = rows


class Sheet:
    def __init__(self, name, cells=None):
        self.name, self.cells, self.active = name, cells, False

    def clear_contents(self):
        self.cells = None

    def __getitem__(self, address):
        return Range(self, None, address)

    def activate(self):
        self.active = True


class Sheets(list):
    def __getitem__(self, key):
        return next(s for s in self if s.name == key) if isinstance(key, str) else list.__getitem__(self, key)

    def add(self, name):
        self.append(Sheet(name))
        return self[-1]


class Workbook:
    def __init__(self, grid):
        self.sheets = Sheets([Sheet("Crosstable", grid)])
        self.selection = Range(self.sheets[0], grid[0][0], "A1")     # the top-left cell


scripts = sorted(n for n, v in vars(main).items() if hasattr(v, "__xlscript__"))
clicks = []
if calls and scripts:
    workbook = Workbook(calls[0][1][0])
    click = getattr(main, scripts[0])
    for rules in ("fide-2024", "fide-2026"):   # twice: the second click replaces the sheet's content
        if inspect.iscoroutinefunction(click):   # the real xlwings' wrapper: (current user, book, ...)
            asyncio.run(click(None, workbook, rules))
        else:
            click(workbook, rules)
        clicks.append({"sheets": [s.name for s in workbook.sheets], "written": workbook.sheets[-1].cells,
                       "active": workbook.sheets[-1].active})

with open("result.json", "w", encoding="utf-8") as f:
    json.dump({
        "python": sys.version.split()[0],
        "platform": sys.platform,
        "tbxl_installed_before": installed,
        "tbxl_origin": tbxl.__spec__.origin,
        "registered": sorted(n for n, v in vars(main).items() if hasattr(v, "__xlfunc__")),
        "scripts": scripts,
        "clicks": clicks,
        "results": results,
    }, f, ensure_ascii=False)
