"""``Store``: the server's storage, through SQLAlchemy (SQLite by default, PostgreSQL by URL).

Every method is synchronous and thread-safe; the server calls them from worker threads. A
method that writes commits before it returns, so whatever the server acknowledges is on disk.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from ..paths import data_dir
from . import models
from .accounts import AccountSeated, AccountsStore, Finish, seat_of_account

MIGRATIONS = Path(__file__).parent / "migrations"


class SeqConflict(Exception):
    """An event with this table and sequence number is already stored."""


@dataclass(frozen=True)
class SeatRow:
    """One seat: ``kind`` is "human" or "bot" (``bot`` is its level or spec)."""

    seat: int
    kind: str
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    account_id: str | None = None
    """The account of the player who took the seat (None: a guest, or a bot)."""
    rated_from: int | None = None
    """The first game number the account is rated in (None: every game): a guest's seat
    claimed during a game is rated from the next game on."""

    @property
    def taken(self) -> bool:
        """True for a bot seat, or a human seat that someone has claimed."""
        return self.kind == "bot" or self.token_hash is not None


@dataclass(frozen=True)
class TableRow:
    """One table of the lobby."""

    id: str
    invite: str
    game: str
    settings: dict[str, Any]
    public: bool
    status: str
    game_number: int
    deadline: float | None
    created_at: float
    seats: tuple[SeatRow, ...] = field(default=())
    secret: str | None = None
    """Random, never shown: what tokens of joins with a request id are derived from."""


@dataclass(frozen=True)
class Event:
    """One entry of a table's log. ``data`` is plain JSON-able data."""

    seq: int
    game_number: int
    kind: str
    seat: int | None
    client_id: str | None
    data: dict[str, Any]
    created_at: float = 0.0


def default_url() -> str:
    """The SQLite file in the user's data directory (created with its folder on first run)."""
    return f"sqlite:///{data_dir() / 'clickbox.db'}"


