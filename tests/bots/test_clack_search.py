"""The Click Clack lookahead bot: exact chances, legal moves, the view only, an edge on memory;
and both Click Clack bots (lookahead and memory) on a turn without a move."""

from __future__ import annotations

import random

import pytest

from clickbox.bots.clack.policy import SearchTuning, exact_chances, search_rank
from clickbox.bots.clack.search import ClackSearchBot
from clickbox.core import OptionError
from clickbox.games import load
from clickbox.games.clack import PRESETS, ClickClackGame, ClickClackState
from clickbox.games.clack.actions import STAY
from clickbox.sim import game_seed, play_match
from tests.checks import decision_positions
from tests.games.clack.helpers import hide, new_state, run, under


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


def _no_move_position(kind: str, **options: object) -> ClickClackState:
    """Robin (seat 0, squirrel at home) has rolled the Beetle, Freddy's section: no move. Nina
    (seat 1) has 6 discs, so any disc wins her the game; her squirrel is in frog0, which has
    stood over the rotation before this one. The hazelnut she took from frog1 at rotation 1
    makes the hollow next to it, under frog0 at rotation 2, empty for sure. ``stay``: the board
    is at rotation 1, so only a turn of the board lets her reach an unknown hollow next turn;
    ``back``: at rotation 4, a click cw gives her an unknown hollow at once and leaving the board
    gives it to her next turn, while a click back (ccw) leaves her nothing within one turn."""
    state = new_state(2, **options)
    taken = under(state, "frog1", 1)
    if kind == "stay":
        empty = frozenset(under(state, "frog0", r) for r in (0, 1))
        script = "roll:frog frog1 ccw roll:beetle noturn roll:frog frog0 cw roll:beetle"
    else:
        empty = frozenset(under(state, "frog0", r) for r in (3, 4))
        script = "roll:frog frog1 cw roll:beetle cw roll:frog frog0 cw roll:beetle"
    hide(state, {taken: "h"}, empty=empty)
    run(state, "roll:freddy freddy:beetle cw " + script)
    assert state._counts[1] == [1, 0, 0, 0]  # the hazelnut
    state._counts[1] = [1, 2, 2, 1]
    state._totals[1] = 6
    return state


@pytest.mark.parametrize("bot", ["memory", "clack:depth=1", "clack:depth=2", "clack:depth=3"])
def test_after_no_move_the_board_is_left_where_the_leader_can_find_nothing(bot: str) -> None:
    """clack-turn-without-move: "You are allowed to turn the board even if you cannot move your
    piece." A seat whose roll left no move chooses to turn the board or to leave it; the bots
    weigh where the board is left for the next seat: they leave it when either click would let
    the leader reach an unknown hollow, and click back when leaving it would."""
    from clickbox.bots import make_bot

    player = make_bot(bot)
    for kind, best in (("stay", "noturn"), ("back", "ccw")):
        state = _no_move_position(kind)
        view = state.view(0)
        assert view["legal"] == ["cw", "ccw", "noturn"]
        for seed in range(3):
            action = player.choose(view, state.game, random.Random(seed))
            assert state.action_to_string(action) == best, (kind, seed)
    forced = _no_move_position("back", no_move_turn="forced")
    assert forced.view(0)["legal"] == ["cw", "ccw"]  # the forced turn: the board must turn
    action = player.choose(forced.view(0), forced.game, random.Random(0))
    assert forced.action_to_string(action) == "ccw"


def test_a_turn_without_a_move_left_as_it_is_collects_nothing_in_the_lookahead() -> None:
    """depth=1, the seat alone: leaving the board is worth only what the squirrel may find on
    the next turn of the board (``future``), a click what it finds now plus that."""
    game = _clack(2)
    tuning = SearchTuning(depth=1, leader_weight=0, other_weight=0, future=0)
    checked = 0
    for state in decision_positions(game, 4, seed=2):
        view = state.view(state.current_player())
        if "noturn" not in view["legal"]:
            continue
        ranked = dict(search_rank(view, game, random.Random(0), tuning))
        assert ranked[game.parse_action("noturn")] == 0.0
        assert min(ranked.values()) >= 0.0
        checked += 1
    assert checked > 3
