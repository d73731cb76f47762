"""A scripted client of the server (``clickbox-ws/1``), for tests, benchmarks and tools.

It speaks the lobby's HTTP API with the standard library and the WebSocket protocol with
``websockets``. ``TableClient`` keeps the latest state frame, numbers its requests, waits for
exactly one reply to each, and reconnects with ``since`` when the connection drops.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

import websockets

from .frames import PROTOCOL


class ServerError(Exception):
    """The server refused a request: ``code`` and its message."""

    def __init__(self, code: str, message: str, status: int | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.status = status


def http(
    base: str, method: str, path: str, body: dict[str, Any] | None = None, token: str | None = None
) -> dict[str, Any]:
    """One lobby request; ServerError on a refusal."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base.rstrip("/") + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            result: dict[str, Any] = json.loads(response.read())
            return result
    except urllib.error.HTTPError as exc:
        try:
            error = json.loads(exc.read())["error"]
        except (ValueError, KeyError, TypeError):
            raise ServerError("http", f"HTTP {exc.code}", exc.code) from None
        raise ServerError(error["code"], error["message"], exc.code) from None


class TableClient:
    """One seat (or a spectator, without a token) at one table, over a WebSocket."""

    def __init__(self, base: str, invite: str, token: str | None = None, name: str = "c") -> None:
        self.base = base.rstrip("/")
        self.ws_url = self.base.replace("http", "ws", 1) + f"/ws/{invite}"
        self.invite = invite
        self.token = token
        self.seq: int | None = None
        self.state: dict[str, Any] | None = None
        self.frames: list[dict[str, Any]] = []
        """Every frame received (tests read it; ``keep_frames=False`` turns it off)."""
        self.keep_frames = True
        self.on_frame: Callable[[dict[str, Any]], None] | None = None
        self._ids = itertools.count(1)
        self._name = name
        self._waiting: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._state_changed = asyncio.Event()
        self._ws: Any = None
        self._reader: asyncio.Task[None] | None = None
        self.closed: asyncio.Future[tuple[int | None, str]] | None = None

    # -- connection -----------------------------------------------------------------------

    async def connect(self, origin: str | None = None) -> None:
        """Open the socket, say hello (resuming from ``seq`` if set), read the welcome."""
        headers = {"Origin": origin} if origin else None
        self._ws = await websockets.connect(
            self.ws_url, additional_headers=headers, max_size=2**22, open_timeout=30
        )
        hello: dict[str, Any] = {"type": "hello", "protocol": PROTOCOL, "token": self.token}
        if self.seq is not None:
            hello["since"] = self.seq
        await self._ws.send(json.dumps(hello))
        self.closed = asyncio.get_running_loop().create_future()
        self.state = None  # the snapshot that follows the welcome replaces what we had
        self._reader = asyncio.ensure_future(self._read())
        await self.wait_for(lambda s: True)

    async def reconnect(self, seconds: float = 60.0) -> None:
        """Connect again (resuming from the last ``seq``), retrying until ``seconds`` pass."""
        await self.close()
        deadline = asyncio.get_running_loop().time() + seconds
        delay = 0.1
        while True:
            try:
                await self.connect()
                return
            except (OSError, ConnectionError, TimeoutError, websockets.WebSocketException):
                if asyncio.get_running_loop().time() + delay > deadline:
                    raise
                await asyncio.sleep(delay)
                delay = min(2.0, delay * 2)

    async def close(self) -> None:
        """Close the socket."""
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)

    async def _read(self) -> None:
        ws = self._ws
        assert self.closed is not None
        try:
            async for text in ws:
                frame = json.loads(text)
                self._take(frame)
        except websockets.ConnectionClosed:
            pass
        finally:
            code = ws.close_code
            reason = ws.close_reason or ""
            if not self.closed.done():
                self.closed.set_result((code, reason))
            for future in self._waiting.values():
                if not future.done():
                    future.set_exception(ConnectionError(f"connection closed ({code})"))
            self._waiting.clear()
            self._state_changed.set()

    def _take(self, frame: dict[str, Any]) -> None:
        if self.keep_frames:
            self.frames.append(frame)
        if "seq" in frame:
            self.seq = frame["seq"]
        kind = frame.get("type")
        if kind == "state":
            self.state = frame
            self._state_changed.set()
        elif kind == "reply" or (kind == "pong" and frame.get("re")):
            future = self._waiting.pop(frame.get("re", ""), None)
            if future is not None and not future.done():
                future.set_result(frame)
        if self.on_frame is not None:
            self.on_frame(frame)

    # -- requests -------------------------------------------------------------------------

    def next_id(self) -> str:
        """A fresh request id."""
        return f"{self._name}-{next(self._ids)}"

    async def request(
        self, message: dict[str, Any], client_id: str | None = None
    ) -> dict[str, Any]:
        """Send a message with an id and return its one reply."""
        client_id = client_id or self.next_id()
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[client_id] = future
        try:
            await self._ws.send(json.dumps({**message, "id": client_id}))
        except BaseException:
            self._waiting.pop(client_id, None)
            future.cancel()  # nobody will wait for its reply
            raise
        return await asyncio.wait_for(future, 60)

    async def act(
        self, action: str, version: int | None = None, client_id: str | None = None
    ) -> dict[str, Any]:
        """Play ``action`` from the latest state (or ``version``); return the reply."""
        if version is None:
            assert self.state is not None
            version = self.state["table"]["version"]
        message = {"type": "act", "action": action, "version": version}
        return await self.request(message, client_id)

    async def chat(self, text: str) -> dict[str, Any]:
        """Say something at the table."""
        return await self.request({"type": "chat", "text": text})

    async def send_raw(self, text: str | bytes) -> None:
        """Send anything (tests of bad input)."""
        await self._ws.send(text)

    async def wait_for(
        self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 60
    ) -> dict[str, Any]:
        """The first state frame (the latest, or a later one) for which ``predicate`` holds."""

        async def wait() -> dict[str, Any]:
            while True:
                state = self.state
                if state is not None and predicate(state):
                    return state
                if self.closed is not None and self.closed.done():
                    raise ConnectionError(f"connection closed {self.closed.result()}")
                self._state_changed.clear()
                await self._state_changed.wait()

        return await asyncio.wait_for(wait(), timeout)

    def my_turn(self) -> bool:
        """True when the latest state lists legal moves for this seat."""
        return bool(self.state and self.state.get("legal"))

    def finished(self) -> bool:
        """True once the latest state shows the game over."""
        return bool(self.state and self.state["table"]["status"] in ("finished", "abandoned"))


