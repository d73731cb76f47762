"""Click Click Boom characters: one test per ability, its moment, and its once-per-shootout use.

Rulebook, Character Bios & Ability Descriptions: "Character Abilities are playable once per
Shootout. If a player chooses to use their ability during a Shootout, they then flip their
Character Ability Card over and leave it face-down until End of Shootout Cleanup. During End of
Shootout Cleanup, used Character Ability Cards are flipped back over, face up, and are usable
again for the next Shootout." (boom-characters: each ability is a decision offered only at its
moment, use it or ``skip``, to a living holder whose ability is ready.)

The games here choose their characters (option ``characters=chosen``, seat 0 first).
"""

from __future__ import annotations

import random

from clickbox.core import CHANCE, play
from clickbox.games.boom import BoomGame, BoomState
from clickbox.games.boom.board import BOOM, STEAL
from tests.checks import legal

from .helpers import (
    choose,
    coins,
    draw,
    events,
    hand,
    pass_all,
    pick,
    play_round,
    run,
    seat_view,
    set_pot,
    table,
    turns,
    with_characters,
)

HISTORY_FREE = dict.fromkeys(BoomGame.history_view_keys)


def end_shootout(state: BoomState, dead: tuple[int, ...]) -> None:
    """Play a round in which the players ``dead`` reveal a BOOM (their left card)."""
    shootout = state.view(None)["shootout"]
    play_round(state, dict.fromkeys(dead, "boom/safe l"))
    assert state.view(None)["shootout"] == shootout + 1


def abilities(state: BoomState) -> list[str | None]:
    return [data["ability"] for data in state.view(None)["seats"]]


# -- Carla Coyote ----------------------------------------------------------------------------------


def carla_reveals_a_boom() -> BoomState:
    """Carla (seat 0) reveals the BOOM her left neighbour picked; Brandon and Heather skip."""
    state = with_characters("carla", "brandon", "heather")
    turns(state, "boom/pay pay/pay pay/pay")
    run(state, "skip skip")  # Brandon, Heather
    choose(state, "l l l")
    return state


def test_carla_saves_herself_from_a_boom() -> None:
    """Rulebook, Carla Coyote: "During the Showdown, if the card you picked is a BOOM Card put it
    back in your hand and shuffle face-down. The BOOM Card does not effect you; you remain alive!
    Choose a random card from your hand and place it face-down in to your Played Card Pile, as if
    it had been revealed." (boom-carla: offered before any card takes effect; the card drawn counts
    as played but has no effect, and lies face down.)"""
    state = carla_reveals_a_boom()
    view = state.view(None)
    assert view["phase"] == "carla-save" and state.current_player() == 0
    assert legal(state) == ["save", "skip"]
    assert events(state, "pay") == []  # nothing has taken effect yet
    before = coins(state)
    run(state, "save")
    assert state.current_player() == CHANCE  # a random card of her hand, the BOOM back in it
    assert hand(state, 0) == ["pay", "pay", "steal", "steal", "boom"]
    assert len(state.chance_outcomes()) == 5
    assert seat_view(state, 0)["played"] == []
    draw(state, "steal")
    assert state.view(0)["log"][-1] == {"seat": "chance", "move": "?"}
    assert state.view(1)["log"][-1] == {"seat": "chance", "move": "?"}
    carla = seat_view(state, 0)
    assert carla["alive"] and carla["ability"] == "used"
    assert carla["played"] == [None] and carla["revealed"] is None  # face down
    assert state._played[0] == [state._down] and hand(state, 0).count("steal") == 1
    assert hand(state, 0) == ["pay", "pay", "steal", "boom"]
    assert table(state, 0) == (None, "pay")  # her unrevealed card is passed as usual
    assert events(state, "saved", "steal", "boom") == [(0, "saved", 0, None)]
    assert coins(state)[0] == before[0]  # the steal drawn steals nothing
    assert coins(state)[1:] == [before[1] - 1, before[2] - 1]
    assert state.view(None)["phase"] == "pass" and state.view(None)["queue"] == [0, 1, 2]


