"""Stop an embedded PostgreSQL cluster once the process that started it has gone.

Run as `python -m packages.database.watchdog PARENT_PID PGDATA`. A normal shutdown stops the cluster itself
and terminates this watchdog; the watchdog only acts when the parent died without cleaning up (e.g. SIGKILL).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import psutil

from packages.database.embedded import stop_cluster

POLL_SECONDS = 1.0


def main(argv: list[str]) -> int:
    parent_pid, pgdata = int(argv[0]), Path(argv[1])
    try:
        parent = psutil.Process(parent_pid)
        created = parent.create_time()
    except psutil.NoSuchProcess:
        stop_cluster(pgdata)
        return 0
    while True:
        try:
            alive = parent.is_running() and parent.create_time() == created and parent.status() != "zombie"
        except psutil.NoSuchProcess:
            alive = False
        if not alive:
            stop_cluster(pgdata)
            return 0
        time.sleep(POLL_SECONDS)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
