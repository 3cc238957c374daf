"""Run in the folder of a generated main.py (by tests/test_lite.py and tests/test_excel_xlwings.py, in
Pyodide or in CPython), with the real xlwings: register main.py as xlwings Lite does
(``custom_functions_meta``, ``custom_scripts_meta``), call its functions through xlwings' Office.js
call path (``custom_functions_call``: every argument a 2-D matrix, as Excel sends it) as calls.json
lists them, click its script button (``custom_scripts_call``) on the workbooks of clicks.json (the
Office.js payload xlwings builds a Book from), and write what came back to result.json (an
exception as its type and message). ``run()`` is a coroutine: Pyodide's loop is already running
(install.py awaits it), CPython runs it with asyncio."""

import asyncio
import importlib.util
import json
import os
import sys

os.environ["XLWINGS_ON_SERVER"] = "true"  # as xlwings Lite sets it: the Office.js decorators
os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")  # xlwings Lite has its own
installed = importlib.util.find_spec("tbxl") is not None


async def run():
    import main
    import xlwings as xw
    from xlwings.server import custom_functions_call, custom_functions_meta, custom_scripts_call, custom_scripts_meta

    import tbxl  # the copy main.py carries, or the installed one

    with open("calls.json", encoding="utf-8") as f:
        calls = json.load(f)
    with open("clicks.json", encoding="utf-8") as f:
        clicks = json.load(f)
    meta = custom_functions_meta(main)
    results = []
    for function, args in calls:
        data = {
            "func_name": function,
            "args": args,
            "version": xw.__version__,
            "client": "Office.js",
            "runtime": "1.4",
            "culture_info_name": "en-US",
            "date_format": "m/d/yyyy",
        }
        try:
            results.append({"value": await custom_functions_call(data, main)})
        except Exception as err:  # the message is what Excel shows: it must be the same
            results.append({"error": type(err).__name__, "message": str(err)})
    scripts = custom_scripts_meta(main)
    clicked = []
    for book_json, args in clicks:
        book = xw.Book(json=book_json)
        try:
            done = await custom_scripts_call(
                main, scripts[0]["function_name"], typehint_to_value={xw.Book: book}, args=args
            )
            clicked.append({"actions": [{k: a[k] for k in ("func", "args", "values")} for a in done.json()["actions"]]})
        except Exception as err:
            clicked.append({"error": type(err).__name__, "message": str(err)})

    with open("result.json", "w", encoding="utf-8") as f:
        json.dump(
            {
                "python": sys.version.split()[0],
                "platform": sys.platform,
                "xlwings": xw.__version__,
                "tbxl_installed_before": installed,
                "tbxl_origin": tbxl.__spec__.origin,
                "functions": {
                    m["name"]: {p["name"]: p.get("customEnumId") for p in m["parameters"]} for m in meta["functions"]
                },
                "enums": {e["id"]: [v["stringValue"] for v in e["values"]] for e in meta.get("enums", [])},
                "scripts": [s["name"] for s in scripts],
                "results": results,
                "clicks": clicked,
            },
            f,
            ensure_ascii=False,
        )


if __name__ == "__main__" and sys.platform != "emscripten":
    sys.path.insert(0, os.getcwd())
    asyncio.run(run())
