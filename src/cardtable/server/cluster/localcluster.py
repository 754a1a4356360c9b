"""A whole cluster on this one machine, from Debian and PyPI packages only (``make cluster``).

PostgreSQL (a cluster of its own in the folder, from Debian's binaries), Redis, ``servers``
``cardtable serve`` processes and nginx in front of them, balancing round robin **without
sticky sessions** (any process serves any table: ``server/cluster/cluster.py``). Everything it
starts lives in one folder (``.cluster/`` for ``make cluster``) with its logs and pid files, and
``stop`` stops exactly what ``start`` started.

The same topology (``SERVER_ENV``) writes ``deploy/compose.yaml`` (``compose``): the compose
file cannot drift from what ``make cluster`` runs (a test compares them).

    python -m cardtable.server.cluster.localcluster start [--folder .cluster] [--servers 3]
        [--port 8080] [--bind 127.0.0.1] [--server-ports 8081,8082,8083] [--pg-port 5433]
        [--redis-port 6380]

Every part (PostgreSQL, Redis, the servers, nginx) listens on ``--bind`` only (loopback by
default: nothing but nginx needs to be reached from elsewhere, and even nginx only when asked),
on the ports given, or free ones.
    python -m cardtable.server.cluster.localcluster stop [--folder .cluster]
    python -m cardtable.server.cluster.localcluster compose > deploy/compose.yaml
    python -m cardtable.server.cluster.localcluster nginx > deploy/nginx.conf
"""

from __future__ import annotations

import argparse
import contextlib
import glob
import json
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

#: The settings every server process of a cluster gets, besides its database and Redis
#: (``start`` and ``compose`` both read them).
SERVER_ENV: dict[str, str] = {
    "CARDTABLE_HOST": "0.0.0.0",
    "CARDTABLE_FORWARDED_ALLOW_IPS": "127.0.0.1",
    "CARDTABLE_LEASE_SECONDS": "5",
    "CARDTABLE_LOG_LEVEL": "info",
}

NGINX = """# Written by cardtable.server.cluster.localcluster: the balancer of a local cluster.
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/nginx-error.log warn;
worker_rlimit_nofile 65536;
events {{ worker_connections 32768; }}
http {{
    access_log off;
    client_body_temp_path {folder}/nginx-temp/body;
    proxy_temp_path {folder}/nginx-temp/proxy;
    fastcgi_temp_path {folder}/nginx-temp/fastcgi;
    uwsgi_temp_path {folder}/nginx-temp/uwsgi;
    scgi_temp_path {folder}/nginx-temp/scgi;
    map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
    upstream cardtable {{
{upstreams}
    }}
    server {{
        listen {listen};
        location / {{
            proxy_pass http://cardtable;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_read_timeout 3600s;
            # a failed handshake or request (refused, cut, timed out, a 502) is retried at
            # another server; a 503 is the application's answer (lobby/full, table/moved):
            # retried, it counted as a failure, and one per server left no live upstream
            proxy_next_upstream error timeout http_502;
            proxy_connect_timeout 2s;
        }}
    }}
}}
"""


def nginx_conf(folder: Path, servers: list[str], listen: str) -> str:
    """The balancer's configuration: ``servers`` (``host:port`` each) behind ``listen``, its
    files in ``folder``."""
    upstreams = "\n".join(f"        server {server} max_fails=1 fail_timeout=2s;"
                          for server in servers)
    return NGINX.format(folder=folder, upstreams=upstreams, listen=listen)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _cardtable() -> str:
    """The ``cardtable`` command of this Python's environment."""
    return str(Path(sys.executable).parent / "cardtable")


def _postgres_bin() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        raise SystemExit("PostgreSQL's server binaries are missing: apt-get install postgresql")
    return Path(found[-1]).parent


def _need(program: str, package: str) -> str:
    path = shutil.which(program) or (f"/usr/sbin/{program}"
                                     if Path(f"/usr/sbin/{program}").exists() else None)
    if path is None:
        raise SystemExit(f"{program} is missing: apt-get install {package}")
    return path


