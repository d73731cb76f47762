"""Expectimax over the dice: the seat's own decisions maximise, chance is sampled.

``expectimax:samples=8,depth=1,beam=6`` looks at the seat's own decisions up to ``depth``
chance blocks ahead (a block is every chance event in a row: all the dice of one roll). Each
block is sampled ``samples`` times; the same samples are used for every candidate (common
random numbers), so candidates are compared on the same dice. Another seat's decision, a
chance block past the depth, or the end of the game is a leaf, scored by the game's evaluation
(:func:`.games.evaluation`).
At the root and after each chance block only the ``beam`` best actions by one-ply evaluation
are searched deeper; between them, the seat's further decisions follow the one-ply best.
"""

from __future__ import annotations

import random

from ..core import CHANCE, Action, GameBase, StateBase, View, sample_chance
from .base import Bot, Scored, bot_number
from .games import evaluation


def _positive_int(name: str, text: str | int) -> int:
    return int(bot_number("expectimax", name, text, 0 if name == "beam" else 1, whole=True))


class ExpectimaxBot(Bot):
    """Depth-limited expectimax with sampled chance and a beam over the seat's own moves."""

    name = "expectimax"

    def __init__(self, samples: str | int = 8, depth: str | int = 1, beam: str | int = 6) -> None:
        self.samples = _positive_int("samples", samples)
        self.depth = _positive_int("depth", depth)
        self.beam = _positive_int("beam", beam)  # 0: search every action

    def label(self) -> str:
        """The spec that makes this bot again."""
        return f"expectimax:samples={self.samples},depth={self.depth},beam={self.beam}"

    def choose(self, view: View, game: GameBase, rng: random.Random) -> Action:
        """The action with the best expected value (ties: the first in legal order)."""
        return self.rank(view, game, rng)[0][0]

    def rank(self, view: View, game: GameBase, rng: random.Random) -> list[Scored]:
        """The searched actions by expected value, then the rest by one-ply evaluation."""
        seat: int = view["me"]
        state = game.state_from_view(view, rng)
        search = _Search(game, seat, self.samples, self.beam, rng.getrandbits(64))
        ordered = search.one_ply(state)
        searched = ordered[: self.beam] if self.beam else ordered
        deep = [(action, search.value(child, self.depth)) for action, _, child in searched]
        deep.sort(key=lambda item: -item[1])
        rest = [(action, value) for action, value, _ in ordered[len(searched) :]]
        return deep + rest


class _Search:
    """One decision's search: the seat, the effort and the seed of the common chance samples."""

    def __init__(self, game: GameBase, seat: int, samples: int, beam: int, seed: int) -> None:
        self.game = game
        self.evaluate = evaluation(game)
        self.seat = seat
        self.samples = samples
        self.beam = beam
        self.seed = seed

    def one_ply(self, state: StateBase) -> list[tuple[Action, float, StateBase]]:
        """Every legal action with its one-ply evaluation and child, best first (stable)."""
        evaluate = self.evaluate
        children = []
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            children.append((action, evaluate(child, self.seat), child))
        children.sort(key=lambda item: -item[1])
        return children

    def value(self, state: StateBase, layers: int, branch: bool = False) -> float:
        """The expected value of ``state`` for the seat, ``layers`` chance blocks deep.

        Only a decision right after a chance block (``branch``) searches its beam; in a run of
        the seat's own decisions with no chance between (bonus after bonus) the search follows
        the one-ply best, so such runs cannot multiply the work.
        """
        player = state.current_player()
        if player == self.seat:
            ordered = self.one_ply(state)
            if layers == 0:
                return ordered[0][1]
            if not branch:
                return self.value(ordered[0][2], layers)
            searched = ordered[: self.beam] if self.beam else ordered
            return max(self.value(child, layers) for _, _, child in searched)
        if player == CHANCE and layers > 0:
            return self._expected(state, layers)
        return self.evaluate(state, self.seat)  # the end, another seat, or too deep

    def _expected(self, state: StateBase, layers: int) -> float:
        """The mean value over ``samples`` draws of the chance block starting at ``state``.

        Draw k at a given depth uses the same stream for every candidate, so siblings are
        compared on the same dice.
        """
        total = 0.0
        for k in range(self.samples):
            rng = random.Random(hash((self.seed, layers, k)))
            world = state.clone()
            while world.current_player() == CHANCE:
                world.apply(sample_chance(world, rng))
            total += self.value(world, layers - 1, branch=True)
        return total / self.samples
