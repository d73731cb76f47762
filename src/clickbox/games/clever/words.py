"""That's Pretty Clever's log in words, told from one seat's view (``core.words.Narrator``).

The narrator replays the entries it reads on a fresh state to know which die a roll is for,
which dice go to the silver platter, the box a die is written in and the bonuses it fires
(the state's ``events``). A hidden passive choice (``"?"``) cannot be replayed: it is said as
hidden, and what follows it gets plainer words until the choices are shown (the narration then
starts again from scratch). Terms are the rulebook's (rules file ``002``) and the sheet's
(``shared/data/clever.md``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ...core import CHANCE, ClickboxError, GameBase, Player, check
from ...core.i18n import N_, t, tn
from ...core.words import Narrator, entry_move, entry_seat, entry_words
from . import actions as A
from .board import (
    BLACK,
    BLUE,
    BLUE_BASE,
    BOXES,
    COLOURS,
    DIE_FACES,
    FOX,
    GREEN_TARGET,
    ORANGE_4,
    ORANGE_5,
    ORANGE_6,
    ORANGE_MULTIPLIERS,
    ORANGE_TARGET,
    PICKS,
    PLUS_ONE,
    PURPLE_6,
    PURPLE_TARGET,
    REROLL,
    SOLO_PLATTER,
    THE_DIE,
    WHITE,
    X_BLUE,
    X_GREEN,
    X_YELLOW,
    solo_rating,
)
from .rules import EVERY_SEAT, LOST, CleverState

HIDDEN_WORDS: Final = N_("has chosen (shown when everyone has)")
"""A passive choice the view hides (rulebook: the passive players choose at the same time);
said with ``t()``, or after a seat as ``t("{who} has chosen (shown when everyone has)")``."""

_BONUS_WORDS: Final = {  # translated where said (t())
    REROLL: N_("a reroll"),
    PLUS_ONE: N_("a +1"),
    FOX: N_("a fox"),
    X_YELLOW: N_("a yellow X"),
    X_BLUE: N_("a blue X"),
    X_GREEN: N_("a green X"),
    ORANGE_4: N_("an orange 4"),
    ORANGE_5: N_("an orange 5"),
    ORANGE_6: N_("an orange 6"),
    PURPLE_6: N_("a purple 6"),
    BLACK: N_("the black X or 6"),
}
_NO_ROOM: Final = {
    REROLL: N_("all 7 reroll spaces are circled"),
    PLUS_ONE: N_("all 7 +1 spaces are circled"),
    X_YELLOW: N_("yellow is full"),
    X_BLUE: N_("blue is full"),
    X_GREEN: N_("green is full"),
    ORANGE_4: N_("orange is full"),
    ORANGE_5: N_("orange is full"),
    ORANGE_6: N_("orange is full"),
    PURPLE_6: N_("purple is full"),
    BLACK: N_("the sheet is full"),
}
_NUMBER_BONUS: Final = {ORANGE_4: 4, ORANGE_5: 5, ORANGE_6: 6, PURPLE_6: 6}


def _who(seat: Player) -> str:
    """A seat as a line writes it, for the reader to name (``{s0}``)."""
    return f"{{s{seat}}}"


def die_words(die: int, face: int) -> str:
    """``the white 3``."""
    return t(DIE_FACES[die], face=face)


def dice_words(dice: list[int], faces: list[int]) -> str:
    """``white 3, blue 2``."""
    return ", ".join(t("{colour} {face}", colour=t(COLOURS[d]), face=faces[d]) for d in dice)


def cell_words(target: int) -> str:
    """A yellow or blue cell: ``yellow row 1, column 3`` / ``blue 7``."""
    if target < 16:
        row, col = divmod(target, 4)
        return t("yellow row {row}, column {column}", row=row + 1, column=col + 1)
    return t("blue {sum}", sum=target - BLUE_BASE)


def where_words(target: int) -> str:
    """Where a target writes: a cell, or ``the next green box``."""
    if target < GREEN_TARGET:
        return cell_words(target)
    if target == GREEN_TARGET:
        return t("the next green box")
    if target == ORANGE_TARGET:
        return t("the next orange box")
    return t("the next purple box")


class _Boxes:
    """The next green, orange and purple box of one sheet, counted as marks are told."""

    __slots__ = ("green", "orange", "purple", "written")

    def __init__(self, state: CleverState, seat: Player) -> None:
        sheet = state.sheet(seat)
        self.green = sheet.green
        self.orange = len(sheet.orange)
        self.purple = len(sheet.purple)
        self.written: tuple[int, ...] = ()  # the orange numbers once written (read after)

    def take(self, target: int) -> int:
        """The 1-based box ``target`` (green, orange, purple) is written in now."""
        if target == GREEN_TARGET:
            self.green += 1
            return self.green
        if target == ORANGE_TARGET:
            self.orange += 1
            return self.orange
        self.purple += 1
        return self.purple

    def orange_text(self, box: int, value: int) -> str:
        """``8 (4 ×2)`` in a doubled box (rulebook: "a 4 marked on an x2 field is recorded as
        an 8"), the value alone elsewhere."""
        written = self.written[box - 1] if box <= len(self.written) else value
        multiplier = ORANGE_MULTIPLIERS[box - 1] if box <= BOXES else 1
        return f"{written} ({value} ×{multiplier})" if written != value else str(value)


class CleverNarrator(Narrator):
    """Tells a view's log as a player would: rolls, picks, the platter, bonuses, turns."""

    def __init__(self, game: GameBase, viewer: Player | None) -> None:
        super().__init__(game, viewer)
        self.rules = game  # the whole game protocol (the base class keeps only its words part)
        state = game.new_initial_state()
        assert isinstance(state, CleverState)
        self._state: CleverState | None = state  # None: an entry could not be replayed
        self._frozen = False  # a hidden choice met: the state stops where it was
        self._events = 0  # the state's events told so far
        self._later: list[str] = []  # round-start words, said after the next heading
        self._key: tuple[int, ...] | None = None  # the turn of the last heading
        self._roll_head = ""  # the roll line being built ("" : none)
        self._rolled: list[int] = []  # its dice, in rolling order
        self._faces = [0] * 6  # the faces as the roll line knows them
        self._chose: set[Player] = set()  # passive seats that chose by an entry this turn
        self._over = False
        self._collect(state)

    # -- feeding --------------------------------------------------------------------------------

    def feed(self, entry: str | Mapping[str, Any]) -> None:
        """Tell the next entry of the log."""
        seat = entry_seat(entry)
        move, by_chance = entry_move(entry)
        state = self._state
        if move == "?":
            self._roll_head = ""
            if seat is not None:
                self._chose.add(seat)
            self._frozen = True
            if seat is None:
                self.say(t(HIDDEN_WORDS), seat)
            else:
                self.say(t("{who} has chosen (shown when everyone has)", who=_who(seat)), seat)
            return
        if state is None or self._frozen:
            self._plain(entry, seat, move, by_chance, state)
            return
        try:
            action = check(state, move)
        except ClickboxError:
            self._state = None
            self._plain(entry, seat, move, by_chance, None)
            return
        mover = state.current_player()
        if (mover == CHANCE) != by_chance or (not by_chance and seat not in (None, mover)):
            self._state = None
            self._plain(entry, seat, move, by_chance, None)
            return
        self._open_turn(state)
        self._tell(state, action, mover)

    def _plain(
        self,
        entry: str | Mapping[str, Any],
        seat: int | None,
        move: str,
        by_chance: bool,
        state: CleverState | None,
    ) -> None:
        """An entry that cannot be replayed: the viewer's own hidden choice still in full
        words (the state stands at the choice), any other in the entry's own words."""
        self._roll_head = ""
        if (
            state is not None
            and seat is not None
            and seat == self.viewer
            and state.stage == "passive-take"
        ):
            self._chose.add(seat)
            try:
                action = self.rules.parse_action(move)
            except ClickboxError:
                action = -1
            if action == A.DONE or 100 <= action < A.BONUS_BASE:
                self.say(self._choice_words(seat, action, list(state.faces)), seat)
                return
        try:
            words = entry_words(self.game, entry)
        except ClickboxError:
            words = move
        self.say(words if seat is None else t("{who}: {words}", who=_who(seat), words=words), seat)

    # -- headings -------------------------------------------------------------------------------

    def _open_turn(self, state: CleverState) -> None:
        """A heading when the entry opens a turn, then the round's bonus words."""
        stage = state.stage
        if stage in ("final-extra", "over"):
            key: tuple[int, ...] = (99,)
            text = t("After the last round · everyone's last extra dice (+1)")
        elif stage.startswith("solo"):
            key = (state.round, state.active, 1)
            text = t(
                "Round {round} · {who}'s passive turn", round=state.round, who=_who(state.active)
            )
        else:
            key = (state.round, state.active, 0)
            text = t("Round {round} · {who}'s turn", round=state.round, who=_who(state.active))
        if key != self._key:
            self._key = key
            self._roll_head = ""
            self.heading(text)
            for words in self._later:
                self.say(words)
            self._later = []

    # -- one replayed entry ---------------------------------------------------------------------

    def _tell(self, state: CleverState, action: int, mover: Player) -> None:
        """Apply ``action`` and say what it did."""
        stage = state.stage
        faces = list(state.faces)
        rolled = list(state.rolled)
        spaces = state.spaces
        platter = state.platter
        picks = state.picks_made
        pending = state.pending
        takes = state._takes
        to_write = tuple(state._resolve)
        boxes = {seat: _Boxes(state, seat) for seat in range(state.game.num_players)}
        rolling_die = state._rolling[-1] if state._rolling else -1
        tied = [d for d in range(6) if state._tied >> d & 1]
        state.apply(action)
        for other, box in boxes.items():
            box.written = state.sheet(other).orange
        if A.ROLL_BASE < action < A.NEAREST_BASE:
            self._tell_roll(state, stage, rolling_die, action - A.ROLL_BASE, mover)
            return
        if action >= A.NEAREST_BASE:
            self._tell_nearest(state, action - A.NEAREST_BASE, tied)
            self._collect(state)
            return
        self._roll_head = ""
        lines: list[tuple[str, Player | None]] = []  # (words before the bonuses, seat)
        seat = mover
        if pending and A.BONUS_BASE <= action < A.WASTE_BASE:
            seat, kind = pending[0]
            target = action - A.BONUS_BASE
            lines.append((self._bonus_move(seat, kind, target, boxes[seat]), seat))
        elif action >= A.EXTRA_BASE:
            code = action - A.EXTRA_BASE
            die, target = code // 100 - 1, code % 100
            mark = self._mark(target, die, faces, boxes[seat])
            words = t(
                "{who} uses a +1 on {die} and {mark}",
                who=_who(seat),
                die=die_words(die, faces[die]),
                mark=mark,
            )
            lines.append((words, seat))
        elif stage == "choose":
            lines.append((self._choose(action, seat, faces, boxes[seat]), seat))
            if action != A.REROLL:
                platter_words = self._platter_words(action, faces, rolled, picks)
                if platter_words:
                    lines.append((platter_words, None))
        elif stage == "passive-take":
            self._chose.add(seat)
            if state.stage == "passive-take" and state._takes is takes:
                lines.append((self._choice_words(seat, action, faces), seat))
        elif stage == "solo-take":
            lines.append((self._passive(seat, action, faces, platter, spaces, boxes[seat]), seat))
        # the passive players' dice written by this entry (rulebook: all choose, then write)
        written = self._written(state, takes, to_write)
        for other, choice in written:
            lines.append(
                (self._passive(other, choice, faces, platter, spaces, boxes[other]), other)
            )
        self._say_with_bonuses(state, lines, boxes, pending, action)
        self._collect(state)
        if written and state.stage != "passive-take":
            self._chose = set()

    def _choice_words(self, seat: Player, action: int, faces: list[int]) -> str:
        """A passive choice not yet shown to the others: in full for its own seat."""
        if seat != self.viewer:
            return t("{who} has chosen (shown when everyone has)", who=_who(seat))
        if action == A.DONE:
            return t(
                "{who} has chosen to take no die (the others see it when everyone has)",
                who=_who(seat),
            )
        die, target = action // 100 - 1, action % 100
        return t(
            "{who} has chosen {die} for {where} (the others see it when everyone has)",
            who=_who(seat),
            die=die_words(die, faces[die]),
            where=where_words(target),
        )

    def _tell_roll(
        self, state: CleverState, stage: str, die: int, face: int, mover: Player
    ) -> None:
        """One die of a roll: the roll line grows (``amend``)."""
        self._faces[die] = face
        if self._roll_head:
            self._rolled.append(die)
        else:
            self._rolled = [die]
            active = state.active
            last = self.lines[-1].text if self.lines else ""
            reroll = t("{who} uses a reroll", who=_who(active))
            if last == reroll:
                self._roll_head = reroll
            elif stage == "solo-rolling":
                self._roll_head = t("{who} rolls all six dice", who=_who(active))
            elif state.picks_made:
                self._roll_head = t("{who} rolls again", who=_who(active))
            else:
                self._roll_head = t("{who} rolls", who=_who(active))
            text = self._roll_text()
            if last == reroll:
                self.amend(text)
            else:
                self.say(text, active)
            self._after_roll(state, stage)
            return
        self.amend(self._roll_text())
        self._after_roll(state, stage)

    def _roll_text(self) -> str:
        """The roll line: ``{s0} rolls: yellow 3, blue 5``."""
        return t("{roll}: {dice}", roll=self._roll_head, dice=dice_words(self._rolled, self._faces))

    def _after_roll(self, state: CleverState, stage: str) -> None:
        """The solo passive roll complete: the three lowest go to the platter (rulebook, solo
        rules: "the three lowest on the silver platter")."""
        if stage != "solo-rolling" or len(self._rolled) < 6:
            return
        self._roll_head = ""
        faces = self._faces
        count = state.config.solo_platter  # option solo_platter
        third = sorted(faces)[count - 1]
        lower = [d for d in range(6) if faces[d] < third]
        tied = [d for d in range(6) if faces[d] == third]
        need = count - len(lower)
        if state.stage == "solo-nearest":
            self.say(
                t(
                    "Tied for the silver platter: {dice} (chance picks {need} of them)",
                    dice=dice_words(tied, faces),
                    need=need,
                )
            )
            return
        chosen = lower + tied[:need] if len(tied) > need else lower + tied
        self._solo_platter(state, sorted(chosen))
        self._collect(state)

    def _tell_nearest(self, state: CleverState, die: int, tied: list[int]) -> None:
        """Solo: chance puts one of the tied dice on the platter."""
        self._roll_head = ""
        self.say(t("Chance puts {die} on the platter", die=t(THE_DIE[die])))
        if state.stage != "solo-nearest":
            faces = self._faces
            third = faces[die]
            chosen = [d for d in range(6) if faces[d] < third]
            chosen += [d for d in range(6) if faces[d] == third and d not in tied]
            chosen.append(die)
            self._solo_platter(state, sorted(chosen))

    def _solo_platter(self, state: CleverState, dice: list[int]) -> None:
        if len(dice) == SOLO_PLATTER:
            words = t(
                "The three lowest go to the silver platter: {dice}",
                dice=dice_words(dice, self._faces),
            )
        else:  # option solo_platter
            words = tn(
                "The lowest goes to the silver platter: {dice}",
                "The {n} lowest go to the silver platter: {dice}",
                len(dice),
                dice=dice_words(dice, self._faces),
            )
        self.say(words)
        if state.stage != "solo-take":
            self.say(t("{who} can use none of them", who=_who(state.active)), state.active)

    # -- the words of moves --------------------------------------------------------------------

    def _mark(self, target: int, die: int, faces: list[int], boxes: _Boxes) -> str:
        """What writing ``die`` on ``target`` does: ``crosses blue 7 (blue 4 + white 3)``."""
        face = faces[die]
        if target < 16:
            return t("crosses {cell}", cell=cell_words(target))
        if target < GREEN_TARGET:
            return t(
                "crosses {cell} (blue {blue} + white {white})",
                cell=cell_words(target),
                blue=faces[BLUE],
                white=faces[WHITE],
            )
        box = boxes.take(target)
        if target == GREEN_TARGET:
            return t("crosses green box {box}", box=box)
        if target == ORANGE_TARGET:
            return t(
                "writes {value} in orange box {box}", value=boxes.orange_text(box, face), box=box
            )
        return t("writes {value} in purple box {box}", value=face, box=box)

    def _choose(self, action: int, seat: Player, faces: list[int], boxes: _Boxes) -> str:
        """The active player's pick, reroll or forfeit."""
        if action == A.REROLL:  # rulebook: "reroll all the dice" just rolled
            return t("{who} uses a reroll", who=_who(seat))
        if action == A.FORFEIT:
            return t("{who} can use no die of the roll: it is forfeited", who=_who(seat))
        if action >= A.WASTE_BASE:  # "can do nothing with a roll": writes nothing
            die = action - A.WASTE_BASE
            return t(
                "{who} can use no die of the roll: puts {die} on a die space, writes nothing",
                who=_who(seat),
                die=die_words(die, faces[die]),
            )
        die, target = action // 100 - 1, action % 100
        mark = self._mark(target, die, faces, boxes)
        return t(
            "{who} takes {die} and {mark}",
            who=_who(seat),
            die=die_words(die, faces[die]),
            mark=mark,
        )

    def _platter_words(self, action: int, faces: list[int], rolled: list[int], picks: int) -> str:
        """Rulebook: every die lower than the pick goes to the silver platter; after the last
        pick, every die left does."""
        state = self._state
        last = PICKS if state is None else state.config.picks  # option picks
        if action == A.FORFEIT:
            if picks + 1 == last and rolled:
                return t(
                    "The dice left go to the silver platter: {dice}", dice=dice_words(rolled, faces)
                )
            return ""
        die = action - A.WASTE_BASE if action >= A.WASTE_BASE else action // 100 - 1
        rest = [d for d in rolled if d != die]
        lower = [d for d in rest if faces[d] < faces[die]]
        if picks + 1 == last or len(rest) == len(lower):
            if rest:
                return t(
                    "The dice left go to the silver platter: {dice}", dice=dice_words(rest, faces)
                )
        elif lower:
            return t(
                "The lower dice go to the silver platter: {dice}", dice=dice_words(lower, faces)
            )
        return ""

    def _bonus_move(self, seat: Player, kind: int, target: int, boxes: _Boxes) -> str:
        """A cross bonus (or the round-4 black X or 6) placed by its player."""
        if kind == BLACK:  # rulebook: round 4, a black X or a black 6
            state = self._state
            played = 4 if state is None else state.round
            if played != 4:  # option round_bonuses moved it
                return self._black_move(seat, target, boxes, played)
            if target == ORANGE_TARGET:
                box = boxes.take(target)
                return t(
                    "{who} takes the round-4 black 6: writes {value} in orange box {box}",
                    who=_who(seat),
                    value=boxes.orange_text(box, 6),
                    box=box,
                )
            if target == PURPLE_TARGET:
                return t(
                    "{who} takes the round-4 black 6: writes 6 in purple box {box}",
                    who=_who(seat),
                    box=boxes.take(target),
                )
            if target == GREEN_TARGET:
                return t(
                    "{who} takes the round-4 black X: crosses green box {box}",
                    who=_who(seat),
                    box=boxes.take(target),
                )
            return t(
                "{who} takes the round-4 black X: crosses {cell}",
                who=_who(seat),
                cell=cell_words(target),
            )
        if kind == X_YELLOW:
            return t(
                "{who} places the yellow X bonus: crosses {cell}",
                who=_who(seat),
                cell=cell_words(target),
            )
        return t(
            "{who} places the blue X bonus: crosses {cell}", who=_who(seat), cell=cell_words(target)
        )

    def _black_move(self, seat: Player, target: int, boxes: _Boxes, played: int) -> str:
        """The black X or 6 of a round other than the printed 4th (option round_bonuses)."""
        if target == ORANGE_TARGET:
            box = boxes.take(target)
            return t(
                "{who} takes the round-{round} black 6: writes {value} in orange box {box}",
                who=_who(seat),
                round=played,
                value=boxes.orange_text(box, 6),
                box=box,
            )
        if target == PURPLE_TARGET:
            return t(
                "{who} takes the round-{round} black 6: writes 6 in purple box {box}",
                who=_who(seat),
                round=played,
                box=boxes.take(target),
            )
        if target == GREEN_TARGET:
            return t(
                "{who} takes the round-{round} black X: crosses green box {box}",
                who=_who(seat),
                round=played,
                box=boxes.take(target),
            )
        return t(
            "{who} takes the round-{round} black X: crosses {cell}",
            who=_who(seat),
            round=played,
            cell=cell_words(target),
        )

    def _passive(
        self,
        seat: Player,
        choice: int,
        faces: list[int],
        platter: tuple[int, ...],
        spaces: tuple[int, ...],
        boxes: _Boxes,
    ) -> str:
        """A passive player's die written (or none taken)."""
        if choice == A.DONE:
            if seat in self._chose:
                return t("{who} takes no die", who=_who(seat))
            return t("{who} can use no die and takes none", who=_who(seat))
        die, target = choice // 100 - 1, choice % 100
        mark = self._mark(target, die, faces, boxes)
        if die in platter:
            return t(
                "{who} takes {die} from the platter and {mark}",
                who=_who(seat),
                die=die_words(die, faces[die]),
                mark=mark,
            )
        # rulebook: only a player who can use no platter die takes one of the active's dice
        return t(
            "{who} can use no platter die: takes {die} from the active player's dice and {mark}",
            who=_who(seat),
            die=die_words(die, faces[die]),
            mark=mark,
        )

    def _written(
        self, state: CleverState, takes_before: Any, to_write: tuple[Player, ...]
    ) -> list[tuple[Player, int]]:
        """The passive seats whose chosen die the last entry wrote, in order."""
        takes = state._takes
        left = state._resolve
        if takes is takes_before:
            return [(s, takes.choices[s]) for s in to_write if s not in left]
        found = [(s, takes_before.choices[s]) for s in to_write]
        found += [(s, takes.choices[s]) for s in takes.seats if s not in left]
        return found

    # -- bonuses --------------------------------------------------------------------------------

    def _say_with_bonuses(
        self,
        state: CleverState,
        lines: list[tuple[str, Player | None]],
        boxes: dict[Player, _Boxes],
        pending_before: tuple[tuple[Player, int], ...],
        action: int,
    ) -> None:
        """Say each line with the bonuses its mark fired (the state's events, then the
        bonuses now waiting for a choice)."""
        fired: dict[Player, list[str]] = {}
        for seat, kind, target in self._new_events(state):
            fired.setdefault(seat, []).append(self._event(kind, target, boxes[seat]))
        base = list(reversed(pending_before))
        if base and A.BONUS_BASE <= action < A.WASTE_BASE:
            base.pop()
        after = list(reversed(state.pending))
        if after[: len(base)] == base:
            for seat, kind in after[len(base) :]:
                if kind != BLACK:
                    to_place = t("{bonus} to place", bonus=t(_BONUS_WORDS[kind]))
                    fired.setdefault(seat, []).append(to_place)
        for text, who in lines:
            words = fired.pop(who, []) if who is not None else []
            if words:
                text = tn(
                    "{text}; bonus: {bonuses}",
                    "{text}; bonuses: {bonuses}",
                    len(words),
                    text=text,
                    bonuses=", ".join(words),
                )
            self.say(text, who)
        for seat, words in fired.items():  # bonuses of no told mark
            self.say(t("{who} gets {bonuses}", who=_who(seat), bonuses=", ".join(words)), seat)

    def _new_events(self, state: CleverState) -> list[tuple[Player, int, int]]:
        """The seats' events since the last told; round-start events go to ``_later`` (said
        after the next heading)."""
        count = len(state._events)
        if count == self._events:
            return []
        found = []
        round_started = False
        for _after, seat, kind, target in state.events[self._events :]:
            if seat == EVERY_SEAT:  # rulebook: "at the start of each round ... one bonus"
                round_started = True
                self._later.append(
                    t("Everyone circles {bonus} (round bonus)", bonus=t(_BONUS_WORDS[kind]))
                )
            elif round_started or kind == BLACK:
                bonus = self._event(kind, target, None)
                self._later.append(t("{who} gets {bonuses}", who=_who(seat), bonuses=bonus))
            else:
                found.append((seat, kind, target))
        self._events = count
        return found

    def _event(self, kind: int, target: int, boxes: _Boxes | None) -> str:
        """A bonus resolved with no choice: ``a green X on box 5``, ``a fox``."""
        words = t(_BONUS_WORDS[kind])
        if target == LOST:
            return t("{bonus} (lost: {why})", bonus=words, why=t(_NO_ROOM[kind]))
        if target in (GREEN_TARGET, ORANGE_TARGET, PURPLE_TARGET):
            if kind == BLACK:
                words = t("the black X") if target == GREEN_TARGET else t("the black 6")
            if boxes is None:
                area = t(COLOURS[2 + target - GREEN_TARGET])
                return t("{bonus} in {area}", bonus=words, area=area)
            box = boxes.take(target)
            if target == ORANGE_TARGET:
                value = boxes.orange_text(box, _NUMBER_BONUS.get(kind, 6))
                return t(
                    "{bonus}: writes {value} in orange box {box}", bonus=words, value=value, box=box
                )
            if target == GREEN_TARGET:
                return t("{bonus} on green box {box}", bonus=words, box=box)
            return t("{bonus} in purple box {box}", bonus=words, box=box)
        if target >= 0:  # a cross bonus with one open cell left
            return t("{bonus} on {cell}", bonus=words, cell=cell_words(target))
        return words

    def _collect(self, state: CleverState) -> None:
        """Take up events not told with a mark, and the end of the game."""
        for seat, kind, target in self._new_events(state):
            bonus = self._event(kind, target, None)
            self.say(t("{who} gets {bonuses}", who=_who(seat), bonuses=bonus), seat)
        if not self._over and state.is_terminal():
            self._over = True
            self._roll_head = ""
            self.say(self._end_words(state))

    def _end_words(self, state: CleverState) -> str:
        """``Game over: {s0} 150, {s1} 132 · {s0} wins``."""
        outcome = state.outcome()
        assert outcome is not None
        scores = [int(s) for s in outcome.scores]
        if len(scores) == 1:
            if not state.config.rulebook_numbers:  # the rating measures the rulebook's game
                return t("Game over: {who} scores {points}", who=_who(0), points=scores[0])
            label, _stars = solo_rating(scores[0])
            return t(
                "Game over: {who} scores {points}: {rating}",
                who=_who(0),
                points=scores[0],
                rating=t(label),
            )
        told = ", ".join(f"{_who(s)} {points}" for s, points in enumerate(scores))
        winners = sorted(outcome.winners)
        if len(winners) == 1:
            if "tie" in outcome.reason:
                return t(
                    "Game over: {scores} · {who} wins on the best single area",
                    scores=told,
                    who=_who(winners[0]),
                )
            return t("Game over: {scores} · {who} wins", scores=told, who=_who(winners[0]))
        names = _who(winners[0])
        for seat in winners[1:]:
            names = t("{first} and {second}", first=names, second=_who(seat))
        return t("Game over: {scores} · {names} share the victory", scores=told, names=names)
