"""Gymnasium's and PettingZoo's conventions: episodes that always end (a default step limit,
and a bound on illegal actions in a row), masks never empty while a learner must act, a
``"human"`` render mode, and actions checked with words that say why."""

from __future__ import annotations

import functools
import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

import gymnasium
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, render_test

import clickbox.rl as rl
from clickbox.core import IllegalActionError, InvalidActionError
from clickbox.games import CATALOG
from clickbox.rl.gymnasium_env import GAME_IDS, MAX_EPISODE_STEPS, MAX_ILLEGAL
from clickbox.rl.pettingzoo_env import MAX_CYCLES

NAMES = [cls.name for cls in CATALOG.games]


def _gym(env_id: str = "clickbox/Clever-v0", **settings: Any) -> Any:
    return gymnasium.make(env_id, **settings)


def _illegal_code(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask == 0)[0])


# -- episodes that end ------------------------------------------------------------------------


def test_every_registered_id_truncates_after_a_default_number_of_steps() -> None:
    for env_id in GAME_IDS.values():
        assert gymnasium.spec(env_id).max_episode_steps == MAX_EPISODE_STEPS
    env = _gym(players=1, max_episode_steps=5)
    _, info = env.reset(seed=1)
    ends = []
    for _ in range(5):
        action = int(np.flatnonzero(info["action_mask"])[0])
        _, _, terminated, truncated, info = env.step(action)
        ends.append((terminated, truncated))
    assert ends == [(False, False)] * 4 + [(False, True)]


def test_the_pettingzoo_environments_truncate_after_max_cycles_by_default() -> None:
    assert rl.env("clever").max_cycles == MAX_CYCLES
    assert rl.parallel_env("clever").max_cycles == MAX_CYCLES
    assert rl.env("clever", max_cycles=None).max_cycles is None


def test_illegal_actions_in_a_row_truncate_a_gymnasium_episode() -> None:
    env = _gym(players=2, opponents="random")
    _, info = env.reset(seed=3)
    inner = env.unwrapped
    before = inner.table.snapshot()
    for _ in range(MAX_ILLEGAL - 1):  # one short of the bound, then a legal action ...
        _, reward, terminated, truncated, info = env.step(_illegal_code(info["action_mask"]))
        assert (reward, terminated, truncated) == (-1.0, False, False)
    assert inner.table.snapshot() == before  # ... nothing changed
    _, _, _, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    for step in range(1, MAX_ILLEGAL + 1):  # ... starts the count again
        _, reward, terminated, truncated, info = env.step(_illegal_code(inner.action_masks()))
        assert reward == -1.0 and not terminated
        assert truncated == (step == MAX_ILLEGAL)
    assert f"{MAX_ILLEGAL} illegal actions in a row" in info["truncated"]
    assert info["action_mask"].all() and inner.action_masks().all()
    with pytest.raises(IllegalActionError, match="reset"):
        env.step(0)
    _, info = env.reset()
    assert not info["action_mask"].all()
    few = _gym(players=1, max_illegal=3)
    few.reset(seed=1)
    truncations = [few.step(99_999)[3] for _ in range(3)]
    assert truncations == [False, False, True]


def test_illegal_actions_in_a_row_truncate_a_pettingzoo_game() -> None:
    env = rl.env("clickety-clack", players=2, illegal="penalize", max_illegal=5)
    env.reset(seed=2)
    for _ in range(4):
        env.step(99_999)
    assert not any(env.truncations.values())
    agent = env.agent_selection
    env.step(int(np.flatnonzero(env.observe(agent)["action_mask"])[0]))
    for _ in range(5):
        env.step(99_999)
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert "5 illegal actions in a row" in env.infos[env.agent_selection]["truncated"]
    assert all(env.observe(name)["action_mask"].all() for name in env.agents)
    for _ in env.agent_iter():
        env.step(None)
    assert env.agents == []

    par = rl.parallel_env("clever", players=2, illegal="penalize", max_illegal=3)
    par.reset(seed=2)
    truncated: dict[str, bool] = {}
    infos: dict[str, Any] = {}
    for _ in range(3):
        _, _, _, truncated, infos = par.step(dict.fromkeys(par.agents, 99_999))
    assert all(truncated.values()) and par.agents == []
    assert all("3 illegal actions in a row" in info["truncated"] for info in infos.values())
    with pytest.raises(IllegalActionError, match="reset"):
        par.step({})


