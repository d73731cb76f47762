"""Click Click Boom rules, one test (or a few) per rule of the rulebook (``shared/rules/001``).

Each test drives a real state through ``clickbox.core.play`` with scripted picks and scripted
chance (``turns(state, "pay/steal boom/pay")``: per turn, the kinds the left and the right
neighbour pick; ``draw(state, "boom")``: chance draws a BOOM). Seats sit clockwise by number:
seat + 1 is on a player's left. A test that needs coins or cards placed first sets them on the
state (``set_coins``); where the rulebook is silent the test cites the decision in
``docs/rules-decisions.md`` by its key (``boom-...``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from clickbox.core import CHANCE, TERMINAL, GameRecord, Match, replay
from clickbox.games.boom import BoomState
from tests.checks import legal, refused

from .helpers import (
    choose,
    coins,
    draw,
    events,
    hand,
    lay_out,
    new_game,
    new_state,
    pass_all,
    pick,
    play_round,
    run,
    seat_view,
    set_coins,
    set_pot,
    table,
    total,
    turns,
)

FULL_HAND = ["pay", "pay", "pay", "steal", "steal", "boom"]


# -- Starting Setup and the start of a shootout ----------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_starting_setup(players: int) -> None:
    """Rulebook, Starting Setup: "Give each player the following: 1 Character Card & matching
    Character Ability Card; 3 Click: Pay 1 Coin To Pot Cards; 2 Click: 2 Coins Stolen Cards;
    1 BOOM Card; 1 Gold Coin, 8 Silver Coins". Start of Shootout: "Each player antes 1 coin to
    the center of the table, creating the winning pot." (boom-coins: the ante is 1 silver.)"""
    state = new_state(players, characters="random")
    assert state.current_player() == CHANCE  # the characters are dealt first, seat 0 first
    assert state.view(None)["phase"] == "deal"
    assert [a for a, _ in state.chance_outcomes()] == state.legal_actions()
    assert {p for _, p in state.chance_outcomes()} == {1 / 6}
    for key in ("carla", "rory", "heather", "brandon", "felix", "jill")[:players]:
        run(state, f"deal:{key}")
    view = state.view(None)
    assert view["phase"] == "pick-left"
    for seat, data in enumerate(view["seats"]):
        assert data["character"] is not None and data["ability"] == "ready"
        assert data["alive"]
        assert hand(state, seat) == FULL_HAND
        assert data["hand_count"] == 6
        assert data["played"] == []
        assert data["coins"] == {"gold": 1, "silver": 7, "value": 12}  # 1 gold + 8 silver - ante
    assert len({data["character"] for data in view["seats"]}) == players
    assert view["pot"] == {"gold": 0, "silver": players, "value": players}
    assert events(state, "ante") == [(seat, "ante", 1, None) for seat in range(players)]
    assert total(state) == 13 * players


def test_the_first_player_holds_the_token_pass_left() -> None:
    """Rulebook, First Player: "The player who last blew something up becomes First Player and
    takes the Turn Order Token with the Pass Left side placed face-up on the table."
    (boom-first-player: seat 0 starts the game; turns go to the left, seat + 1.)"""
    state = new_state(4)
    view = state.view(None)
    assert view["token"] == {"holder": 0, "direction": "left"}
    assert view["turn"] == 0 and view["order"] == [0, 1, 2, 3]
    assert view["shootout"] == 1 and view["shootouts"] == 3


def test_the_last_to_blow_up_in_any_earlier_shootout_is_first_player() -> None:
    """Rulebook, First Player: "The player who last blew something up becomes First Player"
    (boom-first-player: whoever last blew up, in whichever earlier shootout; a shootout without
    a BOOM does not change that)."""
    state = new_state(3)
    play_round(state, {1: "boom/pay l"})  # seat 1 blows up in the first shootout
    while state.view(None)["shootout"] == 1:
        play_round(state)
    assert state.view(None)["token"] == {"holder": 1, "direction": "left"}
    start = state.state_id
    while state.view(None)["shootout"] == 2:
        play_round(state)
    assert events(state, "boom", since=start) == []  # nobody blew up in the second one
    view = state.view(None)
    assert view["shootout"] == 3
    assert view["token"] == {"holder": 1, "direction": "left"}
    assert view["turn"] == 1 and view["order"] == [1, 2, 0]
    assert view["last_boom"] == 1


def test_characters_can_be_chosen_in_seat_order() -> None:
    """boom-characters: option ``characters=chosen``: "each seat in turn chooses from those left,
    seat 0 first"."""
    state = new_state(3, characters="chosen")
    assert state.current_player() == 0
    assert legal(state) == [
        f"char:{k}" for k in ("carla", "brandon", "heather", "felix", "rory", "jill")
    ]
    run(state, "char:rory", seat=0)
    assert state.current_player() == 1
    assert "char:rory" not in legal(state)
    refused(state, "char:rory", "Rory Raccoon is taken by seat 0")
    run(state, "char:jill char:felix")
    assert [data["character"] for data in state.view(None)["seats"]] == ["rory", "jill", "felix"]


def test_no_characters() -> None:
    """boom-characters: option ``characters=none`` plays without them; nothing is offered."""
    state = new_state(3)
    assert all(
        data["character"] is None and data["ability"] is None for data in state.view(None)["seats"]
    )
    assert state.view(None)["phase"] == "pick-left"


# -- Turn, parts 1 and 2 ---------------------------------------------------------------------------


