"""The online play server: lobby, tables, WebSocket play, bots, persistence (``clickbox serve``)."""

from .app import create_app

__all__ = ["create_app"]
