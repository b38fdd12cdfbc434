"""A throwaway PostgreSQL cluster for the tests and benchmarks: initdb + pg_ctl into a temporary
directory, listening on a free loopback port, stopped and deleted afterwards.

pytest-postgresql's process fixture does the same, but PostgreSQL refuses to run as root, and CI
machines (and ours) run as root: the cluster must run as the unprivileged `postgres` user, which that
fixture cannot arrange. So this module starts the server itself — as `postgres` through `runuser`
when we are root, as ourselves otherwise.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

#: Tries at starting the server, each on a fresh free port.
START_ATTEMPTS = 3

_SEARCH = ("/usr/lib/postgresql/15/bin", "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/17/bin",
           "/usr/local/pgsql/bin")


class PostgresUnavailable(RuntimeError):
    """No PostgreSQL server binaries on this machine (or they would not start)."""


def find_bin(name: str) -> str:
    for folder in _SEARCH:
        candidate = Path(folder) / name
        if candidate.exists():
            return str(candidate)
    found = shutil.which(name)
    if found:
        return found
    raise PostgresUnavailable(f"{name} not found; install PostgreSQL (e.g. `apt-get install postgresql`).")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class PostgresCluster:
    """Start with `start()`, connect with `url(database)`, stop with `stop()`."""

    root: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="yk-pg-")))
    port: int = field(default_factory=_free_port)
    user: str = "yokohama"
    _as: list[str] = field(default_factory=list)
    _session: subprocess.Popen[str] | None = None

    def _run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*self._as, *args], check=check, capture_output=True, text=True, timeout=120)

    def start(self) -> PostgresCluster:
        initdb, pg_ctl = find_bin("initdb"), find_bin("pg_ctl")
        data = self.root / "data"
        if os.geteuid() == 0:
            runuser = shutil.which("runuser")
            if runuser is None:
                raise PostgresUnavailable("running as root without runuser: cannot start PostgreSQL")
            self._as = [runuser, "-u", "postgres", "--"]
            shutil.chown(self.root, "postgres")
            os.chmod(self.root, 0o700)
        log = self.root / "log"
        try:
            self._run(initdb, "-D", str(data), "-U", self.user, "--auth=trust", "-E", "UTF8",
                      "--locale=C", "--no-sync")
            for attempt in range(START_ATTEMPTS):
                # The free port was released before the server binds it: a cluster started at the same
                # moment (another pytest-xdist worker) may take it first. Then try another port.
                options = (f"-p {self.port} -k {self.root} -h 127.0.0.1 -c fsync=off -c full_page_writes=off "
                           "-c synchronous_commit=off -c max_connections=200")
                started = self._run(pg_ctl, "-D", str(data), "-o", options, "-l", str(log), "-w", "-t", "60",
                                    "start", check=attempt == START_ATTEMPTS - 1)
                if started.returncode == 0:
                    break
                self.port = _free_port()
        except subprocess.CalledProcessError as exc:
            detail = (exc.stderr or "") + (log.read_text() if log.exists() else "")
            raise PostgresUnavailable(f"PostgreSQL would not start: {detail.strip()[-2000:]}") from exc
        return self

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str) -> str:
        """A new empty database, created through one `psql` session kept open for the cluster's life (a
        `psql` started per database, through `runuser`, cost ~40 ms of the ~135: every PostgreSQL test makes
        one). Should that session be gone, a `psql` of its own."""
        statement = f'CREATE DATABASE "{name}";'
        try:
            session = self._psql_session()
            assert session.stdin is not None and session.stdout is not None
            session.stdin.write(f"{statement}\n\\echo created {name}\n")
            session.stdin.flush()
            while (line := session.stdout.readline()) and line.strip() != f"created {name}":
                pass
            if not line:  # the session ended (ON_ERROR_STOP): the statement failed; say why below
                raise BrokenPipeError
        except (BrokenPipeError, OSError):
            self._session = None
            self._run(find_bin("psql"), "-h", "127.0.0.1", "-p", str(self.port), "-U", self.user, "-d",
                      "postgres", "-v", "ON_ERROR_STOP=1", "-c", statement)
        return self.url(name)

    def drop_database(self, name: str) -> None:
        """Drop a test's database when the test is done with it (connections left open are ended).

        The statement is queued on the kept `psql` session and not waited for: the server deletes the files
        while the next test runs, and the next `create_database` on the session waits for it. Kept instead,
        every test's database stayed in the cluster to the end of the session (~1.3 GB in ~36,000 files on one
        pytest-xdist worker for a third of the suite), and deleting the cluster's directory then took 14-72 s at
        the last test's teardown; dropped as they go, the cluster ends with ~1,000 files and goes in 1-2 s."""
        try:
            session = self._psql_session()
            assert session.stdin is not None
            session.stdin.write(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE);\n')
            session.stdin.flush()
        except (BrokenPipeError, OSError):
            self._session = None  # the next `create_database` starts a new session; the cluster goes at the end

    def databases(self) -> list[str]:
        """The names of the cluster's databases, read on the kept session: after every statement queued on it."""
        session = self._psql_session()
        assert session.stdin is not None and session.stdout is not None
        session.stdin.write("\\pset format unaligned\n\\pset tuples_only on\n"
                            "SELECT datname FROM pg_database ORDER BY 1;\n\\echo listed\n")
        session.stdin.flush()
        names = []
        while (line := session.stdout.readline()) and line.strip() != "listed":
            names.append(line.strip())
        return [name for name in names if name]

    def _psql_session(self) -> subprocess.Popen[str]:
        if self._session is None or self._session.poll() is not None:
            self._session = subprocess.Popen(
                [*self._as, find_bin("psql"), "-h", "127.0.0.1", "-p", str(self.port), "-U", self.user, "-d",
                 "postgres", "-X", "-q", "-v", "ON_ERROR_STOP=1"],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
        return self._session

    def stop(self) -> None:
        if self._session is not None:
            if self._session.stdin is not None:
                self._session.stdin.close()
            self._session.wait(timeout=10)
            self._session = None
        data = self.root / "data"
        if data.exists():
            self._run(find_bin("pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop", check=False)
            deadline = time.time() + 10
            while (data / "postmaster.pid").exists() and time.time() < deadline:
                time.sleep(0.1)
        shutil.rmtree(self.root, ignore_errors=True)
