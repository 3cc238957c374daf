"""The examples in the docstrings of every module are run: they are documentation that cannot go
stale."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import tbxl

MODULES = sorted(
    m.name for m in pkgutil.walk_packages(tbxl.__path__, "tbxl.") if not m.name.startswith("tbxl.templates")
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples failed"


def test_the_core_modules_have_examples():
    with_examples = {
        n
        for n in MODULES
        if doctest.DocTestFinder().find(importlib.import_module(n))
        and any(t.examples for t in doctest.DocTestFinder().find(importlib.import_module(n)))
    }
    for name in (
        "tbxl.audit",
        "tbxl.audit.candidates",
        "tbxl.audit.changes",
        "tbxl.audit.compare",
        "tbxl.io.published",
        "tbxl.derivation",
        "tbxl.rules",
        "tbxl.rules.presets",
        "tbxl.rules.convention",
        "tbxl.model",
        "tbxl.tiebreaks.codes",
    ):
        assert name in with_examples
