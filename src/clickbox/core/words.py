"""Every text a seat reads about the moves made is made here, from that seat's view alone.

A view's ``log`` writes each move as the viewer may know it: plain notation, ``"?"`` for what it
may not know, or a game's masked notation (Click Click Boom's ``L?:boom``, a pick from the
viewer's own hand). :func:`log_words` turns those entries into words with
:meth:`GameBase.describe_logged`, so the live log, the replay viewer and the terminal can never
say more than the view does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .protocol import GameBase, View

_CACHE: dict[tuple[str, str, bool], str] = {}
_CACHE_LIMIT = 100_000


def entry_words(game: GameBase, entry: str | Mapping[str, Any]) -> str:
    """The words of one entry of a view's ``log`` (a notation string, or ``{seat, move}``)."""
    if isinstance(entry, str):
        move, by_chance = entry, False
    else:
        move, by_chance = str(entry["move"]), entry.get("seat") == "chance"
    key = (game.spec(), move, by_chance)
    words = _CACHE.get(key)
    if words is None:
        words = game.describe_logged(move, by_chance)
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        _CACHE[key] = words
    return words


def log_words(game: GameBase, view: View) -> list[str]:
    """The words of every entry of ``view["log"]``, in order."""
    return [entry_words(game, entry) for entry in view.get("log", ())]
