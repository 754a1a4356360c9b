"""A ``public`` column on ``tables`` and a partial index over the public ones, for a cluster's
open-table list (``store.open_codes``): it read the configuration text of every unfinished
table, and tables resting between turns for days made that 50,000 rows. A plain index on a
two-valued column did not help (SQLite's planner still scanned); a partial index holds only
the public tables.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("public", sa.Boolean, nullable=False,
                                      server_default=sa.false()))
    # The configuration is compact JSON, so the flag is a plain substring of it.
    op.execute(sa.text("UPDATE tables SET public = (config LIKE :flag)")
               .bindparams(flag='%"public":true%'))
    op.create_index("ix_tables_open", "tables", ["status", "code"],
                    sqlite_where=sa.text("public = 1"), postgresql_where=sa.text("public"))


def downgrade() -> None:
    op.drop_index("ix_tables_open", "tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("public")
