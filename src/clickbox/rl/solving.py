"""A Click Click Boom small enough to solve, and clickbox's bots as OpenSpiel policies.

The full game is far beyond exact solving. :data:`SMALL_BOOM` keeps its structure (the
2-player stand-off: a card picked for you, one drawn at random, a secret choice, the reveal, the
pass; Pay, Steal and BOOM cards; coins, the pot and the tie-breakers) with one card of each kind
a hand, 2 silver coins each, one shootout, no characters and no claims. OpenSpiel's CFR and
external-sampling MCCFR run on it and ``exploitability()`` is exact (docs/rl.md gives the curve):

    >>> game = small_boom()
    >>> game.num_players(), str(game.get_type().utility)
    (2, 'Utility.ZERO_SUM')

Without claims the game is smaller and its value is the same: a pick's claim is cheap talk, and
talk cannot change the value of a two-player zero-sum game (either side may ignore it).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any, Final

import pyspiel
from open_spiel.python import policy as spiel_policy
from open_spiel.python.algorithms import exploitability

from ..bots.registry import make_bot
from ..core import derive_seed
from ..games.boom import PRESETS
from . import openspiel_game  # noqa: F401  (registers the games)

SMALL_BOOM_OPTIONS: Final[dict[str, Any]] = {"players": 2, **PRESETS["small"]}
"""The abstraction: two players and the game's preset ``small`` (every other rule is the full
game's)."""

SMALL_BOOM: Final = "clickbox_boom({})".format(
    ",".join(f"{key}={value}" for key, value in SMALL_BOOM_OPTIONS.items())
)
"""Its OpenSpiel name (``reward`` is ``zero-sum``, the default for two players)."""


def small_boom() -> pyspiel.Game:
    """The small Click Click Boom as an OpenSpiel game."""
    return pyspiel.load_game(SMALL_BOOM)


def bot_policy(
    game: pyspiel.Game, spec: str, samples: int = 16, seed: int = 0
) -> spiel_policy.TabularPolicy:
    """A clickbox bot (``"hard"``, ``"rulebased"``, any spec) as an OpenSpiel tabular policy:
    at each information state, how often the bot chose each action in ``samples`` decisions
    from that state's view, each with its own seed (a bot that never draws gives its one
    action probability 1). The bot sees the view, as at a table, so every state of an
    information state gives it the same choice."""
    tabular = spiel_policy.TabularPolicy(game)
    bot = make_bot(spec)
    clickbox_game = game.clickbox_game
    for index, state in enumerate(tabular.states):
        player = state.current_player()
        view = state.clickbox_state.view(player)
        chosen: Counter[int] = Counter()
        for sample in range(samples):
            rng = random.Random(derive_seed(seed, "bot policy", index, sample))
            chosen[int(bot.choose(view, clickbox_game, rng))] += 1
        row = tabular.action_probability_array[index]
        row[:] = 0.0
        for action, count in chosen.items():
            row[action] = count / samples
    return tabular


Point = tuple[int, float, float]
"""(iterations, exploitability, seconds spent so far)."""


def exploitability_curve(
    game: pyspiel.Game,
    step: Callable[[], None],
    average: Callable[[], Any],
    checkpoints: Iterable[int],
    report: Callable[[Point], None] | None = None,
) -> list[Point]:
    """Run a solver (``step`` does one iteration, ``average`` gives its average policy) and
    measure the exploitability of that policy at each checkpoint (iterations, ascending)."""
    points: list[Point] = []
    done = 0
    spent = 0.0
    for target in checkpoints:
        start = time.perf_counter()
        while done < target:
            step()
            done += 1
        spent += time.perf_counter() - start
        point = (done, float(exploitability.exploitability(game, average())), spent)
        points.append(point)
        if report is not None:
            report(point)
    return points
