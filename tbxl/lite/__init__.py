"""``tbxl lite``: the two files of the xlwings Lite editor, for Excel on Mac and the web.

xlwings Lite runs ``main.py`` in Pyodide (Python in the browser) and installs what
``requirements.txt`` lists from PyPI, where tbxl is not. :func:`main_py` therefore writes a
``main.py`` that carries the code itself: the source text of :mod:`tbxl.excel` and of every tbxl
module it imports (the pure-Python core: standard library only), read from the installed package,
made importable by :class:`tbxl.lite.embed.EmbeddedModules`, then the Excel functions imported by name,
which is how xlwings Lite finds and registers them. ``requirements.txt`` names only xlwings.

>>> modules = core_modules()
>>> [m for m in ("tbxl", "tbxl.excel", "tbxl.tiebreaks.buchholz") if m in modules]
['tbxl', 'tbxl.excel', 'tbxl.tiebreaks.buchholz']
>>> [m for m in ("tbxl.cli", "tbxl.report", "tbxl.io.workbook", "tbxl.io.trf") if m in modules]
[]
>>> print(requirements_txt().splitlines()[-1])
xlwings>=0.33
"""

from __future__ import annotations

import ast
import hashlib
import importlib.metadata
import importlib.util
import inspect
import sys
from pathlib import Path
from typing import Iterable

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


def _usage() -> str:
    """One line per function: its Excel call (optional arguments in brackets) and what it gives."""
    from tbxl import excel
    lines = []
    for name in _functions():
        f = getattr(excel, name)
        params = [p.name if p.default is inspect.Parameter.empty else f"[{p.name}]"
                  for p in inspect.signature(f).parameters.values()]
        lines.append(f"    ={name}({', '.join(params)})\n        {inspect.getdoc(f).splitlines()[0]}")
    return "\n".join(lines)


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


def main_py() -> str:
    """The text of ``main.py``: docstring, :mod:`tbxl.lite.embed`, the carried modules, the imports."""
    modules = carried_modules()
    functions = _functions()
    digest = hashlib.sha256("".join(f"{n}\0{s}\0" for n, (_, s) in sorted(modules.items()))
                            .encode("utf-8")).hexdigest()
    body = ",\n".join(f"    {name!r}: ({is_package!r}, {_literal(source, ' ' * 8)})"
                      for name, (is_package, source) in modules.items())
    text = f'''"""Chess tie-breaks (FIDE C.07) for xlwings Lite: the Excel functions of tbxl {__version__}.

Written by `tbxl lite` (tbxl {__version__}); regenerate it rather than edit it. It carries the
{len(modules)} tbxl modules the functions need (pure Python, sha256 {digest[:16]}), so it needs
no package but xlwings: paste it into xlwings Lite's main.py tab, and the requirements.txt
written beside it into the requirements.txt tab. Then, e.g. =BUCHHOLZ_CUT(A1:I17, A2) with the
crosstable in A1:I17 and a start number in A2. The functions (tbxl's README, "Excel on
Windows / Mac / web", says more):
{_usage()}
"""

{_loader_source()}

TBXL_VERSION = {__version__!r}
TBXL_MODULES = {{
{body},
}}

EmbeddedModules(TBXL_MODULES, "in main.py").install()

from tbxl.excel import {", ".join(functions)}  # noqa: E402,F401  (registered by xlwings Lite)
'''
    try:   # e.g. a docstring quoted into the header that ends it early
        compile(text, MAIN, "exec", dont_inherit=True)
    except SyntaxError as err:
        raise NotPure(f"the generated {MAIN} is not valid Python ({err})") from None
    return text


def _xlwings_requirement() -> str:
    """The xlwings requirement of tbxl's ``excel`` extra (pyproject.toml), as installed."""
    try:
        requires = importlib.metadata.requires("tbxl") or []
    except importlib.metadata.PackageNotFoundError:
        requires = []
    for req in requires:
        spec, _, marker = req.partition(";")
        if spec.strip().lower().startswith("xlwings") and "excel" in marker:
            return spec.strip().replace(" ", "")
    return "xlwings"


def requirements_txt() -> str:
    """The text of ``requirements.txt``: xlwings only (tbxl is inside main.py, and not on PyPI)."""
    return (f"# requirements.txt for xlwings Lite, written by `tbxl lite` (tbxl {__version__}).\n"
            "# tbxl itself is inside main.py (it is not on PyPI); it needs nothing but xlwings.\n"
            f"{_xlwings_requirement()}\n")


def write_lite(folder: PathLike) -> list[Path]:
    """Write ``main.py`` and ``requirements.txt`` into ``folder`` (made if missing), atomically;
    the paths written."""
    out = Path(folder)
    if out.exists() and not out.is_dir():
        raise InputError(f"{out} is a file, not a folder for {MAIN} and {REQUIREMENTS}")
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in ((MAIN, main_py()), (REQUIREMENTS, requirements_txt())):
        write_atomic(out / name, text)
        written.append(out / name)
    return written
