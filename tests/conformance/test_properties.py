"""Hypothesis properties over every game: any input sequence either plays or changes nothing."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clickbox.core import ClickboxError, GameBase, play
from clickbox.games import CATALOG

GAMES = [
    CATALOG.get(name).from_options(players, preset=preset)
    for name in CATALOG.names()
    for players in (CATALOG.get(name).min_players, CATALOG.get(name).max_players)
    for preset in CATALOG.get(name).presets
]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(GAMES),
    choices=st.lists(
        st.one_of(
            st.integers(min_value=0, max_value=10_000).map(lambda i: ("pick", i)),
            st.text(max_size=8).map(lambda t: ("text", t)),
            st.integers(min_value=-5, max_value=2_000).map(lambda i: ("code", i)),
        ),
        max_size=300,
    ),
)
def test_checked_play_never_corrupts_a_state(
    game: GameBase, choices: list[tuple[str, object]]
) -> None:
    state = game.new_initial_state()
    for kind, value in choices:
        if state.is_terminal():
            break
        legal = state.legal_actions()
        if kind == "pick":
            assert isinstance(value, int)
            play(state, legal[value % len(legal)])
            continue
        before = json.dumps(state.view(None)), list(state.history)
        try:
            action = play(state, value)  # type: ignore[arg-type]
        except ClickboxError as exc:
            assert str(exc), "an error must say why"
            assert (json.dumps(state.view(None)), list(state.history)) == before
        else:
            assert action in legal


@settings(max_examples=40, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(min_value=0, max_value=2**32))
def test_rebuilt_states_continue_identically(game: GameBase, seed: int) -> None:
    """A state rebuilt from a view plays on exactly like the original (hidden choices: it shows
    the viewer the same and plays to a proper end)."""
    import random

    from clickbox.core import sample_chance

    rng = random.Random(seed)
    state = game.new_initial_state()
    cut = rng.randint(0, 120)
    for _ in range(cut):
        if state.is_terminal():
            return
        state.apply(
            sample_chance(state, rng)
            if state.current_player() < 0
            else rng.choice(state.legal_actions())
        )
    rebuilt = game.state_from_view(state.view(0), random.Random(0))
    if not game.perfect_information:
        # Hidden choices of other seats are sampled: the rebuilt state must show seat 0 exactly
        # what it saw (its history starts empty) and play on to a proper end.
        history_free = dict.fromkeys(game.history_view_keys)
        assert rebuilt.view(0) | history_free == state.view(0) | history_free
        while not rebuilt.is_terminal():
            rebuilt.apply(
                sample_chance(rebuilt, rng)
                if rebuilt.current_player() < 0
                else rng.choice(rebuilt.legal_actions())
            )
        assert rebuilt.outcome() is not None
        return
    while not state.is_terminal():
        action = (
            sample_chance(state, rng)
            if state.current_player() < 0
            else rng.choice(state.legal_actions())
        )
        assert rebuilt.legal_actions() == state.legal_actions()
        state.apply(action)
        rebuilt.apply(action)
    assert rebuilt.outcome() == state.outcome()
