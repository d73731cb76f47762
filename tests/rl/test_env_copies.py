"""Pickle and ``copy.deepcopy`` of every environment, in both builds: the copy plays on exactly
like the original (the same observations, masks, rewards and ends for the same actions), later
resets included, and the two are independent.

The rules engines are compiled by mypyc in the default build, whose objects cannot be pickled
by the default protocol: the environments pickle their game as its snapshot. The pure-Python
build is checked in a subprocess with ``CLICKBOX_PURE=1``.
"""

from __future__ import annotations

import copy
import functools
import os
import pickle
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

import gymnasium

import clickbox.rl as rl
from clickbox import _build

ROOT = Path(__file__).resolve().parents[2]

COPIES: dict[str, Callable[[Any], Any]] = {
    "pickle": lambda env: pickle.loads(pickle.dumps(env)),
    "deepcopy": copy.deepcopy,
}


def _plain(value: Any) -> Any:
    """Observations, masks and infos as comparable Python data."""
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    return value


def _aec_trace(env: rl.ClickboxAECEnv, seed: int, steps: int) -> list[Any]:
    """``steps`` steps of legal (and now and then illegal) actions, a reset at each end."""
    rng = random.Random(seed)
    trace = []
    for _ in range(steps):
        if not env.agents:
            env.reset()  # no seed: the environment's own stream of games
        agent = env.agent_selection
        observation, reward, terminated, truncated, info = env.last()
        trace.append(_plain((agent, observation, reward, terminated, truncated, info)))
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        illegal = rng.random() < 0.1 and env.illegal == "penalize"
        env.step(rng.randrange(env._actions) if illegal else int(rng.choice(legal)))
    return trace


def _parallel_trace(env: rl.ClickboxParallelEnv, seed: int, steps: int) -> list[Any]:
    rng = random.Random(seed)
    trace: list[Any] = []
    observations: dict[str, Any] = {
        name: env._observe(env.agent_name_mapping[name], True) for name in env.agents
    }
    for _ in range(steps):
        if not env.agents:
            observations, _ = env.reset()
            trace.append(_plain(observations))
        actions = {}
        for name, seen in observations.items():
            legal = np.flatnonzero(seen["action_mask"])
            illegal = rng.random() < 0.1 or not len(legal)
            actions[name] = rng.randrange(env._actions) if illegal else int(rng.choice(legal))
        observations, *rest = env.step(actions)
        trace.append(_plain((observations, *rest)))
    return trace


def _gym_trace(env: gymnasium.Env[Any, Any], seed: int, steps: int) -> list[Any]:
    rng = random.Random(seed)
    trace = []
    mask = env.unwrapped.action_masks()  # type: ignore[attr-defined]
    for _ in range(steps):
        legal = np.flatnonzero(mask)
        illegal = rng.random() < 0.1
        action = rng.randrange(env.action_space.n) if illegal else int(rng.choice(legal))  # type: ignore[attr-defined]
        observation, reward, terminated, truncated, info = env.step(action)
        trace.append(_plain((observation, reward, terminated, truncated, info)))
        if terminated or truncated:
            observation, info = env.reset()  # no seed: the environment's own generator
            trace.append(_plain((observation, info)))
        mask = info["action_mask"]
    return trace


def _check(make: Callable[[], Any], trace: Callable[[Any, int, int], list[Any]]) -> None:
    """Copies of an environment mid-game play on like it, alone; the original is untouched."""
    for how, copier in COPIES.items():
        env = make()
        env.reset(seed=7)
        trace(env, 1, 23)
        twin = copier(env)
        assert type(twin) is type(env), how
        ahead = trace(twin, 2, 300)  # the twin plays (through an end and a reset) ...
        assert trace(env, 2, 300) == ahead, how  # ... and the original, untouched, alike
        third = copier(env)
        assert trace(third, 3, 40) == trace(env, 3, 40), how


def check_every_environment() -> None:
    """Pickle and deepcopy of the AEC, Parallel and Gymnasium environments of every game."""
    settings: list[tuple[str, dict[str, Any]]] = [
        ("clever", {"players": 3}),
        ("clickety-clack", {"players": 2}),
        ("click-click-boom", {"players": 4, "advanced": True}),
        ("click-clack", {"players": 2}),
    ]
    for name, options in settings:
        _check(functools.partial(rl.env, name, illegal="penalize", **options), _aec_trace)
        _check(functools.partial(rl.env, name, **options), _aec_trace)
        parallel = functools.partial(rl.parallel_env, name, illegal="penalize", **options)
        _check(parallel, _parallel_trace)
    gyms: list[tuple[str, dict[str, Any]]] = [
        ("clickbox/Clever-v0", {"players": 2, "opponents": "greedy", "seat": "random"}),
        ("clickbox/Clickety-v0", {"players": 2, "opponents": "easy"}),
        ("clickbox/Boom-v0", {"players": 3, "opponents": "random"}),
        ("clickbox/Clack-v0", {"players": 2, "opponents": "greedy"}),
    ]
    for env_id, options in gyms:
        _check(functools.partial(gymnasium.make, env_id, **options), _gym_trace)


def test_every_environment_pickles_and_deep_copies_in_this_build() -> None:
    check_every_environment()


def test_an_environment_pickled_before_its_first_reset_works() -> None:
    for env in (rl.env("clever"), rl.parallel_env("clever"), gymnasium.make("clickbox/Boom-v0")):
        twin = pickle.loads(pickle.dumps(env))
        assert _plain(twin.reset(seed=3)) == _plain(env.reset(seed=3))


@pytest.mark.skipif(_build.kind() != "compiled", reason=f"this build is {_build.describe()}")
def test_every_environment_pickles_and_deep_copies_in_the_pure_python_build() -> None:
    environment = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "CLICKBOX_PURE": "1"}
    code = (
        "from clickbox import _build\n"
        "assert _build.kind() == 'pure Python', _build.describe()\n"
        "from tests.rl.test_env_copies import check_every_environment\n"
        "check_every_environment()\n"
        "print('ok')\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        env=environment,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-3000:]
