"""The examples of README.md and every page of docs/, found and run (tests/test_docs_examples.py).

A small collector of fenced blocks rather than a package (the choice is in docs/reference/checks.md):
what the blocks hold is ``tbxl`` commands, ``tbxl.toml`` files and terminal transcripts, run against
the bundled examples in-process through :func:`tbxl.cli.main`, which Sybil's or pytest-examples'
Python-centred parsers would need this same code to do.

Every fenced block of a page is one of:

* ``sh`` (or ``bat``): commands, one a line (``\\`` continues a line, ``#`` starts a comment). ``tbxl``
  runs in-process, ``cd`` changes the folder, ``python`` runs this interpreter; anything else (``pip``,
  ``apt``, ``brew``, ``xlwings``) needs a machine CI is not, so its block says ``skip`` and why.
* ``text`` starting with ``$ COMMAND``: a transcript; the command runs and what it prints (standard
  output, then standard error) is compared with the lines shown, a ``...`` line standing for any
  number of lines. Other ``text`` blocks show a grammar, a message or a file, and run nothing.
* ``toml``, ``csv``, ``trf``: a file written into the folder (``tbxl.toml``, ``example.csv``,
  ``example.trf`` unless ``as NAME`` says), then read by a command (``tbxl compute event.trf``,
  ``tbxl audit event.trf --published NAME``, ``tbxl compute NAME`` unless ``then`` says).
* ``python``: run in-process in the page's folder, a page's blocks one after another in one namespace.
* ``excel``: worksheet formulas, not run (tests/test_excel_*.py run the functions).

A page's blocks run in order in one folder, a copy of the bundled examples (what ``tbxl examples DIR``
writes), never in the package. What a block needs is said in an HTML comment just above it (inside
a list item, at the end of the line above: a line of its own would end the list), which the manual
does not show: ``<!-- test: skip: REASON -->``, ``<!-- test: first COMMAND -->`` (run
before it), ``<!-- test: then COMMAND -->`` (after it), ``<!-- test: as NAME -->``,
``<!-- test: with PATH -->`` (a file of this repository copied into the folder at the same path),
``<!-- test: file NAME after COMMAND -->`` (the block is the file NAME the command writes),
``<!-- test: output of COMMAND -->`` (the block is what the command prints, errors included),
``<!-- test: exit N: COMMAND -->`` (a command of the block that exits with N, as its page says),
``<!-- test: slow: WHY -->`` (left out of the quick run, as a block that renders a PDF is).
"""

from __future__ import annotations

import io
import os
import re
import shlex
import shutil
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "tbxl" / "examples"

#: The blocks' languages and what is done with each.
RUN = {"sh", "bat", "toml", "csv", "trf", "python"}
SHOWN = {"text", "excel"}  # run only as a transcript (text: "$ COMMAND")
DEFAULT_FILE = {"toml": "tbxl.toml", "csv": "example.csv", "trf": "example.trf"}

_FENCE = re.compile(r"^(?P<indent> *)(?P<fence>`{3,}|~{3,})(?P<info>[^`\n]*)$")
_DIRECTIVE = re.compile(r"^\s*<!--\s*test:\s*(?P<text>.*?)\s*-->\s*$")
_INLINE_DIRECTIVE = re.compile(r"<!--\s*test:\s*(.*?)\s*-->")


