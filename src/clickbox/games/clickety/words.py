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
from ...core.i18n import t, tn
from ...core.words import Narrator, entry_move, entry_words
from . import actions as A
from .board import RULE_NAMES
from .rules import ClicketyClackState, Termination


def end_words(state: ClicketyClackState, condition: Termination) -> str:
    """An end-of-game condition (rulebook, End of the Game) as the last line says it."""
    if condition is Termination.FINISH_LINE:
        rows = state.config.rows_past_finish_to_end
        return tn("{n} row past the finish line", "{n} rows past the finish line", rows)
    if condition is Termination.FULL_ROWS:
        return tn("{n} full row", "{n} full rows", state.config.full_rows_to_end)
    return tn(
        "all {n} failed roll space crossed",
        "all {n} failed roll spaces crossed",
        len(state.config.penalties),
    )


def _seat(seat: Player) -> str:
    """A seat as a line writes it: ``{s0}``, the reader puts in the name."""
    return f"{{s{seat}}}"


def _and(items: list[str]) -> str:
    """``a and b`` (``a and b and c``)."""
    said = items[0]
    for item in items[1:]:
        said = t("{first} and {second}", first=said, second=item)
    return said


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
        self._failed_line = -1  # the index of the last failed roll's line (it tells the reroll)

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
            # TRANSLATORS: {player} is a player's name.
            self.heading(
                t("Round {round} · {player}'s turn", round=state.round, player=_seat(seat))
            )
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
            if action == A.FAIL:
                self._failed_line = len(self.lines) - 1
        if state.is_terminal():
            self.say(self._end_words(state))

    def _roll(self, seat: Player, face: int, pool: tuple[int, ...]) -> None:
        """One die of the pool rolls: the roll line grows (``amend``)."""
        if self._roll_head:
            self._faces.append(face)
            self.amend(self._roll_text())
            return
        self._faces = [face]
        if self.lines and self._failed_line == len(self.lines) - 1:
            self._roll_head = self.lines[-1].text  # a failed roll: the same line tells the reroll
            self.amend(self._roll_text())
            return
        # rulebook: the player with the dice rolls them all and starts the round
        self._roll_head = t("{player} rolls the dice", player=_seat(seat))
        self.say(self._roll_text(), seat)

    def _roll_text(self) -> str:
        """The roll line: its head and the faces rolled so far, highest first."""
        faces = ", ".join(str(face) for face in sorted(self._faces, reverse=True))
        return t("{line}: {faces}", line=self._roll_head, faces=faces)

    def _move_words(
        self,
        state: ClicketyClackState,
        seat: Player,
        action: int,
        rows: tuple[tuple[int, ...], ...],
        penalties: int,
    ) -> str:
        """A take: a click and the row written, a failed roll, or a take without writing."""
        player = _seat(seat)
        if action == A.FAIL:  # rulebook: "cross off the leftmost available failed roll space"
            values = state.config.penalties
            if penalties < len(values):
                return t(
                    "{player} has a failed roll: crosses failed roll space {space} ({points}) "
                    "and rerolls",
                    player=player,
                    space=penalties + 1,
                    points=f"−{values[penalties]}",
                )
            return t(
                "{player} has a failed roll: has no failed roll space left to cross and rerolls",
                player=player,
            )
        if action < 10:  # "you must still take 1 die ... without any further penalties"
            return t(
                "{player} fails again: takes a {face} and writes nothing",
                player=player,
                face=action,
            )
        take, onto, row = A.decode_click(action)
        fields = {
            "player": player,
            "take": take,
            "onto": onto,
            "total": take + onto,
            "row": row,
            "rule": t(RULE_NAMES[state.config.row_rules[row - 1]]),
        }
        space = len(rows[row - 1]) + 1
        if space == state.config.spaces:  # rulebook: "a number in the rightmost space"
            return t(
                "{player} takes a {take}, clicks it onto a {onto} and writes {total} in row {row} "
                "({rule}): the row is full",
                **fields,
            )
        if space == state.config.finish_line + 1:  # "a number to the right of the finish line"
            return t(
                "{player} takes a {take}, clicks it onto a {onto} and writes {total} in row {row} "
                "({rule}): past the finish line",
                **fields,
            )
        return t(
            "{player} takes a {take}, clicks it onto a {onto} and writes {total} in row {row} "
            "({rule})",
            **fields,
        )

    def _end_words(self, state: ClicketyClackState) -> str:
        """``Game over (2 full rows): {s0} 52, {s1} 47 · {s0} wins``."""
        outcome = state.outcome()
        assert outcome is not None
        why = ", ".join(end_words(state, condition) for condition in state.end_conditions())
        told = ", ".join(f"{_seat(s)} {int(points)}" for s, points in enumerate(outcome.scores))
        winners = sorted(outcome.winners)
        if len(winners) == 1:
            result = t("{player} wins", player=_seat(winners[0]))
        else:  # rulebook: "In case of a tie, the victory is shared"
            result = t("{players} share the victory", players=_and([_seat(s) for s in winners]))
        return t("Game over ({why}): {scores} · {result}", why=why, scores=told, result=result)