def test_turn_part_1_the_left_neighbour_picks() -> None:
    """Rulebook, Turn — Part 1: "Starting with the First Player, the current player turns to the
    player on their left and asks which card they should play. The player on the left may lie,
    tell the truth, or say nothing about the card they are picking. The player on the left must
    choose 1 card out of the current player's hand, then places it face-down on the table between
    them." (boom-claims: the claim is public and binds nobody.)"""
    state = new_state(4)
    assert state.view(None)["turn"] == 0
    assert state.current_player() == 1  # the player on seat 0's left
    options = legal(state)
    assert len(options) == 6 * 4  # any of the six cards, claiming nothing, pay, steal or boom
    assert {"L0", "L5:boom", "L3:pay", "L2:steal"} <= set(options)
    assert pick(state, "boom", "pay") == "L5:pay"  # a lie: it is the BOOM
    assert table(state, 0) == ("boom", None)
    assert hand(state, 0) == ["pay", "pay", "pay", "steal", "steal"]
    for viewer in (None, 1, 2, 3):
        left = seat_view(state, 0, viewer)["left"]
        assert left == {"card": "boom", "claim": "pay", "by": 1}
    log = state.view(2)["log"]
    assert log[-1] == {"seat": 1, "move": "L5:pay"}


def test_claims_are_public_and_in_the_record() -> None:
    """boom-claims: "each pick carries a public claim, which binds nobody". The record keeps every
    pick with its claim, and a replay shows them again."""
    game = new_game(3, characters="none")
    match = Match(game, 1)
    for move in ("L5:pay", "R0:boom", "L3:steal", "R0"):
        match.play(move)
    record = match.record()
    assert record.actions == ("L5:pay", "R0:boom", "L3:steal", "R0")
    again = replay(GameRecord.loads(record.dumps()), game)
    assert again.view(2)["seats"][0]["left"] == {"card": "boom", "claim": "pay", "by": 1}
    assert again.view(0)["seats"][0]["right"] == {"card": None, "claim": "boom", "by": 2}
    assert again.view(None)["seats"][1]["left"] == {"card": "steal", "claim": "steal", "by": 2}


def test_the_current_player_sees_only_backs_and_claims() -> None:
    """Rulebook, Finer Details: "During Turn-Parts 1 & 2, all other players at the table, except
    the current player, should know what was picked prior to placing it face-down on the table.
    The current player should only be able to see the backs of the cards in their hand." and
    "REMINDER: Never look at your own hand of cards!" (boom-hands.)"""
    state = new_state(4)
    mine = seat_view(state, 0, 0)
    assert mine["hand"] is None and mine["hand_count"] == 6
    assert seat_view(state, 0, 1)["hand"] == FULL_HAND  # the others see the faces
    pick(state, "steal", "steal")
    pick(state, "boom")
    mine = seat_view(state, 0, 0)
    assert mine["left"] == {"card": None, "claim": "steal", "by": 1}
    assert mine["right"] == {"card": None, "claim": None, "by": 3}
    assert mine["hand"] is None and mine["hand_count"] == 4
    assert [entry["move"] for entry in state.view(0)["log"]] == ["L?:steal", "R?"]
    assert [entry["move"] for entry in state.view(3)["log"]] == ["L3:steal", "R4"]
    assert seat_view(state, 0, 2)["right"] == {"card": "boom", "claim": None, "by": 3}


def test_turn_part_2_the_right_neighbour_picks_then_the_next_turn() -> None:
    """Rulebook, Turn — Part 2: "The current player then turns to the player on their right and
    asks them which card they should play. [...] Then the player on the right must choose 1 card
    out of the current players hand [...]. The current player then places their remaining hand
    face-down in front of them. Move onto the Showdown when each player has had a chance to
    complete their turn." """
    state = new_state(4)
    pick(state, "pay")
    assert state.view(None)["phase"] == "pick-right"
    assert state.current_player() == 3  # the player on seat 0's right
    assert not any(move.startswith("L") for move in legal(state))
    assert len(legal(state)) == 5 * 4
    pick(state, "steal", "boom")
    assert table(state, 0) == ("pay", "steal")
    assert seat_view(state, 0)["right"] == {"card": "steal", "claim": "boom", "by": 3}
    # seat 1's turn: seat 2 picks its left card, seat 0 its right card
    assert state.view(None)["turn"] == 1 and state.current_player() == 2
    pick(state, "pay")
    assert state.current_player() == 0
    pick(state, "pay")
    turns(state, "pay/pay pay/pay")
    assert state.view(None)["phase"] == "choose"
    assert [len(hand(state, seat)) for seat in range(4)] == [4, 4, 4, 4]
    assert all(None not in table(state, seat) for seat in range(4))


# -- Showdown --------------------------------------------------------------------------------------


