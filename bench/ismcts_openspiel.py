"""OpenSpiel's own ISMCTS (``open_spiel.python.algorithms.ismcts.ISMCTSBot``, unmodified) on the
hidden-information games, 2 players, against a random player and against clickbox's ``easy``
level (``ClickboxBot("easy")``: the rule-based bot in Click Click Boom, the only game with one;
a shallow noisy search in Clever, a one-sample one-step search in Click Clack; see
``bots/levels.py``). The search samples its worlds with
``resample_from_infostate``, so it never sees the true hidden state; leaves are valued by one
random rollout (``mcts.RandomRolloutEvaluator``). Seats alternate; wins with Wilson 95%
intervals (a shared win is a tie, counted apart). One core.

    .venv/bin/python bench/ismcts_openspiel.py [--games 12] [--simulations 30] \\
        [--keys clever,clack,boom] [--opponents random,easy] [--searcher ismcts|mcts]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from clickbox.rl.openspiel_game import ClickboxBot
from clickbox.sim.stats import proportion_interval


def _opponent(spec: str, seat: int, seed: int) -> Any:
    if spec == "random":
        return None
    return ClickboxBot(spec, seat, seed)


def play(
    key: str, opponent: str, games: int, simulations: int, searcher: str = "ismcts"
) -> tuple[int, int, int, float]:
    """The searcher's wins, ties and losses against ``opponent``, and the seconds taken."""
    game = pyspiel.load_game(f"clickbox_{key}(players=2)")
    wins = ties = losses = 0
    start = time.perf_counter()
    for number in range(games):
        me = number % 2
        random_state = np.random.RandomState(number)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
        bot: Any
        if searcher == "mcts":  # searches the true state: it sees the hidden cards and discs
            bot = mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=random_state)
        else:
            bot = ismcts.ISMCTSBot(
                game, evaluator, uct_c=2.0, max_simulations=simulations, random_state=random_state
            )
        other = _opponent(opponent, 1 - me, number)
        rng = random.Random(number)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            elif state.current_player() == me:
                state.apply_action(bot.step(state))
            elif other is None:
                state.apply_action(rng.choice(state.legal_actions()))
            else:
                state.apply_action(other.step(state))
        mine, theirs = state.returns()[me], state.returns()[1 - me]
        if mine > theirs:
            wins += 1
        elif mine == theirs:
            ties += 1
        else:
            losses += 1
    return wins, ties, losses, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12, help="games per pairing")
    parser.add_argument("--simulations", type=int, default=30, help="ISMCTS max_simulations")
    parser.add_argument("--keys", default="clever,clack,boom")
    parser.add_argument("--opponents", default="random,easy")
    parser.add_argument(
        "--searcher",
        choices=("ismcts", "mcts"),
        default="ismcts",
        help="mcts: OpenSpiel's MCTSBot instead, which searches the true state (it cheats)",
    )
    args = parser.parse_args()
    print(f"{args.searcher} max_simulations={args.simulations}, {args.games} games per pairing")
    print(f"| game | opponent | {args.searcher} wins / ties / losses | win rate [95%] | seconds |")
    print("|---|---|---|---|---|")
    for key in args.keys.split(","):
        for opponent in args.opponents.split(","):
            wins, ties, losses, seconds = play(
                key, opponent, args.games, args.simulations, args.searcher
            )
            rate = proportion_interval(wins, args.games)
            print(
                f"| {key} | {opponent} | {wins} / {ties} / {losses} | "
                f"{rate.value:.2f} [{rate.low:.2f}, {rate.high:.2f}] | {seconds:.0f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
