"""mkdocs hook: the command-line reference from tbxl's own argparse parser; doctests as code.

The page ``reference/cli.md`` holds the marker ``<!-- tbxl-cli-reference -->``; at build time it is
replaced by ``tbxl --help`` and ``tbxl COMMAND --help`` for every command the parser lists, so the
reference can never drift from the options the program accepts. The help is taken from a
subprocess (``python -m tbxl``) with the repository first on the path, at a fixed width.

The docstrings of the Python API (rendered by mkdocstrings as Markdown) carry doctests; without
help a ``>>>`` line is a nested quote and a ``['a', 'b']`` result a link. :class:`DoctestFences`
puts each doctest block in a ``pycon`` code fence before Markdown reads it, and shows a Sphinx
role (``:func:`resolve```) as the code it names.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from markdown import Extension
from markdown.preprocessors import Preprocessor
from mkdocs.plugins import event_priority

MARKER = "<!-- tbxl-cli-reference -->"
ROOT = Path(__file__).resolve().parents[2]
# A command line of the top-level help: four spaces, the name, then its help (or a wrapped line).
COMMAND = re.compile(r"^ {4}([a-z][a-z-]*)(?: {2,}|$)")
# A Sphinx role in a docstring (:func:`resolve`, :mod:`tbxl.rules`): shown as the code it names.
ROLE = re.compile(r":(?:py:)?(?:func|class|mod|meth|attr|data|obj|exc|const):`~?([^`]+)`")


def _help(*args: str) -> str:
    env = dict(
        os.environ,
        COLUMNS="100",
        PYTHONPATH=os.pathsep.join([str(ROOT)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]),
    )
    done = subprocess.run(
        [sys.executable, "-m", "tbxl", *args, "--help"], capture_output=True, text=True, env=env, cwd=ROOT, check=False
    )
    if done.returncode != 0:
        raise RuntimeError(f"tbxl {' '.join(args)} --help failed: {done.stderr.strip()}")
    return done.stdout.rstrip()


def commands(top: str) -> list[str]:
    """The command names of ``tbxl --help``, in the parser's order."""
    out, inside = [], False
    for line in top.splitlines():
        if line.startswith("positional arguments"):
            inside = True
        elif inside and line and not line.startswith(" "):
            break
        elif inside and (m := COMMAND.match(line)):
            out.append(m.group(1))
    return out


def reference() -> str:
    top = _help()
    parts = ["## tbxl", "", "```text", top, "```", ""]
    for name in commands(top):
        parts += [f"## tbxl {name}", "", "```text", _help(name), "```", ""]
    return "\n".join(parts)


class _Fence(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        fence = None  # the indentation of the open doctest block
        in_code = False  # inside a fence written by the author: leave it alone
        for line in lines:
            stripped = line.lstrip()
            indent = line[: len(line) - len(stripped)]
            if fence is None and stripped.startswith(("```", "~~~")):
                in_code = not in_code
            if fence is not None and not stripped:
                out += [fence + "```", line]
                fence = None
                continue
            if fence is None and not in_code and stripped.startswith(">>>"):
                fence = indent
                out += ["", indent + "```pycon"]
            out.append(line if fence is not None or in_code else ROLE.sub(r"`\1`", line))
        if fence is not None:
            out.append(fence + "```")
        return out


class DoctestFences(Extension):
    """Markdown extension: doctest blocks (``>>>`` up to a blank line) become code fences."""

    def extendMarkdown(self, md) -> None:  # noqa: N802 (Markdown's name)
        # after whitespace normalisation (30), before the fenced-code preprocessors (25)
        md.preprocessors.register(_Fence(md), "tbxl_doctest_fences", 27)


@event_priority(100)  # before mkdocstrings reads the Markdown extensions
def on_config(config):
    config.markdown_extensions.append(DoctestFences())
    return config


def on_page_markdown(markdown: str, page, config, files) -> str:  # mkdocs event
    if MARKER in markdown:
        return markdown.replace(MARKER, reference())
    return markdown
