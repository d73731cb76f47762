"""The hub: live tables, their connections, the lobby, bots, presence and clocks.

Every change to a table follows one path, under that table's lock: check the request, apply it
to the table in memory, store the event (committed), and only then reply and broadcast. If the
store fails, the table goes back to how it was and the requester hears why.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
import time
import unicodedata
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, TypeVar

from ..bots.levels import LEVEL_NAMES
from ..bots.registry import make_bot
from ..core import ClickboxError, GameBase, derive_seed, parse_option_pairs
from ..games import CATALOG, load
from ..storage import Event, SeatRow, Store, TableRow
from .bots import BotRunner
from .frames import build_frame, table_info
from .tables import SEED_BITS, LiveTable, TableError, TableSettings, error_code

log = logging.getLogger("clickbox.server")
T = TypeVar("T")

INVITE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
INVITE_LENGTH = 8
NAME_LIMIT = 32
CHAT_LIMIT = 500
CLIENT_ID_LIMIT = 64


def hash_token(token: str) -> str:
    """The stored form of a seat token (sha256; the token itself is never stored)."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    """A seat token: 192 random bits."""
    return secrets.token_urlsafe(24)


def clean_text(value: object, what: str, limit: int) -> str:
    """Printable text of at most ``limit`` characters, or TableError saying what is wrong."""
    if not isinstance(value, str):
        raise TableError("invalid", f"{what} must be text")
    text = "".join(ch for ch in value if unicodedata.category(ch)[0] != "C" or ch == " ")
    text = " ".join(text.split())
    if not text:
        raise TableError("invalid", f"{what} must not be empty")
    if len(text) > limit:
        raise TableError("invalid", f"{what} is longer than {limit} characters")
    return text


class Viewer:
    """What the hub needs of a connection: its seat, and a way to queue a frame."""

    seat: int | None
    table_id: str | None

    def send(self, text: str) -> None:  # pragma: no cover - implemented by Connection
        raise NotImplementedError

    def close(self, code: int, reason: str) -> None:  # pragma: no cover
        raise NotImplementedError


class Hub:
    """All live tables of one server process."""

    def __init__(
        self,
        store: Store,
        bots: BotRunner | None = None,
        *,
        bot_delay: float = 0.0,
    ) -> None:
        self.store = store
        self.bots = bots if bots is not None else BotRunner()
        self.bot_delay = bot_delay
        self.tables: dict[str, LiveTable] = {}
        self._ids: dict[str, str] = {}  # invite -> table id
        self._locks: dict[str, asyncio.Lock] = {}
        self._viewers: dict[str, set[Viewer]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._bot_jobs: set[tuple[str, int, int, int]] = set()
        self._timers: dict[tuple[str, str, int], asyncio.Task[None]] = {}
        self._executor = ThreadPoolExecutor(
            max_workers=1 if store.is_sqlite else 4, thread_name_prefix="db"
        )
        self.closed = False

    # -- plumbing -----------------------------------------------------------------------------

    async def _db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, partial(fn, *args, **kwargs))

    def _spawn(self, coro: Awaitable[None]) -> None:
        task: asyncio.Task[None] = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        task.add_done_callback(_log_failure)

    def lock(self, table: LiveTable) -> asyncio.Lock:
        """The lock every change of ``table`` holds."""
        return self._locks.setdefault(table.id, asyncio.Lock())

    async def startup(self) -> None:
        """Rebuild every table in play from its stored log, and resume its bots and clocks."""
        rows = await self._db(self.store.tables, ["playing"])
        rebuilt = 0
        for row in rows:
            try:
                table = await self._load(row)
            except Exception:  # one unreadable log must not keep every other table offline
                log.exception(
                    "table %s (%s) could not be rebuilt; it stays offline", row.id, row.game
                )
                continue
            rebuilt += 1
            for seat in range(table.game.num_players):
                if table.seats[seat].kind == "human":
                    self._grace(table, seat)  # nobody is connected after a restart
        log.info("rebuilt %d of %d table(s) in play", rebuilt, len(rows))

    async def shutdown(self) -> None:
        """Stop timers and bots (tables are already stored)."""
        self.closed = True
        for task in list(self._tasks):
            task.cancel()
        self.bots.close()
        self._executor.shutdown(wait=False)

    async def _load(self, row: TableRow) -> LiveTable:
        game = load(row.game)
        table = LiveTable(row, game)
        for event in await self._db(self.store.events, row.id):
            table.apply_event(event)
        self.tables[table.id] = table
        self._ids[table.invite] = table.id
        self._after_change(table)
        return table

    async def table(self, invite: str) -> LiveTable:
        """The table with this invite code (loaded from storage if needed)."""
        table_id = self._ids.get(invite)
        if table_id is not None:
            return self.tables[table_id]
        if not (isinstance(invite, str) and 0 < len(invite) <= 16 and invite.isalnum()):
            raise TableError("not_found", "no table has that invite code")
        row = await self._db(self.store.table_by_invite, invite.upper())
        if row is None:
            raise TableError("not_found", "no table has that invite code")
        async with self._locks.setdefault(row.id, asyncio.Lock()):
            if row.id in self.tables:
                return self.tables[row.id]
            try:
                return await self._load(row)
            except (RuntimeError, ClickboxError, KeyError, ValueError):
                log.exception("table %s (%s) could not be rebuilt", row.id, row.game)
                raise TableError("unavailable", "this table's log cannot be read") from None

    async def _record(self, table: LiveTable, event: Event) -> Event:
        """Apply ``event`` to the table, store it, and return it (the caller holds the lock).

        The table is unchanged if either step fails.
        """
        snapshot = table.snapshot()
        try:
            event = table.apply_event(event)
        except ClickboxError as exc:
            table.restore(snapshot)
            raise TableError(error_code(exc), str(exc)) from None
        deadline = self._next_deadline(table, snapshot)
        table.deadline = deadline
        event.data["deadline"] = deadline
        values: dict[str, Any] = {}
        if deadline != snapshot["deadline"]:
            values["deadline"] = deadline
        if table.status != snapshot["status"]:
            values["status"] = table.status
        if table.game_number != snapshot["game_number"]:
            values["game_number"] = table.game_number
        try:
            await self._db(self.store.append_event, table.id, event, **values)
        except Exception:
            table.restore(snapshot)
            log.exception("could not store event %d of table %s", event.seq, table.id)
            raise TableError("unavailable", "the move could not be saved; try again") from None
        return event

    # -- lobby --------------------------------------------------------------------------------

    async def create(self, body: dict[str, Any]) -> dict[str, Any]:
        """Create a table; the creator takes the first human seat unless ``join`` is false."""
        game = _game_from_request(body)
        settings = TableSettings.from_json(body.get("settings"))
        _check_bot(settings.takeover, "takeover")
        seats = _seats_from_request(body.get("seats"), game)
        join = body.get("join", True)
        if not isinstance(join, bool):
            raise TableError("invalid", "join must be true or false")
        name = clean_text(body.get("name", "Host"), "name", NAME_LIMIT) if join else None
        table_id = secrets.token_hex(8)
        invite = "".join(secrets.choice(INVITE_ALPHABET) for _ in range(INVITE_LENGTH))
        token = None
        first_human = next((s.seat for s in seats if s.kind == "human"), None)
        if join and first_human is not None and name is not None:
            token = new_token()
            seats[first_human] = SeatRow(first_human, "human", None, name, hash_token(token))
        row = TableRow(
            id=table_id,
            invite=invite,
            game=game.spec(),
            settings=settings.to_json(),
            public=settings.public,
            status="open",
            game_number=0,
            deadline=None,
            created_at=time.time(),
            seats=tuple(seats),
        )
        await self._db(self.store.create_table, row)
        table = LiveTable(row, game)
        self.tables[table_id] = table
        self._ids[invite] = table_id
        if first_human is None:
            async with self.lock(table):
                await self._start(table)
        reply: dict[str, Any] = {"invite": invite}
        if token is not None:
            reply |= {"seat": first_human, "token": token}
        return reply

    async def listing(self) -> list[dict[str, Any]]:
        """Public tables that are open or in play, oldest first."""
        rows = await self._db(self.store.tables, ["open", "playing"], public_only=True)
        return [_row_info(row) for row in rows]

    async def join(self, invite: str, body: dict[str, Any]) -> dict[str, Any]:
        """Claim a free human seat (the one asked for, else the first free one)."""
        table = await self.table(invite)
        name = clean_text(body.get("name"), "name", NAME_LIMIT)
        wanted = body.get("seat")
        if wanted is not None and (
            isinstance(wanted, bool)
            or not isinstance(wanted, int)
            or not 0 <= wanted < len(table.seats)
        ):
            raise TableError("invalid", f"seat must be a number from 0 to {len(table.seats) - 1}")
        if table.status != "open":
            raise TableError("conflict", "the game has started: spectate it, or wait for the next")
        token = new_token()
        digest = hash_token(token)
        candidates = [wanted] if wanted is not None else range(len(table.seats))
        for seat in candidates:
            row = table.seats[seat]
            if row.kind != "human" or (row.token_hash is not None and wanted is None):
                continue
            if await self._db(self.store.claim_seat, table.id, seat, name, digest):
                await self._refresh_seats(table)
                return {"invite": table.invite, "seat": seat, "token": token}
        if wanted is not None:
            raise TableError("conflict", f"seat {wanted} is not free")
        raise TableError("conflict", "every seat is taken")

    async def _refresh_seats(self, table: LiveTable) -> None:
        async with self.lock(table):
            table.seats = await self._db(self.store.seats, table.id)
            self._broadcast_table(table)

    def seat_of(self, table: LiveTable, token: object) -> int | None:
        """The seat this token holds at the table (constant-time compare), or None."""
        if not isinstance(token, str) or not 0 < len(token) <= 128:
            return None
        digest = hash_token(token)
        found = None
        for row in table.seats:
            if row.token_hash is not None and hmac.compare_digest(row.token_hash, digest):
                found = row.seat
        return found

    def _seated(self, table: LiveTable, token: object) -> int:
        seat = self.seat_of(table, token)
        if seat is None:
            raise TableError("not_seated", "that seat token is not valid at this table")
        return seat

    async def leave(self, invite: str, token: object) -> dict[str, Any]:
        """Give a seat back before the game starts."""
        table = await self.table(invite)
        seat = self._seated(table, token)
        if table.status != "open":
            raise TableError("conflict", "the game has started; a seat cannot be left now")
        assert isinstance(token, str)
        await self._db(self.store.release_seat, table.id, seat, hash_token(token))
        await self._refresh_seats(table)
        return {"invite": table.invite, "left": seat}

    async def start(self, invite: str, token: object) -> dict[str, Any]:
        """Start the game (all human seats taken) or, after one ended, play again."""
        table = await self.table(invite)
        self._seated(table, token)
        async with self.lock(table):
            if table.status == "playing":
                raise TableError("conflict", "the game is already being played")
            free = [row.seat for row in table.seats if not row.taken]
            if free:
                raise TableError("conflict", f"seat(s) {free} have no player yet")
            await self._start(table)
        return {"invite": table.invite, "game_number": table.game_number}

    async def _start(self, table: LiveTable) -> None:
        seed = secrets.randbits(SEED_BITS)
        await self._record(table, table.next_event("start", None, {"seed": seed}))
        self._broadcast_state(table)
        self._after_change(table)

    # -- play ---------------------------------------------------------------------------------

    async def hello(self, viewer: Viewer, table: LiveTable, message: dict[str, Any]) -> None:
        """Bind a connection to its seat (by token) or as a spectator, and send it the table."""
        token = message.get("token")
        seat = None
        if token is not None:
            seat = self._seated(table, token)
        viewer.seat = seat
        viewer.table_id = table.id
        since = message.get("since")
        async with self.lock(table):
            if seat is not None:
                # Presence first (the others hear of it), then this connection's snapshot.
                table.connected[seat] = table.connected.get(seat, 0) + 1
                self._cancel_timer(table, "grace", seat)
                if seat in table.away:
                    await self._record(table, table.next_event("return", seat, {}))
                    self._broadcast_state(table)
                    self._after_change(table)
                else:
                    self._broadcast_table(table)
            self._viewers.setdefault(table.id, set()).add(viewer)
            viewer.send(build_frame(table, seat, "welcome", seat=seat))
            if isinstance(since, int) and not isinstance(since, bool) and since < table.seq:
                for entry in table.chat:
                    if entry["seq"] > since:
                        viewer.send(build_frame(table, seat, "chat", **entry))
            viewer.send(build_frame(table, seat, "state", snapshot=True))

    async def goodbye(self, viewer: Viewer) -> None:
        """A connection closed."""
        table = self.tables.get(viewer.table_id or "")
        if table is None:
            return
        self._viewers.get(table.id, set()).discard(viewer)
        seat = viewer.seat
        if seat is None:
            return
        table.connected[seat] = max(0, table.connected.get(seat, 0) - 1)
        if table.connected[seat] == 0:
            self._broadcast_table(table)
            self._grace(table, seat)

    async def act(
        self,
        table: LiveTable,
        seat: int,
        client_id: str,
        action: object,
        version: object,
        *,
        by: str | None = None,
        reason: str | None = None,
    ) -> tuple[dict[str, Any], bool]:
        """Apply a seat's move; return the reply and whether the seat needs a fresh state.

        A request id seen before gets its first reply again and changes nothing.
        """
        async with self.lock(table):
            key = (seat, client_id)
            first = table.replies.get(key) or table.error_replies.get(key)
            if first is not None:
                return first, False
            try:
                code = table.check_act(seat, action, version)
                data: dict[str, Any] = {"action": table.game.action_to_string(code)}
                if by is not None:
                    data["by"] = by
                if reason is not None:
                    data["reason"] = reason
                event = table.next_event("act", seat, data, client_id)
                event = await self._record(table, event)
            except TableError as exc:
                reply = {
                    "type": "reply",
                    "re": client_id,
                    "ok": False,
                    "error": {"code": exc.code, "message": exc.message},
                }
                if exc.code != "unavailable":
                    table.remember(key, reply, error=True)
                return reply, exc.code == "stale"
            reply = table.replies[key]
            self._broadcast_state(table)
            self._after_change(table)
            return reply, False

    async def chat(
        self, table: LiveTable, seat: int, client_id: str, text: object
    ) -> dict[str, Any]:
        """Post a chat line from a seat; return the reply.

        A request id seen before gets its first reply again and posts nothing.
        """
        async with self.lock(table):
            key = (seat, client_id)
            first = table.replies.get(key) or table.error_replies.get(key)
            if first is not None:
                return first
            line = clean_text(text, "a chat message", CHAT_LIMIT)
            name = table.seats[seat].name or f"seat {seat}"
            event = table.next_event("chat", seat, {"name": name, "text": line}, client_id)
            event = await self._record(table, event)
            reply = table.replies[key]  # apply_event kept it
            entry = table.chat[-1]
            for viewer in list(self._viewers.get(table.id, ())):
                viewer.send(build_frame(table, viewer.seat, "chat", **entry))
            return reply

    def state_frame(self, table: LiveTable, seat: int | None) -> str:
        """A fresh state frame (resync)."""
        return build_frame(table, seat, "state", snapshot=True)

    def _broadcast_state(self, table: LiveTable) -> None:
        self._broadcast(table, "state")

    def _broadcast_table(self, table: LiveTable) -> None:
        self._broadcast(table, "table")

    def _broadcast(self, table: LiveTable, kind: str) -> None:
        """Send every connection of the table a frame of ``kind``, built once per seat."""
        viewers = list(self._viewers.get(table.id, ()))
        if not viewers:
            return
        info = table_info(table)
        frames: dict[int | None, str] = {}
        for viewer in viewers:
            seat = viewer.seat
            if seat not in frames:
                frames[seat] = build_frame(table, seat, kind, info=info)
            viewer.send(frames[seat])

    # -- bots, clocks, presence -----------------------------------------------------------------

    def _after_change(self, table: LiveTable) -> None:
        """Start whatever the new position needs: a bot's move, a turn clock."""
        if self.closed or table.status != "playing" or table.match is None:
            return
        state = table.match.state
        mover = state.current_player()
        if mover >= 0 and mover in table.awaiting():
            bot = table.bot_for(mover)
            if bot is not None:
                job = (table.id, table.game_number, table.version, mover)
                if job not in self._bot_jobs:
                    self._bot_jobs.add(job)
                    self._spawn(self._bot_move(table, mover, bot, job))
        if table.deadline is not None:
            self._set_timer(table, "clock", -1, table.deadline - time.time(), self._clock_ran_out)

    async def _bot_move(
        self, table: LiveTable, seat: int, bot: str, job: tuple[str, int, int, int]
    ) -> None:
        try:
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            assert table.match is not None
            version = table.version
            view = table.match.state.view(seat)
            seed = derive_seed(table.match.seed, "bot", table.game_number, version, seat)
            action = await self.bots.choose(table.game.spec(), bot, view, seed)
            if table.version != version or table.bot_for(seat) != bot:
                return  # the position moved on (a takeover ended, say)
            client_id = f"bot:{table.game_number}:{version}:{seat}"
            reason = None if table.seats[seat].kind == "bot" else "away"
            by = f"bot:{bot}"
            reply, _ = await self.act(table, seat, client_id, action, version, by=by, reason=reason)
            if not reply["ok"]:
                log.warning("table %s: bot %s's move refused: %s", table.id, bot, reply["error"])
        finally:
            self._bot_jobs.discard(job)

    def _next_deadline(self, table: LiveTable, before: dict[str, Any]) -> float | None:
        """The turn clock after a change: a new decision gets the full time; a simultaneous
        step keeps one deadline for all its seats."""
        seconds = table.settings.turn_seconds
        if not seconds or table.status != "playing":
            return None
        humans = [s for s in table.awaiting() if table.bot_for(s) is None]
        if not humans:
            return None
        same_step = table.step_version is not None and table.step_version == before["step_version"]
        if same_step and before["deadline"] is not None:
            return float(before["deadline"])
        if table.version == before["version"] and before["deadline"] is not None:
            return float(before["deadline"])  # a chat line or an early choice: same decision
        return time.time() + seconds

    async def _clock_ran_out(self, table: LiveTable, _seat: int) -> None:
        if table.deadline is None or time.time() < table.deadline or table.match is None:
            return
        state = table.match.state
        mover = state.current_player()
        if mover < 0 or table.bot_for(mover) is not None:
            return
        version = table.version
        level = table.settings.takeover
        seed = derive_seed(table.match.seed, "clock", table.game_number, version, mover)
        action = await self.bots.choose(table.game.spec(), level, state.view(mover), seed)
        client_id = f"clock:{table.game_number}:{version}:{mover}"
        await self.act(table, mover, client_id, action, version, by=f"bot:{level}", reason="clock")

    def _grace(self, table: LiveTable, seat: int) -> None:
        if table.settings.grace_policy != "bot" or table.status != "playing":
            return
        self._set_timer(table, "grace", seat, table.settings.grace_seconds, self._grace_ran_out)

    async def _grace_ran_out(self, table: LiveTable, seat: int) -> None:
        async with self.lock(table):
            if table.connected.get(seat, 0) or seat in table.away or table.status != "playing":
                return
            level = table.settings.takeover
            await self._record(table, table.next_event("takeover", seat, {"bot": level}))
            self._broadcast_state(table)
            self._after_change(table)

    def _set_timer(
        self,
        table: LiveTable,
        kind: str,
        seat: int,
        delay: float,
        then: Callable[[LiveTable, int], Awaitable[None]],
    ) -> None:
        key = (table.id, kind, seat)
        self._cancel_timer(table, kind, seat)

        async def wait() -> None:
            await asyncio.sleep(max(0.0, delay))
            if self._timers.get(key) is asyncio.current_task():
                del self._timers[key]
            await then(table, seat)

        task: asyncio.Task[None] = asyncio.ensure_future(wait())
        self._timers[key] = task
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        task.add_done_callback(_log_failure)

    def _cancel_timer(self, table: LiveTable, kind: str, seat: int) -> None:
        task = self._timers.pop((table.id, kind, seat), None)
        if task is not None:
            task.cancel()


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("background task failed", exc_info=task.exception())


