"""The Clickety Clack observation encoder: sizes, ranges, codes, hand-checked positions."""

from __future__ import annotations

import random

import pytest

from clickbox.core import CHANCE, GameBase, StateBase, View
from clickbox.core.chance import resolve_chance
from clickbox.games import CATALOG
from clickbox.rl.clickety import ROW_WIDTH, ClicketyEncoder

NAME = "clickety-clack"
ENTRY = CATALOG.get(NAME)
CONFIGURATIONS = [
    (players, preset)
    for players in range(ENTRY.min_players, ENTRY.max_players + 1)
    for preset in (None, *ENTRY.presets)
]
SEAT_FIELDS = 5 + 4  # five rows, penalties, score, past finish, full rows


def make_game(players: int = 2, preset: str | None = None) -> GameBase:
    return CATALOG.get(NAME).from_options(players, preset=preset)


def field(encoder: ClicketyEncoder, vector: list[float], name: str) -> list[float]:
    """The slice of ``vector`` that holds the field ``name``."""
    return encoder.values(vector, name)


def encode(encoder: ClicketyEncoder, state: StateBase, seat: int | None) -> list[float]:
    return encoder.encode(state.view(seat, history=False))


def play(game: GameBase, moves: str) -> StateBase:
    """The state after the space-separated ``moves`` (chance rolls included, as ``rN``)."""
    state = game.new_initial_state()
    for text in moves.split():
        action = game.parse_action(text)
        assert state.is_legal(action), (text, state.explain_illegal(action))
        state.apply(action)
    return state


def seat_blocks(encoder: ClicketyEncoder, vector: list[float]) -> list[list[float]]:
    """The per-seat part of ``vector``, one list per listed seat (the viewer first)."""
    players = encoder.game.num_players
    width = sum(f.size for f in encoder.fields[:SEAT_FIELDS])
    return [vector[k * width : (k + 1) * width] for k in range(players)]


def one_hot_index(values: list[float]) -> int:
    assert sorted(values) == [0.0] * (len(values) - 1) + [1.0], values
    return values.index(1.0)


def sums_of(flags: list[float]) -> list[int]:
    return [s + 2 for s, flag in enumerate(flags) if flag]


def row_parts(encoder: ClicketyEncoder, vector: list[float], name: str) -> dict[str, list[float]]:
    row = field(encoder, vector, name)
    assert len(row) == ROW_WIDTH
    return {"filled": row[:10], "held": row[10:21], "last": row[21:32], "open": row[32:43]}


# -- random playouts ----------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "preset"), CONFIGURATIONS)
def test_random_playouts_fit_the_description(players: int, preset: str | None) -> None:
    game = make_game(players, preset)
    encoder = ClicketyEncoder(game)
    fields = encoder.fields
    assert sum(f.size for f in fields) == encoder.size
    assert len({f.name for f in fields}) == len(fields)
    assert all(f.size > 0 and f.text.strip() for f in fields)
    rng = random.Random(f"clickety-{players}-{preset}")
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                for code, _p in state.chance_outcomes():
                    assert 0 <= code < encoder.chance_count()
                resolve_chance(state, rng)
                continue
            legal = state.legal_actions()
            assert legal and all(0 <= code < encoder.action_count() for code in legal)
            for seat in (*range(players), None):
                vector = encode(encoder, state, seat)
                assert len(vector) == encoder.size
                assert all(isinstance(x, float) and 0.0 <= x <= 1.0 for x in vector)
            state.apply(rng.choice(legal))
        for seat in (*range(players), None):
            vector = encode(encoder, state, seat)
            assert len(vector) == encoder.size
            assert all(0.0 <= x <= 1.0 for x in vector)
            assert one_hot_index(field(encoder, vector, "to_move")) == players + 1  # over


def test_codes_cover_the_notation_exactly() -> None:
    game = make_game()
    encoder = ClicketyEncoder(game)
    assert encoder.action_count() == game.parse_action("6+6>5") + 1
    assert encoder.chance_count() == game.parse_action("r6") + 1
    assert game.parse_action("x") < encoder.action_count()
    assert game.parse_action("x6") < encoder.action_count()


def test_sizes_depend_on_players_and_side_only() -> None:
    sizes = {(p, s): ClicketyEncoder(make_game(p, s)).size for p, s in CONFIGURATIONS}
    assert sizes[(2, None)] == sizes[(2, "a-side")]
    # The B side ends at four rows past the finish line: one more flag per seat.
    for players in (2, 3, 4):
        assert sizes[(players, "b-side")] == sizes[(players, "a-side")] + players
    assert sizes[(2, "a-side")] < sizes[(3, "a-side")] < sizes[(4, "a-side")]


