"""``tbxl lite``: the two files of the xlwings Lite editor, for Excel on Mac, Windows and the web.

xlwings Lite runs ``main.py`` in Pyodide (Python in the browser) and installs what
``requirements.txt`` lists from PyPI: "Pyodide first checks PyPI for a compatible wheel ... it
needs to be a pure Python package" (xlwings Lite, Python Dependencies), and tbxl's core is one.
So, the documented way, :func:`main_py` writes a short ``main.py``: the Excel functions, each a
few lines that call :mod:`tbxl.excel`, with the rules and the layout as ``typing.Literal``
arguments (a dropdown in Excel, xlwings 0.35.3 and later), and a script button that writes the
standings sheet; :func:`requirements_txt` pins ``tbxl==`` this version next to xlwings.

For machines that cannot reach PyPI, :func:`standalone_main_py` (``tbxl lite --standalone``)
writes the same functions after the source text of :mod:`tbxl.excel` and of every tbxl module it
imports (the pure-Python core: standard library only), read from the installed package and made
importable by :class:`tbxl.lite.embed.EmbeddedModules`; its ``requirements.txt`` names only
xlwings.

>>> modules = core_modules()
>>> [m for m in ("tbxl", "tbxl.excel", "tbxl.tiebreaks.buchholz") if m in modules]
['tbxl', 'tbxl.excel', 'tbxl.tiebreaks.buchholz']
>>> [m for m in ("tbxl.cli", "tbxl.report", "tbxl.io.workbook", "tbxl.io.trf") if m in modules]
[]
>>> requirements_txt().splitlines()[-2:] == [LITE_XLWINGS, f"tbxl=={__version__}"]
True
>>> print(requirements_txt(standalone=True).splitlines()[-1])
xlwings>=0.35.3
"""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import inspect
import sys
from pathlib import Path
from typing import Iterable, Sequence

from tbxl import __version__
from tbxl.lite import embed
from tbxl.errors import InputError, TbxlError
from tbxl.io.files import PathLike, write_atomic

#: The module whose functions main.py exposes.
ENTRY = "tbxl.excel"

#: Packages main.py may import besides the standard library: xlwings Lite installs xlwings.
PROVIDED = ("xlwings",)

MAIN = "main.py"
REQUIREMENTS = "requirements.txt"


class NotPure(TbxlError):
    """A module main.py would carry imports a package that xlwings Lite cannot be assumed to have."""


# ---------------------------------------------------------------------------------------------
# The modules
# ---------------------------------------------------------------------------------------------

def _spec(name: str):
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise NotPure(f"cannot find the module {name}")
    return spec


def _import_time_imports(tree: ast.Module) -> Iterable[ast.stmt]:
    """The import statements that run when the module is imported: at module level, in ``if``,
    ``try`` and ``with`` blocks and class bodies, not in functions (those run only when called:
    e.g. openpyxl for a workbook, never reached from the Excel functions)."""
    stack: list[ast.AST] = list(tree.body)
    while stack:
        node = stack.pop(0)
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        else:
            stack.extend(c for c in ast.iter_child_nodes(node) if isinstance(c, ast.stmt)
                         or isinstance(c, ast.excepthandler))