def _game_from_request(body: dict[str, Any]) -> GameBase:
    name = body.get("game")
    if not isinstance(name, str) or not name or len(name) > 200:
        names = ", ".join(g.name for g in CATALOG.games)
        raise TableError("invalid", f"'game' must be one of: {names}")
    players = body.get("players")
    if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
        raise TableError("invalid", "'players' must be a number")
    preset = body.get("preset")
    if preset is not None and not isinstance(preset, str):
        raise TableError("invalid", "'preset' must be a preset name")
    options = body.get("options") or {}
    if not isinstance(options, dict) or not all(
        isinstance(k, str) and isinstance(v, (str, int, float, bool)) for k, v in options.items()
    ):
        raise TableError("invalid", "'options' must map option names to values")
    pairs = [f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in options.items()]
    try:
        return load(name, players, preset, parse_option_pairs(pairs))
    except ClickboxError as exc:
        raise TableError("invalid", str(exc)) from None


def _seats_from_request(value: object, game: GameBase) -> list[SeatRow]:
    count = game.num_players
    if value is None:
        value = ["human"] + ["bot:medium"] * (count - 1)
    if not isinstance(value, list) or len(value) != count:
        raise TableError("invalid", f'\'seats\' must list {count} seats ("human" or "bot:LEVEL")')
    seats = []
    for seat, spec in enumerate(value):
        if spec == "human":
            seats.append(SeatRow(seat, "human"))
            continue
        if not isinstance(spec, str) or not spec.startswith("bot") or len(spec) > 200:
            raise TableError("invalid", f'seat {seat} must be "human" or "bot:LEVEL"')
        bot = spec[4:] if spec.startswith("bot:") else "medium"
        if spec not in ("bot",) and not spec.startswith("bot:"):
            raise TableError("invalid", f'seat {seat} must be "human" or "bot:LEVEL"')
        _check_bot(bot, f"seat {seat}")
        seats.append(SeatRow(seat, "bot", bot))
    return seats


def _check_bot(bot: str, what: str) -> None:
    """TableError unless ``bot`` is a bot level or a bot spec that makes a bot."""
    if bot in LEVEL_NAMES:
        return
    try:
        make_bot(bot)
    except (ClickboxError, ValueError) as exc:
        raise TableError("invalid", f"{what}: {exc}") from None


def _row_info(row: TableRow) -> dict[str, Any]:
    return {
        "invite": row.invite,
        "game": row.game,
        "status": row.status,
        "game_number": row.game_number,
        "seats": [
            {"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name, "taken": s.taken}
            for s in row.seats
        ],
        "created_at": row.created_at,
    }