# -- hand-checked positions ---------------------------------------------------------------------

OPENING = "r6 r5 r3 r3 r1"  # seat 0 rolls the five dice of a 2-player game


def test_the_start_of_a_game() -> None:
    game = make_game()
    encoder = ClicketyEncoder(game)
    state = game.new_initial_state()
    vector = encode(encoder, state, 0)
    assert one_hot_index(field(encoder, vector, "to_move")) == 2  # chance: the roll
    assert field(encoder, vector, "dice_to_roll") == [1.0]
    assert field(encoder, vector, "pool") == [0.0] * 6
    assert field(encoder, vector, "round") == [1 / encoder.max_round]
    assert field(encoder, vector, "dice_taken") == [0.0] * 4
    parts = row_parts(encoder, vector, "me_row1")
    assert parts["filled"] == [0.0] * 10 and parts["held"] == [0.0] * 11
    assert parts["last"] == [0.0] * 11
    assert sums_of(parts["open"]) == list(range(2, 13))
    # Row 5 of the A side takes only its pre-printed numbers, the first being 6.
    assert sums_of(row_parts(encoder, vector, "me_row5")["open"]) == [6]
    assert field(encoder, vector, "row5_printed")[0] == pytest.approx(0.4)  # (6 - 2) / 10
    assert field(encoder, vector, "side_b") == [0.0]


def test_a_click_writes_the_sum_and_passes_the_turn() -> None:
    game = make_game()
    encoder = ClicketyEncoder(game)
    state = play(game, OPENING)
    before = encode(encoder, state, 0)
    assert field(encoder, before, "pool") == pytest.approx([0.2, 0.0, 0.4, 0.0, 0.2, 0.2])
    assert field(encoder, before, "pool_pairs") == [0.0, 0.0, 1.0, 0.0, 0.0, 0.0]
    assert sums_of(field(encoder, before, "pool_sums")) == [4, 6, 7, 8, 9, 11]
    assert one_hot_index(field(encoder, before, "to_move")) == 0  # me
    assert one_hot_index(field(encoder, encode(encoder, state, 1), "to_move")) == 1

    state.apply(game.parse_action("6+5>2"))  # 11 in row 2 (ascending)
    mine = encode(encoder, state, 0)
    parts = row_parts(encoder, mine, "me_row2")
    assert parts["filled"] == [1.0] + [0.0] * 9
    assert sums_of(parts["held"]) == [11]
    assert one_hot_index(parts["last"]) == 11 - 2
    assert sums_of(parts["open"]) == [12]  # ascending: only above 11
    assert field(encoder, mine, "me_score") == [
        pytest.approx((1 - encoder.worst_score) / encoder.score_span)
    ]
    assert field(encoder, mine, "dice_taken") == [1.0, 0.0, 0.0, 0.0]
    assert field(encoder, mine, "pool") == pytest.approx([0.2, 0.0, 0.4, 0.0, 0.2, 0.0])
    assert one_hot_index(field(encoder, mine, "to_move")) == 1  # the other seat
    assert one_hot_index(field(encoder, mine, "turn")) == 1
    assert one_hot_index(field(encoder, mine, "starter")) == 0
    # Seat 1 lists itself first: the row is its opponent's, and it is to move.
    theirs = encode(encoder, state, 1)
    assert row_parts(encoder, theirs, "opp1_row2") == parts
    assert sums_of(row_parts(encoder, theirs, "me_row2")["held"]) == []
    assert one_hot_index(field(encoder, theirs, "to_move")) == 0
    assert one_hot_index(field(encoder, theirs, "starter")) == 1


def test_a_failed_roll_crosses_a_penalty_and_rerolls() -> None:
    game = make_game()
    encoder = ClicketyEncoder(game)
    state = play(game, OPENING + " x")
    vector = encode(encoder, state, 0)
    assert field(encoder, vector, "me_penalties") == [1.0, 0.0, 0.0, 0.0]
    assert field(encoder, vector, "opp1_penalties") == [0.0] * 4
    assert field(encoder, vector, "failed_this_turn") == [1.0]
    assert one_hot_index(field(encoder, vector, "to_move")) == 2  # chance
    assert one_hot_index(field(encoder, vector, "turn")) == 0  # still my turn
    assert field(encoder, vector, "dice_to_roll") == [1.0]
    assert field(encoder, vector, "pool") == [0.0] * 6
    assert field(encoder, vector, "me_score") == [
        pytest.approx((-1 - encoder.worst_score) / encoder.score_span)
    ]
    # A second failure takes a die and writes nothing; the turn passes and the flag clears.
    state = play(game, OPENING + " x r2 r2 r2 r2 r2 x2")
    vector = encode(encoder, state, 0)
    assert field(encoder, vector, "me_penalties") == [1.0, 0.0, 0.0, 0.0]
    assert field(encoder, vector, "failed_this_turn") == [0.0]
    assert field(encoder, vector, "pool") == pytest.approx([0.0, 0.8, 0.0, 0.0, 0.0, 0.0])
    assert one_hot_index(field(encoder, vector, "to_move")) == 1


