"""Build clickbox: the hot code compiled to C extensions by mypyc, or pure Python.

The compiled modules are the same typed source as the pure ones (``src/clickbox/_build.py``
lists them and tells at run time which build is loaded). The build falls back to pure Python,
saying why, when ``CLICKBOX_PURE=1`` is set, when mypyc, a C compiler or the Python headers are
missing, or when compiling fails.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import sysconfig
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "src" / "clickbox"))
from _build import COMPILED_MODULES, MANIFEST, source_digest  # noqa: E402  (lives beside the code)

sys.path.pop(0)


def _say(message: str) -> None:
    print(f"clickbox build: {message}", file=sys.stderr, flush=True)


def _why_pure() -> str | None:
    """Why this build cannot be compiled, or None if it can be tried."""
    if os.environ.get("CLICKBOX_PURE") == "1":
        return "CLICKBOX_PURE=1 is set"
    compiler = sysconfig.get_config_var("CC") or "cc"
    if shutil.which(compiler.split()[0]) is None:
        return f"no C compiler ({compiler.split()[0]}) on PATH"
    include = sysconfig.get_paths()["include"]
    if not (Path(include) / "Python.h").exists():
        return f"no Python headers ({include}/Python.h)"
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypyc is not installed"
    return None


class BuildOrFallBack(build_ext):
    """Compile the extensions afresh and write the manifest; on failure, install pure Python."""

    def run(self) -> None:
        first = COMPILED_MODULES[0]  # clickbox.x.y: the package folder is 2 levels above it
        package = Path(self.get_ext_fullpath(first)).parents[first.count(".") - 1]
        manifest = package / MANIFEST.name
        manifest.unlink(missing_ok=True)
        if not self.extensions:  # pure Python: extensions left in place are not loaded
            return
        # Every extension is built afresh; one left from an earlier build (a module no longer
        # compiled) would be loaded instead of its source, so none is kept.
        self.force = True
        stale = [*package.rglob("*.so"), *package.rglob("*.pyd")]
        for path in [*stale, *package.parent.glob("clickbox__mypyc*")]:
            path.unlink(missing_ok=True)
        try:
            super().run()
        except Exception as error:
            _say(f"compiling failed ({error}); installing pure Python")
            return
        # The manifest says the build is complete and which sources it was made from.
        sources = {name: source_digest(name) for name in COMPILED_MODULES}
        manifest.write_text(json.dumps({"sources": sources}, indent=1, sort_keys=True) + "\n")
        _say(f"compiled {len(sources)} modules")


def _extensions() -> list[Any]:
    reason = _why_pure()
    if reason is not None:
        MANIFEST.unlink(missing_ok=True)  # an earlier compiled build in place is not loaded
        _say(f"{reason}; installing pure Python")
        return []
    from mypyc.build import mypycify

    paths = [f"src/{name.replace('.', '/')}.py" for name in COMPILED_MODULES]
    _say(f"compiling {len(paths)} modules with mypyc")
    try:
        return list(
            mypycify(
                # the project's mypy sections for modules outside the build are not unused
                [
                    "--follow-imports=silent",
                    "--ignore-missing-imports",
                    "--no-warn-unused-configs",
                    *paths,
                ],
                group_name="clickbox",
            )
        )
    except BaseException as error:
        MANIFEST.unlink(missing_ok=True)
        _say(f"mypyc failed ({error!r}); installing pure Python")
        return []


setup(ext_modules=_extensions(), cmdclass={"build_ext": BuildOrFallBack})
