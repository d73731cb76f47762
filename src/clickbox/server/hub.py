"""The hub: live tables, their connections, the lobby, bots, presence and clocks.

Every change to a table follows one path, under that table's lock: check the request, apply it
to the table in memory, store the event (committed), and only then reply and broadcast. If the
store fails, the table goes back to how it was and the requester hears why. The lobby's changes
(join, leave, start) hold the same lock, and a seat is claimed or given back only while the
table is open (one conditional UPDATE), so a started game never waits on a seat nobody holds.

A table nobody uses (no connection, no bot at work, no clock running) leaves memory after
``Limits.idle_seconds`` and is rebuilt from its log when it is asked for again; an open table
unchanged for ``Limits.open_seconds`` expires.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import hmac
import json
import logging
import secrets
import time
import unicodedata
from collections import Counter, OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from functools import partial
from typing import Any, TypeVar

from ..core import ClickboxError, GameBase, derive_seed, i18n, parse_option_pairs
from ..core.i18n import N_, t, tn
from ..games import CATALOG, load
from ..storage import Account, AccountSeated, Event, SeatRow, Store, TableRow
from . import ratings
from .bots import BotRunner
from .frames import build_frame, encode, replay_steps, table_info
from .limits import SERVER_BOTS, Buckets, Limits, address_key
from .tables import REMATCH_SECONDS, SEED_BITS, LiveTable, TableError, TableSettings, error_code

log = logging.getLogger("clickbox.server")
T = TypeVar("T")

INVITE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
INVITE_LENGTH = 8
NAME_LIMIT = 32
CHAT_LIMIT = 500
CLIENT_ID_LIMIT = 64
JOIN_ID_MIN = 16
MINE_LIMIT = 200
"""The most seats one "your games" request may ask about (one query checks them all; only the
tables open, in play or just finished are loaded)."""
"""A join's request id is at least this long: whoever sends it gets the seat's token."""
REPLAY_CACHE_BYTES = 32 * 1024 * 1024
"""The replay steps kept (their JSON text, least recently used dropped first)."""
SPECTATOR_FLUSH_SECONDS = 0.5
HINT_LEVELS = ("easy", "medium", "hard")
"""The bots a player may ask for a hint (``Hub.hint``)."""
"""A table's viewers hear of spectators coming and going in one ``table`` frame: at once after
a quiet spell, then at most once per this long while they keep coming and going."""


def hash_token(token: str) -> str:
    """The stored form of a seat token (sha256; the token itself is never stored)."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    """A seat token: 192 random bits."""
    return secrets.token_urlsafe(24)


def join_token(secret: str, request_id: str) -> str:
    """The seat token of a join with this request id at the table with this secret (192 bits
    of an HMAC: a join sent again gets the same token, and nobody can make one without the
    secret)."""
    digest = hmac.new(secret.encode(), b"join\x00" + request_id.encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(digest.digest()[:24]).decode()


TEXT_PROBLEMS: dict[str, tuple[str, str, str]] = {
    "name": (
        N_("name must be text"),
        N_("name must not be empty"),
        N_("name is longer than {limit} characters"),
    ),
    "a chat message": (
        N_("a chat message must be text"),
        N_("a chat message must not be empty"),
        N_("a chat message is longer than {limit} characters"),
    ),
}
"""What ``clean_text`` says is wrong with each text it checks, one sentence each."""
OTHER_TEXT_PROBLEMS = (
    N_("{what} must be text"),
    N_("{what} must not be empty"),
    N_("{what} is longer than {limit} characters"),
)


def clean_text(value: object, what: str, limit: int) -> str:
    """Printable text of at most ``limit`` characters, or TableError saying what is wrong."""
    not_text, empty, too_long = TEXT_PROBLEMS.get(what, OTHER_TEXT_PROBLEMS)
    if not isinstance(value, str):
        raise TableError("invalid", t(not_text, what=what))
    text = "".join(ch for ch in value if unicodedata.category(ch)[0] != "C" or ch == " ")
    text = " ".join(text.split())
    if not text:
        raise TableError("invalid", t(empty, what=what))
    if len(text) > limit:
        raise TableError("invalid", t(too_long, what=what, limit=limit))
    return text


class Viewer:
    """What the hub needs of a connection: its seat, its language, and a way to queue a
    frame."""

    seat: int | None
    table_id: str | None
    lang: str = i18n.SOURCE
    client: str = ""
    """The connection's client address (what the per-client spectator cap counts by)."""

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
        limits: Limits | None = None,
    ) -> None:
        self.store = store
        self.bots = bots if bots is not None else BotRunner()
        self.bot_delay = bot_delay
        self.limits = limits if limits is not None else Limits()
        self.tables: dict[str, LiveTable] = {}
        self._ids: dict[str, str] = {}  # invite -> table id
        self._locks: dict[str, asyncio.Lock] = {}
        self._users: Counter[str] = Counter()  # table id -> requests holding or awaiting its lock
        self._viewers: dict[str, set[Viewer]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._bot_jobs: set[tuple[str, int, int, int]] = set()
        self._hinting: set[tuple[str, int]] = set()
        """The seats with a hint on its way (table id, seat): one at a time."""
        self._timers: dict[tuple[str, str, int], asyncio.Task[None]] = {}
        self._creators: dict[str, str] = {}  # table id -> the address that created it
        self._unfinished: dict[str, set[str]] = {}  # address -> its tables open or in play
        self._spectating: dict[Viewer, str] = {}  # spectator connection -> its address
        self._spectators_of: Counter[str] = Counter()  # address -> its spectator connections
        self._spectators_pending: set[str] = set()  # table ids whose viewers have an old count
        self._spectators_flushing: set[str] = set()  # table ids with a flush task running
        self.create_buckets = Buckets(self.limits.create_per_minute, self.limits.create_burst)
        self.replay_buckets = Buckets(self.limits.replay_per_minute, self.limits.replay_burst)
        self.spectator_chat_buckets = Buckets(
            self.limits.spectator_chat_per_minute, self.limits.spectator_chat_burst
        )
        self._replays: OrderedDict[tuple[Any, ...], str] = OrderedDict()
        self._replay_bytes = 0
        self._replay_pending: dict[tuple[Any, ...], asyncio.Future[str]] = {}
        self._replay_slot = asyncio.Semaphore(1)
        self.replays_built = 0
        self.evictions = 0
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

    @contextlib.asynccontextmanager
    async def holding(self, table: LiveTable) -> AsyncIterator[LiveTable]:
        """Hold the table's lock; yield the table in memory (``table`` itself, or the table
        loaded again if ``table`` left memory before the lock was had)."""
        while True:
            self._users[table.id] += 1
            try:
                async with self.lock(table):
                    if not table.evicted:
                        table.touched = time.monotonic()
                        yield table
                        return
            finally:
                self._users[table.id] -= 1
                if self._users[table.id] <= 0:
                    del self._users[table.id]
            table = await self.table(table.invite)

    async def startup(self) -> None:
        """Rebuild every table in play from its stored log, and resume its bots and clocks;
        start the tables of bots that were stored but not started."""
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
        # A table of bots is created started (one transaction); one stored open by an older
        # version, or whose start failed, starts now rather than stay listed forever.
        for row in await self._db(self.store.tables, ["open"]):
            if row.seats and all(seat.kind == "bot" for seat in row.seats):
                with contextlib.suppress(TableError):
                    table = await self.table(row.invite)
                    async with self.holding(table) as table:
                        if table.status == "open":
                            await self._start(table)
        self._spawn(self._sweeper())

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
            table = self.tables[table_id]
            table.touched = time.monotonic()
            return table
        if not (isinstance(invite, str) and 0 < len(invite) <= 16 and invite.isalnum()):
            raise TableError("not_found", t("no table has that invite code"))
        row = await self._db(self.store.table_by_invite, invite.upper())
        if row is None:
            raise TableError("not_found", t("no table has that invite code"))
        async with self._locks.setdefault(row.id, asyncio.Lock()):
            if row.id in self.tables:
                return self.tables[row.id]
            try:
                # The row read before the lock may be older than the table (an eviction in
                # between): read it again under the lock.
                row = await self._db(self.store.table, row.id) or row
                table = await self._load(row)
            except (RuntimeError, ClickboxError, KeyError, ValueError):
                log.exception("table %s (%s) could not be rebuilt", row.id, row.game)
                raise TableError("unavailable", t("this table's log cannot be read")) from None
            if table.status == "finished" and table.rematch and table.rematch_ready():
                # Every seat had asked for another game, and the server stopped before it
                # stored the start: start it now (no new ask could, each is asked already).
                await self._start(table)
            return table

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
        if table.settings.bank_seconds:
            deadline = _next_bank(table, snapshot, event)
            event.data["banks"] = list(table.banks)
            event.data["clock_seat"] = table.clock_seat
        table.deadline = deadline
        event.data["deadline"] = deadline
        values: dict[str, Any] = {}
        if deadline != snapshot["deadline"]:
            values["deadline"] = deadline
        if table.status != snapshot["status"]:
            values["status"] = table.status
        if table.game_number != snapshot["game_number"]:
            values["game_number"] = table.game_number
        finish = None
        if table.status == "finished" and snapshot["status"] != "finished":
            finish = ratings.finish(table)  # stored with the last move: rated exactly once
        try:
            await self._db(self.store.append_event, table.id, event, finish=finish, **values)
        except Exception:
            table.restore(snapshot)
            log.exception("could not store event %d of table %s", event.seq, table.id)
            raise TableError("unavailable", t("the move could not be saved; try again")) from None
        return event

    # -- lobby --------------------------------------------------------------------------------

    async def create(
        self, body: dict[str, Any], client: str = "", account: Account | None = None
    ) -> dict[str, Any]:
        """Create a table; the creator takes the first human seat unless ``join`` is false
        (a signed-in creator under the account's name).

        ``client`` is the requester's address: it may create ``Limits.create_per_minute``
        tables a minute and have ``Limits.tables_per_client`` open or in play at a time.
        A table of bots only is stored started, in one transaction.
        """
        game = _game_from_request(body)
        settings = TableSettings.from_json(body.get("settings"))
        allowed = (*SERVER_BOTS, *self.limits.bots)
        _check_bot(settings.takeover, "takeover", allowed)
        seats = _seats_from_request(body.get("seats"), game, allowed)
        join = body.get("join", True)
        if not isinstance(join, bool):
            raise TableError("invalid", t("join must be true or false"))
        if join and settings.accounts_only and account is None:
            raise _sign_in_first()
        name = clean_text(body.get("name", "Host"), "name", NAME_LIMIT) if join else None
        if join and account is not None:
            name = account.name
        cap = self.limits.tables_per_client
        if cap and len(self._unfinished.get(client, ())) >= cap:
            raise TableError(
                "rate_limited",
                # TRANSLATORS: English says "tables" for any number; the forms are yours.
                tn(
                    "a client may have at most {n} tables open or in play; finish one first",
                    "a client may have at most {n} tables open or in play; finish one first",
                    cap,
                ),
            )
        if not self.create_buckets.take(client):
            raise TableError(
                "rate_limited",
                t(
                    "slow down: at most {per_minute} new tables a minute",
                    per_minute=f"{self.limits.create_per_minute:g}",
                ),
            )
        table_id = secrets.token_hex(8)
        invite = "".join(secrets.choice(INVITE_ALPHABET) for _ in range(INVITE_LENGTH))
        token = None
        first_human = next((s.seat for s in seats if s.kind == "human"), None)
        if join and first_human is not None and name is not None:
            token = new_token()
            seats[first_human] = SeatRow(
                first_human,
                "human",
                None,
                name,
                hash_token(token),
                None if account is None else account.id,
            )
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
            secret=secrets.token_hex(32),
        )
        table = LiveTable(row, game)
        events: list[Event] = []
        if first_human is None:
            # No human to wait for: the start is stored with the table, so that no table of
            # bots is ever left open (a kill between two transactions did that).
            start = table.next_event("start", None, {"seed": secrets.randbits(SEED_BITS)})
            events.append(table.apply_event(start))
            start.data["deadline"] = table.deadline = None
            row = replace(row, status=table.status, game_number=table.game_number)
        try:
            await self._db(self.store.create_table, row, events)
        except Exception:
            log.exception("could not store a new table")
            raise TableError("unavailable", t("the table could not be saved; try again")) from None
        self.tables[table_id] = table
        self._ids[invite] = table_id
        if table.status in ("open", "playing"):
            self._creators[table_id] = client
            self._unfinished.setdefault(client, set()).add(table_id)
        self._after_change(table)
        reply: dict[str, Any] = {"invite": invite}
        if token is not None:
            reply |= {"seat": first_human, "token": token}
        return reply

    async def listing(self) -> list[dict[str, Any]]:
        """Public tables that are open or in play, oldest first."""
        rows = await self._db(self.store.tables, ["open", "playing"], public_only=True)
        return [_row_info(row) for row in rows]

    async def join(
        self, invite: str, body: dict[str, Any], account: Account | None = None
    ) -> dict[str, Any]:
        """Claim a free human seat (the one asked for, else the first free one), under the
        account's name for a signed-in player.

        A join with a request id (``id``, as moves have) sent again gets the seat and token
        of its first answer: a join stored but never answered is not a seat nobody holds.
        """
        table = await self.table(invite)
        if table.settings.accounts_only and account is None:
            raise _sign_in_first()
        if account is not None:
            name = account.name
        else:
            name = clean_text(body.get("name"), "name", NAME_LIMIT)
        wanted = body.get("seat")
        if wanted is not None and (
            isinstance(wanted, bool)
            or not isinstance(wanted, int)
            or not 0 <= wanted < len(table.seats)
        ):
            raise TableError(
                "invalid",
                t("seat must be a number from 0 to {last}", last=len(table.seats) - 1),
            )
        request_id = body.get("id")
        if request_id is not None and not (
            isinstance(request_id, str)
            and JOIN_ID_MIN <= len(request_id) <= CLIENT_ID_LIMIT
            and request_id.isascii()
            and request_id.isprintable()
        ):
            raise TableError(
                "invalid",
                t(
                    "'id' must be a random request id of {low}-{high} characters",
                    low=JOIN_ID_MIN,
                    high=CLIENT_ID_LIMIT,
                ),
            )
        async with self.holding(table) as table:
            token = new_token()
            if request_id is not None and table.secret is not None:
                token = join_token(table.secret, request_id)
                seat = self.seat_of(table, token)
                if seat is not None:  # sent again: the first answer
                    return {"invite": table.invite, "seat": seat, "token": token}
            if table.status == "expired":
                raise TableError("conflict", t("this table has expired: create another"))
            if table.status != "open":
                raise TableError(
                    "conflict", t("the game has started: spectate it, or wait for the next")
                )
            account_id = None if account is None else account.id
            if account_id is not None:
                _check_one_seat(table, account_id)
            digest = hash_token(token)
            candidates = [wanted] if wanted is not None else range(len(table.seats))
            for seat in candidates:
                row = table.seats[seat]
                if row.kind != "human" or row.token_hash is not None:
                    continue
                try:
                    claimed = await self._db(
                        self.store.claim_seat, table.id, seat, name, digest, account_id
                    )
                except AccountSeated as exc:
                    await self._refresh_seats(table)
                    raise _one_seat_only(exc.seat) from None
                if claimed:
                    await self._refresh_seats(table)
                    return {"invite": table.invite, "seat": seat, "token": token}
            await self._refresh_seats(table)  # someone else's claim, or a change we missed
            if wanted is not None:
                raise TableError("conflict", t("seat {seat} is not free", seat=wanted + 1))
            raise TableError("conflict", t("every seat is taken"))

    async def claim(self, account_id: str, pairs: Sequence[tuple[str, str]]) -> int:
        """Give an account the guest seats whose (invite, token) its browser holds, with their
        finished games' results (which stay unrated); how many seats it got. A seat of a
        table where the account already plays is not claimed (one account, one seat), and a
        seat claimed during a game is rated from the next game on."""
        claimed = 0
        for invite, token in pairs:
            try:
                table = await self.table(invite)
            except TableError:
                continue
            if self.seat_of(table, token) is None:
                continue
            async with self.holding(table) as table:
                seat = self.seat_of(table, token)
                if seat is None or table.seats[seat].account_id is not None:
                    continue
                if any(row.account_id == account_id for row in table.seats):
                    continue
                with contextlib.suppress(AccountSeated):
                    if await self._db(
                        self.store.claim_guest_seat, account_id, table.id, seat, hash_token(token)
                    ):
                        claimed += 1
                await self._refresh_seats(table)
        return claimed

    async def _refresh_seats(self, table: LiveTable) -> None:
        """Read the seats again (the caller holds the lock) and tell everyone."""
        table.seats = await self._db(self.store.seats, table.id)
        self._broadcast_table(table)

    def seat_of(self, table: LiveTable, token: object) -> int | None:
        """The seat this token holds at the table (constant-time compare), or None."""
        if not isinstance(token, str) or not 0 < len(token) <= 128 or not token.isascii():
            return None  # every token is ASCII (and text with a lone surrogate cannot be hashed)
        digest = hash_token(token)
        found = None
        for row in table.seats:
            if row.token_hash is not None and hmac.compare_digest(row.token_hash, digest):
                found = row.seat
        return found

    def _seated(self, table: LiveTable, token: object) -> int:
        seat = self.seat_of(table, token)
        if seat is None:
            raise TableError("not_seated", t("that seat token is not valid at this table"))
        return seat

    async def leave(self, invite: str, token: object) -> dict[str, Any]:
        """Give a seat back before the game starts."""
        table = await self.table(invite)
        self._seated(table, token)
        async with self.holding(table) as table:
            seat = self._seated(table, token)
            if table.status != "open":
                raise TableError("conflict", t("the game has started; a seat cannot be left now"))
            assert isinstance(token, str)
            left = await self._db(self.store.release_seat, table.id, seat, hash_token(token))
            await self._refresh_seats(table)
            if not left:
                raise TableError("conflict", t("the game has started; a seat cannot be left now"))
            closed = not any(row.kind == "human" and row.taken for row in table.seats)
            if closed:  # the last player left: nobody is left to host it
                await self._record(table, table.next_event("abandon", None, {"reason": "left"}))
                self._broadcast_table(table)
                self._after_change(table)
        return {"invite": table.invite, "left": seat, "closed": closed}

    async def concede(self, invite: str, token: object) -> dict[str, Any]:
        """Give up the game in play: the table's takeover bot plays the seat to the end, and
        the seat is unrated (``ratings.finish``)."""
        table = await self.table(invite)
        self._seated(table, token)
        async with self.holding(table) as table:
            seat = self._seated(table, token)
            table.check_concede(seat)
            level = table.settings.takeover
            await self._record(table, table.next_event("concede", seat, {"bot": level}))
            self._cancel_timer(table, "grace", seat)
            self._broadcast_state(table)
            self._after_change(table)
        return {"invite": table.invite, "conceded": seat}

    async def abandon(self, invite: str, token: object) -> dict[str, Any]:
        """End the game in play for everyone (the host does): unrated, nobody wins."""
        table = await self.table(invite)
        self._seated(table, token)
        async with self.holding(table) as table:
            seat = self._seated(table, token)
            table.check_abandon(seat)
            data = {"reason": "host", "by": table.seat_label(seat)}
            await self._record(table, table.next_event("abandon", seat, data))
            self._broadcast_state(table)
            self._after_change(table)
        return {"invite": table.invite, "status": table.status}

    async def mine(
        self, body: dict[str, Any], account: Account | None = None
    ) -> list[dict[str, Any]]:
        """The tables open, in play or lately finished where the (invite, token) pairs of
        ``body["seats"]`` (at most ``MINE_LIMIT``), or the account, hold a seat: each with the
        seat and ``table_info``. A pair whose token is not valid says nothing."""
        pairs = body.get("seats", [])
        if not isinstance(pairs, list) or len(pairs) > MINE_LIMIT:
            raise TableError(
                "invalid",
                t("'seats' must list at most {limit} invite codes and tokens", limit=MINE_LIMIT),
            )
        tokens: dict[str, str] = {}
        for pair in pairs:
            if isinstance(pair, dict):
                invite, token = pair.get("invite"), pair.get("token")
                if isinstance(invite, str) and 0 < len(invite) <= 16 and isinstance(token, str):
                    tokens[invite.upper()] = token
        since = time.time() - REMATCH_SECONDS
        account_id = None if account is None else account.id
        rows = await self._db(
            self.store.current_tables, since, list(tokens), account_id, MINE_LIMIT
        )
        found = []
        for row in rows:
            seat = next(
                (s.seat for s in row.seats if account_id and s.account_id == account_id), None
            )
            token = tokens.get(row.invite)
            if seat is None and token is not None and len(token) <= 128 and token.isascii():
                digest = hash_token(token)
                seat = next(
                    (
                        s.seat
                        for s in row.seats
                        if s.token_hash and hmac.compare_digest(s.token_hash, digest)
                    ),
                    None,
                )
            if seat is None:
                continue
            try:
                table = await self.table(row.invite)
            except TableError:
                continue
            if table.status not in ("open", "playing", "finished"):
                continue
            if table.status == "finished" and table.rematch_closed() is not None:
                continue
            found.append({"seat": seat, "table": table_info(table)})
        return found

    async def start(self, invite: str, token: object) -> dict[str, Any]:
        """Start the game: the host (the first human seat, the table's creator) does, once every
        human seat is taken."""
        table = await self.table(invite)
        self._seated(table, token)
        async with self.holding(table) as table:
            seat = self._seated(table, token)
            if table.status == "finished":
                raise TableError(
                    "conflict",
                    t("the game is over: ask for another game (each player accepts)"),
                )
            host = table.host()
            if table.status == "open" and seat != host:
                raise TableError(
                    "not_host",
                    t("only the host (seat {host}) starts the game", host=(host or 0) + 1),
                )
            if table.status == "playing":
                raise TableError("conflict", t("the game is already being played"))
            if table.status == "expired":
                raise TableError("conflict", t("this table has expired: create another"))
            free = [row.seat for row in table.seats if not row.taken]
            if free:
                raise TableError(
                    "conflict",
                    # TRANSLATORS: English says "seat(s)" for any number; the forms are yours.
                    tn(
                        "seat(s) {seats} have no player yet",
                        "seat(s) {seats} have no player yet",
                        len(free),
                        seats=str(free),
                    ),
                )
            await self._start(table)
        return {"invite": table.invite, "game_number": table.game_number}

    async def again(self, invite: str, token: object) -> dict[str, Any]:
        """Ask for another game after this one: it starts once every human seat has asked (a
        bot always accepts). The finished game stays in the table's history."""
        table = await self.table(invite)
        self._seated(table, token)
        async with self.holding(table) as table:
            seat = self._seated(table, token)
            table.check_rematch(seat)
            await self._record(table, table.next_event("rematch", seat, {}))
            if table.rematch_ready():
                await self._start(table)
            else:
                self._broadcast_table(table)
        return {
            "invite": table.invite,
            "game_number": table.game_number,
            "started": table.status == "playing",
        }

    async def undo(self, table: LiveTable, seat: int, client_id: str) -> dict[str, Any]:
        """Take back the seat's last move (or its simultaneous choice), if nothing was revealed
        since; return the reply."""
        async with self.holding(table) as table:
            key = (seat, client_id)
            first = table.replies.get(key) or table.error_replies.get(key)
            if first is not None:
                return first
            try:
                table.check_undo(seat, self.limits)
                await self._record(table, table.next_event("undo", seat, {}, client_id))
            except TableError as exc:
                return _refused(table, key, exc)
            reply = {"type": "reply", "re": client_id, "ok": True, "version": table.version}
            table.remember(key, reply)
            self._broadcast_state(table)
            self._after_change(table)
            return reply

    def hints_refused(self, table: LiveTable, seat: int | None) -> str | None:
        """Why ``seat`` may not ask for a hint now, in words (None: it may)."""
        if seat is None:
            return t("you are watching: hints are for the players")
        if table.status != "playing" or table.match is None:
            return t("there is no game in play")
        if table.settings.rated and any(row.account_id is not None for row in table.seats):
            return t("no hints at a rated table: a bot's advice would decide a rated game")
        if not table.legal(seat):
            return t("it is not your turn just now")
        return None

    async def hint(self, table: LiveTable, seat: int | None, level: str) -> list[list[Any]]:
        """The ``level`` bot's best moves for ``seat`` from its view only, best first:
        ``[[notation, value or None], ...]``. One hint at a time per seat."""
        refused = self.hints_refused(table, seat)
        if refused is not None or seat is None:
            raise TableError("no_hint", refused or "")
        if level not in HINT_LEVELS:
            raise TableError("invalid", t("a hint comes from the easy, medium or hard bot"))
        key = (table.id, seat)
        if key in self._hinting:
            raise TableError("busy", t("a hint is already on its way"))
        assert table.match is not None
        self._hinting.add(key)
        try:
            version = table.version
            seed = derive_seed(table.match.seed, "hint", table.game_number, version, seat)
            view = table.match.state.view(seat)
            text = await self.bots.rank(table.game.spec(), level, view, seed, table.id)
        finally:
            self._hinting.discard(key)
        legal = {table.game.action_to_string(a) for a in table.legal(seat)}
        return [entry for entry in json.loads(text) if entry[0] in legal]

    def explain(self, table: LiveTable, seat: int | None, action: object) -> str:
        """Why ``action`` is not a move ``seat`` may make now, in words (changes nothing)."""
        if seat is None:
            return t("you are watching: only the players make moves")
        try:
            table.check_act(seat, action, table.version)
        except TableError as exc:
            return exc.message
        return t("that move is legal now")

    async def _start(self, table: LiveTable) -> None:
        seed = secrets.randbits(SEED_BITS)
        await self._record(table, table.next_event("start", None, {"seed": seed}))
        self._broadcast_state(table)
        self._after_change(table)

    # -- replays --------------------------------------------------------------------------------

    async def replay(self, table: LiveTable, viewer: int | None) -> tuple[bool, str]:
        """Whether the replay is the full one, and the JSON text of its steps
        (``frames.replay_steps``), built once per table, game, viewer and version: the steps
        of a version never change. One replay is built at a time."""
        if table.match is None:
            raise TableError("conflict", t("the game has not started yet"))
        full = table.status == "finished"
        actions = table.match.record().actions
        who = ("everything" if full else viewer, i18n.language())  # the words are in it
        key = (table.id, table.game_number, who, (len(actions), hash(actions)), full)
        cached = self._replays.get(key)
        if cached is not None:
            self._replays.move_to_end(key)
            return full, cached
        pending = self._replay_pending.get(key)
        if pending is None:
            pending = asyncio.get_running_loop().create_future()
            self._replay_pending[key] = pending
            try:
                async with self._replay_slot:
                    text = await asyncio.to_thread(_replay_text, table.game, actions, viewer, full)
                self.replays_built += 1
                self._keep_replay(key, text)
                pending.set_result(text)
            except BaseException as exc:
                pending.set_exception(exc)
                pending.exception()  # retrieved: nobody else may be waiting
                raise
            finally:
                del self._replay_pending[key]
            return full, text
        return full, await asyncio.shield(pending)

    async def past_replay(self, table: LiveTable, past: dict[str, Any]) -> str:
        """The JSON text of the full replay of one of the table's finished games."""
        actions = tuple(past["record"]["actions"])
        who = ("past", i18n.language())
        key = (table.id, past["game_number"], who, (len(actions), hash(actions)), True)
        cached = self._replays.get(key)
        if cached is not None:
            return cached
        async with self._replay_slot:
            text = await asyncio.to_thread(_replay_text, table.game, actions, None, True)
        self.replays_built += 1
        self._keep_replay(key, text)
        return text

    def _keep_replay(self, key: tuple[Any, ...], text: str) -> None:
        # Older versions of the same replay are of no more use.
        for old in [k for k in self._replays if k[:3] == key[:3]]:
            self._replay_bytes -= len(self._replays.pop(old))
        self._replays[key] = text
        self._replay_bytes += len(text)
        while self._replay_bytes > REPLAY_CACHE_BYTES and len(self._replays) > 1:
            _, dropped = self._replays.popitem(last=False)
            self._replay_bytes -= len(dropped)

    # -- unused tables --------------------------------------------------------------------------

    async def _sweeper(self) -> None:
        while not self.closed:
            await asyncio.sleep(self.limits.sweep_seconds())
            try:
                await self.sweep()
            except Exception:
                log.exception("the sweep of unused tables failed")

    def idle(self, table: LiveTable, working: set[str] | None = None) -> bool:
        """Nothing holds the table in memory: no connection, no request, no bot, no clock
        (``working``: the tables with a bot job or a timer, when the caller has them)."""
        if self._viewers.get(table.id) or self._users.get(table.id):
            return False
        if self.lock(table).locked() or self.bots.busy(table.id):
            return False
        if working is None:
            working = self._working()
        return table.id not in working

    def _working(self) -> set[str]:
        return {job[0] for job in self._bot_jobs} | {key[0] for key in self._timers}

    async def sweep(self, now: float | None = None, wall: float | None = None) -> None:
        """Expire open tables unchanged for ``open_seconds`` (wall clock ``wall``), and drop
        from memory the tables idle for ``idle_seconds`` (monotonic clock ``now``)."""
        now = time.monotonic() if now is None else now
        wall = time.time() if wall is None else wall
        limits = self.limits
        if limits.open_seconds > 0:
            cutoff = wall - limits.open_seconds
            for table_id in await self._db(self.store.stale_open_tables, cutoff):
                await self._expire(table_id, cutoff)
        if limits.playing_seconds > 0:
            cutoff = wall - limits.playing_seconds
            for table_id in await self._db(self.store.stale_playing_tables, cutoff):
                await self._abandon_idle(table_id)
        if limits.idle_seconds > 0:
            working = self._working()
            for table in list(self.tables.values()):
                if now - table.touched >= limits.idle_seconds and self.idle(table, working):
                    self._evict(table)
        self.create_buckets.prune()
        self.replay_buckets.prune()
        self.spectator_chat_buckets.prune()

    async def _expire(self, table_id: str, cutoff: float) -> None:
        table = self.tables.get(table_id)
        if table is None:
            if await self._db(self.store.expire_table, table_id, cutoff):
                self._finished(table_id)
            return
        if self._viewers.get(table_id) or self._users.get(table_id):
            return  # someone is at the table, waiting for players
        async with self.holding(table) as table:
            if table.status == "open" and await self._db(self.store.expire_table, table.id, cutoff):
                table.status = "expired"
                self._finished(table.id)
                self._broadcast_table(table)
        if self.idle(table):
            self._evict(table)

    async def _abandon_idle(self, table_id: str) -> None:
        """Close a table in play where nobody has moved for ``playing_seconds``, unless one
        of its players is connected (status ``abandoned``, reason "idle")."""
        live = self.tables.get(table_id)
        row = None if live is not None else await self._db(self.store.table, table_id)
        invite = live.invite if live is not None else None if row is None else row.invite
        if invite is None:
            return
        try:
            table = await self.table(invite)
        except TableError:
            return
        async with self.holding(table) as table:
            if table.status != "playing" or any(table.connected.values()):
                return
            await self._record(table, table.next_event("abandon", None, {"reason": "idle"}))
            self._broadcast_state(table)
            self._after_change(table)

    def _evict(self, table: LiveTable) -> None:
        """Drop the table from memory (synchronously: nothing can start using it meanwhile)."""
        table.evicted = True
        self.tables.pop(table.id, None)
        self._ids.pop(table.invite, None)
        self._locks.pop(table.id, None)
        self._viewers.pop(table.id, None)
        self.evictions += 1

    def _finished(self, table_id: str) -> None:
        """The table no longer counts against its creator's tables open or in play."""
        client = self._creators.pop(table_id, None)
        if client is not None:
            tables = self._unfinished.get(client)
            if tables is not None:
                tables.discard(table_id)
                if not tables:
                    del self._unfinished[client]

    # -- play ---------------------------------------------------------------------------------

    async def hello(self, viewer: Viewer, table: LiveTable, message: dict[str, Any]) -> LiveTable:
        """Bind a connection to its seat (by token) or as a spectator, and send it the table;
        return the table in memory (the one asked for, unless it left memory meanwhile)."""
        token = message.get("token")
        since = message.get("since")
        async with self.holding(table) as table:
            seat = None
            if token is not None:
                seat = self._seated(table, token)
            else:
                self._check_spectator_caps(table, viewer.client)
            viewer.seat = seat
            viewer.table_id = table.id
            if seat is not None:
                # Presence first (the others hear of it), then this connection's snapshot.
                table.connected[seat] = table.connected.get(seat, 0) + 1
                table.left_at.pop(seat, None)
                self._cancel_timer(table, "grace", seat)
                self._cancel_timer(table, "rematch", seat)
                if seat in table.away and seat not in table.conceded:
                    await self._record(table, table.next_event("return", seat, {}))
                    self._broadcast_state(table)
                    self._after_change(table)
                else:
                    self._broadcast_table(table)
            else:
                table.spectators += 1
                self._spectating[viewer] = viewer.client
                self._spectators_of[viewer.client] += 1
                self._spectators_changed(table)
            self._viewers.setdefault(table.id, set()).add(viewer)
            viewer.send(build_frame(table, seat, "welcome", seat=seat))
            if isinstance(since, int) and not isinstance(since, bool) and since < table.seq:
                for entry in table.chat:
                    if entry["seq"] > since:
                        viewer.send(build_frame(table, seat, "chat", **entry))
            viewer.send(build_frame(table, seat, "state", snapshot=True))
        return table

    async def goodbye(self, viewer: Viewer) -> None:
        """A connection closed, however it ended (a spectator's place is given back even if
        its table has left memory)."""
        client = self._spectating.pop(viewer, None)
        if client is not None:
            self._spectators_of[client] -= 1
            if self._spectators_of[client] <= 0:
                del self._spectators_of[client]
        table = self.tables.get(viewer.table_id or "")
        if table is None:
            return
        table.touched = time.monotonic()
        viewers = self._viewers.get(table.id, set())
        viewers.discard(viewer)
        if not viewers:
            self._viewers.pop(table.id, None)
        seat = viewer.seat
        if seat is None:
            if client is not None:  # a spectator refused at hello was never counted
                table.spectators = max(0, table.spectators - 1)
                self._spectators_changed(table)
            return
        table.connected[seat] = max(0, table.connected.get(seat, 0) - 1)
        if table.connected[seat] == 0:
            table.left_at[seat] = time.time()
            self._broadcast_table(table)
            self._grace(table, seat)
            if table.status == "finished" and table.rematch_closed() is None:
                # Once the grace is over, the others hear that no other game will come.
                delay = table.settings.grace_seconds + 0.1
                self._set_timer(table, "rematch", seat, delay, self._rematch_check)

    async def _rematch_check(self, table: LiveTable, _seat: int) -> None:
        if table.status == "finished" and not table.evicted:
            self._broadcast_table(table)

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
        async with self.holding(table) as table:
            key = (seat, client_id)
            first = table.replies.get(key) or table.error_replies.get(key)
            if first is not None:
                return first, False
            try:
                if by is None and seat in table.conceded:
                    raise TableError("conceded", t("you have conceded this game: a bot plays on"))
                code = table.check_act(seat, action, version)
                data: dict[str, Any] = {"action": table.game.action_to_string(code)}
                if by is not None:
                    data["by"] = by
                if reason is not None:
                    data["reason"] = reason
                event = table.next_event("act", seat, data, client_id)
                event = await self._record(table, event)
            except TableError as exc:
                return _refused(table, key, exc), exc.code == "stale"
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
        async with self.holding(table) as table:
            key = (seat, client_id)
            first = table.replies.get(key) or table.error_replies.get(key)
            if first is not None:
                return first
            line = clean_text(text, "a chat message", CHAT_LIMIT)
            table.check_chat(seat, self.limits)
            name = table.seats[seat].name or f"seat {seat}"
            event = table.next_event("chat", seat, {"name": name, "text": line}, client_id)
            event = await self._record(table, event)
            reply = table.replies[key]  # apply_event kept it
            entry = table.chat[-1]
            for viewer in list(self._viewers.get(table.id, ())):
                viewer.send(build_frame(table, viewer.seat, "chat", **entry))
            return reply

    async def spectator_chat(
        self, table: LiveTable, viewer: Viewer, client_id: str, text: object, name: object
    ) -> dict[str, Any]:
        """Post a spectator's chat line (``Limits.spectator_chat_per_minute`` a client address,
        ``spectator_chat_per_table`` a table); return the reply. Every connection of the table
        gets it, players as a channel of its own; it is kept in memory only (the last
        ``CHAT_KEPT`` lines)."""
        async with self.holding(table) as table:
            line = clean_text(text, "a chat message", CHAT_LIMIT)
            who = t("a spectator") if name in (None, "") else clean_text(name, "name", NAME_LIMIT)
            most = self.limits.spectator_chat_per_table
            if most and table.spectator_lines >= most:
                raise TableError(
                    "limit_reached",
                    tn(
                        "the spectators have posted {n} chat line at this table: no more",
                        "the spectators have posted {n} chat lines at this table: no more",
                        most,
                    ),
                )
            if not self.spectator_chat_buckets.take(address_key(viewer.client)):
                raise TableError(
                    "rate_limited", t("too many chat lines from your address; wait a minute")
                )
            table.spectator_lines += 1
            entry: dict[str, Any] = {"name": who, "text": line, "at": time.time()}
            table.spectator_chat.append(entry)
            for other in list(self._viewers.get(table.id, ())):
                other.send(build_frame(table, other.seat, "chat", channel="spectators", **entry))
            return {"type": "reply", "re": client_id, "ok": True}

    def state_frame(self, table: LiveTable, seat: int | None) -> str:
        """A fresh state frame (resync)."""
        return build_frame(table, seat, "state", snapshot=True)

    def _broadcast_state(self, table: LiveTable) -> None:
        self._broadcast(table, "state")

    def _broadcast_table(self, table: LiveTable) -> None:
        self._broadcast(table, "table")

    def _broadcast(self, table: LiveTable, kind: str) -> None:
        """Send every connection of the table a frame of ``kind``, built once per seat."""
        self._spectators_pending.discard(table.id)  # everyone gets the count as it is now
        viewers = list(self._viewers.get(table.id, ()))
        if not viewers:
            return
        info = table_info(table)
        frames: dict[tuple[int | None, str], str] = {}
        for viewer in viewers:
            key = (viewer.seat, viewer.lang)
            if key not in frames:
                with i18n.using(viewer.lang):
                    frames[key] = build_frame(table, viewer.seat, kind, info=info)
            viewer.send(frames[key])

    # -- spectators -----------------------------------------------------------------------------

    def _check_spectator_caps(self, table: LiveTable, client: str) -> None:
        """TableError ``too_many_spectators`` when the table has ``Limits.spectators_per_table``
        spectators, or the address ``Limits.spectators_per_client`` spectator connections
        (at any tables). A seat's player never counts."""
        per_table = self.limits.spectators_per_table
        if per_table and table.spectators >= per_table:
            raise TableError(
                "too_many_spectators",
                tn(
                    "this table has {n} spectator, as many as it takes; try again later",
                    "this table has {n} spectators, as many as it takes; try again later",
                    per_table,
                ),
            )
        per_client = self.limits.spectators_per_client
        if per_client and self._spectators_of[client] >= per_client:
            raise TableError(
                "too_many_spectators",
                tn(
                    "a client may watch with at most {n} connection at a time; close one first",
                    "a client may watch with at most {n} connections at a time; close one first",
                    per_client,
                ),
            )

    def _spectators_changed(self, table: LiveTable) -> None:
        """A spectator came or went: the table's viewers hear the new count in one ``table``
        frame, at once unless one went out in the last ``SPECTATOR_FLUSH_SECONDS`` (then when
        that time is up), however many come and go meanwhile."""
        self._spectators_pending.add(table.id)
        if table.id not in self._spectators_flushing:
            self._spectators_flushing.add(table.id)
            self._spawn(self._flush_spectators(table.id))

    async def _flush_spectators(self, table_id: str) -> None:
        """Send the count while it keeps changing, at most once per
        ``SPECTATOR_FLUSH_SECONDS`` (any other broadcast of the table carries it too)."""
        try:
            while table_id in self._spectators_pending:
                self._spectators_pending.discard(table_id)
                table = self.tables.get(table_id)
                if table is None:
                    return  # left memory: nobody is watching it
                self._broadcast_table(table)
                await asyncio.sleep(SPECTATOR_FLUSH_SECONDS)
        finally:
            self._spectators_flushing.discard(table_id)

    # -- bots, clocks, presence -----------------------------------------------------------------

    def _after_change(self, table: LiveTable) -> None:
        """Start whatever the new position needs: a bot's move, a turn clock."""
        if table.status not in ("open", "playing"):
            self._finished(table.id)
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
            action = await self.bots.choose(table.game.spec(), bot, view, seed, table.id)
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
        view = state.view(mover)
        action = await self.bots.choose(table.game.spec(), level, view, seed, table.id)
        client_id = f"clock:{table.game_number}:{version}:{mover}"
        await self.act(table, mover, client_id, action, version, by=f"bot:{level}", reason="clock")

    def _grace(self, table: LiveTable, seat: int) -> None:
        if table.settings.grace_policy != "bot" or table.status != "playing":
            return
        most = self.limits.events_per_game
        if most and table.seq - table.game_seq >= most:
            return  # a leave-and-return loop past the bound: the seat is waited for
        self._set_timer(table, "grace", seat, table.settings.grace_seconds, self._grace_ran_out)

    async def _grace_ran_out(self, table: LiveTable, seat: int) -> None:
        async with self.holding(table) as table:
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


