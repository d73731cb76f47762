"""Illegal and malformed input through the checked path (``clickbox.core.play`` / ``check``).

Every refusal raises an error that says why, in the words of the rules, and leaves the state
exactly as it was: the same ``state_id`` and the same view for every seat and for spectators.
"""

from __future__ import annotations

import random

import pytest

from clickbox.core import (
    CHANCE,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    check,
    play,
    sample_chance,
)
from clickbox.games.boom import actions as A
from tests.checks import refused, snapshot

from .helpers import (
    choose,
    draw,
    first_moves,
    new_state,
    pick,
    play_round,
    run,
    turns,
    with_characters,
)

# -- turns and picks -------------------------------------------------------------------------------


def test_not_your_turn() -> None:
    state = new_state(3)
    refused(state, "L0", "it is not seat 2's turn: seat 1 is to move", NotYourTurnError, seat=2)
    refused(state, "L0", "it is not seat 0's turn", NotYourTurnError, seat=0)  # never your own
    pick(state, "pay")
    run(state, "R0")
    turns(state, "pay/pay pay/pay")
    run(state, "left", seat=0)
    refused(state, "right", "it is not seat 0's turn: seat 1 is to move", NotYourTurnError, seat=0)


def test_picks_in_the_wrong_order_or_place() -> None:
    """Turn — Part 1 is the left neighbour's pick, Part 2 the right neighbour's."""
    state = new_state(3)
    refused(state, "R0", "the left card is picked first (part 1): seat 1 picks seat 0's left card")
    refused(state, "L6", "a hand holds at most six cards", InvalidActionError)
    pick(state, "pay")
    refused(
        state, "L0", "the left card is picked already: seat 2 picks seat 0's right card: R0..R4"
    )
    refused(state, "R5", "seat 0's hand has 5 cards: the index is 0..4")
    refused(state, "R0:click", "the claims of the full game are none, pay, steal, boom")
    refused(state, "R=", "picking the same card (R=) is Advanced Play only (option advanced)")
    pick(state, "pay")
    turns(state, "pay/pay pay/pay")
    refused(state, "L0", "no card is being picked now: seat 0 chooses the card to reveal")


def test_claims_of_quick_play() -> None:
    state = new_state(3, mode="quick")
    refused(state, "L0:pay", "the claims of Quick Play are none, click, boom")
    refused(state, "L0:steal", "the claims of Quick Play are none, click, boom")


def test_the_standoff_right_card_is_not_picked() -> None:
    """2-Player Stand-Off, Turn - Part 2: "The current player must pick a card at random from their
    own hand": nobody picks the right card."""
    state = new_state(2)
    refused(state, "R0", "in the stand-off the right card is drawn at random")
    pick(state, "pay")
    refused(state, "R0", "R0 is not among the outcomes: chance draws the right card from seat 0's")


def test_showdown_and_passing_out_of_turn() -> None:
    state = new_state(3)
    refused(state, "left", "the showdown choice comes after the turns and abilities")
    refused(state, "pass:unrevealed", "cards are passed at the end of the showdown")
    turns(state, "pay/pay pay/pay pay/pay")
    refused(state, "pass:random", "cards are passed at the end of the showdown")
    choose(state, "l l l")
    refused(state, "left", "the showdown choice comes after the turns and abilities")
    refused(state, "L0", "no card is being picked now: seat 0 passes a card")


def test_a_random_pass_from_an_empty_hand() -> None:
    """boom-passing: "A random card is not offered from an empty hand." (The hands of the living
    are never empty at the passing; the position is set up.)"""
    state = new_state(3)
    turns(state, "pay/pay pay/pay pay/pay")
    choose(state, "l l l")
    state._hands[0] = ()
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["pass:unrevealed"]
    refused(state, "pass:random", "seat 0's hand is empty: only pass:unrevealed")


# -- characters and abilities ----------------------------------------------------------------------


def test_characters_out_of_place() -> None:
    state = new_state(3, characters="chosen")
    run(state, "char:felix")
    refused(state, "char:felix", "Felix Fox is taken by seat 0")
    refused(state, "L0", "no card is being picked now: seat 1 chooses a character: char:carla")
    fresh = new_state(3)
    refused(fresh, "char:jill", "characters are chosen before the first shootout")
    dealt = new_state(3, characters="random")
    run(dealt, "deal:rory")
    refused(dealt, "deal:rory", "deal:rory is not among the outcomes: chance deals seat 1 a")
    refused(dealt, "char:rory", "char:rory is not among the outcomes")


