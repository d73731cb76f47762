"""Shared helpers of the That's Pretty Clever tests: scripted dice, prepared sheets, refusals.

Dice are rolled one chance step per die, yellow to white among the dice being rolled; ``roll``
names each die (``"y3 b4 g2 o6 p1 w5"``) and checks that it is the next one to roll, so a script
reads like the table. Every move goes through the checked entry point ``clickbox.core.play``.
"""

from __future__ import annotations

from collections.abc import Iterable

from clickbox.core import CHANCE, TERMINAL, play
from clickbox.games import load
from clickbox.games.clever import CleverGame, CleverState, Sheet
from clickbox.games.clever.board import (
    BLUE_FULL,
    BOXES,
    DIE_LETTERS,
    YELLOW_FULL,
    YELLOW_PRECROSSED,
)


def new_game(players: int = 1, **options: object) -> CleverGame:
    game = load("clever", players=players, options=options)
    assert isinstance(game, CleverGame)
    return game


def new_state(players: int = 1, **options: object) -> CleverState:
    """Round 1, seat 0 active, the six dice about to be rolled."""
    state = new_game(players, **options).new_initial_state()
    assert isinstance(state, CleverState)
    return state


def run(state: CleverState, script: str, seat: int | None = None) -> None:
    """Play each whitespace-separated move of ``script`` through ``clickbox.core.play``."""
    for move in script.split():
        play(state, move, seat)


def roll(state: CleverState, dice: str) -> None:
    """Roll the named dice in turn (``"y3 b4 w6"``); each must be the next die to roll."""
    for token in dice.split():
        assert state.current_player() == CHANCE, f"no die to roll for {token}"
        letter, face = token[0], int(token[1:])
        nxt = state.view(None)["rolling"][0]
        assert DIE_LETTERS[nxt] == letter, f"the {DIE_LETTERS[nxt]} die rolls next, not {letter}"
        play(state, f"r{face}")


def yellow_mask(cells: str) -> int:
    """The yellow bits of cells named ``Y11 Y12 ...`` (row, column from 1), plus the printed X."""
    mask = YELLOW_PRECROSSED
    for name in cells.split():
        row, col = int(name[1]) - 1, int(name[2]) - 1
        mask |= 1 << (row * 4 + col)
    return mask


def prepare(
    sheet: Sheet,
    yellow: str = "",
    blue: Iterable[int] = (),
    green: int = 0,
    orange: Iterable[int] = (),
    purple: Iterable[int] = (),
    foxes: int = 0,
    rerolls: tuple[int, int] | None = None,
    plus_ones: tuple[int, int] | None = None,
) -> Sheet:
    """Write marks on a sheet directly (no bonuses fire): the position a test starts from."""
    sheet.yellow = yellow_mask(yellow)
    sheet.blue = sum(1 << s for s in blue)
    sheet.green = green
    sheet.orange = tuple(orange)
    sheet.purple = tuple(purple)
    sheet.foxes = foxes
    if rerolls is not None:
        sheet.rerolls, sheet.rerolls_used = rerolls
    if plus_ones is not None:
        sheet.plus_ones, sheet.plus_ones_used = plus_ones
    return sheet


def finish(state: CleverState) -> None:
    """Play to the end: every die rolls 1, every seat plays its first legal move."""
    while state.current_player() != TERMINAL:
        play(state, state.legal_actions()[0])


def play_until(state: CleverState, round_: int) -> None:
    """Play first legal moves (dice roll 1) until round ``round_`` has begun."""
    while state.round < round_:
        assert state.current_player() != TERMINAL
        play(state, state.legal_actions()[0])


def fill(sheet: Sheet) -> Sheet:
    """Every area full: no die can be written, no bonus has room (rounds run on their own)."""
    sheet.yellow = YELLOW_FULL
    sheet.blue = BLUE_FULL
    sheet.green = BOXES
    sheet.orange = (1,) * BOXES
    sheet.purple = (1,) * BOXES
    return sheet


def dice(**faces: int) -> str:
    """A roll of all six dice: the faces given, 1 for the others (``dice(o=6)``)."""
    return " ".join(f"{letter}{faces.get(letter, 1)}" for letter in "ybgopw")


def three_picks(state: CleverState) -> None:
    """Picks y1 (Y31), g2 (G), p3 (P); blue, orange and white (3s) go to the platter."""
    roll(state, "y1 b1 g1 o1 p1 w1")
    play(state, "y>Y31")
    roll(state, "b2 g2 o2 p2 w2")
    play(state, "g>G")
    roll(state, "b3 o3 p3 w3")
    play(state, "p>P")
