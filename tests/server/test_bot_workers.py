"""Bots on the server (issue 16): a table cannot starve the others of bot time, time spent
waiting in the queue is not charged to a bot, and the worker processes die with their server,
however early it dies."""

from __future__ import annotations

import asyncio
import random
import signal
import time
from pathlib import Path

import pytest

from clickbox.core import View, resolve_chance
from clickbox.games import load
from clickbox.server.bots import BotRunner, choose
from clickbox.server.client import http

from .live import running_server, start_server

SLOW = "ismcts:iterations=1000000000"
"""A bot that thinks far past any time limit (the runner must cut it off)."""
TIME_LIMIT = 5.0
GAME = "clickety-clack"


def _view_and_seed() -> tuple[View, int]:
    state = load(GAME).new_initial_state()
    resolve_chance(state, random.Random(3))
    return state.view(state.current_player()), 7


def test_time_in_the_queue_is_not_charged_to_the_bot() -> None:
    """One worker: a decision that runs out of time, and behind it another table's decision.
    The second waited as long as the first ran, yet it is the bot's own move (not the random
    move of a decision out of time), and only the first counts as out of time."""
    view, seed = _view_and_seed()

    async def scenario() -> tuple[list[str], BotRunner]:
        runner = BotRunner(workers=1, time_limit=TIME_LIMIT)
        try:
            slow = asyncio.ensure_future(runner.choose(GAME, SLOW, view, seed, "slow-table"))
            await asyncio.sleep(0)  # the slow decision is queued first
            quick = asyncio.ensure_future(runner.choose(GAME, "greedy", view, seed, "other"))
            return list(await asyncio.gather(slow, quick)), runner
        finally:
            runner.close()

    (_, quick), runner = asyncio.run(scenario())
    assert runner.stats.timeouts == 1
    assert runner.stats.started == ["slow-table", "other"]
    assert quick == choose(GAME, "greedy", view, seed)


def test_a_table_of_slow_bots_does_not_starve_another_table() -> None:
    """Two workers; one table queues four decisions that would think for ever, another table
    then asks for three quick ones. The slow table holds one worker at a time: the other
    table's three decisions are all made before the slow table's first is cut off."""
    view, seed = _view_and_seed()
    done: list[str] = []

    async def ask(runner: BotRunner, table: str, bot: str) -> None:
        await runner.choose(GAME, bot, view, seed, table)
        done.append(table)

    async def scenario() -> BotRunner:
        runner = BotRunner(workers=2, time_limit=TIME_LIMIT)
        try:
            slow = [asyncio.ensure_future(ask(runner, "slow", SLOW)) for _ in range(4)]
            for _ in range(3):
                await ask(runner, "quick", "greedy")
            await slow[0]
            return runner
        finally:
            runner.close()

    runner = asyncio.run(scenario())
    assert done[:4] == ["quick", "quick", "quick", "slow"], done
    assert runner.stats.timeouts == 1 and runner.stats.failures == 0


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_the_bot_workers_die_with_a_server_stopped_while_they_start(
    tmp_path: Path, how: signal.Signals
) -> None:
    """The server is killed (SIGKILL: no shutdown code runs) or stopped (SIGTERM: it shuts
    down quickly, its worker still importing) at points of its first bot job (its worker
    being started: before, during and after the worker's imports): no process of it survives
    (the worker, its resource tracker). ``check_nothing_left`` looks for them by the tag every
    process of the server carries in its environment. (A server stopped while its worker was
    importing left the worker behind: it read its parent after the imports, found init, and
    waited for init to end; ``make test`` left such workers after the browser tests.)"""
    db = f"sqlite:///{tmp_path / 'db.sqlite'}"
    for delay in (0.05, 0.2, 0.5, 1.5):
        server = start_server(db, tmp_path / "server.log")
        try:
            body = {"game": GAME, "seats": ["bot:random", "bot:random"], "join": False}
            http(server.base, "POST", "/api/tables", body)  # its first bot job starts now
            time.sleep(delay)
        finally:
            server.process.send_signal(how)
            server.process.wait(timeout=30)
        try:
            server.check_nothing_left()
        except AssertionError as exc:
            raise AssertionError(f"{how.name} {delay} s after the first bot job: {exc}") from None


def test_the_bot_workers_end_with_a_server_stopped_normally(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'db.sqlite'}"
    with running_server(db, tmp_path / "server.log") as server:
        body = {"game": GAME, "seats": ["bot:random", "bot:random"], "join": False}
        invite = http(server.base, "POST", "/api/tables", body)["invite"]
        deadline = time.monotonic() + 120
        while http(server.base, "GET", f"/api/tables/{invite}")["table"]["status"] != "finished":
            assert time.monotonic() < deadline, "the bots did not finish their game"
            time.sleep(0.2)
    server.check_nothing_left()
