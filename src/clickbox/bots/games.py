"""What the bots know of every game, as an explicit tuple keyed by the game's catalog name.

Each game's bots package (``bots/KEY/``) declares its :class:`~.base.GameBots` in its
``__init__.py``; nothing registers itself on import. The generic bots find a game's evaluation,
hand-written policies and world sampler here, never through the game: the rules packages
(``games/KEY/``) know nothing of the bots that play them.
"""

from __future__ import annotations

import random

from ..core import GameBase, OptionError, StateBase, View
from ..core.i18n import t
from . import boom, clack, clever, clickety
from .base import Evaluation, GameBots, Policy, uniform_worlds

GAME_BOTS: tuple[GameBots, ...] = (clickety.BOTS, clever.BOTS, boom.BOTS, clack.BOTS)
"""Every game's bots, in the catalog's order."""

_BY_GAME = {entry.game: entry for entry in GAME_BOTS}


def game_bots(game: GameBase) -> GameBots:
    """What the bots know of ``game`` (nothing, for a game without a bots package)."""
    return _BY_GAME.get(game.name) or GameBots(game.name)


def evaluation(game: GameBase) -> Evaluation:
    """``game``'s evaluation; NotImplementedError for a game without one."""
    evaluate = game_bots(game).evaluate
    if evaluate is None:
        raise NotImplementedError(t("{game} has no evaluation function", game=game.name))
    return evaluate


def rule_based_policy(game: GameBase) -> Policy:
    """``game``'s hand-written policy (the ``rulebased`` bot); OptionError for a game without."""
    policy = game_bots(game).rule_based
    if policy is None:
        raise OptionError(
            t(
                "the rulebased bot has no policy for {game} "
                "(no rule-based policy in its bots package); try random or greedy",
                game=game.name,
            )
        )
    return policy


def memory_policy(game: GameBase) -> Policy:
    """``game``'s memory policy (the ``memory`` bot); OptionError for a game without one."""
    policy = game_bots(game).memory
    if policy is None:
        raise OptionError(
            t(
                "the memory bot has no policy for {game} "
                "(no memory policy in its bots package); try random or greedy",
                game=game.name,
            )
        )
    return policy


def sample_worlds(view: View, game: GameBase, rng: random.Random, count: int) -> list[StateBase]:
    """``count`` full states consistent with ``view``, for searches (determinizations).

    A game whose bots weigh the worlds by what the seat saw (Click Click Boom: its own cards
    read from its neighbours' claims) draws them its way; the others by independent draws of
    ``game.state_from_view`` (:func:`~.base.uniform_worlds`).
    """
    sampler = game_bots(game).sample_worlds or uniform_worlds
    return sampler(view, game, rng, count)