def normalize_url(url: str) -> str:
    """SQLAlchemy's URL for ``url``: ``postgresql://`` is served by psycopg 3."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


class Store(AccountsStore):
    """The database behind the server; migrates its schema to the newest revision on open."""

    def __init__(self, url: str | None = None) -> None:
        self.url = normalize_url(url or default_url())
        sa_url = sa.make_url(self.url)
        self.is_sqlite = sa_url.get_backend_name() == "sqlite"
        if self.is_sqlite:
            database = sa_url.database
            if database and database != ":memory:":
                Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
            self.engine: Engine = sa.create_engine(
                sa_url, connect_args={"check_same_thread": False, "timeout": 30}
            )
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        else:
            self.engine = sa.create_engine(sa_url, pool_size=8, max_overflow=8)
        self.migrate()

    def describe(self) -> str:
        """The URL with any password hidden, for logs."""
        return sa.make_url(self.url).render_as_string(hide_password=True)

    def migrate(self) -> None:
        """Bring the schema to the newest revision (alembic)."""
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def close(self) -> None:
        """Release every connection."""
        self.engine.dispose()

    # -- tables -------------------------------------------------------------------------------

    def create_table(self, row: TableRow, events: Sequence[Event] = ()) -> None:
        """Store a new table, its seats and its first ``events`` (a table of bots stores its
        start with it), in one transaction."""
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(
                models.tables.insert().values(
                    id=row.id,
                    invite=row.invite,
                    game=row.game,
                    settings=json.dumps(row.settings),
                    public=row.public,
                    status=row.status,
                    game_number=row.game_number,
                    deadline=row.deadline,
                    created_at=row.created_at or now,
                    updated_at=now,
                    secret=row.secret,
                )
            )
            conn.execute(
                models.seats.insert(),
                [
                    {
                        "table_id": row.id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "bot": s.bot,
                        "name": s.name,
                        "token_hash": s.token_hash,
                        "account_id": s.account_id,
                        "rated_from": s.rated_from,
                    }
                    for s in row.seats
                ],
            )
            for event in events:
                conn.execute(_event_insert(row.id, event))

    def table(self, table_id: str) -> TableRow | None:
        """The table with this id, with its seats."""
        return self._one(models.tables.c.id == table_id)

    def table_by_invite(self, invite: str) -> TableRow | None:
        """The table with this invite code, with its seats."""
        return self._one(models.tables.c.invite == invite)

    def tables(self, statuses: Sequence[str], public_only: bool = False) -> list[TableRow]:
        """Tables in any of ``statuses``, oldest first, with their seats."""
        t = models.tables
        query = sa.select(t).where(t.c.status.in_(list(statuses)))
        if public_only:
            query = query.where(t.c.public.is_(True))
        with self.engine.connect() as conn:
            rows = conn.execute(query.order_by(t.c.created_at, t.c.id)).mappings().all()
            if not rows:
                return []
            ids = [r["id"] for r in rows]
            seat_rows = conn.execute(
                sa.select(models.seats)
                .where(models.seats.c.table_id.in_(ids))
                .order_by(models.seats.c.seat)
            ).mappings()
            by_table: dict[str, list[SeatRow]] = {}
            for s in seat_rows:
                by_table.setdefault(s["table_id"], []).append(_seat(s))
        return [_table(r, by_table.get(r["id"], [])) for r in rows]

    def update_table(self, table_id: str, **values: Any) -> None:
        """Set columns of a table (status, game_number, deadline)."""
        _check_columns(values)
        with self.engine.begin() as conn:
            conn.execute(
                models.tables.update()
                .where(models.tables.c.id == table_id)
                .values(updated_at=time.time(), **values)
            )

    def _one(self, where: sa.ColumnElement[bool]) -> TableRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(models.tables).where(where)).mappings().first()
            if row is None:
                return None
            seat_rows = conn.execute(
                sa.select(models.seats)
                .where(models.seats.c.table_id == row["id"])
                .order_by(models.seats.c.seat)
            ).mappings()
            return _table(row, [_seat(s) for s in seat_rows])

    # -- seats --------------------------------------------------------------------------------

    def seats(self, table_id: str) -> list[SeatRow]:
        """The seats of a table, in seat order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(models.seats)
                .where(models.seats.c.table_id == table_id)
                .order_by(models.seats.c.seat)
            ).mappings()
            return [_seat(r) for r in rows]

    def claim_seat(
        self,
        table_id: str,
        seat: int,
        name: str,
        token_hash: str,
        account_id: str | None = None,
    ) -> bool:
        """Claim a free human seat of an open table (for an account, or a guest); True for
        exactly one of any number of racing claims, False once the table has started.
        AccountSeated if the account holds another seat of the table."""
        s = models.seats.c
        conditions = [
            s.table_id == table_id,
            s.seat == seat,
            s.kind == "human",
            s.token_hash.is_(None),
            _table_is_open(table_id),
        ]
        try:
            with self.engine.begin() as conn:
                if account_id is not None:
                    held = seat_of_account(conn, table_id, account_id)
                    if held is not None:
                        raise AccountSeated(held)
                result = conn.execute(
                    models.seats.update()
                    .where(*conditions)
                    .values(name=name, token_hash=token_hash, account_id=account_id)
                )
                return _touched(conn, table_id, result.rowcount == 1)
        except IntegrityError:  # a racing claim of another seat by the same account won
            raise AccountSeated(None) from None

    def release_seat(self, table_id: str, seat: int, token_hash: str) -> bool:
        """Free a human seat held by this token while the table is open; False if the token
        does not hold it or the game has started."""
        s = models.seats.c
        with self.engine.begin() as conn:
            result = conn.execute(
                models.seats.update()
                .where(
                    s.table_id == table_id,
                    s.seat == seat,
                    s.token_hash == token_hash,
                    _table_is_open(table_id),
                )
                .values(name=None, token_hash=None, account_id=None)
            )
            return _touched(conn, table_id, result.rowcount == 1)

    def stale_open_tables(self, before: float) -> list[str]:
        """The ids of open tables unchanged (no join, no leave) since ``before``."""
        t = models.tables.c
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(t.id).where(t.status == "open", t.updated_at < before).order_by(t.id)
            )
            return [row[0] for row in rows]

    def stale_playing_tables(self, before: float) -> list[str]:
        """The ids of tables in play whose latest event is older than ``before``."""
        t, e = models.tables.c, models.events.c
        recent = sa.exists().where(e.table_id == t.id, e.created_at >= before)
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(t.id).where(t.status == "playing", ~recent).order_by(t.id)
            )
            return [row[0] for row in rows]

    def current_tables(
        self,
        finished_since: float,
        invites: Sequence[str] = (),
        account_id: str | None = None,
        limit: int = 200,
    ) -> list[TableRow]:
        """The tables open or in play, or finished since ``finished_since``, with these
        ``invites`` or where the account holds a seat: latest first, at most ``limit``, with
        their seats (one query for the tables, one for their seats)."""
        t, s = models.tables.c, models.seats.c
        current = sa.or_(
            t.status.in_(["open", "playing"]),
            sa.and_(t.status == "finished", t.updated_at >= finished_since),
        )
        whose = [t.invite.in_(list(invites))] if invites else []
        if account_id is not None:
            mine = sa.select(s.table_id).where(s.account_id == account_id)
            whose.append(t.id.in_(mine))
        if not whose:
            return []
        query = (
            sa.select(models.tables)
            .where(current, sa.or_(*whose))
            .order_by(t.updated_at.desc(), t.id)
            .limit(limit)
        )
        with self.engine.connect() as conn:
            rows = conn.execute(query).mappings().all()
            ids = [r["id"] for r in rows]
            by_table: dict[str, list[SeatRow]] = {}
            if ids:
                seat_rows = conn.execute(
                    sa.select(models.seats).where(s.table_id.in_(ids)).order_by(s.seat)
                ).mappings()
                for row in seat_rows:
                    by_table.setdefault(row["table_id"], []).append(_seat(row))
        return [_table(r, by_table.get(r["id"], [])) for r in rows]

    def expire_table(self, table_id: str, before: float) -> bool:
        """Close an open table unchanged since ``before`` (status ``expired``); False if it
        has changed or started meanwhile."""
        t = models.tables.c
        with self.engine.begin() as conn:
            result = conn.execute(
                models.tables.update()
                .where(t.id == table_id, t.status == "open", t.updated_at < before)
                .values(status="expired", updated_at=time.time())
            )
            return result.rowcount == 1

    # -- events -------------------------------------------------------------------------------

    def append_event(
        self, table_id: str, event: Event, finish: Finish | None = None, **table_values: Any
    ) -> None:
        """Store one event, and set ``table_values`` (status, game_number, deadline) in the same
        transaction, with the results and rating changes of the game it ``finish``es;
        committed on return. SeqConflict if the event's number is taken."""
        _check_columns(table_values)
        try:
            with self.engine.begin() as conn:
                if table_values:
                    conn.execute(
                        models.tables.update()
                        .where(models.tables.c.id == table_id)
                        .values(updated_at=time.time(), **table_values)
                    )
                conn.execute(_event_insert(table_id, event))
                if finish is not None:
                    self._store_finish(conn, table_id, finish)
        except IntegrityError as exc:
            raise SeqConflict(f"table {table_id} already has event {event.seq}") from exc

    def events(
        self, table_id: str, after: int = 0, kinds: Sequence[str] | None = None
    ) -> list[Event]:
        """The table's events with ``seq > after``, in order (only ``kinds`` if given)."""
        e = models.events.c
        query = sa.select(models.events).where(e.table_id == table_id, e.seq > after)
        if kinds is not None:
            query = query.where(e.kind.in_(list(kinds)))
        with self.engine.connect() as conn:
            rows = conn.execute(query.order_by(e.seq)).mappings().all()
        return [
            Event(
                seq=int(r["seq"]),
                game_number=r["game_number"],
                kind=r["kind"],
                seat=r["seat"],
                client_id=r["client_id"],
                data=json.loads(r["data"]),
                created_at=r["created_at"],
            )
            for r in rows
        ]


