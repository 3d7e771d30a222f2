"""A throw-away PostgreSQL cluster for the tests: a temp directory, a free port, stopped at the end.

Debian's ``postgresql`` package provides the binaries (``make test`` installs it when missing).
PostgreSQL refuses to run as root, so as root the cluster runs as the ``postgres`` user.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path


def find_bindir() -> Path:
    candidates = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: int(Path(p).parent.parent.name),
    )
    if not candidates:
        raise RuntimeError(
            "PostgreSQL binaries not found under /usr/lib/postgresql/*/bin "
            "(make test installs Debian's postgresql package)"
        )
    return Path(candidates[-1]).parent


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_cluster_user(cmd: list[str]) -> list[str]:
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *cmd]
    return cmd


@dataclass
class Cluster:
    directory: Path
    port: int
    bindir: Path

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def stop(self) -> None:
        subprocess.run(
            _as_cluster_user(
                [
                    str(self.bindir / "pg_ctl"),
                    "-D",
                    str(self.directory / "data"),
                    "-m",
                    "immediate",
                    "stop",
                ]
            ),
            capture_output=True,
            check=False,
        )
        shutil.rmtree(self.directory, ignore_errors=True)


def start_cluster() -> Cluster:
    bindir = find_bindir()
    directory = Path(tempfile.mkdtemp(prefix="wartable-pg-"))
    if os.geteuid() == 0:
        shutil.chown(directory, "postgres", "postgres")
    data = directory / "data"
    subprocess.run(
        _as_cluster_user(
            [
                str(bindir / "initdb"),
                "-D",
                str(data),
                "-U",
                "postgres",
                "--auth=trust",
                "-E",
                "UTF8",
            ]
        ),
        capture_output=True,
        check=True,
    )
    port = free_port()
    options = f"-p {port} -k {directory} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
    subprocess.run(
        _as_cluster_user(
            [
                str(bindir / "pg_ctl"),
                "-D",
                str(data),
                "-o",
                options,
                "-l",
                str(directory / "log"),
                "-w",
                "start",
            ]
        ),
        capture_output=True,
        check=True,
    )
    cluster = Cluster(directory, port, bindir)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # pg_ctl -w waits, but be sure the TCP port answers
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return cluster
        except OSError:
            time.sleep(0.1)
    cluster.stop()
    raise RuntimeError(f"PostgreSQL did not start on port {port}")
