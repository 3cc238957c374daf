"""Modules carried as source text inside one file, importable as if they were installed.

xlwings Lite (Excel on Windows, Mac and the web) runs its ``main.py`` in Pyodide and installs the
packages of its ``requirements.txt`` from PyPI. Where PyPI cannot be reached (offline or locked-down
machines), the ``main.py`` that ``tbxl lite --standalone`` writes (:mod:`tbxl.lite`) carries tbxl's
modules as text instead, and this module's source,
copied into it verbatim, makes ``import tbxl.excel`` find them: :class:`EmbeddedModules` is a
finder and loader (PEP 451) on :data:`sys.meta_path`, ahead of the installed packages, so the
functions always run the code that was generated, even where another tbxl is installed.

It imports only the standard library and uses no ``from __future__`` import (it runs in the
middle of ``main.py``). Tracebacks and :mod:`inspect` show the embedded lines, under file names
such as ``tbxl/excel.py (in main.py)``.

>>> finder = EmbeddedModules({"demo": (True, "X = 1\\n"),
...                           "demo.sub": (False, "from . import X\\nY = X + 1\\n")})
>>> finder.install()
>>> import demo.sub
>>> demo.sub.Y, demo.sub.__spec__.origin
(2, 'demo/sub.py (in main.py)')
>>> finder.uninstall()
>>> import demo
Traceback (most recent call last):
...
ModuleNotFoundError: No module named 'demo'
"""

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import types
from collections.abc import Mapping, Sequence


class EmbeddedModules(importlib.abc.MetaPathFinder, importlib.abc.InspectLoader):
    """Finder and loader of the modules in ``sources``: ``{dotted name: (is_package, source)}``.
    ``where`` names the file that carries them, for tracebacks."""

    def __init__(self, sources: Mapping[str, tuple[bool, str]], where: str = "in main.py") -> None:
        self.sources = dict(sources)
        self.where = where

    # -- finder ------------------------------------------------------------------------------
    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: types.ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.sources:
            return None
        return importlib.util.spec_from_loader(
            fullname, self, origin=self.filename(fullname), is_package=self.is_package(fullname)
        )

    # -- loader ------------------------------------------------------------------------------
    def filename(self, fullname: str) -> str:
        """The name tracebacks show: the module's path in the package, and where it is carried."""
        path = fullname.replace(".", "/") + ("/__init__" if self.is_package(fullname) else "")
        return f"{path}.py ({self.where})"

    def is_package(self, fullname: str) -> bool:
        return self._entry(fullname)[0]

    def get_source(self, fullname: str) -> str:
        return self._entry(fullname)[1]

    def get_code(self, fullname: str) -> types.CodeType:
        return compile(self.get_source(fullname), self.filename(fullname), "exec", dont_inherit=True)

    def exec_module(self, module: types.ModuleType) -> None:
        exec(self.get_code(module.__name__), module.__dict__)

    def _entry(self, fullname: str) -> tuple[bool, str]:
        try:
            return self.sources[fullname]
        except KeyError:
            raise ImportError(f"{fullname} is not carried in {self.where}", name=fullname) from None

    # -- installation ------------------------------------------------------------------------
    def install(self) -> None:
        """Serve these modules from now on: first on :data:`sys.meta_path`, replacing an earlier
        finder of the same modules (``main.py`` run again after an edit), and forgetting the copies
        already imported (an earlier ``main.py``'s, or an installed package's), so the next import
        runs this code."""
        for finder in list(sys.meta_path):
            if set(getattr(finder, "sources", ())) & set(self.sources) and type(finder).__name__ == type(self).__name__:
                sys.meta_path.remove(finder)
        self._forget()
        sys.meta_path.insert(0, self)
        importlib.invalidate_caches()

    def uninstall(self) -> None:
        """Stop serving these modules and forget the ones imported from here."""
        if self in sys.meta_path:
            sys.meta_path.remove(self)
        self._forget()

    def _forget(self) -> None:
        for name in list(sys.modules):
            if name in self.sources or name.partition(".")[0] in self.sources:
                del sys.modules[name]
