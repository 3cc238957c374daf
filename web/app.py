"""The web app's Python: what app.js calls in Pyodide, one small adapter per output.

The page has no engine of its own (issue 27, item 4): every answer is tbxl's. The standings (the
JSON document the page shows, its JSON and CSV downloads) are the Python API's calls, the same
that ``tbxl compute`` composes (:mod:`tbxl.cli.commands`): the event read
(:func:`tbxl.io.load.load`), the options of the page merged with the ``tbxl.toml`` beside the input
(:func:`tbxl.config.options`), :meth:`~tbxl.projection.Options.rank`, the rating changes and the
classification, then :func:`tbxl.json_document` or :func:`tbxl.csv_document`: byte for byte what
``tbxl compute FILE --format json`` (``-o standings.csv``) writes with the same options. The other
adapters (the TRF for rating, explain, the report's HTML, the workbook, lite, audit, compare) still
run the CLI itself in-process (:func:`tbxl.cli.main`) on the files the page wrote into Pyodide's
virtual file system, so what they give is what ``tbxl`` writes, by construction. Switching one of
them to the API is a change of its body only: app.js sees the same functions, arguments and results.

Every adapter returns JSON text: ``{"ok": ...}`` with its result, or ``{"error": LINE}`` with the
CLI's one-line message (what ``tbxl`` prints on standard error: ``tbxl: error: event.trf:12:5:
...``), never a traceback. Input warnings come back in ``"warnings"``, as the CLI says them.

The event's files live in :data:`HOME` (the input under its own name, then ``bulletin.*`` and
``tbxl.toml`` when the page was given them): the ``tbxl.toml`` beside the input is read as the
CLI reads it on a disk, and the input is named in messages as on a disk (``event.trf:12:5``).
"""

from __future__ import annotations

import base64
import contextlib
import io
import json
import os
import shutil

from tbxl.cli import main as cli
from tbxl.errors import TbxlError, error_text, input_warnings, warning_lines
from tbxl.formatting import visible
from tbxl.limits import collector_paused

#: The folder of the event's files in Pyodide's virtual file system (the CLI's working directory).
HOME = "/event"
#: What the adapters write, in a folder of its own (the CLI refuses an output over an input).
OUT = "/out"


# -- the event's files ---------------------------------------------------------------------------


def reset() -> None:
    """An empty :data:`HOME` (a new event: no file of the last one stays, no stale tbxl.toml);
    app.js then writes the event's files into it (``pyodide.FS.writeFile``)."""
    os.chdir("/")  # not inside the folder it removes
    for folder in (HOME, OUT):
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
    os.chdir(HOME)


# -- the one runner and the options --------------------------------------------------------------


def _run(argv: list[str], ok_codes=(0,)) -> tuple[str, list[str]]:
    """``tbxl ARGV`` in-process: (standard output, warning lines); a failure raises
    :class:`Failure` with the CLI's last line on standard error."""
    out, err = io.StringIO(), io.StringIO()
    os.chdir(HOME)
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli(argv)
        except SystemExit as stop:  # argparse: a usage error (2) or --help/--version (0)
            code = stop.code if isinstance(stop.code, int) else 2
    lines = [line for line in err.getvalue().splitlines() if line.strip()]
    if code not in ok_codes or (code and any(" error: " in f" {line}" for line in lines)):
        raise Failure(lines[-1] if lines else f"tbxl {argv[0]}: exit code {code}")
    return out.getvalue(), [line for line in lines if "warning:" in line]


class Failure(Exception):
    """A command that did not succeed; its text is the CLI's one-line message."""


def _options(command: str, options: dict) -> list[str]:
    """The CLI options of the page's choices (keys as the JSON of app.js names them)."""
    argv: list[str] = []
    if options.get("rules"):
        argv += ["--rules", options["rules"]]
    if options.get("tiebreaks"):
        argv += ["--tiebreaks", options["tiebreaks"]]
    if options.get("lang") and command in ("report", "explain", "audit", "compare"):
        argv += ["--lang", options["lang"]]
    if command in ("compute", "report"):
        for category in options.get("categories") or []:
            argv += ["--category", category]
        if options.get("prizes"):
            argv += ["--prizes", options["prizes"]]
    return argv


