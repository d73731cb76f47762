"""Bots play legal moves from views only, are reproducible, and greedy beats random."""

from __future__ import annotations

import random

import pytest

from clickbox.bots import Bot, GreedyBot, RandomBot, make_bot
from clickbox.core import Action, GameBase, OptionError, View
from clickbox.games import load
from clickbox.sim import BotError, play_match, run_series, summarize


class ViewSpy(Bot):
    """Records what it is given and plays like RandomBot."""

    name = "spy"

    def __init__(self) -> None:
        self.seen: list[object] = []

    def choose(self, view: View, game: GameBase, rng: random.Random) -> Action:
        self.seen.append(view)
        return RandomBot().choose(view, game, rng)


def test_bots_receive_plain_views_of_their_own_seat() -> None:
    game = load("clickety-clack", players=3)
    spies = [ViewSpy() for _ in range(3)]
    play_match(game, spies, seed=1)
    for seat, spy in enumerate(spies):
        assert spy.seen
        for view in spy.seen:
            assert isinstance(view, dict) and view["me"] == seat and view["to_move"] == seat


def test_an_illegal_bot_move_is_reported() -> None:
    class Cheater(Bot):
        name = "cheater"

        def choose(self, view: View, game: GameBase, rng: random.Random) -> Action:
            return game.parse_action("6+6>1")

    game = load("clickety-clack")
    with pytest.raises(BotError, match=r"cheater \(seat 0\) chose an illegal action"):
        play_match(game, [Cheater(), RandomBot()], seed=2)


def test_bot_registry_parses_names_and_rejects_unknown_ones() -> None:
    assert isinstance(make_bot("greedy"), GreedyBot)
    assert isinstance(make_bot(" random "), RandomBot)
    with pytest.raises(
        OptionError, match="unknown bot 'wizard'; the bots are: random, greedy, rulebased"
    ):
        make_bot("wizard")
    with pytest.raises(OptionError, match="takes no parameters"):
        make_bot("greedy:depth=3")


def test_bots_are_reproducible_from_the_seed() -> None:
    game = load("clickety-clack(side=B)", players=2)
    first = play_match(game, [GreedyBot(), RandomBot()], seed=21)
    again = play_match(game, [GreedyBot(), RandomBot()], seed=21)
    assert first == again


@pytest.mark.parametrize("side", ["A", "B"])
def test_greedy_clearly_beats_random_with_seats_swapped(side: str) -> None:
    game = load("clickety-clack", options={"side": side})
    greedy_wins = games = 0
    for bots in (["greedy", "random"], ["random", "greedy"]):
        records = list(run_series(game, bots, games=30, seed=100))
        seat = bots.index("greedy")
        summary = summarize(records)[seat]
        greedy_wins += summary.wins
        games += len(records)
        other = summarize(records)[1 - seat]
        assert summary.mean_score.value > other.mean_score.value + 5
    assert greedy_wins / games >= 0.8
