"""Spectators coming and going: what 1,000 spectator sockets from one client cost the server.

.venv/bin/python bench/spectators.py [--spectators 1000] [--concurrency 50] [--keep-caps]
    [--db URL] [--json]

Not part of the test suite (issue 35, finding 6). It starts ``clickbox serve`` on 127.0.0.1 (a
free port, a temporary SQLite database unless ``--db`` names another), creates a started
Click Clack table of two human seats and connects both seats. Then N spectator WebSockets
join the table (``--concurrency`` at a time, each staying), and once all have joined they all
leave; every socket reads its frames as they come. Meanwhile seat 0 pings the server every
100 ms: the round trips say how long the table's own traffic waited behind the spectators'.

It prints the frames the clients received (all of them, the `table` frames, and what seat 0
alone got), the server's CPU from the first join until the count everyone sees is 0 again
(/proc/PID/stat), how long that took, and the ping round trips (p50, max). By default the
server's spectator caps are turned off (``--spectators-per-table 0 --spectators-per-client 0``,
where the server has them) so that all N join from the one address; ``--keep-caps`` keeps the
server's defaults and reports how many spectators were refused. The cap on connections per
address (``--connections-per-client``) is always turned off. Every loop is bounded in count
or time, and all traffic goes to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

import websockets

from clickbox.server.client import http
from clickbox.server.frames import PROTOCOL
from clickbox.server.limits import Limits

CLK_TCK = os.sysconf("SC_CLK_TCK")
QUIET_SECONDS = 1.5
"""How long nothing more may arrive before the run counts as over (beyond any flush delay)."""
RUN_SECONDS = 600.0
"""A run that takes longer than this is stopped (and reported as such)."""
PING_SECONDS = 0.1
"""Seat 0 pings this often (the server allows 20 messages a second)."""


@dataclass
class Tally:
    """What the clients received."""

    frames: int = 0
    table_frames: int = 0
    seat0_frames: int = 0
    seat0_table_frames: int = 0
    refused: int = 0
    spectators_seen: int = -1
    """The count in seat 0's latest table or state frame."""
    errors: list[str] = field(default_factory=list)
    last_frame: float = 0.0


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _process_cpu(pid: int) -> float:
    """utime + stime of a process, in seconds."""
    text = Path(f"/proc/{pid}/stat").read_text()
    values = text[text.rindex(")") + 2 :].split()
    return sum(int(v) for v in values[11:13]) / CLK_TCK


def _start_server(db_url: str, log: Path, keep_caps: bool) -> tuple[str, subprocess.Popen[bytes]]:
    port = _free_port()
    command = [sys.executable, "-m", "clickbox", "serve", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--db", db_url, "--bot-workers", "1"]
    names = {f.name for f in fields(Limits)}
    if "connections_per_client" in names:  # every socket here comes from 127.0.0.1
        command += ["--connections-per-client", "0"]
    if not keep_caps and "spectators_per_table" in names:
        command += ["--spectators-per-table", "0", "--spectators-per-client", "0"]
    with log.open("ab") as handle:
        process = subprocess.Popen(command, stdout=handle, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited:\n{log.read_text(errors='replace')}")
        with (
            contextlib.suppress(OSError),
            urllib.request.urlopen(base + "/healthz", timeout=2) as response,
        ):
            if response.status == 200:
                return base, process
        if time.monotonic() > deadline:
            process.kill()
            process.wait(30)
            raise RuntimeError("the server did not answer in 60 s")
        time.sleep(0.1)


def _stop_server(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(30)


async def _open(url: str, token: str | None) -> Any:
    ws = await websockets.connect(url, max_size=2**22, open_timeout=60)
    await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "token": token}))
    return ws


async def _read(
    ws: Any,
    tally: Tally,
    ready: asyncio.Event,
    seat0: bool = False,
    pongs: list[float] | None = None,
) -> None:
    """Count every frame until the socket closes; ``ready`` once the snapshot (or a refusal)
    came. Seat 0 also times its pongs (not counted as frames) and keeps the count it sees."""
    with contextlib.suppress(websockets.ConnectionClosed):
        async for text in ws:
            head = text[:20]
            if '"type":"pong"' in head:
                if pongs is not None:
                    pongs.append(time.monotonic() - float(json.loads(text)["re"]))
                continue
            tally.frames += 1
            tally.last_frame = time.monotonic()
            is_table = '"type":"table"' in head
            tally.table_frames += is_table
            if '"type":"error"' in head:
                tally.refused += 1
                ready.set()
            elif '"type":"state"' in head:
                ready.set()
            if seat0:
                tally.seat0_frames += 1
                tally.seat0_table_frames += is_table
                if is_table or '"type":"state"' in head:
                    tally.spectators_seen = json.loads(text)["table"]["spectators"]
    ready.set()


