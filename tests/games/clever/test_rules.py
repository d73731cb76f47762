"""That's Pretty Clever rules, one test (or a few) per rule of the rulebook (``shared/rules/002``).

Each test drives a real state through ``clickbox.core.play`` with scripted dice (``roll(state,
"y3 b4 ...")``: one chance step per die, yellow to white among the dice being rolled). A test
that needs marks already on a sheet writes them first (``helpers.prepare``); no bonus fires for
those. Where the rulebook is silent the test cites the decision in ``docs/rules-decisions.md``.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from clickbox.core import CHANCE, TERMINAL, NotYourTurnError, play
from clickbox.games.clever import CleverState, Sheet
from clickbox.games.clever.board import (
    BLACK,
    BLUE_FULL,
    BOXES,
    FOX,
    ORANGE_4,
    ORANGE_5,
    ORANGE_6,
    ORANGE_MULTIPLIERS,
    PLUS_ONE,
    PURPLE_6,
    REROLL,
    TRACK_SPACES,
    X_BLUE,
    X_GREEN,
    X_YELLOW,
    YELLOW_FULL,
)
from tests.checks import legal, refused

from .helpers import (
    dice,
    fill,
    finish,
    new_state,
    play_until,
    prepare,
    roll,
    three_picks,
    yellow_mask,
)

Y, B, G, O, P, W = range(6)  # noqa: E741 - the dice, as the rulebook's colours


def solo_passive(state: CleverState) -> None:
    """Solo: end the active turn at once (the orange 6 sends every other die to the platter)."""
    roll(state, dice(o=6))
    play(state, "o>O")
    if state.stage == "active-extra":
        play(state, "done")
    assert state.stage == "solo-rolling"


# -- setup and rounds ------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "rounds"), [(1, 6), (2, 6), (3, 5), (4, 4)])
def test_rounds_by_player_count(players: int, rounds: int) -> None:
    """Rulebook: "The game lasts 4 rounds with four players, 5 rounds with three, 6 rounds with two
    or solo." "During a round, each player is the active player once, starting with whoever holds
    the dice and then to the left." Solo: "play 6 rounds alternating roles: six times active
    player, six times passive player"."""
    state = new_state(players)
    for seat in range(players):
        fill(state.sheet(seat))
    turns = []
    while not state.is_terminal():
        view = state.view(None)
        if len(view["rolling"]) == 6 and not view["spaces"]:
            kind = "solo-passive" if state.stage == "solo-rolling" else "active"
            turns.append((state.round, kind, state.active))
        play(state, state.legal_actions()[0])
    if players == 1:
        expected = [(r, k, 0) for r in range(1, 7) for k in ("active", "solo-passive")]
    else:
        expected = [(r, "active", s) for r in range(1, rounds + 1) for s in range(players)]
    assert turns == expected
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "last-round"
    assert state.round == rounds


def test_round_bonuses_go_to_every_player_at_the_start_of_the_round() -> None:
    """Rulebook: "At the start of each round, everyone crosses out the round number on their sheet.
    Rounds 1 to 3 give the action printed under their number" (reroll, +1, reroll; clever.md §7);
    "round 4 gives one of the two black bonuses, your choice"."""
    state = new_state(2)
    for seat in range(2):
        # nothing can be written with the 1s rolled below; Y11 (3) and Y12 (6) leave room for
        # the black X
        fill(state.sheet(seat)).yellow = YELLOW_FULL & ~(1 << 0) & ~(1 << 1)
    tracks: dict[int, list[tuple[int, int]]] = {}
    while state.round < 4:
        if state.round not in tracks:  # the round has begun: its first die is still to roll
            assert len(state.view(None)["rolling"]) == 6
            tracks[state.round] = [(s.rerolls, s.plus_ones) for s in map(state.sheet, range(2))]
        play(state, state.legal_actions()[0])  # every die rolls 1: nothing can be written
    assert tracks == {1: [(1, 0)] * 2, 2: [(1, 1)] * 2, 3: [(2, 1)] * 2}
    # round 4: before any die is rolled, each player in seat order chooses a black bonus
    assert state.current_player() == 0
    assert state.pending == ((0, BLACK), (1, BLACK))
    assert legal(state) == ["X:Y11", "X:Y12"]
    play(state, "X:Y12")
    assert state.current_player() == 1
    play(state, "X:Y11")
    assert state.current_player() == CHANCE
    assert state.view(None)["rolling"] == [Y, B, G, O, P, W]
    assert [state.sheet(s).yellow for s in (0, 1)] == [YELLOW_FULL & ~1, YELLOW_FULL & ~2]
    # seat 1's X on Y11 completed the yellow diagonal: its +1
    after_four = [(2, 1), (2, 2)]
    assert [(s.rerolls, s.plus_ones) for s in map(state.sheet, range(2))] == after_four
    finish(state)  # rounds 5 and 6 give nothing
    assert [(s.rerolls, s.plus_ones) for s in map(state.sheet, range(2))] == after_four


def round_four(players: int = 1, **options: object) -> CleverState:
    """Round 4 begun, seat 0 to choose its black bonus (every area open)."""
    state = new_state(players, **options)
    for seat in range(players):
        fill(state.sheet(seat)).yellow = YELLOW_FULL & ~(1 << 0) & ~(1 << 1)
    play_until(state, 4)
    assert state.pending[0] == (0, BLACK)
    prepare(state.sheet(0), yellow="Y13", blue=[2, 3], green=10, orange=(1, 1, 1), purple=(2,))
    return state


@pytest.mark.parametrize(
    ("move", "check"),
    [
        ("X:Y11", lambda s: s.yellow == yellow_mask("Y11 Y13")),
        ("X:B12", lambda s: s.blue == (1 << 2 | 1 << 3 | 1 << 12)),
        ("X:G", lambda s: s.green == 11),  # box 11 needs a 6: a cross bonus ignores it
        ("6:O", lambda s: s.orange == (1, 1, 1, 12)),  # box 4 doubles: clever-orange-multiplier
        ("6:P", lambda s: s.purple == (2, 6)),
    ],
    ids=["black-X-yellow", "black-X-blue", "black-X-green", "black-6-orange", "black-6-purple"],
)
def test_round_four_black_bonus(move: str, check: Callable[[Sheet], bool]) -> None:
    """Rulebook: "round 4 gives one of the two black bonuses, your choice: a cross in yellow, blue
    or green, or a 6 to write in orange or purple"."""
    state = round_four()
    options = legal(state)
    assert {"X:Y11", "X:Y12", "X:B4", "X:B12", "X:G", "6:O", "6:P"} <= set(options)
    assert not {"X:Y13", "X:B2", "X:O", "6:G"} & set(options)
    play(state, move)
    assert check(state.sheet(0))
    assert state.current_player() == CHANCE  # the round's first roll


