"""Shared helpers of the Click Clack tests: a scripted layout, scripted rolls, the truth.

Every move goes through the checked entry point ``clickbox.core.play``. ``hide(state, {...})``
plays the setup's chance steps so that the discs lie where a test wants them (the rest of the
layout is filled in legally by a seeded draw); ``run(state, "roll:frog frog2 cw")`` plays a
script of moves. Hollows are named by the geometry (``r2s5``: ring 2, slot 5); ``under(state,
"frog2")`` is the hollow under a hole now.
"""

from __future__ import annotations

import random

from clickbox.core import CHANCE, play
from clickbox.games import load
from clickbox.games.clack import ClickClackGame, ClickClackState
from clickbox.games.clack import actions as A
from clickbox.games.clack.board import KIND_LETTERS, KINDS
from clickbox.games.clack.rules import ClickClackConfig

LETTER = {"h": 0, "b": 1, "c": 2, "f": 3}


def new_game(players: int = 2, **options: object) -> ClickClackGame:
    game = load("click-clack", players=players, options=options)
    assert isinstance(game, ClickClackGame)
    return game


def new_state(players: int = 2, **options: object) -> ClickClackState:
    state = new_game(players, **options).new_initial_state()
    assert isinstance(state, ClickClackState)
    return state


def hollow(state: ClickClackState, name: str) -> int:
    """A hollow by name (``r2s5``)."""
    return state.config.geometry.hollow_names.index(name)


def hole(name: str) -> int:
    """A hole's code by name (``frog2``)."""
    return A.parse(name)


def under(state: ClickClackState, name: str, rotation: int | None = None) -> int:
    """The hollow under hole ``name`` at ``rotation`` (default: the board's rotation now)."""
    rot = state._rot if rotation is None else rotation
    return state.config.under[rot % state.config.rotations][hole(name)]


def layout_codes(
    config: ClickClackConfig,
    fixed: dict[int, int],
    empty: frozenset[int] = frozenset(),
    seed: int = 0,
) -> list[int]:
    """The setup's hide codes for a legal layout with a disc of kind ``fixed[h]`` in hollow h and
    none in the ``empty`` hollows; the other discs are placed by a seeded uniform draw."""
    layout = config.layout
    rng = random.Random(seed)
    must = sum(1 << h for h in fixed)
    forbid = sum(1 << h for h in empty)
    patterns = layout.sample(config.total_discs, must, forbid, rng)
    left = [config.per_kind] * KINDS
    for kind in fixed.values():
        left[kind] -= 1
    assert min(left) >= 0, "more discs of a kind than the game has"
    rest = [k for k in range(KINDS) for _ in range(left[k])]
    rng.shuffle(rest)
    codes = []
    for column, pattern in enumerate(patterns):
        hollows = config.geometry.columns[column]
        places = {}
        for h in layout.hollows_of[column][pattern]:
            places[hollows.index(h)] = fixed[h] if h in fixed else rest.pop()
        codes.append(A.hide(places))
    return codes


def hide(
    state: ClickClackState,
    fixed: dict[int, str] | None = None,
    empty: frozenset[int] = frozenset(),
    seed: int = 0,
) -> list[str]:
    """Play the setup so that hollow h holds a disc of kind letter ``fixed[h]`` (h b c f); the
    moves played."""
    kinds = {h: LETTER[k] for h, k in (fixed or {}).items()}
    moves = [A.to_string(c) for c in layout_codes(state.config, kinds, empty, seed)]
    for move in moves:
        assert state.current_player() == CHANCE
        play(state, move)
    return moves


def run(state: ClickClackState, script: str, seat: int | None = None) -> None:
    """Play each whitespace-separated move of ``script`` through ``clickbox.core.play``."""
    for move in script.split():
        play(state, move, seat)


def layout(state: ClickClackState) -> dict[int, str]:
    """The truth: hollow -> kind letter of every disc still under the board."""
    return {h: KIND_LETTERS[k] for h, k in enumerate(state._disc) if k >= 0}


def discs(state: ClickClackState, seat: int) -> str:
    """The discs ``seat`` has collected, as kind letters with counts: ``h2 f1``."""
    counts = state.discs_of(seat)
    return " ".join(f"{KIND_LETTERS[k]}{n}" for k, n in enumerate(counts) if n)
