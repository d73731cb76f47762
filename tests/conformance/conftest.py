"""Every registered game, at every player count, under every preset (and the defaults)."""

from __future__ import annotations

import pytest

from clickbox.core import GameBase
from clickbox.games import CATALOG


def _configurations() -> list[tuple[str, int, str | None]]:
    configs = []
    for game in CATALOG.games:
        for players in range(game.min_players, game.max_players + 1):
            for preset in (None, *game.presets):
                configs.append((game.name, players, preset))
    return configs


CONFIGURATIONS = _configurations()


@pytest.fixture(params=CONFIGURATIONS, ids=lambda c: f"{c[0]}-{c[1]}p-{c[2] or 'default'}")
def game(request: pytest.FixtureRequest) -> GameBase:
    name, players, preset = request.param
    return CATALOG.get(name).from_options(players, preset=preset)
