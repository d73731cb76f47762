"""Each account's confusable skeleton: no two account names look alike.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-05

The skeleton (``clickbox.storage.names.name_skeleton``) is filled in for every account, oldest
first; an account whose name already looks like an older account's (made before this check)
keeps its name and gets no skeleton, so the unique index holds and both go on signing in.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from clickbox.storage.names import name_skeleton

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

SKELETON_LENGTH = 256


def upgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("name_skeleton", sa.String(SKELETON_LENGTH), nullable=True))
    accounts = sa.table(
        "accounts",
        sa.column("id", sa.String),
        sa.column("name", sa.String),
        sa.column("created_at", sa.Float),
        sa.column("name_skeleton", sa.String),
    )
    conn = op.get_bind()
    rows = conn.execute(
        sa.select(accounts.c.id, accounts.c.name).order_by(accounts.c.created_at, accounts.c.id)
    ).all()
    seen: set[str] = set()
    for account_id, name in rows:
        shape = name_skeleton(name)
        if shape in seen or len(shape) > SKELETON_LENGTH:
            continue
        seen.add(shape)
        conn.execute(
            accounts.update().where(accounts.c.id == account_id).values(name_skeleton=shape)
        )
    op.create_index("ix_accounts_name_skeleton", "accounts", ["name_skeleton"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_accounts_name_skeleton", "accounts")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("name_skeleton")
