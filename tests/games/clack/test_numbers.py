"""Click Clack's numbers as options (group ``number``): the rulebook's by default, each one
changing play the way it says, refused with a clear error out of range, and carried in the
spec so that bots play legal games and records replay under changed numbers.

The rulebook is ``shared/rules/003``. The board's 16 holes are not a number one can change: the
notation, the geometry model (``board.problems``) and the rulebook's sections fix them.
"""

from __future__ import annotations

import pytest

from clickbox.bots import make_bot
from clickbox.core import (
    TERMINAL,
    GameRecord,
    IllegalActionError,
    OptionError,
    check_record,
    play,
)
from clickbox.games import load
from clickbox.games.clack import ClickClackGame, ClickClackState
from clickbox.games.clack.params import ClickClackParams
from clickbox.rl.clack import ClackEncoder
from clickbox.sim import play_match

from .helpers import hide, layout, new_game, new_state, run, under

NUMBERS = ("discs", "win_total", "win_same", "freddy_faces")


def test_the_default_spec_is_unchanged() -> None:
    """Old records name the game so: the numbers at their defaults add nothing to the spec."""
    assert load("click-clack").spec() == "click-clack(players=2)"
    assert load("click-clack(see_through=true)", players=3).spec() == (
        "click-clack(players=3,see_through=true)"
    )


def test_every_number_is_an_option_of_the_number_group() -> None:
    specs = {spec.name: spec for spec in ClickClackGame.Params.option_specs()}
    for name in NUMBERS:
        assert specs[name].group == "number" and specs[name].kind is int, name
        assert specs[name].label and specs[name].help, name
    assert "board" in specs and specs["board"].group == "reading"


# -- the rulebook's values -------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "per_kind"), [(2, 4), (3, 5), (4, 6)])
def test_discs_default_is_the_rulebook_count(players: int, per_kind: int) -> None:
    """Rulebook, Preparing the Game: "two players: 4 discs of each kind - three players: 5 discs
    of each kind - four players: 6 discs of each kind"."""
    game = new_game(players)
    assert isinstance(game.params, ClickClackParams)
    assert game.params.discs == 0 and game.per_kind == per_kind
    assert game.new_initial_state().view(None)["discs_per_kind"] == per_kind


def test_winning_counts_default_to_the_rulebook() -> None:
    """Rulebook, End of the Game: "The game ends when you have stolen 7 titbits from Freddy ...
    You can win prematurely, however, by collecting 4 identical food discs."."""
    game = new_game()
    assert game.win_total == 7 and game.win_same == 4
    view = game.new_initial_state().view(None)
    assert view["win_total"] == 7 and view["win_same"] == 4


def test_the_die_defaults_to_two_freddy_faces() -> None:
    """Rulebook: "1 dice: with the symbols Frog, Beetle, Butterfly, Snail and 2 x Freddy"."""
    state = new_state()
    assert state.config.freddy_faces == 2 and state.view(None)["freddy_faces"] == 2
    hide(state)
    faces = {state.action_to_string(a): p for a, p in state.chance_outcomes()}
    assert faces["roll:freddy"] == pytest.approx(2 / 6)


# -- each number changes play ----------------------------------------------------------------------


@pytest.mark.parametrize(("players", "per_kind"), [(2, 2), (4, 8)])
def test_discs_of_each_kind_are_hidden(players: int, per_kind: int) -> None:
    state = new_state(players, discs=per_kind)
    assert state.view(None)["on_board"] == 4 * per_kind
    hide(state)
    truth = sorted(layout(state).values())
    assert truth == sorted("hbcf" * per_kind)
    assert state.discs_on_board() == 4 * per_kind == state.view(None)["on_board"]


def _two_finds(state: ClickClackState, first: str, second: str) -> None:
    """Seat 0 finds ``first`` under frog2, seat 1 places a squirrel over nothing, then seat 0
    finds ``second`` under butterfly2 (kind letters)."""
    hide(
        state,
        {under(state, "frog2", 0): first, under(state, "butterfly2", 0): second},
        empty=frozenset(
            {
                under(state, "frog2", 1),  # seat 0's squirrel after its cw turn
                under(state, "butterfly0", 1),  # seat 1 places there, then turns ccw
                under(state, "butterfly0", 0),
            }
        ),
    )
    run(state, "roll:frog frog2 cw roll:butterfly butterfly0 ccw roll:butterfly butterfly2")


