"""Many bot-versus-bot games, spread over worker processes, independent of the worker count."""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator, Sequence

from ..bots.registry import make_bot
from ..core import GameBase, GameRecord, derive_seed
from ..games import load
from .runner import play_match

_worker_game: GameBase | None = None
_worker_bots: list[str] = []


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a series: the same whatever the worker count."""
    return derive_seed(seed, "game", index)


def _init_worker(spec: str, bot_specs: list[str]) -> None:
    global _worker_game, _worker_bots
    _worker_game = load(spec)
    _worker_bots = bot_specs


def _play_one(task: tuple[int, int]) -> str:
    index, seed = task
    assert _worker_game is not None
    bots = [make_bot(spec) for spec in _worker_bots]
    record = play_match(_worker_game, bots, game_seed(seed, index), labels=_worker_bots)
    return record.dumps()


def run_series(
    game: GameBase,
    bot_specs: Sequence[str],
    games: int,
    seed: int,
    workers: int = 1,
) -> Iterator[GameRecord]:
    """Yield the records of ``games`` games in order; bots are made fresh for every game."""
    specs = list(bot_specs)
    for spec in specs:
        make_bot(spec)  # fail early, in this process, on a bad bot name
    if len(specs) != game.num_players:
        raise ValueError(f"{len(specs)} bots for {game.num_players} seats")
    tasks = [(index, seed) for index in range(games)]
    if workers <= 1:
        _init_worker(game.spec(), specs)
        for task in tasks:
            yield GameRecord.loads(_play_one(task))
        return
    context = multiprocessing.get_context("spawn")
    chunk = max(1, min(64, games // (workers * 8) or 1))
    with context.Pool(workers, _init_worker, (game.spec(), specs)) as pool:
        for line in pool.imap(_play_one, tasks, chunksize=chunk):
            yield GameRecord.loads(line)
