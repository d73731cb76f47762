"""A sampled expectimax search for That's Pretty Clever, over the game's evaluation.

``clever-search:samples=16,depth=1,beam=4`` (the defaults). The value of a position for the
searching seat:

* at one of its own decisions: the best child. At the root the ``beam`` best children by the
  one-ply evaluation are searched; right after a roll the best ``inner``; a decision that
  follows another decision with no dice in between (a bonus cross, one +1 after another) plays
  its one-ply best child and the search goes on from there. With no roll left to search, a
  decision is worth its best one-ply child;
* at one of its own rolls (its active turn's rolls and rerolls, its solo passive roll): the
  mean over the roll's outcomes, all of them when there are at most ``exact`` (two dice: 36),
  otherwise ``samples`` sampled rolls (``inner_samples`` below the first layer), less the
  evaluation's mean drift across such a roll (``evaluation.ROLL_DRIFT``). The samples of a
  layer are the same for every line of play (common random numbers: die ``d`` shows the same
  face in sample ``i`` whatever was picked before), so candidates meet the same luck. After
  ``depth`` rolls (with ``turn=1``: past the decision's own turn) the evaluation judges;
* anywhere else (another seat's decision or roll, the end): the evaluation.

Without the drift correction a candidate that ends the turn and one that keeps dice to roll
would be judged at different points of the turn, where the evaluation is not equally
optimistic; with it every value is on the scale of the evaluation before the roll, which is
what the one-ply bot compares, plus what the search learnt about this very roll.

``noise`` (points, default 0) adds Gaussian noise to the root's values: with ``depth=0`` the
bot is the greedy bot, made fallible (a gentle level). All randomness comes from the bot's RNG
in a fixed order: the choice is a function of the view and the RNG on any machine (a
``seconds`` cap, off by default, is the one exception: it stops deepening when time is up).
"""

from __future__ import annotations

import heapq
import itertools
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from ...core import CHANCE, Action, GameBase, OptionError, Player, StateBase, View
from ...core.i18n import t
from ...games.clever.rules import CleverState
from ..base import Bot, Budget, Scored, bot_number
from .evaluation import evaluate, roll_drift

ManyEvaluation = Callable[[Sequence[StateBase], Player], list[float]]
"""Values of several states for a seat at once (a network evaluates a batch in one go)."""


def evaluate_hand(states: Sequence[StateBase], seat: Player) -> list[float]:
    """The hand-written evaluation of each state."""
    found = []
    for state in states:
        assert isinstance(state, CleverState)
        found.append(evaluate(state, seat))
    return found


_ROLL_BASE = 2000  # the chance code of a die showing ``face`` is ROLL_BASE + face
_NEAREST_BASE = 2100  # the chance code of "die d lies nearest the platter" (solo ties)
_FACES = range(1, 7)

Scored4 = tuple[float, int, Action, StateBase]  # value, legal index, action, child


def _number(name: str, value: str | float, low: float, kind: type = int) -> float:
    return bot_number("clever-search", name, value, low, whole=kind is int)


