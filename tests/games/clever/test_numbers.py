"""That's Pretty Clever's numbers as options (``group="number"``): each defaults to the rulebook's,
changes play the way it says, is refused out of range, and travels in the spec of a record that
bots play and that replays to the same outcome.

The rulebook's lines are quoted from ``002_5a5644b709f11744.txt`` (That's Pretty Clever); the
action tracks' length, which the text leaves out, from ``shared/data/clever.md`` (section 7).
"""

from __future__ import annotations

import json
import random

import pytest

from clickbox.bots.registry import make_bot
from clickbox.core import (
    CHANCE,
    GameRecord,
    OptionError,
    View,
    check_record,
    narrate,
    sample_chance,
)
from clickbox.games import load
from clickbox.games.clever import CleverGame, CleverParams, CleverState
from clickbox.games.clever.board import ROUND_BONUS, ROUNDS_BY_PLAYERS
from clickbox.games.clever.view import LAYOUT
from clickbox.rl.clever import CleverEncoder
from clickbox.sim import play_match
from tests.checks import legal

from .helpers import new_game, new_state, roll, run
from .test_scorepad import FULL_SHEET

# Every number of the rules that is an option, with the rulebook's value and its line.
RULEBOOK: dict[str, tuple[object, str]] = {
    # 0: by the player count
    "rounds": (
        0,
        "The game lasts 4 rounds with four players, 5 rounds with three, 6 rounds with two or "
        "solo.",
    ),
    "round_bonuses": (
        "reroll-plus1-reroll-black",
        "Rounds 1 to 3 give the action printed under their number; round 4 gives one of the two "
        "black bonuses",
    ),
    "picks": (3, "puts it on one of their three die spaces [...] three rolls at most"),
    "solo_platter": (
        3,
        "As passive player, roll the six dice, put the three lowest on the silver platter",
    ),
    "reroll_spaces": (7, "clever.md: [action tracks] Each has **7 circles** after its icon"),
    "plus_one_spaces": (7, "clever.md: [action tracks] Each has **7 circles** after its icon"),
    "start_rerolls": (
        0,
        "Earned actions: some boxes or columns, the yellow diagonal and rounds 1 to 3 unlock them",
    ),
    "start_plus_ones": (
        0,
        "Earned actions: some boxes or columns, the yellow diagonal and rounds 1 to 3 unlock them",
    ),
}


def first_choice(state: CleverState) -> View:
    """Roll the first dice (each a different face) and return the view at the first pick."""
    roll(state, "y3 b4 g2 o6 p1 w5")
    assert state.stage == "choose"
    return state.view(0)


def play_random(state: CleverState, seed: int, until: int | None = None) -> None:
    """Random legal moves and dice until the end (or until round ``until`` starts)."""
    rng = random.Random(seed)
    while not state.is_terminal() and (until is None or state.round < until):
        if state.current_player() == CHANCE:
            state.apply(sample_chance(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))


# -- (a) the defaults are the rulebook's ---------------------------------------------------------


@pytest.mark.parametrize("name", sorted(RULEBOOK))
def test_each_number_defaults_to_the_rulebook(name: str) -> None:
    value, line = RULEBOOK[name]
    spec = {s.name: s for s in CleverParams.option_specs()}[name]
    assert spec.group == "number" and spec.label and spec.help
    assert spec.default == value == getattr(CleverParams(), name), f"the rulebook: {line!r}"


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_rulebook_game_has_its_numbers(players: int) -> None:
    """Rulebook: "The game lasts 4 rounds with four players, 5 rounds with three, 6 rounds
    with two or solo"; the round track and the tracks are the printed sheet's."""
    game = new_game(players)
    assert game.rounds == game.config.rounds == ROUNDS_BY_PLAYERS[players] == 8 - max(players, 2)
    assert game.config.round_track == ROUND_BONUS
    assert game.config.rulebook_numbers
    state = game.new_initial_state()
    view = state.view(None)
    assert view["rounds"] == game.rounds
    assert view["layout"] is LAYOUT
    assert view["sheets"][0]["rerolls"] == {"circled": 1, "used": 0}  # round 1: a reroll


