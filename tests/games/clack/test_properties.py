"""Properties of seeded random games of every preset at every player count.

* discs are conserved: the discs under the board and the players' discs always add up to the
  discs hidden so far, and never lie next to each other;
* every game ends, with a winner;
* nobody sees the layout: every seat's view equals the spectator's apart from ``me`` and
  ``legal``, and two games with different layouts but the same public history show the same
  views at every step (clack-hidden);
* a state rebuilt from a view agrees with every collection and every hollow known empty;
* records (``clickbox.core.Match``) replay exactly, to the same views.
"""

from __future__ import annotations

import json
import random

import pytest

from clickbox.bots import RandomBot
from clickbox.core import CHANCE, GameRecord, Match, check_record, play, sample_chance, views_digest
from clickbox.games import CATALOG, load
from clickbox.games.clack import ClickClackState
from clickbox.games.clack import actions as A
from clickbox.games.clack.board import KIND_NAMES
from clickbox.sim import play_match

from .helpers import layout, layout_codes, new_game

CONFIGS = [
    (players, preset)
    for players in range(2, 5)
    for preset in (None, *CATALOG.get("click-clack").presets)
]
IDS = [f"{players}p-{preset or 'default'}" for players, preset in CONFIGS]


def _game(players: int, preset: str | None) -> ClickClackState:
    game = CATALOG.get("click-clack").from_options(players, preset=preset)
    state = game.new_initial_state()
    assert isinstance(state, ClickClackState)
    return state


def _step(state: ClickClackState, rng: random.Random) -> None:
    if state.current_player() == CHANCE:
        state.apply(sample_chance(state, rng))
    else:
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("players", "preset"), CONFIGS, ids=IDS)
def test_discs_are_conserved_and_games_end(players: int, preset: str | None) -> None:
    for seed in range(15):
        rng = random.Random(seed)
        state = _game(players, preset)
        config = state.config
        near = config.geometry.neighbours
        steps = 0
        while not state.is_terminal():
            _step(state, rng)
            steps += 1
            assert steps < 5_000, "a game must end"
            collected = sum(sum(state.discs_of(s)) for s in range(players))
            hidden = config.total_discs - state._to_hide
            assert len(layout(state)) + collected == hidden == state.discs_on_board() + collected
        board = layout(state)
        assert not any(o in board for h in board for o in near[h])
        outcome = state.outcome()
        assert outcome is not None and outcome.winners
        counts = [state.discs_of(s) for s in outcome.winners]
        if outcome.reason != "no disc left: the most discs":
            assert all(sum(c) >= 7 or max(c) >= 4 for c in counts)


@pytest.mark.parametrize(("players", "preset"), CONFIGS, ids=IDS)
def test_every_seat_sees_the_same_and_never_the_layout(players: int, preset: str | None) -> None:
    rng = random.Random(players)
    state = _game(players, preset)
    while not state.is_terminal():
        spectator = state.view(None)
        text = json.dumps(spectator)
        assert "hide:" not in text
        for seat in range(players):
            assert state.view(seat) | {"me": None, "legal": []} == spectator
        _step(state, rng)


def _public_twin(state: ClickClackState, seed: int) -> list[int]:
    """The actions of ``state``'s game with another layout that agrees with everything public:
    the collected discs and the hollows known empty (and with see_through, the discs seen)."""
    config = state.config
    fixed = {c[5]: c[6] for c in state._collections}
    fixed.update({h: k for h, k in enumerate(state._disc) if state._seen >> h & 1})
    collected = {c[5] for c in state._collections}
    empty = frozenset(h for h in range(64) if state._empty >> h & 1 and h not in collected)
    hides = layout_codes(config, fixed, empty, seed)
    seat_moves = [a for a in state.history if a < A.HIDE_BASE]
    return hides + seat_moves


@pytest.mark.parametrize("preset", [None, "see-through"])
@pytest.mark.parametrize("players", [2, 4])
def test_different_layouts_same_public_history_same_views(players: int, preset: str | None) -> None:
    """Two games whose layouts differ but agree on everything anyone saw: every view of every
    seat and of a spectator is identical at every step, so no view depends on the layout."""
    differing = 0
    for seed in range(6):
        rng = random.Random(seed)
        original = _game(players, preset)
        # With see_through every hollow has been in view after three clicks one way.
        cut = rng.randint(17, 22) if preset else rng.randint(20, 60)
        while not original.is_terminal() and original.state_id < cut:
            _step(original, rng)
        twin = _game(players, preset)
        actions = _public_twin(original, seed + 100)
        for action in actions:
            play(twin, action)  # the twin's moves are all legal
        differing += actions[:16] != original.history[:16]  # another layout was hidden
        # Step both again from the start, comparing every view after every action.
        a, b = _game(players, preset), _game(players, preset)
        for mine, theirs in zip(original.history, actions, strict=True):
            a.apply(mine)
            b.apply(theirs)
            for seat in (None, *range(players)):
                assert a.view(seat) == b.view(seat)
        assert twin.outcome() == original.outcome()
    assert differing >= 4  # the twins really had other layouts


@pytest.mark.parametrize("preset", [None, "see-through"])
def test_a_rebuilt_state_agrees_with_the_public_record(preset: str | None) -> None:
    rng = random.Random(7)
    state = _game(3, preset)
    game = state.game
    checked = 0
    while not state.is_terminal():
        _step(state, rng)
        if state.current_player() < 0 or state._phase == 0:
            continue
        view = state.view(1)
        rebuilt = game.state_from_view(view, random.Random(checked))
        assert isinstance(rebuilt, ClickClackState)
        board = layout(rebuilt)
        for c in view["collections"]:
            assert c["hollow"] not in board
        for h in view["known_empty"]:
            assert h not in board
        for s in view["seen"]:
            assert board[s["hollow"]] == s["kind"][0]
        assert len(board) == view["on_board"]
        assert not any(o in board for h in board for o in state.config.geometry.neighbours[h])
        checked += 1
    assert checked > 10


def test_the_posterior_is_sampled_uniformly() -> None:
    """With nothing known, each hollow of the default board holds a disc with the same chance in
    the rebuilt states as under the setup (24 discs over 64 hollows: 3/8 on average; the inner
    and outer rings have fewer neighbours, so more discs)."""
    game = new_game(4)
    state = game.new_initial_state()
    rng = random.Random(3)
    while state.current_player() == CHANCE:
        state.apply(sample_chance(state, rng))
    view = state.view(0)
    hits = [0] * 64
    for i in range(300):
        rebuilt = game.state_from_view(view, random.Random(i))
        assert isinstance(rebuilt, ClickClackState)
        for h in layout(rebuilt):
            hits[h] += 1
    inner = sum(hits[:16]) / (16 * 300)
    middle = sum(hits[16:48]) / (32 * 300)
    assert inner > middle
    assert sum(hits) == 24 * 300
    assert set(layout(rebuilt).values()) <= {k[0] for k in KIND_NAMES}


@pytest.mark.parametrize(
    "spec", ["click-clack(players=4)", "click-clack(players=2,see_through=true)"]
)
def test_records_replay_exactly(spec: str) -> None:
    game = load(spec)
    record = play_match(game, [RandomBot() for _ in range(game.num_players)], 5)
    again = GameRecord.loads(record.dumps())
    state = check_record(again, load(again.game))
    assert state.outcome() == record.outcome
    assert views_digest(game, list(record.actions)) == views_digest(
        load(again.game), list(again.actions)
    )
    match = Match(game, 5, ["a"] * game.num_players)
    assert match.record().actions == record.actions[: len(match.record().actions)]
