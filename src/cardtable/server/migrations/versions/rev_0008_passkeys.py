"""Passkeys (server/people/passkeys.py): each WebAuthn credential's id, public key and sign
count, whose player it signs in; and the challenges handed out for registering and signing in
(single use, short-lived).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

RowId = sa.BigInteger().with_variant(sa.Integer, "sqlite")


def upgrade() -> None:
    op.create_table(
        "passkeys",
        sa.Column("id", RowId, primary_key=True, autoincrement=True),
        sa.Column("player_id", sa.String(24), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("credential_id", sa.String(1400), nullable=False),
        sa.Column("public_key", sa.LargeBinary, nullable=False),
        sa.Column("sign_count", sa.BigInteger, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
        sa.UniqueConstraint("credential_id"),
    )
    op.create_index("ix_passkeys_player_id", "passkeys", ["player_id"])
    op.create_table(
        "passkey_challenges",
        sa.Column("challenge_hash", sa.String(64), primary_key=True),
        sa.Column("purpose", sa.String(16), nullable=False),
        sa.Column("player_id", sa.String(24), sa.ForeignKey("players.id"), nullable=True),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_passkey_challenges_expires_at", "passkey_challenges", ["expires_at"])


def downgrade() -> None:
    op.drop_index("ix_passkey_challenges_expires_at", "passkey_challenges")
    op.drop_table("passkey_challenges")
    op.drop_index("ix_passkeys_player_id", "passkeys")
    op.drop_table("passkeys")
