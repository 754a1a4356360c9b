"""Several server processes on one database: table leases with fencing tokens, and each
process's heartbeat (``servers.seen_at``); finished tables' archive.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_leases",
        sa.Column("code", sa.String(16), sa.ForeignKey("tables.code"), primary_key=True),
        sa.Column("owner", sa.String(36), nullable=True),
        sa.Column("token", sa.BigInteger, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("ix_table_leases_owner", "table_leases", ["owner"])
    op.add_column("servers", sa.Column("seen_at", sa.Float, nullable=True))
    op.create_table(
        "archives",
        sa.Column("code", sa.String(16), sa.ForeignKey("tables.code"), primary_key=True),
        sa.Column("record", sa.LargeBinary, nullable=True),
        sa.Column("archived_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("archives")
    op.drop_column("servers", "seen_at")
    op.drop_index("ix_table_leases_owner", "table_leases")
    op.drop_table("table_leases")
