"""Clickety Clack's numbers as options (group ``number``): the rulebook's by default, each one
changing play the way it says, refused with a clear error out of range, and carried in the
spec so that bots play legal games and records replay under changed numbers.

The rulebook is ``shared/rules/000``; the board data ``shared/data/clickety-clack.md``.
"""

from __future__ import annotations

import io
import random
from collections.abc import Sequence
from typing import Any

import pytest
from rich.console import Console

from clickbox.bots import make_bot
from clickbox.cli.main import main
from clickbox.core import GameRecord, OptionError, SheetError, check_record, narrate, play
from clickbox.games import load
from clickbox.games.clickety import ClicketyClackGame, ClicketyClackState, Termination
from clickbox.games.clickety.params import ClicketyClackParams
from clickbox.rl.clickety import ClicketyEncoder
from clickbox.sim import play_match

NUMBERS = (
    "dice",
    "spaces",
    "finish_line",
    "rows_past_finish",
    "full_rows",
    "failed_rolls",
    "penalty_step",
)


def new_game(players: int = 2, **options: object) -> ClicketyClackGame:
    game = load("clickety-clack", players=players, options=options)
    assert isinstance(game, ClicketyClackGame)
    return game


def params(game: ClicketyClackGame) -> ClicketyClackParams:
    assert isinstance(game.params, ClicketyClackParams)
    return game.params


def position(
    game: ClicketyClackGame,
    rows: Sequence[Sequence[tuple[int, ...]]],
    penalties: list[int] | None = None,
    pool: tuple[int, ...] = (),
    turn: int = 0,
    dice_taken: int = 0,
) -> ClicketyClackState:
    """A position built from a view (as ``state_from_view`` reads it), no dice to roll."""
    n = game.num_players
    view: dict[str, Any] = game.new_initial_state().view(None)
    for seat in range(n):
        view["boards"][seat]["rows"] = [list(row) for row in rows[seat]]
        view["boards"][seat]["penalties"] = (penalties or [0] * n)[seat]
    view.update(
        pool=list(pool),
        dice_to_roll=0,
        turn=turn,
        starter=0,
        dice_taken=dice_taken,
        round=3,
        failed_this_turn=False,
        to_move=turn,
    )
    return game.state_from_view(view, random.Random(0))


def run(state: ClicketyClackState, script: str) -> None:
    """Play each whitespace-separated move of ``script`` through the checked entry point."""
    for move in script.split():
        play(state, move)


def last_take(game: ClicketyClackGame, mine: Sequence[tuple[int, ...]]) -> ClicketyClackState:
    """Seat 0 holds the rows ``mine``; seat 1 (empty board) is about to take the round's last
    die from a pool of a 6 and a 5 (two players)."""
    empty: list[tuple[int, ...]] = [()] * 5
    return position(game, [list(mine), empty], pool=(6, 5), turn=1, dice_taken=3)


# Rows of the A side that obey their rules, ``n`` numbers long.
ROWS_A = (
    (2, 3, 4, 5, 6, 7, 8, 9, 10, 11),  # all different
    (2, 3, 4, 5, 6, 7, 8, 9, 10, 11),  # ascending
    (12, 11, 10, 9, 8, 7, 6, 5, 4, 3),  # descending
    (2, 3, 4, 5, 6, 7, 8, 9, 10, 11),  # even/odd alternating, no repeats
    (6, 9, 3, 8, 4, 10, 7, 5, 11, 2),  # the pre-printed numbers
)


def rows_of(*lengths: int) -> list[tuple[int, ...]]:
    return [ROWS_A[r][:n] for r, n in enumerate(lengths)]


# -- the default spec and the rulebook's values ----------------------------------------------------


def test_the_default_spec_is_unchanged() -> None:
    """Old records name the game so: the numbers at their defaults add nothing to the spec."""
    assert load("clickety-clack").spec() == "clickety-clack(players=2)"
    assert load("clickety-clack(side=B)", players=4).spec() == "clickety-clack(players=4,side=B)"


def test_every_number_is_an_option_of_the_number_group() -> None:
    specs = {spec.name: spec for spec in ClicketyClackGame.Params.option_specs()}
    for name in NUMBERS:
        assert specs[name].group == "number" and specs[name].kind is int, name
        assert specs[name].label and specs[name].help, name
    assert {"side", "row5", "points"} <= {n for n, s in specs.items() if s.group == "reading"}