class _Search:
    """One decision's search: the seat, its turn and the sampled rolls of each layer."""

    def __init__(
        self,
        bot: CleverSearchBot,
        game: GameBase,
        root: CleverState,
        seat: Player,
        rng: random.Random,
    ) -> None:
        self.bot = bot
        self.seat = seat
        self.evaluate_many: ManyEvaluation = bot.evaluation()
        self.turn = (root.round, root.active)
        self.deadline = bot.budget.deadline()
        # Per layer: sampled faces of the six dice, and an order to break platter ties.
        self.layers = [
            [
                (tuple(rng.randint(1, 6) for _ in range(6)), tuple(rng.random() for _ in range(6)))
                for _ in range(bot.samples if layer == 0 else bot.inner_samples)
            ]
            for layer in range(bot.depth)
        ]

    def one_ply(self, state: StateBase) -> list[Scored4]:
        """Every legal action with the evaluation of its child, in legal order."""
        actions = state.legal_actions()
        children = []
        for action in actions:
            child = state.clone()
            child.apply(action)
            children.append(child)
        values = self.evaluate_many(children, self.seat)
        return [(values[i], i, actions[i], children[i]) for i in range(len(children))]

    def value(self, state: StateBase, depth: int, beam: int) -> float:
        """The value of ``state`` with ``depth`` rolls left to search (see the module text)."""
        player = state.current_player()
        if player == self.seat:
            scored = self.one_ply(state)
            if depth == 0 or self.out_of_time():
                return max(item[0] for item in scored)
            if len(scored) > beam:
                scored = heapq.nlargest(beam, scored, key=lambda item: (item[0], -item[1]))
            return max(self.value(item[3], depth, 1) for item in scored)
        if player == CHANCE and depth > 0 and self.expands(state):
            layer = len(self.layers) - depth
            total = 0.0
            for weight, rolled in self.rolls(state, layer):
                total += weight * self.value(rolled, depth - 1, self.bot.inner)
            if self.bot.drift:
                assert isinstance(state, CleverState)
                total -= roll_drift(state)
            return total
        return self.evaluate_many([state], self.seat)[0]

    def expands(self, state: StateBase) -> bool:
        """Whether the search looks across the roll about to happen: the seat's own rolls (with
        ``turn``: only those of the turn the decision is in)."""
        assert isinstance(state, CleverState)
        if state.active != self.seat:
            return False
        if not self.bot.turn:
            return True
        return (state.round, state.active) == self.turn and state.stage == "rolling"

    def out_of_time(self) -> bool:
        return self.deadline is not None and time.perf_counter() > self.deadline

    def rolls(self, state: StateBase, layer: int) -> list[tuple[float, StateBase]]:
        """The positions after the roll about to happen, with their weights (summing to 1)."""
        to_roll = _dice_to_roll(state)
        outcomes = 6 ** len(to_roll)
        if outcomes <= self.bot.exact:
            weight = 1.0 / outcomes
            return [
                (weight, self.roll(state, dict(zip(to_roll, faces, strict=True))))
                for faces in itertools.product(_FACES, repeat=len(to_roll))
            ]
        samples = self.layers[layer]
        weight = 1.0 / len(samples)
        return [(weight, self.roll(state, dict(enumerate(f)), order)) for f, order in samples]

    @staticmethod
    def roll(
        state: StateBase, faces: dict[int, int], order: tuple[float, ...] | None = None
    ) -> StateBase:
        """A copy of ``state`` after the roll ``faces`` (die -> face); dice tied for the solo
        platter go there by ``order`` (lowest first), or in colour order without one."""
        rolled = state.clone()
        while rolled.current_player() == CHANCE:
            outcomes = rolled.chance_outcomes()
            if outcomes[0][0] >= _NEAREST_BASE:
                tied = [action - _NEAREST_BASE for action, _ in outcomes]
                die = tied[0] if order is None else min(tied, key=lambda d: order[d])
                rolled.apply(_NEAREST_BASE + die)
            else:
                rolled.apply(_ROLL_BASE + faces[_next_die(rolled)])
        return rolled


def _dice_to_roll(state: StateBase) -> list[int]:
    """The dice the roll about to happen gives faces to (the dice of the roll showing 0)."""
    assert isinstance(state, CleverState)
    faces = state.faces
    return [die for die in state.rolled if faces[die] == 0]


def _next_die(state: StateBase) -> int:
    """The die the next chance step gives a face to (the dice roll in colour order)."""
    assert isinstance(state, CleverState)
    faces = state.faces
    for die in state.rolled:
        if faces[die] == 0:
            return die
    raise AssertionError("no die is being rolled")


