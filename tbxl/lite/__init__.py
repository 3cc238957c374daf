"""``tbxl lite``: the two files of the xlwings Lite editor, for Excel on Mac, Windows and the web.

xlwings Lite runs ``main.py`` in Pyodide (Python in the browser) and installs what
``requirements.txt`` lists from PyPI: "Pyodide first checks PyPI for a compatible wheel ... it
needs to be a pure Python package" (xlwings Lite, Python Dependencies), and tbxl's core is one.
So, the documented way, :func:`main_py` writes a short ``main.py``: the Excel functions, each a
few lines that call :mod:`tbxl.excel`, with the rules and the layout as ``typing.Literal``
arguments (a dropdown in Excel), and a script button that writes the standings sheet (its rules and
tie-breaks are form fields in App Mode); :func:`requirements_txt` pins ``tbxl==`` this version next
to ``xlwings>=`` :data:`tbxl.excel.XLWINGS_MINIMUM`.

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
xlwings>=0.36.2
"""

from __future__ import annotations

import ast
import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import inspect
import sys
from collections.abc import Iterable
from importlib.machinery import ModuleSpec
from pathlib import Path

from tbxl import __version__
from tbxl.errors import InputError, TbxlError
from tbxl.excel import ERRORS_AS_TEXT, XLWINGS_MINIMUM, XLWINGS_REQUIREMENT
from tbxl.io.files import PathLike, write_atomic
from tbxl.lite import embed

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


def _find_spec(name: str) -> ModuleSpec | None:
    """The spec of the module ``name``, None if there is none, found without importing anything:
    :func:`importlib.util.find_spec` imports the parent packages, which runs their imports, and
    one that fails there (a package missing on this machine) must be reported by
    :func:`core_modules`, not make the module look absent."""
    parent = name.rpartition(".")[0]
    try:
        if not parent or name in sys.modules:
            return importlib.util.find_spec(name)
        outer = _find_spec(parent)
        if outer is None or outer.submodule_search_locations is None:
            return None
        return importlib.machinery.PathFinder.find_spec(name, list(outer.submodule_search_locations))
    except (ImportError, ValueError) as err:
        raise NotPure(f"cannot look for the module {name}: {err}") from None


def _spec(name: str) -> tuple[ModuleSpec, importlib.abc.InspectLoader]:
    """The spec of the module ``name`` and its loader, which must give the source text."""
    spec = _find_spec(name)
    if spec is None or spec.loader is None:
        raise NotPure(f"cannot find the module {name}")
    if not isinstance(spec.loader, importlib.abc.InspectLoader):
        raise NotPure(f"{name} has no source text to carry ({spec.origin})")
    return spec, spec.loader


def _import_time_imports(tree: ast.Module) -> Iterable[ast.Import | ast.ImportFrom]:
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
            stack.extend(
                c for c in ast.iter_child_nodes(node) if isinstance(c, ast.stmt) or isinstance(c, ast.excepthandler)
            )


