"""What one client may ask of the server, and how long unused tables stay in memory.

The numbers are ``clickbox serve`` flags (``docs/server.md``); this module loads no web stack,
so that the CLI can show their defaults.
"""

from __future__ import annotations

import ipaddress
import time
from dataclasses import dataclass

from ..bots.levels import LEVEL_NAMES

SERVER_BOTS = (*LEVEL_NAMES, "random")
"""The bots a seat may ask for (``bot:LEVEL``), besides the specs an operator allows."""


@dataclass(frozen=True)
class Limits:
    """What one client may ask of the server, and how long unused tables stay (0: no limit)."""

    create_per_minute: float = 10.0
    """Tables one client address may create a minute, on average ..."""
    create_burst: int = 20
    """... and at once."""
    tables_per_client: int = 20
    """Tables created by one client address that may be open or in play at the same time."""
    spectators_per_table: int = 200
    """Spectators (connections without a seat) one table may have at a time ..."""
    spectators_per_client: int = 20
    """... and one client address, at all tables together (a seat's player never counts)."""
    idle_seconds: float = 300.0
    """A table nobody is connected to, and that no bot or clock is working on, leaves memory
    after this long (it is rebuilt from its log when asked for)."""
    open_seconds: float = 3600.0
    """An open table nobody joins or leaves (and nobody watches) for this long expires."""
    playing_seconds: float = 7 * 86_400.0
    """A table in play where nobody moves (and no player is connected) for this long is
    abandoned: nobody will finish it."""
    replay_per_minute: float = 30.0
    """Replay requests of one client address a minute, on average ..."""
    replay_burst: int = 10
    """... and at once."""
    signin_per_minute: float = 10.0
    """Sign-in attempts of one client address a minute, on average ..."""
    signin_burst: int = 10
    """... and at once."""
    signin_name_per_minute: float = 5.0
    """Sign-in attempts of one client address at one account name a minute, on average ..."""
    signin_name_burst: int = 5
    """... and at once."""
    signin_delay: float = 3.0
    """The longest a sign-in waits because its account name has failed often lately, from any
    address (no name is ever locked: ``accounts.SignInGuard``); an address that signed in to
    the name lately does not wait."""
    signup_per_minute: float = 3.0
    """Accounts one client address may create a minute, on average ..."""
    signup_burst: int = 5
    """... and at once."""
    header_seconds: float = 10.0
    """A request's head (line and headers) must be in within this long of the connection's
    start or of the previous answer's end, or the connection is closed ..."""
    body_seconds: float = 30.0
    """... and its body within this long of its head."""
    connections_per_client: int = 1000
    """Connections (HTTP and WebSocket) one client address may hold open at a time: the
    connection's own peer (a proxy's connections are the proxy's); an IPv6 address by its /64."""
    max_connections: int = 10000
    """Connections open at a time in all (and never more than the process's file-descriptor
    limit allows, less a reserve; 0: that limit only)."""
    chat_per_seat: int = 200
    """Chat lines one seat may post in one game (and before it, or after it until the next) ..."""
    chat_per_table: int = 600
    """... and all the table's seats together."""
    spectator_chat_per_minute: float = 6.0
    """Spectators' chat lines one client address may post a minute, on average ..."""
    spectator_chat_burst: int = 5
    """... and at once ..."""
    spectator_chat_per_table: int = 300
    """... and all the spectators of one table while it is in memory (their chat is not stored:
    the table keeps its last lines only)."""
    undos_per_seat: int = 100
    """Moves one seat may take back in one game."""
    events_per_game: int = 5000
    """Events of one game (the longest games have a few hundred moves) past which the players'
    chat and undos are refused; moves never are, a bot's or a clock's or a player's: every game
    can finish."""
    bots: tuple[str, ...] = ()
    """Bot specs accepted besides ``SERVER_BOTS`` (``clickbox serve --allow-bot``)."""

    def sweep_seconds(self) -> float:
        """How often the hub looks for idle and expired tables."""
        periods = [p / 4 for p in (self.idle_seconds, self.open_seconds) if p > 0]
        return max(1.0, min([30.0, *periods]))


class Buckets:
    """Token buckets by key (a client address): ``per_minute`` on average, ``burst`` at once
    (``per_minute`` 0: no limit)."""

    def __init__(self, per_minute: float, burst: int) -> None:
        self.rate = per_minute / 60.0
        self.burst = float(max(1, burst))
        self._buckets: dict[str, tuple[float, float]] = {}

    def take(self, key: str, now: float | None = None) -> bool:
        """Take one token: False when the key has none left."""
        if self.rate <= 0:
            return True
        now = time.monotonic() if now is None else now
        tokens, last = self._buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        if tokens < 1:
            self._buckets[key] = (tokens, now)
            return False
        self._buckets[key] = (tokens - 1, now)
        return True

    def prune(self, now: float | None = None) -> None:
        """Forget the keys whose bucket is full again."""
        now = time.monotonic() if now is None else now
        full = [
            key
            for key, (tokens, last) in self._buckets.items()
            if tokens + (now - last) * self.rate >= self.burst
        ]
        for key in full:
            del self._buckets[key]


def address_key(client: str) -> str:
    """What the per-address limits and caps count by: the address, an IPv6 address by its /64
    network (one host holds a whole /64), an IPv4-mapped one as the IPv4 address."""
    try:
        address = ipaddress.ip_address(client)
    except ValueError:
        return client
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)
