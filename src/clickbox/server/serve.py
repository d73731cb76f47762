"""Run the server with uvicorn (``clickbox serve``)."""

from __future__ import annotations

import contextlib
import gc
import ipaddress
import logging
import socket
from pathlib import Path
from typing import Any

import uvicorn
from starlette.applications import Starlette

from .app import MAX_MESSAGE, create_app
from .guard import (
    ConnectionGuard,
    GuardedWebSocketProtocol,
    connection_ceiling,
    guarded_protocol,
    raise_file_limit,
)
from .limits import Limits

log = logging.getLogger("clickbox.server")

WS_MAX_SIZE = 2 * MAX_MESSAGE
"""uvicorn closes a connection (1009) on a bigger message; smaller oversized ones get an error."""

GC_THRESHOLDS = (700, 10, 100)
"""Python's defaults, with full passes ten times rarer (their pauses are the latency tail)."""


def connection_guard(limits: Limits) -> ConnectionGuard:
    """The caps and deadlines of ``limits`` for one server. The total stays below the process's
    file-descriptor limit (its soft limit is raised to the hard one first, where allowed)."""
    file_limit = raise_file_limit()
    ceiling = connection_ceiling(file_limit)
    total = min(limits.max_connections, ceiling) if limits.max_connections > 0 else ceiling
    log.info(
        "connections: at most %d in all (open files: %d), %s per client address",
        total,
        file_limit,
        limits.connections_per_client or "any number",
    )
    return ConnectionGuard(
        per_client=limits.connections_per_client,
        total=total,
        header_seconds=limits.header_seconds,
        body_seconds=limits.body_seconds,
    )


def uvicorn_config(
    app: Starlette,
    host: str,
    port: int,
    *,
    limits: Limits | None = None,
    trusted_proxies: tuple[str, ...] = (),
    **overrides: Any,
) -> uvicorn.Config:
    """The uvicorn settings of ``clickbox serve`` (benchmarks override single ones): the
    connection caps and deadlines of ``limits`` (``guard``), and ``X-Forwarded-For`` believed
    only from ``trusted_proxies`` (addresses or networks; none by default)."""
    settings: dict[str, Any] = {
        "host": host,
        "port": port,
        "http": guarded_protocol(connection_guard(limits or Limits())),
        "ws": GuardedWebSocketProtocol,
        "proxy_headers": bool(trusted_proxies),
        "forwarded_allow_ips": list(trusted_proxies),
        "ws_max_size": WS_MAX_SIZE,
        "ws_ping_interval": 20.0,
        "ws_ping_timeout": 20.0,
        "ws_per_message_deflate": False,  # a quarter of the CPU per move; frames are a few KB
        "log_level": "warning",
        "access_log": False,  # never log URLs (invite codes) per request
    }
    settings.update(overrides)
    return uvicorn.Config(app, **settings)


def run_server(config: uvicorn.Config, announce: str | None = None) -> None:
    """Run until interrupted; once listening, settle the garbage collector and print
    ``announce``."""
    server = uvicorn.Server(config)
    original = server.startup

    async def startup(sockets: object = None) -> None:
        await original(sockets)  # type: ignore[arg-type]
        # What startup built (modules, games, rebuilt tables) lives as long as the server:
        # keep it out of the collector's full passes, and make those rarer.
        gc.collect()
        gc.freeze()
        gc.set_threshold(*GC_THRESHOLDS)
        if announce:
            print(announce, flush=True)

    server.startup = startup  # type: ignore[method-assign]
    server.run()


LOOPBACK = ("127.0.0.1", "localhost", "[::1]")


def own_origins(host: str, port: int) -> tuple[str, ...]:
    """The web origins of the address the server listens on (a page it served has one of
    them). On loopback or every interface: the loopback names; on every interface also this
    machine's name and addresses; otherwise the address itself."""
    if host in ("", "0.0.0.0", "::"):
        hostname = socket.gethostname()
        names = [*LOOPBACK, hostname, socket.getfqdn()]
        with contextlib.suppress(OSError):
            names += [_bracketed(str(info[4][0])) for info in socket.getaddrinfo(hostname, None)]
    elif _is_loopback(host):
        names = [*LOOPBACK, _bracketed(host)]
    else:
        names = [_bracketed(host)]
    origins = [f"http://{name}:{port}" for name in names]
    if port == 80:  # a browser leaves the default port out
        origins += [f"http://{name}" for name in names]
    return tuple(dict.fromkeys(origins))


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _bracketed(address: str) -> str:
    return f"[{address}]" if ":" in address and not address.startswith("[") else address


def serve(
    host: str,
    port: int,
    db_url: str | None,
    *,
    bot_workers: int = 2,
    bot_seconds: float = 10.0,
    allowed_origins: tuple[str, ...] = (),
    limits: Limits | None = None,
    trusted_proxies: tuple[str, ...] = (),
    reports_dir: Path | None = None,
) -> None:
    """Serve until interrupted. The address is printed once the server listens. Forwarded
    addresses are believed only from ``trusted_proxies``."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    app = create_app(
        db_url,
        bot_workers=bot_workers,
        bot_seconds=bot_seconds,
        allowed_origins=allowed_origins,
        server_origins=own_origins(host, port),
        limits=limits,
        reports_dir=reports_dir,
    )
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else host
    config = uvicorn_config(app, host, port, limits=limits, trusted_proxies=trusted_proxies)
    run_server(config, f"clickbox is serving on http://{shown}:{port}")