def pages() -> list[Path]:
    """README.md and every page of docs/ (a new page is found without a change here)."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


@dataclass
class Block:
    """One fenced block of a page: where it starts, its language, its text and the directives
    above it."""

    page: Path
    line: int
    lang: str
    text: str
    directives: list[str] = field(default_factory=list)

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT).as_posix()}:{self.line}"

    def directive(self, verb: str) -> list[str]:
        """The arguments of the directives ``verb`` (``skip: REASON`` -> ``["REASON"]``)."""
        out = []
        for d in self.directives:
            head, _, rest = d.partition(" ")
            if head.rstrip(":") == verb:
                out.append(rest.strip())
        return out

    @property
    def skip(self) -> str | None:
        reasons = self.directive("skip")
        return reasons[0] if reasons else None

    @property
    def slow(self) -> bool:
        """Whether it renders a PDF or a web page (WeasyPrint: seconds each)."""
        text = " ".join([self.text, *self.directive("first"), *self.directive("then")])
        return bool(self.directive("slow") or re.search(r"\btbxl report\b|-o \S+\.(pdf|html)\b", text))


def blocks(page: Path) -> list[Block]:
    """The fenced blocks of ``page`` in order (inside a list item too), with their directives."""
    lines = page.read_text(encoding="utf-8").splitlines()
    found: list[Block] = []
    i = 0
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence = len(m["indent"]), m["fence"]
        close = re.compile(rf"^ *{re.escape(fence[0])}{{{len(fence)},}}\s*$")
        j, body = i + 1, []
        while j < len(lines) and not close.match(lines[j]):
            body.append(lines[j][indent:] if lines[j].startswith(" " * indent) else lines[j].lstrip())
            j += 1
        directives, k = [], i - 1
        while k >= 0 and _DIRECTIVE.match(lines[k]):
            directives.insert(0, _DIRECTIVE.match(lines[k])["text"])  # type: ignore[index]
            k -= 1
        if k == i - 1 and k >= 0:  # in a list item: at the end of the line above (a comment line would end the list)
            directives = _INLINE_DIRECTIVE.findall(lines[k])
        found.append(Block(page, i + 1, m["info"].strip().split(" ")[0], "\n".join(body), directives))
        i = j + 1
    return found


def all_blocks() -> list[Block]:
    return [b for page in pages() for b in blocks(page)]


def inline_commands(page: Path) -> list[tuple[str, str | None]]:
    """The ```tbxl ...``` code spans of a page's prose that name a bundled example (or the workbook
    made from one): whole commands, run too; a span with a placeholder (``EVENT``, ``FILE``) is not.
    Each with the reason it is not run, when its line says ``<!-- test: skip: REASON -->`` after it
    (a command quoted from a past report, say)."""
    text = re.sub(r"(?ms)^ *(`{3,}|~{3,}).*?^ *\1", "", page.read_text(encoding="utf-8"))
    found = []
    for line in text.splitlines():
        spans = list(re.finditer(r"(?<!`)`(tbxl [^`]+)`(?!`)", line))
        for m, after in zip(spans, [s.start() for s in spans[1:]] + [len(line)]):
            command = " ".join(m.group(1).split())
            if re.search(r"\b(event|team|held_swiss_5|held_round_robin)\.(trf|xlsx)\b|\bbulletin\.csv\b", command):
                skip = _INLINE_DIRECTIVE.search(line, m.end(), after)  # before the next span
                reason = skip.group(1).partition(":")[2].strip() if skip and skip.group(1).startswith("skip") else None
                found.append((command, reason))
    return found


# -- running ---------------------------------------------------------------------------------------


@dataclass
class Run:
    """What one command did: its exit code and what it printed."""

    argv: list[str]
    code: int
    out: str
    err: str

    @property
    def printed(self) -> str:
        return self.out + self.err


class Folder:
    """A page's folder: a copy of the bundled examples, where its blocks run in order."""

    def __init__(self, path: Path) -> None:
        self.root = path
        self.cwd = path
        self.namespace: dict[str, object] = {"__name__": "__docs__"}
        path.mkdir(parents=True, exist_ok=True)
        for example in EXAMPLES.iterdir():
            if example.suffix in (".trf", ".csv"):
                shutil.copy(example, path / example.name)

    def command(self, argv: list[str], where: str) -> Run:
        """Run one command line here: ``tbxl`` in-process, ``cd``, ``python``."""
        name = argv[0]
        if name == "cd":
            self.cwd = (self.cwd / argv[1]).resolve()
            return Run(argv, 0, "", "")
        if name == "tbxl":
            return self._tbxl(argv)
        if name in ("python", "python3"):
            done = subprocess.run(
                [sys.executable, *argv[1:]],
                cwd=self.cwd,
                capture_output=True,
                text=True,
                timeout=300,
                env={**os.environ, "PYTHONPATH": str(ROOT)},
            )
            return Run(argv, done.returncode, done.stdout, done.stderr)
        raise AssertionError(
            f"{where}: {shlex.join(argv)}: not a command the docs' tests can run here (tbxl, cd, python); "
            "mark its block <!-- test: skip: WHY --> (needs Windows, Excel, the network, the release)"
        )

    def _tbxl(self, argv: list[str]) -> Run:
        from tbxl.cli import main

        out, err = io.StringIO(), io.StringIO()
        before = Path.cwd()
        os.chdir(self.cwd)
        try:
            with redirect_stdout(out), redirect_stderr(err):
                try:
                    code = main(argv[1:])
                except SystemExit as exit:  # argparse: --help, --version, a usage error
                    code = exit.code if isinstance(exit.code, int) else 2
        finally:
            os.chdir(before)
        return Run(argv, code, out.getvalue(), err.getvalue())

    def python(self, code: str, where: str) -> str:
        """A python block, run here in the page's namespace; what it printed."""
        out = io.StringIO()
        before = Path.cwd()
        os.chdir(self.cwd)
        try:
            with redirect_stdout(out):
                exec(compile(code, where, "exec"), self.namespace)  # noqa: S102 - the docs' own examples
        finally:
            os.chdir(before)
        return out.getvalue()

    def normalise(self, text: str) -> str:
        """What a command printed, its folder's path left out, lines' trailing blanks dropped."""
        for path in (str(self.cwd) + os.sep, str(self.root) + os.sep, str(self.cwd), str(self.root)):
            text = text.replace(path, "")
        return "\n".join(line.rstrip() for line in text.strip("\n").splitlines())


