"""The state of a game of Clickety Clack: rows, penalties, the dice pool, and whose turn it is."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from enum import Enum

from ...core import CHANCE, TERMINAL, GameBase, Outcome, Player, StateBase
from ...core.i18n import t
from . import actions as A
from .board import (
    ALTERNATING,
    ASCENDING,
    DESCENDING,
    DIFFERENT,
    HIGH_RANGE,
    LOW_RANGE,
    NO_PAIRS,
    ONE_WAY,
    OUTSIDE,
    PAIRS,
    PENALTIES,
    PRINTED,
    RANGES,
    ROW_RULES,
    RULE_NAMES,
    SPACES,
    ZIGZAG,
)
from .params import ClicketyClackParams


class Termination(Enum):
    """Which end-of-game condition ended the game (several may hold at once)."""

    FINISH_LINE = "rows-past-finish-line"
    FULL_ROWS = "rows-full"
    PENALTIES = "all-penalties"


# Sums are kept as bit masks: bit s set <=> the sum s (2..12) is allowed next in a row.
ALL_SUMS = sum(1 << s for s in range(2, 13))
ABOVE = [sum(1 << s for s in range(v + 1, 13)) for v in range(13)]
BELOW = [sum(1 << s for s in range(2, v)) for v in range(13)]
BY_PARITY = [sum(1 << s for s in range(2, 13) if s % 2 == p) for p in (0, 1)]
PAIRABLE = sum(1 << s for s in range(2, 13) if s not in NO_PAIRS)
LOW_BITS = sum(1 << s for s in LOW_RANGE)
HIGH_BITS = sum(1 << s for s in HIGH_RANGE)
EMPTY_POOL = (0,) * 7

# Per pool (a tuple of 7 counts, index = face): the distinct clicks (sum, table of codes by the
# set of rows that accept the sum) and the faces present. Filled lazily; pools are few.
_CLICK_CODES = [
    [tuple(A.click(a, b, r + 1) for r in range(5) if rows >> r & 1) for rows in range(32)]
    for a in range(7)
    for b in range(7)
]
_PAIRS: dict[tuple[int, ...], list[tuple[int, list[tuple[int, ...]]]]] = {}
_FACES: dict[tuple[int, ...], list[int]] = {}


def _pairs(pool: tuple[int, ...]) -> list[tuple[int, list[tuple[int, ...]]]]:
    pairs = []
    for a in range(1, 7):
        if not pool[a]:
            continue
        for b in range(1, 7):
            if pool[b] and (a != b or pool[a] >= 2):
                pairs.append((a + b, _CLICK_CODES[a * 7 + b]))
    _PAIRS[pool] = pairs
    return pairs


def _faces(pool: tuple[int, ...]) -> list[int]:
    faces = [face for face in range(1, 7) if pool[face]]
    _FACES[pool] = faces
    return faces


def allowed_mask(
    rule: int, row: tuple[int, ...], row5: tuple[int, ...], spaces: int = SPACES
) -> int:
    """The sums (as a bit mask) that ``rule`` allows next in ``row`` of ``spaces`` spaces."""
    n = len(row)
    if n >= spaces:
        return 0
    if rule == PRINTED:
        mask = 1 << row5[n]
    elif rule == PAIRS:
        mask = (1 << row[-1]) if n % 2 else PAIRABLE
    elif n == 0:
        return ALL_SUMS & ~(1 << 7) if rule == RANGES else ALL_SUMS
    else:
        last = row[-1]
        if rule == DIFFERENT:
            mask = ALL_SUMS
        elif rule == ASCENDING:
            mask = ABOVE[last]
        elif rule == DESCENDING:
            mask = BELOW[last]
        elif rule == ALTERNATING:
            mask = BY_PARITY[1 - last % 2]
        elif rule == ONE_WAY:
            mask = ALL_SUMS if n == 1 else ABOVE[last] if row[1] > row[0] else BELOW[last]
        elif rule == OUTSIDE:
            mask = BELOW[min(row)] | ABOVE[max(row)]
        elif rule == ZIGZAG:
            mask = ALL_SUMS if n == 1 else BELOW[last] if last > row[-2] else ABOVE[last]
        else:  # RANGES
            has_low = any(v < 7 for v in row)
            has_high = any(v > 7 for v in row)
            if has_low and has_high:  # switched once already: stay in the current range
                mask = LOW_BITS if last < 7 else HIGH_BITS
            else:
                mask = LOW_BITS | HIGH_BITS
    used = 0
    if rule == PAIRS:  # the only row that may repeat: a pair's second number; no pair twice
        if n % 2 == 0:
            for v in row:
                used |= 1 << v
    else:
        for v in row:
            used |= 1 << v
    return mask & ~used


def refusal(
    rule: int, row: tuple[int, ...], total: int, row5: tuple[int, ...], spaces: int = SPACES
) -> str | None:
    """Why ``rule`` does not allow ``total`` next in ``row`` of ``spaces`` spaces, or None if it
    does (in words, in the current language)."""
    n = len(row)
    if n >= spaces:
        return t("the row is full")
    if rule == PAIRS:
        if n % 2:
            if total == row[-1]:
                return None
            return t("{number} must be repeated to make a pair", number=row[-1])
        if total in NO_PAIRS:
            return t("pairs of 6, 7 or 8 are not allowed")
        return (
            t("the pair {pair} is already used", pair=f"{total}-{total}") if total in row else None
        )
    if total in row:
        return t("the row already holds {number}", number=total)
    if rule == PRINTED:
        if total == row5[n]:
            return None
        return t("the next pre-printed number is {number}", number=row5[n])
    if rule == RANGES and total == 7:
        return t("7 is never allowed in this row")
    if n == 0:
        return None
    last = row[-1]
    if rule == ASCENDING or (rule == ONE_WAY and n >= 2 and row[1] > row[0]):
        if total > last:
            return None
        return t("the row is ascending: the next number must be above {last}", last=last)
    if rule == DESCENDING or (rule == ONE_WAY and n >= 2 and row[1] < row[0]):
        if total < last:
            return None
        return t("the row is descending: the next number must be below {last}", last=last)
    if rule == ALTERNATING and total % 2 == last % 2:
        if last % 2 == 0:
            return t("the row alternates even and odd: after {last} comes an odd number", last=last)
        return t("the row alternates even and odd: after {last} comes an even number", last=last)
    if rule == OUTSIDE and min(row) < total < max(row):
        return t("the next number must be below {low} or above {high}", low=min(row), high=max(row))
    if rule == ZIGZAG and n >= 2:
        if last > row[-2] and total > last:
            return t(
                "the row zigzags: it went up to {last}, so the next number must be below it",
                last=last,
            )
        if last < row[-2] and total < last:
            return t(
                "the row zigzags: it went down to {last}, so the next number must be above it",
                last=last,
            )
    if rule == RANGES:
        has_low = any(v < 7 for v in row)
        has_high = any(v > 7 for v in row)
        if has_low and has_high and (total < 7) != (last < 7):
            current = "2-6" if last < 7 else "8-12"
            return t("the row has switched ranges once already and stays in {range}", range=current)
    return None


def row_points(points: tuple[int | None, ...], filled: int) -> int:
    """Points of a row holding ``filled`` numbers: the value under its rightmost number.

    0 for an empty row, or when that space has no value. ``points`` is the row's point table.
    """
    return (points[filled - 1] or 0) if filled else 0


def penalty_points(crossed: int, values: tuple[int, ...] = PENALTIES) -> int:
    """The minus points of ``crossed`` failed-roll spaces, as a positive number (1+2+...).

    ``values``: the minus points of each space (the game's ``ClicketyClackConfig.penalties``).
    """
    return sum(values[:crossed])


def sheet_score(
    points: tuple[tuple[int | None, ...], ...],
    rows: Sequence[tuple[int, ...]],
    penalties: int,
    values: tuple[int, ...] = PENALTIES,
) -> int:
    """One player's final score: each row's points minus the crossed penalties.

    The engine (``ClicketyClackState.score``) and the score pad both score with this.
    """
    total = sum(
        row_points(row_table, len(row)) for row_table, row in zip(points, rows, strict=True)
    )
    return total - penalty_points(penalties, values)


class ClicketyClackConfig:
    """The fixed facts of one game the rules read: player count, options and the tables
    derived from them (built once per game; every state of the game shares it)."""

    __slots__ = (
        "dice",
        "finish_line",
        "full_rows_to_end",
        "num_players",
        "penalties",
        "penalty_totals",
        "points",
        "points_provisional",
        "row5",
        "row_rules",
        "rows_past_finish_to_end",
        "side",
        "spaces",
    )

    def __init__(self, params: ClicketyClackParams, num_players: int) -> None:
        self.num_players: int = num_players
        self.side: str = params.side
        self.row_rules: tuple[int, ...] = ROW_RULES[params.side]
        self.spaces: int = params.spaces
        """Spaces in each row; the printed tables are cut to this many."""
        self.finish_line: int = params.finish_line
        """Spaces before the finish line."""
        self.row5: tuple[int, ...] = params.row5_numbers()[: params.spaces]
        self.points: tuple[tuple[int | None, ...], ...] = tuple(
            row[: params.spaces] for row in params.points_table()
        )
        self.points_provisional: bool = params.points_provisional
        self.dice: int = params.dice_for(num_players)
        self.rows_past_finish_to_end: int = params.rows_past_finish_to_end()
        self.full_rows_to_end: int = params.full_rows
        self.penalties: tuple[int, ...] = params.penalty_values()
        """Minus points of each failed-roll space (positive), crossed left to right."""
        self.penalty_totals: tuple[int, ...] = tuple(
            sum(self.penalties[:crossed]) for crossed in range(len(self.penalties) + 1)
        )
        """Minus points of 0, 1, 2... crossed spaces."""


class ClicketyClackState(StateBase):
    """A position: each player's five rows and penalties, the pool, and the turn."""

    __slots__ = (
        "_failed",
        "_masks",
        "_over",
        "_penalties",
        "_pool",
        "_round",
        "_rows",
        "_starter",
        "_sum_rows",
        "_taken",
        "_to_roll",
        "_turn",
        "config",
    )

    def __init__(
        self, game: GameBase, config: ClicketyClackConfig, copy_of: ClicketyClackState | None = None
    ) -> None:
        """A game's first position, or an independent copy of ``copy_of`` (``clone``)."""
        super().__init__(game, copy_of)
        self.config = config
        if copy_of is None:
            n = config.num_players
            empty_masks = tuple(
                allowed_mask(rule, (), config.row5, config.spaces) for rule in config.row_rules
            )
            self._rows: list[list[tuple[int, ...]]] = [[()] * 5 for _ in range(n)]
            self._masks: list[list[int]] = [list(empty_masks) for _ in range(n)]
            self._sum_rows: list[list[int]] = [list(sum_rows_of(empty_masks)) for _ in range(n)]
            self._penalties = [0] * n
            self._pool: tuple[int, ...] = EMPTY_POOL
            self._to_roll = config.dice
            self._turn = 0  # the youngest player (seat 0) has the dice in round 1
            self._starter = 0
            self._taken = 0
            self._round = 1
            self._failed = False
            self._over = False
        else:  # explicit field copies, no deepcopy
            self._rows = [rows.copy() for rows in copy_of._rows]
            self._masks = [masks.copy() for masks in copy_of._masks]
            self._sum_rows = [sum_rows.copy() for sum_rows in copy_of._sum_rows]
            self._penalties = copy_of._penalties.copy()
            self._pool = copy_of._pool
            self._to_roll = copy_of._to_roll
            self._turn = copy_of._turn
            self._starter = copy_of._starter
            self._taken = copy_of._taken
            self._round = copy_of._round
            self._failed = copy_of._failed
            self._over = copy_of._over

    # -- protocol hooks -------------------------------------------------------------------------

    def _current_player(self) -> Player:
        if self._over:
            return TERMINAL
        if self._to_roll:
            return CHANCE
        return self._turn

    def _legal_actions(self) -> list[int]:
        pool = self._pool
        if self._failed:
            actions = list(_FACES.get(pool) or _faces(pool))
        else:
            actions = [A.FAIL]
        sum_rows = self._sum_rows[self._turn]
        for total, codes in _PAIRS.get(pool) or _pairs(pool):
            rows = sum_rows[total]
            if rows:
                actions.extend(codes[rows])
        return actions

    def _chance_outcomes(self) -> tuple[tuple[int, float], ...]:
        return _ROLL_OUTCOMES

    def _apply(self, action: int) -> None:
        if action > A.ROLL_BASE:
            pool = list(self._pool)
            pool[action - A.ROLL_BASE] += 1
            self._pool = tuple(pool)
            self._to_roll -= 1
            return
        seat = self._turn
        if action == A.FAIL:
            if self._penalties[seat] < len(self.config.penalties):
                self._penalties[seat] += 1
            self._failed = True
            self._to_roll = sum(self._pool)
            self._pool = EMPTY_POOL
            return
        pool = list(self._pool)
        if action < 10:
            pool[action] -= 1
        else:
            take = action // 100
            pool[take] -= 1
            self._write(seat, action % 10 - 1, take + action // 10 % 10)
        self._pool = tuple(pool)
        self._end_turn()

    def _outcome(self) -> Outcome:
        scores = tuple(float(self.score(seat)) for seat in range(self.config.num_players))
        best = max(scores)
        winners = frozenset(seat for seat, score in enumerate(scores) if score == best)
        reasons = [t.value for t in self.end_conditions()]
        return Outcome(scores, winners, ",".join(reasons))

    def _clone(self) -> ClicketyClackState:
        return ClicketyClackState(self.game, self.config, self)

    def explain_illegal(self, action: int) -> str:
        """Why ``action`` is not legal now, in words (for error messages)."""
        if not A.is_valid_code(action):
            return t("it is not an action code of Clickety Clack")
        to_move = self._current_player()
        if to_move == TERMINAL:
            return t("the game is over")
        if action > A.ROLL_BASE:
            return t("no dice are being rolled now") if to_move != CHANCE else ""
        if to_move == CHANCE:
            return t("the dice are being rolled")
        if action == A.FAIL:
            if not self._failed:
                return ""
            return t(
                "you have already failed once this turn: take a die with x and its face, e.g. x6"
            )
        if action < 10:
            if not self._failed:
                return t(
                    "x and a face is only for a second failure in the same turn; play x to fail"
                )
            return (
                t("there is no {face} in the pool", face=action) if not self._pool[action] else ""
            )
        take, onto, row = A.decode_click(action)
        if not self._pool[take]:
            return t("there is no {face} in the pool", face=take)
        if not self._pool[onto] or (take == onto and self._pool[take] < 2):
            return t("there is no other die showing {face} in the pool to click onto", face=onto)
        rule = self.config.row_rules[row - 1]
        config = self.config
        why = refusal(
            rule, self._rows[self._turn][row - 1], take + onto, config.row5, config.spaces
        )
        if not why:
            return ""
        return t(
            "row {row} ({rule}) cannot take {total}: {why}",
            row=row,
            rule=t(RULE_NAMES[rule]),
            total=take + onto,
            why=why,
        )

    @classmethod
    def from_sheets(
        cls,
        game: GameBase,
        config: ClicketyClackConfig,
        rows: list[list[tuple[int, ...]]],
        penalties: list[int],
        pool: tuple[int, ...],
        *,
        dice_to_roll: int,
        turn: Player,
        starter: Player,
        dice_taken: int,
        round: int,
        failed: bool,
        over: bool,
    ) -> ClicketyClackState:
        """A position from its parts (``pool`` as faces), with an empty history."""
        state = cls(game, config)
        for seat, seat_rows in enumerate(rows):
            masks = [
                allowed_mask(rule, row, config.row5, config.spaces)
                for rule, row in zip(config.row_rules, seat_rows, strict=True)
            ]
            state._rows[seat] = list(seat_rows)
            state._masks[seat] = masks
            state._sum_rows[seat] = list(sum_rows_of(tuple(masks)))
        state._penalties = list(penalties)
        counts = [0] * 7
        for face in pool:
            counts[face] += 1
        state._pool = tuple(counts)
        state._to_roll = dice_to_roll
        state._turn = turn
        state._starter = starter
        state._taken = dice_taken
        state._round = round
        state._failed = failed
        state._over = over
        return state

    # -- public queries -------------------------------------------------------------------------

    @property
    def round(self) -> int:
        """The round number, from 1."""
        return self._round

    @property
    def turn(self) -> Player:
        """The seat whose turn it is (also while its dice are being rerolled)."""
        return self._turn

    @property
    def starter(self) -> Player:
        """The seat that rolled the dice this round."""
        return self._starter

    @property
    def pool(self) -> tuple[int, ...]:
        """The faces in the dice pool, ascending."""
        return tuple(face for face in range(1, 7) for _ in range(self._pool[face]))

    @property
    def dice_to_roll(self) -> int:
        """How many dice of the pool are still to be rolled."""
        return self._to_roll

    @property
    def failed_this_turn(self) -> bool:
        """True after a first failed roll in the current turn."""
        return self._failed

    @property
    def dice_taken(self) -> int:
        """Dice taken from the pool this round."""
        return self._taken

    def rows(self, seat: Player) -> tuple[tuple[int, ...], ...]:
        """The numbers written in each of ``seat``'s five rows."""
        return tuple(self._rows[seat])

    def penalties(self, seat: Player) -> int:
        """How many failed-roll spaces ``seat`` has crossed."""
        return self._penalties[seat]

    def allowed_sums(self, seat: Player, row: int) -> list[int]:
        """The sums ``seat`` may write next in ``row`` (0-4)."""
        mask = self._masks[seat][row]
        return [s for s in range(2, 13) if mask >> s & 1]

    def row_points(self, seat: Player, row: int) -> int:
        """Points under the rightmost filled space of a row (0 if none or no value)."""
        return row_points(self.config.points[row], len(self._rows[seat][row]))

    def score(self, seat: Player) -> int:
        """Row points minus the crossed penalties (see :func:`sheet_score`)."""
        config = self.config
        return sheet_score(config.points, self._rows[seat], self._penalties[seat], config.penalties)

    def end_conditions(self) -> list[Termination]:
        """The end-of-game conditions some player has reached (checked at the end of a round)."""
        met = []
        for condition in Termination:
            if any(self._has_reached(seat, condition) for seat in range(self.config.num_players)):
                met.append(condition)
        return met

    # -- rule helpers ---------------------------------------------------------------------------

    def _write(self, seat: Player, row: int, total: int) -> None:
        rows = self._rows[seat]
        rows[row] = written = (*rows[row], total)
        masks = self._masks[seat]
        old = masks[row]
        config = self.config
        masks[row] = new = allowed_mask(config.row_rules[row], written, config.row5, config.spaces)
        changed = old ^ new
        if changed:
            bit = 1 << row
            sum_rows = self._sum_rows[seat]
            for s in range(2, 13):
                if changed >> s & 1:
                    sum_rows[s] ^= bit

    def _end_turn(self) -> None:
        self._failed = False
        self._taken += 1
        if self._taken < 2 * self.config.num_players:
            self._turn = (self._turn + 1) % self.config.num_players
            return
        # End of the round: one die is left in the pool.
        if self.end_conditions():
            self._over = True
            return
        # The last taker rerolls all the dice and starts the next round.
        self._round += 1
        self._starter = self._turn
        self._taken = 0
        self._pool = EMPTY_POOL
        self._to_roll = self.config.dice

    def _has_reached(self, seat: Player, condition: Termination) -> bool:
        rows = self._rows[seat]
        config = self.config
        if condition is Termination.FINISH_LINE:
            past = sum(1 for row in rows if len(row) > config.finish_line)
            return past >= config.rows_past_finish_to_end
        if condition is Termination.FULL_ROWS:
            return sum(1 for row in rows if len(row) == config.spaces) >= config.full_rows_to_end
        return self._penalties[seat] >= len(config.penalties)


@functools.lru_cache(maxsize=1 << 16)
def sum_rows_of(masks: tuple[int, ...]) -> tuple[int, ...]:
    """Per sum 0..12, the set of rows (bits 0-4) whose mask accepts it."""
    sum_rows = [0] * 13
    for row, mask in enumerate(masks):
        for s in range(2, 13):
            if mask >> s & 1:
                sum_rows[s] |= 1 << row
    return tuple(sum_rows)


_ROLL_OUTCOMES = tuple((A.roll(face), 1 / 6) for face in range(1, 7))
