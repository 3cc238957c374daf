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


def _answer(work, options: dict | None = None) -> str:
    """JSON text of ``{"ok": result, "warnings": [...]}`` or ``{"error": line, "plain": sentence}``
    (:func:`plain`: what the line means for the user's files, in the page's language)."""
    try:
        result, warnings = work()
    except Failure as failure:
        return _failed(str(failure), options)
    except Exception as err:  # a bug of the glue, not the user's: still one line, no traceback
        return _failed(f"tbxl: internal error: {type(err).__name__}: {err}", options)
    return json.dumps({"ok": result, "warnings": warnings})


def _failed(line: str, options: dict | None) -> str:
    o = options or {}
    names = o.get("names") or {}
    # the tbxl.toml is written into HOME under that name: the user knows it by its own
    mine = names.get("config") or "tbxl.toml"
    line = line.replace(f"{HOME}/tbxl.toml", mine).replace(" tbxl.toml:", f" {mine}:")
    return json.dumps({"error": line, "plain": plain(line, o)})


def plain(line: str, options: dict) -> str:
    """The CLI's error ``line`` in plain words for the page: which of the user's files (by its
    own name) or which choice is at fault, and what to do; the line itself stays beside it (it
    says where). A file with no tournament in it is said to be none (a random text can fail on
    some line of its own, which says nothing useful)."""
    from tbxl.report.labels import labels

    lang = options.get("lang") or "en"
    try:
        W = {**labels("en")["web"], **labels(lang).get("web", {})}
    except Exception:  # a language that is none: the words in English
        W = labels("en")["web"]
    names = options.get("names") or {}
    text = line.split("error: ", 1)[1] if "error: " in line else line
    event = names.get("event", "")
    config = names.get("config") or "tbxl.toml"
    bulletin = names.get("bulletin", "")
    if " internal error: " in f" {line}":
        return W["err_internal"]
    if text.startswith((f"{config}:", f"{config} ")):
        return W["err_config"].format(file=config)
    if bulletin and text.startswith((f"{bulletin}:", f"{bulletin} ")):
        return W["err_bulletin"].format(file=bulletin)
    if event and text.startswith((f"{event}:", f"{event} ")):
        shown = event.removeprefix("./")
        if _no_tournament(event, text):
            return W["err_not_event"].format(file=shown)
        return W["err_in_event"].format(file=shown)
    return W["err_choice"]


def _no_tournament(event: str, text: str) -> bool:
    """Does the event's file hold no tournament at all (a text file with no player record, a
    file that is no workbook)? Then its first complaint, on whatever line, is beside the point."""
    if "not a tournament file" in text or "not a readable" in text:
        return True
    if os.path.splitext(event)[1].lower() in (".xlsx", ".xlsm"):
        return False
    try:
        with open(os.path.join(HOME, event.removeprefix("./")), "rb") as f:
            head = f.read(4 << 20)
    except OSError:
        return False
    return not any(line.lstrip(b"\xef\xbb\xbf").startswith(b"001 ") for line in head.splitlines())


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


def _ranked(name: str, options: dict, work):
    """``work(standings, options, config)`` on the event ``name`` ranked as ``tbxl compute`` ranks
    it (:func:`tbxl.cli.commands.compute`: the page's options, then the ``tbxl.toml`` beside the
    input), with the input's warnings as the CLI says them: (its result, warning lines); a failure
    raises :class:`Failure` with the CLI's line."""
    import tbxl
    from tbxl import config
    from tbxl.io.load import sniff

    os.chdir(HOME)
    # as the CLI does (tbxl.cli.main): the collector paused, the input's warnings collected and counted
    with collector_paused(), input_warnings() as said:
        try:
            path = config.find(name)
            cfg = config.load(path) if path else config.Config()
            o = config.options(
                {
                    "rules": options.get("rules"),
                    "tiebreaks": options.get("tiebreaks"),
                    "categories": options.get("categories") or [],
                    "prizes": [options["prizes"]] if options.get("prizes") else [],
                },
                cfg,
            )
            st = o.rank(o.cut(tbxl.read(name, kind=sniff(name).kind), name))
            notes = [f"tbxl: note: {visible(str(n))}" for n in st.notes]  # as compute says them (expelled, list change)
            result = work(st, o, cfg)
        except (TbxlError, OSError) as err:  # the CLI's line: an input or a usage error, a file refused
            raise Failure(f"tbxl: {visible(f'error: {error_text(err)}')}") from None
    return result, [f"tbxl: {visible(line)}" for line in warning_lines(said)] + notes