# -- masks --------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_a_mask_a_learner_samples_from_is_never_empty(name: str) -> None:
    rng = random.Random(4)
    env = rl.env(name)
    env.reset(seed=4)
    for agent in env.agent_iter(3000):
        observation, _, terminated, truncated, _ = env.last()
        assert observation["action_mask"].any(), agent
        if terminated or truncated:
            assert observation["action_mask"].all()  # the game is over: any action will do
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    par = rl.parallel_env(name)
    observations, _ = par.reset(seed=4)
    while par.agents:
        for seen in observations.values():
            assert seen["action_mask"].any()
        actions = {
            agent: int(rng.choice(np.flatnonzero(seen["action_mask"])))
            for agent, seen in observations.items()
        }
        observations, *_ = par.step(actions)
    assert all(seen["action_mask"].all() for seen in observations.values())
    gym = _gym(GAME_IDS[CATALOG.get(name).key], opponents="random")
    _, info = gym.reset(seed=4)
    terminated = False
    while not terminated:
        assert info["action_mask"].any()
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, _, terminated, _, info = gym.step(action)
    assert info["action_mask"].all() and gym.unwrapped.action_masks().all()


# -- render_mode="human" ------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_render_human_prints_the_board_and_passes_pettingzoo_render_test(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    render_test(functools.partial(rl.env, name))
    assert "seat 0" in capsys.readouterr().out
    par = rl.parallel_env(name, render_mode="human")
    par.reset(seed=1)
    assert par.render() is None
    assert "seat 0" in capsys.readouterr().out
    key = CATALOG.get(name).key
    gym = _gym(GAME_IDS[key], render_mode="human")
    check_env(gym.unwrapped, skip_render_check=False)
    gym.reset(seed=1)
    assert gym.render() is None
    assert "seat 0" in capsys.readouterr().out


@pytest.mark.filterwarnings("ignore::UserWarning")  # api_test's advice on Dict observations
def test_the_library_checks_pass_with_the_new_defaults() -> None:
    api_test(rl.env("click-clack", illegal="penalize", max_illegal=2), num_cycles=30)
    parallel_api_test(rl.parallel_env("click-click-boom", players=3), num_cycles=30)
    check_env(_gym("clickbox/Clack-v0", max_illegal=2).unwrapped)


# -- checked actions ----------------------------------------------------------------------------

MALFORMED = [None, -1, 10**6, 2.5, "3", np.array([1, 2]), True, np.float32(1), [1]]


@pytest.mark.parametrize("action", MALFORMED, ids=repr)
def test_a_malformed_action_says_why_and_changes_nothing(action: Any) -> None:
    aec = rl.env("clever", players=2)
    aec.reset(seed=1)
    before = aec.table.snapshot()
    with pytest.raises(InvalidActionError, match="code"):
        aec.step(action)
    assert aec.table.snapshot() == before

    strict = _gym(players=2, opponents="random", illegal="raise")
    strict.reset(seed=1)
    before = strict.unwrapped.table.snapshot()
    with pytest.raises(InvalidActionError, match="code"):
        strict.step(action)
    assert strict.unwrapped.table.snapshot() == before

    gym = _gym(players=2, opponents="random")
    observation, _ = gym.reset(seed=1)
    inner = gym.unwrapped
    before, rngs = inner.table.snapshot(), {s: r.getstate() for s, r in inner._bot_rngs.items()}
    seen, reward, terminated, truncated, info = gym.step(action)
    assert (reward, terminated, truncated) == (-1.0, False, False)
    assert "code" in info["illegal"] and np.array_equal(seen, observation)
    assert inner.table.snapshot() == before
    assert {s: r.getstate() for s, r in inner._bot_rngs.items()} == rngs


def test_the_parallel_environment_checks_the_form_of_its_actions() -> None:
    env = rl.parallel_env("clever", players=2, illegal="penalize")
    env.reset(seed=1)
    before = env.table.snapshot()
    with pytest.raises(InvalidActionError, match="dict of agent names"):
        env.step([1, 2])  # type: ignore[arg-type]
    legal = int(np.flatnonzero(env._observe(0, True)["action_mask"])[0])
    with pytest.raises(InvalidActionError, match="'nobody' is not an agent"):
        env.step({"player_0": legal, "nobody": 3})
    assert env.table.snapshot() == before and env.cycles == 0
    _, rewards, _, _, infos = env.step({"player_0": None})
    assert rewards["player_0"] == -1.0 and "code" in infos["player_0"]["illegal"]
    assert env.table.snapshot() == before
