"""The state of a game of That's Pretty Clever: the sheets, the dice and the turn.

A turn is a small state machine (``stage``). Bonuses wait on a stack of pending decisions
(``(seat, bonus)``, top = next): a mark pushes the bonuses it fires, the first fired on top,
so a chain is resolved depth-first ("at once") before older bonuses. Bonuses that need no
choice resolve by themselves; a cross bonus with several open cells waits for its player.
"""

from __future__ import annotations

from typing import Final

from ...core import (
    CHANCE,
    TERMINAL,
    AppendOnlyList,
    Commitments,
    GameBase,
    Outcome,
    Player,
    StateBase,
)
from ...core.i18n import N_, t
from . import actions as A
from .board import (
    BLACK,
    BLUE,
    BLUE_BASE,
    BONUS_NAMES,
    BOXES,
    COLOURS,
    FOX,
    GREEN_TARGET,
    GREEN_THRESHOLDS,
    NUMBER_BONUS_VALUE,
    ORANGE_4,
    ORANGE_5,
    ORANGE_6,
    ORANGE_TARGET,
    PICKS,
    PLUS_ONE,
    PURPLE_6,
    PURPLE_TARGET,
    REROLL,
    ROUND_BONUS,
    ROUNDS_BY_PLAYERS,
    SOLO_PLATTER,
    THE_DIE,
    TRACK_SPACES,
    WHITE,
    X_BLUE,
    X_GREEN,
    X_YELLOW,
    YELLOW,
    YELLOW_PRECROSSED,
    YELLOW_VALUES,
    target_area,
    target_name,
)
from .params import CleverParams
from .sheet import Sheet

# Stages of a turn. The pending bonus stack is resolved before the stage continues.
ROLLING: Final = 0  # chance: the dice in ``rolling`` get their faces
CHOOSE: Final = 1  # the active player picks a die (or rerolls)
ACTIVE_EXTRA: Final = 2  # the active player's extra-die actions (+1)
PASSIVE_TAKE: Final = 3  # passive players choose a die at the same time (multiplayer)
PASSIVE_EXTRA: Final = 4  # a passive player writes the die taken, then its +1 actions
SOLO_ROLLING: Final = 5  # chance: solo passive turn, all six dice
SOLO_NEAREST: Final = 6  # chance: which of the tied dice lies nearest the platter
SOLO_TAKE: Final = 7  # solo passive turn: take one of the three platter dice
SOLO_EXTRA: Final = 8  # solo passive turn: +1 actions
OVER: Final = 9
FINAL_EXTRA: Final = 10  # after the last turn: every seat's last +1 actions, in seat order
STAGE_NAMES: Final = (
    "rolling",
    "choose",
    "active-extra",
    "passive-take",
    "passive-extra",
    "solo-rolling",
    "solo-nearest",
    "solo-take",
    "solo-extra",
    "over",
    "final-extra",
)

ALL_DICE: Final = 0b111111
ROLL_ORDER: Final = (5, 4, 3, 2, 1, 0)  # popped from the end: yellow is rolled first
ROLL_OUTCOMES: Final = tuple((A.roll(face), 1 / 6) for face in range(1, 7))
_DICE_OF_MASK: Final = tuple(tuple(d for d in range(6) if mask >> d & 1) for mask in range(64))
_CROSS_BONUSES: Final = (X_YELLOW, X_BLUE, BLACK)
EVERY_SEAT: Final = -1  # an event of every seat (the round's bonus)
NO_TARGET: Final = -1  # an event's bonus that is written nowhere (an unlock, a fox)
LOST: Final = -2  # an event's bonus with no room left on the sheet


class CleverConfig:
    """The fixed facts of one game the rules read: player count, options and the tables derived
    from them (built once by the game, shared by all its states)."""

    __slots__ = (
        "forfeit_rolls",
        "future_bonus",
        "num_players",
        "orange_bonus_multiplied",
        "passive_optional",
        "picks",
        "plus_one_spaces",
        "reroll_spaces",
        "round_bonus",
        "round_track",
        "rounds",
        "rulebook_numbers",
        "solo_platter",
        "solo_ties",
        "start_plus_ones",
        "start_rerolls",
        "wasted_picks",
    )

    def __init__(self, params: CleverParams, num_players: int) -> None:
        self.num_players: int = num_players
        self.rounds: int = params.rounds or ROUNDS_BY_PLAYERS[num_players]
        self.orange_bonus_multiplied: bool = params.orange_bonus_multiplied
        self.wasted_picks: bool = params.wasted_picks
        self.passive_optional: bool = params.passive_optional
        self.forfeit_rolls: bool = params.forfeit_rolls
        self.solo_ties: str = params.solo_ties
        self.picks: int = params.picks
        self.solo_platter: int = params.solo_platter
        self.reroll_spaces: int = params.reroll_spaces
        self.plus_one_spaces: int = params.plus_one_spaces
        self.start_rerolls: int = params.start_rerolls
        self.start_plus_ones: int = params.start_plus_ones
        printed = round_track(params.round_bonus_words())
        # the sheet's round track, index = round (0: none): the six printed boxes at least, and
        # a box for every round played; the rounds past the option's list give nothing
        self.round_track: tuple[int | None, ...] = printed + (None,) * (
            self.rounds + 1 - len(printed)
        )
        self.round_bonus: tuple[int | None, ...] = self.round_track[: self.rounds + 1]
        # per round r (0..rounds): the rerolls, +1s and black bonuses of the rounds after it
        self.future_bonus: tuple[tuple[int, int, int], ...] = tuple(
            (
                self.round_bonus[r + 1 :].count(REROLL),
                self.round_bonus[r + 1 :].count(PLUS_ONE),
                self.round_bonus[r + 1 :].count(BLACK),
            )
            for r in range(self.rounds + 1)
        )
        # the printed sheet and the rulebook's numbers (what the solo rating is measured on)
        self.rulebook_numbers: bool = (
            self.rounds == ROUNDS_BY_PLAYERS[num_players]
            and printed == ROUND_BONUS
            and self.picks == PICKS
            and self.solo_platter == SOLO_PLATTER
            and self.reroll_spaces == TRACK_SPACES
            and self.plus_one_spaces == TRACK_SPACES
            and not self.start_rerolls
            and not self.start_plus_ones
        )


