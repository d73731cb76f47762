"""Python policies for the tests: ``policy(observation, mask) -> action`` (see
``clickbox.rl.policy``), importable as ``tests.sim.policies`` or by the file's path."""

from __future__ import annotations

from typing import Any

import numpy as np


def first_legal(observation: np.ndarray, mask: np.ndarray) -> int:
    """The legal action of the lowest code."""
    assert observation.dtype == np.float32 and mask.dtype == np.int8
    return int(np.flatnonzero(mask)[0])


def last_legal(observation: np.ndarray, mask: np.ndarray) -> np.int64:
    """The legal action of the highest code (a numpy int, as a network's argmax gives)."""
    return np.flatnonzero(mask)[-1]  # type: ignore[no-any-return]


def illegal(observation: np.ndarray, mask: np.ndarray) -> int:
    """An action that is never legal."""
    return int(np.flatnonzero(mask == 0)[0])


class Pool:
    """A self-play pool: the policy it plays can be changed between games."""

    def __init__(self) -> None:
        self.current: Any = first_legal
        self.calls = 0

    def __call__(self, observation: np.ndarray, mask: np.ndarray) -> Any:
        self.calls += 1
        return self.current(observation, mask)


pool = Pool()

NOT_CALLABLE = 3
