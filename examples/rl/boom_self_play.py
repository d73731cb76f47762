"""Self-play REINFORCE of a linear softmax policy at 3-player Click Click Boom (numpy only).

The policy reads a seat's observation vector (the game's encoder over its view alone, see
``docs/rl.md``): ``logits = W @ obs + b``, masked to the legal actions, softmax. All three seats
of every training game are played by the current policy, through the PettingZoo AEC
environment ``clickbox.rl.env("click-click-boom", players=3, reward="zero-sum")`` (a sole
winner earns 2/3, the others -1/3; a shared win splits the 1). After each game every seat's
moves are pushed along ``(R - V(obs)) * grad log pi(a | obs)``: REINFORCE with a learnt linear
state-value baseline ``V(obs) = v @ obs + c`` (fitted by SGD on the same returns).

Every ``--eval-every`` training games, and once before training, the policy is evaluated
**greedily** (the most probable legal action; ``--eval sampled`` samples it instead) in the
Gymnasium environment ``gymnasium.make("clickbox/Boom-v0", players=3, opponents=...)``
against two ``random`` and then two ``easy`` bots, ``--eval-games`` games each with the learner's
seat drawn at random; the same evaluation games (seeds) every time. A win is a sole win; the
rate is printed with a 95% Wilson interval (a random seat's fair share is 1/3). The learnt
weights go to ``--out`` (``W``, ``b``, ``v``, ``c``). The same ``--seed`` gives the same run.

Run from the repository root (PettingZoo and Gymnasium are in the ``rl`` extra)::

    python examples/rl/boom_self_play.py --games 3000 --eval-every 1000 --eval-games 300
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Sequence
from pathlib import Path

import gymnasium
import numpy as np

import clickbox.rl

GAME = "click-click-boom"
PLAYERS = 3
EVAL_OPPONENTS = ("random", "easy")


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% for ``z=1.96``) of a win rate of ``wins`` / ``games``."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1.0 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


class LinearPolicy:
    """A masked softmax over ``W @ obs + b``, with a linear value baseline ``v @ obs + c``."""

    def __init__(self, observations: int, actions: int) -> None:
        self.W = np.zeros((actions, observations))
        self.b = np.zeros(actions)
        self.v = np.zeros(observations)
        self.c = 0.0

    def probabilities(self, obs: np.ndarray, legal: np.ndarray) -> np.ndarray:
        """The policy's probabilities over the ``legal`` action codes (in their order)."""
        logits = self.W[legal] @ obs + self.b[legal]
        logits -= logits.max()
        weights = np.exp(logits)
        return weights / weights.sum()

    def act(self, obs: np.ndarray, mask: np.ndarray, rng: np.random.Generator | None) -> int:
        """A sampled action (``rng`` given) or the most probable one (``rng`` None)."""
        legal = np.flatnonzero(mask)
        p = self.probabilities(obs, legal)
        if rng is None:
            return int(legal[int(np.argmax(p))])
        return int(legal[rng.choice(len(legal), p=p)])

    def value(self, obs: np.ndarray) -> float:
        """The baseline's estimate of a seat's return from ``obs``."""
        return float(self.v @ obs + self.c)

    def update(
        self,
        steps: list[tuple[np.ndarray, np.ndarray, int]],
        ret: float,
        lr: float,
        value_lr: float,
    ) -> None:
        """One REINFORCE step over one seat's moves (obs, legal codes, action) of one game."""
        for obs, legal, action in steps:
            advantage = ret - self.value(obs)
            p = self.probabilities(obs, legal)
            grad = -p  # d log pi(action) / d logits over the legal codes: onehot - p
            grad[int(np.searchsorted(legal, action))] += 1.0
            self.W[legal] += lr * advantage * np.outer(grad, obs)
            self.b[legal] += lr * advantage * grad
            self.v += value_lr * advantage * obs
            self.c += value_lr * advantage

    def save(self, path: Path, **meta: object) -> None:
        """The weights (and ``meta``) as an ``.npz`` file."""
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez(path, W=self.W, b=self.b, v=self.v, c=np.float64(self.c), **meta)


def self_play_game(
    env: clickbox.rl.ClickboxAECEnv,
    policy: LinearPolicy,
    rng: np.random.Generator,
    seed: int,
) -> tuple[dict[str, list[tuple[np.ndarray, np.ndarray, int]]], dict[str, float], int]:
    """One game, every seat the policy; returns each seat's moves, returns and the moves."""
    env.reset(seed=seed)
    steps: dict[str, list[tuple[np.ndarray, np.ndarray, int]]] = {a: [] for a in env.agents}
    returns = dict.fromkeys(env.agents, 0.0)
    moves = 0
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        returns[agent] += float(reward)
        if terminated or truncated:
            env.step(None)
            continue
        mask = observation["action_mask"]
        obs = observation["observation"].astype(np.float64)
        action = policy.act(obs, mask, rng)
        steps[agent].append((obs, np.flatnonzero(mask), action))
        env.step(action)
        moves += 1
    return steps, returns, moves


