"""Slow and greedy clients, met at the connection: deadlines for a request's head and body, and
caps on the connections open per client address and in all (``clickbox serve``).

uvicorn's own keep-alive timer runs only between requests, and any byte stops it: a request
whose head never ends holds its connection (and a file descriptor) for ever. Here uvicorn's
h11 protocol is subclassed (``GuardedHTTPProtocol``):

- a connection over a cap is answered ``503`` (``{"error": {"code": "unavailable", ...}}``) at
  once, before anything of it is read, and closed (once its client has closed, or after
  ``LINGER_SECONDS``);
- a request's head (line and headers) must be complete within ``header_seconds`` of the
  connection's start or of the previous response's end, and its body within ``body_seconds``
  of the head; else the connection is closed (and aborted if it is still not gone after as long
  again: a client that does not read what it was sent);
- a WebSocket keeps its place under the caps while it is open: the upgrade hands the
  connection's slot to the WebSocket protocol (``GuardedWebSocketProtocol``), which gives it
  back when the socket closes. An open WebSocket has no head or body deadline (the app's hello
  timeout and uvicorn's pings look after it).

The per-address count is by the connection's own peer (a proxy's connections are the proxy's,
whatever ``X-Forwarded-For`` says); an IPv6 peer counts by its /64 network (one host, one
subnet).
"""

from __future__ import annotations

import asyncio
import json
import logging
import resource
import time
from typing import Any, ClassVar

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.utils import get_remote_addr
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from ..core.i18n import t
from .app import SECURITY_HEADERS
from .frames import error_body
from .limits import address_key

log = logging.getLogger("clickbox.server")

FD_RESERVE = 256
"""File descriptors kept back from connections (at least; or a tenth of the limit): the
database, the bot workers' pipes, the files being served, the listening socket, logs."""
REFUSAL_LOG_SECONDS = 60.0
"""Refused connections are logged at most once per this long (a flood writes no flood)."""
RETRY_AFTER_SECONDS = 10
LINGER_SECONDS = 1.0
"""A refused connection waits this long at most for its client to close first: closed with its
request unread, it would be reset, and a reset can make the client drop the 503 unread ..."""
LINGER_LIMIT = FD_RESERVE // 2
"""... unless this many refused connections wait already: then it is closed at once."""


def raise_file_limit() -> int:
    """Raise the soft limit of open files to the hard limit where allowed; the soft limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft != resource.RLIM_INFINITY and soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):
            pass  # not allowed here: keep the soft limit
    return int(soft) if soft != resource.RLIM_INFINITY else 1 << 20


def connection_ceiling(file_limit: int) -> int:
    """The most connections a process with ``file_limit`` open files may hold: the limit less
    a reserve (``FD_RESERVE``, or a tenth of the limit, whichever is more; never below half)."""
    return max(file_limit // 2, file_limit - max(FD_RESERVE, file_limit // 10))


class ConnectionGuard:
    """The open connections per client address and in all, and the deadlines (0: none)."""

    def __init__(
        self,
        *,
        per_client: int,
        total: int,
        header_seconds: float,
        body_seconds: float,
    ) -> None:
        self.per_client = per_client
        self.total = total
        self.header_seconds = header_seconds
        self.body_seconds = body_seconds
        self.open = 0
        self.by_client: dict[str, int] = {}
        self.refused = 0
        """Connections refused since the server started."""
        self.lingering = 0
        """Refused connections waiting for their clients to close."""
        self._unlogged = 0
        self._logged_at = -REFUSAL_LOG_SECONDS

    def admit(self, key: str) -> str | None:
        """Count a new connection from ``key``; or, over a cap, why it is refused."""
        if self.total > 0 and self.open >= self.total:
            return self._refuse(t("the server is busy: too many connections; try again later"))
        held = self.by_client.get(key, 0)
        if self.per_client > 0 and held >= self.per_client:
            return self._refuse(
                t("too many connections from your address (at most {limit})", limit=self.per_client)
            )
        self.open += 1
        self.by_client[key] = held + 1
        return None

    def release(self, key: str) -> None:
        """A connection counted by ``admit`` has closed."""
        self.open -= 1
        held = self.by_client.pop(key, 0) - 1
        if held > 0:
            self.by_client[key] = held

    def _refuse(self, reason: str) -> str:
        self.refused += 1
        self._unlogged += 1
        now = time.monotonic()
        if now - self._logged_at >= REFUSAL_LOG_SECONDS:
            log.warning(
                "refused %d connection(s) over the caps (%d open; caps: %s per address, %s in all)",
                self._unlogged,
                self.open,
                self.per_client or "none",
                self.total or "none",
            )
            self._logged_at, self._unlogged = now, 0
        return reason


def refusal(message: str) -> bytes:
    """The whole answer to a connection over a cap: 503, a JSON error (with the headers of
    every answer), then close."""
    body = json.dumps({"error": error_body("unavailable", message)}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"retry-after", str(RETRY_AFTER_SECONDS).encode()),
        *SECURITY_HEADERS,
        (b"connection", b"close"),
    ]
    head = b"".join(name + b": " + value + b"\r\n" for name, value in headers)
    return b"HTTP/1.1 503 Service Unavailable\r\n" + head + b"\r\n" + body


class _Slot:
    """A connection's place under the caps, given back once whoever holds it last closes."""

    def __init__(self, guard: ConnectionGuard, key: str) -> None:
        self.guard = guard
        self.key = key
        self.held = True

    def release(self) -> None:
        if self.held:
            self.held = False
            self.guard.release(self.key)


class GuardedWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, holding the upgraded connection's slot until it closes."""

    slot: _Slot | None = None

    def connection_lost(self, exc: Exception | None) -> None:
        if self.slot is not None:
            self.slot.release()
        super().connection_lost(exc)


class GuardedHTTPProtocol(H11Protocol):
    """uvicorn's h11 protocol with the caps and the deadlines of ``guard``
    (``guarded_protocol`` makes the class for one server)."""

    guard: ClassVar[ConnectionGuard]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.slot: _Slot | None = None
        self.refused = False
        self.lingering = False
        self.upgraded = False
        self.head_timer: asyncio.TimerHandle | None = None
        self.body_timer: asyncio.TimerHandle | None = None
        self.closing_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        peer = get_remote_addr(transport)
        key = address_key(peer[0]) if peer is not None else ""
        reason = self.guard.admit(key)
        if reason is not None:
            self.refused = True
            self.transport = transport
            transport.write(refusal(reason))
            if self.guard.lingering < LINGER_LIMIT:
                # Half-close, read and drop what comes, close when the client does.
                self.guard.lingering += 1
                self.lingering = True
                transport.write_eof()
                self.closing_timer = self.loop.call_later(LINGER_SECONDS, transport.close)
            else:
                transport.close()
            return
        self.slot = _Slot(self.guard, key)
        super().connection_made(transport)
        self._follow_request()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_timers()
        if self.closing_timer is not None:
            self.closing_timer.cancel()
        if self.slot is not None:
            self.slot.release()
        if self.lingering:
            self.lingering = False
            self.guard.lingering -= 1
        if not self.refused:
            super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.refused:
            return
        super().data_received(data)
        self._follow_request()

    def pause_writing(self) -> None:
        if not self.refused:
            super().pause_writing()

    def resume_writing(self) -> None:
        if not self.refused:
            super().resume_writing()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._follow_request()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self.upgraded = True
        self._stop_timers()
        super().handle_websocket_upgrade(event)
        slot, self.slot = self.slot, None
        protocol = self.transport.get_protocol()
        if isinstance(protocol, GuardedWebSocketProtocol):
            protocol.slot = slot
        elif slot is not None:
            slot.release()  # another WebSocket protocol: it is no longer counted

    def _follow_request(self) -> None:
        """Run the deadline of the part of the request that is awaited: the head while the
        client has not sent a whole one, the body after it, none while the app answers."""
        if self.upgraded or self.transport.is_closing():
            self._stop_timers()
            return
        state = self.conn.their_state
        if state is h11.IDLE:
            if self.body_timer is not None:
                self._stop_timers()
            if self.head_timer is None:
                self.head_timer = self._deadline(self.guard.header_seconds)
        elif state is h11.SEND_BODY:
            if self.head_timer is not None:
                self._stop_timers()
            if self.body_timer is None:
                self.body_timer = self._deadline(self.guard.body_seconds)
        else:
            self._stop_timers()

    def _deadline(self, seconds: float) -> asyncio.TimerHandle | None:
        return self.loop.call_later(seconds, self._expire, seconds) if seconds > 0 else None

    def _expire(self, seconds: float) -> None:
        """The deadline has passed: close the connection, and abort it if it is still there
        as long again later (a client that does not read what it was sent)."""
        self._stop_timers()
        self.transport.close()
        self.closing_timer = self.loop.call_later(seconds, self.transport.abort)

    def _stop_timers(self) -> None:
        for timer in (self.head_timer, self.body_timer):
            if timer is not None:
                timer.cancel()
        self.head_timer = self.body_timer = None


def guarded_protocol(guard: ConnectionGuard) -> type[GuardedHTTPProtocol]:
    """The HTTP protocol class of one server (uvicorn's ``http=``), bound to ``guard``."""
    return type("GuardedHTTPProtocol", (GuardedHTTPProtocol,), {"guard": guard})
