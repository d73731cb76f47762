"""Clickety Clack's log in words (``games/clickety/words.py``).

A hand-played round gives the exact lines (rulebook terms: the dice pool, "clicks it onto a
second die", a failed roll, the finish line); random games at 2-4 players on both sides check,
for every seat and the spectator, that feeding never fails or falls back to notation words,
that seat tokens name real seats, that only the last line is ever rewritten, and that a
narration kept up to date one view at a time is the narration told from scratch.
"""

from __future__ import annotations

import random
import re

import pytest

from clickbox.core import Line, Match, Narration, narrate, play
from clickbox.games import load
from clickbox.games.clickety import ClicketyClackState

TOKEN = re.compile(r"\{s(\d)\}")


def texts(state: ClicketyClackState, seat: int | None) -> list[tuple[str, int | None]]:
    """The narrated lines of ``seat``'s view as (text, seat), headings as (text, -1)."""
    return [
        (line.text, -1 if line.heading else line.seat)
        for line in narrate(state.game, state.view(seat))
    ]


def played(spec: str, moves: str) -> ClicketyClackState:
    state = load(spec).new_initial_state()
    assert isinstance(state, ClicketyClackState)
    for move in moves.split():
        play(state, move)
    return state


def test_a_round_with_failed_rolls() -> None:
    """Rulebook: the youngest player rolls all the dice; each takes a die, clicks it onto a
    second and writes the sum; a failed roll crosses the leftmost failed roll space and
    rerolls the pool; failing again "you must still take 1 die ... without any further
    penalties"; after everyone took 2 dice, "the last player to have taken a die" rerolls."""
    state = played(
        "clickety-clack(players=2)",
        "r6 r5 r3 r3 r1 6+5>3 x r4 r2 r2 r1 2+2>1 x r6 r6 r5 x6 5+6>4 r2 r2 r3 r4 r6",
    )
    expected = [
        ("Round 1 · {s0}'s turn", -1),
        ("{s0} rolls the dice: 6, 5, 3, 3, 1", 0),
        ("{s0} takes a 6, clicks it onto a 5 and writes 11 in row 3 (descending)", 0),
        ("Round 1 · {s1}'s turn", -1),
        ("{s1} has a failed roll: crosses failed roll space 1 (−1) and rerolls: 4, 2, 2, 1", 1),
        ("{s1} takes a 2, clicks it onto a 2 and writes 4 in row 1 (all different)", 1),
        ("Round 1 · {s0}'s turn", -1),
        ("{s0} has a failed roll: crosses failed roll space 1 (−1) and rerolls: 6, 6, 5", 0),
        ("{s0} fails again: takes a 6 and writes nothing", 0),
        ("Round 1 · {s1}'s turn", -1),
        ("{s1} takes a 5, clicks it onto a 6 and writes 11 in row 4 (even/odd alternating)", 1),
        ("Round 2 · {s1}'s turn", -1),
        ("{s1} rolls the dice: 6, 4, 3, 2, 2", 1),
    ]
    assert texts(state, None) == texts(state, 0) == texts(state, 1) == expected


def test_the_finish_line_and_the_end_of_the_game() -> None:
    """Rulebook: "a number to the right of the finish line" (space 7) and the end: "all 4 of
    your failed roll spaces are crossed off" ends the game at the end of the round."""
    game = load("clickety-clack(players=2)")
    match = Match(game, 11)
    rng = random.Random(11)
    while not match.state.is_terminal():
        match.play(rng.choice(match.state.legal_actions()))
    lines = [line.text for line in narrate(game, match.state.view(0))]
    outcome = match.state.outcome()
    assert outcome is not None
    scores = ", ".join(f"{{s{s}}} {int(p)}" for s, p in enumerate(outcome.scores))
    assert lines[-1].startswith("Game over (") and scores in lines[-1]


def test_a_log_that_cannot_be_replayed_gets_plain_words() -> None:
    narrator = load("clickety-clack(players=2)").narrator(None)
    narrator.feed("6+5>3")  # no dice rolled yet
    narrator.feed("r4")
    assert [line.text for line in narrator.lines] == [
        "6+5>3: clicks 6 onto 5, writes 11 in row 3",
        "a die rolls 4",
    ]


def check_lines(lines: list[Line], players: int) -> None:
    for line in lines:
        for token in TOKEN.findall(line.text):
            assert int(token) < players, line
        if line.seat is not None:
            assert line.text.startswith(f"{{s{line.seat}}}"), line
        elif not line.heading:
            assert not TOKEN.match(line.text), line
        assert "a die rolls" not in line.text and "None" not in line.text, line


SPECS = [
    "clickety-clack(players=2)",
    "clickety-clack(players=3)",
    "clickety-clack(players=4)",
    "clickety-clack(players=2,side=B)",
    "clickety-clack(players=4,side=B)",
]


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("seed", range(4))
def test_random_games_narrate_soundly(spec: str, seed: int) -> None:
    game = load(spec)
    match = Match(game, seed)
    rng = random.Random(seed)
    viewers: list[int | None] = [*range(game.num_players), None]
    kept = {v: Narration(game, v) for v in viewers}
    fed = {v: game.narrator(v) for v in viewers}
    told = dict.fromkeys(viewers, 0)
    step = 0
    while True:
        for v in viewers:
            log = match.state.view(v)["log"]
            narrator = fed[v]
            for entry in log[told[v] :]:
                before = list(narrator.lines)
                narrator.feed(entry)
                after = narrator.lines
                assert len(after) >= len(before)
                assert after[: max(0, len(before) - 1)] == before[:-1]  # only the last amended
            told[v] = len(log)
            lines = kept[v].update(log)
            assert lines == narrator.lines
            check_lines(lines, game.num_players)
            if step % 17 == 0 or match.state.is_terminal():
                assert lines == narrate(game, match.state.view(v))
        if match.state.is_terminal():
            break
        match.play(rng.choice(match.state.legal_actions()))
        step += 1
    for v in viewers:
        assert kept[v].lines[-1].text.startswith("Game over")
        assert kept[v].lines == kept[None].lines  # nothing is hidden in Clickety Clack
