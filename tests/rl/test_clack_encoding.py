"""The Click Clack observation encoder: sizes, ranges, hand-checked positions, hidden discs."""

from __future__ import annotations

import random

import pytest

from clickbox.core import CHANCE, StateBase, View
from clickbox.core.chance import resolve_chance, sample_chance
from clickbox.games import CATALOG
from clickbox.games.clack import ClickClackGame
from clickbox.games.clack.board import KIND_NAMES, SECTION_NAMES
from clickbox.rl.clack import ClackEncoder

NAME = "click-clack"
_GAME = CATALOG.get(NAME)
CONFIGS = [
    (players, preset)
    for players in range(_GAME.min_players, _GAME.max_players + 1)
    for preset in (None, *_GAME.presets)
]
STATUS = 1 + len(KIND_NAMES)  # per hollow: no disc, then the four kinds seen


def make(players: int, preset: str | None = None) -> ClickClackGame:
    game = CATALOG.get(NAME).from_options(players, preset=preset)
    assert isinstance(game, ClickClackGame)
    return game


def field(encoder: ClackEncoder, vector: list[float], name: str) -> list[float]:
    """The slice of ``vector`` that the field ``name`` covers."""
    return encoder.values(vector, name)


def encode(encoder: ClackEncoder, state: StateBase, seat: int | None) -> list[float]:
    return encoder.encode(state.view(seat, history=False))


def playout_states(game: ClickClackGame, seed: int, games: int) -> list[StateBase]:
    """Clones of every position (chance resolved) of a few random games."""
    rng = random.Random(seed)
    states: list[StateBase] = []
    for _ in range(games):
        state = game.new_initial_state()
        resolve_chance(state, rng)
        while not state.is_terminal():
            states.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
            resolve_chance(state, rng)
        states.append(state.clone())
    return states


def expected_hollows(game: ClickClackGame, view: View) -> list[list[float]]:
    """What the hollows field must hold, worked out plainly from the view."""
    near = game.geometry.neighbours
    empty = set(view["known_empty"])
    held = [c["hollow"] for c in view["collections"]]
    seen = {s["hollow"]: KIND_NAMES.index(s["kind"]) for s in view["seen"]}
    for hollow in [*held, *seen]:
        empty.update(near[hollow])
    rows = []
    for hollow in range(game.geometry.hollows):
        row = [0.0] * STATUS
        if hollow in seen:
            row[1 + seen[hollow]] = 1.0
        elif hollow in empty:
            row[0] = 1.0
        rows.append(row)
    return rows


@pytest.mark.parametrize(("players", "preset"), CONFIGS)
def test_sizes_ranges_and_codes(players: int, preset: str | None) -> None:
    game = make(players, preset)
    encoder = ClackEncoder(game)
    assert sum(f.size for f in encoder.fields) == encoder.size
    names = [f.name for f in encoder.fields]
    assert len(names) == len(set(names))
    assert all(f.size > 0 and f.text for f in encoder.fields)
    rng = random.Random(players * 31 + len(preset or ""))
    for _ in range(3):
        state = game.new_initial_state()
        while True:
            for seat in (None, *range(players)):
                vector = encode(encoder, state, seat)
                assert len(vector) == encoder.size
                assert all(isinstance(x, float) and 0.0 <= x <= 1.0 for x in vector)
            if state.is_terminal():
                break
            if state.current_player() == CHANCE:
                assert all(
                    0 <= code < encoder.chance_actions for code, _ in state.chance_outcomes()
                )
                state.apply(sample_chance(state, rng))
            else:
                legal = state.legal_actions()
                assert all(0 <= code < encoder.actions for code in legal)
                state.apply(rng.choice(legal))


def test_counts_come_from_the_notation() -> None:
    encoder = ClackEncoder(make(2))
    game = encoder.game
    assert encoder.actions == game.parse_action("noturn") + 1
    assert encoder.chance_actions == game.parse_action("hide:0f1f2f3f") + 1
    for text in ("beetle3", "stay", "freddy:beetle", "cw", "ccw"):
        assert game.parse_action(text) < encoder.actions
    assert game.parse_action("roll:freddy") < encoder.chance_actions


