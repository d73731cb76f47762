"""The examples of ``examples/rl`` run as a user runs them, on a small budget."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pyspiel")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "rl"


def _run(script: str, *arguments: str) -> str:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *arguments],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_openspiel_mcts_plays_every_level_of_clickety_clack() -> None:
    out = _run("openspiel_mcts_clickety.py", "--games", "1", "--simulations", "5", "--seed", "1")
    for level in ("random", "easy", "medium"):
        assert f"vs {level}" in out
    assert "MCTS win rate" in out


def test_boom_self_play_trains_and_saves_its_weights(tmp_path: Path) -> None:
    out_file = tmp_path / "boom.npz"
    arguments = ["--games", "20", "--eval-every", "10", "--eval-games", "4", "--seed", "1"]
    out = _run("boom_self_play.py", *arguments, "--out", str(out_file))
    assert "after 20 games" in out and "vs 2x easy" in out
    weights = np.load(out_file)
    assert weights["W"].shape[0] > 0 and np.abs(weights["W"]).sum() > 0


def test_the_ppo_example_runs_where_sb3_contrib_is_installed(tmp_path: Path) -> None:
    pytest.importorskip("sb3_contrib")
    out = _run(
        "clever_maskable_ppo.py",
        *("--minutes", "0.05", "--eval-games", "3", "--out", str(tmp_path / "ppo.zip")),
    )
    assert "random" in out
