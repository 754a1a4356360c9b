"""Row ids as 64-bit integers (BIGINT) on the databases whose INTEGER is 32-bit.

SQLite's ``INTEGER PRIMARY KEY`` is already a 64-bit rowid: nothing to do there.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

TABLES = ("seats", "events", "chat")


def upgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        return
    for table in TABLES:
        op.alter_column(table, "id", type_=sa.BigInteger, existing_type=sa.Integer,
                        existing_nullable=False)
        if op.get_bind().dialect.name == "postgresql":  # a serial's sequence is 32-bit too
            op.execute(f"ALTER SEQUENCE {table}_id_seq AS bigint")


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        return
    for table in TABLES:
        op.alter_column(table, "id", type_=sa.Integer, existing_type=sa.BigInteger,
                        existing_nullable=False)
