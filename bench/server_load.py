"""Server load: N tables of 4 scripted seats on loopback, 1 move a second per table.

.venv/bin/python bench/server_load.py [--tables 100] [--game clever|click-clack|clickety-clack]
    [--seconds 30] [--warmup 5] [--rate 1] [--client-procs 2] [--client raw|tableclient]
    [--seed 1] [--db URL | --server URL [--server-pid PID]] [--json]
    [--profile FILE] [--server-stats] [--deflate] [--gc-threshold N] [--profile-clients PREFIX]
    [--idle-seconds S] [--idle-tables N] [--bot-tables N]

Not part of the test suite. It starts ``clickbox serve`` on 127.0.0.1 (a free port, a temporary
SQLite database unless ``--db`` names another; ``--server`` uses a running server instead),
creates the tables with every seat human, joins and starts them, connects one WebSocket per
seat and, from staggered start times, makes one move per table per second: a seat the game
awaits (seeded-random among them in a simultaneous step, where a seat's choice is a commitment)
plays a seeded-random legal move from its latest state frame. A finished game is played again.

A move's latency runs from just before ``act`` is sent to the moment the last of its table's
4 connections has received the state frame with the new version (a commitment that leaves the
version unchanged: the mover's reply). The table lists p50/p90/p99/max over the moves sent in
the measured window (after the warm-up), the errors (refused moves, disconnects, timeouts),
the ticks skipped because a table's previous move was still in flight ("late"), and how the
CPU was split between the server (/proc/PID/stat), the client processes and everything else.

The server started here lifts the per-client creation limits and the per-client connection cap
(every table and connection comes from 127.0.0.1) and keeps the rest of ``clickbox serve``'s
limits: its sweep for idle tables runs, and so do the total connection cap and the request
deadlines. ``--idle-tables N`` also opens N tables that nobody joins or watches, and
``--idle-seconds S`` (the server's flag) lets them leave memory during the run; the tables in
memory at the start and the end of the window are reported. ``--bot-tables N`` keeps N tables
of bots (``bot:medium``) playing beside the measured tables (a finished one is replaced), so
that the bot queue and its workers work meanwhile; the bot games finished in the window are
reported.

Clients: ``raw`` (the default) speaks the protocol over ``websockets`` and parses a state
frame only when its seat is chosen to move (it reads the table's version and awaited seats from
the frame's text); ``tableclient`` uses ``clickbox.server.client.TableClient``, which parses
every frame (about a third more client CPU per frame on this machine).

Diagnostics and experiments run the server from this script instead (a child process with the
same app and uvicorn settings as ``clickbox serve``; nothing in ``src`` changes):
``--server-stats`` times its garbage collections and event storage, ``--profile FILE`` also runs
it under cProfile (statistics in FILE, a summary in FILE.txt), ``--deflate`` turns on
permessage-deflate, ``--gc-threshold N`` sets its first garbage-collection threshold.
``--profile-clients PREFIX`` profiles the client processes. Every loop is bounded in count or
time, and all traffic goes to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import multiprocessing
import multiprocessing.connection
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import websockets

from clickbox.server.client import ServerError, TableClient, http
from clickbox.server.frames import PROTOCOL

SEATS = 4
MOVE_TIMEOUT = 10.0
"""Seconds a move may take (reply and every seat's frame) before it counts as a timeout."""
SETUP_CONCURRENCY = 8
CONNECT_CONCURRENCY = 50
SETUP_SECONDS = 600.0
"""Bound on creating and connecting the tables (per client process)."""
GAMES = {"clever": "clever", "click-clack": "click-clack", "clickety-clack": "clickety-clack"}
KEY_RE = re.compile(r'"game_number":(\d+),"version":(\d+)')
TABLE_RE = re.compile(
    r'"status":"(?P<status>[a-z]+)","game_number":(?P<game>\d+),"version":(?P<version>\d+),'
    r'.*?"awaiting":\[(?P<awaiting>[\d,]*)\]'
)
"""The first match in a state frame's text is its table's (``table`` precedes ``view``)."""
CLK_TCK = os.sysconf("SC_CLK_TCK")
BENCH_SERVER = "--bench-server"
"""First argument of this script run as the server (diagnostics and experiments)."""
UNLIMITED_CREATION = ("--create-per-minute", "0", "--tables-per-client", "0")
"""Every table of the benchmark comes from one address."""
UNLIMITED_CONNECTIONS = ("--connections-per-client", "0")
"""... and so does every connection (the total stays capped below the open-file limit)."""


# -- the seats' connections -------------------------------------------------------------------


class Seat:
    """One seat's connection: its latest state and when each (game, version) first arrived."""

    def __init__(self, table: TableRun, seat: int, token: str) -> None:
        self.table = table
        self.seat = seat
        self.token = token
        self.seen: dict[tuple[int, int], float] = {}
        self.reply_at: dict[str, float] = {}
        self.frames = 0
        self.lost = False

    async def connect(self, base: str, invite: str) -> None:
        """Open the connection and read the first state."""
        raise NotImplementedError

    def state(self) -> dict[str, Any] | None:
        """The latest state frame, parsed."""
        raise NotImplementedError

    def awaiting(self) -> tuple[int, int, str, list[int]] | None:
        """(game number, version, status, awaited seats) of the latest state frame."""
        state = self.state()
        if state is None:
            return None
        table = state["table"]
        return table["game_number"], table["version"], table["status"], table["awaiting"]

    async def act(self, client_id: str, action: str, version: int) -> dict[str, Any]:
        """Send ``act`` and return its reply."""
        raise NotImplementedError

    async def close(self) -> None:
        """Close the connection."""
        raise NotImplementedError

    def _state_arrived(self, key: tuple[int, int], now: float) -> None:
        self.frames += 1
        if key not in self.seen:
            self.seen[key] = now
        self.table.changed.set()


class ClientSeat(Seat):
    """A seat over ``clickbox.server.client.TableClient`` (every frame parsed)."""

    client: TableClient

    async def connect(self, base: str, invite: str) -> None:
        """Open the connection and read the first state."""
        self.client = TableClient(base, invite, self.token, name=f"s{self.seat}")
        self.client.keep_frames = False
        self.client.on_frame = self._frame
        await self.client.connect()

    def _frame(self, frame: dict[str, Any]) -> None:
        now = time.monotonic()
        kind = frame.get("type")
        if kind == "state":
            table = frame["table"]
            self._state_arrived((table["game_number"], table["version"]), now)
        elif kind == "reply":
            self.frames += 1
            self.reply_at[frame.get("re", "")] = now
        else:
            self.frames += 1

    def state(self) -> dict[str, Any] | None:
        """The latest state frame, parsed."""
        return self.client.state

    async def act(self, client_id: str, action: str, version: int) -> dict[str, Any]:
        """Send ``act`` and return its reply."""
        return await self.client.act(action, version, client_id)

    async def close(self) -> None:
        """Close the connection."""
        await self.client.close()


class RawSeat(Seat):
    """A seat over plain ``websockets``: a state frame is parsed only when its seat must move
    (its (game, version) is read from the frame's text)."""

    def __init__(self, table: TableRun, seat: int, token: str) -> None:
        super().__init__(table, seat, token)
        self._ws: Any = None
        self._text: str | None = None
        self._parsed: dict[str, Any] | None = None
        self._waiting: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._reader: asyncio.Task[None] | None = None

    async def connect(self, base: str, invite: str) -> None:
        """Open the connection and read the first state."""
        url = base.replace("http", "ws", 1) + f"/ws/{invite}"
        self._ws = await websockets.connect(url, max_size=2**22, open_timeout=30)
        hello = {"type": "hello", "protocol": PROTOCOL, "token": self.token}
        await self._ws.send(json.dumps(hello))
        for _ in range(1000):  # welcome (and any chat) come before the first state
            self._take(await asyncio.wait_for(self._ws.recv(), 30))
            if self._text is not None:
                break
        else:
            raise RuntimeError("no state frame after 1000 frames")
        self._reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        try:
            async for text in self._ws:
                self._take(text)
        except websockets.ConnectionClosed:
            pass
        finally:
            self.lost = True
            for future in self._waiting.values():
                if not future.done():
                    future.set_exception(ConnectionError("connection closed"))
            self.table.changed.set()

    def _take(self, text: str | bytes) -> None:
        now = time.monotonic()
        if isinstance(text, bytes):
            text = text.decode()
        if text.startswith('{"type":"state"'):
            found = KEY_RE.search(text)
            assert found is not None
            self._text, self._parsed = text, None
            self._state_arrived((int(found[1]), int(found[2])), now)
            return
        self.frames += 1
        if text.startswith('{"type":"reply"'):
            frame = json.loads(text)
            self.reply_at[frame["re"]] = now
            future = self._waiting.pop(frame["re"], None)
            if future is not None and not future.done():
                future.set_result(frame)

    def state(self) -> dict[str, Any] | None:
        """The latest state frame, parsed."""
        if self._parsed is None and self._text is not None:
            self._parsed = json.loads(self._text)
        return self._parsed

    def awaiting(self) -> tuple[int, int, str, list[int]] | None:
        """(game number, version, status, awaited seats), read from the frame's text."""
        if self._text is None:
            return None
        found = TABLE_RE.search(self._text)
        if found is None:  # not the layout this reader expects: parse it
            return super().awaiting()
        seats = [int(s) for s in found["awaiting"].split(",") if s]
        return int(found["game"]), int(found["version"]), found["status"], seats

    async def act(self, client_id: str, action: str, version: int) -> dict[str, Any]:
        """Send ``act`` and return its reply."""
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[client_id] = future
        message = {"type": "act", "id": client_id, "action": action, "version": version}
        await self._ws.send(json.dumps(message))
        return await future

    async def close(self) -> None:
        """Close the connection."""
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)


