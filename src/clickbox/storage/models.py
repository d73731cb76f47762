"""The schema, as SQLAlchemy Core tables. Migrations (``migrations/versions``) create it.

- ``tables``: one row per game table (lobby entry): its game spec, settings, status (``open``,
  ``playing``, ``finished``, or ``expired``: open and left unjoined), and a secret that never
  leaves the server (tokens of joins with a request id are derived from it).
- ``seats``: one row per seat; a human seat is claimed by writing its token's hash. An account
  holds at most one seat of a table (a unique index), and a seat it claimed from a guest during
  a game is rated from the next game on (``rated_from``).
- ``events``: the table's log, numbered per table (``seq``): starts, moves, commitments,
  chat, takeovers. Live tables are rebuilt from it when the server starts.
- ``accounts``: players who signed up: a name (unique without regard to case, and unlike any
  other name to the eye: its confusable skeleton is unique) and a password hash (argon2);
  ``sessions``: each signed-in browser, by its cookie's hash.
- ``results``: one row per seat of every finished game, written in the transaction that stores
  the game's last move (so a rating is applied exactly once); ``ratings``: each account's
  rating per game and player count class.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("invite", String(16), nullable=False, unique=True),
    Column("game", String(200), nullable=False),
    Column("settings", Text, nullable=False),
    Column("public", Boolean, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("game_number", Integer, nullable=False),
    Column("deadline", Float, nullable=True),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    Column("secret", String(64), nullable=True),
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("kind", String(8), nullable=False),
    Column("bot", String(200), nullable=True),
    Column("name", String(64), nullable=True),
    Column("token_hash", String(64), nullable=True),
    Column("account_id", String(32), ForeignKey("accounts.id"), nullable=True, index=True),
    Column("rated_from", Integer, nullable=True),
    Index("uq_seats_table_account", "table_id", "account_id", unique=True),
)

events = Table(
    "events",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seq", BigInteger, primary_key=True, autoincrement=False),
    Column("game_number", Integer, nullable=False),
    Column("kind", String(16), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("client_id", String(64), nullable=True),
    Column("data", Text, nullable=False),
    Column("created_at", Float, nullable=False),
)

accounts = Table(
    "accounts",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(64), nullable=False),
    Column("name_key", String(64), nullable=False, unique=True),
    # What the name looks like (``names.name_skeleton``): no two accounts look alike. NULL for
    # an account made before the column that looks like an older one (both are kept).
    Column("name_skeleton", String(256), nullable=True, unique=True, index=True),
    Column("password_hash", String(256), nullable=False),
    Column("lang", String(8), nullable=True),
    Column("created_at", Float, nullable=False),
)

sessions = Table(
    "sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", String(32), ForeignKey("accounts.id"), nullable=False, index=True),
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
)

results = Table(
    "results",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("game_number", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("account_id", String(32), ForeignKey("accounts.id"), nullable=True, index=True),
    Column("game", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("kind", String(8), nullable=False),
    Column("name", String(64), nullable=False),
    Column("score", Float, nullable=False),
    Column("rank", Integer, nullable=False),
    Column("won", Boolean, nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("mu_before", Float, nullable=True),
    Column("sigma_before", Float, nullable=True),
    Column("mu_after", Float, nullable=True),
    Column("sigma_after", Float, nullable=True),
    Column("finished_at", Float, nullable=False),
)

ratings = Table(
    "ratings",
    metadata,
    Column("account_id", String(32), ForeignKey("accounts.id"), primary_key=True),
    Column("game", String(32), primary_key=True),
    Column("players", String(8), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated_at", Float, nullable=False),
)