def _standings(name: str, options: dict, form: str) -> tuple[str, list[str]]:
    """The standings of ``name`` in ``form`` (``json`` or ``csv``) as ``tbxl compute`` composes
    them, with the input's warnings as the CLI says them."""
    import tbxl

    def work(st, o, cfg):
        changes = o.rating_changes(st)
        return (tbxl.json_document if form == "json" else tbxl.csv_document)(st, o.classification(st), changes)

    return _ranked(name, options, work)


# -- the adapters: one per output ----------------------------------------------------------------


def json_document(name: str, options_json: str = "{}") -> str:
    """:func:`tbxl.json_document` of the event (with the options): ``tbxl compute NAME --format
    json``'s document, parsed."""
    o = _opts(options_json)
    try:
        text, warnings = _standings(name, o, "json")
    except Failure as failure:
        return _failed(str(failure), o)
    except Exception as err:  # a bug, not the user's: still one line, no traceback (as _answer)
        return _failed(f"tbxl: internal error: {type(err).__name__}: {err}", o)
    # the API's document as it is, not parsed and written again (2,000 players: a second saved)
    return f'{{"ok": {text.strip()}, "warnings": {json.dumps(warnings)}}}'


def _download(name: str, options_json: str, form: str):
    text, warnings = _standings(name, _opts(options_json), form)
    return base64.b64encode(text.encode("utf-8")).decode("ascii"), warnings


def csv_text(name: str, options_json: str = "{}") -> str:
    """:func:`tbxl.csv_document`: the file ``tbxl compute NAME -o standings.csv`` writes (base64)."""
    return _answer(lambda: _download(name, options_json, "csv"), _opts(options_json))


def json_text(name: str, options_json: str = "{}") -> str:
    """:func:`tbxl.json_document`: the file ``tbxl compute NAME -o standings.json`` writes (the
    download, base64)."""
    return _answer(lambda: _download(name, options_json, "json"), _opts(options_json))


def trf_text(name: str, options_json: str = "{}") -> str:
    """``tbxl compute NAME -o rating.trf``: the TRF-16 for rating, with the computed points and ranks."""
    path = f"{OUT}/rating.trf"
    return _answer(
        lambda: _file(["compute", name, "-o", path, *_options("compute", _opts(options_json))], path),
        _opts(options_json),
    )


def explain_text(name: str, number: int, team: bool, options_json: str = "{}") -> str:
    """``tbxl explain NAME --player N`` (``--team N`` on a team event): the derivation's text."""
    who = ["--team" if team else "--player", str(int(number))]
    o = {k: v for k, v in _opts(options_json).items() if k != "lang"}  # the text is English
    return _answer(lambda: _run(["explain", name, *who, *_options("explain", o)]), _opts(options_json))


def report_html(name: str, options_json: str = "{}", pages: str = "") -> str:
    """``tbxl report NAME -o report.html [--pages LIST]``: the printout's (or the posted pages') HTML."""
    path = f"{OUT}/report.html"
    extra = ["--pages", pages] if pages else []
    o = _opts(options_json)
    return _answer(
        lambda: _file(["report", name, "-o", path, *extra, *_options("report", o)], path, binary=False),
        _opts(options_json),
    )


def audit_text(name: str, bulletin: str, options_json: str = "{}") -> str:
    """``tbxl audit NAME --published BULLETIN``: the audit's text (exit 1, differences found, is an answer)."""
    o = _opts(options_json)
    return _answer(
        lambda: _run(["audit", name, "--published", bulletin, *_options("audit", o)], ok_codes=(0, 1)),
        _opts(options_json),
    )


def compare_text(name: str, rule_sets: str, options_json: str = "{}") -> str:
    """``tbxl compare NAME --rules A,B``: the standings under the rule sets side by side."""
    o = {k: v for k, v in _opts(options_json).items() if k not in ("lang", "rules")}
    return _answer(lambda: _run(["compare", name, "--rules", rule_sets, *_options("compare", o)]), _opts(options_json))


#: The docs' page of the rules and decisions, where an article reference in a derivation leads.
RULES_PAGE = "https://tbxl.github.io/tbxl/reference/rules/"


def _term_rows(d) -> list[dict]:
    """The term rows of a derivation (:class:`~tbxl.report.text.TermRow`) with the article split
    off the reason (the report appends it as `` [16.5]``), for its link."""
    import re

    rows = []
    for t in d.terms:
        found = re.fullmatch(r"(.*) \[([^\[\]]+)\]", t.reason, re.S)
        reason, article = (found.group(1), found.group(2)) if found else (t.reason, "")
        rows.append({"cells": t.cells, "reason": reason, "article": article, "cut": t.cut})
    return rows