def test_the_default_spec_is_unchanged() -> None:
    assert load("clever").spec() == "clever(players=1)"
    assert load("clever", players=3).spec() == "clever(players=3)"
    # the rulebook's numbers given explicitly are not written out
    explicit = ",".join(f"{name}={value}" for name, (value, _) in RULEBOOK.items())
    assert load(f"clever(players=4,{explicit})").spec() == "clever(players=4)"
    assert load("clever(players=2,rounds=6)").spec() == "clever(players=2,rounds=6)"


# -- (b) a changed number changes play -----------------------------------------------------------


@pytest.mark.parametrize(("players", "rounds"), [(1, 2), (4, 6), (2, 8)])
def test_rounds_is_the_length_of_the_game(players: int, rounds: int) -> None:
    state = new_state(players, rounds=rounds)
    assert state.view(None)["rounds"] == rounds
    play_random(state, seed=rounds)
    assert state.is_terminal() and state.round == rounds
    turns = {(round_, active) for round_, active in _turns(state)}
    assert len(turns) == rounds * players


def _turns(state: CleverState) -> list[tuple[int, int]]:
    """(round, active) of every roll of the game, replayed from its history."""
    again = state.game.new_initial_state()
    assert isinstance(again, CleverState)
    seen = []
    for action in state.history:
        if again.stage == "rolling":
            seen.append((again.round, again.active))
        again.apply(action)
    return seen


def test_rounds_past_the_printed_track_give_nothing() -> None:
    """Eight rounds: rounds 5-8 give nothing, as rounds 5 and 6 of the printed sheet."""
    state = new_state(1, rounds=8)
    play_random(state, seed=4)
    everyone = [e for e in state.view(None)["events"] if e["seat"] == "all"]
    assert [e["bonus"] for e in everyone] == ["reroll", "plus1", "reroll"]
    assert state.view(None)["layout"]["round_bonus"] == [
        "reroll",
        "plus1",
        "reroll",
        "black_x_or_6",
        None,
        None,
        None,
        None,
    ]


def test_round_bonuses_is_the_round_track() -> None:
    state = new_state(1, round_bonuses="plus1-black-none-reroll")
    view = state.view(0)
    assert view["sheets"][0]["plus_ones"]["circled"] == 1  # round 1 gives a +1, not a reroll
    assert view["sheets"][0]["rerolls"]["circled"] == 0
    assert view["layout"]["round_bonus"][:4] == ["plus1", "black_x_or_6", None, "reroll"]
    assert view["layout"]["round_bonus"][4:] == [None, None]
    play_random(state, seed=1, until=2)  # the start of round 2: the black X or 6, at once
    assert state.round == 2 and state.view(0)["pending"] == [{"seat": 0, "bonus": "black_x_or_6"}]
    play_random(state, seed=1)
    everyone = [e["bonus"] for e in state.view(None)["events"] if e["seat"] == "all"]
    assert everyone == ["plus1", "reroll"]


def test_no_round_bonuses() -> None:
    state = new_state(2, round_bonuses="none")
    assert state.view(None)["sheets"][1]["rerolls"]["circled"] == 0
    play_random(state, seed=2)
    assert not [e for e in state.view(None)["events"] if e["seat"] == "all"]
    assert all(bonus is None for bonus in state.view(None)["layout"]["round_bonus"])


def test_the_black_bonus_of_another_round_is_told_with_its_round() -> None:
    game = new_game(1, round_bonuses="black")
    record = play_match(game, [make_bot("random")], 3)
    state = check_record(record, load(record.game))
    lines = [line.text for line in narrate(game, state.view(0))]
    assert any("takes the round-1 black" in line for line in lines), lines
    assert not any("round-4" in line for line in lines)


