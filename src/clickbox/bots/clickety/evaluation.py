"""Evaluations of a Clickety Clack sheet: greedy's, and the deep one of the search bot.

``evaluate`` (this game's evaluation, played by ``greedy``): the value of a row is the
best points reached so far plus its remaining promise: how likely two dice are to give a sum
the row still accepts, times the points the next spaces add.

``expected_score`` (``expected_margin`` and the ``clickety`` bot): an estimate of the
final score. Each row is a solitaire of its own: with ``K`` chances left, each chance offering
a few random two-dice sums, the row takes the sum best for its future or none, and ends with
the points under its last number (0 under a space without value). A dynamic programme over
the row's reachable states (``row_table``, solved once per board and cached) gives the
expected final points for every ``K``; ``K`` is a share of the turns the game should still
last (``turns_left``: from the numbers the nearest end condition needs, and the penalties;
exact once an end condition is met). The weights (``DeepWeights``) were tuned in self-play
with ``bench/clickety_hard.py tune``.
"""

from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core import Player
from ...games.clickety.board import (
    ALTERNATING,
    ASCENDING,
    DESCENDING,
    DIFFERENT,
    NO_PAIRS,
    ONE_WAY,
    OUTSIDE,
    PAIRS,
    PENALTIES,
    PRINTED,
    RANGES,
    SPACES,
    ZIGZAG,
)

if TYPE_CHECKING:
    from ...games.clickety.rules import ClicketyClackConfig, ClicketyClackState

SUM_PROBABILITY = [0.0, 0.0] + [(6 - abs(s - 7)) / 36 for s in range(2, 13)]
"""Chance that two dice sum to s (the pool offers several pairs, so this is a floor)."""

FLEXIBILITY_WEIGHT = 1.5
PENALTY_TOTALS = [sum(PENALTIES[:crossed]) for crossed in range(len(PENALTIES) + 1)]
"""The rulebook's minus points of 0..4 crossed spaces (a game's own: ``config.penalty_totals``)."""


def _mask_probability(mask: int) -> float:
    return sum(SUM_PROBABILITY[s] for s in range(2, 13) if mask >> s & 1)


_MASK_PROBABILITY: dict[int, float] = {}


_SHEET_TABLES: dict[object, tuple[tuple[tuple[int, ...], ...], tuple[tuple[float, ...], ...]]] = {}
"""Per game: its :func:`progress_table` and :func:`promise_table` (built at its first use)."""


def sheet_tables(
    state: ClicketyClackState,
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[float, ...], ...]]:
    """The progress and promise tables of ``state``'s point table (cached per game)."""
    key = state.game
    found = _SHEET_TABLES.get(key)
    if found is None:
        if len(_SHEET_TABLES) > 64:  # games made and dropped (a server's tables): keep a few
            _SHEET_TABLES.clear()
        points = state.config.points
        found = _SHEET_TABLES[key] = (progress_table(points), promise_table(points))
    return found


def evaluate(state: ClicketyClackState, seat: Player) -> float:
    """Higher is better for ``seat``. Exact (the score) once the game is over."""
    if state.is_terminal():
        return float(state.score(seat))
    progress, promise = sheet_tables(state)
    masks = state._masks[seat]
    config = state.config
    spaces = config.spaces
    value = 0.0
    for row, numbers in enumerate(state._rows[seat]):
        filled = len(numbers)
        value += progress[row][filled]
        if filled < spaces:
            mask = masks[row]
            chance = _MASK_PROBABILITY.get(mask)
            if chance is None:
                chance = _MASK_PROBABILITY[mask] = _mask_probability(mask)
            value += FLEXIBILITY_WEIGHT * chance * promise[row][filled]
    return value - config.penalty_totals[state._penalties[seat]]


