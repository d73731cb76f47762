"""Alembic environment: runs on the connection that ``Store`` passes in."""

from __future__ import annotations

from alembic import context

from clickbox.storage.models import metadata

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - only the Store runs migrations
    raise RuntimeError("clickbox migrations run through clickbox.storage.Store")
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