@pytest.mark.parametrize(("players", "dice"), [(2, 5), (3, 7), (4, 9)])
def test_dice_default_is_the_rulebook_count(players: int, dice: int) -> None:
    """Rulebook: "2 players: 5 dice - 3 players: 7 dice - 4 players: all 9 dice"."""
    game = new_game(players)
    assert params(game).dice == 0 and game.dice == dice
    assert game.new_initial_state().dice_to_roll == dice


def test_row_defaults_are_the_printed_board() -> None:
    """Board data: "Each row has 10 spaces: 6 before the finish line, 4 after it"; rulebook, A
    side points: "1, 2, 4, no value, 8, no value | finish line | 12, 15, no value, 25"."""
    game = new_game()
    assert params(game).spaces == 10 and game.spaces == 10
    assert params(game).finish_line == 6 and game.finish_line == 6
    assert game.points[0] == (1, 2, 4, None, 8, None, 12, 15, None, 25)
    board = game.new_initial_state().view(None)["board"]
    assert board["spaces"] == 10 and board["finish_line"] == 6


def test_end_condition_defaults_are_the_rulebook_counts() -> None:
    """Rulebook, End of the Game: "At least 3 of your rows have a number to the right of the
    finish line", "At least 2 of your rows have a number in the rightmost space", "All 4 of your
    failed roll spaces are crossed off"; B side: "at least 4 of the rows (instead of at least 3
    rows on the A side)"."""
    a, b = new_game(), load("clickety-clack(side=B)")
    assert params(a).rows_past_finish == 0 and a.rows_past_finish_to_end == 3
    assert isinstance(b, ClicketyClackGame) and b.rows_past_finish_to_end == 4
    assert params(a).full_rows == 2 and a.full_rows_to_end == 2
    assert params(a).failed_rolls == 4 and len(a.penalties) == 4
    board = a.new_initial_state().view(None)["board"]
    assert board["rows_past_finish_to_end"] == 3 and board["full_rows_to_end"] == 2


def test_penalty_defaults_are_the_printed_spaces() -> None:
    """Rulebook: "The four failed roll spaces are printed with the penalties -1, -2, -3 and -4"."""
    game = new_game()
    assert params(game).penalty_step == 1 and game.penalties == (1, 2, 3, 4)
    assert game.new_initial_state().view(None)["board"]["penalties"] == [-1, -2, -3, -4]


# -- each number changes play ----------------------------------------------------------------------


def test_more_dice_are_rolled_each_round() -> None:
    game = new_game(3, dice=9)
    state = game.new_initial_state()
    assert state.view(None)["board"]["dice"] == 9 and state.dice_to_roll == 9
    for _ in range(9):
        play(state, "r6")
    assert state.pool == (6,) * 9 and state.dice_to_roll == 0
    # Every player takes 2 dice a round: 6 takes, then the round ends and all 9 are rerolled.
    for _ in range(6):
        play(state, state.legal_actions()[-1])
    assert state.round == 2 and state.dice_to_roll == 9


def test_shorter_rows_fill_sooner_and_score_their_last_space() -> None:
    game = new_game(spaces=8)
    state = position(game, [rows_of(8, 0, 0, 0, 0), rows_of(0, 0, 0, 0, 0)])
    view = state.view(None)
    assert view["board"]["spaces"] == 8 and len(view["board"]["points"][0]) == 8
    assert view["boards"][0]["open"][0] == []  # the row is full after 8 numbers
    assert state.row_points(0, 0) == 15  # the points under the 8th printed space
    assert new_game().new_initial_state().allowed_sums(0, 0) != []
    assert position(new_game(), [rows_of(8, 0, 0, 0, 0), [()] * 5]).allowed_sums(0, 0) != []


def test_a_shorter_row_5_keeps_its_first_pre_printed_numbers() -> None:
    game = new_game(spaces=4, finish_line=2)
    assert game.row5 == (6, 9, 3, 8)
    state = position(game, [rows_of(0, 0, 0, 0, 4), [()] * 5])
    assert state.allowed_sums(0, 4) == []


def test_full_rows_of_the_changed_length_end_the_game() -> None:
    mine = rows_of(8, 8, 0, 0, 0)
    state = last_take(new_game(spaces=8, finish_line=5), mine)
    play(state, "6+5>1")
    assert state.is_terminal() and Termination.FULL_ROWS in state.end_conditions()
    default = last_take(new_game(), mine)
    play(default, "6+5>1")
    assert not default.is_terminal()


