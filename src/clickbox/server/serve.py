"""Run the server with uvicorn (``clickbox serve``)."""

from __future__ import annotations

import gc
import logging

import uvicorn

from .app import MAX_MESSAGE, create_app

WS_MAX_SIZE = 2 * MAX_MESSAGE
"""uvicorn closes a connection (1009) on a bigger message; smaller oversized ones get an error."""


def serve(
    host: str,
    port: int,
    db_url: str | None,
    *,
    bot_workers: int = 1,
    bot_seconds: float = 10.0,
    allowed_origins: tuple[str, ...] = (),
    announce: bool = True,
) -> None:
    """Serve until interrupted. The address is printed once the server listens."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    app = create_app(
        db_url, bot_workers=bot_workers, bot_seconds=bot_seconds, allowed_origins=allowed_origins
    )
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        ws_max_size=WS_MAX_SIZE,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        ws_per_message_deflate=False,  # a quarter of the CPU per move; frames are a few KB
        log_level="warning",
        access_log=False,  # never log URLs (invite codes) per request
    )
    server = uvicorn.Server(config)
    original = server.startup

    async def startup(sockets: object = None) -> None:
        await original(sockets)  # type: ignore[arg-type]
        # What startup built (modules, games, rebuilt tables) lives as long as the server: keep
        # it out of the garbage collector's full passes, whose pauses are the latency tail.
        gc.collect()
        gc.freeze()
        gc.set_threshold(700, 10, 100)  # full passes ten times rarer than Python's default
        if announce:
            shown = "127.0.0.1" if host in ("0.0.0.0", "") else host
            print(f"clickbox is serving on http://{shown}:{port}", flush=True)

    server.startup = startup  # type: ignore[method-assign]
    server.run()
