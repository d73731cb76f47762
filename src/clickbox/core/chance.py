"""Seeded sampling of chance events. Rules code never touches an RNG; drivers call this."""

from __future__ import annotations

import hashlib
import random

from .protocol import CHANCE, Action, StateBase


def sample_chance(state: StateBase, rng: random.Random) -> Action:
    """Draw one outcome of the pending chance event with ``rng`` (the state is not changed)."""
    return state._sample_chance(rng.random())


def resolve_chance(state: StateBase, rng: random.Random) -> list[Action]:
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
