"""The That's Pretty Clever observation encoder: sizes, ranges, hand-checked positions and the
hidden passive choices."""

from __future__ import annotations

import random

import pytest

from clickbox.core import CHANCE, GameBase, StateBase
from clickbox.core.chance import resolve_chance
from clickbox.games import CATALOG
from clickbox.games.clever.board import BONUS_KEYS
from clickbox.rl.clever import CleverEncoder

NAME = "clever"
CONFIGS = [
    (players, preset) for players in range(1, 5) for preset in (None, *CATALOG.get(NAME).presets)
]


def make(players: int, preset: str | None = None) -> GameBase:
    return CATALOG.get(NAME).from_options(players, preset=preset)


def field(encoder: CleverEncoder, vector: list[float], name: str) -> list[float]:
    """The slice of ``vector`` that the field ``name`` covers."""
    return encoder.values(vector, name)


def encode(encoder: CleverEncoder, state: StateBase, seat: int | None) -> list[float]:
    return encoder.encode(state.view(seat, history=False))


def play(game: GameBase, moves: list[str]) -> StateBase:
    """The state after ``moves`` (chance outcomes written like ``r4``)."""
    state = game.new_initial_state()
    for text in moves:
        action = game.parse_action(text)
        assert action in state.legal_actions(), (text, state.view(None, history=False)["stage"])
        state.apply(action)
    return state


# -- random playouts -------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "preset"), CONFIGS)
def test_random_playouts(players: int, preset: str | None) -> None:
    game = make(players, preset)
    encoder = CleverEncoder(game)
    names = [f.name for f in encoder.fields]
    assert len(names) == len(set(names))
    assert sum(f.size for f in encoder.fields) == encoder.size
    assert all(f.size > 0 and f.text for f in encoder.fields)
    rng = random.Random(1000 * players + len(preset or ""))
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                for code in resolve_chance(state, rng):
                    assert 0 <= code < encoder.chance_count()
                continue
            for seat in (*range(players), None):
                vector = encode(encoder, state, seat)
                assert len(vector) == encoder.size
                assert all(isinstance(x, float) and 0.0 <= x <= 1.0 for x in vector)
            legal = state.legal_actions()
            assert all(0 <= a < encoder.action_count() for a in legal)
            state.apply(rng.choice(legal))
        for seat in (*range(players), None):
            vector = encode(encoder, state, seat)
            assert len(vector) == encoder.size
            assert field(encoder, vector, "to_move")[-1] == 1.0  # the game is over
            assert field(encoder, vector, "stage")[9] == 1.0  # "over"


def test_action_and_chance_counts() -> None:
    assert CleverEncoder(make(2)).action_count() == 1630  # +w on the purple box (1629)
    assert CleverEncoder(make(1)).chance_count() == 2106  # near:w (2105)
    assert CleverEncoder(make(3)).chance_count() == 2007  # r6 (2006): no nearest die
    solo = CATALOG.get(NAME).from_options(1, {"solo_ties": "colour-order"})
    assert CleverEncoder(solo).chance_count() == 2007


def test_sizes_depend_on_players_and_options_only() -> None:
    sizes = {p: CleverEncoder(make(p)).size for p in range(1, 5)}
    assert sizes[1] < sizes[2] < sizes[3] < sizes[4]
    assert CleverEncoder(make(2, "free-choice-forfeit")).size == sizes[2] + 3  # forfeited


def test_memo_gives_the_same_vectors_as_a_fresh_encoder() -> None:
    game = make(3)
    warm = CleverEncoder(game)
    rng = random.Random(5)
    state = game.new_initial_state()
    while not state.is_terminal():
        resolve_chance(state, rng)
        if state.is_terminal():
            break
        for seat in range(3):
            view = state.view(seat, history=False)
            assert warm.encode(view) == CleverEncoder(game).encode(view)
        state.apply(rng.choice(state.legal_actions()))


# -- hand-checked positions ------------------------------------------------------------------------

# faces rolled yellow first: y3 b5 g2 o6 p1 w4
FIRST_ROLL = ["r3", "r5", "r2", "r6", "r1", "r4"]


