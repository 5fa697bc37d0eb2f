#!/bin/sh
# Installs Debian's PostgreSQL server binaries, which the storage and server tests run on a
# throwaway cluster (tests/pg.py) besides SQLite. Idempotent: does nothing when initdb is
# already there. No cluster is created or started here; the tests make their own.
set -eu

if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends postgresql
else
    echo "The PostgreSQL tests need Debian's postgresql package. Install it with:" >&2
    echo "    sudo apt-get install postgresql" >&2
    echo "(until then the storage and server tests run on SQLite only)" >&2
fi
