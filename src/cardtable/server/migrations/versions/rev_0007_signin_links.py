"""One-time sign-in links (server/people/signin.py): a link's hash, whose player it carries,
until when, and when it was used (a link works once).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "signin_links",
        sa.Column("secret_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(24), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_signin_links_player_id", "signin_links", ["player_id"])


def downgrade() -> None:
    op.drop_index("ix_signin_links_player_id", "signin_links")
    op.drop_table("signin_links")