def _next_bank(table: LiveTable, before: dict[str, Any], event: Event) -> float | None:
    """The time banks after ``event`` (``TableSettings.bank_seconds``); return the deadline.

    The bank of the seat the game waits on runs (in a simultaneous step, the seat whose turn
    the game takes, in its order); a bot's seat has no clock. When the decision under way ends,
    its seat keeps what was left of its bank, plus ``increment_seconds`` if it made a move
    (itself, or the takeover bot for it when its time ran out: that seat has the increment only).
    """
    now = event.created_at or time.time()
    seat, deadline = before["clock_seat"], before["deadline"]
    mover = None
    if table.status == "playing" and table.match is not None:
        current = table.match.state.current_player()
        if current >= 0 and current in table.awaiting() and table.bot_for(current) is None:
            mover = current
    if event.kind != "start" and seat is not None and deadline is not None:
        if mover == seat and table.version == before["version"]:
            return float(deadline)  # a chat line, an early choice, a presence: the same decision
        left = max(0.0, float(deadline) - now)
        if event.kind == "act" and event.seat == seat and table.version != before["version"]:
            left += table.settings.increment_seconds
        table.banks[seat] = left
    table.clock_seat = mover
    return None if mover is None else now + table.banks[mover]


def _refused(table: LiveTable, key: tuple[int, str], exc: TableError) -> dict[str, Any]:
    """The reply to a refused request, kept as its first reply (unless the store failed: a
    retry may succeed)."""
    reply = {
        "type": "reply",
        "re": key[1],
        "ok": False,
        "error": {"code": exc.code, "message": exc.message},
    }
    if exc.code != "unavailable":
        table.remember(key, reply, error=True)
    return reply