def derivation_html(name: str, number: int, options_json: str = "{}") -> str:
    """The derivation of player (team) ``number``'s values as the page shows it
    (``templates/web-derivation.html.j2``: the report's view models and macros):
    ``{"html": fragment, "name": who}``, in the chosen language (else the tbxl.toml's, else English)."""
    o = _opts(options_json)

    def work(st, options, cfg):
        from tbxl.report.labels import labels
        from tbxl.report.templating import environment
        from tbxl.report.text import Fmt
        from tbxl.report.views import build_view
        from tbxl.report.views.pages import cards
        from tbxl.report.views.team import TeamReport
        from tbxl.report.views.team_appeal import TeamAppeal

        lang = o.get("lang") or cfg.values.get("lang") or "en"
        view = build_view(st, lang=lang, appeal=int(number))
        if isinstance(view, TeamAppeal):
            # a team appeal derives only the tie-breaks that decided its ties: the page shows every
            # value of the team, as the team report's block of that team does
            view = build_view(st, lang=lang, derivations="all", players=[int(number)])
        L = view.L
        team = isinstance(view, TeamReport)
        T = view.T if team else None
        b = (view.teams if team else view.players)[0]
        card = None if team else next(c for c in cards(st, Fmt(bool(L["decimal_comma"])), L) if c.sn == b.sn)
        heads = [L["col_round"], L["col_opponent"], L["col_result"], L["col_real"], L["col_used"], L["col_adds"]]
        width = max((len(t.cells) for d in b.derivations for t in d.terms), default=len(heads))
        heads = (heads + [""] * width)[:width]  # a term of more cells than these heads: a head left empty
        html = (
            environment()
            .get_template("web-derivation.html.j2")
            .render(
                b=b,
                L=L,
                T=T,
                W={**labels("en")["web"], **L.get("web", {})},
                primary=getattr(view, "primary", ""),
                card=card,
                colour_names={L["colour_letters"][k]: v for k, v in L["colour_names"].items()},
                boards=[br for br in view.boards if br.no == b.sn] if team else [],
                derivations=[(d, _term_rows(d)) for d in b.derivations],
                heads=heads,
                grid=f"2.6em minmax(5em, 1fr) 4.2em repeat({width - 3}, 3.2em)",  # the same columns on every row
                who=T["team"] if T else L["de_player"],
                game=T["kind"] if T else None,
                rules_page=RULES_PAGE,
                ties=None if team else view.ties,
            )
        )
        return {"html": html, "name": b.name}

    return _answer(lambda: _ranked(name, o, work), _opts(options_json))


def tiebreak_names(codes_json: str, lang: str = "en", team: bool = False) -> str:
    """Each tie-break code's meaning in ``lang`` as the reports say it (meaning, article,
    modifiers; a team event's codes and primary score by the team report's words); a code without
    one is left out (the table shows the code alone)."""
    from tbxl.report.labels import team_labels
    from tbxl.report.views.frame import definition
    from tbxl.report.views.team_frame import team_definition

    def work():
        L = team_labels(lang or "en")
        names = {}
        for code in json.loads(codes_json):
            try:
                names[code] = (team_definition if team else definition)(code, L)
            except (TbxlError, ValueError, KeyError):
                continue
        return names, []

    return _answer(work)


def web_labels(lang: str = "en") -> str:
    """The page's words in ``lang`` (the ``web`` section of the report's label files, English where
    a key is missing) with the rule sets' titles and the prize sharings in that language (a title
    the labels lack: the rule set's own, English, as the reports do)."""
    from tbxl.report.labels import labels
    from tbxl.rules import PRESETS

    def work():
        en, L = labels("en"), labels(lang or "en")
        titles = {c.name: c.title for c in PRESETS.values()}
        return {
            "web": {**en["web"], **L.get("web", {})},
            "conventions": {**titles, **{k: v["title"] for k, v in L.get("conventions", {}).items()}},
            "prize_sharing": L["prize_sharing"],
        }, []

    return _answer(work)


def audit_html(name: str, bulletin: str, options_json: str = "{}") -> str:
    """``tbxl audit NAME --published BULLETIN -o audit.html``: the audit report's page, in the
    language chosen (what the page shows; the text of :func:`audit_text` is its download)."""
    path = f"{OUT}/audit.html"
    o = _opts(options_json)
    argv = ["audit", name, "--published", bulletin, "-o", path, *_options("audit", o)]
    return _answer(lambda: _file(argv, path, ok_codes=(0, 1), binary=False), o)


def compare_html(name: str, rule_sets: str, options_json: str = "{}") -> str:
    """``tbxl compare NAME --rules A,B -o compare.html``: the comparison report's page, in the
    language chosen, the rule sets by their names (the text of :func:`compare_text` is its download)."""
    path = f"{OUT}/compare.html"
    o = {k: v for k, v in _opts(options_json).items() if k != "rules"}
    argv = ["compare", name, "--rules", rule_sets, "-o", path, *_options("compare", o)]
    return _answer(lambda: _file(argv, path, binary=False), _opts(options_json))


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
