"""Click Click Boom variants: the 2-Player Stand-Off, Quick Play and Advanced Play.

Scripts as in ``test_rules.py``: ``turns(state, "pay/steal")`` is a turn whose left neighbour
picks a pay and whose right neighbour picks a steal; in the stand-off the second kind is the card
chance draws from the player's own hand; ``=`` is the Advanced same-card pick (``R=``), ``=pay``
then draws a pay.
"""

from __future__ import annotations

import pytest

from clickbox.core import CHANCE, TERMINAL, OptionError, play
from tests.checks import legal, refused

from .helpers import (
    choose,
    coins,
    draw,
    events,
    hand,
    new_game,
    new_state,
    pass_all,
    pick,
    play_round,
    run,
    seat_view,
    table,
    turns,
    with_characters,
)

# -- the 2-Player Stand-Off ------------------------------------------------------------------------


def test_the_standoff_turn() -> None:
    """Rulebook, 2-Player Stand-Off, Turn - Part 1: "The current player asks the other remaining
    player which card they should play. [...] They must pick 1 card out of the current player's
    hand, then place it face-down on the table to left side of the current player." Part 2: "The
    current player must pick a card at random from their own hand and then place that card
    face-down on the table on their right side. The other player now completes their Turn."
    (boom-players: with 2 players the whole game is the stand-off; boom-standoff.)"""
    state = new_state(2)
    assert state.view(None)["standoff"]
    assert state.current_player() == 1
    assert not any(move.startswith("R") for move in legal(state))
    pick(state, "steal", "pay")
    assert state.current_player() == CHANCE and state.view(None)["phase"] == "draw-right"
    assert state.chance_outcomes() == [
        (state.game.parse_action(f"draw:{i}"), 0.2) for i in range(5)
    ]
    draw(state, "boom")
    assert table(state, 0) == ("steal", "boom")
    assert seat_view(state, 0, 1)["right"] == {"card": "boom", "claim": None, "by": "chance"}
    assert seat_view(state, 0, 0)["right"] == {"card": None, "claim": None, "by": "chance"}
    assert seat_view(state, 0)["drawn"]
    assert [entry["move"] for entry in state.view(0)["log"]] == ["L?:pay", "?"]
    assert [entry["move"] for entry in state.view(1)["log"]] == ["L3:pay", "draw:4"]
    assert state.view(None)["turn"] == 1 and state.current_player() == 0  # the other's turn
    pick(state, "pay")
    draw(state, "pay")
    assert state.view(None)["phase"] == "choose"


def test_the_standoff_showdown_trust_or_chance() -> None:
    """Rulebook, 2-Player Stand-Off, Showdown: "each player must pick either the card on their
    left or the card on their right. When both players have made their decision to either trust
    the other player or trust their random pick, they then reveal their cards simultaneously. The
    rest of the Showdown continues as normal." "Note: Make sure that the Turn Order Token gets
    passed to the other player, and flipped, at the end of each Showdown." (boom-standoff: a Steal
    on either side pays the other player.)"""
    state = new_state(2)
    turns(state, "steal/steal pay/steal")
    run(state, "trust", seat=0)  # "left": the other player's pick
    assert seat_view(state, 0, 1)["choice"] == "?"
    run(state, "chance", seat=1)  # "right": the random card
    assert [seat_view(state, seat)["choice"] for seat in range(2)] == ["left", "right"]
    assert events(state, "steal") == [(0, "steal", 2, 1), (1, "steal", 2, 0)]
    assert coins(state) == [12, 12]
    pass_all(state)
    assert state.view(None)["token"] == {"holder": 1, "direction": "right"}
    assert state.view(None)["turn"] == 1 and state.current_player() == 0


def test_a_standoff_draw_from_one_card_needs_no_chance() -> None:
    """boom-hands: "A draw from a one-card hand needs no chance step." The last round of a
    stand-off starts with two cards in each hand: the left pick leaves the right card."""
    state = new_state(2)
    for _ in range(4):
        play_round(state)
    assert [len(hand(state, seat)) for seat in range(2)] == [2, 2]
    pick(state, "safe")
    assert state.view(None)["turn"] == 1 and state.current_player() == 0
    assert hand(state, 0) == [] and None not in table(state, 0)
    assert [entry["move"] for entry in state.view(0)["log"][-1:]] == ["L?"]


