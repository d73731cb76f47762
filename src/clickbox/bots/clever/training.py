"""Training That's Pretty Clever's value network by self-play: TD(λ) over afterstates.

The network plays solo games against itself: at each of its decisions it values every legal
action's afterstate (the position right after the action) and plays the best, now and then
(``epsilon``) a random one. An afterstate's target is its λ-return: the final score blended
with the values of the later decisions' best afterstates,
``G_t = (1 - λ) max_a V(next afterstates) + λ G_{t+1}``, ``G`` at the end the score. After an
exploring move the trace is cut (``G_t`` is the best value there, Watkins' Q(λ)), so random
moves do not teach the network that a position is worse than it is.

Why this and not per-step online TD(λ): numpy is fast on batches and slow on one row at a
time. Games are played in parallel worker processes with the weights of the last iteration;
the master then takes a few Adam steps over every afterstate of the iteration (minibatches of
``batch``), which is TD(λ) with the λ-returns computed once per game ("offline" λ-return,
the forward view; equivalent to accumulating traces over a game with the weights fixed).

The published facts the schedule follows: a run peaks and then decays, so the best network by
held-out evaluation is kept (``best.npz``); exploration and the learning rate anneal toward
the end (``--anneal``: the last fraction of the episodes).

A run lives in one folder: ``checkpoint.npz`` (the network, Adam's moments and the run's
position, written after every iteration, atomically: an interrupted run resumes from the last
one), ``best.npz`` (the best held-out network), ``curve.json`` and ``curve.png`` (held-out mean
score against episodes).
"""

from __future__ import annotations

import json
import math
import multiprocessing
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from ...core import CHANCE, GameBase, derive_seed, sample_chance
from ...games import load
from ...games.clever.rules import OVER, CleverState
from . import features as F
from .network import Array, Network

# Inputs that never vary in solo play start (and, never seen, stay) at zero weight in the
# hidden layer, so a network trained solo plays a multiplayer game as it plays a solo one.
_MULTIPLAYER_ONLY = tuple(
    i
    for i, name in enumerate(F.NAMES)
    if name in ("2 players", "3 players", "4 players", "stage 3", "stage 4")
)


@dataclass
class Settings:
    """What a run does; saved with its checkpoints (a resumed run keeps them, but for
    ``episodes``, which may grow)."""

    episodes: int = 2000
    seed: int = 1
    workers: int = 1
    hidden: int = 128
    lam: float = 0.7
    epsilon: float = 0.03
    learning_rate: float = 5e-4
    final_learning_rate: float = 5e-5
    anneal: float = 0.2
    batch: int = 256
    epochs: int = 1
    iteration: int = 400  # games per iteration (between weight updates)
    eval_every: int = 2000
    eval_games: int = 200


@dataclass
class Progress:
    """Where a run stands: saved in its checkpoint."""

    episodes: int = 0
    seconds: float = 0.0
    adam_steps: int = 0
    best_mean: float = -math.inf
    best_episodes: int = 0
    curve: list[dict[str, float]] = field(default_factory=list)


def _schedule(settings: Settings, episodes: int) -> tuple[float, float]:
    """(epsilon, learning rate) after ``episodes``: constant, then linear to (0, final) over
    the last ``anneal`` fraction."""
    start = settings.episodes * (1.0 - settings.anneal)
    if episodes <= start or settings.anneal <= 0:
        return settings.epsilon, settings.learning_rate
    f = min(1.0, (episodes - start) / max(1.0, settings.episodes - start))
    rate = settings.learning_rate + f * (settings.final_learning_rate - settings.learning_rate)
    return settings.epsilon * (1.0 - f), rate


# -- self-play ---------------------------------------------------------------------------------


_SOLO: list[GameBase] = []


def _solo_game() -> GameBase:
    if not _SOLO:
        _SOLO.append(load("clever", players=1))
    return _SOLO[0]