def _check_one_seat(table: LiveTable, account_id: str) -> None:
    """TableError if the account already holds a seat of the table."""
    held = next((row.seat for row in table.seats if row.account_id == account_id), None)
    if held is not None:
        raise _one_seat_only(held)


def _one_seat_only(seat: int | None) -> TableError:
    if seat is None:
        return TableError("conflict", t("your account already holds a seat at this table"))
    return TableError(
        "conflict", t("your account already holds seat {seat} at this table", seat=seat + 1)
    )


def _sign_in_first() -> TableError:
    return TableError("sign_in", t("this table is for signed-in players: sign in or sign up first"))


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("background task failed", exc_info=task.exception())


def _game_from_request(body: dict[str, Any]) -> GameBase:
    name = body.get("game")
    if not isinstance(name, str) or not name or len(name) > 200:
        names = ", ".join(g.name for g in CATALOG.games)
        raise TableError("invalid", t("'game' must be one of: {names}", names=names))
    players = body.get("players")
    if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
        raise TableError("invalid", t("'players' must be a number"))
    preset = body.get("preset")
    if preset is not None and not isinstance(preset, str):
        raise TableError("invalid", t("'preset' must be a preset name"))
    options = body.get("options") or {}
    if not isinstance(options, dict) or not all(
        isinstance(k, str) and isinstance(v, (str, int, float, bool)) for k, v in options.items()
    ):
        raise TableError("invalid", t("'options' must map option names to values"))
    pairs = [f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in options.items()]
    try:
        return load(name, players, preset, parse_option_pairs(pairs))
    except ClickboxError as exc:
        raise TableError("invalid", str(exc)) from None


