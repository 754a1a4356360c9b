"""The daily deal: the server's secret, who played each day's deal, and how the
bot levels scored from the same seat.

(Chained after 0003 on the friends branch; the lead re-chains it after 0004 at the merge.)

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

RowId = sa.BigInteger().with_variant(sa.Integer, "sqlite")


def upgrade() -> None:
    op.create_table(
        "daily_keys",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("secret", sa.String(128), nullable=False),
    )
    op.create_table(
        "daily_plays",
        sa.Column("id", RowId, primary_key=True, autoincrement=True),
        sa.Column("day", sa.String(10), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("browser_hash", sa.String(64), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("table_code", sa.String(16), sa.ForeignKey("tables.code"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("day", "game", "players", "browser_hash"),
    )
    op.create_index("ix_daily_plays_day", "daily_plays", ["day"])
    op.create_table(
        "daily_references",
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("players", sa.Integer, primary_key=True),
        sa.Column("level", sa.String(16), primary_key=True),
        sa.Column("points", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("daily_references")
    op.drop_index("ix_daily_plays_day", "daily_plays")
    op.drop_table("daily_plays")
    op.drop_table("daily_keys")
