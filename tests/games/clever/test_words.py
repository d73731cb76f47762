"""That's Pretty Clever's log in words (``games/clever/words.py``), from one seat's view.

Hand-played turns give the exact lines; random games at 1-4 players check, for every seat and
the spectator, that feeding never fails or falls back to notation words, that seat tokens name
real seats, that only the last line is ever rewritten, and that a narration kept up to date one
view at a time is the narration told from scratch.
"""

from __future__ import annotations

import random
import re

import pytest

from clickbox.core import Line, Match, Narration, narrate, play
from clickbox.games import load
from clickbox.games.clever import CleverState
from clickbox.games.clever.words import CleverNarrator

from .helpers import new_game, roll

TOKEN = re.compile(r"\{s(\d)\}")


def texts(state: CleverState, seat: int | None, start: int = 0) -> list[tuple[str, int | None]]:
    """The narrated lines of ``seat``'s view as (text, seat), headings as (text, "H")."""
    lines = narrate(state.game, state.view(seat))[start:]
    return [(line.text, -1 if line.heading else line.seat) for line in lines]


def first_turn(players: int) -> CleverState:
    """Seat 0: orange 2 (lower dice to the platter), then white 3 in orange."""
    state = new_game(players).new_initial_state()
    roll(state, "y1 b1 g1 o2 p1 w3")
    play(state, "o>O")
    roll(state, "w3")
    play(state, "w>O")
    return state


def test_the_start_of_a_game_a_reroll_and_the_platter() -> None:
    """Rulebook: the active player rolls all six dice, chooses one, and "all dice with a lower
    value than the chosen die are placed on the silver platter"; round 1 gives every player a
    reroll, which rerolls the dice just rolled; the passive player takes a platter die."""
    state = new_game(2).new_initial_state()
    roll(state, "y3 b5 g2 o6 p1 w4")
    play(state, "b>B9")
    roll(state, "o6")
    play(state, "reroll")
    roll(state, "o2")
    play(state, "o>O")
    play(state, "y>Y11", seat=1)
    assert texts(state, 0) == [
        ("Round 1 · {s0}'s turn", -1),
        ("Everyone circles a reroll (round bonus)", None),
        ("{s0} rolls: yellow 3, blue 5, green 2, orange 6, purple 1, white 4", 0),
        ("{s0} takes the blue 5 and crosses blue 9 (blue 5 + white 4)", 0),
        ("The lower dice go to the silver platter: yellow 3, green 2, purple 1, white 4", None),
        ("{s0} rolls again: orange 6", 0),
        ("{s0} uses a reroll: orange 2", 0),
        ("{s0} takes the orange 2 and writes 2 in orange box 1", 0),
        ("{s1} takes the yellow 3 from the platter and crosses yellow row 1, column 1", 1),
    ]
    assert texts(state, 1) == texts(state, 0) == texts(state, None)


def test_a_platter_pick_with_a_bonus_and_the_dice_left() -> None:
    """Sheet: orange box 3 gives a reroll; after the third pick "all remaining dice" go to the
    platter, and the passive player's pick fires the box's bonus like any mark."""
    state = first_turn(2)
    play(state, "b>B4", seat=1)
    roll(state, "y6 b6 g6 o3 p6 w6")
    play(state, "g>G")
    roll(state, "y6 b6 p6 w6")
    play(state, "y>Y12")
    roll(state, "b6 p6 w6")
    play(state, "p>P")
    play(state, "o>O", seat=0)
    assert texts(state, 1, 7) == [
        ("{s1} takes the blue 1 from the platter and crosses blue 4 (blue 1 + white 3)", 1),
        ("Round 1 · {s1}'s turn", -1),
        ("{s1} rolls: yellow 6, blue 6, green 6, orange 3, purple 6, white 6", 1),
        ("{s1} takes the green 6 and crosses green box 1", 1),
        ("The lower dice go to the silver platter: orange 3", None),
        ("{s1} rolls again: yellow 6, blue 6, purple 6, white 6", 1),
        ("{s1} takes the yellow 6 and crosses yellow row 1, column 2", 1),
        ("{s1} rolls again: blue 6, purple 6, white 6", 1),
        ("{s1} takes the purple 6 and writes 6 in purple box 1", 1),
        ("The dice left go to the silver platter: blue 6, white 6", None),
        (
            "{s0} takes the orange 3 from the platter and writes 3 in orange box 3; "
            "bonus: a reroll",
            0,
        ),
    ]


def test_a_hidden_passive_choice_then_revealed() -> None:
    """clever-simultaneous-take: "every view hides the choices already made until all are in
    (a seat sees only that the others have chosen)"; then each writes their die, openly."""
    state = first_turn(3)
    play(state, "b>B4", seat=1)
    hidden = ("{s1} has chosen (shown when everyone has)", 1)
    own = ("{s1} has chosen the blue 1 for blue 4 (the others see it when everyone has)", 1)
    assert texts(state, 2, 7) == [hidden]
    assert texts(state, None, 7) == [hidden]
    assert texts(state, 1, 7) == [own]
    kept = Narration(state.game, 2)
    kept.update(state.view(2)["log"])
    play(state, "y>Y22", seat=2)
    told = [
        ("{s1} takes the blue 1 from the platter and crosses blue 4 (blue 1 + white 3)", 1),
        ("{s2} takes the yellow 1 from the platter and crosses yellow row 2, column 2", 2),
    ]
    assert texts(state, 2, 7) == texts(state, None, 7) == [hidden, *told]
    assert texts(state, 1, 7) == [own, *told]
    assert kept.update(state.view(2)["log"]) == narrate(state.game, state.view(2))


