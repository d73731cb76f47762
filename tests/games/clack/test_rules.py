"""Click Clack rules, one test (or a few) per rule of the rulebook (``shared/rules/003``).

Each test drives a real state through ``clickbox.core.play`` with a scripted layout (``hide``:
the setup's chance steps, with the discs a test needs where it needs them) and scripted rolls
(``roll:frog``). Seat 0 is Robin, seat 1 Nina, as in the rulebook's examples. Where the
rulebook is silent the test cites the decision in ``docs/rules-decisions.md`` by its key
(``clack-...``). A test that needs a player close to winning sets the collected discs on the
state first.
"""

from __future__ import annotations

import pytest

from clickbox.core import CHANCE, TERMINAL, play
from clickbox.games import load
from tests.checks import legal

from .helpers import discs, hide, new_state, run, under

FROG = ["frog0", "frog1", "frog2", "frog3"]


# -- Preparing the game ----------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "per_kind"), [(2, 4), (3, 5), (4, 6)])
def test_preparing_the_game(players: int, per_kind: int) -> None:
    """Rulebook, Preparing the Game: "two players: 4 discs of each kind - three players: 5 discs
    of each kind - four players: 6 discs of each kind". "Each player picks a squirrel ... and
    places it in front of them. Freddy the Piglet is positioned on the tree trunk in the middle
    of the board." (clack-layout: the discs are hidden by chance, one step per column.)"""
    state = new_state(players)
    assert state.current_player() == CHANCE
    assert state.view(None)["phase"] == "setup"
    hide(state)
    view = state.view(None)
    assert view["phase"] == "roll" and view["turn"] == 0  # clack-first-player: seat 0 starts
    assert state.discs_on_board() == 4 * per_kind == view["on_board"]
    assert view["squirrels"] == ["home"] * players
    assert view["freddy"] == "trunk"
    assert view["rotation"] == 0
    assert [d["total"] for d in view["discs"]] == [0] * players
    assert all(entry["move"] == "?" for entry in view["log"])  # the setup is hidden
    assert len(view["log"]) == 16


def test_the_die() -> None:
    """Rulebook: "1 dice: with the symbols Frog, Beetle, Butterfly, Snail and 2 x Freddy"."""
    state = new_state()
    hide(state)
    faces = {state.action_to_string(a): p for a, p in state.chance_outcomes()}
    assert faces == pytest.approx(
        {"roll:frog": 1 / 6, "roll:butterfly": 1 / 6, "roll:snail": 1 / 6, "roll:beetle": 1 / 6}
        | {"roll:freddy": 2 / 6}
    )


# -- Placing the squirrel figure -------------------------------------------------------------------


def test_robin_throws_the_frog_symbol() -> None:
    """Rulebook: "Example: Robin has thrown the Frog symbol. He can position his squirrel piece
    in any vacant hole in the Frog section." And: "you must always place your figure in a vacant
    feeding hole"."""
    state = new_state()
    hide(state)
    run(state, "roll:frog")
    assert legal(state) == FROG
    run(state, "frog1 cw roll:frog")  # Nina throws the Frog symbol too
    assert state.view(None)["squirrels"][0] == "frog1"
    assert legal(state) == ["frog0", "frog2", "frog3"]  # Robin's hole is not vacant


def test_placing_collects_a_disc_at_once() -> None:
    """Rulebook: "Whenever a squirrel has "attracted" a food disc, there is a click and you can
    take the disc and put it in your tree trunk ... He then puts his squirrel back in the
    feeding hole." (clack-collecting: at rest, right after the placement.)"""
    state = new_state()
    hide(state, {under(state, "frog2"): "c"})
    run(state, "roll:frog frog2")
    assert discs(state, 0) == "c1"
    view = state.view(None)
    assert view["collections"] == [
        {
            "turn": 1,
            "by": 0,
            "seat": 0,
            "hole": "frog2",
            "rotation": 0,
            "hollow": under(state, "frog2"),
            "kind": "chestnut",
        }
    ]
    assert view["squirrels"][0] == "frog2"  # the squirrel goes back into its hole
    assert under(state, "frog2") in view["known_empty"]
    assert legal(state) == ["cw", "ccw"]  # the turn goes on: now turn the board