@pytest.mark.parametrize(
    ("sides", "result"),
    [
        ("r r", []),  # both play their BOOM: the pot carries over
        ("l r", [0]),  # seat 1 blows up, seat 0 takes the pot
        ("l l", [0, 1]),  # both have one card left: they split it
    ],
    ids=["both-boom", "one-alive", "one-card-left"],
)
def test_the_standoff_ends(sides: str, result: list[int]) -> None:
    """Rulebook, 2-Player Stand-Off: "Continue to play until both players have 1 card left
    unplayed, 1 player is left alive, or both players have played a BOOM Card, then move on to End
    of Shootout Cleanup." """
    state = new_state(2)
    for _ in range(4):
        play_round(state)
    turns(state, "safe/boom safe/boom")
    choose(state, sides)
    assert state.view(None)["shootout"] == 2
    assert state.view(None)["results"][0]["survivors"] == result


def test_two_players_left_play_the_standoff() -> None:
    """Rulebook, Finer Details: "If there are only 2 players left alive that can still play at the
    end of a Showdown, please use the 2-Player Stand-Off rules on the next page for the rest of
    the Shootout." (boom-players: the stand-off starts after that showdown's passing, which goes
    on as usual.)"""
    state = new_state(3)
    turns(state, "pay/pay boom/pay pay/boom")
    assert not state.view(None)["standoff"]
    choose(state, "l l l")
    assert state.view(None)["standoff"]
    assert state.view(None)["queue"] == [0, 2]
    pass_all(state)  # seat 0's pay goes to seat 2, seat 2's BOOM to seat 0 (the next living)
    assert hand(state, 0).count("boom") == 2
    view = state.view(None)
    assert view["token"] == {"holder": 2, "direction": "right"} and view["order"] == [2, 0]
    assert state.current_player() == 0  # the other player picks the left card
    pick(state, "pay")
    assert view["turn"] == 2 and state.current_player() == CHANCE  # the right card: chance
    draw(state, "steal")
    assert seat_view(state, 2)["right"]["by"] == "chance"


def test_heather_asks_only_about_the_picked_card_in_the_standoff() -> None:
    """boom-heather: "A right card drawn at random (stand-off, Advanced ``R=``) was picked by
    nobody, so only the left card can be asked about then." """
    state = with_characters("heather", "carla")
    turns(state, "pay/pay pay/pay")
    assert legal(state) == ["ask:left", "skip"]
    run(state, "ask:left")
    assert seat_view(state, 0, 0)["left"]["card"] == "pay"
    assert seat_view(state, 0, 0)["right"]["card"] is None


# -- Quick Play ------------------------------------------------------------------------------------


def test_quick_play_setup() -> None:
    """Rulebook, Quick Play: "Quick Play does not use any coins for play. Text and icons on the
    Click Cards that refer to money are ignored and Character Ability Cards are not used." "Each
    player starts with 5 Click Cards and 1 BOOM Card." (boom-quick, boom-claims: the claims are
    none, click or boom.)"""
    state = new_state(4, mode="quick", characters="random")
    view = state.view(None)
    assert view["mode"] == "quick" and view["pot"] is None and view["shootouts"] == 1
    assert view["phase"] == "pick-left"  # no characters to deal
    for seat, data in enumerate(view["seats"]):
        assert data["coins"] is None and data["character"] is None
        assert hand(state, seat) == ["click"] * 5 + ["boom"]
    assert events(state) == []  # no ante
    assert legal(state)[:3] == ["L0", "L0:click", "L0:boom"] and len(legal(state)) == 18


def test_quick_play_the_survivors_win() -> None:
    """Rulebook, Quick Play: "The game plays as normal, with Click Cards being a safe card to play
    and BOOM Cards eliminating a player. Play for 1 Shootout. The player (or players) with 1
    unplayed card left is declared the winner!" """
    state = new_state(3, mode="quick")
    turns(state, "click/click boom/click click/click")
    choose(state, "l l l")
    assert events(state) == [(0, "click", 0, None), (2, "click", 0, None), (1, "boom", 0, None)]
    while not state.is_terminal():
        play_round(state)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == frozenset({0, 2})
    assert outcome.scores == (1.0, 0.0, 1.0)
    assert outcome.reason == "survived the shootout"
    assert len(hand(state, 0)) == 1 and len(hand(state, 2)) == 1