def play(
    net: Network, seed: int, epsilon: float = 0.0, lam: float = 0.7
) -> tuple[list[list[float]], list[float], int]:
    """One solo game by the network: the inputs of each afterstate it chose, their λ-returns
    and the final score."""
    game = _solo_game()
    rng = random.Random(seed)
    state = game.new_initial_state()
    assert isinstance(state, CleverState)
    rows: list[list[float]] = []
    best: list[float] = []  # the best afterstate's value at each decision
    explored: list[bool] = []
    while True:
        player = state.current_player()
        if player == CHANCE:
            state.apply(sample_chance(state, rng))
            continue
        if player < 0:
            break
        children = []
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            children.append(child)
        inputs = [F.features(child, player) for child in children]
        values = net.values(np.array(inputs))
        for i, child in enumerate(children):
            if child._stage == OVER:  # the score exactly
                values[i] = child._sheets[player].score()
        choice = int(np.argmax(values))
        best.append(float(values[choice]))
        exploring = len(children) > 1 and rng.random() < epsilon
        if exploring:
            choice = rng.randrange(len(children))
        explored.append(exploring)
        rows.append(inputs[choice])
        state = children[choice]
    score = state._sheets[0].score()
    targets = [0.0] * len(rows)
    following = float(score)  # G_{t+1}
    for t in range(len(rows) - 1, -1, -1):
        targets[t] = following
        if t > 0:
            # G_{t-1} = (1 - λ) best_t + λ G_t, cut after an exploring move at t.
            following = best[t] if explored[t] else (1 - lam) * best[t] + lam * following
    return rows, targets, score


def evaluate(net: Network, seeds: list[int]) -> list[int]:
    """The network's greedy scores on the solo games of ``seeds``."""
    return [play(net, seed)[2] for seed in seeds]


def _play_batch(
    task: tuple[dict[str, Any], list[int], float, float],
) -> tuple[Array, Array, list[int]]:
    arrays, seeds, epsilon, lam = task
    net = Network(**arrays)
    rows: list[list[float]] = []
    targets: list[float] = []
    scores = []
    for seed in seeds:
        game_rows, game_targets, score = play(net, seed, epsilon, lam)
        rows += game_rows
        targets += game_targets
        scores.append(score)
    return np.array(rows, dtype=np.float32), np.array(targets, dtype=np.float32), scores


def _eval_batch(task: tuple[dict[str, Any], list[int]]) -> list[int]:
    arrays, seeds = task
    return evaluate(Network(**arrays), seeds)


def _arrays(net: Network) -> dict[str, Any]:
    return {
        "hidden": net.hidden,
        "hidden_bias": net.hidden_bias,
        "out": net.out,
        "skip": net.skip,
    }


def _chunks(items: list[int], parts: int) -> Iterator[list[int]]:
    size = max(1, math.ceil(len(items) / parts))
    for i in range(0, len(items), size):
        yield items[i : i + size]


# -- learning ----------------------------------------------------------------------------------


class Adam:
    """Adam over the network's four arrays (moments saved with the checkpoint)."""

    NAMES = ("hidden", "hidden_bias", "out", "skip")

    def __init__(self, net: Network, state: dict[str, Array] | None = None) -> None:
        self.m = {n: np.zeros_like(getattr(net, n)) for n in self.NAMES}
        self.v = {n: np.zeros_like(getattr(net, n)) for n in self.NAMES}
        if state:
            for n in self.NAMES:
                self.m[n] = state[f"m_{n}"]
                self.v[n] = state[f"v_{n}"]

    def step(self, net: Network, grads: dict[str, Array], rate: float, t: int) -> None:
        b1, b2 = 0.9, 0.999
        for n in self.NAMES:
            g = grads[n]
            self.m[n] = b1 * self.m[n] + (1 - b1) * g
            self.v[n] = b2 * self.v[n] + (1 - b2) * g * g
            m_hat = self.m[n] / (1 - b1**t)
            v_hat = self.v[n] / (1 - b2**t)
            getattr(net, n)[...] -= rate * m_hat / (np.sqrt(v_hat) + 1e-8)

    def state(self) -> dict[str, Array]:
        found = {f"m_{n}": a for n, a in self.m.items()}
        found.update({f"v_{n}": a for n, a in self.v.items()})
        return found


