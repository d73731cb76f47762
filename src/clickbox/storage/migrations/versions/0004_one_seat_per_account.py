"""One seat per account at a table, and the first game a claimed seat is rated in.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-05

A database that already holds an account in two seats of one table (the attack of issue 35)
keeps the account on the lower seat only; the other seat goes on as a guest's.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    seats = sa.table(
        "seats",
        sa.column("table_id", sa.String),
        sa.column("seat", sa.Integer),
        sa.column("account_id", sa.String),
    )
    lower = seats.alias("lower")
    op.execute(
        seats.update()
        .where(
            sa.exists().where(
                lower.c.table_id == seats.c.table_id,
                lower.c.account_id == seats.c.account_id,
                lower.c.seat < seats.c.seat,
            )
        )
        .values(account_id=None)
    )
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("rated_from", sa.Integer, nullable=True))
    op.create_index("uq_seats_table_account", "seats", ["table_id", "account_id"], unique=True)


def downgrade() -> None:
    op.drop_index("uq_seats_table_account", "seats")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("rated_from")