def progress_table(points: tuple[tuple[int | None, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """Per row and number of filled spaces: the best points reached so far."""
    return tuple(
        tuple(max([0, *(v or 0 for v in row[:filled])]) for filled in range(len(row) + 1))
        for row in points
    )


def promise_table(points: tuple[tuple[int | None, ...], ...]) -> tuple[tuple[float, ...], ...]:
    """Per row and number of filled spaces: 1 + the points still to gain per space left."""
    table = []
    for row in points:
        values = [v or 0 for v in row]
        table.append(
            tuple(
                1 + (max(values[filled:]) - max([0, *values[:filled]])) / (len(row) - filled)
                for filled in range(len(row))
            )
        )
    return tuple(table)


# -- the deep evaluation (search bots; see the module docstring) ----------------------------------


@dataclass(frozen=True)
class DeepWeights:
    """Parameters of :func:`expected_score` (tuned with ``bench/clickety_hard.py``)."""

    share: float = 0.458
    """Chances a row gets per own turn left (``K = share * turns``)."""
    draws: float = 2.69
    """Independent two-dice sums one chance offers (a pool offers several pairs)."""
    turns_per_need: float = 0.42
    """Own turns per number still needed to reach an end condition."""
    turns_base: float = 10.44
    """Own turns left when the nearest end condition needs no more numbers (before penalties)."""
    penalty_turns: tuple[float, ...] = (0.0, 0.34, 5.75, 9.53, 99.0)
    """Turns removed when the most penalised player has crossed 0..4 spaces."""
    max_chances: int = 12
    """The largest ``K`` tabulated (more chances count as this many)."""
    spread_base: float = 20.0
    spread_turn: float = 25.0
    spread_max: float = 12.5
    """How far a final margin strays from the expected one: a standard deviation of
    ``min(spread_max, sqrt(spread_base + spread_turn * turns))`` (measured in self-play)."""


DEEP = DeepWeights()


def _bits(values: tuple[int, ...]) -> int:
    used = 0
    for v in values:
        used |= 1 << v
    return used


def row_key(rule: int, row: tuple[int, ...]) -> object:
    """What the future of a row depends on (the key of its value table)."""
    n = len(row)
    if rule == DIFFERENT:
        return _bits(row)
    if rule == ASCENDING:
        return (n, row[-1] if n else 1)
    if rule == DESCENDING:
        return (n, row[-1] if n else 13)
    if rule == ALTERNATING:
        return (_bits(row), row[-1] % 2 if n else 2)
    if rule == PRINTED:
        return n
    if rule == ONE_WAY:
        if n < 2:
            return (n, row[0] if n else 0, 0)
        return (n, row[-1], 1 if row[1] > row[0] else -1)
    if rule == OUTSIDE:
        return (n, min(row), max(row)) if n else (0, 13, 1)
    if rule == PAIRS:
        return (n, _bits(row[: n - n % 2]), row[-1] if n % 2 else 0)
    if rule == ZIGZAG:  # the numbers used, the last, and whether it went up (1) or down (-1)
        way = 0 if n < 2 else 1 if row[-1] > row[-2] else -1
        return (_bits(row), row[-1] if n else 0, way)
    # RANGES: the numbers used and the phase (0 none, 1 low, 2 high, 3/4 switched to low/high)
    low = any(v < 7 for v in row)
    high = any(v > 7 for v in row)
    phase = 0 if not n else (3 if row[-1] < 7 else 4) if low and high else 1 if low else 2
    return (_bits(row), phase)


def _key_filled(rule: int, key: object) -> int:
    if rule == DIFFERENT:
        assert isinstance(key, int)
        return key.bit_count()
    if rule == PRINTED:
        assert isinstance(key, int)
        return key
    assert isinstance(key, tuple)
    if rule in (ALTERNATING, RANGES, ZIGZAG):
        return int(key[0]).bit_count()
    return int(key[0])


def _successors(
    rule: int, key: object, row5: tuple[int, ...], spaces: int = SPACES
) -> list[tuple[int, object]]:
    """The sums a row of ``spaces`` spaces with this key accepts next, each with the key it
    leads to."""
    n = _key_filled(rule, key)
    if n >= spaces:
        return []
    sums = range(2, 13)
    if rule == DIFFERENT:
        assert isinstance(key, int)
        return [(s, key | 1 << s) for s in sums if not key >> s & 1]
    if rule == PRINTED:
        return [(row5[n], n + 1)]
    assert isinstance(key, tuple)
    if rule == ASCENDING:
        return [(s, (n + 1, s)) for s in sums if s > key[1]]
    if rule == DESCENDING:
        return [(s, (n + 1, s)) for s in sums if s < key[1]]
    if rule == ALTERNATING:
        used, parity = key
        return [
            (s, (used | 1 << s, s % 2))
            for s in sums
            if not used >> s & 1 and (parity == 2 or s % 2 != parity)
        ]
    if rule == ONE_WAY:
        _, last, way = key
        if n == 0:
            return [(s, (1, s, 0)) for s in sums]
        if n == 1:
            return [(s, (2, s, 1 if s > last else -1)) for s in sums if s != last]
        return [(s, (n + 1, s, way)) for s in sums if (s > last if way > 0 else s < last)]
    if rule == OUTSIDE:
        _, lo, hi = key
        return [(s, (n + 1, min(lo, s), max(hi, s))) for s in sums if s < lo or s > hi]
    if rule == PAIRS:
        _, used, pending = key
        if pending:
            return [(pending, (n + 1, used | 1 << pending, 0))]
        return [(s, (n + 1, used, s)) for s in sums if s not in NO_PAIRS and not used >> s & 1]
    if rule == ZIGZAG:
        used, last, way = key
        free = [s for s in sums if not used >> s & 1]
        if n == 0:
            return [(s, (1 << s, s, 0)) for s in free]
        if n == 1:
            return [(s, (used | 1 << s, s, 1 if s > last else -1)) for s in free]
        return [(s, (used | 1 << s, s, -way)) for s in free if (s < last if way > 0 else s > last)]
    # RANGES
    used, phase = key
    result: list[tuple[int, object]] = []
    for s in sums:
        if s == 7 or used >> s & 1:
            continue
        low = s < 7
        if phase == 0:
            nxt = 1 if low else 2
        elif phase in (1, 2):
            nxt = phase if low == (phase == 1) else (3 if low else 4)
        elif low != (phase == 3):
            continue
        else:
            nxt = phase
        result.append((s, (used | 1 << s, nxt)))
    return result


def _points_at(points: tuple[int | None, ...], filled: int) -> int:
    return (points[filled - 1] or 0) if filled else 0


RowTable = list[dict[object, float]]
"""Per number of chances K (0..max), the expected final points of each row key."""


@functools.lru_cache(maxsize=64)
def row_table(
    rule: int,
    points: tuple[int | None, ...],
    row5: tuple[int, ...],
    draws: float,
    max_chances: int,
) -> RowTable:
    """Expected final points of a row by key and chances left (a row-alone solitaire).

    Each chance offers ``draws`` independent two-dice sums; the row takes the best one for its
    future, or none. With no chance left a row is worth the points under its last number.
    """
    start = row_key(rule, ())
    keys = [start]
    index = {start: 0}
    succ: list[list[tuple[float, int]]] = []
    for key in keys:  # grows while it is walked: every reachable key
        nexts = []
        for s, nxt in _successors(rule, key, row5, len(points)):
            if nxt not in index:
                index[nxt] = len(keys)
                keys.append(nxt)
            nexts.append((SUM_PROBABILITY[s], index[nxt]))
        succ.append(nexts)
    values = [float(_points_at(points, _key_filled(rule, key))) for key in keys]
    table = [dict(zip(keys, values, strict=True))]
    for _ in range(max_chances):
        prev = values
        values = []
        for stay, nexts in zip(prev, succ, strict=True):
            better = [(prev[j], p) for p, j in nexts if prev[j] > stay]
            if better:
                better.sort(reverse=True)
                value = stay
                covered = 0.0
                none_before = 1.0
                for v, p in better:
                    covered += p
                    none = (1.0 - covered) ** draws if covered < 1.0 else 0.0
                    value += (v - stay) * (none_before - none)
                    none_before = none
                values.append(value)
            else:
                values.append(stay)
        table.append(dict(zip(keys, values, strict=True)))
    return table


def _need(rows: list[tuple[int, ...]], config: ClicketyClackConfig) -> int:
    """Numbers still to write before ``rows`` meet an end condition (3/4 rows past, 2 full)."""
    short = sorted(max(0, config.finish_line + 1 - len(row)) for row in rows)
    empty = sorted(config.spaces - len(row) for row in rows)
    past = config.rows_past_finish_to_end
    return min(sum(short[:past]), sum(empty[: config.full_rows_to_end]))


def turns_left(state: ClicketyClackState, seat: Player, weights: DeepWeights = DEEP) -> float:
    """An estimate of the turns ``seat`` still plays (exact once the game ends this round)."""
    config = state.config
    players = config.num_players
    start = state._taken
    in_round = sum(1 for k in range(start, 2 * players) if (state._starter + k) % players == seat)
    penalties = max(state._penalties)
    spaces = len(config.penalties)
    if penalties >= spaces:
        return float(in_round)
    need = min(_need(rows, config) for rows in state._rows)
    if need == 0:
        return float(in_round)
    # The weights were tuned for the rulebook's 4 spaces: other counts use the same share crossed.
    tuned = len(weights.penalty_turns) - 1
    crossed = penalties if spaces == tuned else penalties * tuned // spaces
    estimate = weights.turns_per_need * need + weights.turns_base - weights.penalty_turns[crossed]
    return max(float(in_round), estimate)


def expected_score(
    state: ClicketyClackState, seat: Player, weights: DeepWeights = DEEP, turns: float | None = None
) -> float:
    """An estimate of ``seat``'s final score; the score itself once the game is over.

    ``turns`` (own turns left) defaults to :func:`turns_left`.
    """
    if state._over:
        return float(state.score(seat))
    config = state.config
    if turns is None:
        turns = turns_left(state, seat, weights)
    low, high, frac = _chances(turns, weights)
    value = 0.0
    for rule, points, row in zip(config.row_rules, config.points, state._rows[seat], strict=True):
        table = row_table(rule, points, config.row5, weights.draws, weights.max_chances)
        key = row_key(rule, row)
        value += (1.0 - frac) * table[low][key] + frac * table[high][key]
    return value - config.penalty_totals[state._penalties[seat]]


def _chances(turns: float, weights: DeepWeights) -> tuple[int, int, float]:
    """The tabulated chances around ``share * turns``, and the weight of the upper one."""
    chances = min(weights.share * turns, float(weights.max_chances))
    low = int(chances)
    return low, min(low + 1, weights.max_chances), chances - low


def row_gains(
    config: ClicketyClackConfig,
    index: int,
    row: tuple[int, ...],
    turns: float,
    weights: DeepWeights = DEEP,
) -> list[float]:
    """Per sum 0..12: what writing it next in row ``index`` adds to the row's expected points.

    ``-inf`` where the row does not accept the sum. ``turns`` is fixed (see :func:`turns_left`).
    """
    rule = config.row_rules[index]
    table = row_table(rule, config.points[index], config.row5, weights.draws, weights.max_chances)
    low, high, frac = _chances(turns, weights)
    t_low, t_high = table[low], table[high]
    key = row_key(rule, row)
    now = (1.0 - frac) * t_low[key] + frac * t_high[key]
    gains = [NO_GAIN] * 13
    for s, nxt in _successors(rule, key, config.row5, config.spaces):
        gains[s] = (1.0 - frac) * t_low[nxt] + frac * t_high[nxt] - now
    return gains


def sheet_gains(
    state: ClicketyClackState, seat: Player, turns: float, weights: DeepWeights = DEEP
) -> list[list[float]]:
    """:func:`row_gains` of each of ``seat``'s five rows."""
    return [
        row_gains(state.config, index, row, turns, weights)
        for index, row in enumerate(state._rows[seat])
    ]


def write_gains(
    state: ClicketyClackState, seat: Player, turns: float, weights: DeepWeights = DEEP
) -> list[float]:
    """Per sum 0..12: what writing it adds to ``seat``'s expected score in its best row.

    ``-inf`` where no row accepts the sum. ``turns`` is fixed (see :func:`turns_left`).
    """
    return [max(column) for column in zip(*sheet_gains(state, seat, turns, weights), strict=True)]


NO_GAIN = float("-inf")


def pool_sums(counts: tuple[int, ...]) -> int:
    """The sums (bit mask) a click can make from a pool given as counts per face (index 1-6)."""
    sums = 0
    for a in range(1, 7):
        if counts[a]:
            for b in range(a, 7):
                if counts[b] and (a != b or counts[a] >= 2):
                    sums |= 1 << (a + b)
    return sums


@functools.lru_cache(maxsize=16)
def roll_table(dice: int) -> tuple[tuple[float, int], ...]:
    """Every roll of ``dice`` dice as (probability, sums its clicks can make), merged by sums."""
    by_sums: dict[int, float] = {}
    for faces in itertools.combinations_with_replacement(range(1, 7), dice):
        counts = [0] * 7
        for face in faces:
            counts[face] += 1
        ways = math.factorial(dice)
        for c in counts:
            ways //= math.factorial(c)
        sums = pool_sums(tuple(counts))
        by_sums[sums] = by_sums.get(sums, 0.0) + ways / 6**dice
    return tuple((p, s) for s, p in sorted(by_sums.items()))


def best_gain(gains: list[float], sums: int) -> float:
    """The best of ``gains`` over the sums in the bit mask ``sums`` (-inf if none)."""
    best = NO_GAIN
    for s in range(2, 13):
        if sums >> s & 1 and gains[s] > best:
            best = gains[s]
    return best


def reroll_gain(gains: list[float], dice: int) -> float:
    """Expected gain of rerolling ``dice`` dice and writing the best sum, or nothing (0)."""
    total = 0.0
    for probability, sums in roll_table(dice):
        best = best_gain(gains, sums)
        if best > 0.0:
            total += probability * best
    return total


def expected_margin(
    state: ClicketyClackState, seat: Player, weights: DeepWeights = DEEP, margin: float = 1.0
) -> float:
    """``seat``'s expected score minus ``margin`` times the best other seat's (exact at the end)."""
    turns = None if state._over else turns_left(state, seat, weights)
    mine = expected_score(state, seat, weights, turns)
    others = [
        expected_score(state, p, weights, turns) for p in range(state.game.num_players) if p != seat
    ]
    return mine - margin * max(others) if others else mine


def win_chance(margin: float, turns: float, weights: DeepWeights = DEEP) -> float:
    """The chance that an expected lead of ``margin`` with ``turns`` to go ends as a win.

    A normal law around the expected margin: 1/2 for an even game.
    """
    spread = min(weights.spread_max, math.sqrt(weights.spread_base + weights.spread_turn * turns))
    return 0.5 * (1.0 + math.erf(margin / (spread * math.sqrt(2.0))))
