"""Which build of clickbox is loaded: the hot code compiled by mypyc, or pure Python.

The compiled modules are the core protocol, the rules of every game, Clever's search bot (its
evaluation runs in every decision the ``hard`` level makes), the environments' observation
encoders (one runs in every environment step) and the engine benchmark. The other
bots read views, whose values are untyped JSON: they stay pure Python, where a wrong annotation
cannot become a TypeError.

``setup.py`` compiles the modules of ``COMPILED_MODULES`` to C extensions from the same typed
source; the pure-Python files stay beside them as the fallback. This module is imported first
(by ``clickbox/__init__``) and loads the pure source instead of the extensions when

- ``CLICKBOX_PURE=1`` is set (to compare the two builds, or to debug in Python), or
- the build is missing or incomplete, or a compiled module's source was edited after the build
  (``make`` builds again), so that an edit is never silently ignored.

Standard library only; ``setup.py`` reads the module list from here.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

COMPILED_MODULES: tuple[str, ...] = (
    "clickbox.bots.clever.evaluation",
    "clickbox.bots.clever.features",
    "clickbox.bots.clever.search",
    "clickbox.core.appendonly",
    "clickbox.core.chance",
    "clickbox.core.decisions",
    "clickbox.core.protocol",
    "clickbox.games.boom.actions",
    "clickbox.games.boom.board",
    "clickbox.games.boom.game",
    "clickbox.games.boom.rules",
    "clickbox.games.boom.view",
    "clickbox.games.clack.actions",
    "clickbox.games.clack.board",
    "clickbox.games.clack.game",
    "clickbox.games.clack.layout",
    "clickbox.games.clack.rules",
    "clickbox.games.clack.view",
    "clickbox.games.clever.actions",
    "clickbox.games.clever.board",
    "clickbox.games.clever.game",
    "clickbox.games.clever.rules",
    "clickbox.games.clever.scorepad",
    "clickbox.games.clever.sheet",
    "clickbox.games.clever.view",
    "clickbox.games.clickety.actions",
    "clickbox.games.clickety.board",
    "clickbox.games.clickety.game",
    "clickbox.games.clickety.rules",
    "clickbox.games.clickety.scorepad",
    "clickbox.games.clickety.view",
    "clickbox.rl.boom",
    "clickbox.rl.clack",
    "clickbox.rl.clever",
    "clickbox.rl.clickety",
    "clickbox.rl.encoding",
    "clickbox.sim.bench",
)

_PACKAGE_ROOT = Path(__file__).resolve().parent.parent
MANIFEST = Path(__file__).with_name("_compiled.json")
"""Written by the build after compiling: the SHA-256 of each compiled module's source."""


def source_path(name: str) -> Path:
    """The ``.py`` file of module ``name`` (one of COMPILED_MODULES)."""
    return _PACKAGE_ROOT.joinpath(*name.split(".")).with_suffix(".py")


def source_digest(name: str) -> str:
    """The SHA-256 of module ``name``'s source, as the manifest records it."""
    return hashlib.sha256(source_path(name).read_bytes()).hexdigest()


def _extension_exists(name: str) -> bool:
    folder = source_path(name).parent
    stem = name.rsplit(".", 1)[1]
    return any(
        (folder / (stem + suffix)).exists() for suffix in importlib.machinery.EXTENSION_SUFFIXES
    )


def _decide() -> tuple[str, str]:
    """The build to load and why, before any compiled module is imported."""
    if os.environ.get("CLICKBOX_PURE") == "1":
        return "pure Python", "CLICKBOX_PURE=1"
    try:
        manifest = json.loads(MANIFEST.read_text())
        built = MANIFEST.stat().st_mtime
    except (OSError, ValueError):
        return "pure Python", "not compiled"
    digests = manifest.get("sources", {})
    for name in COMPILED_MODULES:
        if name not in digests or not _extension_exists(name):
            return "pure Python", f"the build lacks {name} (run make to rebuild)"
        # Checking out or touching a file changes its time, not its text: hash only then.
        if source_path(name).stat().st_mtime > built and source_digest(name) != digests[name]:
            return "pure Python", f"{name} was edited after the build (run make to rebuild)"
    return "compiled", "mypyc"


class _PureSourceFinder:
    """A meta-path finder that loads clickbox's modules from their ``.py`` source only."""

    @staticmethod
    def find_spec(
        fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith("clickbox.") or path is None:
            return None
        loader = (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
        for entry in path:
            spec = importlib.machinery.FileFinder(entry, loader).find_spec(fullname, target)
            if spec is not None:
                return spec
        return None


KIND, REASON = "pure Python", "not decided"
if __name__ == "clickbox._build":  # not when setup.py reads COMPILED_MODULES
    KIND, REASON = _decide()
    if KIND == "pure Python":
        sys.meta_path.insert(0, _PureSourceFinder())
        if REASON.endswith("(run make to rebuild)"):
            print(f"clickbox: running pure Python: {REASON}", file=sys.stderr)


def kind() -> str:
    """'compiled' or 'pure Python': the build that this process runs."""
    return KIND


def describe() -> str:
    """The build and why, as ``clickbox --version`` prints it."""
    return KIND if KIND == "compiled" else f"{KIND} ({REASON})"
