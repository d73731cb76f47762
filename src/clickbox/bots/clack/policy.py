"""The ``memory`` and lookahead policies for Click Clack: play the odds of the public record.

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
policy's own squirrel. After a roll that left no move, leaving the board as it is (``noturn``,
when the view's ``no_move_turn`` allows it) collects nothing for anyone; as the choice is then
only where the board is left for the next players, each of the three choices also counts, with
weight ``threat``, what the opponents' squirrels may collect on the next turn of the board.

The lookahead (:func:`search_rank`, the ``clack`` bot) reads the same record more sharply and
further ahead:

* :func:`exact_chances` gives every hollow's posterior chance exactly, by counting the legal
  layouts that agree with the record (forward-backward over the layout's columns), instead of
  from a few sampled layouts;
* it plays out ``depth`` turns (its own, then the next seats'), each over every face of the
  die, every seat choosing the move and turn of the board that are best for it by the same
  measure (its expected disc values collected minus its opponents' weighted ones); the
  hollows are taken as independent (the expectation of a fixed line of play does not depend on
  how they are correlated) and a hollow counts once. A seat that could not move also weighs
  leaving the board as it is (``noturn``, when the view's ``no_move_turn`` allows it): nothing
  is collected and the next seat plays from the same rotation. At the end, what the squirrels
  may find on the next turn of the board counts with weight ``future``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core import View
from ...core.i18n import t
from ...games.clack import actions as A
from ...games.clack.board import (
    FACE_NAMES,
    FREDDY,
    KIND_NAMES,
    KINDS,
    SECTION_NAMES,
    SECTIONS,
    WIN_SAME,
    WIN_TOTAL,
)
from ...games.clack.layout import _BITS, _MASK

if TYPE_CHECKING:
    import random

    from ...games.clack.game import ClickClackGame

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
    threat: float = 0.5
    """In a turn without a move (``noturn`` legal), where the only choice is where the board is
    left: weight of what the opponents' squirrels may collect on the next turn from there."""


TUNING = Tuning()