def test_round_four_black_6_in_orange_unmultiplied_with_the_option() -> None:
    """clever-orange-multiplier: ``orange_bonus_multiplied=false`` writes the bare 6."""
    state = round_four(orange_bonus_multiplied=False)
    play(state, "6:O")
    assert state.sheet(0).orange == (1, 1, 1, 6)


# -- the active player's turn ----------------------------------------------------------------------


def test_pick_a_die_and_the_lower_dice_go_to_the_platter() -> None:
    """Rulebook: "The active player rolls the six dice, chooses one, puts it on one of their three
    die spaces without changing its value, and writes it in the area of its colour." "Every die
    showing a lower value than the chosen die goes onto the silver platter" "They reroll the
    remaining dice"."""
    state = new_state()
    assert state.current_player() == CHANCE
    assert state.view(None)["rolling"] == [Y, B, G, O, P, W]
    roll(state, "y3 b4 g2 o6 p1 w5")
    assert state.current_player() == 0
    play(state, "b>B9")  # blue 4 + white 5
    assert state.sheet(0).blue == 1 << 9
    assert state.spaces == (B,)
    assert state.platter == (Y, G, P)  # 3, 2, 1 are lower than 4
    assert state.view(None)["rolling"] == [O, W]  # the rest is rolled again
    assert state.faces[Y] == 3 and state.faces[B] == 4


def test_equal_dice_are_not_lower() -> None:
    """ "Every die showing a *lower* value" — a die equal to the pick stays in the roll."""
    state = new_state()
    roll(state, "y1 b1 g1 o1 p1 w1")
    play(state, "y>Y31")
    assert state.platter == ()
    assert state.view(None)["rolling"] == [B, G, O, P, W]


def test_after_the_third_pick_the_rest_go_to_the_platter() -> None:
    """Rulebook: "three rolls at most. After the third, all remaining dice go onto the platter."""
    state = new_state(2)
    roll(state, "y1 b1 g1 o1 p1 w1")
    play(state, "y>Y31")
    roll(state, "b2 g2 o2 p2 w2")
    play(state, "g>G")
    roll(state, "b3 o3 p3 w3")
    play(state, "p>P")
    assert state.spaces == (Y, G, P)
    assert state.platter == (B, O, W)  # not lower than the 3, but the turn's picks are done
    assert state.rolled == ()
    assert state.stage == "passive-take"


def test_a_high_pick_can_end_the_turn_early() -> None:
    """Rulebook: "Choosing a high die too early can cost you rolls." — with every other die on the
    platter there is nothing left to roll."""
    state = new_state(2)
    roll(state, dice(o=6))
    play(state, "o>O")
    assert state.spaces == (O,)
    assert state.platter == (Y, B, G, P, W)
    assert state.stage == "passive-take"
    assert state.current_player() == 1


def test_white_is_wild() -> None:
    """Rulebook: "The white die stands for the colour of your choice."""
    state = new_state()
    roll(state, dice(w=4))
    moves = [m for m in legal(state) if m.startswith("w>")]
    assert moves == ["w>Y34", "w>Y43", "w>B5", "w>G", "w>O", "w>P"]


def test_yellow_one_of_the_two_copies() -> None:
    """Rulebook: "Yellow area: cross off the die's number wherever you like, only one of its two
    copies per die."""
    state = new_state()
    roll(state, dice(y=4))
    assert [m for m in legal(state) if m.startswith("y>")] == ["y>Y34", "y>Y43"]
    play(state, "y>Y43")
    assert state.sheet(0).yellow == yellow_mask("Y43")


def test_the_white_die_as_blue_writes_blue_plus_white() -> None:
    """Rulebook: "Blue area: always add the blue die and the white die, wherever they are, and cross
    off that sum"; "never write a die on its own: always the sum of blue and white"."""
    state = new_state(2)
    roll(state, dice(b=2, w=6))
    assert "w>B6" not in legal(state)
    play(state, "w>B8")
    assert state.sheet(0).blue == 1 << 8
    assert state.platter == (Y, B, G, O, P)  # the blue die lies on the platter, still counted


def test_the_blue_die_from_the_platter_writes_blue_plus_white_on_a_space() -> None:
    """ "even if the other die is already on the platter or on a space": a passive player taking
    the blue die while the white die lies on the active player's space."""
    state = new_state(2)
    roll(state, dice(b=2, w=6))
    play(state, "w>B8")
    assert state.current_player() == 1
    assert "b>B8" in legal(state)
    assert "b>B2" not in legal(state)
    play(state, "b>B8")
    assert state.sheet(1).blue == 1 << 8


def test_blue_and_white_on_different_rolls_cross_two_blue_cells() -> None:
    """clever.md §2: "If blue and white are picked on different rolls, two blue cells can be crossed
    in one turn" — each time the current blue + white."""
    state = new_state()
    roll(state, dice(b=3, w=5))
    play(state, "b>B8")
    assert state.view(None)["rolling"] == [W]
    roll(state, "w6")
    assert "w>B9" in legal(state)
    play(state, "w>B9")
    assert state.sheet(0).blue == 1 << 8 | 1 << 9


def test_a_die_is_written_in_its_own_colour_only() -> None:
    state = new_state()
    roll(state, dice(y=3))
    refused(state, "y>G", "the yellow die is written in the yellow area only")
    refused(state, "g>Y11", "the green die is written in the green area only")


# -- rolls with no usable die ------------------------------------------------------------------


def blocked() -> CleverState:
    """Two players, round 1, seat 0 active: yellow, blue and orange full; the last green box needs
    a 6; purple needs a 6 (after a 5): only a 6 can be written anywhere."""
    state = new_state(2)
    sheet = fill(state.sheet(0))
    sheet.green = BOXES - 1
    sheet.purple = (1, 2, 3, 4, 5)
    return state


def test_a_roll_with_no_usable_die_writes_nothing_and_counts() -> None:
    """Rulebook: "An active player who can do nothing with a roll writes nothing." clever.md §8:
    "If no die of a roll is usable, nothing is marked but the roll still counts"
    (clever-unusable-roll: a die of that roll goes on a space and the lower dice to the platter)."""
    state = blocked()
    roll(state, "y5 b4 g3 o2 p1 w5")
    before = state.sheet(0).copy()
    assert legal(state) == ["y>-", "b>-", "g>-", "o>-", "p>-", "w>-", "reroll"]
    play(state, "y>-")
    assert state.sheet(0) == before
    assert state.spaces == (Y,)
    assert state.platter == (B, G, O, P)  # lower than the 5
    roll(state, "w5")
    play(state, "w>-")
    assert list(state.spaces) == [Y, W]
    assert state.stage == "passive-take"  # no die left to roll: the picks are over
    assert state.sheet(0) == before


