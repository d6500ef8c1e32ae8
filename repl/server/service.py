"""Starting a server: its folder, its host key, its tables, and the SSH listener."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import asyncssh
import attrs
from attrs import Factory, frozen

from .hall import Hall
from .house import Limits, Service
from .names import KeyBook
from .room import Deal, secret_deal
from .ssh import GameServer


@frozen(kw_only=True)
class ServerSettings:
    """How a server runs: where, with which folder, and how strict."""

    host: str = "127.0.0.1"
    port: int = 2213
    folder: Path
    password: str | None = None
    pace: float = 1.0
    """Seconds before each AI turn, so people can follow the table."""
    limits: Limits = Factory(Limits)
    max_tables: int | None = None
    """Open tables at most (``--max-tables``): the limits' ``tables_total`` when given."""
    workers: int = 2
    """Threads for the AI and the disk (the event loop never waits for them)."""


def host_key(folder: Path) -> asyncssh.SSHKey:
    """The server's host key: made once (Ed25519), kept in the folder for its owner only."""
    path = folder / "host_key"
    if path.exists():
        return asyncssh.read_private_key(str(path))
    key = asyncssh.generate_private_key("ssh-ed25519", comment="threethirteen server")
    temp = path.with_name(".host_key.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as file:
        file.write(key.export_private_key())
        file.flush()
        os.fsync(file.fileno())
    os.replace(temp, path)
    return key


def log_line(line: str) -> None:
    """One line of the server's log on standard error: the time, then what happened."""
    stamp = time.strftime("%Y-%m-%d %H:%M:%S")
    print(f"{stamp} {line}", file=sys.stderr, flush=True)


async def serve(
    settings: ServerSettings,
    *,
    ready: Callable[[str, int, str], None],
    deal: Deal = secret_deal,
    report: Callable[[str], None] = log_line,
) -> None:
    """Run the server until it is stopped (SIGINT, SIGTERM); ``ready`` hears the address,
    the port and the host key's fingerprint once it listens."""
    folder = settings.folder
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    key = host_key(folder)
    limits = settings.limits
    if settings.max_tables is not None:
        limits = attrs.evolve(limits, tables_total=settings.max_tables)
    pool = ThreadPoolExecutor(max_workers=settings.workers, thread_name_prefix="table")
    hall = Hall(folder, pool=pool, limits=limits, pace=settings.pace, deal=deal, report=report)
    hall.load()
    keys = KeyBook(folder / "keys.json")
    service = Service(hall, keys, password=settings.password, limits=limits, report=report)
    acceptor = await asyncssh.create_server(
        lambda: GameServer(service),
        settings.host,
        settings.port,
        server_host_keys=[key],
        encoding=None,
        line_editor=False,
        agent_forwarding=False,
        x11_forwarding=False,
        allow_scp=False,
        sftp_factory=None,
        login_timeout=30,
        keepalive_interval=30,
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(number, stop.set)
    ready(settings.host, acceptor.get_port(), key.get_fingerprint("sha256"))
    try:
        await stop.wait()
    finally:
        acceptor.close()
        await acceptor.wait_closed()
        await hall.stop()  # the tables' changes in hand end before their threads do
        pool.shutdown(wait=True, cancel_futures=True)
        report("server stopped")
