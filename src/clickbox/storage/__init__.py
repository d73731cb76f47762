"""Storage for the server: SQLAlchemy, SQLite by default, PostgreSQL by URL, alembic migrations."""

from .accounts import (
    Account,
    AccountSeated,
    Finish,
    NameTaken,
    NameTooLike,
    PlayedGame,
    Rating,
    SeatResult,
)
from .store import Event, SeatRow, SeqConflict, Store, TableRow, default_url, normalize_url

__all__ = [
    "Account",
    "AccountSeated",
    "Event",
    "Finish",
    "NameTaken",
    "NameTooLike",
    "PlayedGame",
    "Rating",
    "SeatResult",
    "SeatRow",
    "SeqConflict",
    "Store",
    "TableRow",
    "default_url",
    "normalize_url",
]
