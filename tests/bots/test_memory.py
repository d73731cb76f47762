"""The memory bot at Click Clack: legal moves, decisions from the public record only, an edge."""

from __future__ import annotations

import random

import pytest

from clickbox.bots import MemoryBot, make_bot
from clickbox.bots.clack.policy import choose_action
from clickbox.core import OptionError
from clickbox.games import load
from clickbox.games.clack import PRESETS, ClickClackGame
from clickbox.sim import play_match, run_series, summarize
from tests.checks import decision_positions


def _clack(players: int = 2, preset: str | None = None) -> ClickClackGame:
    game = ClickClackGame.from_options(players, {}, preset=preset)
    assert isinstance(game, ClickClackGame)
    return game


def test_registered_and_clear_about_games_without_a_policy() -> None:
    assert isinstance(make_bot("memory"), MemoryBot)
    game = load("clickety-clack")
    with pytest.raises(OptionError, match="no policy for clickety-clack"):
        play_match(game, [MemoryBot(), make_bot("random")], seed=1)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", [None, *PRESETS])
def test_only_legal_actions_in_every_configuration(players: int, preset: str | None) -> None:
    game = _clack(players, preset)
    # play_match raises BotError on the first illegal action.
    for seed in range(2):
        assert play_match(game, [MemoryBot() for _ in range(players)], seed=seed).outcome
    mixed = [MemoryBot() if s % 2 == 0 else make_bot("random") for s in range(players)]
    assert play_match(game, mixed, seed=7).outcome is not None


@pytest.mark.parametrize("preset", [None, "see-through"])
def test_every_choice_is_legal_on_randomdecision_positions(preset: str | None) -> None:
    game = _clack(3, preset)
    for index, state in enumerate(decision_positions(game, 4, seed=3)):
        view = state.view(state.current_player())
        action = choose_action(view, game, random.Random(index))
        assert action in state.legal_actions()


def test_decisions_depend_on_the_view_only() -> None:
    """Two states with different layouts but the same public record: the same decision."""
    game = _clack(2)
    checked = 0
    for index, state in enumerate(decision_positions(game, 3, seed=5)[::3]):
        seat = state.current_player()
        view = state.view(seat)
        other = game.state_from_view(view, random.Random(1000 + index))
        assert other.view(seat)["squirrels"] == view["squirrels"]
        other_view = {**other.view(seat), "log": view["log"], "version": view["version"]}
        assert other_view == view
        for seed in range(2):
            mine = choose_action(view, game, random.Random(seed))
            theirs = choose_action(other_view, game, random.Random(seed))
            assert mine == theirs
        checked += 1
    assert checked > 10


def test_the_view_never_holds_the_layout_so_the_bot_cannot_read_it() -> None:
    game = _clack(2)
    state = decision_positions(game, 1, seed=2)[5]
    view = state.view(state.current_player())
    text = repr(view)
    assert "_disc" not in text and "layout" not in text


def test_memory_beats_random_clearly() -> None:
    game = _clack(2)
    for bots, seat in ((["memory", "random"], 0), (["random", "memory"], 1)):
        records = list(run_series(game, bots, 60, seed=11))
        rate = summarize(records)[seat].win_rate
        assert rate.value >= 0.7, (bots, rate)


def test_memory_beats_random_with_more_players() -> None:
    game = _clack(3)
    records = list(run_series(game, ["memory", "random", "random"], 40, seed=4))
    assert summarize(records)[0].win_rate.value >= 0.5
