"""Clickety Clack's deep evaluation (per-row tables) and the ``clickety`` search bot."""

from __future__ import annotations

import itertools
import random

import pytest

from clickbox.bots import GreedyBot, RandomBot
from clickbox.bots.base import Bot
from clickbox.bots.clickety import evaluation as H
from clickbox.bots.clickety.search import ClicketySearchBot
from clickbox.core import CHANCE, OptionError, sample_chance
from clickbox.games import load
from clickbox.games.clickety import ClicketyClackGame, ClicketyClackState
from clickbox.games.clickety import actions as A
from clickbox.games.clickety.rules import allowed_mask
from clickbox.sim import play_match


def new_game(players: int = 2, side: str = "A") -> ClicketyClackGame:
    game = load("clickety-clack", players=players, options={"side": side})
    assert isinstance(game, ClicketyClackGame)
    return game


def random_positions(game: ClicketyClackGame, games: int, seed: int) -> list[ClicketyClackState]:
    """Every decision position of ``games`` random games."""
    rng = random.Random(seed)
    positions = []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(sample_chance(state, rng))
            else:
                positions.append(state.clone())
                state.apply(rng.choice(state.legal_actions()))
        positions.append(state)
    return positions


# -- the row tables -------------------------------------------------------------------------------


@pytest.mark.parametrize("side", ["A", "B"])
def test_row_keys_accept_exactly_what_the_rules_allow(side: str) -> None:
    game = new_game(side=side)
    for state in random_positions(game, 6, seed=1):
        for seat in range(2):
            for rule, row in zip(game.row_rules, state.rows(seat), strict=True):
                key = H.row_key(rule, row)
                accepted = {s for s, _ in H._successors(rule, key, game.row5)}
                allowed = allowed_mask(rule, row, game.row5)
                expected = {s for s in range(2, 13) if allowed >> s & 1}
                assert accepted == expected, (rule, row)
                for s, nxt in H._successors(rule, key, game.row5):
                    assert nxt == H.row_key(rule, (*row, s))


@pytest.mark.parametrize("side", ["A", "B"])
def test_row_tables_start_at_the_points_and_never_lose_by_more_chances(side: str) -> None:
    game = new_game(side=side)
    w = H.DEEP
    for rule, points in zip(game.row_rules, game.points, strict=True):
        table = H.row_table(rule, points, game.row5, w.draws, w.max_chances)
        assert len(table) == w.max_chances + 1
        for key, value in table[0].items():
            filled = H._key_filled(rule, key)
            assert value == ((points[filled - 1] or 0) if filled else 0)
        for before, after in itertools.pairwise(table):
            assert all(after[key] >= before[key] - 1e-9 for key in before)
        best = max(v or 0 for v in points)
        assert all(0 <= v <= best + 1e-9 for v in table[-1].values())
        assert table[-1][H.row_key(rule, ())] > 2


def test_the_deep_evaluation_is_the_score_or_margin_once_the_game_is_over() -> None:
    for players in (2, 3):
        game = new_game(players)
        state = random_positions(game, 1, seed=players)[-1]
        assert state.is_terminal()
        for seat in range(players):
            assert H.expected_score(state, seat) == state.score(seat)
            best_other = max(state.score(p) for p in range(players) if p != seat)
            assert H.expected_margin(state, seat) == state.score(seat) - best_other


def test_turns_left_is_exact_once_an_end_condition_is_met() -> None:
    game = new_game()
    full = [(2, 3, 4, 5, 6, 7, 8, 9, 10, 11), (2, 3, 4, 5, 6, 7, 8), (9, 8, 7, 6, 5, 4, 3)]
    state = ClicketyClackState.from_sheets(
        game,
        game.config,
        rows=[[*full, (), ()], [(), (), (), (), ()]],
        penalties=[0, 0],
        pool=(1, 2, 3),
        dice_to_roll=0,
        turn=0,
        starter=1,
        dice_taken=2,
        round=5,
        failed=False,
        over=False,
    )
    assert H.turns_left(state, 0) == 1.0  # takes 2 and 3 of the round: seat 0, then seat 1
    assert H.turns_left(state, 1) == 1.0
    early = game.new_initial_state()
    later = ClicketyClackState.from_sheets(
        game,
        game.config,
        rows=[[full[1][:5], full[2][:5], (), (), ()], [(), (), (), (), ()]],
        penalties=[0, 0],
        pool=(),
        dice_to_roll=5,
        turn=0,
        starter=0,
        dice_taken=0,
        round=5,
        failed=False,
        over=False,
    )
    assert H.turns_left(early, 0) > H.turns_left(later, 0) > 2.0


def test_pool_sums_and_rolls() -> None:
    counts = (0, 1, 0, 0, 0, 2, 0)  # 1 5 5
    assert H.pool_sums(counts) == (1 << 6) | (1 << 10)
    for dice in (2, 3, 5):
        table = H.roll_table(dice)
        assert sum(p for p, _ in table) == pytest.approx(1.0)
    gains = [H.NO_GAIN] * 13
    gains[12] = 1.0  # only a double six is worth anything
    assert H.reroll_gain(gains, 2) == pytest.approx(1 / 36)
    assert H.reroll_gain(gains, 3) == pytest.approx(1 - (125 + 75) / 216)


