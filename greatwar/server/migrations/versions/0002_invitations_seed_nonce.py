"""Invitation links that are claimed once, and the secret that hides the seed's commitment.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(
            sa.Column("invitation", sa.Boolean, nullable=False, server_default=sa.false())
        )
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("nonce", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("nonce")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("invitation")