def test_carla_may_draw_the_boom_again() -> None:
    """boom-carla: "The BOOM goes back into her hand first, so the random card may be that BOOM
    again." It goes to her played pile, and she stays alive."""
    state = carla_reveals_a_boom()
    run(state, "save")
    draw(state, "boom")
    assert seat_view(state, 0)["alive"] and seat_view(state, 0)["played"] == [None]
    assert hand(state, 0).count("boom") == 0  # the truth, which no view shows her


def test_carlas_card_lies_face_down_in_every_view() -> None:
    """Rulebook, Carla Coyote: "Choose a random card from your hand and place it face-down in to
    your Played Card Pile, as if it had been revealed"; Finer Details: "Revealed cards stay face
    up in your Played Card Pile [...] All other cards remain face-down." (boom-carla: no view
    shows its kind while it lies there, Carla's own included; the others see her hand, and may
    work it out from that, as at the table.)"""
    for kind in ("boom", "steal"):
        state = carla_reveals_a_boom()
        run(state, "save")
        draw(state, kind)
        for viewer in (None, 0, 1, 2):
            view = state.view(viewer)
            assert view["seats"][0]["played"] == [None], (viewer, view["seats"][0]["played"])
            assert view["log"][-1]["move"] == "?"
        # Carla cannot tell whether her BOOM is still in her hand: a rebuilt state deals it
        # anywhere among her unknown cards, the face-down card included
        game = state.game
        dealt = set()
        for seed in range(40):
            rebuilt = game.state_from_view(state.view(0), random.Random(seed))
            assert isinstance(rebuilt, BoomState)
            assert rebuilt.view(0) | HISTORY_FREE == state.view(0) | HISTORY_FREE
            dealt.add(state.config.kinds[rebuilt._down])
        assert {BOOM, STEAL} <= dealt
        pass_all(state)
        assert seat_view(state, 0)["played"] == [None]  # it stays face down


def test_carla_may_let_the_boom_go_off_and_saves_once_per_shootout() -> None:
    """Carla's ability is used once per shootout: a second BOOM is the end of her, and it is ready
    again in the next shootout."""
    state = carla_reveals_a_boom()
    run(state, "skip")
    assert not seat_view(state, 0)["alive"]
    state = carla_reveals_a_boom()
    run(state, "save")
    draw(state, "pay")
    pass_all(state)
    # round 2 (seats 1, 2, 0): Carla reveals her BOOM again, and so does seat 1
    turns(state, "boom/pay pay/pay boom/pay")
    run(state, "skip skip")
    choose(state, "l l l")
    assert state.view(None)["shootout"] == 2  # seat 2 is the last alive: no save was offered
    assert events(state, "boom") == [(1, "boom", 0, None), (0, "boom", 0, None)]
    assert abilities(state) == ["ready", "ready", "ready"]


# -- Brandon Bull ----------------------------------------------------------------------------------


def test_brandon_forces_a_player_and_takes_the_steal() -> None:
    """Rulebook, Brandon Bull: "At the start of the Showdown, before cards are revealed, force any
    player to pick the card of your choice. If it is a Click: Steal 2 Coins Card, then those coins
    go to you." (boom-brandon: any other living player and a side; that player has no choice; the
    force is public.)"""
    state = with_characters("brandon", "heather", "carla")
    turns(state, "pay/pay steal/pay pay/pay")  # seat 2 picked a steal for seat 1's left
    assert state.view(None)["phase"] == "showdown-ability" and state.current_player() == 0
    assert legal(state) == [
        "force:1:left",
        "force:1:right",
        "force:2:left",
        "force:2:right",
        "skip",
    ]
    run(state, "force:1:left")
    for viewer in (None, 0, 1, 2):
        view = state.view(viewer)
        assert view["force"] == {"by": 0, "seat": 1, "side": "left"}
        assert view["seats"][1]["choice"] == "left"
    assert seat_view(state, 0)["ability"] == "used"
    run(state, "skip")  # Heather
    assert state.current_player() == 0
    run(state, "left")
    assert state.current_player() == 2  # seat 1 has no choice to make
    run(state, "left")
    assert events(state, "forced-left") == [(1, "forced-left", 0, 0)]
    assert events(state, "steal") == [(1, "steal", 2, 0)]  # to Brandon, not to seat 2
    assert coins(state) == [12 - 1 + 2, 12 - 2, 12 - 1]
    pass_all(state)
    # once per shootout: the next showdown offers Heather only
    turns(state, "pay/pay pay/pay pay/pay")
    assert state.current_player() == 1 and legal(state) == ["ask:left", "ask:right", "skip"]
    run(state, "skip")
    assert state.view(None)["phase"] == "choose"
    choose(state, "l l l")
    pass_all(state)
    end_shootout(state, (1, 2))
    assert abilities(state) == ["ready", "ready", "ready"]


