"""Alembic migrations of the server's schema; run on every start by ``Store.migrate``."""
