"""The environments under the standard libraries' own checks, for every game and player count.

PettingZoo's ``api_test``, ``seed_test``, ``parallel_api_test`` and ``max_cycles_test``,
Gymnasium's ``check_env`` and OpenSpiel's ``random_sim_test``; then what PettingZoo cannot do:
clones and JSON snapshots that play on identically.
"""

from __future__ import annotations

import functools
import json
import types
import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

import gymnasium
import pyspiel
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import (
    api_test,
    max_cycles_test,
    parallel_api_test,
    seed_test,
)
from pettingzoo.utils import parallel_to_aec

import clickbox.rl as rl
from clickbox.core import IllegalActionError, InvalidActionError
from clickbox.games import CATALOG
from clickbox.rl import openspiel_game

CONFIGS = [
    (cls.name, players)
    for cls in CATALOG.games
    for players in range(cls.min_players, cls.max_players + 1)
]
PRESETS = [(cls.name, preset) for cls in CATALOG.games for preset in cls.presets]


def _id(config: tuple[str, Any]) -> str:
    return f"{config[0]}-{config[1]}"


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():
        # api_test warns that a waiting agent's mask is all zeros: it has nothing to choose
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_pettingzoo_aec_api_and_seed_tests(config: tuple[str, int]) -> None:
    name, players = config
    api_test(rl.env(name, players=players), num_cycles=60)
    seed_test(functools.partial(rl.env, name, players=players), num_cycles=40)


@pytest.mark.parametrize("config", PRESETS, ids=_id)
def test_pettingzoo_api_test_under_every_preset(config: tuple[str, str]) -> None:
    name, preset = config
    api_test(rl.env(name, preset=preset), num_cycles=40)


@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_pettingzoo_parallel_and_max_cycles_tests(config: tuple[str, int]) -> None:
    name, players = config
    parallel_api_test(rl.parallel_env(name, players=players), num_cycles=60)
    # max_cycles_test samples actions without their masks: illegal ones cost a reward and
    # change nothing; its AEC side is PettingZoo's own conversion of the Parallel environment
    # (the test wants every agent stepped once a cycle, which a turn-based AEC cannot do)
    make = functools.partial(rl.parallel_env, name, players=players, illegal="penalize")
    module = types.SimpleNamespace(
        parallel_env=make, env=lambda **settings: parallel_to_aec(make(**settings))
    )
    max_cycles_test(module)


def test_the_aec_environment_takes_options_and_steps_simultaneous_choices_seat_by_seat() -> None:
    env = rl.env("click-click-boom", players=4, advanced=True)
    assert env.game.spec() == "click-click-boom(players=4,advanced=true)"
    env = rl.env("clever", players=3)
    env.reset(seed=3)
    seen_simultaneous = False
    for agent in env.agent_iter(2000):
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        table = env.table
        seat = env.agent_name_mapping[agent]
        if len(table.deciding()) > 1:
            seen_simultaneous = True
            waiting = table.deciding()[1]
            assert not env.observe(env.possible_agents[waiting])["action_mask"].any()
        legal = np.flatnonzero(observation["action_mask"])
        assert sorted(legal) == sorted(table.legal(seat))
        env.step(int(legal[0]))
    assert seen_simultaneous


def _unwrapped(env: gymnasium.Env[Any, Any]) -> rl.ClickboxGymEnv:
    inner = env.unwrapped
    assert isinstance(inner, rl.ClickboxGymEnv)
    return inner


@pytest.mark.parametrize(
    ("env_id", "settings"),
    [
        ("clickbox/Clever-v0", {"players": 1}),
        ("clickbox/Clever-v0", {"players": 3, "opponents": "easy", "seat": "random"}),
        ("clickbox/Clickety-v0", {"players": 2, "opponents": "hard"}),
        ("clickbox/Boom-v0", {"players": 4, "opponents": "easy", "advanced": True}),
        ("clickbox/Clack-v0", {"players": 2, "opponents": "easy"}),
    ],
)
def test_gymnasium_environments_pass_check_env(env_id: str, settings: dict[str, Any]) -> None:
    env = gymnasium.make(env_id, **settings)
    check_env(env.unwrapped, skip_render_check=False)
    observation, info = env.reset(seed=5)
    rng = np.random.default_rng(5)
    total, over = 0.0, False
    while not over:
        assert env.unwrapped.observation_space.contains(observation)
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        observation, reward, over, truncated, info = env.step(action)
        total += float(reward)
        assert not truncated
    seat = _unwrapped(env).seat
    assert total == info["scores"][seat]


def test_the_gymnasium_environment_refuses_an_illegal_action_and_changes_nothing() -> None:
    env = _unwrapped(gymnasium.make("clickbox/Clever-v0", players=1))
    env.reset(seed=2)
    before = env.table.state.view(0)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, over, _, info = env.step(illegal)
    assert reward == -1.0 and not over and "is not" in info["illegal"]
    assert env.table.state.view(0) == before
    strict = _unwrapped(gymnasium.make("clickbox/Clever-v0", players=1, illegal="raise"))
    strict.reset(seed=2)
    with pytest.raises(InvalidActionError, match="not an action code"):
        strict.step(99_999)
    assert strict.table.state.view(0) == before


def test_the_aec_environment_raises_on_an_illegal_action_and_changes_nothing() -> None:
    env = rl.env("clickety-clack", players=2)
    env.reset(seed=1)
    before = env.table.snapshot()
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(IllegalActionError, match="not legal"):
        env.step(int(np.flatnonzero(mask == 0)[1]))
    assert env.table.snapshot() == before


