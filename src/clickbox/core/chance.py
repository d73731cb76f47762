"""Seeded sampling of chance events. Rules code never touches an RNG; drivers call this."""

from __future__ import annotations

import hashlib
import random
from typing import Final, Protocol

from .protocol import CHANCE, Action, StateBase


class Uniform(Protocol):
    """What chance is drawn with: uniform floats in [0, 1) (a ``random.Random``, a
    :class:`SplitMix`)."""

    def random(self) -> float: ...


_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15


class SplitMix:
    """A seeded stream of uniform floats (SplitMix64) whose whole state is one int, so that a
    copy costs nothing: the environments clone games for search many times a second, and
    copying a ``random.Random`` (625 words) costs more than the game."""

    __slots__ = ("position",)

    def __init__(self, seed: int) -> None:
        self.position: int = seed & _MASK

    def random(self) -> float:
        """The next float in [0, 1) (53 bits, like ``random.Random``)."""
        self.position = (self.position + _GOLDEN) & _MASK
        z = self.position
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) >> 11) / 9007199254740992.0

    def copy(self) -> SplitMix:
        """An independent stream at the same position."""
        return SplitMix(self.position)


def sample_chance(state: StateBase, rng: Uniform) -> Action:
    """Draw one outcome of the pending chance event with ``rng`` (the state is not changed)."""
    return state._sample_chance(rng.random())


def resolve_chance(state: StateBase, rng: Uniform) -> list[Action]:
    """Apply sampled chance outcomes until a seat is to move or the game ends; return them."""
    drawn = []
    while state.current_player() == CHANCE:
        action = sample_chance(state, rng)
        state.apply(action)
        drawn.append(action)
    return drawn


def derive_seed(seed: int, *keys: object) -> int:
    """A 64-bit seed derived from ``seed`` and ``keys``, the same on every machine and run."""
    text = repr((seed, *keys)).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


def derive_rng(seed: int, *keys: object) -> random.Random:
    """An independent RNG for one purpose (a game of a series, one bot's seat, ...)."""
    return random.Random(derive_seed(seed, *keys))