def command_lines(text: str, lang: str = "sh") -> list[list[str]]:
    """The commands of a shell block: continuation lines joined, comments and blank lines left out."""
    joined = re.sub(r"\\\n\s*", " ", text) if lang != "bat" else text
    commands = []
    for line in joined.splitlines():
        words = shlex.split(line, comments=True, posix=lang != "bat")
        if words:
            commands.append(words)
    return commands


def matches(shown: str, printed: str) -> bool:
    """Whether the lines ``printed`` are the lines ``shown``, a ``...`` line standing for any number
    of lines (trailing blanks ignored)."""
    want = [line.rstrip() for line in shown.strip("\n").splitlines()]
    got = [line.rstrip() for line in printed.strip("\n").splitlines()]

    def at(w: int, g: int) -> bool:
        if w == len(want):
            return g == len(got)
        if want[w] == "...":
            return any(at(w + 1, k) for k in range(g, len(got) + 1))
        return g < len(got) and got[g] == want[w] and at(w + 1, g + 1)

    return at(0, 0)


def transcript(text: str) -> list[tuple[str, str]]:
    """The ``$ COMMAND`` lines of a text block, each with the lines shown after it."""
    steps: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        if line.startswith("$ "):
            steps.append((line[2:], []))
        elif steps:
            steps[-1][1].append(line)
    return [(command, "\n".join(shown)) for command, shown in steps]


def check_run(run: Run, folder: Folder, where: str, expect: int = 0) -> None:
    """A command of the docs ran as they say: its exit code, no error, and the file it writes."""
    said = f"{where}: {shlex.join(run.argv)} -> {run.code}\n{run.err[-2000:]}"
    assert run.code == expect, said
    if expect == 0 and run.argv[0] == "tbxl":
        assert "error" not in run.err, said
        for option in ("-o", "--output"):
            if option in run.argv[:-1]:
                target = folder.cwd / run.argv[run.argv.index(option) + 1]
                assert target.exists(), f"{said}\nno {target}"


