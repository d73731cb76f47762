"""Bots on the server: decisions run in worker processes, scheduled fairly between tables.

A bot gets what its seat may see (the view) and nothing else, exactly as in the CLI.

Each table has its own queue of decisions, and the tables take turns: a free worker takes the
first decision of the next table in the round, and a table has at most one decision running at a
time, so a table whose bots think long holds one worker, never all of them, and never makes
another table's decision wait for more than one round. The time limit of a decision runs from
the moment a worker takes it (time spent waiting in the queue is not the bot's). A decision that
runs past the limit, or that fails (a bot spec that cannot play this game, a worker that died),
is replaced by a random legal move (from the same view), and only the worker that ran it is
replaced. Workers die with the server, however it ends (``worker.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
from collections import deque
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from ..core import View
from . import worker
from .worker import choose, rank

log = logging.getLogger("clickbox.server")

START_SECONDS = 120.0
"""How long a new worker may take to start (its imports), before its first decision's time."""

__all__ = ["BotRunner", "choose"]


@dataclass
class _Job:
    game_spec: str
    bot_spec: str
    view: View
    seed: int
    future: asyncio.Future[str]
    task: str = "choose"
    """ "choose" (a move) or "rank" (a hint: the best moves as JSON)."""


@dataclass
class _Worker:
    """One worker: a process of its own (``ProcessPoolExecutor`` of one), or a thread."""

    executor: Executor
    jobs: int = 0

    def kill(self) -> None:
        """Stop it now, whatever it is doing (a thread cannot be stopped: it is left to end)."""
        executor = self.executor
        processes: dict[int, Any] = {}
        if isinstance(executor, ProcessPoolExecutor):
            processes = dict(executor._processes or {})  # the only way to stop one
        executor.shutdown(wait=False, cancel_futures=True)
        for process in processes.values():
            with contextlib.suppress(OSError, ValueError, AttributeError):
                process.kill()


@dataclass
class _Stats:
    decisions: int = 0
    timeouts: int = 0
    failures: int = 0
    replaced: int = 0
    started: list[str] = field(default_factory=list)
    """The tables in the order their decisions were given to a worker (kept short)."""


