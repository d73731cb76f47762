"""One-ply search over the game's evaluation function."""

from __future__ import annotations

import random

from ..core import Action, GameBase, View
from .base import Bot, Scored
from .games import evaluation


def one_ply(view: View, game: GameBase, rng: random.Random) -> list[Scored]:
    """Every legal action with the evaluation of the position it leads to, in legal order."""
    seat = view["me"]
    evaluate = evaluation(game)
    state = game.state_from_view(view, rng)
    scored = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        scored.append((action, evaluate(child, seat)))
    return scored


class GreedyBot(Bot):
    """Plays the action whose resulting position the game's evaluation likes best.

    Ties are broken at random with the bot's own RNG.
    """

    name = "greedy"

    def choose(self, view: View, game: GameBase, rng: random.Random) -> Action:
        """The legal action with the best one-ply evaluation for this seat."""
        return self.rank(view, game, rng)[0][0]

    def rank(self, view: View, game: GameBase, rng: random.Random) -> list[Scored]:
        """Every legal action by its one-ply evaluation, best first (a tie for the best is
        broken with the RNG, so the first is the choice)."""
        scored = one_ply(view, game, rng)
        best_value = max(value for _, value in scored)
        best = [index for index, (_, value) in enumerate(scored) if value >= best_value - 1e-9]
        first = best[0] if len(best) == 1 else rng.choice(best)
        rest = sorted(scored[:first] + scored[first + 1 :], key=lambda item: -item[1])
        return [scored[first], *rest]
