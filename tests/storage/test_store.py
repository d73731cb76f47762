"""The server's storage on SQLite and PostgreSQL: migrations, tables, seats, the event log."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.exc import IntegrityError

from clickbox.storage import Event, SeatRow, SeqConflict, Store, TableRow, default_url
from clickbox.storage.models import metadata
from clickbox.storage.store import MIGRATIONS


def _row(table_id: str = "t1", invite: str = "ABCD2345") -> TableRow:
    return TableRow(
        id=table_id,
        invite=invite,
        game="clever(players=2)",
        settings={"public": True},
        public=True,
        status="open",
        game_number=0,
        deadline=None,
        created_at=time.time(),
        seats=(SeatRow(0, "human"), SeatRow(1, "bot", "hard")),
    )


def test_the_migrated_schema_is_the_models_schema(db_url: str) -> None:
    store = Store(db_url)
    try:
        with store.engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), metadata)
            version = conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()
        assert diff == []
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        assert version == ScriptDirectory.from_config(config).get_current_head()
        assert version is not None and int(version) >= 4
        store.migrate()  # opening again (a restart) is a no-op
    finally:
        store.close()


def test_tables_seats_and_events_round_trip(db_url: str) -> None:
    store = Store(db_url)
    try:
        store.create_table(_row())
        assert store.table_by_invite("ABCD2345") == store.table("t1")
        assert store.claim_seat("t1", 0, "Ann", "h" * 64)
        assert not store.claim_seat("t1", 0, "Bo", "b" * 64), "a taken seat stays taken"
        assert not store.claim_seat("t1", 1, "Bo", "b" * 64), "a bot seat is never claimed"
        assert [s.name for s in store.seats("t1")] == ["Ann", None]
        assert store.release_seat("t1", 0, "h" * 64)
        assert not store.release_seat("t1", 0, "h" * 64), "given back once"
        assert store.claim_seat("t1", 0, "Ann", "h" * 64)
        start = Event(1, 1, "start", None, None, {"seed": 5})
        store.append_event("t1", start, status="playing", game_number=1)
        move = Event(2, 1, "act", 0, "c-1", {"action": "r5", "applied": ["r5"]})
        store.append_event("t1", move, deadline=123.5)
        with pytest.raises(SeqConflict):
            store.append_event("t1", Event(2, 1, "chat", 0, None, {"text": "again"}))
        events = store.events("t1")
        assert [(e.seq, e.kind, e.data) for e in events] == [
            (1, "start", {"seed": 5}),
            (2, "act", {"action": "r5", "applied": ["r5"]}),
        ]
        assert [e.seq for e in store.events("t1", after=1)] == [2]
        table = store.table("t1")
        assert table is not None and table.status == "playing" and table.deadline == 123.5
        assert [t.id for t in store.tables(["playing"])] == ["t1"]
    finally:
        store.close()


def test_seats_change_only_while_the_table_is_open(db_url: str) -> None:
    """A seat is claimed or given back by one conditional UPDATE that also requires the table
    to be open: once its start is stored, no claim or release can slip in after the check."""
    store = Store(db_url)
    try:
        store.create_table(_row())
        assert store.claim_seat("t1", 0, "Ann", "h" * 64)
        store.append_event(
            "t1", Event(1, 1, "start", None, None, {"seed": 5}), status="playing", game_number=1
        )
        assert not store.release_seat("t1", 0, "h" * 64), "the game has started"
        assert store.seats("t1")[0].token_hash == "h" * 64
        assert not store.claim_seat("t1", 0, "Bo", "b" * 64)
        store.create_table(_row("t2", "WXYZ2345"))
        store.update_table("t2", status="expired")
        assert not store.claim_seat("t2", 0, "Bo", "b" * 64), "an expired table takes nobody"
    finally:
        store.close()


def test_a_table_of_bots_is_stored_with_its_start(db_url: str) -> None:
    store = Store(db_url)
    try:
        row = replace(_row(), status="playing", game_number=1, secret="s" * 64)
        start = Event(1, 1, "start", None, None, {"seed": 5, "deadline": None})
        store.create_table(row, [start])
        stored = store.table("t1")
        assert stored is not None and (stored.status, stored.secret) == ("playing", "s" * 64)
        assert store.events("t1") == [replace(start, created_at=store.events("t1")[0].created_at)]
        # The insert is one transaction: a failing event leaves no table behind.
        with pytest.raises(IntegrityError):
            store.create_table(replace(row, id="t2", invite="WXYZ2345"), [start, start])
        assert store.table("t2") is None and store.seats("t2") == []
    finally:
        store.close()


def test_open_tables_left_alone_expire(db_url: str) -> None:
    store = Store(db_url)
    try:
        store.create_table(_row())
        store.create_table(_row("t2", "WXYZ2345"))
        later = time.time() + 10
        assert store.stale_open_tables(later) == ["t1", "t2"]
        assert store.expire_table("t1", later)
        assert not store.expire_table("t1", later), "once"
        assert not store.expire_table("t2", time.time() - 3600), "changed since the cutoff"
        stored = store.table("t1")
        assert stored is not None and stored.status == "expired"
        assert store.stale_open_tables(later) == ["t2"]
    finally:
        store.close()


def test_a_failed_event_changes_no_table_column(db_url: str) -> None:
    store = Store(db_url)
    try:
        store.create_table(_row())
        store.append_event("t1", Event(1, 1, "start", None, None, {"seed": 1}), status="playing")
        with pytest.raises(SeqConflict):
            store.append_event(
                "t1", Event(1, 1, "start", None, None, {"seed": 2}), status="finished"
            )
        table = store.table("t1")
        assert table is not None and table.status == "playing", "one transaction"
    finally:
        store.close()


def test_the_default_database_is_a_sqlite_file_in_the_data_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLICKBOX_HOME", str(tmp_path / "home"))
    assert default_url() == f"sqlite:///{tmp_path / 'home' / 'clickbox.db'}"
    store = Store()
    try:
        assert (tmp_path / "home" / "clickbox.db").exists(), "created on first run"
        assert store.describe().startswith("sqlite:///")
    finally:
        store.close()


def test_postgres_urls_are_served_by_psycopg() -> None:
    from clickbox.storage import normalize_url

    assert normalize_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_url("sqlite:///x.db") == "sqlite:///x.db"
