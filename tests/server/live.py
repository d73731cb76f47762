"""A real server for tests: ``clickbox serve`` (uvicorn) in a child process on 127.0.0.1."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class LiveServer:
    """A running ``clickbox serve``: its base URL and process."""

    base: str
    process: subprocess.Popen[bytes]
    log: Path

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def output(self) -> str:
        """What the server printed so far."""
        return self.log.read_text(errors="replace")


def start_server(
    db_url: str, log: Path, port: int | None = None, extra: tuple[str, ...] = ()
) -> LiveServer:
    """Start ``clickbox serve`` and wait until it answers /healthz."""
    port = port or free_port()
    command = [
        sys.executable,
        "-m",
        "clickbox",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--db",
        db_url,
        *extra,
    ]
    handle = log.open("ab")
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(command, stdout=handle, stderr=subprocess.STDOUT, env=env)
    handle.close()
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited ({process.returncode}):\n{log.read_text()}")
        with (
            contextlib.suppress(OSError),
            urllib.request.urlopen(base + "/healthz", timeout=2) as response,
        ):
            if response.status == 200:
                return LiveServer(base, process, log)
        if time.monotonic() > deadline:
            process.kill()
            raise RuntimeError(f"the server did not answer in 60 s:\n{log.read_text()}")
        time.sleep(0.05)


@contextlib.contextmanager
def running_server(db_url: str, log: Path, extra: tuple[str, ...] = ()) -> Iterator[LiveServer]:
    """A server for the duration of the block (stopped with SIGTERM, then SIGKILL)."""
    server = start_server(db_url, log, extra=extra)
    try:
        yield server
    finally:
        if server.process.poll() is None:
            server.process.terminate()
            try:
                server.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()
