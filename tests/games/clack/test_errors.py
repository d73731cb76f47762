"""Illegal and malformed input through the checked path (``clickbox.core.play``).

Every refusal raises an error that says why, in the words of the rules, and leaves the state
exactly as it was: the same ``state_id`` and the same view for every seat and for spectators.
"""

from __future__ import annotations

from clickbox.core import GameOverError, InvalidActionError, NotYourTurnError
from tests.checks import refused

from .helpers import hide, new_state, run, under


def test_a_squirrel_goes_only_to_a_vacant_hole_of_the_section_thrown() -> None:
    state = new_state()
    hide(state)
    run(state, "roll:frog")
    refused(state, "snail0", "the die shows frog: take a vacant hole of the frog section")
    refused(state, "stay", "your squirrel is not in the frog section")
    refused(state, "freddy:snail", "the die shows frog, not Freddy")
    refused(state, "cw", "first place your squirrel (or move Freddy), then turn the board")
    refused(state, "noturn", "noturn) is only for a turn in which the squirrel cannot move")
    run(state, "frog0 cw roll:frog")
    refused(state, "frog0", "hole 1 of the frog section is occupied")


def test_freddy_must_change_section() -> None:
    state = new_state()
    hide(state)
    run(state, "roll:freddy freddy:beetle cw roll:freddy")
    refused(state, "freddy:beetle", "Freddy is already in the beetle section")
    refused(state, "frog0", "the die shows Freddy")


def test_the_turn_of_the_board_and_the_turn_order() -> None:
    state = new_state()
    hide(state)
    refused(state, "frog0", "the die is rolled first")
    run(state, "roll:frog frog0")
    refused(state, "frog1", "now turn the board one click: cw or ccw")
    refused(state, "noturn", "once you have moved your squirrel or Freddy you must turn the board")
    refused(state, "cw", "not seat 1's turn", NotYourTurnError, seat=1)
    refused(state, "left", "not a Click Clack move", InvalidActionError)
    refused(state, 99_999, "not a Click Clack action code", InvalidActionError)


def test_the_setup_cannot_put_discs_next_to_each_other() -> None:
    state = new_state()
    run(state, "hide:0h")
    # Column 1's hollow 0 (r0s1) is next to column 0's hollow 0 (r0s0), which holds a disc.
    refused(state, "hide:0b", "the discs are being hidden")
    refused(state, "hide:0h2h", "the discs are being hidden")
    run(state, "hide:2h")


def test_nothing_after_the_end() -> None:
    state = new_state()
    hide(state, {under(state, "frog2"): "h"})
    state._counts[0] = [3, 0, 0, 0]
    state._totals[0] = 3
    run(state, "roll:frog frog2")
    refused(state, "cw", "the game is over", GameOverError)


def test_after_no_move_turn_or_leave_the_board() -> None:
    """clack-turn-without-move: the die shows Freddy's section; by default the board may turn
    or stay, with no_move_turn=forced it must turn."""
    script = "roll:frog frog0 cw roll:freddy freddy:snail cw roll:snail"
    state = new_state()
    hide(state)
    run(state, script)
    refused(
        state,
        "frog1",
        "the die shows snail, Freddy's section: your squirrel cannot move; turn the board one "
        "click (cw or ccw) or leave it (noturn)",
    )
    forced = new_state(no_move_turn="forced")
    hide(forced)
    run(forced, script)
    refused(forced, "noturn", "this table plays no_move_turn=forced: turn the board one click")