def gradients(net: Network, x: Array, target: Array) -> tuple[float, dict[str, Array]]:
    """Mean squared error (in hundreds of points) and its gradient for one minibatch."""
    pre = x @ net.hidden + net.hidden_bias
    h = np.maximum(pre, 0.0)
    out = x @ net.skip + h @ net.out
    error = out - target / 100.0
    n = len(x)
    d_out = 2.0 * error / n
    d_h = np.outer(d_out, net.out) * (pre > 0)
    grads = {
        "skip": x.T @ d_out,
        "out": h.T @ d_out,
        "hidden": x.T @ d_h,
        "hidden_bias": d_h.sum(axis=0),
    }
    grads["hidden"][list(_MULTIPLAYER_ONLY)] = 0.0
    return float(np.mean(error * error)), grads


def learn(
    net: Network,
    adam: Adam,
    progress: Progress,
    x: Array,
    target: Array,
    settings: Settings,
    rate: float,
    rng: np.random.Generator,
) -> float:
    """Adam steps over the afterstates of one iteration; the mean loss."""
    losses = []
    x64 = x.astype(np.float64)
    t64 = target.astype(np.float64)
    for _ in range(settings.epochs):
        order = rng.permutation(len(x64))
        for start in range(0, len(order), settings.batch):
            rows = order[start : start + settings.batch]
            loss, grads = gradients(net, x64[rows], t64[rows])
            progress.adam_steps += 1
            adam.step(net, grads, rate, progress.adam_steps)
            losses.append(loss)
    return float(np.mean(losses)) if losses else 0.0


# -- a run -------------------------------------------------------------------------------------


def holdout_seeds(seed: int, games: int) -> list[int]:
    """The held-out games of a run (never trained on: training games are seeded apart)."""
    return [derive_seed(seed, "clever-holdout", i) for i in range(games)]


def _save_checkpoint(
    path: Path, net: Network, adam: Adam, settings: Settings, progress: Progress
) -> None:
    temporary = path.with_name(path.name + ".tmp.npz")
    header = {"settings": asdict(settings), "progress": asdict(progress), "info": net.info}
    arrays: dict[str, Any] = {f"net_{n}": a for n, a in _arrays(net).items()}
    arrays.update(adam.state())
    arrays["header"] = np.array(json.dumps(header))
    np.savez_compressed(temporary, **arrays)
    temporary.replace(path)


def load_checkpoint(path: Path) -> tuple[Network, Adam, Settings, Progress]:
    """A run's checkpoint: its network, optimiser, settings and progress."""
    with np.load(path) as data:
        header = json.loads(str(data["header"]))
        net = Network(
            hidden=np.array(data["net_hidden"]),
            hidden_bias=np.array(data["net_hidden_bias"]),
            out=np.array(data["net_out"]),
            skip=np.array(data["net_skip"]),
            info=header["info"],
        )
        adam_state = {k: np.array(data[k]) for k in data.files if k[:2] in ("m_", "v_")}
    if net.hidden.shape[0] != F.SIZE:
        raise ValueError(
            f"{path} was trained on other Clever features ({net.hidden.shape[0]} inputs)"
        )
    settings = Settings(**header["settings"])
    progress = Progress(**header["progress"])
    return net, Adam(net, adam_state), settings, progress


