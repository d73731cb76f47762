"""What the engines and bots do on fixed seeds, as digests: the same in every build.

``python -m tests.build_fingerprint`` prints the digests as JSON; ``tests/test_builds.py`` runs it
under ``CLICKBOX_PURE=1`` and compares it with the compiled build's. Each digest covers, per game
configuration: the golden playthroughs (every seat's view after every action), random games
(actions, outcomes, every seat's final view, clones), states rebuilt from views
(``state_from_view``: the views and legal actions of the sampled worlds), and every bot level's
moves on a seed.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from clickbox.bots import make_bot
from clickbox.bots.levels import LEVEL_NAMES
from clickbox.core import CHANCE, GameBase, sample_chance, views_digest
from clickbox.games import CATALOG, load
from clickbox.sim import play_match

GOLDEN_FILES = sorted((Path(__file__).parent / "games").glob("*/playthroughs.json"))
RANDOM_SEEDS = (1, 2, 3, 4)
BOT_SEED = 7


def _digest(data: Any) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


def configurations() -> list[GameBase]:
    """Every game at every player count, and each preset at the fewest and most players."""
    games: list[GameBase] = []
    for cls in CATALOG.games:
        for players in range(cls.min_players, cls.max_players + 1):
            games.append(cls.from_options(players))
        for preset in cls.presets:
            for players in sorted({cls.min_players, cls.max_players}):
                games.append(cls.from_options(players, preset=preset))
    return games


def golden() -> dict[str, str]:
    """The view digest of every golden playthrough, replayed."""
    prints = {}
    for path in GOLDEN_FILES:
        for data in json.loads(path.read_text()):
            game = load(data["game"])
            prints[f"golden {path.parent.name} {data['seed']}"] = views_digest(
                game, data["actions"]
            )
    return prints


def random_games(game: GameBase) -> str:
    """Random games: actions, outcomes, final views, clones' views and rebuilt worlds."""
    trace: list[Any] = []
    for seed in RANDOM_SEEDS:
        rng = random.Random(seed)
        state = game.new_initial_state()
        step = 0
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                action = sample_chance(state, rng)
            else:
                actions = state.legal_actions()
                action = rng.choice(actions)
                if step % 7 == 0:
                    view = state.view(player)
                    world = game.state_from_view(view, random.Random(step))
                    trace.append([_digest(world.view(player)), world.legal_actions(), actions])
                    assert state.clone().view(None) == state.view(None)
            state.apply(action)
            step += 1
        outcome = state.outcome()
        assert outcome is not None
        views = [state.view(seat) for seat in [None, *range(game.num_players)]]
        trace.append([state.history, outcome.to_json(), _digest(views)])
    return _digest(trace)


def bot_moves(game: GameBase) -> str:
    """Games of the levels' bots on a fixed seed, each level in the first seat once: actions."""
    trace: list[Any] = []
    for first in range(len(LEVEL_NAMES)):
        levels = [
            LEVEL_NAMES[(first + seat) % len(LEVEL_NAMES)] for seat in range(game.num_players)
        ]
        record = play_match(game, [make_bot(level) for level in levels], BOT_SEED + first)
        trace.append([record.actions, record.outcome.to_json() if record.outcome else None])
    return _digest(trace)


def fingerprint() -> dict[str, str]:
    """Every digest, by name."""
    prints = golden()
    for game in configurations():
        prints[f"random {game.spec()}"] = random_games(game)
        if game.num_players <= 3:  # bigger tables only repeat the same bots
            prints[f"bots {game.spec()}"] = bot_moves(game)
    return prints


if __name__ == "__main__":
    json.dump(fingerprint(), sys.stdout, indent=1, sort_keys=True)
    print()
