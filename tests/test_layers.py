"""Inner layers import nothing from outer ones, nothing imports in a circle, rules code draws no
random numbers, and every game's packages hold the same files, importing one way.

The import graph is read from the code itself (:func:`_imports`): every ``import`` counts, at a
module's top, inside a function or under ``if TYPE_CHECKING:``, since a circle of type-only
imports is still a circle for a reader and for a compiled build.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "clickbox"
FORBIDDEN = [
    "rich",
    "clickbox.cli",
    "clickbox.storage",
    "clickbox.server",
    "sqlite3",
    "sqlalchemy",
    "fastapi",
    "starlette",
]


def _modules_after_import(*names: str) -> set[str]:
    code = (
        f"import json, sys\nfor n in {list(names)!r}: __import__(n)\n"
        "print(json.dumps(sorted(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout))


def test_core_games_bots_sim_import_no_outer_layer() -> None:
    loaded = _modules_after_import(
        "clickbox.core", "clickbox.games", "clickbox.bots", "clickbox.sim"
    )
    leaked = sorted(m for m in loaded for f in FORBIDDEN if m == f or m.startswith(f + "."))
    assert leaked == []


def test_core_imports_no_game() -> None:
    loaded = _modules_after_import("clickbox.core")
    assert not any(
        m.startswith(("clickbox.games", "clickbox.bots", "clickbox.sim")) for m in loaded
    )


def _runtime_imports(path: Path, optional: bool = True) -> set[str]:
    """Modules imported by a file, except under ``if TYPE_CHECKING:`` (and, unless
    ``optional``, in a ``try:`` that falls back on ``ImportError``)."""
    names: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            if not optional and isinstance(child, ast.Try):
                handled = [ast.unparse(h.type) for h in child.handlers if h.type is not None]
                if "ImportError" in handled:
                    for handler in child.handlers:
                        visit(handler)
                    continue
            if isinstance(child, ast.Import):
                names.update(alias.name for alias in child.names)
            elif isinstance(child, ast.ImportFrom) and child.level == 0 and child.module:
                names.add(child.module)
            visit(child)

    visit(ast.parse(path.read_text()))
    return names


def test_rules_code_never_imports_random() -> None:
    for path in sorted((SRC / "games").rglob("*.py")):
        imports = _runtime_imports(path)
        assert "random" not in imports and "secrets" not in imports, path
    for path in sorted((SRC / "core").rglob("*.py")):
        if path.name != "chance.py":  # the driver's sampler, the only place chance is drawn
            assert "secrets" not in _runtime_imports(path), path


def test_core_and_games_use_the_standard_library_only() -> None:
    stdlib = sys.stdlib_module_names
    for folder in ("core", "games"):
        for path in sorted((SRC / folder).rglob("*.py")):
            for name in _runtime_imports(path, optional=False):  # mypyc's hints are optional
                top = name.split(".")[0]
                assert top in stdlib or top == "clickbox", f"{path}: imports {name}"


def test_the_observation_encoders_use_the_standard_library_only() -> None:
    """An encoder reads a view, as plain as the views themselves: ``rl/encoding.py`` and one
    ``rl/KEY.py`` per game, named after it."""
    stdlib = sys.stdlib_module_names
    encoders = [SRC / "rl" / "encoding.py", *(SRC / "rl" / f"{game}.py" for game in GAMES)]
    for path in encoders:
        for name in _runtime_imports(path, optional=False):
            top = name.split(".")[0]
            assert top in stdlib or top == "clickbox", f"{path}: imports {name}"


def test_the_environments_stay_out_of_every_other_layer() -> None:
    """Nothing imports the environments, so no other layer needs their optional extra."""
    for module, imported in _graph().items():
        if not module.startswith("clickbox.rl"):
            assert not any(other.startswith("clickbox.rl") for other in imported), module


def test_storage_and_server_stay_below_the_cli() -> None:
    """storage knows no server; neither imports the CLI or rich (the server prints nothing)."""
    loaded = _modules_after_import("clickbox.storage")
    assert not any(m.startswith(("clickbox.server", "clickbox.cli", "rich")) for m in loaded)
    loaded = _modules_after_import("clickbox.server", "clickbox.server.serve")
    assert not any(m.startswith(("clickbox.cli", "rich")) for m in loaded)


def test_the_cli_loads_the_web_stack_only_to_serve() -> None:
    loaded = _modules_after_import("clickbox.cli.main")
    assert not any(m.startswith(("starlette", "uvicorn", "sqlalchemy")) for m in loaded)


# -- the import graph ----------------------------------------------------------------------------

LAYERS = ("core", "games", "bots", "sim", "storage", "server", "cli", "rl")
"""The layers, inner first: a module imports only from its own layer and those before it
(``clickbox/__init__``, ``_version`` and ``paths`` are below every layer)."""

GAME_FILES = (
    "board",
    "sheet",
    "layout",
    "params",
    "actions",
    "rules",
    "view",
    "scorepad",
    "words",
    "game",
)
"""A game package's modules in their import order (``sheet``/``layout``: board data structures;
a game without a score pad or such a structure has no such file; ``words``: its narrator of a
view's log); ``__init__`` comes last."""