def _answer(work) -> str:
    """JSON text of ``{"ok": result, "warnings": [...]}`` or ``{"error": line}``."""
    try:
        result, warnings = work()
    except Failure as failure:
        return json.dumps({"error": str(failure)})
    except Exception as err:  # a bug of the glue, not the user's: still one line, no traceback
        return json.dumps({"error": f"tbxl: internal error: {type(err).__name__}: {err}"})
    return json.dumps({"ok": result, "warnings": warnings})


def _file(argv: list[str], path: str, *, ok_codes=(0,), binary=True):
    """Run ``argv`` (which writes ``path``) and read what it wrote: its bytes as base64 text (a
    download, kept byte for byte), or its text (``binary=False``: a page to show)."""
    if os.path.exists(path):
        os.remove(path)
    _, warnings = _run(argv, ok_codes)
    with open(path, "rb") as f:
        data = f.read()
    return (base64.b64encode(data).decode("ascii") if binary else data.decode("utf-8")), warnings


def _opts(options_json: str) -> dict:
    return json.loads(options_json or "{}")


# -- the standings by the Python API -------------------------------------------------------------


def _standings(name: str, options: dict, form: str) -> tuple[str, list[str]]:
    """The standings of ``name`` in ``form`` (``json`` or ``csv``) as ``tbxl compute`` composes
    them (:func:`tbxl.cli.commands.compute`), with the input's warnings as the CLI says them; a
    failure raises :class:`Failure` with the CLI's line."""
    import tbxl
    from tbxl import config
    from tbxl.io.load import sniff

    os.chdir(HOME)
    # as the CLI does (tbxl.cli.main): the collector paused, the input's warnings collected and counted
    with collector_paused(), input_warnings() as said:
        try:
            path = config.find(name)
            o = config.options(
                {
                    "rules": options.get("rules"),
                    "tiebreaks": options.get("tiebreaks"),
                    "categories": options.get("categories") or [],
                    "prizes": [options["prizes"]] if options.get("prizes") else [],
                },
                config.load(path) if path else config.Config(),
            )
            st = o.rank(o.cut(tbxl.read(name, kind=sniff(name).kind), name))
            notes = [f"tbxl: note: {visible(str(n))}" for n in st.notes]  # as compute says them (expelled, list change)
            changes = o.rating_changes(st)
            document = (tbxl.json_document if form == "json" else tbxl.csv_document)(st, o.classification(st), changes)
        except (TbxlError, OSError) as err:  # the CLI's line: an input or a usage error, a file refused
            raise Failure(f"tbxl: {visible(f'error: {error_text(err)}')}") from None
    return document, [f"tbxl: {visible(line)}" for line in warning_lines(said)] + notes


# -- the adapters: one per output ----------------------------------------------------------------


def json_document(name: str, options_json: str = "{}") -> str:
    """:func:`tbxl.json_document` of the event (with the options): ``tbxl compute NAME --format
    json``'s document, parsed."""
    try:
        text, warnings = _standings(name, _opts(options_json), "json")
    except Failure as failure:
        return json.dumps({"error": str(failure)})
    except Exception as err:  # a bug, not the user's: still one line, no traceback (as _answer)
        return json.dumps({"error": f"tbxl: internal error: {type(err).__name__}: {err}"})
    # the API's document as it is, not parsed and written again (2,000 players: a second saved)
    return f'{{"ok": {text.strip()}, "warnings": {json.dumps(warnings)}}}'


def _download(name: str, options_json: str, form: str):
    text, warnings = _standings(name, _opts(options_json), form)
    return base64.b64encode(text.encode("utf-8")).decode("ascii"), warnings