def test_already_in_the_section_move_within_it_or_stay() -> None:
    """Rulebook: "Note: If the dice shows the section you are already in, you can move your
    squirrel to any vacant hole within this section." (clack-placing: it may also stay.)"""
    state = new_state()
    hide(state)
    run(state, "roll:frog frog0 cw roll:beetle beetle0 cw roll:frog")
    assert legal(state) == ["frog1", "frog2", "frog3", "stay"]
    run(state, "stay")
    assert state.view(None)["squirrels"][0] == "frog0"
    run(state, "ccw roll:frog")  # Nina is not in the Frog section: she must go there (no stay)
    assert legal(state) == ["frog1", "frog2", "frog3"]


def test_all_holes_of_the_section_occupied() -> None:
    """Rulebook: "If all of the feeding holes are occupied, you can move your piece to any
    vacant feeding hole." (clack-placing: any vacant hole outside Freddy's section.)"""
    state = new_state(4)
    hide(state)
    run(state, "roll:frog frog0 cw roll:frog frog1 cw roll:frog frog2 cw roll:frog frog3 cw")
    run(state, "roll:freddy freddy:snail cw")  # Robin puts Freddy in the empty Snail section
    assert state.view(None)["squirrels"] == FROG
    run(state, "roll:frog")  # Nina is in the full Frog section
    expected = [f"{s}{i}" for s in ("butterfly", "beetle") for i in range(4)]
    assert legal(state) == [*expected, "stay"]
    run(state, "beetle3")
    assert state.view(None)["squirrels"][1] == "beetle3"


# -- Moving Freddy ---------------------------------------------------------------------------------


def test_nina_moves_freddy_to_the_butterfly_section() -> None:
    """Rulebook: "Example: Nina has thrown the Freddy symbol and moves the piglet to the
    "Butterfly" section. Robin must now rescue his squirrel from Freddy by moving it to the
    blue squirrel on the tree trunk in the middle of the board." (clack-freddy.)"""
    state = new_state(3)
    hide(state)
    run(state, "roll:butterfly butterfly2 cw roll:freddy")
    assert legal(state) == ["freddy:frog", "freddy:butterfly", "freddy:snail", "freddy:beetle"]
    run(state, "freddy:butterfly")
    view = state.view(None)
    assert view["freddy"] == "butterfly"
    assert view["squirrels"] == ["trunk", "home", "home"]
    assert legal(state) == ["cw", "ccw"]  # then Nina turns the board
    run(state, "cw roll:freddy")
    assert "freddy:butterfly" not in legal(state)  # "move him from one section to another"


def test_only_the_squirrels_in_freddys_section_flee_by_default() -> None:
    """Rulebook: "Once Freddy has been released in an area, all of the squirrels flee."
    (clack-freddy: by default the squirrels of that section; option freddy_scares=all: every
    squirrel on the board.)"""
    script = "roll:frog frog0 cw roll:snail snail0 cw roll:freddy freddy:frog"
    state = new_state(3)
    hide(state)
    run(state, script)
    assert state.view(None)["squirrels"] == ["trunk", "snail0", "home"]
    everyone = new_state(3, freddy_scares="all")
    hide(everyone)
    run(everyone, script)
    assert everyone.view(None)["squirrels"] == ["trunk", "trunk", "home"]


def test_freddys_section_thrown_the_squirrel_stays_and_the_board_may_still_turn() -> None:
    """Rulebook: "If you throw the symbol of the section in which Freddy is currently located,
    you cannot place your squirrel piece in that section or move it there from another area. In
    this case, your squirrel must stay where it is." "Note: You are allowed to turn the board
    even if you cannot move your piece." (clack-turn-without-move.)"""
    state = new_state()
    hide(state)
    run(state, "roll:frog frog0 cw roll:freddy freddy:snail cw roll:snail")
    view = state.view(None)
    assert view["phase"] == "turn" and view["squirrels"][0] == "frog0"
    assert "cw" in legal(state) and "ccw" in legal(state)
    run(state, "ccw")
    assert state.view(None)["rotation"] == 1  # cw, cw, then ccw
    assert state.view(None)["squirrels"][0] == "frog0"