def test_brandon_and_heather_are_asked_from_the_first_player() -> None:
    """boom-characters: "When two abilities have the same moment (Brandon and Heather at the start
    of the showdown) they are offered in seat order from the First Player." """
    state = with_characters("heather", "carla", "brandon")
    turns(state, "pay/pay pay/pay pay/pay")
    assert state.view(None)["queue"] == [0, 2]
    run(state, "skip skip")
    choose(state, "l l l")
    pass_all(state)
    turns(state, "pay/pay pay/pay pay/pay")  # the First Player is seat 1 now: 1, 2, 0
    assert state.view(None)["queue"] == [2, 0] and state.current_player() == 2


# -- Heather Horse ---------------------------------------------------------------------------------


def test_heather_learns_what_a_neighbour_picked_for_her() -> None:
    """Rulebook, Heather Horse: "At the beginning of the Showdown, before cards are selected and
    revealed, pick the player on your left or right. They must truthfully tell you what card they
    picked for you." (boom-heather: only she learns the answer; everyone else knows it already.)"""
    state = with_characters("heather", "carla", "brandon")
    pick(state, "boom", "pay")
    pick(state, "pay", "boom")
    turns(state, "pay/pay pay/pay")
    assert state.current_player() == 0 and legal(state) == ["ask:left", "ask:right", "skip"]
    others = {viewer: state.view(viewer)["seats"] for viewer in (None, 1, 2)}
    assert seat_view(state, 0, 0)["left"] == {"card": None, "claim": "pay", "by": 1}
    run(state, "ask:left")
    assert seat_view(state, 0, 0)["left"] == {"card": "boom", "claim": "pay", "by": 1}
    assert seat_view(state, 0, 0)["right"] == {"card": None, "claim": "boom", "by": 2}
    for viewer, seats in others.items():
        view = state.view(viewer)
        assert view["told"] == {"seat": 0, "side": "left"}
        seats[0]["ability"] = "used"
        assert view["seats"] == seats  # nothing new for anybody else
    run(state, "skip")  # Brandon
    choose(state, "r l l")
    assert seat_view(state, 0)["alive"]
    pass_all(state)  # the BOOM goes to seat 1
    turns(state, "pay/steal pay/pay pay/pay")
    assert state.current_player() == 2 and legal(state) == [  # Brandon only: Heather has asked
        "force:0:left",
        "force:0:right",
        "force:1:left",
        "force:1:right",
        "skip",
    ]


# -- Felix Fox -------------------------------------------------------------------------------------


