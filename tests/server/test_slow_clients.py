"""Slow and greedy clients against the real server (issue 35, findings 2 and 4).

Like the attack: ``clickbox serve`` on loopback, many requests sent half (the head's last blank
line never comes) from one address, a head or a body trickled byte by byte, WebSockets held
open; the server must answer new clients throughout, cut the slow ones at their deadline, and
refuse a connection over a cap with a 503 and a JSON error. Then forwarded addresses: believed
only from a ``--trusted-proxy``. Every client is on 127.0.0.0/8 (Linux routes it all to the
loopback interface): a socket bound to 127.0.0.2 is another client address.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import selectors
import socket
import time
from collections.abc import Iterator
from http.client import HTTPConnection
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidStatus

from clickbox.cli.main import _trusted_proxies, main
from clickbox.server import serve as serve_module
from clickbox.server.client import http as lobby
from clickbox.server.guard import ConnectionGuard, connection_ceiling
from clickbox.server.limits import address_key

from .live import LiveServer, running_server

PROTOCOL = "clickbox-ws/1"
HALF_SENT = b"GET / HTTP/1.1\r\nHost: x\r\n"
"""A request whose head never ends (the blank line that would end it is never sent)."""
WAIT_SECONDS = 20.0
"""How long a test waits for what must come (a safety net, not a measure)."""
PASSWORD = "correct horse battery"
HOST2, HOST3 = "127.0.0.2", "127.0.0.3"
"""Other client addresses (on the loopback interface as well)."""


# -- a client on any loopback address ---------------------------------------------------------


def _port(live: LiveServer) -> int:
    port = urlsplit(live.base).port
    assert port is not None
    return port


def _open(live: LiveServer, source: str = "127.0.0.1") -> socket.socket:
    sock = socket.socket()
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", _port(live)))
    return sock


def request(
    live: LiveServer,
    method: str,
    path: str,
    body: dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
    source: str = "127.0.0.1",
) -> tuple[int, Any]:
    """One request from ``source``: the status and the JSON body (None if not JSON)."""
    connection = HTTPConnection(
        "127.0.0.1", _port(live), timeout=WAIT_SECONDS, source_address=(source, 0)
    )
    try:
        data = None if body is None else json.dumps(body)
        connection.request(
            method, path, body=data, headers={"Content-Type": "application/json", **(headers or {})}
        )
        response = connection.getresponse()
        raw = response.read()
        try:
            return response.status, json.loads(raw)
        except ValueError:
            return response.status, None
    finally:
        connection.close()


def served_again(live: LiveServer, source: str = "127.0.0.1") -> int:
    """The status of ``/healthz`` from ``source`` once it is not 503 (connections close
    asynchronously on the server: their places come back a moment later)."""
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        status, _ = request(live, "GET", "/healthz", source=source)
        if status != 503 or time.monotonic() > deadline:
            return status
        time.sleep(0.05)


def closed_by_server(socks: dict[socket.socket, float]) -> dict[socket.socket, tuple[float, bytes]]:
    """Wait until the server has closed each socket: for each, how long after it was opened,
    and what it sent before (every socket is closed by the caller)."""
    found: dict[socket.socket, tuple[float, bytes]] = {}
    received: dict[socket.socket, bytes] = dict.fromkeys(socks, b"")
    deadline = time.monotonic() + WAIT_SECONDS
    with selectors.DefaultSelector() as selector:
        for sock in socks:
            selector.register(sock, selectors.EVENT_READ)
        while len(found) < len(socks) and time.monotonic() < deadline:
            for key, _ in selector.select(timeout=0.5):
                ready = key.fileobj
                assert isinstance(ready, socket.socket)
                sock = ready
                try:
                    data = sock.recv(4096)
                except ConnectionError:
                    data = b""
                if data:
                    received[sock] += data
                    continue
                found[sock] = (time.monotonic() - socks[sock], received[sock])
                selector.unregister(sock)
    return found


@contextlib.contextmanager
def sockets() -> Iterator[list[socket.socket]]:
    """A list of sockets, each closed at the end."""
    held: list[socket.socket] = []
    try:
        yield held
    finally:
        for sock in held:
            sock.close()


def _is_refusal(status: int, body: Any) -> bool:
    return status == 503 and body["error"]["code"] == "unavailable" and body["error"]["message"]


# -- finding 2: half-sent requests, trickles, caps ---------------------------------------------


def test_half_sent_requests_are_capped_and_cut_while_others_are_served(tmp_path: Path) -> None:
    header_seconds = 2.0
    per_client, total = 60, 100
    extra: tuple[str, ...] = ("--header-seconds", str(header_seconds))
    extra += ("--connections-per-client", str(per_client), "--max-connections", str(total))
    db = f"sqlite:///{tmp_path / 'db.sqlite'}"
    with running_server(db, tmp_path / "server.log", extra=extra) as live, sockets() as held:
        opened: dict[socket.socket, float] = {}

        def half_send(source: str) -> None:
            sock = _open(live, source)
            sock.sendall(HALF_SENT)
            opened[sock] = time.monotonic()
            held.append(sock)

        for _ in range(per_client):
            half_send("127.0.0.1")
        # Over the cap of its address: a 503 with the documented error body, at once.
        status, body = request(live, "GET", "/healthz")
        assert _is_refusal(status, body), (status, body)
        assert "60" in body["error"]["message"]
        # Another address is served meanwhile.
        assert request(live, "GET", "/healthz", source=HOST3)[0] == 200
        for _ in range(total - per_client):
            half_send(HOST2)
        # Now every place is taken: anyone is refused (503), not left waiting.
        status, body = request(live, "GET", "/healthz", source=HOST3)
        assert _is_refusal(status, body), (status, body)
        # The half-sent requests are closed at their deadline (not before), unanswered.
        closed = closed_by_server(opened)
        assert len(closed) == total, "every half-sent request is closed by the server"
        assert all(after >= header_seconds - 0.01 for after, _ in closed.values())
        assert all(data == b"" for _, data in closed.values())
        # Their places are free again.
        assert served_again(live) == 200
        assert served_again(live, HOST3) == 200


def test_a_trickled_head_or_body_is_cut_at_its_deadline(tmp_path: Path) -> None:
    """The deadline is for the whole head (or body), however steadily its bytes come."""
    header_seconds = body_seconds = 1.0
    extra = ("--header-seconds", str(header_seconds), "--body-seconds", str(body_seconds))
    db = f"sqlite:///{tmp_path / 'db.sqlite'}"
    with running_server(db, tmp_path / "server.log", extra=extra) as live:

        def trickle(start: bytes, byte: bytes) -> tuple[float, bytes]:
            """Send ``start``, then ``byte`` every 0.1 s until the server closes: how long
            that took, and what the server sent."""
            with _open(live) as sock:
                began = time.monotonic()
                sock.sendall(start)
                sock.settimeout(0.1)
                received = b""
                while time.monotonic() - began < WAIT_SECONDS:
                    try:
                        sock.sendall(byte)
                        data = sock.recv(4096)
                    except TimeoutError:
                        continue
                    except ConnectionError:
                        data = b""
                    if not data:
                        return time.monotonic() - began, received
                    received += data
                raise AssertionError(f"still open after {WAIT_SECONDS} s")

        after, sent = trickle(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ", b"z")
        assert after >= header_seconds - 0.01 and sent == b""
        head = (
            b"POST /api/pad/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 4000\r\n\r\n"
        )
        after, sent = trickle(head, b" ")
        assert after >= body_seconds - 0.01 and sent == b""
        # A whole request is still answered.
        assert request(live, "POST", "/api/pad/score", {})[0] == 400
    # A cut body is no server error: nothing in the log.
    assert "Traceback" not in live.output() and "Exception in ASGI" not in live.output()


def test_websockets_outlive_the_header_deadline_and_count_against_the_caps(
    tmp_path: Path,
) -> None:
    header_seconds, per_client = 1.0, 3
    extra = ("--header-seconds", str(header_seconds), "--connections-per-client", str(per_client))
    db = f"sqlite:///{tmp_path / 'db.sqlite'}"
    with running_server(db, tmp_path / "server.log", extra=extra) as live:
        invite = lobby(live.base, "POST", "/api/tables", {"game": "clickety-clack"})["invite"]
        url = live.base.replace("http", "ws", 1) + f"/ws/{invite}"

        async def watch() -> ClientConnection:
            """A spectator's socket, past its welcome (tried again while the places of closed
            connections are not back yet)."""
            deadline = time.monotonic() + WAIT_SECONDS
            while True:
                try:
                    ws = await connect(url, open_timeout=WAIT_SECONDS)
                    break
                except InvalidStatus as exc:
                    if exc.response.status_code != 503 or time.monotonic() > deadline:
                        raise
                    await asyncio.sleep(0.05)
            await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "token": None}))
            assert json.loads(await ws.recv())["type"] == "welcome"
            return ws

        async def pong(ws: ClientConnection) -> bool:
            await ws.send(json.dumps({"type": "ping", "id": "p"}))
            async with asyncio.timeout(WAIT_SECONDS):
                async for text in ws:
                    if json.loads(text)["type"] == "pong":
                        return True
            return False

        async def checks() -> None:
            watchers = [await watch() for _ in range(per_client)]
            try:
                await asyncio.sleep(2 * header_seconds)  # past their first request's deadline
                assert all([await pong(ws) for ws in watchers]), "an open WebSocket is not cut"
                status, body = await asyncio.to_thread(request, live, "GET", "/healthz")
                assert _is_refusal(status, body), "open WebSockets hold their places"
                with pytest.raises(InvalidStatus) as refused:
                    await connect(url, open_timeout=WAIT_SECONDS)
                assert refused.value.response.status_code == 503
                other = await asyncio.to_thread(request, live, "GET", "/healthz", None, None, HOST2)
                assert other[0] == 200
                await watchers.pop().close()
                assert await asyncio.to_thread(served_again, live) == 200, "its place is back"
            finally:
                for ws in watchers:
                    await ws.close()

        asyncio.run(checks())


# -- finding 4: forwarded addresses --------------------------------------------------------------


def _signups(live: LiveServer, forwarded: list[str], source: str = "127.0.0.1") -> list[int]:
    """The status of one sign-up per ``X-Forwarded-For`` value, from ``source``."""
    statuses = []
    for value in forwarded:
        name = "p" + secrets.token_hex(5)
        body = {"name": name, "password": PASSWORD}
        headers = {"X-Forwarded-For": value}
        statuses.append(request(live, "POST", "/api/account/signup", body, headers, source)[0])
    return statuses


def test_forwarded_addresses_are_ignored_without_a_trusted_proxy(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'db.sqlite'}"
    with running_server(db, tmp_path / "server.log") as live:
        forwarded = [f"203.0.113.{i}" for i in range(6)]
        assert _signups(live, forwarded) == [201] * 5 + [429], "5 at once, then 429"


def test_a_trusted_proxy_names_the_client(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'db.sqlite'}"
    extra: tuple[str, ...] = ("--trusted-proxy", "127.0.0.1", "--connections-per-client", "20")
    extra += ("--header-seconds", "30")
    with running_server(db, tmp_path / "server.log", extra=extra) as live:
        # Each forwarded client counts on its own ...
        assert _signups(live, [f"203.0.113.{i}" for i in range(8)]) == [201] * 8
        # ... by the right-most address the proxy did not get from the client.
        client_made = [f"198.51.100.{i}, 192.0.2.7" for i in range(6)]
        assert _signups(live, client_made) == [201] * 5 + [429]
        # Another address is no trusted proxy: its header counts for nothing.
        assert _signups(live, client_made, source=HOST2) == [201] * 5 + [429]
        # The connection cap counts the proxy's own connections, whoever they are for.
        with sockets() as held:
            for _ in range(20):
                held.append(_open(live))
                held[-1].sendall(HALF_SENT)
            headers = {"X-Forwarded-For": "203.0.113.99"}
            status, body = request(live, "GET", "/healthz", headers=headers)
            assert _is_refusal(status, body)
        assert served_again(live) == 200


# -- the pieces ----------------------------------------------------------------------------------


def test_the_caps_count_by_address_and_in_all() -> None:
    guard = ConnectionGuard(per_client=2, total=3, header_seconds=1, body_seconds=1)
    assert guard.admit("a") is None and guard.admit("a") is None
    assert guard.admit("a") is not None, "over its address's cap"
    assert guard.admit("b") is None
    assert guard.admit("c") is not None, "over the total"
    guard.release("a")
    assert guard.admit("c") is None
    assert (guard.open, guard.by_client, guard.refused) == (3, {"a": 1, "b": 1, "c": 1}, 2)
    for key in ("a", "b", "c"):
        guard.release(key)
    assert (guard.open, guard.by_client) == (0, {})
    unlimited = ConnectionGuard(per_client=0, total=0, header_seconds=0, body_seconds=0)
    assert all(unlimited.admit("a") is None for _ in range(100))


def test_an_ipv6_client_counts_by_its_64_network() -> None:
    assert address_key("192.0.2.1") == "192.0.2.1"
    assert address_key("2001:db8:1:2:aaaa::1") == address_key("2001:db8:1:2:bbbb::2")
    assert address_key("2001:db8:1:2::1") != address_key("2001:db8:1:3::1")
    assert address_key("::ffff:192.0.2.1") == "192.0.2.1"


def test_the_connection_cap_leaves_file_descriptors_over() -> None:
    for limit in (256, 1024, 20000, 1 << 20):
        assert 0 < connection_ceiling(limit) < limit
    assert connection_ceiling(1024) == 1024 - 256
    assert connection_ceiling(20000) == 18000


def test_trusted_proxies_are_addresses_or_networks(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _trusted_proxies(["127.0.0.1", "10.0.0.1/8", "[::1]", "fd00::/8"]) == [
        "127.0.0.1",
        "10.0.0.0/8",
        "::1",
        "fd00::/8",
    ]
    started: list[dict[str, Any]] = []
    monkeypatch.setattr(serve_module, "serve", lambda *args, **kwargs: started.append(kwargs))
    for bad in (["--trusted-proxy", "proxy.example"], ["--connections-per-client", "-1"]):
        assert main(["serve", *bad]) == 2
        assert "error" in capsys.readouterr().out
    assert started == [], "refused before the server starts"
    assert main(["serve", "--trusted-proxy", "10.1.2.3/16", "--max-connections", "0"]) == 0
    assert started[0]["trusted_proxies"] == ("10.1.0.0/16",)
    assert started[0]["limits"].max_connections == 0
