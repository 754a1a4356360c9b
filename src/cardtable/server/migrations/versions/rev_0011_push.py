"""Web Push (server/features/push/): the server's VAPID key pair, made on the first start, and
each browser's subscription with its player and the kinds of message it wants.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

RowId = sa.BigInteger().with_variant(sa.Integer, "sqlite")


def upgrade() -> None:
    op.create_table(
        "push_keys",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=False),  # one row: 1
        sa.Column("private_pem", sa.Text, nullable=False),
        sa.Column("public_key", sa.String(100), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "push_subscriptions",
        sa.Column("id", RowId, primary_key=True, autoincrement=True),
        sa.Column("player_id", sa.String(24), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("endpoint", sa.String(1024), nullable=False),
        sa.Column("p256dh", sa.String(128), nullable=False),
        sa.Column("auth", sa.String(64), nullable=False),
        sa.Column("turn", sa.Boolean, nullable=False),
        sa.Column("invite", sa.Boolean, nullable=False),
        sa.Column("match_over", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("endpoint"),
    )
    op.create_index("ix_push_subscriptions_player_id", "push_subscriptions", ["player_id"])


def downgrade() -> None:
    op.drop_index("ix_push_subscriptions_player_id", "push_subscriptions")
    op.drop_table("push_subscriptions")
    op.drop_table("push_keys")
