"""The test databases: the throwaway PostgreSQL server and the `db_url` fixture."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest
import sqlalchemy as sa
from sqlalchemy.engine import make_url

from tests.pgserver import DATABASE, conninfo, fresh_database, throwaway_postgres

METADATA = sa.MetaData()
SCORES = sa.Table(
    "scores",
    METADATA,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("player", sa.String(40), nullable=False),
    sa.Column("points", sa.Integer, nullable=False),
)


def _tables(url: str) -> list[str]:
    engine = sa.create_engine(url)
    try:
        return sa.inspect(engine).get_table_names()
    finally:
        engine.dispose()


def test_round_trip(db_url: str, request: pytest.FixtureRequest) -> None:
    """A table made, written and read back through SQLAlchemy, on each kind of database."""
    engine = sa.create_engine(db_url)
    try:
        assert engine.dialect.name == request.node.callspec.id
        METADATA.create_all(engine)
        with engine.begin() as connection:
            connection.execute(
                sa.insert(SCORES), [{"player": "Ada", "points": 31}, {"player": "Bö", "points": 7}]
            )
        with engine.connect() as connection:
            rows = connection.execute(
                sa.select(SCORES.c.player, SCORES.c.points).order_by(SCORES.c.id)
            ).all()
        assert [tuple(row) for row in rows] == [("Ada", 31), ("Bö", 7)]
    finally:
        engine.dispose()


def test_server_settings(postgres_url: str) -> None:
    """Only 127.0.0.1, UTF-8, and PostgreSQL's durable defaults (fsync on)."""
    assert make_url(postgres_url).database == DATABASE
    with psycopg.connect(conninfo(postgres_url)) as connection:
        settings = {
            name: connection.execute(f"SHOW {name}").fetchone()
            for name in ("listen_addresses", "server_encoding", "fsync", "synchronous_commit")
        }
    assert settings == {
        "listen_addresses": ("127.0.0.1",),
        "server_encoding": ("UTF8",),
        "fsync": ("on",),
        "synchronous_commit": ("on",),
    }


def test_fresh_databases_are_independent(postgres_url: str) -> None:
    """Two fresh databases (as `db_url` makes them) share no tables, and are dropped after."""
    with fresh_database(postgres_url) as first, fresh_database(postgres_url) as second:
        assert make_url(first).database != make_url(second).database
        engine = sa.create_engine(first)
        try:
            METADATA.create_all(engine)
            with engine.begin() as connection:
                connection.execute(sa.insert(SCORES), {"player": "Ada", "points": 31})
        finally:
            engine.dispose()
        assert _tables(first) == ["scores"]
        assert _tables(second) == []
    with psycopg.connect(conninfo(postgres_url)) as connection:
        names = {row[0] for row in connection.execute("SELECT datname FROM pg_database")}
    assert make_url(first).database not in names
    assert make_url(second).database not in names
    assert DATABASE in names


def test_throwaway_server_leaves_nothing(postgres_url: str) -> None:
    """Once its block exits, a throwaway server no longer answers and its directory is gone.

    `postgres_url` is requested only so that a missing PostgreSQL skips or fails this test.
    """
    with throwaway_postgres() as url:
        assert url != postgres_url
        with psycopg.connect(conninfo(url)) as connection:
            row = connection.execute("SHOW data_directory").fetchone()
        assert row is not None
        data_directory = Path(row[0])
        assert data_directory.is_dir()
    assert not data_directory.exists()
    assert not data_directory.parent.exists()
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(conninfo(url)).close()