def test_quick_play_the_last_one_standing_wins() -> None:
    state = new_state(3, mode="quick")
    turns(state, "click/click boom/click boom/click")
    choose(state, "l l l")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == frozenset({0})


def test_quick_play_when_everybody_blows_up() -> None:
    """boom-quick: "If everybody has blown up, the players who blew up in the last showdown share
    the win." """
    state = new_state(3, mode="quick")
    play_round(state, {0: "boom/click l"})
    turns(state, "boom/click boom/click")
    choose(state, "l l")
    outcome = state.outcome()
    assert outcome is not None and state.current_player() == TERMINAL
    assert outcome.winners == frozenset({1, 2})
    assert outcome.scores == (0.0, 1.0, 1.0)
    assert outcome.reason == "all blew up; the last to blow up share it"


# -- Advanced Play ---------------------------------------------------------------------------------


def test_advanced_the_right_neighbour_may_pick_the_same_card() -> None:
    """Rulebook, Turn — Part 2 (Advanced): "The player on the right then picks 1 card out of the
    current players hand, placing it face-down on the table between them, or picks the same card
    as the player on the left. If the same card is picked, the current player will have to
    randomly choose a card from their own hand, placing it face-down on the table to the right."
    (boom-advanced: ``R=``; the left card is that card, the right card is drawn at random, and
    what the right neighbour says is about the card it picked: the left one.)"""
    state = new_state(3, advanced=True)
    pick(state, "steal", "pay")
    assert legal(state)[-4:] == ["R=", "R=:pay", "R=:steal", "R=:boom"]
    run(state, "R=:boom")
    assert state.current_player() == CHANCE and len(state.chance_outcomes()) == 5
    data = seat_view(state, 0)
    assert data["same"] and data["drawn"] and data["same_claim"] == {"claim": "boom", "by": 2}
    assert data["right"] is None
    draw(state, "pay")
    assert table(state, 0) == ("steal", "pay")
    for viewer in (None, 0, 1, 2):
        data = seat_view(state, 0, viewer)
        # the claim goes with the card both picked; the random right card carries none
        assert data["left"]["claim"] == "pay" and data["same_claim"]["claim"] == "boom"
        assert data["right"]["claim"] is None and data["right"]["by"] == "chance"
    assert seat_view(state, 0, 1)["right"] == {"card": "pay", "claim": None, "by": "chance"}
    assert [entry["move"] for entry in state.view(0)["log"]] == ["L?:pay", "R=:boom", "?"]
    assert [entry["move"] for entry in state.view(1)["log"]][-1] == "draw:0"


def test_advanced_a_steal_picked_for_you_by_both_is_blocked() -> None:
    """Rulebook, Showdown (Advanced): "Click: 2 Coins Stolen - Picked for You — If you play this
    card, and it was chosen by both left and right players, neither player receives the money.
    This is an effective way to block someone from stealing." """
    state = new_state(3, advanced=True)
    turns(state, "steal/=pay pay/pay pay/pay")
    choose(state, "l l l")
    assert events(state, "steal-blocked", "steal") == [(0, "steal-blocked", 0, None)]
    assert coins(state) == [12, 11, 11]


def test_advanced_a_steal_picked_by_you_is_blocked() -> None:
    """Rulebook, Showdown (Advanced): "Click: 2 Coins Stolen - Picked by You — If you play this
    card, and it was chosen by you, no player steals from you." (boom-advanced: a Steal drawn at
    random steals nothing.)"""
    state = new_state(3, advanced=True)
    turns(state, "pay/=steal pay/pay pay/pay")
    choose(state, "r l l")
    assert events(state, "steal-blocked", "steal") == [(0, "steal-blocked", 0, None)]
    assert coins(state) == [12, 11, 11]


def test_advanced_a_steal_picked_by_one_neighbour_still_pays() -> None:
    """Rulebook, Showdown (Advanced): the blocks are for a card picked by both neighbours or by
    you; a steal one neighbour picked pays as usual (boom-advanced: "Pay and BOOM are
    unchanged")."""
    state = new_state(3, advanced=True)
    turns(state, "steal/pay pay/steal pay/pay")
    choose(state, "l r l")
    assert events(state, "steal") == [(0, "steal", 2, 1), (1, "steal", 2, 0)]