def test_showdown_choices_are_hidden_until_all_are_in() -> None:
    """Rulebook, Showdown: "Each player must now silently pick either the card on their left or
    the card on their right. Once cards have been selected, the First Player instructs everyone
    to simultaneously turn over and reveal their cards". (boom-showdown: in seat order from the
    First Player, hidden from everyone else until all are in.)"""
    state = new_state(3)
    turns(state, "pay/steal pay/steal pay/steal")
    assert state.current_player() == 0 and legal(state) == ["left", "right"]
    run(state, "left", seat=0)
    assert state.current_player() == 1
    assert seat_view(state, 0, 0)["choice"] == "left"
    for viewer in (None, 1, 2):
        assert seat_view(state, 0, viewer)["choice"] == "?"
        assert state.view(viewer)["log"][-1] == {"seat": 0, "move": "?"}
        assert seat_view(state, 0, viewer)["revealed"] is None
    assert state.view(0)["log"][-1] == {"seat": 0, "move": "left"}
    one, other = state.clone(), state.clone()
    run(one, "left")
    run(other, "right")
    for viewer in (None, 0, 2):
        assert one.view(viewer) == other.view(viewer)  # seat 1's choice shows nowhere else
    run(state, "right")
    before = coins(state)
    run(state, "left")  # the last choice: everything is revealed at once
    assert [seat_view(state, seat)["choice"] for seat in range(3)] == ["left", "right", "left"]
    assert [seat_view(state, seat)["revealed"] for seat in range(3)] == ["pay", "steal", "pay"]
    assert [entry["move"] for entry in state.view(2)["log"][-3:]] == ["left", "right", "left"]
    assert coins(state) != before


def test_pay_puts_one_silver_in_the_pot() -> None:
    """Rulebook, Showdown: "Click: Pay 1 Coin To Pot — Place 1 of your silver coins into the pot
    at the center of the table." Revealed cards "stay face up in your Played Card Pile"."""
    state = new_state(3)
    turns(state, "pay/steal pay/steal pay/steal")
    pot = state.pot_value
    choose(state, "l l l")
    assert coins(state) == [11, 11, 11]
    assert state.pot_value == pot + 3
    assert state.view(None)["pot"]["silver"] == pot + 3
    assert [seat_view(state, seat)["coins"]["silver"] for seat in range(3)] == [6, 6, 6]
    assert [seat_view(state, seat, 1)["played"] for seat in range(3)] == [["pay"]] * 3
    assert events(state, "pay") == [(0, "pay", 1, None), (1, "pay", 1, None), (2, "pay", 1, None)]


def test_a_steal_pays_the_neighbour_on_its_side() -> None:
    """Rulebook, Showdown: "Click: 2 Coins Stolen — If this card was on the left, give 2 of your
    silver coins to the player on your left. If this card was on the right, give 2 of your silver
    coins to the player on your right." """
    state = new_state(4)
    turns(state, "steal/pay pay/steal pay/pay pay/pay")
    choose(state, "l r l l")  # seat 0: its left steal; seat 1: its right steal
    # seat 0 gives 2 to seat 1 (its left), seat 1 gives 2 to seat 0 (its right)
    assert events(state, "steal") == [(0, "steal", 2, 1), (1, "steal", 2, 0)]
    assert coins(state) == [12, 12, 11, 11]
    assert total(state) == 52


@pytest.mark.parametrize(
    ("gold", "silver", "paid", "left"),
    [(0, 1, 1, (0, 0)), (0, 0, 0, (0, 0)), (1, 0, 2, (0, 3)), (0, 5, 2, (0, 3))],
    ids=["one-coin-gives-it", "no-money-nothing", "gold-is-changed", "silver"],
)
def test_a_steal_takes_what_the_player_has(
    gold: int, silver: int, paid: int, left: tuple[int, int]
) -> None:
    """Rulebook: "If you only have 1 coin, you must give it up. If you have no money, no one can
    steal from you. Lucky you?" (boom-coins: a player who owes silver and has only gold changes
    one gold coin for 5 silver first; "a player pays what they can, down to nothing, and plays
    on".)"""
    state = new_state(3)
    turns(state, "steal/pay pay/pay pay/pay")
    set_coins(state, 0, gold, silver)
    before = total(state)
    choose(state, "l l l")
    assert events(state, "steal") == [(0, "steal", paid, 1)]
    assert (state._gold[0], state._silver[0]) == left
    assert coins(state)[1] == 12 + paid - 1
    assert total(state) == before
    assert seat_view(state, 0)["alive"]  # no money: the player plays on
    assert bool(events(state, "change")) == (gold > 0 and silver < 2)


def test_a_player_without_coins_pays_nothing_and_plays_on() -> None:
    """Rulebook, Finer Details: "Players are not removed from the game if they have no coins.
    They simply have nothing to steal and don't have to pay anything into the pot." """
    state = new_state(3)
    turns(state, "pay/pay pay/pay pay/pay")
    set_coins(state, 1, 0, 0)
    pot = state.pot_value
    choose(state, "l l l")
    assert events(state, "pay")[1] == (1, "pay", 0, None)
    assert state.pot_value == pot + 2
    assert state.view(None)["phase"] == "pass" and seat_view(state, 1)["alive"]


def test_the_showdown_coins_move_at_the_same_time() -> None:
    """Rulebook, Showdown: "the First Player instructs everyone to simultaneously turn over and
    reveal their cards" (boom-showdown: the cards take effect at once; each player gives what
    its card asks out of what it held when the cards were turned, coins received in the same
    showdown do not pay for it). Seats 0 and 2 have no coins and reveal a pay; seat 1's steal
    pays seat 2, who still pays nothing, like seat 0."""
    state = new_state(3)
    turns(state, "pay/pay steal/pay pay/pay")
    set_coins(state, 0, 0, 0)
    set_coins(state, 2, 0, 0)
    pot = state.pot_value
    choose(state, "l l l")
    assert events(state, "pay", "steal") == [
        (0, "pay", 0, None),
        (1, "steal", 2, 2),
        (2, "pay", 0, None),
    ]
    assert coins(state) == [0, 10, 2] and state.pot_value == pot