def _resolve(name: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    parts = name.split(".") if is_package else name.split(".")[:-1]
    base = parts[: len(parts) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _is_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def core_modules(entry: str = ENTRY) -> dict[str, tuple[bool, str]]:
    """``{name: (is_package, source)}`` of ``entry``, the tbxl modules it imports when imported
    (transitively) and their packages, in import-graph order from ``entry``; :class:`NotPure` if
    one of them imports at import time anything but the standard library and :data:`PROVIDED`."""
    root = entry.partition(".")[0]
    found: dict[str, tuple[bool, str]] = {}
    queue = [entry]
    while queue:
        name = queue.pop(0)
        if name in found:
            continue
        spec = _spec(name)
        is_package = spec.submodule_search_locations is not None
        source = spec.loader.get_source(name)
        if source is None:
            raise NotPure(f"{name} has no source text to carry ({spec.origin})")
        found[name] = (is_package, source)
        parent = name.rpartition(".")[0]
        if parent:
            queue.append(parent)
        where = spec.origin or name
        for node in _import_time_imports(ast.parse(source, filename=where)):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                module = _resolve(name, is_package, node)
                targets = [module] + [f"{module}.{a.name}" for a in node.names
                                      if module.partition(".")[0] == root and _is_module(f"{module}.{a.name}")]
            for target in targets:
                top = target.partition(".")[0]
                if top == root:
                    queue.append(target)
                elif top != "__future__" and top not in sys.stdlib_module_names and top not in PROVIDED:
                    raise NotPure(f"{where}:{node.lineno}: {name} imports {target}, which is neither in "
                                  f"Python's standard library nor provided by xlwings Lite, so main.py "
                                  "cannot carry it")
    return found


# ---------------------------------------------------------------------------------------------
# The files
# ---------------------------------------------------------------------------------------------

def _functions() -> list[str]:
    from tbxl.excel import OFFICE_JS_FUNCTIONS, TEAM_FUNCTIONS
    return list(OFFICE_JS_FUNCTIONS) + list(TEAM_FUNCTIONS)


#: Modules imported on first use rather than at import time, which main.py carries too: the team
#: core the team functions of tbxl.excel import when first called (C.07 Arts 11-13), and the grid package's readers and writers, which
#: ``tbxl.io.grid`` imports when one of its names is first asked for (its ``_HOMES``).
EXTRA_ENTRIES = ("tbxl.io.grid.team", "tbxl.standings", "tbxl.io.grid.read", "tbxl.io.grid.write")


def carried_modules() -> dict[str, tuple[bool, str]]:
    """The modules main.py carries: :func:`core_modules` of :data:`ENTRY`, then those of
    :data:`EXTRA_ENTRIES` not already there."""
    modules = core_modules()
    for entry in EXTRA_ENTRIES:
        for name, module in core_modules(entry).items():
            modules.setdefault(name, module)
    return modules


def _literal(source: str, indent: str) -> str:
    """``source`` as a Python expression: one string literal per line, in parentheses, so the
    code stays readable (and searchable) in the editor."""
    lines = source.splitlines(keepends=True) or [""]
    return "(\n" + "".join(f"{indent}{line!r}\n" for line in lines) + indent[:-4] + ")"


def _loader_source() -> str:
    """The source of :mod:`tbxl.lite.embed`, without its docstring's examples (they import ``demo``)."""
    source = inspect.getsource(embed)
    tree = ast.parse(source)
    doc = tree.body[0]
    assert isinstance(doc, ast.Expr) and isinstance(doc.value, ast.Constant)
    lines = source.splitlines(keepends=True)
    return "".join(lines[doc.end_lineno:]).lstrip("\n")


# ---------------------------------------------------------------------------------------------
# The functions of main.py
# ---------------------------------------------------------------------------------------------

#: The xlwings of requirements.txt: 0.35.3 is the first release whose Office.js functions show a
#: ``typing.Literal`` argument as a dropdown (xlwings changelog: "Support typing.Literal for custom
#: functions args").
LITE_XLWINGS = "xlwings>=0.35.3"

#: The sheet the script button writes the standings to (made when missing, replaced when there).
STANDINGS_SHEET = "Standings (tbxl)"

#: The script button's name in xlwings Lite's task pane.
SCRIPT_NAME = "Write the standings sheet"


def rules_choices() -> tuple[str, ...]:
    """The rules dropdown: the presets' names (any other name or alias may still be typed)."""
    from tbxl.rules import PRESETS
    return tuple(PRESETS)


def layout_choices() -> tuple[str, ...]:
    """The layout dropdown: each layout, each pairing system, and a Swiss layout read as a round robin."""
    from tbxl.excel.arguments import PAIRINGS
    from tbxl.io.grid.cells import LAYOUTS
    pairings = tuple(dict.fromkeys(PAIRINGS.values()))
    return LAYOUTS + pairings + tuple(f"{lay} round-robin" for lay in LAYOUTS if lay != "matrix")


#: The arguments typed as a dropdown, by name: the name of their ``Literal`` type in main.py.
_DROPDOWNS = {"rules": "Rules", "layout": "Layout"}


def _function_source(name: str) -> str:
    """One function of main.py: xlwings' decorators with the catalogue's help, the signature of
    :mod:`tbxl.excel`'s function (rules and layout typed as dropdowns), a call of it."""
    from tbxl import excel
    from tbxl.catalogue import BY_NAME
    entry = BY_NAME[name]
    lines = ["@func"]
    for a in entry.arguments:
        lines.append(f"@arg({a.name!r}, {'ndim=2, ' if a.range else ''}doc={a.help!r})")
    params, names = [], []
    for p in inspect.signature(getattr(excel, name)).parameters.values():
        hint = _DROPDOWNS.get(p.name)
        default = "" if p.default is inspect.Parameter.empty else repr(p.default)
        if hint:
            params.append(f"{p.name}: {hint}" + (f" = {default}" if default else ""))
        else:
            params.append(p.name + (f"={default}" if default else ""))
        names.append(p.name)
    lines.append(f"def {name}({', '.join(params)}):")
    lines.append(f"    {entry.help!r}")
    lines.append(f"    return tbxl_excel.{name}({', '.join(names)})")
    return "\n".join(lines)


def _usage() -> str:
    """One line per function: its Excel call (optional arguments in brackets) and what it gives."""
    from tbxl.catalogue import BY_NAME
    return "\n".join(f"- `={BY_NAME[n].signature}`: {BY_NAME[n].help}"
                     for n in _functions())


def _docstring(standalone: bool) -> str:
    """main.py's docstring: xlwings Lite's App Mode shows it as Markdown above the script button."""
    how = ("It carries tbxl's pure-Python core inside (no package but xlwings is installed), for machines "
           "that cannot reach PyPI; `tbxl lite` without `--standalone` writes the short form."
           if standalone else
           f"Its requirements.txt installs tbxl {__version__} from PyPI; the functions below call it.")
    return f'''"""# tbxl {__version__}: chess tie-breaks (FIDE C.07)

Written by `tbxl lite{' --standalone' if standalone else ''}`; regenerate it rather than edit it.
{how}

Type a function into a cell, e.g. `=BUCHHOLZ_CUT(A1:I17, A2)` with the crosstable in A1:I17 and a
start number in A2; the rules and the layout arguments offer a dropdown. Or select the crosstable's
top-left cell and click **{SCRIPT_NAME}**: the ranking goes to the sheet "{STANDINGS_SHEET}".

{_usage()}
"""'''


def _body() -> str:
    """The imports, the dropdown types, the functions and the script of main.py."""
    rules = ", ".join(repr(r) for r in rules_choices())
    layouts = ", ".join(repr(lay) for lay in layout_choices())
    functions = "\n\n\n".join(_function_source(n) for n in _functions())
    return f'''from typing import Literal

import xlwings as xw
from xlwings import arg, func, script

from tbxl import excel as tbxl_excel

TBXL_VERSION = {__version__!r}

# The dropdowns of the rules and layout arguments; any other name tbxl knows may still be typed.
Rules = Literal[{rules}]
Layout = Literal[{layouts}]


{functions}


@script(name={SCRIPT_NAME!r})
def write_standings(book: xw.Book, rules: Rules = "fide-2026", tiebreaks: str = ""):
    """Select the crosstable's top-left cell (or the whole crosstable), choose the rules, click:
    the standings go to the sheet {STANDINGS_SHEET!r}. Tie-breaks: comma-separated codes, e.g.
    BH/C1,BH,SB; empty = BH/C1,BH,SB,PS,WIN (Swiss) or DE,SB,WIN,KS (round robin)."""
    selection = book.selection
    grid = selection.value
    if not isinstance(grid, list):  # one cell: the block around it, up to the first empty row and column
        grid = selection.expand("table").value
    table = tbxl_excel.STANDINGS(grid, tiebreaks, rules)
    if not isinstance(table, list):
        raise ValueError("the selected cells hold no crosstable: select it (header row included) and click again")
    names = [sheet.name for sheet in book.sheets]
    sheet = book.sheets[{STANDINGS_SHEET!r}] if {STANDINGS_SHEET!r} in names else book.sheets.add(name={STANDINGS_SHEET!r})
    sheet.clear_contents()
    sheet["A1"].value = table
    sheet.activate()
'''


def _checked(text: str) -> str:
    try:   # e.g. a help text quoted into the docstring that ends it early
        compile(text, MAIN, "exec", dont_inherit=True)
    except SyntaxError as err:
        raise NotPure(f"the generated {MAIN} is not valid Python ({err})") from None
    return text


def main_py() -> str:
    """The text of the short ``main.py``: the functions and the script, calling the tbxl that
    ``requirements.txt`` installs."""
    return _checked(f"{_docstring(False)}\n\n{_body()}")


def standalone_main_py() -> str:
    """The text of the self-contained ``main.py``: :mod:`tbxl.lite.embed`, the carried modules,
    then the same functions and script as :func:`main_py`."""
    modules = carried_modules()
    digest = hashlib.sha256("".join(f"{n}\0{s}\0" for n, (_, s) in sorted(modules.items()))
                            .encode("utf-8")).hexdigest()
    body = ",\n".join(f"    {name!r}: ({is_package!r}, {_literal(source, ' ' * 8)})"
                      for name, (is_package, source) in modules.items())
    return _checked(f'''{_docstring(True)}

{_loader_source()}

# The {len(modules)} tbxl modules the functions need (pure Python, sha256 {digest[:16]}).
TBXL_MODULES = {{
{body},
}}

EmbeddedModules(TBXL_MODULES, "in main.py").install()

{_body()}''')


def requirements_txt(standalone: bool = False) -> str:
    """The text of ``requirements.txt``: xlwings and this tbxl, pinned (xlwings Lite installs
    both from PyPI); with ``standalone``, xlwings only (tbxl is inside main.py)."""
    head = f"# requirements.txt for xlwings Lite, written by `tbxl lite{' --standalone' if standalone else ''}` " \
           f"(tbxl {__version__}).\n"
    if standalone:
        return head + "# tbxl itself is inside main.py; it needs nothing but xlwings.\n" + LITE_XLWINGS + "\n"
    return head + ("# xlwings Lite installs these from PyPI (tbxl is pure Python); after changing a pinned\n"
                   "# version, restart xlwings Lite.\n") + f"{LITE_XLWINGS}\ntbxl=={__version__}\n"


def written(files: Sequence[Path], standalone: bool = False) -> str:
    """What ``tbxl lite`` says after :func:`write_lite` wrote ``files``: their size, where they go."""
    from tbxl import __version__
    main_file, requirements = files
    installs = "" if standalone else f"; xlwings Lite then installs tbxl {__version__} from PyPI"
    return (f"wrote {main_file} ({main_file.stat().st_size // 1024} KB) and {requirements}: paste each into the "
            f"tab of the same name in the xlwings Lite editor{installs}")


def write_lite(folder: PathLike, standalone: bool = False) -> list[Path]:
    """Write ``main.py`` and ``requirements.txt`` into ``folder`` (made if missing), atomically;
    the paths written. ``standalone``: the self-contained ``main.py``."""
    out = Path(folder)
    if out.exists() and not out.is_dir():
        raise InputError(f"{out} is a file, not a folder for {MAIN} and {REQUIREMENTS}")
    out.mkdir(parents=True, exist_ok=True)
    written = []
    main = standalone_main_py() if standalone else main_py()
    for name, text in ((MAIN, main), (REQUIREMENTS, requirements_txt(standalone))):
        write_atomic(out / name, text)
        written.append(out / name)
    return written