def test_advanced_the_standoff_random_card_is_picked_by_you() -> None:
    """boom-standoff: "In Advanced Play the random right card counts as 'picked by you' and steals
    nothing." """
    state = new_state(2, advanced=True)
    turns(state, "pay/steal steal/pay")
    choose(state, "r l")
    assert events(state, "steal-blocked", "steal") == [
        (0, "steal-blocked", 0, None),
        (1, "steal", 2, 0),
    ]


def test_advanced_blocks_hold_when_brandon_forced_the_card() -> None:
    """boom-advanced: "These blocks also hold when Brandon forced the card." """
    state = with_characters("brandon", "carla", "rory", advanced=True)
    turns(state, "pay/pay steal/=pay pay/pay")
    assert seat_view(state, 1)["same"]
    run(state, "force:1:left")
    choose(state, "l l")
    assert events(state, "steal-blocked", "steal") == [(1, "steal-blocked", 0, None)]
    assert coins(state)[0] == 11


def test_advanced_same_card_from_a_two_card_hand() -> None:
    """boom-hands: "A draw from a one-card hand needs no chance step": ``R=`` on the last two cards
    leaves the right card."""
    state = new_state(3, advanced=True)
    for _ in range(4):
        play_round(state)
    pick(state, "safe")
    run(state, "R=")
    assert state.current_player() != CHANCE and None not in table(state, 1)
    assert seat_view(state, 1)["right"]["by"] == "chance"


def test_advanced_in_quick_play() -> None:
    """boom-quick: "Advanced Play's same-card pick works in Quick Play too." """
    state = new_state(3, mode="quick", advanced=True)
    pick(state, "click", "boom")
    assert "R=:click" in legal(state) and "R=:pay" not in legal(state)
    run(state, "R=:click")
    draw(state, "boom")
    assert table(state, 0) == ("click", "boom")
    play(state, "L0")
    assert state.view(None)["phase"] == "pick-right"


# -- Smaller games (options pay_cards, steal_cards, boom_cards, start_gold, start_silver, claims) --


def test_a_smaller_hand_and_purse() -> None:
    """The cards and coins a player starts with are options (boom-small-game): the shootout ends
    as the rulebook says, "until all living players have 1 card left unplayed", from any hand."""
    state = new_state(
        2, pay_cards=1, steal_cards=1, boom_cards=1, start_gold=0, start_silver=2, shootouts=1
    )
    for seat in range(2):
        assert hand(state, seat) == ["pay", "steal", "boom"]
    assert coins(state) == [1, 1], "2 silver each, less the ante"
    assert state.config.composition == (2, 2, 0, 2)
    showdowns = 0
    while state.view(None)["phase"] not in ("tie", "over"):
        play_round(state)  # safe left cards: nobody blows up
        showdowns += 1
    assert [len(hand(state, seat)) for seat in range(2)] == [1, 1]
    assert showdowns == 2, "a hand of 3 plays two showdowns (3 cards, then 2, then 1 left)"


def test_quick_play_reads_its_click_cards_off_the_pay_and_steal_cards() -> None:
    state = new_state(3, mode="quick", pay_cards=2, steal_cards=0, boom_cards=2)
    assert hand(state, 0) == ["click", "click", "boom", "boom"]
    assert state.view(None)["seats"][0]["coins"] is None, "Quick Play has no coins, whatever set"


def test_without_claims_a_pick_says_nothing() -> None:
    """Option claims=false: a smaller game for solvers (cheap talk cannot change the value of a
    two-player zero-sum game: boom-small-game)."""
    state = new_state(3, claims=False)
    assert legal(state) == ["L0", "L1", "L2", "L3", "L4", "L5"]
    refused(state, "L0:boom", "this game has no claims (option claims=false): a pick says nothing")
    message = refused(state, "pass:random", "left card: L0..L5")
    assert message.endswith("left card: L0..L5"), "no claims offered"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"pay_cards": 5, "steal_cards": 2},
            "a starting hand holds 3 to 6 cards (pay_cards + steal_cards + boom_cards), not 8",
        ),
        (
            {"pay_cards": 1, "steal_cards": 0, "boom_cards": 1},
            "a starting hand holds 3 to 6 cards (pay_cards + steal_cards + boom_cards), not 2",
        ),
        ({"start_silver": -1}, "option 'start_silver' must be an integer 0..100 (got -1)"),
    ],
)
def test_a_hand_or_purse_the_game_cannot_hold_is_refused(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(OptionError) as caught:
        new_game(3, **options)
    assert str(caught.value) == message
