"""Clickety Clack observations: every seat's board, the dice pool, the turn and the round.

The vector holds, seat by seat (the viewer first, then the others in turn order after it), each
of the five rows (how far it is filled, the numbers it holds, its last number, the sums it
allows next), the crossed penalties, the score and the progress towards the end conditions;
then what the seats share (who is to move, whose turn and round it is, the dice taken this
round, a first failed roll, the pool and the dice still to roll, the sums the pool can click);
then the printed facts of the boards played (the rule of each row, the points under each space,
the A side's pre-printed numbers), which change with the side and the options only.
The game has no hidden information: every seat sees every board.
"""

from __future__ import annotations

from typing import Any

from ..core import GameBase, View
from ..games.clickety.actions import NOTATION, ROLL_BASE
from ..games.clickety.board import ROW_RULES, RULE_NAMES, SPACES
from ..games.clickety.game import ClicketyClackGame
from ..games.clickety.rules import ClicketyClackConfig
from .encoding import Encoder, Field, one_hot, relative_seats

ROWS = 5
"""Rows per board."""
FACES = 6
"""Faces of a die."""
LOWEST_SUM, HIGHEST_SUM = 2, 2 * FACES
SUMS = HIGHEST_SUM - LOWEST_SUM + 1
"""The sums two dice can make (2..12), the width of every per-sum one-hot."""
RULES = sorted({rule for rules in ROW_RULES.values() for rule in rules})
"""Every row rule of both sides, in id order (the row-rule one-hots)."""
ROW_WIDTH = SPACES + 3 * SUMS
"""Numbers per row of a board: filled thermometer, sums held, last sum, sums allowed next (with
the rulebook's 10 spaces; option ``spaces`` shortens the thermometer: ``row_width``)."""
_CACHE_LIMIT = 1 << 13
"""Entries of the board or the row cache before it is emptied (bounds the memory)."""


def _thermometer(count: int, size: int) -> list[float]:
    """``size`` flags, the first ``count`` set: "at least k" for k = 1..size."""
    count = max(0, min(count, size))
    return [1.0] * count + [0.0] * (size - count)


def _max_round(config: ClicketyClackConfig) -> int:
    """The last round a game can reach: each seat has two turns a round and each turn writes a
    number or crosses a penalty, so a seat meets an end condition after at most this many."""
    spaces = config.spaces
    rows_past_finish = config.rows_past_finish_to_end
    full = min(config.full_rows_to_end, rows_past_finish) - 1  # full rows short of an end
    nearly = rows_past_finish - 1 - full  # rows past the finish line, one space short of full
    short = ROWS - full - nearly  # rows that stop at the finish line
    turns = full * spaces + nearly * (spaces - 1) + short * config.finish_line
    turns += len(config.penalties) - 1
    return (turns + 1 + 1) // 2  # the round of the seat's (turns + 1)-th turn


