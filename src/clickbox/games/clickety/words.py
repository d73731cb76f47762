"""Clickety Clack's log in words, told from one seat's view (``core.words.Narrator``).

The log is plain notation with no seat (the game hides nothing), so the narrator replays it on
a fresh state to know whose turn it is, the row's rule and the space a sum lands in. Terms are
the rulebook's (rules file ``000``): the dice pool, "clicks it onto a second die", a failed
roll and its failed roll space, the finish line, the starting player who rolls.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core import CHANCE, ClickboxError, GameBase, Player, check
from ...core.words import Narrator, entry_move, entry_words
from . import actions as A
from .board import FINISH_LINE, PENALTIES, RULE_NAMES, SPACES
from .rules import ClicketyClackState, Termination


def end_words(state: ClicketyClackState, condition: Termination) -> str:
    """An end-of-game condition (rulebook, End of the Game) as the last line says it."""
    if condition is Termination.FINISH_LINE:
        return f"{state.config.rows_past_finish_to_end} rows past the finish line"
    if condition is Termination.FULL_ROWS:
        return "2 full rows"
    return "all 4 failed roll spaces crossed"


class ClicketyNarrator(Narrator):
    """Tells a view's log as a player would: rolls, clicks, failed rolls, rounds and turns."""

    def __init__(self, game: GameBase, viewer: Player | None) -> None:
        super().__init__(game, viewer)
        state = game.new_initial_state()
        assert isinstance(state, ClicketyClackState)
        self._state: ClicketyClackState | None = state  # None: an entry could not be replayed
        self._key: tuple[int, int] | None = None  # the turn of the last heading
        self._roll_head = ""  # the roll line being built ("": none)
        self._faces: list[int] = []

    def feed(self, entry: str | Mapping[str, Any]) -> None:
        """Tell the next entry of the log."""
        move, _by_chance = entry_move(entry)
        state = self._state
        if state is not None:
            try:
                action = check(state, move)
            except ClickboxError:
                self._state = state = None
        if state is None:
            self._roll_head = ""
            try:
                words = entry_words(self.game, entry)
            except ClickboxError:
                words = move
            self.say(words)
            return
        seat = state.turn
        key = (state.round, seat)
        if key != self._key:
            self._key = key
            self._roll_head = ""
            self.heading(f"Round {state.round} · {{s{seat}}}'s turn")
        chance = state.current_player() == CHANCE
        rows = state.rows(seat)
        penalties = state.penalties(seat)
        pool = state.pool
        state.apply(action)
        if chance:
            self._roll(seat, action - A.ROLL_BASE, pool)
        else:
            self._roll_head = ""
            self.say(self._move_words(state, seat, action, rows, penalties), seat)
        if state.is_terminal():
            self.say(self._end_words(state))

    def _roll(self, seat: Player, face: int, pool: tuple[int, ...]) -> None:
        """One die of the pool rolls: the roll line grows (``amend``)."""
        if self._roll_head:
            self._faces.append(face)
            self.amend(f"{self._roll_head}: {self._faces_text()}")
            return
        self._faces = [face]
        last = self.lines[-1] if self.lines else None
        if last is not None and not last.heading and last.text.endswith(" and rerolls"):
            self._roll_head = last.text  # a failed roll: the same line tells the reroll
            self.amend(f"{self._roll_head}: {self._faces_text()}")
            return
        # rulebook: the player with the dice rolls them all and starts the round
        self._roll_head = f"{{s{seat}}} rolls the dice"
        self.say(f"{self._roll_head}: {self._faces_text()}", seat)

    def _faces_text(self) -> str:
        return ", ".join(str(face) for face in sorted(self._faces, reverse=True))

    def _move_words(
        self,
        state: ClicketyClackState,
        seat: Player,
        action: int,
        rows: tuple[tuple[int, ...], ...],
        penalties: int,
    ) -> str:
        """A take: a click and the row written, a failed roll, or a take without writing."""
        if action == A.FAIL:  # rulebook: "cross off the leftmost available failed roll space"
            if penalties < len(PENALTIES):
                cross = f"crosses failed roll space {penalties + 1} (−{PENALTIES[penalties]})"
            else:
                cross = "has no failed roll space left to cross"
            return f"{{s{seat}}} has a failed roll: {cross} and rerolls"
        if action < 10:  # "you must still take 1 die ... without any further penalties"
            return f"{{s{seat}}} fails again: takes a {action} and writes nothing"
        take, onto, row = A.decode_click(action)
        rule = RULE_NAMES[state.config.row_rules[row - 1]]
        space = len(rows[row - 1]) + 1
        text = (
            f"{{s{seat}}} takes a {take}, clicks it onto a {onto} and writes {take + onto} in "
            f"row {row} ({rule})"
        )
        if space == SPACES:  # rulebook: "a number in the rightmost space"
            text += ": the row is full"
        elif space == FINISH_LINE + 1:  # "a number to the right of the finish line"
            text += ": past the finish line"
        return text

    def _end_words(self, state: ClicketyClackState) -> str:
        """``Game over (2 full rows): {s0} 52, {s1} 47 · {s0} wins``."""
        outcome = state.outcome()
        assert outcome is not None
        why = ", ".join(end_words(state, condition) for condition in state.end_conditions())
        told = ", ".join(f"{{s{s}}} {int(points)}" for s, points in enumerate(outcome.scores))
        winners = sorted(outcome.winners)
        if len(winners) == 1:
            result = f"{{s{winners[0]}}} wins"
        else:  # rulebook: "In case of a tie, the victory is shared"
            result = " and ".join(f"{{s{s}}}" for s in winners) + " share the victory"
        return f"Game over ({why}): {told} · {result}"