def evaluate(
    policy: LinearPolicy, opponents: str, games: int, seed: int, sampled: bool
) -> tuple[int, int]:
    """The policy's sole wins and ties in ``games`` Gymnasium games against ``opponents``."""
    env = gymnasium.make(
        "clickbox/Boom-v0", players=PLAYERS, opponents=opponents, seat="random", reward="win"
    )
    rng = np.random.default_rng(seed) if sampled else None
    wins = ties = 0
    for number in range(games):
        obs, info = env.reset(seed=seed + number)
        over = False
        while not over:
            action = policy.act(obs.astype(np.float64), info["action_mask"], rng)
            obs, _, over, _, info = env.step(action)
        outcome = env.unwrapped.table.state.outcome()
        seat = env.unwrapped.seat
        wins += outcome.winners == {seat}
        ties += seat in outcome.winners and len(outcome.winners) > 1
    env.close()
    return wins, ties


def report(policy: LinearPolicy, label: str, games: int, seed: int, sampled: bool) -> None:
    """Print the win rate against each evaluation opponent."""
    parts = []
    for opponents in EVAL_OPPONENTS:
        wins, ties = evaluate(policy, opponents, games, seed, sampled)
        low, high = wilson(wins, games)
        parts.append(
            f"vs 2x {opponents}: {wins / games:5.1%} (95% CI {low:.1%}-{high:.1%}, {ties} ties)"
        )
    print(f"  {label:<22} " + "   ".join(parts), flush=True)


def train(args: argparse.Namespace) -> LinearPolicy:
    """The training loop, with its evaluations; returns the trained policy."""
    env = clickbox.rl.env(GAME, players=PLAYERS, reward="zero-sum")
    env.reset(seed=args.seed)
    agent = env.possible_agents[0]
    size = env.observation_space(agent)["observation"].shape[0]
    actions = int(env.action_space(agent).n)
    policy = LinearPolicy(size, actions)
    rng = np.random.default_rng(args.seed)
    sampled = args.eval == "sampled"
    eval_seed = args.seed * 7_919 + 1_000_000
    print(
        f"{env.game.spec()}: linear softmax policy over {size} observation floats and "
        f"{actions} action codes; self-play REINFORCE, lr {args.lr}, seed {args.seed}; "
        f"{'sampled' if sampled else 'greedy'} evaluation over {args.eval_games} games "
        "per opponent (learner's seat random)"
    )
    report(policy, "untrained", args.eval_games, eval_seed, sampled)
    start = time.perf_counter()
    training = 0.0  # seconds of self-play and updates, the evaluations left out
    moves = 0
    for number in range(1, args.games + 1):
        began = time.perf_counter()
        steps, returns, played = self_play_game(env, policy, rng, args.seed * 1_000_003 + number)
        moves += played
        for name, seat_steps in steps.items():
            policy.update(seat_steps, returns[name], args.lr, args.value_lr)
        training += time.perf_counter() - began
        if number % args.eval_every == 0 or number == args.games:
            print(
                f"  [{number} training games, {moves} moves, {training:.1f} s of training]",
                flush=True,
            )
            report(policy, f"after {number} games", args.eval_games, eval_seed, sampled)
    total = time.perf_counter() - start
    print(
        f"training: {args.games} games ({moves} moves) in {training:.1f} s "
        f"({1000 * training / args.games:.1f} ms/game); {total:.1f} s with the evaluations"
    )
    return policy


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000, help="self-play training games")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--eval-every", type=int, default=1000, help="games between evaluations")
    parser.add_argument("--eval-games", type=int, default=300, help="games per eval opponent")
    parser.add_argument("--eval", choices=("greedy", "sampled"), default="greedy")
    parser.add_argument("--lr", type=float, default=0.01, help="policy learning rate")
    parser.add_argument("--value-lr", type=float, default=0.005, help="baseline learning rate")
    parser.add_argument("--out", type=Path, default=Path("build/rl/boom-linear.npz"))
    args = parser.parse_args(argv)
    policy = train(args)
    policy.save(args.out, game=f"{GAME}(players={PLAYERS})", seed=args.seed, games=args.games)
    print(f"weights saved to {args.out}")


if __name__ == "__main__":
    main()