class ClicketyEncoder(Encoder):
    """A Clickety Clack view as a fixed-size vector (see the module docstring)."""

    def __init__(self, game: GameBase) -> None:
        assert isinstance(game, ClicketyClackGame)
        config = (
            game.config
        )  # the game's numbers (options spaces, dice, ...) as the rules read them
        n = game.num_players
        self.players = n
        self.side = config.side
        self.row_rules = config.row_rules
        self.points = config.points
        self.row5 = config.row5 if config.side == "A" else None
        self.dice = config.dice
        self.spaces = spaces = config.spaces
        self.row_width = spaces + 3 * SUMS
        self.finish_line = config.finish_line
        self.penalty_spaces = len(config.penalties)
        self.past_to_end = config.rows_past_finish_to_end
        self.full_to_end = config.full_rows_to_end
        self.max_round = _max_round(config)
        values = [v for row in self.points for v in row if v is not None]
        top = max([1, *values])
        self.best_score = sum(max([0, *(v or 0 for v in row)]) for row in self.points)
        self.worst_score = sum(min([0, *(v or 0 for v in row)]) for row in self.points) - sum(
            config.penalties
        )
        self.score_span = float(self.best_score - self.worst_score) or 1.0
        super().__init__(game)
        # Static tables: thermometers, one-hots and the fixed tail of the printed facts.
        self._filled = [_thermometer(k, spaces) for k in range(spaces + 1)]
        self._penalties = [
            _thermometer(k, self.penalty_spaces) for k in range(self.penalty_spaces + 1)
        ]
        self._taken = [_thermometer(k, 2 * n) for k in range(2 * n + 1)]
        self._seat_hot = [one_hot(k, n) for k in range(n)]
        self._move_hot = [one_hot(k, n + 2) for k in range(n + 2)]
        self._past = [_thermometer(k, self.past_to_end) for k in range(ROWS + 1)]
        self._full = [_thermometer(k, self.full_to_end) for k in range(ROWS + 1)]
        self._no_sum = [0.0] * SUMS
        self._last = [one_hot(v - LOWEST_SUM, SUMS) for v in range(HIGHEST_SUM + 1)]
        self._rows: dict[tuple[int, ...], list[float]] = {}
        self._pools: dict[tuple[int, ...], list[float]] = {}
        self._boards: dict[tuple[tuple[tuple[int, ...], ...], int], list[float]] = {}
        static: list[float] = []
        for rule in self.row_rules:
            static.extend(one_hot(RULES.index(rule), len(RULES)))
        for row in self.points:
            static.extend(min(1.0, max(0.0, (v or 0) / top)) for v in row)
        if self.row5 is not None:
            static.extend((v - LOWEST_SUM) / (SUMS - 1) for v in self.row5)
        else:
            static.extend([0.0] * spaces)
        static.append(1.0 if self.side == "B" else 0.0)
        self._static = static

    # -- the description ------------------------------------------------------------------------

    def describe(self) -> list[Field]:
        """Per seat (the viewer first), the shared state, then the printed facts."""
        n = self.game.num_players
        fields: list[Field] = []
        for k in range(n):
            who = "the viewer" if k == 0 else f"the seat {k} after the viewer in turn order"
            p = "me" if k == 0 else f"opp{k}"
            for r in range(ROWS):
                fields.append(
                    Field(
                        f"{p}_row{r + 1}",
                        self.row_width,
                        f"Row {r + 1} of {who}: {self.spaces} flags for its spaces filled from the "
                        f"left, {SUMS} flags for the sums 2..12 it holds, a one-hot of its last "
                        f"sum (2..12), {SUMS} flags for the sums 2..12 its rule allows next.",
                    )
                )
            fields += [
                Field(
                    f"{p}_penalties",
                    self.penalty_spaces,
                    f"Failed-roll spaces crossed by {who}, a thermometer (at least "
                    f"1..{self.penalty_spaces}).",
                ),
                Field(
                    f"{p}_score",
                    1,
                    f"The score of {who} now (row points minus penalties), scaled from the "
                    f"worst ({self.worst_score}) to the best ({self.best_score}) possible.",
                ),
                Field(
                    f"{p}_past_finish",
                    self.past_to_end,
                    f"Rows of {who} with a number past the finish line, a thermometer (at least "
                    f"1..{self.past_to_end}; {self.past_to_end} ends the game this round).",
                ),
                Field(
                    f"{p}_full_rows",
                    self.full_to_end,
                    f"Full rows of {who}, a thermometer (at least 1..{self.full_to_end}; "
                    f"{self.full_to_end} ends the game this round).",
                ),
            ]
        fields += [
            Field(
                "to_move",
                n + 2,
                "One-hot of who is to move: the seats relative to the viewer (viewer first), "
                "then chance (dice being rolled), then the game is over.",
            ),
            Field(
                "turn",
                n,
                "One-hot of the seat whose turn it is (also while its dice are rerolled), "
                "relative to the viewer.",
            ),
            Field(
                "starter",
                n,
                "One-hot of the seat that started this round (it plays its last turn), "
                "relative to the viewer.",
            ),
            Field(
                "dice_taken",
                2 * n,
                f"Dice taken from the pool this round, a thermometer (at least 1..{2 * n}; "
                f"the round ends at {2 * n}).",
            ),
            Field(
                "failed_this_turn", 1, "1 after a first failed roll this turn (the next is free)."
            ),
            Field(
                "pool",
                FACES,
                f"Dice of the pool showing 1..6, each count divided by the {self.dice} dice.",
            ),
            Field(
                "pool_pairs",
                FACES,
                "Per face 1..6, 1 if at least two dice of the pool show it (it can click onto "
                "itself).",
            ),
            Field(
                "pool_sums",
                SUMS,
                "Per sum 2..12, 1 if clicking two dice of the pool makes it.",
            ),
            Field(
                "dice_to_roll",
                1,
                f"Dice of the pool still to be rolled, divided by the {self.dice} dice.",
            ),
            Field(
                "round",
                1,
                f"The round number divided by {self.max_round}, the last round a game can reach.",
            ),
            Field(
                "row_rules",
                ROWS * len(RULES),
                f"The rule of each row 1..5, a one-hot over the {len(RULES)} rules of both "
                f"sides ({', '.join(RULE_NAMES[rule] for rule in RULES)}).",
            ),
            Field(
                "points",
                ROWS * self.spaces,
                f"The points under each space of rows 1..5 ({self.spaces} a row, left to "
                "right), divided by the highest value; 0 for a space without value.",
            ),
            Field(
                "row5_printed",
                self.spaces,
                "The A side's pre-printed numbers of row 5, left to right, as (n - 2) / 10; "
                "zeros on the B side.",
            ),
            Field("side_b", 1, "1 when the B side of the boards is played, 0 for the A side."),
        ]
        return fields

    def action_count(self) -> int:
        """The largest seat action code (the last click, ``6+6>5``) plus one."""
        return max(code for code in NOTATION if code < ROLL_BASE) + 1

    def chance_count(self) -> int:
        """The largest chance code (a die rolling a 6) plus one."""
        return max(code for code in NOTATION if code > ROLL_BASE) + 1

    # -- encoding -------------------------------------------------------------------------------

    def _row(self, index: int, row: list[int], sums: list[int]) -> list[float]:
        """The numbers of one row (``index`` 0-4) holding ``row`` that allows ``sums`` next."""
        held = [0.0] * SUMS
        for v in row:
            held[v - LOWEST_SUM] = 1.0
        allowed = [0.0] * SUMS
        for v in sums:
            allowed[v - LOWEST_SUM] = 1.0
        last = self._last[row[-1]] if row else self._no_sum
        return self._filled[len(row)] + held + last + allowed

    def _board(self, board: dict[str, Any]) -> list[float]:
        """The numbers of one seat's board (see :meth:`describe`), built from the view."""
        out: list[float] = []
        past = full = 0
        rows = self._rows
        for index, (row, sums) in enumerate(zip(board["rows"], board["open"], strict=True)):
            # As for boards (see encode), a row's numbers follow from its index and numbers.
            key = (index, *row)
            numbers = rows.get(key)
            if numbers is None:
                if len(rows) >= _CACHE_LIMIT:
                    rows.clear()
                numbers = rows[key] = self._row(index, row, sums)
            out += numbers
            filled = len(row)
            if filled > self.finish_line:
                past += 1
            if filled == self.spaces:
                full += 1
        out += self._penalties[min(board["penalties"], self.penalty_spaces)]
        score = (board["score"] - self.worst_score) / self.score_span
        out.append(min(1.0, max(0.0, score)))
        out += self._past[past]
        out += self._full[full]
        return out

    def _pool(self, pool: tuple[int, ...]) -> list[float]:
        """Counts, pairs and clickable sums of the pool (given as its faces)."""
        counts = [0] * (FACES + 1)
        for face in pool:
            counts[face] += 1
        sums = [0.0] * SUMS
        for a in range(1, FACES + 1):
            for b in range(a, FACES + 1):
                if counts[a] and counts[b] and (a != b or counts[a] >= 2):
                    sums[a + b - LOWEST_SUM] = 1.0
        return [
            *(min(1.0, counts[f] / self.dice) for f in range(1, FACES + 1)),
            *(1.0 if counts[f] >= 2 else 0.0 for f in range(1, FACES + 1)),
            *sums,
        ]

    def encode(self, view: View) -> list[float]:
        """The observation of ``view["me"]`` (seat 0 for a spectator)."""
        n = self.players
        order = relative_seats(view, n)
        first = order[0]
        boards: list[dict[str, Any]] = view["boards"]
        out: list[float] = []
        extend = out.extend
        cache = self._boards
        for seat in order:
            board = boards[seat]
            # A board's numbers are a function of its rows and penalties: the sums each row
            # allows (its rule applied to its numbers) and the score follow from them, so the
            # numbers built from the first view showing these rows serve every later one.
            key = (tuple(map(tuple, board["rows"])), board["penalties"])
            numbers = cache.get(key)
            if numbers is None:
                if len(cache) >= _CACHE_LIMIT:
                    cache.clear()
                numbers = cache[key] = self._board(board)
            extend(numbers)
        to_move = view["to_move"]
        if to_move == "chance":
            extend(self._move_hot[n])
        elif to_move == "end":
            extend(self._move_hot[n + 1])
        else:
            extend(self._move_hot[(to_move - first) % n])
        extend(self._seat_hot[(view["turn"] - first) % n])
        extend(self._seat_hot[(view["starter"] - first) % n])
        extend(self._taken[min(view["dice_taken"], 2 * n)])
        out.append(1.0 if view["failed_this_turn"] else 0.0)
        pool = tuple(view["pool"])
        numbers = self._pools.get(pool)
        if numbers is None:
            numbers = self._pools[pool] = self._pool(pool)  # at most 5005 pools of up to 9 dice
        extend(numbers)
        out.append(min(1.0, view["dice_to_roll"] / self.dice))
        out.append(min(1.0, view["round"] / self.max_round))
        extend(self._static)
        return out


__all__ = ["ClicketyEncoder"]