def test_felix_swaps_hands_with_a_player_still_to_play() -> None:
    """Rulebook, Felix Fox: "At the start of your Turn, you may swap your hand with another player.
    After swapping, both players must shuffle their new hands face-down before fanning them away
    from themselves." (boom-felix: "another living player who has not had their turn this
    round"; both forget their new hands.)"""
    state = with_characters("felix", "carla", "heather")
    assert state.view(None)["phase"] == "turn-ability" and state.current_player() == 0
    assert legal(state) == ["swap:1", "swap:2", "skip"]
    run(state, "skip")
    play_round(state, {0: "pay/pay", 1: "boom/steal r"})  # seat 1's BOOM goes to seat 2
    assert hand(state, 1) == ["pay", "pay", "pay", "pay", "steal"]
    # round 2 (seats 1, 2, 0): Felix plays last, nobody to swap with, nothing is offered
    turns(state, "pay/pay pay/pay")
    assert state.view(None)["turn"] == 0 and state.view(None)["phase"] == "pick-left"
    turns(state, "pay/steal")
    run(state, "skip")  # Heather
    choose(state, "l l l")
    pass_all(state)
    # round 3 (seats 2, 0, 1): Felix may swap with seat 1 only
    turns(state, "safe/safe")
    assert state.current_player() == 0 and legal(state) == ["swap:1", "skip"]
    mine, theirs = hand(state, 0), hand(state, 1)
    assert mine != theirs
    run(state, "swap:1")
    assert (hand(state, 0), hand(state, 1)) == (theirs, mine)
    assert seat_view(state, 0, 0)["hand"] is None and seat_view(state, 1, 1)["hand"] is None
    assert seat_view(state, 0, 2)["hand"] == theirs
    assert seat_view(state, 0)["ability"] == "used"
    assert state.view(None)["phase"] == "pick-left" and state.current_player() == 1
    turns(state, "safe/safe safe/safe")
    run(state, "skip")
    choose(state, "l l l")
    pass_all(state)
    # round 4 (seats 0, 1, 2): used this shootout, so not offered at the start of his turn
    assert state.view(None)["turn"] == 0 and state.view(None)["phase"] == "pick-left"
    end_shootout(state, (1, 2))
    assert state.view(None)["turn"] == 2 and abilities(state) == ["ready", "ready", "ready"]


# -- Rory Raccoon ----------------------------------------------------------------------------------


def test_rory_takes_coins_from_the_pot_at_the_end_of_a_showdown() -> None:
    """Rulebook, Rory Raccoon: "At the end of a Showdown, steal coins from the pot equal to the
    number of cards you have in your Played Card Pile from the entire Shootout so far." (boom-rory:
    after the revealed cards take effect; the card just revealed counts.)"""
    state = with_characters("rory", "carla", "heather")
    play_round(state)  # Rory skips the first time
    turns(state, "pay/pay pay/pay pay/pay")
    run(state, "skip")
    choose(state, "l l l")
    assert state.view(None)["phase"] == "rory-loot" and state.current_player() == 0
    assert legal(state) == ["loot", "skip"]
    assert len(events(state, "pay")) == 6  # the cards have taken effect
    pot, mine = state.pot_value, coins(state)[0]
    run(state, "loot")
    assert events(state, "rory") == [(0, "rory", 2, None)]  # two cards in his played pile
    assert state.pot_value == pot - 2 and coins(state)[0] == mine + 2
    assert seat_view(state, 0)["ability"] == "used"
    assert state.view(None)["phase"] == "pass"
    pass_all(state)
    play_round(state)  # no more loot this shootout (play_round would skip it: none offered)
    assert len(events(state, "rory")) == 1
    assert state.view(None)["phase"] == "pick-left"


def test_rory_takes_what_the_pot_has_and_nothing_from_an_empty_pot() -> None:
    """boom-rory: "if Rory is alive and the pot is not empty, he may take that many silver worth
    [...], or all the pot has if it has less"."""
    state = with_characters("rory", "carla", "heather")
    turns(state, "steal/pay steal/pay steal/pay")
    run(state, "skip")
    set_pot(state, 0, 0)
    choose(state, "l l l")  # steals only: the pot stays empty
    assert state.view(None)["phase"] == "pass"  # Rory is not asked
    pass_all(state)
    turns(state, "pay/pay pay/pay pay/pay")
    run(state, "skip")
    choose(state, "l l l")
    assert state.pot_value == 3 and seat_view(state, 0)["played"] == ["steal", "pay"]
    set_pot(state, 0, 1)
    run(state, "loot")
    assert events(state, "rory") == [(0, "rory", 1, None)] and state.pot_value == 0


