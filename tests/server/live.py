"""A real server for tests: ``clickbox serve`` (uvicorn) in a child process on 127.0.0.1.

Every server a test starts carries a tag of its own in its environment, which its bot workers
and their resource tracker inherit: when the server is stopped or killed, ``leftovers`` finds
any process of it that outlived it (and the test fails: nothing may be left behind).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

TAG = "CLICKBOX_TEST_SERVER"
"""The environment variable that names a test's server in every process it starts."""
LEFTOVER_SECONDS = 20.0
"""How long a server's processes get to end after it did (they should go at once)."""
UNLIMITED = ("--create-per-minute", "0", "--tables-per-client", "0")
"""Flags for a test that creates more tables than one client may (they all come from
127.0.0.1)."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def tagged(tag: str) -> dict[int, str]:
    """The live processes (not zombies) whose environment carries ``TAG=tag``, with their
    command lines (empty where /proc is missing: not Linux)."""
    found: dict[int, str] = {}
    if not Path("/proc").is_dir():
        return found
    needle = f"{TAG}={tag}".encode()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            if needle not in Path(f"/proc/{entry}/environ").read_bytes().split(b"\0"):
                continue
            state = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[0]
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue  # gone, or not ours
        if state != "Z":
            found[int(entry)] = cmdline.replace(b"\0", b" ").decode(errors="replace")
    return found


@dataclass
class LiveServer:
    """A running ``clickbox serve``: its base URL and process."""

    base: str
    process: subprocess.Popen[bytes]
    log: Path
    tag: str = ""

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs. Then no process of the server may be left (its
        bot workers and their resource tracker end with it)."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)
        self.check_nothing_left()

    def stop(self) -> None:
        """SIGTERM (then SIGKILL after 15 s), and no process of the server left."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=30)
        self.check_nothing_left()

    def leftovers(self, seconds: float = LEFTOVER_SECONDS) -> dict[int, str]:
        """The server's processes still alive once ``seconds`` have passed (or none is)."""
        deadline = time.monotonic() + seconds
        while (found := tagged(self.tag)) and time.monotonic() < deadline:
            time.sleep(0.05)
        return found

    def check_nothing_left(self) -> None:
        """AssertionError naming the server's processes that outlived it (ended first, each by
        its id and only while it still carries the tag)."""
        found = self.leftovers()
        for pid in found:
            if pid in tagged(self.tag):
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
        assert not found, f"processes of the stopped server are still running: {found}"

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
    tag = secrets.token_hex(8)
    env = {**os.environ, "PYTHONUNBUFFERED": "1", TAG: tag}
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
                return LiveServer(base, process, log, tag)
        if time.monotonic() > deadline:
            LiveServer(base, process, log, tag).kill()
            raise RuntimeError(f"the server did not answer in 60 s:\n{log.read_text()}")
        time.sleep(0.05)


@contextlib.contextmanager
def running_server(db_url: str, log: Path, extra: tuple[str, ...] = ()) -> Iterator[LiveServer]:
    """A server for the duration of the block (stopped with SIGTERM, then SIGKILL); no
    process of it may be left after."""
    server = start_server(db_url, log, extra=extra)
    try:
        yield server
    finally:
        server.stop()