@pytest.mark.parametrize("reward", ["win", "zero-sum"])
def test_win_rewards_share_one_among_the_winners(reward: str) -> None:
    env = rl.env("clickety-clack", players=3, reward=reward)
    env.reset(seed=4)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(5000):
        observation, gained, terminated, truncated, _ = env.last()
        totals[agent] += gained
        legal = np.flatnonzero(observation["action_mask"])
        env.step(None if terminated or truncated else int(legal[-1]))
    outcome = env.table.state.outcome()
    assert outcome is not None
    assert sum(totals.values()) == pytest.approx(1.0 if reward == "win" else 0.0)
    best = max(totals, key=totals.__getitem__)
    assert env.agent_name_mapping[best] in outcome.winners


def test_ansi_render_draws_the_board_everyone_may_see() -> None:
    env = rl.env("click-click-boom", players=3, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and "seat 0" in text
    table = env.table
    for seat in range(3):  # no hand a seat may not see is drawn
        for other, data in enumerate(table.state.view(seat)["seats"]):
            if data["hand"] is None:
                assert table.state.view(None)["seats"][other]["hand"] is not None


# -- OpenSpiel --------------------------------------------------------------------------------


@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_openspiel_random_sim_test(config: tuple[str, int]) -> None:
    name, players = config
    key = CATALOG.get(name).key
    game = pyspiel.load_game(f"clickbox_{key}(players={players})")
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_openspiel_games_take_options_and_their_tensors_are_the_encoders() -> None:
    game = pyspiel.load_game("clickbox_clickety(players=2,side=B,reward=win)")
    assert game.clickbox_game.spec() == "clickety-clack(players=2,side=B)"
    row5 = pyspiel.load_game("clickbox_clickety(row5=2_3_4_5_6_7_8_9_10_11)")
    assert row5.clickbox_game.params.row5 == "2-3-4-5-6-7-8-9-10-11"
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    encoder = rl.encoder_for(game.clickbox_game)
    expected = encoder.encode(state.clickbox_state.view(0, history=False))
    assert state.observation_tensor(0) == pytest.approx(expected)
    assert state.observation_tensor(1) == pytest.approx(
        encoder.encode(state.clickbox_state.view(1, history=False))
    )
    assert game.num_distinct_actions() == encoder.actions
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert state.history() != clone.history()
    assert state.clickbox_state.history != clone.clickbox_state.history


def test_openspiel_mcts_plays_clickety_clack_against_a_clickbox_bot() -> None:
    from open_spiel.python.algorithms import evaluate_bots, mcts

    game = pyspiel.load_game("clickbox_clickety(players=2)")
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    searcher = mcts.MCTSBot(game, 1.4, 30, evaluator, random_state=rng)
    opponent = openspiel_game.ClickboxBot("greedy", player=1, seed=7)
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), [searcher, opponent], rng)
    assert len(returns) == 2 and sum(returns) == pytest.approx(0.0)


# -- clones and snapshots ---------------------------------------------------------------------


def _play(env: rl.ClickboxAECEnv, choose: int, steps: int) -> list[int]:
    """Play ``steps`` moves, each the ``choose``-th legal one (modulo); return them."""
    played = []
    for _ in range(steps):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            break
        legal = np.flatnonzero(env.observe(agent)["action_mask"])
        action = int(legal[choose % len(legal)])
        env.step(action)
        played.append(action)
    return played


@pytest.mark.parametrize("config", [(cls.name, cls.max_players) for cls in CATALOG.games], ids=_id)
def test_a_clone_and_its_original_differ_only_by_the_actions_given_to_each(
    config: tuple[str, int],
) -> None:
    name, players = config
    env = rl.env(name, players=players)
    env.reset(seed=11)
    _play(env, 0, 8)
    twin = env.clone()
    # the same actions: the same game, chance included, and the same observations
    assert _play(env, 1, 6) == _play(twin, 1, 6)
    assert not env.table.is_over()
    assert env.table.state.history == twin.table.state.history
    for agent in env.agents:
        assert np.array_equal(env.observe(agent)["observation"], twin.observe(agent)["observation"])
    # other actions: the clone moves on alone, the original stays where it was
    before = env.table.state.history
    third = twin.clone()
    _play(third, 2, 10)
    assert env.table.state.history == before == twin.table.state.history
    assert third.table.state.history[: len(before)] == before
    assert third.table.state.history != before


@pytest.mark.parametrize("name", [cls.name for cls in CATALOG.games])
def test_a_json_snapshot_restores_a_game_that_plays_on_identically(name: str) -> None:
    env = rl.env(name)
    env.reset(seed=8)
    _play(env, 1, 12)
    snapshot = json.loads(json.dumps(env.snapshot()))
    other = rl.env(name)
    other.restore(snapshot)
    assert other.table.state.history == env.table.state.history
    assert _play(env, 3, 30) == _play(other, 3, 30)
    assert other.table.state.history == env.table.state.history
    parallel = rl.parallel_env(name)
    parallel.reset(seed=1)
    parallel.restore(snapshot)
    assert parallel.table.state.history == snapshot["table"]["actions"]


def test_docs_list_every_observation_field_as_the_encoders_make_them() -> None:
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "tools" / "rl_docs.py"
    spec = importlib.util.spec_from_file_location("rl_docs", path)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    page = tool.PAGE.read_text()
    assert tool.updated(page) == page, "run python tools/rl_docs.py"
    for cls in CATALOG.games:
        for field in rl.encoder_for(cls.from_options(cls.default_players)).fields:
            assert f"`{field.name}`" in page
