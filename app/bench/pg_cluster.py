"""A throwaway PostgreSQL cluster in a temporary folder, on a Unix socket only: for the tests and `bench --team`.

It uses the server binaries the Debian `postgresql` package installs (installer/system-deps.sh --test).
`initdb` refuses to run as root, and CI runs as root, so as root the folder is given to the
`postgres` user and the server's programs run as that user. Durability is switched off (fsync,
synchronous commit): the cluster lives for one test run, and a fast one is what the tests need.
Nothing listens on TCP, so nothing outside this machine (or this user's reach) can connect.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

SUPERUSER = "postgres"  # the cluster's bootstrap superuser: only the fixture uses it, to make roles
MIN_VERSION = 15
_START_TIMEOUT = 60  # seconds; a loaded 2-core machine starts a fresh cluster in about 2


class ClusterUnavailable(Exception):
    """No PostgreSQL server can be started here; the message says what is missing."""


def server_bin() -> Path | None:
    """The folder with `initdb`, `pg_ctl` and `postgres` of the newest installed server (15 or newer)."""
    found: list[tuple[int, Path]] = []
    for candidate in glob.glob("/usr/lib/postgresql/*/bin"):
        with contextlib.suppress(ValueError):
            found.append((int(Path(candidate).parent.name), Path(candidate)))
    on_path = shutil.which("initdb")
    if on_path:
        found.append((MIN_VERSION, Path(on_path).resolve().parent))  # checked by running it below
    for version, folder in sorted(found, reverse=True):
        if version >= MIN_VERSION and (folder / "initdb").exists() and (folder / "pg_ctl").exists():
            return folder
    return None


@dataclass
class Cluster:
    """A running cluster: connect through `socket_dir` (libpq `host=`), as `SUPERUSER` to administer it."""

    base: Path
    bin: Path
    port: int
    run_as: str | None  # the user the server runs as when started by root

    @property
    def socket_dir(self) -> Path:
        return self.base / "socket"

    @property
    def data(self) -> Path:
        return self.base / "data"

    @property
    def log(self) -> Path:
        return self.base / "server.log"

    def dsn(self, user: str = SUPERUSER, dbname: str = "postgres", **extra: str) -> str:
        """A libpq connection string to this cluster as `user`."""
        parts = {"host": str(self.socket_dir), "port": str(self.port), "user": user, "dbname": dbname, **extra}
        return " ".join(f"{key}={_quote(value)}" for key, value in parts.items())

    def _run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return _run(self.run_as, [str(a) for a in args], check=check)

    def start(self) -> None:
        self._run(
            str(self.bin / "pg_ctl"),
            "-D",
            str(self.data),
            "-l",
            str(self.log),
            "-w",
            "-t",
            str(_START_TIMEOUT),
            "start",
        )

    def stop(self, mode: str = "fast") -> None:
        """Stop the server (`immediate` is a crash: what a server that goes away mid-session looks like)."""
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop", check=False)

    def running(self) -> bool:
        done = self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "status", check=False)
        return done.returncode == 0

    def psql(self, sql: str, *, user: str = SUPERUSER, dbname: str = "postgres") -> str:
        """Run SQL statements as `user`, each on its own (psql, stopping at the first error); what they printed."""
        psql = self.bin / "psql"
        done = subprocess.run(
            [str(psql), "-X", "-q", "-v", "ON_ERROR_STOP=1", "-At", "-d", self.dsn(user, dbname), "-f", "-"],
            input=sql,
            capture_output=True,
            text=True,
            timeout=60,
        )
        if done.returncode != 0:
            raise RuntimeError(f"psql as {user} failed: {done.stderr.strip()}")
        return done.stdout

    def remove(self) -> None:
        self.stop("immediate")
        shutil.rmtree(self.base, ignore_errors=True)


def start_cluster(*, port: int = 5432, max_connections: int = 120) -> Cluster:
    """Initialise and start a new cluster in a new temporary folder; ClusterUnavailable when it cannot."""
    binaries = server_bin()
    if binaries is None:
        raise ClusterUnavailable(
            f"no PostgreSQL {MIN_VERSION}+ server binaries (initdb, pg_ctl) under /usr/lib/postgresql or on PATH; "
            "install the postgresql package (installer/system-deps.sh --test)"
        )
    run_as: str | None = None
    base = Path(tempfile.mkdtemp(prefix="vda-pg-"))  # short: a socket path must stay under 108 bytes
    if os.geteuid() == 0:
        try:
            account = pwd.getpwnam("postgres")
        except KeyError as exc:
            shutil.rmtree(base, ignore_errors=True)
            raise ClusterUnavailable("running as root and there is no postgres user to run the server as") from exc
        run_as = "postgres"
        os.chown(base, account.pw_uid, account.pw_gid)
    os.chmod(base, 0o700)
    cluster = Cluster(base, binaries, port, run_as)
    try:
        cluster._run(
            str(binaries / "initdb"),
            "-D",
            str(cluster.data),
            "-U",
            SUPERUSER,
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",
        )
        cluster._run("mkdir", "-m", "0700", str(cluster.socket_dir))
        settings = {
            "listen_addresses": "''",
            "unix_socket_directories": f"'{cluster.socket_dir}'",
            "port": str(port),
            "fsync": "off",
            "synchronous_commit": "off",
            "full_page_writes": "off",
            "max_connections": str(max_connections),
            "shared_buffers": "32MB",
            "log_min_messages": "warning",
        }
        conf = "".join(f"{key} = {value}\n" for key, value in settings.items())
        # Appended by the server's own user, so the file keeps its owner and mode.
        cluster._run("sh", "-c", f"cat >> {_quote(str(cluster.data / 'postgresql.auto.conf'))} <<'EOF'\n{conf}EOF\n")
        cluster.start()
    except (OSError, subprocess.SubprocessError, ClusterUnavailable) as exc:
        detail = cluster.log.read_text(errors="replace")[-2000:] if cluster.log.exists() else ""
        cluster.remove()
        raise ClusterUnavailable(f"the test PostgreSQL cluster did not start: {exc} {detail}".strip()) from exc
    _wait_ready(cluster)
    _watch(cluster)
    return cluster


def _watch(cluster: Cluster) -> None:
    """Stop the cluster and remove its folder once this process is gone, however it ended (a killed test run)."""
    script = (
        f"while [ -d /proc/{os.getpid()} ]; do sleep 2; done; "
        f"{cluster.bin / 'pg_ctl'} -D {cluster.data} -m immediate stop >/dev/null 2>&1; rm -rf {cluster.base}"
    )
    extra: dict[str, object] = {}
    if cluster.run_as is not None:
        account = pwd.getpwnam(cluster.run_as)
        extra = {"user": account.pw_uid, "group": account.pw_gid, "extra_groups": []}
    subprocess.Popen(
        ["sh", "-c", script],
        start_new_session=True,
        cwd="/",
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        **extra,  # type: ignore[call-overload]
    )


def _wait_ready(cluster: Cluster) -> None:
    deadline = time.monotonic() + _START_TIMEOUT
    while True:
        try:
            cluster.psql("SELECT 1")
            return
        except RuntimeError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def _run(user: str | None, args: list[str], *, check: bool) -> subprocess.CompletedProcess[str]:
    extra: dict[str, object] = {}
    if user is not None:
        account = pwd.getpwnam(user)
        extra = {"user": account.pw_uid, "group": account.pw_gid, "extra_groups": [], "cwd": "/"}
    done = subprocess.run(args, capture_output=True, text=True, timeout=_START_TIMEOUT * 2, **extra)  # type: ignore[call-overload]
    if check and done.returncode != 0:
        raise subprocess.CalledProcessError(done.returncode, args, done.stdout, done.stderr)
    return done


def _quote(value: str) -> str:
    """A libpq connection-string value (also safe as a shell word here: no quotes in temp paths)."""
    if value and all(c.isalnum() or c in "/._-" for c in value):
        return value
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"