def plot_curve(progress: Progress, path: Path) -> None:
    """The held-out learning curve as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4))
    episodes = [p["episodes"] for p in progress.curve]
    axes.errorbar(
        episodes,
        [p["mean"] for p in progress.curve],
        yerr=[p["half"] for p in progress.curve],
        marker="o",
        capsize=3,
    )
    axes.set_xlabel("self-play episodes")
    axes.set_ylabel("held-out mean solo score (95% CI)")
    axes.set_title("That's Pretty Clever value network: TD(λ) self-play")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def train(
    settings: Settings,
    out: Path,
    resume: Path | None = None,
    start: Network | None = None,
    report: Callable[[str], None] = print,
    tick: Callable[[int, int], None] | None = None,
) -> Progress:
    """Run (or resume) a training run into ``out``; the progress at the end.

    ``start``: a network to begin from (to widen, or to continue a shipped one); ``tick``
    gets (episodes done, episodes in all) after every iteration, for a progress bar.
    """
    out.mkdir(parents=True, exist_ok=True)
    if resume is not None:
        net, adam, saved, progress = load_checkpoint(resume)
        settings = replace(
            saved, episodes=max(settings.episodes, saved.episodes), workers=settings.workers
        )
        report(f"resumed {resume} at {progress.episodes} episodes")
    else:
        net = start.copy() if start is not None else Network.fresh(settings.hidden, settings.seed)
        if start is None:
            net.hidden[list(_MULTIPLAYER_ONLY)] = 0.0
        adam = Adam(net)
        progress = Progress()
    net.info.update({"features": F.VERSION, "hidden": net.width})
    rng = np.random.default_rng(derive_seed(settings.seed, "clever-train-order", progress.episodes))
    holdout = holdout_seeds(settings.seed, settings.eval_games)
    pool = (
        multiprocessing.get_context("spawn").Pool(settings.workers)
        if settings.workers > 1
        else None
    )
    try:

        def run_eval() -> None:
            tasks = [(_arrays(net), chunk) for chunk in _chunks(holdout, settings.workers)]
            results = pool.map(_eval_batch, tasks) if pool else [_eval_batch(t) for t in tasks]
            scores = [s for chunk in results for s in chunk]
            mean = float(np.mean(scores))
            half = 1.96 * float(np.std(scores, ddof=1)) / math.sqrt(len(scores))
            progress.curve.append({"episodes": progress.episodes, "mean": mean, "half": half})
            report(f"held-out after {progress.episodes} episodes: {mean:.2f} ± {half:.2f}")
            if mean > progress.best_mean:
                progress.best_mean = mean
                progress.best_episodes = progress.episodes
                best = net.copy()
                best.info.update(
                    {
                        "episodes": progress.episodes,
                        "holdout_mean": round(mean, 2),
                        "holdout_games": len(scores),
                        "seed": settings.seed,
                        "lambda": settings.lam,
                        "seconds": round(progress.seconds, 1),
                        "settings": asdict(settings),
                    }
                )
                best.save(out / "best.npz")
            (out / "curve.json").write_text(json.dumps(progress.curve, indent=1) + "\n")
            plot_curve(progress, out / "curve.png")

        if not progress.curve:
            run_eval()
        while progress.episodes < settings.episodes:
            began = time.perf_counter()
            epsilon, rate = _schedule(settings, progress.episodes)
            count = min(settings.iteration, settings.episodes - progress.episodes)
            seeds = [
                derive_seed(settings.seed, "clever-train", progress.episodes + i)
                for i in range(count)
            ]
            tasks = [
                (_arrays(net), chunk, epsilon, settings.lam)
                for chunk in _chunks(seeds, settings.workers)
            ]
            results = pool.map(_play_batch, tasks) if pool else [_play_batch(t) for t in tasks]
            x = np.concatenate([r[0] for r in results])
            target = np.concatenate([r[1] for r in results])
            scores = [s for r in results for s in r[2]]
            loss = learn(net, adam, progress, x, target, settings, rate, rng)
            progress.episodes += count
            progress.seconds += time.perf_counter() - began
            net.info["episodes"] = progress.episodes
            report(
                f"{progress.episodes} episodes: self-play mean {np.mean(scores):.1f}, "
                f"loss {loss:.5f}, epsilon {epsilon:.3f}, rate {rate:.1e}, "
                f"{count / (time.perf_counter() - began):.0f} games/s"
            )
            due = progress.episodes % settings.eval_every < count
            if due or progress.episodes >= settings.episodes:
                run_eval()
            _save_checkpoint(out / "checkpoint.npz", net, adam, settings, progress)
            if tick:
                tick(progress.episodes, settings.episodes)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return progress