def test_fewer_discs_to_win() -> None:
    state = new_state(win_total=2)
    _two_finds(state, "h", "c")
    assert state.current_player() == TERMINAL
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == {0} and outcome.reason == "2 discs"
    default = new_state()
    _two_finds(default, "h", "c")
    assert default.current_player() != TERMINAL and default.discs_of(0) == (1, 0, 1, 0)


def test_fewer_identical_discs_to_win() -> None:
    state = new_state(win_same=2)
    assert state.view(None)["win_same"] == 2
    _two_finds(state, "h", "h")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == {0}
    assert outcome.reason == "2 identical discs"
    default = new_state()
    _two_finds(default, "h", "h")
    assert default.current_player() != TERMINAL


def test_a_win_count_above_the_discs_of_a_kind_never_fires() -> None:
    state = new_state(discs=1, win_same=2, win_total=5)
    hide(state)
    assert state.discs_on_board() == 4
    game = state.game
    record = play_match(game, [make_bot("greedy"), make_bot("greedy")], 4)
    assert record.outcome is not None
    assert record.outcome.reason == "no disc left: the most discs"


@pytest.mark.parametrize("faces", [0, 1, 4])
def test_freddy_faces_of_the_die(faces: int) -> None:
    state = new_state(freddy_faces=faces)
    assert state.view(None)["freddy_faces"] == faces
    hide(state)
    odds = {state.action_to_string(a): p for a, p in state.chance_outcomes()}
    sides = 4 + faces
    assert odds["roll:frog"] == pytest.approx(1 / sides)
    if faces:
        assert odds["roll:freddy"] == pytest.approx(faces / sides)
    else:
        assert "roll:freddy" not in odds
        with pytest.raises(IllegalActionError):
            play(state, "roll:freddy")
    assert sum(odds.values()) == pytest.approx(1.0)


# -- refused values --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "phrase"),
    [
        ({"discs": 9}, "option 'discs' must be an integer 0..8"),
        ({"discs": -1}, "option 'discs' must be an integer 0..8"),
        ({"win_total": 0}, "option 'win_total' must be an integer 1..32"),
        ({"win_total": 33}, "option 'win_total' must be an integer 1..32"),
        ({"win_same": 0}, "option 'win_same' must be an integer 1..9"),
        ({"win_same": 10}, "option 'win_same' must be an integer 1..9"),
        ({"freddy_faces": -1}, "option 'freddy_faces' must be an integer 0..8"),
        ({"freddy_faces": 9}, "option 'freddy_faces' must be an integer 0..8"),
        ({"discs": "six"}, "option 'discs' must be an integer 0..8"),
    ],
)
def test_out_of_range_numbers_are_refused(options: dict[str, object], phrase: str) -> None:
    with pytest.raises(OptionError) as info:
        load("click-clack", options=options)
    assert phrase in str(info.value)


# -- bots, the environment and records under changed numbers ---------------------------------------

CHANGED = [
    "click-clack(players=2,discs=2,win_total=3,win_same=2,freddy_faces=0)",
    "click-clack(players=3,discs=7,win_total=9,freddy_faces=4)",
]


@pytest.mark.parametrize("spec", CHANGED)
@pytest.mark.parametrize("bot", ["random", "greedy", "memory", "hard"])
def test_bots_play_legal_games_that_replay(spec: str, bot: str) -> None:
    game = load(spec)
    assert isinstance(game, ClickClackGame)
    for seed in (1, 2):
        record = play_match(game, [make_bot(bot) for _ in range(game.num_players)], seed)
        assert record.game == game.spec() == spec  # the numbers travel in the record
        again = GameRecord.loads(record.dumps())
        state = check_record(again, load(again.game))  # replays every move, checked
        assert isinstance(state, ClickClackState)
        outcome = state.outcome()
        assert outcome is not None and outcome == record.outcome
        for seat in outcome.winners:
            counts = state.discs_of(seat)
            assert (
                sum(counts) >= game.win_total
                or max(counts) >= game.win_same
                or not state.discs_on_board()
            )
        if game.config.freddy_faces == 0:
            assert "roll:freddy" not in record.actions


@pytest.mark.parametrize("spec", CHANGED)
def test_the_environment_encodes_changed_numbers(spec: str) -> None:
    game = load(spec)
    assert isinstance(game, ClickClackGame)
    encoder = ClackEncoder(game)
    record = play_match(game, [make_bot("random") for _ in range(game.num_players)], 3)
    state = game.new_initial_state()
    for move in record.actions:
        vector = encoder.encode(state.view(0, history=False))
        assert len(vector) == sum(field.size for field in encoder.fields)
        assert all(0.0 <= value <= 1.0 for value in vector)
        play(state, move)