def test_picks_is_the_number_of_rolls_of_an_active_turn() -> None:
    """One die space: after the first pick every die left goes to the platter ("After the
    third, all remaining dice go onto the platter"); the default rolls again. (A +1 in hand
    holds the turn at its end, where the platter shows.)"""
    state = new_state(1, picks=1, start_plus_ones=1)
    first_choice(state)
    run(state, "g>G")  # green 2: the purple 1 is lower, the others are left over
    view = state.view(0)
    assert view["stage"] == "active-extra" and view["platter"] == [0, 1, 3, 4, 5]
    default = new_state(1, start_plus_ones=1)
    first_choice(default)
    run(default, "g>G")
    assert default.view(0)["stage"] == "rolling" and default.view(0)["platter"] == [4]


def test_more_picks_roll_on_while_dice_are_left() -> None:
    state = new_state(1, picks=5)
    assert state.view(0)["layout"]["die_spaces"] == 5
    rng = random.Random(7)
    most = 0
    while state.round == 1:
        if state.current_player() == CHANCE:
            state.apply(sample_chance(state, rng))
            continue
        if state.stage == "choose":
            # the lowest usable die sends the fewest dice to the platter
            moves = [m for m in legal(state) if m[0] in "ybgopw"]
            lowest = min(moves, key=lambda m: state.faces["ybgopw".index(m[0])])
            state.apply(state.game.parse_action(lowest))
            most = max(most, state.picks_made)
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert most > 3  # more rolls than the rulebook's three


@pytest.mark.parametrize(("count", "platter"), [(1, [4]), (3, [0, 2, 4]), (6, [0, 1, 2, 3, 4, 5])])
def test_solo_platter_is_the_lowest_dice_of_the_solo_passive_roll(
    count: int, platter: list[int]
) -> None:
    state = new_state(1, solo_platter=count)
    assert _three_picks(state) == "solo-rolling"
    roll(state, "y3 b4 g2 o6 p1 w5")
    assert state.stage == "solo-take"
    assert state.view(0)["platter"] == platter
    assert state.view(0).get("layout", {}).get("solo_platter", 3) == count
    told = [line.text for line in narrate(state.game, state.view(0))][-1]
    if count == 1:
        assert told == "The lowest goes to the silver platter: purple 1"
    else:
        assert told.startswith(f"The {'three' if count == 3 else count} lowest go to the silver")


def test_solo_platter_ties_are_left_to_chance() -> None:
    state = new_state(1, solo_platter=2)
    _three_picks(state)
    roll(state, "y3 b1 g3 o6 p3 w5")  # the blue 1, then one of the three 3s
    assert state.stage == "solo-nearest" and state.view(0)["tied_needed"] == 1
    run(state, "near:g")
    assert state.view(0)["platter"] == [1, 2]


def test_no_reroll_space_means_no_reroll() -> None:
    state = new_state(1, reroll_spaces=0)
    view = first_choice(state)
    assert view["sheets"][0]["rerolls"]["circled"] == 0  # round 1's reroll is lost
    assert "reroll" not in legal(state)
    assert view["layout"]["reroll_spaces"] == 0 and view["layout"]["plus_one_spaces"] == 7
    play_random(state, seed=5)
    assert state.sheet(0).rerolls == 0 and "reroll" not in [m["move"] for m in state.view(0)["log"]]
    everyone = [e["bonus"] for e in state.view(None)["events"] if e["seat"] == "all"]
    assert everyone == ["plus1"]  # the rounds' rerolls are not even told
    assert "reroll" in legal(_first(new_state(1)))


def _first(state: CleverState) -> CleverState:
    first_choice(state)
    return state


def test_a_short_track_loses_the_unlocks_past_its_spaces() -> None:
    state = new_state(1, reroll_spaces=1, start_rerolls=1)
    assert state.view(0)["sheets"][0]["rerolls"] == {"circled": 1, "used": 0}  # round 1's lost
    play_random(state, seed=6)
    assert state.sheet(0).rerolls == 1


def test_start_rerolls_and_plus_ones_are_circled_at_the_start() -> None:
    state = new_state(1, start_rerolls=3, start_plus_ones=2)
    view = state.view(0)
    assert view["sheets"][0]["rerolls"] == {"circled": 4, "used": 0}  # and round 1's
    assert view["sheets"][0]["plus_ones"] == {"circled": 2, "used": 0}
    assert _three_picks(state) == "active-extra"
    assert "+w>P" in legal(state)  # a +1 without having earned one
    # the rulebook's game: no +1 yet in round 1, so the turn's end passes by
    assert _three_picks(new_state(1)) == "solo-rolling"