def test_allowed_to_turn_means_the_board_may_also_stay_as_it_is() -> None:
    """Rulebook: "Note: You are allowed to turn the board even if you cannot move your piece."
    A permission, not a duty (clack-turn-without-move, option no_move_turn=optional, the
    default): the player who could not move turns the board one click or leaves it as it is
    (noturn). The board stays at rest, so nobody collects the disc a turn would have reached,
    and the die passes on."""
    state = new_state()
    disc = under(state, "frog0", 3)  # what Robin's squirrel would reach with one more click cw
    hide(state, {disc: "h"}, empty=frozenset(under(state, "frog0", r) for r in range(3)))
    run(state, "roll:frog frog0 cw roll:freddy freddy:snail cw roll:snail")
    assert legal(state) == ["cw", "ccw", "noturn"]
    view = state.view(0)
    assert view["no_move_turn"] == "optional" and view["legal"] == ["cw", "ccw", "noturn"]
    before = state.view(None)
    run(state, "noturn")
    after = state.view(None)
    assert after["rotation"] == before["rotation"] == 2
    assert after["squirrels"] == before["squirrels"] and discs(state, 0) == ""
    assert after["collections"] == before["collections"]
    assert after["known_empty"] == before["known_empty"]
    assert (after["phase"], after["turn"], after["turns"]) == ("roll", 1, before["turns"] + 1)
    assert after["log"][-1] == {"seat": 0, "move": "noturn"}  # the turn was Robin's
    assert state._disc[disc] == 0  # the hazelnut is still under the board


def test_a_player_who_moved_must_turn_the_board() -> None:
    """Rulebook: "Once you have moved your squirrel or Freddy, you must turn the board in any
    desired direction." (clack-turning: also after stay, the squirrel could have moved.)"""
    state = new_state()
    hide(state)
    run(state, "roll:frog frog0")
    assert legal(state) == ["cw", "ccw"]
    run(state, "cw roll:freddy freddy:snail")
    assert legal(state) == ["cw", "ccw"]
    run(state, "cw roll:frog stay")
    assert legal(state) == ["cw", "ccw"]


def test_option_forced_turn_always_turns_the_board() -> None:
    """clack-turn-without-move, option no_move_turn=forced (preset forced-turn): the board is
    turned one click also after a roll of Freddy's section."""
    forced = new_state(no_move_turn="forced")
    hide(forced)
    run(forced, "roll:frog frog0 cw roll:freddy freddy:snail cw roll:snail")
    assert legal(forced) == ["cw", "ccw"]
    assert forced.view(0)["no_move_turn"] == "forced"
    run(forced, "cw")
    assert forced.view(None)["rotation"] == 3 and forced.view(None)["turn"] == 1
    preset = load("click-clack", players=2, preset="forced-turn")
    assert preset.spec() == forced.game.spec() == "click-clack(players=2,no_move_turn=forced)"


def test_a_squirrel_on_the_trunk_comes_back_only_outside_freddys_section() -> None:
    """Rulebook: "You can only put your squirrel back on the board once you have thrown the
    symbol of a section in which Freddy is not currently located."."""
    state = new_state()
    hide(state)
    run(state, "roll:butterfly butterfly0 cw roll:freddy freddy:butterfly cw roll:butterfly")
    assert state.view(None)["squirrels"][0] == "trunk"
    # Freddy's section: the squirrel stays on the trunk; the board may turn, or not.
    assert legal(state) == ["cw", "ccw", "noturn"]
    run(state, "cw roll:beetle beetle0 cw roll:snail")
    assert legal(state) == ["snail0", "snail1", "snail2", "snail3"]
    run(state, "snail3")
    assert state.view(None)["squirrels"][0] == "snail3"


# -- Turning the board -----------------------------------------------------------------------------


def test_the_board_turns_one_click_either_way_every_turn() -> None:
    """Rulebook: "Once you have moved your squirrel or Freddy, you must turn the board in any
    desired direction. Always turn the grip hole from one cavity to the next." (clack-turning,
    clack-geometry: one click is one slot, 16 rotations.)"""
    state = new_state()
    hide(state)
    run(state, "roll:frog frog0")
    assert state.view(None)["phase"] == "turn"
    assert legal(state) == ["cw", "ccw"]
    run(state, "ccw")
    view = state.view(None)
    assert view["rotation"] == 15 and view["turn"] == 1 and view["phase"] == "roll"
    run(state, "roll:beetle beetle0 cw")
    assert state.view(None)["rotation"] == 0