@pytest.mark.parametrize(("players", "preset"), [(2, None), (3, "see-through"), (4, "see-through")])
def test_hollow_knowledge_matches_the_view(players: int, preset: str | None) -> None:
    game = make(players, preset)
    encoder = ClackEncoder(game)
    for state in playout_states(game, seed=players, games=2):
        view = state.view(0, history=False)
        vector = encoder.encode(view)
        rows = expected_hollows(game, view)
        assert field(encoder, vector, "hollows") == [x for row in rows for x in row]
        now = field(encoder, vector, "under_holes_now")
        for hole, entry in enumerate(view["holes"]):
            assert now[hole * STATUS : (hole + 1) * STATUS] == rows[entry["hollow"]]
        rot = view["rotation"]
        rotations = game.geometry.rotations
        for name, step in (("under_holes_cw", 1), ("under_holes_ccw", -1)):
            after = game.geometry.under[(rot + step) % rotations]
            block = field(encoder, vector, name)
            for hole, hollow in enumerate(after):
                assert block[hole * STATUS : (hole + 1) * STATUS] == rows[hollow]
        left = field(encoder, vector, "discs_left")
        for kind, name in enumerate(KIND_NAMES):
            taken = sum(d[name] for d in view["discs"])
            assert left[kind] == pytest.approx((game.per_kind - taken) / game.per_kind)
        assert field(encoder, vector, "on_board") == [view["on_board"] / game.total_discs]


def setup_done(game: ClickClackGame, seed: int = 7) -> StateBase:
    """The first position after the discs are hidden (seat 0 about to roll)."""
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.view(None, history=False)["phase"] == "setup":
        state.apply(sample_chance(state, rng))  # one column at a time
    return state


def play(state: StateBase, *moves: str) -> None:
    for move in moves:
        code = state.game.parse_action(move)
        assert code in state.legal_actions() or move.startswith("roll:")
        state.apply(code)


def test_setup_progress_and_phase() -> None:
    game = make(2)
    encoder = ClackEncoder(game)
    state: StateBase = game.new_initial_state()
    vector = encode(encoder, state, 0)
    assert field(encoder, vector, "phase") == [1.0, 0.0, 0.0, 0.0, 0.0]
    assert field(encoder, vector, "setup") == [0.0]
    assert field(encoder, vector, "squirrel_off_board") == [1.0, 0.0, 1.0, 0.0]
    assert field(encoder, vector, "hollows") == [0.0] * (STATUS * game.geometry.hollows)
    assert field(encoder, vector, "on_board") == [1.0]
    state.apply(sample_chance(state, random.Random(0)))
    columns = state.view(None, history=False)["setup"]["columns"]
    assert field(encoder, encode(encoder, state, 0), "setup") == [1 / columns]
    state = setup_done(game)
    vector = encode(encoder, state, 1)
    assert field(encoder, vector, "phase") == [0.0, 1.0, 0.0, 0.0, 0.0]
    assert field(encoder, vector, "setup") == [1.0]
    assert field(encoder, vector, "turn_seat") == [0.0, 1.0]  # seat 0's turn, seen by seat 1
    assert field(encoder, vector, "freddy") == [1.0, 0.0, 0.0, 0.0, 0.0]
    assert field(encoder, vector, "roll") == [0.0] * 5
    assert field(encoder, vector, "options") == [0.0, 0.0, 1.0]


def test_a_placed_squirrel_and_a_turn_of_the_board() -> None:
    game = make(2)
    encoder = ClackEncoder(game)
    state = setup_done(game)
    play(state, "roll:frog")
    vector = encode(encoder, state, 0)
    assert field(encoder, vector, "roll") == [1.0, 0.0, 0.0, 0.0, 0.0]
    assert field(encoder, vector, "phase") == [0.0, 0.0, 1.0, 0.0, 0.0]
    assert field(encoder, vector, "turn_seat") == [1.0, 0.0]
    play(state, "frog1")
    hole = game.parse_action("frog1")
    hollow = game.geometry.under[0][hole]
    for seat, index in ((0, 0), (1, 1)):  # seat 0's squirrel: first for seat 0, second for 1
        vector = encode(encoder, state, seat)
        squirrels = field(encoder, vector, "hole_squirrels")
        expected = [0.0] * (2 * game.geometry.holes)
        expected[hole * 2 + index] = 1.0
        assert squirrels == expected
        off = field(encoder, vector, "squirrel_off_board")
        assert off == ([0.0, 0.0, 1.0, 0.0] if seat == 0 else [1.0, 0.0, 0.0, 0.0])
        # the squirrel at rest over its hollow: that hollow holds no disc now
        assert field(encoder, vector, "hollows")[hollow * STATUS] == 1.0
        assert field(encoder, vector, "under_holes_now")[hole * STATUS] == 1.0
    assert field(encoder, encode(encoder, state, 0), "phase") == [0.0, 0.0, 0.0, 1.0, 0.0]
    collected = state.view(None, history=False)["discs"][0]["total"]
    play(state, "cw")
    after = game.geometry.under[1][hole]
    for seat in (0, 1):
        vector = encode(encoder, state, seat)
        assert field(encoder, vector, "rotation")[:3] == [0.0, 1.0, 0.0]
        assert field(encoder, vector, "roll") == [0.0] * 5
        assert field(encoder, vector, "turn_seat") == ([0.0, 1.0] if seat == 0 else [1.0, 0.0])
        assert field(encoder, vector, "hollows")[after * STATUS] == 1.0
        assert field(encoder, vector, "under_holes_now")[hole * STATUS] == 1.0
        assert field(encoder, vector, "under_holes_ccw")[hole * STATUS] == 1.0  # back to hollow
    total = state.view(None, history=False)["discs"][0]["total"]
    assert not state.is_terminal()
    vector = encode(encoder, state, 0)
    mine = field(encoder, vector, "discs")[:23]
    assert mine[16:] == [1.0 if total > level else 0.0 for level in range(7)]
    assert total >= collected