def test_three_unusable_rolls_are_three_picks() -> None:
    state = blocked()
    for left in ("y1 b1 g1 o1 p1 w1", "b2 g2 o2 p2 w2", "g3 o3 p3 w3"):
        roll(state, left)
        play(state, state.action_to_string(state.legal_actions()[0]))
    assert state.spaces == (Y, B, G)
    assert state.platter == (O, P, W)
    assert state.stage == "passive-take"


def test_an_unusable_die_cannot_be_put_aside_while_another_die_is_usable() -> None:
    """clever-unusable-roll: "While some die of the roll can be written, the player must pick one
    of those"."""
    state = blocked()
    roll(state, "y1 b1 g6 o1 p1 w1")
    assert legal(state) == ["g>G", "reroll"]
    refused(state, "y>-", "only when no die of the roll can be used")
    refused(state, "g>-", "the green die can be written")


def test_wasted_picks_option_puts_an_unusable_die_aside_while_others_are_usable() -> None:
    """clever-unusable-roll: "Option `wasted_picks=true` ... also allows putting an unusable die
    aside while others are usable, to send lower dice to the platter"."""
    state = new_state(wasted_picks=True)
    sheet = fill(state.sheet(0))
    sheet.green = BOXES - 1
    sheet.purple = (1, 2, 3, 4, 5)
    roll(state, "y5 b1 g6 o1 p1 w1")
    assert legal(state) == ["g>G", "y>-", "b>-", "o>-", "p>-", "w>-", "reroll"]
    refused(state, "g>-", "the green die can be written")
    play(state, "y>-")
    assert state.spaces == (Y,)
    assert state.platter == (B, O, P, W)
    assert state.view(None)["rolling"] == [G]


def blocked_forfeit(**options: object) -> CleverState:
    """:func:`blocked` with option ``forfeit_rolls`` (and any others)."""
    state = new_state(2, forfeit_rolls=True, **options)
    sheet = fill(state.sheet(0))
    sheet.green = BOXES - 1
    sheet.purple = (1, 2, 3, 4, 5)
    return state


def test_forfeit_rolls_option_forfeits_a_roll_no_die_moves_and_the_pool_is_rolled_again() -> None:
    """Rulebook: "An active player who can do nothing with a roll writes nothing." Option
    ``forfeit_rolls`` (clever-unusable-roll), the other common reading: "the roll is forfeited:
    no die moves, nothing is written, the roll still counts as one of the three, and the same
    dice are rolled again while rolls remain"."""
    state = blocked_forfeit()
    roll(state, "y5 b4 g3 o2 p1 w5")
    before = state.sheet(0).copy()
    assert legal(state) == ["forfeit", "reroll"]
    refused(state, "y>-", "only when no die of the roll can be used")
    play(state, "forfeit")
    assert state.sheet(0) == before
    assert (state.spaces, state.platter, state.forfeits, state.picks_made) == ((), (), 1, 1)
    assert state.view(None)["rolling"] == [Y, B, G, O, P, W]  # the whole pool again
    assert state.view(None)["forfeited"] == 1
    roll(state, "y1 b1 g6 o1 p1 w1")  # now the green 6 can be written
    refused(state, "forfeit", "forfeited only when no die of it can be used")
    play(state, "g>G")
    assert state.spaces == (G,) and state.picks_made == 2
    assert state.platter == (Y, B, O, P, W)  # lower than the 6
    assert state.stage == "passive-take"  # no die left to roll, no +1 yet


def test_after_three_forfeited_rolls_the_dice_go_to_the_platter() -> None:
    """Rulebook: "three rolls at most. After the third, all remaining dice go onto the platter"
    (option ``forfeit_rolls``: a forfeited roll is one of the three)."""
    state = blocked_forfeit()
    for _ in range(3):
        roll(state, "y1 b1 g1 o1 p1 w1")
        play(state, "forfeit")
    assert state.spaces == ()
    assert state.platter == (Y, B, G, O, P, W)
    assert state.stage == "passive-take"
    assert state.sheet(0) == blocked_forfeit().sheet(0)


def test_forfeit_rolls_with_wasted_picks_offers_both() -> None:
    """Options ``forfeit_rolls`` and ``wasted_picks`` together (clever-unusable-roll): a roll with
    no usable die is forfeited, or one of its dice goes on a die space, as the independent solo
    engine offers."""
    state = blocked_forfeit(wasted_picks=True)
    roll(state, "y5 b4 g3 o2 p1 w5")
    assert legal(state) == ["y>-", "b>-", "g>-", "o>-", "p>-", "w>-", "forfeit", "reroll"]
    play(state, "y>-")
    assert state.spaces == (Y,) and state.platter == (B, G, O, P)


def test_forfeit_is_refused_without_the_option() -> None:
    """By default (clever-unusable-roll) the roll is not forfeited: a die goes on a die space."""
    state = blocked()
    roll(state, "y5 b4 g3 o2 p1 w5")
    assert "forfeit" not in legal(state)
    refused(state, "forfeit", "option forfeit_rolls is off")


# -- rerolls ---------------------------------------------------------------------------------------


def test_reroll_rolls_again_only_the_dice_just_rolled() -> None:
    """Rulebook: "The reroll lets the active player alone reroll all the dice they have just
    rolled." clever-reroll: "only the dice just rolled (not the die spaces or the platter). A
    reroll does not use up one of the three picks"."""
    state = new_state()
    prepare(state.sheet(0), rerolls=(2, 0))
    roll(state, "y2 b3 g4 o5 p6 w1")
    play(state, "b>B4")
    assert state.platter == (Y, W)
    roll(state, "g1 o1 p1")
    assert "reroll" in legal(state)
    play(state, "reroll")
    assert (state.sheet(0).rerolls, state.sheet(0).rerolls_used) == (2, 1)
    assert state.view(None)["rolling"] == [G, O, P]
    assert (state.faces[Y], state.faces[B], state.faces[W]) == (2, 3, 1)
    assert state.spaces == (B,)
    roll(state, "g5 o5 p5")
    play(state, "reroll")  # several rerolls of one roll, while the track has them
    assert state.sheet(0).rerolls_left == 0
    roll(state, "g6 o6 p6")
    assert "reroll" not in legal(state)
    refused(state, "reroll", "seat 0 has no reroll left (2 circled, 2 used)")
    play(state, "g>G")
    assert list(state.spaces) == [B, G]  # still two picks made


def test_the_first_roll_can_be_rerolled_with_the_round_one_reroll() -> None:
    state = new_state()
    roll(state, dice())
    play(state, "reroll")
    assert state.view(None)["rolling"] == [Y, B, G, O, P, W]
    assert state.spaces == ()


def test_a_passive_player_cannot_reroll() -> None:
    """ "The reroll lets the active player alone reroll" — seat 1 has a reroll, but not the turn."""
    state = new_state(2)
    roll(state, dice(o=6))
    play(state, "o>O")
    assert state.current_player() == 1
    assert state.sheet(1).rerolls_left == 1
    assert "reroll" not in legal(state)
    refused(state, "reroll", "only the active player rerolls")


