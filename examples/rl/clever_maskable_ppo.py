"""Train sb3-contrib's MaskablePPO on That's Pretty Clever solo, then measure it.

The environment is ``gymnasium.make("clickbox/Clever-v0", players=1)`` (registered by
``import clickbox.rl``): one seat, no bots, about 30 decisions a game, and a single reward at the
end, the final score. The legal actions come from the env's ``action_masks()`` method, handed to
MaskablePPO through sb3-contrib's :class:`~sb3_contrib.common.wrappers.ActionMasker`, so the
policy only ever samples legal moves (the illegal-move penalty never fires).

Training runs for a wall-clock budget (``--minutes``), not a step count. The reward is divided
by 100 while training (a :class:`gymnasium.wrappers.TransformReward`), so that returns are of
order 1 for the value function; the evaluation reports raw scores. The PPO settings suit a
long-horizon sparse-reward task: ``gamma=1.0`` (the score is the return, undiscounted),
``gae_lambda=0.95``, 2048 steps a rollout (split over ``--n-envs`` environments), minibatches of
256, a small entropy bonus and two hidden layers of 256 for both policy and value.

Afterwards the trained policy (deterministic, masked) plays ``--eval-games`` fresh games seeded
apart from the training ones, and the script prints the mean score with a 95% confidence interval
(mean +- 1.96 sd / sqrt(n)), next to a uniformly random legal policy on the same seeds. The model
is saved to ``--out``.

Needs ``pip install 'clickbox[rl]' sb3-contrib torch`` (torch is not needed by the project's
tests). Run from the repository root::

    python examples/rl/clever_maskable_ppo.py --minutes 8 --seed 0
    python examples/rl/clever_maskable_ppo.py --minutes 1 --eval-games 50   # a smoke run
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import gymnasium
import numpy as np
import torch
from gymnasium.wrappers import TransformReward
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import DummyVecEnv

from clickbox.rl import ClickboxGymEnv  # importing clickbox.rl registers the Gymnasium ids

ENV_ID = "clickbox/Clever-v0"
REWARD_SCALE = 100.0
EVAL_SEED_BASE = 1_000_000
"""Evaluation games are seeded from here on, apart from the training environments' seeds."""


def mask_of(env: gymnasium.Env) -> np.ndarray:
    """The legal actions of the clickbox env under any wrappers."""
    clickbox_env = env.unwrapped
    assert isinstance(clickbox_env, ClickboxGymEnv)
    return clickbox_env.action_masks()


def make_train_env(seed: int) -> Callable[[], gymnasium.Env]:
    """A thunk building one training env: masks exposed, reward scaled down by 100."""

    def build() -> gymnasium.Env:
        env = gymnasium.make(ENV_ID, players=1)
        env = TransformReward(env, lambda r: float(r) / REWARD_SCALE)
        env = ActionMasker(env, mask_of)
        env.reset(seed=seed)
        env.action_space.seed(seed)
        return env

    return build


class TimeBudget(BaseCallback):
    """Stops training once ``seconds`` of wall clock have passed since training began."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.seconds = seconds
        self.start = 0.0

    def _on_training_start(self) -> None:
        self.start = time.perf_counter()

    def _on_step(self) -> bool:
        return time.perf_counter() - self.start < self.seconds


def play(
    env: gymnasium.Env,
    seeds: Sequence[int],
    choose: Callable[[np.ndarray, np.ndarray, int], int],
) -> list[float]:
    """The final scores of one game per seed, ``choose(obs, mask, seed)`` picking each move."""
    scores: list[float] = []
    for seed in seeds:
        obs, info = env.reset(seed=seed)
        done = False
        while not done:
            action = choose(obs, mask_of(env), seed)
            obs, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        scores.append(float(info["scores"][0]))  # the raw final score, whatever the wrappers
    return scores


def summary(scores: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (1.96 sd / sqrt(n))."""
    values = np.asarray(scores, dtype=float)
    sd = float(values.std(ddof=1)) if len(values) > 1 else 0.0
    return float(values.mean()), 1.96 * sd / math.sqrt(len(values))


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=8.0, help="training wall-clock budget")
    parser.add_argument("--seed", type=int, default=0, help="seed for training and the policy")
    parser.add_argument("--eval-games", type=int, default=200, help="games to evaluate on")
    parser.add_argument("--out", type=Path, default=Path("build/rl/clever-ppo.zip"))
    parser.add_argument("--n-envs", type=int, default=8, help="environments in the rollout")
    parser.add_argument("--threads", type=int, default=1, help="torch CPU threads")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    torch.set_num_threads(args.threads)

    vec_env = DummyVecEnv([make_train_env(args.seed * 1000 + i) for i in range(args.n_envs)])
    model = MaskablePPO(
        "MlpPolicy",
        vec_env,
        learning_rate=3e-4,
        n_steps=max(2048 // args.n_envs, 32),
        batch_size=256,
        n_epochs=10,
        gamma=1.0,
        gae_lambda=0.95,
        clip_range=0.2,
        ent_coef=0.005,
        vf_coef=0.5,
        max_grad_norm=0.5,
        policy_kwargs={"net_arch": {"pi": [256, 256], "vf": [256, 256]}},
        seed=args.seed,
        device="cpu",
        verbose=0,
    )

    start = time.perf_counter()
    model.learn(total_timesteps=10**12, callback=TimeBudget(args.minutes * 60.0))
    train_seconds = time.perf_counter() - start
    steps = model.num_timesteps

    args.out.parent.mkdir(parents=True, exist_ok=True)
    model.save(args.out)

    eval_env = gymnasium.make(ENV_ID, players=1)
    seeds = [EVAL_SEED_BASE + args.seed * 10_000 + i for i in range(args.eval_games)]

    def ppo_move(obs: np.ndarray, mask: np.ndarray, seed: int) -> int:
        action, _ = model.predict(obs, action_masks=mask, deterministic=True)
        return int(action)

    rngs: dict[int, np.random.Generator] = {}

    def random_move(obs: np.ndarray, mask: np.ndarray, seed: int) -> int:
        rng = rngs.setdefault(seed, np.random.default_rng(seed))
        return int(rng.choice(np.flatnonzero(mask)))

    ppo_mean, ppo_ci = summary(play(eval_env, seeds, ppo_move))
    rnd_mean, rnd_ci = summary(play(eval_env, seeds, random_move))

    rate = steps / train_seconds
    print(f"trained    {steps:,} env steps in {train_seconds:.0f} s ({rate:.0f} steps/s)")
    print(f"saved      {args.out}")
    print(f"ppo        {ppo_mean:.2f} +- {ppo_ci:.2f}  (95% CI, {len(seeds)} games, deterministic)")
    print(f"random     {rnd_mean:.2f} +- {rnd_ci:.2f}  (uniform legal moves, same seeds)")


if __name__ == "__main__":
    main()
