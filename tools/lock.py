"""Renew constraints.txt, the exact versions ``make`` installs: ``make lock``.

pyproject.toml gives compatible ranges (clickbox installs beside a researcher's own versions);
constraints.txt pins every package of the dev install (``.[dev,rl,ray]``), dependencies of
dependencies included, so that every install of the tree gets what was tested. This resolves
pyproject.toml's requirements afresh (the newest versions in the ranges) with pip's dry run:
nothing is installed, clickbox itself is not built and not listed, and nothing already in a
virtual environment is carried over.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXTRAS = ("dev", "rl", "ray")
"""The extras of the dev install (the Makefile's ``.[dev,rl,ray]``)."""
UNWANTED = ("torch",)
"""Not a dependency of clickbox (docs/rl.md's training example brings its own): never locked."""
HEADER = """\
# The exact versions that `make run` and `make test` install (pip install -c constraints.txt):
# every package of the dev install ('.[dev,rl,ray]'), dependencies of dependencies included,
# for Python 3.11 on Linux. clickbox's own requirements are the ranges in pyproject.toml; this
# file is made from them by `make lock` (tools/lock.py): edit pyproject.toml, then run it.
"""


def requirements(pyproject: Path) -> list[str]:
    """The project's requirements and those of the dev install's extras."""
    project = tomllib.loads(pyproject.read_text())["project"]
    extras = project.get("optional-dependencies", {})
    return [*project["dependencies"], *(req for extra in EXTRAS for req in extras[extra])]


def resolve(reqs: list[str]) -> dict[str, str]:
    """The versions pip would install for ``reqs`` into an empty environment, by name."""
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.json"
        command = [sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed"]
        command += ["--quiet", "--report", str(report), *reqs]
        subprocess.run(command, check=True)
        installs = json.loads(report.read_text())["install"]
    return {item["metadata"]["name"]: item["metadata"]["version"] for item in installs}


def constraints(versions: dict[str, str]) -> str:
    """The text of constraints.txt: one ``name==version`` a line, sorted as pip freeze does."""
    lines = [f"{name}=={versions[name]}" for name in sorted(versions, key=str.lower)]
    return HEADER + "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    target = Path(argv[0]) if argv else ROOT / "constraints.txt"
    versions = resolve(requirements(ROOT / "pyproject.toml"))
    versions.pop("clickbox", None)
    pulled = [name for name in versions if name.lower() in UNWANTED]
    if pulled:
        print(f"lock: {', '.join(pulled)} pulled in; constraints.txt not written", file=sys.stderr)
        return 1
    target.write_text(constraints(versions))
    print(f"{target}: {len(versions)} packages")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
