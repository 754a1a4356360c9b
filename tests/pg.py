"""A throwaway PostgreSQL cluster for the tests, made from Debian's server binaries.

``Cluster`` runs ``initdb`` in a temporary folder and ``pg_ctl`` on a free port of 127.0.0.1
(as the ``postgres`` user when the tests run as root: PostgreSQL refuses to run as root), with
fsync off (a test cluster needs no durability). ``stop``/``start`` make a real outage and
``restart`` a real restart (every pooled connection goes stale). ``make test`` installs the
binaries when it can; without them the PostgreSQL tests are skipped, loudly.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest


def _binaries() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Cluster:
    def __init__(self, folder: Path) -> None:
        binaries = _binaries()
        if binaries is None:
            pytest.skip("!!! PostgreSQL's server binaries are missing (apt-get install "
                        "postgresql): the PostgreSQL tests are SKIPPED !!!")
        pytest.importorskip("psycopg")
        self.bin = binaries
        self.folder = folder
        self.data = folder / "data"
        self.port = _free_port()
        self.user: str | None = None
        if os.geteuid() == 0:
            self.user = "postgres"
            try:
                entry = pwd.getpwnam(self.user)
            except KeyError:
                pytest.skip("!!! no 'postgres' user to run PostgreSQL as: SKIPPED !!!")
            folder.mkdir(parents=True, exist_ok=True)
            shutil.chown(folder, entry.pw_uid, entry.pw_gid)
            folder.chmod(0o700)
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust",
                  "-E", "UTF8", "--no-sync")
        self.start()

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.bin / program), *args]
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=60, cwd="/")

    def start(self) -> None:
        options = (f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.folder} "
                   "-c fsync=off -c full_page_writes=off "
                   "-c max_connections=200")
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l",
                  str(self.folder / "log"), "-w", "-t", "30", "start")

    def stop(self) -> None:
        """Stop at once (``immediate``: as a crash would), dropping every connection."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def restart(self) -> None:
        self.stop()
        self.start()

    def new_database(self) -> str:
        """A fresh, empty database; its SQLAlchemy URL."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres",
                             autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{name}"

    def destroy(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "stop")


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    # not under pytest's tmp folder: its parents are root's own (0700), closed to ``postgres``
    folder = Path(tempfile.mkdtemp(prefix="cardtable-pg-"))
    folder.chmod(0o755)  # the cluster folder inside is the postgres user's own (0700)
    try:
        cluster = Cluster(folder / "cluster")
        yield cluster
        cluster.destroy()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def pg_url(pg_cluster: Cluster) -> str:
    return pg_cluster.new_database()