async def _until(condition: Any, seconds: float) -> bool:
    """Wait (in steps of 50 ms) until ``condition()`` holds; False after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.05)
    return True


async def _pinger(ws: Any, stop: asyncio.Event) -> None:
    with contextlib.suppress(websockets.ConnectionClosed):
        while not stop.is_set():
            await ws.send(json.dumps({"type": "ping", "id": repr(time.monotonic())}))
            await asyncio.sleep(PING_SECONDS)


async def _run(base: str, pid: int, spectators: int, concurrency: int) -> dict[str, Any]:
    created = http(
        base,
        "POST",
        "/api/tables",
        {"game": "click-clack", "players": 2, "seats": ["human", "human"], "name": "A"},
    )
    invite, host = created["invite"], created["token"]
    other = http(base, "POST", f"/api/tables/{invite}/join", {"name": "B"})["token"]
    http(base, "POST", f"/api/tables/{invite}/start", token=host)
    url = base.replace("http://", "ws://") + f"/ws/{invite}"
    tally = Tally()
    pongs: list[float] = []
    seat0, seat1 = await _open(url, host), await _open(url, other)
    readers = [asyncio.ensure_future(_read(seat0, tally, asyncio.Event(), True, pongs))]
    readers.append(asyncio.ensure_future(_read(seat1, tally, asyncio.Event())))
    stop = asyncio.Event()
    pinger = asyncio.ensure_future(_pinger(seat0, stop))
    await asyncio.sleep(0.5)
    cpu0, wall0 = _process_cpu(pid), time.monotonic()
    sockets: list[Any] = []
    slots = asyncio.Semaphore(concurrency)

    async def join() -> None:
        async with slots:
            try:
                ws = await _open(url, None)
            except (OSError, websockets.WebSocketException) as exc:
                tally.errors.append(repr(exc)[:200])
                return
            ready = asyncio.Event()
            readers.append(asyncio.ensure_future(_read(ws, tally, ready)))
            await asyncio.wait_for(ready.wait(), 60)
            if ws.state is websockets.State.OPEN:
                sockets.append(ws)

    await asyncio.gather(*(join() for _ in range(spectators)))
    joined = time.monotonic() - wall0
    if not await _until(lambda: tally.spectators_seen == len(sockets), RUN_SECONDS):
        tally.errors.append("seat 0 never saw every spectator")

    async def leave(ws: Any) -> None:
        async with slots:
            await ws.close()

    await asyncio.gather(*(leave(ws) for ws in sockets))

    def over() -> bool:  # everyone's count is 0 and nothing more comes
        quiet = time.monotonic() - tally.last_frame
        return tally.spectators_seen == 0 and quiet >= QUIET_SECONDS

    if not await _until(over, RUN_SECONDS):
        tally.errors.append("the run did not end in time")
    stop.set()
    await pinger
    cpu1 = _process_cpu(pid)
    elapsed = time.monotonic() - wall0 - QUIET_SECONDS
    await seat0.close()
    await seat1.close()
    await asyncio.gather(*readers)
    rtts = sorted(pongs)
    return {
        "spectators": spectators,
        "joined": len(sockets),
        "refused": tally.refused,
        "frames_received": tally.frames,
        "table_frames_received": tally.table_frames,
        "seat0_frames": tally.seat0_frames,
        "seat0_table_frames": tally.seat0_table_frames,
        "server_cpu_s": round(cpu1 - cpu0, 2),
        "seconds": round(elapsed, 2),
        "join_seconds": round(joined, 2),
        "ping_p50_ms": round(statistics.median(rtts) * 1e3, 2) if rtts else None,
        "ping_max_ms": round(rtts[-1] * 1e3, 2) if rtts else None,
        "errors": tally.errors[:5],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--spectators", type=int, default=1000)
    parser.add_argument("--concurrency", type=int, default=50)
    parser.add_argument("--keep-caps", action="store_true", help="keep the server's spectator caps")
    parser.add_argument("--db", help="database URL (default: a temporary SQLite file)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db_url = args.db or f"sqlite:///{tmp}/bench.db"
        log = Path(tmp) / "server.log"
        base, process = _start_server(db_url, log, args.keep_caps)
        try:
            result = asyncio.run(_run(base, process.pid, args.spectators, args.concurrency))
        finally:
            _stop_server(process)
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>22}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
