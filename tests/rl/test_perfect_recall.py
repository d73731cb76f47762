"""OpenSpiel's information states have perfect recall: one string, one situation for the seat.

Random games of every game and player count; the states are grouped by each seat's
``information_state_string``, and the states of one group must give the seat the same view
(its log included) and the same legal actions. Different situations under one string are what
made OpenSpiel's CFR-family algorithms mix up information sets.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("pyspiel")

import pyspiel

from clickbox.games import CATALOG
from clickbox.rl import openspiel_game  # noqa: F401  (registers the games)

from .spiel import random_play

GAMES: dict[tuple[str, int], int] = {("boom", 2): 60, ("clack", 2): 12, ("clack", 4): 10}
"""Random games per game and player count (3 where not listed): enough to find the collisions
of the old, log-only strings (first met in Click Click Boom's game 54 at 2 players, Click
Clack's game 9 at 2 and 4 players), few where games are long."""

CONFIGS = [
    (cls.key, players)
    for cls in CATALOG.games
    for players in range(cls.min_players, cls.max_players + 1)
]


def _situation(state: Any, seat: int) -> str:
    """What the seat sees and may do: its whole view and, on its turn, its legal actions."""
    inner = state.clickbox_state
    legal = state.legal_actions(seat) if state.current_player() == seat else None
    return json.dumps([inner.view(seat), legal], sort_keys=True)


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c[0]}-{c[1]}")
def test_one_information_state_string_is_one_situation_for_the_seat(
    config: tuple[str, int],
) -> None:
    key, players = config
    game = pyspiel.load_game(f"clickbox_{key}(players={players})")
    groups: list[dict[str, str]] = [{} for _ in range(players)]
    mixed: dict[tuple[int, str], str] = {}
    for seed in range(GAMES.get(config, 3)):
        for state in random_play(game, seed):
            for seat in range(players):
                string = state.information_state_string(seat)
                situation = _situation(state, seat)
                first = groups[seat].setdefault(string, situation)
                if first != situation:
                    mixed[seat, string] = f"seat {seat}, game {seed}, move {len(state.history())}"
    strings = sum(len(group) for group in groups)
    assert not mixed, (
        f"{len(mixed)} of {strings} strings mix situations: {list(mixed.values())[:5]}"
    )
