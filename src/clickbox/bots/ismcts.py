"""Information-set Monte Carlo tree search (single observer) over determinized states.

``ismcts:iterations=1000,c=0.7,worlds=64,rollout=random,depth=-1`` searches one tree for the
seat to move. Each iteration takes a world: a full state drawn from the seat's view with
``bots.games.sample_worlds`` (``worlds`` of them, drawn once and used in turn), so the search never
sees the true hidden state. Down the tree, every seat picks by UCB on its own rewards, counting
a child's visits against the times it was available (in different worlds, different actions
are legal). Chance is sampled, and the tree keeps a child
per outcome (closed loop) unless ``chance=open``. A rollout plays on at random (or greedily by
the game's evaluation, :func:`.games.evaluation`) to the end, or for ``depth`` steps and then
credits the seat that the evaluation ranks first.

Rewards: in a game of several seats a win is 1, shared among the winners; solo, the score
divided by ``scale``.
"""

from __future__ import annotations

import math
import random
import time

from ..core import CHANCE, TERMINAL, Action, GameBase, OptionError, StateBase, View, sample_chance
from ..core.i18n import t
from .base import Bot, Budget, Evaluation, Scored, bot_number
from .games import evaluation, sample_worlds


class _Node:
    """Statistics of one action sequence; ``total`` is from the view of the seat that chose it."""

    __slots__ = ("available", "children", "outcomes", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.outcomes: dict[Action, _Node] = {}  # closed loop: a child per chance outcome
        self.visits = 0
        self.available = 1
        self.total = 0.0


def _number(name: str, text: str | float, whole: bool = False) -> float:
    return bot_number("ismcts", name, text, whole=whole)


class ISMCTSBot(Bot):
    """Single-observer ISMCTS with UCB and availability counts; see the module docstring."""

    name = "ismcts"

    def __init__(
        self,
        iterations: str | int | None = 1000,
        seconds: str | float | None = None,
        c: str | float = 0.7,
        worlds: str | int = 64,
        rollout: str = "random",
        depth: str | int = -1,
        chance: str = "closed",
        scale: str | float = 100.0,
    ) -> None:
        self.budget = Budget.parse(iterations, seconds)
        if self.budget.iterations is None and self.budget.seconds is None:
            raise OptionError(t("ismcts needs iterations or seconds"))
        self.c = _number("c", c)
        self.worlds = int(_number("worlds", worlds, whole=True))
        self.depth = int(_number("depth", depth, whole=True))
        self.scale = _number("scale", scale)
        if self.worlds < 1 or self.scale <= 0:
            raise OptionError(t("ismcts worlds and scale must be positive"))
        if rollout not in ("random", "greedy"):
            raise OptionError(
                t("ismcts rollout is random or greedy (got {value})", value=repr(rollout))
            )
        if chance not in ("closed", "open"):
            raise OptionError(
                t("ismcts chance is closed or open (got {value})", value=repr(chance))
            )
        self.rollout = rollout
        self.closed_loop = chance == "closed"

    def label(self) -> str:
        """The spec that makes this bot again."""
        parts = []
        if self.budget.iterations is not None:
            parts.append(f"iterations={self.budget.iterations}")
        if self.budget.seconds is not None:
            parts.append(f"seconds={self.budget.seconds:g}")
        parts += [f"c={self.c:g}", f"worlds={self.worlds}", f"rollout={self.rollout}"]
        if self.depth >= 0:
            parts.append(f"depth={self.depth}")
        if not self.closed_loop:
            parts.append("chance=open")
        return "ismcts:" + ",".join(parts)

    def choose(self, view: View, game: GameBase, rng: random.Random) -> Action:
        """The most visited action at the root."""
        return self.rank(view, game, rng)[0][0]

    def rank(self, view: View, game: GameBase, rng: random.Random) -> list[Scored]:
        """Root actions by visits (ties by mean reward), valued by their mean reward."""
        root = self.search(view, game, rng)
        ranked = sorted(
            root.children.items(),
            key=lambda item: (-item[1].visits, -item[1].total / max(1, item[1].visits)),
        )
        return [(action, node.total / max(1, node.visits)) for action, node in ranked]

    def search(self, view: View, game: GameBase, rng: random.Random) -> _Node:
        """Run the search from ``view`` and return the root of the tree."""
        root = _Node()
        deadline = self.budget.deadline()
        limit = self.budget.iterations
        worlds = sample_worlds(
            view, game, rng, self.worlds if limit is None else min(limit, self.worlds)
        )
        # Only greedy or truncated rollouts need the evaluation (a game may have none).
        evaluate = evaluation(game) if self.rollout == "greedy" or self.depth >= 0 else None
        iteration = 0
        while limit is None or iteration < limit:
            if deadline is not None and iteration % 16 == 0 and time.perf_counter() > deadline:
                break
            self._iterate(root, worlds[iteration % len(worlds)].clone(), rng, evaluate)
            iteration += 1
        if not root.children:  # a time budget that ran out at once: one iteration anyway
            self._iterate(root, worlds[0].clone(), rng, evaluate)
        return root

    def _iterate(
        self, root: _Node, state: StateBase, rng: random.Random, evaluate: Evaluation | None
    ) -> None:
        """Select, expand one node, roll out, back up."""
        node = root
        path: list[tuple[_Node, int]] = []
        c = self.c
        while True:
            player = state.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                outcome = sample_chance(state, rng)
                state.apply(outcome)
                if self.closed_loop:
                    child = node.outcomes.get(outcome)
                    if child is None:
                        child = node.outcomes[outcome] = _Node()
                    node = child
                continue
            children = node.children
            untried = []
            best: _Node | None = None
            best_action = -1
            best_score = -math.inf
            for action in state._legal_actions():  # a seat is to move: skip the re-check
                child = children.get(action)
                if child is None:
                    untried.append(action)
                    continue
                child.available += 1
                if not untried:
                    score = child.total / child.visits + c * math.sqrt(
                        math.log(child.available) / child.visits
                    )
                    if score > best_score:
                        best, best_action, best_score = child, action, score
            if untried:
                action = untried[0] if len(untried) == 1 else rng.choice(untried)
                child = children[action] = _Node()
                state.apply(action)
                path.append((child, player))
                break
            assert best is not None
            state.apply(best_action)
            path.append((best, player))
            node = best
        rewards = self._playout(state, rng, evaluate)
        for visited, seat in path:
            visited.visits += 1
            visited.total += rewards[seat]

    def _playout(
        self, state: StateBase, rng: random.Random, evaluate: Evaluation | None
    ) -> list[float]:
        """Play on from ``state`` and return every seat's reward."""
        uniform = rng.random
        steps = 0
        while True:
            player = state.current_player()
            if player == TERMINAL:
                return self._rewards(state)
            if 0 <= self.depth <= steps and player != CHANCE:
                assert evaluate is not None
                return self._heuristic_rewards(state, evaluate)
            if player == CHANCE:
                state.apply(sample_chance(state, rng))
                continue
            legal = state._legal_actions()  # a seat is to move: skip the re-check
            if len(legal) == 1:
                action = legal[0]
            elif self.rollout == "random":
                action = legal[int(uniform() * len(legal))]
            else:
                assert evaluate is not None
                action = max(legal, key=lambda a: _after(state, a, evaluate, player))
            state.apply(action)
            steps += 1

    def _rewards(self, state: StateBase) -> list[float]:
        outcome = state.outcome()
        assert outcome is not None
        if len(outcome.scores) == 1:
            return [float(outcome.scores[0]) / self.scale]
        share = 1.0 / len(outcome.winners) if outcome.winners else 0.0
        return [share if seat in outcome.winners else 0.0 for seat in range(len(outcome.scores))]

    def _heuristic_rewards(self, state: StateBase, evaluate: Evaluation) -> list[float]:
        values = [evaluate(state, seat) for seat in range(state.game.num_players)]
        if len(values) == 1:
            return [values[0] / self.scale]
        best = max(values)
        leaders = [seat for seat, value in enumerate(values) if value == best]
        return [1.0 / len(leaders) if seat in leaders else 0.0 for seat in range(len(values))]


def _after(state: StateBase, action: Action, evaluate: Evaluation, seat: int) -> float:
    child = state.clone()
    child.apply(action)
    return evaluate(child, seat)
