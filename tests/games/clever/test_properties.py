"""Properties of random games (hypothesis chooses the configuration and the seed).

* a sheet only ever gains marks, and the actions tracks stay within their seven spaces;
* the scores a view shows are the sheet's own (``Sheet.score``), and the outcome's;
* a state rebuilt from a seat's view (``state_from_view``) shows that seat the same view, has the
  same legal actions, and, outside the simultaneous passive choice, plays on identically;
* a passive player's choice changes nothing that another seat sees until every choice is in;
* a clone is independent of its original;
* a record (``clickbox.core.Match``) replays exactly, to the same views at every step.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clickbox.core import CHANCE, GameRecord, Match, check_record, replay, sample_chance
from clickbox.games import load
from clickbox.games.clever import CleverGame, CleverState, Sheet
from clickbox.games.clever.board import TRACK_SPACES

SPECS = [
    "clever(players=1)",
    "clever(players=2)",
    "clever(players=3)",
    "clever(players=4)",
    "clever(players=1,solo_ties=colour-order)",
    "clever(players=2,passive_optional=true,wasted_picks=true)",
    "clever(players=3,orange_bonus_multiplied=false)",
]
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GAMES = st.sampled_from(SPECS)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PUBLIC: dict[str, Any] = dict.fromkeys(
    CleverGame.history_view_keys
)  # what a rebuilt state starts afresh


def new(spec: str) -> tuple[CleverGame, CleverState]:
    game = load(spec)
    assert isinstance(game, CleverGame)
    state = game.new_initial_state()
    return game, state


def step(state: CleverState, rng: random.Random) -> int:
    """One random step: a chance outcome by its probability, or a uniform legal action."""
    if state.current_player() == CHANCE:
        action = sample_chance(state, rng)
    else:
        action = rng.choice(state.legal_actions())
    state.apply(action)
    return action


def gained(before: Sheet, after: Sheet) -> bool:
    """``after`` holds every mark of ``before`` (and maybe more)."""
    return (
        after.yellow & before.yellow == before.yellow
        and after.blue & before.blue == before.blue
        and after.green >= before.green
        and after.orange[: len(before.orange)] == before.orange
        and after.purple[: len(before.purple)] == before.purple
        and after.foxes >= before.foxes
        and after.rerolls >= before.rerolls
        and after.rerolls_used >= before.rerolls_used
        and after.plus_ones >= before.plus_ones
        and after.plus_ones_used >= before.plus_ones_used
    )


def within_limits(sheet: Sheet) -> bool:
    return (
        0 <= sheet.rerolls_used <= sheet.rerolls <= TRACK_SPACES
        and 0 <= sheet.plus_ones_used <= sheet.plus_ones <= TRACK_SPACES
        and sheet.green <= 11
        and len(sheet.orange) <= 11
        and len(sheet.purple) <= 11
        and sheet.foxes <= 5
    )


@SETTINGS
@given(spec=GAMES, seed=SEEDS)
def test_sheets_only_gain_marks_and_views_show_their_scores(spec: str, seed: int) -> None:
    game, state = new(spec)
    rng = random.Random(seed)
    seats = range(game.num_players)
    before = [state.sheet(seat).copy() for seat in seats]
    while not state.is_terminal():
        step(state, rng)
        view = state.view(None)
        for seat in seats:
            sheet = state.sheet(seat)
            assert gained(before[seat], sheet)
            assert within_limits(sheet)
            before[seat] = sheet.copy()
            score = view["sheets"][seat]["score"]
            areas = sheet.area_scores()
            assert score["total"] == sheet.score() == state.score(seat)
            assert [score[a] for a in ("yellow", "blue", "green", "orange", "purple")] == list(
                areas
            )
            assert score["foxes"] == sheet.foxes * min(areas) == sheet.fox_points()
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == tuple(float(state.score(seat)) for seat in seats)


@SETTINGS
@given(spec=GAMES, seed=SEEDS)
def test_a_state_rebuilt_from_a_view_shows_the_same_and_plays_on(spec: str, seed: int) -> None:
    game, state = new(spec)
    rng = random.Random(seed)
    cuts = set(rng.sample(range(40, 400), 3))
    steps = 0
    while not state.is_terminal():
        to_write = state.view(None)["passive"]["to_write"]
        if state.stage == "passive-extra" and to_write and not any(c < 0 for c in cuts):
            # passive players still to write the dice they chose: revealed, so public too
            cuts |= {steps, -1}
        if steps % 9 == 0 or steps in cuts:
            for seat in range(game.num_players):
                view = state.view(seat)
                rebuilt = game.state_from_view(view, random.Random(steps))
                assert rebuilt.view(seat) | PUBLIC == view | PUBLIC
                if seat == state.current_player() or state.stage != "passive-take":
                    assert rebuilt.legal_actions() == state.legal_actions()
        if steps in cuts and state.stage != "passive-take":
            # everything is public here: the rebuilt state is the same game from now on
            seat = rng.randrange(game.num_players)
            rebuilt = game.state_from_view(state.view(seat), random.Random(0))
            original = state.clone()
            follow = random.Random(steps)
            while not original.is_terminal():
                assert rebuilt.legal_actions() == original.legal_actions()
                action = step(original, follow)
                rebuilt.apply(action)
                for viewer in (None, seat):
                    assert rebuilt.view(viewer) | PUBLIC == original.view(viewer) | PUBLIC
            assert rebuilt.outcome() == original.outcome()
        step(state, rng)
        steps += 1


@SETTINGS
@given(spec=st.sampled_from([s for s in SPECS if "players=1" not in s]), seed=SEEDS)
def test_a_passive_choice_is_hidden_from_the_other_seats(spec: str, seed: int) -> None:
    """clever-simultaneous-take: "every view hides the choices already made until all are in"."""
    game, state = new(spec)
    rng = random.Random(seed)
    checked = 0
    while not state.is_terminal():
        mover = state.current_player()
        if state.stage == "passive-take" and mover >= 0 and len(state.legal_actions()) > 1:
            first, second = rng.sample(state.legal_actions(), 2)
            one, other = state.clone(), state.clone()
            one.apply(first)
            other.apply(second)
            if one.stage == "passive-take":  # still waiting for another seat's choice
                checked += 1
                for viewer in (None, *range(game.num_players)):
                    if viewer != mover:
                        assert one.view(viewer) == other.view(viewer)
                assert one.view(mover) != other.view(mover)
        step(state, rng)
    if game.num_players > 2:
        assert checked > 0


@SETTINGS
@given(spec=GAMES, seed=SEEDS)
def test_a_clone_is_independent(spec: str, seed: int) -> None:
    _, state = new(spec)
    rng = random.Random(seed)
    for _ in range(rng.randrange(300)):
        if state.is_terminal():
            break
        step(state, rng)
    before = json.dumps(state.view(None)), list(state.history)
    copy = state.clone()
    while not copy.is_terminal():
        step(copy, rng)
    assert (json.dumps(state.view(None)), list(state.history)) == before
    after = json.dumps(copy.view(None))
    while not state.is_terminal():
        step(state, rng)
    assert json.dumps(copy.view(None)) == after


@SETTINGS
@given(spec=GAMES, seed=SEEDS)
def test_records_replay_exactly(spec: str, seed: int) -> None:
    game = load(spec)
    match = Match(game, seed, seats=[f"random-{s}" for s in range(game.num_players)])
    rng = random.Random(seed)
    views = {match.state.state_id: json.dumps(match.state.view(None))}
    while not match.state.is_terminal():
        seat = match.state.current_player()
        match.play(rng.choice(match.state.legal_actions()), seat)
        views[match.state.state_id] = json.dumps(match.state.view(None))
    record = match.record()
    assert record.outcome == match.state.outcome()
    again = GameRecord.loads(record.dumps())
    assert again == record
    state = check_record(again, load(again.game))
    assert state.history == match.state.history
    for seat in (None, *range(game.num_players)):
        assert state.view(seat) == match.state.view(seat)
    for upto in rng.sample(sorted(views), 5):
        assert json.dumps(replay(again, game, upto=upto).view(None)) == views[upto]
