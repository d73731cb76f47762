"""The ``memory`` policy for Click Clack: play the odds of the public record.

:func:`choose_action` is a function of the view, the game (its geometry and layout sampler) and
an RNG; it never sees a state. From the view's public record (the collections, the hollows known
empty, the discs seen) it estimates, for every hollow, the chance that a disc lies there now:
``samples`` layouts drawn from the exact posterior (:meth:`.layout.LayoutModel.sample_many`).
The kinds of the unseen discs are the ones not yet collected or seen, arranged at random, so an
unseen disc is of kind k with the share of k among them.

A disc is worth more to a seat the nearer it brings it to a win (:func:`disc_value`). A move is
scored by what the seat's squirrel is expected to collect on placement and after the better of
the two turns, minus what the opponents' squirrels collect on that turn (the leader counts
most), plus a little for the hollows the squirrel will pass over on the next turns. Freddy goes
where he scares off what the opponents would collect (the leader first), and not onto the
policy's own squirrel.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core import View
from . import actions as A
from .board import KIND_NAMES, KINDS, WIN_SAME, WIN_TOTAL

if TYPE_CHECKING:
    import random

    from .game import ClickClackGame

OFF = -1  # a squirrel not on the board (home or on the trunk)


@dataclass(frozen=True)
class Tuning:
    """The policy's weights (module constant :data:`TUNING`)."""

    samples: int = 24
    """Layouts drawn from the posterior per decision."""
    same_bonus: float = 0.4
    """Extra value of a disc per disc of its kind the seat already has."""
    win_value: float = 6.0
    """Value of a disc that wins the game at once."""
    leader_weight: float = 0.7
    """How much a disc collected by the leading opponent costs (a disc of mine is worth 1)."""
    other_weight: float = 0.3
    """How much a disc collected by another opponent costs."""
    future: float = 0.25
    """Weight of the hollows the squirrel will stand over on the next turns of the board."""
    stay_on_board: float = 0.8
    """Weight of what a squirrel scared off by Freddy would have collected on later turns."""


TUNING = Tuning()


def disc_value(counts: list[int], kind: int, tuning: Tuning = TUNING) -> float:
    """What a disc of ``kind`` is worth to a seat that has ``counts`` discs of each kind."""
    if counts[kind] + 1 >= WIN_SAME or sum(counts) + 1 >= WIN_TOTAL:
        return tuning.win_value
    return 1.0 + tuning.same_bonus * counts[kind]


class Belief:
    """Per-hollow chances of a disc now and the seats' values of a disc there, from a view."""

    def __init__(self, view: View, game: ClickClackGame, rng: random.Random, tuning: Tuning):
        hollows = game.geometry.hollows
        collected = {c["hollow"]: KIND_NAMES.index(c["kind"]) for c in view["collections"]}
        seen = {s["hollow"]: KIND_NAMES.index(s["kind"]) for s in view["seen"]}
        empty = 0
        for h in view["known_empty"]:
            empty |= 1 << h
        must = 0
        for h in (*collected, *seen):
            must |= 1 << h
        forbid = empty & ~sum(1 << h for h in collected)
        draws = game.layout.sample_many(game.total_discs, must, forbid, rng, tuning.samples)
        hits = [0] * hollows
        for patterns in draws:
            for column, pattern in enumerate(patterns):
                for h in game.layout.hollows_of[column][pattern]:
                    hits[h] += 1
        share = 1.0 / len(draws)
        self.chance = [0.0 if h in collected else hits[h] * share for h in range(hollows)]
        left = [game.per_kind] * KINDS
        for kind in (*collected.values(), *seen.values()):
            left[kind] -= 1
        unknown = sum(left)
        counts = [[d[KIND_NAMES[k]] for k in range(KINDS)] for d in view["discs"]]
        self.seen = seen
        self.seen_value = [[disc_value(c, k, tuning) for k in range(KINDS)] for c in counts]
        self.unseen_value = [
            sum(left[k] * disc_value(c, k, tuning) for k in range(KINDS)) / unknown
            if unknown
            else 0.0
            for c in counts
        ]

    def value(self, seat: int, hollow: int) -> float:
        """What ``seat`` expects to collect (in disc values) from ``hollow``."""
        kind = self.seen.get(hollow)
        if kind is not None:
            return self.seen_value[seat][kind]
        return self.chance[hollow] * self.unseen_value[seat]


def _progress(discs: dict[str, int]) -> float:
    return max(discs["total"] / WIN_TOTAL, max(discs[k] for k in KIND_NAMES) / WIN_SAME)


def choose_action(
    view: View, game: ClickClackGame, rng: random.Random, tuning: Tuning = TUNING
) -> int:
    """The memory policy's action for the seat to move in ``view``."""
    legal = [A.parse(text) for text in view["legal"]]
    if not legal:
        raise ValueError("the view's seat is not to move")
    if len(legal) == 1:
        return legal[0]
    me: int = view["me"]
    n: int = view["players"]
    rot: int = view["rotation"]
    rotations = game.rotations
    under = game.under
    sections = game.hole_sections
    belief = Belief(view, game, rng, tuning)
    pos = [OFF if where in ("home", "trunk") else A.parse(where) for where in view["squirrels"]]
    progress = [_progress(d) for d in view["discs"]]
    others = [s for s in range(n) if s != me]
    leader = max(others, key=lambda s: (progress[s], -((s - me) % n)))
    weight = [
        0.0 if s == me else tuning.leader_weight if s == leader else tuning.other_weight
        for s in range(n)
    ]

    def turn_value(places: list[int], step: int) -> float:
        """My gain minus the weighted opponents' gains when the board turns by ``step``."""
        row = under[(rot + step) % rotations]
        total = 0.0
        for seat, hole in enumerate(places):
            if hole != OFF:
                gain = belief.value(seat, row[hole])
                total += gain if seat == me else -weight[seat] * gain
        return total

    def later(seat: int, hole: int, step: int) -> float:
        """What ``seat``'s squirrel in ``hole`` may collect on the turns after this one."""
        if hole == OFF:
            return 0.0
        at = rot + step
        return 0.5 * sum(belief.value(seat, under[(at + e) % rotations][hole]) for e in (-1, 1))

    def best_turn(places: list[int]) -> float:
        return max(
            turn_value(places, step) + tuning.future * later(me, places[me], step)
            for step in (1, -1)
        )

    scores: list[tuple[float, int]] = []
    for action in legal:
        if action in (A.CW, A.CCW):
            step = 1 if action == A.CW else -1
            value = turn_value(pos, step) + tuning.future * later(me, pos[me], step)
        elif action >= A.FREDDY_BASE:
            section = action - A.FREDDY_BASE
            places = list(pos)
            value = 0.0
            for seat, hole in enumerate(pos):
                if hole != OFF and (game.scare_all or sections[hole] == section):
                    places[seat] = OFF
                    # What the squirrel would have collected on the coming turns.
                    lost = tuning.stay_on_board * later(seat, hole, 0)
                    value += -lost if seat == me else weight[seat] * lost
            value += best_turn(places)
        else:
            places = list(pos)
            value = 0.0
            if action != A.STAY:
                places[me] = action
                value += belief.value(me, under[rot][action])
            value += best_turn(places)
        scores.append((value, action))
    best = max(value for value, _ in scores)
    choices = [action for value, action in scores if value >= best - 1e-9]
    return choices[0] if len(choices) == 1 else rng.choice(choices)
