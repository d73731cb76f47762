"""A static evaluation of a That's Pretty Clever sheet, for the greedy bot and later searches.

The value of a position for a seat is an estimate of its final score:

* the points on the sheet now;
* per area, the points and bonuses still to come, from a small model of the area: it will be
  offered ``m`` more opportunities (``m`` = the area's share of the seat's remaining
  opportunities), each a fair die or the best of a few (blue: sums of two dice; yellow and blue:
  now and then a free cross, as bonus X's give), used as well as the area allows (orange and
  purple skip a die not worth a box). Each model is solved once, by dynamic programming over
  the area's state, into tables ``state -> value for m = 0..M``; the value counts the bonuses
  the area will fire (a fox, an X, a reroll ...) at fixed worths;
* the foxes, each worth a (soft) minimum of the areas' forecast final points, so the weakest
  area's points count more in proportion to the foxes;
* rerolls and +1 actions in hand or still to unlock (round bonuses), bonuses waiting for a
  choice (an X: its best cell by the tables);
* the opportunities themselves: each future active turn, each passive pick, and in the active
  turn the dice still in the roll. Picking a high die sends every lower die to the platter, so
  a pick's cost is the opportunities it throws away, priced by the area tables. A small model
  of a turn (``_pool_table``) says what ``p`` picks from ``k`` dice are worth, in picks.

In multiplayer a passive take is written only once every passive seat has chosen; until then
the evaluation writes the seat's committed take on a copy of its sheet, so the greedy bot sees
what its choice does.

It is exact (the score) once the game is over. Everything is plain ints, floats and tuples: an
evaluation takes a few microseconds. The tables take under a second to build, on first use,
and are cached per :class:`Weights`; :func:`use_weights` swaps the weights for tuning
(``bench/clever_greedy.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import exp, factorial, log
from typing import TYPE_CHECKING, Final

from ...core import Player
from ...games.clever import actions as A
from ...games.clever.board import (
    BLACK,
    BLUE_COLUMN_BONUS,
    BLUE_COLUMN_MASKS,
    BLUE_POINTS,
    BLUE_ROW_BONUS,
    BLUE_ROW_MASKS,
    BOXES,
    FOX,
    GREEN_BONUS,
    GREEN_POINTS,
    GREEN_THRESHOLDS,
    ORANGE_4,
    ORANGE_5,
    ORANGE_6,
    ORANGE_BONUS,
    ORANGE_MULTIPLIERS,
    PLUS_ONE,
    PURPLE_6,
    PURPLE_BONUS,
    PURPLE_RESET,
    REROLL,
    X_BLUE,
    X_GREEN,
    X_YELLOW,
    YELLOW_COLUMN_MASKS,
    YELLOW_COLUMN_POINTS,
    YELLOW_DIAGONAL_BONUS,
    YELLOW_DIAGONAL_MASK,
    YELLOW_PRECROSSED,
    YELLOW_ROW_BONUS,
    YELLOW_ROW_MASKS,
    YELLOW_VALUES,
)
from ...games.clever.rules import (
    ACTIVE_EXTRA,
    CHOOSE,
    FINAL_EXTRA,
    OVER,
    PASSIVE_EXTRA,
    PASSIVE_TAKE,
    ROLLING,
    SOLO_NEAREST,
    SOLO_ROLLING,
    SOLO_TAKE,
)

if TYPE_CHECKING:
    from ...games.clever.rules import CleverState
    from ...games.clever.sheet import Sheet


@dataclass(frozen=True)
class Weights:
    """The knobs of the evaluation; the defaults are the tuned values.

    Tuned with ``bench/clever_greedy.py tune`` (cross-entropy search, 24 candidates a
    generation, each on the same 250 fresh solo games, about 25 generations after three earlier
    runs on simpler versions of the models). Held-out check, 1,000 solo games on seeds never
    used in tuning (``run --seed 77``): mean 199.8 ± 1.7; the published one-ply greedy
    reference points are 139 (hand weights) and ~166 (tuned, with the cost of a pick).
    """

    # Share of the remaining opportunities (in picks) each area's model is offered.
    yellow_share: float = 0.190
    blue_share: float = 0.414
    green_share: float = 0.552
    orange_share: float = 0.826
    purple_share: float = 0.572
    # An opportunity is the best of this many dice (blue: sums); a fractional count is fine.
    yellow_dice: float = 0.794
    blue_dice: float = 1.29
    green_dice: float = 2.12
    purple_dice: float = 1.00
    # An opportunity is, this often, a free cross (a bonus X: any open cell) instead of a die.
    yellow_free: float = 0.0478
    blue_free: float = 0.126
    # Orange model: a die written in orange must beat this (it could have gone elsewhere).
    orange_cost: float = 0.119
    orange_dice: float = 0.691
    # Purple model: a die written in purple must beat this (it could have gone elsewhere).
    purple_cost: float = 1.95
    # Turn model: a pick of face f is worth 1 + slope * (f - 3.5) / 2.5 picks.
    pool_slope: float = 0.695
    # A passive pick (platter dice only, no reroll), in picks.
    passive_pick: float = 0.809
    # Rerolls: each worth ``reroll`` points, at most ``reroll_cap`` per active pick left.
    reroll: float = 5.05
    reroll_cap: float = 0.774
    # An unused +1 (it can always be used at the very end).
    plus_one: float = 11.2
    # Bonuses still to earn in the area models: a fox, a yellow or blue X, a green X.
    fox: float = 5.47
    cross: float = 6.10
    green_cross: float = 9.16
    # Foxes score a soft minimum of the areas' expected final points, this soft (0: the minimum).
    fox_softness: float = 0.167
    # The shares the foxes' forecast of each area's final points uses (the area models' shares
    # drive the choices; these only have to forecast well).
    forecast_yellow: float = 0.556
    forecast_blue: float = 0.386
    forecast_green: float = 0.461
    forecast_orange: float = 0.553
    forecast_purple: float = 0.575


WEIGHTS: Final = Weights()
"""The weights :func:`evaluate` uses."""

M: Final = 32  # the area tables cover 0..M opportunities
NUMBER_FACTOR: Final = sum(ORANGE_MULTIPLIERS) / BOXES  # an orange number bonus, times this
PURPLE_6_VALUE: Final = 7.0  # a 6 in purple, and anything may follow
BLACK_VALUE: Final = 8.0  # the round-4 choice (the same in every line of play: any value works)
_NONE_LAST: Final = 0  # purple state "no number yet"


def _bonus_values(w: Weights) -> dict[int | None, float]:
    return {
        None: 0.0,
        REROLL: w.reroll,
        PLUS_ONE: w.plus_one,
        FOX: w.fox,
        X_YELLOW: w.cross,
        X_BLUE: w.cross,
        X_GREEN: w.green_cross,
        ORANGE_4: 4 * NUMBER_FACTOR,
        ORANGE_5: 5 * NUMBER_FACTOR,
        ORANGE_6: 6 * NUMBER_FACTOR,
        PURPLE_6: PURPLE_6_VALUE,
        BLACK: BLACK_VALUE,
    }


# -- the turn model ----------------------------------------------------------------------------


def _roll_outcomes(k: int) -> list[tuple[float, tuple[int, ...]]]:
    """Every roll of ``k`` dice as (probability, count of each face 1..6 at index 1..6)."""
    found: list[tuple[float, tuple[int, ...]]] = []

    def walk(face: int, left: int, counts: list[int]) -> None:
        if face == 6:
            counts.append(left)
            ways = factorial(k)
            for c in counts:
                ways //= factorial(c)
            found.append((ways / 6**k, (0, *counts)))
            counts.pop()
            return
        for c in range(left + 1):
            counts.append(c)
            walk(face + 1, left - c, counts)
            counts.pop()

    walk(1, k, [])
    return found


MOST_PICKS: Final = 6
"""Picks a turn the pool table covers: every die (option ``picks`` allows up to six)."""


def _pool_table(slope: float) -> tuple[tuple[float, ...], ...]:
    """``[p][k]``: what ``p`` picks from ``k`` dice about to be rolled are worth, in picks.

    A pick of face ``f`` is worth ``1 + slope * (f - 3.5) / 2.5`` and sends the lower dice away.
    """
    reward = [0.0] + [1 + slope * (f - 3.5) / 2.5 for f in range(1, 7)]
    table = [[0.0] * 7 for _ in range(MOST_PICKS + 1)]
    outcomes = [_roll_outcomes(k) for k in range(7)]
    for p in range(1, MOST_PICKS + 1):
        below = table[p - 1]
        for k in range(1, 7):
            total = 0.0
            for probability, counts in outcomes[k]:
                best = float("-inf")
                kept = 0
                for face in range(6, 0, -1):
                    c = counts[face]
                    if c:
                        kept += c
                        value = reward[face] + below[kept - 1]
                        if value > best:
                            best = value
                total += probability * best
            table[p][k] = total
    return tuple(tuple(row) for row in table)


# -- the area models ---------------------------------------------------------------------------


def _best_of_weights(chances: list[float], dice: float) -> list[float]:
    """How likely each outcome is to be the best of ``dice`` draws.

    ``chances`` are the outcomes' probabilities (summing to 1), best outcome first.
    """
    weights = []
    worse = 1.0  # chance that one draw is not better than this outcome
    high = 1.0
    for chance in chances:
        worse -= chance
        low = worse**dice if worse > 0 else 0.0
        weights.append(high - low)
        high = low
    return weights


Series = tuple[float, ...]  # a value for m = 0..M+1 opportunities (the last repeats M)


def _series(values: list[float]) -> Series:
    return (*values, values[-1])


def _green_tables(w: Weights, bv: dict[int | None, float]) -> tuple[list[Series], list[Series]]:
    """Per green boxes crossed: the value (points and bonuses) and the points still to come."""
    dice = max(w.green_dice, 0.1)
    hit = [1 - ((t - 1) / 6) ** dice for t in GREEN_THRESHOLDS]
    value = [[0.0] * (M + 1) for _ in range(BOXES + 1)]
    points = [[0.0] * (M + 1) for _ in range(BOXES + 1)]
    for m in range(1, M + 1):
        for n in range(BOXES):
            q = hit[n]
            gain = GREEN_POINTS[n + 1] - GREEN_POINTS[n]
            value[n][m] = (
                q * (gain + bv[GREEN_BONUS[n]] + value[n + 1][m - 1]) + (1 - q) * value[n][m - 1]
            )
            points[n][m] = q * (gain + points[n + 1][m - 1]) + (1 - q) * points[n][m - 1]
    return [_series(v) for v in value], [_series(p) for p in points]


_SUM_CHANCE: Final = tuple((6 - abs(s - 7)) / 36 if 2 <= s <= 12 else 0.0 for s in range(13))
_BLUE_LINES: Final = tuple(
    zip(BLUE_ROW_MASKS + BLUE_COLUMN_MASKS, BLUE_ROW_BONUS + BLUE_COLUMN_BONUS, strict=True)
)


def _blue_reward(blue: int, total: int, bv: dict[int | None, float]) -> float:
    """Points and bonuses of crossing blue ``total`` on the mask ``blue`` (bit s: sum s)."""
    after = blue | 1 << total
    gain = float(BLUE_POINTS[after.bit_count()] - BLUE_POINTS[blue.bit_count()])
    for mask, bonus in _BLUE_LINES:
        if after & mask == mask and blue & mask != mask:
            gain += bv[bonus]
    return gain


def _blue_tables(w: Weights, bv: dict[int | None, float]) -> tuple[list[Series], list[Series]]:
    """Indexed by ``sheet.blue >> 2``: the value and the points still to come."""
    size = 1 << 11
    dice = max(w.blue_dice, 0.1)
    free_chance = w.blue_free
    moves = []
    for index in range(size):
        blue = index << 2
        missed = 0.0
        open_moves = []
        crossed = blue.bit_count()
        gain = float(BLUE_POINTS[crossed + 1] - BLUE_POINTS[crossed]) if crossed < 11 else 0.0
        for s in range(2, 13):
            if blue >> s & 1:
                missed += _SUM_CHANCE[s]
            else:
                reward = _blue_reward(blue, s, bv)
                open_moves.append((_SUM_CHANCE[s], index | 1 << (s - 2), reward, gain))
        moves.append((missed, open_moves))
    value = [[0.0] * (M + 1) for _ in range(size)]
    points = [[0.0] * (M + 1) for _ in range(size)]
    for m in range(1, M + 1):
        k = m - 1
        for index in range(size):
            missed, open_moves = moves[index]
            stay_v = value[index][k]
            stay_p = points[index][k]
            outcomes = sorted(
                (
                    (reward + value[after][k], chance, gain + points[after][k])
                    for chance, after, reward, gain in open_moves
                ),
                reverse=True,
            )
            outcomes.append((stay_v, missed, stay_p))
            weights = _best_of_weights([o[1] for o in outcomes], dice)
            v = p = 0.0
            for weight, (ov, _, op) in zip(weights, outcomes, strict=True):
                v += weight * ov
                p += weight * op
            free_v, _, free_p = outcomes[0]  # a free cross: the best open cell
            value[index][m] = (1 - free_chance) * v + free_chance * free_v
            points[index][m] = (1 - free_chance) * p + free_chance * free_p
    return [_series(v) for v in value], [_series(p) for p in points]


_YELLOW_LINES: Final = tuple(
    zip(
        (*YELLOW_ROW_MASKS, YELLOW_DIAGONAL_MASK),
        (*YELLOW_ROW_BONUS, YELLOW_DIAGONAL_BONUS),
        strict=True,
    )
)


def _yellow_reward(yellow: int, cell: int, bv: dict[int | None, float]) -> tuple[float, float]:
    """(value, points) of crossing ``cell`` on the mask ``yellow``."""
    after = yellow | 1 << cell
    points = 0.0
    for mask, column_points in zip(YELLOW_COLUMN_MASKS, YELLOW_COLUMN_POINTS, strict=True):
        if after & mask == mask and yellow & mask != mask:
            points += column_points
    value = points
    for mask, bonus in _YELLOW_LINES:
        if after & mask == mask and yellow & mask != mask:
            value += bv[bonus]
    return value, points


def _yellow_tables(
    w: Weights, bv: dict[int | None, float]
) -> tuple[list[Series | None], list[Series | None]]:
    """Indexed by ``sheet.yellow``: the value and the points still to come."""
    cells_of = [[c for c in range(16) if YELLOW_VALUES[c] == f] for f in range(7)]
    free = [c for c in range(16) if not YELLOW_PRECROSSED >> c & 1]
    masks = []
    for bits in range(1 << len(free)):
        mask = YELLOW_PRECROSSED
        for i, c in enumerate(free):
            if bits >> i & 1:
                mask |= 1 << c
        masks.append(mask)
    moves: dict[int, list[list[tuple[int, float, float]]]] = {}
    for mask in masks:
        per_face = []
        for face in range(1, 7):
            options = []
            for c in cells_of[face]:
                if not mask >> c & 1:
                    v, p = _yellow_reward(mask, c, bv)
                    options.append((mask | 1 << c, v, p))
            per_face.append(options)
        moves[mask] = per_face
    value = {mask: [0.0] * (M + 1) for mask in masks}
    points = {mask: [0.0] * (M + 1) for mask in masks}
    dice = max(w.yellow_dice, 0.1)
    free_chance = w.yellow_free
    face_weights = _best_of_weights([1 / 6] * 6, dice)
    for m in range(1, M + 1):
        k = m - 1
        for mask in masks:
            stay_v = value[mask][k]
            stay_p = points[mask][k]
            outcomes = []
            for options in moves[mask]:
                best_v, best_p = stay_v, stay_p
                for after, reward_v, reward_p in options:
                    v = reward_v + value[after][k]
                    if v > best_v:
                        best_v, best_p = v, reward_p + points[after][k]
                outcomes.append((best_v, best_p))
            outcomes.sort(reverse=True)
            v_total = p_total = 0.0
            for weight, (ov, op) in zip(face_weights, outcomes, strict=True):
                v_total += weight * ov
                p_total += weight * op
            free_v, free_p = outcomes[0]  # a free cross: the best open cell of any value
            value[mask][m] = (1 - free_chance) * v_total + free_chance * free_v
            points[mask][m] = (1 - free_chance) * p_total + free_chance * free_p
    value_table: list[Series | None] = [None] * (1 << 16)
    points_table: list[Series | None] = [None] * (1 << 16)
    for mask in masks:
        value_table[mask] = _series(value[mask])
        points_table[mask] = _series(points[mask])
    return value_table, points_table


def _purple_tables(w: Weights, bv: dict[int | None, float]) -> tuple[list[Series], list[Series]]:
    """Indexed by ``boxes * 7 + last`` (last 0: none yet): the value and points to come.

    Each opportunity is a fair die; it is written when that beats keeping the box free by
    ``purple_cost``.
    """
    size = (BOXES + 1) * 7
    decide = [[0.0] * (M + 1) for _ in range(size)]  # with the cost: drives the choices
    value = [[0.0] * (M + 1) for _ in range(size)]
    points = [[0.0] * (M + 1) for _ in range(size)]
    cost = w.purple_cost
    face_weights = _best_of_weights([1 / 6] * 6, max(w.purple_dice, 0.1))
    for m in range(1, M + 1):
        k = m - 1
        for boxes in range(BOXES):
            bonus = bv[PURPLE_BONUS[boxes]]
            for last in range(7):
                key = boxes * 7 + last
                outcomes = []
                for face in range(1, 7):
                    best = (decide[key][k], value[key][k], points[key][k])
                    if last in (_NONE_LAST, PURPLE_RESET) or face > last:
                        after = (boxes + 1) * 7 + face
                        d = face + bonus - cost + decide[after][k]
                        if d > best[0]:
                            best = (d, face + bonus + value[after][k], face + points[after][k])
                    outcomes.append(best)
                outcomes.sort(reverse=True)
                d_total = v_total = p_total = 0.0
                for weight, (od, ov, op) in zip(face_weights, outcomes, strict=True):
                    d_total += weight * od
                    v_total += weight * ov
                    p_total += weight * op
                decide[key][m] = d_total
                value[key][m] = v_total
                points[key][m] = p_total
    return [_series(v) for v in value], [_series(p) for p in points]


def _orange_tables(w: Weights, bv: dict[int | None, float]) -> tuple[list[Series], list[Series]]:
    """Per orange boxes filled: the value and the points still to come.

    Each opportunity is a fair die (the best of ``orange_dice``), written times the box's
    multiplier when that beats keeping the box free by ``orange_cost``.
    """
    decide = [[0.0] * (M + 1) for _ in range(BOXES + 1)]
    value = [[0.0] * (M + 1) for _ in range(BOXES + 1)]
    points = [[0.0] * (M + 1) for _ in range(BOXES + 1)]
    cost = w.orange_cost
    weights = _best_of_weights([1 / 6] * 6, max(w.orange_dice, 0.1))
    for m in range(1, M + 1):
        k = m - 1
        for boxes in range(BOXES):
            bonus = bv[ORANGE_BONUS[boxes]]
            multiplier = ORANGE_MULTIPLIERS[boxes]
            stay = (decide[boxes][k], value[boxes][k], points[boxes][k])
            outcomes = []
            for face in range(6, 0, -1):  # the best first: a higher face is always better here
                written = face * multiplier
                d = written + bonus - cost + decide[boxes + 1][k]
                if d > stay[0]:
                    outcomes.append(
                        (d, written + bonus + value[boxes + 1][k], written + points[boxes + 1][k])
                    )
                else:
                    outcomes.append(stay)
            d_total = v_total = p_total = 0.0
            for weight, (od, ov, op) in zip(weights, outcomes, strict=True):
                d_total += weight * od
                v_total += weight * ov
                p_total += weight * op
            decide[boxes][m] = d_total
            value[boxes][m] = v_total
            points[boxes][m] = p_total
    return [_series(v) for v in value], [_series(p) for p in points]


# -- the cache of tables -----------------------------------------------------------------------


class Tables:
    """Everything :func:`evaluate_with` looks up, built from a :class:`Weights`."""

    def __init__(self, weights: Weights) -> None:
        self.weights = weights
        self.bonus = _bonus_values(weights)
        self.pool = _pool_table(weights.pool_slope)
        self.yellow, self.yellow_points = _yellow_tables(weights, self.bonus)
        self.blue, self.blue_points = _blue_tables(weights, self.bonus)
        self.green, self.green_points = _green_tables(weights, self.bonus)
        self.orange, self.orange_points = _orange_tables(weights, self.bonus)
        self.purple, self.purple_points = _purple_tables(weights, self.bonus)


_TABLES: dict[Weights, Tables] = {}


def tables(weights: Weights = WEIGHTS) -> Tables:
    """The tables of ``weights`` (built once per process)."""
    found = _TABLES.get(weights)
    if found is None:
        found = _TABLES[weights] = Tables(weights)
    return found


_active_weights: list[Weights] = [WEIGHTS]


def use_weights(weights: Weights) -> None:
    """Make :func:`evaluate` (and so every bot of this game) use ``weights`` in this process.

    For tuning (``bench/clever_greedy.py``); the game always starts with :data:`WEIGHTS`.
    """
    _active_weights[0] = weights


# -- the evaluation ----------------------------------------------------------------------------


def _at(series: Series, m: float) -> float:
    """The series at ``m`` opportunities (linear between whole numbers, capped at M)."""
    if m >= M:
        return series[M]
    i = int(m)
    low = series[i]
    return low + (m - i) * (series[i + 1] - low)


def evaluate(state: CleverState, seat: Player) -> float:
    """Higher is better for ``seat``. Exact (the score) once the game is over."""
    return evaluate_with(state, seat, tables(_active_weights[0]))


def evaluate_with(state: CleverState, seat: Player, t: Tables) -> float:
    """:func:`evaluate` with the tables of given weights."""
    stage = state._stage
    sheet = state._sheets[seat]
    if stage == OVER:
        return float(sheet.score())
    w = t.weights
    config = state.config
    value = 0.0

    # A passive take chosen but not yet written (multiplayer): write it on a copy.
    if stage in (PASSIVE_TAKE, PASSIVE_EXTRA):
        choice = state._takes.choices.get(seat)
        if choice is not None and choice != A.DONE and seat in state._resolve:
            sheet = sheet.copy()
            value += _write_copy(state, sheet, choice, t)

    left, active_picks = _opportunities(state, seat, t)
    value += _areas(sheet, left, t)
    if sheet.foxes:
        value += sheet.foxes * _weakest(_forecast(sheet, left, t), w.fox_softness)

    # -- actions in hand and to come, bonuses waiting for a choice
    future = config.future_bonus[state._round]  # rerolls, +1s, black of the rounds to come
    rerolls = sheet.rerolls - sheet.rerolls_used + future[0]
    if rerolls:
        usable = w.reroll_cap * active_picks
        value += w.reroll * (rerolls if rerolls < usable else usable)
    if stage != FINAL_EXTRA or seat >= state._seat:  # a seat past its last +1 stage: worthless
        value += w.plus_one * (sheet.plus_ones - sheet.plus_ones_used + future[1])
    value += BLACK_VALUE * future[2]
    for who, kind in state._pending:
        if who == seat:
            value += _pending_value(sheet, kind, t, left)
    return value


# Per player count, per kind of roll (0, 1, 2: picks made this turn; 3: the solo passive roll)
# and round: the mean, over the positions of greedy games, of the best one-ply evaluation after
# the roll (for the seat whose roll it is) minus the evaluation before it. ``bench/clever_hard.py
# drift`` measures it. A search that looks across a roll subtracts it, so lines of play that
# meet a roll and lines that do not are judged on the same scale (the evaluation's own).
ROLL_DRIFT: Final[dict[int, tuple[tuple[float, ...], ...]]] = {
    # ``drift --players P --games 150/100/100/100 --seed 100``
    1: (
        (-1.54, -2.06, -2.09, -3.03, -4.05, -3.49),
        (-2.85, -3.72, -4.35, -6.95, -7.13, -6.75),
        (-5.91, -7.44, -8.46, -11.29, -11.91, -12.79),
        (-2.60, -3.21, -5.82, -5.65, -4.95, -3.89),
    ),
    2: (
        (-1.45, -1.92, -2.24, -3.72, -3.57, -3.09),
        (-3.08, -3.86, -4.51, -7.04, -6.28, -6.92),
        (-6.06, -7.44, -8.56, -11.41, -11.95, -13.43),
        (0.0, 0.0, 0.0, 0.0, 0.0, 0.0),
    ),
    3: (
        (-1.54, -1.96, -2.93, -3.06, -2.21),
        (-3.09, -3.93, -5.59, -5.86, -6.22),
        (-6.09, -7.59, -10.40, -11.64, -12.80),
        (0.0, 0.0, 0.0, 0.0, 0.0),
    ),
    4: (
        (-1.66, -2.42, -3.39, -3.23),
        (-3.35, -4.90, -5.62, -6.56),
        (-6.62, -9.46, -10.03, -12.80),
        (0.0, 0.0, 0.0, 0.0),
    ),
}


def roll_drift(state: CleverState) -> float:
    """The mean drift of the evaluation across the roll about to happen (see
    :data:`ROLL_DRIFT`), for the seat whose roll it is; 0 where no roll is about to happen."""
    stage = state._stage
    if stage == ROLLING:  # the measured rolls are the rulebook's three (option picks: the last)
        kind = min(len(state._spaces) + state._forfeits, 2)
    elif stage == SOLO_ROLLING:
        kind = 3
    else:
        return 0.0
    table = ROLL_DRIFT.get(state.game.num_players)
    if table is None:
        return 0.0
    row = table[kind]
    return row[min(state._round, len(row)) - 1]


def forecast(state: CleverState, seat: Player, weights: Weights | None = None) -> tuple[float, ...]:
    """The expected final points of ``seat``'s five areas (yellow, blue, green, orange, purple)
    by the area models: what the foxes are priced on. Exact once the game is over."""
    t = tables(_active_weights[0] if weights is None else weights)
    sheet = state._sheets[seat]
    if state._stage == OVER:
        return tuple(float(points) for points in sheet.area_scores())
    left, _ = _opportunities(state, seat, t)
    return _forecast(sheet, left, t)


def _opportunities(state: CleverState, seat: Player, t: Tables) -> tuple[float, int]:
    """The seat's opportunities left, in picks (this turn's dice, future active turns, passive
    picks), and how many active picks it has left (this turn's included)."""
    stage = state._stage
    if stage == FINAL_EXTRA:  # after the last turn: only the last extra dice are left
        return 0.0, 0
    config = state.config
    players = config.num_players
    picks = config.picks
    later_rounds = config.rounds - state._round
    active = state._active
    pool = t.pool
    active_turns = later_rounds
    picks_now = 0
    now = 0.0
    in_turn = stage in (ROLLING, CHOOSE)
    if players == 1:
        passive = later_rounds
        if in_turn:
            picks_now = picks - len(state._spaces) - state._forfeits
            now = pool[picks_now][state._rolled.bit_count()]
            passive += 1
        elif stage in (ACTIVE_EXTRA, SOLO_ROLLING, SOLO_NEAREST, SOLO_TAKE):
            passive += 1
    else:
        passive = later_rounds * (players - 1)
        if active < seat:
            active_turns += 1
        passive += sum(1 for s in range(active + 1, players) if s != seat)
        if active == seat:
            if in_turn:
                picks_now = picks - len(state._spaces) - state._forfeits
                now = pool[picks_now][state._rolled.bit_count()]
        elif (
            in_turn
            or stage == ACTIVE_EXTRA
            or (stage == PASSIVE_TAKE and seat not in state._takes.choices)
        ):
            passive += 1
    left = now + active_turns * pool[picks][6] + passive * t.weights.passive_pick
    return left, active_turns * picks + picks_now


def _areas(sheet: Sheet, left: float, t: Tables) -> float:
    """The points on the sheet plus what the area models expect to come (points and bonuses)."""
    w = t.weights
    yellow = sheet.yellow
    orange = sheet.orange
    purple = sheet.purple
    value = float(sum(orange) + sum(purple) + BLUE_POINTS[sheet.blue.bit_count()])
    value += GREEN_POINTS[sheet.green]
    for mask, column_points in zip(YELLOW_COLUMN_MASKS, YELLOW_COLUMN_POINTS, strict=True):
        if yellow & mask == mask:
            value += column_points
    y_series = t.yellow[yellow]
    assert y_series is not None
    key = len(purple) * 7 + (purple[-1] if purple else _NONE_LAST)
    return (
        value
        + _at(y_series, w.yellow_share * left)
        + _at(t.blue[sheet.blue >> 2], w.blue_share * left)
        + _at(t.green[sheet.green], w.green_share * left)
        + _at(t.orange[len(orange)], w.orange_share * left)
        + _at(t.purple[key], w.purple_share * left)
    )


def _forecast(sheet: Sheet, left: float, t: Tables) -> tuple[float, float, float, float, float]:
    """Per area, the points now plus the points the area model expects to come."""
    w = t.weights
    y_now, b_now, g_now, o_now, p_now = sheet.area_scores()
    purple = sheet.purple
    y_points = t.yellow_points[sheet.yellow]
    assert y_points is not None
    key = len(purple) * 7 + (purple[-1] if purple else _NONE_LAST)
    return (
        y_now + _at(y_points, w.forecast_yellow * left),
        b_now + _at(t.blue_points[sheet.blue >> 2], w.forecast_blue * left),
        g_now + _at(t.green_points[sheet.green], w.forecast_green * left),
        o_now + _at(t.orange_points[len(sheet.orange)], w.forecast_orange * left),
        p_now + _at(t.purple_points[key], w.forecast_purple * left),
    )


def _weakest(finals: tuple[float, ...], soft: float) -> float:
    """The minimum of ``finals``, or a soft minimum (below it) when ``soft`` > 0."""
    weakest = min(finals)
    if soft > 0:
        weakest -= soft * log(sum(exp((weakest - final) / soft) for final in finals))
    return weakest


def _pending_value(sheet: Sheet, kind: int, t: Tables, left: float) -> float:
    """What a bonus waiting on the stack is worth (a cross: the best cell for the tables)."""
    w = t.weights
    if kind == X_YELLOW:
        m = w.yellow_share * left
        yellow = sheet.yellow
        series = t.yellow[yellow]
        assert series is not None
        base = _at(series, m)
        best = 0.0
        for cell in range(16):
            if not yellow >> cell & 1:
                reward, _ = _yellow_reward(yellow, cell, t.bonus)
                after = t.yellow[yellow | 1 << cell]
                assert after is not None
                best = max(best, reward + _at(after, m) - base)
        return best
    if kind == X_BLUE:
        m = w.blue_share * left
        blue = sheet.blue
        base = _at(t.blue[blue >> 2], m)
        best = 0.0
        for s in range(2, 13):
            if not blue >> s & 1:
                crossed = (blue | 1 << s) >> 2
                best = max(best, _blue_reward(blue, s, t.bonus) + _at(t.blue[crossed], m) - base)
        return best
    if kind == FOX:
        return w.fox
    return t.bonus.get(kind, 0.0)


def _write_copy(state: CleverState, sheet: Sheet, choice: int, t: Tables) -> float:
    """Write a passive take on ``sheet`` (a copy) with its automatic bonuses; the value of the
    bonuses that would need a choice."""
    die = choice // 100 - 1
    target = choice % 100
    faces = state._faces
    fired = sheet.mark(target, faces[die], faces[1] + faces[5])
    extra = 0.0
    config = state.config
    multiplied = config.orange_bonus_multiplied
    while fired:
        bonus = fired.pop()
        if bonus == REROLL:
            sheet.unlock(bonus, config.reroll_spaces)
        elif bonus == PLUS_ONE:
            sheet.unlock(bonus, config.plus_one_spaces)
        elif bonus == FOX:
            sheet.foxes += 1
        elif bonus == X_GREEN:
            if sheet.green < BOXES:
                fired += sheet.cross_green()
        elif bonus in (ORANGE_4, ORANGE_5, ORANGE_6):
            if len(sheet.orange) < BOXES:
                number = 4 if bonus == ORANGE_4 else 5 if bonus == ORANGE_5 else 6
                fired += sheet.write_orange(number, multiplied)
        elif bonus == PURPLE_6:
            if len(sheet.purple) < BOXES:
                fired += sheet.write_purple(6)
        else:
            extra += t.bonus.get(bonus, 0.0)
    return extra