# -- the extra die (+1) ----------------------------------------------------------------------------


def test_extra_die_any_of_the_six_each_once_several_per_turn() -> None:
    """Rulebook: "The extra die lets you, at the end of your turn, write any one of the six dice,
    each die only once per turn." "An extra die may reuse a die already used, even by you, but not
    the same die twice in the same turn." clever.md §7: "Several can be used per turn"."""
    state = new_state()
    prepare(state.sheet(0), plus_ones=(3, 0))
    three_picks(state)
    assert state.stage == "active-extra"
    assert state.current_player() == 0
    moves = legal(state)
    assert moves[-1] == "done"
    used_dice = {m[1] for m in moves if m.startswith("+")}
    assert used_dice == set("ybgow")  # purple 3 cannot follow the purple 3
    assert "+y>Y22" in moves  # the yellow die on a space, used again
    assert "+b>B6" in moves and "+w>B6" in moves  # blue 3 + white 3, both from the platter
    play(state, "+y>Y22")
    assert state.sheet(0).yellow == yellow_mask("Y31 Y22")
    refused(state, "+y>Y21", "the yellow die has been used by a +1 this turn already")
    play(state, "+w>B6")
    assert state.sheet(0).blue == 1 << 6
    assert (state.sheet(0).plus_ones, state.sheet(0).plus_ones_used) == (3, 2)
    play(state, "done")
    assert state.stage == "solo-rolling"
    assert state.sheet(0).plus_ones_left == 1


def test_extra_die_only_at_the_end_of_the_turn() -> None:
    """ "at the end of your turn": not between picks."""
    state = new_state()
    prepare(state.sheet(0), plus_ones=(1, 0))
    roll(state, dice())
    assert not any(m.startswith("+") for m in legal(state))
    refused(state, "+y>Y31", "a +1 (extra die) is used at the end of the turn, after the picks")


def test_each_die_once_per_turn_starts_afresh_next_turn() -> None:
    """ "each die only once per turn": the solo passive turn is a new turn for +1."""
    state = new_state()
    prepare(state.sheet(0), plus_ones=(3, 0))
    three_picks(state)
    play(state, "+o>O")
    play(state, "done")
    roll(state, "y6 b6 g6 o1 p6 w6")  # the three lowest: orange, then a tie of 6s
    play(state, "near:y")
    play(state, "near:b")
    assert state.platter == (Y, B, O)
    play(state, "o>O")
    assert state.stage == "solo-extra"
    assert "+o>O" in legal(state)
    play(state, "+o>O")
    assert state.sheet(0).orange == (3, 1, 1)


def test_extra_die_is_the_last_chance_at_the_end_of_the_game() -> None:
    """Rulebook: "The game ends after the last round, once the passive players have written their
    dice. Everyone may still use their remaining extra-die actions; unused rerolls are of no
    further use." (clever-extra-die)"""
    state = new_state()
    fill(state.sheet(0))
    while not (state.round == 6 and state.stage == "solo-rolling"):
        play(state, state.legal_actions()[0])
    sheet = state.sheet(0)
    sheet.purple = ()
    sheet.plus_ones = sheet.plus_ones_used + 1
    roll(state, "y1 b1 g1 o4 p5 w6")  # platter: yellow, blue, green, none of them usable
    assert state.stage == "solo-extra"
    assert legal(state) == ["+p>P", "+w>P", "done"]
    play(state, "+w>P")
    assert state.is_terminal()
    assert list(sheet.purple) == [6]
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (float(sheet.score()),)
    assert sheet.rerolls_left > 0  # unused rerolls: worth nothing


def test_the_last_passive_player_has_the_last_extra_die() -> None:
    """Two players: the final turn ends with the passive player's +1 (clever-extra-die)."""
    state = new_state(2)
    for seat in range(2):
        fill(state.sheet(seat))
    while not (state.round == 6 and state.active == 1):
        play(state, state.legal_actions()[0])
    sheet = state.sheet(0)
    sheet.orange = sheet.orange[:-2]  # two orange boxes open
    sheet.plus_ones = sheet.plus_ones_used + 1
    while state.current_player() != 0:
        play(state, state.legal_actions()[0])  # seat 1 puts three unusable 1s aside
    assert state.stage == "passive-take"
    assert state.platter == (O, P, W)
    play(state, "o>O")
    assert state.stage == "passive-extra"
    assert legal(state) == ["+o>O", "+w>O", "done"]
    play(state, "+w>O")
    assert state.is_terminal()
    assert not sheet.orange_open()


def test_the_last_active_player_uses_extra_dice_after_the_passive_players_write() -> None:
    """Rulebook: "The game ends after the last round, once the passive players have written their
    dice. Everyone may still use their remaining extra-die actions" (clever-extra-die): after
    the last turn every seat, the last active player too, has a last +1 stage."""
    state = new_state(2)
    for seat in range(2):
        fill(state.sheet(seat))
    while not (state.round == 6 and state.active == 1):
        play(state, state.legal_actions()[0])
    last = state.sheet(1)
    last.orange = last.orange[:-2]  # two orange boxes open for the last active player
    last.plus_ones = last.plus_ones_used + 1
    roll(state, dice(o=6))
    play(state, "o>O")
    assert state.stage == "active-extra"
    play(state, "done")  # keeps the +1 for the end
    assert not state.is_terminal()
    while state.stage != "final-extra":
        play(state, state.legal_actions()[0])  # seat 0 takes nothing usable
    assert state.current_player() == 1
    view = state.view(1)
    assert view["stage"] == "final-extra"
    assert view["phase"].startswith("the last round is over: everyone may still use")
    assert legal(state) == ["+o>O", "+w>O", "done"]  # the orange 6 and white 1 of the last roll
    play(state, "+o>O")
    assert state.is_terminal()
    assert last.orange[-2:] == (6, 18) and last.plus_ones_left == 0  # the last box is x3


def test_a_seat_with_seven_extra_dice_spends_all_seven_at_the_end() -> None:
    """Rulebook: "Everyone may still use their remaining extra-die actions" and "each die only once
    per turn" (clever-extra-die: the last +1 stage after the last turn is no part of a turn, so
    each die may serve once more in it): a seat ending with 7 extra dice spends all 7."""
    state = new_state()
    while not (state.round == 6 and state.stage == "solo-rolling"):
        play(state, state.legal_actions()[0])
    sheet = prepare(state.sheet(0), plus_ones=(7, 0))
    roll(state, "y1 b2 g3 o4 p5 w6")  # the platter: yellow 1, blue 2, green 3
    play(state, "y>Y22")
    assert state.stage == "solo-extra"
    for move in ("+y>Y31", "+b>B8", "+g>G", "+o>O", "+p>P", "+w>P"):
        play(state, move)
    assert sheet.plus_ones_left == 1  # every die served once this turn
    assert state.stage == "final-extra" and state.current_player() == 0
    assert state.view(0)["extra_used"] == []  # counted afresh
    assert "+o>O" in legal(state) and "+w>Y12" in legal(state)
    play(state, "+o>O")
    assert state.is_terminal()
    assert (sheet.plus_ones, sheet.plus_ones_used) == (7, 7)
    assert sheet.orange == (4, 4)


