"""ISMCTS and expectimax throughput on one core: simulations (iterations) per second.

.venv/bin/python bench/search_speed.py [--iterations N] [--positions P]

Positions are taken from seeded random games (every seventh decision); each search starts from
the view of the seat to move, so world sampling (determinization) is included in the time. A
simulation is one iteration: select, expand, roll out (to the end, or ``depth`` steps and then
``game.evaluate``), back up.
"""

from __future__ import annotations

import argparse
import random
import time

from clickbox.bots.ismcts import ISMCTSBot
from clickbox.core import CHANCE, StateBase, sample_chance
from clickbox.games import load

CASES = [
    ("click-clack", 2, "ismcts:iterations={n},worlds=64"),
    ("click-clack", 2, "ismcts:iterations={n},worlds=64,depth=0"),
    ("click-clack", 2, "ismcts:iterations={n},worlds=64,depth=8"),
    ("click-clack", 4, "ismcts:iterations={n},worlds=64"),
    ("click-click-boom", 4, "ismcts:iterations={n},worlds=64"),
    ("click-click-boom", 4, "ismcts:iterations={n},worlds=64,depth=0"),
    ("click-click-boom", 4, "ismcts:iterations={n},worlds=64,depth=8"),
    ("clickety-clack", 2, "ismcts:iterations={n},worlds=1"),
    ("clever", 1, "ismcts:iterations={n},worlds=1,chance=open"),
]


def positions(name: str, players: int, count: int, seed: int = 1) -> list[StateBase]:
    """Decision positions from seeded random games."""
    game = load(name, players=players)
    rng = random.Random(seed)
    found: list[StateBase] = []
    while len(found) < count:
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal() and len(found) < count:
            if state.current_player() == CHANCE:
                state.apply(sample_chance(state, rng))
                continue
            decisions += 1
            if decisions % 7 == 3:
                found.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--iterations", type=int, default=2000)
    parser.add_argument("--positions", type=int, default=10)
    args = parser.parse_args()
    print(f"{'game':18} {'players':>7}  {'bot':48} {'simulations/s':>14}")
    for name, players, template in CASES:
        spec = template.format(n=args.iterations)
        bot = ISMCTSBot(**dict(item.split("=") for item in spec.split(":", 1)[1].split(",")))
        game = load(name, players=players)
        total = 0.0
        for state in positions(name, players, args.positions):
            view = state.view(state.current_player())
            start = time.perf_counter()
            bot.search(view, game, random.Random(1))
            total += time.perf_counter() - start
        rate = args.iterations * args.positions / total
        print(f"{name:18} {players:>7}  {spec:48} {rate:14,.0f}")


if __name__ == "__main__":
    main()
