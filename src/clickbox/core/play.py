"""The checked entry point for untrusted input: CLI, server, records."""

from __future__ import annotations

from .errors import GameOverError, IllegalActionError, InvalidActionError, NotYourTurnError
from .i18n import t
from .protocol import CHANCE, TERMINAL, Action, Player, StateBase


def check(state: StateBase, action_or_text: Action | str, seat: Player | None = None) -> Action:
    """The action, parsed and checked for ``seat`` (``None``: any mover, chance included).

    Raises InvalidActionError, NotYourTurnError, GameOverError or IllegalActionError with a
    message that says why; the state is never changed.
    """
    to_move = state.current_player()
    if to_move == TERMINAL:
        raise GameOverError(t("the game is over"))
    if isinstance(action_or_text, str):
        action = state.game.parse_action(action_or_text)
    elif isinstance(action_or_text, int) and not isinstance(action_or_text, bool):
        action = action_or_text
    else:
        raise InvalidActionError(
            t(
                "an action is notation text or an action code, not {kind}",
                kind=type(action_or_text).__name__,
            )
        )
    if seat is not None and seat != to_move:
        if to_move == CHANCE:
            message = t("it is not seat {seat}'s turn: chance (dice to roll) is to move", seat=seat)
        else:
            message = t(
                "it is not seat {seat}'s turn: seat {mover} is to move", seat=seat, mover=to_move
            )
        raise NotYourTurnError(message)
    if action not in state.legal_actions():
        text = state.game.action_to_string(action)
        raise IllegalActionError(
            t("{action} is not legal now: {reason}", action=text, reason=why_illegal(state, action))
        )
    return action


def play(state: StateBase, action_or_text: Action | str, seat: Player | None = None) -> Action:
    """Check ``action_or_text`` (see :func:`check`), apply it, and return the action code."""
    action = check(state, action_or_text, seat)
    state.apply(action)
    return action


def why_illegal(state: StateBase, action: Action) -> str:
    """The game's explanation of why ``action`` is not legal, or a generic one."""
    reason = state.explain_illegal(action)
    if reason:
        return reason
    if state.current_player() == CHANCE:
        return t("dice are being rolled")
    return t("it is not among the legal actions")