def test_the_last_extra_dice_each_die_once() -> None:
    """clever-extra-die: in the last +1 stage each die serves once, in seat order."""
    state = new_state(2)
    for seat in range(2):
        fill(state.sheet(seat))
    while not (state.round == 6 and state.active == 1):
        play(state, state.legal_actions()[0])
    for seat in range(2):
        sheet = state.sheet(seat)
        sheet.orange = ()
        sheet.plus_ones = sheet.plus_ones_used + 3
    roll(state, dice(o=6))
    play(state, "o>O")
    play(state, "done")  # seat 1 keeps its three +1
    play(state, "w>O")  # seat 0 takes the white 1
    play(state, "done")
    assert state.stage == "final-extra" and state.current_player() == 0
    play(state, "+o>O")
    refused(state, "+o>O", "used by a +1 in these last extra dice already")
    play(state, "done")
    assert state.current_player() == 1 and state.view(1)["extra_used"] == []
    play(state, "+o>O")
    play(state, "+w>O")  # no other die can be written in orange, the rest is full
    assert state.is_terminal()
    assert state.sheet(1).orange == (6, 6, 1) and state.sheet(1).plus_ones_left == 1


# -- passive players ---------------------------------------------------------------------------


def test_passive_players_take_platter_dice_and_may_share_one() -> None:
    """Rulebook: "Then the other players all choose one die from the silver platter at the same
    time and write it on their sheet. The dice stay on the platter: several players may take the
    same one."""
    state = new_state(3)
    three_picks(state)
    assert state.stage == "passive-take"
    assert state.current_player() == 1  # left of the active player first (simultaneous step)
    assert {m[0] for m in legal(state)} == {"b", "o", "w"}  # the platter only
    play(state, "o>O")
    assert state.current_player() == 2
    assert state.sheet(1).orange == ()  # nothing is written until every choice is in
    assert state.platter == (B, O, W)
    play(state, "o>O")
    assert [state.sheet(s).orange for s in (1, 2)] == [(3,), (3,)]
    assert state.active == 1 and state.current_player() == CHANCE  # the next active player


def test_the_simultaneous_choice_is_hidden_until_every_passive_player_has_chosen() -> None:
    """ "all choose ... at the same time" (clever-simultaneous-take): a seat sees only *that* the
    others have chosen, in ``passive`` and in the log, until all are in."""
    state = new_state(3)
    prepare(state.sheet(1), plus_ones=(1, 0))  # seat 1's +1 keeps the turn open after the reveal
    three_picks(state)
    other = state.clone()
    play(state, "o>O", seat=1)
    play(other, "w>B6", seat=1)  # another choice: seat 2 and spectators cannot tell them apart
    for viewer in (None, 0, 2):
        assert state.view(viewer) == other.view(viewer)
        assert state.view(viewer)["log"][-1] == {"seat": 1, "move": "?"}
        assert state.view(viewer)["passive"]["chosen"] == {"1": None}
    mine = state.view(1)
    assert mine["log"][-1] == {"seat": 1, "move": "o>O"}
    assert mine["passive"]["chosen"] == {"1": "o>O"}
    refused(state, "o>O", "it is not seat 1's turn: seat 2 is to move", NotYourTurnError, seat=1)
    play(state, "b>B6", seat=2)
    assert state.stage == "passive-extra"
    for viewer in (None, 0, 1, 2):
        view = state.view(viewer)
        assert [e["move"] for e in view["log"][-2:]] == ["o>O", "b>B6"]
        assert view["passive"]["chosen"] == {"1": "o>O", "2": "b>B6"}


def test_passive_fallback_to_the_active_players_dice() -> None:
    """Rulebook: "A passive player who cannot use any die on the platter may take one of the dice on
    the active player's spaces": *may*, so taking nothing is allowed too (clever-passive-take)."""
    state = new_state(2)
    sheet = fill(state.sheet(1))
    sheet.yellow = yellow_mask("Y11 Y42")  # the 1s are open, the 3s crossed
    sheet.purple = (5,)
    three_picks(state)  # platter: blue 3, orange 3, white 3; spaces: yellow 1, green 2, purple 3
    assert state.current_player() == 1
    assert legal(state) == ["y>Y22", "y>Y31", "done"]
    declined = state.clone()
    play(declined, "done")
    assert declined.sheet(1).yellow == yellow_mask("Y11 Y42")
    play(state, "y>Y22")
    assert state.sheet(1).yellow == yellow_mask("Y11 Y42 Y22")


def test_passive_fallback_is_never_by_choice() -> None:
    """Rulebook: "they cannot skip the platter on purpose to get those dice"; clever-passive-take:
    "a passive player who can use a platter die must take one"."""
    state = new_state(2)
    three_picks(state)
    moves = legal(state)
    assert {m[0] for m in moves} == {"b", "o", "w"}
    assert "done" not in moves
    refused(state, "y>Y22", "a passive player takes one of those only when no platter die")
    refused(state, "done", "seat 1 can use a die and must take one")


def test_passive_optional_lets_a_player_decline_but_not_reach_the_spaces() -> None:
    """clever-passive-take: "Option `passive_optional=true` lets a passive player decline"."""
    state = new_state(2, passive_optional=True)
    three_picks(state)
    moves = legal(state)
    assert moves[-1] == "done"
    assert {m[0] for m in moves[:-1]} == {"b", "o", "w"}
    before = state.sheet(1).copy()
    play(state, "done")
    assert state.sheet(1) == before
    assert state.active == 1


def test_a_passive_player_with_nothing_usable_takes_nothing() -> None:
    """No platter die and no die on a space can be used: no decision is asked."""
    state = new_state(2)
    fill(state.sheet(1))
    three_picks(state)
    assert state.active == 1
    assert state.current_player() == CHANCE
    assert state.view(None)["log"][-1] == {"seat": 0, "move": "p>P"}


def test_passive_player_resolves_bonuses_then_extra_die() -> None:
    """clever-simultaneous-take: "each passive player in that order writes their die, resolves its
    bonuses and uses +1 actions"."""
    state = new_state(3)
    prepare(state.sheet(1), orange=(1, 1), plus_ones=(1, 0))
    prepare(state.sheet(2), blue=[3, 4], plus_ones=(1, 0))
    three_picks(state)
    play(state, "o>O", seat=1)  # orange box 3: a reroll
    play(state, "b>B6", seat=2)
    assert state.sheet(1).rerolls == 2
    assert state.stage == "passive-extra"
    assert state.current_player() == 1
    play(state, "+y>Y22")
    assert state.current_player() == 2  # seat 1 used its only +1
    assert state.sheet(2).blue == 1 << 3 | 1 << 4 | 1 << 6
    play(state, "done")
    assert state.active == 1


