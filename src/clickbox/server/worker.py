"""What runs in a bot worker process: its start (tied to the server's life) and one decision.

This module imports only the standard library at load time: a spawned worker loads it before
anything else of clickbox, so that :func:`start` can check its parent before the slow imports
(every game and bot), and a server killed while its worker is still starting leaves nothing
behind. The worker then dies with the server however the server ends: on Linux the kernel
kills it (``PR_SET_PDEATHSIG``); elsewhere a thread notices that its parent is gone.
"""

from __future__ import annotations

import ctypes
import os
import random
import signal
import sys
import threading
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..bots.base import Bot
    from ..core import GameBase, View

PR_SET_PDEATHSIG = 1
"""prctl(2): the signal this process gets when the thread that started it ends."""
WATCH_SECONDS = 0.5

_GAMES: dict[str, GameBase] = {}
_BOTS: dict[str, Bot] = {}


def start(parent: int) -> None:
    """The worker's initializer: leave at once if the server that started it (process
    ``parent``) is already gone, arrange to die with it, and only then import the games."""
    if os.getppid() != parent:
        os._exit(0)
    _die_with_parent()
    if os.getppid() != parent:  # it died before the kernel was told
        os._exit(0)
    threading.Thread(target=_exit_with_parent, args=(parent,), daemon=True).start()
    import clickbox.bots.levels  # noqa: F401  (every game and bot, once per worker)


def _die_with_parent() -> None:
    """Linux: SIGKILL this process when its parent ends (a no-op elsewhere)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # pragma: no cover - no prctl: the thread still watches
        pass


def _exit_with_parent(parent: int) -> None:
    # Everywhere (and on Linux as a second line): leave once the parent is gone.
    while os.getppid() == parent:
        time.sleep(WATCH_SECONDS)
    os._exit(0)


def choose(game_spec: str, bot_spec: str, view: View, seed: int) -> str:
    """The bot's move (notation) for the seat whose ``view`` this is (in a worker, or in the
    server for the random move that replaces a decision out of time)."""
    from ..bots.registry import make_bot
    from ..games import load

    game = _GAMES.get(game_spec)
    if game is None:
        game = _GAMES[game_spec] = load(game_spec)
    bot = _BOTS.get(bot_spec)
    if bot is None:
        bot = _BOTS[bot_spec] = make_bot(bot_spec)
    return game.action_to_string(bot.choose(view, game, random.Random(seed)))


def rank(game_spec: str, bot_spec: str, view: View, seed: int, top: int = 3) -> str:
    """The bot's ``top`` best moves for the seat whose ``view`` this is, best first, as JSON
    ``[[notation, value or null], ...]`` (a hint: ``bots.hints``)."""
    import json
    import math

    from ..bots.hints import hints
    from ..games import load

    game = _GAMES.get(game_spec)
    if game is None:
        game = _GAMES[game_spec] = load(game_spec)
    best = hints(view, game, random.Random(seed), bot=bot_spec, top=top)
    return json.dumps(
        [[h.notation, None if math.isnan(h.value) else round(h.value, 3)] for h in best]
    )


def ping() -> Any:
    """Nothing: a job that only waits for the worker to have started (tests, warm-up)."""
    return os.getpid()
