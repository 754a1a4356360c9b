"""Friends, friend links and invitations (server/people/friends.py, invitations.py): who
agreed to be friends (one row each way), friend requests made from a shared table, one-time
friend links (hash only), and invitations to a table with their answer.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def _player(name: str, primary_key: bool = False) -> sa.Column[str]:
    return sa.Column(name, sa.String(24), sa.ForeignKey("players.id"), nullable=False,
                     primary_key=primary_key)


def upgrade() -> None:
    op.create_table(
        "friendships",
        _player("player_id", primary_key=True),
        _player("friend_id", primary_key=True),
        sa.Column("since", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "friend_requests",
        _player("from_id", primary_key=True),
        _player("to_id", primary_key=True),
        sa.Column("table_code", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_friend_requests_to_id", "friend_requests", ["to_id"])
    op.create_table(
        "friend_links",
        sa.Column("secret_hash", sa.String(64), primary_key=True),
        _player("player_id"),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_friend_links_player_id", "friend_links", ["player_id"])
    op.create_table(
        "invitations",
        sa.Column("id", sa.String(24), primary_key=True),
        _player("from_id"),
        _player("to_id"),
        sa.Column("table_code", sa.String(16), sa.ForeignKey("tables.code"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("answer", sa.String(16), nullable=True),
    )
    op.create_index("ix_invitations_to_id", "invitations", ["to_id"])


def downgrade() -> None:
    op.drop_index("ix_invitations_to_id", "invitations")
    op.drop_table("invitations")
    op.drop_index("ix_friend_links_player_id", "friend_links")
    op.drop_table("friend_links")
    op.drop_index("ix_friend_requests_to_id", "friend_requests")
    op.drop_table("friend_requests")
    op.drop_table("friendships")
