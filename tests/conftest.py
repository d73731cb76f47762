"""Database fixtures: one throwaway PostgreSQL per test session (per xdist worker), and `db_url`,
which runs a test once on SQLite and once on a fresh PostgreSQL database."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.pgserver import fresh_database, postgres_available, throwaway_postgres


def _postgres_required() -> bool:
    """CI set (to anything but "", "0" or "false") or CLICKBOX_REQUIRE_POSTGRES=1 turn a missing
    PostgreSQL into a failure instead of a skip."""
    ci = os.environ.get("CI", "").strip().lower() not in ("", "0", "false")
    return ci or os.environ.get("CLICKBOX_REQUIRE_POSTGRES") == "1"


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """The SQLAlchemy URL of this session's throwaway PostgreSQL server (database clickbox_test)."""
    reason = postgres_available()
    if reason is not None:
        if _postgres_required():
            pytest.fail(
                f"PostgreSQL is required here (CI or CLICKBOX_REQUIRE_POSTGRES=1): {reason}",
                pytrace=False,
            )
        pytest.skip(f"no PostgreSQL: {reason}")
    with throwaway_postgres() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"], ids=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A SQLAlchemy URL of an empty database of its own: a SQLite file, or a fresh PostgreSQL
    database (dropped after the test) on the session's throwaway server."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path}/clickbox.db"
        return
    server_url: str = request.getfixturevalue("postgres_url")
    with fresh_database(server_url) as url:
        yield url