def test_first_pick_and_passive_take() -> None:
    game = make(2)
    enc = CleverEncoder(game)
    state = play(game, FIRST_ROLL)
    v0 = encode(enc, state, 0)
    assert field(enc, v0, "stage")[1] == 1.0  # choose
    assert field(enc, v0, "to_move") == [1.0, 0.0, 0.0, 0.0]
    assert field(enc, v0, "round") == [1.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    faces = field(enc, v0, "faces")
    assert [faces[6 * d : 6 * d + 6].index(1.0) + 1 for d in range(6)] == [3, 5, 2, 6, 1, 4]
    assert field(enc, v0, "blue_sum").index(1.0) == 9 - 2
    assert field(enc, v0, "rolled") == [1.0] * 6
    # round 1 circles a reroll for every seat
    assert field(enc, v0, "me_rerolls")[:7] == [1.0] + [0.0] * 6
    assert field(enc, v0, "me_rerolls")[-1] == pytest.approx(1 / 7)

    state = play(game, [*FIRST_ROLL, "o>O"])  # the orange 6: every other die goes to the platter
    v0, v1 = encode(enc, state, 0), encode(enc, state, 1)
    assert field(enc, v0, "me_orange")[:2] == [1.0, 0.0]  # 6 / (6 x1)
    assert field(enc, v0, "me_orange_boxes") == [1.0] + [0.0] * 10
    assert field(enc, v0, "me_score")[3] == pytest.approx(6 / 96)
    assert field(enc, v1, "opp1_orange") == field(enc, v0, "me_orange")  # relative seats
    assert field(enc, v1, "me_orange") == [0.0] * 11
    assert field(enc, v0, "spaces")[:6] == [0.0, 0.0, 0.0, 1.0, 0.0, 0.0]
    assert field(enc, v0, "picks") == [1.0, 0.0, 0.0]
    assert field(enc, v0, "platter") == [1.0, 1.0, 1.0, 0.0, 1.0, 1.0]
    assert field(enc, v0, "rolled") == [0.0] * 6
    assert field(enc, v0, "stage")[3] == 1.0  # passive-take
    assert field(enc, v0, "to_move") == [0.0, 1.0, 0.0, 0.0]  # seat 1: the next seat
    assert field(enc, v1, "to_move") == [1.0, 0.0, 0.0, 0.0]  # seat 1: itself
    assert field(enc, v0, "active") == [1.0, 0.0]
    assert field(enc, v1, "active") == [0.0, 1.0]
    assert field(enc, v0, "passive_seats") == [0.0, 1.0]
    assert field(enc, v1, "passive_seats") == [1.0, 0.0]

    # seat 1 takes the yellow 3 onto Y11; no +1 yet, so seat 1's turn starts
    state = play(game, [*FIRST_ROLL, "o>O", "y>Y11"])
    v0, v1 = encode(enc, state, 0), encode(enc, state, 1)
    assert field(enc, v1, "me_yellow") == [1.0] + [0.0] * 11
    assert field(enc, v0, "opp1_yellow") == [1.0] + [0.0] * 11
    assert field(enc, v0, "me_yellow") == [0.0] * 12
    assert field(enc, v1, "active") == [1.0, 0.0]
    assert field(enc, v0, "active") == [0.0, 1.0]
    assert field(enc, v0, "to_move") == [0.0, 0.0, 1.0, 0.0]  # chance: the dice roll
    assert field(enc, v0, "stage")[0] == 1.0  # rolling
    assert field(enc, v0, "faces") == [0.0] * 36
    assert field(enc, v0, "blue_sum") == [0.0] * 11
    assert field(enc, v0, "platter") == [0.0] * 6


def test_purple_and_blue_marks() -> None:
    game = make(2)
    enc = CleverEncoder(game)
    state = play(game, [*FIRST_ROLL, "p>P"])  # the purple 1: lower dice none, roll again
    v = encode(enc, state, 0)
    assert field(enc, v, "me_purple")[:2] == [pytest.approx(1 / 6), 0.0]
    assert field(enc, v, "me_purple_last") == [1.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    assert field(enc, v, "me_purple_boxes")[:2] == [1.0, 0.0]
    # the other five dice are rolled again: y2 b6 g1 o3 w5
    state = play(game, [*FIRST_ROLL, "p>P", "r2", "r6", "r1", "r3", "r5", "b>B11"])
    v = encode(enc, state, 0)
    assert field(enc, v, "me_blue") == [0.0] * 9 + [1.0, 0.0]  # sum 11
    assert field(enc, v, "spaces")[:12] == [0.0] * 4 + [1.0, 0.0] + [0.0, 1.0] + [0.0] * 4
    assert field(enc, v, "picks") == [1.0, 1.0, 0.0]
    # the dice below the blue 6 went to the platter: y2 g1 o3 w5
    assert field(enc, v, "platter") == [1.0, 0.0, 1.0, 1.0, 0.0, 1.0]


def test_round_four_black_bonus_is_pending_for_every_seat() -> None:
    game = make(2)
    enc = CleverEncoder(game)
    rng = random.Random(3)
    state = game.new_initial_state()
    while state.view(None, history=False)["round"] < 4:
        resolve_chance(state, rng)
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(1, history=False)
    assert [p["bonus"] for p in view["pending"]][-1] == "black_x_or_6"
    v1 = enc.encode(view)
    kinds = len(BONUS_KEYS)
    assert field(enc, v1, "round")[3] == 1.0
    pending = field(enc, v1, "pending")
    # seat 1 sees its own black bonus first (index 10 of its kinds), then seat 0's
    assert pending[kinds - 1] == pytest.approx(1 / 3)
    seats_pending = {p["seat"] for p in view["pending"]}
    assert pending[2 * kinds - 1] == (pytest.approx(1 / 3) if 0 in seats_pending else 0.0)
    top = view["pending"][0]
    nxt = field(enc, v1, "pending_next")
    assert nxt[(top["seat"] - 1) % 2] == 1.0
    assert nxt[2:].index(1.0) == list(BONUS_KEYS.values()).index(top["bonus"])


def test_spectator_is_seen_from_seat_zero() -> None:
    game = make(3)
    enc = CleverEncoder(game)
    state = play(game, [*FIRST_ROLL])
    assert encode(enc, state, None) == encode(enc, state, 0)
    assert encode(enc, state, 1) != encode(enc, state, 0)


# -- hidden information ----------------------------------------------------------------------------


def _passive_take_with_a_hidden_choice() -> tuple[GameBase, StateBase]:
    """3 players: seat 0 picked the orange 6, seat 1 has chosen the yellow 3, seat 2 has not."""
    game = make(3)
    state = play(game, [*FIRST_ROLL, "o>O", "y>Y11"])
    view = state.view(2, history=False)
    assert view["stage"] == "passive-take" and view["passive"]["chosen"] == {"1": None}
    return game, state


def test_hidden_choice_is_not_encoded() -> None:
    game, state = _passive_take_with_a_hidden_choice()
    enc = CleverEncoder(game)
    for seat in (0, 2):
        true = encode(enc, state, seat)
        for r in range(8):
            rebuilt = game.state_from_view(state.view(seat, history=False), random.Random(r))
            assert encode(enc, rebuilt, seat) == true
    # seat 1 sees its own choice: the yellow die on Y11; seat 2 only that seat 1 has chosen
    v1, v2 = encode(enc, state, 1), encode(enc, state, 2)
    own = field(enc, v1, "passive_choice")[:39]
    assert own[:3] == [1.0, 1.0, 0.0] and own[3] == 1.0 and own[9] == 1.0
    seen = field(enc, v2, "passive_choice")[2 * 39 : 3 * 39]  # seat 1 is 2 seats after seat 2
    assert seen == [1.0] + [0.0] * 38
    assert field(enc, v2, "passive_choice")[:39] == [0.0] * 39  # seat 2 has not chosen
    assert v1 != v2


def test_choices_are_shown_once_all_have_chosen() -> None:
    game = make(3)
    enc = CleverEncoder(game)
    rng = random.Random(2)
    shown = 0
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            resolve_chance(state, rng)
            if state.is_terminal():
                break
            view = state.view(0, history=False)
            if view["stage"] == "passive-extra":  # every passive choice is in, for all to see
                choice = field(enc, enc.encode(view), "passive_choice")
                for key, text in view["passive"]["chosen"].items():
                    block = choice[39 * int(key) : 39 * int(key) + 39]
                    assert block[:2] == [1.0, 1.0]
                    assert block[2] == (1.0 if text == "done" else 0.0)
                    if text != "done":
                        assert block[3 + "ybgopw".index(text[0])] == 1.0
                        assert sum(block[9:]) == 1.0
                    shown += 1
            state.apply(rng.choice(state.legal_actions()))
    assert shown > 0


def test_rebuilt_states_encode_alike_over_playouts() -> None:
    game = make(4)
    enc = CleverEncoder(game)
    rng = random.Random(11)
    checked = 0
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            resolve_chance(state, rng)
            if state.is_terminal():
                break
            view0 = state.view(None, history=False)
            if view0["stage"] == "passive-take" and view0["passive"]["chosen"]:
                for seat in range(4):
                    view = state.view(seat, history=False)
                    rebuilt = game.state_from_view(view, random.Random(checked))
                    assert encode(enc, rebuilt, seat) == enc.encode(view)
                    checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 0
