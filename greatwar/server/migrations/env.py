"""Alembic environment: migrates the connection ``Store.migrate`` hands over, or the URL given
as ``sqlalchemy.url`` when run from the ``alembic`` command (offline: prints the SQL)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from greatwar.server.store import engine_for, metadata


def run(connection: Connection) -> None:
    # Batch mode lets later revisions alter SQLite tables, which have no ALTER COLUMN.
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def main() -> None:
    if context.is_offline_mode():  # `alembic upgrade head --sql`: print the SQL for a URL
        context.configure(url=context.config.get_main_option("sqlalchemy.url"), literal_binds=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    given = context.config.attributes.get("connection")
    if given is not None:
        run(given)
        return
    url = context.config.get_main_option("sqlalchemy.url")
    if not url:
        raise ValueError("set sqlalchemy.url to the database to migrate")
    with engine_for(url).begin() as connection:
        run(connection)


main()