def _seats_from_request(
    value: object, game: GameBase, allowed: tuple[str, ...] = SERVER_BOTS
) -> list[SeatRow]:
    count = game.num_players
    if value is None:
        value = ["human"] + ["bot:medium"] * (count - 1)
    if not isinstance(value, list) or len(value) != count:
        raise TableError(
            "invalid",
            # TRANSLATORS: English says "seats" for any number; the forms are yours.
            tn(
                '\'seats\' must list {n} seats ("human" or "bot:LEVEL")',
                '\'seats\' must list {n} seats ("human" or "bot:LEVEL")',
                count,
            ),
        )
    seats = []
    for seat, spec in enumerate(value):
        if spec == "human":
            seats.append(SeatRow(seat, "human"))
            continue
        if not isinstance(spec, str) or not spec.startswith("bot") or len(spec) > 200:
            raise TableError("invalid", t('seat {seat} must be "human" or "bot:LEVEL"', seat=seat))
        bot = spec[4:] if spec.startswith("bot:") else "medium"
        if spec not in ("bot",) and not spec.startswith("bot:"):
            raise TableError("invalid", t('seat {seat} must be "human" or "bot:LEVEL"', seat=seat))
        _check_bot(bot, t("seat {seat}", seat=seat), allowed)
        seats.append(SeatRow(seat, "bot", bot))
    return seats


def _check_bot(bot: str, what: str, allowed: tuple[str, ...] = SERVER_BOTS) -> None:
    """TableError unless ``bot`` is one of the server's bots or a spec the operator allows
    (any other spec could ask for any amount of thinking)."""
    if bot not in allowed:
        raise TableError(
            "invalid",
            t(
                "{what}: the bots here are {bots} (not {bot})",
                what=what,
                bots=", ".join(allowed),
                bot=repr(bot[:40]),
            ),
        )


def _replay_text(game: GameBase, actions: tuple[str, ...], viewer: int | None, full: bool) -> str:
    return encode({"steps": replay_steps(game, actions, viewer, full)})[len('{"steps":') : -1]


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