@pytest.mark.parametrize(
    ("coins_option", "after"), [("simultaneous", [10, 11, 2]), ("seat-order", [12, 11, 0])]
)
def test_a_steal_to_brandon_and_his_own_steal_in_the_same_showdown(
    coins_option: str, after: list[int]
) -> None:
    """boom-showdown: a Steal that Brandon forced pays him (boom-brandon) with the other coins of
    the showdown, after every payment: with no coin when the cards were turned he gives nothing
    for his own Steal. Under showdown_coins=seat-order seat 0's coins reach him first and pay
    for his Steal."""
    state = new_state(3, characters="chosen", showdown_coins=coins_option)
    run(state, "char:carla char:heather char:brandon")
    turns(state, "steal/pay pay/pay steal/pay")  # seat 0's and Brandon's left cards steal
    set_coins(state, 2, 0, 0)
    run(state, "skip force:0:left")  # Heather skips; Brandon makes seat 0 reveal its Steal
    choose(state, "l l")
    paid = [2, 0] if coins_option == "simultaneous" else [2, 2]
    assert events(state, "steal") == [(0, "steal", paid[0], 2), (2, "steal", paid[1], 0)]
    assert coins(state) == after


def test_cards_take_effect_in_seat_order_from_the_first_player() -> None:
    """Option showdown_coins=seat-order (boom-showdown): the revealed cards take effect one
    player after the other from the First Player, so the order matters for who can still pay.
    Seats 0 and 2 have no coins and reveal a pay; seat 1's steal pays seat 2 before seat 2 pays,
    but after seat 0 has paid nothing."""
    state = new_state(3, showdown_coins="seat-order")
    turns(state, "pay/pay steal/pay pay/pay")
    set_coins(state, 0, 0, 0)
    set_coins(state, 2, 0, 0)
    choose(state, "l l l")
    assert events(state, "pay", "steal") == [
        (0, "pay", 0, None),
        (1, "steal", 2, 2),
        (2, "pay", 1, None),
    ]
    assert coins(state) == [0, 10, 1]


def test_a_steal_pays_a_neighbour_who_blows_up_in_the_same_showdown() -> None:
    """boom-showdown: "A Steal pays the living neighbour on that side as the turn was played, even
    one who blows up in the same showdown." """
    state = new_state(3)
    turns(state, "pay/pay steal/pay boom/pay")
    choose(state, "l l l")
    assert events(state, "steal", "boom") == [(1, "steal", 2, 2), (2, "boom", 0, None)]
    assert coins(state) == [11, 10, 14]
    assert not seat_view(state, 2)["alive"]


def test_boom_eliminates_the_player_from_the_shootout() -> None:
    """Rulebook, Showdown: "BOOM — You are dead. Flip your Character Card over to reveal the BOOM
    side. Place the rest of your cards face-down in front of you. You are eliminated from the
    current Shootout and do not pass any cards to any of the other players." """
    state = new_state(4)
    turns(state, "pay/pay boom/pay pay/pay pay/pay")
    choose(state, "l l l l")
    assert events(state, "boom") == [(1, "boom", 0, None)]
    view = state.view(None)
    dead = view["seats"][1]
    assert not dead["alive"]
    assert dead["played"] == ["boom"]
    assert dead["left"] is None and dead["right"] is None  # the rest of the cards, face down
    assert dead["hand"] is None and dead["hand_count"] == 5
    assert all(seat_view(state, 1, viewer)["hand"] is None for viewer in (None, 0, 1, 2, 3))
    assert view["queue"] == [0, 2, 3]  # the dead player passes nothing
    assert view["last_boom"] == 1
    pass_all(state)
    assert len(hand(state, 1)) == 5  # and receives nothing
    view = state.view(None)
    assert view["order"] == [2, 3, 0]  # the token went to seat 1's left... and on to seat 2
    assert view["turn"] == 2 and state.current_player() == 3
    turns(state, "pay/pay pay/pay")
    assert state.current_player() == 2  # seat 0's left neighbour is now seat 2, skipping seat 1


def test_the_play_example() -> None:
    """Rulebook, Play Example: "It is Sheriff Heather's turn [...] On her left she has her
    Deputy, Brandon Bull, and on her right is Carla Coyote". "'You should definitely pick that
    one Sheriff,' Brandon points [...] 'It'll only make you pay a coin to the pot.'" Carla: "He's
    chosen a BOOM for you. [...] You should pick this one". "Heather immediately reaches for the
    card on her left [...] BOOM!" "Carla chimes in as she collects 2 silver from the player her
    right". Three players: Heather (seat 0), Brandon on her left (seat 1), Carla on her right
    (seat 2), so the player on Carla's right is Brandon."""
    state = new_state(3, characters="chosen")
    run(state, "char:heather char:brandon char:carla")
    assert pick(state, "boom", "pay") == "L5:pay"  # Brandon lies: it is the BOOM
    assert pick(state, "pay", "pay") == "R0:pay"  # Carla tells the truth
    assert seat_view(state, 0, 0)["left"] == {"card": None, "claim": "pay", "by": 1}
    assert seat_view(state, 0, 2)["left"] == {"card": "boom", "claim": "pay", "by": 1}
    turns(state, "steal/pay pay/pay")  # Carla picks a steal for Brandon's left
    assert legal(state) == ["ask:left", "ask:right", "skip"]
    run(state, "skip")  # "She knows she could make Brandon tell her the truth, but she trusts"
    run(state, "skip")  # Brandon forces nobody
    choose(state, "left left left")
    view = state.view(None)
    assert not view["seats"][0]["alive"] and view["seats"][0]["played"] == ["boom"]
    assert events(state, "boom", "steal") == [(1, "steal", 2, 2), (0, "boom", 0, None)]
    assert coins(state) == [12, 10, 13]
    assert view["standoff"]  # two players left: the stand-off for the rest of the shootout