# -- solo --------------------------------------------------------------------------------------


def test_solo_passive_turn_three_lowest_to_the_platter() -> None:
    """Rulebook: "As passive player, roll the six dice, put the three lowest on the silver platter
    and choose one of them, with no reroll allowed."""
    state = new_state()
    prepare(state.sheet(0), rerolls=(3, 0))
    solo_passive(state)
    assert state.view(None)["rolling"] == [Y, B, G, O, P, W]
    roll(state, "y4 b6 g1 o2 p5 w3")
    assert state.platter == (G, O, W)
    assert state.stage == "solo-take"
    moves = legal(state)
    assert {m[0] for m in moves} == {"g", "o", "w"}
    assert "reroll" not in moves
    refused(state, "reroll", "no reroll in the solo passive turn")
    refused(state, "y>Y34", "the yellow die is not on the silver platter (green, orange, white)")
    play(state, "w>B9")  # blue 6 + white 3
    assert state.sheet(0).blue == 1 << 9


def test_solo_passive_turn_allows_the_extra_die() -> None:
    """clever.md §8: "As a passive player you cannot use reroll but can use +1 (official English
    rulebook S2)"; clever-solo-extra: any of the six dice."""
    state = new_state()
    prepare(state.sheet(0), plus_ones=(1, 0))
    solo_passive(state)
    roll(state, "y4 b6 g1 o2 p5 w3")
    play(state, "g>G")
    assert state.stage == "solo-extra"
    assert "+b>B9" in legal(state)  # a die that is not on the platter
    play(state, "+b>B9")
    assert state.round == 2


def test_solo_ties_for_the_platter_are_chance() -> None:
    """Rulebook: "Solo, when values are equal, the die that landed closest to the silver platter
    is the one that goes there." (clever-solo-ties: chance, each tied die equally likely)"""
    state = new_state()
    solo_passive(state)
    roll(state, "y1 b2 g2 o2 p5 w6")
    assert state.stage == "solo-nearest"
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(2100 + B, 1 / 3), (2100 + G, 1 / 3), (2100 + O, 1 / 3)]
    refused(state, "near:p", "the purple die is not one of the dice tied for the silver platter")
    refused(state, "r3", "lies nearest: near:b/near:g/near:o")
    play(state, "near:o")
    assert state.chance_outcomes() == [(2100 + B, 1 / 2), (2100 + G, 1 / 2)]
    play(state, "near:b")
    assert state.platter == (Y, B, O)
    assert state.stage == "solo-take"
    assert state.view(None)["log"][-2:] == [
        {"seat": "chance", "move": "near:o"},
        {"seat": "chance", "move": "near:b"},
    ]


def test_solo_ties_in_colour_order_with_the_option() -> None:
    """clever-solo-ties: "Option `solo_ties=colour-order` sends them in the fixed order yellow,
    blue, green, orange, purple, white"."""
    state = new_state(solo_ties="colour-order")
    solo_passive(state)
    roll(state, "y1 b2 g2 o2 p5 w6")
    assert state.stage == "solo-take"
    assert state.platter == (Y, B, G)


def test_solo_no_chance_when_the_tie_fits_on_the_platter() -> None:
    state = new_state()
    solo_passive(state)
    roll(state, "y5 b1 g1 o1 p5 w5")
    assert state.stage == "solo-take"
    assert state.platter == (B, G, O)


# -- bonuses ---------------------------------------------------------------------------------------

# (id, marks already made, dice, move, bonus fired)
BONUS_CASES = [
    ("yellow-row-1", {"yellow": "Y12 Y13"}, dice(y=3), "y>Y11", X_BLUE),
    ("yellow-row-2", {"yellow": "Y21 Y22"}, dice(y=5), "y>Y24", ORANGE_4),
    ("yellow-row-3", {"yellow": "Y31 Y33"}, dice(y=4), "y>Y34", X_GREEN),
    ("yellow-row-4", {"yellow": "Y42 Y43"}, dice(y=6), "y>Y44", FOX),
    ("yellow-diagonal", {"yellow": "Y11 Y22 Y33"}, dice(y=6), "y>Y44", PLUS_ONE),
    ("blue-row-1", {"blue": [2, 3]}, dice(b=2, w=2), "b>B4", ORANGE_5),
    ("blue-row-2", {"blue": [5, 6, 7]}, dice(b=4, w=4), "b>B8", X_YELLOW),
    ("blue-row-3", {"blue": [9, 10, 11]}, dice(b=6, w=6), "b>B12", FOX),
    ("blue-column-1", {"blue": [5]}, dice(b=4, w=5), "b>B9", REROLL),
    ("blue-column-2", {"blue": [2, 6]}, dice(b=5, w=5), "b>B10", X_GREEN),
    ("blue-column-3", {"blue": [3, 7]}, dice(b=5, w=6), "b>B11", PURPLE_6),
    ("blue-column-4", {"blue": [4, 8]}, dice(b=6, w=6), "b>B12", PLUS_ONE),
    *(
        (f"green-box-{i + 1}", {"green": i}, dice(g=6), "g>G", bonus)
        for i, bonus in ((3, PLUS_ONE), (5, X_BLUE), (6, FOX), (8, PURPLE_6), (9, REROLL))
    ),
    *(
        (f"orange-box-{i + 1}", {"orange": (1,) * i}, dice(o=4), "o>O", bonus)
        for i, bonus in ((2, REROLL), (4, X_YELLOW), (5, PLUS_ONE), (7, FOX), (9, PURPLE_6))
    ),
    *(
        (f"purple-box-{i + 1}", {"purple": (6,) * i}, dice(p=3), "p>P", bonus)
        for i, bonus in (
            (2, REROLL),
            (3, X_BLUE),
            (4, PLUS_ONE),
            (5, X_YELLOW),
            (6, FOX),
            (7, REROLL),
            (8, X_GREEN),
            (9, ORANGE_6),
            (10, PLUS_ONE),
        )
    ),
]


