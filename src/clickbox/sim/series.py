"""Many bot-versus-bot games, spread over worker processes, independent of the worker count."""

from __future__ import annotations

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


def run_series(
    game: GameBase,
    bot_specs: Sequence[str],
    games: int,
    seed: int,
    workers: int = 1,
) -> Iterator[GameRecord]:
    """The records of ``games`` games, in order, played over ``workers`` processes.

    Bot names, the seat count and the worker count are checked at once (not when the first
    record is asked for).
    """
    specs = list(bot_specs)
    for spec in specs:
        make_bot(spec)
    if len(specs) != game.num_players:
        raise OptionError(f"{len(specs)} bots for {game.num_players} seats")
    if workers < 1:
        raise OptionError(f"workers must be at least 1 (got {workers})")
    if games < 0:
        raise OptionError(f"games must be at least 0 (got {games})")
    if workers == 1:
        return (play_one(game, specs, seed, index) for index in range(games))
    return _run_in_pool(game, specs, games, seed, workers)


def _run_in_pool(
    game: GameBase, specs: list[str], games: int, seed: int, workers: int
) -> Iterator[GameRecord]:
    context = multiprocessing.get_context("spawn")
    chunk = max(1, min(64, games // (workers * 8)))
    tasks = [(index, seed) for index in range(games)]
    with context.Pool(workers, _init_worker, (game.spec(), specs)) as pool:
        for line in pool.imap(_play_in_worker, tasks, chunksize=chunk):
            yield GameRecord.loads(line)