def run_block(block: Block, folder: Folder) -> None:
    """Run ``block`` in ``folder`` and check what the docs say of it."""
    for path in block.directive("with"):
        (folder.root / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / path, folder.root / path)
    for command in block.directive("first"):
        check_run(folder.command(shlex.split(command), block.where), folder, block.where)
    lang, where = block.lang, block.where
    if lang in ("sh", "bat"):
        commands = command_lines(block.text, lang)
        assert commands, f"{where}: a {lang} block without a command"
        exits = {c.strip(): int(n) for n, _, c in (e.partition(": ") for e in block.directive("exit"))}
        for argv in commands:
            check_run(folder.command(argv, where), folder, where, exits.get(shlex.join(argv), 0))
    elif lang == "text" and block.text.startswith("$ "):
        for command, shown in transcript(block.text):
            run = folder.command(shlex.split(command), where)
            expect = 0 if not re.match(r"tbxl: error:", shown.strip()) else run.code or 2
            check_run(run, folder, where, expect)
            printed = folder.normalise(run.printed)
            assert matches(shown, printed), f"{where}: $ {command}\n--- shown\n{shown}\n--- printed\n{printed}"
    elif lang == "text" and block.directive("output"):
        command = block.directive("output")[0].removeprefix("of ")
        run = folder.command(shlex.split(command), where)
        printed = folder.normalise(run.printed)
        assert matches(block.text, printed), f"{where}: {command}\n--- shown\n{block.text}\n--- printed\n{printed}"
    elif lang == "text" and block.directive("file"):
        name, _, command = block.directive("file")[0].partition(" after ")
        check_run(folder.command(shlex.split(command), where), folder, where)
        written = (folder.cwd / name).read_text(encoding="utf-8")
        lines = [line for line in written.splitlines() if line.strip() and not line.startswith("#")]
        assert lines == block.text.strip().splitlines(), f"{where}: {name} holds\n{written}"
    elif lang in DEFAULT_FILE:
        name = (block.directive("as") or [DEFAULT_FILE[lang]])[0]
        target = folder.cwd / name
        target.write_text(block.text + "\n", encoding="utf-8")
        then = block.directive("then") or [
            {
                "toml": "tbxl compute event.trf",
                "csv": f"tbxl audit event.trf --published {name}",
                "trf": f"tbxl compute {name}",
            }[lang]
        ]
        try:
            for command in then:
                check_run(folder.command(shlex.split(command), where), folder, where)
        finally:
            if lang == "toml":  # the page's other commands run without it
                target.unlink()
    elif lang == "python":
        folder.python(block.text, where)
    else:  # a grammar, a message, a file's content, formulas: nothing to run
        return
    for command in block.directive("then") if lang not in DEFAULT_FILE else ():
        check_run(folder.command(shlex.split(command), where), folder, where)


def update(page: Path, folder: Folder) -> list[str]:
    """Rewrite the ``$ COMMAND`` transcripts of ``page`` that no longer match with what tbxl prints
    now (as tests/data/golden is regenerated: only for an intended change of output, and read the
    diff). A transcript shown from a ``...`` on keeps its cut: the printed lines from the first
    line shown after the ``...``. The blocks before a transcript run first, as in the tests."""
    text = page.read_text(encoding="utf-8")
    updated = []
    for block in blocks(page):
        if block.skip is not None:
            continue
        if not (block.lang == "text" and block.text.startswith("$ ")):
            if block.lang in RUN:
                run_block(block, folder)
            continue
        for path in block.directive("with"):
            (folder.root / path).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(ROOT / path, folder.root / path)
        for command, shown in transcript(block.text):
            printed = folder.normalise(folder.command(shlex.split(command), block.where).printed)
            if matches(shown, printed):
                continue
            lines = shown.splitlines()
            if lines and lines[0] == "...":
                start = next((printed.find(line) for line in lines[1:] if line and line in printed), 0)
                printed = "...\n" + printed[start:]
            indent = " " * (len(text.splitlines()[block.line - 1]) - len(text.splitlines()[block.line - 1].lstrip()))
            old = "\n".join(indent + line if line else line for line in shown.splitlines())
            new = "\n".join(indent + line if line else line for line in printed.splitlines())
            text = text.replace(old, new, 1)
            updated.append(f"{block.where}: $ {command}")
    page.write_text(text, encoding="utf-8")
    return updated


if __name__ == "__main__":  # python tests/docs_examples.py docs/arbiter/explain.md ...
    import tempfile

    for name in sys.argv[1:]:
        with tempfile.TemporaryDirectory() as tmp:
            for line in update(Path(name).resolve(), Folder(Path(tmp))):
                print(f"updated {line}")
