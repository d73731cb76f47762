"""Storage for the server: SQLAlchemy, SQLite by default, PostgreSQL by URL, alembic migrations."""

from .store import Event, SeatRow, SeqConflict, Store, TableRow, default_url, normalize_url

__all__ = ["Event", "SeatRow", "SeqConflict", "Store", "TableRow", "default_url", "normalize_url"]