def _three_picks(state: CleverState) -> str:
    """Green 2, yellow 3, orange 6 in the first turn; the stage after the third pick."""
    first_choice(state)
    run(state, "g>G")  # the purple 1 goes to the platter
    roll(state, "y3 b4 o6 w5")
    run(state, "y>Y11")
    roll(state, "b4 o6 w5")
    run(state, "o>O")
    return state.stage


def test_no_plus_one_space_means_no_plus_one() -> None:
    state = new_state(1, plus_one_spaces=0)
    play_random(state, seed=8)
    assert state.sheet(0).plus_ones == 0
    assert not any(m["move"].startswith("+") for m in state.view(0)["log"])


def test_the_solo_rating_measures_the_rulebook_game_only() -> None:
    for options, rated in (({}, True), ({"rounds": 7}, False), ({"start_rerolls": 1}, False)):
        state = new_state(1, **options)
        play_random(state, seed=9)
        view = state.view(0)
        assert (view["rating"] is not None) == rated
        lines = narrate(state.game, view)
        assert lines[-1].text.startswith("Game over: ")
        if not rated:
            assert lines[-1].text.endswith(str(state.score(0)))
        card = state.game.score_sheet("blue: 2 3 4\norange: 5")
        assert bool(card.notes) == rated


def test_the_pad_counts_the_marks_of_the_game_numbers() -> None:
    """The most marks: (active picks + passive picks) a round, the +1s the track holds, the
    black bonuses and the bonus marks; solo, 24 + 7 + 1 + 15 = 47 with the rulebook's numbers."""
    game = new_game(1, rounds=8)
    with pytest.raises(Exception) as error:
        game.score_sheet(FULL_SHEET)
    assert str(error.value) == (
        "sheet: 56 marks, but a solo game makes at most 55: 32 die picks in 8 rounds, 7 extra "
        "dice (+1), a black bonus and 15 bonus marks fired by these marks"
    )
    spec = "clever(rounds=8,plus_one_spaces=2,round_bonuses=black-black)"
    with pytest.raises(Exception) as error:
        load(spec).score_sheet(FULL_SHEET)
    assert "at most 51: 32 die picks in 8 rounds, 2 extra dice (+1), 2 black bonuses" in str(
        error.value
    )
    assert new_game(1, rounds=8, picks=4).score_sheet(FULL_SHEET).total > 0


def test_the_observation_follows_the_numbers() -> None:
    game = load("clever(players=2,rounds=8,picks=5,reroll_spaces=12,plus_one_spaces=0)")
    encoder = CleverEncoder(game)
    sizes = {field.name: field.size for field in encoder.describe()}
    assert sizes["round"] == 8 and sizes["spaces"] == 5 * 6 and sizes["picks"] == 5
    assert sizes["me_rerolls"] == 2 * 12 + 1 and sizes["me_plus_ones"] == 1
    rng = random.Random(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(sample_chance(state, rng))
            continue
        vector = encoder.encode(state.view(state.current_player(), history=False))
        assert len(vector) == sum(sizes.values())
        assert all(0.0 <= x <= 1.0 for x in vector)
        state.apply(rng.choice(state.legal_actions()))


# -- (c) out of range or inconsistent numbers are refused ----------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"rounds": 13}, "option 'rounds' must be an integer 0..12 (got 13)"),
        ({"rounds": -1}, "option 'rounds' must be an integer 0..12 (got -1)"),
        ({"picks": 0}, "option 'picks' must be an integer 1..6 (got 0)"),
        ({"picks": 7}, "option 'picks' must be an integer 1..6 (got 7)"),
        ({"solo_platter": 0}, "option 'solo_platter' must be an integer 1..6 (got 0)"),
        ({"reroll_spaces": 21}, "option 'reroll_spaces' must be an integer 0..20 (got 21)"),
        ({"plus_one_spaces": "x"}, "option 'plus_one_spaces' must be an integer 0..20 (got 'x')"),
        ({"start_rerolls": -1}, "option 'start_rerolls' must be an integer 0..20 (got -1)"),
        (
            {"start_rerolls": 3, "reroll_spaces": 2},
            "option 'start_rerolls' must be at most the track's spaces, reroll_spaces=2 (got 3)",
        ),
        (
            {"start_plus_ones": 8},
            "option 'start_plus_ones' must be at most the track's spaces, plus_one_spaces=7 "
            "(got 8)",
        ),
        (
            {"round_bonuses": "reroll-fox"},
            "option 'round_bonuses' lists one bonus a round, separated by '-', each one of "
            "reroll, plus1, black, none (got 'fox')",
        ),
        (
            {"round_bonuses": "-".join(["none"] * 13)},
            "option 'round_bonuses' lists at most 12 rounds (got 13)",
        ),
    ],
)
def test_a_number_out_of_range_is_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError) as caught:
        load("clever", players=2, options=options)
    assert str(caught.value) == message