class BotRunner:
    """Runs bot decisions in ``workers`` processes (0: one thread, where isolation is not
    needed), at most ``time_limit`` seconds each, the tables taking turns."""

    def __init__(self, workers: int = 2, time_limit: float = 10.0) -> None:
        self.workers = workers
        self.time_limit = time_limit
        self.stats = _Stats()
        self._queues: dict[str, deque[_Job]] = {}
        self._turns: deque[str] = deque()
        """Tables with a decision waiting, in the order they get a worker."""
        self._running: set[str] = set()
        self._idle: list[_Worker] = []
        self._all: list[_Worker] = []
        self._tasks: set[asyncio.Task[None]] = set()
        self._closed = False

    @property
    def timeouts(self) -> int:
        """Decisions that ran past the time limit."""
        return self.stats.timeouts

    def waiting(self) -> int:
        """Decisions queued (not yet given to a worker)."""
        return sum(len(q) for q in self._queues.values())

    def busy(self, table: str) -> bool:
        """True while the table has a decision queued or running."""
        return table in self._running or table in self._queues

    async def choose(
        self, game_spec: str, bot_spec: str, view: View, seed: int, table: str = ""
    ) -> str:
        """The bot's move for ``table``, or a random legal move if it cannot decide in time."""
        return await self._queue_job(game_spec, bot_spec, view, seed, table, "choose")

    async def rank(
        self, game_spec: str, bot_spec: str, view: View, seed: int, table: str = ""
    ) -> str:
        """A hint for ``table``: the bot's best moves as JSON (``worker.rank``), taking its turn
        with the table's decisions; "[]" if it cannot rank them in time."""
        return await self._queue_job(game_spec, bot_spec, view, seed, table, "rank")

    async def _queue_job(
        self, game_spec: str, bot_spec: str, view: View, seed: int, table: str, task: str
    ) -> str:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[str] = loop.create_future()
        if self._closed:
            raise RuntimeError("the bot runner is closed")
        queue = self._queues.get(table)
        if queue is None:
            queue = self._queues[table] = deque()
            self._turns.append(table)
        queue.append(_Job(game_spec, bot_spec, view, seed, future, task))
        self._pump()
        return await future

    # -- scheduling -----------------------------------------------------------------------------

    def _pump(self) -> None:
        """Give free workers the first decision of the next tables in turn."""
        while self._turns and not self._closed:
            worker_ = self._free_worker()
            if worker_ is None:
                return
            table = self._next_table()
            if table is None:
                self._idle.append(worker_)
                return
            job = self._queues[table].popleft()
            if not self._queues[table]:
                del self._queues[table]
            else:
                self._turns.append(table)  # its next decision waits for the next round
            if job.future.done():  # its caller is gone (a shutdown)
                self._idle.append(worker_)
                continue
            self._running.add(table)
            self.stats.started.append(table)
            del self.stats.started[:-64]
            task = asyncio.ensure_future(self._run(worker_, table, job))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def _next_table(self) -> str | None:
        for _ in range(len(self._turns)):
            table = self._turns.popleft()
            if table not in self._running:
                return table
            self._turns.append(table)
        return None

    def _free_worker(self) -> _Worker | None:
        if self._idle:
            return self._idle.pop()
        if len(self._all) < max(1, self.workers):
            worker_ = self._new_worker()
            self._all.append(worker_)
            return worker_
        return None

    def _new_worker(self) -> _Worker:
        if self.workers <= 0:
            return _Worker(ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot"))
        return _Worker(
            ProcessPoolExecutor(
                max_workers=1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=worker.start,
                initargs=(os.getpid(),),
            )
        )

    def _replace(self, worker_: _Worker) -> _Worker:
        worker_.kill()
        self.stats.replaced += 1
        fresh = self._new_worker()
        self._all[self._all.index(worker_)] = fresh
        return fresh

    async def _started(self, worker_: _Worker) -> _Worker:
        """The worker, once it has started (a new process imports every game and bot first:
        that time is not the first decision's); a worker that cannot start is replaced."""
        if worker_.jobs == 0 and self.workers > 0:
            loop = asyncio.get_running_loop()
            try:
                ping = loop.run_in_executor(worker_.executor, worker.ping)
                await asyncio.wait_for(ping, START_SECONDS)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("a bot worker did not start (%r); starting another", exc)
                worker_ = self._replace(worker_)
        worker_.jobs += 1
        return worker_

    async def _run(self, worker_: _Worker, table: str, job: _Job) -> None:
        loop = asyncio.get_running_loop()
        action: str | None = None
        try:
            worker_ = await self._started(worker_)
            work = rank if job.task == "rank" else choose
            future = loop.run_in_executor(
                worker_.executor, work, job.game_spec, job.bot_spec, job.view, job.seed
            )
            try:
                action = await asyncio.wait_for(future, self.time_limit)
                self.stats.decisions += 1
            except TimeoutError:
                self.stats.timeouts += 1
                log.warning(
                    "bot %s ran past %.1f s; playing a random move", job.bot_spec, self.time_limit
                )
                worker_ = self._replace(worker_)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # a bot that cannot play this game, a worker that died
                self.stats.failures += 1
                log.warning("bot %s failed (%r); playing a random move", job.bot_spec, exc)
                if isinstance(exc, BrokenProcessPool | RuntimeError):
                    worker_ = self._replace(worker_)
            if action is None:
                action = (
                    "[]"
                    if job.task == "rank"
                    else choose(job.game_spec, "random", job.view, job.seed)
                )
            if not job.future.done():
                job.future.set_result(action)
        except BaseException as exc:
            if not job.future.done():
                job.future.set_exception(exc)
            raise
        finally:
            self._running.discard(table)
            if not self._closed:
                self._idle.append(worker_)
                self._pump()

    def close(self) -> None:
        """Stop the workers (and drop what is queued)."""
        self._closed = True
        for queue in self._queues.values():
            for job in queue:
                job.future.cancel()
        self._queues.clear()
        self._turns.clear()
        for task in list(self._tasks):
            task.cancel()
        for worker_ in self._all:
            worker_.kill()
        self._all.clear()
        self._idle.clear()