@pytest.mark.parametrize(
    ("marks", "rolled", "move", "bonus"),
    [case[1:] for case in BONUS_CASES],
    ids=[case[0] for case in BONUS_CASES],
)
def test_every_bonus_of_the_sheet_fires(
    marks: dict[str, object], rolled: str, move: str, bonus: int
) -> None:
    """Rulebook: "Bonuses: filling a box that shows one, or completing a yellow row, a blue row or a
    blue column, triggers it at once: a cross in the area shown, or a number to write in the orange
    or purple area." "Earned actions: some boxes or columns, the yellow diagonal and rounds 1 to 3
    unlock them"."""
    state = new_state()
    sheet = prepare(state.sheet(0), **marks)  # type: ignore[arg-type]
    roll(state, rolled)
    expected = sheet.copy()
    action = state.game.parse_action(move)
    die, target = action // 100 - 1, action % 100
    faces = state.faces
    assert expected.mark(target, faces[die], faces[B] + faces[W]) == [bonus]
    play(state, move)
    if bonus in (X_BLUE, X_YELLOW):
        # a cross anywhere in the area: the player chooses at once, before anything else
        assert state.current_player() == 0
        assert state.pending == ((0, bonus),)
        cells = expected.open_blue_targets() if bonus == X_BLUE else expected.open_yellow_cells()
        assert state.legal_actions() == [700 + t for t in cells]
        choice = state.legal_actions()[-1]
        play(state, choice)
        expected.mark(choice - 700, 0)
    elif bonus in (REROLL, PLUS_ONE):
        expected.unlock(bonus)
    elif bonus == FOX:
        expected.foxes += 1
    elif bonus == X_GREEN:
        expected.green += 1
    elif bonus in (ORANGE_4, ORANGE_5, ORANGE_6):
        value = {ORANGE_4: 4, ORANGE_5: 5, ORANGE_6: 6}[bonus]
        expected.orange += (value * ORANGE_MULTIPLIERS[len(expected.orange)],)
    else:
        assert bonus == PURPLE_6
        expected.purple += (6,)
    assert state.pending == ()
    assert state.sheet(0) == expected


def test_a_blue_cross_completing_a_row_and_a_column_fires_both() -> None:
    """A mark's bonuses in printed order: the row, then the column (clever-bonus-order)."""
    state = new_state()
    prepare(state.sheet(0), blue=[2, 3, 8, 12])
    roll(state, dice(b=3))  # blue 3 + white 1
    play(state, "b>B4")  # row 2-3-4 (orange 5) and column 4-8-12 (+1)
    sheet = state.sheet(0)
    assert sheet.orange == (5,)
    assert (sheet.plus_ones, sheet.rerolls) == (1, 1)


def test_chained_bonuses_are_resolved_depth_first() -> None:
    """Rulebook: "A bonus can trigger others, in a chain." clever-bonus-order: "a bonus's own chain
    is resolved completely before the next bonus (depth first)"."""
    state = new_state()
    prepare(state.sheet(0), yellow="Y12 Y13", blue=[5, 6, 7, 4, 12])
    roll(state, dice(b=4, w=4))
    play(state, "b>B8")  # blue row 5-8 (yellow X) and column 4-8-12 (+1)
    assert state.pending == ((0, X_YELLOW), (0, PLUS_ONE))
    assert state.sheet(0).plus_ones == 0  # waits behind the yellow X
    play(state, "X:Y11")  # completes yellow row 1: a blue X, resolved before the +1
    assert state.pending == ((0, X_BLUE), (0, PLUS_ONE))
    assert state.sheet(0).plus_ones == 0
    play(state, "X:B9")
    assert not state.pending
    assert state.sheet(0).plus_ones == 1
    assert state.sheet(0).blue == sum(1 << s for s in (4, 5, 6, 7, 8, 9, 12))


def test_a_bonus_fires_a_bonus_that_fires_a_bonus() -> None:
    """Green box 6 (blue X) -> blue 10 completes column 2-6-10 (green X) -> green box 7 (fox)."""
    state = new_state()
    prepare(state.sheet(0), green=5, blue=[2, 6])
    roll(state, dice(g=6))
    play(state, "g>G")
    assert state.pending == ((0, X_BLUE),)
    play(state, "X:B10")
    sheet = state.sheet(0)
    assert (sheet.green, sheet.foxes) == (7, 1)


def test_yellow_row_two_orange_four_fires_the_orange_reroll() -> None:
    """Yellow row 2 (orange 4) -> the 4 lands in orange box 3 (reroll)."""
    state = new_state()
    prepare(state.sheet(0), yellow="Y21 Y22", orange=(2, 2))
    roll(state, dice(y=5))
    play(state, "y>Y24")
    assert state.sheet(0).orange == (2, 2, 4)
    assert state.sheet(0).rerolls == 2


def test_a_cross_bonus_with_one_open_cell_is_written_without_asking() -> None:
    """clever-bonus-order: "A cross bonus with one open cell left is written on it without
    asking"; here it chains on: blue 12 completes row 9-12 (fox) and column 4-8-12 (+1)."""
    state = new_state()
    prepare(state.sheet(0), yellow="Y12 Y13", blue=range(2, 12))
    roll(state, dice(y=3))
    play(state, "y>Y11")  # yellow row 1: blue X, and only blue 12 is open
    sheet = state.sheet(0)
    assert sheet.blue == BLUE_FULL
    assert (sheet.foxes, sheet.plus_ones) == (1, 1)
    assert state.pending == ()
    assert state.stage == "active-extra"  # the 3 sent every other die to the platter


def test_a_bonus_with_no_room_is_lost() -> None:
    """clever-bonus-order: "a bonus with no room left (a full area) is lost, as a number bonus
    'cannot be saved'"."""
    state = new_state()
    prepare(state.sheet(0), yellow="Y12 Y13", blue=range(2, 13))
    expected = state.sheet(0).copy()
    roll(state, dice(y=3))
    play(state, "y>Y11")  # yellow row 1: a blue X, and no blue cell is open
    expected.cross_yellow(0)
    assert state.sheet(0) == expected
    assert state.pending == ()
    assert state.current_player() == CHANCE


def test_orange_number_bonus_is_lost_when_orange_is_full() -> None:
    state = new_state()
    prepare(state.sheet(0), yellow="Y21 Y22", orange=(1,) * BOXES)
    roll(state, dice(y=5))
    play(state, "y>Y24")
    assert state.sheet(0).orange == (1,) * BOXES
    assert state.current_player() == CHANCE


def test_the_green_x_bonus_ignores_the_threshold() -> None:
    """clever.md §3: "A green X bonus crosses the next green box and ignores its threshold" (the
    last box needs a 6)."""
    state = new_state()
    prepare(state.sheet(0), yellow="Y31 Y33", green=BOXES - 1)
    roll(state, dice(y=4))
    play(state, "y>Y34")
    assert state.sheet(0).green == BOXES


def test_the_track_is_seven_spaces_and_an_eighth_unlock_is_lost() -> None:
    """clever-track-length: "An unlock with all seven circled has no space and is lost"."""
    state = new_state()
    prepare(state.sheet(0), orange=(1, 1), rerolls=(TRACK_SPACES, 2))
    roll(state, dice(o=4))
    play(state, "o>O")  # orange box 3: a reroll
    assert (state.sheet(0).rerolls, state.sheet(0).rerolls_used) == (TRACK_SPACES, 2)


