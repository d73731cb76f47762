"""Engine throughput of every game, one core: random-play games/s, steps/s, decisions/s, clones/s.

    .venv/bin/python bench/engines.py [--seconds T] [--presets] [--json]
    .venv/bin/python bench/engines.py --compare [--seconds T] [--presets]

Prints one line per game and player count (``--presets``: each preset too) for the build this
process runs (compiled or pure Python, as ``clickbox --version`` says). ``--compare`` runs the
pure-Python build and then the compiled one, each in a fresh process one after the other, and
prints a Markdown table of both with the ratio (the table in ``docs/performance.md``). Figures go
in docs and issue notes, never in tests.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

from clickbox import _build
from clickbox.core import GameBase
from clickbox.games import CATALOG
from clickbox.sim import bench

FIGURES = ("games_per_second", "steps_per_second", "decisions_per_second", "clones_per_second")


def configurations(presets: bool) -> Iterator[GameBase]:
    """Every game at every player count, and (``presets``) each preset unlike the defaults."""
    for cls in CATALOG.games:
        for players in range(cls.min_players, cls.max_players + 1):
            specs: set[str] = set()
            for preset in (None, *cls.presets) if presets else (None,):
                game = cls.from_options(players, preset=preset)
                if game.spec() not in specs:
                    specs.add(game.spec())
                    yield game


def measure(seconds: float, presets: bool) -> Iterator[dict[str, Any]]:
    """The figures of each configuration, in this process's build."""
    for game in configurations(presets):
        result = bench(game, seconds)
        yield {"game": game.spec(), "build": _build.kind()} | {
            name: getattr(result, name) for name in FIGURES
        }


def run_build(pure: bool, seconds: float, presets: bool) -> list[dict[str, Any]]:
    """The figures of one build, measured in a fresh process."""
    env = {**os.environ, "CLICKBOX_PURE": "1"} if pure else dict(os.environ)
    if not pure:
        env.pop("CLICKBOX_PURE", None)
    command = [sys.executable, __file__, "--json", "--seconds", str(seconds)]
    out = subprocess.run(
        command + (["--presets"] if presets else []),
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def compare(seconds: float, presets: bool) -> None:
    """Both builds side by side, as a Markdown table."""
    pure = run_build(True, seconds, presets)
    compiled = run_build(False, seconds, presets)
    if not compiled or compiled[0]["build"] != "compiled":
        sys.exit(f"no compiled build to compare: this is {_build.describe()} (run make)")
    print(f"One core, {seconds:g} s of random play per line, then clones of sampled positions.\n")
    print("| game | games/s pure | compiled | × | decisions/s pure | compiled | × |", end="")
    print(" clones/s pure | compiled | × |")
    print("| --- |" + " ---: |" * 9)
    for p, c in zip(pure, compiled, strict=True):
        cells = [p["game"].replace("|", "\\|")]
        for name in ("games_per_second", "decisions_per_second", "clones_per_second"):
            cells += [f"{p[name]:,.0f}", f"{c[name]:,.0f}", f"{c[name] / p[name]:.2f}"]
        print("| " + " | ".join(cells) + " |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--presets", action="store_true", help="each preset too")
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    parser.add_argument("--compare", action="store_true", help="pure Python beside compiled")
    args = parser.parse_args()
    if args.compare:
        compare(args.seconds, args.presets)
        return
    if not args.json:
        print(f"clickbox engines, one core, {args.seconds:g} s per line, {_build.describe()}")
        print(f"{'game':60} {'games/s':>10} {'steps/s':>12} {'decisions/s':>12} {'clones/s':>12}")
    for row in measure(args.seconds, args.presets):
        if args.json:
            print(json.dumps(row), flush=True)
        else:
            figures = " ".join(f"{row[name]:12,.0f}" for name in FIGURES[1:])
            print(f"{row['game']:60} {row['games_per_second']:10,.0f} {figures}", flush=True)


if __name__ == "__main__":
    main()
