"""Bots on the server: each decision runs in a worker process, under a time limit.

A bot gets what its seat may see (the view) and nothing else, exactly as in the CLI. A decision
that runs past the limit is replaced by a random legal move (from the same view), and the
workers are replaced, so a stuck bot never holds a table or the event loop.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from ..bots.base import Bot
from ..bots.registry import make_bot
from ..core import GameBase, View
from ..games import load

log = logging.getLogger("clickbox.server")

_GAMES: dict[str, GameBase] = {}
_BOTS: dict[str, Bot] = {}


def choose(game_spec: str, bot_spec: str, view: View, seed: int) -> str:
    """The bot's move (notation) for the seat whose ``view`` this is; runs in a worker."""
    game = _GAMES.get(game_spec)
    if game is None:
        game = _GAMES[game_spec] = load(game_spec)
    bot = _BOTS.get(bot_spec)
    if bot is None:
        bot = _BOTS[bot_spec] = make_bot(bot_spec)
    return game.action_to_string(bot.choose(view, game, random.Random(seed)))


def _warm_up() -> None:
    import clickbox.bots.levels  # noqa: F401  (imports every game and bot once per worker)

    threading.Thread(target=_exit_with_parent, args=(os.getppid(),), daemon=True).start()


def _exit_with_parent(parent: int) -> None:
    # A server killed with SIGKILL cannot stop its workers: they leave when it is gone.
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(0)


class BotRunner:
    """Runs bot decisions in ``workers`` processes (0: a thread, where isolation is not needed)."""

    def __init__(self, workers: int = 1, time_limit: float = 10.0) -> None:
        self.workers = workers
        self.time_limit = time_limit
        self.timeouts = 0
        self._pool: Executor | None = None

    def _executor(self) -> Executor:
        if self._pool is None:
            if self.workers <= 0:
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
            else:
                self._pool = ProcessPoolExecutor(
                    max_workers=self.workers,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_warm_up,
                )
        return self._pool

    async def choose(self, game_spec: str, bot_spec: str, view: View, seed: int) -> str:
        """The bot's move, or a random legal move if it takes longer than the time limit."""
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self._executor(), choose, game_spec, bot_spec, view, seed)
        try:
            return await asyncio.wait_for(future, self.time_limit)
        except TimeoutError:
            self.timeouts += 1
            log.warning("bot %s ran past %.1f s; playing a random move", bot_spec, self.time_limit)
            self._replace_workers()
            return choose(game_spec, "random", view, seed)
        except Exception as exc:  # a bot that cannot play this game, a worker that died
            log.warning("bot %s failed (%r); playing a random move", bot_spec, exc)
            if isinstance(exc, BrokenProcessPool):
                self._replace_workers()
            return choose(game_spec, "random", view, seed)

    def _replace_workers(self) -> None:
        pool, self._pool = self._pool, None
        if isinstance(pool, ProcessPoolExecutor):
            processes: dict[int, Any] = dict(pool._processes or {})  # the only way to stop one
            pool.shutdown(wait=False, cancel_futures=True)
            for process in processes.values():
                process.kill()
        elif pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the workers."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
