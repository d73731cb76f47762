"""The protocol's invariants, checked after every step of seeded random playouts."""

from __future__ import annotations

import itertools
import json
import math
import random

from clickbox.core import CHANCE, TERMINAL, GameBase, StateBase, View, log_words, sample_chance

PLAYOUTS = 6


def _check_invariants(state: StateBase, rng: random.Random) -> None:
    game = state.game
    player = state.current_player()
    legal = state.legal_actions()
    assert legal == state.legal_actions(), "legal actions must be deterministic"
    assert len(set(legal)) == len(legal), "legal actions must be unique"
    assert state.is_terminal() == (player == TERMINAL)
    assert state.is_terminal() == (state.outcome() is not None) == (not legal)
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == legal
        assert all(p > 0 for _, p in outcomes)
        assert math.isclose(sum(p for _, p in outcomes), 1.0)
    else:
        assert state.chance_outcomes() == []
    for action in legal:
        text = game.action_to_string(action)
        assert game.parse_action(text) == action, f"notation round trip failed for {text}"
        assert state.is_legal(action)
    for seat in [None, *range(game.num_players)]:
        view = state.view(seat)
        assert json.loads(json.dumps(view)) == view, "views must be plain JSON data"
        _check_log_words(state, view)
        if seat is not None:
            rebuilt = game.state_from_view(view, random.Random(rng.random()))
            history_free = dict.fromkeys(game.history_view_keys)
            assert rebuilt.view(seat) | history_free == view | history_free, (
                "a state rebuilt from a view must show the same view"
            )
            if seat == player:
                assert rebuilt.legal_actions() == legal


def _check_log_words(state: StateBase, view: View) -> None:
    """The log in words (made from the view alone) has a line per move, and says what the
    move itself says wherever the view shows the move."""
    game = state.game
    words = log_words(game, view)
    assert len(words) == len(view["log"]) == len(state.history)
    for i, (entry, said) in enumerate(zip(view["log"], words, strict=True)):
        move = entry if isinstance(entry, str) else entry["move"]
        assert said, f"no words for log entry {i}"
        if move == game.action_to_string(state.history[i]):
            assert said == game.describe_action(state.history[i])


def _random_step(state: StateBase, rng: random.Random) -> int:
    if state.current_player() == CHANCE:
        return sample_chance(state, rng)
    return rng.choice(state.legal_actions())


def test_random_playouts_keep_invariants(game: GameBase) -> None:
    for seed in range(PLAYOUTS):
        rng = random.Random(seed)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            # Full checks on a sample of steps keep the suite fast; cheap ones run every step.
            if steps % 7 == 0:
                _check_invariants(state, rng)
            state.apply(_random_step(state, rng))
            steps += 1
            assert steps < 10_000, "a game must end"
        _check_invariants(state, rng)
        outcome = state.outcome()
        assert outcome is not None
        assert len(outcome.scores) == game.num_players
        assert outcome.winners and outcome.winners <= set(range(game.num_players))
        best = max(outcome.scores)
        top = {s for s, v in enumerate(outcome.scores) if v == best}
        assert outcome.winners <= top, "a winner must have the best score"
        if not game.rules_break_ties:
            assert outcome.winners == top


