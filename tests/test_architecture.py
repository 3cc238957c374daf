"""The shape of the package: modules talk through their public names, and no two modules import
each other, directly or round a loop (lazy imports inside functions count; ``if TYPE_CHECKING:``
blocks do not, they never run)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "tbxl"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py")) if "templates" not in p.parts}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports(name: str) -> list[tuple[int, str, list[str]]]:
    """``(line, module, names)`` of every import a module runs, at any depth (absolute form)."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    base = name.split(".") if is_package else name.split(".")[:-1]
    found: list[tuple[int, str, list[str]]] = []
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name, []) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = base[: len(base) - (node.level - 1)]
                module = ".".join(parts + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.append((node.lineno, module, [a.name for a in node.names]))
        stack.extend(ast.iter_child_nodes(node))
    return found


def graph() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {m: set() for m in MODULES}
    for name in MODULES:
        for _, module, names in imports(name):
            subs = {f"{module}.{n}" for n in names} & MODULES.keys()
            # `from package import module` runs the package as any import of a submodule does:
            # the edge is to the module named.
            if module in MODULES and module != name and len(subs) < len(names):
                edges[name].add(module)
            edges[name] |= subs - {name}
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def private_imports() -> list[str]:
    found = []
    for name in MODULES:
        for line, module, names in imports(name):
            if not module.startswith("tbxl") or module == name:
                continue
            for n in names:
                if n.startswith("_") and not n.startswith("__"):
                    found.append(f"{name} imports {n} from {module}")
    return found


def test_no_module_imports_a_private_name_of_another():
    assert private_imports() == []


def test_no_import_cycle():
    assert cycles(graph()) == []


def test_the_layers_point_down():
    """pyproject.toml's import-linter contract: edges -> readers/writers -> ranking -> tie-breaks ->
    rules -> model, never upward (lazy imports included)."""
    import os
    import shutil
    import subprocess
    import sys

    exe = shutil.which("lint-imports") or str(Path(sys.executable).with_name("lint-imports"))
    done = subprocess.run(
        [exe, "--config", str(ROOT / "pyproject.toml")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-1000:]


def test_the_python_api_is_pinned():
    """``tbxl.__all__`` is the Python API; every name resolves (imported on first use)."""
    import tbxl

    assert sorted(tbxl.__all__) == sorted(
        [
            "__version__",
            "explain",
            "example",
            "read",
            "rank",
            "preset",
            "resolve",
            "PRESETS",
            "Convention",
            "TeamSettings",
            "EventKind",
            "Tournament",
            "TeamTournament",
            "Player",
            "Team",
            "Standings",
            "Derivation",
            "TbxlError",
            "InputError",
            "project",
            "table_text",
            "csv_document",
            "json_document",
        ]
    )
    for name in tbxl.__all__:
        assert getattr(tbxl, name) is not None, name


def test_reading_any_event_through_the_api():
    import tbxl

    team = tbxl.read(ROOT / "tests" / "data" / "team" / "grandmommyscup.trf")
    assert team.kind is tbxl.EventKind.TEAM
    st = tbxl.rank(team, "MPTS,EDE,BH:MP", tbxl.preset("fide-2024"))
    assert st.rows[0].number == st.rows[0].team.number and len(st.rows) == 50
    assert tbxl.explain(st, st.rows[0].number, "BH:MP").value == st.rows[0].values["BH:MP"]


# Issue 26 ("Done when"): small modules, a thin command line that imports plainly, and the kind of
# an event decided once (the model and the projection's kinds), not asked at every edge.
def lines_of(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_no_module_is_over_500_lines():
    assert {name: lines_of(p) for name, p in MODULES.items() if lines_of(p) > 500} == {}


def test_the_command_line_is_at_most_900_lines_and_imports_plainly():
    cli = [p for name, p in MODULES.items() if name == "tbxl.cli" or name.startswith("tbxl.cli.")]
    assert sum(map(lines_of, cli)) <= 900
    assert [p.name for p in cli if "importlib" in p.read_text(encoding="utf-8")] == []


def test_the_kind_is_asked_at_most_5_times_outside_the_model():
    # The kind modules: the model's, the projection's per kind, and the sniff that tells a team
    # file from an individual one before it is read (tbxl.io.load: is_team_trf, is_team_workbook).
    kinds = ("tbxl.model", "tbxl.projection.kind", "tbxl.projection.individual", "tbxl.projection.team")
    kinds += ("tbxl.io.load",)
    asked = {
        name: text.count("is_team")
        for name, p in MODULES.items()
        if not name.startswith(kinds) and "is_team" in (text := p.read_text(encoding="utf-8"))
    }
    assert sum(asked.values()) <= 5, asked


#: The kind modules (issue 38 item 2: a kind is one module): the model's kinds and the table every
#: edge looks a kind up in (tbxl.model.event: EventKind, for_kind, team_event), each kind's own code
#: (the team model, reader, workbook, views; the projection's kinds) and the sniff that tells a team
#: file from an individual one (tbxl.io.load). Everywhere else an edge goes through a kind's table.
KIND_MODULES = frozenset(
    {
        "tbxl.model.event",
        "tbxl.model.team",
        "tbxl.io.load",
        "tbxl.io.trf.team",
        "tbxl.io.trf.teamrecords",
        "tbxl.workbook.team",
        "tbxl.projection.kind",
        "tbxl.projection.individual",
        "tbxl.projection.team",
        "tbxl.report.views.team",
        "tbxl.report.views.team_frame",
        "tbxl.report.views.team_derivations",
        "tbxl.report.views.team_boards",
    }
)


def _names(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} | {
        n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)
    }


def kind_questions(tree: ast.AST) -> list[int]:
    """The lines that ask which kind an event is: ``of_team_kind(...)``, ``isinstance(..., TeamTournament)``,
    ``.is_team``, and a comparison with ``EventKind.TEAM`` / ``EventKind.INDIVIDUAL`` (``is``, ``==``,
    ``in``...). A table keyed by the kinds (``{EventKind.TEAM: ...}``, looked up with ``for_kind``) is
    not a question: a kind without an entry gets NotSupported, never another kind's way."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if func == "of_team_kind" or (
                func == "isinstance" and len(node.args) == 2 and "TeamTournament" in _names(node.args[1])
            ):
                found.append(node.lineno)
        elif isinstance(node, ast.Attribute) and node.attr == "is_team":
            found.append(node.lineno)
        elif isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(
                isinstance(o, ast.Attribute) and isinstance(o.value, ast.Name) and o.value.id == "EventKind"
                for o in operands
            ):
                found.append(node.lineno)
    return sorted(set(found))


def test_kind_questions_are_found():
    code = """
if of_team_kind(e): pass
if isinstance(e, (Tournament, TeamTournament)): pass
team = e.is_team
if e.kind is EventKind.TEAM: pass
if e.kind != EventKind.INDIVIDUAL: pass
TABLE = {EventKind.TEAM: 1}
x = for_kind(TABLE, e, "it")
"""
    assert kind_questions(ast.parse(code)) == [2, 3, 4, 5, 6]


def test_no_code_asks_which_kind_an_event_is_outside_the_kind_modules():
    """At most 5 places outside the kind modules ask (issue 38: 35 lines in 20 files did), each
    with a comment saying why on the line or just above it."""
    asked: dict[str, list[int]] = {}
    for name, p in MODULES.items():
        if name in KIND_MODULES:
            continue
        lines = kind_questions(ast.parse(p.read_text(encoding="utf-8")))
        if lines:
            asked[name] = lines
    places = [(name, line) for name, lines in asked.items() for line in lines]
    assert len(places) <= 5, asked
    for name, line in places:
        text = MODULES[name].read_text(encoding="utf-8").splitlines()
        near = text[max(0, line - 4) : line]
        assert any("#" in t for t in near), f"{name}:{line} asks the kind without saying why"
    assert set(asked) == {"tbxl.tiebreaks.context", "tbxl.io.trf.records"}, asked  # today's two