# -- the bot --------------------------------------------------------------------------------------


def test_options_are_checked_and_named_in_the_label() -> None:
    with pytest.raises(OptionError):
        ClicketySearchBot(margin="lots")
    with pytest.raises(OptionError):
        ClicketySearchBot(reroll=2)
    with pytest.raises(OptionError):
        ClicketySearchBot(look=3)
    assert ClicketySearchBot(margin=0, look=0).label() == (
        "clickety:margin=0,reroll=1,look=0,win=0"
    )


def test_it_plays_only_clickety_clack() -> None:
    other = load("click-clack", players=2)
    state = other.new_initial_state()
    with pytest.raises(OptionError):
        ClicketySearchBot().rank(state.view(0), other, random.Random(0))


def test_rank_covers_every_legal_action_and_ignores_the_rng() -> None:
    game = new_game()
    bot = ClicketySearchBot()
    for state in random_positions(game, 1, seed=4)[:-1:5]:
        seat = state.current_player()
        view = state.view(seat)
        ranked = bot.rank(view, game, random.Random(1))
        assert sorted(a for a, _ in ranked) == sorted(state.legal_actions())
        values = [v for _, v in ranked]
        assert values == sorted(values, reverse=True)
        assert bot.choose(view, game, random.Random(2)) == ranked[0][0]
        assert ranked == bot.rank_state(state, seat)  # the view is the whole position


def test_with_win_the_values_are_chances_of_winning() -> None:
    game = new_game()
    for state in random_positions(game, 1, seed=5)[:-1:9]:
        seat = state.current_player()
        ranked = ClicketySearchBot(win=1).rank_state(state, seat)
        assert all(-0.2 <= value <= 1.2 for _, value in ranked)  # a chance, plus 0.001 x margin


def _denial_position(game: ClicketyClackGame) -> ClicketyClackState:
    """Seat 1 can only still write a 9 (its pre-printed row); the pool is 1 1 3 3 6."""
    closed = [(2, 3, 4, 5, 6, 7, 8, 9, 10, 11), (12,), (2,), (2, 3, 4, 5, 6, 7, 8, 9, 10, 11)]
    return ClicketyClackState.from_sheets(
        game,
        game.config,
        rows=[[(), (), (), (), ()], [*closed, (6,)]],
        penalties=[0, 0],
        pool=(1, 1, 3, 3, 6),
        dice_to_roll=0,
        turn=0,
        starter=0,
        dice_taken=0,
        round=3,
        failed=False,
        over=False,
    )


@pytest.mark.parametrize("look", [1, 2])
def test_it_takes_the_die_the_next_seat_needs(look: int) -> None:
    game = new_game()
    state = _denial_position(game)
    values = dict(ClicketySearchBot(look=look).rank_state(state, 0))
    blind = dict(ClicketySearchBot(look=0).rank_state(state, 0))
    for row in range(1, 5):  # 6 onto 3 leaves 1 1 3 3 (no 9); 3 onto 6 leaves 1 1 3 6
        denies, gives = A.click(6, 3, row), A.click(3, 6, row)
        assert values[denies] > values[gives]
        assert blind[denies] == blind[gives]


def test_a_failed_roll_is_worth_its_reroll() -> None:
    game = new_game()
    state = _denial_position(game)
    with_reroll = dict(ClicketySearchBot().rank_state(state, 0))[A.FAIL]
    without = dict(ClicketySearchBot(reroll=0).rank_state(state, 0))[A.FAIL]
    failed = state.clone()
    failed.apply(A.FAIL)
    gains = H.write_gains(failed, 0, H.turns_left(failed, 0))
    assert with_reroll - without == pytest.approx(H.reroll_gain(gains, 5))
    assert with_reroll > without + 0.5


def _wins(bot: Bot, other: Bot, games: int, players: int = 2) -> int:
    game = new_game(players)
    won = 0
    for index in range(games):
        bots = [other] * players
        bots[index % players] = bot
        outcome = play_match(game, bots, seed=1000 + index).outcome
        assert outcome is not None
        won += (index % players) in outcome.winners
    return won


def test_it_beats_greedy_and_random() -> None:
    assert _wins(ClicketySearchBot(), GreedyBot(), 12) >= 9
    assert _wins(ClicketySearchBot(margin=0, reroll=0, look=0), RandomBot(), 10) >= 7


@pytest.mark.parametrize(("players", "side"), [(3, "A"), (4, "B"), (2, "B")])
def test_it_plays_every_table_and_side(players: int, side: str) -> None:
    game = new_game(players, side)
    bots: list[Bot] = [ClicketySearchBot(), *[GreedyBot()] * (players - 1)]
    record = play_match(game, bots, seed=players)
    assert record.outcome is not None