def test_an_earlier_finish_line_ends_the_game_sooner() -> None:
    mine = rows_of(5, 5, 5, 0, 0)
    state = last_take(new_game(finish_line=4), mine)
    play(state, "6+5>1")
    assert state.is_terminal()
    assert state.outcome().reason == Termination.FINISH_LINE.value  # type: ignore[union-attr]
    default = last_take(new_game(), mine)
    play(default, "6+5>1")
    assert not default.is_terminal()


def test_fewer_rows_past_the_finish_line_end_the_game() -> None:
    mine = rows_of(7, 7, 0, 0, 0)
    state = last_take(new_game(rows_past_finish=2), mine)
    assert state.view(None)["board"]["rows_past_finish_to_end"] == 2
    play(state, "6+5>1")
    assert state.is_terminal() and state.end_conditions() == [Termination.FINISH_LINE]
    default = last_take(new_game(), mine)
    play(default, "6+5>1")
    assert not default.is_terminal()
    # More rows than the side's: 3 rows past the line no longer end an A-side game.
    later = last_take(new_game(rows_past_finish=4), rows_of(7, 7, 7, 0, 0))
    play(later, "6+5>1")
    assert not later.is_terminal()


def test_one_full_row_ends_the_game() -> None:
    mine = rows_of(10, 0, 0, 0, 0)
    state = last_take(new_game(full_rows=1), mine)
    play(state, "6+5>2")
    assert state.is_terminal() and state.end_conditions() == [Termination.FULL_ROWS]
    default = last_take(new_game(), mine)
    play(default, "6+5>2")
    assert not default.is_terminal()


def test_failed_roll_spaces_and_their_minus_points() -> None:
    game = new_game(failed_rolls=2, penalty_step=3)
    state = game.new_initial_state()
    assert state.view(None)["board"]["penalties"] == [-3, -6]
    run(state, "r1 r1 r1 r1 r1 x")  # seat 0 crosses its first space (-3) and rerolls
    assert state.penalties(0) == 1 and state.score(0) == -3
    run(state, "r2 r2 r2 r2 r2 x2")  # a second failure in the same turn only takes a die
    run(state, "x r3 r3 r3 r3 3+3>1")  # seat 1
    run(state, "x")  # seat 0 crosses its second and last space (-6)
    assert state.penalties(0) == 2 and state.score(0) == -9
    assert not state.is_terminal()
    run(state, "r4 r4 r4 4+4>1 4+4>1")  # seat 1 takes the round's last die
    assert state.is_terminal() and state.end_conditions() == [Termination.PENALTIES]
    # The rulebook's four spaces: two crossed do not end the game.
    default = new_game().new_initial_state()
    run(default, "r1 r1 r1 r1 r1 x r2 r2 r2 r2 r2 x2 x r3 r3 r3 r3 3+3>1 x r4 r4 r4 4+4>1")
    run(default, "4+4>1")
    assert not default.is_terminal() and default.score(0) == 1 - (1 + 2)


def test_no_failed_roll_space_left_costs_nothing_more() -> None:
    state = new_game(failed_rolls=1).new_initial_state()
    run(state, "r1 r1 r1 r1 r1 x r2 r2 r2 r2 r2 x2 2+2>1")
    assert state.penalties(0) == 1 and state.score(0) == -1
    run(state, "x")  # seat 0 again: no space left to cross
    assert state.penalties(0) == 1 and state.score(0) == -1


def test_the_words_and_the_score_pad_follow_the_numbers() -> None:
    game = new_game(failed_rolls=6, penalty_step=2, spaces=8, finish_line=5)
    card = game.score_sheet("1: 2 3 4 5 6\npenalties: 5")
    assert card.total == 8 - (2 + 4 + 6 + 8 + 10)
    with pytest.raises(SheetError, match="0-6"):
        game.score_sheet("penalties: 7")
    with pytest.raises(SheetError, match="only 8 spaces"):
        game.score_sheet("1: 2 3 4 5 6 7 8 9 10")
    assert new_game().score_sheet("1: 2 3 4 5 6\npenalties: 4").total == 8 - 10
    state = game.new_initial_state()
    run(state, "r1 r1 r1 r1 r1 x")
    lines = [line.text for line in narrate(game, state.view(None))]
    assert any("crosses failed roll space 1 (−2)" in line for line in lines), lines


