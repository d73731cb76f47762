"""Click Click Boom's coin count: each player's coins after each shootout, the winner, and the
rulebook's tie-breakers ("Tie Breaker": the fewest BOOM cards left, then the fewest steals, then
the draw of a Click card), each asked for in order only when needed."""

from __future__ import annotations

import random
from typing import Any

import pytest

from clickbox.core import SheetError, sample_chance
from clickbox.games import load
from clickbox.games.boom.board import BOOM, STEAL
from clickbox.games.boom.scorepad import SHEET_FORMAT


def count(
    text: str, spec: str = "click-click-boom", players: int = 3
) -> tuple[int, list[tuple[str, int]], str]:
    card = load(spec, players=players).score_sheet(text)
    return card.total, [(line.label, line.points) for line in card.lines], card.notes[0]


def refused(text: str, spec: str = "click-click-boom", players: int = 3) -> SheetError:
    with pytest.raises(SheetError) as info:
        load(spec, players=players).score_sheet(text)
    return info.value


def test_the_documented_count() -> None:
    example = [line for line in SHEET_FORMAT.splitlines() if line.startswith("  ")]
    assert load("click-click-boom", players=3).sheet_format == SHEET_FORMAT
    total, lines, note = count("\n".join(example))
    assert total == 14 and lines == [("Ann", 14), ("Bo", 14), ("Cy", 9)]
    assert note == "Winner: Bo with 14 coins; the tie is broken by the fewest BOOM cards left"


def test_the_most_coins_wins() -> None:
    total, lines, note = count("shootout 1: 14 9 13\nshootout 2: 10 16 9")
    assert total == 16 and lines[1] == ("player 2", 16)
    assert note == "Winner (after 2 of 3): player 2 with 16 coins"
    card = load("click-click-boom", players=3).score_sheet("shootout 1: 14 9 13\nshootout 2: 1 2 3")
    assert card.lines[0].detail == "14 → 1"


def test_the_tie_breakers_are_asked_in_order() -> None:
    tie = "players: Ann, Bo, Cy\nshootout 1: 15 15 9"
    error = refused(tie)
    assert (error.area, error.box) == ("booms", None)
    assert str(error) == (
        "booms: Ann and Bo are tied with 15 coins: give each player's BOOM cards left unplayed "
        "('booms:') to break the tie"
    )
    assert count(f"{tie}\nbooms: 1 0 0")[2] == (
        "Winner (after 1 of 3): Bo with 15 coins; the tie is broken by the fewest BOOM cards left"
    )
    # Cy's BOOM cards do not count: Cy is not tied.
    assert refused(f"{tie}\nbooms: 1 1 0").area == "steals"
    assert "the fewest steals" in count(f"{tie}\nbooms: 1 1 0\nsteals: 2 1 0")[2]
    assert refused(f"{tie}\nbooms: 1 1 0\nsteals: 1 1 0").area == "draw"
    assert (
        "Ann with 15 coins; the tie is broken by the draw"
        in count(f"{tie}\nbooms: 1 1 0\nsteals: 1 1 0\ndraw: 1")[2]
    )
    assert "only Ann and Bo draw" in str(refused(f"{tie}\nbooms: 1 1 0\nsteals: 1 1 0\ndraw: 3"))


@pytest.mark.parametrize(
    ("text", "area", "reason"),
    [
        ("shootout 1: 14 9", "shootout 1", "2 numbers for 3 players"),
        ("shootout 1: 14 9 x", "shootout 1", "'x' is not a whole number 0-39"),
        ("shootout 1: 20 19 1", "shootout 1", "40 coins together; the table holds 39 (13 each)"),
        ("shootout 2: 13 13 13", "shootout 2", "expected shootout 1 next"),
        (
            "shootout 1: 13 13 13\nshootout 2: 13 13 13\nshootout 3: 1 1 1\nshootout 4: 1 1 1",
            "shootout 4",
            "the game plays 3 shootouts",
        ),
        ("players: Ann, Bo\nshootout 1: 1 2 3", "players", "2 names for 3 players"),
        ("purse: 4", "line 1", "unknown entry 'purse'"),
        ("booms: 1 1 1", "sheet", "no shootout"),
        # "Each player [gets] 1 BOOM Card": 3 in a game of three (boom-pad-cards)
        ("booms: 1 3 0", "booms", "4 BOOM cards left unplayed; the game has 3 (1 a player)"),
        # "until all living players have 1 card left unplayed, or only 1 player is left alive":
        # Ann kept two BOOM cards, so Ann blew up, and a BOOM card was played
        (
            "players: Ann, Bo, Cy\nbooms: 2 1 0",
            "booms",
            "3 BOOM cards left unplayed, but Ann kept more than one, so blew up playing one (a "
            "shootout played to its end leaves each survivor 1 card): at most 2 of the 3 BOOM "
            "cards are left",
        ),
        # hands of 6, one card played a showdown, one fewer after each passing, to the last 2
        (
            "steals: 6 0 0",
            "steals",
            "6 steals played, but a shootout has at most 5 showdowns, one card played in each",
        ),
        # "2 Click: 2 Coins Stolen Cards" a player
        ("steals: 3 2 2", "steals", "7 steals played; the game has 6 Steal cards (2 a player)"),
    ],
)
def test_a_count_no_game_gives_is_refused(text: str, area: str, reason: str) -> None:
    error = refused(text)
    assert error.area == area and reason in str(error)


def test_quick_play_has_no_coins() -> None:
    assert "Quick Play uses no coins" in str(
        refused("shootout 1: 1 1 1", "click-click-boom(mode=quick)")
    )


def test_the_counts_of_simulated_games_are_accepted() -> None:
    """Every real end of a game (random seats, 2-6 players): its BOOM cards left unplayed and its
    steals played, as the engine counts them for the tie-break, are accepted."""
    rng = random.Random(36)
    for index in range(120):
        players = 2 + index % 5
        game: Any = load("click-click-boom", players=players)  # its config and piles are read
        state: Any = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() < 0:
                state.apply(sample_chance(state, rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
        kinds = game.config.kinds
        booms = [sum(kinds[c] == BOOM for c in hand) for hand in state._hands]
        steals = [sum(kinds[c] == STEAL for c in pile) for pile in state._played]
        coins = [state.value(seat) for seat in range(players)]
        text = (
            f"shootout 1: {' '.join(map(str, coins))}\nbooms: {' '.join(map(str, booms))}\n"
            f"steals: {' '.join(map(str, steals))}\ndraw: {min(state.outcome().winners) + 1}"
        )
        assert game.score_sheet(text).total == max(coins), text