def csv_text(name: str, options_json: str = "{}") -> str:
    """:func:`tbxl.csv_document`: the file ``tbxl compute NAME -o standings.csv`` writes (base64)."""
    return _answer(lambda: _download(name, options_json, "csv"))


def json_text(name: str, options_json: str = "{}") -> str:
    """:func:`tbxl.json_document`: the file ``tbxl compute NAME -o standings.json`` writes (the
    download, base64)."""
    return _answer(lambda: _download(name, options_json, "json"))


def trf_text(name: str, options_json: str = "{}") -> str:
    """``tbxl compute NAME -o rating.trf``: the TRF-16 for rating, with the computed points and ranks."""
    path = f"{OUT}/rating.trf"
    return _answer(lambda: _file(["compute", name, "-o", path, *_options("compute", _opts(options_json))], path))


def explain_text(name: str, number: int, team: bool, options_json: str = "{}") -> str:
    """``tbxl explain NAME --player N`` (``--team N`` on a team event): the derivation's text."""
    who = ["--team" if team else "--player", str(int(number))]
    o = {k: v for k, v in _opts(options_json).items() if k != "lang"}  # the text is English
    return _answer(lambda: _run(["explain", name, *who, *_options("explain", o)]))


def report_html(name: str, options_json: str = "{}", pages: str = "") -> str:
    """``tbxl report NAME -o report.html [--pages LIST]``: the printout's (or the posted pages') HTML."""
    path = f"{OUT}/report.html"
    extra = ["--pages", pages] if pages else []
    o = _opts(options_json)
    return _answer(lambda: _file(["report", name, "-o", path, *extra, *_options("report", o)], path, binary=False))


def audit_text(name: str, bulletin: str, options_json: str = "{}") -> str:
    """``tbxl audit NAME --published BULLETIN``: the audit's text (exit 1, differences found, is an answer)."""
    o = _opts(options_json)
    return _answer(lambda: _run(["audit", name, "--published", bulletin, *_options("audit", o)], ok_codes=(0, 1)))


def compare_text(name: str, rule_sets: str, options_json: str = "{}") -> str:
    """``tbxl compare NAME --rules A,B``: the standings under the rule sets side by side."""
    o = {k: v for k, v in _opts(options_json).items() if k not in ("lang", "rules")}
    return _answer(lambda: _run(["compare", name, "--rules", rule_sets, *_options("compare", o)]))


def workbook_bytes(name: str, options_json: str = "{}") -> str:
    """``tbxl workbook NAME -o STEM.xlsx``: the workbook with its formulas (base64); named as the
    page's download is (the Help sheet names the file)."""
    path = f"{OUT}/{os.path.splitext(os.path.basename(name))[0]}.xlsx"
    o = _opts(options_json)
    argv = (
        ["workbook", name, "-o", path]
        + (["--rules", o["rules"]] if o.get("rules") else [])
        + (["--tiebreaks", o["tiebreaks"]] if o.get("tiebreaks") else [])
    )
    return _answer(lambda: _file(argv, path))


def lite_files() -> str:
    """``tbxl lite --standalone -o lite``: {"main.py": base64, "requirements.txt": base64}."""

    def work():
        folder = f"{OUT}/lite"
        shutil.rmtree(folder, ignore_errors=True)
        _, warnings = _run(["lite", "--standalone", "-o", folder])
        files = {}
        for file in ("main.py", "requirements.txt"):
            with open(f"{folder}/{file}", "rb") as f:
                files[file] = base64.b64encode(f.read()).decode("ascii")
        return files, warnings

    return _answer(work)


def rule_sets() -> str:
    """``tbxl rules``: the names of the rule sets, for the page's list."""
    from tbxl.rules import PRESETS

    return json.dumps({"ok": [[c.name, c.title] for c in PRESETS.values()], "warnings": []})


# Emscripten's file system starts with a umask of 0o777, so tbxl's atomic writes (0o666 less the
# umask) would make files nobody may read: the usual umask of a desktop.
os.umask(0o022)
reset()