# -- one table's driver -------------------------------------------------------------------------


@dataclass
class Tally:
    """What one client process measured."""

    latencies: list[float] = field(default_factory=list)
    commit_latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    warmup_errors: dict[str, int] = field(default_factory=dict)
    late_ticks: int = 0
    no_mover: int = 0
    restarts: int = 0
    moves_sent: int = 0
    frames: int = 0
    """Frames received in the measured window."""
    cpu_seconds: float = 0.0
    window_cpu_seconds: float = 0.0

    def error(self, code: str, measured: bool) -> None:
        """Count an error (in the measured window or before it)."""
        target = self.errors if measured else self.warmup_errors
        target[code] = target.get(code, 0) + 1


class TableRun:
    """One table: its seats, its seeded chooser, and the loop making one move per period."""

    def __init__(self, index: int, invite: str, tokens: list[str], seed: int, raw: bool) -> None:
        self.index = index
        self.invite = invite
        self.tokens = tokens
        self.rng = random.Random(seed * 1_000_003 + index)
        self.changed = asyncio.Event()
        kind = RawSeat if raw else ClientSeat
        self.seats: list[Seat] = [kind(self, s, tokens[s]) for s in range(SEATS)]
        self.committed: set[tuple[tuple[int, int], int]] = set()
        self._ids = 0

    async def drive(
        self, base: str, first: float, period: float, window: tuple[float, float], tally: Tally
    ) -> None:
        """Move once per period from ``first`` until the window closes."""
        start, end = window
        tick = first
        while tick < end:
            delay = tick - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
            measured = start <= tick < end
            if any(seat.lost for seat in self.seats):
                tally.error("disconnect", measured)
                return
            await self.move(base, start, tally)
            tick += period
            now = time.monotonic()
            if tick < now:  # the move took longer than a period: skip the ticks it ate
                skipped = math.ceil((now - tick) / period)
                tally.late_ticks += skipped
                tick += skipped * period

    async def move(self, base: str, start: float, tally: Tally) -> None:
        """One move by an awaited seat; its latency goes in ``tally`` if sent after ``start``."""
        awaited = self.seats[0].awaiting()
        if awaited is None:
            tally.no_mover += 1
            return
        game, version, status, awaiting = awaited
        candidates = [s for s in awaiting if ((game, version), s) not in self.committed]
        if not candidates:
            if status == "finished":
                await self.restart(base, tally)
            else:
                tally.no_mover += 1
            return
        seat = self.seats[self.rng.choice(candidates)]
        state = seat.state()
        if (
            state is None
            or not state.get("legal")
            or (state["table"]["game_number"], state["table"]["version"]) != (game, version)
        ):
            tally.no_mover += 1  # this seat's frame is behind seat 0's
            return
        action = self.rng.choice(state["legal"])["action"]
        game, version = state["table"]["game_number"], state["table"]["version"]
        self._ids += 1
        client_id = f"m{self._ids}"
        sent = time.monotonic()
        measured = sent >= start
        tally.moves_sent += 1
        try:
            reply = await asyncio.wait_for(seat.act(client_id, action, version), MOVE_TIMEOUT)
        except TimeoutError:
            tally.error("timeout", measured)
            return
        except (ConnectionError, websockets.ConnectionClosed):
            tally.error("disconnect", measured)
            return
        if not reply.get("ok"):
            tally.error(str(reply.get("error", {}).get("code", "refused")), measured)
            return
        if reply.get("committed") and reply["version"] == version:
            self.committed.add(((game, version), seat.seat))
            if measured:
                tally.commit_latencies.append(seat.reply_at[client_id] - sent)
            seat.reply_at.pop(client_id, None)
            return
        seat.reply_at.pop(client_id, None)
        key = (game, int(reply["version"]))
        deadline = sent + MOVE_TIMEOUT
        while True:
            times = [_first_at(s.seen, key) for s in self.seats]
            if all(t is not None for t in times):
                break
            if any(s.lost for s in self.seats):
                tally.error("disconnect", measured)
                return
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                tally.error("timeout", measured)
                return
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), remaining)
        if measured:
            tally.latencies.append(max(t for t in times if t is not None) - sent)
        for s in self.seats:  # forget what is older than this move
            s.seen = {k: t for k, t in s.seen.items() if k >= key}
        self.committed = {c for c in self.committed if c[0] >= key}

    async def restart(self, base: str, tally: Tally) -> None:
        """The game ended: play again (same seats) and wait for every seat's new state."""
        state = self.seats[0].state()
        assert state is not None
        number = state["table"]["game_number"]
        try:
            await asyncio.to_thread(
                http, base, "POST", f"/api/tables/{self.invite}/again", {}, self.tokens[0]
            )
        except ServerError as exc:
            tally.error(f"again:{exc.code}", True)
            return
        tally.restarts += 1
        deadline = time.monotonic() + MOVE_TIMEOUT
        while time.monotonic() < deadline:
            states = [s.state() for s in self.seats]
            if all(st is not None and st["table"]["game_number"] > number for st in states):
                return
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), max(0.0, deadline - time.monotonic()))
        tally.error("timeout", True)


