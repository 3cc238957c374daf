"""A stand-in for xlwings inside Pyodide (copied as ``xlwings.py`` next to the generated main.py):
the real package is not pure Python, so it cannot be loaded offline. Like xlwings' Office.js
decorators (xlwings Lite), ``func`` marks a function with ``__xlfunc__``, which is how xlwings Lite
finds the functions to register in main.py, and returns it unchanged; ``arg`` and ``ret`` record
their options."""

import os

__version__ = "stand-in"
on_server = os.environ.get("XLWINGS_ON_SERVER") == "true"


def func(f=None, **options):
    def mark(g):
        g.__xlfunc__ = {"name": g.__name__, "options": options, "args": dict(getattr(g, "__xlargs__", {}))}
        return g
    return mark(f) if f is not None else mark


def arg(name, convert=None, **options):
    def mark(g):
        g.__dict__.setdefault("__xlargs__", {})[name] = options
        return g
    return mark


def ret(convert=None, **options):
    return lambda g: g


def script(f=None, **options):
    """Like xlwings' ``@script``: marks a script (a button in xlwings Lite) with ``__xlscript__``."""
    def mark(g):
        g.__xlscript__ = {"name": options.get("name", g.__name__), **options}
        return g
    return mark(f) if f is not None else mark


class Book:
    """The type of a script's workbook argument (tests/pyodide/check.py passes a stand-in workbook)."""