# -- Passing and the Turn Order Token --------------------------------------------------------------


def test_passing_the_unrevealed_card_in_the_token_direction() -> None:
    """Rulebook: "All players left alive will then pass a card face-down to the next player in
    the direction of the Turn Order Token. They may pass the card that they chose not to reveal,
    or a random card from their hand. All players then take their newly acquired card and,
    without looking at the front of the card, shuffle it into their hand." (boom-passing: every
    living player passes at the same time, as at the showdown.)"""
    state = new_state(3)
    turns(state, "pay/boom pay/steal pay/pay")
    choose(state, "l l l")
    assert state.view(None)["queue"] == [0, 1, 2]
    assert state.simultaneous_seats() == (0, 1, 2)  # the server takes them in any order
    assert state.current_player() == 0 and legal(state) == ["pass:unrevealed", "pass:random"]
    run(state, "pass:unrevealed")
    assert seat_view(state, 0, 0)["pass"] == "unrevealed"  # its own
    assert seat_view(state, 0, 2)["pass"] == "?"  # who has passed, not how
    assert state.view(2)["log"][-1] == {"seat": 0, "move": "?"}
    assert state.view(0)["log"][-1] == {"seat": 0, "move": "pass:unrevealed"}
    assert state.view(None)["queue"] == [1, 2] and state.simultaneous_seats() == (1, 2)
    assert state.current_player() == 1
    run(state, "pass:unrevealed pass:unrevealed")
    assert state.view(2)["log"][-3] == {"seat": 0, "move": "pass:unrevealed"}  # all are in
    # the token is on Pass Left: seat 0's BOOM went to seat 1, seat 1's steal to seat 2
    assert hand(state, 1).count("boom") == 2
    assert hand(state, 2).count("steal") == 3
    assert hand(state, 0).count("pay") == 3  # seat 2's unrevealed pay
    assert [len(hand(state, seat)) for seat in range(3)] == [5, 5, 5]


def test_the_token_passes_left_and_flips() -> None:
    """Rulebook: "Pass the Turn Order Token to the next player on the left, they then become
    First Player. Flip the Turn Order Token to the opposite side." """
    state = new_state(3)
    turns(state, "pay/pay pay/pay pay/pay")
    choose(state, "l l l")
    pass_all(state)
    view = state.view(None)
    assert view["token"] == {"holder": 1, "direction": "right"}
    assert view["turn"] == 1 and view["order"] == [1, 2, 0]
    assert state.current_player() == 2  # seat 1's left neighbour picks first
    turns(state, "pay/boom pay/boom pay/boom")  # picks for seats 1, 2 and 0
    assert state.current_player() == 1  # the choices start with the First Player
    choose(state, "l l l")
    assert state.view(None)["queue"] == [1, 2, 0] and state.simultaneous_seats() == (1, 2, 0)
    pass_all(state)
    # Pass Right: every unrevealed BOOM went to the player on the right
    assert [hand(state, seat).count("boom") for seat in range(3)] == [1, 1, 1]
    assert state.view(None)["token"] == {"holder": 2, "direction": "left"}


def test_a_random_pass_draws_from_the_hand_and_keeps_the_unrevealed_card() -> None:
    """Rulebook: "If a player passed a random card from their hand, they put the previously
    unrevealed card during the Showdown back into their hand, also without looking, and shuffle
    their hand again." (boom-passing: the random cards are drawn once everyone has passed, each
    from its hand as it was before any card arrives; boom-hands: the owner does not see which
    card it was.)"""
    state = new_state(3)
    turns(state, "pay/boom pay/pay pay/pay")
    choose(state, "l l l")
    run(state, "pass:random")
    assert state.current_player() == 1  # nothing is drawn while others still choose
    run(state, "pass:unrevealed pass:unrevealed")
    assert state.current_player() == CHANCE and state.view(None)["queue"] == [0]
    assert [seat_view(state, s)["pass"] for s in range(3)] == ["random", "unrevealed", "unrevealed"]
    assert [a for a, p in state.chance_outcomes()] == [
        state.game.parse_action(f"draw:{i}") for i in range(4)
    ]
    assert {p for _, p in state.chance_outcomes()} == {0.25}
    assert hand(state, 0) == ["pay", "pay", "steal", "steal"]
    draw(state, "steal")
    assert hand(state, 0) == ["pay", "pay", "pay", "steal", "boom"]  # + the BOOM, + seat 2's pay
    assert hand(state, 1).count("steal") == 3  # the steal went left
    assert all(state.view(seat)["log"][-1] == {"seat": "chance", "move": "?"} for seat in (0, 1))