def _event_insert(table_id: str, event: Event) -> sa.Insert:
    return models.events.insert().values(
        table_id=table_id,
        seq=event.seq,
        game_number=event.game_number,
        kind=event.kind,
        seat=event.seat,
        client_id=event.client_id,
        data=json.dumps(event.data, separators=(",", ":")),
        created_at=event.created_at or time.time(),
    )


def _table_is_open(table_id: str) -> sa.ColumnElement[bool]:
    """A condition on a seat update: its table has not started (one statement decides)."""
    t = models.tables.c
    return sa.exists().where(t.id == table_id, t.status == "open")


def _touched(conn: sa.Connection, table_id: str, changed: bool) -> bool:
    """Mark a lobby change of the table (an open table expires when nothing changes)."""
    if changed:
        conn.execute(
            models.tables.update()
            .where(models.tables.c.id == table_id)
            .values(updated_at=time.time())
        )
    return changed


def _check_columns(values: dict[str, Any]) -> None:
    allowed = {"status", "game_number", "deadline"}
    if not set(values) <= allowed:
        raise ValueError(f"cannot update {sorted(set(values) - allowed)}")


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL lets readers run beside the writer; a commit in WAL mode with synchronous=NORMAL
    # survives the server process being killed (not a power cut).
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _seat(row: Any) -> SeatRow:
    return SeatRow(
        seat=row["seat"],
        kind=row["kind"],
        bot=row["bot"],
        name=row["name"],
        token_hash=row["token_hash"],
        account_id=row["account_id"],
        rated_from=row["rated_from"],
    )


def _table(row: Any, seat_rows: Sequence[SeatRow]) -> TableRow:
    return TableRow(
        id=row["id"],
        invite=row["invite"],
        game=row["game"],
        settings=json.loads(row["settings"]),
        public=bool(row["public"]),
        status=row["status"],
        game_number=row["game_number"],
        deadline=row["deadline"],
        created_at=row["created_at"],
        seats=tuple(seat_rows),
        secret=row["secret"],
    )
