"""Players who are remembered (server/people): a player per person from their first visit, the
hashed device credentials that name them, and which seats they took.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

RowId = sa.BigInteger().with_variant(sa.Integer, "sqlite")


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("colour", sa.String(7), nullable=False),
        sa.Column("language", sa.String(8), nullable=True),
        sa.Column("hidden", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "player_credentials",
        sa.Column("id", RowId, primary_key=True, autoincrement=True),
        sa.Column("player_id", sa.String(24), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("secret_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("secret_hash"),
    )
    op.create_index("ix_player_credentials_player_id", "player_credentials", ["player_id"])
    op.create_table(
        "player_seats",
        sa.Column("table_code", sa.String(16), sa.ForeignKey("tables.code"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.String(24), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_code", "player_id"),
    )
    op.create_index("ix_player_seats_player_id", "player_seats", ["player_id"])


def downgrade() -> None:
    op.drop_index("ix_player_seats_player_id", "player_seats")
    op.drop_table("player_seats")
    op.drop_index("ix_player_credentials_player_id", "player_credentials")
    op.drop_table("player_credentials")
    op.drop_table("players")
