"""What a seat sees of a Clickety Clack game: everything (the game has no hidden information)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import CHANCE, TERMINAL, Player, View
from .actions import NOTATION
from .board import FINISH_LINE, PENALTIES, RULE_NAMES, RULE_SYMBOLS, SPACES

if TYPE_CHECKING:
    from .rules import ClicketyClackState


def make_view(state: ClicketyClackState, seat: Player | None) -> View:
    """The view of ``seat`` (``None``: a spectator) as plain JSON-able data."""
    game = state.game
    to_move = state.current_player()
    outcome = state.outcome()
    boards = [
        {
            "rows": [list(row) for row in state.rows(p)],
            "open": [state.allowed_sums(p, row) for row in range(5)],
            "penalties": state.penalties(p),
            "score": state.score(p),
        }
        for p in range(game.num_players)
    ]
    view: View = {
        "game": game.name,
        "spec": game.spec(),
        "players": game.num_players,
        "me": seat,
        "version": state.state_id,
        "round": state.round,
        "starter": state.starter,
        "turn": state.turn,
        "to_move": "end" if to_move == TERMINAL else "chance" if to_move == CHANCE else to_move,
        "pool": list(state.pool),
        "dice_to_roll": state.dice_to_roll,
        "dice_taken": state.dice_taken,
        "failed_this_turn": state.failed_this_turn,
        "boards": boards,
        "board": {
            "side": game.side,
            "rules": [RULE_NAMES[rule] for rule in game.row_rules],
            "symbols": [RULE_SYMBOLS[rule] for rule in game.row_rules],
            "points": [list(row) for row in game.points],
            "points_provisional": game.points_provisional,
            "row5": list(game.row5) if game.side == "A" else None,
            "spaces": SPACES,
            "finish_line": FINISH_LINE,
            "penalties": [-p for p in PENALTIES],
        },
        "legal": (
            [game.action_to_string(a) for a in state.legal_actions()]
            if seat is not None and seat == to_move
            else []
        ),
        "log": list(map(NOTATION.__getitem__, state.history)),
        "outcome": None if outcome is None else outcome.to_json(),
    }
    return view
