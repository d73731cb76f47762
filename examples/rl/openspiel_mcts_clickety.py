"""OpenSpiel's MCTS against clickbox's bots at 2-player Clickety Clack.

OpenSpiel's own ``MCTSBot`` (UCT with a ``RandomRolloutEvaluator``; the game's chance nodes are
explicit, so the search samples the dice itself) plays ``clickbox_clickety(players=2)``
against clickbox bots wrapped as OpenSpiel bots by :class:`clickbox.rl.openspiel_game.
ClickboxBot` (``random``, then the levels ``easy`` and ``medium``), through OpenSpiel's
``evaluate_bots``. The seats alternate: MCTS sits first in the even games, second in the odd.
The game is loaded with its default zero-sum reward (what the search maximises); the game's
own points are read from ``state.clickbox_state.outcome()`` at the end.

Per opponent it prints the MCTS win rate with a 95% Wilson interval (a shared win, a tie on
points with both seats winning, is counted as not a win, and the ties are printed), the mean
scores of both sides and the seconds per game. The same ``--seed`` plays the same games.

Run from the repository root (OpenSpiel is in the ``rl`` extra)::

    python examples/rl/openspiel_mcts_clickety.py --games 20 --simulations 100 --rollouts 1
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, mcts

from clickbox.rl import openspiel_game

OPPONENTS = ("random", "easy", "medium")
"""The clickbox bot specs MCTS plays (levels are names that ``make_bot`` accepts)."""
UCT_C = 1.4
"""The exploration constant of the UCT search."""


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% for ``z=1.96``) of a win rate of ``wins`` / ``games``."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1.0 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Tally:
    """What one opponent's games came to, from MCTS's side."""

    wins: int = 0
    ties: int = 0
    games: int = 0
    mcts_scores: list[float] = field(default_factory=list)
    opponent_scores: list[float] = field(default_factory=list)
    seconds: float = 0.0


def play_one(
    game: pyspiel.Game,
    spec: str,
    mcts_seat: int,
    simulations: int,
    rollouts: int,
    seed: int,
) -> tuple[bool, bool, float, float]:
    """One game; returns (MCTS won alone, tie, MCTS's points, the opponent's points)."""
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=rollouts, random_state=rng)
    searcher = mcts.MCTSBot(game, UCT_C, simulations, evaluator, random_state=rng)
    opponent_seat = 1 - mcts_seat
    opponent = openspiel_game.ClickboxBot(spec, player=opponent_seat, seed=seed)
    bots: list[pyspiel.Bot] = [searcher, opponent] if mcts_seat == 0 else [opponent, searcher]
    state = game.new_initial_state()
    evaluate_bots.evaluate_bots(state, bots, rng)
    outcome = state.clickbox_state.outcome()
    assert outcome is not None
    winners = set(outcome.winners)
    won = winners == {mcts_seat}
    tie = mcts_seat in winners and len(winners) > 1
    return won, tie, float(outcome.scores[mcts_seat]), float(outcome.scores[opponent_seat])


def run(games: int, simulations: int, rollouts: int, seed: int) -> dict[str, Tally]:
    """Play ``games`` games against each opponent and print each one's figures."""
    game = pyspiel.load_game("clickbox_clickety(players=2)")
    print(
        f"MCTS (UCT c={UCT_C}, {simulations} simulations, {rollouts} random rollout(s) per leaf)"
        f" vs clickbox bots at {game.clickbox_game.spec()}: {games} games each, seed {seed}"
    )
    tallies: dict[str, Tally] = {}
    for index, spec in enumerate(OPPONENTS):
        tally = tallies[spec] = Tally()
        start = time.perf_counter()
        for number in range(games):
            game_seed = seed * 1_000_003 + index * 10_007 + number
            won, tie, mine, theirs = play_one(
                game, spec, number % 2, simulations, rollouts, game_seed
            )
            tally.games += 1
            tally.wins += won
            tally.ties += tie
            tally.mcts_scores.append(mine)
            tally.opponent_scores.append(theirs)
        tally.seconds = time.perf_counter() - start
        low, high = wilson(tally.wins, tally.games)
        print(
            f"  vs {spec:<7} MCTS win rate {tally.wins / tally.games:6.1%} "
            f"(95% CI {low:.1%}-{high:.1%}; {tally.wins}W {tally.ties}T "
            f"{tally.games - tally.wins - tally.ties}L)  "
            f"mean score MCTS {np.mean(tally.mcts_scores):5.1f} vs "
            f"{spec} {np.mean(tally.opponent_scores):5.1f}  "
            f"{tally.seconds / tally.games:.2f} s/game",
            flush=True,
        )
    return tallies


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per opponent")
    parser.add_argument("--simulations", type=int, default=100, help="MCTS simulations a move")
    parser.add_argument("--rollouts", type=int, default=1, help="random rollouts per leaf")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    run(args.games, args.simulations, args.rollouts, args.seed)


if __name__ == "__main__":
    main()