def _first_at(seen: dict[tuple[int, int], float], key: tuple[int, int]) -> float | None:
    """When the first state frame at ``key`` or later arrived (frames arrive in order)."""
    found = seen.get(key)
    if found is not None:
        return found
    later = [t for k, t in seen.items() if k > key]
    return min(later) if later else None


# -- a client process ---------------------------------------------------------------------------


@dataclass
class WorkerJob:
    """What one client process drives."""

    base: str
    game: str
    indices: list[int]
    total_tables: int
    seed: int
    raw: bool
    period: float
    profile: str | None = None
    """Where to write this process's cProfile statistics (``--profile-clients``)."""


def _setup_table(base: str, game: str) -> tuple[str, list[str]]:
    """Create a table of 4 human seats, join the others, start it: (invite, tokens)."""
    created = http(
        base,
        "POST",
        "/api/tables",
        {"game": game, "players": SEATS, "seats": ["human"] * SEATS, "name": "p0"},
    )
    invite = created["invite"]
    tokens = [created["token"]]
    for seat in range(1, SEATS):
        joined = http(base, "POST", f"/api/tables/{invite}/join", {"name": f"p{seat}"})
        tokens.append(joined["token"])
    http(base, "POST", f"/api/tables/{invite}/start", {}, tokens[0])
    return invite, tokens