async def play_to_end(
    client: TableClient, choose: Callable[[dict[str, Any]], str], timeout: float = 300
) -> dict[str, Any]:
    """Play the client's seat with ``choose(state) -> action`` until the game ends,
    reconnecting on its own if the connection drops; the next move is chosen from the fresh
    state, and the version check keeps a move sent before the drop from applying twice."""

    async def loop() -> dict[str, Any]:
        while True:
            try:
                return await turns()
            except (ConnectionError, websockets.ConnectionClosed):
                await client.reconnect()  # the server went away: resume where we were

    async def turns() -> dict[str, Any]:
        while True:
            state = await client.wait_for(lambda s: bool(s.get("legal")) or _over(s))
            if _over(state):
                return state
            client_id, action = client.next_id(), choose(state)
            reply = await client.act(action, state["table"]["version"], client_id)
            while not reply["ok"] and reply["error"]["code"] == "rate_limited":
                await asyncio.sleep(0.1)  # a refused request was not applied: send it again
                reply = await client.act(action, state["table"]["version"], client_id)
            if not reply["ok"] and reply["error"]["code"] not in ("stale", "not_your_turn"):
                raise ServerError(reply["error"]["code"], reply["error"]["message"])
            if reply["ok"]:
                await client.wait_for(_moved_on(state["table"]["version"]))

    return await asyncio.wait_for(loop(), timeout)


def _moved_on(version: int) -> Callable[[dict[str, Any]], bool]:
    def moved_on(state: dict[str, Any]) -> bool:
        return state["table"]["version"] != version or bool(state.get("choice")) or _over(state)

    return moved_on


def _over(state: dict[str, Any]) -> bool:
    return bool(state["table"]["status"] in ("finished", "abandoned"))  # an abandoned game ends