# -- refused values --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "phrase"),
    [
        ({"dice": 16}, "option 'dice' must be an integer 0..15"),
        ({"dice": -1}, "option 'dice' must be an integer 0..15"),
        ({"spaces": 11}, "option 'spaces' must be an integer 2..10"),
        ({"spaces": 1}, "option 'spaces' must be an integer 2..10"),
        ({"finish_line": 0}, "option 'finish_line' must be an integer 1..9"),
        ({"finish_line": 10}, "option 'finish_line' must be an integer 1..9"),
        ({"rows_past_finish": 6}, "option 'rows_past_finish' must be an integer 0..5"),
        ({"full_rows": 0}, "option 'full_rows' must be an integer 1..5"),
        ({"failed_rolls": 0}, "option 'failed_rolls' must be an integer 1..10"),
        ({"failed_rolls": 11}, "option 'failed_rolls' must be an integer 1..10"),
        ({"penalty_step": 11}, "option 'penalty_step' must be an integer 0..10"),
        ({"spaces": "ten"}, "option 'spaces' must be an integer 2..10"),
    ],
)
def test_out_of_range_numbers_are_refused(options: dict[str, object], phrase: str) -> None:
    with pytest.raises(OptionError) as info:
        load("clickety-clack", options=options)
    assert phrase in str(info.value)


def test_inconsistent_numbers_are_refused_in_words() -> None:
    with pytest.raises(OptionError) as info:
        load("clickety-clack", options={"spaces": 6})  # the finish line stays at 6
    message = str(info.value)
    assert "option 'finish_line' must be less than option 'spaces'" in message
    assert "finish_line=6, spaces=6" in message
    with pytest.raises(OptionError) as info:
        load("clickety-clack", players=3, options={"dice": 6})
    message = str(info.value)
    assert "option 'dice' must be 0 (the rulebook's) or at least 7 with 3 players" in message
    assert "(got 6)" in message
    assert new_game(3, dice=7).dice == 7


def test_the_cli_lists_and_checks_the_numbers() -> None:
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None, force_terminal=False)
    assert main(["games", "clickety-clack"], console) == 0
    text = out.getvalue()
    for name in NUMBERS:
        assert name in text, name
    out.truncate(0)
    code = main(["score", "clickety-clack", "--option", "spaces=12", "-"], console)
    assert code == 2 and "option 'spaces' must be an integer 2..10" in out.getvalue()


# -- bots, the environment and records under changed numbers ---------------------------------------

CHANGED = [
    "clickety-clack(players=2,spaces=6,finish_line=4,failed_rolls=2,penalty_step=5)",
    "clickety-clack(players=3,dice=10,rows_past_finish=2,full_rows=1)",
    "clickety-clack(players=2,side=B,dice=7,spaces=5,finish_line=3,failed_rolls=6)",
]


@pytest.mark.parametrize("spec", CHANGED)
@pytest.mark.parametrize("bot", ["random", "greedy", "hard"])
def test_bots_play_legal_games_that_replay(spec: str, bot: str) -> None:
    game = load(spec)
    assert isinstance(game, ClicketyClackGame)
    for seed in (1, 2):
        record = play_match(game, [make_bot(bot) for _ in range(game.num_players)], seed)
        assert record.game == game.spec() == spec  # the numbers travel in the record
        again = GameRecord.loads(record.dumps())
        state = check_record(again, load(again.game))  # replays every move, checked
        assert isinstance(state, ClicketyClackState)
        assert state.is_terminal() and state.outcome() == record.outcome
        for seat in range(game.num_players):
            assert all(len(row) <= game.spaces for row in state.rows(seat))
            assert state.penalties(seat) <= len(game.penalties)
        assert state.end_conditions()


@pytest.mark.parametrize("spec", CHANGED)
def test_the_environment_encodes_changed_numbers(spec: str) -> None:
    game = load(spec)
    encoder = ClicketyEncoder(game)
    record = play_match(game, [make_bot("random") for _ in range(game.num_players)], 3)
    state = game.new_initial_state()
    for move in record.actions:
        vector = encoder.encode(state.view(0, history=False))
        assert len(vector) == sum(field.size for field in encoder.fields)
        assert all(0.0 <= value <= 1.0 for value in vector)
        play(state, move)