def _resolve(name: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    parts = name.split(".") if is_package else name.split(".")[:-1]
    base = parts[: len(parts) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _is_module(name: str) -> bool:
    """Whether ``name`` is a module: ``from package import name`` imports a module or a name defined
    in the package. Nothing is imported to tell (:func:`_find_spec`)."""
    return _find_spec(name) is not None


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
        spec, loader = _spec(name)
        is_package = spec.submodule_search_locations is not None
        source = loader.get_source(name)
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
                targets = [module] + [
                    f"{module}.{a.name}"
                    for a in node.names
                    if module.partition(".")[0] == root and _is_module(f"{module}.{a.name}")
                ]
            for target in targets:
                top = target.partition(".")[0]
                if top == root:
                    queue.append(target)
                elif top != "__future__" and top not in sys.stdlib_module_names and top not in PROVIDED:
                    raise NotPure(
                        f"{where}:{node.lineno}: {name} imports {target}, which is neither in "
                        f"Python's standard library nor provided by xlwings Lite, so main.py "
                        "cannot carry it"
                    )
    return found


# ---------------------------------------------------------------------------------------------
# The files
# ---------------------------------------------------------------------------------------------


def _functions() -> list[str]:
    from tbxl.excel import OFFICE_JS_FUNCTIONS, TEAM_FUNCTIONS

    return list(OFFICE_JS_FUNCTIONS) + list(TEAM_FUNCTIONS)


#: Modules imported on first use rather than at import time, which main.py carries too: the team
#: core the team functions of tbxl.excel import when first called (C.07 Arts 11-13), the tie-break
#: families ``tbxl.tiebreaks`` imports at their first call (the direct encounter, the team
#: families), and the grid package's readers and writers, which
#: ``tbxl.io.grid`` imports when one of its names is first asked for (its ``_HOMES``).
EXTRA_ENTRIES = (
    "tbxl.io.grid.team",
    "tbxl.standings",
    "tbxl.tiebreaks.encounter",
    "tbxl.tiebreaks.boards",
    "tbxl.tiebreaks.extended",
    "tbxl.io.grid.read",
    "tbxl.io.grid.write",
)


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
    return "".join(lines[doc.end_lineno :]).lstrip("\n")


# ---------------------------------------------------------------------------------------------
# The functions of main.py
# ---------------------------------------------------------------------------------------------

#: The xlwings of requirements.txt: the Excel route's minimum (:data:`tbxl.excel.XLWINGS_MINIMUM`,
#: its one home). Not an exact pin: xlwings Lite advises against them, and records what it
#: installed in requirements-pinned.txt itself.
LITE_XLWINGS = XLWINGS_REQUIREMENT

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
        options = ("ndim=2, " if a.range else "") + (
            "err_to_str=True, " if a.range and a.name in ERRORS_AS_TEXT else ""
        )
        lines.append(f"@arg({a.name!r}, {options}doc={a.help!r})")
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

    return "\n".join(f"- `={BY_NAME[n].signature}`: {BY_NAME[n].help}" for n in _functions())


def _docstring(standalone: bool) -> str:
    """main.py's docstring: xlwings Lite's App Mode shows it as Markdown above the script button."""
    how = (
        "It carries tbxl's pure-Python core inside (no package but xlwings is installed), for machines "
        "that cannot reach PyPI; `tbxl lite` without `--standalone` writes the short form."
        if standalone
        else f"Its requirements.txt installs tbxl {__version__} from PyPI; the functions below call it."
    )
    return f'''"""# tbxl {__version__}: chess tie-breaks (FIDE C.07)

Written by `tbxl lite{" --standalone" if standalone else ""}`; regenerate it rather than edit it.
{how}

Type a function into a cell, e.g. `=BUCHHOLZ_CUT(A1:I17, A2)` with the crosstable in A1:I17 and a
start number in A2; the rules and the layout arguments offer a dropdown. Or select the crosstable's
top-left cell and click **{SCRIPT_NAME}**: the ranking goes to the sheet "{STANDINGS_SHEET}".

{_usage()}
"""'''


def _release(version: str) -> tuple[int, ...]:
    """``"0.36.2"`` as ``(0, 36, 2)``, to compare with the installed xlwings' in main.py."""
    return tuple(int(p) for p in version.split("."))


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

# xlwings Lite keeps the xlwings it installed first (requirements-pinned.txt): name an older one than
# tbxl's functions and button need, rather than fail later on a script argument.
if tuple(int(p) if p.isdigit() else 0 for p in xw.__version__.split(".")[:3]) < {_release(XLWINGS_MINIMUM)!r}:
    raise ImportError(f"xlwings {{xw.__version__}} is installed, but tbxl needs xlwings {XLWINGS_MINIMUM} or later: "
                      "write {XLWINGS_REQUIREMENT} in requirements.txt, then restart xlwings Lite")

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
    grid = selection.options(err_to_str=True).value   # an error cell as its text (#N/A), not as empty
    if not isinstance(grid, list):  # one cell: the block around it, up to the first empty row and column
        grid = selection.expand("table").options(err_to_str=True).value
    table = tbxl_excel.STANDINGS(grid, tiebreaks, rules)
    if not isinstance(table, list):
        raise ValueError("the selected cells hold no crosstable: select it (header row included) and click again")
    names = [sheet.name for sheet in book.sheets]
    if {STANDINGS_SHEET!r} in names:
        sheet = book.sheets[{STANDINGS_SHEET!r}]
    else:
        sheet = book.sheets.add(name={STANDINGS_SHEET!r})
    sheet.clear_contents()
    sheet["A1"].value = table
    sheet.activate()
'''


def _checked(text: str) -> str:
    try:  # e.g. a help text quoted into the docstring that ends it early
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
    digest = hashlib.sha256("".join(f"{n}\0{s}\0" for n, (_, s) in sorted(modules.items())).encode("utf-8")).hexdigest()
    body = ",\n".join(
        f"    {name!r}: ({is_package!r}, {_literal(source, ' ' * 8)})" for name, (is_package, source) in modules.items()
    )
    return _checked(f"""{_docstring(True)}

{_loader_source()}

# The {len(modules)} tbxl modules the functions need (pure Python, sha256 {digest[:16]}).
TBXL_MODULES = {{
{body},
}}

EmbeddedModules(TBXL_MODULES, "in main.py").install()

{_body()}""")


def requirements_txt(standalone: bool = False) -> str:
    """The text of ``requirements.txt``: xlwings and this tbxl, pinned (xlwings Lite installs
    both from PyPI); with ``standalone``, xlwings only (tbxl is inside main.py)."""
    head = (
        f"# requirements.txt for xlwings Lite, written by `tbxl lite{' --standalone' if standalone else ''}` "
        f"(tbxl {__version__}).\n"
    )
    if standalone:
        return head + "# tbxl itself is inside main.py; it needs nothing but xlwings.\n" + LITE_XLWINGS + "\n"
    return (
        head
        + (
            "# xlwings Lite installs these from PyPI (tbxl is pure Python) and records what it installed\n"
            "# in requirements-pinned.txt; after changing a version here, restart xlwings Lite.\n"
        )
        + f"{LITE_XLWINGS}\ntbxl=={__version__}\n"
    )


def size_text(size: int) -> str:
    """A file's size as ``tbxl lite`` prints it and the docs quote it (kilobytes of 1,000 bytes).

    >>> size_text(14_598), size_text(614_402)
    ('14.6 KB', '614 KB')
    """
    kb = size / 1000
    return f"{kb:.1f} KB" if kb < 100 else f"{round(kb)} KB"


def written(main: Path, requirements: Path, standalone: bool) -> str:
    """What ``tbxl lite`` says after writing: the files, main.py's size, where to paste them, and,
    for the short form, that it needs tbxl on PyPI (before a release is there, the standalone form)."""
    head = (
        f"wrote {main} ({size_text(main.stat().st_size)}) and {requirements}: paste each into the tab "
        "of the same name in the xlwings Lite editor"
    )
    if standalone:
        return head + "; tbxl is inside main.py"
    return head + (
        f"; xlwings Lite then installs tbxl {__version__} from PyPI (where that release is not on "
        "PyPI yet, use `tbxl lite --standalone` or the web app's main.py instead)"
    )


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
