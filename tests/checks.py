"""Checks shared by the games' scenario tests: refused moves leave every view untouched."""

from __future__ import annotations

import json
import random

import pytest

from clickbox.core import CHANCE, GameBase, IllegalActionError, StateBase, play, sample_chance


def snapshot(state: StateBase) -> str:
    """Everything any seat or a spectator sees, and the version, as one string."""
    seats = [None, *range(state.game.num_players)]
    return json.dumps([state.state_id, *(state.view(seat) for seat in seats)], sort_keys=True)


def refused(
    state: StateBase,
    move: str | int,
    phrase: str,
    error: type[Exception] = IllegalActionError,
    seat: int | None = None,
) -> str:
    """``move`` raises ``error`` whose message holds ``phrase``; the state is unchanged."""
    before = snapshot(state)
    with pytest.raises(error) as info:
        play(state, move, seat)
    message = str(info.value)
    assert phrase in message, message
    assert snapshot(state) == before
    return message


def legal(state: StateBase) -> list[str]:
    """The legal moves in notation."""
    return [state.action_to_string(a) for a in state.legal_actions()]


def decision_positions(game: GameBase, games: int, seed: int) -> list[StateBase]:
    """Every position where a seat decides, in ``games`` seeded random games (copies)."""
    rng = random.Random(seed)
    found: list[StateBase] = []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(sample_chance(state, rng))
                continue
            found.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return found
