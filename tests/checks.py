"""Checks shared by the games' scenario tests: refused moves leave every view untouched."""

from __future__ import annotations

import json

import pytest

from clickbox.core import IllegalActionError, StateBase, play


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