def test_abilities_of_other_characters_or_none() -> None:
    state = with_characters("felix", "jill", "heather")
    refused(state, "peek", "peek is Jill Jackrabbit's ability (seat 1): seat 0 (Felix Fox) may")
    refused(state, "save", "save is Carla Coyote's ability (nobody)")
    refused(state, "force:1:left", "force:1:left is Brandon Bull's ability (nobody)")
    plain = new_state(3)
    refused(plain, "skip", "there is no ability to skip now: seat 1 picks seat 0's left card")
    refused(plain, "loot", "loot is Rory Raccoon's ability (nobody)")


def test_felix_swaps_only_at_his_turn_with_a_player_still_to_play() -> None:
    """boom-felix: "another living player who has not had their turn this round"."""
    state = with_characters("jill", "felix", "heather")
    run(state, "skip")
    refused(state, "swap:2", "Felix swaps hands at the start of his turn")  # seat 1 picks now
    pick(state, "pay")
    pick(state, "pay")
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["swap:2", "skip"]
    refused(state, "swap:1", "Felix swaps with another player")
    refused(state, "swap:0", "seat 0 has had its turn this round (its hand is two cards smaller)")
    refused(state, "swap:4", "there is no seat 4 in a 3-player game")
    run(state, "swap:2")
    turns(state, "pay/pay")
    pick(state, "pay")  # seat 2's turn: Felix picks its right card
    refused(state, "swap:2", "seat 1 has used Felix Fox's ability this shootout")


def test_felix_cannot_swap_with_the_dead() -> None:
    state = with_characters("felix", "carla", "rory", "jill")
    run(state, "skip")
    play_round(state, {2: "boom/safe l"})
    play_round(state)  # round 2: seats 1, 3, 0 (Felix last: nothing offered)
    # round 3: seats 3, 0, 1; Jill (seat 3) first, then Felix
    run(state, "skip")
    turns(state, "safe/safe")
    refused(state, "swap:2", "seat 2 is eliminated from this shootout")


def test_brandon_and_heather_mistakes() -> None:
    state = with_characters("brandon", "heather", "carla", "rory")
    refused(state, "ask:left", "Heather Horse's ability is used at the start of the showdown")
    turns(state, "pay/pay")
    pick(state, "pay")  # seat 1's turn: Brandon picks its right card
    refused(state, "force:1:left", "Brandon forces a player at the start of the showdown")
    state = with_characters("brandon", "heather", "carla", "rory")
    play_round(state, {3: "boom/safe l"})
    turns(state, "safe/safe safe/safe safe/safe")
    refused(state, "force:2:left", "is Brandon Bull's ability (seat 0): seat 1 (Heather Horse) may")
    run(state, "skip")  # the First Player is seat 1: Heather first
    refused(state, "force:0:left", "Brandon forces another player")
    refused(state, "force:3:left", "seat 3 is eliminated from this shootout")
    refused(state, "force:5:right", "there is no seat 5 in a 4-player game")
    refused(state, "ask:left", "ask:left is Heather Horse's ability (seat 1): seat 0 (Brandon")


def test_heather_cannot_ask_about_a_random_card() -> None:
    """boom-heather: a right card drawn at random was picked by nobody."""
    state = with_characters("heather", "carla", "rory", advanced=True)
    turns(state, "pay/=steal pay/pay pay/pay")
    refused(
        state, "ask:right", "the right card was drawn at random, nobody picked it: only ask:left"
    )


def test_jill_carla_and_rory_at_other_moments() -> None:
    state = with_characters("jill", "rory", "carla")
    run(state, "skip")
    refused(state, "loot", "Rory Raccoon's ability is used at the end of a showdown, when the pot")
    pick(state, "pay")
    refused(state, "save", "Carla Coyote's ability is used when her revealed card is a BOOM")
    pick(state, "pay")
    pick(state, "pay")  # seat 1's turn: Jill picks its right card
    refused(state, "peek", "Jill Jackrabbit's ability is used at the start of her turn")


# -- chance ----------------------------------------------------------------------------------------