@dataclass
class LocalCluster:
    folder: Path
    servers: int = 3
    port: int = 8080
    server_ports: list[int] = field(default_factory=list)
    pg_port: int = 0
    redis_port: int = 0
    extra_env: dict[str, str] = field(default_factory=dict)
    #: The address every part listens on (see the module docstring).
    bind: str = "127.0.0.1"

    @property
    def reach(self) -> str:
        """The address the parts reach one another at: ``bind``, or loopback for "any"."""
        return "127.0.0.1" if self.bind in ("0.0.0.0", "", "*") else self.bind

    @property
    def url(self) -> str:
        return f"http://{self.reach}:{self.port}"

    @property
    def db_url(self) -> str:
        return f"postgresql+psycopg://postgres@{self.reach}:{self.pg_port}/cardtable"

    @property
    def redis_url(self) -> str:
        return f"redis://{self.reach}:{self.redis_port}/0"

    # -- start ----------------------------------------------------------------------------

    def start(self) -> None:
        self.redis_port = self.redis_port or free_port()
        self.server_ports = self.server_ports or [free_port() for _ in range(self.servers)]
        self.start_database()
        self._start_redis()
        env = self.server_env()
        subprocess.run([_cardtable(), "db", "upgrade"], env=env,
                       check=True, capture_output=True, timeout=120)
        for index in range(self.servers):
            self.start_server(index, env)
        self._start_nginx()
        self.wait_ready()

    def start_database(self) -> None:
        """The folder and its PostgreSQL only (``start`` does the rest; a benchmark of one
        process on PostgreSQL needs no more)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        self.folder.chmod(0o755)
        self.pg_port = self.pg_port or free_port()
        self._save()
        self._start_postgres()

    def server_env(self) -> dict[str, str]:
        return {**os.environ, **SERVER_ENV, "CARDTABLE_DB": self.db_url,
                "CARDTABLE_REDIS_URL": self.redis_url, **self.extra_env}

    def start_server(self, index: int, env: dict[str, str] | None = None) -> None:
        """Start server process ``index`` (again, after a kill)."""
        env = env or self.server_env()
        port = self.server_ports[index]
        log = open(self.folder / f"server-{index}.log", "ab")  # noqa: SIM115 (the child's)
        process = subprocess.Popen(
            [_cardtable(), "serve", "--port", str(port),
             "--data-dir", str(self.folder / f"data-{index}")],
            env={**env, "CARDTABLE_PORT": str(port), "CARDTABLE_HOST": self.bind,
                 "CARDTABLE_FORWARDED_ALLOW_IPS": self.reach}, stdout=log, stderr=log,
            start_new_session=True,
        )
        (self.folder / f"server-{index}.pid").write_text(str(process.pid))

    def _start_postgres(self) -> None:
        binaries = _postgres_bin()
        data = self.folder / "pg"
        user = "postgres" if os.geteuid() == 0 else None
        if user is not None:
            entry = pwd.getpwnam(user)
            data.mkdir(exist_ok=True)
            shutil.chown(data, entry.pw_uid, entry.pw_gid)
            data.chmod(0o700)

        def run(program: str, *args: str) -> None:
            command = [str(binaries / program), *args]
            if user is not None:
                command = ["runuser", "-u", user, "--", *command]
            subprocess.run(command, check=True, capture_output=True, timeout=120, cwd="/")

        if not (data / "PG_VERSION").exists():
            run("initdb", "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
        options = (f"-p {self.pg_port} -c listen_addresses={self.bind} -k {data} "
                   "-c max_connections=300 -c synchronous_commit=on")
        run("pg_ctl", "-D", str(data), "-o", options, "-l", str(data / "postgresql.log"),
            "-w", "-t", "60", "start")
        import psycopg

        with psycopg.connect(f"host={self.reach} port={self.pg_port} user=postgres "
                             "dbname=postgres", autocommit=True) as db:
            if db.execute("SELECT 1 FROM pg_database WHERE datname='cardtable'").fetchone() \
                    is None:
                db.execute("CREATE DATABASE cardtable")

    def _start_redis(self) -> None:
        program = _need("redis-server", "redis-server")
        process = subprocess.Popen(
            [program, "--port", str(self.redis_port), "--bind", self.bind, "--save", "",
             "--appendonly", "no", "--dir", str(self.folder)],
            stdout=open(self.folder / "redis.log", "ab"),  # noqa: SIM115 (the child's)
            stderr=subprocess.STDOUT, start_new_session=True,
        )
        (self.folder / "redis.pid").write_text(str(process.pid))
        _wait_port(self.redis_port, self.reach)

    def nginx_conf(self) -> str:
        return nginx_conf(self.folder.resolve(), [f"{self.reach}:{p}" for p in self.server_ports],
                          f"{self.bind}:{self.port}")

    def _start_nginx(self) -> None:
        program = _need("nginx", "nginx")
        temp = self.folder / "nginx-temp"
        temp.mkdir(exist_ok=True)
        temp.chmod(0o777)  # nginx's workers run as nobody when started by root
        conf = self.folder / "nginx.conf"
        conf.write_text(self.nginx_conf())
        subprocess.run([program, "-c", str(conf.resolve()), "-p", str(self.folder.resolve())],
                       check=True, capture_output=True, timeout=30)

    def wait_ready(self, seconds: float = 90.0) -> None:
        deadline = time.monotonic() + seconds
        for port in [*self.server_ports, self.port]:
            while True:
                try:
                    with urllib.request.urlopen(f"http://{self.reach}:{port}/readyz",
                                                timeout=2):
                        break
                except OSError:
                    if time.monotonic() > deadline:
                        raise SystemExit(f"the cluster did not get ready (port {port}); see "
                                         f"the logs in {self.folder}") from None
                    time.sleep(0.1)

    # -- stop -----------------------------------------------------------------------------

    def server_pid(self, index: int) -> int:
        return int((self.folder / f"server-{index}.pid").read_text())

    def kill_server(self, index: int) -> None:
        """SIGKILL: the process dies at once, as in a crash."""
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.server_pid(index), signal.SIGKILL)

    def stop(self) -> None:
        for pidfile in sorted(self.folder.glob("server-*.pid")):
            _stop_pid(pidfile)
        nginx_pid = self.folder / "nginx.pid"
        if nginx_pid.exists():
            _stop_pid(nginx_pid, signal.SIGQUIT)
        _stop_pid(self.folder / "redis.pid")
        data = self.folder / "pg"
        if (data / "postmaster.pid").exists():
            command = [str(_postgres_bin() / "pg_ctl"), "-D", str(data), "-m", "fast", "-w",
                       "stop"]
            if os.geteuid() == 0:
                command = ["runuser", "-u", "postgres", "--", *command]
            subprocess.run(command, capture_output=True, timeout=60, cwd="/")

    # -- the folder's record ------------------------------------------------------------------

    def _save(self) -> None:
        (self.folder / "cluster.json").write_text(json.dumps({
            "servers": self.servers, "port": self.port, "server_ports": self.server_ports,
            "pg_port": self.pg_port, "redis_port": self.redis_port, "bind": self.bind}))

    @classmethod
    def load(cls, folder: Path) -> LocalCluster:
        data = json.loads((folder / "cluster.json").read_text())
        return cls(folder=folder, **data)


def _wait_port(port: int, host: str = "127.0.0.1", seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            with socket.create_connection((host, port), timeout=1):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise SystemExit(f"nothing answers on port {port}") from None
            time.sleep(0.05)


def _stop_pid(pidfile: Path, sig: signal.Signals = signal.SIGTERM) -> None:
    """Stop the process ``pidfile`` names (if it still runs) and wait for it."""
    if not pidfile.exists():
        return
    pid = int(pidfile.read_text().strip() or 0)
    pidfile.unlink()
    if pid <= 0:
        return
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, sig)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            os.kill(pid, 0)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, os.WNOHANG)
            time.sleep(0.05)
        os.kill(pid, signal.SIGKILL)


def compose(servers: int = 3) -> str:
    """``deploy/compose.yaml``: the same topology as ``start``, as containers."""
    # nginx is another container there: its address is not known in advance
    env = {**SERVER_ENV, "CARDTABLE_FORWARDED_ALLOW_IPS": "*"}
    lines = [
        "# Written by `python -m cardtable.server.cluster.localcluster compose` from the topology",
        "# that `make cluster` runs (cardtable/server/localcluster.py); do not edit by hand.",
        "services:",
        "  postgres:",
        "    image: postgres:15",
        "    environment: {POSTGRES_HOST_AUTH_METHOD: trust, POSTGRES_DB: cardtable}",
        "    volumes: [pgdata:/var/lib/postgresql/data]",
        "  redis:",
        "    image: redis:7",
        "    command: [redis-server, --save, '', --appendonly, 'no']",
        "  migrate:",
        "    build: {context: .., dockerfile: deploy/Dockerfile}",
        "    command: [cardtable, db, upgrade]",
        "    environment:",
        "      CARDTABLE_DB: postgresql+psycopg://postgres@postgres:5432/cardtable",
        "    depends_on: [postgres]",
    ]
    for index in range(servers):
        lines += [
            f"  server-{index}:",
            "    build: {context: .., dockerfile: deploy/Dockerfile}",
            "    command: [cardtable, serve, --port, '8000']",
            "    environment:",
            "      CARDTABLE_DB: postgresql+psycopg://postgres@postgres:5432/cardtable",
            "      CARDTABLE_REDIS_URL: redis://redis:6379/0",
            *(f"      {key}: '{value}'" for key, value in sorted(env.items())),
            "    depends_on:",
            "      migrate: {condition: service_completed_successfully}",
            "      redis: {condition: service_started}",
        ]
    lines += [
        "  nginx:",
        "    image: nginx:1.22",
        "    ports: ['8080:8080']",
        "    volumes: [./nginx.conf:/etc/nginx/nginx.conf:ro]",
        f"    depends_on: [{', '.join(f'server-{i}' for i in range(servers))}]",
        "    # nginx.conf: the balancer of `make cluster` (round robin, no sticky sessions)",
        "volumes:",
        "  pgdata: {}",
    ]
    return "\n".join(lines) + "\n"


def compose_nginx(servers: int = 3) -> str:
    """``deploy/nginx.conf``: the balancer of ``start``, for the containers of ``compose``."""
    return nginx_conf(Path("/tmp"), [f"server-{i}:8000" for i in range(servers)], "0.0.0.0:8080")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m cardtable.server.cluster.localcluster")
    parser.add_argument("command", choices=["start", "stop", "compose", "nginx"])
    parser.add_argument("--folder", type=Path, default=Path(".cluster"))
    parser.add_argument("--servers", type=int, default=3)
    parser.add_argument("--port", type=int, default=8080, help="nginx's port")
    parser.add_argument("--bind", default="127.0.0.1",
                        help="the address every part listens on (0.0.0.0: every interface)")
    parser.add_argument("--server-ports", default="",
                        help="the servers' ports, comma-separated (one per server); empty: free")
    parser.add_argument("--pg-port", type=int, default=0, help="PostgreSQL's; 0: a free one")
    parser.add_argument("--redis-port", type=int, default=0, help="Redis's; 0: a free one")
    args = parser.parse_args(argv)
    server_ports = [int(p) for p in args.server_ports.split(",") if p.strip()]
    if server_ports and len(server_ports) != args.servers:
        parser.error(f"--server-ports names {len(server_ports)} ports for {args.servers} servers")
    if args.command in ("compose", "nginx"):
        sys.stdout.write((compose if args.command == "compose" else compose_nginx)(args.servers))
        return
    if args.command == "stop":
        if (args.folder / "cluster.json").exists():
            LocalCluster.load(args.folder).stop()
        print(f"cluster in {args.folder} stopped")
        return
    cluster = LocalCluster(folder=args.folder, servers=args.servers, port=args.port,
                           server_ports=server_ports, pg_port=args.pg_port,
                           redis_port=args.redis_port, bind=args.bind)
    try:
        cluster.start()
    except BaseException:
        cluster.stop()
        raise
    print(f"cardtable cluster ({args.servers} servers behind nginx) on {cluster.url}/ — "
          f"logs in {args.folder}/; `make cluster-stop` stops it")


if __name__ == "__main__":
    main()