def test_a_hidden_choice_before_ones_own() -> None:
    """With three passive players, the second sees the first's choice hidden and its own in
    full: the narrator stops replaying at the hidden entry but still knows the platter."""
    state = first_turn(4)
    play(state, "b>B4", seat=1)
    play(state, "g>G", seat=2)
    assert texts(state, 2, 7) == [
        ("{s1} has chosen (shown when everyone has)", 1),
        (
            "{s2} has chosen the green 1 for the next green box (the others see it when everyone "
            "has)",
            2,
        ),
    ]
    assert texts(state, 3, 7) == [
        ("{s1} has chosen (shown when everyone has)", 1),
        ("{s2} has chosen (shown when everyone has)", 2),
    ]


def test_solo_passive_turn_with_a_tie_for_the_platter() -> None:
    """Solo: "roll all six dice and put the three lowest on the silver platter"; of tied dice
    the one "closest to the silver platter" goes there (clever-solo-ties: chance)."""
    state = first_turn(1)
    roll(state, "y2 b2 g1 o2 p6 w4")
    play(state, "near:o")
    play(state, "near:y")
    play(state, "g>G")
    assert texts(state, 0, 7) == [
        ("Round 1 · {s0}'s passive turn", -1),
        ("{s0} rolls all six dice: yellow 2, blue 2, green 1, orange 2, purple 6, white 4", 0),
        ("Tied for the silver platter: yellow 2, blue 2, orange 2 (chance picks 2 of them)", None),
        ("Chance puts the orange die on the platter", None),
        ("Chance puts the yellow die on the platter", None),
        ("The three lowest go to the silver platter: yellow 2, green 1, orange 2", None),
        ("{s0} takes the green 1 from the platter and crosses green box 1", 0),
    ]


def test_a_log_that_cannot_be_replayed_gets_plain_words() -> None:
    """An entry the narrator cannot replay (here: not legal on a fresh game) is told in the
    entry's own words, and so is everything after it."""
    narrator = new_game(2).narrator(0)
    assert isinstance(narrator, CleverNarrator)
    narrator.feed({"seat": 0, "move": "X:B7"})
    narrator.feed({"seat": "chance", "move": "r3"})
    assert [line.text for line in narrator.lines] == [
        "{s0}: bonus: cross blue 7",
        "a die rolls 3",
    ]


# -- random games ------------------------------------------------------------------------------


def check_lines(lines: list[Line], players: int, hidden: bool) -> None:
    for line in lines:
        for token in TOKEN.findall(line.text):
            assert int(token) < players, line
        if line.seat is not None:
            assert line.text.startswith(f"{{s{line.seat}}}"), line
        elif not line.heading:
            assert not TOKEN.match(line.text), line
        assert "None" not in line.text and "{" not in TOKEN.sub("", line.text), line
        if not hidden:  # every entry replayed: no notation words
            assert not re.match(r"\{s\d\}: ", line.text) and "a die rolls" not in line.text, line


SPECS = [
    "clever(players=1)",
    "clever(players=2)",
    "clever(players=3)",
    "clever(players=4)",
    "clever(players=1,solo_ties=colour-order)",
    "clever(players=3,forfeit_rolls=true,wasted_picks=true,passive_optional=true)",
    "clever(players=2,orange_bonus_multiplied=false)",
]


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("seed", range(3))
def test_random_games_narrate_soundly(spec: str, seed: int) -> None:
    game = load(spec)
    match = Match(game, seed)
    rng = random.Random(seed)
    viewers: list[int | None] = [*range(game.num_players), None]
    kept = {v: Narration(game, v) for v in viewers}
    fed = {v: game.narrator(v) for v in viewers}
    logs: dict[int | None, list[object]] = {v: [] for v in viewers}
    step = 0
    while True:
        for v in viewers:
            log = match.state.view(v)["log"]
            hidden = any(entry["move"] == "?" for entry in log)
            if log[: len(logs[v])] != logs[v]:  # a hidden choice revealed: start again
                fed[v] = game.narrator(v)
                logs[v] = []
            narrator = fed[v]
            for entry in log[len(logs[v]) :]:
                before = list(narrator.lines)
                narrator.feed(entry)
                after = narrator.lines
                assert len(after) >= len(before)
                assert after[: max(0, len(before) - 1)] == before[:-1]  # only the last line amended
            logs[v] = list(log)
            lines = kept[v].update(log)
            assert lines == narrator.lines
            check_lines(lines, game.num_players, hidden)
            if step % 23 == 0 or match.state.is_terminal():
                assert lines == narrate(game, match.state.view(v))
        if match.state.is_terminal():
            break
        match.play(rng.choice(match.state.legal_actions()))
        step += 1
    for v in viewers:
        assert kept[v].lines[-1].text.startswith("Game over")