def test_a_squirrel_collects_on_another_players_turn() -> None:
    """Rulebook: "When a squirrel "attracts" a food disc by turning the board (there is an
    audible "click"), the disc can be gathered in immediately. Each player collects the discs
    from their own squirrel whether it is their turn or not." (clack-collecting.)"""
    state = new_state()
    rest = {(hole, rot) for hole, rot in [("frog0", 0), ("frog0", 15), ("snail0", 0)]}
    empty = frozenset(under(state, hole, rot) for hole, rot in rest)
    blueberry = under(state, "snail0", 1)
    hide(state, {blueberry: "b"}, empty=empty)
    run(state, "roll:frog frog0 ccw roll:snail snail0 cw")  # Nina in snail0; back at rotation 0
    assert discs(state, 1) == ""
    run(state, "roll:freddy freddy:beetle cw")  # Robin's turn: the board goes to rotation 1
    assert discs(state, 1) == "b1"
    last = state.view(None)["collections"][-1]
    assert (last["by"], last["seat"], last["hollow"]) == (0, 1, blueberry)


# -- End of the game -------------------------------------------------------------------------------


def test_four_identical_discs_win_at_once() -> None:
    """Rulebook: "You can win prematurely, however, by collecting 4 identical food discs."
    (clack-end: at once, before the board is turned.)"""
    state = new_state()
    hide(state, {under(state, "frog2"): "h"})
    state._counts[0] = [3, 0, 0, 0]
    state._totals[0] = 3
    run(state, "roll:frog frog2")
    assert state.current_player() == TERMINAL
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == {0} and outcome.scores == (4.0, 0.0)  # clack-end: the discs
    assert outcome.reason == "4 identical discs"


def test_the_others_rank_by_their_discs_below_the_winner() -> None:
    """clack-end: the score is a player's discs; the winners rank first, then everyone else by
    their discs (issue 37: Ann with 3 discs was listed above the bot with 4)."""
    from clickbox.server.ratings import ranks

    state = new_state(3)
    hide(state, {under(state, "frog2"): "h"})
    state._counts[0], state._totals[0] = [3, 0, 0, 0], 3  # Robin: 4 hazelnuts with this one
    state._counts[1], state._totals[1] = [1, 1, 1, 0], 3  # Ann: 3 discs
    state._counts[2], state._totals[2] = [1, 1, 1, 1], 4  # the bot: 4 discs, as many as Robin
    run(state, "roll:frog frog2")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == {0}
    assert outcome.scores == (4.0, 3.0, 4.0)
    assert ranks(outcome) == [1, 3, 2]  # the winner, then the bot with 4, then Ann with 3


def test_seven_discs_win() -> None:
    """Rulebook: "The game ends when you have stolen 7 titbits from Freddy and collected them in
    your tree trunk." (clack-end.)"""
    state = new_state()
    hide(state, {under(state, "frog2"): "c"})
    state._counts[0] = [2, 2, 1, 1]
    state._totals[0] = 6
    run(state, "roll:frog frog2")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == {0} and outcome.reason == "7 discs"


def test_two_players_reaching_seven_with_one_turn_share_the_victory() -> None:
    """clack-end: several players can reach 7 with the same turn of the board: they share."""
    state = new_state()
    empty = frozenset((under(state, "frog0", 0), under(state, "snail0", 15)))
    fixed = {under(state, "frog0", 14): "h", under(state, "snail0", 14): "b"}
    hide(state, fixed, empty=empty)
    run(state, "roll:frog frog0 ccw roll:snail snail0")
    for seat in (0, 1):
        state._counts[seat] = [1, 1, 2, 2]
        state._totals[seat] = 6
    run(state, "ccw")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == {0, 1} and outcome.reason == "7 discs" and outcome.shared


def test_no_disc_left_the_most_discs_share() -> None:
    """clack-end: if the last disc is collected and nobody has won (four players, 6 each), the
    players with the most discs share the victory."""
    state = new_state(4)
    last = under(state, "frog2")
    hide(state, {last: "h"})
    state._disc = [-1] * len(state._disc)
    state._disc[last] = 0
    state._on_board = 1
    state._counts = [[2, 1, 1, 1], [1, 2, 1, 2], [1, 2, 2, 1], [1, 1, 2, 2]]
    state._totals = [5, 6, 6, 6]
    run(state, "roll:frog frog2")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == {0, 1, 2, 3} and outcome.reason == "no disc left: the most discs"


def test_the_game_is_over_for_every_move() -> None:
    state = new_state()
    hide(state, {under(state, "frog2"): "h"})
    state._counts[0] = [3, 0, 0, 0]
    state._totals[0] = 3
    run(state, "roll:frog frog2")
    assert state.legal_actions() == []
    assert state.view(0)["outcome"]["winners"] == [0]
    from clickbox.core import GameOverError

    with pytest.raises(GameOverError):
        play(state, "cw")
