"""Many bot-versus-bot games, spread over worker processes, independent of the worker count."""

from __future__ import annotations

import math
import multiprocessing
from collections.abc import Iterator, Sequence

from ..bots.registry import make_bot
from ..core import GameBase, GameRecord, OptionError, derive_seed
from ..games import load
from .runner import play_match


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a series: the same whatever the worker count."""
    return derive_seed(seed, "game", index)


def play_one(game: GameBase, bot_specs: Sequence[str], seed: int, index: int) -> GameRecord:
    """Game ``index`` of the series seeded ``seed``, with fresh bots."""
    bots = [make_bot(spec) for spec in bot_specs]
    return play_match(game, bots, game_seed(seed, index), labels=list(bot_specs))


_worker: tuple[GameBase, list[str]] | None = None


def _init_worker(spec: str, bot_specs: list[str]) -> None:
    global _worker
    _worker = (load(spec), bot_specs)


def _play_in_worker(task: tuple[int, int]) -> str:
    assert _worker is not None
    game, bot_specs = _worker
    index, seed = task
    return play_one(game, bot_specs, seed, index).dumps()


def chunks(games: int, largest: int = 2000) -> list[tuple[int, int]]:
    """``(start, count)`` runs covering ``games`` games: about 64 of them, none above
    ``largest`` games, so that a million games are hundreds of tasks, not a million. They do
    not depend on the worker count, so the sums add up in the same order on any backend."""
    size = max(1, min(largest, math.ceil(games / 64)))
    return [(start, min(size, games - start)) for start in range(0, games, size)]


BACKENDS = ("local", "ray")
"""Where games are played: this machine's processes, or Ray (:mod:`.ray_backend`)."""


def check_run(game: GameBase, specs: Sequence[str], workers: int, backend: str) -> None:
    """Raise OptionError for an unknown bot, a wrong bot count, workers or backend."""
    for spec in specs:
        make_bot(spec)
    if len(specs) != game.num_players:
        raise OptionError(f"{len(specs)} bots for {game.num_players} seats")
    if workers < 1:
        raise OptionError(f"workers must be at least 1 (got {workers})")
    if backend not in BACKENDS:
        raise OptionError(f"backend is one of {', '.join(BACKENDS)} (got {backend!r})")


def run_series(
    game: GameBase,
    bot_specs: Sequence[str],
    games: int,
    seed: int,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
) -> Iterator[GameRecord]:
    """The records of ``games`` games, in order, played over ``workers`` processes (or on
    Ray: ``backend="ray"``, a cluster at ``address`` or a local Ray of ``workers`` CPUs).

    Bot names, the seat count and the worker count are checked at once (not when the first
    record is asked for).
    """
    specs = list(bot_specs)
    check_run(game, specs, workers, backend)
    if games < 0:
        raise OptionError(f"games must be at least 0 (got {games})")
    if backend == "ray":
        return _run_on_ray(game, specs, games, seed, workers, address)
    if workers == 1:
        return (play_one(game, specs, seed, index) for index in range(games))
    return _run_in_pool(game, specs, games, seed, workers)


def _play_chunk(task: tuple[str, list[str], int, int, int]) -> dict[str, list[str]]:
    spec, specs, seed, start, count = task
    game = load(spec)
    lines = [play_one(game, specs, seed, index).dumps() for index in range(start, start + count)]
    return {"records": lines}


def _run_on_ray(
    game: GameBase, specs: list[str], games: int, seed: int, workers: int, address: str | None
) -> Iterator[GameRecord]:
    from .ray_backend import run_in_order

    tasks = [(game.spec(), specs, seed, start, count) for start, count in chunks(games, 500)]
    for chunk in run_in_order(_play_chunk, tasks, workers, address):
        for line in chunk["records"]:
            yield GameRecord.loads(line)


def _run_in_pool(
    game: GameBase, specs: list[str], games: int, seed: int, workers: int
) -> Iterator[GameRecord]:
    context = multiprocessing.get_context("spawn")
    chunk = max(1, min(64, games // (workers * 8)))
    tasks = [(index, seed) for index in range(games)]
    with context.Pool(workers, _init_worker, (game.spec(), specs)) as pool:
        for line in pool.imap(_play_in_worker, tasks, chunksize=chunk):
            yield GameRecord.loads(line)
