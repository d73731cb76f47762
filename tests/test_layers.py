"""Inner layers import nothing from outer ones; rules code draws no random numbers."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
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


def _runtime_imports(path: Path) -> set[str]:
    """Modules imported by a file, except under ``if TYPE_CHECKING:``."""
    names: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
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
            for name in _runtime_imports(path):
                top = name.split(".")[0]
                assert top in stdlib or top == "clickbox", f"{path}: imports {name}"


def test_storage_and_server_stay_below_the_cli() -> None:
    """storage knows no server; neither imports the CLI or rich (the server prints nothing)."""
    loaded = _modules_after_import("clickbox.storage")
    assert not any(m.startswith(("clickbox.server", "clickbox.cli", "rich")) for m in loaded)
    loaded = _modules_after_import("clickbox.server", "clickbox.server.serve")
    assert not any(m.startswith(("clickbox.cli", "rich")) for m in loaded)


def test_the_cli_loads_the_web_stack_only_to_serve() -> None:
    loaded = _modules_after_import("clickbox.cli.main")
    assert not any(m.startswith(("starlette", "uvicorn", "sqlalchemy")) for m in loaded)