def test_passed_cards_stay_face_down_until_they_are_in_the_receivers_hand() -> None:
    """Rulebook: "All players left alive will then pass a card face-down to the next player in
    the direction of the Turn Order Token." (boom-passing: all at once; the random cards are
    drawn once everyone has passed, and nobody sees which card was drawn: it is in the
    receiver's hand, where the others see it, when the cards change hands.)"""
    state = new_state(3)
    turns(state, "pay/boom pay/pay pay/pay")
    choose(state, "l l l")
    run(state, "pass:random")
    # seat 1 chooses without knowing how seat 0 passed, let alone which card
    assert state.current_player() == 1 and seat_view(state, 0, 1)["pass"] == "?"
    assert seat_view(state, 0, 1)["outgoing"] is None
    run(state, "pass:random pass:unrevealed")
    assert state.view(None)["queue"] == [0, 1]
    before = {seat: state.view(seat)["seats"][0]["hand"] for seat in (1, 2)}
    draw(state, "steal")  # seat 0's card (for seat 1); seat 1's is still to draw
    assert state.view(None)["phase"] == "pass-draw" and state.view(None)["queue"] == [1]
    for viewer in (None, 0, 1, 2):
        view = state.view(viewer)
        assert view["seats"][0]["outgoing"] == {"card": None}
        assert view["log"][-1] == {"seat": "chance", "move": "?"}
        if viewer in before:  # seat 0's hand still holds it: nobody can tell which
            assert view["seats"][0]["hand"] == before[viewer]
    draw(state, "pay")
    assert state.view(None)["phase"] == "pick-left"  # the cards have changed hands
    assert hand(state, 1).count("steal") == 3  # seat 0's steal went left, shown to seats 0, 2
    assert seat_view(state, 1, 2)["hand"] == hand(state, 1)
    assert seat_view(state, 1, 1)["hand"] is None


def test_eliminated_players_neither_pass_nor_receive() -> None:
    """Rulebook: "You are eliminated from the current Shootout and do not pass any cards to any of
    the other players." (boom-passing: "The cards go to the next living player in the token's
    direction; eliminated players neither pass nor receive.")"""
    state = new_state(4)
    turns(state, "pay/steal pay/boom pay/pay pay/pay")
    choose(state, "l r l l")
    assert not seat_view(state, 1)["alive"]
    pass_all(state)
    assert hand(state, 2).count("steal") == 3  # seat 0's unrevealed steal skipped dead seat 1
    assert len(hand(state, 1)) == 5
    assert state.view(None)["token"] == {"holder": 2, "direction": "right"}


# -- End of a shootout -----------------------------------------------------------------------------


# -- End of a shootout: the loot, the clean up, the dues -------------------------------------------


