"""The Ray backend gives the figures of the local one, on a local Ray started by the test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

ray = pytest.importorskip("ray")

from clickbox.games import load  # noqa: E402
from clickbox.sim.analytics import analyze  # noqa: E402
from clickbox.sim.series import run_series  # noqa: E402


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """One local Ray for the module, shut down after it (no Ray process outlives the tests)."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def test_analyze_on_ray_equals_analyze_on_local_processes(local_ray: None) -> None:
    game = load("click-click-boom", players=3, preset="advanced")
    bots = ["random", "rulebased", "random"]
    local = analyze(game, bots, 150, seed=9, workers=2)
    seen: list[int] = []
    remote = analyze(game, bots, 150, seed=9, workers=2, on_progress=seen.append, backend="ray")
    assert remote.to_json() == local.to_json()
    assert sum(seen) == 150 and len(seen) > 1  # the progress came chunk by chunk


def test_simulate_on_ray_gives_the_same_records(local_ray: None) -> None:
    game = load("clever", players=2)
    local = [r.dumps() for r in run_series(game, ["greedy", "random"], 40, seed=5)]
    remote = [r.dumps() for r in run_series(game, ["greedy", "random"], 40, seed=5, backend="ray")]
    assert remote == local


def test_an_arena_on_ray_plays_the_same_games(local_ray: None) -> None:
    from clickbox.sim.arena import play_arena

    game = load("clickety-clack", players=2)
    bots = ["greedy", "random"]
    local = [(r.deal, r.rotation, r.scores, r.winners) for r in play_arena(game, bots, 12, 3)]
    remote = play_arena(game, bots, 12, 3, workers=2, backend="ray")
    assert [(r.deal, r.rotation, r.scores, r.winners) for r in remote] == local


def test_a_run_starts_and_stops_its_own_ray_when_none_is_running() -> None:
    if ray.is_initialized():  # the module's Ray: this run must start its own
        ray.shutdown()
    game = load("clickety-clack", players=2)
    analysis = analyze(game, ["random", "random"], 20, seed=1, workers=1, backend="ray")
    assert analysis.games == 20
    assert not ray.is_initialized()


def test_a_changed_rule_number_reaches_ray_workers(local_ray: None) -> None:
    """A designer's number travels in the game's spec to every Ray worker: the figures are
    the local processes' and differ from the rulebook's game."""
    changed = load("click-click-boom", players=3, options={"start_silver": 20, "shootouts": 1})
    bots = ["rulebased"] * 3
    remote = analyze(changed, bots, 60, seed=4, workers=2, backend="ray")
    assert remote.to_json() == analyze(changed, bots, 60, seed=4, workers=2).to_json()
    assert "start_silver=20" in remote.game
    rulebook = analyze(load("click-click-boom", players=3), bots, 60, seed=4)
    assert remote.levers["shootouts played"].mean == 1.0
    assert rulebook.levers["shootouts played"].mean > 1.0