def test_rory_is_not_asked_when_dead() -> None:
    state = with_characters("rory", "carla", "heather")
    play_round(state, {0: "boom/pay l"})
    assert not seat_view(state, 0)["alive"]
    assert state.view(None)["phase"] == "pick-left"  # no loot offered


# -- Jill Jackrabbit -------------------------------------------------------------------------------


def test_jill_looks_at_one_card_of_her_hand() -> None:
    """Rulebook, Jill Jackrabbit: "At the beginning of Turn - Part 1, when you are the current
    player, you may look at one card in your hand." (boom-jill: she sees only backs, so which card
    is chance; she learns its kind and follows that card: if a neighbour picks it for her, she
    knows that table card. The knowledge ends when the card is revealed or passed, or at the
    passing.)"""
    state = with_characters("jill", "carla", "heather")
    assert state.view(None)["phase"] == "turn-ability" and legal(state) == ["peek", "skip"]
    run(state, "peek")
    assert state.current_player() == CHANCE
    assert len(state.chance_outcomes()) == 6
    draw(state, "boom")
    assert state.view(0)["peek"] == {"seat": 0, "where": "hand", "card": "boom", "index": None}
    assert state.view(1)["peek"] == {"seat": 0, "where": "hand", "card": "boom", "index": 5}
    assert state.view(0)["log"][-1] == {"seat": "chance", "move": "?"}
    assert seat_view(state, 0, 0)["hand"] is None
    assert seat_view(state, 0)["ability"] == "used"
    assert state.view(None)["phase"] == "pick-left" and state.current_player() == 1
    pick(state, "boom", "pay")  # the card she looked at goes to her left
    pick(state, "pay")
    assert seat_view(state, 0, 0)["left"] == {"card": "boom", "claim": "pay", "by": 1}
    assert seat_view(state, 0, 0)["right"]["card"] is None
    assert state.view(0)["peek"]["where"] == "left"
    turns(state, "pay/pay pay/pay")
    run(state, "skip")  # Heather
    choose(state, "r l l")
    assert state.view(0)["peek"]["card"] == "boom"  # still on the table, unrevealed
    pass_all(state)  # passed on
    assert state.view(0)["peek"] is None
    play_round(state)
    # her next turn (round 3, seats 2, 0, 1): used this shootout, nothing offered
    pick(state, "pay")
    pick(state, "pay")
    assert state.view(None)["turn"] == 0 and state.view(None)["phase"] == "pick-left"


def test_jill_forgets_a_card_once_revealed() -> None:
    state = with_characters("jill", "carla", "heather")
    run(state, "peek")
    draw(state, "pay")
    pick(state, "pay")
    pick(state, "boom")
    assert state.view(0)["peek"]["where"] == "left"
    turns(state, "pay/pay pay/pay")
    run(state, "skip")
    choose(state, "l l l")
    assert state.view(0)["peek"] is None  # face up now: everybody sees it
    assert seat_view(state, 0, 0)["played"] == ["pay"]


def test_every_ability_is_ready_again_in_the_next_shootout() -> None:
    """Rulebook: "During End of Shootout Cleanup, used Character Ability Cards are flipped back
    over, face up, and are usable again for the next Shootout." Six players, every ability used
    in the first round."""
    state = with_characters("felix", "jill", "carla", "rory", "heather", "brandon")
    run(state, "swap:5")
    turns(state, "pay/pay")
    run(state, "peek")
    play(state, "draw:0")
    turns(state, "pay/pay boom/pay pay/pay pay/pay pay/pay")  # Carla (seat 2): a BOOM on her left
    run(state, "ask:left force:1:left")  # Heather, then Brandon (seat order from seat 0)
    choose(state, "l l l l l")
    run(state, "save")
    play(state, "draw:0")
    run(state, "loot")
    assert abilities(state) == ["used"] * 6
    pass_all(state)
    end_shootout(state, (2, 3, 4, 5, 0))
    assert abilities(state) == ["ready"] * 6