def test_the_b_side_prints_other_rules() -> None:
    game = make_game(2, "b-side")
    encoder = ClicketyEncoder(game)
    assert game.parse_action("3+3>3") not in play(game, OPENING).legal_actions()  # no pair of 6
    state = play(game, OPENING + " 3+1>3")  # 4 starts a pair in row 3
    vector = encode(encoder, state, 0)
    assert field(encoder, vector, "side_b") == [1.0]
    assert field(encoder, vector, "row5_printed") == [0.0] * 10
    assert sums_of(row_parts(encoder, vector, "me_row3")["open"]) == [4]  # complete the pair
    never_seven = [*range(2, 7), *range(8, 13)]  # 2-6 / 8-12
    assert sums_of(row_parts(encoder, vector, "me_row5")["open"]) == never_seven
    assert len(field(encoder, vector, "me_past_finish")) == 4
    rules = field(encoder, vector, "row_rules")
    a_side = ClicketyEncoder(make_game())
    a_rules = field(a_side, encode(a_side, game.new_initial_state(), 0), "row_rules")
    assert sum(rules) == 5 and rules != a_rules


def test_a_round_ends_and_the_last_taker_rerolls() -> None:
    game = make_game()
    encoder = ClicketyEncoder(game)
    # Four turns (2 players x 2 dice): seat 0, 1, 0, then seat 1 takes the fourth die.
    state = play(game, OPENING + " 6+5>2 3+3>1 3+1>3 5+1>2")
    vector = encode(encoder, state, 0)
    assert field(encoder, vector, "round") == [pytest.approx(2 / encoder.max_round)]
    assert field(encoder, vector, "dice_taken") == [0.0] * 4
    assert one_hot_index(field(encoder, vector, "starter")) == 1
    assert one_hot_index(field(encoder, vector, "turn")) == 1
    assert one_hot_index(field(encoder, vector, "to_move")) == 2  # the reroll


# -- seats are relative -------------------------------------------------------------------------


def random_states(game: GameBase, seed: int, count: int) -> list[StateBase]:
    rng = random.Random(seed)
    states: list[StateBase] = []
    state = game.new_initial_state()
    while len(states) < count:
        resolve_chance(state, rng)
        if state.is_terminal():
            state = game.new_initial_state()
            continue
        states.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return states


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seat_lists_the_same_boards_rotated(players: int) -> None:
    game = make_game(players)
    encoder = ClicketyEncoder(game)
    for state in random_states(game, players, 60):
        vectors = [encode(encoder, state, seat) for seat in range(players)]
        blocks = [seat_blocks(encoder, vector) for vector in vectors]
        for seat in range(players):
            for other in range(players):
                for k in range(players):  # seat's k-th listed board is board seat + k
                    assert blocks[seat][k] == blocks[other][(seat + k - other) % players]
        to_move = state.current_player()
        for seat in range(players):
            index = one_hot_index(field(encoder, vectors[seat], "to_move"))
            assert index == (to_move - seat) % players
        # What the seats share reads the same from every seat, relative seats aside.
        shared = ("pool", "pool_sums", "dice_taken", "round", "row_rules", "points")
        for name in shared:
            assert len({tuple(field(encoder, v, name)) for v in vectors}) == 1
        assert encode(encoder, state, None) == vectors[0]  # a spectator sees as seat 0


def test_the_caches_never_change_an_encoding() -> None:
    game = make_game(3, "b-side")
    warm = ClicketyEncoder(game)
    views: list[View] = []
    for state in random_states(game, 11, 150):
        for seat in range(3):
            views.append(state.view(seat, history=False))
            warm.encode(views[-1])
    for view in views[::7]:
        assert warm.encode(view) == ClicketyEncoder(game).encode(view)


def test_a_state_rebuilt_from_a_view_encodes_the_same() -> None:
    game = make_game(3)
    encoder = ClicketyEncoder(game)
    for state in random_states(game, 5, 40):
        for seat in range(3):
            view = state.view(seat, history=False)
            rebuilt = game.state_from_view(view, random.Random(seat))
            assert encoder.encode(rebuilt.view(seat, history=False)) == encoder.encode(view)