def test_a_shootout_ends_when_every_living_player_has_one_card_left() -> None:
    """Rulebook: "Continue playing Turns and Showdowns [...] until all living players have 1 card
    left unplayed, or only 1 player is left alive. Those who survived have won the Shootout!"
    (boom-end-of-shootout: checked at the end of every showdown, before the passing: after the
    showdown of the round that starts with two cards in every hand nobody passes.)"""
    state = new_state(3)
    for _ in range(4):
        play_round(state)
    assert [len(hand(state, seat)) for seat in range(3)] == [2, 2, 2]
    assert state.view(None)["token"] == {"holder": 1, "direction": "left"}
    turns(state, "steal/boom steal/boom steal/boom")
    assert [len(hand(state, seat)) for seat in range(3)] == [0, 0, 0]
    pot = state.pot_value
    version = state.state_id
    choose(state, "l l l")
    view = state.view(None)
    assert [entry["move"] for entry in view["log"][version:]] == ["left", "left", "left"]
    assert view["results"] == [{"survivors": [1, 2, 0], "share": pot // 3}]
    assert events(state, "loot", since=version) == [(s, "loot", pot // 3, None) for s in (1, 2, 0)]
    # the next shootout: hands reset, everybody alive, the token on Pass Left with the player to
    # the left of the last First Player (nobody blew up: boom-first-player)
    assert view["shootout"] == 2 and view["phase"] == "pick-left"
    assert view["token"] == {"holder": 2, "direction": "left"} and view["turn"] == 2
    assert all(hand(state, seat) == FULL_HAND for seat in range(3))
    assert all(data["alive"] and data["played"] == [] for data in view["seats"])


def test_the_last_player_alive_takes_the_whole_pot() -> None:
    """Rulebook, End of Shootout — Grab the Loot: "If 1 player is left, they will take the entire
    winning pot." (boom-end-of-shootout: "as soon as one player or none is alive".) The player who
    last blew up starts the next shootout (boom-first-player: of several in the same showdown,
    the last one in resolution order)."""
    state = new_state(3)
    turns(state, "pay/pay boom/pay boom/pay")
    choose(state, "l l l")
    view = state.view(None)
    assert view["results"] == [{"survivors": [0], "share": 4}]  # the ante (3) and seat 0's pay
    assert view["shootout"] == 2  # no passing: the shootout ended at once
    assert events(state, "loot") == [(0, "loot", 4, None)]
    assert events(state, "dues") == [
        (0, "dues", 2, None),
        (1, "dues", 1, None),
        (2, "dues", 1, None),
    ]
    assert coins(state) == [12 - 1 + 4 - 2 - 1, 12 - 1 - 1, 12 - 1 - 1]  # then the next ante
    assert view["token"] == {"holder": 2, "direction": "left"}


def test_when_everybody_blows_up_the_pot_carries_over() -> None:
    """Rulebook, Finer Details: "On rare occasions, all players could have played a BOOM Card by
    the end of the Shootout. If that is the case, all money is left in the winning pot for the
    next Shootout and players move on to End of Shootout Cleanup." The token is back on Pass Left
    (boom-first-player)."""
    state = new_state(3)
    play_round(state)  # the token moves to seat 1 and flips to Pass Right
    pot = state.pot_value
    turns(state, "boom/pay boom/pay boom/pay")
    choose(state, "l l l")
    view = state.view(None)
    assert view["results"][0] == {"survivors": [], "share": 0}
    assert events(state, "pot-carries-over") == [(None, "pot-carries-over", pot, None)]
    assert events(state, "dues") == [(s, "dues", 1, None) for s in (1, 2, 0)]  # nobody won
    assert state.pot_value == pot + 3 + 3  # the dues and the next ante
    assert view["token"] == {"holder": 0, "direction": "left"}  # seat 0 blew up last (1, 2, 0)


@pytest.mark.parametrize(
    ("pot", "share", "after", "taken"),
    [
        ((3, 1), 5, (0, 1), (1, 0)),  # 16: a gold coin each, 1 silver stays
        ((1, 2), 2, (0, 1), (0, 2)),  # 7: silver each (the pot changes its gold), 1 stays
        ((0, 2), 0, (0, 2), (0, 0)),  # 2 among three: nobody takes anything
    ],
    ids=["gold", "change", "too-little"],
)
def test_the_pot_is_split_evenly_and_the_rest_stays(
    pot: tuple[int, int], share: int, after: tuple[int, int], taken: tuple[int, int]
) -> None:
    """Rulebook: "If multiple players are left, they will split the winning pot evenly. Any extra
    coins are left in the center to start the winning pot for the next round." (boom-loot: the
    value divided by the survivors, rounded down; "gold where the pot has it, else silver; the pot
    makes change".)"""
    state = new_state(3, shootouts=1)
    for _ in range(4):
        play_round(state)
    turns(state, "steal/boom steal/boom steal/boom")
    set_pot(state, *pot)
    before = [(state._gold[s], state._silver[s]) for s in range(3)]
    value = total(state)
    choose(state, "l l l")  # every steal goes round: nobody's coins change
    assert state.view(None)["results"] == [{"survivors": [1, 2, 0], "share": share}]
    assert (state._pot_gold, state._pot_silver) == after
    for seat in range(3):
        assert (state._gold[seat] - before[seat][0], state._silver[seat] - before[seat][1]) == taken
    assert total(state) == value


def test_clean_up_and_dues() -> None:
    """Rulebook, End of Round Clean Up: "All players at the table will now reset their hands to
    the Starting Setup and turn their Character Card back over with the BOOM side face-down. [...]
    Any player who won the Shootout puts 2 silver into the winning pot. All other players put 1
    coin (if possible) into the winning pot. If a player is unable to put a coin into the pot
    (because they have no money), they continue playing as normal." """
    state = new_state(4)
    for _ in range(4):
        play_round(state)
    turns(state, "steal/boom steal/boom steal/boom steal/boom")
    set_coins(state, 3, 0, 0)
    choose(state, "l l r r")  # seats 2 and 3 reveal their BOOMs (seat 2 steals from nobody)
    assert events(state, "dues") == [
        (0, "dues", 2, None),
        (1, "dues", 2, None),
        (2, "dues", 1, None),
        (3, "dues", 0, None),  # no money: nothing to pay, and seat 3 plays on
    ]
    view = state.view(None)
    assert view["shootout"] == 2
    assert all(data["alive"] for data in view["seats"])
    assert all(hand(state, seat) == FULL_HAND for seat in range(4))
    assert view["token"]["holder"] == 3 and view["turn"] == 3
    assert state.current_player() == 0  # seat 3 plays its turn, seat 0 picks for it
    assert events(state, "ante")[-4:] == [
        (3, "ante", 0, None),
        (0, "ante", 1, None),
        (1, "ante", 1, None),
        (2, "ante", 1, None),
    ]


def test_no_dues_after_the_last_shootout() -> None:
    """Rulebook, Winning the Game: "After 3 Shootouts have been played, all coins are counted."
    (boom-last-shootout: the clean up prepares the next shootout, so after the last one there is
    none; what stays in the pot belongs to nobody.)"""
    state = new_state(3, shootouts=1)
    for _ in range(4):
        play_round(state)
    turns(state, "steal/boom steal/boom steal/boom")
    set_pot(state, 0, 13)
    choose(state, "l l l")
    assert events(state, "dues") == []
    assert state.pot_value == 1  # 13 among three: 4 each, 1 stays
    assert state.view(None)["phase"] == "tie"  # all equal: see the tie-breaker tests


def test_three_shootouts_and_the_most_coins_win() -> None:
    """Rulebook, Winning the Game: "After 3 Shootouts have been played, all coins are counted. The
    player with the most coins is declared the winner!" (boom-tie-break: by value, 1 gold = 5
    silver; scores are the coin values.)"""
    state = new_state(3)
    for shootout in (1, 2):
        while state.view(None)["shootout"] == shootout:
            play_round(state)
    assert len(events(state, "dues")) == 6
    # the last shootout: seat 1 blows up at once, then seat 2: seat 0 takes the pot
    play_round(state, {1: "boom/pay l"})
    assert state.view(None)["standoff"]
    pot = state.pot_value
    play_round(state, {2: "boom/pay l"})
    assert state.is_terminal()
    view = state.view(None)
    assert view["shootout"] == 3 and len(view["results"]) == 3
    assert view["results"][2] == {"survivors": [0], "share": pot + 1}  # + seat 0's pay
    assert len(events(state, "dues")) == 6  # none after the last
    outcome = state.outcome()
    assert outcome is not None
    assert coins(state) == [10 - 1 - 1 + pot + 1, 10, 10 - 1]
    assert outcome.scores == tuple(float(c) for c in coins(state))
    assert outcome.winners == frozenset({0})
    assert outcome.reason == "most coins"


def last_showdown(cards: list[str], money: list[int], pot: int) -> BoomState:
    """A 3-player game of one shootout at its last showdown: every hand is empty, the cards and
    coins laid out as given (see ``helpers.lay_out``), the pot holding ``pot`` silver."""
    state = new_state(3, shootouts=1)
    for _ in range(4):
        play_round(state)
    turns(state, "steal/boom steal/boom steal/boom")
    lay_out(state, cards)
    for seat, value in enumerate(money):
        set_coins(state, seat, 0, value)
    set_pot(state, 0, pot)
    return state


def test_tie_break_fewest_booms_unplayed() -> None:
    """Rulebook, Tie Breaker: "The player with the fewest BOOM Cards left in their hand of
    unplayed cards wins." (boom-tie-break: a survivor's hand and unrevealed card.)"""
    state = last_showdown(
        [
            "pay pay pay steal | pay boom | ",  # reveals the pay: a BOOM stays unplayed
            "pay pay steal steal | pay steal | ",  # reveals the pay: no BOOM unplayed
            "pay pay steal steal | boom boom | ",  # blows up
        ],
        money=[5, 5, 1],
        pot=4,
    )
    choose(state, "l l l")
    assert coins(state) == [7, 7, 1]  # 5 - 1 + 6 // 2
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == frozenset({1})
    assert outcome.scores == (7.0, 7.0, 1.0)  # scores stay the coin values
    assert outcome.reason == "most coins, tie broken by the fewest BOOM cards unplayed"


def test_tie_break_fewest_steals_played() -> None:
    """Rulebook, Tie Breaker: "If there is still a tie... The player who has the fewest number of
    steals in their Played Card Pile wins." """
    state = last_showdown(
        [
            "pay pay steal steal | pay boom | ",
            "pay pay pay steal | pay boom | ",
            "pay steal steal steal | pay boom | ",
        ],
        money=[5, 5, 1],
        pot=4,
    )
    choose(state, "l l l")
    assert coins(state) == [6, 6, 2]  # the pot (7) split three ways, 1 stays
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == frozenset({1})
    assert outcome.reason == (
        "most coins, tie broken by the fewest BOOM cards unplayed, then by the fewest steals played"
    )


def test_tie_break_a_face_down_steal_counts() -> None:
    """Rulebook, Tie Breaker: "The player who has the fewest number of steals in their Played Card
    Pile wins." (boom-tie-break: the card Carla put face down in her pile "as if it had been
    revealed" is turned up for the count, and a Steal there counts.) Seat 1's second Steal lies
    face down: without it seats 0 and 1 would still be tied."""
    state = last_showdown(
        [
            "pay pay pay steal | pay boom | ",
            "pay pay steal steal | pay boom | ",
            "pay steal steal steal | pay boom | ",
        ],
        money=[5, 5, 1],
        pot=4,
    )
    state._down = state._played[1][3]  # as if Carla had saved herself with it
    assert seat_view(state, 1)["played"] == ["pay", "pay", "steal", None]
    choose(state, "l l l")
    assert coins(state) == [6, 6, 2]
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == frozenset({0})
    assert outcome.reason.endswith("then by the fewest steals played")
    assert seat_view(state, 1)["played"] == ["pay", "pay", "steal", "steal", "pay"]  # all shown


def test_tie_break_the_final_draw() -> None:
    """Rulebook, Tie Breaker: "If there is still a tie... Have an eliminated player collect BOOM
    Cards for the number of tied players minus 1, then add 1 Click Card. Shuffle the cards, then
    let player chooses a card [...] The player that chose the Click Card wins." (boom-tie-break:
    one chance event, each tied player equally likely; at the end every unplayed card is shown.)"""
    state = new_state(3, shootouts=1)
    while state.current_player() != CHANCE:
        play_round(state)  # everybody plays the same: the same coins, BOOMs and steals
    view = state.view(None)
    assert view["phase"] == "tie" and view["tied"] == [0, 1, 2]
    assert view["reason"] == (
        "most coins, tie broken by the fewest BOOM cards unplayed, then by the fewest steals played"
    )
    assert state.chance_outcomes() == [
        (state.game.parse_action(f"tie:{s}"), 1 / 3) for s in range(3)
    ]
    assert all(seat_view(state, seat, seat)["hand"] == ["boom"] for seat in range(3))
    run(state, "tie:2")
    outcome = state.outcome()
    assert outcome is not None and state.current_player() == TERMINAL
    assert outcome.winners == frozenset({2})
    assert outcome.scores == (13.0, 13.0, 13.0)  # the coins: scores do not change
    assert outcome.reason.endswith("then by the fewest steals played, then by the draw")


def test_every_rules_decision_is_tested() -> None:
    """Every decision in ``docs/rules-decisions.md`` for this game is cited by a test here."""
    folder = Path(__file__).parent
    text = "".join(path.read_text() for path in folder.glob("test_*.py"))
    for decision in new_game().rules_decisions:
        assert f"{decision.key}:" in text or f"({decision.key}" in text, decision.key
