"""The observation of That's Pretty Clever: every seat's sheet, then the dice and the turn.

The vector holds, for the viewer and then each other seat in turn order after it, the sheet:
the yellow cells and blue sums crossed, the green, orange and purple boxes filled (and the
orange and purple numbers written), the foxes, the reroll and +1 tracks and the area scores,
scaled. Then the turn: who is to move and who is active (seats relative to the viewer), the
stage, the round, each die's face, where the dice lie (in the roll, on the die spaces, on the
silver platter, used by a +1), the blue + white sum, the pending bonuses, and, with several
players, the passive players' choices as far as the viewer may see them (another seat's choice
is only "chosen" until every passive player has chosen); solo, the dice tied for the platter.
The printed sheet (the view's ``layout``) is the same in every game and is not encoded; the
rule numbers of the game's options (rounds, active picks, the action tracks' spaces) size the
round, die space and track fields.
"""

from __future__ import annotations

from itertools import combinations, permutations
from operator import itemgetter
from typing import Any, Final

from ..core import GameBase, View
from ..games.clever import actions as A
from ..games.clever.board import (
    BLUE_COLUMN_BONUS,
    BLUE_GRID,
    BLUE_POINTS,
    BLUE_ROW_BONUS,
    BONUS_KEYS,
    BOXES,
    COLOURS,
    FOX,
    GREEN_BONUS,
    GREEN_POINTS,
    ORANGE_BONUS,
    ORANGE_MULTIPLIERS,
    PURPLE_BONUS,
    TARGETS,
    WHITE,
    YELLOW_COLUMN_POINTS,
    YELLOW_ROW_BONUS,
    YELLOW_VALUES,
)
from ..games.clever.params import CleverParams
from ..games.clever.rules import STAGE_NAMES, CleverConfig
from .encoding import Encoder, Field, one_hot

DICE: Final = len(COLOURS)
FACES: Final = 6
BONUS_KINDS: Final = len(BONUS_KEYS)
PENDING_CAP: Final = 3
"""Pending bonuses of one kind for one seat count up to this many (more read as this many)."""

YELLOW_CELLS: Final = tuple(c for c, v in enumerate(YELLOW_VALUES) if v is not None)
BLUE_SUMS: Final = tuple(sorted(s for row in BLUE_GRID for s in row if s is not None))
BLUE_MIN: Final = BLUE_SUMS[0]
MAX_FOXES: Final = sum(
    table.count(FOX)
    for table in (
        YELLOW_ROW_BONUS,
        BLUE_ROW_BONUS,
        BLUE_COLUMN_BONUS,
        GREEN_BONUS,
        ORANGE_BONUS,
        PURPLE_BONUS,
    )
)
AREA_MAX: Final = (
    sum(YELLOW_COLUMN_POINTS),
    BLUE_POINTS[-1],
    GREEN_POINTS[-1],
    FACES * sum(ORANGE_MULTIPLIERS),
    FACES * BOXES,
)
FOX_POINTS_MAX: Final = MAX_FOXES * min(AREA_MAX)
TOTAL_MAX: Final = sum(AREA_MAX) + FOX_POINTS_MAX
SCORE_KEYS: Final = ("yellow", "blue", "green", "orange", "purple", "foxes", "total")
SCORE_SCALES: Final = tuple(1.0 / m for m in (*AREA_MAX, FOX_POINTS_MAX, TOTAL_MAX))
ORANGE_SCALES: Final = tuple(1.0 / (FACES * m) for m in ORANGE_MULTIPLIERS)
SCORE_PAIRS: Final = tuple(zip(SCORE_KEYS, SCORE_SCALES, strict=True))
MEMO_LIMIT: Final = 16384
"""Encoded sheets remembered (by their marks) before the memo starts afresh."""
CHOICE_SIZE: Final = 3 + DICE + TARGETS
"""A passive seat's choice: chosen, shown, took nothing, the die one-hot, the target one-hot."""


def _thermometers(size: int) -> tuple[list[float], ...]:
    """``table[n]``: ``n`` ones then zeros, ``size`` numbers (``n`` in 0..size)."""
    return tuple([1.0] * n + [0.0] * (size - n) for n in range(size + 1))


def _one_hots(size: int) -> tuple[list[float], ...]:
    """``table[i]``: the one-hot of ``i`` of ``size`` numbers."""
    return tuple(one_hot(i, size) for i in range(size))


