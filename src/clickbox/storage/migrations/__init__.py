"""Alembic migrations of the clickbox schema (run by ``Store`` on start)."""