class CleverSearchBot(Bot):
    """Sampled expectimax over the dice of That's Pretty Clever (see the module text).

    ``samples``: rolls sampled at the first layer (``inner_samples`` deeper); ``depth``: rolls
    searched; ``beam``: root candidates searched; ``inner``: candidates searched after a roll;
    ``exact``: a roll with at most this many outcomes is enumerated; ``turn=1``: search only
    the rolls of the decision's own turn; ``drift=0``: no drift correction; ``noise``: the
    standard deviation of noise added to the root's values; ``seconds``: a time cap; ``net=1``:
    value positions with the shipped value network instead of the hand-written evaluation
    (``net=PATH``: the network in that ``.npz`` file), which also turns the drift correction
    off unless ``drift=1`` is given (a network trained by TD is its own mean across a roll).
    """

    name = "clever-search"

    def __init__(
        self,
        samples: str | int = 16,
        depth: str | int = 1,
        beam: str | int = 4,
        inner: str | int = 2,
        inner_samples: str | int = 8,
        exact: str | int = 36,
        turn: str | int = 0,
        drift: str | int | None = None,
        noise: str | float = 0.0,
        seconds: str | float | None = None,
        net: str | int = 0,
    ) -> None:
        self.samples = int(_number("samples", samples, 1))
        self.depth = int(_number("depth", depth, 0))
        self.beam = int(_number("beam", beam, 1))
        self.inner = int(_number("inner", inner, 1))
        self.inner_samples = int(_number("inner_samples", inner_samples, 1))
        self.exact = int(_number("exact", exact, 1))
        self.turn = bool(_number("turn", turn, 0))
        self.net = str(net).strip()
        if self.net in ("0", ""):
            self.net = "0"
        self.drift = bool(_number("drift", drift, 0)) if drift is not None else self.net == "0"
        self.noise = _number("noise", noise, 0.0, float)
        self.budget = Budget.parse(None, seconds)

    def label(self) -> str:
        """The spec that makes this bot again."""
        text = f"{self.name}:samples={self.samples},depth={self.depth},beam={self.beam}"
        if self.depth > 1:
            text += f",inner={self.inner},inner_samples={self.inner_samples}"
        if self.exact != 36:
            text += f",exact={self.exact}"
        if self.turn:
            text += ",turn=1"
        if self.net != "0":
            text += f",net={self.net}"
        if self.drift != (self.net == "0"):
            text += f",drift={int(self.drift)}"
        if self.noise:
            text += f",noise={self.noise:g}"
        return text

    def evaluation(self) -> ManyEvaluation:
        """How this bot values positions: the hand-written evaluation or a network (loaded
        once per process, at the first decision that needs it)."""
        if self.net == "0":
            return evaluate_hand
        from .network import shipped  # numpy: only for the bots that use the network

        try:
            network = shipped(None if self.net == "1" else Path(self.net))
        except (OSError, ValueError) as error:
            raise OptionError(
                t("clever-search: cannot use net={net}: {error}", net=self.net, error=error)
            ) from None
        return network.evaluate_many

    def rank(self, view: View, game: GameBase, rng: random.Random) -> list[Scored]:
        """Every legal action, best first: the searched ones by their search value, then the
        rest by their one-ply evaluation (shifted below the searched ones)."""
        seat = view["me"]
        state = game.state_from_view(view, rng)
        if not isinstance(state, CleverState):
            raise OptionError(
                t("the clever-search bot plays Clever only, not {game}", game=game.name)
            )
        search = _Search(self, game, state, seat, rng)
        ordered = sorted(search.one_ply(state), key=lambda item: (-item[0], item[1]))
        searched = ordered
        if self.depth and len(ordered) > 1:
            searched = [
                (search.value(child, self.depth, 1), index, action, child)
                for _, index, action, child in ordered[: self.beam]
            ]
            if len(ordered) > self.beam:  # the rest, by one ply, just below the searched
                shift = min(item[0] for item in searched) - ordered[self.beam - 1][0] - 1e-6
                searched += [(v + shift, i, a, c) for v, i, a, c in ordered[self.beam :]]
        if self.noise:
            searched = [(v + rng.gauss(0.0, self.noise), i, a, c) for v, i, a, c in searched]
        searched.sort(key=lambda item: (-item[0], item[1]))
        return [(action, value) for value, _, action, _ in searched]

    def choose(self, view: View, game: GameBase, rng: random.Random) -> Action:
        """The best action by :meth:`rank` (ties: the first in legal order)."""
        return self.rank(view, game, rng)[0][0]


class CleverNetBot(CleverSearchBot):
    """``clever-net``: the value network's best afterstate, one ply (no search); the same
    parameters as ``clever-search`` (``depth`` 0 and ``net=1`` by default)."""

    name = "clever-net"

    # The parameters spelt out again: a compiled ``**params`` passed on to the base class
    # loses its types (mypyc), so the two lists must stay alike.
    def __init__(
        self,
        samples: str | int = 16,
        depth: str | int = 0,
        beam: str | int = 4,
        inner: str | int = 2,
        inner_samples: str | int = 8,
        exact: str | int = 36,
        turn: str | int = 0,
        drift: str | int | None = None,
        noise: str | float = 0.0,
        seconds: str | float | None = None,
        net: str | int = 1,
    ) -> None:
        super().__init__(
            samples, depth, beam, inner, inner_samples, exact, turn, drift, noise, seconds, net
        )