async def _worker_main(job: WorkerJob, pipe: multiprocessing.connection.Connection) -> None:
    loop = asyncio.get_running_loop()
    limit = asyncio.Semaphore(SETUP_CONCURRENCY)

    async def setup(index: int) -> TableRun:
        async with limit:
            invite, tokens = await asyncio.to_thread(_setup_table, job.base, job.game)
        return TableRun(index, invite, tokens, job.seed, job.raw)

    connect_limit = asyncio.Semaphore(CONNECT_CONCURRENCY)

    async def connect(seat: Seat) -> None:
        async with connect_limit:
            await seat.connect(job.base, seat.table.invite)

    async def prepare() -> list[TableRun]:
        runs = await asyncio.gather(*(setup(i) for i in job.indices))
        await asyncio.gather(*(connect(s) for run in runs for s in run.seats))
        return list(runs)

    runs = await asyncio.wait_for(prepare(), SETUP_SECONDS)
    pipe.send(("ready", len(runs)))
    if not await loop.run_in_executor(None, pipe.poll, SETUP_SECONDS + 60):
        raise RuntimeError("no start time from the main process")
    got = pipe.recv()
    t0, start, end = got
    tally = Tally()

    async def sample_at(when: float) -> tuple[float, int]:
        await asyncio.sleep(max(0.0, when - time.monotonic()))
        return time.process_time(), sum(s.frames for run in runs for s in run.seats)

    at_start = asyncio.ensure_future(sample_at(start))
    at_end = asyncio.ensure_future(sample_at(end))
    drivers = [
        run.drive(
            job.base,
            t0 + job.period * run.index / job.total_tables,
            job.period,
            (start, end),
            tally,
        )
        for run in runs
    ]
    await asyncio.wait_for(asyncio.gather(*drivers), end - time.monotonic() + 2 * MOVE_TIMEOUT)
    (cpu0, frames0), (cpu1, frames1) = await at_start, await at_end
    tally.window_cpu_seconds = cpu1 - cpu0
    tally.frames = frames1 - frames0
    await asyncio.wait_for(
        asyncio.gather(*(s.close() for run in runs for s in run.seats), return_exceptions=True),
        30,
    )
    tally.cpu_seconds = time.process_time()
    pipe.send(("done", asdict(tally)))


def _worker(job: WorkerJob, pipe: multiprocessing.connection.Connection) -> None:
    profiler = None
    if job.profile:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
    try:
        asyncio.run(_worker_main(job, pipe))
    except BaseException as exc:  # report, then fail
        pipe.send(("failed", f"{type(exc).__name__}: {exc}"))
        raise
    finally:
        if profiler is not None and job.profile:
            profiler.disable()
            profiler.dump_stats(job.profile)


# -- the server ---------------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_healthy(base: str, process: subprocess.Popen[bytes] | None, log: Path | None) -> None:
    deadline = time.monotonic() + 60
    while True:
        if process is not None and process.poll() is not None:
            text = log.read_text(errors="replace") if log else ""
            raise RuntimeError(f"the server exited ({process.returncode}):\n{text}")
        with (
            contextlib.suppress(OSError),
            urllib.request.urlopen(base + "/healthz", timeout=2) as response,
        ):
            if response.status == 200:
                return
        if time.monotonic() > deadline:
            raise RuntimeError(f"the server at {base} did not answer in 60 s")
        time.sleep(0.1)


