"""A throwaway PostgreSQL cluster for the tests: initdb in a temporary folder, listening only
on a unix socket there, stopped and removed at the end. The server refuses to run as root,
so as root the cluster belongs to the ``postgres`` user (made by Debian's package) and its
commands run through runuser. Without PostgreSQL's binaries the tests run on SQLite only."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

CLUSTER_USER = "postgres"  # made by Debian's postgresql package
PORT = 54329  # a socket file name only: the cluster listens on no TCP address


def binaries() -> Path | None:
    """The newest installed PostgreSQL's bin folder (Debian layout), or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=_version)
    return Path(found[-1]).parent if found else None


def _version(path: str) -> int:
    part = path.split("/")[4]
    return int(part) if part.isdigit() else 0


def _as_owner(command: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", CLUSTER_USER, "--", *command]


@contextmanager
def throwaway_cluster() -> Iterator[str]:
    """Start a cluster; yields its SQLAlchemy-ready URL; stops and removes it after."""
    bin_dir = binaries()
    if bin_dir is None:
        raise RuntimeError("PostgreSQL is not installed: run scripts/install-postgres-deps.sh")
    folder = Path(tempfile.mkdtemp(prefix="greatwar-pg-"))
    data, socket_dir = folder / "data", folder / "socket"
    socket_dir.mkdir()
    if os.geteuid() == 0:
        shutil.chown(folder, CLUSTER_USER)
        shutil.chown(socket_dir, CLUSTER_USER)
    run = {"check": True, "capture_output": True, "timeout": 120}
    try:
        subprocess.run(
            _as_owner([str(bin_dir / "initdb"), "-D", str(data), "-U", "greatwar", "-A", "trust"]),
            **run,  # type: ignore[call-overload]
        )
        options = f"-k {socket_dir} -p {PORT} -c listen_addresses='' -c fsync=off"
        subprocess.run(
            _as_owner(
                [
                    str(bin_dir / "pg_ctl"),
                    "-D",
                    str(data),
                    "-o",
                    options,
                    "-w",
                    "-l",
                    str(folder / "log"),
                    "start",
                ]
            ),
            **run,  # type: ignore[call-overload]
        )
        yield f"postgresql://greatwar@/postgres?host={socket_dir}&port={PORT}"
    finally:
        subprocess.run(
            _as_owner([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
            check=False,
            capture_output=True,
            timeout=60,
        )
        shutil.rmtree(folder, ignore_errors=True)
