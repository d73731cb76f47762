"""A secret per table (tokens of idempotent joins are derived from it).

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-14
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("secret", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("secret")
