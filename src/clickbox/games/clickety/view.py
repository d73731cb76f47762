"""What a seat sees of a Clickety Clack game: everything (the game has no hidden information)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import CHANCE, TERMINAL, GameBase, Player, View
from ...core.i18n import t
from .actions import NOTATION
from .board import RULE_NAMES, RULE_SYMBOLS
from .rules import ClicketyClackConfig, ClicketyClackState

if TYPE_CHECKING:
    import random  # only for annotations: rules code never draws random numbers


def board_view(config: ClicketyClackConfig) -> dict[str, Any]:
    """The printed board of the game's side and the game's numbers (options ``spaces``,
    ``finish_line``, ``failed_rolls``..., the rulebook's by default), as the drawings read it."""
    return {
        "side": config.side,
        "rules": [RULE_NAMES[rule] for rule in config.row_rules],
        "symbols": [RULE_SYMBOLS[rule] for rule in config.row_rules],
        "points": [list(row) for row in config.points],
        "points_provisional": config.points_provisional,
        "row5": list(config.row5) if config.side == "A" else None,
        "spaces": config.spaces,
        "finish_line": config.finish_line,
        "penalties": [-p for p in config.penalties],
        "rows_past_finish_to_end": config.rows_past_finish_to_end,
        "full_rows_to_end": config.full_rows_to_end,
        "dice": config.dice,
    }


def make_view(state: ClicketyClackState, seat: Player | None, history: bool = True) -> View:
    """The view of ``seat`` (``None``: a spectator) as plain JSON-able data (without ``log``
    unless ``history``)."""
    game = state.game
    config = state.config
    to_move = state.current_player()
    outcome = state.outcome()
    boards = [
        {
            "rows": [list(row) for row in state.rows(p)],
            "open": [state.allowed_sums(p, row) for row in range(5)],
            "penalties": state.penalties(p),
            "score": state.score(p),
        }
        for p in range(config.num_players)
    ]
    view: View = {
        "game": game.name,
        "spec": game.spec(),
        "players": config.num_players,
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
        "board": board_view(config),
        "legal": (
            [game.action_to_string(a) for a in state.legal_actions()]
            if seat is not None and seat == to_move
            else []
        ),
        "log": list(map(NOTATION.__getitem__, state.history)) if history else [],
        "outcome": None if outcome is None else outcome.to_json(),
    }
    if not history:
        del view["log"]
    return view


def state_from_view(
    game: GameBase, config: ClicketyClackConfig, view: View, rng: random.Random
) -> ClicketyClackState:
    """The exact position: Clickety Clack has no hidden information."""
    if view.get("spec") != game.spec():
        raise ValueError(
            t(
                "a view of {spec}, not of {game}",
                spec=repr(view.get("spec")),
                game=repr(game.spec()),
            )
        )
    return ClicketyClackState.from_sheets(
        game,
        config,
        rows=[[tuple(row) for row in board["rows"]] for board in view["boards"]],
        penalties=[board["penalties"] for board in view["boards"]],
        pool=tuple(view["pool"]),
        dice_to_roll=view["dice_to_roll"],
        turn=view["turn"],
        starter=view["starter"],
        dice_taken=view["dice_taken"],
        round=view["round"],
        failed=view["failed_this_turn"],
        over=view["to_move"] == "end",
    )