def test_clone_is_independent(game: GameBase) -> None:
    rng = random.Random(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        copy = state.clone()
        before = state.view(None)
        assert copy.view(None) == before
        assert copy.history == state.history
        # Play the copy to the end: the original must not move.
        while not copy.is_terminal():
            copy.apply(_random_step(copy, rng))
        assert state.view(None) == before
        for _ in range(rng.randint(1, 25)):
            if state.is_terminal():
                break
            state.apply(_random_step(state, rng))


def _walk(outcomes: list[tuple[int, float]], threshold: float) -> int:
    cumulative = 0.0
    for action, probability in outcomes:
        cumulative += probability
        if threshold < cumulative:
            return action
    return outcomes[-1][0]


def test_sampling_picks_what_the_listed_outcomes_give(game: GameBase) -> None:
    """A game may walk its chance outcomes without listing them (Click Clack's hidden discs):
    at every chance node, on random draws and on each boundary of the running sums and just
    below it, it picks what a walk over ``chance_outcomes()`` picks."""
    rng = random.Random(13)
    nodes = 0
    for _ in range(PLAYOUTS * 5):  # a small game may play out without chance: play another
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                nodes += 1
                outcomes = state.chance_outcomes()
                sums = list(itertools.accumulate(p for _, p in outcomes))
                sample = rng.sample(sums, min(len(sums), 8))
                draws = [rng.random() for _ in range(8)] + sample
                draws += [math.nextafter(t, 0.0) for t in sample]
                draws += [0.0, math.nextafter(1.0, 0.0)]
                for threshold in draws:
                    expected = _walk(outcomes, threshold)
                    assert state._sample_chance(threshold) == expected, (threshold, state.history)
            state.apply(_random_step(state, rng))
        if nodes:
            break
    assert nodes > 0


def test_clones_that_share_a_history_keep_their_own(game: GameBase) -> None:
    """Clones share the list of actions until one plays on: interleaved play on an original,
    its clones and a clone of a clone leaves each its own history, and the position it leads
    to (the same as replaying that history from the start)."""
    rng = random.Random(11)
    states = [game.new_initial_state()]
    expected: list[list[int]] = [[]]
    for _ in range(300):
        live = [i for i, s in enumerate(states) if not s.is_terminal()]
        if not live:
            break
        i = rng.choice(live)
        if rng.random() < 0.2 and len(states) < 8:
            states.append(states[i].clone())
            expected.append(list(expected[i]))
            continue
        action = _random_step(states[i], rng)
        states[i].apply(action)
        expected[i].append(action)
    assert len(states) > 2
    for state, actions in zip(states, expected, strict=True):
        assert state.history == actions and state.state_id == len(actions)
        again = game.new_initial_state()
        for action in actions:
            again.apply(action)
        assert again.view(None) == state.view(None)


def test_views_of_seats_differ_only_by_what_the_seat_may_know(game: GameBase) -> None:
    """Every seat's view of a public game equals the spectator's apart from `me` and `legal`."""
    rng = random.Random(5)
    state = game.new_initial_state()
    while not state.is_terminal():
        spectator = state.view(None)
        assert spectator["me"] is None and spectator["legal"] == []
        for seat in range(game.num_players):
            view = state.view(seat)
            assert view["me"] == seat
            if game.perfect_information:
                assert view | {"me": None, "legal": []} == spectator
            mover = state.current_player()
            expected = [game.action_to_string(a) for a in state.legal_actions()]
            assert view["legal"] == (expected if seat == mover else [])
        state.apply(_random_step(state, rng))


def test_a_view_without_history_is_the_view_less_its_log(game: GameBase) -> None:
    """``view(seat, history=False)``, which the environments encode, is the same function's
    view without the keys drawn from the history (``version`` stays)."""
    rng = random.Random(9)
    state = game.new_initial_state()
    dropped = set(game.history_view_keys) - {"version"}
    assert "log" in dropped
    while not state.is_terminal():
        for seat in [None, *range(game.num_players)]:
            full = state.view(seat)
            short = state.view(seat, history=False)
            assert dropped <= set(full) and not dropped & set(short)
            assert short == {key: value for key, value in full.items() if key not in dropped}
        state.apply(_random_step(state, rng))


def _simultaneous_legal_sets(state: StateBase, rng: random.Random) -> dict[int, list[int]]:
    """Each seat of the open simultaneous step: its legal actions when its turn comes,
    after the seats before it chose at random."""
    seats = state.simultaneous_seats()
    probe = state.clone()
    options: dict[int, list[int]] = {}
    while probe.current_player() in seats and probe.current_player() not in options:
        seat = probe.current_player()
        options[seat] = probe.legal_actions()
        probe.apply(rng.choice(options[seat]))
    return options


def test_simultaneous_choices_do_not_depend_on_each_other(game: GameBase) -> None:
    """A server may take a simultaneous step's choices in any order (`simultaneous_seats`)."""
    steps_checked = 0
    for seed in range(PLAYOUTS):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            seats = state.simultaneous_seats()
            if seats:
                assert seats[0] == state.current_player()
                assert len(set(seats)) == len(seats)
                first = _simultaneous_legal_sets(state, random.Random(rng.random()))
                again = _simultaneous_legal_sets(state, random.Random(rng.random()))
                assert first == again, "a seat's options must not depend on the others' choices"
                assert set(first) <= set(seats)
                steps_checked += 1
            state.apply(_random_step(state, rng))
    if game.name in ("clever", "click-click-boom") and game.num_players > 1:
        assert steps_checked > 0, "this game has simultaneous steps"


def test_a_simultaneous_choice_shows_only_to_its_maker_while_the_step_is_open(
    game: GameBase,
) -> None:
    """Non-interference: while a simultaneous step is open, the choice a seat made in it does not
    change a byte of any other seat's view, nor a spectator's (Clever's passive picks, Boom's
    showdown choice and pass), and changes its maker's."""
    steps_checked = 0
    phases: set[str] = set()
    boom = game.name == "click-click-boom"
    for seed in range(PLAYOUTS * 5):
        if seed >= PLAYOUTS and (not boom or "pass" in phases):
            break  # more playouts only until a Boom game has met a pass (small hands die early)
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            seats = state.simultaneous_seats()
            options = state.legal_actions() if len(seats) >= 2 else []
            if len(options) >= 2:
                mover = state.current_player()
                one, other = state.clone(), state.clone()
                one.apply(options[0])
                other.apply(options[-1])
                if one.simultaneous_seats() and other.simultaneous_seats():  # still open
                    steps_checked += 1
                    phases.add(str(state.view(None).get("phase")))
                    for viewer in [None, *range(game.num_players)]:
                        if viewer != mover:
                            assert one.view(viewer) == other.view(viewer), (viewer, mover)
                    assert one.view(mover) != other.view(mover)
            state.apply(_random_step(state, rng))
    if game.name == "click-click-boom" or (game.name == "clever" and game.num_players > 2):
        assert steps_checked > 0, "this game has simultaneous steps of two seats or more"
    if game.name == "click-click-boom":
        assert "pass" in phases, "the pass is one of them"
