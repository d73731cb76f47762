"""The online play server: lobby, tables, WebSocket play, bots, persistence (``clickbox serve``).

``create_app`` is loaded on first use: a bot worker process imports ``clickbox.server.worker``
and must not load the web stack before it has checked that its server is still there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import create_app


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from .app import create_app

        return create_app
    raise AttributeError(f"module 'clickbox.server' has no attribute {name!r}")


__all__ = ["create_app"]
