"""The Click Clack lookahead bot: exact chances, legal moves, the view only, an edge on memory."""

from __future__ import annotations

import random

import pytest

from clickbox.bots.clack_search import ClackSearchBot
from clickbox.core import OptionError
from clickbox.games import load
from clickbox.games.click_clack import PRESETS, ClickClackGame
from clickbox.games.click_clack.actions import STAY
from clickbox.games.click_clack.policy import SearchTuning, exact_chances, search_rank
from clickbox.sim import game_seed, play_match
from tests.checks import decision_positions


def _clack(players: int = 2, preset: str | None = None) -> ClickClackGame:
    game = ClickClackGame.from_options(players, {}, preset=preset)
    assert isinstance(game, ClickClackGame)
    return game


def _bits(*hollows: int) -> int:
    return sum(1 << h for h in hollows)


@pytest.mark.parametrize("players", [2, 4])
def test_exact_chances_agree_with_the_layout_sampler(players: int) -> None:
    game = _clack(players)
    must, forbid = _bits(5, 22, 40), _bits(7, 30, 41, 43, 50, 60, 61)
    chance = exact_chances(game, must, forbid)
    assert sum(chance) == pytest.approx(game.total_discs)
    for hollow in (5, 22, 40):
        assert chance[hollow] == pytest.approx(1.0)
    for hollow in (7, 30, 41, 43, 50, 60, 61):
        assert chance[hollow] == 0.0
    for near in game.geometry.neighbours[22]:  # never next to a disc
        assert chance[near] == 0.0
    draws = 3000
    hits = [0] * game.geometry.hollows
    rng = random.Random(3)
    for patterns in game.layout.sample_many(game.total_discs, must, forbid, rng, draws):
        for column, pattern in enumerate(patterns):
            for hollow in game.layout.hollows_of[column][pattern]:
                hits[hollow] += 1
    worst = max(abs(hits[h] / draws - chance[h]) for h in range(game.geometry.hollows))
    assert worst < 0.04  # about five standard errors


def test_exact_chances_without_knowledge_are_symmetric_and_impossible_records_fail() -> None:
    game = _clack(2)
    chance = exact_chances(game, 0, 0)
    assert sum(chance) == pytest.approx(game.total_discs)
    for ring in range(4):  # the same all round a ring; the outer rings have fewer neighbours
        assert chance[16 * ring : 16 * ring + 16] == pytest.approx([chance[16 * ring]] * 16)
    assert chance[0] == pytest.approx(chance[48]) and chance[16] == pytest.approx(chance[32])
    assert chance[0] > chance[16]
    with pytest.raises(ValueError, match="no legal layout"):
        exact_chances(game, _bits(0, 1), 0)  # two discs next to each other


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", [None, *PRESETS])
def test_only_legal_actions_in_every_configuration(players: int, preset: str | None) -> None:
    game = _clack(players, preset)
    # play_match raises BotError on the first illegal action.
    bots = [ClackSearchBot(depth=1 + seat % 2) for seat in range(players)]
    assert play_match(game, bots, seed=players).outcome is not None


@pytest.mark.parametrize("preset", [None, "see-through"])
def test_rank_orders_every_legal_action_on_random_positions(preset: str | None) -> None:
    game = _clack(3, preset)
    bot = ClackSearchBot()
    for index, state in enumerate(decision_positions(game, 3, seed=3)):
        view = state.view(state.current_player())
        ranked = bot.rank(view, game, random.Random(index))
        legal = state.legal_actions()
        if len(legal) > 1:
            assert sorted(a for a, _ in ranked) == sorted(legal)
            values = [v for _, v in ranked]
            assert values == sorted(values, reverse=True)
        assert bot.choose(view, game, random.Random(index)) == ranked[0][0]


def test_decisions_depend_on_the_view_only() -> None:
    """Two states with different layouts but the same public record: the same decision."""
    game = _clack(2)
    checked = 0
    for index, state in enumerate(decision_positions(game, 3, seed=5)[::3]):
        seat = state.current_player()
        view = state.view(seat)
        other = game.state_from_view(view, random.Random(1000 + index))
        other_view = {**other.view(seat), "log": view["log"], "version": view["version"]}
        assert other_view == view
        assert search_rank(view, game, random.Random(1)) == search_rank(
            other_view, game, random.Random(1)
        )
        checked += 1
    assert checked > 10


def test_one_turn_for_itself_alone_is_the_chance_under_the_hole_then_the_better_turn() -> None:
    """depth=1, no weight on the opponents or later turns: a placement is worth the disc value
    expected under the hole now plus the better of the two turns of the board."""
    game = _clack(2)
    tuning = SearchTuning(depth=1, leader_weight=0, other_weight=0, future=0)
    checked = 0
    for state in decision_positions(game, 3, seed=9):
        view = state.view(state.current_player())
        if view["phase"] != "move" or view["roll"] == "freddy" or len(view["legal"]) < 2:
            continue
        collected = {c["hollow"] for c in view["collections"]}
        forbid = sum(1 << h for h in view["known_empty"]) & ~sum(1 << h for h in collected)
        chance = exact_chances(game, sum(1 << h for h in collected), forbid)
        mine = view["discs"][view["me"]]
        if mine["total"] or view["collections"]:
            continue  # every disc worth 1: nobody has any yet
        rot = view["rotation"]
        here = view["squirrels"][view["me"]]
        for action, value in search_rank(view, game, random.Random(0), tuning):
            hole = game.parse_action(here) if action == STAY else action
            now = 0.0 if action == STAY else chance[game.under[rot][hole]]
            turns = [chance[game.under[(rot + step) % 16][hole]] for step in (1, -1)]
            assert value == pytest.approx(now + max(turns))
            checked += 1
    assert checked > 10


def test_parameters_are_checked_and_other_games_refused() -> None:
    assert ClackSearchBot(depth="3", leader="1").tuning == SearchTuning(depth=3, leader_weight=1)
    assert ClackSearchBot().label().startswith("clack:depth=2,")
    for bad in ({"depth": "0"}, {"depth": "1.5"}, {"future": "-1"}, {"samples": "x"}):
        with pytest.raises(OptionError):
            ClackSearchBot(**bad)
    with pytest.raises(OptionError, match="Click Clack only"):
        play_match(load("clickety-clack"), [ClackSearchBot(), ClackSearchBot()], seed=1)


def test_lookahead_beats_memory_head_to_head() -> None:
    from clickbox.bots import make_bot

    game = _clack(2)
    wins = games = 0
    for seat in (0, 1):
        for index in range(40):
            bots = [make_bot("memory"), make_bot("memory")]
            bots[seat] = ClackSearchBot()
            outcome = play_match(game, bots, game_seed(21, index)).outcome
            assert outcome is not None
            wins += seat in outcome.winners
            games += 1
    assert wins / games > 0.5, wins
