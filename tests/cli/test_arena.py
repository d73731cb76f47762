"""``clickbox arena``: tables, JSON, the report directory and usage errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from clickbox.bots.levels import LEVELS

from .test_cli import run


def arena_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    code, out = run(["arena", *args, "--json"])
    assert code == 0, out
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def test_arena_prints_rotations_per_bot_stats_elo_and_seats() -> None:
    code, out = run(
        ["arena", "clickety-clack", "--bots", "greedy,random", "--games", "3", "--seed", "1"]
    )
    assert code == 0, out
    assert "3 deals x 2 rotations = 6 games" in out
    assert "Elo" in out and "Seat advantage" in out and "greedy vs random" in out
    assert "ms/decision" in out


def test_arena_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = arena_json(
        capsys,
        "click-click-boom",
        "--bots",
        "rulebased,random,random,random",
        "--games",
        "2",
        "--seed",
        "3",
    )
    assert data["game"] == "click-click-boom(players=4)" and data["players"] == 4
    assert data["deals"] == 2 and data["games"] == 8 and len(data["rotations"]) == 4
    bots = {s["bot"]: s for s in data["bot_stats"]}
    assert bots["rulebased"]["games"] == 8 and bots["random"]["games"] == 24
    assert bots["rulebased"]["elo"] + bots["random"]["elo"] == pytest.approx(3000)
    assert [s["seat"] for s in data["seat_stats"]] == [0, 1, 2, 3]
    assert "results" not in data


def test_arena_solo_and_levels(capsys: pytest.CaptureFixture[str]) -> None:
    data = arena_json(capsys, "clever", "--bots", "easy", "--games", "2", "--seed", "1")
    assert data["players"] == 1 and data["games"] == 2
    (stats,) = data["bot_stats"]
    assert stats["bot"] == "easy" and stats["elo"] is None
    assert stats["spec"] == LEVELS["clever"]["easy"]
    code, out = run(["arena", "clever", "--bots", "random", "--games", "2", "--seed", "1"])
    assert code == 0 and "2 deals x 1 rotations = 2 games" in out and "Elo" not in out


def test_arena_report(tmp_path: Path) -> None:
    folder = tmp_path / "report"
    code, out = run(
        [
            "arena",
            "clickety-clack",
            "--bots",
            "random,greedy",
            "--games",
            "2",
            "--seed",
            "2",
            "--report",
            str(folder),
        ]
    )
    assert code == 0, out
    for name in ("games.csv", "summary.csv", "summary.json", "scores.png", "win_rates.png"):
        assert (folder / name).is_file(), name


def test_arena_usage_errors(tmp_path: Path) -> None:
    base = ["arena", "clickety-clack", "--games", "2", "--seed", "1"]
    code, out = run([*base, "--bots", "greedy,wizard"])
    assert code == 2 and "unknown bot 'wizard'" in out
    code, out = run([*base, "--bots", "greedy"])
    assert code == 2 and "players" in out  # one bot cannot fill a game of two or more
    code, out = run([*base, "--bots", "greedy,random", "--players", "3"])
    assert code == 2 and "2 bot(s) for 3 players" in out
    code, out = run([*base, "--bots", "greedy,random", "--workers", "0"])
    assert code == 2 and "workers must be at least 1" in out
    code, out = run([*base, "--bots", ","])
    assert code == 2 and "names no bot" in out
    code, out = run(
        ["arena", "clickety-clack", "--bots", "greedy,random", "--games", "0", "--seed", "1"]
    )
    assert code == 2 and "--games must be at least 1" in out
    a_file = tmp_path / "file.txt"
    a_file.write_text("x")
    code, out = run([*base, "--bots", "greedy,random", "--report", str(a_file)])
    assert code == 2 and "is a file" in out