_ROUND_BONUS_OF_WORD: Final[dict[str, int | None]] = {
    "reroll": REROLL,
    "plus1": PLUS_ONE,
    "black": BLACK,
    "none": None,
}


def round_track(words: tuple[str, ...]) -> tuple[int | None, ...]:
    """The round track of option ``round_bonuses`` (its words), indexed by round (0: none),
    printed as :data:`.board.ROUND_BONUS` is: at least six rounds."""
    track: tuple[int | None, ...] = (None, *[_ROUND_BONUS_OF_WORD[w] for w in words])
    return track + (None,) * (len(ROUND_BONUS) - len(track))


class CleverState(StateBase):
    """A position of That's Pretty Clever (1-4 players)."""

    __slots__ = (
        "_active",
        "_events",
        "_extra_used",
        "_faces",
        "_forfeits",
        "_movers",
        "_need",
        "_pending",
        "_platter",
        "_resolve",
        "_rolled",
        "_rolling",
        "_round",
        "_seat",
        "_sheets",
        "_spaces",
        "_stage",
        "_takes",
        "_tied",
        "_to_move",
        "config",
    )

    def __init__(
        self, game: GameBase, config: CleverConfig, copy_of: CleverState | None = None
    ) -> None:
        """A game's first position, or an independent copy of ``copy_of`` (``clone``)."""
        super().__init__(game, copy_of)
        self.config = config
        if copy_of is None:
            self._sheets = [Sheet() for _ in range(config.num_players)]
            for sheet in self._sheets:  # option start_rerolls / start_plus_ones
                sheet.rerolls = config.start_rerolls
                sheet.plus_ones = config.start_plus_ones
            self._movers: AppendOnlyList[Player] = AppendOnlyList()  # who made each action
            # Bonuses resolved without a choice: (actions played before it, seat or EVERY_SEAT,
            # bonus, the target it was written on / NO_TARGET / LOST), for logs people read.
            self._events: AppendOnlyList[tuple[int, Player, int, int]] = AppendOnlyList()
            self._round = 0
            self._active = 0
            self._stage = ROLLING
            self._faces = [0] * 6
            self._rolled = 0  # the dice of the current roll (mask)
            self._rolling: list[int] = []  # dice still to be given a face, next at the end
            self._spaces: tuple[int, ...] = ()  # the active player's die spaces, in pick order
            self._forfeits = (
                0  # rolls of this turn forfeited (option forfeit_rolls): picks used too
            )
            self._platter = 0  # mask
            self._extra_used = 0  # dice used by +1 this turn by ``_seat``
            self._seat = 0  # the passive seat being resolved, or the seat of an extra stage
            self._pending: list[tuple[Player, int]] = []
            self._takes = Commitments(())
            self._resolve: list[Player] = []  # passive seats whose die is still to be written
            self._tied = 0  # solo: dice tied for the last platter places (mask)
            self._need = 0  # solo: how many of them go to the platter
            self._to_move: Player = CHANCE
            self._start_round()
            self._advance()
        else:  # explicit field copies, no deepcopy
            self._movers = copy_of._movers.copy()
            self._events = copy_of._events.copy()
            self._sheets = [sheet.copy() for sheet in copy_of._sheets]
            self._round = copy_of._round
            self._active = copy_of._active
            self._stage = copy_of._stage
            self._faces = copy_of._faces.copy()
            self._rolled = copy_of._rolled
            self._rolling = copy_of._rolling.copy()
            self._spaces = copy_of._spaces
            self._forfeits = copy_of._forfeits
            self._platter = copy_of._platter
            self._extra_used = copy_of._extra_used
            self._seat = copy_of._seat
            self._pending = copy_of._pending.copy()
            self._takes = copy_of._takes.copy()
            self._resolve = copy_of._resolve.copy()
            self._tied = copy_of._tied
            self._need = copy_of._need
            self._to_move = copy_of._to_move

    # -- protocol hooks -------------------------------------------------------------------------

    def _current_player(self) -> Player:
        return self._to_move

    def simultaneous_seats(self) -> tuple[Player, ...]:
        if self._stage != PASSIVE_TAKE or self._pending or self._to_move < 0:
            return ()
        choices = self._takes.choices
        return tuple(s for s in self._takes.seats if s not in choices)

    def _legal_actions(self) -> list[int]:
        if self._pending:
            seat, kind = self._pending[-1]
            return [A.BONUS_BASE + t for t in self._bonus_targets(seat, kind)]
        stage = self._stage
        if stage == CHOOSE:
            return self._choose_actions()
        if stage in (PASSIVE_TAKE, SOLO_TAKE):
            return self._take_actions(self._to_move)
        return self._extra_actions(self._seat)

    def _chance_outcomes(self) -> tuple[tuple[int, float], ...]:
        if self._stage == SOLO_NEAREST:
            tied = _DICE_OF_MASK[self._tied]
            return tuple((A.nearest(d), 1 / len(tied)) for d in tied)
        return ROLL_OUTCOMES

    def _apply(self, action: int) -> None:
        self._movers.append(self._to_move)
        if action > A.ROLL_BASE:
            if action < A.NEAREST_BASE:
                rolling = self._rolling
                self._faces[rolling.pop()] = action - A.ROLL_BASE
                if rolling:
                    return
            else:
                die = action - A.NEAREST_BASE
                self._platter |= 1 << die
                self._tied &= ~(1 << die)
                self._need -= 1
                if self._need == 0:
                    self._rolled &= ~self._platter
                    self._tied = 0
                    self._stage = SOLO_TAKE
        elif A.BONUS_BASE <= action < A.WASTE_BASE:
            seat, kind = self._pending.pop()
            self._bonus_mark(seat, kind, action - A.BONUS_BASE)
        elif action >= A.EXTRA_BASE:
            seat = self._seat
            sheet = self._sheets[seat]
            sheet.plus_ones_used += 1
            code = action - A.EXTRA_BASE
            die = code // 100 - 1
            self._extra_used |= 1 << die
            self._write(seat, die, code % 100)
        else:
            stage = self._stage
            if stage == CHOOSE:
                self._choose(action)
            elif stage == PASSIVE_TAKE:
                self._takes.commit(self._to_move, action)
            elif stage == SOLO_TAKE:
                self._stage = SOLO_EXTRA
                self._seat = 0
                self._extra_used = 0
                if action != A.DONE:
                    self._write(0, action // 100 - 1, action % 100)
            else:  # DONE in an extra stage
                self._end_extra()
        self._advance()

    def _outcome(self) -> Outcome:
        scores = tuple(sheet.score() for sheet in self._sheets)
        best = max(scores)
        tied = [p for p, s in enumerate(scores) if s == best]
        reason = N_("last-round")  # data (outcomes, records); shown with t()
        if len(tied) > 1:
            best_area = {p: max(self._sheets[p].area_scores()) for p in tied}
            top = max(best_area.values())
            tied = [p for p in tied if best_area[p] == top]
            if len(tied) == 1:
                reason = N_("last-round, tie broken by the best area")
        return Outcome(tuple(float(s) for s in scores), frozenset(tied), reason)

    def _clone(self) -> CleverState:
        return CleverState(self.game, self.config, self)

    # -- legal actions ------------------------------------------------------------------------

    def _die_actions(self, seat: Player, dice: int, base: int) -> list[int]:
        """``base + pick code`` for every target of every die in the mask ``dice``."""
        sheet = self._sheets[seat]
        faces = self._faces
        total = faces[BLUE] + faces[WHITE]
        found = []
        for die in _DICE_OF_MASK[dice]:
            code = base + 100 * (die + 1)
            for target in sheet.targets(die, faces[die], total):
                found.append(code + target)
        return found

    def _choose_actions(self) -> list[int]:
        rolled = self._rolled
        found = self._die_actions(self._active, rolled, 0)
        if not found:  # no die of the roll can be written (clever-unusable-roll)
            config = self.config
            if not config.forfeit_rolls or config.wasted_picks:
                found = [A.WASTE_BASE + die for die in _DICE_OF_MASK[rolled]]
            if config.forfeit_rolls:
                found.append(A.FORFEIT)
        elif self.config.wasted_picks:
            usable = {action // 100 - 1 for action in found}
            found += [A.WASTE_BASE + d for d in _DICE_OF_MASK[rolled] if d not in usable]
        if self._sheets[self._active].rerolls_left:
            found.append(A.REROLL)
        return found

    def _take_actions(self, seat: Player) -> list[int]:
        found = self._die_actions(seat, self._platter, 0)
        if found:  # a usable platter die must be taken (unless the option says otherwise)
            if self.config.passive_optional:
                found.append(A.DONE)
            return found
        if self.config.num_players > 1:  # "may take one of the dice on the active player's spaces"
            found = self._die_actions(seat, _mask(self._spaces), 0)
        found.append(A.DONE)
        return found

    def _extra_actions(self, seat: Player) -> list[int]:
        if not self._sheets[seat].plus_ones_left:
            return []
        found = self._die_actions(seat, ALL_DICE & ~self._extra_used, A.EXTRA_BASE)
        if found:
            found.append(A.DONE)
        return found

    def _bonus_targets(self, seat: Player, kind: int) -> list[int]:
        """The cells a cross bonus (or the black bonus) may go on; [] for other bonuses."""
        sheet = self._sheets[seat]
        if kind == X_YELLOW:
            return sheet.open_yellow_cells()
        if kind == X_BLUE:
            return sheet.open_blue_targets()
        if kind == BLACK:
            found = sheet.open_yellow_cells() + sheet.open_blue_targets()
            if sheet.green < BOXES:
                found.append(GREEN_TARGET)
            if len(sheet.orange) < BOXES:
                found.append(ORANGE_TARGET)
            if len(sheet.purple) < BOXES:
                found.append(PURPLE_TARGET)
            return found
        return []

    # -- effects --------------------------------------------------------------------------------

    def _push(self, seat: Player, bonuses: list[int]) -> None:
        """Queue bonuses just fired; the first fired is resolved first."""
        if bonuses:
            pending = self._pending
            for bonus in reversed(bonuses):
                pending.append((seat, bonus))

    def _write(self, seat: Player, die: int, target: int) -> None:
        """Write ``die`` (at its face) on ``target`` of ``seat``'s sheet and queue the bonuses."""
        self._push(seat, self._sheets[seat].mark(target, self._faces[die]))

    def _bonus_mark(self, seat: Player, kind: int, target: int) -> None:
        """Resolve a cross bonus (or the black bonus) on ``target``."""
        sheet = self._sheets[seat]
        if target == ORANGE_TARGET:
            fired = sheet.write_orange(6, self.config.orange_bonus_multiplied)
        elif target == PURPLE_TARGET:
            fired = sheet.write_purple(6)
        elif target == GREEN_TARGET:
            fired = sheet.cross_green()
        else:
            fired = sheet.mark(target, 0)
        self._push(seat, fired)

    def _automatic_bonus(self, seat: Player, kind: int) -> None:
        """Resolve a bonus that needs no choice (lost if the sheet has no room for it)."""
        sheet = self._sheets[seat]
        result = NO_TARGET
        if kind == REROLL:
            spaces = self.config.reroll_spaces
            result = NO_TARGET if sheet.rerolls < spaces else LOST
            sheet.unlock(kind, spaces)
        elif kind == PLUS_ONE:
            spaces = self.config.plus_one_spaces
            result = NO_TARGET if sheet.plus_ones < spaces else LOST
            sheet.unlock(kind, spaces)
        elif kind == FOX:
            sheet.foxes += 1
        elif kind == X_GREEN:
            if sheet.green < BOXES:
                result = GREEN_TARGET
                self._push(seat, sheet.cross_green())
            else:
                result = LOST
        elif kind in (ORANGE_4, ORANGE_5, ORANGE_6):
            if len(sheet.orange) < BOXES:
                value = NUMBER_BONUS_VALUE[kind]
                result = ORANGE_TARGET
                self._push(seat, sheet.write_orange(value, self.config.orange_bonus_multiplied))
            else:
                result = LOST
        elif kind == PURPLE_6:
            if len(sheet.purple) < BOXES:
                result = PURPLE_TARGET
                self._push(seat, sheet.write_purple(6))
            else:
                result = LOST
        else:
            raise AssertionError(f"bonus {kind} needs a choice")
        self._events.append((self.state_id, seat, kind, result))

    def _choose(self, action: int) -> None:
        """The active player picks a die (or puts an unusable one aside, or rerolls)."""
        if action == A.REROLL:
            self._sheets[self._active].rerolls_used += 1
            self._roll(self._rolled)
            return
        if action == A.FORFEIT:  # no die moves; the roll counts
            self._forfeits += 1
            if len(self._spaces) + self._forfeits == self.config.picks:
                self._end_picks(self._platter | self._rolled)
            else:
                self._roll(self._rolled)
            return
        die = action - A.WASTE_BASE if action >= A.WASTE_BASE else action // 100 - 1
        faces = self._faces
        face = faces[die]
        self._spaces += (die,)
        rolled = self._rolled & ~(1 << die)
        platter = self._platter
        for other in _DICE_OF_MASK[rolled]:
            if faces[other] < face:
                platter |= 1 << other
                rolled &= ~(1 << other)
        if action < A.WASTE_BASE:
            self._write(self._active, die, action % 100)
        if len(self._spaces) + self._forfeits == self.config.picks or not rolled:
            self._end_picks(platter | rolled)
        else:
            self._platter = platter
            self._roll(rolled)

    def _end_picks(self, platter: int) -> None:
        """The active player's picks are over: the dice left go to the platter, then +1."""
        self._platter = platter
        self._rolled = 0
        self._stage = ACTIVE_EXTRA
        self._seat = self._active
        self._extra_used = 0

    def _roll(self, dice: int) -> None:
        """Start rolling the dice of the mask ``dice`` (one chance step per die)."""
        self._rolled = dice
        self._rolling = [d for d in ROLL_ORDER if dice >> d & 1]
        faces = self._faces
        for d in self._rolling:
            faces[d] = 0
        self._stage = ROLLING

    def _end_extra(self) -> None:
        """The seat of the extra stage is done; the turn goes on."""
        stage = self._stage
        if stage == ACTIVE_EXTRA:
            if self.config.num_players == 1:
                self._spaces = ()
                self._platter = 0
                self._roll(ALL_DICE)
                self._stage = SOLO_ROLLING
            else:
                n = self.config.num_players
                seats = tuple((self._active + k) % n for k in range(1, n))
                self._takes = Commitments(seats)
                self._resolve = list(seats)
                self._stage = PASSIVE_TAKE
        elif stage == PASSIVE_EXTRA:
            self._next_passive()
        elif stage == SOLO_EXTRA:
            self._end_turn()
        else:  # FINAL_EXTRA: the next seat's last +1 actions, or the end
            self._final_window(self._seat + 1)

    def _next_passive(self) -> None:
        """Write the next passive seat's die (bonuses queue), then its extra stage."""
        if not self._resolve:
            self._end_turn()
            return
        seat = self._resolve.pop(0)
        action = self._takes.choices[seat]
        self._seat = seat
        self._extra_used = 0
        self._stage = PASSIVE_EXTRA
        if action != A.DONE:
            self._write(seat, action // 100 - 1, action % 100)

    def _end_turn(self) -> None:
        """The next seat becomes active; after the last seat, the next round (or the end)."""
        self._active += 1
        if self._active < self.config.num_players:
            self._start_turn()
            return
        self._active = 0
        if self._round == self.config.rounds:
            self._final_window(0)
            return
        self._start_round()

    def _final_window(self, seat: Player) -> None:
        """After the last turn "everyone may still use their remaining extra-die actions":
        ``seat``'s last +1 stage (each die once in it, counted afresh), or the end."""
        if seat == self.config.num_players:
            self._stage = OVER
            return
        self._stage = FINAL_EXTRA
        self._seat = seat
        self._extra_used = 0

    def _start_round(self) -> None:
        """Every seat gets the round's bonus (round 4: a choice, seat 0 first)."""
        self._round += 1
        config = self.config
        bonus = config.round_bonus[self._round]
        if bonus in (REROLL, PLUS_ONE):
            spaces = config.reroll_spaces if bonus == REROLL else config.plus_one_spaces
            for sheet in self._sheets:
                sheet.unlock(bonus, spaces)
            if spaces:  # no track (option reroll_spaces / plus_one_spaces 0): nothing to circle
                self._events.append((self.state_id, EVERY_SEAT, bonus, NO_TARGET))
        elif bonus == BLACK:
            for seat in reversed(range(self.config.num_players)):
                self._pending.append((seat, BLACK))
        self._start_turn()

    def _start_turn(self) -> None:
        self._spaces = ()
        self._forfeits = 0
        self._platter = 0
        self._takes = Commitments(())
        self._roll(ALL_DICE)

    def _solo_platter(self) -> None:
        """Solo passive roll: the three lowest dice (option ``solo_platter``) go to the platter
        (ties: nearest first)."""
        faces = self._faces
        count = self.config.solo_platter
        third = sorted(faces)[count - 1]
        lower = sum(1 << d for d in range(6) if faces[d] < third)
        tied = sum(1 << d for d in range(6) if faces[d] == third)
        need = count - lower.bit_count()
        if tied.bit_count() == need:
            self._platter = lower | tied
        elif self.config.solo_ties == "colour-order":
            chosen = _DICE_OF_MASK[tied][:need]
            self._platter = lower | _mask(chosen)
        else:
            self._platter = lower
            self._tied = tied
            self._need = need
            self._stage = SOLO_NEAREST
            return
        self._rolled = ALL_DICE & ~self._platter
        self._stage = SOLO_TAKE

    def _advance(self) -> None:
        """Resolve what needs no choice; stop where a seat must choose or dice must roll."""
        pending = self._pending
        while True:
            while pending:
                seat, kind = pending[-1]
                if kind in _CROSS_BONUSES:
                    targets = self._bonus_targets(seat, kind)
                    if len(targets) > 1:
                        self._to_move = seat
                        return
                    pending.pop()
                    target = targets[0] if targets else LOST
                    self._events.append((self.state_id, seat, kind, target))
                    if targets:
                        self._bonus_mark(seat, kind, target)
                else:
                    pending.pop()
                    self._automatic_bonus(seat, kind)
            stage = self._stage
            if stage in (ROLLING, SOLO_ROLLING):
                if self._rolling:
                    self._to_move = CHANCE
                    return
                if stage == ROLLING:
                    self._stage = CHOOSE
                    self._to_move = self._active
                    return
                self._solo_platter()
            elif stage == CHOOSE:
                self._to_move = self._active
                return
            elif stage in (ACTIVE_EXTRA, PASSIVE_EXTRA, SOLO_EXTRA, FINAL_EXTRA):
                if self._extra_actions(self._seat):
                    self._to_move = self._seat
                    return
                self._end_extra()
            elif stage == PASSIVE_TAKE:
                takes = self._takes
                waiting = takes.waiting_for()
                if waiting is None:
                    self._next_passive()
                    continue
                options = self._take_actions(waiting)
                if len(options) == 1 and options[0] == A.DONE:
                    takes.commit(waiting, A.DONE)  # nothing to take: no decision
                    continue
                self._to_move = waiting
                return
            elif stage == SOLO_TAKE:
                options = self._take_actions(0)
                if len(options) == 1 and options[0] == A.DONE:
                    self._stage = SOLO_EXTRA
                    self._seat = 0
                    self._extra_used = 0
                    continue
                self._to_move = 0
                return
            elif stage == SOLO_NEAREST:
                self._to_move = CHANCE
                return
            else:
                self._to_move = TERMINAL
                return

    # -- why an action is illegal ---------------------------------------------------------------

    def explain_illegal(self, action: int) -> str:
        """Why ``action`` is not legal now, in words (``core.play`` puts it in the error)."""
        if action in self.legal_actions():
            return ""
        if not A.is_valid_code(action):
            return t("{action} is not an action code of That's Pretty Clever", action=action)
        to_move = self._to_move
        if to_move == TERMINAL:
            return t("the game is over")
        stage = self._stage
        text = A.to_string(action)
        chance_code = action > A.ROLL_BASE
        if to_move == CHANCE:
            if stage == SOLO_NEAREST:
                tied = ", ".join(t(COLOURS[d]) for d in _DICE_OF_MASK[self._tied])
                if action >= A.NEAREST_BASE:
                    return t(
                        "{die} is not one of the dice tied for the silver platter ({tied})",
                        die=t(THE_DIE[action - A.NEAREST_BASE]),
                        tied=tied,
                    )
                options = "/".join(A.to_string(A.nearest(d)) for d in _DICE_OF_MASK[self._tied])
                return t(
                    "chance decides which of the dice tied for the silver platter ({tied}) "
                    "lies nearest: {options}",
                    tied=tied,
                    options=options,
                )
            die = t(THE_DIE[self._rolling[-1]])
            if action >= A.NEAREST_BASE:
                return t("no dice are tied for the platter: {die} rolls next (r1..r6)", die=die)
            return t(
                "dice are being rolled: {die} rolls next (r1..r6), not {move}", die=die, move=text
            )
        if chance_code:
            return t(
                "{move} is a chance outcome, but seat {seat} is to decide now",
                move=text,
                seat=to_move,
            )
        if self._pending:
            seat, kind = self._pending[-1]
            return self._bonus_problem(seat, kind, action)
        if A.BONUS_BASE <= action < A.WASTE_BASE:
            return t("there is no bonus to resolve now")
        if stage == CHOOSE:
            return self._choose_problem(action)
        if stage in (PASSIVE_TAKE, SOLO_TAKE):
            return self._take_problem(to_move, action)
        return self._extra_problem(self._seat, action)

    def _where(self, die: int) -> str:
        """Where ``die`` is, in words."""
        if die in self._spaces:
            return t("on the active player's die spaces")
        if self._platter >> die & 1:
            return t("on the silver platter")
        if self._rolled >> die & 1:
            return t("in the roll")
        return t("out of play this turn")

    def _dice_words(self, dice: int) -> str:
        return ", ".join(t(COLOURS[d]) for d in _DICE_OF_MASK[dice]) or t("none")

    def _placement_problem(self, seat: Player, die: int, target: int) -> str:
        """Why ``die`` (at its face) cannot be written on ``target`` of ``seat``'s sheet."""
        sheet = self._sheets[seat]
        area = target_area(target)
        the_die = t(THE_DIE[die])
        face = self._faces[die]
        if die != WHITE and area != die:
            return t(
                "{die} is written in the {area} area only (only the white die is wild), not on "
                "{target}",
                die=the_die,
                area=t(COLOURS[die]),
                target=target_name(target),
            )
        if area == YELLOW:
            row, col = divmod(target, 4)
            where = t("yellow row {row}, column {column}", row=row + 1, column=col + 1)
            if YELLOW_PRECROSSED >> target & 1:
                return t("{where} is crossed already (printed X)", where=where)
            if sheet.yellow >> target & 1:
                return t("{where} is crossed already", where=where)
            if YELLOW_VALUES[target] != face:
                return t(
                    "{die} shows {face}, but {where} is a {number}",
                    die=the_die,
                    face=face,
                    where=where,
                    number=YELLOW_VALUES[target],
                )
            return ""
        if area == BLUE:
            total = self._faces[BLUE] + self._faces[WHITE]
            wanted = target - BLUE_BASE
            if wanted != total:
                return t(
                    "blue always writes blue + white = {blue} + {white} = {total}, not {sum}",
                    blue=self._faces[BLUE],
                    white=self._faces[WHITE],
                    total=total,
                    sum=wanted,
                )
            if not sheet.blue_open(total):
                return t("blue {sum} is crossed already", sum=total)
            return ""
        if target == GREEN_TARGET:
            if sheet.green >= BOXES:
                return t("every green box is crossed")
            need = GREEN_THRESHOLDS[sheet.green]
            if face < need:
                return t(
                    "the next green box (box {box}) needs at least {need}, and {die} shows {face}",
                    box=sheet.green + 1,
                    need=need,
                    die=the_die,
                    face=face,
                )
            return ""
        if target == ORANGE_TARGET:
            return "" if sheet.orange_open() else t("every orange box is filled")
        if len(sheet.purple) >= BOXES:
            return t("every purple box is filled")
        if not sheet.purple_open(face):
            return t(
                "purple must go higher than the last number, {last} (anything goes only after "
                "a 6), and {die} shows {face}",
                last=sheet.purple[-1],
                die=the_die,
                face=face,
            )
        return ""

    def _bonus_problem(self, seat: Player, kind: int, action: int) -> str:
        """Why ``action`` does not resolve ``seat``'s pending bonus ``kind``."""
        name = t(BONUS_NAMES[kind])
        if kind == X_YELLOW:
            how = t("cross any open yellow cell (X:Y11 ... X:Y44)")
        elif kind == X_BLUE:
            how = t("cross any open blue cell (X:B2 ... X:B12)")
        else:
            how = t(
                "the black X on any open yellow or blue cell or the next green box (X:Y11, "
                "X:B7, X:G) or the black 6 in orange or purple (6:O, 6:P)"
            )
        if not A.BONUS_BASE <= action < A.WASTE_BASE:
            return t(
                "seat {seat} must first resolve the {name} bonus: {how}",
                seat=seat,
                name=name,
                how=how,
            )
        target = action - A.BONUS_BASE
        area = target_area(target)
        if (kind == X_YELLOW and area != YELLOW) or (kind == X_BLUE and area != BLUE):
            return t("the {name} bonus must {how}", name=name, how=how)
        if area == YELLOW:
            row, col = divmod(target, 4)
            where = t("yellow row {row}, column {column}", row=row + 1, column=col + 1)
            if YELLOW_PRECROSSED >> target & 1:
                return t("{where} is crossed already (printed X)", where=where)
            return t("{where} is crossed already", where=where)
        if area == BLUE:
            return t("blue {sum} is crossed already", sum=target - BLUE_BASE)
        if target == GREEN_TARGET:
            return t("every green box is crossed")
        if target == ORANGE_TARGET:
            return t("every orange box is filled")
        return t("every purple box is filled")

    def _choose_problem(self, action: int) -> str:
        """Why the active player cannot play ``action`` on this roll."""
        active = self._active
        if action == A.DONE:
            return t(
                "seat {seat} is the active player and must pick a die of the roll", seat=active
            )
        if action == A.REROLL:
            sheet = self._sheets[active]
            return t(
                "seat {seat} has no reroll left ({circled} circled, {used} used)",
                seat=active,
                circled=sheet.rerolls,
                used=sheet.rerolls_used,
            )
        if action >= A.EXTRA_BASE:
            return t("a +1 (extra die) is used at the end of the turn, after the picks")
        rolled = self._dice_words(self._rolled)
        if action == A.FORFEIT:
            if not self.config.forfeit_rolls:
                return t(
                    "a roll is not forfeited in this game (option forfeit_rolls is off): when "
                    "no die of it can be used, one of its dice goes on a die space, writing "
                    "nothing (like y>-)"
                )
            usable = sorted({a // 100 - 1 for a in self._die_actions(active, self._rolled, 0)})
            names = ", ".join(t(COLOURS[d]) for d in usable)
            return t(
                "a roll is forfeited only when no die of it can be used, and this roll has "
                "usable dice ({dice})",
                dice=names,
            )
        if action >= A.WASTE_BASE:
            die = action - A.WASTE_BASE
            if not self._rolled >> die & 1:
                return t(
                    "{die} is {where}, not in the roll ({rolled})",
                    die=t(THE_DIE[die]),
                    where=self._where(die),
                    rolled=rolled,
                )
            usable = sorted({a // 100 - 1 for a in self._die_actions(active, self._rolled, 0)})
            if die in usable:
                return t(
                    "{die} can be written, so it cannot be put aside without writing",
                    die=t(THE_DIE[die]),
                )
            names = ", ".join(t(COLOURS[d]) for d in usable)
            return t(
                "a die is put aside without writing only when no die of the roll can be used, "
                "and this roll has usable dice ({dice}); option wasted_picks allows it",
                dice=names,
            )
        die, target = action // 100 - 1, action % 100
        if not self._rolled >> die & 1:
            return t(
                "{die} is {where}, not in the roll ({rolled})",
                die=t(THE_DIE[die]),
                where=self._where(die),
                rolled=rolled,
            )
        return self._placement_problem(active, die, target)

    def _take_problem(self, seat: Player, action: int) -> str:
        """Why passive ``seat`` cannot play ``action``."""
        solo = self.config.num_players == 1
        if action == A.REROLL:
            if solo:
                return t("only the active player rerolls (no reroll in the solo passive turn)")
            return t("only the active player rerolls")
        if action == A.FORFEIT:
            return t("only the active player forfeits a roll; take a die or play done")
        if action >= A.EXTRA_BASE:
            return t("a +1 (extra die) comes after taking a die from the silver platter")
        if action >= A.WASTE_BASE and action != A.DONE:
            return t("only the active player puts an unusable die aside; take a die or play done")
        usable = self._die_actions(seat, self._platter, 0)
        if action == A.DONE:
            example = A.to_string(usable[0] if usable else self._take_actions(seat)[0])
            return t(
                "seat {seat} can use a die and must take one (for example {move})",
                seat=seat,
                move=example,
            )
        die, target = action // 100 - 1, action % 100
        if self._platter >> die & 1:
            return self._placement_problem(seat, die, target)
        if not solo and die in self._spaces:
            if usable:
                return t(
                    "{die} is on the active player's die spaces: a passive player takes one of "
                    "those only when no platter die can be used, and {move} can be",
                    die=t(THE_DIE[die]),
                    move=A.to_string(usable[0]),
                )
            return self._placement_problem(seat, die, target)
        return t(
            "{die} is not on the silver platter ({platter})",
            die=t(THE_DIE[die]),
            platter=self._dice_words(self._platter),
        )

    def _extra_problem(self, seat: Player, action: int) -> str:
        """Why ``seat`` cannot play ``action`` in its extra-die (+1) actions."""
        final = self._stage == FINAL_EXTRA
        if not A.EXTRA_BASE <= action < A.ROLL_BASE:
            options = self._extra_actions(seat)
            if not options:
                if final:
                    return t(
                        "seat {seat} is at the end of the game, its last extra dice: done",
                        seat=seat,
                    )
                return t("seat {seat} is at the end of the turn: done", seat=seat)
            example = A.to_string(options[0])
            if final:
                return t(
                    "seat {seat} is at the end of the game, its last extra dice: an extra die "
                    "(+1) like {move}, or done",
                    seat=seat,
                    move=example,
                )
            return t(
                "seat {seat} is at the end of the turn: an extra die (+1) like {move}, or done",
                seat=seat,
                move=example,
            )
        code = action - A.EXTRA_BASE
        die, target = code // 100 - 1, code % 100
        if self._extra_used >> die & 1:
            if final:
                return t(
                    "{die} has been used by a +1 in these last extra dice already (once per die)",
                    die=t(THE_DIE[die]),
                )
            return t(
                "{die} has been used by a +1 this turn already (once per die)", die=t(THE_DIE[die])
            )
        return self._placement_problem(seat, die, target)

    # -- read access (views, bots, tests) ------------------------------------------------------

    def sheet(self, seat: Player) -> Sheet:
        """``seat``'s sheet (do not modify it)."""
        return self._sheets[seat]

    def score(self, seat: Player) -> int:
        """``seat``'s total so far."""
        return self._sheets[seat].score()

    @property
    def round(self) -> int:
        """The current round (1-based)."""
        return self._round

    @property
    def active(self) -> Player:
        """The active player of the turn."""
        return self._active

    @property
    def stage(self) -> str:
        """The stage of the turn (``choose``, ``passive-take``, ...)."""
        return STAGE_NAMES[self._stage]

    @property
    def faces(self) -> tuple[int, ...]:
        """The face of each die (0: being rolled)."""
        return tuple(self._faces)

    @property
    def rolled(self) -> tuple[int, ...]:
        """The dice of the current roll."""
        return _DICE_OF_MASK[self._rolled]

    @property
    def spaces(self) -> tuple[int, ...]:
        """The dice on the active player's die spaces, in pick order."""
        return self._spaces

    @property
    def forfeits(self) -> int:
        """The rolls of this turn forfeited (option ``forfeit_rolls``); each uses up a pick."""
        return self._forfeits

    @property
    def picks_made(self) -> int:
        """The active player's rolls used this turn: the dice picked and the rolls forfeited."""
        return len(self._spaces) + self._forfeits

    @property
    def platter(self) -> tuple[int, ...]:
        """The dice on the silver platter."""
        return _DICE_OF_MASK[self._platter]

    @property
    def pending(self) -> tuple[tuple[Player, int], ...]:
        """Bonuses waiting to be resolved, next first."""
        return tuple(reversed(self._pending))

    @property
    def events(self) -> tuple[tuple[int, Player, int, int], ...]:
        """Bonuses resolved without a choice: (actions before it, seat or -1 for every seat,
        bonus, target or -1 for none or -2 if lost for want of room)."""
        return tuple(self._events.to_list())

    @property
    def movers(self) -> tuple[Player, ...]:
        """Who made each action of the history (CHANCE for dice)."""
        return tuple(self._movers.to_list())


def _mask(dice: tuple[int, ...]) -> int:
    mask = 0
    for die in dice:
        mask |= 1 << die
    return mask
