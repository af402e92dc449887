"""The layers, read from the source: the kernel imports no application module and no plugin,
and neither the kernel nor the application layer has an import circle.

An import counts wherever it is written: at the top, late inside a function, and under
``if TYPE_CHECKING:`` too, which never runs but is read: a reader of a module follows its types
as well, so the layers hold for them (the types both sides need sit below both, as protocols).
``from package import name`` depends on the module ``package.name`` when there is one, else on
``package``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pegline_core

KERNEL = Path(pegline_core.__file__).parent
APPLICATION = ("pegline_core.app", "pegline_core.rl")
"""The application layer (the ``pegline`` command, the web, bots by name, simulation) and the
adapters for learning agents: both stand on the kernel's public API."""
PLUGINS = {path.name for path in (KERNEL.parent / "plugins").iterdir() if path.is_dir()}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(KERNEL.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(KERNEL.rglob("*.py"))}


def imported_names(path: Path) -> set[str]:
    """Every module ``path`` imports (absolute names), for its types too."""
    package = module_name(path) if path.name == "__init__.py" else \
        module_name(path).rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import):
                found.update(alias.name for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    parent = package.split(".")[:len(package.split(".")) - child.level + 1]
                    base = ".".join([*parent, *([base] if base else [])])
                submodules = {f"{base}.{alias.name}" for alias in child.names} & MODULES.keys()
                found.update(submodules or {base})
            else:
                visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


GRAPH = {name: imported_names(path) for name, path in MODULES.items()}


def in_application(name: str) -> bool:
    return any(name == layer or name.startswith(layer + ".") for layer in APPLICATION)


def circles(names: set[str]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def connect(name: str) -> None:
        index[name] = low[name] = len(index)
        stack.append(name)
        for other in sorted(GRAPH[name] & names):
            if other not in index:
                connect(other)
                low[name] = min(low[name], low[other])
            elif other in stack:
                low[name] = min(low[name], index[other])
        if low[name] == index[name]:
            component = [stack.pop()]
            while component[-1] != name:
                component.append(stack.pop())
            if len(component) > 1:
                found.append(sorted(component))

    for name in sorted(names):
        if name not in index:
            connect(name)
    return found


KERNEL_MODULES = {name for name in MODULES if not in_application(name)}
APPLICATION_MODULES = set(MODULES) - KERNEL_MODULES


def test_the_graph_sees_both_layers_and_their_imports():
    assert {"pegline_core", "pegline_core.game", "pegline_core.players"} <= KERNEL_MODULES
    assert {"pegline_core.app.cli", "pegline_core.app.web.server", "pegline_core.rl"} <= \
        APPLICATION_MODULES
    assert "pegline_core.events" in GRAPH["pegline_core.game"]
    assert "pegline_core.players" in GRAPH["pegline_core.app.simulate"]
    assert "pegline_core.hook_times" in GRAPH["pegline_core.dispatch"]  # for its types alone


def test_the_kernel_imports_no_application_module_and_no_plugin():
    found = sorted(f"{name} imports {other}" for name in KERNEL_MODULES for other in GRAPH[name]
                   if other in APPLICATION_MODULES or other.partition(".")[0] in PLUGINS)
    assert found == []


def test_the_kernel_has_no_import_circle():
    assert circles(KERNEL_MODULES) == []


def test_the_application_layer_has_no_import_circle():
    assert circles(APPLICATION_MODULES) == []


def test_a_circle_is_found_when_there_is_one(monkeypatch):
    """The check can fail: a late import back from the variants into the records is a circle."""
    monkeypatch.setitem(GRAPH, "pegline_core.variant_files",
                        GRAPH["pegline_core.variant_files"] | {"pegline_core.record"})
    assert any({"pegline_core.record", "pegline_core.variant_files"} <= set(component)
               for component in circles(KERNEL_MODULES))


def test_the_application_layer_imports_no_game_plugin():
    """A game brings its commands, bots, terminal and web table through its plugin: the command
    line, the web server and the learning adapters name none."""
    found = sorted(f"{name} imports {other}" for name in APPLICATION_MODULES
                   for other in GRAPH[name] if other.partition(".")[0] in PLUGINS)
    assert found == []
