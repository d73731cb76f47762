"""Accounts, sessions, results and ratings in the store, on SQLite and PostgreSQL: a database of
the last schema migrates with its tables intact, and a finished game is stored once."""

from __future__ import annotations

import time
from collections.abc import Sequence

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from clickbox.storage import Event, Finish, NameTaken, Rating, SeatResult, SeqConflict, Store
from clickbox.storage.store import MIGRATIONS

from .test_store import _row


def _config(url: str, connection: sa.Connection) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def test_a_database_of_the_last_schema_migrates_and_keeps_its_tables(db_url: str) -> None:
    store = Store(db_url)
    with store.engine.begin() as conn:
        command.downgrade(_config(db_url, conn), "0002")
    with store.engine.begin() as conn:
        conn.execute(
            sa.text(
                "INSERT INTO tables (id, invite, game, settings, public, status, game_number, "
                "created_at, updated_at) VALUES ('old', 'OLDTABLE', 'clever', '{}', true, 'open', "
                "0, 1, 1)"
            )
        )
    store.close()
    migrated = Store(db_url)  # opening migrates to the newest revision
    try:
        row = migrated.table("old")
        assert row is not None and row.invite == "OLDTABLE" and row.seats == ()
        assert migrated.account_by_name("nobody") is None
    finally:
        migrated.close()


def _rate(ratings: Sequence[Rating], ranks: Sequence[int]) -> list[Rating]:
    """A stand-in model: the winner gains a point, everyone's uncertainty shrinks."""
    return [
        (mu + (1 if rank == 1 else -1), sigma * 0.9)
        for (mu, sigma), rank in zip(ratings, ranks, strict=True)
    ]


def test_a_finished_game_is_stored_with_its_last_move_and_rated_once(db_url: str) -> None:
    store = Store(db_url)
    try:
        ann = store.create_account("a1", "Ann", "ann", "hash-a", None)
        bo = store.create_account("b1", "Bo", "bo", "hash-b", "de")
        with pytest.raises(NameTaken):
            store.create_account("a2", "ANN", "ann", "hash", None)
        store.create_table(_row())
        seats = (
            SeatResult(0, "human", "Ann", ann.id, 30.0, 1, True, True),
            SeatResult(1, "human", "Bo", bo.id, 20.0, 2, False, True),
        )
        finish = Finish(1, "clever", "2", seats, (25.0, 8.0), _rate)
        last = Event(1, 1, "act", 0, "c1", {"action": "x"})
        store.append_event("t1", last, finish=finish, status="finished")
        with pytest.raises(SeqConflict):
            store.append_event("t1", last, finish=finish)
        ratings = {r["game"]: r for r in store.ratings_of(ann.id)}
        assert ratings["clever"]["games"] == 1 and ratings["clever"]["mu"] == 26.0
        assert store.ratings_of(bo.id)[0]["mu"] == 24.0
        [game] = store.history(bo.id, 10)
        assert [s["name"] for s in game.seats] == ["Ann", "Bo"]
        assert game.seats[1]["mu_before"] == 25.0 and game.seats[1]["mu_after"] == 24.0
        assert [s["game"] for s in store.stats(ann.id)] == ["clever"]
        assert store.leaderboard("clever", "2", 10)[0]["name"] == "Ann"
        assert len(store.table_results("t1")) == 2
    finally:
        store.close()


def test_sessions_expire_and_end(db_url: str) -> None:
    store = Store(db_url)
    try:
        ann = store.create_account("a1", "Ann", "ann", "hash-a", None)
        now = time.time()
        store.create_session("live", ann.id, now + 60)
        store.create_session("old", ann.id, now - 1)
        assert store.session_account("live", now) == ann
        assert store.session_account("old", now) is None
        assert store.delete_expired_sessions(now) == 1
        store.delete_session("live")
        assert store.session_account("live", now) is None
    finally:
        store.close()