def disc_value(
    counts: list[int],
    kind: int,
    tuning: Tuning = TUNING,
    win_same: int = WIN_SAME,
    win_total: int = WIN_TOTAL,
) -> float:
    """What a disc of ``kind`` is worth to a seat that has ``counts`` discs of each kind, in a
    game won by ``win_same`` identical or ``win_total`` discs."""
    if counts[kind] + 1 >= win_same or sum(counts) + 1 >= win_total:
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
        wins = (game.win_same, game.win_total)
        self.seen_value = [[disc_value(c, k, tuning, *wins) for k in range(KINDS)] for c in counts]
        self.unseen_value = [
            sum(left[k] * disc_value(c, k, tuning, *wins) for k in range(KINDS)) / unknown
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


def _progress(discs: dict[str, int], game: ClickClackGame) -> float:
    return max(discs["total"] / game.win_total, max(discs[k] for k in KIND_NAMES) / game.win_same)


def choose_action(
    view: View, game: ClickClackGame, rng: random.Random, tuning: Tuning = TUNING
) -> int:
    """The memory policy's action for the seat to move in ``view``."""
    legal = [A.parse(text) for text in view["legal"]]
    if not legal:
        raise ValueError(t("the view's seat is not to move"))
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
    progress = [_progress(d, game) for d in view["discs"]]
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

    def threat(step: int) -> float:
        """The opponents' weighted gains on the next turn of the board after ``step``."""
        return sum(weight[s] * later(s, pos[s], step) for s in others)

    still = A.NOTURN in legal  # a turn without a move: turn the board, or leave it
    scores: list[tuple[float, int]] = []
    for action in legal:
        if action in (A.CW, A.CCW):
            step = 1 if action == A.CW else -1
            value = turn_value(pos, step) + tuning.future * later(me, pos[me], step)
            if still:
                value -= tuning.threat * threat(step)
        elif action == A.NOTURN:
            # The board stays: nothing is collected now (every squirrel already stands over a
            # hollow it has emptied), what may come is on either side of it.
            value = tuning.future * later(me, pos[me], 0) - tuning.threat * threat(0)
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


# -- exact chances ------------------------------------------------------------------------------

_CHANCES: dict[tuple[object, ...], tuple[float, ...]] = {}


def exact_chances(game: ClickClackGame, must: int, forbid: int) -> tuple[float, ...]:
    """Per hollow, the exact posterior chance that it held a disc at the start, given that the
    hollows of the bit mask ``must`` did and those of ``forbid`` did not (every legal layout
    that agrees being equally likely); ValueError if none agrees.

    Forward-backward over the layout's columns: :meth:`.layout.LayoutModel.tables` counts the
    completions of the columns after each one, a forward pass the ways to fill the columns up
    to it, both as polynomials in the number of discs packed into one int; the coefficient of
    the game's disc count in their product counts the layouts through each column pattern.
    """
    layout = game.layout
    discs = game.total_discs
    key = (game.geometry.name, discs, must, forbid)
    found = _CHANCES.get(key)
    if found is not None:
        return found
    bits = _BITS
    size = layout.size
    columns = [sum(1 << h for h in column) for column in game.geometry.columns]
    allowed = tuple(
        tuple(
            q
            for q, cells in enumerate(layout.bits[c])
            if cells & forbid == 0 and (must & ~cells & columns[c]) == 0
        )
        for c in range(size)
    )
    after = layout.tables(allowed)
    counts = layout.counts
    compat = layout.compat
    shift = discs * bits
    mass_of: list[list[int]] = []
    # ways[(q, f)]: fillings of the columns up to c with pattern q in c and f in the first.
    ways = {(q, q): 1 << (counts[0][q] * bits) for q in allowed[0]}
    for c in range(size):
        if c:
            ok = set(allowed[c])
            merged: dict[tuple[int, int], int] = {}
            for (p, f), value in ways.items():
                for q in compat[c - 1][p]:
                    if q in ok:
                        merged[q, f] = merged.get((q, f), 0) + value
            here = counts[c]
            ways = {(q, f): value << (here[q] * bits) for (q, f), value in merged.items()}
        rest = after[c + 1]
        mass = [0] * len(layout.patterns[c])
        for (q, f), value in ways.items():
            later = rest[q][f]
            if later:
                mass[q] += ((value * later) >> shift) & _MASK
        mass_of.append(mass)
    total = sum(mass_of[0])
    if total == 0:
        raise ValueError(t("no legal layout agrees with what is known"))
    chance = [0.0] * game.geometry.hollows
    for c, mass in enumerate(mass_of):
        for q, m in enumerate(mass):
            if m:
                share = m / total
                for hollow in layout.hollows_of[c][q]:
                    chance[hollow] += share
    found = tuple(chance)
    if len(_CHANCES) > 256:
        _CHANCES.clear()
    _CHANCES[key] = found
    return found


# -- lookahead ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SearchTuning:
    """The lookahead policy's parameters (:func:`search_rank`)."""

    depth: int = 2
    """Turns looked at: the seat's own, then the next seats' (each over every face of the die)."""
    leader_weight: float = 0.7
    """How much a disc collected by a seat's leading opponent costs it."""
    other_weight: float = 0.3
    """How much a disc collected by another opponent costs it."""
    future: float = 0.25
    """Weight, at the end of the lookahead, of the hollows each squirrel may stand over next."""
    samples: int = 0
    """0: exact chances; otherwise chances from this many sampled layouts (as ``memory``)."""
    reach: float = 0.0
    """Weight, at the end of the lookahead, of the best hollow each squirrel may reach."""
    span: int = 8
    """How many turns of the board ``reach`` looks along."""
    decay: float = 0.7
    """``reach``'s discount per turn of the board."""
    patience: int = 150
    """After this many turns a seat plays for its own discs alone (opponents' weights 0), so
    that no two cautious seats can keep the board where nobody finds anything."""


SEARCH_TUNING = SearchTuning()

Gains = list[float]


class _Lookahead:
    """Expected disc values collected per seat over the next turns, hollows independent."""

    def __init__(
        self, view: View, game: ClickClackGame, rng: random.Random, tuning: SearchTuning
    ) -> None:
        n: int = view["players"]
        self.n = n
        self.game = game
        self.tuning = tuning
        self.under = game.under
        self.rotations = game.rotations
        self.sections = game.hole_sections
        self.section_holes = game.section_holes
        self.scare_all = game.scare_all
        self.faces = tuple((code - A.ROLL_BASE, p) for code, p in game.roll_outcomes)
        """The die's faces and their chances (option ``freddy_faces``)."""
        self.still = view["no_move_turn"] == "optional"
        """A seat whose roll left no move may leave the board as it is (``noturn``)."""
        self._reach: dict[int, float] = {}
        hollows = game.geometry.hollows
        collected = {c["hollow"]: KIND_NAMES.index(c["kind"]) for c in view["collections"]}
        seen = {s["hollow"]: KIND_NAMES.index(s["kind"]) for s in view["seen"]}
        must = sum(1 << h for h in {*collected, *seen})
        forbid = sum(1 << h for h in view["known_empty"]) & ~sum(1 << h for h in collected)
        if tuning.samples:
            memory = Belief(view, game, rng, Tuning(samples=tuning.samples))
            chance = list(memory.chance)
        else:
            chance = list(exact_chances(game, must, forbid))
        left = [game.per_kind] * KINDS
        for kind in (*collected.values(), *seen.values()):
            left[kind] -= 1
        unknown = sum(left)
        counts = [[d[KIND_NAMES[k]] for k in range(KINDS)] for d in view["discs"]]
        self.value: list[list[float]] = []
        wins = (game.win_same, game.win_total)
        for seat in range(n):
            unseen = (
                sum(left[k] * disc_value(counts[seat], k, TUNING, *wins) for k in range(KINDS))
                / unknown
                if unknown
                else 0.0
            )
            row = [0.0 if h in collected else chance[h] * unseen for h in range(hollows)]
            for h, kind in seen.items():
                row[h] = disc_value(counts[seat], kind, TUNING, *wins)
            self.value.append(row)
        progress = [_progress(d, game) for d in view["discs"]]
        self.weights: list[list[float]] = []
        late = view["turns"] > tuning.patience
        for seat in range(n):
            others = [s for s in range(n) if s != seat]
            leader = max(others, key=lambda s: (progress[s], -((s - seat) % n)))
            self.weights.append(
                [
                    1.0
                    if s == seat
                    else 0.0
                    if late
                    else -tuning.leader_weight
                    if s == leader
                    else -tuning.other_weight
                    for s in range(n)
                ]
            )

    def score(self, seat: int, gains: Gains) -> float:
        """``seat``'s objective: its gains minus its opponents' weighted gains."""
        return sum(w * g for w, g in zip(self.weights[seat], gains, strict=True))

    def moves(
        self, seat: int, face: int, pos: tuple[int, ...], freddy: int
    ) -> list[tuple[int, tuple[int, ...], int]]:
        """The legal moves of ``seat`` after rolling ``face``: (action, places, Freddy's
        section); no move (``-1``) when the face is Freddy's section."""
        if face == FREDDY:
            out = []
            for section in range(SECTIONS):
                if section == freddy:
                    continue
                places = tuple(
                    OFF
                    if hole != OFF and (self.scare_all or self.sections[hole] == section)
                    else hole
                    for hole in pos
                )
                out.append((A.FREDDY_BASE + section, places, section))
            return out
        if face == freddy:
            return [(-1, pos, freddy)]
        mine = pos[seat]
        taken = {hole for hole in pos if hole != OFF}
        targets = [h for h in self.section_holes[face] if h not in taken]
        if not targets:
            targets = [
                h
                for h in range(len(self.sections))
                if h not in taken and self.sections[h] != freddy
            ]
        out = []
        for hole in targets:
            moved = list(pos)
            moved[seat] = hole
            out.append((hole, tuple(moved), freddy))
        if mine != OFF and self.sections[mine] == face:
            out.append((A.STAY, pos, freddy))
        return out

    def turn_end(
        self,
        seat: int,
        rot: int,
        pos: tuple[int, ...],
        freddy: int,
        seen: int,
        depth: int,
        still: bool = False,
    ) -> tuple[float, int, Gains]:
        """``seat`` turns the board (``still``: or leaves it): its best (score, action, gains)."""
        best: tuple[float, int, Gains] | None = None
        for action, step in ((A.CW, 1), (A.CCW, -1)):
            gains = self.after_turn(seat, (rot + step) % self.rotations, pos, freddy, seen, depth)
            score = self.score(seat, gains)
            if best is None or score > best[0]:
                best = (score, action, gains)
        assert best is not None
        if still:
            gains = self.after_turn(seat, rot, pos, freddy, seen, depth, turned=False)
            score = self.score(seat, gains)
            if score > best[0]:
                best = (score, A.NOTURN, gains)
        return best

    def after_turn(
        self,
        seat: int,
        rot: int,
        pos: tuple[int, ...],
        freddy: int,
        seen: int,
        depth: int,
        turned: bool = True,
    ) -> Gains:
        """The board has turned to ``rot`` (``turned=False``: it stayed there): collections,
        then the next seats' turns."""
        gains = [0.0] * self.n
        if turned:
            row = self.under[rot]
            for s, hole in enumerate(pos):
                if hole != OFF:
                    hollow = row[hole]
                    bit = 1 << hollow
                    if not seen & bit:
                        seen |= bit
                        gains[s] += self.value[s][hollow]
        if depth > 1:
            later = self.turn((seat + 1) % self.n, rot, pos, freddy, seen, depth - 1)
        else:
            later = self.potential(rot, pos, seen)
        return [a + b for a, b in zip(gains, later, strict=True)]

    def potential(self, rot: int, pos: tuple[int, ...], seen: int) -> Gains:
        """What the squirrels may collect on the next turn of the board (either way), and the
        best hollow within reach of a few more turns (discounted)."""
        weight = 0.5 * self.tuning.future
        reach = self.tuning.reach
        out = [0.0] * self.n
        under = self.under
        rotations = self.rotations
        for s, hole in enumerate(pos):
            if hole != OFF:
                total = 0.0
                for step in (1, -1):
                    hollow = under[(rot + step) % rotations][hole]
                    if not seen >> hollow & 1:
                        total += self.value[s][hollow]
                out[s] = weight * total
                if reach:
                    out[s] += reach * self.reach(s, hole, rot)
        return out

    def reach(self, seat: int, hole: int, rot: int) -> float:
        """The best value ``seat``'s squirrel in ``hole`` may find within ``span`` turns of the
        board from ``rot``, discounted by ``decay`` per turn."""
        key = (seat * 64 + hole) * 64 + rot
        found = self._reach.get(key)
        if found is None:
            value = self.value[seat]
            under = self.under
            rotations = self.rotations
            found = 0.0
            factor = 1.0
            for distance in range(1, self.tuning.span + 1):
                for step in (distance, -distance):
                    v = factor * value[under[(rot + step) % rotations][hole]]
                    if v > found:
                        found = v
                factor *= self.tuning.decay
            self._reach[key] = found
        return found

    def turn(
        self, seat: int, rot: int, pos: tuple[int, ...], freddy: int, seen: int, depth: int
    ) -> Gains:
        """``seat``'s whole turn, in expectation over the die."""
        total = [0.0] * self.n
        for face, p in self.faces:
            gains = self.after_roll(seat, face, rot, pos, freddy, seen, depth)[2]
            for s in range(self.n):
                total[s] += p * gains[s]
        return total

    def after_roll(
        self,
        seat: int,
        face: int,
        rot: int,
        pos: tuple[int, ...],
        freddy: int,
        seen: int,
        depth: int,
    ) -> tuple[float, int, Gains]:
        """``seat`` has rolled ``face``: its best (score, action, gains) over move and turn."""
        best: tuple[float, int, Gains] | None = None
        for action, places, section in self.moves(seat, face, pos, freddy):
            score, gains = self.move_value(seat, action, places, section, rot, seen, depth)
            if best is None or score > best[0]:
                best = (score, action, gains)
        assert best is not None
        return best

    def move_value(
        self,
        seat: int,
        action: int,
        places: tuple[int, ...],
        freddy: int,
        rot: int,
        seen: int,
        depth: int,
    ) -> tuple[float, Gains]:
        """The (score, gains) of ``seat``'s move ``action`` leading to ``places``, then its best
        turn of the board."""
        gain = 0.0
        if 0 <= action < A.STAY:
            hollow = self.under[rot][action]
            bit = 1 << hollow
            if not seen & bit:
                seen |= bit
                gain = self.value[seat][hollow]
        still = action < 0 and self.still  # no move: the board may stay as it is
        _, _, gains = self.turn_end(seat, rot, places, freddy, seen, depth, still)
        if gain:
            gains = list(gains)
            gains[seat] += gain
        return self.score(seat, gains), gains


def search_rank(
    view: View, game: ClickClackGame, rng: random.Random, tuning: SearchTuning = SEARCH_TUNING
) -> list[tuple[int, float]]:
    """The legal actions of the seat to move, best first, with the lookahead's values (the
    expected disc values the seat collects over the next ``depth`` turns minus its opponents'
    weighted ones); ties in random order."""
    legal = [A.parse(text) for text in view["legal"]]
    if not legal:
        raise ValueError(t("the view's seat is not to move"))
    if len(legal) == 1:
        return [(legal[0], 0.0)]
    me: int = view["me"]
    look = _Lookahead(view, game, rng, tuning)
    rot: int = view["rotation"]
    pos = tuple(
        OFF if where in ("home", "trunk") else A.parse(where) for where in view["squirrels"]
    )
    freddy = -1 if view["freddy"] == "trunk" else SECTION_NAMES.index(view["freddy"])
    depth = max(1, tuning.depth)
    scored = []
    if view["phase"] == "turn":
        for action in legal:
            if action == A.NOTURN:
                gains = look.after_turn(me, rot, pos, freddy, 0, depth, turned=False)
            else:
                step = 1 if action == A.CW else -1
                gains = look.after_turn(me, (rot + step) % game.rotations, pos, freddy, 0, depth)
            scored.append((look.score(me, gains), rng.random(), action))
    else:
        face = FACE_NAMES.index(view["roll"])
        options = {
            action: (places, section)
            for action, places, section in look.moves(me, face, pos, freddy)
        }
        for action in legal:
            places, section = options[action]
            score, _ = look.move_value(me, action, places, section, rot, 0, depth)
            scored.append((score, rng.random(), action))
    scored.sort(reverse=True)
    return [(action, score) for score, _, action in scored]


def search_action(
    view: View, game: ClickClackGame, rng: random.Random, tuning: SearchTuning = SEARCH_TUNING
) -> int:
    """The lookahead policy's action: the best of :func:`search_rank`."""
    return search_rank(view, game, rng, tuning)[0][0]
