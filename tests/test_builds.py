"""The compiled build and the pure-Python build: which one runs, and that they play alike.

``make test`` sets ``CLICKBOX_REQUIRE_COMPILED=1``, so the suite fails if the build fell back to
pure Python; the pure-Python build is then run beside it here, on the same seeds.
"""

from __future__ import annotations

import importlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from clickbox import _build

from .build_fingerprint import fingerprint

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
COMPILED = _build.kind() == "compiled"
needs_compiled = pytest.mark.skipif(not COMPILED, reason=f"this build is {_build.describe()}")


def _python(code: str, src: Path = SRC, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(src)}
    environment.pop("CLICKBOX_PURE", None)  # the build under test, unless ``env`` says
    environment.update(env)
    return subprocess.run(
        [sys.executable, "-c", code],
        env=environment,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )


def test_the_suite_runs_on_the_build_it_requires() -> None:
    if os.environ.get("CLICKBOX_REQUIRE_COMPILED") == "1":
        assert COMPILED, f"the tests were asked to run compiled, but this is {_build.describe()}"


def test_every_compiled_module_is_loaded_from_its_extension_or_from_its_source() -> None:
    for name in _build.COMPILED_MODULES:
        path = importlib.import_module(name).__file__
        assert path is not None
        assert path.endswith(".so") == COMPILED, (name, path, _build.describe())


@needs_compiled
@pytest.mark.slow
def test_pure_python_plays_exactly_like_the_compiled_build() -> None:
    pure = _python(
        "import json, sys\n"
        "from clickbox import _build\n"
        "from tests.build_fingerprint import fingerprint\n"
        "json.dump({'build': _build.kind(), 'prints': fingerprint()}, sys.stdout)",
        CLICKBOX_PURE="1",
    )
    result = json.loads(pure.stdout)
    assert result["build"] == "pure Python"
    compiled = fingerprint()
    assert set(result["prints"]) == set(compiled)
    differing = sorted(name for name in compiled if result["prints"][name] != compiled[name])
    assert differing == [], f"pure Python plays otherwise in: {differing}"


@needs_compiled
def test_clickbox_pure_loads_every_module_from_source() -> None:
    names = json.dumps(list(_build.COMPILED_MODULES))
    out = _python(
        f"import importlib, clickbox._build as b\n"
        f"print(b.describe())\n"
        f"print(all(importlib.import_module(n).__file__.endswith('.py') for n in {names}))",
        CLICKBOX_PURE="1",
    )
    assert out.stdout.split("\n")[:2] == ["pure Python (CLICKBOX_PURE=1)", "True"]


@needs_compiled
def test_a_source_edited_after_the_build_runs_as_pure_python_and_says_so(tmp_path: Path) -> None:
    copy = tmp_path / "src"
    shutil.copytree(SRC, copy, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    rules = copy / "clickbox" / "games" / "clever" / "rules.py"
    check = "import clickbox._build as b, clickbox.games.clever.rules as r; print(b.describe())"

    rules.touch()  # a newer time but the same text (a checkout): still the compiled build
    assert _python(check, copy).stdout.strip() == "compiled"

    rules.write_text(rules.read_text() + "\n# an edit\n")
    out = _python(check, copy)
    assert "clickbox.games.clever.rules was edited after the build" in out.stdout
    assert "running pure Python" in out.stderr and "make" in out.stderr
    assert out.stdout.strip().startswith("pure Python")


def test_clickbox_version_names_the_build() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "clickbox", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert ("compiled" if COMPILED else "pure Python") in out.stdout
