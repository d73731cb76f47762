"""Smoke tests of the Click Click Boom engine (the full suites come later)."""

from __future__ import annotations

import random

import pytest

from clickbox.core import IllegalActionError, InvalidActionError, play, sample_chance
from clickbox.games import load
from clickbox.games.click_click_boom import BoomGame, BoomState


def _new(spec: str) -> BoomState:
    state = load(spec).new_initial_state()
    assert isinstance(state, BoomState)
    return state


def _coins(state: BoomState) -> list[int]:
    return [state.value(s) for s in range(state.game.num_players)]


def _play(state: BoomState, *moves: str) -> None:
    for move in moves:
        play(state, move)


def test_names_and_notation_round_trip() -> None:
    assert isinstance(load("boom"), BoomGame)
    assert load("click_click_boom").spec() == "click-click-boom(players=4)"
    game = load("boom(players=5,advanced=true)")
    for text in (
        "L2:boom",
        "R0",
        "R=",
        "R=:steal",
        "left",
        "right",
        "pass:unrevealed",
        "pass:random",
        "skip",
        "peek",
        "save",
        "loot",
        "ask:left",
        "ask:right",
        "swap:3",
        "force:2:left",
        "char:felix",
        "draw:3",
        "deal:jill",
        "tie:2",
    ):
        assert game.action_to_string(game.parse_action(text)) == text
    with pytest.raises(InvalidActionError, match="at most six cards"):
        game.parse_action("L7")
    with pytest.raises(InvalidActionError, match="no character"):
        game.parse_action("char:zorro")


def test_a_round_without_characters_pays_and_steals() -> None:
    state = _new("boom(players=3,characters=none)")
    assert _coins(state) == [12, 12, 12] and state.pot_value == 3  # the ante
    assert state.current_player() == 1  # seat 0's left neighbour picks first
    view = state.view(1)
    assert view["seats"][0]["hand"] == ["pay", "pay", "pay", "steal", "steal", "boom"]
    assert state.view(0)["seats"][0]["hand"] is None  # never your own hand
    _play(state, "L3:pay", "R0", "L0", "R0", "L0", "R0")  # turns of seats 0, 1, 2
    own = state.view(0)
    assert own["seats"][0]["left"] == {"card": None, "claim": "pay", "by": 1}
    assert own["log"][0] == {"seat": 1, "move": "L?:pay"}
    assert state.view(2)["seats"][0]["left"]["card"] == "steal"
    _play(state, "left", "left")
    assert state.view(2)["seats"][0]["choice"] == "?"  # hidden until all are in
    _play(state, "right")
    assert _coins(state) == [10, 13, 11] and state.pot_value == 5
    assert sum(_coins(state)) + state.pot_value == 39
    with pytest.raises(IllegalActionError, match="passes a card"):
        play(state, "left")


def test_advanced_same_card_blocks_the_steal() -> None:
    state = _new("boom(players=3,characters=none,advanced=true)")
    play(state, "L3:steal")
    play(state, "R=:steal")
    assert state.current_player() < 0  # the right card is drawn from seat 0's hand
    assert state.view(0)["log"][-1]["move"] == "R=:steal"
    play(state, "draw:0")
    _play(state, "L0", "R0", "L0", "R0", "left", "left", "left")
    assert _coins(state)[0] == 12  # the steal picked by both gives nobody money


def test_brandon_takes_the_forced_steal_and_views_hide_choices() -> None:
    state = _new("boom(players=3,characters=chosen)")
    _play(state, "char:brandon", "char:carla", "char:felix")
    _play(state, "L0", "R0", "L3", "R0")  # seat 1's left card is a steal
    _play(state, "L0", "R0")  # Felix (seat 2) plays last: nobody to swap with
    _play(state, "force:1:left")
    assert state.view(2)["force"] == {"by": 0, "seat": 1, "side": "left"}
    _play(state, "right", "right")  # seat 1 has no choice
    coins = _coins(state)
    assert coins[0] == 12 - 1 + 2 and coins[1] == 12 - 2  # the steal went to Brandon


@pytest.mark.parametrize(
    "spec", ["boom(players=2)", "boom(players=4,mode=quick)", "boom(players=6,advanced=true)"]
)
def test_random_games_conserve_coins_and_end(spec: str) -> None:
    game = load(spec)
    for seed in range(30):
        rng = random.Random(seed)
        state = game.new_initial_state()
        assert isinstance(state, BoomState)
        total = sum(_coins(state)) + state.pot_value
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(
                sample_chance(state, rng) if state.current_player() < 0 else rng.choice(legal)
            )
            assert sum(_coins(state)) + state.pot_value == total
            seat = rng.randrange(game.num_players)
            view = state.view(seat)
            if view["phase"] not in ("tie", "over"):
                assert view["seats"][seat]["hand"] is None
        outcome = state.outcome()
        assert outcome is not None and outcome.winners