def test_freddy_and_the_trunk() -> None:
    game = make(3, "all-flee")
    encoder = ClackEncoder(game)
    state = setup_done(game, seed=3)
    play(state, "roll:snail", "snail2", "ccw", "roll:freddy")
    vector = encode(encoder, state, 1)
    assert field(encoder, vector, "roll") == [0.0, 0.0, 0.0, 0.0, 1.0]
    assert field(encoder, vector, "options") == [0.0, 1.0, 1.0]
    play(state, "freddy:beetle")  # seat 1 moves Freddy: every squirrel flees (all-flee)
    view = state.view(1, history=False)
    assert view["squirrels"][0] == "trunk"
    vector = encoder.encode(view)
    assert field(encoder, vector, "freddy") == [0.0, 0.0, 0.0, 0.0, 1.0]
    # seat 1 sees itself at home, seat 2 at home, seat 0 (last for seat 1) on the trunk
    assert field(encoder, vector, "squirrel_off_board") == [1.0, 0.0, 1.0, 0.0, 0.0, 1.0]
    assert field(encoder, vector, "hole_squirrels") == [0.0] * (3 * game.geometry.holes)
    assert field(encoder, vector, "rotation")[-1] == 1.0  # ccw from 0


def test_seats_are_relative_and_the_spectator_is_seat_0() -> None:
    game = make(3)
    encoder = ClackEncoder(game)
    checked = 0
    for state in playout_states(game, seed=11, games=2):
        view = state.view(None, history=False)
        if view["phase"] == "setup":
            continue
        totals = [d["total"] for d in view["discs"]]
        assert encode(encoder, state, None) == encode(encoder, state, 0)
        for seat in range(3):
            vector = encode(encoder, state, seat)
            discs = field(encoder, vector, "discs")
            for k in range(3):
                block = discs[23 * k : 23 * (k + 1)]
                total = totals[(seat + k) % 3]
                assert block[16:] == [1.0 if total > level else 0.0 for level in range(7)]
            whose = field(encoder, vector, "turn_seat")
            assert whose.index(1.0) == (view["turn"] - seat) % 3
        checked += 1
    assert checked > 20


@pytest.mark.parametrize(("players", "preset"), [(2, "see-through"), (3, None), (4, "all-flee")])
def test_hidden_discs_do_not_show(players: int, preset: str | None) -> None:
    game = make(players, preset)
    encoder = ClackEncoder(game)
    states = playout_states(game, seed=5 + players, games=2)
    for state in states[:: max(1, len(states) // 25)]:
        for seat in range(players):
            view = state.view(seat, history=False)
            truth = encoder.encode(view)
            for salt in range(3):
                rebuilt = game.state_from_view(view, random.Random(salt * 101 + seat))
                assert encode(encoder, rebuilt, seat) == truth
            if view["phase"] != "over":
                other = encode(encoder, state, (seat + 1) % players)
                assert other != truth  # the views differ in whose they are: relative seats
                assert field(encoder, other, "hollows") == field(encoder, truth, "hollows")


def test_rebuilt_layouts_differ_but_encodings_do_not() -> None:
    """The determinizations really are different worlds (the test above is not vacuous)."""
    game = make(2)
    encoder = ClackEncoder(game)
    state = setup_done(game)
    play(state, "roll:beetle", "beetle0")
    view = state.view(0, history=False)
    layouts = set()
    for salt in range(6):
        rebuilt = game.state_from_view(view, random.Random(salt))
        assert encode(encoder, rebuilt, 0) == encoder.encode(view)
        layouts.add(tuple(d["hollow"] for d in game.full_view(rebuilt)["under_board"]))
    assert len(layouts) > 1


def test_sections_named_as_in_the_board() -> None:
    encoder = ClackEncoder(make(2))
    assert list(encoder.freddy_of) == ["trunk", *SECTION_NAMES]