def _start_server(
    db_url: str,
    log: Path,
    profile: str | None,
    deflate: bool,
    stats_out: str | None,
    gc0: int = 0,
    idle_seconds: float = 300.0,
) -> tuple[str, subprocess.Popen[bytes]]:
    port = _free_port()
    if stats_out:
        command = [sys.executable, __file__, BENCH_SERVER, str(port), db_url]
        command += [profile or "-", "deflate" if deflate else "no-deflate", stats_out, str(gc0)]
        command += [str(idle_seconds)]
    else:
        command = [sys.executable, "-m", "clickbox", "serve", "--host", "127.0.0.1"]
        command += ["--port", str(port), "--db", db_url, *UNLIMITED_CREATION]
        command += UNLIMITED_CONNECTIONS
        command += ["--idle-seconds", str(idle_seconds)]
    with log.open("ab") as handle:
        process = subprocess.Popen(
            command,
            stdout=handle,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_healthy(base, process, log)
    except BaseException:
        process.kill()
        process.wait(30)
        raise
    return base, process


def _stop_server(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(30)


def _bench_server(
    port: int,
    db_url: str,
    profile: str | None,
    deflate: bool,
    stats_out: str,
    gc0: int,
    idle_seconds: float,
) -> None:
    """The server of ``clickbox serve`` (the same uvicorn settings) with its event storage and
    garbage collections timed (written to ``stats_out`` as JSON at exit), optionally under
    cProfile or with permessage-deflate."""
    import cProfile
    import gc
    import pstats

    from clickbox.server import serve as serve_module
    from clickbox.server.app import create_app
    from clickbox.server.limits import Limits
    from clickbox.server.serve import run_server, uvicorn_config
    from clickbox.storage import Store

    stored = {"count": 0, "wall": 0.0, "cpu": 0.0}
    append_event = Store.append_event

    def timed_append(self: Store, *args: Any, **kwargs: Any) -> None:
        wall, cpu = time.perf_counter(), time.thread_time()
        try:
            append_event(self, *args, **kwargs)
        finally:
            stored["count"] += 1
            stored["wall"] += time.perf_counter() - wall
            stored["cpu"] += time.thread_time() - cpu

    Store.append_event = timed_append  # type: ignore[method-assign]
    pauses: dict[int, list[float]] = {0: [], 1: [], 2: []}
    gc_started = [0.0]
    heap: list[int] = []

    def gc_timer(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            gc_started[0] = time.perf_counter()
            return
        pauses[info["generation"]].append(time.perf_counter() - gc_started[0])
        if info["generation"] == 2:
            heap.append(len(gc.get_objects(generation=2)))

    gc.callbacks.append(gc_timer)
    limits = Limits(
        create_per_minute=0,
        tables_per_client=0,
        idle_seconds=idle_seconds,
        connections_per_client=0,
    )
    app = create_app(db_url, limits=limits)
    config = uvicorn_config(app, "127.0.0.1", port, limits=limits, ws_per_message_deflate=deflate)
    if gc0:  # the experiment replaces the first threshold that serve sets at startup
        serve_module.GC_THRESHOLDS = (gc0, *serve_module.GC_THRESHOLDS[1:])
    profiler = cProfile.Profile() if profile else None
    if profiler is not None:
        profiler.enable()
    try:
        run_server(config)
    finally:
        gc.callbacks.remove(gc_timer)
        n = max(1, stored["count"])
        summary = {
            "append_event": {
                "calls": stored["count"],
                "wall_ms_each": round(stored["wall"] / n * 1e3, 3),
                "thread_cpu_ms_each": round(stored["cpu"] / n * 1e3, 3),
            },
            "gc_pauses": {
                f"gen{g}": {
                    "count": len(p),
                    "total_ms": round(sum(p) * 1e3, 1),
                    "max_ms": round(max(p, default=0.0) * 1e3, 1),
                }
                for g, p in pauses.items()
            },
            "gc_collected_by_generation": [g["collected"] for g in gc.get_stats()],
            "objects_after_each_full_collection": heap,
            "thresholds": list(gc.get_threshold()),
        }
        Path(stats_out).write_text(json.dumps(summary))
        if profiler is not None and profile:
            profiler.disable()
            profiler.dump_stats(profile)
            with open(profile + ".txt", "w") as text:
                text.write(json.dumps(summary, indent=1) + "\n\n")
                stats = pstats.Stats(profiler, stream=text)
                stats.sort_stats("tottime").print_stats(40)
                stats.sort_stats("cumulative").print_stats(60)


# -- CPU accounting -------------------------------------------------------------------------------


def _process_cpu(pid: int) -> float | None:
    """utime + stime (and waited-for children's) of a process, in seconds."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2 :].split()
    return sum(int(f) for f in fields[11:15]) / CLK_TCK


def _machine_cpu() -> tuple[float, float]:
    """(busy, total) CPU seconds of the whole machine since boot (/proc/stat)."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]
    total = sum(values[:8])
    return (total - idle) / CLK_TCK, total / CLK_TCK


# -- tables beside the measured ones ----------------------------------------------------------


def _tables_in_memory(base: str) -> int:
    with urllib.request.urlopen(base + "/healthz", timeout=30) as response:
        return int(json.loads(response.read())["tables"])


def _open_idle_tables(base: str, count: int, game: str) -> None:
    """Tables nobody joins or watches (the server drops them from memory when idle)."""
    body = {"game": game, "players": SEATS, "seats": ["human"] * SEATS, "join": False}
    for _ in range(count):
        http(base, "POST", "/api/tables", body)


class BotTables:
    """``count`` tables of bots kept playing in a thread: a finished one is replaced."""

    def __init__(self, base: str, count: int, game: str) -> None:
        self.base = base
        self.body = {"game": game, "players": 2, "seats": ["bot:medium"] * 2, "join": False}
        self.invites = [self._create() for _ in range(count)]
        self.finished = 0
        self._stop = False
        self._thread = threading.Thread(target=self._keep, daemon=True) if count else None
        if self._thread is not None:
            self._thread.start()

    def _create(self) -> str:
        return str(http(self.base, "POST", "/api/tables", self.body)["invite"])

    def _keep(self) -> None:
        while not self._stop:
            try:
                for i, invite in enumerate(self.invites):
                    status = http(self.base, "GET", f"/api/tables/{invite}")["table"]["status"]
                    if status == "finished" and not self._stop:
                        self.finished += 1
                        self.invites[i] = self._create()
            except (OSError, ServerError):
                return  # the server is gone (the run failed): nothing more to keep
            time.sleep(0.5)

    def stop(self) -> None:
        self._stop = True
        if self._thread is not None:
            self._thread.join(30)


# -- the run ------------------------------------------------------------------------------------


def _percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, math.ceil(q / 100 * len(ordered)) - 1))
    return ordered[rank]


def _ms(value: float | None) -> float | None:
    return None if value is None else round(value * 1000, 2)


def run(args: argparse.Namespace) -> dict[str, Any]:
    """One load run: the figures as a dict."""
    load_before = os.getloadavg()
    tmp = tempfile.TemporaryDirectory(prefix="clickbox-load-")
    process: subprocess.Popen[bytes] | None = None
    workers: list[multiprocessing.process.BaseProcess] = []
    log = Path(tmp.name) / "server.log"
    stats_out: str | None = None
    server_stats: dict[str, Any] | None = None
    try:
        if args.server:
            base = args.server.rstrip("/")
            if not base.startswith("http://127.0.0.1:"):
                raise SystemExit("--server must be http://127.0.0.1:PORT (loopback only)")
            _wait_healthy(base, None, None)
            server_pid = args.server_pid
            db_desc = "an already running server"
        else:
            db_url = args.db or f"sqlite:///{Path(tmp.name) / 'load.db'}"
            if args.profile or args.deflate or args.server_stats or args.gc_threshold:
                stats_out = str(Path(tmp.name) / "server-stats.json")
            base, process = _start_server(
                db_url,
                log,
                args.profile,
                args.deflate,
                stats_out,
                args.gc_threshold,
                args.idle_seconds,
            )
            server_pid = process.pid
            db_desc = "temporary SQLite file" if not args.db else "given database"
        context = multiprocessing.get_context("spawn")
        procs = max(1, min(args.client_procs, args.tables))
        pipes = []
        setup_started = time.monotonic()
        for p in range(procs):
            job = WorkerJob(
                base=base,
                game=GAMES[args.game],
                indices=list(range(p, args.tables, procs)),
                total_tables=args.tables,
                seed=args.seed,
                raw=args.client == "raw",
                period=1.0 / args.rate,
                profile=f"{args.profile_clients}.{p}" if args.profile_clients else None,
            )
            ours, theirs = context.Pipe()
            child = context.Process(target=_worker, args=(job, theirs), daemon=True)
            child.start()
            workers.append(child)
            pipes.append(ours)
        for pipe in pipes:
            if not pipe.poll(SETUP_SECONDS + 60):
                raise RuntimeError("a client process did not get ready in time")
            message = pipe.recv()
            if message[0] != "ready":
                raise RuntimeError(f"a client process failed: {message[1]}")
        _open_idle_tables(base, args.idle_tables, GAMES[args.game])
        bots = BotTables(base, args.bot_tables, GAMES[args.game])
        setup_seconds = time.monotonic() - setup_started
        t0 = time.monotonic() + 1.0
        start, end = t0 + args.warmup, t0 + args.warmup + args.seconds
        for pipe in pipes:
            pipe.send((t0, start, end))
        time.sleep(max(0.0, start - time.monotonic()))
        server_cpu0 = _process_cpu(server_pid) if server_pid else None
        busy0, total0 = _machine_cpu()
        main0 = time.process_time()
        in_memory0, bot_games0 = _tables_in_memory(base), bots.finished
        time.sleep(max(0.0, end - time.monotonic()))
        server_cpu1 = _process_cpu(server_pid) if server_pid else None
        busy1, total1 = _machine_cpu()
        main1 = time.process_time()
        in_memory1, bot_games1 = _tables_in_memory(base), bots.finished
        bots.stop()
        tallies: list[Tally] = []
        for pipe in pipes:
            if not pipe.poll(4 * MOVE_TIMEOUT + 60):
                raise RuntimeError("a client process did not finish in time")
            message = pipe.recv()
            if message[0] != "done":
                raise RuntimeError(f"a client process failed: {message[1]}")
            tallies.append(Tally(**message[1]))
        for done in workers:
            done.join(30)
    finally:
        for left in workers:
            if left.is_alive():
                left.kill()
        if process is not None:
            _stop_server(process)
        if stats_out is not None:
            with contextlib.suppress(OSError, ValueError):
                server_stats = json.loads(Path(stats_out).read_text())
        tmp.cleanup()
    window = args.seconds
    latencies = [x for t in tallies for x in t.latencies]
    commits = [x for t in tallies for x in t.commit_latencies]
    everything = latencies + commits
    errors: dict[str, int] = {}
    warmup_errors: dict[str, int] = {}
    for t in tallies:
        for code, n in t.errors.items():
            errors[code] = errors.get(code, 0) + n
        for code, n in t.warmup_errors.items():
            warmup_errors[code] = warmup_errors.get(code, 0) + n
    cores = os.cpu_count() or 1
    machine = (busy1 - busy0) / max(1e-9, total1 - total0) * cores * 100
    server_pct = (
        None
        if server_cpu0 is None or server_cpu1 is None
        else (server_cpu1 - server_cpu0) / window * 100
    )
    clients_pct = sum(t.window_cpu_seconds for t in tallies) / window * 100
    main_pct = (main1 - main0) / window * 100
    other = machine - (server_pct or 0.0) - clients_pct - main_pct
    result: dict[str, Any] = {
        "game": f"{args.game}(players={SEATS})",
        "tables": args.tables,
        "seats": SEATS,
        "moves_per_second_per_table": args.rate,
        "seconds": args.seconds,
        "warmup": args.warmup,
        "client": args.client,
        "client_procs": len(tallies),
        "server": args.server
        or "clickbox serve"
        + (" (cProfile)" if args.profile else "")
        + (" (permessage-deflate on)" if args.deflate else "")
        + (f" (gc threshold {args.gc_threshold})" if args.gc_threshold else ""),
        "database": db_desc,
        "setup_seconds": round(setup_seconds, 1),
        "moves": len(everything),
        "moves_changing_version": len(latencies),
        "commitments": len(commits),
        "moves_per_second": round(len(everything) / window, 1),
        "p50_ms": _ms(_percentile(everything, 50)),
        "p90_ms": _ms(_percentile(everything, 90)),
        "p99_ms": _ms(_percentile(everything, 99)),
        "max_ms": _ms(max(everything) if everything else None),
        "mean_ms": _ms(statistics.fmean(everything) if everything else None),
        "version_moves_p99_ms": _ms(_percentile(latencies, 99)),
        "commitments_p99_ms": _ms(_percentile(commits, 99)),
        "errors": sum(errors.values()),
        "errors_by_code": errors,
        "warmup_errors": warmup_errors,
        "late_ticks": sum(t.late_ticks for t in tallies),
        "no_mover_ticks": sum(t.no_mover for t in tallies),
        "restarts": sum(t.restarts for t in tallies),
        "frames_received": sum(t.frames for t in tallies),
        "server_cpu_ms_per_move": None
        if server_pct is None or not everything
        else round(server_pct * 10 / (len(everything) / window), 2),
        "cpu_percent_of_one_core": {
            "server": None if server_pct is None else round(server_pct, 1),
            "clients": round(clients_pct, 1),
            "per_client_proc": [round(t.window_cpu_seconds / window * 100, 1) for t in tallies],
            "this_process": round(main_pct, 1),
            "everything_else": round(other, 1),
            "machine": round(machine, 1),
            "machine_capacity": cores * 100,
        },
        "client_cpu_us_per_frame": round(
            sum(t.window_cpu_seconds for t in tallies)
            / max(1, sum(t.frames for t in tallies))
            * 1e6,
            1,
        ),
        "idle_tables": args.idle_tables,
        "idle_seconds": args.idle_seconds,
        "tables_in_memory": [in_memory0, in_memory1],
        "bot_tables": args.bot_tables,
        "bot_games_finished": bot_games1 - bot_games0,
        "loadavg_before": [round(x, 2) for x in load_before],
        "loadavg_after": [round(x, 2) for x in os.getloadavg()],
    }
    if server_stats is not None:
        result["server_internals"] = server_stats
    result["target_met"] = bool(
        result["p99_ms"] is not None and result["p99_ms"] <= 50 and result["errors"] == 0
    )
    return result


def show(result: dict[str, Any]) -> str:
    """The figures as a small table."""
    cpu = result["cpu_percent_of_one_core"]
    server = "?" if cpu["server"] is None else f"{cpu['server']:.0f}%"
    lines = [
        f"{result['game']}: {result['tables']} tables x {result['seats']} seats, "
        f"{result['moves_per_second_per_table']:g} move/s per table, {result['seconds']:g} s "
        f"after {result['warmup']:g} s warm-up; {result['server']}, {result['database']}; "
        f"client {result['client']} in {result['client_procs']} process(es); "
        f"setup {result['setup_seconds']:g} s",
        f"{'moves':>7} {'per s':>6} {'p50 ms':>7} {'p90 ms':>7} {'p99 ms':>7} {'max ms':>7} "
        f"{'errors':>6} {'late':>5}",
        f"{result['moves']:>7} {result['moves_per_second']:>6} {_cell(result['p50_ms'])} "
        f"{_cell(result['p90_ms'])} {_cell(result['p99_ms'])} {_cell(result['max_ms'])} "
        f"{result['errors']:>6} {result['late_ticks']:>5}",
        f"  moves changing the version {result['moves_changing_version']} "
        f"(p99 {result['version_moves_p99_ms']} ms), commitments {result['commitments']} "
        f"(p99 {result['commitments_p99_ms']} ms), restarts {result['restarts']}, "
        f"errors {result['errors_by_code'] or '-'}, warm-up errors "
        f"{result['warmup_errors'] or '-'}",
        f"  CPU (% of one core, {cpu['machine_capacity']}% in all): server {server}, "
        f"clients {cpu['clients']:.0f}% {cpu['per_client_proc']}, this process "
        f"{cpu['this_process']:.0f}%, everything else {cpu['everything_else']:.0f}%; "
        f"server {result['server_cpu_ms_per_move']} ms CPU per move, client "
        f"{result['client_cpu_us_per_frame']:.0f} us CPU per frame received",
        *(
            [f"  server internals (whole run): {json.dumps(result['server_internals'])}"]
            if "server_internals" in result
            else []
        ),
        f"  tables in memory at the window's start and end {result['tables_in_memory']} "
        f"({result['idle_tables']} idle tables opened, idle after {result['idle_seconds']:g} s); "
        f"{result['bot_tables']} tables of bots beside, {result['bot_games_finished']} bot "
        f"games finished in the window",
        f"  load average before {result['loadavg_before']}, after {result['loadavg_after']}; "
        f"target p99 <= 50 ms with 0 errors: {'met' if result['target_met'] else 'MISSED'}",
    ]
    return "\n".join(lines)


def _cell(value: float | None) -> str:
    return f"{'-':>7}" if value is None else f"{value:>7.1f}"


def main() -> None:
    if len(sys.argv) == 9 and sys.argv[1] == BENCH_SERVER:
        port, db_url, out, deflate, stats_out, gc0, idle = sys.argv[2:]
        profile = None if out == "-" else out
        _bench_server(
            int(port), db_url, profile, deflate == "deflate", stats_out, int(gc0), float(idle)
        )
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--game", choices=sorted(GAMES), default="clever")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured window")
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--rate", type=float, default=1.0, help="moves per second per table")
    parser.add_argument("--client-procs", type=int, default=2)
    parser.add_argument("--client", choices=("raw", "tableclient"), default="raw")
    parser.add_argument("--seed", type=int, default=1)
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--db", metavar="URL", help="database of the server started here")
    where.add_argument("--server", metavar="URL", help="use a running server (127.0.0.1)")
    parser.add_argument("--server-pid", type=int, help="its process id (for its CPU share)")
    parser.add_argument("--profile", metavar="FILE", help="run the server under cProfile")
    parser.add_argument(
        "--deflate",
        action="store_true",
        help="experiment: the server with permessage-deflate (clickbox serve has it off)",
    )
    parser.add_argument(
        "--server-stats",
        action="store_true",
        help="time the server's garbage collections and event storage (run from this script)",
    )
    parser.add_argument(
        "--gc-threshold",
        type=int,
        default=0,
        metavar="N",
        help="experiment: the server's first garbage-collection threshold (Python's is 700)",
    )
    parser.add_argument(
        "--profile-clients", metavar="PREFIX", help="cProfile each client process to PREFIX.N"
    )
    parser.add_argument(
        "--idle-seconds",
        type=float,
        default=300.0,
        help="the server's --idle-seconds (an unused table leaves memory after this long)",
    )
    parser.add_argument(
        "--idle-tables", type=int, default=0, help="also open N tables nobody joins or watches"
    )
    parser.add_argument(
        "--bot-tables", type=int, default=0, help="keep N tables of bots playing beside"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if not 1 <= args.tables <= 2000 or not 0 < args.rate <= 10:
        parser.error("--tables must be 1-2000 and --rate in (0, 10]")
    if not 0 < args.seconds <= 3600 or not 0 <= args.warmup <= 600:
        parser.error("--seconds must be in (0, 3600] and --warmup in [0, 600]")
    experiments = args.profile or args.deflate or args.server_stats or args.gc_threshold
    if experiments and args.server:
        parser.error(
            "--profile, --deflate, --server-stats, --gc-threshold need a server started here"
        )
    result = run(args)
    print(json.dumps(result, indent=2) if args.json else show(result))


if __name__ == "__main__":
    main()