def test_chance_outcomes_and_decisions_do_not_mix() -> None:
    state = new_state(3)
    refused(state, "draw:0", "draw:0 is a chance outcome, but seat 1 is to decide now")
    refused(state, "tie:0", "tie:0 is a chance outcome, but seat 1 is to decide now")
    turns(state, "pay/pay pay/pay pay/pay")
    choose(state, "l l l")
    run(state, "pass:random pass:unrevealed pass:unrevealed")
    refused(state, "draw:4", "draw:4 is not among the outcomes: chance draws the card passed from")
    refused(state, "pass:random", "pass:random is not among the outcomes: chance draws the card")
    refused(state, "pass:random", "it is not seat 0's turn: chance", NotYourTurnError, seat=0)
    draw(state, "pay")


def test_the_tie_draw_is_among_the_tied() -> None:
    state = new_state(3, shootouts=1)
    while state.current_player() != CHANCE:
        play_round(state)
    state._tied = (0, 2)
    refused(
        state,
        "tie:1",
        "tie:1 is not among the outcomes: chance draws the winner among the tied seats 0, 2",
    )


def test_the_game_is_over() -> None:
    state = new_state(3, mode="quick")
    first_moves(state)
    refused(state, "L0", "the game is over", GameOverError)
    refused(state, "draw:0", "the game is over", GameOverError)


# -- malformed input -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("move", "phrase"),
    [
        ("", "is not a move of Click Click Boom: pick a card like L2:boom, R0 or R="),
        ("hello", "is not a move of Click Click Boom"),
        ("L", "is not a move of Click Click Boom"),
        ("L9", "a hand holds at most six cards: the card index is 0..5"),
        ("L2:bomb", "is not a move of Click Click Boom"),
        ("swap:7", "seats are 0..5"),
        ("force:2:up", "is not a move of Click Click Boom"),
        ("char:zorro", "no character 'zorro'; the characters are carla, brandon, heather"),
        ("draw:6", "a hand card index is 0..5"),
        ("tie:9", "seats are 0..5"),
    ],
)
def test_malformed_text(move: str, phrase: str) -> None:
    state = new_state(3)
    refused(state, move, phrase, InvalidActionError)


@pytest.mark.parametrize(
    ("value", "phrase"),
    [
        (5, "5 is not an action code of Click Click Boom"),
        (105, "105 is not an action code"),
        (170, "170 is not an action code"),
        (-1, "-1 is not an action code"),
        (2.5, "an action is notation text or an action code, not float"),
        (True, "an action is notation text or an action code, not bool"),
        (None, "not NoneType"),
    ],
)
def test_not_an_action(value: object, phrase: str) -> None:
    state = new_state(3)
    refused(state, value, phrase, InvalidActionError)  # type: ignore[arg-type]


def test_check_never_changes_the_state() -> None:
    """``check`` is the dry run of ``play``: the legal code back, the state untouched."""
    state = new_state(3)
    before = snapshot(state)
    assert check(state, "L5:boom", 1) == A.pick(0, 5, 4)
    assert snapshot(state) == before
    with pytest.raises(IllegalActionError):
        check(state, "R0", 1)
    assert snapshot(state) == before


@pytest.mark.parametrize(
    "spec",
    [
        {"players": 3, "characters": "chosen"},
        {"players": 6, "characters": "random"},
        {"players": 2, "advanced": True},
        {"players": 4, "mode": "quick", "advanced": True},
    ],
    ids=["3p-chosen", "6p", "2p-advanced", "4p-quick-advanced"],
)
def test_every_refusal_in_random_games_says_why_and_changes_nothing(
    spec: dict[str, object],
) -> None:
    """Any code that is not legal, at positions of random games: a reason that is not the generic
    one, and no change."""
    codes = [code for code in range(1300) if A.is_valid_code(code)]
    assert len(codes) == 117
    rng = random.Random(5)
    options = dict(spec)
    players = options.pop("players")
    assert isinstance(players, int)
    for _ in range(2):
        state = new_state(players, **options)
        step = 0
        while not state.is_terminal():
            if step % 5 == 0:
                before = snapshot(state)
                legal = set(state.legal_actions())
                for code in rng.sample(codes, 40):
                    if code in legal:
                        continue
                    with pytest.raises(IllegalActionError) as info:
                        play(state, code)
                    message = str(info.value)
                    assert "not among the legal actions" not in message
                    assert "does not fit now" not in message
                assert snapshot(state) == before
            if state.current_player() == CHANCE:
                state.apply(sample_chance(state, rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
            step += 1
