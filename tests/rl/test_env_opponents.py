"""The Gymnasium environment's opponents: bot specs, bots, and any policy
``(observation, mask) -> action`` (a trained agent, a self-play pool)."""

from __future__ import annotations

import pickle
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import gymnasium

from clickbox.core import OptionError
from clickbox.rl import ClickboxGymEnv
from clickbox.rl.policy import PolicyBot

from ..sim import policies


def _inner(env: gymnasium.Env[Any, Any]) -> ClickboxGymEnv:
    inner = env.unwrapped
    assert isinstance(inner, ClickboxGymEnv)
    return inner


def _episode(env: gymnasium.Env[Any, Any], seed: int) -> list[Any]:
    """A game of the learner's lowest legal codes: its observations and rewards."""
    observation, info = env.reset(seed=seed)
    trace: list[Any] = [observation.tolist()]
    over = False
    while not over:
        action = int(np.flatnonzero(info["action_mask"])[0])
        observation, reward, terminated, truncated, info = env.step(action)
        over = terminated or truncated
        trace.append((observation.tolist(), reward))
    return trace


def test_a_callable_opponent_plays_as_its_python_policy_spec() -> None:
    by_callable = gymnasium.make("clickbox/Clickety-v0", players=2, opponents=policies.last_legal)
    by_spec = gymnasium.make(
        "clickbox/Clickety-v0", players=2, opponents="py:tests.sim.policies:last_legal"
    )
    assert isinstance(_inner(by_callable).opponents[0], PolicyBot)
    assert _episode(by_callable, 3) == _episode(by_spec, 3)
    by_random = gymnasium.make("clickbox/Clickety-v0", players=2, opponents="random")
    assert _episode(by_random, 3) != _episode(by_spec, 3)


def test_a_self_play_pool_sits_in_the_environment_and_can_change_its_policy() -> None:
    pool = policies.Pool()
    env = gymnasium.make("clickbox/Boom-v0", players=3, opponents=[pool, "random"])
    bots = _inner(env).opponents
    assert isinstance(bots[0], PolicyBot) and bots[1].name == "random"
    first = _episode(env, 1)
    assert pool.calls > 0
    pool.current = policies.last_legal
    assert _episode(env, 1) != first
    pool.current = policies.first_legal
    assert _episode(env, 1) == first


def test_an_environment_with_a_policy_opponent_pickles() -> None:
    env = gymnasium.make("clickbox/Clack-v0", players=2, opponents=policies.first_legal)
    env.reset(seed=2)
    twin = pickle.loads(pickle.dumps(env))
    assert _inner(twin).opponent_specs == [policies.first_legal]
    assert _episode(twin, 5) == _episode(env, 5)


def test_an_opponent_that_answers_an_illegal_action_is_named() -> None:
    env = gymnasium.make("clickbox/Clickety-v0", players=2, opponents=policies.illegal, seat=1)
    with pytest.raises(OptionError, match="not legal now"):
        env.reset(seed=1)
    with pytest.raises(ValueError, match="an opponent is"):
        gymnasium.make("clickbox/Clickety-v0", players=3, opponents=["random", 3])