# -- areas -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("multiplied", [True, False])
def test_orange_number_bonus_and_the_multiplier_option(multiplied: bool) -> None:
    """clever-orange-multiplier: "**Default: multiplied** (orange 4, 5, 6 and the round-4 black
    6). Option `orange_bonus_multiplied=false` writes the bare number." A die is always
    multiplied: "four boxes double or triple it"."""
    state = new_state(orange_bonus_multiplied=multiplied)
    prepare(state.sheet(0), yellow="Y21 Y24", orange=(1, 1, 1))
    roll(state, dice(y=1))
    play(state, "y>Y22")  # yellow row 2: orange 4 into box 4 (x2)
    assert state.sheet(0).orange == (1, 1, 1, 8 if multiplied else 4)
    roll(state, "b1 g1 o4 p1 w4")
    play(state, "o>O")  # a die in box 5 (x1), with its yellow X
    play(state, "X:Y11")
    roll(state, "w3")
    play(state, "w>O")  # a die in box 6 (x1)
    assert state.sheet(0).orange[4:] == (4, 3)


def test_orange_dice_are_multiplied() -> None:
    """Rulebook: "Orange area: from left to right, write the die's value; four boxes double or
    triple it."""
    state = new_state()
    prepare(state.sheet(0), orange=(1,) * 10)
    roll(state, dice(o=5))
    play(state, "o>O")
    assert state.sheet(0).orange[-1] == 15


def test_purple_strictly_higher_and_anything_after_a_6() -> None:
    """Rulebook: "Purple area: from left to right, each number must be higher than the previous
    one, except after a 6, when anything goes." (clever.md: "2 < 5 < 6 < 3")"""
    state = new_state()
    prepare(state.sheet(0), purple=(3,))
    roll(state, dice(p=3))
    assert "p>P" not in legal(state)
    refused(state, "p>P", "purple must go higher than the last number, 3")
    state = new_state()
    prepare(state.sheet(0), purple=(2, 5, 6))
    roll(state, dice(p=3))
    play(state, "p>P")
    assert state.sheet(0).purple == (2, 5, 6, 3)


def test_green_thresholds() -> None:
    """Rulebook: "Green area: from left to right, without skipping a box; the die must be at least
    the number in the box." Box 5 needs a 5, box 6 a 1 again."""
    state = new_state()
    prepare(state.sheet(0), green=4)
    roll(state, dice(g=4))
    refused(state, "g>G", "the next green box (box 5) needs at least 5, and the green die shows 4")
    state = new_state()
    prepare(state.sheet(0), green=4)
    roll(state, dice(g=5, w=5))
    play(state, "g>G")
    roll(state, "w1")
    assert "w>G" in legal(state)  # box 6 needs only a 1
    play(state, "w>G")
    assert state.sheet(0).green == 6


# -- scoring and the end -----------------------------------------------------------------------


def test_scoring_example() -> None:
    """Rulebook, scoring: "Yellow area: each fully crossed-off column scores the number printed
    beneath it" "Blue area: by number of crosses, 1, 2, 4, 7, 11" "Green area: the number printed
    above the last cross" "Orange and purple areas: the sum of the numbers written." "Foxes: each
    is worth the total of your weakest area"."""
    state = new_state()
    sheet = prepare(
        state.sheet(0),
        yellow="Y11 Y21 Y31 Y24 Y34 Y44 Y12",  # columns 1 (10) and 4 (20)
        blue=[2, 3, 4, 5, 6],  # 5 crosses: 11
        green=7,  # 28
        orange=(3, 4, 5, 8),  # 20
        purple=(1, 2, 6, 3),  # 12
        foxes=2,  # 2 x 11 (blue, the weakest)
    )
    assert sheet.area_scores() == (30, 11, 28, 20, 12)
    assert sheet.score() == 30 + 11 + 28 + 20 + 12 + 2 * 11
    score = state.view(None)["sheets"][0]["score"]
    assert score == {
        "yellow": 30,
        "blue": 11,
        "green": 28,
        "orange": 20,
        "purple": 12,
        "foxes": 22,
        "total": 123,
    }


def test_an_area_at_zero_makes_foxes_worthless() -> None:
    """Rulebook: "an area at zero makes them all worthless."""
    sheet = prepare(Sheet(), blue=[2, 3], green=7, orange=(6,), purple=(1, 2), foxes=3)
    assert sheet.area_scores()[0] == 0
    assert sheet.fox_points() == 0
    assert sheet.score() == 2 + 28 + 6 + 3


def finished(players: int) -> CleverState:
    state = new_state(players)
    for seat in range(players):
        fill(state.sheet(seat))
    finish(state)
    return state


def test_the_highest_total_wins() -> None:
    """Rulebook: "Add up the five areas and the foxes: the highest total wins."""
    state = finished(3)
    prepare(state.sheet(0), green=3)
    prepare(state.sheet(1), green=4)
    prepare(state.sheet(2), green=2)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (6.0, 10.0, 3.0)
    assert outcome.winners == {1}
    assert outcome.reason == "last-round"


def test_a_tie_goes_to_the_best_single_area() -> None:
    """Rulebook: "On a tie, the best score in a single area decides; if still tied, the victory is
    shared."""
    state = finished(2)
    prepare(state.sheet(0), yellow="Y14 Y24 Y34 Y44")  # yellow 20
    prepare(state.sheet(1), blue=[2, 3, 4, 5], green=3, orange=(7,))  # 7 + 6 + 7
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (20.0, 20.0)
    assert outcome.winners == {0}
    assert outcome.reason == "last-round, tie broken by the best area"
    prepare(state.sheet(1), green=5, orange=(5,))  # 15 + 5: the best area is 15 < 20
    assert state.outcome() == outcome


def test_a_tie_in_the_best_area_too_is_shared() -> None:
    state = finished(2)
    prepare(state.sheet(0), green=5, orange=(4,))
    prepare(state.sheet(1), purple=(1, 2, 3, 4, 5), green=1, orange=(3,))
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (19.0, 19.0)
    assert outcome.winners == {0, 1}
    assert outcome.shared
    assert outcome.reason == "last-round"


def test_the_solo_view_rates_the_total() -> None:
    """The rulebook's solo table (clever.md §8): 200-219 "Hat's off to you!", under 140 "Try
    harder!"."""
    state = finished(1)
    assert state.score(0) == 60 + 56 + 66 + 11 + 11
    view = state.view(0)
    assert view["rating"] == {"label": "Hat's off to you!", "stars": 2.0}
    assert view["to_move"] == "end"
    assert state.current_player() == TERMINAL
    prepare(state.sheet(0), green=3)
    assert state.view(0)["rating"] == {"label": "Try harder!", "stars": 0.0}
    assert new_state().view(0)["rating"] is None  # only once the game is over