def _choice_vectors() -> dict[str, list[float]]:
    """The shown passive choices by notation: chosen, shown, took nothing, die, target."""
    table = {A.to_string(A.DONE): [1.0, 1.0, 1.0] + [0.0] * (DICE + TARGETS)}
    for die in range(DICE):
        for target in range(TARGETS):
            code = A.pick(die, target)
            table[A.to_string(code)] = [
                1.0,
                1.0,
                0.0,
                *one_hot(die, DICE),
                *one_hot(target, TARGETS),
            ]
    return table


class CleverEncoder(Encoder):
    """That's Pretty Clever as floats: the sheets (viewer first), then the dice and the turn."""

    def __init__(self, game: GameBase) -> None:
        self.players: int = game.num_players
        params = game.params
        config = CleverConfig(
            params if isinstance(params, CleverParams) else CleverParams(), self.players
        )
        self.rounds: int = config.rounds
        self.picks: int = config.picks  # option picks: the die spaces
        self.solo_platter: int = config.solo_platter  # the most tied dice needed there
        self.tracks: tuple[int, int] = (config.reroll_spaces, config.plus_one_spaces)
        self.forfeits: bool = bool(getattr(game.params, "forfeit_rolls", False))
        self.random_ties: bool = getattr(game.params, "solo_ties", "random") == "random"
        n = self.players
        self._seat_hots = _one_hots(n)
        self._to_move_hots = _one_hots(n + 2)
        self._stage_hots = {
            name: one_hot(i, len(STAGE_NAMES)) for i, name in enumerate(STAGE_NAMES)
        }
        self._round_hots = tuple(one_hot(r - 1, self.rounds) for r in range(self.rounds + 2))
        face_hots = tuple(one_hot(f - 1, FACES) for f in range(FACES + 1))
        self._face_hots = face_hots
        # three dice's faces at once, indexed by f0 * 49 + f1 * 7 + f2 (0: being rolled)
        self._face_triples = tuple(
            face_hots[a] + face_hots[b] + face_hots[c]
            for a in range(FACES + 1)
            for b in range(FACES + 1)
            for c in range(FACES + 1)
        )
        # the blue + white sum, indexed by blue * 7 + white (either 0: no sum)
        self._blue_sums = tuple(
            one_hot(b + w - BLUE_MIN, len(BLUE_SUMS)) if b and w else [0.0] * len(BLUE_SUMS)
            for b in range(FACES + 1)
            for w in range(FACES + 1)
        )
        # sets of dice (sorted lists in the view) as 1 per die
        self._dice_sets: dict[tuple[int, ...], list[float]] = {
            dice: [1.0 if d in dice else 0.0 for d in range(DICE)]
            for r in range(DICE + 1)
            for dice in combinations(range(DICE), r)
        }
        # the die spaces (dice in pick order) as one-hots per space
        die_hots = _one_hots(DICE)
        self._spaces: dict[tuple[int, ...], list[float]] = {
            dice: [x for d in dice for x in die_hots[d]] + [0.0] * (DICE * (self.picks - r))
            for r in range(self.picks + 1)
            for dice in permutations(range(DICE), r)
        }
        self._bonus_index = {key: i for i, key in enumerate(BONUS_KEYS.values())}
        self._bonus_hots = _one_hots(BONUS_KINDS)
        self._no_pending = [0.0] * (n + BONUS_KINDS + n * BONUS_KINDS)
        self._boxes = _thermometers(BOXES)
        self._foxes = _thermometers(MAX_FOXES)
        self._track_tables = tuple(_thermometers(spaces) for spaces in self.tracks)
        self._picks = _thermometers(self.picks)
        self._tied_needed = _thermometers(self.solo_platter)
        self._zeros = tuple([0.0] * k for k in range(BOXES + 1))
        self._yellow = itemgetter(*YELLOW_CELLS)
        self._sheet_memo: dict[bytes, tuple[float, ...]] = {}
        self._choices = _choice_vectors()
        self._hidden_choice = [1.0] + [0.0] * (CHOICE_SIZE - 1)
        self._no_choice = [0.0] * CHOICE_SIZE
        self._no_passive = [0.0] * (n * (CHOICE_SIZE + 2))
        self._seat_keys = tuple(str(s) for s in range(n))
        super().__init__(game)

    # -- description -----------------------------------------------------------------------------

    def _sheet_fields(self, who: str, prefix: str) -> list[Field]:
        """The fields of one seat's sheet (``who`` says whose it is in words)."""
        track = (
            f"{who}: {{name}} track, {{n}} thermometer numbers of the spaces circled, "
            "{n} of the spaces used, then the actions left / {n} (0 with no space)."
        )
        rerolls, plus_ones = self.tracks
        return [
            Field(
                prefix + "yellow",
                len(YELLOW_CELLS),
                f"{who}: 1 per crossed yellow cell, the {len(YELLOW_CELLS)} printed (not "
                "pre-crossed) cells in row-major order from the top left.",
            ),
            Field(
                prefix + "blue",
                len(BLUE_SUMS),
                f"{who}: 1 per crossed blue cell, sums {BLUE_SUMS[0]} to {BLUE_SUMS[-1]} in order.",
            ),
            Field(
                prefix + "green",
                BOXES,
                f"{who}: green boxes crossed as a thermometer (number k is 1 once k are crossed).",
            ),
            Field(
                prefix + "orange_boxes",
                BOXES,
                f"{who}: orange boxes filled as a thermometer.",
            ),
            Field(
                prefix + "orange",
                BOXES,
                f"{who}: the number written in each orange box, left to right, divided by 6 times "
                "the box's multiplier (0: empty).",
            ),
            Field(
                prefix + "purple_boxes",
                BOXES,
                f"{who}: purple boxes filled as a thermometer.",
            ),
            Field(
                prefix + "purple",
                BOXES,
                f"{who}: the number written in each purple box, left to right, / 6 (0: empty).",
            ),
            Field(
                prefix + "purple_last",
                FACES,
                f"{who}: one-hot of the last purple number written, 1 to 6 (all 0: none yet).",
            ),
            Field(
                prefix + "foxes",
                MAX_FOXES,
                f"{who}: foxes earned as a thermometer (at most {MAX_FOXES}).",
            ),
            Field(prefix + "rerolls", 2 * rerolls + 1, track.format(name="reroll", n=rerolls)),
            Field(
                prefix + "plus_ones",
                2 * plus_ones + 1,
                track.format(name="+1 (extra die)", n=plus_ones),
            ),
            Field(
                prefix + "score",
                len(SCORE_KEYS),
                f"{who}: points of yellow / {AREA_MAX[0]}, blue / {AREA_MAX[1]}, green / "
                f"{AREA_MAX[2]}, orange / {AREA_MAX[3]}, purple / {AREA_MAX[4]}, the foxes / "
                f"{FOX_POINTS_MAX} and the total / {TOTAL_MAX}.",
            ),
        ]

    def describe(self) -> list[Field]:
        """The sheets (viewer first, then the seats after it), then the turn."""
        n = self.players
        fields = self._sheet_fields("The viewer", "me_")
        for k in range(1, n):
            fields += self._sheet_fields(
                f"Opponent {k} (the {_ordinal(k)} seat after the viewer in turn order)",
                f"opp{k}_",
            )
        relative = "seats relative to the viewer (the viewer first, then in turn order)"
        fields += [
            Field(
                "to_move",
                n + 2,
                f"One-hot of who moves next: the {n} {relative}, then chance (dice), then the "
                "game is over.",
            ),
            Field("active", n, f"One-hot of the active player of the turn among the {relative}."),
            Field(
                "stage",
                len(STAGE_NAMES),
                "One-hot of the stage of the turn: " + ", ".join(STAGE_NAMES) + ".",
            ),
            Field("round", self.rounds, f"One-hot of the round, 1 to {self.rounds}."),
            Field(
                "faces",
                DICE * FACES,
                "For each die (" + ", ".join(COLOURS) + "), the one-hot of its face 1 to 6 "
                "(all 0 while it is being rolled).",
            ),
            Field(
                "blue_sum",
                len(BLUE_SUMS),
                f"One-hot of the blue + white sum, {BLUE_SUMS[0]} to {BLUE_SUMS[-1]} (all 0 while "
                "either die is being rolled).",
            ),
            Field("rolled", DICE, "1 per die in the current roll, in colour order."),
            Field(
                "spaces",
                self.picks * DICE,
                f"For each of the active player's {self.picks} die spaces in pick order, the "
                "one-hot of the die on it (all 0: empty).",
            ),
            Field(
                "picks",
                self.picks,
                "The active player's rolls used this turn (dice picked and rolls forfeited) as a "
                "thermometer.",
            ),
        ]
        if self.forfeits:
            fields.append(
                Field("forfeited", self.picks, "Rolls of this turn forfeited, as a thermometer.")
            )
        fields += [
            Field("platter", DICE, "1 per die on the silver platter, in colour order."),
            Field(
                "extra_seat",
                n,
                f"One-hot of the seat of the current (or last) extra-die stage, {relative}.",
            ),
            Field(
                "extra_used",
                DICE,
                "1 per die already used by a +1 in the current extra-die stage, in colour order.",
            ),
            Field(
                "pending_next",
                n + BONUS_KINDS,
                f"The next pending bonus: one-hot of its seat among the {relative}, then one-hot "
                "of its kind (" + ", ".join(BONUS_KEYS.values()) + "); all 0: none.",
            ),
            Field(
                "pending",
                n * BONUS_KINDS,
                f"For each of the {relative}, for each bonus kind in the order above, the "
                f"bonuses of it waiting to be resolved / {PENDING_CAP} (capped at {PENDING_CAP}).",
            ),
        ]
        if n > 1:
            fields += [
                Field(
                    "passive_seats",
                    n,
                    f"1 per passive player of this turn's platter stage among the {relative}.",
                ),
                Field(
                    "passive_choice",
                    n * CHOICE_SIZE,
                    f"For each of the {relative}: their passive choice as far as the viewer sees "
                    f"it: chosen, shown (another's is hidden until all have chosen), took nothing, "
                    f"one-hot of the die ({DICE}), one-hot of the target ({TARGETS}: the yellow "
                    "cells row-major, blue sums 2-12, then green, orange, purple).",
                ),
                Field(
                    "passive_to_write",
                    n,
                    f"1 per passive player whose chosen die is still to be written among the "
                    f"{relative}.",
                ),
            ]
        else:
            fields += [
                Field(
                    "tied",
                    DICE,
                    "Solo: 1 per die tied for the last places on the silver platter, in colour "
                    "order.",
                ),
                Field(
                    "tied_needed",
                    self.solo_platter,
                    "Solo: how many of the tied dice go to the platter, as a thermometer.",
                ),
            ]
        return fields

    def action_count(self) -> int:
        """Up to the extra-die action writing the white die on the last target."""
        return (
            max(
                A.extra(WHITE, TARGETS - 1),
                A.pick(WHITE, TARGETS - 1),
                A.bonus(TARGETS - 1),
                A.waste(WHITE),
                A.DONE,
                A.REROLL,
                A.FORFEIT,
            )
            + 1
        )

    def chance_count(self) -> int:
        """Die faces; solo with random ties also which tied die lies nearest the platter."""
        if self.players == 1 and self.random_ties:
            return A.nearest(WHITE) + 1
        return A.roll(FACES) + 1

    # -- encoding --------------------------------------------------------------------------------

    def _encode_sheet(self, sheet: dict[str, Any]) -> tuple[float, ...]:
        """One seat's sheet fields (``SHEET_SIZE`` numbers)."""
        out: list[float] = []
        ext = out.extend
        boxes = self._boxes
        zeros = self._zeros
        ext(map(float, self._yellow(sheet["yellow"])))
        ext(self._dice_blue(sheet["blue"]))
        ext(boxes[sheet["green"]])
        orange = sheet["orange"]
        ext(boxes[len(orange)])
        ext([v * f for v, f in zip(orange, ORANGE_SCALES, strict=False)])
        ext(zeros[BOXES - len(orange)])
        purple = sheet["purple"]
        count = len(purple)
        ext(boxes[count])
        ext([v / FACES for v in purple])
        ext(zeros[BOXES - count])
        ext(self._face_hots[purple[-1] if count else 0])
        ext(self._foxes[sheet["foxes"]])
        for actions, track, spaces in zip(
            (sheet["rerolls"], sheet["plus_ones"]), self._track_tables, self.tracks, strict=True
        ):
            circled = actions["circled"]
            used = actions["used"]
            ext(track[circled])
            ext(track[used])
            out.append((circled - used) / spaces if spaces else 0.0)
        score = sheet["score"]
        ext([score[key] * f for key, f in SCORE_PAIRS])
        return tuple(out)

    @staticmethod
    def _dice_blue(sums: list[int]) -> list[float]:
        """1 per crossed blue sum, in order."""
        blue = [0.0] * len(BLUE_SUMS)
        for s in sums:
            blue[s - BLUE_MIN] = 1.0
        return blue

    def encode(self, view: View) -> list[float]:
        """The observation of ``view["me"]`` (seat 0 for a spectator)."""
        n = self.players
        me = view["me"]
        first = 0 if me is None else me
        out: list[float] = []
        ext = out.extend
        memo = self._sheet_memo
        sheets = view["sheets"]
        for k in range(n):
            sheet = sheets[(first + k) % n]
            rerolls = sheet["rerolls"]
            plus_ones = sheet["plus_ones"]
            # every mark as bytes (all numbers on a sheet are below the separator 255)
            key = bytes(
                [
                    *sheet["yellow"],
                    *sheet["blue"],
                    255,
                    *sheet["orange"],
                    255,
                    *sheet["purple"],
                    255,
                    sheet["green"],
                    sheet["foxes"],
                    rerolls["circled"],
                    rerolls["used"],
                    plus_ones["circled"],
                    plus_ones["used"],
                ]
            )
            encoded = memo.get(key)
            if encoded is None:
                if len(memo) >= MEMO_LIMIT:
                    memo.clear()
                encoded = memo[key] = self._encode_sheet(sheet)
            ext(encoded)

        seat_hots = self._seat_hots
        to_move = view["to_move"]
        if to_move == "chance":
            ext(self._to_move_hots[n])
        elif to_move == "end":
            ext(self._to_move_hots[n + 1])
        else:
            ext(self._to_move_hots[(to_move - first) % n])
        ext(seat_hots[(view["active"] - first) % n])
        ext(self._stage_hots[view["stage"]])
        ext(self._round_hots[view["round"]])
        y, b, g, o, p, w = view["faces"]
        triples = self._face_triples
        ext(triples[y * 49 + b * 7 + g])
        ext(triples[o * 49 + p * 7 + w])
        ext(self._blue_sums[b * 7 + w])
        dice_sets = self._dice_sets  # the view lists dice sorted
        ext(dice_sets[tuple(view["rolled"])])
        spaces = view["spaces"]
        ext(self._spaces[tuple(spaces)])
        forfeited = view["forfeited"]
        ext(self._picks[len(spaces) + forfeited])
        if self.forfeits:
            ext(self._picks[forfeited])
        ext(dice_sets[tuple(view["platter"])])
        ext(seat_hots[(view["extra_seat"] - first) % n])
        ext(dice_sets[tuple(view["extra_used"])])
        pending = view["pending"]
        if pending:
            bonus_index = self._bonus_index
            top = pending[0]
            ext(seat_hots[(top["seat"] - first) % n])
            ext(self._bonus_hots[bonus_index[top["bonus"]]])
            counts = [0] * (n * BONUS_KINDS)
            for entry in pending:
                seat = (entry["seat"] - first) % n
                counts[seat * BONUS_KINDS + bonus_index[entry["bonus"]]] += 1
            ext([min(c, PENDING_CAP) / PENDING_CAP for c in counts])
        else:
            ext(self._no_pending)
        if n > 1:
            passive = view["passive"]
            seats = passive["seats"]
            if seats:
                mask = [0.0] * n
                for s in seats:
                    mask[(s - first) % n] = 1.0
                ext(mask)
                chosen = passive["chosen"]
                keys = self._seat_keys
                choices = self._choices
                for k in range(n):
                    key_k = keys[(first + k) % n]
                    if key_k in chosen:
                        text = chosen[key_k]
                        ext(self._hidden_choice if text is None else choices[text])
                    else:
                        ext(self._no_choice)
                to_write = [0.0] * n
                for s in passive["to_write"]:
                    to_write[(s - first) % n] = 1.0
                ext(to_write)
            else:
                ext(self._no_passive)
        else:
            ext(dice_sets[tuple(view["tied"])])
            ext(self._tied_needed[view["tied_needed"]])
        return out


def _ordinal(k: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")
