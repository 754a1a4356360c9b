"""Ratings for people (server/people/ratings*.py): each player's Weng–Lin rating per game, and
the log of the matches rated, so that no match is rated twice.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.String(24), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("matches", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ratings_game", "ratings", ["game"])
    op.create_table(
        "rated_matches",
        sa.Column("table_code", sa.String(16), sa.ForeignKey("tables.code"), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("rated_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rated_matches")
    op.drop_index("ix_ratings_game", "ratings")
    op.drop_table("ratings")
