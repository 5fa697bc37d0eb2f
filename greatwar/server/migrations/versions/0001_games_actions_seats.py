"""The first schema: games, their action journals and their seats.

Revision ID: 0001
Revises:
Create Date: 2025-01-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("winner", sa.String(32), nullable=True),
    )
    op.create_table(
        "actions",
        sa.Column(
            "game",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("ply", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("side", sa.String(32), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("action", sa.Text, nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column("token", sa.String(64), primary_key=True),
        sa.Column(
            "game",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("side", sa.String(32), nullable=True),
        sa.Column("player", sa.String(32), nullable=True),
    )
    op.create_index("ix_seats_game", "seats", ["game"])


def downgrade() -> None:
    op.drop_index("ix_seats_game", "seats")
    op.drop_table("seats")
    op.drop_table("actions")
    op.drop_table("games")