BOT_FILES = ("evaluation", "features", "network", "policy", "worlds", "search", "training")
"""A game's bots package's modules in their import order; ``__init__`` comes last."""

GAMES = ("boom", "clack", "clever", "clickety")


def _module_name(path: Path) -> str:
    parts = ["clickbox", *path.relative_to(SRC).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, modules: set[str]) -> Iterator[str]:
    """The clickbox modules ``path`` imports, wherever the import statement stands."""
    package = _module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            # ``from . import view`` imports the module ``view``; ``from .view import x`` ``view``
            targets = [
                f"{module}.{a.name}" if f"{module}.{a.name}" in modules else module
                for a in node.names
            ]
        else:
            continue
        for target in targets:
            while target not in modules and "." in target:
                target = target.rsplit(".", 1)[0]
            if target in modules:
                yield target


def _graph() -> dict[str, set[str]]:
    paths = {_module_name(p): p for p in SRC.rglob("*.py")}
    modules = set(paths)
    return {name: set(_imports(path, modules)) - {name} for name, path in paths.items()}


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return circles


def test_the_circle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _circles(graph) == [["a", "b", "c"]]
    assert _circles({"a": {"b"}, "b": set()}) == []


def test_no_module_imports_in_a_circle() -> None:
    assert _circles(_graph()) == []


def _layer(module: str) -> int | None:
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else None


def test_every_layer_imports_only_from_the_layers_below() -> None:
    wrong = []
    for module, imported in _graph().items():
        layer = _layer(module)
        for other in imported:
            below = _layer(other)
            if layer is not None and below is not None and below > layer:
                wrong.append(f"{module} imports {other}")
            if (
                layer is None
                and module not in ("clickbox", "clickbox.__main__")
                and below is not None
            ):
                wrong.append(f"{module} (below every layer) imports {other}")
    assert wrong == []


def test_the_games_and_their_bots_have_one_name_and_the_same_files() -> None:
    games = sorted(p.name for p in (SRC / "games").iterdir() if (p / "__init__.py").exists())
    bots = sorted(p.name for p in (SRC / "bots").iterdir() if (p / "__init__.py").exists())
    assert games == bots == sorted(GAMES)
    renderers = sorted(
        p.stem for p in (SRC / "cli" / "render").glob("*.py") if p.stem != "__init__"
    )
    assert set(GAMES) <= set(renderers)
    for game in GAMES:
        files = {p.stem for p in (SRC / "games" / game).glob("*.py")}
        assert {"__init__", "board", "params", "actions", "rules", "view", "game"} <= files
        assert files <= {"__init__", *GAME_FILES}, f"games/{game} holds more than the rules"
        assert {p.stem for p in (SRC / "bots" / game).glob("*.py")} <= {"__init__", *BOT_FILES}
        assert "evaluation" in {p.stem for p in (SRC / "bots" / game).glob("*.py")}


def _in_order(package: str, order: tuple[str, ...]) -> list[str]:
    """Imports inside ``package`` that go against ``order`` (or reach another game's package)."""
    graph = _graph()
    wrong = []
    for module, imported in graph.items():
        if not module.startswith(package + "."):
            continue
        rank = order.index(module.rsplit(".", 1)[1])
        for other in imported:
            if other.startswith(package + "."):
                if order.index(other.rsplit(".", 1)[1]) >= rank:
                    wrong.append(f"{module} imports {other}")
            elif other == package:
                wrong.append(f"{module} imports its own package's __init__")
    return wrong


def test_every_game_package_imports_one_way() -> None:
    for game in GAMES:
        assert _in_order(f"clickbox.games.{game}", GAME_FILES) == [], game
        assert _in_order(f"clickbox.bots.{game}", BOT_FILES) == [], game


def test_a_games_packages_know_no_other_game() -> None:
    graph = _graph()
    for game in GAMES:
        for layer in ("games", "bots"):
            prefix = f"clickbox.{layer}.{game}"
            for module, imported in graph.items():
                if module == prefix or module.startswith(prefix + "."):
                    others = {
                        o
                        for o in imported
                        for g in GAMES
                        if g != game
                        for lay in ("games", "bots")
                        if o == f"clickbox.{lay}.{g}" or o.startswith(f"clickbox.{lay}.{g}.")
                    }
                    assert not others, f"{module} imports {sorted(others)}"


def test_the_rules_define_no_bot_knowledge() -> None:
    """No evaluation, policy or heuristic in a rules package: those are the bots'."""
    words = ("evaluat", "heuristic", "policy", "rule_based", "memory_action", "sample_worlds")
    for path in sorted((SRC / "games").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                assert not any(w in node.name.lower() for w in words), f"{path}: {node.name}"