def test_the_options_are_named_when_unknown() -> None:
    with pytest.raises(OptionError) as caught:
        load("clever", options={"round": 5})
    for name in RULEBOOK:
        assert name in str(caught.value)


# -- (d) bots play legal games under changed numbers, and the records replay ---------------------

SPECS = [
    "clever(players=1,rounds=3,round_bonuses=black-plus1,picks=2,solo_platter=2,"
    "reroll_spaces=0,start_plus_ones=3)",
    "clever(players=2,rounds=7,picks=4,plus_one_spaces=2,start_rerolls=4,"
    "round_bonuses=none-plus1-plus1-black)",
    "clever(players=3,rounds=2,picks=1,reroll_spaces=12,plus_one_spaces=0)",
]


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("bot", ["random", "easy", "medium"])
@pytest.mark.parametrize("seed", [1, 2])
def test_bots_finish_legal_games_that_replay(spec: str, bot: str, seed: int) -> None:
    game = load(spec)
    assert isinstance(game, CleverGame)
    players = game.num_players
    record = play_match(game, [make_bot(bot) for _ in range(players)], seed)
    inner = spec[spec.index("(") + 1 : -1].split(",")
    assert record.game == game.spec() and set(inner) == set(record.game[7:-1].split(","))
    again = load(GameRecord.from_json(json.loads(json.dumps(record.to_json()))).game)
    assert isinstance(again, CleverGame) and again.config.picks == game.config.picks
    state = check_record(record, again)  # every action legal, to the recorded outcome
    assert isinstance(state, CleverState) and state.is_terminal()
    assert state.round == game.rounds
    assert record.outcome is not None and state.outcome() == record.outcome
    for seat in range(players):
        sheet = state.sheet(seat)
        assert sheet.rerolls <= game.config.reroll_spaces
        assert sheet.plus_ones <= game.config.plus_one_spaces


@pytest.mark.parametrize("bot", ["hard", "clever-net"])
def test_the_strong_bots_finish_a_short_game_with_changed_numbers(bot: str) -> None:
    game = load("clever(players=2,rounds=1,picks=4,start_rerolls=2,plus_one_spaces=1)")
    record = play_match(game, [make_bot(bot) for _ in range(2)], 5)
    state = check_record(record, load(record.game))
    assert state.is_terminal() and record.outcome == state.outcome()
    assert "picks=4" in record.game and "start_rerolls=2" in record.game


def test_the_designer_sweeps_the_reroll_track(capsys: pytest.CaptureFixture[str]) -> None:
    """ "What are Clever's rerolls worth?": ``clickbox analyze clever --sweep
    reroll_spaces=0..7``, the games played with the number (worker processes get it in the
    spec)."""
    from clickbox.cli.main import main

    argv = ["analyze", "clever", "--players", "1", "--bots", "random", "--games", "2"]
    argv += ["--sweep", "reroll_spaces=0..7:7", "--workers", "2", "--json"]
    assert main(argv) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [row["analysis"]["game"] for row in rows] == [
        "clever(players=1,reroll_spaces=0)",
        "clever(players=1)",
    ]
